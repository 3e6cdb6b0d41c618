"""Norenberc (Andreas Steding, 2010): the rules engine. `GAME` is found by the registry."""

from .game import Norenberc

GAME = Norenberc()

__all__ = ["GAME", "Norenberc"]
