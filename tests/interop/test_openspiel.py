"""OpenSpiel: every game at every player count passes OpenSpiel's random_sim_test, its
infostates survive resample_from_infostate, OpenSpiel's Python IS-MCTS bot plays a
whole game of each, and its outcome-sampling MCCFR learns from whole games."""

from __future__ import annotations

import warnings

import numpy as np
import pyspiel
import pytest
from open_spiel.python import observation as os_observation
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

from reichsstadt.core import BadOption, IllegalAction
from reichsstadt.interop import openspiel
from tests.interop.conftest import GAME_COUNTS, loaded


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_openspiel_random_sim_test(gid, players):
    players = loaded(gid, players)
    game = openspiel.load(gid, players)
    assert game.num_players() == players
    assert pyspiel.load_game(f"reichsstadt_{gid}(players={players})").num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_resampled_states_keep_every_players_infostate(gid, players):
    """OpenSpiel's ResampleInfostateTest, in Python: for every player at every decision,
    the resampled state has the same information state string and tensor, and the same
    player to move."""
    players = loaded(gid, players)
    game = openspiel.load(gid, players)
    rng = np.random.RandomState(2)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        if checked < 40 * players:
            for p in range(players):
                other = state.resample_from_infostate(p, sampler)
                assert other.information_state_string(p) == state.information_state_string(p)
                assert other.information_state_tensor(p) == state.information_state_tensor(p)
                assert other.observation_tensor(p) == state.observation_tensor(p)
                assert other.current_player() == state.current_player()
                checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked


class TreeOnly(mcts.Evaluator):
    """No rollouts: every leaf is worth 0, every move equally likely a priori. IS-MCTS
    then searches its tree only (a random rollout costs a whole game of OpenSpiel
    Python steps per simulation); the docs' example plays with random rollouts."""

    def evaluate(self, state):
        return [0.0] * state.num_players()

    def prior(self, state):
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_ismcts_bot_plays_a_whole_game(gid, players):
    """OpenSpiel's Python ISMCTSBot in seat 0 for a whole game (uniform random play
    elsewhere): every decision resamples worlds with resample_from_infostate and keys its
    tree by information state strings, which must agree with the legal actions."""
    players = loaded(gid, players)
    game = openspiel.load(gid, players)
    rng = np.random.RandomState(4)
    bot = ismcts.ISMCTSBot(game, TreeOnly(), uct_c=2.0, max_simulations=8, random_state=rng)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(int(action))
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched > 0
    assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_outcome_sampling_mccfr_learns_on_shortened_games(gid, players):
    """OpenSpiel's outcome-sampling MCCFR, one iteration (an episode per player): its
    tables are keyed by information state strings and sized by the legal actions, so an
    infostate that mixed two positions with different choices would fail here; the
    average policy then gives a distribution over the legal actions. Episodes are cut at
    `max_decisions` (a draw): over a whole game of Colonia or Siedler the product of the
    sampling probabilities underflows, and the regrets become NaN (a RuntimeWarning,
    an error here)."""
    players = loaded(gid, players)
    game = openspiel.load(gid, players, max_decisions=40)
    assert game.max_game_length() == 40
    np.random.seed(6)  # MCCFR samples with NumPy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    rng = np.random.RandomState(6)
    decisions = 0
    while not state.is_terminal() and decisions < 30:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        probs = policy.action_probabilities(state)
        assert sorted(probs) == state.legal_actions()
        assert sum(probs.values()) == pytest.approx(1.0)
        state.apply_action(int(rng.choice(state.legal_actions())))
        decisions += 1
    assert decisions > 0


def test_ismcts_with_random_rollouts_plays_the_toy():
    game = openspiel.load("toy", 3)
    rng = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng), uct_c=2.0,
                           max_simulations=30, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(bot.step(state) if state.current_player() == 0
                                   else rng.choice(state.legal_actions())))
    assert len(state.returns()) == 3


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_observer_tensors_and_strings(gid, players):
    players = loaded(gid, players)
    game = openspiel.load(gid, players)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat_obs = os_observation.make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    public = os_observation.make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    enc = game.shared.encoder
    assert set(seat_obs.dict) == {"observation"} and set(seat_obs.slices) == {s.name for s in enc.slices}
    assert all(np.shares_memory(v, seat_obs.tensor) for v in seat_obs.slices.values())
    seat_obs.set_from(state, 1)
    assert np.array_equal(seat_obs.tensor, enc.encode(state.engine, 1))
    assert seat_obs.tensor.size == game.observation_tensor_size() == enc.size
    assert game.information_state_tensor_size() == enc.size + game.shared.history_encoding.size
    public.set_from(state, 1)
    assert np.array_equal(public.tensor, enc.encode(state.engine, None))
    assert '"seat":null' in public.string_from(state, 0) and '"seat":1' in seat_obs.string_from(state, 1)
    with pytest.raises(ValueError, match="all players"):
        game.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_bad_player_counts_are_refused():
    """Refused as every adapter refuses a bad option (BadOption), and as OpenSpiel's own
    Python games refuse a parameter (ValueError), through pyspiel.load_game too."""
    for load in (lambda: pyspiel.load_game("reichsstadt_toy(players=7)"), lambda: openspiel.load("toy", 7)):
        with pytest.raises(BadOption, match="toy is for 2–3 players, not 7") as caught:
            load()
        assert isinstance(caught.value, ValueError)


def test_game_options_are_parameters():
    game = pyspiel.load_game("reichsstadt_toy(players=3,target=12)")
    assert game.get_parameters() == {"players": 3, "target": 12, "history": openspiel.RECENT, "max_decisions": 0}
    assert game.new_initial_state().engine.options["target"] == 12
    assert openspiel.load("toy", 2, options={"target": 20}).new_initial_state().engine.target == 20
    with pytest.raises(ValueError, match="at most 30, not 99"):
        openspiel.load("toy", 2, options={"target": 99})


def test_max_decisions_ends_an_episode_as_a_draw():
    """`max_decisions` shortens the episodes (for CFR-style methods): the game ends as a
    draw after that many decisions, the parameter survives serialization, and a bad value
    is refused with the reason."""
    game = pyspiel.load_game("reichsstadt_norenberc(players=3,max_decisions=25)")
    assert game.max_game_length() == 25
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            decisions += 1
    assert decisions == 25
    assert state.returns() == [0.0, 0.0, 0.0]
    again = game.deserialize_state(state.serialize())
    assert again.is_terminal() and again.get_game().max_game_length() == 25
    with pytest.raises(BadOption, match="max_decisions must be 0"):
        openspiel.load("norenberc", 3, max_decisions=-5)


def test_no_action_applies_to_a_terminal_state():
    # OpenSpiel's apply_action does not ask is_terminal() of a Python game: a finished game
    # raised IndexError, and one cut short by max_decisions played on past its bound
    rng = np.random.RandomState(3)
    cut = r"^the game is over, cut short as a draw after 4"
    for game, why in ((openspiel.load("toy", 2), r"^the game is over \(is_terminal\(\)\)"),
                      (openspiel.load("colonia", 3, max_decisions=4), cut)):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        engine = state.engine
        to_act = engine.to_act()   # cut short: a move the engine would still take
        legal = game.shared.space.encode(engine.legal(to_act[0])[0]) if to_act else 0
        history = state.history()
        with pytest.raises(IllegalAction, match=why):
            state.apply_action(legal)
        assert state.history() == history and state.is_terminal()

