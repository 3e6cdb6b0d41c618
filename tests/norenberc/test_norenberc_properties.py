"""Property tests (Hypothesis): random legal play from random seeds, every player count
and option, with the contract and the game's invariants checked at every step."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.norenberc.norenberc_helpers import GAME, check_invariants, play_until

from reichsstadt.core import CHANCE, Action, IllegalAction, sample_chance
from reichsstadt.core.conformance import (
    check_replay, check_step, random_playout, record_in_subprocess,
)
from reichsstadt.games.norenberc.constants import ACTIONS, PLANNING
from reichsstadt.games.norenberc.state import NorenbercState

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31), open_planning=st.booleans())
def test_random_play_ends_and_keeps_every_invariant(players: int, seed: int, open_planning: bool) -> None:
    """Random legal play always ends, never raises; invariants hold at every step and
    the whole contract at a sample of steps; the record replays to the same state."""
    rng = random.Random(seed)
    steps = [0]

    def on_step(state) -> None:
        check_invariants(state)
        steps[0] += 1
        check_step(GAME, state, rng, deep=steps[0] % 11 == 0)

    match = random_playout(GAME, players, seed, {"open_planning": open_planning}, on_step=on_step)
    assert match.state.over()
    out = match.state.outcome()
    assert len(out.scores) == players and min(out.ranks) == 1
    assert [sum(b.values()) for b in out.breakdown] == list(out.scores)
    check_replay(match)


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31), cut=st.integers(0, 400), junk=st.integers(0, 10**6))
def test_illegal_actions_raise_and_change_nothing(players: int, seed: int, cut: int, junk: int) -> None:
    """An illegal action (wrong seat, an action of another step, a bad chance outcome)
    raises IllegalAction and leaves the state exactly as it was."""
    rng = random.Random(seed)
    state = GAME.new(players, seed)
    count = [0]
    state = play_until(state, lambda s: s.over() or (count.__setitem__(0, count[0] + 1) or count[0] > cut), rng)
    if state.over():
        return
    snap = json.dumps(state.to_json())
    space = GAME.action_space(players)
    to_act = state.to_act()
    seat = to_act[0]
    legal = state.legal(seat) if seat != CHANCE else [a for a, _ in state.chance_outcomes()]
    bad = space.decode(junk % len(space))
    candidates = [bad, Action("sell", count=99), Action("plan", guild=7)]
    for action in candidates:
        if action in legal:
            continue
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
        assert json.dumps(state.to_json()) == snap
    if seat != CHANCE:
        with pytest.raises(IllegalAction):
            state.apply(CHANCE, space.decode(0))
        assert json.dumps(state.to_json()) == snap


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31), cut=st.integers(0, 300))
def test_views_hide_money_plans_and_the_pile(players: int, seed: int, cut: int) -> None:
    """A seat's view never shows other players' money, the guilds of unrevealed plans or
    the guest pile's contents (only its size); changing those hidden things leaves the
    view as it was."""
    rng = random.Random(seed)
    state = GAME.new(players, seed)
    count = [0]
    state = play_until(state, lambda s: s.over() or (count.__setitem__(0, count[0] + 1) or count[0] > cut), rng)
    if state.over():
        return
    for seat in range(players):
        view = state.view(seat)
        for other in view["seats"]:
            if other["seat"] != seat:
                assert other["money"] is None
                assert other["plan"] is None
        assert "pile" not in view["table"] and isinstance(view["table"]["pile_size"], int)
        # the hidden parts changed: the view stays the same
        money, plans = state.money[:], state.plans[:]
        G = state.guild_count
        for q in range(players):
            if q != seat:
                money[q] += 17
                if plans[q]:  # other guilds, as many cards face down
                    k = bin(plans[q]).count("1")
                    plans[q] = sum(1 << g for g in range(G - k, G))
        twin = state.edited(money=money, plans=plans, pile_known=state.pile_known[::-1])
        assert twin.view(seat) == view
    spectator = state.view(None)
    assert all(e["money"] is None and e["plan"] is None for e in spectator["seats"])


@pytest.mark.parametrize("players", [2, 5])
def test_same_seed_same_record_across_hash_seeds(players: int) -> None:
    """Determinism: the same seed gives the same record in two processes with different
    PYTHONHASHSEED."""
    opts = {"open_planning": players == 5}
    a = record_in_subprocess("norenberc", players, 4242, opts, hashseed=1)
    b = record_in_subprocess("norenberc", players, 4242, opts, hashseed=987)
    assert a == b and len(a) > 50
    here = random_playout(GAME, players, 4242, opts).record.moves
    assert [list(m) for m in here] == a


def test_sample_keeps_what_the_seat_knows_and_redraws_the_rest() -> None:
    """sample(): the seat's view and legal moves are kept, others' unrevealed plans vary."""
    rng = random.Random(5)
    state = GAME.new(4, 77)
    state = play_until(state, lambda s: s.phase == ACTIONS and sum(bin(p).count("1") for p in s.plans) >= 3, rng)
    seat = state.actor
    plans = set()
    for i in range(30):
        s = state.sample(seat, random.Random(i))
        assert s.view(seat) == state.view(seat)
        assert s.legal(seat) == state.legal(seat)
        plans.add(tuple(s.plans[q] for q in range(4) if q != seat))
        s2 = s.clone()
        play_until(s2, lambda x: x.over(), random.Random(i))
    assert len(plans) > 1


def test_chance_outcomes_are_lazy_draws() -> None:
    """Section "Mise en place" H-J: random turn order, then the artisan stacks, then the
    guests are chance nodes whose probabilities sum to 1 (the pile is never ordered)."""
    state = GAME.new(3, 1)
    rng = random.Random(3)
    seen = []
    while state.to_act() == (CHANCE,):
        outs = state.chance_outcomes()
        assert abs(sum(p for _, p in outs) - 1) < 1e-9
        seen.append(outs[0][0].type)
        state.apply(CHANCE, sample_chance(state, rng))
    assert seen[:2] == ["order", "order"] and seen.count("draw") == 4 * 5 + 4 * 3
    assert state.phase == PLANNING and state.to_act() == (0, 1, 2)


def test_clone_copies_every_field_and_shares_no_list() -> None:
    """clone() (generated from the declared fields) copies every field of the state, and
    changing the clone's lists leaves the original alone."""
    from reichsstadt.core.fields import FLAT, NESTED, SHARED, field_specs

    rng = random.Random(8)
    state = play_until(GAME.new(4, 8), lambda s: s.round == 2 and s.phase == ACTIONS, rng)
    state = state.edited(money_revealed=state.money_revealed + [[1, 0, 0, 5]])
    twin = state.clone()
    specs = field_specs(NorenbercState)
    for spec in specs:
        assert getattr(twin, spec.name) == getattr(state, spec.name), spec.name
        if spec.kind in (FLAT, NESTED):
            assert getattr(twin, spec.name) is not getattr(state, spec.name), spec.name
    snap = json.dumps(state.to_json())
    for spec in specs:
        if spec.kind == FLAT:
            getattr(twin, spec.name).append(99)
        elif spec.kind == NESTED:
            for row in getattr(twin, spec.name):
                row.append(7)
    assert json.dumps(state.to_json()) == snap
    assert {s.name for s in specs if s.kind == SHARED} == {"player_count", "guild_count", "components", "action_table",
                                                           "open_planning"}
