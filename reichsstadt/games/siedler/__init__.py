"""Die Siedler von Nürnberg (Klaus Teuber, Kosmos 1999): the rules engine.

The board is reconstructed in map.json (see rules/siedler.md); `load_map` validates a
user's map, `board_svg` (svg.py) draws one."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.actions import ActionSpace
from ...core.contract import Game
from ...core.errors import DataFileError, RecordError
from ...core.options import Option
from .actions import table
from .mapdata import SiedlerMap, load_map
from .state import SiedlerState

__all__ = ["GAME", "SiedlerGame", "SiedlerState", "load_map"]


class SiedlerGame(Game):
    id = "siedler"
    title = "Die Siedler von Nürnberg"
    players = range(3, 5)
    options = {
        "map": Option("map", "data", None, "a map data file of your own (default: the bundled reconstructed map)"),
        "setup": Option("setup", "choice", "beginner", "beginner positions (3.) or the expert snake placement (9.)",
                        choices=("beginner", "expert")),
        "offers_per_turn": Option("offers_per_turn", "int", 3, "trade offers the active player may make per turn",
                                  minimum=0),
        "bank_trades_per_turn": Option(
            "bank_trades_per_turn", "int", 30,
            "bank trades the active player may make per turn; the rulebook sets no limit (5.2.1), but "
            "producing Zirkel, selling them and trading the gold back can loop at no loss, so a finite "
            "bound keeps every game finite", minimum=1),
        "offer_cards": Option(
            "offer_cards", "int", 5,
            "cards (gold counted) per side of one trade offer or counter-offer; the rulebook sets no "
            "limit (5.2.1), the bound keeps an offer's chain of small decisions finite", minimum=1),
    }
    version = 1

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> SiedlerState:
        opts = self.resolve(players, options)
        raw = opts["map"]
        m = load_map(raw)
        return SiedlerState.blank(self, m, table(players), players, seed, opts, raw if raw is not None else None)

    def from_json(self, obj: dict[str, Any]) -> SiedlerState:
        self.check_snapshot(obj)
        try:
            players = obj["players"]
            if players not in self.players:
                raise RecordError(f"siedler snapshot has {players!r} players")
            opts = {"map": obj["map"], "setup": obj["setup"], "offers_per_turn": obj["offers_per_turn"]}
            for name in ("bank_trades_per_turn", "offer_cards"):  # snapshots from before these options
                opts[name] = obj.get(name, self.options[name].default)
            state = self.new(players, obj["seed"], opts)
            state.restore(obj)
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, DataFileError) as exc:
            raise RecordError(f"malformed siedler snapshot: {type(exc).__name__}: {exc}") from None
        return state

    def build_action_space(self, players: int) -> ActionSpace:
        return table(players).space


GAME = SiedlerGame()
