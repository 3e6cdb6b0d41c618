"""Every env pickles and deep-copies mid-game, and the copy plays on exactly like the
original: the same observations, masks and rewards to the end, chance included (the
state's snapshot, the random source's position and the history travel with it)."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pyspiel
import pytest

import reichsstadt
from reichsstadt.core import registry
from reichsstadt.interop import gymnasium as rgym
from reichsstadt.interop import openspiel
from reichsstadt.interop import pettingzoo as pz
from reichsstadt.interop.selfplay import SelfPlayVectorEnv

GAMES = [(gid, reichsstadt.game(gid).players.start) for gid in registry.installed_ids()]


def twins(env):
    return [pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]


def aec_trace(env, moves: int) -> list:
    out = []
    for agent in env.agent_iter(moves):
        obs, reward, terminated, truncated, _ = env.last()
        out.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, terminated))
        mask = obs["action_mask"]
        env.step(None if terminated or truncated else int(np.flatnonzero(mask)[len(out) % mask.sum()]))
    return out


@pytest.mark.parametrize("gid, players", GAMES)
def test_pettingzoo_aec_continues_identically(gid, players):
    env = pz.env(gid, players, history=4)
    env.reset(seed=7)
    aec_trace(env, 40)
    copies = twins(env)
    expected = aec_trace(env, 5000)
    for other in copies:
        assert aec_trace(other, 5000) == expected


def parallel_trace(env, obs, steps: int) -> list:
    out = []
    for step in range(steps):
        if not env.agents:
            break
        actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[step % obs[a]["action_mask"].sum()])
                   for a in env.agents}
        obs, rewards, terminated, truncated, _ = env.step(actions)
        out.append(([obs[a]["observation"].tobytes() for a in obs], rewards, terminated, truncated))
    return out


@pytest.mark.parametrize("gid, players", GAMES)
def test_pettingzoo_parallel_continues_identically(gid, players):
    env = pz.parallel_env(gid, players)
    obs, _ = env.reset(seed=8)
    parallel_trace(env, obs, 30)
    obs = env._observations()
    copies = [(other, other._observations()) for other in twins(env)]
    expected = parallel_trace(env, obs, 3000)
    for other, other_obs in copies:
        assert parallel_trace(other, other_obs, 3000) == expected


def gym_trace(env, steps: int) -> list:
    out = []
    for step in range(steps):
        mask = env.action_masks()
        obs, reward, terminated, truncated, _ = env.step(int(np.flatnonzero(mask)[step % mask.sum()]))
        out.append((obs.tobytes(), reward))
        if terminated or truncated:
            break
    return out


def gym_warm_up(env, steps: int) -> None:
    """`steps` moves into an episode, a new one begun where one ends (a plug-in's game may
    end within them): the env is mid-episode after it."""
    for step in range(steps):
        mask = env.action_masks()
        _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(mask)[step % mask.sum()]))
        if terminated or truncated:
            env.reset(seed=100 + step)


@pytest.mark.parametrize("gid, players", GAMES)
def test_gymnasium_env_continues_identically(gid, players):
    env = rgym.ReichsstadtEnv(gid, players, seat=None, opponents="greedy")
    env.reset(seed=9)
    gym_warm_up(env, 20)
    copies = twins(env)
    expected = gym_trace(env, 3000)
    for other in copies:
        assert gym_trace(other, 3000) == expected


@pytest.mark.parametrize("gid, players", GAMES)
def test_gymnasium_env_against_search_bots_continues_identically(gid, players):
    """The search bots leave their game's helpers (closures) out of a pickle and set them up
    again at their next search, choosing as the originals would."""
    env = rgym.ReichsstadtEnv(gid, players, seat=0, opponents="mcts:12")
    env.reset(seed=9)
    gym_warm_up(env, 6)
    copies = twins(env)
    expected = gym_trace(env, 8)
    for other in copies:
        assert gym_trace(other, 8) == expected


@pytest.mark.parametrize("gid, players", GAMES)
def test_vector_envs_continue_identically(gid, players):
    vec = rgym.ReichsstadtVectorEnv(gid, players, num_envs=3)
    selfplay = SelfPlayVectorEnv(gid, players, num_envs=3)
    for env in (vec, selfplay):
        _, info = env.reset(seed=10)
        for _ in range(30):
            _, _, _, _, info = env.step(first_legal(info["action_mask"]))
        others = [(other, info) for other in twins(env)]
        runs = []
        for run_env, run_info in [(env, info), *others]:
            trace = []
            for _ in range(60):
                obs, rewards, terminated, truncated, run_info = run_env.step(first_legal(run_info["action_mask"]))
                trace.append((obs.tobytes(), rewards.tobytes(), terminated.tobytes(), truncated.tobytes()))
            runs.append(trace)
        assert runs[1] == runs[0] and runs[2] == runs[0]


def first_legal(masks: np.ndarray) -> np.ndarray:
    return np.where(masks.any(axis=-1), masks.argmax(axis=-1), 0)


@pytest.mark.parametrize("gid, players", GAMES)
def test_openspiel_states_serialize_pickle_and_deepcopy(gid, players):
    game = openspiel.load(gid, players)
    state = game.new_initial_state()

    def advance(s, n):
        for _ in range(n):
            if s.is_terminal():
                return
            if s.is_chance_node():
                actions, probs = zip(*s.chance_outcomes())
                s.apply_action(int(actions[int(np.argmax(probs))]))
            else:
                legal = s.legal_actions()
                s.apply_action(legal[len(s.history()) % len(legal)])
    advance(state, 60)
    state.information_state_string(0)  # the history is brought up to date midway
    advance(state, 30)
    copies = [game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state)), copy.deepcopy(state),
              pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]]
    for other in copies:
        assert str(other) == str(state) and other.history() == state.history()
        for p in range(players):
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.information_state_tensor(p) == state.information_state_tensor(p)
        advance(other, 40)
    advance(state, 40)
    for other in copies:
        assert other.observation_tensor(0) == state.observation_tensor(0)
        assert other.information_state_string(1) == state.information_state_string(1)
