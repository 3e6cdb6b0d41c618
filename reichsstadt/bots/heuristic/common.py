"""What the three heuristic bots share: a seeded choice among the best-scored moves."""

from __future__ import annotations

import random
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")

EPS = 1e-9


def best(items: Sequence[T], score: Callable[[T], float], rng: random.Random) -> T:
    """The item with the highest score; ties (within EPS) broken by the seeded rng, so a
    bot's play is reproducible from its seed and not tied to the order of legal()."""
    top: list[T] = []
    high = -float("inf")
    for it in items:
        v = score(it)
        if v > high + EPS:
            high = v
            top = [it]
        elif v >= high - EPS:
            top.append(it)
    return top[0] if len(top) == 1 else top[rng.randrange(len(top))]
