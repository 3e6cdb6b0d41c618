"""Colonia's heuristic player (`greedy`).

The plan, as a player would tell it, from the end of the chain back to its start:

- **Relics and shrines.** Points come from relics (a shrine doubles one relic of its
  city) and church windows. On Sunday the bot buys the displayed relic worth most to it
  (a relic of a city whose empty shrine it owns counts double; a shrine counts the best
  relic of its city it owns or can soon afford), puts its best relic in a shrine, and
  secures with a member a relic it will be able to pay next week. In the last week it
  weighs a cheap relic against keeping the money for a church window.
- **Ships paying in the currency of the relics it wants.** Each currency is worth what
  the relics of its city on display return per coin (more where it owns an empty
  shrine); a hold is worth its value in that currency, a little less on a ship that does
  not sail this week. On Friday it loads the best holds its goods allow.
- **Materials that match contracts.** A good is worth the best free hold it helps fill;
  a craftsman's contract is worth its good, times the chance the stick (and Thursday's
  dice) reach its field, less the members it takes. On Wednesday it takes the stall
  whose materials complete the most valuable pairs of its craftsmen's recipes, per
  member spent.
- **Members** are the currency of every day: a member at home is worth more the fewer
  are left, so it does not strip its home bare for little.
- **Family cards:** a high card (first pick, votes) when its home can spare the members
  and the week's board is rich, a low card when members are short; never a card it
  cannot pay (it would count zero).
- **Votes in its own interest:** yes to an ordinance that helps it more than the others
  on average (more materials when it picks early, extra contracts on a craftsman where
  it waits below the stick, a recall from a street where its members stand, ships
  sailing early with its goods aboard, ...), no otherwise.
- Ordinances' choices: all the members a recall allows, the materials a draw offers,
  the good it values most on a 6, an exchange from the currency it needs least into the
  one it needs most.

It reads only its Seat: its own screen (money, materials, goods, relics) and the board;
other families' screens are never read."""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

from ...core import Action
from .common import HeuristicPlayer, best

BASE_COIN = 0.2      # points per coin, a relic's usual return
BASE_GOOD = 0.35     # a good with no free hold in sight (future ships)
SAIL_LATER = 0.8     # a hold on a ship that does not sail this week


def binom_at_least(k: int, n: int, p: float) -> float:
    """P(at least k successes in n trials of chance p)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1))


class Board:
    """One family's view, in the shape the plan reads."""

    def __init__(self, v: dict[str, Any]) -> None:
        t = v["table"]
        self.v = v
        self.t = t
        self.me: int = v["seat"]
        self.n: int = v["players"]
        self.seats = v["seats"]
        mine = self.seats[self.me]
        self.mine = mine
        self.money: list[int] = list(mine["money"] or [0, 0, 0, 0])
        self.materials: list[int] = list(mine["materials"] or [0] * 5)
        self.goods: list[int] = list(mine["goods"] or [0] * 5)
        self.relics: list[dict[str, Any]] = list(mine["relics"] or [])
        self.home: int = mine["home"]
        self.week: int = t["week"]
        self.weeks: int = t["weeks"]
        self.last_week = self.week >= self.weeks
        self.cities = len(t["components"]["cities"])
        self.recipes = [c["materials"] for c in t["craftsmen"]]
        self.products = [c["good"] for c in t["craftsmen"]]
        self.order: list[int] = t["order"]
        self.member = self.member_value(self.home)
        self.coin = [self.coin_value(c) for c in range(self.cities)]
        self.good_value = [self.good_worth(g) for g in range(len(self.goods))]

    # -- what things are worth -------------------------------------------------------------
    def member_value(self, home: int) -> float:
        if self.last_week:
            return 0.05 if self.t["day"] in ("friday", "saturday", "sunday") else 0.12
        return 0.08 + 0.3 * max(0.0, 1.0 - home / 18.0)

    def shrine_owned_empty(self, city: int) -> bool:
        return any(s["city"] == city and s["relic"] is None for s in self.mine["shrines"])

    def shrine_owned(self, city: int) -> bool:
        return any(s["city"] == city for s in self.mine["shrines"])

    def relic_points(self, r: dict[str, Any]) -> float:
        """What buying displayed card r is worth to me."""
        city = r["city"]
        if r["kind"] == "shrine":
            if self.shrine_owned(city):
                return 0.0
            own = [x["points"] for x in self.relics if x["city"] == city and x["kind"] == "relic"]
            if own:
                return float(max(own))
            later = [x["points"] for x in self.t["relics"] if x["city"] == city and x["kind"] == "relic"]
            return 0.4 * max(later, default=1) if not self.last_week else 0.0
        p = float(r["points"])
        if self.shrine_owned_empty(city):
            p *= 2
        return p

    def coin_value(self, c: int) -> float:
        """Points one coin of city c's currency buys, by the relics of c on display."""
        if self.week >= self.weeks and self.t["day"] == "sunday" and self.t["decision"] != "turn":
            return 0.0
        rates = [self.relic_points(r) / r["price"] for r in self.t["relics"] if r["city"] == c and r["price"]]
        top = max(rates, default=BASE_COIN)
        v = 0.5 * top + 0.5 * BASE_COIN
        if self.shrine_owned_empty(c):
            v *= 1.3
        return v

    def hold_worth(self, ship: dict[str, Any], value: int) -> float:
        w = value * self.coin[ship["city"]]
        if not ship["sails"] and not self.last_week:
            w *= SAIL_LATER
        if self.last_week and not ship["sails"]:
            w = 0.0
        return float(w)

    def good_worth(self, g: int) -> float:
        """A good: its share of the best free hold it helps fill."""
        out = BASE_GOOD if not self.last_week else 0.0
        for ship in self.t["port"]:
            if ship is None:
                continue
            for h in ship["holds"]:
                if h["loaded_by"] is None and g in h["goods"]:
                    out = max(out, self.hold_worth(ship, h["value"]) / len(h["goods"]))
        return out

    def served_chance(self, c: int, extra: int = 0) -> float:
        """The chance a new contract at craftsman c is served this Thursday."""
        cr = self.t["craftsmen"][c]
        pos = len(cr["fields"]) + extra
        stick = cr["stick"]
        if pos < stick:
            return 1.0
        if self.t["day"] != "thursday" and self.t["day"] != "wednesday":
            return 0.0
        dice = (self.t["week_card"] or {}).get("dice", 0)
        return binom_at_least(pos - stick + 1, dice, 1 / 3)

    def contract_worth(self, c: int) -> float:
        good = self.good_value[self.products[c]]
        p = self.served_chance(c)
        later = 0.0 if self.last_week else 0.75
        cost = self.t["craftsmen"][c]["commissioned"] + 1
        return float(good * (p + (1 - p) * later) - cost * self.member)

    def materials_worth(self, mats: Sequence[int]) -> float:
        """Pairs of recipe materials the hand completes, each worth its contract (greedy)."""
        left = list(mats)
        worth = 0.0
        pairs = sorted(range(len(self.recipes)), key=lambda c: -self.good_value[self.products[c]])
        for _ in range(6):
            done = False
            for c in pairs:
                a, b = self.recipes[c]
                if left[a] and left[b]:
                    left[a] -= 1
                    left[b] -= 1
                    worth += max(0.05, self.good_value[self.products[c]] * 0.8 - 1.5 * self.member)
                    done = True
                    break
            if not done:
                break
        return worth + 0.02 * sum(left)


# == the bot ================================================================================

class ColoniaGreedy(HeuristicPlayer):
    """The heuristic player of Colonia (see the module's docstring)."""

    def decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return choose(Board(view), legal, self.rng)


def choose(b: Board, legal: Sequence[Action], rng: random.Random) -> Action:
    kind = legal[0].type if legal else ""
    types = {a.type for a in legal}
    if "family" in types:
        return best(legal, lambda a: _family(b, a.value), rng)
    if "vote" in types:
        yes = _vote_yes(b)
        return next(a for a in legal if a.yes == yes)
    if "choose_good" in types:
        return best(legal, lambda a: b.good_value[a.good], rng)
    if "enshrine" in types or "leave_shrine_empty" in types:
        points = {r["card"]: r["points"] for r in b.relics}
        return best(legal, lambda a: points.get(a.card, 0) if a.type == "enshrine" else 0.0, rng)
    if "recall" in types:
        return best(legal, lambda a: a.count, rng)
    if "take_materials" in types:
        return best(legal, lambda a: a.count, rng)
    if "exchange" in types or "keep_money" in types:
        return best(legal, lambda a: _exchange(b, a), rng)
    if "exchange_amount" in types:
        return best(legal, lambda a: a.amount, rng)
    del kind
    return _turn(b, legal, rng)


def _turn(b: Board, legal: Sequence[Action], rng: random.Random) -> Action:
    t = b.t

    def score(a: Action) -> float:
        k = a.type
        if k == "pass":
            return 0.0
        if k == "buy_stall":
            st = t["stalls"][a.stall]
            mats = [b.materials[m] + st["materials"][m] for m in range(5)]
            return float(b.materials_worth(mats) - b.materials_worth(b.materials) - st["size"] * b.member)
        if k == "commission":
            return b.contract_worth(a.craftsman)
        if k == "load":
            ship = t["port"][a.ship]
            hold = ship["holds"][a.hold]
            used = sum(b.good_value[g] for g in hold["goods"]) * 0.5
            return float(b.hold_worth(ship, hold["value"]) - used - b.member)
        if k == "load_extra":
            ship = t["port"][a.ship]
            value = next((o["amount"] for o in t["ordinances"] if o["effect"] == "extra_hold"), 2)
            return float(b.hold_worth(ship, value) - b.good_value[a.good] - b.member)
        if k == "buy_relic":
            r = next(x for x in t["relics"] if x["card"] == a.card)
            pts = b.relic_points(r)
            spend = r["price"] * b.coin[r["city"]] * (0.35 if not b.last_week else 0.0)
            if b.last_week:
                spend += _window_loss(b, r["city"], r["price"])
            return float(pts - spend)
        if k == "secure":
            if b.last_week:
                return -1.0
            r = next(x for x in t["relics"] if x["card"] == a.card)
            short = r["price"] - b.money[r["city"]]
            pts = b.relic_points(r)
            if short > 6 or pts < 1.5:
                return -1.0
            return float(0.3 * pts - b.member - 0.05 * max(0, short))
        return -1.0
    return best(legal, score, rng)


def _window_loss(b: Board, city: int, spend: int) -> float:
    """Last week: money spent may lose a church window (2 points to the strictly richest
    in a currency; others' money is hidden, so a guess: holding 8 or more wins it)."""
    have = b.money[city]
    if have >= 8 and have - spend < 8:
        return 1.0
    return 0.0


def _family(b: Board, value: int) -> float:
    """A family card: first pick and votes, against the members it locks for a week."""
    home = b.home - b.t["fewer_members"] * 0
    need = value
    if need > home:
        return -5.0 + value * 0.01
    rest = home - need
    reserve = 9 if not b.last_week else 0
    v = 0.35 * value
    if rest < reserve:
        v -= 0.45 * (reserve - rest)
    # the high cards are scarce: spend them when the week has good relics and holds
    rich = max((b.relic_points(r) for r in b.t["relics"]), default=0)
    v += 0.05 * value * rich
    # keep a card for every later week: an even spread
    left = b.mine["family_cards_left"]
    if left and value == max(left) and len(left) > 2 and rest < 14:
        v -= 0.6
    return v


def _vote_yes(b: Board) -> bool:
    """Yes when the ordinance helps me more than the other families on average."""
    t = b.t
    pending = [o for o in t["ordinances"] if o["result"] == "pending"]
    if not pending:
        return False
    o = pending[0]
    eff = o["effect"]
    me = b.me
    n = b.n
    pos = b.order.index(me) if me in b.order else n - 1
    early = pos < n / 2
    if eff in ("more_per_stall", "foreign_merchants", "extra_hold", "extra_relics"):
        return early
    if eff in ("draw_materials", "roll_good"):
        return True
    if eff == "extra_contracts":
        c = o["craftsman"]
        cr = t["craftsmen"][c]
        waiting = [f[0] for i, f in enumerate(cr["fields"]) if i >= cr["stick"]]
        mine = waiting.count(me)
        return mine > 0 and mine * n >= len(waiting)
    if eff == "recall":
        street = o["street"]
        mine = b.seats[me]["street"][street]
        others = sum(s["street"][street] for s in b.seats if s["seat"] != me) / max(1, n - 1)
        return bool(mine >= others and mine > 0)
    if eff == "sail_now":
        return _sailing_pays(b, o)
    if eff == "fewer_members":
        return bool(b.home < sum(s["home"] for s in b.seats) / n)
    if eff == "exchange":
        return max(b.money) - min(b.money) >= 4
    return False


def _sailing_pays(b: Board, o: dict[str, Any]) -> bool:
    """Whether the ships an ordinance sails now carry more of my goods than my share."""
    t, me, n = b.t, b.me, b.n
    ships = t["port"][:o["amount"]] if o["amount"] else t["port"][:1]
    mine = others = 0
    for ship in ships:
        if ship is None:
            continue
        for h in ship["holds"]:
            if h["loaded_by"] == me:
                mine += h["value"]
            elif h["loaded_by"] is not None:
                others += h["value"]
    return mine > 0 and mine * (n - 1) >= others


def _exchange(b: Board, a: Action) -> float:
    if a.type == "keep_money":
        return 0.0
    give, take = a.give, a.take
    amount = min(5, b.money[give])
    return float(amount * (b.coin[take] - b.coin[give]) - 0.01)


# == for the search ============================================================================

SEARCH = {"policy": "fast", "evaluation": "learned", "cutoff": 12, "c": 0.35, "win_weight": 0.5, "root_k": 4,
          "prior": 0.3, "widen": 1.0}
"""The search's settings for Colonia (MCTSBot): see benchmarks/strength.md for how they
were tuned."""

LEVELS = {"expert": "mcts:3s:playout=1000"}
"""Colonia's expert plays every playout to the game's end (the cheap policy, no cut-off):
those predict a position's winner better than 12 decisions and the learned evaluation
(benchmarks/strength/diagnosis, "how much better could an evaluation be?"). Against three
hard bots it won 60.4 % of 48 games, where the plain `mcts:3s` won 12.0 % of 25
(benchmarks/strength.md)."""


def _materials(state: Any, seat: int) -> list[int]:
    """A family's own materials (the others': what the table saw them take, and how many
    they drew blind, are fields of their own)."""
    own: list[int] = state.materials[seat * 5:seat * 5 + 5]
    return own


def _bag(state: Any, seat: int) -> int:
    """How many materials the bag holds (not which, while others hold blind draws)."""
    return sum(state.bag)


def _family_cards(state: Any, seat: int) -> list[int]:
    """The family cards: while they are being chosen, only whether each family chose."""
    from ...games.colonia.constants import D_FAMILY
    if state.decision != D_FAMILY:
        return list(state.family_card)
    return [c if q == seat else int(c >= 0) - 2 for q, c in enumerate(state.family_card)]


def _ballots(state: Any, seat: int) -> list[int]:
    """The ballots: while a vote is held, only whether each family voted."""
    from ...games.colonia.constants import D_VOTE
    if state.decision != D_VOTE:
        return list(state.ballots)
    return [b if q == seat else int(b >= 0) - 2 for q, b in enumerate(state.ballots)]


PRIVATE = {"materials": _materials, "bag": _bag, "family_card": _family_cards, "ballots": _ballots}
"""The state's fields a family does not see whole, and what it sees of them (bots/infokey.py)."""


def hidden(view: dict[str, Any]) -> bool:
    """Whether the seat's view hides anything a sample would draw: materials other
    families drew blind, family cards chosen but not shown, votes cast but not shown."""
    me = view["seat"]
    for q, s in enumerate(view["seats"]):
        if q != me and (s["materials_blind"] or (s["chosen"] and s["card"] is None) or s["voted"]):
            return True
    return False


def evaluate_view(v: dict[str, Any]) -> float:
    """A family's position in points: relics (shrines doubling), church windows, and
    what its money, goods, materials and members should still buy."""
    b = Board(v)
    out = 0.0
    shrine = {s["city"]: s["relic"] for s in b.mine["shrines"]}
    for r in b.relics:
        if r["kind"] == "relic":
            out += r["points"]
            inside = shrine.get(r["city"])
            if inside is not None and inside["card"] == r["card"]:
                out += r["points"]
    out += 2 * len(b.mine["windows"])
    if not v["over"]:
        out += sum(b.money[c] * b.coin[c] for c in range(b.cities))
        out += sum(b.goods[g] * b.good_value[g] for g in range(len(b.goods)))
        out += b.materials_worth(b.materials)
        out += b.home * b.member * 0.5
    return out


def greedy_playout(state: Any, seat: int, rng: random.Random) -> Action:
    """The search's playout policy: the plan itself on the seat's view of the sampled
    state."""
    legal: Sequence[Action] = state.legal(seat)
    if len(legal) == 1:
        return legal[0]
    return choose(Board(state.view(seat)), legal, rng)


def playout(state: Any, seat: int, rng: random.Random) -> Action:
    """The fast playout policy (ISMCTS, policy "fast"), by the kinds of the legal moves: in a round of
    turns it buys the relic worth most points, else mostly takes some move rather than
    pass; every recall and draw taken in full, the best relic enshrined, family cards and
    votes at random."""
    legal: Sequence[Action] = state.legal(seat)
    if len(legal) == 1:
        return legal[0]
    first = legal[0].type
    r = rng.random()
    if first in ("buy_stall", "commission", "load", "load_extra", "buy_relic", "secure"):
        if first == "buy_relic":
            points = state.components.relic_points
            top = max(legal[:-1], key=lambda a: points[a.card])
            return top if points[top.card] > 0 or r < 0.3 else legal[-1]
        if first == "secure":
            return legal[-1] if r < 0.7 else legal[int(rng.random() * (len(legal) - 1))]
        if r < 0.85:
            return legal[int(rng.random() * (len(legal) - 1))]
        return legal[-1]
    if first in ("recall", "take_materials", "enshrine"):
        return legal[0]
    return legal[int(r * len(legal))]


FEATURES = (
    "relics", "shrines", "windows", "money", "goods", "materials", "home",
    "money_raw", "goods_raw", "materials_raw", "home_raw", "relic_cards", "shrine_cards", "shrine_hope",
    "contract_members", "holds", "street",
)
"""What `features` measures of each seat, in order: the terms of the hand valuation
(its sum is `evaluate_state`), then raw quantities that only a learned evaluation weighs."""

HAND = (1.0,) * 7 + (0.0,) * 10
"""The hand valuation's weights of FEATURES: the sum of its terms."""


def evaluate_state(state: Any) -> list[float]:
    """The cut-off evaluation on a sampled state (fast: no views): each family's relic
    points (doubled in its shrines) and windows, and a flat worth of its money, goods,
    materials and members at home for the weeks left."""
    _, rows = features(state)
    return [sum(row[:7]) for row in rows]


def features(state: Any) -> tuple[float, list[list[float]]]:
    """How far the game has gone (0 at the start, 1 at the end: weeks and days) and each
    family's FEATURES, read from a sampled state (a determinization: nothing of the real
    game is learnt)."""
    from ...games.colonia.constants import N_CITIES, N_STREETS, S_MON, S_OVER
    n = state.player_count
    comp = state.components
    rows = [[0.0] * 17 for _ in range(n)]
    _relics(state, rows)
    for o in state.window_owner:
        if o >= 0:
            rows[o][2] += comp.window_points
    over = state.step == S_OVER
    late = 1.0 if state.week < comp.weeks else 0.5
    money, goods, mats = state.money, state.goods, state.materials
    for c, o in enumerate(state.contract_owner):
        if o >= 0:
            rows[o][14] += state.contract_members[c]
    for o in state.hold_owner:
        if o >= 0:
            rows[o][15] += 1.0
    for p in range(n):
        row = rows[p]
        coins = sum(money[p * N_CITIES:(p + 1) * N_CITIES])
        has_goods = sum(goods[p * 5:p * 5 + 5])
        has_mats = sum(mats[p * 5:p * 5 + 5])
        if not over:
            row[3] = BASE_COIN * coins
            row[4] = late * 0.3 * has_goods
            row[5] = late * 0.08 * has_mats
            row[6] = late * 0.05 * state.home[p]
        row[7], row[8], row[9], row[10] = float(coins), float(has_goods), float(has_mats), float(state.home[p])
        row[16] = float(sum(state.street[p * N_STREETS:(p + 1) * N_STREETS]))
    day = max(0, min(state.step, S_OVER) - S_MON) / (S_OVER - S_MON)
    progress = 1.0 if over else min(1.0, (state.week - 1 + day) / comp.weeks)
    return progress, rows



def _relics(state: Any, rows: list[list[float]]) -> None:
    """The relic features: points held, points doubled in a shrine, cards, shrines, and
    what an empty shrine of one's own would double."""
    from ...games.colonia.constants import CARDS_PER_CITY
    points = state.components.relic_points
    owner = state.relic_owner
    for card, o in enumerate(owner):
        if o >= 0:
            rows[o][0] += points[card]
            rows[o][11] += 1.0
            if card % CARDS_PER_CITY == CARDS_PER_CITY - 1:
                rows[o][12] += 1.0
    for city, card in enumerate(state.shrine_relic):
        if card >= 0 and owner[card] >= 0:
            rows[owner[card]][1] += points[card]
        shrine = owner[city * CARDS_PER_CITY + CARDS_PER_CITY - 1]
        if card < 0 and shrine >= 0:
            own = [points[k] for k in range(city * CARDS_PER_CITY, (city + 1) * CARDS_PER_CITY) if owner[k] == shrine]
            rows[shrine][13] += max(own, default=0)


Greedy = ColoniaGreedy
"""The player of this module (the heuristic protocol's name for it)."""

CUTOFF = {"heuristic": 40, "fast": 40}
"""Decisions a playout makes before the evaluation takes over, by playout policy. Measured
(benchmarks/strength.md, mcts:1s against three greedy bots, 24 seat-rotated games):
Colonia's steps are small (one stall, one hold, one vote at a time, ~54 decisions a week
at 4 players), so a 12-decision playout did not reach the end of a day: 29 %, the interval
including the fair 25 %; at 40, 70.8 %."""

SPREAD = 6.0
"""The score gap (in the evaluation's points) that counts as a sure win at a cut-off:
the evaluation's margin is (own - best other) / spread, its win share a softmax at this
temperature / 3."""
