"""The rules of Markt (RULES.md), one function per rule, each citing its section: the
legal moves of a turn, one handler per kind of action, the automatic steps (the deal,
the crier, the end of a turn and of a day), the chance outcomes and the final scores.

A legality check returns why a move is refused (None: allowed), so that legal() and the
words of a refusal (present.why) rest on the same rule."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from reichsstadt.core import Action, Outcome, rank_by

from .actions import ACTIONS
from .events import DayBegins, MarketClosed, PriceMoved
from .constants import (
    CRIER, DEAL, DEMAND_RISE, HAND_LIMIT, K_DEMAND, K_DRAW, K_FETCH, K_SELL, MARKET,
    N_GOODS, OVER, PRICE_MAX, PRICE_MIN, START_GOODS, TOLL,
)

if TYPE_CHECKING:
    from .state import MarktState


# -- legal moves ---------------------------------------------------------------------------
def sell_refusal(s: MarktState, seat: int, good: int, count: int) -> str | None:
    """§3.2 sell: only goods in hand can be sold."""
    return "short" if s.hands[seat][good] < count else None


def fetch_refusal(s: MarktState, seat: int) -> str | None:
    """§3.2 fetch: the toll paid, room in hand, and a good left in the warehouse."""
    if s.thalers[seat] < TOLL:
        return "toll"
    if sum(s.hands[seat]) >= HAND_LIMIT:
        return "full"
    if not any(s.warehouse):
        return "empty"
    return None


def refusal(s: MarktState, seat: int, action: Action) -> str | None:
    """Why the merchant on turn may not take `action` (an action of this game), or None."""
    kind, good, count = ACTIONS.code[action]
    if kind == K_SELL:
        return sell_refusal(s, seat, good, count)
    if kind == K_FETCH:
        return fetch_refusal(s, seat)
    if kind in (K_DRAW, K_DEMAND):
        return "chance"
    return None


def legal_market(s: MarktState, seat: int) -> list[Action]:
    """§3.2: sell one to all of the goods of a kind in hand, fetch a good, or wait."""
    hand = s.hands[seat]
    out = [ACTIONS.sell[g][c] for g in range(N_GOODS) for c in range(1, hand[g] + 1)]
    if fetch_refusal(s, seat) is None:
        out.append(ACTIONS.fetch)
    out.append(ACTIONS.wait)
    return out


# -- the merchants' moves (§3.2) ---------------------------------------------------------------
def price_after_sale(price: int, count: int) -> int:
    """§3.2 sell: the price falls by the number of goods sold, to PRICE_MIN at least."""
    return max(PRICE_MIN, price - count)


def sell(s: MarktState, seat: int, good: int, count: int) -> None:
    """§3.2 sell: `count` goods of one kind at the price each; the price falls; the goods
    go to the sold pile, face up."""
    s.thalers[seat] += s.prices[good] * count
    s.hands[seat][good] -= count
    s.sold[good] += count
    s.prices[good] = price_after_sale(s.prices[good], count)
    s._event((PriceMoved, good, s.prices[good]))
    end_turn(s)


def fetch(s: MarktState, seat: int, good: int, count: int) -> None:
    """§3.2 fetch: pay the toll; a good is drawn from the warehouse (a chance node whose
    outcome only the merchant sees)."""
    s.thalers[seat] -= TOLL
    s.drawer = seat


def wait(s: MarktState, seat: int, good: int, count: int) -> None:
    """§3.2 wait: nothing happens."""
    end_turn(s)


# -- chance ------------------------------------------------------------------------------------
def chance_outcomes(s: MarktState) -> list[tuple[Action, float]]:
    """§3.1: the crier calls for each good alike; §2, §3.2: a good drawn from the
    warehouse is of each kind as often as the warehouse holds it."""
    if s.phase == CRIER:
        return [(ACTIONS.demand[g], 1 / N_GOODS) for g in range(N_GOODS)]
    if s.drawer < 0:
        return []
    total = sum(s.warehouse)
    return [(ACTIONS.draw[g], n / total) for g, n in enumerate(s.warehouse) if n]


def is_outcome(s: MarktState, action: Action) -> bool:
    """Whether `action` is a possible outcome of the chance node now (cheaper than listing them)."""
    kind, good, _ = ACTIONS.code[action]
    if kind == K_DEMAND:
        return s.phase == CRIER
    return kind == K_DRAW and s.drawer >= 0 and s.phase != CRIER and s.warehouse[good] > 0


def draw(s: MarktState, seat: int, good: int, count: int) -> None:
    """§2 and §3.2: the drawing merchant takes the good drawn, in secret. In the deal the
    merchants draw START_GOODS each in seat order; then the first market day begins."""
    s.warehouse[good] -= 1
    s.hands[s.drawer][good] += 1
    if s.phase != DEAL:
        s.drawer = -1
        end_turn(s)
    elif sum(s.hands[s.drawer]) == START_GOODS:
        s.drawer += 1
        if s.drawer == s.player_count:
            s.drawer = -1
            begin_day(s, 1)


def cry(s: MarktState, seat: int, good: int, count: int) -> None:
    """§3.1: the town crier calls for a good: its price rises by DEMAND_RISE, to PRICE_MAX
    at most; the merchants' turns follow."""
    s.demand = good
    s.prices[good] = min(PRICE_MAX, s.prices[good] + DEMAND_RISE)
    s._event((PriceMoved, good, s.prices[good]))
    s.phase = MARKET


# -- the course of a day -----------------------------------------------------------------------
def begin_day(s: MarktState, day: int) -> None:
    """§3.3: a market day begins with the merchant after the last day's first (the first
    seat on day 1); §3.1: the crier is due."""
    s.day = day
    s.first = (day - 1) % s.player_count
    s.turn = 0
    s.demand = -1
    s.phase = CRIER
    s._event((DayBegins, day, s.first))


def end_turn(s: MarktState) -> None:
    """§3.2: the next merchant in seat order; after the last, the next day (§3.3) or,
    after the last day, the end (§4)."""
    s.turn += 1
    if s.turn < s.player_count:
        return
    if s.day < s.days:
        begin_day(s, s.day + 1)
    else:
        s.phase = OVER
        s._event((MarketClosed,))


APPLY: tuple[Callable[[MarktState, int, int, int], None], ...] = (sell, fetch, wait, draw, cry)
"""The handler of each kind of action (K_SELL .. K_DEMAND), called with (state, seat, good, count)."""


# -- the end (§4) ------------------------------------------------------------------------------
def outcome(s: MarktState) -> Outcome:
    """§4: each merchant scores their thalers (unsold goods count nothing); equal thalers
    share a rank."""
    scores = tuple(s.thalers)
    return Outcome(scores, rank_by([(t,) for t in scores]), tuple({"thalers": t} for t in scores))
