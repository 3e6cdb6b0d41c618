"""What the three heuristic bots share: a seeded choice among the best-scored moves, and
a way for the search to read the scores behind a choice (`scored`)."""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence, TypeVar

T = TypeVar("T")

EPS = 1e-9

_capture: list[tuple[Sequence[Any], list[float]]] | None = None


def best(items: Sequence[T], score: Callable[[T], float], rng: random.Random) -> T:
    """The item with the highest score; ties (within EPS) broken by the seeded rng, so a
    bot's play is reproducible from its seed and not tied to the order of legal()."""
    top: list[T] = []
    high = -float("inf")
    scores: list[float] | None = [] if _capture is not None else None
    for it in items:
        v = score(it)
        if scores is not None:
            scores.append(v)
        if v > high + EPS:
            high = v
            top = [it]
        elif v >= high - EPS:
            top.append(it)
    if _capture is not None and scores is not None:
        _capture.append((items, scores))
    return top[0] if len(top) == 1 else top[rng.randrange(len(top))]


def scored(decide: Callable[[], T], legal: Sequence[Any]) -> tuple[T, list[float] | None]:
    """Run a bot's decision and return it with the score it gave each of `legal` (None
    when it chose without scoring every legal move, e.g. a plan built guild by guild)."""
    global _capture
    saved = _capture
    _capture = []
    try:
        choice = decide()
        found = next((s for items, s in reversed(_capture) if items is legal or list(items) == list(legal)), None)
    finally:
        _capture = saved
    return choice, found
