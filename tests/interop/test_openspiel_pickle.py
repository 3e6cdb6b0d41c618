"""OpenSpiel game objects pickle, as OpenSpiel's own Python games do: with their
parameters, into this process and into a fresh (spawned) one, and inside a solver that
holds one (a checkpoint)."""

from __future__ import annotations

import json
import multiprocessing
import pickle
from importlib import resources

import pyspiel
import pytest

from reichsstadt.interop import openspiel

# a parameter of each title's own besides the player count, so a lost one shows
GAMES = [
    ("norenberc", "reichsstadt_norenberc(players=3,open_planning=True,max_decisions=40,history=4)"),
    ("siedler", "reichsstadt_siedler(players=4,setup=expert,max_decisions=40)"),
    ("colonia", "reichsstadt_colonia(players=5,max_decisions=40)"),
]


def _describe(game: pyspiel.Game) -> tuple:
    """What a game is: its parameters, sizes and its first moves' strings."""
    state = game.new_initial_state()
    seen = []
    for _ in range(6):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            legal = state.legal_actions()
            seen.append((state.current_player(), legal, state.information_state_string()))
            state.apply_action(legal[-1])
    return (game.get_parameters(), game.num_players(), game.num_distinct_actions(), game.max_game_length(), seen)


def _in_child(data: bytes) -> tuple:
    return _describe(pickle.loads(data))


@pytest.mark.parametrize("gid, name", GAMES)
def test_games_pickle_with_their_parameters(gid, name):
    game = pyspiel.load_game(name)
    copy = pickle.loads(pickle.dumps(game))
    assert type(copy) is type(game)
    assert _describe(copy) == _describe(game)
    assert copy.get_parameters()["players"] == game.num_players()


@pytest.mark.parametrize("gid, name", GAMES)
def test_games_unpickle_in_a_spawned_process(gid, name):
    game = pyspiel.load_game(name)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        assert pool.apply(_in_child, (pickle.dumps(game),)) == _describe(game)


def test_a_solver_holding_a_game_checkpoints():
    mccfr = pytest.importorskip("open_spiel.python.algorithms.outcome_sampling_mccfr")
    solver = mccfr.OutcomeSamplingSolver(openspiel.load("norenberc", 2, max_decisions=30))
    solver.iteration()
    again = pickle.loads(pickle.dumps(solver))
    assert again._game.get_parameters() == solver._game.get_parameters()
    again.iteration()   # the restored solver goes on
    assert len(again._infostates) >= len(solver._infostates)


def test_a_game_with_a_data_file_pickles_with_it():
    """A data-file option is not carried by OpenSpiel's game string: the pickle carries it."""
    raw = json.loads(resources.files("reichsstadt.games.colonia").joinpath("components.json").read_text("utf-8"))
    game = openspiel.load("colonia", 3, options={"components": raw}, max_decisions=20)
    again = pickle.loads(pickle.dumps(game))
    assert again.extra_options == {"components": raw} and again.shared.options == game.shared.options
    assert _describe(again) == _describe(game)
