"""What a player (a bot, a browser, an RL agent) gets of a game: its own view, its legal
actions and, for search, states sampled from what it cannot know. Never the state."""

from __future__ import annotations

import random
from typing import Any

from .actions import Action
from .contract import State
from .messages import Message


class Seat:
    """A seat's window on a live state. Bots receive this, so they cannot read hidden
    information by accident: there is no path from here to the true state."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def game_id(self) -> str:
        return self._state.game_id

    def view(self) -> dict[str, Any]:
        return self._state.view(self.seat)

    def legal(self) -> tuple[Action, ...]:
        return self._state.legal(self.seat)

    def to_act(self) -> tuple[int, ...]:
        return self._state.to_act()

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with everything this seat knows (for ISMCTS)."""
        return self._state.sample(self.seat, rng)

    def describe(self, action: Action) -> "str | Message":
        return self._state.describe(self.seat, action, self.seat)
