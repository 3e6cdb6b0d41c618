"""Final scoring tie rules ("Fin de la Partie"), the winner's tie-breaks, the component
data file and its validation, and the words and board shown to players."""

from __future__ import annotations

import copy
import json
import re

import pytest

from tests.norenberc.norenberc_helpers import (
    ARTISAN, BAKERS, BREWERS, GAME, find, owning, ready, with_crests, words,
)

from reichsstadt.core import DataFileError, Match, Record, replay
from reichsstadt.i18n import Renderer
from reichsstadt.core.conformance import random_playout
from reichsstadt.games.norenberc.constants import ENGRAVER, OVER, TAX_COLLECTOR
from reichsstadt.games.norenberc.data import bundled
from reichsstadt.games.norenberc.present import place_words
from reichsstadt.games.norenberc.scoring import majority_points, outcome


@pytest.mark.parametrize("keys,points,places", [
    ({0: (10, 2), 1: (8, 1), 2: (5, 1)}, {0: 5, 1: 3, 2: 1}, {0: 1, 1: 2, 2: 3}),
    ({0: (10, 2), 1: (10, 3), 2: (5, 1)}, {1: 5, 0: 3, 2: 1}, {1: 1, 0: 2, 2: 3}),   # more tiles wins
    ({0: (10, 2), 1: (10, 2), 2: (5, 1)}, {0: 4, 1: 4, 2: 1}, {0: 1, 1: 1, 2: 3}),   # tied first
    ({0: (10, 2), 1: (8, 2), 2: (8, 2), 3: (2, 1)}, {0: 5, 1: 2, 2: 2, 3: 0}, {0: 1, 1: 2, 2: 2, 3: 0}),
    ({0: (10, 2), 1: (8, 2), 2: (5, 1), 3: (5, 1)}, {0: 5, 1: 3, 2: 0, 3: 0}, {0: 1, 1: 2, 2: 3, 3: 3}),
    ({0: (10, 2)}, {0: 9}, {0: 1}),                                              # no 2nd, no 3rd
    ({0: (10, 2), 1: (3, 1)}, {0: 6, 1: 3}, {0: 1, 1: 2}),                      # no 3rd
])
def test_majority_places_and_ties(keys, points, places):
    """"Majorité des Artisans": 5/3/1; ties broken by tile count; still tied for first:
    4 each and no second; for second: 2 each and no third; for third: 0 each; missing
    places go to the first-placed player."""
    got_points, got_places = majority_points(keys)
    assert got_points == points and got_places == places


def finished(players: int = 3):
    """A game over with nothing owned and no crests (the money as it was at the start)."""
    return ready(players).edited(phase=OVER)


def test_richest_tie_gives_2_each_and_tax_collector_counts_tens():
    """"Joueur le plus riche": 5 VP, or 2 VP to each tied; Collecteur d'impôt: 1 VP per
    full 10 thalers."""
    s = finished().edited(money=[29, 29, 10])
    s = owning(s, {0: [find(s, TAX_COLLECTOR)]})
    b = outcome(s).breakdown
    assert [x["richest"] for x in b] == [2, 2, 0]
    assert b[0]["tax_collectors"] == 2


def test_crest_table_prestige_crests_distinct_and_engraver():
    """"Collection de blasons": 0/0/0/2/5/9/14/20 VP by distinct crests; each prestige
    crest is distinct; the Engraver counts as one more."""
    s = finished()
    crests = {(0, BREWERS): 3, (0, BAKERS): 1}   # three of one guild: one distinct crest
    crests.update({(1, g): 1 for g in range(s.guild_count)})
    s = with_crests(s, crests, prestige=[2, 2, 0])
    engraver = find(s, ENGRAVER)
    s = owning(s, {0: [engraver], 1: [find(s, ENGRAVER, avoid=(engraver,))]})
    b = outcome(s).breakdown
    assert b[0]["crests"] == 9        # 2 guilds + 2 prestige + Engraver = 5
    assert b[1]["crests"] == 20       # 4 guilds + 2 prestige + Engraver = 7: 7 or more
    assert b[2]["crests"] == 0


def test_thirty_plus_and_all_types():
    """"Valeur des artisans de 30+" (2 VP per type reaching 30) and "Tous les types" (5 VP)."""
    s = finished(2)
    mine: list[int] = []
    for v in (7, 6, 6, 5, 5):       # 29: not yet
        mine.append(find(s, ARTISAN, BREWERS, v, avoid=tuple(mine)))
    s = owning(s, {0: mine})
    assert outcome(s).breakdown[0]["thirty_plus"] == 0
    s = owning(s, {0: mine + [find(s, ARTISAN, BREWERS, 2, avoid=tuple(mine))]})
    assert outcome(s).breakdown[0]["thirty_plus"] == 2
    theirs = [find(s, ARTISAN, g, 2, avoid=tuple(s.tiles_owned[0])) for g in range(1, s.guild_count)]
    s = owning(s, {1: theirs})
    assert outcome(s).breakdown[1]["all_types"] == 0
    s = owning(s, {1: theirs + [find(s, ARTISAN, BREWERS, 3, avoid=tuple(s.tiles_owned[0]))]})
    assert outcome(s).breakdown[1]["all_types"] == 5


def test_winner_tie_breaks_artisans_then_total_value_then_shared():
    """End of "Fin de la Partie": most VP; tie -> most artisans; then highest total
    artisan value; still tied: a shared win."""
    s = finished(2).edited(money=[0, 0])
    # each is alone in one guild: 5 + 3 + 1 = 9 VP each, and both tie for richest
    s = owning(s, {0: [find(s, ARTISAN, BREWERS, 3)], 1: [find(s, ARTISAN, BAKERS, 3)]})
    out = outcome(s)
    assert out.scores == (11, 11) and out.ranks == (1, 1)
    s = owning(s, {1: [find(s, ARTISAN, BAKERS, 4)]})          # higher total value
    out = outcome(s)
    assert out.scores == (11, 11) and out.ranks == (2, 1)
    two = find(s, ARTISAN, BREWERS, 2)
    s = owning(s, {0: [two, find(s, ARTISAN, BREWERS, 2, avoid=(two,))],
                   1: [find(s, ARTISAN, BAKERS, 7)]})          # more artisans beats more value
    out = outcome(s)
    assert out.scores == (11, 11) and out.ranks == (1, 2)


# -- the data file ----------------------------------------------------------------------

def test_bundled_components_match_the_rulebook():
    """"Contenu du jeu": 6 guilds of 11 artisans, 26 citizens, 12 goods and 4 crests per
    guild, 4 prestige crests, 8 agents (4 at start), 25 thalers."""
    c = bundled()
    assert len(c.guild_names) == 6 and c.citizens == 26 and c.tile_count == 92
    assert (c.goods_per_guild, c.crests_per_guild, c.prestige_crests) == (12, 4, 4)
    assert (c.agents_start, c.agents_max, c.start_money, c.income) == (4, 8, 25, 3)
    assert c.citizens_kept == {2: 8, 3: 12, 4: 16, 5: 20}
    assert c.rooms == (((1, 0),), ((1, 1),), ((2, 0), (1, 2)), ((3, 0), (2, 2)))


def _raw() -> dict:
    return copy.deepcopy(bundled().raw)


@pytest.mark.parametrize("edit,message", [
    (lambda r: r["guilds"].pop(), "guilds: must list exactly 6"),
    (lambda r: r["guilds"][2]["artisans"].pop(), "guilds[2].artisans: must list exactly 11"),
    (lambda r: r["guilds"][1]["artisans"][3].update(value="4"), "guilds[1].artisans[3].value: must be int"),
    (lambda r: r["guilds"][0]["artisans"][0].update(value=0), "guilds[0].artisans[0].value: must be between"),
    (lambda r: r["citizens"][4].update(kind="jester"), "citizens[4].kind: must be one of"),
    (lambda r: r["citizens"][7].pop("value"), "citizens[7].value: is missing"),
    (lambda r: r.update(agents_start=9), "agents_max (8) is too few for agents_start (9)"),
    (lambda r: r["citizens_kept"].update({"5": 99}), "citizens_kept.5"),
    (lambda r: r["rooms"][2].append([1, 1]), "rooms[2]: must list 1 or 2"),
    (lambda r: r.pop("income"), "income: is missing"),
])
def test_components_file_is_validated_with_a_named_entry(edit, message):
    """Component data is validated on load; the error names the entry and the rule."""
    raw = _raw()
    edit(raw)
    with pytest.raises(DataFileError, match=re.escape(message)):
        GAME.new(3, 1, {"components": raw})


@pytest.mark.parametrize("edit,message", [
    (lambda r: r["guilds"][1]["artisans"][3].update(value=float("nan")),
     "guilds[1].artisans[3].value: must be a finite number, not nan"),
    (lambda r: r.update(start_money=float("inf")), "start_money: must be a finite number, not inf"),
    (lambda r: r["guilds"][4].update(name="Sch\udc00neider"), "guilds[4].name: holds a lone surrogate"),
    (lambda r: r["rooms"][1].__setitem__(0, 2), "rooms[1][0]: must be [goods of the guild, goods of any type]"),
])
def test_components_file_with_what_no_data_file_holds_is_refused(edit, message, tmp_path):
    """A number that is not finite, a string that is no text, a number where a pair of
    prices belongs: refused on load, from the parsed data and from a file on disk."""
    raw = _raw()
    edit(raw)
    for given in (raw, str(tmp_path / "mine.json")):
        (tmp_path / "mine.json").write_text(json.dumps(raw), encoding="utf-8")
        with pytest.raises(DataFileError) as info:
            GAME.new(3, 1, {"components": given})
        assert message in str(info.value)


def test_user_components_file_plays_and_replays(tmp_path):
    """`--components FILE`: a user's own file (here: every artisan worth 3, Musicians 9)
    is loaded from a path, played, recorded and replayed."""
    raw = _raw()
    for guild in raw["guilds"]:
        for a in guild["artisans"]:
            a["value"] = 3
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw))
    s = GAME.new(3, 5, {"components": str(path)})
    assert s.components.tile_value[0] == 3 and not s.components.bundled
    m = random_playout(GAME, 3, 5, {"components": str(path)})
    again = replay(json.loads(json.dumps(m.record.to_json())))
    assert again.to_json() == m.state.to_json()
    assert GAME.from_json(m.state.to_json()).components.tile_value[5] == 3
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with pytest.raises(Exception, match="not valid JSON"):
        GAME.new(3, 5, {"components": str(bad)})


# -- words and board --------------------------------------------------------------------

def test_describe_is_plain_and_hides_plans_from_others():
    """describe(): the hire reads like the rulebook; another player's card stays hidden."""
    s = ready(3, order=[0, 1, 2])
    assert words(s.describe(0, s.action_table.plan[BAKERS], 0)) == "plan an action at the Bakers"
    assert "face down" in words(s.describe(0, s.action_table.plan[BAKERS], 1))
    assert "Bakers" not in words(s.describe(0, s.action_table.plan[BAKERS], 1))
    from tests.norenberc.norenberc_helpers import plan, put, set_goods, BEER
    s = put(s, find(s, ARTISAN, BAKERS, 7), "rooms", BREWERS * 4 + 1)
    s = set_goods(s, 0, BEER, 2)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    text = words(s.describe(0, s.action_table.hire[1][0], None))
    assert text == ("hire the Baker 7 from room B of the Brewers, paying 1 beer and 1 good "
                    "of any type (bonus 0 thalers)")
    assert words(s.describe(0, s.action_table.sell[2], 0)).startswith("sell 2 beers to the Brewers at")


def test_terminal_board_renders_every_phase():
    """terminal.render draws a view at every kind of position without error."""
    from rich.console import Console

    from reichsstadt.games.norenberc.terminal import render

    console = Console(width=140, record=True, file=open("/dev/null", "w"))
    m = Match(GAME, 4, 9)
    names = ["Ann", "Bob", "Cy", "Di"]
    rng_state = random_playout(GAME, 4, 9)
    state = GAME.new(4, 9)
    for i, (seat, move) in enumerate(rng_state.record.moves):
        if i % 25 == 0:
            viewer = seat if seat >= 0 else None
            console.print(render(state.view(viewer), viewer, names, Renderer("en", names, viewer=viewer)))
        state.apply(seat, GAME.action_from_json(move, 4))
    console.print(render(state.view(0), 0, names, Renderer("en", names, viewer=0)))
    text = console.export_text()
    assert "Brewers" in text and "Ann" in text
    assert m.state.players == 4
    assert Record.from_json(rng_state.record.to_json()).players == 4


def test_terminal_board_fits_120_columns_and_explains_itself():
    """The board at 120 columns: no line wider; the headline says round, turn and who is
    to act; the workshops read as the next masters, the master's value as the price; the
    goods race is one column per good (tests/norenberc/test_norenberc_terminal.py checks
    every seat's board along games of 2 to 5 players)."""
    from rich.console import Console

    from reichsstadt.games.norenberc.terminal import render

    names = ["You", "Player 2 (random bot)", "Player 3 (random bot)", "Player 4 (random bot)",
             "Player 5 (random bot)"]
    for players, seed in ((5, 3), (3, 11)):
        m = random_playout(GAME, players, seed)
        state = GAME.new(players, seed)
        checked = 0
        for i, (seat, move) in enumerate(m.record.moves):
            if i % 37 == 0 or state.round == 4 and checked < 40:
                console = Console(width=120, record=True, file=open("/dev/null", "w"))
                console.print(render(state.view(0), 0, names, Renderer("en", names, viewer=0)))
                text = console.export_text()
                assert max(len(line) for line in text.splitlines()) <= 120
                view = state.view(0)
                table = view["table"]
                assert f"round {table['round']} of 4, turn {table['turn']}" in text
                assert "Next masters" in text and "Price" in text
                if view["phase"] == "planning" and view["to_act"]:
                    first = text.splitlines()[0]
                    assert "planning: waiting for " in first or "still to plan (▶)" in first
                if table["round"] == 4 and view["phase"] != "over":
                    brewers = table["guilds"][0]
                    assert f"{brewers['master']['value']}{'+' if brewers['master']['agent_plus'] else ''}/" in text
                checked += 1
            state.apply(seat, GAME.action_from_json(move, players))
        assert checked > 10


def test_describe_words_for_payments_and_purchases():
    """Plain words: one good of any type is "the good of any type"; a second purchase
    says how many more the player may buy; a Guard target says which round it is master."""
    from tests.norenberc.norenberc_helpers import BEER, SHOE, plan, set_goods

    s = ready(3, order=[0, 1, 2])
    s = set_goods(s, 0, BEER, 3)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    t = s.edited(hire_form=0, hired_room=1)  # room B: 1 beer and 1 good of any type
    assert words(t.describe(0, t.action_table.pay[SHOE], 0)) == "pay 1 shoe as the good of any type"
    t = s.edited(hire_form=1, hired_room=2)  # room C, second way: 1 beer and 2 goods of any type
    assert words(t.describe(0, t.action_table.pay[SHOE], 0)) == "pay 1 shoe as one of the 2 goods of any type"
    s.apply(0, s.action_table.buy[BEER])
    assert words(s.describe(0, s.action_table.buy[BEER], 0)).endswith("(good 2 of at most 3)")
    assert words(place_words(s, s.workshops[BREWERS * 5 + 1])) == "Brewers workshop: master in round 2"
    assert words(place_words(s, s.workshops[BREWERS * 5 + 4])) == "Brewers workshop: master in round 4"
    assert words(place_words(s, s.workshops[BREWERS * 5 + 3])) == "under the Brewers' top workshop tile"


def _board_text(state, seat, names) -> str:
    from rich.console import Console

    from reichsstadt.games.norenberc.terminal import render

    console = Console(width=130, record=True, file=open("/dev/null", "w"))
    console.print(render(state.view(seat), seat, names, Renderer("en", names, viewer=seat)))
    return console.export_text()


def test_board_says_you_are_hiring():
    """Play-test: the board told the player "You is hiring"; the table's own name reads
    "You are hiring", others "Bo is hiring"."""
    from tests.norenberc.norenberc_helpers import plan

    s = ready(3, order=[1, 0, 2])  # not first: the hire ends with the turn order choice
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    hire = next(a for a in s.legal(0) if a.to_json() == {"type": "hire", "room": 1, "form": 0})
    s.apply(0, hire)
    s.apply(0, s.legal(0)[0])  # the good of any type paid: the guest is in hand
    assert "You are hiring the " in _board_text(s, 0, ["You", "Bo", "Cy"])
    assert "Ann is hiring the " in _board_text(s, 1, ["Ann", "Bo", "Cy"])


def test_open_planning_board_shows_who_plans_later():
    """Play-test: with open planning (one by one in reverse turn order) the players whose
    turn to plan has not come showed "choosing…" as if they were planning now; they read
    "plans later", and the one planning now "choosing…"."""
    s = ready(3, order=[0, 1, 2], open_planning=True)
    assert s.to_act() == (2,)
    lines = _board_text(s, 2, ["Ann", "Bo", "Cy"]).splitlines()
    rows = {name: next(line for line in lines if f" {name} " in line and "4/4" in line) for name in ("Ann", "Bo", "Cy")}
    assert "plans later" in rows["Ann"] and "plans later" in rows["Bo"]
    assert "choosing" in rows["Cy"] and "plans later" not in rows["Cy"]


def test_turn_order_draw_reads_well_when_the_name_is_you():
    """Play-test: the terminal puts "You" for the human's own "Player N", so the draw of
    the turn order read "You takes place 1 in turn order"; the words name the player last,
    with no verb to agree: "place 1 in turn order goes to Player 1"."""
    from reichsstadt.core import CHANCE
    from reichsstadt.i18n import render

    s = GAME.new(3, 1)
    first = s.chance_outcomes()[0][0]
    said = s.describe(CHANCE, first, 0)
    text = words(said)
    assert text == "place 1 in turn order goes to Player 1"
    assert "You takes" not in text.replace("Player 1", "You")
    assert render(said, viewer=0) == "place 1 in turn order goes to you"


def test_the_note_for_the_reader_is_a_string_of_at_most_2000_characters():
    """`_about` was let through at any length: a table made with a note of 2 MB stored it
    and sent it to everyone who watched (finding s19-3). A note of 2,000 characters plays."""
    raw = _raw()
    raw["_about"] = "x" * 2000
    assert GAME.new(3, 1, {"components": raw}).players == 3
    for about, message in (("x" * 1_900_000, "_about: must be at most 2000 characters, not 1900000"),
                           (["a", "list"], "_about: must be str, not list")):
        raw["_about"] = about
        with pytest.raises(DataFileError) as info:
            GAME.new(3, 1, {"components": raw})
        assert message in str(info.value)
