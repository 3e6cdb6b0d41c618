"""Die Siedler von Nürnberg (Klaus Teuber, Kosmos 1999): the rules engine.

The board is reconstructed in map.json (see docs/rules/siedler.md); `data.load` validates a
user's map, `board_svg` (svg.py, the "svg" frontend) draws one."""

from __future__ import annotations

from .data import Components, bundled, load
from .game import GAME, SiedlerGame
from .state import SiedlerState

__all__ = ["GAME", "Components", "SiedlerGame", "SiedlerState", "bundled", "load"]
