"""What the three heuristic bots share: the bot itself (`HeuristicPlayer`: forced moves at
once, the game's plan otherwise), a seeded choice among the best-scored moves, and a way
for the search to read the scores behind a choice (`scored`)."""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence, TypeVar

from ...core import Action, Seat

T = TypeVar("T")

EPS = 1e-9

_capture: list[tuple[Sequence[Any], list[float]]] | None = None


class HeuristicPlayer:
    """A heuristic bot: the only legal move at once, otherwise `decide` (the game's plan,
    read from the seat's view; ties broken by the bot's seeded random source)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, seat: Seat) -> Action:
        legal = seat.legal()
        if len(legal) == 1:
            return legal[0]
        return self.decide(seat.view(), legal)

    def decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """The game's choice among several legal moves (each game's subclass)."""
        raise TypeError(f"{type(self).__name__} does not say how it decides")


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
