"""Colonia (Dirk Henn, Queen Games 2009): six weeks of Cologne, 3 to 6 families."""

from __future__ import annotations

from typing import Any, Mapping

from ...core import ActionSpace, Game, Option, RecordError
from ...core.errors import DataFileError
from .actions import build_space
from .data import Components, bundled, validate
from .state import ColoniaState

__all__ = ["GAME", "ColoniaGame", "ColoniaState"]


class ColoniaGame(Game):
    id = "colonia"
    title = "Colonia"
    players = range(3, 7)
    version = 2
    options = {
        "components": Option(
            "components", "data", None,
            "a JSON components file replacing the bundled one (week cards, ships, relics, ordinances, ...)",
        ),
    }

    def components(self, raw: Any) -> tuple[Components, bool]:
        if raw is None:
            return bundled(), False
        return validate(raw, "colonia components file"), True

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> ColoniaState:
        opts = self.resolve(players, options)
        comp, custom = self.components(opts["components"])
        state = ColoniaState(comp, players, seed, custom)
        state._advance()
        return state

    def from_json(self, obj: dict[str, Any]) -> ColoniaState:
        self.check_snapshot(obj)
        players = obj.get("players")
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.players:
            raise RecordError(f"colonia snapshot: 'players' must be 3 to 6, not {players!r}")
        seed = obj.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError(f"colonia snapshot: 'seed' must be a whole number, not {seed!r}")
        try:
            comp, custom = self.components(obj.get("components"))
        except DataFileError as exc:
            raise RecordError(f"colonia snapshot: its components are broken: {exc}") from None
        state = ColoniaState(comp, players, seed, custom)
        try:
            state.restore(obj)
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"colonia snapshot: field {exc} is missing or malformed") from None
        return state

    def build_action_space(self, players: int) -> ActionSpace:
        return build_space(players)


GAME = ColoniaGame()
