"""A search bot pickles in the middle of a game (a Gymnasium env with `hard` or `expert`
opponents, sent to a vector env's worker process, pickles its bots), and the copy goes on
as the original would. It used to fail after its first search: the game's playouts and
evaluation it had set up are closures."""

from __future__ import annotations

import pickle
import random

import pytest

import reichsstadt
from reichsstadt.bots import make_bot
from reichsstadt.core import Seat
from tests.walk import decisions


@pytest.mark.parametrize("game_id, spec", [("norenberc", "mcts:30"), ("siedler", "mcts:30"), ("colonia", "mcts:30"),
                                           ("siedler", "mcts:30:policy=heuristic:playout=40")])
def test_a_search_bot_pickled_mid_game_chooses_as_the_original(game_id: str, spec: str) -> None:
    bot = make_bot(spec, seed=3, game=game_id)
    rng = random.Random(17)
    searched, compared = 0, 0
    for state, seat in decisions(reichsstadt.game(game_id).new(3, 17), rng):
        if len(state.legal(seat)) < 2:
            continue
        if searched < 3:   # the bot has set the game up and searched it
            bot.act(Seat(state, seat))
            searched += 1
            continue
        copy = pickle.loads(pickle.dumps(bot))
        assert copy.act(Seat(state.clone(), seat)) == bot.act(Seat(state.clone(), seat))
        compared += 1
        if compared == 3:
            return
    pytest.fail("the game ended before three searched decisions")
