"""The random bot: a uniformly random legal action."""

from __future__ import annotations

import random

from ..core import Action, Seat


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, seat: Seat) -> Action:
        legal = seat.legal()
        return legal[self.rng.randrange(len(legal))]
