"""The engine's shape, beyond the rules: GameInfo's bounds hold along random games and
say how they are derived; views validate against the JSON Schema for every seat and the
spectator and are fresh objects; every word is in the catalog; positions are checked;
the declared frontends load; the right of way is one rule for the move and its words."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from tests.siedler.siedler_helpers import edit, main_phase, set_hand, start, words

import reichsstadt
from reichsstadt.core import CHANCE, FrontendError, RecordError, files, part, sample_chance
from reichsstadt.core.conformance import check_view, random_playout
from reichsstadt.core.messages import Message
from reichsstadt.games.siedler.constants import (
    ANSWER_IDS, COUNCIL_KEYS, GOODS, NOBODY, PHASE_IDS, TRADABLES,
)
from reichsstadt.games.siedler.present import answer_name, council_name, count, good_name, phase_name, resource_name
from reichsstadt.games.siedler.schema import view_schema
from reichsstadt.i18n import catalog, render

GAME = reichsstadt.game("siedler")
PACKAGE = Path(reichsstadt.__file__).parent / "games" / "siedler"


# -- GameInfo ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_game_info_declares_every_bound_with_its_reason(players):
    info = GAME.info(players)
    assert info.game == "siedler" and info.players == players
    assert info.num_actions == len(GAME.action_space(players))
    assert info.simultaneous and info.information == "imperfect"
    assert 0 < info.min_score < info.max_score == 18
    for bound in ("max_game_length", "max_chance_outcomes", "min_score", "max_score", "simultaneous",
                  "information", "num_actions"):
        assert len(info.reasons.get(bound, "")) > 20, f"{bound} has no reason"
    assert info.to_json()["reasons"] == info.reasons


def test_game_info_bounds_hold_along_random_games():
    seen_simultaneous = False
    for seed in range(8):
        players = 3 + seed % 2
        info = GAME.info(players)
        widest = [0]

        def on_step(state, widest=widest):
            nonlocal seen_simultaneous
            if state.to_act() == (CHANCE,):
                widest[0] = max(widest[0], len(state.chance_outcomes()))
            seen_simultaneous = seen_simultaneous or len(state.to_act()) > 1

        match = random_playout(GAME, players, seed, {"setup": ("beginner", "expert")[seed // 2 % 2]}, on_step=on_step)
        out = match.state.outcome()
        assert len(match.record.moves) <= info.max_game_length
        assert widest[0] <= info.max_chance_outcomes
        assert all(info.min_score <= v <= info.max_score for v in out.scores)
    assert seen_simultaneous, "an offer to everyone or a Raubritter discard asks several seats at once"


# -- views ----------------------------------------------------------------------------------------
def test_the_schema_is_valid_and_describes_every_field():
    schema = view_schema()
    jsonschema.Draft202012Validator.check_schema(schema)

    def walk(node, where):
        if isinstance(node, dict):
            for name, sub in node.get("properties", {}).items():
                assert sub.get("description"), f"{where}.{name} has no description"
                walk(sub, f"{where}.{name}")
            for key in ("items", "additionalProperties"):
                if isinstance(node.get(key), dict):
                    walk(node[key], f"{where}[]")
    # the game's own body (the envelope is the core's)
    walk(schema["properties"]["seats"]["items"], "view.seats[]")
    walk({"properties": schema["properties"]["table"]["properties"]}, "view.table")


@pytest.mark.parametrize("players,setup", [(3, "beginner"), (4, "expert"), (4, "beginner")])
def test_views_of_every_seat_match_the_schema_along_random_games(players, setup):
    validator = jsonschema.Draft202012Validator(view_schema())
    steps = [0]

    def on_step(state):
        steps[0] += 1
        if steps[0] % 17 == 0 or state.over():
            for viewer in [None, *range(players)]:
                validator.validate(state.view(viewer))

    match = random_playout(GAME, players, 40 + players, {"setup": setup}, on_step=on_step)
    assert match.state.over() and steps[0] > 100


def test_views_of_an_offer_and_a_finished_game_match_the_schema():
    validator = jsonschema.Draft202012Validator(view_schema())
    s = set_hand(main_phase(start()), 0, wood=1)
    s.apply(0, s.action_table.offer)
    s.apply(0, s.action_table.give[0])
    validator.validate(s.view(1))
    assert s.view(1)["table"]["offer"]["give"]["wood"] == 1
    s = edit(start(), time_stone=len(start().components.years) - 2)
    hourglass = next(a for a, _ in s.chance_outcomes() if a.fields["event"] == "hourglass")
    s.apply(CHANCE, hourglass)
    view = s.view(None)
    validator.validate(view)
    assert view["over"] and view["result"]["ranks"] and view["table"]["ending"]["reason"] == "year_1400"


def test_views_are_fresh_objects():
    """A bot that edits its view changes no other view (the map's part included)."""
    s = main_phase(start())
    mine = s.view(0)
    mine["table"]["map"]["goods"][0]["key"] = "edited"
    mine["table"]["roads"]["I"]["tolls"][0] = 3
    mine["seats"][0]["hand"]["wood"] = 99
    assert s.view(0)["table"]["map"]["goods"][0]["key"] == "Zirkel"
    assert s.view(1)["table"]["roads"]["I"]["tolls"][0] is None
    assert s.view(0)["seats"][0]["hand"]["wood"] == 0
    for viewer in (None, 0, 2):
        check_view(s, viewer)


# -- words ------------------------------------------------------------------------------------------
def test_every_name_is_in_the_catalog():
    names = [*(resource_name(x) for x in range(len(TRADABLES))), *(count(x, 2) for x in range(len(TRADABLES))),
             *(good_name(g) for g in GOODS), *(council_name(k) for k in COUNCIL_KEYS),
             *(phase_name(p) for p in PHASE_IDS), *(answer_name(a) for a in ANSWER_IDS)]
    for msg in names:
        shown = render(msg)
        assert shown and "⟨" not in shown, msg
    # the goods in each language's own words (the board's German in German; Italian: the
    # rulebook's, 5.2.3); the council cards keep the German the rulebook keeps (6.3)
    assert [render(good_name("Ruestungen"), lang) for lang in ("en", "de", "fr", "it", "ru")] == [
        "armour", "Rüstungen", "armures", "armature", "доспехи"]
    assert {render(council_name("siebenerrat"), lang) for lang in ("en", "de", "fr", "it", "ru")} == {"Siebenerrat"}


def test_every_message_id_the_engine_names_is_in_the_catalog():
    import re

    english = catalog("en").messages
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    ids = (set(re.findall(r'Message\(\s*"(siedler\.[a-z_.]+)"', source))
           | set(re.findall(r'"(siedler\.[a-z_.]+)"', source)) - {"siedler.js"})
    assert len(ids) > 100
    missing = sorted(i for i in ids if i not in english)
    assert not missing, f"ids without English text: {missing}"


def test_words_along_random_games_render_for_every_reader():
    """Every move to choose and every refusal, as each seat reads it, with no missing id."""
    rng = random.Random(5)
    s = GAME.new(4, 5)
    space = GAME.action_space(4)
    for step in range(600):
        if s.over():
            break
        to_act = s.to_act()
        if to_act == (CHANCE,):
            for a, _ in s.chance_outcomes()[:5]:
                for viewer in (None, 0, 1, 2, 3):
                    assert "⟨" not in render(s.describe(CHANCE, a, viewer), viewer=viewer)
            s.apply(CHANCE, sample_chance(s, rng))
            continue
        seat = to_act[0]
        for a in s.legal(seat):
            assert "⟨" not in words(s, seat, a, seat)
        if step % 5 == 0:
            for bad in rng.sample(space.actions, 20):
                if bad not in s.legal(seat):
                    try:
                        s.apply(seat, bad)
                    except reichsstadt.core.IllegalAction as exc:
                        assert isinstance(exc.message, Message)
                        shown = render(exc.message, viewer=seat)
                        assert "⟨" not in shown and shown.startswith("you cannot"), shown
        s.apply(seat, rng.choice(s.legal(seat)))


def test_a_reader_who_wins_is_addressed_as_you():
    """The .you variants: the reader's own moves agree with "you"."""
    s = main_phase(start())
    s = edit(s, prestige=[2, 0, 0, 0])
    s = set_hand(s, 0, brick=1, gold=3)
    assert words(s, 0, s.action_table.wall, 0).endswith("1 prestige, take the Siebenerrat (4 VP)")
    assert words(s, 0, s.action_table.wall, 2).endswith("1 prestige, takes the Siebenerrat (4 VP)")
    s.apply(0, s.action_table.end)
    card = next(a for a, _ in s.chance_outcomes() if a.fields["event"] == "raubritter")
    assert words(s, CHANCE, card, 1) == "event card for your turn: Raubritter (no harvest)"


# -- positions ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("fields,named", [
    ({"hands": [0] * 19}, "hands has 19 entries"),
    ({"supply": [20, 20, 20, 20, 19]}, "cards of each resource"),
    ({"settlements_left": [5, 3, 3, 3]}, "settlements built and 5 left"),
    ({"workshop_owner": [0] + [NOBODY] * 11}, "workshops built and 4 left"),
    ({"phase": 99}, "phase 99"),
    ({"council_holder": [0, 0, NOBODY]}, "council card"),
    ({"deck_left": 3}, "deck_left"),
    ({"robber": 40}, "robber knight"),
    ({"no_such_field": 1}, "no field 'no_such_field'"),
    ({"gold": ["two"] * 4}, "field 'gold'"),
])
def test_edited_refuses_an_inconsistent_position_naming_it(fields, named):
    s = start()
    with pytest.raises(RecordError, match=named):
        s.edited(**fields)


def test_edited_positions_play_on():
    s = edit(main_phase(start(), 2), gold=[0, 0, 9, 0])
    assert s.to_act() == (2,) and s.view(2)["seats"][2]["gold"] == 9
    s.apply(2, s.action_table.end)
    assert s.to_act() == (CHANCE,)


# -- parts ---------------------------------------------------------------------------------------------
def test_declared_parts_load_and_draw():
    assert set(GAME.parts) == {"terminal", "terminal_map", "decline", "svg", "web", "catalogs", "heuristic", "encoder"}
    # the browser's board is a static ES module in the game's own package, served from there
    assert files("siedler", "web").joinpath("board.js").is_file()
    assert files("siedler", "catalogs").joinpath("de.po").is_file()
    draw = part("siedler", "svg")
    plain = draw(None)
    assert plain.startswith("<svg") and 'data-piece="settlement"' not in plain
    assert draw(None, start().view(None)).count('data-piece="settlement"') == 8
    assert callable(part("siedler", "terminal")) and callable(part("siedler", "terminal_map"))
    assert part("siedler", "decline")(start().view(0), start().legal(0)) is None   # no offer to answer yet
    with pytest.raises(FrontendError):
        part("siedler", "braille")


def test_reichsstadt_board_draws_the_svg(tmp_path):
    out = tmp_path / "board.svg"
    run = subprocess.run([sys.executable, "-m", "reichsstadt", "board", "siedler", "--svg", str(out)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert out.read_text(encoding="utf-8") == part("siedler", "svg")(None)


# -- one rule, two readers ---------------------------------------------------------------------------------
def test_the_words_of_a_toll_agree_with_the_right_of_way_it_brings():
    """5.2.2.1, 6.2 (and 9. in the setup): the move's words say "takes the right of way"
    exactly when the rule gives it (rules.right_of_way_after_toll serves both)."""
    checked = 0
    for seed, setup in ((1, "expert"), (2, "beginner"), (3, "expert")):
        rng = random.Random(seed)
        s = GAME.new(4, seed, {"setup": setup})
        for _ in range(1500):
            if s.over():
                break
            to_act = s.to_act()
            if to_act == (CHANCE,):
                s.apply(CHANCE, sample_chance(s, rng))
                continue
            seat = to_act[0]
            for a in s.legal(seat):
                if a.type == "toll":
                    road = ("I", "II", "III", "IV", "V").index(a.road)
                    after = s.clone()
                    after.apply(seat, a)
                    takes = "takes the right of way" in words(s, seat, a, None)
                    assert takes == (s.right_of_way[road] != seat and after.right_of_way[road] == seat)
                    checked += 1
            s.apply(seat, rng.choice(s.legal(seat)))
    assert checked > 50


# -- multi-part choices and second thoughts --------------------------------------------------------------
def test_an_offer_side_is_one_pick_in_any_order():
    """5.2.1: what to give is a set of cards and gold; a person picks it at once and the
    engine's chain (canonical order, then `done`) carries it out."""
    from reichsstadt.core.picks import chain

    s = set_hand(main_phase(start()), 0, gold=2, wood=2)
    s.apply(0, s.action_table.offer)
    p = s.pick(0)
    assert p is not None and p.finish == s.action_table.done and p.repeat and (p.least, p.most) == (1, 5)
    assert {a.resource for a in p.parts} == {"wood", "gold"}
    table = s.action_table
    steps = chain(s, 0, p, [table.give[5], table.give[0], table.give[0]])
    assert steps == [table.give[0], table.give[0], table.give[5], table.done]
    for a in steps:
        s.apply(0, a)
    assert s.view(0)["table"]["offer"]["give"] == {"wood": 2, "wool": 0, "grain": 0, "brick": 0, "stone": 0, "gold": 1}
    assert s.view(0)["phase"] == "offer_want" and s.pick(0).finish == table.done
    with pytest.raises(reichsstadt.core.IllegalAction):
        chain(s, 0, s.pick(0), [table.want[0]])  # wood is on the other side


def test_the_raubritter_discard_is_one_pick_of_exactly_half():
    from reichsstadt.core.picks import chain
    from tests.siedler.siedler_helpers import draw

    s = start()
    for p in range(4):
        s = set_hand(s, p)
    s = set_hand(s, 1, wood=5, stone=4)
    draw(s, None, "raubritter")
    p = s.pick(1)
    assert p is not None and p.least == p.most == 4 and p.finish is None
    table = s.action_table
    with pytest.raises(reichsstadt.core.IllegalAction):
        chain(s, 1, p, [table.discard[0]] * 3)
    for a in chain(s, 1, p, [table.discard[4], table.discard[0], table.discard[4], table.discard[4]]):
        s.apply(1, a)
    assert s.hand(1) == [4, 0, 0, 0, 1] and s.view(0)["phase"] == "robber" and s.pick(0) is None


def test_ending_the_turn_over_the_hand_limit_asks_for_a_second_thought():
    s = set_hand(main_phase(start()), 0, wood=8)
    assert render(s.confirm(0, s.action_table.end), viewer=0).startswith("you end the turn holding 8 cards")
    s = set_hand(s, 0, wood=3)
    assert s.confirm(0, s.action_table.end) is None


def test_the_refusal_comes_from_the_rules_that_build_the_legal_moves() -> None:
    """One rule in one place (5.2, 5.2.1, 5.2.2, 6.1, 8.3): for a seat to act, along random
    games at 3 and 4 players in both setups, a move of a kind that has a rule of its own
    (rules.REFUSALS: the pieces, production, the bank, offers and their sides, answers,
    the Raubritter's moves) is legal exactly when rules.refusal finds no reason against
    it (R_OK); the legal moves of a turn are built for speed, so this holds them to the
    refusals move by move."""
    from reichsstadt.games.siedler.constants import R_NOT_NOW, R_OK
    from reichsstadt.games.siedler.rules import REFUSALS, refusal

    checked = {"legal": 0, "refused": 0, "not_now": 0}

    def on_step(state) -> None:
        acting = state.to_act()
        if acting in ((), (CHANCE,)):
            return
        for seat in acting:
            legal = set(state.legal(seat))
            for a in state.action_table.space:
                kind, x, y = state.action_table.code[a]
                if kind not in REFUSALS:
                    continue
                reason = refusal(state, seat, kind, x, y)
                assert (reason == R_OK) == (a in legal), (PHASE_IDS[state.phase], seat, a, reason)
                checked["legal" if reason == R_OK else "not_now" if reason == R_NOT_NOW else "refused"] += 1

    for players, seed, options in ((4, 31, {}), (3, 32, {"setup": "expert"}), (4, 33, {"setup": "expert"}),
                                   (4, 34, {"offers_per_turn": 3})):
        random_playout(GAME, players, seed, options, on_step=on_step)
    assert min(checked.values()) > 0, checked
