"""Gymnasium: one seat against our bots, for every game and player count, passes
Gymnasium's check_env; masks, seats, opponents and illegal actions behave."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import reichsstadt
from reichsstadt.bots import bot_names
from reichsstadt.interop import gymnasium as rgym
from tests.interop.conftest import GAME_COUNTS, loaded, only_warnings

ROOT = Path(__file__).resolve().parents[2]

rgym.register_envs(["toy"])


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_gymnasium_check_env(gid, players):
    players = loaded(gid, players)
    env = gym.make(rgym.env_id(gid), players=players, opponents=bot_names()[0])
    with only_warnings():
        check_env(env.unwrapped)
    env.close()


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_a_masked_random_policy_plays_every_seat_to_the_end(gid, players):
    players = loaded(gid, players)
    for seat in range(players):
        env = rgym.ReichsstadtEnv(gid, players, seat=seat)
        obs, info = env.reset(seed=seat)
        rng = np.random.default_rng(seat)
        total, steps, done = 0.0, 0, False
        while not done:
            mask = env.action_masks()
            assert mask.dtype == bool and mask.any() and np.array_equal(mask, info["action_mask"].astype(bool))
            assert env.observation_space.contains(obs)
            obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            assert not truncated
            total += reward
            steps += 1
        assert -1.0 <= total <= 1.0 and "result" in info
        assert env.action_masks().all()   # a finished episode allows every action (test_end_masks.py)


def test_seat_none_draws_the_seat_and_opponents_are_named_per_seat():
    env = rgym.ReichsstadtEnv("toy", 3, seat=None, opponents=["random", "random"])
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1, 2}
    with pytest.raises(reichsstadt.BadOption, match="2 opponents for 3 players, not 1"):
        rgym.ReichsstadtEnv("toy", 3, opponents=["random"])
    with pytest.raises(reichsstadt.BadOption, match="unknown bot 'genius'"):
        rgym.ReichsstadtEnv("toy", 3, opponents="genius")
    with pytest.raises(reichsstadt.BadOption, match="seat must be 0..2"):
        rgym.ReichsstadtEnv("toy", 3, seat=3)


class FirstLegal:
    def act(self, seat):
        return seat.legal()[0]


def test_opponents_of_ones_own_are_checked_when_the_env_is_made_and_one_serves_every_seat():
    """An object without act() used to be taken and fail at reset with an AttributeError
    from deep in the runner; one object (not a list) was refused as 'not iterable'."""
    with pytest.raises(reichsstadt.BadOption, match=r"opponent 2 \(object\) is no bot: it has no act\(seat\)"):
        rgym.ReichsstadtEnv("toy", 3, opponents=[FirstLegal(), object()])
    with pytest.raises(reichsstadt.BadOption, match="opponents must be a bot's name, an object with act"):
        rgym.ReichsstadtEnv("toy", 3, opponents=5)
    with pytest.raises(reichsstadt.BadOption, match="no greedy"):   # the game's own bots, as the tournament asks
        rgym.ReichsstadtEnv("toy", 3, opponents="greedy")
    bot = FirstLegal()
    env = rgym.ReichsstadtEnv("toy", 3, opponents=bot)
    env.reset(seed=1)
    assert [env.play.agents[s] for s in (1, 2)] == [bot, bot]
    done = False
    while not done:
        _, _, done, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))


def test_an_illegal_action_loses_or_raises():
    env = rgym.ReichsstadtEnv("toy", 2)
    with pytest.raises(reichsstadt.IllegalAction, match=r"^no game yet: call reset\(\) first$"):  # not "is over"
        env.step(0)
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _obs, reward, terminated, _truncated, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    with pytest.raises(reichsstadt.IllegalAction, match="call reset"):
        env.step(0)
    strict = rgym.ReichsstadtEnv("toy", 2, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(reichsstadt.IllegalAction, match="not legal|cannot|bids come first"):
        strict.step(illegal)
    with pytest.raises(reichsstadt.IllegalAction, match="outside"):
        strict.step(99)


def test_score_rewards_are_the_final_points():
    env = rgym.ReichsstadtEnv("toy", 2, reward="score")
    env.reset(seed=2)
    done, reward = False, 0.0
    while not done:
        _, reward, done, _, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert reward == info["result"]["scores"][0]


def test_history_and_max_steps_pass_check_env_and_truncate():
    made = gym.make(rgym.env_id("norenberc"), players=3, history=4, max_steps=6, opponents="greedy")
    with only_warnings():
        check_env(made.unwrapped)
    env = made.unwrapped
    obs, info = env.reset(seed=3)
    session = env.session
    assert obs.shape == (session.encoder.size + session.history_encoding.size,)
    assert obs[session.encoder.size:].any()          # the moves before the learner's first decision
    for _ in range(6):
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert env.observation_space.contains(obs)
    assert truncated and not terminated and reward == 0.0
    with pytest.raises(reichsstadt.IllegalAction, match="call reset"):
        env.step(0)


@pytest.mark.parametrize("bad", [1.5, np.float64(1.0), True, "1", None, np.array([0.5])])
def test_a_non_integer_action_is_refused_with_a_clear_error(bad):
    env = rgym.ReichsstadtEnv("norenberc", 2)
    env.reset(seed=1)
    with pytest.raises(reichsstadt.IllegalAction, match=r"an action is a whole number .* not "):
        env.step(bad)
    legal = int(np.flatnonzero(env.action_masks())[0])
    env.step(np.int64(legal))          # NumPy integers, as Discrete.sample() gives, are taken


def test_a_made_env_gives_its_masks_through_gymnasiums_wrappers():
    """gymnasium.make wraps the env (OrderEnforcing, PassiveEnvChecker), which do not
    forward action_masks(): the ways docs/research.md names all work."""
    env = gym.make(rgym.env_id("norenberc"), players=2)
    _, info = env.reset(seed=1)
    mask = env.unwrapped.action_masks()
    assert mask.any() and np.array_equal(env.get_wrapper_attr("action_masks")(), mask)
    assert np.array_equal(info["action_mask"].astype(bool), mask)


def test_a_fresh_script_makes_an_env_by_the_ids_docs_research_md_shows():
    """Gymnasium 1.x loads no plug-ins: the bare id needs the module imported, the
    "module:id" form imports it (docs/research.md shows both)."""
    fresh = ("import gymnasium\n"
             "env = gymnasium.make('reichsstadt.interop.gymnasium:reichsstadt/colonia-v0', players=5)\n"
             "import reichsstadt.interop.gymnasium\n"
             "other = gymnasium.make('reichsstadt/colonia-v0', players=5)\n"
             "print(env.unwrapped.players, other.unwrapped.players)\n")
    run = subprocess.run([sys.executable, "-c", fresh], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["5", "5"]
    page = (ROOT / "docs" / "research.md").read_text("utf-8")
    assert 'gymnasium.make("reichsstadt.interop.gymnasium:reichsstadt/colonia-v0", players=5)' in page
