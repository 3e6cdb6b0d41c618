"""The Markt state: its fields (declared once, each with what it holds: clone() and
snapshots follow from the declaration), read-only queries, and the core's hooks, which
hand every move to the rule that carries it out (rules.py). What is said about a state
(views, words) is in present.py."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Annotated, Any

from reichsstadt.core import CHANCE, SHARED, Action, IllegalAction, Message, Outcome, State

from . import present, rules
from .actions import ACTIONS
from .constants import (
    DEAL, HAND_LIMIT, MARKET, N_GOODS, OVER, PER_GOOD, PHASE_IDS, PRICE_MAX, PRICE_MIN, PRICE_START, START_THALERS,
)

if TYPE_CHECKING:
    from reichsstadt.core import Game

_CHANCE_ONLY = (CHANCE,)
_NOBODY: tuple[int, ...] = ()


class MarktState(State):

    # -- fixed for the game ----------------------------------------------------------------
    player_count: Annotated[int, SHARED]   # seats 0..player_count-1
    days: Annotated[int, SHARED]           # market days in this game (the option "days")

    # -- where the game stands ---------------------------------------------------------------
    phase: int               # DEAL, CRIER, MARKET or OVER (constants)
    day: int                 # the market day, 1..days (0 during the deal)
    first: int               # the seat that opens this day's turns
    turn: int                # merchants who have taken their turn today
    drawer: int              # the seat drawing a good from the warehouse now, -1 if none
    demand: int              # the good the crier called for today, -1 before the crier

    # -- the market ------------------------------------------------------------------------
    prices: list[int]        # prices[good]: thalers a good of that kind sells for now
    warehouse: list[int]     # warehouse[good]: goods of that kind not yet drawn (hidden: only the total is seen)
    sold: list[int]          # sold[good]: goods of that kind on the sold pile (public)

    # -- the merchants -----------------------------------------------------------------------
    thalers: list[int]       # thalers[seat]: each purse (public)
    hands: list[list[int]]   # hands[seat][good]: the goods each merchant holds (only they see them)

    @classmethod
    def start(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> MarktState:
        """§2: the prices, the purses; the deal's draws follow as chance nodes."""
        s = cls.__new__(cls)
        s._init_base(game, players, seed, options)
        s.player_count, s.days = players, options["days"]
        s.phase, s.day, s.first, s.turn, s.drawer, s.demand = DEAL, 0, 0, 0, 0, -1
        s.prices = [PRICE_START] * N_GOODS
        s.warehouse = [PER_GOOD] * N_GOODS
        s.sold = [0] * N_GOODS
        s.thalers = [START_THALERS] * players
        s.hands = [[0] * N_GOODS for _ in range(players)]
        return s

    # -- queries (presentation and bots may call them) ---------------------------------------
    @property
    def players(self) -> int:
        return self.player_count

    @property
    def phase_id(self) -> str:
        """The phase as a stable string id (the view's `phase`; catalog: markt.phase.<id>)."""
        return PHASE_IDS[self.phase]

    def merchant(self) -> int:
        """The seat on turn in the market phase."""
        return (self.first + self.turn) % self.player_count

    def hand_size(self, seat: int) -> int:
        """How many goods `seat` holds (public)."""
        return sum(self.hands[seat])

    # -- the core's hooks ------------------------------------------------------------------
    def _to_act(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return _NOBODY
        if self.phase == MARKET and self.drawer < 0:
            return (self.merchant(),)
        return _CHANCE_ONLY

    def _legal(self, seat: int) -> list[Action]:
        return rules.legal_market(self, seat)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return rules.chance_outcomes(self)

    def _is_outcome(self, action: Action) -> bool:
        return rules.is_outcome(self, action)

    def _apply(self, seat: int, action: Action) -> None:
        kind, good, count = ACTIONS.code[action]
        rules.APPLY[kind](self, seat, good, count)

    def _why(self, seat: int, action: Action) -> Message:
        return present.why(self, seat, action)

    def _check_position(self) -> None:
        n = self.player_count
        if len(self.thalers) != n or len(self.hands) != n or any(len(h) != N_GOODS for h in self.hands):
            raise ValueError(f"markt position: thalers and hands need one entry per seat ({n})")
        for g in range(N_GOODS):
            held = sum(h[g] for h in self.hands)
            if min(self.warehouse[g], self.sold[g], *(h[g] for h in self.hands)) < 0 or \
                    self.warehouse[g] + self.sold[g] + held != PER_GOOD:
                raise ValueError(f"markt position: the {PER_GOOD} goods of kind {g} are not all accounted for")
            if not PRICE_MIN <= self.prices[g] <= PRICE_MAX:
                raise ValueError(f"markt position: price {self.prices[g]} is off the track")
        if any(sum(h) > HAND_LIMIT for h in self.hands) or min(self.thalers) < 0:
            raise ValueError(f"markt position: at most {HAND_LIMIT} goods in hand, no debts")

    # -- hidden information ------------------------------------------------------------------
    def sample(self, seat: int, rng: random.Random) -> MarktState:
        """A state `seat` cannot tell apart from this one: the other merchants' hands and the
        warehouse's goods are dealt anew from every good `seat` has not seen (the warehouse
        and the others' hands together), each merchant keeping the number of goods it holds.
        Prices, purses and the sold pile are public and stay."""
        s = self.clone()
        assert isinstance(s, MarktState)
        others = [p for p in range(self.player_count) if p != seat]
        pool = [g for g in range(N_GOODS) for _ in range(self.warehouse[g] + sum(self.hands[p][g] for p in others))]
        rng.shuffle(pool)
        for p in others:
            hand = [0] * N_GOODS
            for _ in range(self.hand_size(p)):
                hand[pool.pop()] += 1
            s.hands[p] = hand
        s.warehouse = [pool.count(g) for g in range(N_GOODS)]
        return s

    # -- what is said about it (present.py) and the end --------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return present.view(self, seat)

    def describe(self, seat: int, action: Action, viewer: int | None) -> Message:
        return present.describe(self, seat, action, viewer)

    def news(self, viewer: int | None) -> list[str | Message]:
        return present.news(self, viewer)

    def confirm(self, seat: int, action: Action) -> Message | None:
        return present.confirm(self, seat, action)

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise IllegalAction(Message("markt.why.not_over"))
        return rules.outcome(self)
