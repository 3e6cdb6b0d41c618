"""The terminal board renders every kind of position of a game, for players and
spectators, without showing another player's screen."""

from __future__ import annotations

from rich.console import Console

import reichsstadt
from reichsstadt.core.conformance import random_playout
from reichsstadt.games.colonia.terminal import render

GAME = reichsstadt.game("colonia")


def test_render_along_a_whole_game() -> None:
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"]
    match = random_playout(GAME, 5, 21)
    state = GAME.new(5, 21)
    console = Console(width=200, record=True, color_system=None)
    for i, (seat, mv) in enumerate(match.record.moves):
        if i % 37 == 0:
            for viewer in (None, 2):
                console.print(render(state.view(viewer), viewer, names))
        state.apply(seat, GAME.action_from_json(mv, 5))
    console.print(render(state.view(1), 1, names))
    text = console.export_text()
    assert "Colonia" in text and "Final scores" in text and "hidden" in text


def test_members_on_the_board_add_up_at_every_step() -> None:
    """p. 17 N.B.: members used are locked on the board until the same day next week. The
    view says, for every family and at every step, where each member is (home, town hall,
    today's stalls, contract fields, ships, secured relics, the four street fields) and the
    places add up to the members the family has; the board draws that table."""
    from reichsstadt.core import CHANCE
    from reichsstadt.core.conformance import random_playout as playout

    for players, seed in ((3, 4), (6, 9)):
        match = playout(GAME, players, seed)
        state = GAME.new(players, seed)
        per = state.comp.members_by_players[players]
        for i, (seat, mv) in enumerate(match.record.moves):
            v = state.view(None)
            assert v["table"]["members_per_player"] == per
            for p in v["seats"]:
                m = p["members"]
                assert m["total"] == per, (i, p["seat"], m)
                assert m["home"] == p["home"] and m["street"] == p["street"]
            if seat != CHANCE and i % 50 == 0:
                console = Console(width=130, record=True, color_system=None)
                console.print(render(state.view(seat), seat, ["Ann", "Bob", "Cid", "Dee", "Eve", "Flo"]))
                text = console.export_text()
                assert f"Members ({per} per family)" in text and "street fields come home" in text
            state.apply(seat, GAME.action_from_json(mv, players))


def test_street_fields_say_when_their_members_come_home() -> None:
    """p. 17: a street field's members come home on that day of the next week (Tuesday:
    after the town hall is filled; the other days in the evening)."""
    from tests.colonia.colonia_helpers import at_step
    from reichsstadt.games.colonia.constants import S_SUN_BUY, S_THU_CONTRACT, S_WED_BUY
    from reichsstadt.games.colonia.present import street_home_words
    from reichsstadt.i18n import render as say

    def home_words(state) -> dict[str, str]:
        return {d.capitalize(): say(street_home_words(d, when))
                for d, when in state.view(0)["table"]["street_home"].items()}

    s = at_step(S_WED_BUY, 4, week=2)
    home = home_words(s)
    assert home == {"Tuesday": "next Tuesday after the town hall", "Wednesday": "tonight",
                    "Thursday": "this Thursday evening", "Friday": "this Friday evening"}
    s = at_step(S_THU_CONTRACT, 4, week=2)
    assert home_words(s)["Wednesday"] == "next Wednesday evening"
    assert home_words(s)["Thursday"] == "tonight"
    s = at_step(S_SUN_BUY, 4, week=6)
    assert set(home_words(s).values()) == {"not before the game ends"}


def test_log_words_for_the_drawer_and_for_the_others() -> None:
    """The start draws read 'You draw a ...' to the drawer (the table's names replace
    'Player N', so 'Player 1 draws' would read 'You draws') and stay hidden to the others."""
    from reichsstadt.core import CHANCE
    from reichsstadt.games.colonia.constants import Q_BLIND_MATERIAL
    from tests.colonia.colonia_helpers import text

    s = GAME.new(3, 1)
    while s.chance_queue and s.chance_queue[0][0] != Q_BLIND_MATERIAL:
        s.apply(CHANCE, s.chance_outcomes()[0][0])
    a = s.chance_outcomes()[0][0]
    p = s.chance_queue[0][1]
    assert text(s.describe(CHANCE, a, p), p).startswith("You draw a")
    other = (p + 1) % 3
    assert text(s.describe(CHANCE, a, other), other) == f"Player {p + 1} draws a material from the bag (hidden)"
