"""A multi-part choice offered to a browser: every part comes with its words, even a part
that is not a legal move on its own right now (Norenberc's goods "of any type" are paid
in type order, so of a pastry and a later good only the pastry may go first), and the
whole set is accepted. Found by the browser test: the later good was greyed out as
illegal and the person could neither finish the payment nor do anything else."""

from __future__ import annotations

import random

from reichsstadt import game
from reichsstadt.core import CHANCE, sample_chance
from reichsstadt.core.picks import chain
from reichsstadt.server.messages import legal_moves


def _a_pick_with_a_part_not_legal_alone(seed_from: int = 0) -> tuple:
    g = game("norenberc")
    for seed in range(seed_from, seed_from + 400):
        state, rng = g.new(3, seed), random.Random(seed)
        while not state.over():
            seat = state.to_act()[0]
            if seat == CHANCE:
                state.apply(CHANCE, sample_chance(state, rng))
                continue
            pick = state.pick(seat)
            if pick is not None and set(pick.parts) - set(state.legal(seat)):
                return g, state, seat, pick
            state.apply(seat, rng.choice(state.legal(seat)))
    raise AssertionError("no such position in 400 games")


def test_every_part_of_a_pick_has_its_words_and_the_set_is_accepted() -> None:
    g, state, seat, pick = _a_pick_with_a_part_not_legal_alone()
    legal, offered = legal_moves(g, 3, state, seat)
    space = g.action_space(3)
    assert offered is not None
    assert [m["index"] for m in offered["moves"]] == offered["parts"]
    assert all(m["words"] for m in offered["moves"])
    not_alone = [a for a in pick.parts if a not in state.legal(seat)]
    assert any(space.encode(a) not in {m["index"] for m in legal} for a in not_alone)
    # a set holding the part that is not legal alone goes through, in the engine's order
    for first in pick.parts:
        chosen = [first] + [a for a in not_alone if a != first]
        if len(chosen) < pick.least:
            continue
        try:
            steps = chain(state, seat, pick, chosen[:pick.most])
        except Exception:
            continue
        trial = state.clone()
        for a in steps:
            trial.apply(seat, a)
        assert any(a in steps for a in not_alone)
        return
    raise AssertionError("no set with the part that is not legal alone was accepted")


def test_the_guards_parts_go_out_grouped_by_trade() -> None:
    """The browser greys out an artisan that cannot go with the one chosen (« deux artisans
    du même type »): the pick carries the engine's groups as action indices, every part in
    one group, and a pick without groups sends an empty list (any set)."""
    g = game("norenberc")
    space = g.action_space(3)
    grouped = plain = None
    for seed in range(300):
        state, rng = g.new(3, seed), random.Random(seed)
        while not state.over() and grouped is None:
            seat = state.to_act()[0]
            if seat == CHANCE:
                state.apply(CHANCE, sample_chance(state, rng))
                continue
            pick = state.pick(seat)
            if pick is not None:
                offered = legal_moves(g, 3, state, seat)[1]
                assert offered is not None
                if pick.groups:
                    grouped = (pick, offered)
                else:
                    plain = offered
            state.apply(seat, rng.choice(state.legal(seat)))
        if grouped is not None and plain is not None:
            break
    assert grouped is not None and plain is not None, "no Guard in 300 random games"
    pick, offered = grouped
    assert offered["groups"] == [[space.encode(a) for a in group] for group in pick.groups]
    assert sorted(i for group in offered["groups"] for i in group) == sorted(offered["parts"])
    assert plain["groups"] == []
