"""Property tests of the Colonia engine: random legal play from random seeds at every
player count, with the contract and the conservation invariants checked along the way."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reichsstadt
from reichsstadt.core import CHANCE, Action, IllegalAction
from reichsstadt.core.conformance import check_replay, check_step, random_playout, record_in_subprocess

from tests.colonia.colonia_helpers import check_invariants, text as words

GAME = reichsstadt.game("colonia")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 6), seed=st.integers(0, 2**30))
def test_random_games_end_and_keep_every_invariant(players: int, seed: int) -> None:
    """Materials 18 and goods 12 per type conserved, 38 members per colour accounted for,
    money never negative, the game ends; the contract holds at a sample of steps."""
    rng = random.Random(seed)
    steps = [0]

    def on_step(state) -> None:
        steps[0] += 1
        check_invariants(state)
        if steps[0] % 7 == 0:  # the cached legal moves are those of the same position rebuilt
            rebuilt = GAME.from_json(state.to_json())
            for seat in state.to_act():
                if seat >= 0:
                    assert state.legal(seat) == rebuilt.legal(seat)
        if steps[0] % 11 == 0:
            check_step(GAME, state, rng, deep=steps[0] % 33 == 0)

    match = random_playout(GAME, players, seed, on_step=on_step)
    state = match.state
    assert state.over() and state.to_act() == ()
    out = state.outcome()
    assert len(out.scores) == players and min(out.ranks) == 1
    check_replay(match)


def test_determinism_across_processes() -> None:
    """The same seed gives the same moves in two interpreters with different hash seeds."""
    a = record_in_subprocess("colonia", 4, 123, {}, hashseed=1)
    b = record_in_subprocess("colonia", 4, 123, {}, hashseed=98765)
    assert a == b and len(a) > 100


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**30), players=st.integers(3, 6))
def test_illegal_actions_leave_the_state_untouched(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = GAME.new(players, seed)
    space = GAME.action_space(players)
    for _ in range(rng.randrange(50, 400)):
        to_act = state.to_act()
        if not to_act:
            break
        if to_act == (CHANCE,):
            outs = state.chance_outcomes()
            state.apply(CHANCE, outs[rng.randrange(len(outs))][0])
        else:
            seat = to_act[0]
            legal = state.legal(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    if state.over():
        return
    snap = state.to_json()
    to_act = state.to_act()
    seat = to_act[0] if to_act != (CHANCE,) else 0
    possible = state.legal(seat) if to_act != (CHANCE,) else [o for o, _ in state.chance_outcomes()]
    bad = [a for a in space if a not in possible]
    for a in rng.sample(bad, 25):
        try:
            state.apply(CHANCE if to_act == (CHANCE,) else seat, a)
        except IllegalAction as exc:
            assert str(exc)
        else:
            raise AssertionError(f"{a} was accepted")
        assert state.to_json() == snap
    for wrong in (players, -5, 99):
        try:
            state.apply(wrong, space.actions[0])
        except IllegalAction:
            pass
        else:
            raise AssertionError("a bad seat was accepted")
    assert state.to_json() == snap


def test_views_hide_the_screens_and_secret_choices() -> None:
    """Money, materials, goods and relics behind each screen, chosen family cards and
    votes are hidden from the other players until revealed."""
    match = random_playout(GAME, 4, 77)
    state = reichsstadt.replay(match.record.to_json(), upto=len(match.record.moves) // 2)
    for viewer in (None, 0, 1, 2, 3):
        v = state.view(viewer)
        for p in v["seats"]:
            secret = p["money"] is None
            assert secret == (p["seat"] != viewer)
            if secret:
                assert p["materials"] is None and p["goods"] is None and p["relics"] is None
        text = json.dumps(v)
        assert "relic_owner" not in text
    # a family card chosen but not revealed
    s = GAME.new(4, 5)
    while s.to_act() == (CHANCE,):
        s.apply(CHANCE, s.chance_outcomes()[0][0])
    assert s.to_act() == (0, 1, 2, 3)
    s.apply(1, Action("family", value=8))
    assert s.view(0)["seats"][1]["card"] is None and s.view(0)["seats"][1]["chosen"]
    assert s.view(1)["seats"][1]["card"] == 8
    assert "hidden" in words(s.describe(1, Action("family", value=8), 0), 0)
    assert "8" in words(s.describe(1, Action("family", value=8), 1), 1)
    sampled = s.sample(0, random.Random(1))
    assert sampled.view(0) == s.view(0)
