"""What a move of Die Siedler von Nürnberg sets in motion beyond itself, for news()
(core/events.py): one frozen dataclass per kind of event, recorded by the rules as
`(Class, values...)` in the fields' order. Seats, resources, roads and terrains are the
state's numbers. Imports nothing of the game."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.events import Event


@dataclass(frozen=True, slots=True)
class Harvested(Event):
    """5.1.1: the harvest of an event card's number."""
    number: int
    gains: tuple[int, ...]  # the cards each seat got: gains[seat * 5 + resource]
    short: tuple[int, ...]  # resources the supply could not pay in full: nobody got them
    blocked: int            # the terrain of that number the robber knight stands on (6.1), or -1


@dataclass(frozen=True, slots=True)
class YearPasses(Event):
    """8.1: an hourglass moves the time stone one space."""
    year: int
    reshuffled: bool        # a red space: the discards go back into the deck (6.4)
    ended: bool             # 1400: the game ends (7b)


@dataclass(frozen=True, slots=True)
class MarkgrafIntervenes(Event):
    """8.2: the robber knight goes back to the Raubritterburg."""
    returned: bool          # False: it stood there already


@dataclass(frozen=True, slots=True)
class FreeClay(Event):
    """8.3, Kostenloser Lehm: who may build a wall piece for 3 gold, in turn."""
    players: tuple[int, ...]
    wall_complete: bool


@dataclass(frozen=True, slots=True)
class TollDue(Event):
    """8.4, Wegezoll: what each opponent of the road's right-of-way holder owes."""
    road: int
    holder: int             # -1: nobody holds the road's right of way, nobody pays
    dues: tuple[tuple[int, int, int, int], ...]  # (payer, gold paid, random cards to draw, cards lost)
