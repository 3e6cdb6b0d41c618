"""PettingZoo's parallel API: every seat that owes a decision decides in the same step,
the others send the no-op; PettingZoo's parallel_api_test, parallel_seed_test and
state_test pass for every game and player count; max_steps truncates."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test, state_test

import reichsstadt
from reichsstadt.core.record import Record, replay
from reichsstadt.interop import pettingzoo as pz
from tests.interop.conftest import GAME_COUNTS, loaded, only_warnings


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_pettingzoo_parallel_api_test(gid, players):
    players = loaded(gid, players)
    with only_warnings(*pz_dict_notes()):
        parallel_api_test(pz.parallel_env(gid, players), num_cycles=150)
    with only_warnings():
        parallel_api_test(pz.parallel_env(gid, players, obs_type="flat"), num_cycles=150)


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_pettingzoo_parallel_seed_test(gid, players):
    players = loaded(gid, players)
    with only_warnings():
        parallel_seed_test(functools.partial(pz.parallel_env, gid, players), num_cycles=40)


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_pettingzoo_state_test(gid, players, caplog):
    players = loaded(gid, players)
    with only_warnings():
        state_test(pz.env(gid, players), pz.parallel_env(gid, players), num_cycles=8)
    env = pz.parallel_env(gid, players)
    env.reset(seed=2)
    state = env.state()
    size = env.session.size
    assert state.shape == (players * size,) and env.state_space.contains(state)
    for seat in range(players):  # every seat's own observation, one after the other
        assert np.array_equal(state[seat * size:(seat + 1) * size], env.session.observe(seat))


def pz_dict_notes():
    from tests.interop.test_pettingzoo import DICT_OBS_NOTES
    return DICT_OBS_NOTES


def test_a_simultaneous_decision_is_one_step_and_the_others_send_the_no_op():
    env = pz.parallel_env("toy", 3)
    obs, infos = env.reset(seed=1)
    assert env.session.state.to_act() == (0, 1, 2)      # the toy opens with a secret bid of every seat
    no_op = env.no_op
    assert all(obs[a]["action_mask"][no_op] == 0 for a in env.agents)
    bids = {a: int(np.flatnonzero(obs[a]["action_mask"])[i % 3]) for i, a in enumerate(env.agents)}
    obs, rewards, terminated, truncated, infos = env.step(bids)
    state = env.session.state
    assert state.to_act() == (0,)                        # all three bids made in one step; seat 0 rolls
    assert obs["player_1"]["action_mask"].tolist() == [0] * no_op + [1]   # only the no-op
    assert obs["player_0"]["action_mask"][no_op] == 0
    roll = env.session.space.encode(reichsstadt.core.Action("roll"))
    obs, *_ = env.step({"player_0": roll, "player_1": no_op, "player_2": no_op})
    assert env.session.state.to_act() != (reichsstadt.CHANCE,)   # chance is drawn inside step()


def test_an_action_outside_the_mask_ends_the_game_or_raises():
    env = pz.parallel_env("toy", 3)
    env.reset(seed=1)
    roll = env.session.space.encode(reichsstadt.core.Action("roll"))  # nobody may roll while bidding
    bid = env.session.space.encode(reichsstadt.core.Action("bid", amount=1))
    _, rewards, terminated, _, infos = env.step({"player_0": bid, "player_1": roll, "player_2": bid})
    assert rewards == {"player_0": 0.0, "player_1": -1.0, "player_2": 0.0}
    assert all(terminated.values()) and infos["player_0"]["illegal"] == "player_1" and env.agents == []
    strict = pz.parallel_env("toy", 3, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(reichsstadt.IllegalAction):
        strict.step({"player_0": bid, "player_1": roll, "player_2": bid})
    with pytest.raises(reichsstadt.IllegalAction, match="no action for player_2"):
        strict.step({"player_0": bid, "player_1": bid})


def test_max_steps_truncates_both_apis():
    aec = pz.env("norenberc", 3, max_steps=5)
    aec.reset(seed=1)
    steps = 0
    for _agent in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            assert truncated and not terminated and steps == 5
            aec.step(None)
            continue
        aec.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    par = pz.parallel_env("norenberc", 3, max_steps=4)
    obs, _ = par.reset(seed=1)
    for _ in range(4):
        actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in par.agents}
        obs, _, terminated, truncated, _ = par.step(actions)
    assert all(truncated.values()) and not any(terminated.values()) and par.agents == []
    with pytest.raises(reichsstadt.BadOption, match="max_steps"):
        pz.parallel_env("norenberc", 3, max_steps=0)


def test_every_agent_that_sends_an_illegal_action_in_one_step_is_penalised():
    env = pz.parallel_env("toy", 3)
    env.reset(seed=1)
    roll = env.session.space.encode(reichsstadt.core.Action("roll"))
    bid = env.session.space.encode(reichsstadt.core.Action("bid", amount=1))
    _, rewards, terminated, _, infos = env.step({"player_0": roll, "player_1": bid, "player_2": roll})
    assert rewards == {"player_0": -1.0, "player_1": 0.0, "player_2": -1.0}
    assert all(terminated.values()) and env.agents == []
    assert infos["player_1"]["illegal"] == "player_0"
    assert infos["player_1"]["illegal_agents"] == ["player_0", "player_2"]


@pytest.mark.parametrize("bad", [0.5, np.float64(1.0), True, "1"])
def test_a_non_integer_action_is_refused_not_rounded(bad):
    env = pz.parallel_env("norenberc", 2)
    obs, _ = env.reset(seed=1)
    legal = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in env.agents}
    with pytest.raises(reichsstadt.IllegalAction, match=r"an action is a whole number .* not "):
        env.step({**legal, "player_1": legal["player_1"] + bad if isinstance(bad, float) else bad})
    env.step({a: np.int64(i) for a, i in legal.items()})   # NumPy integers are taken


def test_a_step_with_no_game_under_way_is_refused_and_plays_nothing():
    # after an illegal move the episode ends with the game unfinished: a step then played on
    # it silently (with actions) or raised KeyError (without)
    env = pz.parallel_env("norenberc", 3)
    with pytest.raises(reichsstadt.IllegalAction, match=r"^no game yet: call reset\(\) first$"):
        env.step({a: 0 for a in env.possible_agents})
    env.reset(seed=0)
    *_, infos = env.step({a: env.no_op for a in env.agents})   # every seat owes a plan: all three illegal
    assert infos["player_0"]["illegal"] == "player_0" and env.agents == []
    decisions = env.session.match.decisions
    for actions in ({}, {a: 0 for a in env.possible_agents}):
        with pytest.raises(reichsstadt.IllegalAction, match=r"^the game is over: call reset\(\)$"):
            env.step(actions)
    assert env.session.match.decisions == decisions


def test_illegal_raise_words_the_refusal_in_the_parallel_envs_own_action_space():
    # the parallel space has the no-op (n + 1 actions): the refusals read "action index 241
    # is outside 0..240" for the no-op itself, and "action index -1" for None
    env = pz.parallel_env("norenberc", 3, illegal="raise")
    env.reset(seed=0)
    masks = {a: m["action_mask"] for a, m in env._observations().items()}
    deciding = {a: int(np.flatnonzero(m)[0]) for a, m in masks.items()}
    assert len(deciding) == 3 and all(m[:-1].any() for m in masks.values())   # the plans: every seat decides
    outside = int(np.flatnonzero(masks["player_0"] == 0)[0])   # in the game's space, outside the mask
    decisions = env.session.match.decisions

    def refused(agent_action) -> str:
        with pytest.raises(reichsstadt.IllegalAction) as caught:
            env.step({**deciding, **agent_action})
        return str(caught.value)

    assert refused({"player_1": env.no_op}) == (
        f"player_1 must decide now: send one of the actions its mask allows, not the no-op {env.no_op} "
        "(the no-op is for agents that need not decide)")
    assert refused({"player_1": None}).startswith("player_1 must decide now: send one of the actions its mask "
                                                  "allows, not None")
    assert refused({"player_2": -5}) == f"player_2: action -5 is outside the action space 0..{env.no_op}"
    assert refused({"player_0": outside}).startswith(f"player_0: action {outside} (")
    assert "is not one of your legal moves now" in refused({"player_0": outside})
    assert env.session.match.decisions == decisions   # nothing played


def test_the_parallel_env_keeps_a_record_that_replays(tmp_path):
    # record=True is an option of both envs, but only the AEC env had `match` to reach it
    env = pz.parallel_env("norenberc", 2, record=True)
    assert env.match is None
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    while env.agents:
        obs, *_ = env.step({a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents})
    env.match.record.save(tmp_path / "game.json")
    replayed = replay(Record.load(tmp_path / "game.json"))
    assert replayed.over() and replayed.outcome().scores == env.match.state.outcome().scores
