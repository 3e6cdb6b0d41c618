"""Norenberc's heuristic player (`greedy`).

The plan, as a player would tell it:

- **Cheap goods early.** Goods are the currency of hires and the stake of the
  favourite races; a good costs its guild master's value, so the bot buys where the
  master is cheap, and only goods that move it up a favourite race or pay a hire.
- **Favourites and prestige.** At the end of each round the player with the most goods
  of a guild's type wins its master (round 4: both tiles), a crest and, in the prestige
  guild, the prestige crest. The bot counts everyone's goods (public; a Peddler's good
  counts 4), values each race by what its winner takes, and buys, keeps or sells goods by
  how much they change its chance to win it; late in the round a lead is surer.
- **Crest sets.** Crests score by how many *different* ones a player holds (2, 5, 9, 14,
  20 VP for 3..7), so a first crest of a guild is worth far more than a second: the bot
  chases races in guilds whose crest it lacks, and prestige crests (each distinct).
- **Majority timing.** Artisans score majorities (5/3/1 per guild) at the end; early on
  a lead is cheap to overturn, so an artisan is valued by its value at first and more and
  more by the majority it actually wins or keeps as the game nears its end. Agent+
  artisans and Councillors (one more action per round) are worth most early; Musicians
  and Mayors pay income for the rounds left; Nobles, Foremen, Tax collectors, Engravers
  and Apprentices by what they will score.
- Turn order: after a hire it always moves to first place (first pick of stores and
  guests, and the favourite tie-break). The Thief robs the goods that hurt a rival's race
  and help its own; a Peddler's good goes where +4 wins a race; a Mayor goes on the roof
  of the guild where it owns most artisans. The Guard swaps a workshop artisan only when
  the coming master of a race it leads gets better (otherwise it declines).
- Planning: it plans the guilds where its best move (buy, hire, sell) is worth most, one
  or two a turn so it keeps agents to react, and passes only when nothing is worth an
  agent.

It reads only its Seat: the view (every field is public or its own: other players'
money is never read), the legal moves and their words. `PlayoutPolicy` is a fast
stand-in for playouts (ISMCTS), `evaluate` the cut-off evaluation (the same valuation of
a position, per seat)."""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Sequence

from ...core import Action
from .common import HeuristicPlayer, best

CREST_VP = (0, 0, 0, 2, 5, 9, 14, 20)  # the rulebook's crest collection table (3.. distinct)
PEDDLER_WORTH = 4                    # a Peddler's good counts as 4 for the favourite
ROUNDS = 4


def crest_curve(x: float) -> float:
    """CREST_VP, linear between whole numbers of distinct crests."""
    if x <= 0:
        return 0.0
    if x >= len(CREST_VP) - 1:
        return float(CREST_VP[-1])
    i = int(x)
    return CREST_VP[i] + (CREST_VP[i + 1] - CREST_VP[i]) * (x - i)


def majority_points(keys: dict[int, tuple[int, int]]) -> dict[int, int]:
    """The majority points of one guild by the scoring rule (scoring.majority_points: 5/3/1,
    ties 4/2/0, a sole first takes the places nobody claims), written for speed: the bot
    asks it thousands of times a move. tests/bots check it against the rule."""
    order = sorted(keys.values(), reverse=True)
    out: dict[int, int] = {}
    claimed = 0
    sole_first = len(order) == 1 or order[0] != order[1]
    for p, k in keys.items():
        r = 1
        size = 0
        for x in order:
            if x > k:
                r += 1
            elif x == k:
                size += 1
        if r <= 3:
            out[p] = (5, 3, 1)[r - 1] if size == 1 else (4, 2, 0)[r - 1]
        else:
            out[p] = 0
        for q in range(r, r + size):
            claimed |= 1 << q
    if sole_first:
        first = next(p for p, k in keys.items() if k == order[0])
        if not claimed >> 2 & 1:
            out[first] += 3
        if not claimed >> 3 & 1:
            out[first] += 1
    return out


class Board:
    """What one seat's view says, in the shape the valuation needs."""

    def __init__(self, v: dict[str, Any]) -> None:
        t = v["table"]
        self.view = v
        self.me: int = v["seat"]
        self.n: int = v["players"]
        self.seats = v["seats"]
        self.guilds = t["guilds"]
        self.G = len(self.guilds)
        self.round: int = t["round"]
        self.current = t["current"]
        self.prices = t["room_prices"]
        self.order: list[int] = t["turn_order"]
        me = self.seats[self.me]
        self.money: int = me["money"] if me["money"] is not None else 0
        self.mv = [g["master_value"] or 0 for g in self.guilds]
        # favourite counts per seat and type: goods held, a Peddler's good as 4
        self.counts = [list(s["goods"]) for s in self.seats]
        for p, s in enumerate(self.seats):
            for _tile, good in s["peddler_goods"]:
                if good >= 0:
                    self.counts[p][good] += PEDDLER_WORTH
        # artisans per seat: totals and counts per guild
        self.totals = [[0] * self.G for _ in range(self.n)]
        self.nart = [[0] * self.G for _ in range(self.n)]
        self.kinds: list[list[dict[str, Any]]] = []
        for p, s in enumerate(self.seats):
            for tile in s["tiles"]:
                if tile["kind"] == "artisan" and tile["guild"] < self.G:
                    self.totals[p][tile["guild"]] += tile["value"]
                    self.nart[p][tile["guild"]] += 1
            self.kinds.append([x for x in s["tiles"] if x["kind"] != "artisan"])
        # how far the round has gone: the share of everyone's agents already used
        agents = sum(s["agents"] for s in self.seats)
        free = sum(0 if s["moon"] else s["agents_free"] for s in self.seats)
        self.late = 1.0 - free / agents if agents else 1.0
        self.lam = 0.22 if self.round < ROUNDS else 0.3       # VP per thaler
        self.agent_value = max(0.3, 1.25 * (ROUNDS - self.round) + 0.3 * (1 - self.late))
        self.first_value = 0.9 if self.round < ROUNDS else 0.4
        self._prizes: dict[int, float] = {}
        self._gains: dict[tuple[int, int, int, int], float] = {}
        self._tiles: dict[tuple[int, int, bool], float] = {}
        self._losses: dict[tuple[int, ...], float] = {}
        self._cheapest: dict[tuple[int, int, int], tuple[float, list[int]]] = {}
        self.rival = [[max((self.counts[q][t] for q in range(self.n) if q != p), default=0) for t in range(self.G)]
                      for p in range(self.n)]

    # -- favourites -----------------------------------------------------------------------
    def distinct(self, p: int) -> float:
        s = self.seats[p]
        d = sum(1 for c in s["crests"] if c) + s["prestige_crests"]
        d += sum(1 for x in self.kinds[p] if x["kind"] == "engraver")
        return float(d)

    def crest_gain(self, p: int) -> float:
        """What one more distinct crest is worth to p, on the crests it can still expect."""
        d = self.distinct(p) + 0.7 * (ROUNDS - self.round)
        return max(1.5, crest_curve(d + 1) - crest_curve(d))

    def prize(self, p: int, t: int) -> float:
        """What winning guild t's favourite this round is worth to p."""
        key = p * 16 + t
        got = self._prizes.get(key)
        if got is None:
            got = self._prizes[key] = self._prize(p, t)
        return got

    def _prize(self, p: int, t: int) -> float:
        g = self.guilds[t]
        v = 0.0
        tiles = [g["master"]]
        if self.round == ROUNDS and g["covered"] is not None:
            tiles.append(g["covered"])
        for tile in tiles:
            if tile is not None:
                v += self.tile_value(p, tile, won=True)
        if g["crests"] > 0:
            v += self.crest_gain(p) if not self.seats[p]["crests"][t] else 0.4
        if g["prestige"] and g["prestige_crest"]:
            v += self.crest_gain(p)
        return v

    def chance(self, p: int, t: int, c: int, others: Sequence[int] | None = None) -> float:
        """p's chance of being guild t's favourite holding c (counted) goods of its type."""
        if c <= 0:
            return 0.0
        lead = c - (max(others, default=0) if others is not None else self.rival[p][t])
        if lead >= 2:
            x = 0.92
        elif lead == 1:
            x = 0.78
        elif lead == 0:
            x = 0.45
        elif lead == -1:
            x = 0.18
        else:
            x = 0.06
        # late in the round the standings are surer
        k = self.late * self.late
        return x + ((1.0 if x > 0.5 else 0.0) - x) * k * 0.8

    def good_base(self, t: int) -> float:
        """A good's worth apart from its favourite race: currency for hires, or its sale."""
        return max(0.3 if self.round < ROUNDS else 0.08, 0.6 * self.mv[t] * self.lam)

    def gain(self, p: int, t: int, c: int, k: int = 1, others: Sequence[int] | None = None) -> float:
        """Worth to p of going from c to c + k goods of type t (k may be negative)."""
        key = (p * 16 + t, c, k, 0)
        if others is None:
            got = self._gains.get(key)
            if got is not None:
                return got
        prize = self.prize(p, t)
        v = (self.chance(p, t, c + k, others) - self.chance(p, t, c, others)) * prize + k * self.good_base(t)
        if others is None:
            self._gains[key] = v
        return v

    # -- tiles ----------------------------------------------------------------------------
    def tile_value(self, p: int, tile: dict[str, Any], won: bool = False) -> float:
        key = (p, tile["id"], won)
        got = self._tiles.get(key)
        if got is None:
            got = self._tiles[key] = self._tile_value(p, tile, won)
        return got

    def _tile_value(self, p: int, tile: dict[str, Any], won: bool) -> float:
        if tile["kind"] == "artisan":
            return self._artisan_value(p, tile)
        return self._figure_value(p, tile, ROUNDS - self.round)   # whole rounds after this one

    def _artisan_value(self, p: int, tile: dict[str, Any]) -> float:
        rnd = self.round
        h, val = tile["guild"], tile["value"]
        v = 0.0
        if h < self.G:
            keys = {q: (self.totals[q][h], self.nart[q][h]) for q in range(self.n) if self.nart[q][h]}
            before = majority_points(keys).get(p, 0) if keys else 0
            keys[p] = (self.totals[p][h] + val, self.nart[p][h] + 1)
            after = majority_points(keys).get(p, 0)
            w = (0.3, 0.45, 0.6, 0.85)[min(rnd, ROUNDS) - 1]
            v += w * (after - before) + (1 - w) * 0.45 * val
            if self.nart[p][h] == 0:
                have = sum(1 for x in self.nart[p] if x)
                v += 5.0 if have == self.G - 1 else 5.0 / (self.G - have) * (0.4 + 0.15 * rnd)
            if self.totals[p][h] < 30 <= self.totals[p][h] + val:
                v += 2.0
        v += sum(1.0 for x in self.kinds[p] if x["kind"] == "foreman" and x["value"] == val)
        if tile.get("agent_plus"):
            v += self.agent_value
        return v

    def _figure_value(self, p: int, tile: dict[str, Any], left: int) -> float:
        kind = tile["kind"]
        if kind == "councillor":
            return float(self.agent_value)
        if kind == "noble":
            return float(tile.get("value", 2))
        if kind == "musician":
            return float(tile.get("value", 3) * (left + 1) * self.lam)
        if kind == "tax_collector":
            return (self.money + 4 * left) / 10.0 + 0.3
        if kind == "engraver":
            return self.crest_gain(p)
        if kind == "foreman":
            val = tile.get("value", 3)
            have = sum(1 for x in self.seats[p]["tiles"] if x["kind"] == "artisan" and x["value"] == val)
            return have + 0.6 * left
        if kind == "apprentice":
            return 1.0 + 0.5 * left
        if kind == "mayor":
            return (max(self.nart[p]) if self.nart[p] else 0) * (left + 1) * self.lam * 1.2
        if kind == "thief":
            return 1.2
        if kind == "peddler":
            return 1.0 if sum(self.seats[p]["goods"]) else 0.0
        if kind == "guard":
            return 0.3
        return 0.5

    # -- my moves -------------------------------------------------------------------------
    def bundle(self, g: int, limit: int, low: int, money: int, must: int = -1) -> tuple[float, list[int]]:
        """The best purchase at guild g: up to `limit` goods of types `low`.. (the first of
        type `must`, if given), with `money`; its worth and the goods."""
        me = self.me
        price = self.mv[g]
        store = self.guilds[g]["store"]
        best_v, best_b = (-1e9, []) if must >= 0 else (0.0, [])

        def grow(start: int, left: int, cash: int, have: list[int], v: float, picked: list[int]) -> None:
            nonlocal best_v, best_b
            if picked and v > best_v:
                best_v, best_b = v, picked[:]
            if left == 0 or cash < price:
                return
            for t in range(start, self.G):
                if must >= 0 and not picked and t != must:
                    continue
                if store[t] - picked.count(t) <= 0:
                    continue
                dv = self.gain(me, t, have[t]) - price * self.lam
                have[t] += 1
                picked.append(t)
                grow(t, left - 1, cash - price, have, v + dv, picked)
                picked.pop()
                have[t] -= 1

        grow(low, limit, money, list(self.counts[me]), 0.0, [])
        return best_v, best_b

    def pay_loss(self, goods: Sequence[int]) -> float:
        """Worth lost by handing over these goods (in order)."""
        key = tuple(goods)
        got = self._losses.get(key)
        if got is None:
            got = self._losses[key] = self._pay_loss(goods)
        return got

    def _pay_loss(self, goods: Sequence[int]) -> float:
        me = self.me
        have = list(self.counts[me])
        loss = 0.0
        for t in goods:
            loss -= self.gain(me, t, have[t], -1)
            have[t] -= 1
        return loss

    def cheapest_any(self, g: int, need_guild: int, need_any: int) -> tuple[float, list[int]]:
        """The goods of any type that cost least to hand over, after need_guild of type g."""
        key = (g, need_guild, need_any)
        got = self._cheapest.get(key)
        if got is None:
            got = self._cheapest[key] = self._cheapest_any(g, need_guild, need_any)
        return got

    def _cheapest_any(self, g: int, need_guild: int, need_any: int) -> tuple[float, list[int]]:
        me = self.me
        held = list(self.seats[me]["goods"])
        held[g] -= need_guild
        if held[g] < 0:
            return 1e9, []
        base = [g] * need_guild
        picked: list[int] = []
        # one good at a time, the one that costs least after those already picked
        for _ in range(need_any):
            options = [t for t in range(self.G) if held[t] > 0]
            if not options:
                return 1e9, []
            t = min(options, key=lambda t: (self.pay_loss(base + sorted(picked + [t])), t))
            picked.append(t)
            held[t] -= 1
        picked.sort()
        return self.pay_loss(base + picked), picked

    def hire_value(self, g: int, room: int, form: int) -> float:
        tile = self.guilds[g]["rooms"][room]
        if tile is None:
            return -1e9
        need_guild, need_any = self.prices[room][form]
        cost, _ = self.cheapest_any(g, need_guild, need_any)
        v = self.tile_value(self.me, tile) - cost + self.guilds[g]["roof"] * self.lam
        if self.order and self.order[0] != self.me:
            v += self.first_value
        return float(v)

    def sell_value(self, g: int, k: int) -> float:
        return k * self.mv[g] * self.lam - self.pay_loss([g] * k)

    def guild_value(self, g: int) -> float:
        """What my best move at guild g is worth now (planning)."""
        me = self.me
        out = 0.0
        have = self.seats[me]["goods"][g]
        for k in range(1, have + 1):
            out = max(out, self.sell_value(g, k))
        if have:
            for r in range(4):
                if self.guilds[g]["rooms"][r] is not None:
                    for f in range(len(self.prices[r])):
                        out = max(out, self.hire_value(g, r, f))
        if self.money >= self.mv[g]:
            out = max(out, self.bundle(g, 3, 0, self.money)[0])
        return out


# == the bot ================================================================================

class NorenbercGreedy(HeuristicPlayer):
    """The heuristic player of Norenberc (see the module's docstring for its plan)."""

    def decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return choose(Board(view), legal, self.rng)


def choose(b: Board, legal: Sequence[Action], rng: random.Random) -> Action:
    """The move the plan prefers, for the board `b` of the seat to act."""
    kinds = {a.type for a in legal}
    if "plan" in kinds or "plan_done" in kinds or "pass" in kinds:
        return _plan(b, legal, rng)
    cur = b.current
    step = cur["step"] if cur else "choose"
    if step in ("guard_first", "guard_second"):
        return _guard(b, legal, rng, step)
    if step == "pay_any":
        return _pay_any(b, legal, rng)
    scorer = _STEPS.get(step)
    return best(legal, scorer(b, cur) if scorer else (lambda a: 0.0), rng)


Scorer = Callable[[Action], float]


def _choose_score(b: Board, cur: Any) -> Scorer:
    g = cur["guild"] if cur else 0

    def score(a: Action) -> float:
        if a.type == "sell":
            return b.sell_value(g, a.count)
        if a.type == "buy":
            return b.bundle(g, cur["buy_limit"], 0, b.money, must=a.good)[0]
        if a.type == "hire":
            return b.hire_value(g, a.room, a.form)
        return 0.0
    return score


def _buy_more_score(b: Board, cur: Any) -> Scorer:
    g = cur["guild"]
    left = cur["buy_limit"] - cur["bought"]

    def more(a: Action) -> float:
        if a.type == "buy_end":
            return 0.0
        return b.bundle(g, left, a.good, b.money, must=a.good)[0]
    return more


def _first_place_score(b: Board, cur: Any) -> Scorer:
    return lambda a: 1.0 if a.move else 0.0


def _thief_victim_score(b: Board, cur: Any) -> Scorer:
    def rob(a: Action) -> float:
        if a.type == "decline":
            return 0.0
        return _steal_value(b, a.victim)[0]
    return rob


def _thief_goods_score(b: Board, cur: Any) -> Scorer:
    victim = cur["victim"]
    return lambda a: _one_steal(b, victim, a.good)


def _peddler_score(b: Board, cur: Any) -> Scorer:
    me = b.me

    def peddle(a: Action) -> float:
        t = a.good
        c = b.counts[me][t]
        return b.gain(me, t, c, PEDDLER_WORTH - 1) - b.good_base(t) * (PEDDLER_WORTH - 1)
    return peddle


def _mayor_roof_score(b: Board, cur: Any) -> Scorer:
    me = b.me

    def roof(a: Action) -> float:
        h = a.guild
        others = max((b.nart[q][h] for q in range(b.n) if q != me), default=0)
        return float(b.nart[me][h] - 0.4 * others)
    return roof


_STEPS: dict[str, Callable[[Board, Any], Scorer]] = {
    "choose": _choose_score, "buy_more": _buy_more_score, "first_place": _first_place_score,
    "thief_victim": _thief_victim_score, "thief_goods": _thief_goods_score, "peddler_good": _peddler_score,
    "mayor_roof": _mayor_roof_score,
}
"""The scoring of each step of a guild's turn (the steps with a choice of their own elsewhere)."""


def _plan(b: Board, legal: Sequence[Action], rng: random.Random) -> Action:
    me = b.me
    mine = b.seats[me]
    planned = set(mine["plan"] or [])
    free = mine["agents_free"]
    values = [(b.guild_value(g), g) for g in range(b.G)]
    values.sort(key=lambda x: (-x[0], x[1]))
    top = values[0][0]
    want = _wanted(values, free)
    if top < 0.05 and not planned:
        # nothing is worth an agent: keep them if a later turn may bring something
        if b.late < 0.9:
            want = {values[0][1]}
        else:
            for a in legal:
                if a.type == "pass":
                    return a
    low = max(planned) + 1 if planned else 0
    for a in legal:
        if a.type == "plan" and a.guild in want and a.guild >= low:
            return a
    for a in legal:
        if a.type in ("plan_done", "pass"):
            return a
    return legal[0]


def _wanted(values: Sequence[tuple[float, int]], free: int) -> set[int]:
    """The guilds a plan takes, from (worth, guild) best first: the best, and the others
    worth at least 0.6 (and 0.6 of the best), one to three by the agents free."""
    top = values[0][0]
    want: set[int] = set()
    most = 1 if free <= 2 else 2 if free <= 5 else 3
    for v, g in values:
        if len(want) >= most:
            break
        if not want or (v >= max(0.6, 0.6 * top)):
            want.add(g)
    return want


def _pay_any(b: Board, legal: Sequence[Action], rng: random.Random) -> Action:
    """The goods of any type of a hire's price, paid one at a time (of two, the second of
    the first one's type or later): the good whose payment, with the cheapest second good
    where one is still to come, costs least. The view does not say whether a good of two
    is already paid; the legal moves do: the first of two never offers the last type held
    when only one good of it is left, the second always offers it."""
    held = b.seats[b.me]["goods"]
    room = b.current["room"] if b.current else None
    need = max((f[1] for f in b.prices[room]), default=1) if room is not None else 1
    types = [t for t in range(b.G) if held[t]]
    offered = {a.good for a in legal}
    last = types[-1] if types else -1
    first_of_two = need == 2 and (last not in offered or held[last] >= 2)

    def cost(a: Action) -> float:
        t = a.good
        if not first_of_two:
            return -b.pay_loss([t])
        seconds = [u for u in types if u > t or (u == t and held[t] >= 2)]
        return -min((b.pay_loss([t, u]) for u in seconds), default=b.pay_loss([t]) + 1e6)
    return best(legal, cost, rng)


def _one_steal(b: Board, victim: int, t: int) -> float:
    """Worth of taking one good of type t from victim: mine up, theirs down."""
    me = b.me
    others = [b.counts[q][t] - (1 if q == victim else 0) for q in range(b.n) if q != me]
    mine = b.gain(me, t, b.counts[me][t], 1, others)
    # the race of t as it was, less what the victim's loss changes for me already counted
    return float(mine + 0.3 * (b.counts[victim][t] >= max(b.counts[q][t] for q in range(b.n))))


def _steal_value(b: Board, victim: int) -> tuple[float, list[int]]:
    held = list(b.seats[victim]["goods"])
    picks: list[int] = []
    v = 0.0
    for _ in range(2):
        options = [t for t in range(b.G) if held[t] > 0 and (not picks or t >= picks[-1])]
        if not options:
            break
        t = max(options, key=lambda t: _one_steal(b, victim, t))
        v += _one_steal(b, victim, t)
        held[t] -= 1
        picks.append(t)
    return v, picks


def _guard(b: Board, legal: Sequence[Action], rng: random.Random, step: str) -> Action:
    """The Guard: swap only to put a better artisan where a race it leads will pay it
    (the next master of a guild whose goods race it leads), else decline."""
    if step == "guard_first":
        return best(legal, lambda a: 0.0 if a.type == "decline" else -1.0, rng)
    me = b.me
    nxt = _next_masters(b)
    lead = {g for g in range(b.G)
            if b.counts[me][g] > max((b.counts[q][g] for q in range(b.n) if q != me), default=0)}
    tiles = _tiles_by_id(b)
    first_id = b.current["guard_first"]["id"] if b.current and b.current["guard_first"] else -1

    def second(a: Action) -> float:
        t = tiles.get(a.tile)
        f = tiles.get(first_id)
        if t is None or f is None:
            return 0.0
        gain = 0.0
        if nxt.get(first_id, -1) in lead:
            gain += t["value"] - f["value"]
        if nxt.get(a.tile, -1) in lead:
            gain += f["value"] - t["value"]
        return gain
    return best(legal, second, rng)


def _next_masters(b: Board) -> dict[int, int]:
    """Tile id -> the guild it is the next master of (the first of its workshops)."""
    nxt = {}
    for g in range(b.G):
        ws = b.guilds[g]["workshops"]
        if ws and ws[0] is not None:
            nxt[ws[0]["id"]] = g
    return nxt


def _tiles_by_id(b: Board) -> dict[int, dict[str, Any]]:
    """Every tile in the guilds (workshops, top, rooms) by its id."""
    tiles = {}
    for g in b.guilds:
        for tile in [*g["workshops"], g["top"], *g["rooms"]]:
            if tile is not None:
                tiles[tile["id"]] = tile
    return tiles


# == for the search ============================================================================

SEARCH = {"search": "rollout", "horizon": "game", "root_k": 4, "confidence": 1.0, "win_weight": 0.5,
          "policy": "fast", "evaluation": "learned", "cutoff": 12, "c": 0.35, "prior": 0.3, "widen": 1.0}
"""The search's settings for Norenberc (MCTSBot): the heuristic improved by rollouts to
the game's end (bots/rollout.py) at the plan and at a called guild's choice. The tree
search (ISMCTS, `mcts:1s:search=tree`, with the other settings here) won only 22.9 % of
48 games against three greedy bots: its evaluations could not tell the plans apart. See
benchmarks/strength.md for how each was measured."""


def _plans(state: Any, seat: int) -> list[int]:
    """What a seat knows of the face-down cards: its own, and how many each other laid."""
    return [p if q == seat else bin(p).count("1") for q, p in enumerate(state.plans)]


PRIVATE = {"plans": _plans}
"""The state's fields a seat does not see whole, and what it sees of them (bots/infokey.py)."""


def stage(state: Any) -> int:
    """The round: a rollout search's horizon when it plays to the stage's end."""
    return int(state.round)


def avoid(action: Action) -> bool:
    """A pass sits the seat out of the whole round: the rollout search tries it only
    where the heuristic itself would pass."""
    return bool(action.type == "pass")


BELIEF_NOISE = 1.0
"""The spread (in the plan's points) of the noise on each guild's worth when the
rollout search's `belief` redraws another player's face-down cards: the field plans
much as the heuristic does, not always alike."""


def believe(state: Any, seat: int, rng: random.Random) -> None:
    """Redraw, on a determinization, the guilds of the others' face-down cards as the plan
    would have laid them (the rollout search's `belief`; `sample` draws them uniformly):
    each guild's worth to that player on this sample, with noise of BELIEF_NOISE, then
    the guilds its plan would want. Cards are laid in guild order, so the k cards of a plan
    still being laid are the k lowest of what it wants (filled by worth where it wants
    fewer); those of a finished plan, and in the action phase those still to call, are its
    k most worth. The count of each player's cards, and who passed or finished, stay:
    they are public."""
    from ...games.norenberc.constants import ACTIONS, PLANNING_NOW

    G = state.guild_count
    acting = state.phase == ACTIONS
    low = state.called_guild + 1 if acting else 0
    gumbel = rng.random
    for q in range(state.player_count):
        k = state.plans[q].bit_count()
        if q == seat or not k or G - low <= k:
            continue
        b = Board(state.view(q))
        noisy = sorted(((b.guild_value(g) - BELIEF_NOISE * math.log(-math.log(gumbel() or 1e-300)), g)
                        for g in range(low, G)), key=lambda x: (-x[0], x[1]))
        if acting or state.plan_status[q] != PLANNING_NOW:
            chosen = [g for _, g in noisy[:k]]
        else:
            want = sorted(_wanted(noisy, state.agents_free[q]))[:k]
            chosen = want + [g for _, g in noisy if g not in want][:k - len(want)]
        state.plans[q] = sum(1 << g for g in chosen)


def searched(view: dict[str, Any]) -> bool:
    """Whether a rollout search looks at this decision: the plan (which guilds, or a
    pass) and the move at a called guild (sell, buy, hire or nothing); the steps after
    them (more goods, which goods to pay, first place) are the heuristic's."""
    if view["phase"] == "planning":
        return True
    cur = view["table"]["current"]
    return bool(cur) and cur["step"] == "choose"


def hidden(view: dict[str, Any]) -> bool:
    """Whether the seat's view hides anything a sample would draw: other players'
    face-down cards (their number is public, their guilds are not)."""
    me = view["seat"]
    return any(s["cards"] for q, s in enumerate(view["seats"]) if q != me)


def evaluate_view(v: dict[str, Any]) -> float:
    """The seat's position in expected final VP: what it has scored so far (tiles,
    majorities as they stand, crests, money) and its favourite races of this round."""
    b = Board(v)
    p = b.me
    out = 0.0
    for tile in b.kinds[p]:
        if tile["kind"] == "noble":
            out += tile.get("value", 2)
        elif tile["kind"] == "foreman":
            out += sum(1 for x in b.seats[p]["tiles"] if x["kind"] == "artisan" and x["value"] == tile.get("value"))
        elif tile["kind"] == "tax_collector":
            out += b.money / 10.0
        elif tile["kind"] == "musician":
            out += tile.get("value", 3) * (ROUNDS - b.round) * b.lam
        elif tile["kind"] == "apprentice":
            out += 1.0
    w = (0.3, 0.45, 0.6, 0.85)[b.round - 1]
    for h in range(b.G):
        keys = {q: (b.totals[q][h], b.nart[q][h]) for q in range(b.n) if b.nart[q][h]}
        if p in keys:
            out += w * majority_points(keys)[p] + (1 - w) * 0.45 * b.totals[p][h]
        if b.totals[p][h] >= 30:
            out += 2
    have = sum(1 for x in b.nart[p] if x)
    out += 5.0 if have == b.G else have * 0.5
    out += crest_curve(b.distinct(p))
    out += b.money * b.lam
    out += (b.seats[p]["agents"] - 4) * b.agent_value * 0.8
    phase = v["phase"]
    if phase in ("planning", "actions"):
        for t in range(b.G):
            out += b.chance(p, t, b.counts[p][t]) * b.prize(p, t)
            out += b.seats[p]["goods"][t] * b.good_base(t) * 0.5
    return float(out)


def greedy_playout(state: Any, seat: int, rng: random.Random) -> Action:
    """The search's playout policy: the plan itself on the seat's view of the sampled
    state."""
    legal: Sequence[Action] = state.legal(seat)
    if len(legal) == 1:
        return legal[0]
    return choose(Board(state.view(seat)), legal, rng)


def playout(state: Any, seat: int, rng: random.Random) -> Action:
    """The fast playout policy (ISMCTS, policy "fast"): the plan's habits without its sums, on a sampled
    state (a determinization: reading it reveals nothing of the real game). Plans one or
    two guilds where it has goods to sell or pay with or money to buy, never passes while
    agents are free, hires before it buys, buys before it sells, moves first."""
    legal: Sequence[Action] = state.legal(seat)
    if len(legal) == 1:
        return legal[0]
    r = rng.random()
    if legal[0].type in ("plan_done", "pass"):
        return _fast_plan(state, seat, legal, r, rng)
    types: dict[str, list[Action]] = {}
    for a in legal:
        types.setdefault(a.type, []).append(a)
    if "nothing" in types:  # the choice at a called guild
        for kind, p in (("hire", 0.6), ("buy", 0.85), ("sell", 0.7)):
            if kind in types and r < p:
                opts = types[kind]
                return opts[int(rng.random() * len(opts))]
            r = rng.random()
        return types["nothing"][0]
    if "buy_end" in types:
        if r < 0.45 or "buy" not in types:
            return types["buy_end"][0]
        return types["buy"][int(rng.random() * len(types["buy"]))]
    if "front" in types:
        return next(a for a in legal if a.fields["move"])
    if "rob" in types:
        opts = types["rob"]
        return opts[int(r * len(opts))]
    if "decline" in types and ("guard" in types):
        return types["decline"][0]
    return legal[int(r * len(legal))]


def _fast_plan(state: Any, seat: int, legal: Sequence[Action], r: float, rng: random.Random) -> Action:
    """The fast policy's planning: done early, else a guild weighed by the goods held there
    and by whether a master is affordable."""
    if legal[0].type == "plan_done" and (r < 0.65 or len(legal) == 1):
        return legal[0]
    plans = legal[1:]
    if not plans:
        return legal[0]
    G = state.guild_count
    held = state.goods_held
    money = state.money[seat]
    weights = []
    for a in plans:
        g = a.guild
        w = 1.0 + 2.0 * (held[seat * G + g] > 0)
        if money >= state.master_value(g) and any(state.stores[g * G:(g + 1) * G]):
            w += 1.5
        weights.append(w)
    x = rng.random() * sum(weights)
    for a, w in zip(plans, weights):
        x -= w
        if x <= 0:
            return a
    return plans[-1]


FEATURES = (
    "nobles", "foremen", "tax_collectors", "musicians", "apprentices", "all_types", "crests", "money",
    "agents", "majorities_weighed", "artisan_values_weighed", "thirty_plus", "races",
    "majorities_now", "money_raw", "richest", "goods", "agents_raw", "crests_distinct", "artisan_values",
)
"""What `features` measures of each seat, in order: the terms of the hand valuation
(its sum is `evaluate_state`), then raw quantities that only a learned evaluation weighs."""

HAND = (1.0,) * 13 + (0.0,) * 7
"""The hand valuation's weights of FEATURES: the sum of its terms."""


def evaluate_state(state: Any) -> list[float]:
    """The cut-off evaluation on a sampled state (fast: no views), the same valuation as
    `evaluate_view` for every seat at once: sun citizens, majorities as they stand
    (weighed more as the game nears its end), crests on their curve, money, agents, and
    what this round's favourite races promise the leaders."""
    _, rows = features(state)
    return [sum(row[:13]) for row in rows]


def features(state: Any) -> tuple[float, list[list[float]]]:
    """How far the game has gone (0 at the start, 1 at the end) and each seat's FEATURES,
    read from a sampled state (a determinization: nothing of the real game is learnt)."""
    from ...games.norenberc.constants import ARTISAN, OVER
    n, G = state.player_count, state.guild_count
    comp = state.components
    kind, guild, value = comp.tile_kind, comp.tile_guild, comp.tile_value
    rnd = state.round
    left = ROUNDS - rnd
    w = (0.3, 0.45, 0.6, 0.85)[rnd - 1]
    lam = 0.22 if rnd < ROUNDS else 0.3
    money = state.money
    totals = [[0] * G for _ in range(n)]
    counts = [[0] * G for _ in range(n)]
    rows = [[0.0] * 20 for _ in range(n)]
    distinct = [0.0] * n
    richest = max(money)
    rich = money.count(richest)
    for p in range(n):
        owned = state.tiles_owned[p]
        row = rows[p]
        for t in owned:
            if kind[t] == ARTISAN:
                totals[p][guild[t]] += value[t]
                counts[p][guild[t]] += 1
        distinct[p] += _citizens(state, p, row, left * lam)
        have = sum(1 for x in counts[p] if x)
        row[5] = 5.0 if have == G else have * 0.5
        distinct[p] += sum(1 for g in range(G) if state.guild_crests[p * G + g]) + state.prestige_crests[p]
        row[6] = crest_curve(distinct[p])
        row[7] = money[p] * lam
        row[8] = (state.agents[p] - 4) * max(0.3, 1.25 * left + 0.3) * 0.8
        row[14] = float(money[p])
        row[15] = (5.0 if rich == 1 else 2.0) if money[p] == richest else 0.0
        row[16] = float(sum(state.goods_held[p * G:(p + 1) * G]))
        row[17] = float(state.agents[p])
        row[18] = distinct[p]
        row[19] = float(sum(totals[p]))
    for h in range(G):
        keys = {p: (totals[p][h], counts[p][h]) for p in range(n) if counts[p][h]}
        if keys:
            for p, pts in majority_points(keys).items():
                rows[p][9] += w * pts
                rows[p][13] += pts
                rows[p][10] += (1 - w) * 0.45 * totals[p][h]
                rows[p][11] += 2 if totals[p][h] >= 30 else 0
    agents_all = sum(state.agents)
    free = sum(0 if state.moon[p] else state.agents_free[p] for p in range(n))
    late = 1.0 - free / agents_all if agents_all else 1.0
    _races(state, rows, distinct, late)
    progress = 1.0 if state.phase == OVER else min(1.0, (rnd - 1 + late) / ROUNDS)
    return progress, rows


def _citizens(state: Any, p: int, row: list[float], income: float) -> int:
    """The features of seat p's citizens (nobles, foremen, tax collectors, musicians at
    `income` VP a thaler for the rounds left, apprentices); its Engravers, each a crest."""
    from ...games.norenberc.constants import APPRENTICE, ARTISAN, ENGRAVER, FOREMAN, MUSICIAN, NOBLE, TAX_COLLECTOR
    comp = state.components
    kind, value = comp.tile_kind, comp.tile_value
    owned = state.tiles_owned[p]
    engravers = 0
    for t in owned:
        k = kind[t]
        if k == NOBLE:
            row[0] += value[t]
        elif k == FOREMAN:
            row[1] += sum(1 for a in owned if kind[a] == ARTISAN and value[a] == value[t])
        elif k == TAX_COLLECTOR:
            row[2] += state.money[p] / 10.0
        elif k == MUSICIAN:
            row[3] += value[t] * income
        elif k == APPRENTICE:
            row[4] += 1.0
        elif k == ENGRAVER:
            engravers += 1
    return engravers


def _races(state: Any, rows: list[list[float]], distinct: list[float], late: float) -> None:
    """The favourite races of this round (feature "races"): what each seat's place in
    every race promises, by its lead and how late in the round it is."""
    from ...games.norenberc.constants import ACTIONS, PLANNING
    if state.phase not in (PLANNING, ACTIONS):
        return
    n, G = state.player_count, state.guild_count
    value, agent = state.components.tile_value, state.components.tile_agent
    rnd = state.round
    left = ROUNDS - rnd
    held = state.goods_held
    master = (0, 1, 2, 4)[rnd - 1]
    peddlers = state.peddlers
    for t in range(G):
        race = [held[p * G + t] for p in range(n)]
        for i in range(0, len(peddlers), 3):
            if peddlers[i + 2] == t:
                race[peddlers[i + 1]] += PEDDLER_WORTH
        top = max(race)
        if top == 0:
            continue
        tile = state.workshops[t * 5 + master]
        base = 0.0
        if tile >= 0:
            base = 0.45 * value[tile] + (max(0.3, 1.25 * left) if agent[tile] else 0.0)
        crest = state.crests_left[t] > 0
        prestige = state.prestige_guild == t and state.prestige_guild_crest
        second = sorted(race)[-2] if n > 1 else 0
        for p in range(n):
            c = race[p]
            if c == 0:
                continue
            rival = top if c < top else second
            lead = c - rival
            x = 0.92 if lead >= 2 else 0.78 if lead == 1 else 0.45 if lead == 0 else 0.18 if lead == -1 else 0.06
            x += ((1.0 if x > 0.5 else 0.0) - x) * late * late * 0.8
            gain = max(1.5, crest_curve(distinct[p] + 0.7 * left + 1) - crest_curve(distinct[p] + 0.7 * left))
            prize = base + (gain if crest and not state.guild_crests[p * G + t] else 0.4 if crest else 0.0)
            if prestige:
                prize += gain
            rows[p][12] += x * prize


Greedy = NorenbercGreedy
"""The player of this module (the heuristic protocol's name for it)."""

CUTOFF = {"heuristic": 30, "fast": 40}
"""Decisions a playout makes before the evaluation takes over, by playout policy. Measured
(benchmarks/strength.md, mcts:1s against three greedy bots, 24 seat-rotated games):
Norenberc's steps are small (one guild, one good at a time), so a 12-decision playout did
not reach the end of a round and the search mostly re-read the heuristic's own valuation
(37.5 %, the interval including the fair 25 %); at 30, 70.8 %."""

SPREAD = 12.0
"""The score gap (in the evaluation's points) that counts as a sure win at a cut-off:
the evaluation's margin is (own - best other) / spread, its win share a softmax at this
temperature / 3."""
