"""What a move of Markt sets in motion beyond itself, for news() (reichsstadt.core.events):
one frozen dataclass per kind of event, recorded by the rules as `(Class, values...)` in
the fields' order and read by name."""

from __future__ import annotations

from dataclasses import dataclass

from reichsstadt.core.events import Event


@dataclass(frozen=True, slots=True)
class PriceMoved(Event):
    """§3.1/§3.2: a good's price moved (a sale, or the crier's demand)."""
    good: int               # the good's number (constants.GOODS)
    price: int              # its new price in thalers


@dataclass(frozen=True, slots=True)
class DayBegins(Event):
    """§3: a market day begins."""
    day: int                # 1, 2, ...
    first: int              # the seat who opens it


@dataclass(frozen=True, slots=True)
class MarketClosed(Event):
    """§4: the last market day is over."""
