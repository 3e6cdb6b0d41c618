"""The Colonia state: its fields, declared once (clone and snapshots follow from the
declaration, core/fields.py), read-only queries, and the core's hooks, which dispatch to
the rules (rules.py).

Everything that moves lives in named values and flat lists of small ints; a table per
player is one flat list indexed `seat * width + i` (money: seat * 4 + city), so clone()
copies lists and nothing else. Chance is a queue of pending draws; decisions are either
simultaneous (family cards, votes) or taken in turn order (stalls, contracts, holds,
relics, ordinances that ask every player)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Annotated, Any, Mapping

from ...core import CHANCE, SHARED, Action, Outcome, State
from ...core.contract import Pick
from ...core.messages import Message
from . import present, scoring
from .actions import ActionTable
from .constants import (
    CARDS_PER_CITY, DAYS, DECISIONS, D_AMOUNT, D_ENSHRINE, D_FAMILY, D_NONE, D_RECALL, D_TURN, D_VOTE, EXTRA_STALLS,
    FAMILY_VALUES, LOWEST_FAMILY_CARD, MAX_HOLDS, N_CITIES, N_CRAFTSMEN, N_FAMILY_CARDS, N_GOODS, N_MATERIALS,
    N_ORDINANCES, N_RELIC_CARDS, N_SHIPS, N_STREETS, N_WEEK_CARDS, PORT, Q_TIE_DIE, STALL_SLOTS, STEP_DAY,
    STEP_PHASE, S_MON, S_OVER, S_SETUP, S_SUN_BUY, S_TUE_ORDER, TURN_STEPS,
)
from .data import Components
from .rules import HANDLERS, LEGAL, advance, chance_outcomes, is_possible_draw, resolve_draw

if TYPE_CHECKING:
    from ...core import Game

_CHANCE_ONLY = (CHANCE,)
_NOBODY: tuple[int, ...] = ()


class ColoniaState(State):

    # -- fixed for the game -----------------------------------------------------------------
    player_count: Annotated[int, SHARED]       # seats 0..player_count-1
    components: Annotated[Components, SHARED]  # the components (bundled or the user's file)
    action_table: Annotated[ActionTable, SHARED]  # the action objects and their codes (actions.py)

    # -- where the week stands ----------------------------------------------------------------
    week: int                      # 1 .. comp.weeks
    step: int                      # the step of the week (S_SETUP .. S_OVER, constants.py)
    decision: int                  # what the game waits for (D_NONE .. D_DRAW)
    actor: int                     # the seat to decide (turns, a six, a shrine, an ordinance's chain), or -1
    week_card: int                 # this week's card, or -1 before the first
    extra_dice: int                # extra-contract dice this Thursday (the week card)
    extra_faces: list[int]         # the faces those dice showed, as rolled (public; until next Thursday)
    ships_sailing: int             # ships above the port's stick: they sail on Saturday
    stall_count: int               # stalls at the market this week (the foreign merchants included)
    vote_index: int                # the week ordinance voted next (index into week_ordinances)
    extra_holds_open: bool         # the extra-hold ordinance passed this week
    fewer_members: int             # the fewer-members ordinance: members fewer this Tuesday
    fewer_members_next_week: int   # ... passed this week, for next Tuesday
    bought_card: int               # the relic card just bought, while its shrine choice is due
    recall_street: int             # a recall ordinance: its street field (TUE .. FRI)
    recall_most: int               # ... and the most members each may bring home
    draw_count: int                # a draw ordinance: the materials each may draw
    exchange_limit: int            # an exchange ordinance: the most money each may exchange
    exchange_give: int             # ... the currency the actor gives (an index of the cities)
    exchange_take: int             # ... and the one the actor takes

    # -- behind each screen (per seat, flat) ----------------------------------------------------
    money: list[int]               # seat * N_CITIES + city: coins of that city's currency
    materials: list[int]           # seat * N_MATERIALS + material
    goods: list[int]               # seat * N_GOODS + good
    materials_seen: list[int]      # seat * N_MATERIALS + material: the materials the table saw the
                                   # family take from a stall and not yet spend (public)
    materials_blind: list[int]     # per seat: how many of its materials were drawn blind (public)
    relic_owner: list[int]         # per relic card: the seat holding it, or -1

    # -- the families' members (per seat; street flat, seat * 4 + TUE .. FRI) ----------------
    home: list[int]                # members at home (only these can be used)
    out_of_play: list[int]         # members of the colour not used at this player count
    street: list[int]              # members on each street field, until that day next week
    town_hall: list[int]           # members in the town hall (Tuesday)
    placed_today: list[int]        # members used today that go onto today's street field tonight
                                   # (market stalls; ships that sailed early on Friday)

    # -- family cards, turn order, votes (per seat) ------------------------------------------------
    family_cards_used: list[bool]  # seat * 6 + value - 3: played in an earlier week
    family_card: list[int]         # the card chosen this week (until Sunday), or -1
    card_value: list[int]          # its value as it counts (0 when turned face down)
    card_face_down: list[bool]     # the family lacked the card's members: no votes, last
    vote_weight: list[int]         # votes this week (members in the town hall)
    order: list[int]               # turn order, the mayor first
    previous_order: list[int]      # the order of the week before (ties are reversed)
    tie_order: list[int]           # week 1: seats put first by the tie die, in order
    ballots: list[int]             # the vote being held: per seat -1 not voted, 0 no, 1 yes
    passed: list[bool]             # per seat: passed in this round of turns

    # -- the week's ordinances ------------------------------------------------------------------
    ordinances_used: list[bool]    # per ordinance card: drawn in some week
    week_ordinances: list[int]     # this week's ordinances, by day (equal days as drawn)
    ordinance_result: list[int]    # per week ordinance: -1 to vote, 0 rejected, 1 passed
    ordinance_ballots: list[tuple[int, ...]]  # per week ordinance: each seat's ballot once voted
                                              # (-1 none, 0 no, 1 yes), () before
    seats_to_ask: list[int]        # an ordinance asking everyone in turn: the seats still to answer

    # -- the market, the craftsmen ----------------------------------------------------------------
    week_cards_used: list[bool]    # per week card: drawn in some week
    bag: list[int]                 # materials in the bag, per material
    stall_materials: list[int]     # stall * N_MATERIALS + material: on offer
    stall_size: list[int]          # materials the stall had (the members its buyer needs)
    stall_buyer: list[int]         # the seat that took the stall, or -1
    goods_supply: list[int]        # goods left in the supply, per good
    sticks: list[int]              # per craftsman: contracts served this Thursday (the stick)
    commissioned: list[int]        # per craftsman: contracts commissioned this week
    contract_owner: list[int]      # craftsman * contract_fields + field: the seat on it, or -1
    contract_members: list[int]    # ... and how many of its members stand there
    contracts_placed: list[int]    # per craftsman: occupied contract fields (from the top)

    # -- the port, the relics, the windows ---------------------------------------------------------
    port: list[int]                # per place I-IV: the ship there, or -1
    hold_owner: list[int]          # place * MAX_HOLDS + hold: the seat that loaded it, or -1
    extra_hold_owner: list[int]    # per place: the seat that loaded the extra hold, or -1
    ship_deck: list[bool]          # per ship: in the deck
    ship_discard: list[bool]       # per ship: set aside after sailing
    relic_deck: list[bool]         # per relic card: in the deck
    relic_discard: list[bool]      # per relic card: on the face-up discards
    display: list[int]             # the relic cards on display, in order
    secured_by: list[int]          # per displayed card: the seat whose member secures it, or -1
    shrine_relic: list[int]        # per city: the relic card in its shrine, or -1
    window_owner: list[int]        # per city: the seat its church window went to, or -1
    last_sailed: list[tuple[int, ...]]  # the ships of the last sailing (public): (ship, the extra
                                        # hold's seat or -1, each hold's seat or -1)

    chance_queue: list[tuple[int, int]]   # draws still to make, (kind, argument): the head is
                                          # the chance node now (Q_* in constants.py)

    # -- a new game ------------------------------------------------------------------------------
    @classmethod
    def start(cls, game: "Game", players: int, seed: int, options: Mapping[str, Any], components: Components,
              action_table: ActionTable) -> "ColoniaState":
        """Notes, setup: every family with its money and its members at home; the draws
        (ships, relics, start materials and goods) follow as chance nodes."""
        s = cls.__new__(cls)
        s._init_base(game, players, seed, options)
        n, comp = players, components
        s.player_count, s.components, s.action_table = n, comp, action_table
        s.week, s.step, s.decision, s.actor = 1, S_SETUP, D_NONE, -1
        s.week_card, s.extra_dice, s.ships_sailing, s.stall_count, s.vote_index = -1, 0, 0, 0, 0
        s.extra_holds_open, s.fewer_members, s.fewer_members_next_week = False, 0, 0
        s.extra_faces, s.last_sailed = [], []
        s.bought_card = s.recall_street = -1
        s.recall_most = s.draw_count = s.exchange_limit = 0
        s.exchange_give = s.exchange_take = -1
        s.money = [comp.start_money] * (n * N_CITIES)
        s.materials = [0] * (n * N_MATERIALS)
        s.goods = [0] * (n * N_GOODS)
        s.materials_seen = [0] * (n * N_MATERIALS)
        s.materials_blind = [0] * n
        s.relic_owner = [-1] * N_RELIC_CARDS
        s.home = [comp.members_by_players[n]] * n
        s.out_of_play = [comp.members_per_colour - comp.members_by_players[n]] * n
        s.street = [0] * (n * N_STREETS)
        s.town_hall = [0] * n
        s.placed_today = [0] * n
        s.family_cards_used = [False] * (n * N_FAMILY_CARDS)
        s.family_card = [-1] * n
        s.card_value = [0] * n
        s.card_face_down = [False] * n
        s.vote_weight = [0] * n
        s.order = list(range(n))
        s.previous_order = list(range(n))
        s.tie_order = []
        s.ballots = [-1] * n
        s.passed = [False] * n
        s.ordinances_used = [False] * N_ORDINANCES
        s.week_ordinances, s.ordinance_result, s.ordinance_ballots, s.seats_to_ask = [], [], [], []
        s.week_cards_used = [False] * N_WEEK_CARDS
        s.bag = [comp.materials_per_type] * N_MATERIALS
        s.stall_materials = [0] * (STALL_SLOTS * N_MATERIALS)
        s.stall_size = [0] * STALL_SLOTS
        s.stall_buyer = [-1] * STALL_SLOTS
        s.goods_supply = [comp.goods_per_type] * N_GOODS
        s.sticks = [0] * N_CRAFTSMEN
        s.commissioned = [0] * N_CRAFTSMEN
        s.contract_owner = [-1] * (N_CRAFTSMEN * comp.contract_fields)
        s.contract_members = [0] * (N_CRAFTSMEN * comp.contract_fields)
        s.contracts_placed = [0] * N_CRAFTSMEN
        s.port = [-1] * PORT
        s.hold_owner = [-1] * (PORT * MAX_HOLDS)
        s.extra_hold_owner = [-1] * PORT
        s.ship_deck = [True] * N_SHIPS
        s.ship_discard = [False] * N_SHIPS
        s.relic_deck = [True] * N_RELIC_CARDS
        s.relic_discard = [False] * N_RELIC_CARDS
        s.display, s.secured_by = [], []
        s.shrine_relic = [-1] * N_CITIES
        s.window_owner = [-1] * N_CITIES
        s.chance_queue = []
        advance(s)
        return s

    # -- queries (public: presentation and bots read them) -------------------------------------
    @property
    def players(self) -> int:
        return self.player_count

    def phase(self) -> str:
        """The stable id of what is going on (constants.PHASES). A step hands over to the
        next one before the draws it asked for are made, so a draw belongs to the step
        before, except on the vote days, where a vote's draws come while its step lasts."""
        step = self.step
        if step == S_MON and self.week > 1:
            return "week_end"        # the display refilled after last Sunday
        if step == S_SUN_BUY and self.decision == D_NONE:
            return "sailing"         # the port refilled after the ships sailed
        return STEP_PHASE[step]

    def day(self) -> str:
        """The day of the week (an id of constants.DAYS)."""
        return DAYS[STEP_DAY[self.step]]

    def family_cards_left(self, p: int) -> list[int]:
        """The family cards seat p has not played (p. 17: each once per game)."""
        base = p * N_FAMILY_CARDS
        return [v for v in FAMILY_VALUES if not self.family_cards_used[base + v - LOWEST_FAMILY_CARD]]

    def mayor(self) -> int:
        """The seat first in turn order (p. 16), or -1 before the first Tuesday's reveal."""
        return self.order[0] if self.week > 1 or self.step > S_TUE_ORDER else -1

    def score_items(self, p: int) -> dict[str, int]:
        """Seat p's points by item (p. 23): relics, shrines, windows, total."""
        return scoring.score_items(self, p)

    # -- the core's hooks ---------------------------------------------------------------------
    def _to_act(self) -> tuple[int, ...]:
        d = self.decision
        if d == D_NONE:
            return _CHANCE_ONLY if self.chance_queue else _NOBODY
        if d == D_FAMILY:
            return tuple([p for p in range(self.player_count) if self.family_card[p] < 0])
        if d == D_VOTE:
            return tuple([p for p in range(self.player_count) if self.ballots[p] < 0 and not self.card_face_down[p]])
        return (self.actor,)

    def _legal(self, seat: int) -> list[Action]:
        return LEGAL[self.decision](self, seat)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return chance_outcomes(self)

    def _is_outcome(self, action: Action) -> bool:
        kind, value, _ = self.action_table.code_of[id(action)]
        return is_possible_draw(self, kind, value)

    def _apply(self, seat: int, action: Action) -> None:
        kind, a, b = self.action_table.code_of[id(action)]
        if seat == CHANCE:
            resolve_draw(self, a)
        else:
            HANDLERS[kind](self, seat, a, b)
        advance(self)

    def _why(self, seat: int, action: Action) -> Message:
        return present.why(self, seat, action)

    def _check_position(self) -> None:
        """The shape of every field, the ranges of its values, and what the game keeps:
        every material, good and member of the box in one place; every card in one place."""
        self._check_sizes()
        self._check_moment()
        self._check_box()

    def _check_sizes(self) -> None:
        """Every field's length, and the ranges of its entries."""
        n, fields = self.player_count, self.components.contract_fields
        sizes = {
            "money": n * N_CITIES, "materials": n * N_MATERIALS, "goods": n * N_GOODS,
            "materials_seen": n * N_MATERIALS, "materials_blind": n, "relic_owner": N_RELIC_CARDS, "home": n,
            "out_of_play": n, "street": n * N_STREETS, "town_hall": n, "placed_today": n,
            "family_cards_used": n * N_FAMILY_CARDS, "family_card": n, "card_value": n, "card_face_down": n,
            "vote_weight": n, "order": n, "previous_order": n, "ballots": n, "passed": n,
            "ordinances_used": N_ORDINANCES, "week_cards_used": N_WEEK_CARDS, "bag": N_MATERIALS,
            "stall_materials": STALL_SLOTS * N_MATERIALS, "stall_size": STALL_SLOTS, "stall_buyer": STALL_SLOTS,
            "goods_supply": N_GOODS, "sticks": N_CRAFTSMEN, "commissioned": N_CRAFTSMEN,
            "contract_owner": N_CRAFTSMEN * fields, "contract_members": N_CRAFTSMEN * fields,
            "contracts_placed": N_CRAFTSMEN, "port": PORT, "hold_owner": PORT * MAX_HOLDS,
            "extra_hold_owner": PORT, "ship_deck": N_SHIPS, "ship_discard": N_SHIPS, "relic_deck": N_RELIC_CARDS,
            "relic_discard": N_RELIC_CARDS, "shrine_relic": N_CITIES, "window_owner": N_CITIES,
        }
        for name, size in sizes.items():
            _require(len(getattr(self, name)) == size, f"{name} has {len(getattr(self, name))} entries, not {size}")
        for name in ("money", "materials", "goods", "materials_seen", "materials_blind", "home", "out_of_play",
                     "street", "town_hall", "placed_today", "bag", "stall_materials", "stall_size", "goods_supply",
                     "sticks", "commissioned", "contract_members", "contracts_placed", "vote_weight", "card_value"):
            _require(min(getattr(self, name)) >= 0, f"{name} has a negative entry")
        seats = range(-1, n)
        for name in ("relic_owner", "stall_buyer", "contract_owner", "hold_owner", "extra_hold_owner", "secured_by",
                     "window_owner"):
            _require(all(x in seats for x in getattr(self, name)), f"{name} names a seat that does not exist")
        _require(sorted(self.order) == list(range(n)) and sorted(self.previous_order) == list(range(n)),
                 "order and previous_order must list every seat once")

    def _check_moment(self) -> None:
        """The step, the decision and what that decision needs."""
        n, comp, seats = self.player_count, self.components, range(-1, self.player_count)
        _require(0 <= self.step <= S_OVER and 0 <= self.decision <= len(LEGAL) - 1, "step or decision out of range")
        _require(1 <= self.week <= comp.weeks, f"week must be 1 to {comp.weeks}")
        _require(self.actor in seats, "actor must be a seat or -1")
        d = self.decision
        if d not in (D_NONE, D_FAMILY, D_VOTE):
            _require(0 <= self.actor < n, f"decision {DECISIONS[d]} needs an actor (a seat)")
        _require(d != D_TURN or self.step in TURN_STEPS, "a turn (decision D_TURN) belongs to a round of turns")
        _require(d != D_ENSHRINE or 0 <= self.bought_card < N_RELIC_CARDS, "a shrine choice needs bought_card")
        _require(d != D_RECALL or 0 <= self.recall_street < N_STREETS, "a recall needs recall_street")
        _require(d != D_AMOUNT or (0 <= self.exchange_give < N_CITIES and 0 <= self.exchange_take < N_CITIES
                                   and self.exchange_give != self.exchange_take),
                 "an exchange amount needs two different currencies")
        _require(0 <= self.week_card < N_WEEK_CARDS or self.week_card == -1, "week_card out of range")
        _require(all(v == -1 or v in FAMILY_VALUES for v in self.family_card), "family_card must be -1 or 3 to 8")
        _require(all(b in (-1, 0, 1) for b in self.ballots), "ballots must be -1, 0 or 1")
        _require(0 <= self.stall_count <= STALL_SLOTS, "stall_count out of range")
        _require(len(self.display) == len(self.secured_by) and all(0 <= c < N_RELIC_CARDS for c in self.display),
                 "display must list relic cards, secured_by one entry per displayed card")
        _require(len(self.week_ordinances) == len(self.ordinance_result) == len(self.ordinance_ballots)
                 and 0 <= self.vote_index <= len(self.week_ordinances),
                 "week_ordinances, ordinance_result, ordinance_ballots and vote_index must agree")
        _require(all(0 <= o < N_ORDINANCES for o in self.week_ordinances), "week_ordinances names no ordinance")
        _require(all(kind in range(Q_TIE_DIE + 1) for kind, _ in self.chance_queue),
                 "chance_queue holds an unknown kind of draw")

    def _check_box(self) -> None:
        """What the game keeps: every material, good and member in one place, every card
        and ship in one place, each shrine's relic its owner's."""
        n, comp = self.player_count, self.components
        for m in range(N_MATERIALS):
            total = self.bag[m] + sum(self.stall_materials[m::N_MATERIALS]) + sum(self.materials[m::N_MATERIALS])
            _require(total == comp.materials_per_type,
                     f"material {m} counts {total} in bag, stalls and screens, not {comp.materials_per_type}")
        for g in range(N_GOODS):
            total = self.goods_supply[g] + sum(self.goods[g::N_GOODS])
            _require(total == comp.goods_per_type, f"good {g} counts {total}, not {comp.goods_per_type}")
        for p in range(n):
            base = p * N_MATERIALS
            _require(all(self.materials[base + m] >= self.materials_seen[base + m] for m in range(N_MATERIALS))
                     and sum(self.materials[base:base + N_MATERIALS])
                     == sum(self.materials_seen[base:base + N_MATERIALS]) + self.materials_blind[p],
                     f"seat {p}'s materials must be those seen plus those drawn blind")
            members = self.members_placed(p) + self.out_of_play[p]
            _require(members == comp.members_per_colour,
                     f"seat {p} has {members} members in all, not {comp.members_per_colour}")
        places = [int(self.relic_deck[c]) + int(self.relic_discard[c]) + self.display.count(c)
                  + (self.relic_owner[c] >= 0) for c in range(N_RELIC_CARDS)]
        _require(places == [1] * N_RELIC_CARDS, "every relic card must be in exactly one place")
        ships = [int(self.ship_deck[i]) + int(self.ship_discard[i]) + self.port.count(i) for i in range(N_SHIPS)]
        _require(ships == [1] * N_SHIPS, "every ship must be in exactly one place")
        for c in range(N_CITIES):
            card = self.shrine_relic[c]
            _require(card == -1 or (card // CARDS_PER_CITY == c and self.relic_owner[card] >= 0 and
                                    self.relic_owner[card] == self.relic_owner[(c + 1) * CARDS_PER_CITY - 1]),
                     f"the shrine of city {c} must hold a relic of its city owned by the shrine's owner")
        _require(self.stall_count <= len(comp.week_cards[self.week_card].stalls) + EXTRA_STALLS
                 if self.week_card >= 0 else self.stall_count == 0, "stall_count does not fit the week card")

    def run_on(self) -> "ColoniaState":
        """Run the week on from here until a decision or a draw is due, and return the
        state. A position built with edited() just before an automatic step (step=S_SAT_SAIL,
        decision=D_NONE: the ships are about to sail) has that step run; what it sets in
        motion is then the news. A position already at a decision or draw is unchanged."""
        self._forget_events()
        advance(self)
        self._changed()
        return self

    def members_placed(self, p: int) -> int:
        """Seat p's members in play wherever they stand: home, town hall, today's places,
        street fields, contract fields, holds, secured relics."""
        fields = self.components.contract_fields
        total = self.home[p] + self.town_hall[p] + self.placed_today[p]
        total += sum(self.street[p * N_STREETS:(p + 1) * N_STREETS])
        for c in range(N_CRAFTSMEN):
            for i in range(c * fields, c * fields + self.contracts_placed[c]):
                if self.contract_owner[i] == p:
                    total += self.contract_members[i]
        total += self.hold_owner.count(p) + self.extra_hold_owner.count(p) + self.secured_by.count(p)
        return total

    # -- what is said about the state (present.py) and its end (scoring.py) --------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return present.view(self, seat)

    def describe(self, seat: int, action: Action, viewer: int | None) -> Message:
        return present.describe(self, seat, action, viewer)

    def news(self, viewer: int | None) -> list[str | Message]:
        return list(present.news(self, viewer))

    def confirm(self, seat: int, action: Action) -> Message | None:
        return present.confirm(self, seat, action)

    def pick(self, seat: int) -> Pick | None:
        return present.pick(self, seat)

    def outcome(self) -> Outcome:
        return scoring.outcome(self)

    # -- hidden information -----------------------------------------------------------------------
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
        assert isinstance(s, ColoniaState)
        if s.step == S_OVER:  # the screens are lifted: nothing is hidden any more
            return s
        n = self.player_count
        s._redraw_blind_materials(seat, rng)
        if s.decision == D_FAMILY:
            for p in range(n):
                if p != seat and s.family_card[p] >= 0:
                    left = s.family_cards_left(p)
                    s.family_card[p] = left[rng.randrange(len(left))]
        elif s.decision == D_VOTE:
            for p in range(n):
                if p != seat and s.ballots[p] >= 0:
                    s.ballots[p] = rng.randrange(2)
        s._changed()
        return s

    def _redraw_blind_materials(self, seat: int, rng: random.Random) -> None:
        """sample: the other families' blind materials drawn anew from the pool `seat`
        cannot place (the bag and their blind draws); each keeps the number it drew
        blind and every material the table saw it take."""
        others = [p for p in range(self.player_count) if p != seat and self.materials_blind[p]]
        if not others:
            return
        pool: list[int] = []
        bag, mats, seen = self.bag, self.materials, self.materials_seen
        for m in range(N_MATERIALS):
            pool += [m] * bag[m]
            for p in others:
                i = p * N_MATERIALS + m
                pool += [m] * (mats[i] - seen[i])
        rng.shuffle(pool)
        k = 0
        for p in others:
            base = p * N_MATERIALS
            mats[base:base + N_MATERIALS] = seen[base:base + N_MATERIALS]
            count = self.materials_blind[p]
            for m in pool[k:k + count]:
                mats[base + m] += 1
            k += count
        new_bag = [0] * N_MATERIALS
        for m in pool[k:]:
            new_bag[m] += 1
        self.bag = new_bag


def _require(condition: bool, what: str) -> None:
    if not condition:
        raise ValueError(f"colonia position: {what}")
