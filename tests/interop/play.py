"""Random games for the adapters' tests: every state along them, in order."""

from __future__ import annotations

import random
from collections.abc import Iterator

import reichsstadt
from reichsstadt.core import CHANCE, State, sample_chance


def walk(gid: str, players: int, seed: int) -> Iterator[State]:
    """Every state of one random game (chance drawn by its probabilities, players
    uniformly at random, a simultaneous decision in a random order), the last one over."""
    rng = random.Random(seed)
    state = reichsstadt.game(gid).new(players, seed)
    while True:
        yield state
        to_act = state.to_act()
        if not to_act:
            return
        if to_act == (CHANCE,):
            state.apply(CHANCE, sample_chance(state, rng))
        else:
            seat = rng.choice(to_act)
            legal = state.legal(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
