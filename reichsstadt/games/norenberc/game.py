"""The Norenberc Game: options, new games, snapshots and the action space."""

from __future__ import annotations

from typing import Any, Mapping

from reichsstadt.core.actions import ActionSpace
from reichsstadt.core.contract import Game, GameInfo
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
    version = 2
    frontends = {"terminal": "reichsstadt.games.norenberc.terminal:render"}

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> NorenbercState:
        opts = self.resolve(players, options)
        comp = data.load(opts["components"])
        return NorenbercState.start(self, players, seed, opts, comp, acts_for(players))

    def _info(self, players: int) -> GameInfo:
        raise NotImplementedError

    def build_action_space(self, players: int) -> ActionSpace:
        return acts_for(players).space
