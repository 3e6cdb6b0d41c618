"""One rule for the mask of a finished episode, in every Gymnasium path: every action is
allowed there (the action given for a finished game is ignored: Gymnasium's NEXT_STEP
autoreset drops it), so a masked sampler always finds one (an all-False row gave an empty
np.random.choice and NaN from a masked softmax). The single env after a normal end, a
truncation and an illegal action; SyncVectorEnv and AsyncVectorEnv over it; and
ReichsstadtVectorEnv."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

from reichsstadt.interop import gymnasium as rgym

ID = rgym.env_id("norenberc")


def _ended(env, info):
    assert env.action_masks().all() and info["action_mask"].all() and info["action_mask"].dtype == np.int8


def test_a_single_env_after_a_normal_end_allows_every_action():
    env = rgym.ReichsstadtEnv("norenberc", 2)
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    terminated = truncated = False
    while not (terminated or truncated):
        assert not env.action_masks().all()          # a game going on shows its legal moves
        _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert terminated and "illegal" not in info
    _ended(env, info)


def test_a_single_env_after_an_illegal_action_or_a_truncation_allows_every_action():
    env = rgym.ReichsstadtEnv("norenberc", 2)
    env.reset(seed=3)
    _, _, terminated, _, info = env.step(int(np.flatnonzero(~env.action_masks())[0]))
    assert terminated and info["illegal"]
    _ended(env, info)
    short = rgym.ReichsstadtEnv("norenberc", 2, max_steps=1)
    short.reset(seed=3)
    _, _, terminated, truncated, info = short.step(int(np.flatnonzero(short.action_masks())[0]))
    assert truncated and not terminated
    _ended(short, info)


def _vec(kind: str) -> gym.vector.VectorEnv:
    if kind == "reichsstadt":
        return rgym.ReichsstadtVectorEnv("norenberc", 2, num_envs=3)
    return gym.make_vec(ID, num_envs=3, vectorization_mode=kind, players=2)


@pytest.mark.parametrize("kind", ["sync", "async", "reichsstadt"])
def test_a_vector_env_never_gives_an_empty_mask(kind):
    """A masked random policy over many finished games: every row has an action to draw,
    and a finished sub-env's row allows every action."""
    envs = _vec(kind)
    try:
        _, info = envs.reset(seed=5)
        rng = np.random.default_rng(1)
        finished = 0
        for _ in range(300):
            masks = info["action_mask"].astype(bool)
            assert masks.any(axis=1).all()
            actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
            _, _, terminated, truncated, info = envs.step(actions)
            done = terminated | truncated
            assert info["action_mask"][done].all()
            finished += int(done.sum())
        assert finished >= 3     # the rule was met, not only the going games
    finally:
        envs.close()
