"""The bot interface: a bot sees a Seat (its view, its legal actions, sampled states)."""

from __future__ import annotations

from typing import Protocol

from ..core import Action, Seat


class Bot(Protocol):
    name: str

    def act(self, seat: Seat) -> Action:
        """Choose one of seat.legal()."""
        ...
