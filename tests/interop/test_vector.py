"""The vectorised envs: Gymnasium's VectorEnv API with stacked arrays, a seed per sub-env,
autoreset (next step or same step), and the self-play env that batches every seat."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import reichsstadt
from reichsstadt.interop import gymnasium as rgym
from reichsstadt.interop.selfplay import SelfPlayVectorEnv
from tests.interop.conftest import GAME_COUNTS, loaded


def first_legal(masks: np.ndarray) -> np.ndarray:
    return np.where(masks.any(axis=-1), masks.argmax(axis=-1), 0)


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_each_sub_env_plays_the_game_its_seed_gives_a_single_env(gid, players):
    players = loaded(gid, players)
    vec = rgym.ReichsstadtVectorEnv(gid, players, num_envs=3, seat=None)
    obs, info = vec.reset(seed=20)
    assert obs.shape == (3, vec.single_observation_space.shape[0]) and obs.dtype == np.float32
    assert vec.observation_space.contains(obs) and info["action_mask"].shape == (3, vec.single_action_space.n)
    singles = [rgym.ReichsstadtEnv(gid, players, seat=None) for _ in range(3)]
    expected = [env.reset(seed=20 + i)[0] for i, env in enumerate(singles)]
    assert np.array_equal(obs, np.stack(expected))
    for _ in range(25):
        actions = first_legal(info["action_mask"])
        obs, rewards, terminated, truncated, info = vec.step(actions)
        for i, env in enumerate(singles):
            if not env.play.done:
                single_obs, reward, *_ = env.step(int(actions[i]))
                assert np.array_equal(obs[i], single_obs) and rewards[i] == np.float32(reward)


def test_next_step_autoreset_starts_a_new_game_and_ignores_that_action():
    vec = rgym.ReichsstadtVectorEnv("toy", 2, num_envs=2, max_steps=3)
    assert vec.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    _, info = vec.reset(seed=1)
    ends = 0
    for _ in range(12):
        obs, rewards, terminated, truncated, info = vec.step(first_legal(info["action_mask"]))
        if (terminated | truncated).any():
            ends += 1
            done = terminated | truncated
            # any action will do there: a masked sampler must find one to draw
            assert info["action_mask"][done].all() and vec.action_masks()[done].all()
            assert info["action_mask"][~done].any(axis=-1).all()
            obs, rewards, terminated, truncated, info = vec.step(np.full(2, 10_000))  # ignored where done
            assert not (terminated | truncated)[done].any() and (rewards[done] == 0).all()
    assert ends


def test_same_step_autoreset_hands_the_last_observation_in_infos():
    vec = rgym.ReichsstadtVectorEnv("norenberc", 2, num_envs=2, max_steps=4, autoreset_mode="SameStep")
    _, info = vec.reset(seed=2)
    for _ in range(4):
        obs, rewards, terminated, truncated, info = vec.step(first_legal(info["action_mask"]))
    assert truncated.all() and info["_final_obs"].all()
    assert not np.array_equal(info["final_obs"][0], obs[0])  # obs is the new game's first observation
    with pytest.raises(reichsstadt.BadOption, match="autoreset_mode"):
        rgym.ReichsstadtVectorEnv("toy", 2, autoreset_mode=AutoresetMode.DISABLED)
    with pytest.raises(reichsstadt.BadOption, match="3 seeds for 3 sub-envs, not 2"):
        rgym.ReichsstadtVectorEnv("toy", 2, num_envs=3).reset(seed=[1, 2])


def test_make_vec_builds_our_vector_env():
    envs = gym.make_vec(rgym.env_id("norenberc"), num_envs=2, vectorization_mode="vector_entry_point", players=3)
    obs, info = envs.reset(seed=3)
    assert isinstance(envs.unwrapped, rgym.ReichsstadtVectorEnv) and obs.shape[0] == 2
    envs.step(first_legal(info["action_mask"]))


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_self_play_batches_every_seat_to_the_end_of_whole_games(gid, players):
    players = loaded(gid, players)
    env = SelfPlayVectorEnv(gid, players, num_envs=2, observe="all")
    obs, info = env.reset(seed=4)
    assert obs.shape == (2, players, env.observation_size) and info["to_act"].shape == (2, players)
    rng = np.random.default_rng(4)
    finished = np.zeros(2, bool)
    for _ in range(5000):
        assert (info["action_mask"].any(axis=-1) == info["to_act"]).all()
        for i in range(2):   # every seat's row is its own observation
            for seat in range(players):
                assert np.array_equal(obs[i, seat], env.sessions[i].observe(seat)) or finished[i]
        masks = info["action_mask"]
        actions = np.array([[rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in row] for row in masks])
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert abs(rewards.sum()) < 1e-5
        finished |= terminated
        if finished.all():
            break
    assert finished.all()


def test_self_play_observes_only_the_seats_to_act_by_default_and_punishes_illegal_moves():
    env = SelfPlayVectorEnv("toy", 3, num_envs=1)
    obs, info = env.reset(seed=5)
    assert info["to_act"].tolist() == [[True, True, True]] and obs.any(axis=-1).all()
    roll = env.sessions[0].space.encode(reichsstadt.core.Action("roll"))
    obs, rewards, terminated, _, info = env.step(np.array([[0, roll, 0]]))
    assert terminated[0] and rewards[0].tolist() == [0.0, -1.0, 0.0] and info["illegal"][0] == 1
    with pytest.raises(reichsstadt.BadOption, match="shape"):
        env.step(np.zeros(3, int))


def _first_games(env, seed, steps: int = 40) -> list:
    """The observations of `steps` steps of first-legal play from reset(seed=seed) (None:
    reset() without a seed), every game of the vector env."""
    obs, info = env.reset() if seed is None else env.reset(seed=seed)
    seen = [obs.copy()]
    for _ in range(steps):
        obs, *_, info = env.step(first_legal(info["action_mask"]))
        seen.append(obs.copy())
    return seen


@pytest.mark.parametrize("make", [
    lambda: rgym.ReichsstadtVectorEnv("norenberc", 3, num_envs=2),
    lambda: gym.make_vec(rgym.env_id("norenberc"), num_envs=2, vectorization_mode="sync", players=3),
    lambda: SelfPlayVectorEnv("colonia", 3, num_envs=2),
], ids=["ours", "gymnasium-sync", "self-play"])
def test_reset_without_a_seed_goes_on_from_the_seeded_generators_as_gymnasiums_envs_do(make):
    # seeded once, a run replays: reset() after reset(seed=7) plays the same games each time
    # (it drew fresh entropy, unlike Gymnasium's own SyncVectorEnv, the sync case here)
    first, second = make(), make()
    _first_games(first, 7)
    _first_games(second, 7)
    again, other = _first_games(first, None), _first_games(second, None)
    assert all(np.array_equal(a, b) for a, b in zip(again, other))
    assert not all(np.array_equal(a, b) for a, b in zip(again, _first_games(make(), 7)))   # a new game, not the first


def test_the_vector_envs_refuse_actions_and_seeds_of_the_wrong_kind_in_words():
    vec = rgym.ReichsstadtVectorEnv("toy", 2, num_envs=3)
    with pytest.raises(reichsstadt.IllegalAction, match=r"^no game yet: call reset\(\) first$"):
        vec.step([0, 0, 0])
    vec.reset(seed=1)
    for wrong in ([0, 0], [0, 0, 0, 0], 0):   # a short one raised IndexError, a long one was cut silently
        with pytest.raises(reichsstadt.BadOption, match=r"^actions must have the shape \(3,\), one per sub-env"):
            vec.step(wrong)
    for seed in (1.0, "1", True):   # "3 seeds for 3 sub-envs, not 1", TypeError
        with pytest.raises(reichsstadt.BadOption, match=r"^seed must be a whole number, a list of one per sub-env"):
            vec.reset(seed=seed)
    vec.reset(seed=np.int64(4))
    selfplay = SelfPlayVectorEnv("toy", 2, num_envs=2)
    with pytest.raises(reichsstadt.IllegalAction, match=r"^no game yet: call reset\(\) first$"):   # IndexError
        selfplay.step(np.zeros((2, 2), int))
    selfplay.reset(seed=[1, None])
    with pytest.raises(reichsstadt.IllegalAction, match="actions are whole numbers"):   # 1.5 was played as 1
        selfplay.step(np.full((2, 2), 1.5))
    with pytest.raises(reichsstadt.BadOption, match="seed must be"):
        selfplay.reset(seed=2.0)
