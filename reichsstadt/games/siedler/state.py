"""The rules of Die Siedler von Nürnberg: turn sequence, harvest, events, trading,
building, produce-and-sell, prestige and council cards, the end of the game.

Flat state: lists of small ints indexed by seat, resource, road segment, intersection.
Hands are `hand[seat * 5 + resource]`; gold is separate (it is no card, 6.1)."""

from __future__ import annotations

import random
from typing import Any

from ...core.actions import Action
from ...core.contract import CHANCE, Game, Outcome, State, rank_by
from ...core.errors import IllegalAction
from .actions import (
    K_ACCEPT, K_BANK, K_CANCEL, K_CARD, K_CLOSE, K_COUNCIL, K_COUNTER, K_DECLINE, K_DISCARD, K_DONE,
    K_DRAW, K_END, K_FIRST, K_GIVE, K_OFFER, K_PASS, K_PRODUCE, K_ROBBER, K_SEND, K_SETTLE, K_STEAL,
    K_TAKE_COUNTER, K_TOLL, K_TOWER, K_WALL, K_WANT, K_WITHDRAW, K_WORKSHOP, ActionTable,
)
from .mapdata import (
    EV_HOURGLASS, EV_LEHM, EV_MARKGRAF, EV_RAUBRITTER, EV_WEGEZOLL, GOLD, GOODS, RESOURCES, ROAD_NAMES,
    TRADABLES, SiedlerMap,
)

# piece limits (0.): 20 settlements, 16 workshops, 60 tolls in 4 colors; 26 walls, 16 towers
SETTLEMENTS, WORKSHOPS, TOLLS, TOWERS = 5, 4, 15, 16
COST_TOLL = (1, 0, 0, 1, 0)          # wood + brick (5.2.2.1)
COST_SETTLE = (1, 1, 1, 1, 0)        # wood + wool + grain + brick (5.2.2.2)
COST_WORKSHOP = (0, 0, 2, 0, 3)      # 2 grain + 3 stone (5.2.2.3)
WALL_GOLD = 3                        # + 1 brick (5.2.2.4)
TOWER_GOLD = 3                       # + 1 brick + 1 wood (5.2.2.5)
TARGET_VP = 13                       # (2., 7.)
HAND_LIMIT = 7                       # (6.1)
COUNCIL_VP = (4, 3, 2)               # Siebenerrat, Kleiner Rat, Grosser Rat (6.3)
COUNCIL_NAMES = ("Siebenerrat", "Kleiner Rat", "Grosser Rat")
COUNCIL_AT = 3                       # prestige that earns a council card (6.3)
COUNCIL_LOCK = 12                    # prestige that makes a held card permanent (6.3)
REMOVED = -2                         # the Kleiner Rat with three players (3.)

(P_START, P_SETUP_TOLL, P_SETUP_SETTLE, P_DRAW, P_DISCARD, P_ROBBER, P_STEAL, P_STEAL_CARD, P_LEHM,
 P_WZ_CARD, P_MAIN, P_OFFER_GIVE, P_OFFER_WANT, P_OFFER_SEND, P_RESPOND, P_CLOSE, P_COUNCIL, P_OVER) = range(18)
PHASE_NAMES = ("start", "setup-toll", "setup-settlement", "draw", "discard", "robber", "steal", "steal-card",
               "kostenloser-lehm", "wegezoll-card", "main", "offer-give", "offer-want", "offer-send",
               "respond", "close", "council", "over")
# responses to an offer
R_NONE, R_PENDING, R_ACCEPT, R_DECLINE, R_COUNTER_GIVE, R_COUNTER_WANT, R_COUNTERED = range(7)

_VP_KINDS = frozenset((K_END, K_TOLL, K_SETTLE, K_WORKSHOP, K_WALL, K_TOWER, K_COUNCIL, K_FIRST))
_SLOTS = (
    "phase", "cur", "first", "hand", "gold", "supply", "deck", "dpile", "deck_left", "time", "robber",
    "seg_owner", "tolls_on", "settle_owner", "row_holder", "red_owner", "wall_owner", "tower_owner",
    "prestige", "council", "set_left", "work_left", "toll_left", "offers_made", "bank_trades",
    "og", "ow", "offer_to", "resp", "cg", "cw", "lehm", "discard_owe", "wz", "wz_road", "steal_victim",
    "council_pending", "council_player", "council_resume", "council_cands", "setup_order", "setup_pos",
    "setup_road", "winner", "unk", "hidden_any", "last_card",
)
_LIST_SLOTS = frozenset((
    "hand", "gold", "supply", "deck", "dpile", "seg_owner", "tolls_on", "settle_owner", "row_holder",
    "red_owner", "wall_owner", "tower_owner", "prestige", "council", "set_left", "work_left", "toll_left",
    "og", "ow", "resp", "cg", "cw", "lehm", "discard_owe", "council_cands", "setup_order", "unk",
))


class SiedlerState(State):
    __slots__ = ("game", "m", "t", "n", "seed", "setup", "offers_per_turn", "bank_limit", "offer_side", "map_raw",
                 "_cache_seat", "_cache") + _SLOTS

    game_id = "siedler"

    # fixed for the game
    game: Game
    m: SiedlerMap
    t: ActionTable
    n: int
    seed: int
    setup: str
    offers_per_turn: int
    bank_limit: int
    offer_side: int
    map_raw: dict[str, Any] | None
    # the legal moves of seat _cache_seat (-99: none), until the next apply
    _cache_seat: int
    _cache: list[Action]
    # _SLOTS: the snapshot (see blank() for what each holds)
    phase: int
    cur: int
    first: int
    hand: list[int]
    gold: list[int]
    supply: list[int]
    deck: list[int]
    dpile: list[int]
    deck_left: int
    time: int
    robber: int
    seg_owner: list[int]
    tolls_on: list[int]
    settle_owner: list[int]
    row_holder: list[int]
    red_owner: list[int]
    wall_owner: list[int]
    tower_owner: list[int]
    prestige: list[int]
    council: list[int]
    set_left: list[int]
    work_left: list[int]
    toll_left: list[int]
    offers_made: int
    bank_trades: int
    og: list[int]
    ow: list[int]
    offer_to: int
    resp: list[int]
    cg: list[int]
    cw: list[int]
    lehm: list[int]
    discard_owe: list[int]
    wz: list[int]
    wz_road: int
    steal_victim: int
    council_pending: int
    council_player: int
    council_resume: int
    council_cands: list[int]
    setup_order: list[int]
    setup_pos: int
    setup_road: int
    winner: int
    unk: list[int]
    hidden_any: bool
    last_card: int

    # -- creation ------------------------------------------------------------------------
    @classmethod
    def blank(cls, game: Game, m: SiedlerMap, t: ActionTable, players: int, seed: int, opts: dict[str, Any],
              map_raw: dict[str, Any] | None) -> "SiedlerState":
        """A new game; `opts` are the resolved options (setup, offers_per_turn,
        bank_trades_per_turn, offer_cards)."""
        s = cls.__new__(cls)
        n = players
        s.game, s.m, s.t, s.n, s.seed, s.setup = game, m, t, n, seed, opts["setup"]
        setup = s.setup
        s.offers_per_turn, s.map_raw = opts["offers_per_turn"], map_raw
        s.bank_limit, s.offer_side = opts["bank_trades_per_turn"], opts["offer_cards"]
        s._cache_seat, s._cache = -99, []
        s.phase, s.cur, s.first = P_START, 0, 0
        s.hand = [0] * (5 * n)
        s.gold = [2] * n  # (3.) two gold each
        s.supply = [20] * 5
        s.deck = list(m.deck_counts)
        s.dpile = [0] * len(m.deck_counts)
        s.deck_left = sum(m.deck_counts)
        s.time, s.robber = 0, -1  # -1: the Raubritterburg
        s.seg_owner = [-1] * m.n_segments
        s.tolls_on = [0] * (5 * n)
        s.settle_owner = [-1] * m.n_inters
        s.row_holder = [-1] * 5
        s.red_owner = [-1] * 12
        s.wall_owner = []
        s.tower_owner = [-1] * len(m.triangle_after)
        s.prestige = [0] * n
        s.council = [-1, -1 if n == 4 else REMOVED, -1]
        s.set_left, s.work_left, s.toll_left = [SETTLEMENTS] * n, [WORKSHOPS] * n, [TOLLS] * n
        s.offers_made = s.bank_trades = 0
        s.og, s.ow, s.offer_to = [0] * 6, [0] * 6, -1
        s.resp, s.cg, s.cw = [R_NONE] * n, [0] * (6 * n), [0] * (6 * n)
        s.lehm, s.discard_owe, s.wz = [], [0] * n, []
        s.wz_road = s.steal_victim = -1
        s.council_pending = 0
        s.council_player = s.council_resume = -1
        s.council_cands, s.setup_order = [], []
        s.setup_pos = 0
        s.setup_road = -1
        s.winner = -1
        s.unk = [0] * (5 * n * n)
        s.hidden_any = False
        s.last_card = -1
        if setup == "beginner":
            for p in range(n):
                inters, star, tolls = m.beginner[p]
                for road in tolls:
                    s._place_toll(p, road)
                for gi in inters:
                    s.settle_owner[gi] = p
                    s.set_left[p] -= 1
                s._starting_cards(p, star)
        return s

    def _starting_cards(self, p: int, gi: int) -> None:
        """One card per terrain next to the starred (or second) settlement (3., 9.)."""
        for terr in self.m.inter_terrains[gi]:
            r = self.m.terrain_res[terr]
            if self.supply[r] > 0:
                self.supply[r] -= 1
                self.hand[p * 5 + r] += 1

    # -- the contract --------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.n

    def over(self) -> bool:
        return self.phase == P_OVER

    def to_act(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == P_MAIN or ph == P_OFFER_GIVE or ph == P_OFFER_WANT or ph == P_OFFER_SEND or ph == P_CLOSE \
                or ph == P_ROBBER or ph == P_STEAL or ph == P_SETUP_TOLL or ph == P_SETUP_SETTLE:
            return (self.cur,)
        if ph == P_DRAW or ph == P_STEAL_CARD or ph == P_WZ_CARD or ph == P_START:
            return (CHANCE,)
        if ph == P_DISCARD:
            return tuple(p for p in range(self.n) if self.discard_owe[p] > 0)
        if ph == P_RESPOND:
            resp = self.resp
            return tuple(p for p in range(self.n) if resp[p] == R_PENDING or resp[p] == R_COUNTER_GIVE
                         or resp[p] == R_COUNTER_WANT)
        if ph == P_LEHM:
            return (self.lehm[0],)
        if ph == P_COUNCIL:
            return (self.council_player,)
        return ()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        ph = self.phase
        t = self.t
        if ph == P_DRAW:
            left = self.deck_left
            return [(t.draw[k], c / left) for k, c in enumerate(self.deck) if c]
        if ph == P_START:
            return [(a, 1.0 / self.n) for a in t.first]
        if ph == P_STEAL_CARD or ph == P_WZ_CARD:
            v = self.steal_victim if ph == P_STEAL_CARD else self.wz[0]
            h = self.hand
            base = v * 5
            total = h[base] + h[base + 1] + h[base + 2] + h[base + 3] + h[base + 4]
            return [(t.card[r], h[base + r] / total) for r in range(5) if h[base + r]]
        return []

    def legal(self, seat: int) -> list[Action]:
        if seat == self._cache_seat:
            return self._cache
        out = self._legal(seat)
        self._cache_seat, self._cache = seat, out
        return out

    def _legal(self, seat: int) -> list[Action]:
        ph = self.phase
        t = self.t
        if ph == P_MAIN:
            return self._legal_main(seat) if seat == self.cur else []
        if seat not in self.to_act() or seat == CHANCE:
            return []
        h = self.hand
        if ph == P_DISCARD:
            return [t.discard[r] for r in range(5) if h[seat * 5 + r]]
        if ph == P_LEHM:
            return [t.wall, t.pass_]
        if ph == P_ROBBER:
            return [a for i, a in enumerate(t.robber) if i != self.robber]
        if ph == P_STEAL:
            return [t.steal[q] for q in range(self.n) if q != seat and self._cards(q)]
        if ph == P_COUNCIL:
            return [t.council[q] for q in self.council_cands]
        if ph == P_OFFER_GIVE or (ph == P_RESPOND and self.resp[seat] == R_COUNTER_GIVE):
            side = self.og if ph == P_OFFER_GIVE else self.cg[seat * 6: seat * 6 + 6]
            other = self.ow if ph == P_OFFER_GIVE else self.cw[seat * 6: seat * 6 + 6]
            out = []
            if sum(side) < self.offer_side:
                for r in range(6):
                    if other[r] == 0 and self._holding(seat, r) > side[r]:
                        out.append(t.give[r])
            if sum(side):
                out.append(t.done)
            out.append(t.cancel)
            return out
        if ph == P_OFFER_WANT or (ph == P_RESPOND and self.resp[seat] == R_COUNTER_WANT):
            side = self.ow if ph == P_OFFER_WANT else self.cw[seat * 6: seat * 6 + 6]
            other = self.og if ph == P_OFFER_WANT else self.cg[seat * 6: seat * 6 + 6]
            out = []
            if sum(side) < self.offer_side:
                for r in range(6):
                    if other[r] == 0:
                        out.append(t.want[r])
            if sum(side):
                out.append(t.done)
            out.append(t.cancel)
            return out
        if ph == P_OFFER_SEND:
            return list(t.send[:1]) + [t.send[q + 1] for q in range(self.n) if q != seat] + [t.cancel]
        if ph == P_RESPOND:
            out = []
            if self._can_pay(seat, self.ow):
                out.append(t.accept)
            out.append(t.decline)
            out.append(t.counter)
            return out
        if ph == P_CLOSE:
            out = []
            for q in range(self.n):
                # what q committed to give was checked when q answered and cannot change since
                if self.resp[q] == R_ACCEPT and self._can_pay(seat, self.og):
                    out.append(t.close[q])
                elif self.resp[q] == R_COUNTERED and self._can_pay(seat, self.cw[q * 6: q * 6 + 6]):
                    out.append(t.take_counter[q])
            out.append(t.withdraw)
            return out
        if ph == P_SETUP_TOLL:
            return [t.toll[k] for k in range(5) if self._setup_road_ok(k)]
        if ph == P_SETUP_SETTLE:
            k = self.setup_road
            off = self.m.road_offset[k]
            return [t.settle[k][gi - off] for gi in self._free_spots(k)]
        return []

    def _legal_main(self, p: int) -> list[Action]:
        t, m, h = self.t, self.m, self.hand
        b = p * 5
        wood, wool, grain, brick, stone = h[b], h[b + 1], h[b + 2], h[b + 3], h[b + 4]
        gold = self.gold[p]
        out = [t.end]
        if wood and brick and self.toll_left[p]:
            tolls_on = self.tolls_on
            for k in range(5):
                used = 0
                for q in range(self.n):
                    used += tolls_on[k * self.n + q]
                if used < m.road_len[k]:
                    out.append(t.toll[k])
        if wood and wool and grain and brick and self.set_left[p]:
            for k in range(5):
                if self.tolls_on[k * self.n + p]:
                    off = m.road_offset[k]
                    row = t.settle[k]
                    for gi in self._free_spots(k):
                        out.append(row[gi - off])
        if grain >= 2 and stone >= 3 and self.work_left[p]:
            ro = self.red_owner
            for j in range(12):
                if ro[j] < 0:
                    out.append(t.workshop[j])
        if brick and gold >= WALL_GOLD and len(self.wall_owner) < m.wall_pieces:
            out.append(t.wall)
        if brick and wood and gold >= TOWER_GOLD and self._tower_ok(p):
            built = len(self.wall_owner)
            for i, after in enumerate(m.triangle_after):
                if self.tower_owner[i] < 0 and built >= (after + 1 if after < m.wall_pieces else m.wall_pieces):
                    out.append(t.tower[i])
        for g in range(5):
            rec = m.good_recipe[g]
            if wood >= rec[0] and wool >= rec[1] and grain >= rec[2] and brick >= rec[3] and stone >= rec[4]:
                out.append(t.produce[g])
        if self.bank_trades < self.bank_limit:
            three, two = self._ports(p)
            sup = self.supply
            for x in range(6):
                have = gold if x == GOLD else h[b + x]
                rate = 2 if x < 5 and two[x] else (3 if three else 4)
                if have >= rate:
                    row2 = t.bank[x]
                    for y in range(6):
                        a = row2[y]  # None only for y == x
                        if a is not None and (y == GOLD or sup[y]):
                            out.append(a)
        if self.offers_made < self.offers_per_turn and (gold or wood or wool or grain or brick or stone):
            out.append(t.offer)
        return out

    # -- helpers -------------------------------------------------------------------------
    def _cards(self, p: int) -> int:
        h = self.hand
        b = p * 5
        return h[b] + h[b + 1] + h[b + 2] + h[b + 3] + h[b + 4]

    def _holding(self, p: int, x: int) -> int:
        return self.gold[p] if x == GOLD else self.hand[p * 5 + x]

    def _can_pay(self, p: int, vec: list[int]) -> bool:
        h = self.hand
        b = p * 5
        for r in range(5):
            if vec[r] > h[b + r]:
                return False
        return vec[5] <= self.gold[p]

    def _free_spots(self, k: int) -> list[int]:
        """Intersections of road k open to a settlement (5.2.2.2): not the one touching
        the city, free, and a free intersection on both sides along this road."""
        m = self.m
        off = m.road_offset[k]
        last = off + m.road_len[k]
        so = self.settle_owner
        out = []
        for gi in range(off + 1, last + 1):
            if so[gi] < 0 and so[gi - 1] < 0 and (gi == last or so[gi + 1] < 0):
                out.append(gi)
        return out

    def _setup_road_ok(self, k: int) -> bool:
        used = sum(self.tolls_on[k * self.n: k * self.n + self.n])
        return used < self.m.road_len[k] and bool(self._free_spots(k))

    def _tower_ok(self, p: int) -> bool:
        """A workshop next to the Bauhof (5.2.2.5)."""
        ro = self.red_owner
        bh = self.m.red_bauhof
        for j in range(12):
            if ro[j] == p and bh[j]:
                return True
        return False

    def _ports(self, p: int) -> tuple[bool, list[bool]]:
        three = False
        two = [False] * 5
        port = self.m.red_port
        ro = self.red_owner
        for j in range(12):
            if ro[j] == p:
                x = port[j]
                if x == 5:
                    three = True
                elif x >= 0:
                    two[x] = True
        return three, two

    def bank_rate(self, p: int, x: int) -> int:
        three, two = self._ports(p)
        return 2 if x < 5 and two[x] else (3 if three else 4)

    def doubled(self, p: int, g: int) -> bool:
        """A workshop next to one of the good's two spaces doubles the sale (5.2.3)."""
        ro = self.red_owner
        rg = self.m.red_goods
        for j in range(12):
            if ro[j] == p and g in rg[j]:
                return True
        return False

    def vp(self, p: int) -> int:
        v = SETTLEMENTS - self.set_left[p] + WORKSHOPS - self.work_left[p]
        for k in range(5):
            if self.row_holder[k] == p:
                v += 1
        c = self.council
        for i in range(3):
            if c[i] == p:
                v += COUNCIL_VP[i]
        return v

    def council_of(self, p: int) -> int:
        c = self.council
        for i in range(3):
            if c[i] == p:
                return i
        return -1

    def _place_toll(self, p: int, k: int) -> None:
        """The free segment nearest the city (5.2.2.1); the first toll takes the right of
        way, which then moves only to a strict majority (5.2.2.1, 6.2)."""
        n = self.n
        used = 0
        for q in range(n):
            used += self.tolls_on[k * n + q]
        self.seg_owner[self.m.seg_offset[k] + used] = p
        self.tolls_on[k * n + p] += 1
        self.toll_left[p] -= 1
        holder = self.row_holder[k]
        if self.phase == P_SETUP_TOLL or self.phase == P_START:
            self.row_holder[k] = self._setup_holder(k)
        elif holder < 0 or (holder != p and self.tolls_on[k * n + p] > self.tolls_on[k * n + holder]):
            self.row_holder[k] = p

    def _setup_holder(self, k: int) -> int:
        """3., 9.: in the setup the most tolls on a road takes its card, ties to the one
        who placed first (tolls fill from the city, so the first placed is the nearest)."""
        n, off = self.n, self.m.seg_offset[k]
        best = max(self.tolls_on[k * n + q] for q in range(n))
        for i in range(self.m.road_len[k]):
            o = self.seg_owner[off + i]
            if o >= 0 and self.tolls_on[k * n + o] == best:
                return o
        return -1

    def _pay(self, p: int, cost: tuple[int, ...] | list[int]) -> None:
        h, sup = self.hand, self.supply
        b = p * 5
        for r in range(5):
            c = cost[r]
            if c:
                h[b + r] -= c
                sup[r] += c
        if self.hidden_any:
            self._clip(p)

    def _clip(self, p: int) -> None:
        """After p loses cards publicly, nobody can be unsure of more cards than p has."""
        unk, h, n = self.unk, self.hand, self.n
        for v in range(n):
            if v != p:
                base = (v * n + p) * 5
                for r in range(5):
                    if unk[base + r] > h[p * 5 + r]:
                        unk[base + r] = h[p * 5 + r]

    def _transfer(self, a: int, b: int, vec: list[int]) -> None:
        """A public transfer of cards and gold from a to b (trades, tolls)."""
        h = self.hand
        for r in range(5):
            x = vec[r]
            if x:
                h[a * 5 + r] -= x
                h[b * 5 + r] += x
        if vec[5]:
            self.gold[a] -= vec[5]
            self.gold[b] += vec[5]
        if self.hidden_any:
            self._clip(a)

    def _reveal(self, p: int, vec: list[int]) -> None:
        """p commits publicly to give vec: everyone now knows p holds those cards."""
        unk, h, n = self.unk, self.hand, self.n
        for v in range(n):
            if v != p:
                base = (v * n + p) * 5
                for r in range(5):
                    if unk[base + r] > h[p * 5 + r] - vec[r]:
                        unk[base + r] = h[p * 5 + r] - vec[r]

    def _hidden_move(self, a: int, b: int, r: int) -> None:
        """One card of type r from a to b seen only by a and b (steal, Wegezoll)."""
        n, unk, h = self.n, self.unk, self.hand
        for v in range(n):
            if v == a or v == b:
                continue
            base = (v * n + a) * 5
            for x in range(5):
                known = h[a * 5 + x] - unk[base + x]
                known_after = known - 1 if known > 0 else 0  # any one card may have gone
                unk[base + x] = h[a * 5 + x] - (1 if x == r else 0) - known_after
            unk[(v * n + b) * 5 + r] += 1
        h[a * 5 + r] -= 1
        h[b * 5 + r] += 1
        self.hidden_any = True
        self._clip(a)  # b saw the card: b's uncertainty about a shrinks with a's hand

    # -- prestige and council cards (6.3, Q3) ---------------------------------------------
    def _gain_prestige(self, p: int, points: int, resume: int) -> None:
        while points:
            points -= 1
            self.prestige[p] += 1
            cands = self._council_step(p)
            if len(cands) > 1:
                self.council_pending = points
                self.council_player = p
                self.council_resume = resume
                self.council_cands = cands
                self.phase = P_COUNCIL
                return
            if cands:
                self._swap_council(p, cands[0])
        self.phase = resume

    def _council_step(self, p: int) -> list[int]:
        """One prestige point: take the highest free card on reaching 3; or, passing holders
        of better unlocked cards, the candidates to take one from."""
        x = self.prestige[p]
        own = self.council_of(p)
        c = self.council
        if own < 0 and x >= COUNCIL_AT:
            for i in range(3):
                if c[i] == -1:
                    c[i] = p
                    return []
        if own >= 0 and self.prestige[p] - 1 >= COUNCIL_LOCK:
            return []  # a locked card is never given away
        cands = []
        for q in range(self.n):
            if q == p:
                continue
            hc = self.council_of(q)
            if hc >= 0 and self.prestige[q] == x - 1 and self.prestige[q] < COUNCIL_LOCK and (own < 0 or hc < own):
                cands.append(q)
        return cands

    def _swap_council(self, p: int, q: int) -> None:
        own = self.council_of(p)
        theirs = self.council_of(q)
        self.council[theirs] = p
        if own >= 0:
            self.council[own] = q

    # -- apply ---------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> None:
        code = self.t.code.get(action)
        if code is None:
            raise IllegalAction(f"{action!r} is not an action of Die Siedler von Nürnberg")
        if self.phase == P_OVER:
            raise IllegalAction("the game is over")
        if seat == CHANCE:
            if not self._chance_ok(code):
                if self.to_act() != (CHANCE,):
                    raise IllegalAction("this is not a chance node")
                raise IllegalAction(f"{action!r} is not a possible outcome here")
        else:
            to_act = self.to_act()
            if seat not in to_act:
                if not isinstance(seat, int) or not 0 <= seat < self.n:
                    raise IllegalAction(f"there is no seat {seat!r}")
                raise IllegalAction(f"it is not seat {seat}'s decision now (waiting for {list(to_act)})")
            if action not in self.legal(seat):
                try:
                    why = self._refusal(seat, code)
                except IndexError:
                    why = "no such place on this map"
                raise IllegalAction(f"{self.describe(seat, action, seat)}: {why}")
        self._cache_seat = -99
        self._do(seat, code)
        # only the active player's own moves (and a new turn) can raise their VP
        if code[0] in _VP_KINDS and self.phase != P_OVER and self.phase >= P_DRAW and self.vp(self.cur) >= TARGET_VP:
            self.winner = self.cur  # 13 VP during one's own turn (7a)
            self.phase = P_OVER

    def _refusal(self, p: int, code: tuple[int, int, int]) -> str:
        """Why a move that is not legal now is refused (only called on refusal)."""
        kind, a, b = code
        m, n, h = self.m, self.n, self.hand
        ph = self.phase
        have = {r: h[p * 5 + i] for i, r in enumerate(RESOURCES)}
        have["gold"] = self.gold[p]

        def lacks(cost: dict[str, int], what: str) -> str | None:
            short = [f"{c - have[r]} {r}" for r, c in cost.items() if have[r] < c]
            if short:
                return f"{what} costs {_words(cost)}; you lack {', '.join(short)}"
            return None

        main_kinds = (K_TOLL, K_SETTLE, K_WORKSHOP, K_WALL, K_TOWER, K_PRODUCE, K_BANK, K_OFFER, K_END)
        if kind in main_kinds and ph != P_MAIN and not (ph in (P_SETUP_TOLL, P_SETUP_SETTLE) and kind in (K_TOLL, K_SETTLE)) \
                and not (ph == P_LEHM and kind == K_WALL):
            return f"not now: {self._asked()}"
        if kind == K_TOLL:
            used = sum(self.tolls_on[a * n: a * n + n])
            if ph == P_SETUP_SETTLE:
                return f"not now: {self._asked()}"
            if used >= m.road_len[a]:
                return (f"road {ROAD_NAMES[a]} has no free segment left (all {m.road_len[a]} taken; "
                        "the stub at the end of a road is no segment, Q2)")
            if ph == P_SETUP_TOLL:
                return f"road {ROAD_NAMES[a]} has no intersection left for the settlement that follows (9.)"
            if not self.toll_left[p]:
                return f"you have no toll stations left ({TOLLS} each)"
            return lacks({"wood": 1, "brick": 1}, "a toll station") or "not allowed now"
        if kind == K_SETTLE:
            if ph == P_SETUP_TOLL:
                return f"not now: {self._asked()}"
            if ph == P_SETUP_SETTLE and a != self.setup_road:
                return f"the settlement goes on road {ROAD_NAMES[self.setup_road]}, where you just placed the toll station (9.)"
            if b > m.road_len[a]:
                return f"road {ROAD_NAMES[a]} has intersections 1 to {m.road_len[a] + 1} only"
            if b == 0:
                return "no settlement on the intersection touching the city (5.2.2.2)"
            gi = m.road_offset[a] + b
            if self.settle_owner[gi] >= 0:
                return "that intersection already holds a settlement"
            if gi not in self._free_spots(a):
                return ("along the road there must be a free intersection between it and every other "
                        "settlement, in both directions (5.2.2.2)")
            if ph == P_MAIN:
                if not self.set_left[p]:
                    return f"you have no settlements left ({SETTLEMENTS} each)"
                if not self.tolls_on[a * n + p]:
                    return f"you need a toll station of your own on road {ROAD_NAMES[a]} first (5.2.2.2)"
                return lacks({"wood": 1, "wool": 1, "grain": 1, "brick": 1}, "a settlement") or "not allowed now"
        if kind == K_WORKSHOP:
            if self.red_owner[a] >= 0:
                return "that red intersection already holds a workshop (5.2.2.3)"
            if not self.work_left[p]:
                return f"you have no workshops left ({WORKSHOPS} each)"
            return lacks({"grain": 2, "stone": 3}, "a workshop") or "not allowed now"
        if kind == K_WALL:
            if len(self.wall_owner) >= m.wall_pieces:
                return f"the city wall is complete ({m.wall_pieces} pieces)"
            if ph == P_LEHM:
                return ("you may not build a wall piece now" if self.lehm[0] != p
                        else lacks({"gold": 3}, "the wall piece") or "not allowed now")
            return lacks({"brick": 1, "gold": WALL_GOLD}, "a wall piece") or "not allowed now"
        if kind == K_TOWER:
            if a >= len(m.triangle_after):
                return f"this map has {len(m.triangle_after)} tower triangles"
            if self.tower_owner[a] >= 0:
                return "that triangle already holds a tower"
            after = m.triangle_after[a]
            if len(self.wall_owner) < min(after + 1, m.wall_pieces):
                return (f"the triangle after wall piece {after} opens only when the wall reaches piece "
                        f"{min(after + 1, m.wall_pieces)} (5.2.2.5)")
            if not self._tower_ok(p):
                return "a tower needs a workshop of yours next to the Bauhof (5.2.2.5)"
            return lacks({"wood": 1, "brick": 1, "gold": TOWER_GOLD}, "a tower") or "not allowed now"
        if kind == K_PRODUCE:
            cost = {RESOURCES[r]: c for r, c in enumerate(m.good_recipe[a]) if c}
            return lacks(cost, _good(a)) or "not allowed now"
        if kind == K_BANK:
            if self.bank_trades >= self.bank_limit:
                return (f"you made the {self.bank_limit} bank trades this game allows per turn "
                        "(option bank_trades_per_turn)")
            rate = self.bank_rate(p, a)
            if have[TRADABLES[a]] < rate:
                return f"the bank takes {rate} {TRADABLES[a]} for 1; you have {have[TRADABLES[a]]}"
            if b != GOLD and not self.supply[b]:
                return f"the bank has no {TRADABLES[b]} left"
            return "not allowed now"
        if kind == K_OFFER:
            if self.offers_made >= self.offers_per_turn:
                return f"you made the {self.offers_per_turn} trade offers allowed per turn (option offers_per_turn)"
            return "you have nothing to offer"
        if kind == K_ACCEPT and ph == P_RESPOND and p in self.to_act():
            return f"you cannot give what the offer asks ({_vec(self.ow)})"
        if kind in (K_GIVE, K_WANT, K_DONE) and p in self.to_act():
            return (f"an offer's side holds 1 to {self.offer_side} cards (option offer_cards); what you give you "
                    "must hold, and no type on both sides")
        if kind in (K_CLOSE, K_TAKE_COUNTER) and ph == P_CLOSE:
            return f"Player {a + 1} did not accept, or you can no longer pay"
        if kind == K_ROBBER and ph == P_ROBBER:
            return "the robber knight must move to a different terrain (6.1)"
        if kind == K_STEAL and ph == P_STEAL:
            return "steal from an opponent who holds resource cards (6.1)"
        if kind == K_DISCARD and ph == P_DISCARD:
            return "discard a card you hold"
        return f"not now: {self._asked()}"

    def _asked(self) -> str:
        """What the game waits for, in words."""
        ph = self.phase
        if ph == P_MAIN:
            return f"Player {self.cur + 1} trades, builds, produces or ends the turn"
        if ph in (P_OFFER_GIVE, P_OFFER_WANT, P_OFFER_SEND):
            return f"Player {self.cur + 1} is putting together a trade offer"
        if ph == P_RESPOND:
            return "the players asked are answering a trade offer"
        if ph == P_CLOSE:
            return f"Player {self.cur + 1} closes or withdraws the trade offer"
        if ph == P_DISCARD:
            return "players with more than 7 cards discard half (6.1)"
        if ph == P_ROBBER:
            return f"Player {self.cur + 1} moves the robber knight (6.1)"
        if ph == P_STEAL:
            return f"Player {self.cur + 1} chooses whom to steal from (6.1)"
        if ph == P_LEHM:
            return f"Player {self.lehm[0] + 1} may build a wall piece for 3 gold (Kostenloser Lehm, 8.3)"
        if ph == P_COUNCIL:
            return f"Player {self.council_player + 1} chooses whose council card to take (6.3)"
        if ph == P_SETUP_TOLL:
            return f"Player {self.cur + 1} places a starting toll station (9.)"
        if ph == P_SETUP_SETTLE:
            return f"Player {self.cur + 1} places a starting settlement on road {ROAD_NAMES[self.setup_road]} (9.)"
        return "an event card or a random card is drawn"

    def _chance_ok(self, code: tuple[int, int, int]) -> bool:
        """Is this a possible outcome of the chance node we are at? (a fast path of
        chance_outcomes())"""
        kind, a, _ = code
        ph = self.phase
        if ph == P_DRAW:
            return kind == K_DRAW and self.deck[a] > 0
        if ph == P_STEAL_CARD:
            return kind == K_CARD and self.hand[self.steal_victim * 5 + a] > 0
        if ph == P_WZ_CARD:
            return kind == K_CARD and self.hand[self.wz[0] * 5 + a] > 0
        if ph == P_START:
            return kind == K_FIRST
        return False

    def _do(self, seat: int, code: tuple[int, int, int]) -> None:
        kind, a, b = code
        n, m = self.n, self.m
        p = self.cur
        if kind == K_DRAW:
            self._draw(a)
        elif kind == K_END:
            self.cur = (p + 1) % n
            self.offers_made = self.bank_trades = 0
            self.phase = P_DRAW
        elif kind == K_TOLL:
            if self.phase == P_SETUP_TOLL:
                self._place_toll(p, a)
                self.setup_road = a
                self.phase = P_SETUP_SETTLE
            else:
                self._pay(p, COST_TOLL)
                self._place_toll(p, a)
        elif kind == K_SETTLE:
            gi = m.road_offset[a] + b
            self.settle_owner[gi] = p
            self.set_left[p] -= 1
            if self.phase == P_SETUP_SETTLE:
                self._setup_next(gi)
            else:
                self._pay(p, COST_SETTLE)
        elif kind == K_WORKSHOP:
            self._pay(p, COST_WORKSHOP)
            self.red_owner[a] = p
            self.work_left[p] -= 1
        elif kind == K_WALL:
            if self.phase == P_LEHM:
                self.gold[seat] -= WALL_GOLD  # Kostenloser Lehm: no brick (8.3)
                self.wall_owner.append(seat)
                self.lehm.pop(0)
                self._gain_prestige(seat, 1, P_LEHM)
                if self.phase == P_LEHM:
                    self._lehm_next()
            else:
                self._pay(p, (0, 0, 0, 1, 0))
                self.gold[p] -= WALL_GOLD
                self.wall_owner.append(p)
                self._gain_prestige(p, 1, P_MAIN)
        elif kind == K_TOWER:
            self._pay(p, (1, 0, 0, 1, 0))
            self.gold[p] -= TOWER_GOLD
            self.tower_owner[a] = p
            self._gain_prestige(p, 2, P_MAIN)
        elif kind == K_PRODUCE:
            self._pay(p, m.good_recipe[a])
            self.gold[p] += m.good_price[a] * (2 if self.doubled(p, a) else 1)
            holder = self.row_holder[m.good_road[a]]
            if holder >= 0 and holder != p:
                toll = min(m.good_toll[a], self.gold[p])
                self.gold[p] -= toll
                self.gold[holder] += toll
        elif kind == K_BANK:
            rate = self.bank_rate(p, a)
            if a == GOLD:
                self.gold[p] -= rate
            else:
                self.hand[p * 5 + a] -= rate
                self.supply[a] += rate
                if self.hidden_any:
                    self._clip(p)
            if b == GOLD:
                self.gold[p] += 1
            else:
                self.hand[p * 5 + b] += 1
                self.supply[b] -= 1
            self.bank_trades += 1
        elif kind == K_OFFER:
            self.offers_made += 1
            self.og, self.ow = [0] * 6, [0] * 6
            self.phase = P_OFFER_GIVE
        elif kind == K_GIVE:
            if self.phase == P_OFFER_GIVE:
                self.og[a] += 1
            else:
                self.cg[seat * 6 + a] += 1
        elif kind == K_WANT:
            if self.phase == P_OFFER_WANT:
                self.ow[a] += 1
            else:
                self.cw[seat * 6 + a] += 1
        elif kind == K_DONE:
            ph = self.phase
            if ph == P_OFFER_GIVE:
                self.phase = P_OFFER_WANT
            elif ph == P_OFFER_WANT:
                self.phase = P_OFFER_SEND
            elif self.resp[seat] == R_COUNTER_GIVE:
                self.resp[seat] = R_COUNTER_WANT
            else:
                self.resp[seat] = R_COUNTERED
                if self.hidden_any:
                    self._reveal(seat, self.cg[seat * 6: seat * 6 + 6])
                self._responses_done()
        elif kind == K_CANCEL:
            if self.phase == P_RESPOND:
                self.resp[seat] = R_DECLINE
                self._clear_counter(seat)
                self._responses_done()
            else:
                self.phase = P_MAIN
        elif kind == K_SEND:
            self.offer_to = a
            resp = self.resp
            for q in range(n):
                resp[q] = R_PENDING if q != p and (a < 0 or a == q) else R_NONE
            self.cg, self.cw = [0] * (6 * n), [0] * (6 * n)
            self.phase = P_RESPOND
        elif kind == K_ACCEPT:
            self.resp[seat] = R_ACCEPT
            if self.hidden_any:
                self._reveal(seat, self.ow)
            self._responses_done()
        elif kind == K_DECLINE:
            self.resp[seat] = R_DECLINE
            self._responses_done()
        elif kind == K_COUNTER:
            self.resp[seat] = R_COUNTER_GIVE
        elif kind == K_CLOSE:
            self._transfer(p, a, self.og)
            self._transfer(a, p, self.ow)
            self._end_trade()
        elif kind == K_TAKE_COUNTER:
            self._transfer(a, p, self.cg[a * 6: a * 6 + 6])
            self._transfer(p, a, self.cw[a * 6: a * 6 + 6])
            self._end_trade()
        elif kind == K_WITHDRAW:
            self._end_trade()
        elif kind == K_DISCARD:
            self._pay(seat, tuple(1 if r == a else 0 for r in range(5)))
            self.discard_owe[seat] -= 1
            if not any(self.discard_owe):
                self.phase = P_ROBBER
        elif kind == K_ROBBER:
            self.robber = a
            if any(q != p and self._cards(q) for q in range(n)):
                self.phase = P_STEAL
            else:
                self.phase = P_MAIN
        elif kind == K_STEAL:
            self.steal_victim = a
            self.phase = P_STEAL_CARD
        elif kind == K_CARD:
            if self.phase == P_STEAL_CARD:
                self._hidden_move(self.steal_victim, p, a)
                self.steal_victim = -1
                self.phase = P_MAIN
            else:
                victim = self.wz[0]
                self._hidden_move(victim, self.row_holder[self.wz_road], a)
                self.wz[1] -= 1
                if self.wz[1] == 0 or not self._cards(victim):
                    del self.wz[:2]
                self._wz_next()
        elif kind == K_PASS:
            self.lehm.pop(0)
            self._lehm_next()
        elif kind == K_COUNCIL:
            self._swap_council(seat, a)
            pending, resume = self.council_pending, self.council_resume
            self.council_pending, self.council_player, self.council_resume = 0, -1, -1
            self.council_cands = []
            self._gain_prestige(seat, pending, resume)
            if self.phase == P_LEHM:
                self._lehm_next()
        elif kind == K_FIRST:
            self.first = self.cur = a
            if self.setup == "expert":
                order = [(a + i) % n for i in range(n)]
                self.setup_order = order + order[::-1]
                self.setup_pos = 0
                self.cur = order[0]
                self.phase = P_SETUP_TOLL
            else:
                self.phase = P_DRAW

    def _setup_next(self, gi: int) -> None:
        """Snake placement (9.): cards for the second settlement; then the first turn."""
        if self.setup_pos >= self.n:
            self._starting_cards(self.cur, gi)
        self.setup_pos += 1
        self.setup_road = -1
        if self.setup_pos == len(self.setup_order):
            self.cur = self.first
            self.phase = P_DRAW
        else:
            self.cur = self.setup_order[self.setup_pos]
            self.phase = P_SETUP_TOLL

    def _draw(self, k: int) -> None:
        """5.1: the card goes face up on the discard pile; harvest first, then the event."""
        m = self.m
        self.deck[k] -= 1
        self.deck_left -= 1
        self.dpile[k] += 1
        self.last_card = k
        number, ev, road = self.t.kinds[k]
        self.phase = P_MAIN
        if ev == EV_RAUBRITTER:
            n = self.n
            owe = self.discard_owe
            for q in range(n):
                c = self._cards(q)
                owe[q] = c // 2 if c > HAND_LIMIT else 0
            self.phase = P_DISCARD if any(owe) else P_ROBBER
        else:
            self._harvest(number)
            if ev == EV_HOURGLASS:
                self.time += 1
                if self.time == len(m.years) - 1:
                    self.phase = P_OVER  # 1400: the game ends at once (7b)
                    return
                if self.time in m.reshuffle_at:
                    self._reshuffle()
            elif ev == EV_MARKGRAF:
                self.robber = -1
            elif ev == EV_LEHM:
                self.lehm = [(self.cur + i) % self.n for i in range(self.n)]
                self.phase = P_LEHM
                self._lehm_next()
            elif ev == EV_WEGEZOLL:
                self._wegezoll(road)
        if self.deck_left == 0:
            self._reshuffle()  # only on a user map whose time track outlasts the deck

    def _reshuffle(self) -> None:
        for i, c in enumerate(self.dpile):
            if c:
                self.deck[i] += c
                self.dpile[i] = 0
        self.deck_left = sum(self.deck)

    def _harvest(self, number: int) -> None:
        """5.1.1 with the robber (6.1) and the 20-card supply (no one gets a type the
        supply cannot pay in full)."""
        m = self.m
        n = self.n
        claims = [0] * (5 * n)
        any_claim = False
        so = self.settle_owner
        for terr in m.terrains_of_number[number]:
            if terr == self.robber:
                continue
            r = m.terrain_res[terr]
            for gi in m.terrain_inters[terr]:
                o = so[gi]
                if o >= 0:
                    claims[o * 5 + r] += 1
                    any_claim = True
        if not any_claim:
            return
        h, sup = self.hand, self.supply
        for r in range(5):
            total = 0
            for q in range(n):
                total += claims[q * 5 + r]
            if total and total <= sup[r]:
                sup[r] -= total
                for q in range(n):
                    h[q * 5 + r] += claims[q * 5 + r]

    def _lehm_next(self) -> None:
        """8.3: from the active player clockwise, each who can may build one wall piece
        for 3 gold; those who cannot are passed over."""
        lehm = self.lehm
        while lehm and (self.gold[lehm[0]] < WALL_GOLD or len(self.wall_owner) >= self.m.wall_pieces):
            lehm.pop(0)
        if lehm:
            self.phase = P_LEHM
        else:
            self.phase = P_MAIN

    def _wegezoll(self, road: int) -> None:
        """8.4: every opponent of the holder pays 1 gold per settlement on the road; the
        holder draws a random card per missing gold; the rest is lost."""
        holder = self.row_holder[road]
        if holder < 0:
            return
        m = self.m
        self.wz = []
        self.wz_road = road
        off = m.road_offset[road]
        for i in range(self.n):
            q = (self.cur + i) % self.n
            if q == holder:
                continue
            owed = 0
            for gi in range(off, off + m.road_len[road] + 1):
                if self.settle_owner[gi] == q:
                    owed += 1
            pay = min(owed, self.gold[q])
            self.gold[q] -= pay
            self.gold[holder] += pay
            missing = owed - pay
            if missing and self._cards(q):
                self.wz += [q, missing]
        self._wz_next()

    def _wz_next(self) -> None:
        self.phase = P_WZ_CARD if self.wz else P_MAIN
        if not self.wz:
            self.wz_road = -1

    def _responses_done(self) -> None:
        resp = self.resp
        for q in range(self.n):
            r = resp[q]
            if r == R_PENDING or r == R_COUNTER_GIVE or r == R_COUNTER_WANT:
                return
        if any(r == R_ACCEPT or r == R_COUNTERED for r in resp):
            self.phase = P_CLOSE
        else:
            self._end_trade()

    def _clear_counter(self, q: int) -> None:
        for i in range(6):
            self.cg[q * 6 + i] = 0
            self.cw[q * 6 + i] = 0

    def _end_trade(self) -> None:
        n = self.n
        self.og, self.ow, self.offer_to = [0] * 6, [0] * 6, -1
        self.resp = [R_NONE] * n
        self.cg, self.cw = [0] * (6 * n), [0] * (6 * n)
        self.phase = P_MAIN

    # -- the end ---------------------------------------------------------------------------
    def outcome(self) -> Outcome:
        if self.phase != P_OVER:
            raise IllegalAction("the game is not over yet")
        n = self.n
        scores = tuple(self.vp(p) for p in range(n))
        keys = []
        for p in range(n):
            c = self.council_of(p)
            keys.append((1 if p == self.winner else 0, scores[p], COUNCIL_VP[c] if c >= 0 else 0))
        breakdown = []
        for p in range(n):
            c = self.council_of(p)
            breakdown.append({
                "settlements": SETTLEMENTS - self.set_left[p],
                "workshops": WORKSHOPS - self.work_left[p],
                "rights_of_way": sum(1 for k in range(5) if self.row_holder[k] == p),
                "council": COUNCIL_VP[c] if c >= 0 else 0,
            })
        return Outcome(scores, rank_by(keys), tuple(breakdown))

    # -- copies ----------------------------------------------------------------------------
    def clone(self) -> "SiedlerState":
        s = SiedlerState.__new__(SiedlerState)
        s.game, s.m, s.t, s.n, s.seed, s.setup = self.game, self.m, self.t, self.n, self.seed, self.setup
        s.offers_per_turn, s.map_raw = self.offers_per_turn, self.map_raw
        s.bank_limit, s.offer_side = self.bank_limit, self.offer_side
        s._cache_seat, s._cache = -99, []
        s.phase, s.cur, s.first = self.phase, self.cur, self.first
        s.hand, s.gold, s.supply = self.hand[:], self.gold[:], self.supply[:]
        s.deck, s.dpile, s.deck_left = self.deck[:], self.dpile[:], self.deck_left
        s.time, s.robber = self.time, self.robber
        s.seg_owner, s.tolls_on, s.settle_owner = self.seg_owner[:], self.tolls_on[:], self.settle_owner[:]
        s.row_holder, s.red_owner = self.row_holder[:], self.red_owner[:]
        s.wall_owner, s.tower_owner = self.wall_owner[:], self.tower_owner[:]
        s.prestige, s.council = self.prestige[:], self.council[:]
        s.set_left, s.work_left, s.toll_left = self.set_left[:], self.work_left[:], self.toll_left[:]
        s.offers_made, s.bank_trades = self.offers_made, self.bank_trades
        s.og, s.ow, s.offer_to = self.og[:], self.ow[:], self.offer_to
        s.resp, s.cg, s.cw = self.resp[:], self.cg[:], self.cw[:]
        s.lehm, s.discard_owe, s.wz = self.lehm[:], self.discard_owe[:], self.wz[:]
        s.wz_road, s.steal_victim = self.wz_road, self.steal_victim
        s.council_pending, s.council_player = self.council_pending, self.council_player
        s.council_resume, s.council_cands = self.council_resume, self.council_cands[:]
        s.setup_order, s.setup_pos, s.setup_road = self.setup_order[:], self.setup_pos, self.setup_road
        s.winner, s.unk, s.hidden_any, s.last_card = self.winner, self.unk[:], self.hidden_any, self.last_card
        return s

    def sample(self, seat: int, rng: random.Random) -> "SiedlerState":
        """Opponents' hands re-dealt: each keeps the cards `seat` knows it holds, and the
        cards `seat` cannot place (stolen, Wegezoll) are dealt at random from their pool."""
        s = self.clone()
        if seat == CHANCE or not 0 <= seat < self.n or not self.hidden_any:
            return s
        n = self.n
        pool: list[int] = []
        counts = []
        for p in range(n):
            if p == seat:
                counts.append(0)
                continue
            base = (seat * n + p) * 5
            c = 0
            for r in range(5):
                u = self.unk[base + r]
                pool += [r] * u
                c += u
                s.hand[p * 5 + r] -= u
            counts.append(c)
        rng.shuffle(pool)
        i = 0
        for p in range(n):
            if p == seat:
                continue
            base = (seat * n + p) * 5
            for r in range(5):
                s.unk[base + r] = 0
            for _ in range(counts[p]):
                r = pool[i]
                i += 1
                s.hand[p * 5 + r] += 1
                s.unk[base + r] += 1
        for p in range(n):
            s._clip(p)
        s.hidden_any = True
        return s

    # -- snapshots -------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": "siedler", "version": 1, "players": self.n, "seed": self.seed,
                               "setup": self.setup, "offers_per_turn": self.offers_per_turn,
                               "bank_trades_per_turn": self.bank_limit, "offer_cards": self.offer_side,
                               "map": self.map_raw}
        for name in _SLOTS:
            v = getattr(self, name)
            out[name] = list(v) if name in _LIST_SLOTS else v
        return out

    def restore(self, obj: dict[str, Any]) -> None:
        for name in _SLOTS:
            v = obj[name]
            setattr(self, name, list(v) if name in _LIST_SLOTS else v)

    # -- views and words --------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        m, n = self.m, self.n
        players = []
        for p in range(n):
            c = self.council_of(p)
            players.append({
                "hand": {r: self.hand[p * 5 + i] for i, r in enumerate(RESOURCES)} if seat == p else None,
                "cards": self._cards(p), "gold": self.gold[p], "prestige": self.prestige[p], "vp": self.vp(p),
                "council": COUNCIL_NAMES[c] if c >= 0 else None,
                "pieces_left": {"settlements": self.set_left[p], "workshops": self.work_left[p], "tolls": self.toll_left[p]},
                "discard_owed": self.discard_owe[p],
            })
        roads = {}
        for k, name in enumerate(ROAD_NAMES):
            off, soff = m.road_offset[k], m.seg_offset[k]
            roads[name] = {
                "tolls": self.seg_owner[soff: soff + m.road_len[k]],
                "settlements": self.settle_owner[off: off + m.road_len[k] + 1],
                "right_of_way": self.row_holder[k],
            }
        offer = None
        if self.phase in (P_OFFER_GIVE, P_OFFER_WANT, P_OFFER_SEND, P_RESPOND, P_CLOSE):
            offer = {"give": dict(zip(TRADABLES, self.og)), "want": dict(zip(TRADABLES, self.ow)),
                     "to": self.offer_to,
                     "responses": [("none", "pending", "accept", "decline", "countering", "countering",
                                    "countered")[r] for r in self.resp],
                     "counters": [{"give": dict(zip(TRADABLES, self.cg[q * 6: q * 6 + 6])),
                                   "want": dict(zip(TRADABLES, self.cw[q * 6: q * 6 + 6]))} for q in range(n)]}
        last = None
        if self.last_card >= 0:
            last = self._card_text(self.last_card)
        return {
            "game": "siedler", "players": n, "seat": seat, "phase": PHASE_NAMES[self.phase],
            "active": self.cur, "to_act": list(self.to_act()), "year": m.years[self.time],
            "robber": m.terrain_ids[self.robber] if self.robber >= 0 else None, "last_card": last,
            "deck_left": self.deck_left, "supply": dict(zip(RESOURCES, self.supply)),
            "seats": players, "roads": roads, "workshops": list(self.red_owner), "walls": list(self.wall_owner),
            "towers": list(self.tower_owner),
            "council": {COUNCIL_NAMES[i]: (None if h == -1 else ("removed" if h == REMOVED else h))
                        for i, h in enumerate(self.council)},
            "offer": offer, "offers_left": max(0, self.offers_per_turn - self.offers_made),
            "bank_trades_left": max(0, self.bank_limit - self.bank_trades), "offer_cards": self.offer_side,
            "lehm_queue": list(self.lehm), "winner": self.winner if self.phase == P_OVER else None,
            "result": self._result() if self.phase == P_OVER else None,
            "board": m.labels(),
        }

    def _result(self) -> dict[str, Any]:
        """How the game ended and who won (7.): by 13 VP in one's own turn, or at 1400 by
        the most VP, ties to the higher council card, else shared."""
        out = self.outcome()
        winners = [p for p in range(self.n) if out.ranks[p] == 1]
        top = max(out.scores)
        tied = [p for p in range(self.n) if out.scores[p] == top]
        councils = {p: COUNCIL_NAMES[self.council_of(p)] if self.council_of(p) >= 0 else None for p in tied}
        return {"reason": "thirteen" if self.winner >= 0 else "year_1400", "winners": winners,
                "scores": list(out.scores), "tied_on_most": tied if len(tied) > 1 else [], "councils": councils}

    def _card_text(self, k: int) -> str:
        number, ev, road = self.t.kinds[k]
        if ev == EV_RAUBRITTER:
            return "Raubritter"
        text = {0: "", 1: "the years pass (hourglass)", 2: "the Markgraf intervenes",
                3: "Kostenloser Lehm", 4: f"Wegezoll on road {ROAD_NAMES[road] if road >= 0 else ''}"}[ev]
        return f"harvest {number}" + (f", {text}" if text else "")

    def _draw_effects(self, k: int, viewer: int | None) -> str:
        """What an event card does, in words, from the state before it is applied (all of
        it public: the harvest, the Wegezoll gold, the time stone)."""
        m, n = self.m, self.n
        number, ev, road = self.t.kinds[k]
        if ev == EV_RAUBRITTER:
            return " (no harvest)"
        parts = []
        t = self.clone()
        t._harvest(number)
        got = []
        for q in range(n):
            g = [t.hand[q * 5 + r] - self.hand[q * 5 + r] for r in range(5)]
            if any(g):
                got.append(f"{_who(q, viewer)} {'get' if q == viewer else 'gets'} {_vec(g + [0])}")
        blocked = self.robber >= 0 and self.robber in m.terrains_of_number[number]
        short = [RESOURCES[r] for r in range(5) if t.supply[r] == self.supply[r] and self._claims(number, r) > self.supply[r]]
        harvest = "; ".join(got) if got else "nobody harvests"
        if blocked:
            harvest += f" (the robber knight blocks {m.terrain_ids[self.robber]})"
        if short:
            harvest += f" (the bank cannot pay every claim for {', '.join(short)}: nobody gets it)"
        parts.append(harvest)
        if ev == EV_HOURGLASS:
            year = m.years[self.time + 1]
            if self.time + 1 == len(m.years) - 1:
                parts.append(f"the time stone reaches {year}: the game ends now (7b)")
            elif self.time + 1 in m.reshuffle_at:
                parts.append(f"the time stone moves to {year}, a red space: the discards are shuffled back into the deck")
            else:
                parts.append(f"the time stone moves to {year}")
        elif ev == EV_MARKGRAF:
            parts.append("the robber knight returns to the Raubritterburg" if self.robber >= 0
                         else "the robber knight stays at the Raubritterburg")
        elif ev == EV_LEHM:
            can = [_who(q, viewer) for q in ((self.cur + i) % n for i in range(n)) if self.gold[q] >= WALL_GOLD]
            if len(self.wall_owner) >= m.wall_pieces:
                parts.append("the wall is complete: nobody builds")
            else:
                parts.append("with 3 gold: " + ", ".join(can) if can else "nobody has 3 gold for a wall piece")
        elif ev == EV_WEGEZOLL:
            holder = self.row_holder[road]
            if holder < 0:
                parts.append(f"nobody holds the right of way of road {ROAD_NAMES[road]}: nobody pays")
            else:
                off = m.road_offset[road]
                pays = []
                for q in range(n):
                    if q == holder:
                        continue
                    owed = sum(1 for gi in range(off, off + m.road_len[road] + 1) if self.settle_owner[gi] == q)
                    if not owed:
                        continue
                    gold = min(owed, self.gold[q])
                    cards = min(owed - gold, t._cards(q))  # cards after the harvest
                    bits = [f"{gold} gold"] if gold else []
                    if cards:
                        bits.append(f"{cards} random card{'s' if cards > 1 else ''}")
                    lost = owed - gold - cards
                    what = " and ".join(bits) if bits else "nothing"
                    pays.append(f"{_who(q, viewer)} {'pay' if q == viewer else 'pays'} {what}"
                                + (f" ({lost} lost)" if lost else ""))
                to = _who(holder, viewer)
                parts.append(f"to {to}: " + "; ".join(pays) if pays else f"nobody but {to} has settlements there")
        return ": " + "; ".join(parts)

    def _claims(self, number: int, r: int) -> int:
        c = 0
        for terr in self.m.terrains_of_number[number]:
            if terr != self.robber and self.m.terrain_res[terr] == r:
                for gi in self.m.terrain_inters[terr]:
                    if self.settle_owner[gi] >= 0:
                        c += 1
        return c

    def _council_effect(self, p: int, points: int, viewer: int | None) -> str:
        """What `points` more prestige does to p's council card (6.3), in words."""
        if not 0 <= p < self.n:
            return ""
        t = self.clone()
        before = self.council_of(p)
        t._gain_prestige(p, points, P_MAIN)
        if t.phase == P_COUNCIL:
            return ", then you choose whose council card to take" if p == viewer else ", then a choice of council cards"
        after = t.council_of(p)
        if after == before or after < 0:
            return ""
        name = f"the {COUNCIL_NAMES[after]} ({COUNCIL_VP[after]} VP)"
        prev = self.council[after]
        if prev >= 0:
            name += f" from {_who(prev, viewer)}"
        return f", {'take' if p == viewer else 'takes'} {name}"

    def _beside(self, terr: int, viewer: int | None) -> str:
        """Whose settlements touch a terrain, in words (the robber's choice needs it)."""
        count = [0] * self.n
        for gi in self.m.terrain_inters[terr]:
            o = self.settle_owner[gi]
            if o >= 0:
                count[o] += 1
        parts = [_who(q, viewer) + (f" x{c}" if c > 1 else "") for q, c in enumerate(count) if c]
        return "settlements of " + ", ".join(parts) if parts else "no settlement beside it"

    def describe(self, seat: int, action: Action, viewer: int | None) -> str:
        code = self.t.code.get(action)
        if code is None:
            return f"unknown action {action!r}"
        try:
            return self._describe(seat, action, code, viewer)
        except IndexError:  # a position this map does not have (an illegal action)
            return f"{action.type} {action.fields} (no such place on this map)"

    def _describe(self, seat: int, action: Action, code: tuple[int, int, int], viewer: int | None) -> str:
        kind, a, b = code
        m = self.m
        if kind == K_FIRST:
            how = "by the highest event card (9.)" if self.setup == "expert" else "at random"
            return f"first player, chosen {how}: {_who(a, viewer)}"
        if kind == K_DRAW:
            whose = "your" if self.cur == viewer else f"Player {self.cur + 1}'s"
            return f"event card for {whose} turn: {self._card_text(a)}{self._draw_effects(a, viewer)}"
        if kind == K_CARD:
            if self.phase == P_STEAL_CARD:
                thief, victim = self.cur, self.steal_victim
                what = RESOURCES[a] if viewer in (thief, victim) else "a resource card"
                verb = "steal" if thief == viewer else "steals"
                return f"{_who(thief, viewer).capitalize()} {verb} {what} from {_who(victim, viewer)}"
            holder = self.row_holder[self.wz_road] if self.wz_road >= 0 else -1
            victim = self.wz[0] if self.wz else -1
            what = RESOURCES[a] if viewer in (holder, victim) else "a random resource card"
            verb = "draw" if holder == viewer else "draws"
            return f"{_who(holder, viewer).capitalize()} {verb} {what} from {_who(victim, viewer)} for the Wegezoll"
        if kind == K_END:
            return "end the turn"
        if kind == K_TOLL:
            used = sum(self.tolls_on[a * self.n: a * self.n + self.n])
            free = "" if self.phase == P_SETUP_TOLL else " (1 wood, 1 brick)"
            p = seat
            holder = self.row_holder[a]
            if self.phase == P_SETUP_TOLL and 0 <= p < self.n:
                t = self.clone()
                t._place_toll(p, a)
                after = t.row_holder[a]
            else:
                mine = self.tolls_on[a * self.n + p] + 1 if 0 <= p < self.n else 0
                after = p if holder < 0 or (holder != p and mine > self.tolls_on[a * self.n + holder]) else holder
            gain = ""
            if holder != p and after == p:
                gain = (": takes the right of way (1 VP)" if holder < 0 else
                        f": takes the right of way from {_who(holder, viewer)} (1 VP)")
            return f"build a toll station on road {ROAD_NAMES[a]}, segment {used + 1}{free}{gain}"
        if kind == K_SETTLE:
            cost = "" if self.phase == P_SETUP_SETTLE else " (1 wood, 1 wool, 1 grain, 1 brick)"
            if self.phase == P_SETUP_SETTLE and self.setup_pos >= self.n:
                cost = ": the second settlement brings one card per terrain beside it (9.)"
            gi = m.road_offset[a] + b
            near = ", ".join(f"{m.terrain_type[x]} {m.terrain_num[x]}" for x in m.inter_terrains[gi]) if b < m.road_len[a] + 1 and gi < m.n_inters else ""
            return f"build a settlement on road {ROAD_NAMES[a]}, intersection {b + 1} ({near}){cost}"
        if kind == K_WORKSHOP:
            sectors = ", ".join(_good(g) for g in m.red_goods[a]) or "no goods"
            extra = []
            if m.red_port[a] == 5:
                extra.append("3:1 trade")
            elif m.red_port[a] >= 0:
                extra.append(f"2:1 {RESOURCES[m.red_port[a]]} trade")
            if m.red_bauhof[a]:
                extra.append("Bauhof: lets you build towers")
            more = "; " + ", ".join(extra) if extra else ""
            return f"build a workshop on red intersection {a + 1} ({sectors}{more}) (2 grain, 3 stone)"
        if kind == K_WALL:
            piece = len(self.wall_owner) + 1
            if self.phase == P_LEHM:
                return f"build wall piece {piece} for 3 gold, no brick (Kostenloser Lehm): 1 prestige{self._council_effect(seat, 1, viewer)}"
            return f"build wall piece {piece} (1 brick, 3 gold): 1 prestige{self._council_effect(seat, 1, viewer)}"
        if kind == K_TOWER:
            return (f"build a tower in the triangle after wall piece {m.triangle_after[a]} (1 brick, 1 wood, 3 gold): "
                    f"2 prestige{self._council_effect(seat, 2, viewer)}")
        if kind == K_PRODUCE:
            p = self.cur
            price = m.good_price[a] * (2 if self.doubled(p, a) else 1)
            holder = self.row_holder[m.good_road[a]]
            toll = f", paying {m.good_toll[a]} toll to Player {holder + 1}" if holder >= 0 and holder != p else ""
            recipe = ", ".join(f"{c} {RESOURCES[r]}" for r, c in enumerate(m.good_recipe[a]) if c)
            return f"produce {_good(a)} from {recipe} and sell them in {m.good_city[a]} for {price} gold{toll}"
        if kind == K_BANK:
            rate = self.bank_rate(self.cur, a)
            return f"trade {rate} {TRADABLES[a]} with the bank for 1 {TRADABLES[b]}"
        if kind == K_OFFER:
            return f"start a trade offer ({self.offers_made + 1} of {self.offers_per_turn} this turn)"
        if kind == K_GIVE:
            return f"offer 1 {TRADABLES[a]} more" if self.phase != P_RESPOND else f"counter-offer: give 1 {TRADABLES[a]} more"
        if kind == K_WANT:
            return f"ask for 1 {TRADABLES[a]} more" if self.phase != P_RESPOND else f"counter-offer: ask for 1 {TRADABLES[a]} more"
        if kind == K_DONE:
            return "finish this side of the offer"
        if kind == K_CANCEL:
            return "drop the offer" if self.phase != P_RESPOND else "drop the counter-offer and decline"
        if kind == K_SEND:
            target = "everyone" if a < 0 else f"Player {a + 1}"
            return f"offer {_vec(self.og)} for {_vec(self.ow)} to {target}"
        if kind == K_ACCEPT:
            return f"accept: give {_vec(self.ow)} for {_vec(self.og)}"
        if kind == K_DECLINE:
            return "decline the offer"
        if kind == K_COUNTER:
            return "make a counter-offer"
        if kind == K_CLOSE:
            return f"trade {_vec(self.og)} for {_vec(self.ow)} with Player {a + 1}"
        if kind == K_TAKE_COUNTER:
            return (f"take Player {a + 1}'s counter-offer: receive {_vec(self.cg[a * 6: a * 6 + 6])} "
                    f"for {_vec(self.cw[a * 6: a * 6 + 6])}")
        if kind == K_WITHDRAW:
            return "withdraw the offer"
        if kind == K_DISCARD:
            return f"discard 1 {RESOURCES[a]} (Raubritter)"
        if kind == K_ROBBER:
            return f"move the robber knight to {m.terrain_ids[a]} ({m.terrain_type[a]} {m.terrain_num[a]}; {self._beside(a, viewer)})"
        if kind == K_STEAL:
            return f"steal a random resource card from Player {a + 1}"
        if kind == K_PASS:
            return "build no wall piece (Kostenloser Lehm)"
        if kind == K_COUNCIL:
            c = self.council_of(a)
            name = COUNCIL_NAMES[c] if c >= 0 else "a council card"
            return f"take the {name} from Player {a + 1}"
        return repr(action)


def _who(p: int, viewer: int | None) -> str:
    """A seat as the viewer reads it: "you" for the viewer's own seat."""
    return "you" if p == viewer else f"Player {p + 1}"


def _good(g: int) -> str:
    return GOODS[g].replace("Ruestungen", "Rüstungen")


def _words(cost: dict[str, int]) -> str:
    return ", ".join(f"{c} {r}" for r, c in cost.items())


def _vec(v: list[int]) -> str:
    parts = [f"{c} {TRADABLES[r]}" for r, c in enumerate(v) if c]
    return ", ".join(parts) if parts else "nothing"
