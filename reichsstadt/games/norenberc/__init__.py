"""Norenberc (Andreas Steding, 2010): the rules engine. `GAME` is found by the registry.

Layout: constants (numbers and codes), data (the components file), actions (the action
table), state (fields, queries, the core's hooks), rules (one function per rule),
scoring, present (views and words), schema (the view's JSON Schema), game (the Game),
terminal (the Rich board)."""

from .game import Norenberc, game_info
from .schema import view_schema

GAME = Norenberc()

__all__ = ["GAME", "Norenberc", "game_info", "view_schema"]
