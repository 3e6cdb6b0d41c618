"""What the common engine shape promises of Colonia: GameInfo's bounds hold along random
games; views match their JSON Schema for every seat and the spectator; the components
file refuses unknown keys and other formats; every word has its catalog entry; a refused
move says the rule it breaks; the phase is a stable id; RULES.md names existing tests."""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

import reichsstadt
from reichsstadt.core import CHANCE, Action, DataFileError, IllegalAction
from reichsstadt.core.conformance import random_playout
from reichsstadt.core.datafile import load_packaged_json
from reichsstadt.games.colonia import GAME
from reichsstadt.games.colonia.constants import (
    BUNDLED_NAMES, D_ENSHRINE, DAYS, DECISIONS, EFFECTS, K_DRAW_WEEK, PHASES, S_FRI_LOAD, S_SUN_BUY, S_SUN_SECURE,
    S_THU_CONTRACT, S_WED_BUY, STREET_DAYS,
)
from reichsstadt.games.colonia.present import (
    component_name, count_of, day_name, decision_name, one_of, ordinance_words, phase_name, street_home_words,
)
from reichsstadt.games.colonia.schema import SCHEMA
from reichsstadt.i18n import render

from tests.colonia.colonia_helpers import at_step, edit, play, put, text

RAW = load_packaged_json("reichsstadt.games.colonia", "components.json")


# -- GameInfo ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_game_info_bounds_hold_along_random_games(players: int) -> None:
    info = GAME.info(players)
    assert info.num_actions == GAME.num_actions(players) and info.simultaneous
    assert info.information == "imperfect" and info.min_score == 0
    for bound in ("max_chance_outcomes", "max_game_length", "min_score", "max_score", "simultaneous",
                  "information"):
        assert info.reasons.get(bound), f"no reason given for {bound}"
    most = [0]

    def on_step(state) -> None:
        if state.to_act() == (CHANCE,):
            most[0] = max(most[0], len(state.chance_outcomes()))

    for seed in range(6):
        match = random_playout(GAME, players, seed, on_step=on_step)
        assert len(match.record.moves) <= info.max_game_length
        for score in match.state.outcome().scores:
            assert info.min_score <= score <= info.max_score
    assert 0 < most[0] <= info.max_chance_outcomes
    assert info.max_chance_outcomes == 48  # the whole relic deck, at the start


def test_game_info_max_score_is_every_relic_the_best_doubled_and_every_window() -> None:
    """p. 23: relics 4 x (1+1+1+2+2+2+3+3+4+4+5) = 112, a 5 doubled in each of 4 shrines,
    4 windows of 2."""
    assert GAME.info(4).max_score == 112 + 4 * 5 + 4 * 2


# -- the view's schema ------------------------------------------------------------------------

def _fields_without_description(schema: object, where: str = "") -> list[str]:
    """Every property in the schema with no description (the client reads them)."""
    out = []
    if isinstance(schema, dict):
        for name, sub in schema.get("properties", {}).items():
            if not isinstance(sub, dict) or not sub.get("description"):
                out.append(f"{where}.{name}")
        for key, sub in schema.items():
            out += _fields_without_description(sub, f"{where}.{key}" if key != "properties" else where)
    elif isinstance(schema, list):
        for sub in schema:
            out += _fields_without_description(sub, where)
    return out


def test_the_schema_is_valid_and_describes_every_field() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    body = SCHEMA["properties"]   # Colonia's body (the envelope's own fields are the core's)
    assert _fields_without_description(body["seats"]["items"]) == []
    assert _fields_without_description(body["table"]) == []
    assert SCHEMA["properties"]["phase"]["enum"] == list(PHASES)


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_views_of_every_seat_and_the_spectator_match_the_schema(players: int, seed: int) -> None:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    count = [0]
    phases = set()

    def on_step(state) -> None:
        count[0] += 1
        phases.add(state.view(None)["phase"])
        if count[0] % 3 and not state.over():
            return
        for viewer in [None, *range(players)]:
            view = state.view(viewer)
            errors = sorted(validator.iter_errors(view), key=lambda e: list(e.path))
            assert not errors, f"{errors[0].message} at {list(errors[0].path)} (viewer {viewer})"

    random_playout(GAME, players, seed, on_step=on_step)
    assert {"setup", "monday", "family_cards", "vote", "market", "contracts", "loading", "sailing",
            "relic_buying", "over"} <= phases


@pytest.mark.parametrize("step,phase", [(S_WED_BUY, "market"), (S_THU_CONTRACT, "contracts"),
                                        (S_FRI_LOAD, "loading"), (S_SUN_BUY, "relic_buying"),
                                        (S_SUN_SECURE, "relic_securing")])
def test_the_phase_is_a_stable_id(step: int, phase: str) -> None:
    s = at_step(step, 4)
    assert s.view(None)["phase"] == phase and s.view(None)["table"]["decision"] == "turn"
    assert text(phase_name(phase)) and "⟨" not in text(phase_name(phase))


# -- the components file: format and keys ---------------------------------------------------------

@pytest.mark.parametrize("path, key", [
    ((), "shrine_prize"),
    (("start",), "gold"),
    (("craftsmen", 0), "tool"),
    (("cities", 2), "port"),
    (("members_by_players",), "7"),
    (("week_cards", 3), "stall"),
    (("ships", 5), "name"),
    (("ships", 5, "holds", 1), "goods_"),
    (("relics",), "shrine_prize"),
    (("church_windows",), "point"),
    (("ordinances", 0), "count"),        # more_per_stall takes no number
    (("ordinances", 12), "street"),      # sail_now names no street field
])
def test_the_components_file_refuses_unknown_keys_naming_them(path, key) -> None:
    raw = copy.deepcopy(RAW)
    node = raw
    for step in path:
        node = node[step]
    node[key] = 1
    with pytest.raises(DataFileError) as info:
        GAME.new(4, 1, {"components": raw})
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
    named = f"{where}.{key}" if where else key
    assert f": {named}: is not a key of this format" in str(info.value)


@pytest.mark.parametrize("version", [0, 2, 99])
def test_the_components_file_refuses_other_formats_naming_the_version(version) -> None:
    raw = copy.deepcopy(RAW)
    raw["format"] = version
    with pytest.raises(DataFileError, match=f"format: {version} is not a format this version reads "
                                             r"\(it reads format 1\)"):
        GAME.new(4, 1, {"components": raw})
    del raw["format"]
    with pytest.raises(DataFileError, match="format: is missing"):
        GAME.new(4, 1, {"components": raw})


def test_data_check_refuses_an_unknown_key(tmp_path) -> None:
    raw = copy.deepcopy(RAW)
    raw["relics"]["shrine_prize"] = 9
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "reichsstadt", "data", "colonia", "--check", str(path)],
                         capture_output=True, text=True, cwd=Path(__file__).resolve().parents[2])
    assert out.returncode != 0 and "relics.shrine_prize" in out.stdout + out.stderr


# -- words ----------------------------------------------------------------------------------------

def test_every_name_phase_decision_day_and_ordinance_has_its_words() -> None:
    words = [phase_name(p) for p in PHASES] + [decision_name(d) for d in [*DECISIONS, "over"]]
    words += [day_name(d) for d in DAYS]
    for kind, names in BUNDLED_NAMES.items():
        for key in names:
            words.append(component_name(kind, key))
            if kind in ("material", "good", "currency"):
                words += [count_of(kind, key, 1), count_of(kind, key, 2)]
            if kind in ("material", "good"):
                words.append(one_of(kind, key))
    for effect in EFFECTS:
        words += [ordinance_words(effect, k, "saddler", "wednesday") for k in (1, 2)]
    for day in STREET_DAYS:
        words += [street_home_words(day, when) for when in ("today", "this_week", "next_week", "game_end")]
    for w in words:
        shown = render(w)
        assert shown and "⟨" not in shown, w
    assert render(component_name("material", "iron")) == "iron"
    assert render(one_of("good", "shoes")) == "a pair of shoes"
    assert render(count_of("currency", "Pfund Sterling", 9)) == "9 Pfund Sterling"


def test_a_users_own_names_are_shown_as_written() -> None:
    """A user's file may rename components; names the catalog does not know are shown as
    the file writes them."""
    raw = copy.deepcopy(RAW)
    raw["materials"][1] = "bronze"
    for cr in raw["craftsmen"]:
        cr["inputs"] = ["bronze" if m == "iron" else m for m in cr["inputs"]]
    s = GAME.new(4, 2, {"components": raw})
    view = s.view(0)
    assert view["table"]["components"]["materials"][1] == "bronze"
    assert component_name("material", "bronze") == "bronze"
    assert render(count_of("material", "bronze", 3)) == "3 bronze"
    assert render(one_of("material", "bronze")) == "1 bronze"
    match = random_playout(GAME, 4, 2, {"components": raw})
    assert match.state.over()


def test_describe_and_refusals_have_words_for_every_action_now() -> None:
    """For a seat to act, every action of the space has words (the refusal names the
    move), and a refused one says why, with no id missing from the catalog."""
    space = GAME.action_space(4)
    rng = random.Random(5)
    count = [0]

    def on_step(state) -> None:
        count[0] += 1
        acting = state.to_act()
        if count[0] % 41 or acting in ((), (CHANCE,)):
            return
        seat = acting[0]
        legal = state.legal(seat)
        for a in rng.sample(list(space), 60):
            assert "⟨" not in render(state.describe(seat, a, seat), viewer=seat), a
            if a not in legal:
                snap = state.to_json()
                with pytest.raises(IllegalAction) as caught:
                    state.apply(seat, a)
                shown = render(caught.value.message, viewer=seat)
                assert "⟨" not in shown and "cannot" in shown, shown
                assert state.to_json() == snap

    random_playout(GAME, 4, 9, on_step=on_step)


def test_the_refusal_comes_from_the_rules_that_build_the_legal_moves() -> None:
    """One rule in one place: for a seat to act, along random games at 3 to 6 players, a
    move is legal exactly when rules.refusal finds no reason against it (R_OK), and a
    move of a kind the moment does not take is refused as R_NOT_NOW."""
    from reichsstadt.games.colonia.constants import R_NOT_NOW, R_OK
    from reichsstadt.games.colonia.rules import refusal

    checked = [0]

    def on_step(state) -> None:
        acting = state.to_act()
        if acting in ((), (CHANCE,)):
            return
        for seat in acting:
            legal = set(state.legal(seat))
            for a in state.action_table.space:
                kind, x, y = state.action_table.code[a]
                if kind >= K_DRAW_WEEK:  # chance outcomes are no seat's moves
                    continue
                reason = refusal(state, seat, kind, x, y)
                assert (reason == R_OK) == (a in legal), (state.step, state.decision, a, reason)
                checked[0] += reason == R_NOT_NOW

    for players, seed in ((3, 21), (4, 22), (5, 23), (6, 24)):
        random_playout(GAME, players, seed, on_step=on_step)
    assert checked[0] > 0


def test_a_refused_move_says_the_rule_it_breaks() -> None:
    """p. 17: a stall takes as many members from home as it holds materials; p. 18: a
    contract needs the craftsman's two materials; p. 21: a relic is paid in its city's
    currency; and a move out of its moment says what the game asks for."""
    s = at_step(S_WED_BUY, 4)
    p = s.actor
    s = edit(s, box=True, home=put(s.home, p, 3))
    big = next(i for i in range(s.stall_count) if s.stall_size[i] > 3)
    with pytest.raises(IllegalAction) as caught:
        play(s, p, "buy_stall", stall=big)
    need = s.stall_size[big]
    move = render(s.describe(p, Action("buy_stall", stall=big), p), viewer=p)
    assert move.startswith(f"take the {need} materials of stall {big + 1} (")
    assert render(caught.value.message, viewer=p) == (
        f"you cannot {move} now: it takes {need} members from home, and there are 3")
    with pytest.raises(IllegalAction) as caught:
        play(s, p, "commission", craftsman=0)
    said = render(caught.value.message, viewer=p)
    assert said.endswith(" now: the game is asking for a market stall or a pass"), said
    assert said.count(" now") == 1, f"'now' said once: {said}"

    s = at_step(S_SUN_BUY, 4)
    p = s.actor
    card = s.display[0]
    s = edit(s, money=put(s.money, p * 4, 0, 0, 0, 0))
    with pytest.raises(IllegalAction, match=r"paid in (Mark|Gulden|Pfund Sterling|Grivna) only"):
        play(s, p, "buy_relic", card=card)


def test_confirm_asks_before_a_pass_that_gives_something_up() -> None:
    s = at_step(S_WED_BUY, 4)
    p = s.actor
    assert text(s.confirm(p, Action("pass"))) == "You could still act, and a pass holds for the rest of the week"
    assert s.confirm(p, s.legal(p)[0]) is None
    s = edit(s, box=True, home=put(s.home, p, 0))
    assert s.legal(p) == (Action("pass"),) and s.confirm(p, Action("pass")) is None


def test_a_shrine_left_empty_is_confirmed() -> None:
    s = at_step(S_SUN_BUY, 4)
    p = s.actor
    from tests.colonia.colonia_helpers import give_relic, offer_relic

    s = give_relic(s, p, 0)
    s = offer_relic(s, 11, money=put(s.money, p * 4, 50))
    play(s, p, "buy_relic", card=11)
    assert s.decision == D_ENSHRINE
    assert "stays empty" in text(s.confirm(p, Action("leave_shrine_empty")))


# -- RULES.md stays true -----------------------------------------------------------------------------

def test_rules_md_names_only_tests_that_exist() -> None:
    here = Path(__file__).parent
    files = {"week": "week", "ord": "ordinances", "more": "rules_more", "score": "scoring", "data": "data",
             "prop": "properties", "sample": "sample", "terminal": "terminal", "hidden": "hidden", "news": "news",
             "shape": "shape", "words": "words", "picks": "picks", "glossary": "glossary"}
    table = (here / "RULES.md").read_text(encoding="utf-8")
    named = re.findall(r"\b(\w+)::(test_\w+)", table)
    assert len(named) > 100
    for short, name in named:
        source = (here / f"test_colonia_{files[short]}.py").read_text(encoding="utf-8")
        assert f"def {name}(" in source, f"RULES.md names {short}::{name}, which does not exist"
    assert reichsstadt.game("colonia") is GAME


# -- the layout -------------------------------------------------------------------------------------

def _imports(path: Path) -> set[str]:
    """The package's own modules a module imports when it runs (TYPE_CHECKING blocks and
    imports inside functions left out)."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module)
            else:
                out.update(alias.name for alias in node.names)
    return out


def test_the_layout_has_no_import_cycle_and_constants_at_the_bottom() -> None:
    """DESIGN.md "One engine shape": the same files in every engine; no module imports one
    that imports it; constants import nothing of the game."""
    package = Path(reichsstadt.games.colonia.__file__).parent
    modules = {p.stem: _imports(p) for p in package.glob("*.py")}
    assert {"constants", "data", "actions", "events", "state", "rules", "scoring", "present", "schema", "game",
            "__init__", "terminal"} == set(modules)
    assert modules["constants"] == set()

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for m in modules.get(todo.pop(), ()):
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        return seen

    for name in modules:
        assert name not in reach(name), f"{name} imports itself through {sorted(reach(name))}"


def test_a_position_the_game_cannot_reach_is_refused_naming_what_is_wrong() -> None:
    """edited() checks a position like a snapshot: shapes, ranges, and what the game
    keeps (every material, good, member and card in one place)."""
    from reichsstadt.core import RecordError
    from reichsstadt.games.colonia.constants import D_TURN

    s = at_step(S_WED_BUY, 4)
    p = s.actor
    for fields, words in (
        (dict(home=[1, 2]), "home has 2 entries, not 4"),
        (dict(home=put(s.home, p, s.home[p] + 1)), f"seat {p} has 39 members in all, not 38"),
        (dict(bag=put(s.bag, 0, s.bag[0] + 1)), "material 0 counts"),
        (dict(decision=D_TURN, actor=-1), "decision turn needs an actor"),
        (dict(relic_deck=[True] * 48), "every relic card must be in exactly one place"),
        (dict(shrine_relic=put(s.shrine_relic, 0, 20)), "the shrine of city 0"),
        (dict(stall_buyer=put(s.stall_buyer, 0, 7)), "stall_buyer names a seat that does not exist"),
        (dict(no_such_field=1), "no field 'no_such_field'"),
    ):
        with pytest.raises(RecordError, match=words):
            s.edited(**fields)


def test_the_catalog_holds_every_message_the_code_names_and_no_other() -> None:
    """Each id present.py and scoring.py name (written out, or built from a table of
    ids) has its English text in en.colonia.po, and every entry there is spoken."""
    from reichsstadt.games.colonia import present
    from reichsstadt.i18n import catalog

    package = Path(reichsstadt.games.colonia.__file__).parent
    source = "".join((package / f"{m}.py").read_text(encoding="utf-8") for m in ("present", "scoring", "state"))
    named = set(re.findall(r'Message\(\s*"(colonia\.[\w.]+)"', source))
    named |= {f"colonia.describe.{x}" for x in ("vote_plain", "vote_secret_plain", "vote_yes", "vote_no",
                                                 "commission_above", "commission_below")}
    named |= {f"colonia.ballot.{x}" for x in ("yes", "no")} | {f"colonia.news.ballot_{x}" for x in ("yes", "no")}
    named |= {"colonia.news.passed", "colonia.news.rejected"}
    named |= {f"colonia.series.{x}" for x in ("comma", "semicolon", "plus")}
    for what in [*present._PASS_STEP.values(), "other"]:
        named |= {f"colonia.describe.pass.{what}", f"colonia.news.autopass.{what}",
                  f"colonia.news.autopass_many.{what}"}
    named |= {f"colonia.ask.{what}" for what in present._PASS_STEP.values()}
    named |= {f"colonia.ordinance.{e}" for e in EFFECTS} | {f"colonia.phase.{p}" for p in PHASES}
    named |= {f"colonia.decision.{d}" for d in [*DECISIONS, "over"]} | {f"colonia.day.{d}" for d in DAYS}
    named |= {f"colonia.street_home.{w}" for w in ("today", "this_week", "next_week", "game_end")}
    named |= {f"colonia.street_home.tuesday_{w}" for w in ("today", "this_week", "next_week")}
    for kind, names in BUNDLED_NAMES.items():
        for key in names:
            named.add(component_name(kind, key).id)  # type: ignore[union-attr]
            if kind in ("material", "good", "currency"):
                named.add(count_of(kind, key, 1).id)
            if kind in ("material", "good"):
                named.add(one_of(kind, key).id)
    # the terminal's words: say("key") is colonia.terminal.key; keys built from tables
    terminal = (package / "terminal.py").read_text(encoding="utf-8")
    named |= set(re.findall(r'Message\(\s*"(colonia\.[\w.]+)"', terminal))
    named |= {f"colonia.terminal.{k}" for k in re.findall(r'say\(\s*"([\w.]+)"', terminal)}
    asked = ["family_cards", "vote", "choose_good", "shrine", "recall", "exchange", "exchange_amount",
             "draw_materials", "chance", *present._PASS_STEP.values()]
    named |= {f"colonia.terminal.{part}.{k}" for part in ("ask", "now") for k in asked}
    named |= {f"colonia.terminal.day_short.{d}" for d in STREET_DAYS}
    named |= {f"colonia.terminal.members.{k}" for k in ("home", "town_hall", "today", "served", "waiting", "ships",
                                                        "secured")}
    named |= {f"colonia.terminal.{k}" for k in ("ord.passed", "ord.rejected", "ballots.yes", "ballots.no")}
    # the glossary: entry("key") is colonia.glossary.key and its .name
    for key in re.findall(r'entry\(\s*"([\w.]+)"', source):
        named |= {f"colonia.glossary.{key}", f"colonia.glossary.{key}.name"}
    named |= {f"colonia.glossary.ordinance.{e}" for e in EFFECTS}
    # the score table's rows (`colonia.score.<item>`, the terminal and the browser) and the
    # table options' words (`colonia.option.<name>`, the lobby and `reichsstadt games`)
    game = reichsstadt.game("colonia")
    named |= {f"colonia.score.{k}" for k in ("relics", "shrines", "windows", "money", "goods", "materials")}
    for name, option in game.options.items():
        named |= {f"colonia.option.{name}", f"colonia.option.{name}.help"}
        named |= {f"colonia.option.{name}.{c}" for c in option.choices}
    # the browser's guide to the game (web/guide.json) speaks its own entries
    guide = (package / "web" / "guide.json").read_text(encoding="utf-8")
    named |= set(re.findall(r'"id":\s*"(colonia\.guide\.[\w.]+)"', guide))
    english = {k for k in catalog("en").messages if k.startswith("colonia.") and not k.endswith(".you")}
    assert sorted(named - english) == [], "ids the code names without English text"
    assert sorted(english - named) == [], "catalog entries nothing speaks"
