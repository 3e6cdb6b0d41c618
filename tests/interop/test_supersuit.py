"""SuperSuit's wrappers (dtype, normalize_obs, frame_stack, pettingzoo_env_to_vec_env) take
the flat observations (a Box; the mask in info), and PettingZoo's bombardment test passes
on them."""

from __future__ import annotations

import random

import numpy as np
import pytest
import supersuit as ss
from pettingzoo.test import api_test

from reichsstadt.interop import pettingzoo as pz
from tests.interop.conftest import GAME_COUNTS, loaded, only_warnings


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_supersuit_observation_wrappers_pass_the_api_test(gid, players):
    players = loaded(gid, players)
    env = ss.dtype_v0(pz.env(gid, players, obs_type="flat"), np.float64)
    env = ss.normalize_obs_v0(env, env_min=0.0, env_max=1.0)
    env = ss.frame_stack_v1(env, 3)
    with only_warnings():
        api_test(env, num_cycles=60)
    env.reset(seed=1)
    obs, *_ = env.last()
    size = pz.raw_env(gid, players).session.size
    assert obs.shape == (3 * size,) and obs.dtype == np.float64 and 0.0 <= obs.min() and obs.max() <= 1.0


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_supersuit_vector_env_plays_whole_games(gid, players):
    players = loaded(gid, players)
    vec = ss.pettingzoo_env_to_vec_env_v1(pz.parallel_env(gid, players, obs_type="flat"))
    obs, infos = vec.reset(seed=3)
    assert obs.shape == (players, vec.observation_space.shape[0])
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(3000):
        actions = np.array([rng.choice(np.flatnonzero(info["action_mask"])) for info in infos])
        obs, rewards, terminated, truncated, infos = vec.step(actions)
        if terminated.all():
            ended += 1
            assert abs(rewards.sum()) < 1e-6     # rank rewards: zero-sum (float32)
            break
    assert ended == 1


def bombardment(env, cycles: int) -> None:
    """PettingZoo's bombardment_test as fixed upstream (Farama-Foundation/PettingZoo#1464):
    the 1.27.0 release checks the value step() returns (None, by the AEC API, which its
    own api_test asserts) against the observation space, so it fails every multi-agent
    AEC env; the fix checks the observation last() gives. Random actions from the space,
    or from the mask where the observation carries one."""
    env.reset()
    first, *_ = env.last()
    for _ in range(cycles):
        for agent in env.agent_iter(env.num_agents):
            obs, _, terminated, truncated, info = env.last()
            assert env.observation_space(agent).contains(obs), "observation outside its space"
            assert type(obs) is type(first) and np.shape(obs) == np.shape(first)
            if terminated or truncated:
                action = None
            elif isinstance(obs, dict) and "action_mask" in obs:
                action = random.choice(np.flatnonzero(obs["action_mask"]).tolist())
            else:
                action = env.action_space(agent).sample()
            env.step(action)
        env.reset()


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_bombardment(gid, players):
    players = loaded(gid, players)
    bombardment(pz.env(gid, players, obs_type="flat"), cycles=40)
    bombardment(pz.env(gid, players), cycles=40)
