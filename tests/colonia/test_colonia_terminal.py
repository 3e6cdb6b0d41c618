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
