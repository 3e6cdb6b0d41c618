"""The history (OpenSpiel's information state, the adapters' opt-in history encoding):
what a seat saw of every move, and nothing more: a move it is shown whole is one its
own words (the game's log for that reader) tell apart from every other move that could
have been made there, unless the two are the same to every reader (two relic cards of
one city, price and points: identical components, whose index tells nobody anything)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import reichsstadt
from reichsstadt.core import CHANCE, sample_chance
from reichsstadt.interop import openspiel
from reichsstadt.interop import pettingzoo as pz
from reichsstadt.interop.history import History, seen_by
from tests.interop.conftest import GAME_COUNTS, loaded

MOVES = 250   # moves checked per game (chance nodes list up to a hundred outcomes each)


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_no_leak_a_move_shown_whole_is_one_the_seat_could_tell_apart(gid, players):
    players = loaded(gid, players)
    rng = random.Random(13)
    state = reichsstadt.game(gid).new(players, 13)
    hidden_somewhere = checked = 0
    for _ in range(MOVES):
        to_act = state.to_act()
        if not to_act:
            break
        seat = CHANCE if to_act[0] == CHANCE else rng.choice(to_act)
        if seat == CHANCE:
            action = sample_chance(state, rng)
            others = [a for a, _ in state.chance_outcomes() if a != action]
        else:
            action = rng.choice(state.legal(seat))
            others = [a for a in state.legal(seat) if a != action]
        mask = seen_by(state, seat, action)
        for viewer in range(players):
            if viewer == seat:
                assert mask >> viewer & 1, "a seat sees its own moves"
            elif mask >> viewer & 1:
                words = state.describe(seat, action, viewer)
                alike = [a for a in others if state.describe(seat, a, viewer) == words]
                assert all(same_to_everyone(state, seat, a, action) for a in alike), (
                    f"{gid}: seat {viewer} is shown {action} whole, but its words do not tell it from {alike}")
                checked += 1
            else:
                hidden_somewhere += 1
        state.apply(seat, action)
    assert checked > 0
    if gid in ("norenberc", "colonia", "toy"):   # secret plans, family cards, votes, bids
        assert hidden_somewhere > 0


def same_to_everyone(state, seat: int, one, other) -> bool:
    return all(state.describe(seat, one, v) == state.describe(seat, other, v) for v in [None, *range(state.players)])


def test_a_secret_bid_shows_in_the_others_history_as_its_kind_only():
    env = pz.raw_env("toy", 3, history=4)
    env.reset(seed=1)
    enc = env.session.encoder
    env.step(2)                                   # seat 0 bids
    history = env.session.history
    assert history.text(0) == "you:2" and history.text(1) == "+2:bid?"
    seen = env.observe("player_1")["observation"][enc.size:]
    hist = env.session.history_encoding
    token = seen[:hist.token]
    kinds = hist.kinds
    assert token[2] == 1.0                        # made by +2 (seat 0, from seat 1)
    assert token[players_and_chance(3) + kinds.index("bid")] == 1.0
    assert not token[players_and_chance(3) + len(kinds):].any()     # which bid: not shown
    mine = env.observe("player_0")["observation"][enc.size:][:hist.token]
    assert mine[players_and_chance(3) + len(kinds) + 2] == 1.0      # seat 0 sees its own bid's index


def players_and_chance(players: int) -> int:
    return players + 1


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_the_information_state_is_the_observation_and_the_history(gid, players):
    players = loaded(gid, players)
    game = openspiel.load(gid, players, history=3)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(30):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    for p in range(players):
        obs, info = state.observation_tensor(p), state.information_state_tensor(p)
        assert info[:len(obs)] == obs and len(info) == len(obs) + game.shared.history_encoding.size
        assert any(info[len(obs):])
        assert state.information_state_string(p).startswith(state.observation_string(p))
        assert state.information_state_string(p) != state.observation_string(p)
    # the seats' histories differ where one saw what another did not (or in who "you" is)
    assert len({state.information_state_string(p) for p in range(players)}) == players


def test_a_resampled_state_keeps_only_what_its_seat_knows():
    history = History(reichsstadt.game("toy").action_space(3), 3)
    history.add(0, 2, 0b001)    # seat 0's secret bid, seen by seat 0 only
    history.add(1, 1, 0b111)    # a move everyone saw
    believed = history.believed_by(1)
    assert believed.text(1) == history.text(1)
    assert believed.text(0) == "you:bid? +1:1"    # in seat 1's world, seat 0's bid is unknown
    assert history.text(0) == "you:2 +1:1"
