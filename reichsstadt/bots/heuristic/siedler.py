"""Die Siedler von Nürnberg's heuristic player (`greedy`).

The plan, as a player would tell it:

- **Settlements on busy numbers.** A settlement is a victory point and a harvest: the
  bot counts, for each free intersection of a road where it has a toll station, the cards
  its terrains bring in (the chance of each harvest number in the event deck, the robber's
  terrain counting nothing) over the years left, favouring resources it does not yet
  harvest.
- **Tolls for the right of way.** A toll station is bought for the road's right-of-way
  card (a victory point, the toll on every sale to its city, the Wegezoll), to defend a
  card a rival could take, or to open a road with good free intersections for its
  settlements.
- **Workshops where they double.** A workshop is a victory point on a red intersection;
  the bot prefers one that doubles the sale of goods it can make from its own harvest,
  a Hauptmarkt corner whose 3:1 or 2:1 rate fits what it harvests, or the Bauhof (towers).
- **Walls for council seats.** Prestige is counted point by point against the council
  cards (4/3/2 VP): a wall piece (or a tower, or a Kostenloser Lehm wall for 3 gold) is
  worth the council card it takes or comes nearer to.
- **Goods for gold** when the cards are not needed for its next build; gold pays walls
  and towers.
- **Trades that serve its next build.** Every move is scored by the build it brings
  within reach: the bot trades with the bank only when that helps, offers the other
  players the cards it can spare for the cards its next build lacks (one for one, then
  two for one), sends the offer to everyone, and closes with the accepting player who has
  the fewest victory points. It never withdraws an offer someone accepted; it withdraws
  only when all it got are counter-offers that do not help it. It accepts another
  player's offer only when the trade brings its own next build nearer and does not hand a
  near-winner (11+ VP) what it asks for; it makes no counter-offers.
- Raubritter: it discards what its next builds need least, puts the robber on the
  terrain that costs the leaders most and itself nothing, and robs the richest hand.
  It keeps its hand at seven cards or fewer at the end of its turn when it can.

The terrains are not in the view: the bot reads them from the bundled map file, having
checked that the view's board (present.map_view) is that map's, as the terminal does; on
a map of the user's own it values every intersection alike. It reads only its Seat
(view, legal moves): other players' hands are never read (only their card counts)."""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from ...core import Action
from ...games.siedler.constants import (
    COST_SETTLEMENT, COST_TOLL, COST_TOWER, COST_WALL, COST_WORKSHOP, COUNCIL_AT, COUNCIL_KEYS, COUNCIL_LOCK,
    COUNCIL_VP, HAND_LIMIT, RESOURCES, ROAD_NAMES, TARGET_VP, TRADABLES,
)
from ...games.siedler.constants import GOLD as GOLD_SLOT  # gold's place in a cost or a trade
from .common import HeuristicPlayer, best

RES = RESOURCES
TRAD = TRADABLES
NRES = len(RESOURCES)
ROADS = ROAD_NAMES
COST = {"toll": COST_TOLL, "settle": COST_SETTLEMENT, "workshop": COST_WORKSHOP, "wall": COST_WALL, "tower": COST_TOWER}
COUNCIL = COUNCIL_KEYS
CARD = 0.22      # VP a resource card is worth to a plan, roughly
GOLD = 0.075     # ... and a gold
NEAR_WIN = TARGET_VP - 2    # a rival this close to winning gets no help from a trade


class MapFacts:
    """What the board's terrains say: for each intersection the harvest numbers' chances
    and resources beside it. Read from the bundled map file when the view's board is that
    map's (None otherwise)."""

    _cache: dict[str, Any] = {}

    def __init__(self, m: Any) -> None:
        from ...games.siedler.constants import CARD_KINDS, HARVEST_NUMBERS

        total = sum(m.deck_counts)
        chance = [0.0] * (max(HARVEST_NUMBERS) + 1)
        for k, c in enumerate(m.deck_counts):
            n = CARD_KINDS[k][0]
            if n:
                chance[n] += c / total
        self.terrain_chance = [chance[n] for n in m.terrain_num]
        self.terrain_res = list(m.terrain_res)
        self.terrain_ids = list(m.terrain_ids)
        self.inter_terrains = [list(x) for x in m.inter_terrains]
        self.road_offset = list(m.road_offset)
        self.terrain_inters = [list(x) for x in m.terrain_inters]

    @classmethod
    def of(cls, board: dict[str, Any]) -> "MapFacts | None":
        key = "bundled"
        if key not in cls._cache:
            from ...games.siedler.data import bundled
            from ...games.siedler.present import map_view

            m = bundled()
            cls._cache[key] = (map_view(m), cls(m))
        shown, facts = cls._cache[key]
        return facts if shown == board else None


class Board:
    """One seat's view, in the shape the plan reads."""

    def __init__(self, v: dict[str, Any]) -> None:
        t = v["table"]
        self.v = v
        self.t = t
        self.me: int = v["seat"]
        self.n: int = v["players"]
        self.seats = v["seats"]
        mine = self.seats[self.me]
        self.hand = [mine["hand"][r] for r in RES] if mine["hand"] else [0] * NRES
        self.gold: int = mine["gold"]
        self.vp = [s["victory_points"] for s in self.seats]
        self.mapv = t["map"]
        self.facts = MapFacts.of(self.mapv)
        self.terrain_index = {tid: i for i, tid in enumerate(self.facts.terrain_ids)} if self.facts else {}
        self.robber = self.terrain_index.get(t["robber"], -1) if t["robber"] is not None else -1
        steps_left = len(self.mapv["years"]) - 1 - t["time_stone"]
        # harvests still to come, discounted: the game ends in its last year or at TARGET_VP
        lead = max(self.vp)
        self.horizon = min(36.0, 9.0 * steps_left) * max(0.25, 1.0 - max(0, lead - 5) / 10.0)
        self.prod = self.production(self.me)
        self.goods = self.mapv["goods"]
        self.reds = self.mapv["red_intersections"]
        self.my_reds = [j for j, o in enumerate(t["workshops"]) if o == self.me]
        self.rates = self.bank_rates()
        self.good_index = {x["key"]: g for g, x in enumerate(self.goods)}
        self._builds: list[tuple[float, tuple[int, ...]]] | None = None
        self._doubles: list[bool] | None = None
        self._rates: dict[int, float] = {}

    # -- the board ------------------------------------------------------------------------
    def inters(self, road: str) -> list[int | None]:
        settlements: list[int | None] = self.t["roads"][road]["settlements"]   # seat per intersection
        return settlements

    def spot_chance(self, road: str, i: int) -> list[float]:
        """Cards per harvest, per resource, of a settlement at intersection i of a road."""
        out = [0.0] * NRES
        f = self.facts
        if f is None:
            return [0.08] * NRES
        gi = f.road_offset[ROADS.index(road)] + i
        for terrain in f.inter_terrains[gi]:
            if terrain != self.robber:
                out[f.terrain_res[terrain]] += f.terrain_chance[terrain]
        return out

    def production(self, p: int) -> list[float]:
        out = [0.0] * NRES
        for road in ROADS:
            for i, o in enumerate(self.inters(road)):
                if o == p:
                    for r, x in enumerate(self.spot_chance(road, i)):
                        out[r] += x
        return out

    def free_spots(self, road: str) -> list[int]:
        row = self.inters(road)
        last = len(row) - 1
        return [i for i in range(1, last + 1)
                if row[i] is None and row[i - 1] is None and (i == last or row[i + 1] is None)]

    def tolls(self, road: str) -> list[int]:
        """Toll stations per seat on a road."""
        out = [0] * self.n
        for o in self.t["roads"][road]["tolls"]:
            if o is not None:
                out[o] += 1
        return out

    def bank_rates(self) -> list[int]:
        rates = [4] * 6
        two = []
        for j in self.my_reds:
            mark = self.reds[j]["trade"]
            if mark == "3:1":
                rates = [3] * 6
            elif mark is not None:
                two.append(RES.index(mark))
        for r in two:
            rates[r] = 2
        return rates

    def doubles(self, g: int) -> bool:
        """Whether a workshop of mine doubles the price of goods g."""
        if self._doubles is None:
            mine = [self.reds[j]["goods"] for j in self.my_reds]
            self._doubles = [any(x["key"] in held for held in mine) for x in self.goods]
        return self._doubles[g]

    # -- what a build is worth ------------------------------------------------------------
    def spot_value(self, road: str, i: int) -> float:
        ch = self.spot_chance(road, i)
        v = 0.0
        for r in range(NRES):
            weight = 1.25 if self.prod[r] < 0.05 else 1.0
            v += ch[r] * weight
        holder = self.t["roads"][road]["right_of_way"]
        return float(1.0 + v * self.horizon * CARD - (0.15 if holder is not None and holder != self.me else 0.0))

    def settle_value(self, road: str, i: int) -> float:
        if self.seats[self.me]["pieces_left"]["settlements"] <= 0:
            return 0.0
        return self.spot_value(road, i)

    def toll_value(self, road: str) -> float:
        me = self.me
        counts = self.tolls(road)
        holder = self.t["roads"][road]["right_of_way"]
        segs = self.mapv["roads"][road]["segments"]
        if sum(counts) >= segs or self.seats[me]["pieces_left"]["tolls"] <= 0:
            return 0.0
        v = 0.0
        city = self.mapv["roads"][road]["city"] is not None
        if holder is None or (holder != me and counts[me] + 1 > counts[holder]):
            v += 1.0 + (0.5 if city else 0.2)
            if holder is not None:
                v += 0.4  # a rival loses it
        elif holder == me:
            rival = max((counts[q] for q in range(self.n) if q != me), default=0)
            if rival >= counts[me]:
                v += 0.8
            elif rival == counts[me] - 1:
                v += 0.3
        elif counts[me] + 1 == counts[holder]:
            v += 0.35  # one more after this takes it
        if counts[me] == 0 and self.seats[me]["pieces_left"]["settlements"] > 0:
            spots = self.free_spots(road)
            if spots:
                v += 0.55 * max(self.spot_value(road, i) - 0.3 for i in spots)
        return v

    def workshop_value(self, j: int) -> float:
        if self.seats[self.me]["pieces_left"]["workshops"] <= 0:
            return 0.0
        red = self.reds[j]
        v = 1.0
        for key in red["goods"]:
            g = self.good_index[key]
            if self.doubles(g):
                continue
            v += self.good_rate(g) * self.horizon * self.goods[g]["price"] * GOLD * 0.8
        mark = red["trade"]
        if mark == "3:1" and min(self.rates) > 3:
            v += 0.5
        elif mark is not None and mark != "3:1" and self.rates[RES.index(mark)] > 2:
            v += self.prod[RES.index(mark)] * self.horizon * CARD * 0.35 + 0.2
        if red["bauhof"] and not any(self.reds[k]["bauhof"] for k in self.my_reds):
            v += 0.4 + min(0.8, self.gold * 0.05)
        return v

    def good_rate(self, g: int) -> float:
        """Goods g its own harvest can make per harvest, roughly."""
        known = self._rates.get(g)
        if known is None:
            rec = self.goods[g]["recipe"]
            prod = self.prod
            known = self._rates[g] = min((prod[RES.index(r)] / c for r, c in rec.items()), default=0.0) * 0.6
        return known

    def prestige_value(self, points: int) -> float:
        """What `points` more prestige is worth: the council card taken or kept (4/3/2 VP,
        a rival losing one), and the way towards one."""
        me = self.me
        prestige = [s["prestige"] for s in self.seats]
        holder = [self.t["council"][k] for k in COUNCIL]
        own_card = [i for i in range(3) if holder[i] == me]
        before = COUNCIL_VP[own_card[0]] if own_card else 0
        x = prestige[me]
        rival_loss = 0.0
        for _ in range(points):
            x += 1
            mine = next((i for i in range(3) if holder[i] == me), -1)
            if mine < 0 and x >= COUNCIL_AT:
                free = next((i for i in range(3) if holder[i] is None), -1)
                if free >= 0:
                    holder[free] = me
                    continue
            if mine >= 0 and x - 1 >= COUNCIL_LOCK:
                continue
            takes = [i for i in range(3) if isinstance(holder[i], int) and holder[i] != me
                     and prestige[holder[i]] == x - 1 and prestige[holder[i]] < COUNCIL_LOCK
                     and (mine < 0 or i < mine)]
            if takes:
                i = min(takes)
                q = holder[i]
                holder[i] = me
                if mine >= 0:
                    holder[mine] = q
                rival_loss += COUNCIL_VP[i] - (COUNCIL_VP[mine] if mine >= 0 else 0)
        own_card = [i for i in range(3) if holder[i] == me]
        after = COUNCIL_VP[own_card[0]] if own_card else 0
        progress = 0.35 * points if x < COUNCIL_LOCK else 0.1 * points
        return after - before + 0.3 * rival_loss + progress

    def builds(self) -> list[tuple[float, tuple[int, ...]]]:
        """The best build of each kind: (worth, cost per tradable)."""
        if self._builds is not None:
            return self._builds
        me = self.me
        out: list[tuple[float, tuple[int, ...]]] = []
        spots = [self.settle_value(road, i) for road in ROADS if self.tolls(road)[me] for i in self.free_spots(road)]
        if spots:
            out.append((max(spots), COST["settle"]))
        tolls = [self.toll_value(road) for road in ROADS]
        if tolls:
            out.append((max(tolls), COST["toll"]))
        ws = [self.workshop_value(j) for j, o in enumerate(self.t["workshops"]) if o is None]
        if ws:
            out.append((max(ws), COST["workshop"]))
        if len(self.t["walls"]) < self.mapv["wall_pieces"]:
            out.append((self.prestige_value(1), COST["wall"]))
        if any(self.reds[j]["bauhof"] for j in self.my_reds) and any(o is None for o in self.t["towers"]):
            out.append((self.prestige_value(2), COST["tower"]))
        self._builds = out
        return out

    # -- the worth of holding cards --------------------------------------------------------
    def worth(self, hand: Sequence[int], gold: int, end: bool = False) -> float:
        """What a hand (and gold) is worth to the plan: the builds it brings within reach
        (each card missing costs a share), the cards themselves, and at the end of the turn
        the risk of a Raubritter halving a hand over seven cards."""
        reach = []
        for value, cost in self.builds():
            miss = 0.0
            for c, h in zip(cost, hand):   # the resources (a hand holds no gold slot)
                if c > h:
                    miss += c - h
            if cost[GOLD_SLOT] > gold:
                miss += (cost[GOLD_SLOT] - gold) / 2.5
            reach.append(value * 0.5 ** miss)
        reach.sort(reverse=True)
        v = (reach[0] if reach else 0.0) + (0.3 * reach[1] if len(reach) > 1 else 0.0)
        cards = sum(hand)
        v += 0.04 * cards + GOLD * gold
        if cards > HAND_LIMIT:
            v -= (0.6 if end else 0.25) * (cards // 2) * CARD
        return v

    def after(self, give: Sequence[int], get: Sequence[int]) -> tuple[list[int], int]:
        hand = [self.hand[r] - give[r] + get[r] for r in range(NRES)]
        return hand, self.gold - give[GOLD_SLOT] + get[GOLD_SLOT]

    def trade_gain(self, give: Sequence[int], get: Sequence[int]) -> float:
        hand, gold = self.after(give, get)
        if min(hand) < 0 or gold < 0:
            return -1e9
        return self.worth(hand, gold) - self.worth(self.hand, self.gold)

    # -- an offer of my own ----------------------------------------------------------------
    def wanted_offer(self, number: int, size: int) -> tuple[list[int], list[int]] | None:
        """The offer that serves my next build: (give, want) per tradable, or None. The
        `number`-th offer of the turn is more generous (two cards for one)."""
        builds = sorted(self.builds(), key=lambda b: -b[0])
        hand, gold = self.hand, self.gold
        for value, cost in builds[:3]:
            missing = [max(0, cost[r] - hand[r]) for r in range(NRES)]
            need = sum(missing)
            if need == 0 or need > 2 or value < 0.6:
                continue
            spare = [max(0, hand[r] - cost[r]) for r in range(NRES)]
            want = [0] * 6
            for r in range(NRES):
                want[r] = missing[r]
            extra = 1 if number >= 2 else 0
            k = min(size, need + extra)
            give = [0] * 6
            order = sorted(range(NRES), key=lambda r: (self.prod[r] < 0.05, -spare[r], r))
            left = k
            for r in order:
                while left and spare[r] - give[r] > 0 and want[r] == 0:
                    give[r] += 1
                    left -= 1
            if left and gold - cost[GOLD_SLOT] >= 2 * left:
                give[GOLD_SLOT] += 2 * left
                left = 0
            if left or sum(give) == 0 or sum(want) > size or sum(give) > size:
                continue
            if self.trade_gain(give, want) <= 0.05:
                continue
            return give, want
        return None


# == the bot ================================================================================

class SiedlerGreedy(HeuristicPlayer):
    """The heuristic player of Die Siedler von Nürnberg (see the module's docstring)."""

    def decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return choose(Board(view), legal, self.rng)


def _vec(d: dict[str, int]) -> list[int]:
    return [d[x] for x in TRAD]


def choose(b: Board, legal: Sequence[Action], rng: random.Random, trade: bool = True) -> Action:
    """The move the plan prefers for the seat of board `b` (`trade` False: no offers of
    its own, as in the search's playouts, where they would cost time and rarely pass)."""
    phase = b.v["phase"]
    if phase == "main":
        return _main(b, legal, rng, trade)
    if phase in ("offer_give", "offer_want", "offer_send"):
        return _build_offer(b, legal, rng, phase)
    if phase == "respond":
        return _respond(b, legal, rng)
    if phase == "close":
        return _close(b, legal, rng)
    scorer = _PHASES.get(phase)
    return best(legal, scorer(b) if scorer else (lambda a: 0.0), rng)


Scorer = Callable[[Action], float]


def _discard_score(b: Board) -> Scorer:
    def drop(a: Action) -> float:
        r = RES.index(a.resource)
        hand = list(b.hand)
        hand[r] -= 1
        return b.worth(hand, b.gold)
    return drop


def _robber_place_score(b: Board) -> Scorer:
    return lambda a: _robber_score(b, a.terrain)


def _steal_score(b: Board) -> Scorer:
    return lambda a: float(b.seats[a.victim]["cards"] + 0.3 * b.vp[a.victim])


def _lehm_score(b: Board) -> Scorer:
    def lehm(a: Action) -> float:
        if a.type == "wall":
            return b.prestige_value(1) - 3 * GOLD
        return 0.0
    return lehm


def _council_score(b: Board) -> Scorer:
    held = b.t["council"]

    def card(a: Action) -> float:
        for i, k in enumerate(COUNCIL):
            if held[k] == a.take_from:
                return COUNCIL_VP[i]
        return 0.0
    return card


def _setup_toll_score(b: Board) -> Scorer:
    def road(a: Action) -> float:
        spots = b.free_spots(a.road)
        return max((b.spot_value(a.road, i) for i in spots), default=0.0) + 0.3 * b.toll_value(a.road)
    return road


def _setup_settlement_score(b: Board) -> Scorer:
    return lambda a: b.spot_value(a.road, a.at)


_PHASES: dict[str, Callable[[Board], Scorer]] = {
    "discard": _discard_score, "robber": _robber_place_score, "steal": _steal_score,
    "kostenloser_lehm": _lehm_score, "council": _council_score, "setup_toll": _setup_toll_score,
    "setup_settlement": _setup_settlement_score,
}
"""The scoring of each phase whose choice is one move weighed by itself."""

NOTHING = (0,) * len(TRAD)
"""No cards and no gold: a cost or a trade's side that is empty."""


def _main(b: Board, legal: Sequence[Action], rng: random.Random, trade: bool = True) -> Action:
    here = b.worth(b.hand, b.gold)

    def score(a: Action) -> float:
        kind = a.type
        if kind == "end":
            return b.worth(b.hand, b.gold, end=True) - here
        if kind in COST or kind == "settle":
            return _build_score(b, a, here)
        if kind == "produce":
            return _produce_score(b, a, here)
        if kind == "bank":
            x, y = TRAD.index(a.fields["give"]), TRAD.index(a.fields["get"])
            give = list(NOTHING)
            get = list(NOTHING)
            give[x] = b.rates[x]
            get[y] = 1
            return b.trade_gain(give, get) - 0.01
        if kind == "offer":
            return _own_offer_score(b) if trade else -1.0
        return -1.0
    return best(legal, score, rng)


def _build_score(b: Board, a: Action, here: float) -> float:
    """A build: what the piece is worth to the plan, and what paying for it leaves."""
    kind = a.type
    hand, gold = b.after(COST[kind], NOTHING)
    if kind == "settle":
        value = b.settle_value(a.road, a.at)
    elif kind == "toll":
        value = b.toll_value(a.road)
    elif kind == "workshop":
        value = b.workshop_value(a.spot)
    elif kind == "wall":
        value = b.prestige_value(1)
    else:
        value = b.prestige_value(2)
    if value <= 0.05:
        return -1.0
    return value + b.worth(hand, gold) - here


def _produce_score(b: Board, a: Action, here: float) -> float:
    """A good produced and sold: its recipe's cards for its price, less the toll of a road
    whose right of way another seat holds."""
    goods = b.goods
    g = b.good_index[a.good]
    rec = goods[g]["recipe"]
    cost = tuple(rec.get(r, 0) for r in RES) + (0,)
    price = goods[g]["price"] * (2 if b.doubles(g) else 1)
    road = next((r for r in ROADS if b.mapv["roads"][r]["city"] == goods[g]["city"]), None)
    holder = b.t["roads"][road]["right_of_way"] if road else None
    toll = goods[g]["toll"] if holder is not None and holder != b.me else 0
    earned = list(NOTHING)
    earned[GOLD_SLOT] = max(0, price - toll)
    hand, gold = b.after(cost, tuple(earned))
    return float(b.worth(hand, gold) - here - (0.02 * toll))


def _own_offer_score(b: Board) -> float:
    """An offer of my own (at most two a turn): the trade it would ask for, discounted."""
    made = b.t["offers_left"]
    number = _offers_made(b) + 1
    if made <= 0 or number > 2:
        return -1.0
    o = b.wanted_offer(number, b.t["offer_cards"])
    if o is None:
        return -1.0
    return 0.4 * b.trade_gain(*o)


def _offers_made(b: Board) -> int:
    """Offers made this turn (the option's limit is not in the view: 3 unless the table
    says otherwise, taken from offers_left at the turn's first look)."""
    return int(max(0, 3 - b.t["offers_left"]))


def _build_offer(b: Board, legal: Sequence[Action], rng: random.Random, phase: str) -> Action:
    number = _offers_made(b)
    o = b.wanted_offer(max(1, number), b.t["offer_cards"])
    offer = b.t["offer"]
    by_type = {a.type: a for a in legal}
    if o is None:
        return by_type.get("cancel", legal[-1])
    give, want = o
    if phase == "offer_give":
        return _next_card(legal, by_type, "give", _vec(offer["give"]), give)
    if phase == "offer_want":
        return _next_card(legal, by_type, "want", _vec(offer["want"]), want)
    for a in legal:
        if a.type == "send" and a.to == -1:
            return a
    return legal[0]


def _next_card(legal: Sequence[Action], by_type: dict[str, Action], kind: str, have: Sequence[int],
               need: Sequence[int]) -> Action:
    """The next card (`kind`: give or want) the offer lacks, else done with it."""
    for x in range(len(TRAD)):
        if have[x] < need[x]:
            for a in legal:
                if a.type == kind and a.resource == TRAD[x]:
                    return a
    return by_type.get("done", by_type.get("cancel", legal[-1]))


def _respond(b: Board, legal: Sequence[Action], rng: random.Random) -> Action:
    """Another player's offer: accept only what brings my next build nearer, and never
    help a near-winner; no counter-offers (a counter under way is dropped)."""
    offer = b.t["offer"]
    kinds = {a.type: a for a in legal}
    if "accept" not in kinds and "decline" not in kinds:
        return kinds.get("cancel", legal[-1])  # a counter-offer under way: drop it
    active = b.t["active"]
    give_to_me = _vec(offer["give"])
    want_from_me = _vec(offer["want"])
    if "accept" in kinds:
        gain = b.trade_gain(want_from_me, give_to_me)
        if gain > 0.05 and b.vp[active] < NEAR_WIN:
            return kinds["accept"]
    return kinds.get("decline", legal[0])


def _close(b: Board, legal: Sequence[Action], rng: random.Random) -> Action:
    """My offer's answers: close with an accepting player (the one with the fewest
    victory points): the offer was made to serve my next build, so it is never withdrawn
    once accepted. A counter-offer is taken only if it helps; withdrawn otherwise."""
    offer = b.t["offer"]
    closes = [a for a in legal if a.type == "close"]
    if closes:
        return min(closes, key=lambda a: (b.vp[a.partner], a.partner))
    counters = offer["counters"]

    def take(a: Action) -> float:
        if a.type != "take_counter":
            return 0.0
        c = counters[a.partner]
        # the counter's maker gives c.give and asks c.want of me
        gain = b.trade_gain(_vec(c["want"]), _vec(c["give"]))
        return gain if b.vp[a.partner] < NEAR_WIN else -1.0
    return best(legal, take, rng)


def _robber_score(b: Board, terrain: int) -> float:
    f = b.facts
    if f is None:
        return 0.0
    v = 0.0
    ch = f.terrain_chance[terrain]
    for gi in f.terrain_inters[terrain]:
        road = 0
        while road + 1 < len(f.road_offset) and f.road_offset[road + 1] <= gi:
            road += 1
        o = b.inters(ROADS[road])[gi - f.road_offset[road]]
        if o is None:
            continue
        if o == b.me:
            v -= 3.0 * ch
        else:
            v += ch * (1.0 + 0.15 * b.vp[o])
    return v


# == for the search ============================================================================

SEARCH = {"policy": "fast", "evaluation": "learned", "cutoff": 12, "c": 0.35, "win_weight": 0.5, "root_k": 4,
          "prior": 0.3, "widen": 1.0, "plain": ("offer_give", "offer_want", "offer_send", "respond")}
"""The search's settings for Die Siedler von Nürnberg (MCTSBot): see
benchmarks/strength.md for how they were tuned."""

LEVELS = {"expert": "mcts:3s:policy=heuristic:playout=40"}
"""Siedler's expert plays its playouts by the heuristic player itself, 40 decisions before
the evaluation: those estimate a position as well as the heuristic's greedy worth, where
the cheap policy's 12 decisions fall short (benchmarks/strength/diagnosis, "longer
cut-offs, and playouts by the heuristic player"); they cost more, which only the expert's
budget can pay. Against three hard bots it won 47.9 % of 48 games (34.5-61.7 %, mean
rank 2.04; short of the issue's 55 %), where the plain `mcts:3s` won 18.5 % of 27, less
than hard's own share (benchmarks/strength.md)."""

UNMODELLED = ("offer",)
"""Moves the fast playouts never make (they drop every offer): a search cannot value an
offer of the bot's own, so with `trust` (`mcts:3s:trust=1`) it plays the heuristic's."""


def _hands(state: Any, seat: int) -> list[int]:
    """What a seat knows of the hands: its own; of each other's, the cards it can place
    and how many it cannot (stolen or Wegezoll cards between others)."""
    n = state.player_count
    hands, unknown = state.hands, state.unknown_cards
    out = list(hands[seat * NRES:(seat + 1) * NRES])
    for p in range(n):
        if p != seat:
            base = (seat * n + p) * NRES
            known = [hands[p * NRES + r] - unknown[base + r] for r in range(NRES)]
            out += [*known, sum(unknown[base:base + NRES])]
    return out


def _unknown(state: Any, seat: int) -> int:
    return 0   # its part a seat knows is in _hands


PRIVATE = {"hands": _hands, "unknown_cards": _unknown}
"""The state's fields a seat does not see whole, and what it sees of them (bots/infokey.py)."""


def evaluate_view(v: dict[str, Any]) -> float:
    """A seat's position in victory points and what should become of them: its VP, its
    harvest over the years left, its cards, gold and prestige towards a council card."""
    b = Board(v)
    me = b.me
    out = float(b.vp[me])
    out += sum(b.prod) * b.horizon * CARD * 0.5
    out += b.worth(b.hand, b.gold) * 0.6
    out += 0.25 * min(b.seats[me]["prestige"], COUNCIL_LOCK)
    return float(out)


def greedy_playout(state: Any, seat: int, rng: random.Random) -> Action:
    """The search's playout policy: the plan itself on the seat's view of the sampled
    state, without offers of its own."""
    legal: Sequence[Action] = state.legal(seat)
    if len(legal) == 1:
        return legal[0]
    return choose(Board(state.view(seat)), legal, rng, trade=False)


_BUILD_ORDER = ("settle", "workshop", "toll", "tower", "wall")


def playout(state: Any, seat: int, rng: random.Random) -> Action:
    """The fast playout policy (ISMCTS, policy "fast"), by the kinds of the legal moves only: build when
    it can (settlements and workshops first), else now and then make a good or trade with
    the bank when the hand is over seven, else end the turn; no offers, every offer
    declined (an offer already under way is dropped), an accepted offer closed, every
    Kostenloser Lehm wall built."""
    legal: Sequence[Action] = state.legal(seat)
    if len(legal) == 1:
        return legal[0]
    types: dict[str, list[Action]] = {}
    for a in legal:
        types.setdefault(a.type, []).append(a)
    r = rng.random()
    if "end" in types:
        return _fast_turn(state, seat, types, r, rng)
    for kind in _FAST_ANSWERS:
        if kind in types:
            return types[kind][0]
    return legal[int(r * len(legal))]


_FAST_ANSWERS = ("close", "decline", "cancel", "withdraw", "wall")
"""The fast policy's answer outside its own turn: the first of these kinds it may play."""


def _fast_turn(state: Any, seat: int, types: dict[str, list[Action]], r: float, rng: random.Random) -> Action:
    """The fast policy on its own turn: build by _BUILD_ORDER, else a good or a bank trade
    now and then (always over the hand limit), else end the turn."""
    for kind in _BUILD_ORDER:
        if kind in types and r < 0.9:
            opts = types[kind]
            return opts[int(rng.random() * len(opts))]
    many = state.cards(seat) > HAND_LIMIT
    if "produce" in types and (many or r < 0.35):
        opts = types["produce"]
        return opts[int(rng.random() * len(opts))]
    if "bank" in types and many:
        opts = types["bank"]
        return opts[int(rng.random() * len(opts))]
    return types["end"][0]


_CHANCES: dict[int, list[float]] = {}


def _inter_chance(m: Any) -> list[float]:
    """Cards per harvest of a settlement at each intersection of a map (all resources)."""
    got = _CHANCES.get(id(m))
    if got is None:
        facts = MapFacts(m)
        got = [sum(facts.terrain_chance[x] for x in ts) for ts in facts.inter_terrains]
        _CHANCES[id(m)] = got
    return got


FEATURES = (
    "victory_points", "harvest", "cards", "gold", "prestige", "thirteen",
    "production", "cards_raw", "gold_raw", "prestige_raw", "settlements", "workshops", "rights_of_way",
    "council", "tolls", "towers", "walls", "hand_over_limit",
)
"""What `features` measures of each seat, in order: the terms of the hand valuation
(its sum is `evaluate_state`), then raw quantities that only a learned evaluation weighs."""

HAND = (1.0,) * 6 + (0.0,) * 12
"""The hand valuation's weights of FEATURES: the sum of its terms."""


def evaluate_state(state: Any) -> list[float]:
    """The cut-off evaluation on a sampled state (fast: no views): each seat's victory
    points, its harvest over the years left, its cards, gold and prestige."""
    _, rows = features(state)
    return [sum(row[:6]) for row in rows]


def features(state: Any) -> tuple[float, list[list[float]]]:
    """How far the game has gone (0 at the start, 1 at the end: the time stone, or the
    leader's way to 13 VP) and each seat's FEATURES, read from a sampled state."""
    from ...games.siedler.constants import N_ROADS, SETTLEMENTS, TOLLS, WORKSHOPS
    n = state.player_count
    m = state.components
    chance = _inter_chance(m)
    years = len(m.years) - 1
    steps_left = years - state.time_stone
    vps = [state.victory_points(p) for p in range(n)]
    horizon = min(36.0, 9.0 * steps_left) * max(0.25, 1.0 - max(0, max(vps) - 5) / 10.0)
    prod = [0.0] * n
    for gi, o in enumerate(state.settlement_owner):
        if o >= 0:
            prod[o] += chance[gi]
    rows = []
    towers = state.tower_owner
    walls = state.wall_builders
    row_of_way = state.right_of_way
    for p in range(n):
        cards = state.cards(p)
        gold = state.gold[p]
        prestige = state.prestige[p]
        c = state.council_of(p)
        rows.append([
            float(vps[p]), prod[p] * horizon * CARD * 0.5, 0.15 * cards, 0.05 * gold,
            0.25 * min(prestige, COUNCIL_LOCK), 5.0 if vps[p] >= TARGET_VP else 0.0,
            prod[p], float(cards), float(gold), float(prestige),
            float(SETTLEMENTS - state.settlements_left[p]), float(WORKSHOPS - state.workshops_left[p]),
            float(sum(1 for k in range(N_ROADS) if row_of_way[k] == p)),
            float(COUNCIL_VP[c]) if c >= 0 else 0.0, float(TOLLS - state.tolls_left[p]),
            float(towers.count(p)), float(walls.count(p)), float(max(0, cards - HAND_LIMIT)),
        ])
    progress = max(state.time_stone / years if years else 1.0, min(1.0, max(vps) / TARGET_VP))
    return min(1.0, progress), rows


Greedy = SiedlerGreedy
"""The player of this module (the heuristic protocol's name for it)."""

CUTOFF = {"heuristic": 16, "fast": 40}
"""Decisions a playout makes before the evaluation takes over, by playout policy (mcts:1s
against three greedy bots: 45.8 % of 24 seat-rotated games at 16, benchmarks/strength.md)."""

SPREAD = 4.0
"""The score gap (in the evaluation's points) that counts as a sure win at a cut-off:
the evaluation's margin is (own - best other) / spread, its win share a softmax at this
temperature / 3."""
