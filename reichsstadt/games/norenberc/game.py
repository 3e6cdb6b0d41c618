"""The Norenberc Game: options, new games, snapshots and the action space."""

from __future__ import annotations

from typing import Any, Mapping

from reichsstadt.core.actions import ActionSpace
from reichsstadt.core.contract import Game
from reichsstadt.core.errors import DataFileError, RecordError
from reichsstadt.core.options import Option

from . import data
from .actions import acts_for
from .state import NorenbercState


class Norenberc(Game):
    id = "norenberc"
    title = "Norenberc"
    players = range(2, 6)
    options = {
        "components": Option(
            "components", "data", None,
            "a components JSON file of your own (default: the bundled components.json)",
        ),
        "open_planning": Option(
            "open_planning", "bool", False,
            "plan one by one in reverse turn order, seeing how many cards the others laid",
        ),
    }
    version = 1

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> NorenbercState:
        opts = self.resolve(players, options)
        comp = data.load(opts["components"])
        return NorenbercState.start(players, seed, comp, acts_for(players), opts["open_planning"])

    def from_json(self, obj: dict[str, Any]) -> NorenbercState:
        self.check_snapshot(obj)
        players = obj.get("players")
        if not isinstance(players, int) or isinstance(players, bool) or players not in self.players:
            raise RecordError(f"norenberc snapshot: players must be 2 to 5, not {players!r}")
        try:
            comp = data.load(obj.get("components"))
        except DataFileError as exc:
            raise RecordError(f"norenberc snapshot: its components are invalid: {exc}") from None
        try:
            return NorenbercState.from_snapshot(obj, comp, acts_for(players))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"norenberc snapshot is malformed: {exc!r}") from None

    def build_action_space(self, players: int) -> ActionSpace:
        return acts_for(players).space
