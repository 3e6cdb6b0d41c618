"""Smoke: every setup and player count plays to the end under random legal play."""

import pytest

import reichsstadt
from reichsstadt.core.conformance import random_playout


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("setup", ["beginner", "expert"])
def test_random_game_ends(players, setup):
    game = reichsstadt.game("siedler")
    match = random_playout(game, players, 11, {"setup": setup})
    assert match.state.over()
    out = match.state.outcome()
    assert len(out.scores) == players and min(out.ranks) == 1
