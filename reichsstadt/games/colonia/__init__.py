"""Colonia (Dirk Henn, Queen Games 2009): six weeks of Cologne, 3 to 6 families.

The package, bottom up: constants (numbers and names), data (the components file),
actions (the action table), rules (every rule, one function each), state (the fields and
the core's hooks), scoring, present (view, describe, news, refusals, names), schema (the
view's JSON Schema), game (the Game), terminal (the Rich board)."""

from __future__ import annotations

from .game import GAME, ColoniaGame
from .state import ColoniaState

__all__ = ["GAME", "ColoniaGame", "ColoniaState"]
