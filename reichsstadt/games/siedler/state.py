"""The state of a game of Die Siedler von Nürnberg: its fields, declared once (clone and
snapshots follow from the declaration), the read-only queries presentation and bots may
call, and the core's hooks, which dispatch to the rules (rules.py).

Flat lists of small ints, indexed by seat, resource, road segment or intersection: hands
are `hands[seat * 5 + resource]`; gold is apart (it is no card, 6.1)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

from ...core.actions import Action
from ...core.contract import CHANCE, Outcome, Pick, State
from ...core.fields import SHARED
from ...core.messages import Message
# present.py and scoring.py read the state but import it only for its type: the state
# imports them, and they import nothing that imports the state
from . import present, rules, scoring
from .actions import ActionTable
from .constants import (
    ANY_PORT, A_COUNTER_GIVE, A_COUNTER_WANT, A_NONE, A_PENDING, BANK_RATE, COUNCIL_VP, GOLD, K_CARD, K_DRAW, K_FIRST,
    MARKET_RATE, NOBODY, N_REDS, N_ROADS, PHASE_IDS, PORT_RATE, P_CLOSE, P_COUNCIL, P_DISCARD, P_DRAW, P_LEHM, P_MAIN,
    P_OFFER_GIVE, P_OFFER_SEND, P_OFFER_WANT, P_RESPOND, P_ROBBER, P_SETUP_SETTLE, P_SETUP_TOLL, P_START, P_STEAL,
    P_STEAL_CARD, P_WEGEZOLL_CARD, RAUBRITTERBURG, REMOVED, RESOURCES, SETTLEMENTS, START_GOLD, SUPPLY_PER_RESOURCE,
    TOLLS, VP_KINDS, WORKSHOPS,
)
from .data import Components

if TYPE_CHECKING:
    from ...core.contract import Game

_CHANCE_ONLY = (CHANCE,)
_BANK_RATES = (BANK_RATE,) * 6  # 4:1 on every tradable (5.2.1)


class SiedlerState(State):

    # -- fixed for the game ------------------------------------------------------------------
    components: Annotated[Components, SHARED]       # the validated map file (data.py)
    action_table: Annotated[ActionTable, SHARED]    # the action space's own objects, by argument
    player_count: Annotated[int, SHARED]            # 3 or 4 seats
    setup: Annotated[str, SHARED]                   # "beginner" (3.) or "expert" (9.)
    offers_per_turn: Annotated[int, SHARED]         # option: trade offers per turn
    bank_trades_per_turn: Annotated[int, SHARED]    # option: bank trades per turn
    offer_cards: Annotated[int, SHARED]             # option: cards per side of one offer
    # -- whose turn, and what is asked ----------------------------------------------------------
    phase: int                       # P_... (constants.py): what the game waits for
    active: int                      # the seat whose turn it is (4.)
    first_player: int                # the seat that began (4., 9.); NOBODY before the draw
    winner: int                      # the seat that reached 13 VP in its own turn (7a); NOBODY otherwise
    # -- cards and gold ----------------------------------------------------------------------------
    hands: list[int]                 # resource cards held: hands[seat * 5 + resource]
    gold: list[int]                  # gold per seat
    supply: list[int]                # resource cards left in the bank's supply, per resource (0.)
    deck: list[int]                  # event cards face down, per card kind (constants.CARD_KINDS)
    discards: list[int]              # event cards on the discard pile, per card kind (5.1)
    deck_left: int                   # cards face down (the sum of deck)
    last_card: int                   # the card kind drawn last; -1 before the first
    # -- the board -----------------------------------------------------------------------------------
    time_stone: int                  # the time stone's space on the time track (index of components.years)
    robber: int                      # the terrain the robber knight stands on; RAUBRITTERBURG: off the map
    toll_owner: list[int]            # per road segment (components.seg_offset): the seat of its toll station, or NOBODY
    road_tolls: list[int]            # toll stations per road and seat: road_tolls[road * players + seat]
    settlement_owner: list[int]      # per intersection (components.road_offset): the seat of its settlement, or NOBODY
    right_of_way: list[int]          # per road: the holder of its right-of-way card, or NOBODY (5.2.2.1, 6.2)
    workshop_owner: list[int]        # per red intersection: the seat of its workshop, or NOBODY (5.2.2.3)
    wall_builders: list[int]         # the seat that built each wall piece, in building order (5.2.2.4)
    tower_owner: list[int]           # per tower triangle: the seat of its tower, or NOBODY (5.2.2.5)
    prestige: list[int]              # prestige points per seat (6.3)
    council_holder: list[int]        # per council card, best first: its holder, NOBODY, or REMOVED (3., 6.3)
    settlements_left: list[int]      # settlements each seat has not built (0.)
    workshops_left: list[int]        # workshops each seat has not built
    tolls_left: list[int]            # toll stations each seat has not built
    # -- the turn's limits (options) -----------------------------------------------------------------
    offers_made: int                 # trade offers the active player made this turn
    bank_trades: int                 # bank trades the active player made this turn
    # -- the trade offer under negotiation (5.2.1) -------------------------------------------------------
    offer_give: list[int]            # what the active player gives, per tradable (resources, gold)
    offer_want: list[int]            # what the active player asks for, per tradable
    offer_to: int                    # the seat asked, or EVERYONE
    answers: list[int]               # each seat's answer: A_... (constants.py)
    counter_give: list[int]          # a counter-offer's side its maker gives: counter_give[seat * 6 + tradable]
    counter_want: list[int]          # what the counter-offer's maker asks for, likewise
    last_trade: list[int]            # the last trade between players, seen by all until the next offer:
                                     # [active, partner, 6 tradables active gave, 6 partner gave], or []
    # -- events and their decisions --------------------------------------------------------------------
    discards_owed: list[int]         # cards each seat still has to discard (Raubritter, 6.1)
    steal_victim: int                # the seat robbed by the active player (6.1); NOBODY otherwise
    lehm_queue: list[int]            # seats yet to decide on a wall piece for 3 gold, in order (8.3)
    wegezoll_road: int               # the road of the Wegezoll being paid (8.4); -1 otherwise
    wegezoll_owed: list[tuple[int, int]]  # (payer, random cards still owed to the holder), in order (8.4)
    council_chooser: int             # the seat choosing whose council card to take (6.3); NOBODY otherwise
    council_candidates: list[int]    # the holders it may take a card from
    council_points_pending: int      # prestige points it gains after the choice, one at a time (Q3)
    council_resume_phase: int        # the phase to return to once the prestige is counted
    # -- the expert setup (9.) -----------------------------------------------------------------------------
    setup_order: list[int]           # the snake order of placements
    setup_step: int                  # placements made
    setup_road: int                  # the road of the toll station just placed; -1 otherwise
    # -- what each seat cannot know ----------------------------------------------------------------------
    unknown_cards: list[int]         # cards of owner's hand whose type viewer cannot know (a steal, a
                                     # Wegezoll card between others): [(viewer * players + owner) * 5 + resource]
    any_hidden: bool                 # whether a card ever moved unseen by someone (unknown_cards is all 0 until)

    # -- creation --------------------------------------------------------------------------------------
    @classmethod
    def start(cls, game: "Game", players: int, seed: int, options: Mapping[str, Any], components: Components,
              action_table: ActionTable) -> "SiedlerState":
        """3.: a new game with its pieces, cards and gold in place; with the beginner setup
        the positions of the map file are built. The first player is drawn next (4., 9.)."""
        s = cls.__new__(cls)
        s._init_base(game, players, seed, options)
        n = players
        s.player_count, s.components, s.action_table = n, components, action_table
        s.setup, s.offers_per_turn = options["setup"], options["offers_per_turn"]
        s.bank_trades_per_turn, s.offer_cards = options["bank_trades_per_turn"], options["offer_cards"]
        s.phase, s.active, s.first_player, s.winner = P_START, 0, NOBODY, NOBODY
        s.hands = [0] * (5 * n)
        s.gold = [START_GOLD] * n
        s.supply = [SUPPLY_PER_RESOURCE] * 5
        s.deck = list(components.deck_counts)
        s.discards = [0] * len(components.deck_counts)
        s.deck_left = sum(components.deck_counts)
        s.last_card = -1
        s.time_stone, s.robber = 0, RAUBRITTERBURG
        s.toll_owner = [NOBODY] * components.n_segments
        s.road_tolls = [0] * (N_ROADS * n)
        s.settlement_owner = [NOBODY] * components.n_inters
        s.right_of_way = [NOBODY] * N_ROADS
        s.workshop_owner = [NOBODY] * N_REDS
        s.wall_builders = []
        s.tower_owner = [NOBODY] * len(components.triangle_after)
        s.prestige = [0] * n
        s.council_holder = [NOBODY, NOBODY if n == 4 else REMOVED, NOBODY]
        s.settlements_left, s.workshops_left, s.tolls_left = [SETTLEMENTS] * n, [WORKSHOPS] * n, [TOLLS] * n
        s.offers_made = s.bank_trades = 0
        s.offer_give, s.offer_want, s.offer_to = [0] * 6, [0] * 6, NOBODY
        s.answers, s.counter_give, s.counter_want = [A_NONE] * n, [0] * (6 * n), [0] * (6 * n)
        s.last_trade = []
        s.discards_owed, s.steal_victim = [0] * n, NOBODY
        s.lehm_queue, s.wegezoll_road, s.wegezoll_owed = [], -1, []
        s.council_chooser, s.council_candidates, s.council_points_pending = NOBODY, [], 0
        s.council_resume_phase = P_MAIN
        s.setup_order, s.setup_step, s.setup_road = [], 0, -1
        s.unknown_cards = [0] * (5 * n * n)
        s.any_hidden = False
        if s.setup == "beginner":
            rules.place_beginner_positions(s)
        return s

    # -- read-only queries (presentation and bots may call them) ---------------------------------------
    @property
    def players(self) -> int:
        return self.player_count

    def cards(self, p: int) -> int:
        """Resource cards in p's hand (gold is no card)."""
        h = self.hands
        b = p * 5
        return h[b] + h[b + 1] + h[b + 2] + h[b + 3] + h[b + 4]

    def hand(self, p: int) -> list[int]:
        """p's cards per resource (a copy)."""
        return self.hands[p * 5: p * 5 + 5]

    def holding(self, p: int, x: int) -> int:
        """How much of tradable x (a resource, or GOLD) p holds."""
        return self.gold[p] if x == GOLD else self.hands[p * 5 + x]

    def can_pay(self, p: int, vec: list[int]) -> bool:
        """Whether p holds everything of vec (per tradable)."""
        h = self.hands
        b = p * 5
        for r in range(5):
            if vec[r] > h[b + r]:
                return False
        return vec[5] <= self.gold[p]

    def tolls_on(self, road: int) -> int:
        """Toll stations on a road, all seats together."""
        n = self.player_count
        return sum(self.road_tolls[road * n: road * n + n])

    def free_spots(self, road: int) -> list[int]:
        """Intersections of a road open to a settlement (5.2.2.2): not the one touching the
        city, free, and a free intersection on both sides along this road."""
        m = self.components
        off = m.road_offset[road]
        last = off + m.road_len[road]
        so = self.settlement_owner
        out = []
        for gi in range(off + 1, last + 1):
            if so[gi] < 0 and so[gi - 1] < 0 and (gi == last or so[gi + 1] < 0):
                out.append(gi)
        return out

    def builds_towers(self, p: int) -> bool:
        """A workshop of p's next to the Bauhof (5.2.2.5)."""
        wo = self.workshop_owner
        bauhof = self.components.red_bauhof
        for j in range(N_REDS):
            if wo[j] == p and bauhof[j]:
                return True
        return False

    def bank_rates(self, p: int) -> Sequence[int]:
        """How many of each tradable the bank takes from p for one card or gold (5.2.1): 4;
        3 with a workshop on the Hauptmarkt's 3:1 corner; 2 for a resource whose 2:1 corner
        holds p's workshop."""
        wo = self.workshop_owner
        if p not in wo:  # most of a game: no workshop, the bank's own rate (a shared tuple)
            return _BANK_RATES
        rates = [BANK_RATE] * 6
        port = self.components.red_port
        two = []
        for j in range(N_REDS):
            if wo[j] == p:
                mark = port[j]
                if mark == ANY_PORT:
                    rates = [MARKET_RATE] * 6
                elif mark >= 0:
                    two.append(mark)
        for r in two:
            rates[r] = PORT_RATE
        return rates

    def bank_rate(self, p: int, x: int) -> int:
        return self.bank_rates(p)[x]

    def doubles(self, p: int, g: int) -> bool:
        """A workshop of p's next to one of good g's two spaces doubles its sale (5.2.3)."""
        wo = self.workshop_owner
        goods = self.components.red_goods
        for j in range(N_REDS):
            if wo[j] == p and g in goods[j]:
                return True
        return False

    def council_of(self, p: int) -> int:
        """The council card p holds (0 Siebenerrat, 1 Kleiner Rat, 2 Grosser Rat), or -1."""
        c = self.council_holder
        for i in range(3):
            if c[i] == p:
                return i
        return -1

    def victory_points(self, p: int) -> int:
        """2.: 1 per settlement and workshop, 1 per right-of-way card, 4/3/2 per council card."""
        v = SETTLEMENTS - self.settlements_left[p] + WORKSHOPS - self.workshops_left[p]
        for k in range(N_ROADS):
            if self.right_of_way[k] == p:
                v += 1
        c = self.council_holder
        for i in range(3):
            if c[i] == p:
                v += COUNCIL_VP[i]
        return v

    # -- the core's hooks ------------------------------------------------------------------------------------
    def _to_act(self) -> tuple[int, ...]:
        ph = self.phase
        who = _WHO_ACTS[ph]
        if who == _ACTIVE:
            return (self.active,)
        if who == _CHANCE:
            return _CHANCE_ONLY
        if ph == P_RESPOND:
            answers = self.answers
            return tuple([p for p in range(self.player_count) if answers[p] == A_PENDING
                          or answers[p] == A_COUNTER_GIVE or answers[p] == A_COUNTER_WANT])
        if ph == P_DISCARD:
            return tuple([p for p in range(self.player_count) if self.discards_owed[p] > 0])
        if ph == P_LEHM:
            return (self.lehm_queue[0],)
        if ph == P_COUNCIL:
            return (self.council_chooser,)
        return ()

    def _legal(self, seat: int) -> list[Action]:
        return rules.LEGAL[self.phase](self, seat)

    def _apply(self, seat: int, action: Action) -> None:
        code = self.action_table.code_of[id(action)]
        kind = code[0]
        rules.HANDLERS[kind](self, seat, code[1], code[2])
        if kind in VP_KINDS:
            rules.check_thirteen(self)

    def _is_outcome(self, action: Action) -> bool:
        kind, a, _ = self.action_table.code_of[id(action)]
        ph = self.phase
        if ph == P_DRAW:
            return kind == K_DRAW and self.deck[a] > 0
        if ph == P_STEAL_CARD:
            return kind == K_CARD and self.hands[self.steal_victim * 5 + a] > 0
        if ph == P_WEGEZOLL_CARD:
            return kind == K_CARD and self.hands[self.wegezoll_owed[0][0] * 5 + a] > 0
        if ph == P_START:
            return kind == K_FIRST
        return False

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        ph = self.phase
        table = self.action_table
        if ph == P_DRAW:
            left = self.deck_left
            return [(table.draw[k], c / left) for k, c in enumerate(self.deck) if c]
        if ph == P_START:
            return [(a, 1.0 / self.player_count) for a in table.first]
        if ph == P_STEAL_CARD or ph == P_WEGEZOLL_CARD:
            victim = self.steal_victim if ph == P_STEAL_CARD else self.wegezoll_owed[0][0]
            h = self.hands
            base = victim * 5
            total = h[base] + h[base + 1] + h[base + 2] + h[base + 3] + h[base + 4]
            return [(table.card[r], h[base + r] / total) for r in range(5) if h[base + r]]
        return []

    def _why(self, seat: int, action: Action) -> Message:
        return present.why(self, seat, action)

    def _check_position(self) -> None:
        """Raise ValueError naming what is inconsistent: list sizes, the 20 cards of each
        resource, the pieces on the board against those left, the phase's own fields."""
        self._check_sizes()
        self._check_cards()
        self._check_pieces()
        self._check_board()
        self._check_phase()

    def _check_sizes(self) -> None:
        n, m = self.player_count, self.components
        sizes = {
            "hands": 5 * n, "gold": n, "supply": 5, "deck": len(m.deck_counts), "discards": len(m.deck_counts),
            "toll_owner": m.n_segments, "road_tolls": N_ROADS * n, "settlement_owner": m.n_inters,
            "right_of_way": N_ROADS, "workshop_owner": N_REDS, "tower_owner": len(m.triangle_after), "prestige": n,
            "council_holder": 3, "settlements_left": n, "workshops_left": n, "tolls_left": n, "offer_give": 6,
            "offer_want": 6, "answers": n, "counter_give": 6 * n, "counter_want": 6 * n, "discards_owed": n,
            "unknown_cards": 5 * n * n,
        }
        for name, size in sizes.items():
            got = len(getattr(self, name))
            if got != size:
                _fail(f"{name} has {got} entries, not {size}")
        if not 0 <= self.phase < len(PHASE_IDS):
            _fail(f"phase {self.phase} is no phase (0 to {len(PHASE_IDS) - 1})")
        if not 0 <= self.active < n:
            _fail(f"active seat {self.active} is no seat")

    def _check_cards(self) -> None:
        for name in ("hands", "gold", "supply", "deck", "discards", "prestige", "settlements_left", "workshops_left",
                     "tolls_left", "offer_give", "offer_want", "counter_give", "counter_want", "discards_owed",
                     "unknown_cards", "road_tolls"):
            if min(getattr(self, name)) < 0:
                _fail(f"{name} holds a negative count")
        for r in range(5):
            held = sum(self.hands[p * 5 + r] for p in range(self.player_count))
            if held + self.supply[r] != SUPPLY_PER_RESOURCE:
                _fail(f"{held} {RESOURCES[r]} in hands and {self.supply[r]} in the supply: there are "
                      f"{SUPPLY_PER_RESOURCE} cards of each resource (0.)")
        if self.deck_left != sum(self.deck):
            _fail(f"deck_left is {self.deck_left} but the deck holds {sum(self.deck)} cards")

    def _check_pieces(self) -> None:
        n, m = self.player_count, self.components
        for name, owners, left, limit in (("settlement", self.settlement_owner, self.settlements_left, SETTLEMENTS),
                                          ("workshop", self.workshop_owner, self.workshops_left, WORKSHOPS),
                                          ("toll station", self.toll_owner, self.tolls_left, TOLLS)):
            if any(not (o == NOBODY or 0 <= o < n) for o in owners):
                _fail(f"a {name} belongs to a seat that is not at the table")
            for p in range(n):
                built = sum(1 for o in owners if o == p)
                if built + left[p] != limit:
                    _fail(f"seat {p} has {built} {name}s built and {left[p]} left; each has {limit} (0.)")
        for k in range(N_ROADS):
            segs = self.toll_owner[m.seg_offset[k]: m.seg_offset[k] + m.road_len[k]]
            used = sum(1 for o in segs if o >= 0)
            if any(o < 0 for o in segs[:used]):
                _fail(f"road {k + 1}'s toll stations leave a gap: they fill from the city (5.2.2.1)")
            for p in range(n):
                if self.road_tolls[k * n + p] != sum(1 for o in segs if o == p):
                    _fail(f"road_tolls of road {k + 1}, seat {p} disagree with toll_owner")

    def _check_board(self) -> None:
        n, m = self.player_count, self.components
        for name, owners in (("right_of_way", self.right_of_way), ("tower_owner", self.tower_owner),
                             ("wall_builders", self.wall_builders)):
            if any(not (o == NOBODY or 0 <= o < n) for o in owners) or (name == "wall_builders" and NOBODY in owners):
                _fail(f"{name} names a seat that is not at the table")
        if len(self.wall_builders) > m.wall_pieces:
            _fail(f"{len(self.wall_builders)} wall pieces; the wall has {m.wall_pieces}")
        holders = [h for h in self.council_holder if h >= 0]
        if len(holders) != len(set(holders)) or any(h >= n for h in holders):
            _fail("a council card is held twice by one seat, or by no seat at the table")
        if (self.council_holder[1] == REMOVED) != (n == 3) or REMOVED in (self.council_holder[0],
                                                                         self.council_holder[2]):
            _fail("only the Kleiner Rat is removed, and only with three players (3.)")
        if not (self.robber == RAUBRITTERBURG or 0 <= self.robber < len(m.terrain_ids)):
            _fail(f"the robber knight stands on terrain {self.robber}, which the map does not have")
        if not 0 <= self.time_stone < len(m.years):
            _fail(f"the time stone is on space {self.time_stone}; the track has {len(m.years)}")

    def _check_phase(self) -> None:
        """The fields the phase waits on are set."""
        n, ph = self.player_count, self.phase
        missing = {
            P_LEHM: ("Kostenloser Lehm waits for nobody (lehm_queue is empty)", bool(self.lehm_queue)),
            P_DISCARD: ("the discard phase, but nobody owes a card", any(self.discards_owed)),
            P_COUNCIL: ("the council phase needs council_chooser and council_candidates",
                        0 <= self.council_chooser < n and bool(self.council_candidates)),
            P_STEAL_CARD: ("a steal needs a victim holding a card",
                           0 <= self.steal_victim < n and bool(self.cards(self.steal_victim))),
            P_WEGEZOLL_CARD: ("a Wegezoll card needs wegezoll_owed and the road's holder",
                              bool(self.wegezoll_owed) and 0 <= self.wegezoll_road < N_ROADS
                              and self.right_of_way[self.wegezoll_road] >= 0),
            P_SETUP_SETTLE: ("a setup settlement needs setup_road", 0 <= self.setup_road < N_ROADS),
            P_RESPOND: ("the answers to an offer are all in, but the phase waits for them",
                        any(a in (A_PENDING, A_COUNTER_GIVE, A_COUNTER_WANT) for a in self.answers)),
            P_DRAW: ("an event card is due, but the deck is empty", self.deck_left > 0),
        }.get(ph)
        if missing is not None and not missing[1]:
            _fail(missing[0])

    # -- the end ---------------------------------------------------------------------------------------------
    def outcome(self) -> Outcome:
        return scoring.outcome(self)

    def sample(self, seat: int, rng: random.Random) -> "SiedlerState":
        """Opponents' hands re-dealt: each keeps the cards `seat` knows it holds, and the
        cards `seat` cannot place (stolen, Wegezoll) are dealt at random from their pool."""
        s: SiedlerState = self.clone()  # type: ignore[assignment]
        if seat == CHANCE or not 0 <= seat < self.player_count or not self.any_hidden:
            return s
        rules.redeal_unknown_cards(s, seat, rng)
        return s

    # -- presentation (present.py) ------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return present.view(self, seat)

    def describe(self, seat: int, action: Action, viewer: int | None) -> Message:
        return present.describe(self, seat, action, viewer)

    def log_words(self, seat: int, action: Action, viewer: int | None) -> Message | None:
        return present.log_words(self, seat, action, viewer)

    def news(self, viewer: int | None) -> list[str | Message]:
        return list(present.news(self, viewer))

    def pick(self, seat: int) -> Pick | None:
        return present.pick(self, seat)

    def confirm(self, seat: int, action: Action) -> Message | None:
        return present.confirm(self, seat, action)


# who owes the decision in each phase: the active player, chance, or someone the phase names
_ACTIVE, _CHANCE, _OTHER = range(3)
_WHO_ACTS: tuple[int, ...] = tuple(
    _ACTIVE if ph in (P_MAIN, P_OFFER_GIVE, P_OFFER_WANT, P_OFFER_SEND, P_CLOSE, P_ROBBER, P_STEAL, P_SETUP_TOLL,
                      P_SETUP_SETTLE)
    else _CHANCE if ph in (P_DRAW, P_STEAL_CARD, P_WEGEZOLL_CARD, P_START) else _OTHER
    for ph in range(len(PHASE_IDS)))


def _fail(what: str) -> NoReturn:
    raise ValueError(f"siedler position: {what}")
