"""What a Colonia move sets in motion beyond itself, for news() (core/events.py): one
frozen dataclass per kind of event, recorded by the rules as `(Class, values...)` in the
fields' order. Seats, cities, craftsmen, goods, materials, ships and relic cards are the
state's numbers (indices of the components file). Imports nothing of the game."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.events import Event


@dataclass(frozen=True, slots=True)
class FamilyCardRevealed(Event):
    """p. 16: a family's card is revealed (all together)."""
    player: int
    value: int
    face_down: bool         # the family lacked the card's members: it counts 0
    members: int            # the members it put in the town hall


@dataclass(frozen=True, slots=True)
class TurnOrder(Event):
    """p. 16: the week's turn order, the mayor first."""
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class VoteCounted(Event):
    """p. 16: an ordinance's votes are revealed and counted."""
    ordinance: int
    yes: int
    no: int
    passed: bool
    mayor: int              # who breaks a tie
    ballots: tuple[int, ...]    # per seat: -1 no vote, 0 no, 1 yes


@dataclass(frozen=True, slots=True)
class NoVote(Event):
    """Nobody could vote on the ordinance."""
    ordinance: int


@dataclass(frozen=True, slots=True)
class StallBack(Event):
    """p. 18: an untaken stall's materials go back into the bag."""
    stall: int
    materials: tuple[int, ...]  # per material


@dataclass(frozen=True, slots=True)
class MembersHome(Event):
    """p. 17-20 "Spostamenti": members come home from a street field."""
    player: int
    members: int
    street: int             # TUE .. FRI (constants)


@dataclass(frozen=True, slots=True)
class GoodDelivered(Event):
    """p. 19: a contract above the stick yields a good (if the supply has one)."""
    player: int
    craftsman: int
    good: int
    received: bool          # False: the supply was out of that good


@dataclass(frozen=True, slots=True)
class ContractsCarried(Event):
    """p. 19: contracts below the stick wait for next week."""
    craftsman: int
    contracts: int


@dataclass(frozen=True, slots=True)
class ShipSails(Event):
    """p. 21: a ship sails from its place; its payments follow (HoldPaid)."""
    ship: int
    place: int


@dataclass(frozen=True, slots=True)
class HoldPaid(Event):
    """p. 21: a loaded hold pays its value in the ship's currency."""
    player: int
    value: int
    city: int
    hold: int               # -1: the extra hold


@dataclass(frozen=True, slots=True)
class AutoPass(Event):
    """A family with no possible move in a round of turns passes."""
    player: int
    step: int               # the round's step (constants.S_*)


@dataclass(frozen=True, slots=True)
class RelicGone(Event):
    """p. 22: an unsecured relic is discarded."""
    card: int


@dataclass(frozen=True, slots=True)
class WindowAwarded(Event):
    """p. 23: a church window, to the one player with the most of its currency."""
    city: int
    player: int             # -1: nobody (a tie, or no money)
    money: int              # the most money of that currency


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """p. 23: the final scoring."""
