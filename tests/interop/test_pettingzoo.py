"""PettingZoo: the AEC env of every game at every player count passes PettingZoo's own
api_test, seed_test and render_test; rewards, illegal moves and seeding behave."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import reichsstadt
from reichsstadt.interop import pettingzoo as pz
from tests.interop.conftest import GAME_COUNTS, loaded, only_warnings

# PettingZoo's checks name the classic games whose observations are dicts with an action
# mask; any other env with the same (recommended) shape gets these two notes.
DICT_OBS_NOTES = ("Observation space for each agent probably should be", "Observation is not a NumPy array")


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_pettingzoo_api_test(gid, players):
    players = loaded(gid, players)
    with only_warnings(*DICT_OBS_NOTES):
        api_test(pz.env(gid, players), num_cycles=1000)


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_pettingzoo_seed_test(gid, players):
    players = loaded(gid, players)
    with only_warnings():
        seed_test(functools.partial(pz.env, gid, players), num_cycles=300)


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_pettingzoo_render_test(gid, players, capsys):
    players = loaded(gid, players)
    with only_warnings():
        render_test(functools.partial(pz.env, gid, players))
    assert capsys.readouterr().out.strip(), "render_mode='human' prints the table"


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_a_whole_game_pays_once_at_the_end(gid, players):
    players = loaded(gid, players)
    env = pz.env(gid, players)
    env.reset(seed=3)
    paid = {a: 0.0 for a in env.possible_agents}
    moves = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _info = env.last()
        paid[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.any() and obs["observation"].shape == env.observation_space(agent)["observation"].shape
        env.step(int(np.flatnonzero(mask)[moves % mask.sum()]))
        moves += 1
    assert moves > 2
    assert abs(sum(paid.values())) < 1e-9  # rank rewards are zero-sum
    assert max(paid.values()) > 0 or all(v == 0 for v in paid.values())


@pytest.mark.parametrize("gid", ["norenberc", "siedler", "colonia"])
def test_each_game_in_one_env_ends_with_its_own_result_and_rewards(gid):
    """The outcome is worked out once per game end and kept: a second game in the same
    env (and a third after a pickle) reports its own, not the one before."""
    import pickle

    from reichsstadt.interop.common import returns

    env = pz.env(gid, 4)
    results = []
    for seed in (5, 6, 7):
        env.reset(seed=seed)
        if seed == 7:
            env = pickle.loads(pickle.dumps(env))
        for k, agent in enumerate(env.agent_iter()):
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                state = env.unwrapped.session.state
                assert info["result"] == state.outcome().to_json()
                assert reward == returns(state.outcome(), "rank")[int(agent[-1])]
                env.step(None)
                continue
            env.step(int(np.flatnonzero(obs["action_mask"])[k % int(obs["action_mask"].sum())]))
        results.append(info["result"])
    assert results[0] != results[1] != results[2]


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_an_illegal_move_ends_the_game_at_the_lowest_reward(gid, players, caplog):
    players = loaded(gid, players)
    env = pz.env(gid, players)
    env.reset(seed=5)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert "Illegal move made" in caplog.text
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0


def test_the_agent_to_act_is_the_engine_seat_and_chance_stays_inside():
    env = pz.raw_env("toy", 3)
    env.reset(seed=1)
    state = env.match.state
    # the toy opens with a secret bid of every seat: taken one agent at a time
    assert state.to_act() == (0, 1, 2) and env.agent_selection == "player_0"
    env.step(2)
    assert env.agent_selection == "player_1"
    other = env.observe("player_1")["observation"]
    # seat 0's bid is hidden from seat 1: the same observation whatever seat 0 bid
    env2 = pz.raw_env("toy", 3)
    env2.reset(seed=1)
    env2.step(0)
    assert np.array_equal(env2.observe("player_1")["observation"], other)
    env.step(0)
    env.step(1)
    assert env.match.state.to_act() == (0,)  # rolls: chance is drawn inside step()
    env.step(env.session.space.encode(reichsstadt.core.Action("roll")))
    assert env.match.state.to_act() != (reichsstadt.CHANCE,)


def test_same_seed_same_game_and_records():
    def play(seed):
        env = pz.raw_env("toy", 2, record=True)
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, *_ = env.last()
            env.step(None if env.terminations[agent] else int(np.flatnonzero(obs["action_mask"])[-1]))
        return env.match.record.moves
    assert play(4) == play(4)
    assert reichsstadt.replay(reichsstadt.Record(game="toy", players=2, seed=0, moves=play(4))).over()


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_pettingzoo_api_test_with_history_and_flat_observations(gid, players):
    players = loaded(gid, players)
    with only_warnings(*DICT_OBS_NOTES):
        api_test(pz.env(gid, players, history=6), num_cycles=300)
    with only_warnings():
        api_test(pz.env(gid, players, obs_type="flat"), num_cycles=300)
    env = pz.env(gid, players, obs_type="flat", history=6)
    env.reset(seed=1)
    obs, _, _, _, info = env.last()
    raw = env.unwrapped.session
    assert obs.shape == (raw.encoder.size + raw.history_encoding.size,)
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].any()
