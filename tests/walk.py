"""Random games for tests that look for a kind of decision: every decision of a random
game, the state shown before its move is made."""

from __future__ import annotations

import random
from typing import Iterator

from reichsstadt.core import CHANCE, State, sample_chance


def decisions(state: State, rng: random.Random) -> Iterator[tuple[State, int]]:
    """Each decision of a game played at random from `state` to its end, as (state, seat);
    the seat's random move is made when the loop asks for the next one. Chance is drawn
    by `rng` and never yielded."""
    while not state.over():
        who = state.to_act()
        if who == (CHANCE,):
            state.apply(CHANCE, sample_chance(state, rng))
            continue
        seat = rng.choice(who)
        yield state, seat
        state.apply(seat, rng.choice(state.legal(seat)))
