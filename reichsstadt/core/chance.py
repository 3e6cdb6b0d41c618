"""The seeded random source: the runner, never the state, owns it."""

from __future__ import annotations

import random

from .actions import Action
from .contract import State


def make_rng(seed: int) -> random.Random:
    """A Mersenne Twister seeded by an int: the same sequence in every process and on
    every machine (int seeding does not depend on PYTHONHASHSEED)."""
    return random.Random(seed)


def sample_chance(state: State, rng: random.Random) -> Action:
    """Draw one outcome of the chance node `state` is at, by its probability."""
    outcomes = state.chance_outcomes()
    r = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]  # float rounding left r above the last sum
