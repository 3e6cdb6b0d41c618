"""Colonia's rules: the week from Monday to Sunday, six times, as a state machine.

Everything that moves lives in flat lists of small ints (per player: index p * width + i),
so clone() copies lists and nothing else. Chance is a queue of pending draws and rolls;
the head of the queue is the current chance node. Decisions are either simultaneous
(family cards, votes) or taken in turn order (stalls, contracts, holds, relics)."""

from __future__ import annotations

import random
from typing import Any

from ...core import CHANCE, Action, IllegalAction, Outcome, State
from . import actions as A
from .data import (
    CARDS_PER_CITY, DAYS, MAX_HOLDS, N_CITIES, N_CRAFTSMEN, N_GOODS, N_MATERIALS, N_ORDINANCES,
    N_RELIC_CARDS, N_SHIPS, N_WEEK_CARDS, PORT, RELICS_PER_CITY, Components,
)
from .scoring import award_windows, outcome, score_items

# news: what apply() set in motion, kept as small tuples (kind, ints...) and put into
# words by news.py; reset at the start of every apply
(E_CARD, E_ORDER, E_VOTE, E_NO_VOTE, E_STALL_BACK, E_HOME, E_GOOD, E_CARRY, E_SAIL, E_PAY,
 E_AUTOPASS, E_RELIC_GONE, E_WINDOW, E_OVER) = range(14)

# street fields (index into a player's 4 street counters)
TUE, WED, THU, FRI = 0, 1, 2, 3
STREET_NAMES = ("Tuesday", "Wednesday", "Thursday", "Friday")

# steps of the week, in order
(S_SETUP, S_MON, S_TUE_CHOOSE, S_TUE_ORDER, S_WED_START, S_WED_VOTES, S_WED_BUY, S_WED_END,
 S_THU_START, S_THU_VOTES, S_THU_CONTRACT, S_THU_DICE, S_THU_GOODS, S_FRI_START, S_FRI_VOTES,
 S_FRI_LOAD, S_FRI_END, S_SAT_VOTES, S_SAT_SAIL, S_SUN_BUY, S_SUN_SECURE, S_SUN_END, S_OVER) = range(23)
STEP_DAY = (0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 6, 6, 6, 6)
VOTE_STEPS = {S_WED_VOTES: 2, S_THU_VOTES: 3, S_FRI_VOTES: 4, S_SAT_VOTES: 5}
TURN_STEPS = (S_WED_BUY, S_THU_CONTRACT, S_FRI_LOAD, S_SUN_BUY, S_SUN_SECURE)

# pending decisions
D_NONE, D_FAMILY, D_VOTE, D_TURN, D_GOOD, D_ENSHRINE, D_RECALL, D_EXCHANGE, D_AMOUNT, D_DRAW = range(10)

# chance queue entries: (kind, argument)
Q_WEEK, Q_ORD, Q_STALL, Q_PMAT, Q_PORT, Q_RELIC, Q_GOOD_DIE, Q_EXTRA_DIE, Q_TIE = range(9)

MAX_STALL_SLOTS = len(A.BUY_STALL)

_FIELDS = (
    "money", "mats", "goods", "bag", "supply", "home", "box", "street", "hall", "fam_used",
    "choice", "card", "zero", "votes_w", "order", "prev_order", "tiebreak", "week_used",
    "stall_mats", "stall_size", "stall_taker", "sticks", "cf_owner", "cf_n", "cf_len",
    "commissioned", "port", "hold_owner", "extra_owner", "ship_deck", "ship_discard",
    "relic_deck", "relic_discard", "display", "secured_by", "relic_owner", "shrine",
    "ord_used", "ords", "ord_result", "votes", "last_vote", "passed", "chain", "queue",
    "windows", "pending", "mknown", "msecret", "scalars",
)


class ColoniaState(State):
    game_id = "colonia"

    __slots__ = _FIELDS + ("n", "comp", "custom", "seed", "_legal", "_legal_seat", "ev")

    # fixed for the game
    n: int
    comp: Components
    custom: bool
    seed: int
    # the legal moves of seat _legal_seat, until the next apply
    _legal: list[Action] | None
    _legal_seat: int
    # what the last apply() set in motion (see news.py); not part of snapshots
    ev: list[tuple[int, ...]]
    # _FIELDS: flat lists of small ints (see __init__)
    money: list[int]
    mats: list[int]
    goods: list[int]
    bag: list[int]
    supply: list[int]
    home: list[int]
    box: list[int]
    street: list[int]
    hall: list[int]
    fam_used: list[int]
    choice: list[int]
    card: list[int]
    zero: list[int]
    votes_w: list[int]
    order: list[int]
    prev_order: list[int]
    tiebreak: list[int]
    week_used: list[int]
    stall_mats: list[int]
    stall_size: list[int]
    stall_taker: list[int]
    sticks: list[int]
    cf_owner: list[int]
    cf_n: list[int]
    cf_len: list[int]
    commissioned: list[int]
    port: list[int]
    hold_owner: list[int]
    extra_owner: list[int]
    ship_deck: list[int]
    ship_discard: list[int]
    relic_deck: list[int]
    relic_discard: list[int]
    display: list[int]
    secured_by: list[int]
    relic_owner: list[int]
    shrine: list[int]
    ord_used: list[int]
    ords: list[int]
    ord_result: list[int]
    votes: list[int]
    last_vote: list[int]
    passed: list[int]
    chain: list[int]
    queue: list[tuple[int, int]]   # pending chance nodes: (kind, argument)
    windows: list[int]
    pending: list[int]
    mknown: list[int]
    msecret: list[int]
    scalars: list[int]

    # scalars: [week, step, decision, actor, aux, week_card, dice, sail, ord_i, n_stalls,
    #           extra_active, fewer_now, fewer_next, turn, recall_street, recall_max]
    def __init__(self, comp: Components, players: int, seed: int, custom: bool) -> None:
        n = players
        self.n = n
        self.comp = comp
        self.custom = custom
        self.seed = seed
        self._legal = None
        self._legal_seat = -2
        self.ev = []
        c = comp
        self.money = [c.start_money] * (n * N_CITIES)
        self.mats = [0] * (n * N_MATERIALS)
        self.goods = [0] * (n * N_GOODS)
        self.bag = [c.materials_per_type] * N_MATERIALS
        self.supply = [c.goods_per_type] * N_GOODS
        self.home = [c.members_by_players[n]] * n
        self.box = [c.members_per_colour - c.members_by_players[n]] * n
        self.street = [0] * (n * 4)
        self.hall = [0] * n
        self.fam_used = [0] * (n * 6)
        self.choice = [-1] * n          # family card chosen this Tuesday, until Sunday
        self.card = [0] * n             # its value as it counts (0 when turned face down)
        self.zero = [0] * n
        self.votes_w = [0] * n
        self.order = list(range(n))
        self.prev_order = list(range(n))
        self.tiebreak = []
        self.week_used = [0] * N_WEEK_CARDS
        self.stall_mats = [0] * (MAX_STALL_SLOTS * N_MATERIALS)
        self.stall_size = [0] * MAX_STALL_SLOTS
        self.stall_taker = [-1] * MAX_STALL_SLOTS
        self.sticks = [0] * N_CRAFTSMEN
        f = c.contract_fields
        self.cf_owner = [-1] * (N_CRAFTSMEN * f)
        self.cf_n = [0] * (N_CRAFTSMEN * f)
        self.cf_len = [0] * N_CRAFTSMEN
        self.commissioned = [0] * N_CRAFTSMEN
        self.port = [-1] * PORT
        self.hold_owner = [-1] * (PORT * MAX_HOLDS)
        self.extra_owner = [-1] * PORT
        self.ship_deck = [1] * N_SHIPS
        self.ship_discard = [0] * N_SHIPS
        self.relic_deck = [1] * N_RELIC_CARDS
        self.relic_discard = [0] * N_RELIC_CARDS
        self.display = []
        self.secured_by = []
        self.relic_owner = [-1] * N_RELIC_CARDS
        self.shrine = [-1] * N_CITIES      # the relic card in each city's shrine
        self.ord_used = [0] * N_ORDINANCES
        self.ords = []          # this week's ordinances, sorted by day
        self.ord_result = []    # per ordinance of the week: -1 pending, 0 rejected, 1 passed
        self.votes = [-1] * n
        # this week's votes, one record after another: [ordinance, passed, vote per seat
        # (-1: did not vote)]; the last record is the last vote
        self.last_vote = []
        self.passed = [0] * n
        self.chain = []
        self.queue = []
        self.windows = [-1] * N_CITIES
        # members used today that go onto the day's street field in the evening (market
        # stalls on Wednesday, ships sailing early on Friday)
        self.pending = [0] * n
        # what every seat knows of each screen's materials: taken from a stall (public)
        # less spent on contracts; msecret counts those drawn blind from the bag
        self.mknown = [0] * (n * N_MATERIALS)
        self.msecret = [0] * n
        self.scalars = [1, S_SETUP, D_NONE, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]

    # -- scalar accessors (kept in one list so clone copies one list) -----------------
    @property
    def week(self) -> int:
        return self.scalars[0]

    @property
    def step(self) -> int:
        return self.scalars[1]

    @property
    def decision(self) -> int:
        return self.scalars[2]

    @property
    def actor(self) -> int:
        return self.scalars[3]

    @property
    def players(self) -> int:
        return self.n

    # -- copying ----------------------------------------------------------------------
    def clone(self) -> "ColoniaState":
        new = ColoniaState.__new__(ColoniaState)
        new.n = self.n
        new.comp = self.comp
        new.custom = self.custom
        new.seed = self.seed
        new._legal = None
        new._legal_seat = -2
        new.ev = self.ev  # never mutated: apply() starts a new list
        new.money = self.money[:]
        new.mats = self.mats[:]
        new.goods = self.goods[:]
        new.bag = self.bag[:]
        new.supply = self.supply[:]
        new.home = self.home[:]
        new.box = self.box[:]
        new.street = self.street[:]
        new.hall = self.hall[:]
        new.fam_used = self.fam_used[:]
        new.choice = self.choice[:]
        new.card = self.card[:]
        new.zero = self.zero[:]
        new.votes_w = self.votes_w[:]
        new.order = self.order[:]
        new.prev_order = self.prev_order[:]
        new.tiebreak = self.tiebreak[:]
        new.week_used = self.week_used[:]
        new.stall_mats = self.stall_mats[:]
        new.stall_size = self.stall_size[:]
        new.stall_taker = self.stall_taker[:]
        new.sticks = self.sticks[:]
        new.cf_owner = self.cf_owner[:]
        new.cf_n = self.cf_n[:]
        new.cf_len = self.cf_len[:]
        new.commissioned = self.commissioned[:]
        new.port = self.port[:]
        new.hold_owner = self.hold_owner[:]
        new.extra_owner = self.extra_owner[:]
        new.ship_deck = self.ship_deck[:]
        new.ship_discard = self.ship_discard[:]
        new.relic_deck = self.relic_deck[:]
        new.relic_discard = self.relic_discard[:]
        new.display = self.display[:]
        new.secured_by = self.secured_by[:]
        new.relic_owner = self.relic_owner[:]
        new.shrine = self.shrine[:]
        new.ord_used = self.ord_used[:]
        new.ords = self.ords[:]
        new.ord_result = self.ord_result[:]
        new.votes = self.votes[:]
        new.last_vote = self.last_vote[:]
        new.passed = self.passed[:]
        new.chain = self.chain[:]
        new.queue = self.queue[:]
        new.windows = self.windows[:]
        new.pending = self.pending[:]
        new.mknown = self.mknown[:]
        new.msecret = self.msecret[:]
        new.scalars = self.scalars[:]
        return new

    # -- the contract -----------------------------------------------------------------
    def over(self) -> bool:
        return self.scalars[1] == S_OVER

    def to_act(self) -> tuple[int, ...]:
        sc = self.scalars
        d = sc[2]
        if d == D_NONE:
            return (CHANCE,) if self.queue else ()
        if d == D_FAMILY:
            return tuple(p for p in range(self.n) if self.choice[p] < 0)
        if d == D_VOTE:
            return tuple(p for p in range(self.n) if self.votes[p] < 0 and not self.zero[p])
        return (sc[3],)

    def legal(self, seat: int) -> list[Action]:
        if seat == CHANCE:
            return []
        if self._legal is not None and self._legal_seat == seat:
            return self._legal
        out = self._compute_legal(seat)
        self._legal = out
        self._legal_seat = seat
        return out

    def _compute_legal(self, seat: int) -> list[Action]:
        sc = self.scalars
        d = sc[2]
        if d == D_NONE:
            return []
        if d == D_FAMILY:
            if not 0 <= seat < self.n or self.choice[seat] >= 0:
                return []
            base = seat * 6
            return [A.FAMILY[v] for v in range(3, 9) if not self.fam_used[base + v - 3]]
        if d == D_VOTE:
            if not 0 <= seat < self.n or self.votes[seat] >= 0 or self.zero[seat]:
                return []
            return [A.VOTE[1], A.VOTE[0]]
        if seat != sc[3]:
            return []
        if d == D_TURN:
            out = self._turn_options(seat, sc[1])
            out.append(A.PASS)
            return out
        if d == D_GOOD:
            return [A.CHOOSE_GOOD[g] for g in range(N_GOODS) if self.supply[g] > 0]
        if d == D_ENSHRINE:
            return self._enshrine_options(seat, sc[4]) + [A.LEAVE_SHRINE]
        if d == D_RECALL:
            top = min(sc[15], self.street[seat * 4 + sc[14]])
            return [A.RECALL[k] for k in range(top, -1, -1)]
        if d == D_EXCHANGE:
            out = [A.KEEP_MONEY]
            for a in range(N_CITIES):
                if self.money[seat * N_CITIES + a] > 0:
                    out += [A.EXCHANGE[a][b] for b in range(N_CITIES) if b != a]
            return out
        if d == D_DRAW:
            return [A.TAKE_MATERIALS[sc[15]], A.TAKE_MATERIALS[0]]
        if d == D_AMOUNT:
            give = sc[4] // N_CITIES
            top = min(self.comp_limit(), self.money[seat * N_CITIES + give])
            return [A.EXCHANGE_AMOUNT[k] for k in range(1, top + 1)]
        return []

    def comp_limit(self) -> int:
        return self.scalars[15]

    # options of a seat in a turn phase, pass excluded
    def _turn_options(self, p: int, step: int) -> list[Action]:
        out: list[Action] = []
        comp = self.comp
        if step == S_WED_BUY:
            home = self.home[p]
            for s in range(self.scalars[9]):
                size = self.stall_size[s]
                if self.stall_taker[s] < 0 and 0 < size <= home:
                    out.append(A.BUY_STALL[s])
        elif step == S_THU_CONTRACT:
            mats = self.mats
            base = p * N_MATERIALS
            for c in range(N_CRAFTSMEN):
                r0, r1 = comp.recipes[c]
                if (mats[base + r0] and mats[base + r1] and self.cf_len[c] < comp.contract_fields
                        and self.home[p] > self.commissioned[c]):
                    out.append(A.COMMISSION[c])
        elif step == S_FRI_LOAD:
            if self.home[p] <= 0:
                return out
            gbase = p * N_GOODS
            goods = self.goods
            for pos in range(PORT):
                ship = self.port[pos]
                if ship < 0:
                    continue
                owners = self.hold_owner
                row = A.LOAD[pos]
                for h, need in enumerate(comp.hold_need[ship]):
                    if owners[pos * MAX_HOLDS + h] >= 0:
                        continue
                    for g, k in need:
                        if goods[gbase + g] < k:
                            break
                    else:
                        out.append(row[h])
                if self.scalars[10] and self.extra_owner[pos] < 0:
                    for g in range(N_GOODS):
                        if goods[gbase + g] > 0:
                            out.append(A.LOAD_EXTRA[pos][g])
        elif step == S_SUN_BUY:
            mbase = p * N_CITIES
            for card in self.display:
                if self.money[mbase + card // CARDS_PER_CITY] >= comp.relic_price[card]:
                    out.append(A.BUY_RELIC[card])
        elif step == S_SUN_SECURE:
            if self.home[p] > 0:
                for i, card in enumerate(self.display):
                    if self.secured_by[i] < 0:
                        out.append(A.SECURE[card])
        return out

    def _enshrine_options(self, p: int, bought: int) -> list[Action]:
        city = bought // CARDS_PER_CITY
        if bought % CARDS_PER_CITY != RELICS_PER_CITY:
            return [A.ENSHRINE[bought]]
        # the shrine was bought: any one relic card of its city the player owns (p. 22)
        base = city * CARDS_PER_CITY
        owner = self.relic_owner
        return [A.ENSHRINE[card] for card in range(base, base + RELICS_PER_CITY) if owner[card] == p]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self._legal_seat == CHANCE and self._legal is not None:
            return self._legal  # type: ignore[return-value]
        out = self._compute_chance()
        self._legal = out  # type: ignore[assignment]
        self._legal_seat = CHANCE
        return out

    def _compute_chance(self) -> list[tuple[Action, float]]:
        if self.scalars[2] != D_NONE or not self.queue:
            return []
        kind, _arg = self.queue[0]
        if kind == Q_WEEK:
            left = [i for i in range(N_WEEK_CARDS) if not self.week_used[i]]
            return [(A.DRAW_WEEK[i], 1.0 / len(left)) for i in left]
        if kind == Q_ORD:
            left = [i for i in range(N_ORDINANCES) if not self.ord_used[i]]
            return [(A.DRAW_ORDINANCE[i], 1.0 / len(left)) for i in left]
        if kind == Q_STALL or kind == Q_PMAT:
            total = sum(self.bag)
            return [(A.DRAW_MATERIAL[m], self.bag[m] / total) for m in range(N_MATERIALS) if self.bag[m]]
        if kind == Q_PORT:
            left = [i for i in range(N_SHIPS) if self.ship_deck[i]]
            return [(A.DRAW_SHIP[i], 1.0 / len(left)) for i in left]
        if kind == Q_RELIC:
            left = [i for i in range(N_RELIC_CARDS) if self.relic_deck[i]]
            return [(A.DRAW_RELIC[i], 1.0 / len(left)) for i in left]
        if kind == Q_GOOD_DIE or kind == Q_EXTRA_DIE:
            return [(A.ROLL[f], 1.0 / 6.0) for f in range(1, 7)]
        cands = self._tie_candidates(_arg)
        return [(A.TIE_FIRST[s], 1.0 / len(cands)) for s in cands]

    def _tie_candidates(self, value: int) -> list[int]:
        return [p for p in range(self.n) if self.card[p] == value and p not in self.tiebreak]

    # -- applying ---------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> None:
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action")
        self.ev = []
        to_act = self.to_act()
        if not to_act:
            raise IllegalAction("the game is over")
        if seat == CHANCE:
            if to_act != (CHANCE,):
                raise IllegalAction(f"no chance draw is due now; seats {list(to_act)} must decide")
            outcomes = self.chance_outcomes()
            for a, _p in outcomes:
                if a is action:
                    break
            else:
                for a, _p in outcomes:
                    if a == action:
                        break
                else:
                    raise IllegalAction(f"{action.to_json()} is not a possible outcome of this chance draw")
            self._legal = None
            self._apply_chance(a)
        else:
            if not isinstance(seat, int) or not 0 <= seat < self.n:
                raise IllegalAction(f"seat {seat!r} is not a seat of this {self.n}-player game")
            if seat not in to_act:
                raise IllegalAction(f"Player {seat + 1} is not to act now (to act: {self._who(to_act)})")
            legal = self.legal(seat)
            for a in legal:
                if a is action:
                    break
            else:
                for a in legal:
                    if a == action:
                        break
                else:
                    raise IllegalAction(f"Player {seat + 1} may not {action.to_json()} now: {self._why(seat, action)}")
            self._legal = None
            self._apply_player(seat, a)
        self._advance()

    def _who(self, seats: tuple[int, ...]) -> str:
        return "chance" if seats == (CHANCE,) else ", ".join(f"Player {s + 1}" for s in seats)

    def _why(self, seat: int, action: Action) -> str:
        kinds = sorted({a.type for a in self.legal(seat)})
        return f"the legal kinds of action are {', '.join(kinds)}; this one breaks a rule or does not fit the moment"

    def _apply_player(self, p: int, a: Action) -> None:
        sc = self.scalars
        d = sc[2]
        t = a.type
        if d == D_FAMILY:
            self.choice[p] = a.value
            if min(self.choice) >= 0:
                self._reveal_family()
            return
        if d == D_VOTE:
            self.votes[p] = 1 if a.yes else 0
            if all(self.votes[q] >= 0 or self.zero[q] for q in range(self.n)):
                self._resolve_vote()
            return
        if d == D_GOOD:
            self._gain_good(p, a.good)
            sc[2] = D_NONE
            sc[3] = -1
            return
        if d == D_ENSHRINE:
            if t == "enshrine":
                self.shrine[sc[4] // CARDS_PER_CITY] = a.card
            sc[2] = D_TURN
            self._next_turn(p)
            return
        if d == D_RECALL:
            k = a.count
            self.street[p * 4 + sc[14]] -= k
            self.home[p] += k
            self._next_in_chain()
            return
        if d == D_DRAW:
            # the draws wait until every player has said yes or no, then go in turn order
            self.queue.extend([(Q_PMAT, p)] * a.count)
            self._next_in_chain()
            return
        if d == D_EXCHANGE:
            if t == "keep_money":
                self._next_in_chain()
            else:
                sc[2] = D_AMOUNT
                sc[4] = a.give * N_CITIES + a.take
            return
        if d == D_AMOUNT:
            give, take = divmod(sc[4], N_CITIES)
            self.money[p * N_CITIES + give] -= a.amount
            self.money[p * N_CITIES + take] += a.amount
            self._next_in_chain()
            return
        # D_TURN
        if t == "pass":
            self.passed[p] = 1
            self._next_turn(p)
            return
        if t == "buy_stall":
            s = a.stall
            k = self.stall_size[s]
            base = s * N_MATERIALS
            mbase = p * N_MATERIALS
            for m in range(N_MATERIALS):
                x = self.stall_mats[base + m]
                if x:
                    self.mats[mbase + m] += x
                    self.mknown[mbase + m] += x   # everyone saw what lay on the stall
                    self.stall_mats[base + m] = 0
            self.stall_taker[s] = p
            self.home[p] -= k
            # the members stand on the stall until the evening (then the street field)
            self.pending[p] += k
        elif t == "commission":
            c = a.craftsman
            r0, r1 = self.comp.recipes[c]
            mbase = p * N_MATERIALS
            for r in (r0, r1):
                self.mats[mbase + r] -= 1
                self.bag[r] += 1
                # a material nobody saw arrive was one of the blind draws
                if self.mknown[mbase + r]:
                    self.mknown[mbase + r] -= 1
                else:
                    self.msecret[p] -= 1
            self.commissioned[c] += 1
            k = self.commissioned[c]
            i = c * self.comp.contract_fields + self.cf_len[c]
            self.cf_owner[i] = p
            self.cf_n[i] = k
            self.cf_len[c] += 1
            self.home[p] -= k
        elif t == "load":
            pos, h = a.ship, a.hold
            for g in self.comp.ships[self.port[pos]].holds[h][0]:
                self.goods[p * N_GOODS + g] -= 1
                self.supply[g] += 1
            self.hold_owner[pos * MAX_HOLDS + h] = p
            self.home[p] -= 1
        elif t == "load_extra":
            pos, g = a.ship, a.good
            self.goods[p * N_GOODS + g] -= 1
            self.supply[g] += 1
            self.extra_owner[pos] = p
            self.home[p] -= 1
        elif t == "buy_relic":
            card = a.card
            i = self.display.index(card)
            self.money[p * N_CITIES + card // CARDS_PER_CITY] -= self.comp.relic_price[card]
            owner = self.secured_by[i]
            if owner >= 0:
                self.home[owner] += 1  # the securing member goes back to its owner's home
            del self.display[i]
            del self.secured_by[i]
            self.relic_owner[card] = p
            if self._shrine_choice_due(p, card):
                sc[2] = D_ENSHRINE
                sc[4] = card
                return
        elif t == "secure":
            i = self.display.index(a.card)
            self.secured_by[i] = p
            self.home[p] -= 1
        self._next_turn(p)

    def _shrine_choice_due(self, p: int, card: int) -> bool:
        city = card // CARDS_PER_CITY
        shrine_card = city * CARDS_PER_CITY + RELICS_PER_CITY
        if card == shrine_card:
            return bool(self._enshrine_options(p, card))
        return self.relic_owner[shrine_card] == p and self.shrine[city] < 0

    def _gain_good(self, p: int, g: int) -> bool:
        if self.supply[g] > 0:  # an exhausted good is not received
            self.supply[g] -= 1
            self.goods[p * N_GOODS + g] += 1
            return True
        return False

    def _apply_chance(self, a: Action) -> None:
        kind, arg = self.queue.pop(0)
        sc = self.scalars
        comp = self.comp
        if kind == Q_WEEK:
            i = a.card
            self.week_used[i] = 1
            card = comp.week_cards[i]
            sc[5] = i
            sc[6] = card.dice
            sc[7] = PORT if sc[0] == comp.weeks else card.ships
            sc[9] = len(card.stalls)
            for s in range(MAX_STALL_SLOTS):
                self.stall_size[s] = 0
                self.stall_taker[s] = -1
            for j in range(len(self.stall_mats)):
                self.stall_mats[j] = 0
            f = comp.contract_fields
            for c in range(N_CRAFTSMEN):
                self.sticks[c] = min(f, card.contracts[c])
                self.commissioned[c] = 0
            for s, size in enumerate(card.stalls):
                self.queue.extend([(Q_STALL, s)] * size)
            self.queue.extend([(Q_ORD, 0)] * 3)
        elif kind == Q_ORD:
            o = a.card
            self.ord_used[o] = 1
            day = comp.ordinances[o].day
            j = len(self.ords)
            while j > 0 and comp.ordinances[self.ords[j - 1]].day > day:
                j -= 1  # sorted by day; equal days keep the order of drawing
            self.ords.insert(j, o)
            self.ord_result.append(-1)
        elif kind == Q_STALL:
            m = a.material
            self.bag[m] -= 1
            self.stall_mats[arg * N_MATERIALS + m] += 1
            self.stall_size[arg] += 1
        elif kind == Q_PMAT:
            m = a.material
            self.bag[m] -= 1
            self.mats[arg * N_MATERIALS + m] += 1
            self.msecret[arg] += 1
        elif kind == Q_PORT:
            self.ship_deck[a.card] = 0
            self.port[arg] = a.card
        elif kind == Q_RELIC:
            self.relic_deck[a.card] = 0
            self.display.append(a.card)
            self.secured_by.append(-1)
        elif kind == Q_GOOD_DIE:
            f = a.face
            if f == 6:
                if any(self.supply):
                    sc[2] = D_GOOD  # a six: the player chooses the good
                    sc[3] = arg
            else:
                self._gain_good(arg, comp.products[f - 1])
        elif kind == Q_EXTRA_DIE:
            f = a.face
            top = comp.contract_fields
            for c in range(N_CRAFTSMEN) if f == 6 else (f - 1,):
                if self.sticks[c] < top:
                    self.sticks[c] += 1
        elif kind == Q_TIE:
            self.tiebreak.append(a.seat)

    # -- running the week -------------------------------------------------------------
    def _advance(self) -> None:
        sc = self.scalars
        if sc[2] == D_NONE:
            self._legal = None  # whatever was cached (legal moves, chance outcomes) is stale
            self._legal_seat = -2
        while True:
            if sc[2] != D_NONE:
                return
            q = self.queue
            if q:
                kind, arg = q[0]
                if kind == Q_STALL or kind == Q_PMAT:
                    if not any(self.bag):
                        q.pop(0)  # the bag is empty: nothing to draw
                        continue
                elif kind == Q_PORT:
                    if not any(self.ship_deck):
                        if not any(self.ship_discard):
                            q.pop(0)
                            continue
                        self.ship_deck, self.ship_discard = self.ship_discard, self.ship_deck
                elif kind == Q_RELIC:
                    if not any(self.relic_deck):
                        if not any(self.relic_discard):
                            q.pop(0)
                            continue
                        self.relic_deck, self.relic_discard = self.relic_discard, self.relic_deck
                elif kind == Q_TIE:
                    cands = self._tie_candidates(arg)
                    if len(cands) <= 1:
                        q.pop(0)
                        continue
                return
            step = sc[1]
            if step == S_OVER:
                return
            self._run_step(step)

    def _run_step(self, step: int) -> None:
        sc = self.scalars
        comp = self.comp
        n = self.n
        if step == S_SETUP:
            for pos in range(PORT):
                self.queue.append((Q_PORT, pos))
            self.queue.extend([(Q_RELIC, 0)] * comp.relic_display)
            for p in range(n):
                self.queue.extend([(Q_PMAT, p)] * comp.start_materials)
            for p in range(n):
                self.queue.extend([(Q_GOOD_DIE, p)] * comp.start_goods)
            sc[1] = S_MON
        elif step == S_MON:
            self.ords = []
            self.last_vote = []
            self.ord_result = []
            sc[8] = 0
            sc[10] = 0
            self.queue.append((Q_WEEK, 0))
            sc[1] = S_TUE_CHOOSE
        elif step == S_TUE_CHOOSE:
            for p in range(n):
                self.choice[p] = -1
                self.votes[p] = -1
            sc[2] = D_FAMILY
            sc[1] = S_TUE_ORDER
        elif step == S_TUE_ORDER:
            self._set_order()
            for p in range(n):
                # last week's Tuesday members come home; the town hall empties onto the street
                if self.street[p * 4 + TUE]:
                    self.ev.append((E_HOME, p, self.street[p * 4 + TUE], TUE))
                self.home[p] += self.street[p * 4 + TUE]
                self.street[p * 4 + TUE] = self.hall[p]
                self.hall[p] = 0
            sc[1] = S_WED_START
        elif step in (S_WED_START, S_THU_START, S_FRI_START):
            # last week's members on this day's street field come home only in the
            # evening, after the day's action (p. 17: usable again 8 days later)
            sc[1] = step + 1
        elif step in VOTE_STEPS:
            i = sc[8]
            if i < len(self.ords) and comp.ordinances[self.ords[i]].day == VOTE_STEPS[step]:
                self._start_vote()
            else:
                sc[1] = step + 1
        elif step in TURN_STEPS:
            if step == S_SUN_SECURE and sc[0] == comp.weeks:
                sc[1] = S_SUN_END  # the game ends with the last Sunday's purchases
                return
            for p in range(n):
                self.passed[p] = 0
            sc[2] = D_TURN
            sc[13] = -1
            self._next_turn(-1)
        elif step == S_WED_END:
            for s in range(MAX_STALL_SLOTS):
                if self.stall_taker[s] < 0:
                    base = s * N_MATERIALS
                    if self.stall_size[s]:
                        self.ev.append((E_STALL_BACK, s, *self.stall_mats[base:base + N_MATERIALS]))
                    for m in range(N_MATERIALS):
                        self.bag[m] += self.stall_mats[base + m]
                        self.stall_mats[base + m] = 0
            self._evening(WED)
            sc[1] = S_THU_START
        elif step == S_FRI_END:
            self._evening(FRI)
            sc[1] = S_SAT_VOTES
        elif step == S_THU_DICE:
            self.queue.extend([(Q_EXTRA_DIE, 0)] * sc[6])
            sc[1] = S_THU_GOODS
        elif step == S_THU_GOODS:
            self._deliver_goods()
            sc[1] = S_FRI_START
        elif step == S_SAT_SAIL:
            self._sail(sc[7])
            sc[10] = 0  # no new extra holds; a loaded one stays aboard until its ship sails
            sc[1] = S_SUN_BUY
        elif step == S_SUN_END:
            self._end_week()

    def _next_turn(self, after: int) -> None:
        """Give the turn to the next seat in turn order that has not passed; seats that
        can do nothing more this phase pass at once (nothing can give them a move later)."""
        sc = self.scalars
        order = self.order
        n = self.n
        start = order.index(after) + 1 if after >= 0 else 0
        for k in range(n):
            p = order[(start + k) % n]
            if self.passed[p]:
                continue
            opts = self._turn_options(p, sc[1])
            if opts:
                sc[2] = D_TURN
                sc[3] = p
                opts.append(A.PASS)
                self._legal = opts  # what legal(p) would compute
                self._legal_seat = p
                return
            self.passed[p] = 1
            self.ev.append((E_AUTOPASS, p, sc[1]))
        sc[2] = D_NONE
        sc[3] = -1
        sc[1] += 1

    def _start_chain(self, kind: int, seats: list[int]) -> None:
        self.chain = seats
        self.scalars[2] = kind
        self._next_in_chain(first=True)

    def _next_in_chain(self, first: bool = False) -> None:
        sc = self.scalars
        kind = sc[2] if sc[2] != D_AMOUNT else D_EXCHANGE
        if not first:
            self.chain.pop(0)
        while self.chain:
            p = self.chain[0]
            if kind == D_RECALL and self.street[p * 4 + sc[14]] > 0:
                break
            if kind == D_EXCHANGE and any(self.money[p * N_CITIES:(p + 1) * N_CITIES]):
                break
            if kind == D_DRAW:
                break
            self.chain.pop(0)
        if self.chain:
            sc[2] = kind
            sc[3] = self.chain[0]
        else:
            sc[2] = D_NONE
            sc[3] = -1

    def _reveal_family(self) -> None:
        """Tuesday: every family sends its card's members into the town hall; a family
        short of members at home takes the rest from the street fields (Tuesday's first)
        and its card counts 0."""
        sc = self.scalars
        fewer = sc[11]
        for p in range(self.n):
            v = self.choice[p]
            self.fam_used[p * 6 + v - 3] = 1
            need = max(0, v - fewer)
            take = min(self.home[p], need)
            self.home[p] -= take
            short = need - take
            placed = take
            for d in (TUE, WED, THU, FRI):
                if short == 0:
                    break
                t = min(self.street[p * 4 + d], short)
                self.street[p * 4 + d] -= t
                short -= t
                placed += t
            self.hall[p] = placed
            if placed < need or take < need:
                self.zero[p] = 1
                self.card[p] = 0
                self.votes_w[p] = 0
            else:
                self.zero[p] = 0
                self.card[p] = v
                self.votes_w[p] = placed
            self.ev.append((E_CARD, p, v, self.zero[p], placed))
        sc[2] = D_NONE
        self.tiebreak = []
        if sc[0] == 1:
            # week 1: a die decides between equal cards
            values = sorted(set(self.card), reverse=True)
            for v in values:
                k = self.card.count(v)
                self.queue.extend([(Q_TIE, v)] * (k - 1))

    def _set_order(self) -> None:
        prev = self.prev_order
        first_week = self.scalars[0] == 1
        keys = []
        for p in range(self.n):
            if first_week:
                tie = self.tiebreak.index(p) if p in self.tiebreak else len(self.tiebreak)
            else:
                tie = -prev.index(p)  # equal cards play in the reverse of last week's order
            keys.append((-self.card[p], tie, p))
        keys.sort()
        self.order = [k[2] for k in keys]
        self.prev_order = self.order[:]
        self.ev.append((E_ORDER, *self.order))

    def _start_vote(self) -> None:
        sc = self.scalars
        if not any(not z for z in self.zero):
            self.ev.append((E_NO_VOTE, self.ords[sc[8]]))
            self._finish_vote(False)  # no face-up card: nobody may vote, nothing passes
            return
        for p in range(self.n):
            self.votes[p] = -1
        sc[2] = D_VOTE

    def _resolve_vote(self) -> None:
        yes = no = 0
        for p in range(self.n):
            if self.zero[p]:
                continue
            if self.votes[p] == 1:
                yes += self.votes_w[p]
            else:
                no += self.votes_w[p]
        mayor = self.order[0]
        passed = yes > no or (yes == no and self.votes[mayor] == 1)
        self.ev.append((E_VOTE, self.ords[self.scalars[8]], yes, no, 1 if passed else 0, mayor,
                        *[-1 if self.zero[p] else self.votes[p] for p in range(self.n)]))
        self._finish_vote(passed)

    def _finish_vote(self, passed: bool) -> None:
        sc = self.scalars
        i = sc[8]
        o = self.ords[i]
        self.ord_result[i] = 1 if passed else 0
        self.last_vote += [o, 1 if passed else 0] + [
            -1 if self.zero[p] else self.votes[p] for p in range(self.n)
        ]
        for p in range(self.n):
            self.votes[p] = -1
        sc[2] = D_NONE
        sc[3] = -1
        sc[8] = i + 1
        if passed:
            self._enact(o)

    def _enact(self, o: int) -> None:
        """An ordinance voted yes takes effect at once."""
        ordi = self.comp.ordinances[o]
        sc = self.scalars
        e = ordi.effect
        if e == "more_per_stall":
            # one more than the week card shows: the week card's stalls, not foreign ones
            for s in range(len(self.comp.week_cards[sc[5]].stalls)):
                if self.stall_taker[s] < 0:
                    self.queue.append((Q_STALL, s))
        elif e == "foreign_merchants":
            for _ in range(2):
                s = sc[9]
                if s >= MAX_STALL_SLOTS:
                    break
                sc[9] = s + 1
                self.queue.extend([(Q_STALL, s)] * ordi.arg)
        elif e == "draw_materials":
            if any(self.bag):  # "each player may draw two" (darf / may / può): a choice
                sc[15] = ordi.arg
                self._start_chain(D_DRAW, self.order[:])
        elif e == "extra_contracts":
            c, k = divmod(ordi.arg, 100)
            self.sticks[c] = min(self.comp.contract_fields, self.sticks[c] + k)
        elif e == "recall":
            sc[14], sc[15] = divmod(ordi.arg, 100)
            self._start_chain(D_RECALL, self.order[:])
        elif e == "extra_hold":
            sc[10] = 1
            for pos in range(PORT):
                self.extra_owner[pos] = -1
        elif e == "sail_now":
            self._sail(ordi.arg, early=True)
        elif e == "roll_good":
            for p in self.order:
                self.queue.append((Q_GOOD_DIE, p))
        elif e == "extra_relics":
            self.queue.extend([(Q_RELIC, 0)] * ordi.arg)
        elif e == "fewer_members":
            sc[12] = ordi.arg
        elif e == "exchange":
            sc[15] = ordi.arg
            self._start_chain(D_EXCHANGE, self.order[:])

    def _evening(self, d: int) -> None:
        """A day's end: last week's members on its street field go home, then the
        members used today go onto it, until the same evening next week."""
        street = self.street
        home = self.home
        pending = self.pending
        for p in range(self.n):
            i = p * 4 + d
            if street[i]:
                self.ev.append((E_HOME, p, street[i], d))
            home[p] += street[i]
            street[i] = pending[p]
            pending[p] = 0

    def _deliver_goods(self) -> None:
        """Thursday evening: each occupied field above its stick yields one good; last
        week's Thursday members go home, and the members of the fields served go onto
        the Thursday street field; the rest slide up and wait."""
        self._evening(THU)
        f = self.comp.contract_fields
        for c in range(N_CRAFTSMEN):
            g = self.comp.products[c]
            base = c * f
            stick = self.sticks[c]
            length = self.cf_len[c]
            done = min(stick, length)
            for i in range(base, base + done):
                p = self.cf_owner[i]
                got = self._gain_good(p, g)
                self.ev.append((E_GOOD, p, c, g, 1 if got else 0))
                self.street[p * 4 + THU] += self.cf_n[i]
            if length > done:
                self.ev.append((E_CARRY, c, length - done))
            rest_o = self.cf_owner[base + done:base + length]
            rest_n = self.cf_n[base + done:base + length]
            for i in range(f):
                if i < len(rest_o):
                    self.cf_owner[base + i] = rest_o[i]
                    self.cf_n[base + i] = rest_n[i]
                else:
                    self.cf_owner[base + i] = -1
                    self.cf_n[base + i] = 0
            self.cf_len[c] = len(rest_o)
            self.sticks[c] = 0

    def _sail(self, count: int, early: bool = False) -> None:
        """The ships at places I.. sail: each loaded hold pays its value in the ship's
        currency, its member goes to the Friday street field; the rest move up and the
        empty places are filled from the deck. Ships sailing early (a Friday ordinance)
        put their members on the Friday street field that evening, after last week's
        members have gone home, and the port is refilled even in the last week."""
        comp = self.comp
        extra_value = next((o.arg for o in comp.ordinances if o.effect == "extra_hold"), 2)
        for pos in range(min(count, PORT)):
            ship = self.port[pos]
            if ship < 0:
                continue
            city = comp.ships[ship].city
            self.ev.append((E_SAIL, ship, pos))
            for h, (_need, value) in enumerate(comp.ships[ship].holds):
                owner = self.hold_owner[pos * MAX_HOLDS + h]
                if owner >= 0:
                    self.money[owner * N_CITIES + city] += value
                    self.ev.append((E_PAY, owner, value, city, h))
                    if early:
                        self.pending[owner] += 1
                    else:
                        self.street[owner * 4 + FRI] += 1
                    self.hold_owner[pos * MAX_HOLDS + h] = -1
            owner = self.extra_owner[pos]
            if owner >= 0:
                self.money[owner * N_CITIES + city] += extra_value
                self.ev.append((E_PAY, owner, extra_value, city, -1))
                if early:
                    self.pending[owner] += 1
                else:
                    self.street[owner * 4 + FRI] += 1
                self.extra_owner[pos] = -1
            self.ship_discard[ship] = 1
            self.port[pos] = -1
        # close the gaps, members staying on their holds
        keep = [pos for pos in range(PORT) if self.port[pos] >= 0]
        ports = [self.port[pos] for pos in keep]
        holds = [self.hold_owner[pos * MAX_HOLDS:(pos + 1) * MAX_HOLDS] for pos in keep]
        extras = [self.extra_owner[pos] for pos in keep]
        for pos in range(PORT):
            if pos < len(keep):
                self.port[pos] = ports[pos]
                self.hold_owner[pos * MAX_HOLDS:(pos + 1) * MAX_HOLDS] = holds[pos]
                self.extra_owner[pos] = extras[pos]
            else:
                self.port[pos] = -1
                self.hold_owner[pos * MAX_HOLDS:(pos + 1) * MAX_HOLDS] = [-1] * MAX_HOLDS
                self.extra_owner[pos] = -1
        if early or self.scalars[0] < comp.weeks:
            for pos in range(len(keep), PORT):
                self.queue.append((Q_PORT, pos))

    def _end_week(self) -> None:
        sc = self.scalars
        comp = self.comp
        if sc[0] == comp.weeks:
            self._award_windows()
            sc[1] = S_OVER
            sc[2] = D_NONE
            self.ev.append((E_OVER,))
            return
        display, secured = [], []
        for card, owner in zip(self.display, self.secured_by):
            if owner >= 0:
                display.append(card)
                secured.append(owner)
            else:
                self.relic_discard[card] = 1
                self.ev.append((E_RELIC_GONE, card))
        self.display = display
        self.secured_by = secured
        self.queue.extend([(Q_RELIC, 0)] * max(0, comp.relic_display - len(display)))
        for p in range(self.n):
            self.choice[p] = -1  # the played family cards leave the game
        sc[11] = sc[12]
        sc[12] = 0
        sc[0] += 1
        sc[1] = S_MON

    # -- scoring (scoring.py) ----------------------------------------------------------
    def _award_windows(self) -> None:
        award_windows(self)

    def score_items(self, p: int) -> dict[str, int]:
        return score_items(self, p)

    def outcome(self) -> Outcome:
        return outcome(self)

    # -- hidden information -----------------------------------------------------------
    def sample(self, seat: int, rng: random.Random) -> "ColoniaState":
        """A state `seat` cannot tell apart from this one. Public play shows everything
        but three things: the materials other families drew blind from the bag (at the
        start and by the 'draw' ordinance) and still hold, the family cards chosen but
        not yet revealed, and the votes cast but not yet revealed. Those are drawn anew:
        the blind materials from the pool of every material `seat` cannot place (the bag
        and the others' blind draws), each family keeping its number of them and every
        material the table saw it take; the cards among each family's unused ones; the
        votes yes or no. Money, goods and relics follow from public play and stay."""
        s = self.clone()
        n = self.n
        others = [p for p in range(n) if p != seat and s.msecret[p]]
        if others:
            pool: list[int] = []
            bag = s.bag
            mats = s.mats
            known = s.mknown
            for m in range(N_MATERIALS):
                pool += [m] * bag[m]
                for p in others:
                    i = p * N_MATERIALS + m
                    pool += [m] * (mats[i] - known[i])
            rng.shuffle(pool)
            k = 0
            for p in others:
                base = p * N_MATERIALS
                mats[base:base + N_MATERIALS] = known[base:base + N_MATERIALS]
                count = s.msecret[p]
                for m in pool[k:k + count]:
                    mats[base + m] += 1
                k += count
            new_bag = [0] * N_MATERIALS
            for m in pool[k:]:
                new_bag[m] += 1
            s.bag = new_bag
        d = s.scalars[2]
        if d == D_FAMILY:
            for p in range(n):
                if p != seat and s.choice[p] >= 0:
                    left = [v for v in range(3, 9) if not s.fam_used[p * 6 + v - 3]]
                    s.choice[p] = left[rng.randrange(len(left))]
        elif d == D_VOTE:
            for p in range(n):
                if p != seat and s.votes[p] >= 0:
                    s.votes[p] = rng.randrange(2)
        return s

    def view(self, seat: int | None) -> dict[str, Any]:
        from .views import view

        return view(self, seat)

    def news(self, viewer: int | None) -> list[str]:
        from .news import news

        return news(self, viewer)

    def describe(self, seat: int, action: Action, viewer: int | None) -> str:
        from .describe import describe

        return describe(self, seat, action, viewer)

    # -- snapshots --------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": "colonia", "version": 2, "players": self.n, "seed": self.seed,
            "components": self.comp.raw if self.custom else None,
        }
        for name in _FIELDS:
            value = getattr(self, name)
            out[name] = [list(x) for x in value] if name == "queue" else list(value)
        return out

    def restore(self, obj: dict[str, Any]) -> None:
        for name in _FIELDS:
            value = obj[name]
            if not isinstance(value, list):
                raise TypeError(name)
            if name == "queue":
                value = [(int(k), int(a)) for k, a in value]
            elif not all(isinstance(x, int) and not isinstance(x, bool) for x in value):
                raise TypeError(name)
            current = getattr(self, name)
            if name not in ("display", "secured_by", "tiebreak", "ords", "ord_result", "last_vote",
                            "chain", "queue") and len(value) != len(current):
                raise ValueError(f"{name} has {len(value)} entries, not {len(current)}")
            setattr(self, name, list(value))


def day_name(state: ColoniaState) -> str:
    return DAYS[STEP_DAY[state.scalars[1]]].capitalize()
