"""Markt's heuristic player (`greedy`): the "heuristic" part of the game, in the shape
reichsstadt/bots/heuristic/__init__.py describes (Greedy, Board, choose, greedy_playout,
playout, evaluate_state, CUTOFF, SPREAD), so that the greedy bot and the search's
playouts and cut-off evaluation work for Markt as for the bundled games.

The plan, as a merchant would tell it:

- **A good in hand is worth what it will sell for later**: its price, raised a little by
  the criers still to come, lowered by what the others may sell of it first, and nothing
  after the merchant's last turn.
- **Sell** when the thalers now beat what the goods sold are worth kept, counting the
  price's fall for the goods of that kind still held; on its last turn, its most valuable
  stack goes.
- **Fetch** when an average good of those the merchant has not seen is worth more than
  the toll, which it never is on the last day.
- **Wait** otherwise.

It reads only its Seat: its own hand, the prices, the purses, the sold pile and how many
goods each merchant holds; the others' hands are never read."""

from __future__ import annotations

import random
from typing import Any, Sequence

from reichsstadt.bots.heuristic.common import HeuristicPlayer, best
from reichsstadt.core import Action

from .actions import ACTIONS
from .constants import DEMAND_RISE, K_FETCH, K_SELL, N_GOODS, PER_GOOD, PRICE_MAX, TOLL
from .rules import price_after_sale

HOLD = 0.85          # a good kept is worth this share of the price it should fetch later
CROWD = 0.4          # the price a good may lose to the others' sales, per good they hold of all kinds


class Board:
    """One merchant's view, in the shape the plan reads."""

    def __init__(self, view: dict[str, Any]) -> None:
        t = view["table"]
        self.me: int = view["seat"]
        mine = view["seats"][self.me]
        self.hand: list[int] = list(mine["hand"])
        self.thalers: int = mine["thalers"]
        self.prices: list[int] = list(t["prices"])
        self.later_days: int = t["days"] - t["day"]     # market days after today: turns still to come
        others: int = sum(s["goods"] for i, s in enumerate(view["seats"]) if i != self.me)
        self.crowd: float = CROWD * others / N_GOODS
        self.unseen: list[int] = [PER_GOOD - t["sold"][g] - self.hand[g] for g in range(N_GOODS)]

    def keep(self, good: int, price: int | None = None) -> float:
        """What one good of this kind is worth kept after this turn (at `price`, default now)."""
        if self.later_days == 0:
            return 0.0
        now = self.prices[good] if price is None else price
        later = min(PRICE_MAX, now + DEMAND_RISE * self.later_days / N_GOODS) - self.crowd
        return HOLD * max(1.0, later)

    def sell(self, good: int, count: int) -> float:
        """What selling `count` of `good` now gains over keeping them."""
        price = self.prices[good]
        after = price_after_sale(price, count)  # the rule's own fall (rules.py)
        rest = self.hand[good] - count
        return price * count - count * self.keep(good) - rest * (self.keep(good) - self.keep(good, after))

    def fetch(self) -> float:
        """What fetching an unseen good gains over the toll paid."""
        total = sum(self.unseen)
        if not total:
            return -TOLL
        return sum(n * self.keep(g) for g, n in enumerate(self.unseen)) / total - TOLL


def choose(b: Board, legal: Sequence[Action], rng: random.Random) -> Action:
    """The plan's move among `legal` (ties broken by `rng`)."""
    def score(a: Action) -> float:
        kind, good, count = ACTIONS.code[a]
        if kind == K_SELL:
            return b.sell(good, count)
        if kind == K_FETCH:
            return b.fetch()
        return 0.0
    return best(legal, score, rng)


class Greedy(HeuristicPlayer):
    """The heuristic player of Markt (see the module's docstring)."""

    def decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return choose(Board(view), legal, self.rng)


# -- what the plan lends the search (ISMCTS) -------------------------------------------------
def greedy_playout(state: Any, seat: int, rng: random.Random) -> Action:
    """The search's playout policy: the plan on the seat's view of the sampled state."""
    legal = state.legal(seat)
    if len(legal) == 1:
        return legal[0]  # type: ignore[no-any-return]
    return choose(Board(state.view(seat)), legal, rng)


def playout(state: Any, seat: int, rng: random.Random) -> Action:
    """The fast playout policy, the plan's habits without its sums: on the last day sell
    the best stack; else sell a stack of two or more at a price of four or more; else
    mostly fetch; else any move."""
    legal: Sequence[Action] = state.legal(seat)
    hand: list[int] = state.hands[seat]
    prices: list[int] = state.prices
    stacks = [(prices[g] * n, g) for g, n in enumerate(hand) if n]
    if stacks:
        _, good = max(stacks)
        if state.day == state.days or (hand[good] >= 2 and prices[good] >= 4):
            return ACTIONS.sell[good][hand[good]]
    if ACTIONS.fetch in legal and rng.random() < 0.7:
        return ACTIONS.fetch
    return legal[int(rng.random() * len(legal))]


def evaluate_state(state: Any) -> list[float]:
    """The cut-off evaluation on a sampled state: each purse, and each good held at a
    share of its price while its merchant still has a turn to sell it."""
    return [state.thalers[p] + (HOLD * sum(n * price for n, price in zip(state.hands[p], state.prices))
                                if _turns_left(state, p) else 0.0) for p in range(state.player_count)]


def _turns_left(state: Any, seat: int) -> bool:
    """Whether `seat` still has a turn: any day but the last, and on the last unless its
    turn today is past."""
    if state.over():
        return False
    return bool(state.day < state.days or (seat - state.first) % state.player_count >= state.turn)


CUTOFF = {"heuristic": 12, "fast": 24}
"""Decisions a playout makes before the evaluation takes over, by playout policy: about
two market days at three or four merchants."""

SPREAD = 6.0
"""The thaler gap that counts as a sure win at a cut-off (a good sale)."""
