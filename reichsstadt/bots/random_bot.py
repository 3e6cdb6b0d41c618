"""The random bot: a uniformly random legal move, with one exception of sense.

When players have accepted a trade offer the bot made itself (Siedler's close step),
it closes with one of them, chosen at random, instead of perhaps withdrawing the offer
it has just proposed: a random bot still makes random offers and gives random answers,
but it no longer proposes a trade, sees it accepted and takes it back (issue 12). The
engine never lets one seat both accept an offer and withdraw it: only the active player
closes or withdraws, and only the others answer."""

from __future__ import annotations

import random

from ..core import Action, Seat


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, seat: Seat) -> Action:
        legal = seat.legal()
        if len(legal) > 1:
            closes = [a for a in legal if a.type == "close"]
            if closes and any(a.type == "withdraw" for a in legal):
                legal = tuple(closes)
        return legal[self.rng.randrange(len(legal))]
