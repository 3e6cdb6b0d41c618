"""Norenberc rules: the state, its legal moves and apply().

Rulebook sections are cited by their French names (norenberc.fr.txt). The state is flat
lists of small ints so that clone() is a handful of slices:

- goods a player holds: hold[p*G + t]; goods in a guild's store: store[g*G + t]
- workshop stacks: ws[g*5 + k], k = 0..4 (k = 3 lies under k = 4, the doubled top
  workshop); the master of round r is ws[g*5 + MASTER_INDEX[r-1]]; -1 = gone
- guest rooms: rooms[g*4 + r], -1 = empty
- the guest pile is never ordered: `pile` lists the tiles known to be in it (artisans
  and reshuffled citizens), `pile_unknown` counts kept citizens not yet seen, drawn from
  `unseen` (citizens never seen: in the pile or left in the box at setup)."""

from __future__ import annotations

import random
from bisect import insort
from typing import TYPE_CHECKING, Annotated, Any

from reichsstadt.core.actions import Action
from reichsstadt.core.contract import CHANCE, NO_EVENTS, Outcome, State
from reichsstadt.core.errors import IllegalAction
from reichsstadt.core.fields import SHARED

if TYPE_CHECKING:
    from reichsstadt.core.contract import Game

from .actions import (
    K_BUY, K_BUY_END, K_DECLINE, K_DRAW, K_FRONT, K_GUARD, K_HIRE, K_MAYOR, K_NOTHING,
    K_ORDER, K_PASS, K_PAY, K_PEDDLER, K_PLAN, K_PLAN_DONE, K_ROB, K_SELL, K_STEAL, K_SWAP,
    Acts,
)
from .data import (
    ARTISAN, ARTISANS, ARTISANS_PER_GUILD, COUNCILLOR, GUARD, MAYOR, MUSICIAN, PEDDLER, THIEF,
    Components,
)

# Phases
SETUP_ORDER, SETUP_STACK, SETUP_GUESTS, PLAN, ACT, REFILL, OVER = range(7)
PHASE_NAMES = ("setup: turn order", "setup: workshops", "setup: guests", "planning", "actions", "end of round: rooms", "game over")
# Steps of a player's action in a guild (ACT phase)
CHOOSE, BUY, PAY, ROB, STEAL, GUARD1, GUARD2, PEDDLE, MAYOR_STEP, FRONT = range(10)
STEP_NAMES = ("choose", "buy", "pay", "thief: victim", "thief: goods", "guard: first", "guard: second", "peddler", "mayor", "turn order")
# Which workshop slot holds the master in rounds 1..4 (slot 3 lies under slot 4).
MASTER_INDEX = (0, 1, 2, 4)
ROUNDS = 4
_CHANCE_ONLY = (CHANCE,)

# News: what the last apply() set in motion, kept as small tuples (kind, ints...) in
# `events` (a new list for each apply that has any) and put into words by views.news().
(N_CALL, N_TURN_END, N_MOON, N_ROUND_END, N_TIE, N_FAV, N_NOFAV, N_RETURN, N_TILE, N_AGENT,
 N_CREST, N_PCREST, N_PCREST_OUT, N_PED, N_HOME, N_INCOME, N_OVER, N_MASTER, N_LEAVE,
 N_PRESTIGE, N_BACK) = range(21)
# why a guild's favourite won: the most goods, or a tie broken by money or by turn order
WHY_GOODS, WHY_MONEY, WHY_ORDER = range(3)
def _bits(mask: int) -> list[int]:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


class NorenbercState(State):
    game_id = "norenberc"

    # fixed for the game
    n: Annotated[int, SHARED]
    G: Annotated[int, SHARED]
    comp: Annotated[Components, SHARED]
    acts: Annotated[Acts, SHARED]
    open_planning: Annotated[bool, SHARED]
    # owned[p]: the tile ids player p holds
    owned: list[list[int]]
    # flat lists of small ints (see the module docstring)
    order: list[int]
    money: list[int]
    agents: list[int]
    avail: list[int]
    moon: list[int]
    hold: list[int]
    store: list[int]
    ws: list[int]
    rooms: list[int]
    roof: list[int]
    crests: list[int]
    gcrest: list[int]
    pcrest: list[int]
    peds: list[int]       # (tile, player, good) triples
    mayors: list[int]     # (tile, guild) pairs
    out: list[int]
    pile: list[int]
    unseen: list[int]
    plan: list[int]       # bit masks of planned guilds
    pstate: list[int]
    moneylog: list[list[int]]
    favlog: list[list[int]]
    # values
    phase: int
    step: int
    round: int
    turn: int
    cursor: int
    pres_reserve: int
    pres_out: int
    pg: int
    pg_crest: int
    pile_unknown: int
    cg: int
    rev: int
    acting: int
    actor: int
    buy_limit: int
    htile: int
    hroom: int
    hform: int
    bcount: int
    blast: int
    victim: int
    scount: int
    slast: int
    gfirst: int

    # -- construction ------------------------------------------------------------------
    @classmethod
    def start(cls, game: "Game", players: int, seed: int, options: dict[str, Any], comp: Components,
              acts: Acts) -> "NorenbercState":
        """Section "Mise en place": every guild, good, crest and agent in its place; the
        draws (turn order, workshops, guests) follow as chance nodes."""
        s = cls.__new__(cls)
        s._init_base(game, players, seed, options)
        n = players
        G = n + 1
        s.n, s.G, s.comp, s.acts, s.open_planning = n, G, comp, acts, bool(options["open_planning"])
        s.phase, s.step, s.round, s.turn, s.cursor = SETUP_ORDER, CHOOSE, 1, 1, 0
        s.order = []
        s.money = [comp.start_money] * n
        s.agents = [comp.agents_start] * n
        s.avail = [comp.agents_start] * n
        s.moon = [0] * n
        # Setup G: each player takes one good of each guild in play from its store.
        s.hold = [1] * (n * G)
        s.store = [0] * (G * G)
        for g in range(G):
            s.store[g * G + g] = comp.goods_per_guild - n
        s.ws = [-1] * (G * 5)
        s.rooms = [-1] * (G * 4)
        s.roof = [0] * G
        s.crests = [comp.crests_per_guild] * G
        s.gcrest = [0] * (n * G)
        s.pcrest = [0] * n
        s.pres_reserve, s.pres_out, s.pg, s.pg_crest = comp.prestige_crests, 0, -1, 0
        s.owned = [[] for _ in range(n)]
        s.peds, s.mayors, s.out = [], [], []
        s.pile, s.pile_unknown, s.unseen = [], 0, []
        s.plan, s.pstate = [0] * n, [0] * n
        s.moneylog, s.favlog = [], []
        s.cg, s.rev, s.acting, s.actor, s.buy_limit = -1, 0, 0, -1, 3
        s.htile = s.hroom = s.hform = s.victim = s.gfirst = -1
        s.bcount = s.blast = s.scount = s.slast = 0
        return s

    # -- small queries -----------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.n

    def master_tile(self, g: int) -> int:
        return self.ws[g * 5 + MASTER_INDEX[self.round - 1]]

    def master_value(self, g: int) -> int:
        return self.comp.tile_value[self.ws[g * 5 + MASTER_INDEX[self.round - 1]]]

    def goods_of(self, p: int) -> int:
        G = self.G
        return sum(self.hold[p * G:(p + 1) * G])

    def _planner_open(self) -> int:
        """Open planning: the next seat to plan, in reverse turn order; -1 if none."""
        for p in reversed(self.order):
            if not self.moon[p] and self.pstate[p] == 0:
                return p
        return -1

    def _to_act(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == ACT:
            return (self.actor,)
        if ph == PLAN:
            if self.open_planning:
                p = self._planner_open()
                return (p,) if p >= 0 else ()
            moon, pstate = self.moon, self.pstate
            return tuple([p for p in range(self.n) if not moon[p] and not pstate[p]])
        if ph == OVER:
            return ()
        return _CHANCE_ONLY

    # -- chance ------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        ph = self.phase
        acts = self.acts
        if ph == SETUP_ORDER:
            left = [p for p in range(self.n) if p not in self.order]
            return [(acts.order[p], 1.0 / len(left)) for p in left]
        if ph == SETUP_STACK:
            left = self._stack_left()
            return [(acts.draw[t], 1.0 / len(left)) for t in left]
        if ph == SETUP_GUESTS or ph == REFILL:
            size = len(self.pile) + self.pile_unknown
            draw = acts.draw
            q = 1.0 / size
            out = [(draw[t], q) for t in self.pile]
            if self.pile_unknown:
                p = self.pile_unknown / (size * len(self.unseen))
                out += [(draw[t], p) for t in self.unseen]
            return out
        return []

    def _stack_left(self) -> list[int]:
        g, k = divmod(self.cursor, 5)
        placed = self.ws[g * 5:g * 5 + k]
        base = g * ARTISANS_PER_GUILD
        return [t for t in range(base, base + ARTISANS_PER_GUILD) if t not in placed]

    def _is_outcome(self, action: Action) -> bool:
        kind, a, _ = self.acts.code[action]
        ph = self.phase
        if ph == SETUP_ORDER:
            return kind == K_ORDER and a < self.n and a not in self.order
        if kind != K_DRAW:
            return False
        if ph == SETUP_STACK:
            return a in self._stack_left()
        if ph == SETUP_GUESTS or ph == REFILL:
            return a in self.pile or (self.pile_unknown > 0 and a in self.unseen)
        return False

    def _apply_chance(self, kind: int, a: int) -> None:
        ph = self.phase
        if ph == SETUP_ORDER:
            self.order.append(a)
            if len(self.order) == self.n - 1:
                self.order.append(next(p for p in range(self.n) if p not in self.order))
                self.phase = SETUP_STACK
                self.cursor = 0
            return
        if ph == SETUP_STACK:
            # Section "Mise en place" I: four artisans into the workshop windows from the
            # bottom right upwards, the fifth on top of the fourth.
            self.ws[self.cursor] = a
            self.cursor += 1
            if self.cursor == self.G * 5:
                # J: the artisans left over join the citizens kept in one face-down pile.
                placed = set(self.ws)
                self.pile = [t for t in range(self.G * ARTISANS_PER_GUILD) if t not in placed]
                self.pile_unknown = self.comp.citizens_kept[self.n]
                self.unseen = list(range(ARTISANS, ARTISANS + self.comp.citizens))
                self.phase = SETUP_GUESTS
            return
        # a guest drawn from the pile into the next empty room
        if a in self.pile:
            self.pile.remove(a)
        else:
            self.unseen.remove(a)
            self.pile_unknown -= 1
        r = self._next_room()
        self.rooms[r] = a
        self._after_guest_draw(r + 1)

    def _next_room(self, start: int = 0) -> int:
        """The next room a guest is drawn into (guild by guild, left to right), from room
        index `start` on; -1 if none. Setup leaves every first room empty."""
        setup = self.phase == SETUP_GUESTS
        rooms = self.rooms
        for i in range(start, len(rooms)):
            if rooms[i] < 0 and not (setup and i & 3 == 0):
                return i
        return -1

    def _after_guest_draw(self, start: int = 0) -> None:
        if self.pile_unknown + len(self.pile) > 0 and self._next_room(start) >= 0:
            return
        self._choose_prestige()  # setup K, or end of round step 7
        self.turn = 1
        self._start_planning()

    def _choose_prestige(self) -> None:
        """Step 7 (and setup K): the highest master value among guilds other than the
        last prestige guild; ties go to the lower guild number."""
        prev = self.pg
        best, best_v = -1, -1
        for g in range(self.G):
            if g == prev:
                continue
            v = self.master_value(g)
            if v > best_v:
                best, best_v = g, v
        self.pg = best
        if self.pres_reserve > 0:
            self.pres_reserve -= 1
            self.pg_crest = 1
        else:
            self.pg_crest = 0
        self._event((N_PRESTIGE, best, self.pg_crest))

    # -- planning ----------------------------------------------------------------------
    def _start_planning(self) -> None:
        self.phase = PLAN
        self.cg = -1
        self.rev = self.acting = 0
        self.actor = -1
        for p in range(self.n):
            self.plan[p] = 0
            self.pstate[p] = 2 if self.moon[p] else 0

    def _legal_plan(self, p: int) -> list[Action]:
        acts = self.acts
        mask = self.plan[p]
        count = bin(mask).count("1")
        out: list[Action] = []
        if count == 0:
            out.append(acts.pass_)
        else:
            out.append(acts.plan_done)
        if count < self.avail[p]:
            # guilds are added in number order, so each plan has exactly one chain
            low = mask.bit_length()
            out.extend(acts.plan[low:self.G])
        return out

    def _end_planning(self) -> None:
        for p in range(self.n):
            if self.pstate[p] == 2 and not self.moon[p]:
                self.moon[p] = 1  # passing turns the token to the moon for the round
                self.plan[p] = 0
        self.phase = ACT
        self.cg = -1
        self._next_guild()

    # -- action phase ------------------------------------------------------------------
    def _next_guild(self) -> None:
        """Section "Appel d'une Guilde": guilds in number order; those who planned it
        reveal their card and put an available agent on it."""
        plan = self.plan
        n = self.n
        for g in range(self.cg + 1, self.G):
            bit = 1 << g
            rev = 0
            for p in range(n):
                if plan[p] & bit:
                    rev |= 1 << p
                    plan[p] ^= bit
                    self.avail[p] -= 1
            if rev:
                # who revealed; views.news() lists them in turn order, which no step of
                # this apply changes after the call (the apply stops for the first actor)
                self._event((N_CALL, g, rev))
                self.cg = g
                self.rev = self.acting = rev
                self.buy_limit = self._buy_limit(bin(rev).count("1"))
                self._next_actor()
                return
        self._end_of_turn()

    def _buy_limit(self, revealed: int) -> int:
        """Section "Acheter", special rule: first turn of round 1 with 4 or 5 players."""
        if self.round == 1 and self.turn == 1:
            if self.n == 5:
                if revealed >= 4:
                    return 1
                if revealed == 3:
                    return 2
            elif self.n == 4 and revealed >= 3:
                return 2
        return 3

    def _next_actor(self) -> None:
        # turn order as it stands now: a hire may have moved someone to the front
        acting = self.acting
        for p in self.order:
            if acting >> p & 1:
                self.actor = p
                self.step = CHOOSE
                return

    def _finish_action(self) -> None:
        """The agent goes up on the roof, the card goes back under the token."""
        self.roof[self.cg] += 1
        self.acting &= ~(1 << self.actor)
        self.htile = self.hroom = self.hform = self.victim = self.gfirst = -1
        self.bcount = self.blast = self.scount = self.slast = 0
        if self.acting:
            self._next_actor()
        else:
            self.actor = -1
            self._next_guild()

    def _end_of_turn(self) -> None:
        """Section "Phase de fin de tour": no agent left -> moon; all moon -> round over."""
        self.cg = -1
        self.rev = 0
        self.actor = -1
        self._event((N_TURN_END, self.turn))
        ev = self.events
        for p in range(self.n):
            if not self.moon[p] and self.avail[p] == 0:
                self.moon[p] = 1
                ev.append((N_MOON, p))
        if all(self.moon):
            self._end_of_round()
        else:
            self.turn += 1
            self._start_planning()

    def _hire_forms(self, p: int, g: int, r: int) -> list[int]:
        """Which ways of paying room r of guild g the player can afford."""
        G = self.G
        have_guild = self.hold[p * G + g]
        total = self.goods_of(p)
        out = []
        for f, (need_g, need_any) in enumerate(self.comp.rooms[r]):
            if have_guild >= need_g and total >= need_g + need_any:
                out.append(f)
        return out

    def _can_buy(self, p: int, low: int) -> bool:
        if self.bcount >= self.buy_limit or self.money[p] < self.master_value(self.cg):
            return False
        base = self.cg * self.G
        return any(self.store[base + t] for t in range(low, self.G))

    def _legal_act(self, p: int) -> list[Action]:
        acts = self.acts
        G = self.G
        g = self.cg
        step = self.step
        hold = self.hold
        out: list[Action] = []
        if step == CHOOSE:
            have_guild = hold[p * G + g]
            if have_guild:
                out.extend(acts.sell[1:have_guild + 1])
                # the rooms a player can pay (see _hire_forms), inlined: this is hot
                total = sum(hold[p * G:p * G + G])
                rooms = self.rooms
                prices = self.comp.rooms
                hire = acts.hire
                for r in range(4):
                    if rooms[g * 4 + r] >= 0:
                        for f, (need_g, need_any) in enumerate(prices[r]):
                            if have_guild >= need_g and total >= need_g + need_any:
                                out.append(hire[r][f])
            if self.buy_limit > 0 and self.money[p] >= self.master_value(g):
                base = g * G
                for t in range(G):
                    if self.store[base + t]:
                        out.append(acts.buy[t])
            out.append(acts.nothing)
        elif step == BUY:
            out.append(acts.buy_end)
            base = g * G
            for t in range(self.blast, G):
                if self.store[base + t]:
                    out.append(acts.buy[t])
        elif step == PAY:
            need_g, need_any = self.comp.rooms[self.hroom][self.hform]
            left = hold[p * G:(p + 1) * G]  # guild goods are already in the store
            if need_any == 1:
                for t in range(G):
                    if left[t]:
                        out.append(acts.pay1[t])
            else:
                for a in range(G):
                    if left[a]:
                        if left[a] >= 2:
                            out.append(acts.pay2[a][a])
                        for b in range(a + 1, G):
                            if left[b]:
                                out.append(acts.pay2[a][b])
        elif step == ROB:
            for v in range(self.n):
                if v != p and self.goods_of(v):
                    out.append(acts.rob[v])
            out.append(acts.decline)
        elif step == STEAL:
            v = self.victim
            for t in range(self.slast, G):
                if hold[v * G + t]:
                    out.append(acts.steal[t])
        elif step == GUARD1:
            cands = self._guard_tiles()
            guild = self.comp.tile_guild
            for a in cands:
                if any(b > a and guild[b] == guild[a] for b in cands):
                    out.append(acts.guard[a])
            out.append(acts.decline)
        elif step == GUARD2:
            a = self.gfirst
            guild = self.comp.tile_guild
            for b in self._guard_tiles():
                if b > a and guild[b] == guild[a]:
                    out.append(acts.swap[b])
        elif step == PEDDLE:
            for t in range(G):
                if hold[p * G + t]:
                    out.append(acts.peddler[t])
        elif step == MAYOR_STEP:
            out.extend(acts.mayor[:G])
        elif step == FRONT:
            out.extend(acts.front)
        return out

    def _guard_tiles(self) -> list[int]:
        """Artisans the Guard may move: visible workshop tiles above the master (never
        the master, never the tile covered in the doubled top workshop) and artisans in
        rooms, in any guild; sorted by id."""
        mi = MASTER_INDEX[self.round - 1]
        slots = [k for k in (1, 2) if k > mi] + ([4] if mi < 4 else [])
        kind = self.comp.tile_kind
        out = []
        for g in range(self.G):
            for k in slots:
                t = self.ws[g * 5 + k]
                if t >= 0:
                    out.append(t)
            for r in range(4):
                t = self.rooms[g * 4 + r]
                if t >= 0 and kind[t] == ARTISAN:
                    out.append(t)
        out.sort()
        return out

    def _gain_agent(self, p: int) -> None:
        if self.agents[p] < self.comp.agents_max:
            self.agents[p] += 1
            self.avail[p] += 1  # usable from the next planning phase: the plan is fixed
            self._event((N_AGENT, p, 1))
        else:
            self._event((N_AGENT, p, 0))

    def _reshuffle(self, t: int) -> None:
        insort(self.pile, t)

    def _take_guest(self) -> None:
        """Hire step 2: the guest joins the player (star citizens act, then go back)."""
        p = self.actor
        g = self.cg
        t = self.rooms[g * 4 + self.hroom]
        self.rooms[g * 4 + self.hroom] = -1
        self.htile = t
        comp = self.comp
        kind = comp.tile_kind[t]
        if kind == ARTISAN:
            self.owned[p].append(t)
            if comp.tile_agent[t]:
                self._gain_agent(p)
        elif kind == COUNCILLOR:
            self._gain_agent(p)
            self._reshuffle(t)
            self._event((N_BACK, t))
        elif kind == THIEF:
            self._reshuffle(t)
            self._event((N_BACK, t))
            if any(v != p and self.goods_of(v) for v in range(self.n)):
                self.step = ROB
                return
        elif kind == GUARD:
            self._reshuffle(t)
            self._event((N_BACK, t))
            if len(self._legal_act_guard1()) > 1:
                self.step = GUARD1
                return
        elif kind == PEDDLER:
            if self.goods_of(p):
                self.owned[p].append(t)
                self.step = PEDDLE
                return
            self._reshuffle(t)  # nothing to put on it: straight back into the pile
            self._event((N_BACK, t))
        elif kind == MAYOR:
            self.step = MAYOR_STEP
            return
        else:
            self.owned[p].append(t)
        self._after_guest()

    def _legal_act_guard1(self) -> list[Action]:
        saved = self.step
        self.step = GUARD1
        try:
            return self._legal_act(self.actor)
        finally:
            self.step = saved

    def _after_guest(self) -> None:
        """Hire steps 3 and 4: the bonus (agents already on this roof, all colours), then
        the choice of moving to first place in turn order."""
        p = self.actor
        self.money[p] += self.roof[self.cg]
        if self.order[0] == p:
            self._finish_action()
        else:
            self.step = FRONT

    def _apply_act(self, p: int, kind: int, a: int, b: int) -> None:
        G = self.G
        g = self.cg
        hold = self.hold
        store = self.store
        if kind == K_SELL:
            # Section "Vendre": goods of the guild's own type, the master's value each.
            hold[p * G + g] -= a
            store[g * G + g] += a
            self.money[p] += a * self.master_value(g)
            self._finish_action()
        elif kind == K_NOTHING or kind == K_BUY_END:
            self._finish_action()
        elif kind == K_BUY:
            # Section "Acheter": any goods in the store, the master's value each, up to 3.
            hold[p * G + a] += 1
            store[g * G + a] -= 1
            self.money[p] -= self.master_value(g)
            self.bcount += 1
            self.blast = a
            if self._can_buy(p, a):
                self.step = BUY
            else:
                self._finish_action()
        elif kind == K_HIRE:
            # Section "Embaucher": the guild goods of the price go to the store first.
            self.hroom, self.hform = a, b
            need_g, need_any = self.comp.rooms[a][b]
            hold[p * G + g] -= need_g
            store[g * G + g] += need_g
            if need_any:
                self.step = PAY
            else:
                self._take_guest()
        elif kind == K_PAY:
            for t in ((a,) if b < 0 else (a, b)):
                hold[p * G + t] -= 1
                store[g * G + t] += 1
            self._take_guest()
        elif kind == K_FRONT:
            if a:
                self.order.remove(p)
                self.order.insert(0, p)
            self._finish_action()
        elif kind == K_ROB:
            self.victim = a
            self.scount = 0
            self.slast = 0
            self.step = STEAL
        elif kind == K_STEAL:
            # The Thief: the victim is paid each good's guild master value by the bank.
            v = self.victim
            hold[v * G + a] -= 1
            hold[p * G + a] += 1
            self.money[v] += self.master_value(a)
            self.scount += 1
            self.slast = a
            if self.scount >= 2 or not any(hold[v * G + t] for t in range(a, G)):
                self._after_guest()
        elif kind == K_DECLINE:
            self._after_guest()
        elif kind == K_GUARD:
            self.gfirst = a
            self.step = GUARD2
        elif kind == K_SWAP:
            self._swap_tiles(self.gfirst, a)
            self._after_guest()
        elif kind == K_PEDDLER:
            hold[p * G + a] -= 1
            self.peds.extend((self.htile, p, a))
            self._after_guest()
        elif kind == K_MAYOR:
            self.mayors.extend((self.htile, a))
            self._after_guest()

    def _swap_tiles(self, a: int, b: int) -> None:
        where = []
        for t in (a, b):
            if t in self.ws:
                where.append((self.ws, self.ws.index(t)))
            else:
                where.append((self.rooms, self.rooms.index(t)))
        (la, ia), (lb, ib) = where
        la[ia], lb[ib] = b, a

    # -- end of round ------------------------------------------------------------------
    def _end_of_round(self) -> None:
        """Section "Fin d'une Manche", steps 1-3, then 4-7 unless this was round 4."""
        n, G = self.n, self.G
        comp = self.comp
        rnd = self.round
        mi = MASTER_INDEX[rnd - 1]
        hold = self.hold
        peds = self.peds
        self._event((N_ROUND_END, rnd))
        ev = self.events
        # 1) favourites, guild by guild
        for g in range(G):
            count = [hold[p * G + g] for p in range(n)]
            for i in range(0, len(peds), 3):
                if peds[i + 2] == g:
                    count[peds[i + 1]] += comp.peddler_worth  # the tile with its good
            best = max(count)
            tiles = [self.ws[g * 5 + mi]] + ([self.ws[g * 5 + 3]] if rnd == ROUNDS else [])
            for k in ([mi] + ([3] if rnd == ROUNDS else [])):
                self.ws[g * 5 + k] = -1
            if best == 0:
                self.out.extend(tiles)  # no favourite: the master leaves the game
                ev.append((N_NOFAV, g, *tiles))
                if self.pg == g and self.pg_crest:
                    self.pg_crest = 0
                    self.pres_out += 1
                    ev.append((N_PCREST_OUT, g))
                self.favlog.append([rnd, g, -1])
                continue
            tied = [p for p in range(n) if count[p] == best]
            why = WHY_GOODS
            if len(tied) > 1:
                # tie: the tied players reveal their money; then turn order decides
                tie = [N_TIE, g]
                for p in tied:
                    self.moneylog.append([rnd, g, p, self.money[p]])
                    tie += (p, self.money[p])
                ev.append(tuple(tie))
                most = max(self.money[p] for p in tied)
                tied = [p for p in tied if self.money[p] == most]
                why = WHY_MONEY
                if len(tied) > 1:
                    tied = [next(p for p in self.order if p in tied)]
                    why = WHY_ORDER
            f = tied[0]
            ev.append((N_FAV, g, f, why, best))
            self.favlog.append([rnd, g, f])
            # the favourite returns one good of the type (one on their Peddler may serve)
            if hold[f * G + g]:
                hold[f * G + g] -= 1
                ev.append((N_RETURN, f, g, 0))
            else:
                for i in range(0, len(peds), 3):
                    if peds[i + 1] == f and peds[i + 2] == g:
                        peds[i + 2] = -1
                        break
                ev.append((N_RETURN, f, g, 1))
            self.store[g * G + g] += 1
            for t in tiles:
                self.owned[f].append(t)
                ev.append((N_TILE, f, t))
                if comp.tile_agent[t]:
                    self._gain_agent(f)
            if self.crests[g] > 0:
                self.crests[g] -= 1
                self.gcrest[f * G + g] += 1
                ev.append((N_CREST, f, g))
            if self.pg == g and self.pg_crest:
                self.pg_crest = 0
                self.pcrest[f] += 1
                ev.append((N_PCREST, f, g))
        # Peddlers: the good goes back to its owner, the tile into the guest pile.
        for i in range(0, len(peds), 3):
            t, p, good = peds[i], peds[i + 1], peds[i + 2]
            if good >= 0:
                hold[p * G + good] += 1
            self.owned[p].remove(t)
            self._reshuffle(t)
            ev.append((N_PED, p, t, good))
        self.peds = []
        # 2) all agents come home
        for p in range(n):
            self.avail[p] = self.agents[p]
        ev.append((N_HOME,))
        self.roof = [0] * G
        # 3) income: 3 thalers, Musicians, and 1 per artisan of a Mayor's guild per Mayor
        tval = comp.tile_value
        tkind = comp.tile_kind
        tguild = comp.tile_guild
        for p in range(n):
            gain = comp.income
            for t in self.owned[p]:
                if tkind[t] == MUSICIAN:
                    gain += tval[t]
            for i in range(0, len(self.mayors), 2):
                mg = self.mayors[i + 1]
                gain += sum(1 for t in self.owned[p] if tkind[t] == ARTISAN and tguild[t] == mg)
            self.money[p] += gain
            ev.append((N_INCOME, p, gain))
        if rnd == ROUNDS:
            self.phase = OVER
            self.actor = -1
            ev.append((N_OVER,))
            return
        # 4) tokens back to the agent side; 5) the next artisan becomes master
        self.moon = [0] * n
        self.round = rnd + 1
        for g in range(G):
            ev.append((N_MASTER, g, self.master_tile(g)))
        # 6) rooms: the leftmost guest leaves the game, the rest slide left, refill
        for g in range(G):
            row = self.rooms[g * 4:g * 4 + 4]
            if row[0] >= 0:
                self.out.append(row[0])
                ev.append((N_LEAVE, g, row[0]))
            kept = [t for t in row[1:] if t >= 0]
            self.rooms[g * 4:g * 4 + 4] = kept + [-1] * (4 - len(kept))
        self.phase = REFILL
        self._after_guest_draw()

    # -- the contract ------------------------------------------------------------------
    def _legal(self, seat: int) -> list[Action]:
        ph = self.phase
        if ph == ACT:
            return self._legal_act(seat)
        if ph == PLAN:
            return self._legal_plan(seat)
        return []

    def _apply(self, seat: int, action: Action) -> None:
        kind, a, b = self.acts.code[action]
        if seat == CHANCE:
            self._apply_chance(kind, a)
            return
        if self.phase == PLAN:
            if kind == K_PLAN:
                self.plan[seat] |= 1 << a
                return
            self.pstate[seat] = 1 if kind == K_PLAN_DONE else 2
            moon, pstate = self.moon, self.pstate
            for p in range(self.n):
                if not moon[p] and not pstate[p]:
                    return  # someone is still planning
            self._end_planning()
            return
        self._apply_act(seat, kind, a, b)

    def _why(self, seat: int, action: Action) -> str:
        kind = self.acts.code[action][0]
        ph = self.phase
        ctx = PHASE_NAMES[ph] + (f", {STEP_NAMES[self.step]}" if ph == ACT else "")
        return f"{self._rule(seat, kind)} ({ctx})"

    def _rule(self, seat: int, kind: int) -> str:
        ph = self.phase
        if ph == PLAN:
            if kind == K_PLAN:
                return (f"a plan names distinct guilds in play, in number order, at most one per "
                        f"available agent ({self.avail[seat]})")
            if kind == K_PASS:
                return "passing is planning nothing; guilds are already chosen"
            if kind == K_PLAN_DONE:
                return "a plan needs at least one guild (or pass)"
            return "this is the planning phase: plan guilds, finish the plan or pass"
        step = self.step
        if step == CHOOSE:
            if kind == K_SELL:
                return "you can sell only goods of this guild's type that you have"
            if kind == K_BUY:
                return "you can buy only goods in this store, at the master's value, with money you have"
            if kind == K_HIRE:
                return "that room is empty or you cannot pay its price"
            return "choose sell, hire, buy or do nothing"
        if step == BUY:
            return f"you may buy more goods in type order (up to {self.buy_limit}) or stop"
        return f"the action under way expects: {STEP_NAMES[step]}"

    def describe(self, seat: int, action: Action, viewer: int | None) -> str:
        from .views import describe

        return describe(self, seat, action, viewer)

    def view(self, seat: int | None) -> dict[str, Any]:
        from .views import view

        return view(self, seat)

    def news(self, viewer: int | None) -> list[str]:
        from .views import news

        return news(self, viewer)

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise IllegalAction("the game is not over yet")
        from .scoring import outcome

        return outcome(self)

    def sample(self, seat: int, rng: random.Random) -> "NorenbercState":
        """The guilds of others' face-down cards are drawn again (their number and who
        passed are on the table for all to see); all else is public (money is fixed by
        public actions) or not stored at all (the pile's order)."""
        s = self.clone()
        G = self.G
        low = self.cg + 1 if self.phase == ACT else 0
        for q in range(self.n):
            if q == seat:
                continue
            k = bin(self.plan[q]).count("1")
            if k:
                s.plan[q] = sum(1 << g for g in rng.sample(range(low, G), k))
        return s
