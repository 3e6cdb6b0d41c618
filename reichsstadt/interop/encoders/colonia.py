"""The observation encoding of Colonia (bundled components), written from the state as
`present.view` shows it.

Sizes (materials, goods, craftsmen, cities, market stalls, port places, relic places) are
the rulebook's; the components' fixed facts (what each craftsman needs, the relic prices
of the bundled file) are left out. Hidden from other seats, as in the view: what lies
behind a family's screen (its money, materials, goods and relics; everyone's at the
end), a family card chosen this week until the cards are revealed, and a vote."""

from __future__ import annotations

from array import array
from functools import partial
from itertools import compress
from operator import ne
from typing import TYPE_CHECKING, Any

import numpy as np

from ...games.colonia.constants import (
    CARDS_PER_CITY,
    D_AMOUNT,
    D_DRAW,
    D_ENSHRINE,
    D_EXCHANGE,
    D_FAMILY,
    D_RECALL,
    D_TURN,
    D_VOTE,
    DAYS,
    DECISIONS,
    DRAWS,
    EFFECTS,
    FAMILY_VALUES,
    LOWEST_FAMILY_CARD,
    MAX_DISPLAY,
    MAX_HOLDS,
    MAX_STALLS,
    N_CITIES,
    N_CRAFTSMEN,
    N_FAMILY_CARDS,
    N_GOODS,
    N_MATERIALS,
    N_SHIPS,
    N_STREETS,
    PHASES,
    PORT,
    Q_BLIND_MATERIAL,
    Q_GOOD_DIE,
    RELICS_PER_CITY,
    S_OVER,
    S_SAT_SAIL,
    S_TUE_CHOOSE,
    S_TUE_ORDER,
    STALL_SLOTS,
    STEP_DAY,
    STREET_DAYS,
    STREET_EVENING,
    TUESDAY,
)
from ..encoding import ENVELOPE, HIDDEN, Part, PerGame, Piece, SeatAxis, SeatFields, Slice, StateEncoder, envelope
from ..encoding import per_seat
from ..encoding import write_envelope

if TYPE_CHECKING:
    from ...games.colonia.data import Components
    from ...games.colonia.state import ColoniaState

RESULTS = ("pending", "rejected", "passed")
HOMECOMING = ("today", "this_week", "next_week", "game_end")
ORDINANCE_SLOTS = 3
SEAT_DRAWS = (Q_BLIND_MATERIAL, Q_GOOD_DIE)        # draws whose argument is a seat
SHIP = 1 + N_CITIES + 1 + MAX_HOLDS * (N_GOODS + 2) + 3
RELIC = 1 + N_CITIES + 1 + 2
ORDINANCE = 1 + len(EFFECTS) + len(DAYS) + 1 + N_CRAFTSMEN + N_STREETS + len(RESULTS) + 2
ASKING = RELIC + N_STREETS + 3 + 2 * N_CITIES
TREASURY = N_CITIES + N_MATERIALS + N_GOODS
# what numbers are divided by (and capped at: "… or more as 1")
COINS, HELD, RELICS, POINTS = 20, 10, RELICS_PER_CITY, 50
TREASURY_TOPS = (COINS,) * N_CITIES + (HELD,) * (N_MATERIALS + N_GOODS)
COINS_SHARE = {x: x / COINS if x < COINS else 1.0 for x in range(8 * COINS)}
HELD_SHARE = {x: x / HELD if x < HELD else 1.0 for x in range(8 * HELD)}
"""top(x, COINS) and top(x, HELD) for the counts met in play: a lookup instead of a test
and a division (a count not there raises KeyError: computed then)."""


MAX_CACHED = 4096      # positions of a part of the table whose encoding is kept


def top(x: float, most: float) -> float:
    return x / most if x < most else 1.0


class CardTables:
    """What a component file fixes, encoded once: each ship's place in the port (its
    city and holds) and each relic card's place in the display; and caches of the
    relics owned and discarded, by position."""

    def __init__(self, comp: Components) -> None:
        self.comp = comp
        self.ships = np.zeros((len(comp.ships), SHIP), np.float32)
        for ship, data in enumerate(comp.ships):
            row = self.ships[ship]
            row[0] = 1.0
            row[1 + data.city] = 1.0
            for h, (need, value) in enumerate(data.holds[:MAX_HOLDS]):
                for g in need:
                    row[2 + N_CITIES + h * (N_GOODS + 2) + g] = 1.0
                row[2 + N_CITIES + h * (N_GOODS + 2) + N_GOODS] = top(value, 10)
        cards = len(comp.relic_price)
        self.relics = np.zeros((cards + 1, RELIC), np.float32)  # the last row: no card
        self.tallies = np.zeros((cards, 2 * N_CITIES), np.float32)  # a card's count and points by city
        for card in range(cards):
            row = self.relics[card]
            row[0] = 1.0
            row[1 + card // CARDS_PER_CITY] = 1.0
            row[1 + N_CITIES] = 1.0 if card % CARDS_PER_CITY == RELICS_PER_CITY else 0.0
            row[2 + N_CITIES] = top(comp.relic_price[card], 20)
            row[3 + N_CITIES] = top(comp.relic_points[card], 5)
            self.tallies[card, card // CARDS_PER_CITY] = 1.0
            self.tallies[card, N_CITIES + card // CARDS_PER_CITY] = comp.relic_points[card]
        self.holds = [np.ascontiguousarray(row[2 + N_CITIES:]).data for row in self.ships]
        """Per ship, its holds' entries of its row (float32 memoryviews)."""
        self.hold_count = [min(len(data.holds), MAX_HOLDS) for data in comp.ships]
        self.scale = np.array([RELICS] * N_CITIES + [POINTS] * N_CITIES, np.float32)
        self.sums: dict[tuple[Any, ...], np.ndarray] = {}
        # a seat's relics owned, tallied in Python (owned()): per relic card (the shrine
        # cards left out), its city and points
        self.relic_cards = [(card, card // CARDS_PER_CITY, comp.relic_points[card]) for card in range(cards)
                            if card % CARDS_PER_CITY != RELICS_PER_CITY]

    def owned(self, owners: list[int], p: int) -> memoryview:
        """Per city, the relics p owns (the shrine cards left out) and their points,
        scaled, as float32 numbers: what a float32 product of the cards with `tallies`
        gives, bit for bit (the sums are small whole numbers, and a quotient computed in
        double and rounded to float32 is the float32 quotient). In Python: a seat's
        screen after a relic changed hands costs a third of NumPy's time on 48 cards."""
        counts = [0] * N_CITIES
        points = [0] * N_CITIES
        for card, city, worth in self.relic_cards:
            if owners[card] == p:
                counts[city] += 1
                points[city] += worth
        return memoryview(array("f", [x / RELICS if x < RELICS else 1.0 for x in counts]
                                + [y / POINTS if y < POINTS else 1.0 for y in points]))

    def tally(self, cards: list[int] | list[bool], holder: int | bool) -> np.ndarray:
        """Per city, how many of `cards` (a field: who holds each card, or whether it is
        discarded) belong to `holder`, and their points, scaled; cached by position."""
        key = (tuple(cards), holder)
        found = self.sums.get(key)
        if found is None:
            if len(self.sums) >= MAX_CACHED:
                self.sums.clear()
            chosen = np.array(cards) == holder
            found = self.sums[key] = np.minimum(chosen.astype(np.float32) @ self.tallies / self.scale, 1.0)
        return found


class Screens:
    """What lies behind the screens of one game, as last written: per seat, its
    treasury's numbers and encoding; the relic owners met last and the relics owned per
    seat for them."""

    __slots__ = ("owned", "owners", "treasuries")

    def __init__(self, players: int) -> None:
        self.treasuries: list[tuple[list[int], list[int], list[int], memoryview] | None] = [None] * players
        self.owners: list[int] | None = None
        self.owned: list[memoryview | None] = [None] * players


class ColoniaEncoder(StateEncoder):
    """The writers that write several entries one by one write them through `cells =
    out.data`, a memoryview of the array: a number costs a third of NumPy's setitem
    there, and is rounded to float32 the same way (a C cast)."""

    def __init__(self, players: int) -> None:
        from ...core import game as find_game

        start: ColoniaState = find_game("colonia").new(players, 0)  # type: ignore[assignment]
        comp = start.components
        self.players = players
        self.per_member = comp.members_by_players[players]
        self.phase_index = {p: i for i, p in enumerate(PHASES)}
        self.tables: dict[int, CardTables] = {}
        self.screens_kept: PerGame[Screens] = PerGame(lambda: Screens(players))
        """Per game followed, what lies behind its screens as last written (a seat's own is
        written for every observation: private)."""
        super().__init__("colonia", players,
                         [*envelope(players, PHASES), *self._family_slices(comp), *self._week_slices(comp),
                          *self._market_slices(comp), *self._port_slices(), *self._relic_slices(comp)],
                         summary="Every family's members and cards, what it has behind its screen (yours; everyone's "
                                 "at the end) and what the table saw it take; the week, its ordinances and votes, the "
                                 "market, the craftsmen, the port and the relic display.")
        pm, inner = self.per_member, 7 + N_STREETS
        self.seat_fields = SeatFields(self, [
            ("home", "home", 1, pm, 0, 1), ("members", "home", 1, pm, 0, inner),
            ("members", "town_hall", 1, pm, 1, inner), ("members", "placed_today", 1, pm, 2, inner),
            ("members", "street", N_STREETS, pm, 7, inner)])
        base, inner = self.at["members"], 7 + N_STREETS
        self.member_counts_at = [np.array([base + (p - me) % players * inner + j for p in range(players)
                                           for j in range(3, 7)], np.intp) for me in range(players)]
        """Per viewer, where each seat's member counts go (see _member_counts)."""
        self.member_counts_kept: tuple[Any, tuple[list[int], ...], np.ndarray] | None = None
        self.member_share = np.minimum(np.multiply(np.arange(SeatFields.TABLE, dtype=np.int64),
                                                   np.float32(1.0 / pm), dtype=np.float32), 1.0).tolist()
        """What the members' SeatFields write for each small count (home, town hall, today, street)."""
        self.own_screen = ((self.at["treasury"], self.at["treasury"] + TREASURY),
                           (self.at["relics_owned"], self.at["relics_owned"] + 2 * N_CITIES))
        """Where the viewer's own treasury and relics owned are (private)."""
        members = self.at["members"]
        self.places_at = np.array([*(members + p * inner + 1 for p in range(players)),
                                   *(members + p * inner + 2 for p in range(players)),
                                   *(members + p * inner + 7 + k for p in range(players) for k in range(N_STREETS))],
                                  np.intp)
        """Where the members' places piece writes in the public encoding: the town hall,
        today and street fields, in the order of the fields."""
        self.holdings_at = [(slice(p * N_CITIES, (p + 1) * N_CITIES), slice(p * N_MATERIALS, (p + 1) * N_MATERIALS),
                             slice(p * N_GOODS, (p + 1) * N_GOODS)) for p in range(players)]
        """Per seat, its entries of money, materials and goods (what lies behind its screen)."""
        self.home_at = [(self.at["home"] + p, members + p * inner) for p in range(players)]
        """Per seat, where its members at home go: the home slice, the members' first entry."""
        n_seen = players * N_MATERIALS
        self.materials_order = [[p * N_MATERIALS + m if m < N_MATERIALS else n_seen + p
                                 for p in (*range(me, players), *range(me)) for m in range(N_MATERIALS + 1)]
                                for me in range(players)]
        """Per viewer, where each entry of the materials_seen slice comes from in
        materials_seen + materials_blind: each seat's materials, then its blind draws."""
        self.use(self._parts())

    # -- the slices ----------------------------------------------------------------------
    def _owners(self, name: str, places: int, meaning: str) -> Slice:
        n = self.players
        return Slice(name, places * n, 0, 1, f"{meaning}; per place, who holds it: one-hot over the seats from you "
                                             f"onward (all zero: nobody)", seats=SeatAxis(groups=places, stride=n))

    def _family_slices(self, comp: Components) -> list[Slice]:
        n, pm = self.players, self.per_member
        each = partial(per_seat, n)
        family = [str(v) for v in FAMILY_VALUES]
        cities = list(comp.cities)
        return [
            each("home", 1, f"members at home (usable) ÷ {pm}"),
            each("members", 7 + N_STREETS,
                 f"where the family's members are, as a share of its {pm}: home, town hall, today's stalls, "
                 f"contracts served, contracts waiting, ships, securing relics, then each street field",
                 ["home", "town hall", "today", "contracts above", "contracts below", "ships", "relics",
                  *STREET_DAYS]),
            each("family_cards", 2 * N_FAMILY_CARDS + 3,
                 "family cards not yet played (one per value), this week's card once revealed (one-hot; your own "
                 "as soon as chosen), chosen this week, played face down, its votes ÷ 10",
                 [f"left {f}" for f in family] + [f"card {f}" for f in family] + ["chosen", "face down", "votes"]),
            each("turns", 6, "in a round of turns, passed; during a vote, voted; its vote yes, no (your own only)",
                 ["in a round", "passed", "in a vote", "voted", "votes yes", "votes no"]),
            each("treasury", TREASURY, f"behind the screen (your own; everyone's at the end; -1 if hidden): coins "
                                       f"per currency ÷ {COINS}, materials ÷ {HELD}, goods ÷ {HELD}, each 1 at most",
                 [*comp.currencies, *comp.materials, *comp.goods], low=HIDDEN),
            each("relics_owned", 2 * N_CITIES, f"relics owned (behind the screen, see treasury), per city: how many "
                                               f"÷ {RELICS}, their points ÷ {POINTS} (1 at most)",
                 [f"relics {c}" for c in cities] + [f"points {c}" for c in cities], low=HIDDEN),
            each("shrines", 2 * N_CITIES, "per city: owns its shrine, the shrine holds a relic",
                 [f"shrine {c}" for c in cities] + [f"filled {c}" for c in cities]),
            each("windows", N_CITIES, "church windows won (at the end), per city", cities),
            each("materials_seen", N_MATERIALS + 1, f"materials the table saw the family take from stalls, less "
                                                    f"what it spent, ÷ {HELD}; those drawn blind ÷ {HELD}",
                 [*comp.materials, "blind"]),
            each("order", n, "place in turn order (the mayor first)", [f"place {k + 1}" for k in range(n)]),
            Slice("mayor", n, 0, 1, "the mayor; per seat, from you onward", seats=SeatAxis()),
        ]

    def _week_slices(self, comp: Components) -> list[Slice]:
        n = self.players
        return [
            Slice("extra_contract_dice", 6, 0, 1, "this week's extra-contract dice showing each face 1-6 (6: every "
                                                  "craftsman), ÷ 6", labels=tuple(str(f) for f in range(1, 7))),
            Slice("tie_order", n, 0, 1, "week 1: place among the seats the tie dice put first (1 ÷ players: first; "
                                        "0: not put); per seat, from you onward", seats=SeatAxis()),
            Slice("draws_pending", len(DRAWS), 0, 1, "the draws and rolls the table waits for, per kind, ÷ 20 (20 or "
                                                     "more as 1)", labels=DRAWS),
            Slice("next_draw", len(DRAWS), 0, 1, "the kind of the next draw (all zero: none waits)", labels=DRAWS),
            Slice("next_draw_seat", n, 0, 1, "the seat the next draw is for (blind material, good die); per seat, "
                                             "from you onward", seats=SeatAxis()),
            Slice("next_draw_argument", 1, 0, 1, "the next draw's stall, place or card value ÷ 10 (10 or more as 1; "
                                                 "0 for a seat's draw)"),
            Slice("week", 1, 0, 1, "the week ÷ the weeks"),
            Slice("weeks_left", 7, 0, 1, "weeks after this one, one-hot by count up to 6 or more",
                  labels=(*map(str, range(6)), "6+")),
            Slice("day", len(DAYS), 0, 1, "the day", labels=DAYS),
            Slice("decision", len(DECISIONS) + 1, 0, 1, "what the game waits for", labels=(*DECISIONS, "over")),
            Slice("week_card", MAX_STALLS + N_CRAFTSMEN + 2, 0, 1,
                  "this week's card (all zero before the first): its stalls' sizes ÷ 5, ordinary contracts per "
                  "craftsman ÷ 3, extra-contract dice ÷ 6, ships that sail ÷ 4 (each 1 at most)",
                  labels=(*(f"stall {k + 1}" for k in range(MAX_STALLS)), *comp.craftsmen, "dice", "ships")),
            Slice("ordinances", ORDINANCE_SLOTS * ORDINANCE, 0, 1,
                  f"this week's ordinances in voting order ({ORDINANCE_SLOTS} places, all zero: none), each "
                  f"{ORDINANCE} numbers: present, its effect one-hot ({', '.join(EFFECTS)}), its day one-hot, its "
                  f"number ÷ 10, the craftsman of extra contracts one-hot, the street field of a recall one-hot, the "
                  f"result one-hot ({', '.join(RESULTS)}), its vote's yes and no ÷ 20 (1 at most)"),
            Slice("fewer_members", 1, 0, 1, "members every family sends fewer this Tuesday ÷ 5"),
            Slice("fewer_members_next_week", 1, 0, 1, "... and next Tuesday ÷ 5"),
        ]

    def _market_slices(self, comp: Components) -> list[Slice]:
        n = self.players
        return [
            Slice("stalls", STALL_SLOTS * (N_MATERIALS + 3), 0, 1,
                  f"the market stalls ({STALL_SLOTS} places): materials on offer per material ÷ 5, its size ÷ 5, "
                  f"taken, a foreign merchant's (each 1 at most)"),
            self._owners("stall_buyers", STALL_SLOTS, "who took each stall"),
            Slice("bag", 1, 0, 1, "materials in the bag ÷ 100"),
            Slice("craftsmen", N_CRAFTSMEN * (3 + n), 0, 1,
                  "per craftsman: contract fields served this Thursday ÷ 5, contracts commissioned this week ÷ 5, "
                  "occupied fields ÷ 5, then each seat's members on its fields (from you onward) ÷ 5 (each 1 at most)",
                  seats=SeatAxis(groups=N_CRAFTSMEN, stride=3 + n, offset=3)),
        ]

    def _port_slices(self) -> list[Slice]:
        holds = f"per port place its {MAX_HOLDS} holds and the extra hold"
        return [
            Slice("port", PORT * SHIP, 0, 1,
                  f"the port's places I-IV, each {SHIP} numbers: a ship, its city one-hot, it sails on Saturday, "
                  f"{MAX_HOLDS} holds (the goods it takes, what it pays ÷ 10, loaded), an extra hold (present, "
                  f"loaded, what it pays ÷ 10)"),
            self._owners("hold_loaders", PORT * (MAX_HOLDS + 1), f"who loaded each hold, {holds}"),
            Slice("last_sailed", 2 * PORT, 0, 1, f"the ships of the last sailing, up to {PORT}: each sailed (1), "
                                                 f"which ship (its number + 1, ÷ {N_SHIPS})"),
            self._owners("last_sailed_loaders", PORT * (MAX_HOLDS + 1),
                         f"who had loaded each hold of the last sailing's ships, per ship its {MAX_HOLDS} holds and "
                         f"the extra hold"),
            Slice("ships_sailing", 1, 0, 1, "ships above the port's stick ÷ 4"),
            Slice("ship_deck", 1, 0, 1, f"ships in the deck ÷ {N_SHIPS}"),
            Slice("ship_discards", 1, 0, 1, f"ships set aside ÷ {N_SHIPS}"),
        ]

    def _relic_slices(self, comp: Components) -> list[Slice]:
        cities = list(comp.cities)
        return [
            Slice("relic_display", MAX_DISPLAY * RELIC, 0, 1,
                  f"the relic display ({MAX_DISPLAY} places): a card, its city one-hot, a shrine, its price ÷ 20, its "
                  f"points ÷ 5"),
            self._owners("relic_securers", MAX_DISPLAY, "who secured each displayed relic"),
            Slice("relic_deck", 1, 0, 1, "relic cards in the deck ÷ 48"),
            Slice("relic_discards", 2 * N_CITIES, 0, 1, f"the face-up discards per city: how many ÷ {RELICS}, their "
                                                        f"points ÷ {POINTS}",
                  labels=(*(f"cards {c}" for c in cities), *(f"points {c}" for c in cities))),
            Slice("goods_supply", N_GOODS, 0, 1, "goods left in the supply ÷ 20", labels=tuple(comp.goods)),
            Slice("street_home", N_STREETS * len(HOMECOMING), 0, 1, "when each street field's members come home",
                  labels=tuple(f"{d} {h}" for d in STREET_DAYS for h in HOMECOMING)),
            Slice("asking", ASKING, 0, 1,
                  "what a decision now is about: the card whose shrine choice is asked (as a displayed relic), a "
                  "recall's street field one-hot and the members it allows ÷ 10, the materials a draw allows ÷ 5, the "
                  "most an exchange allows ÷ 5, the currencies of an exchange under way (given, taken)"),
        ]

    def tables_of(self, comp: Components) -> CardTables:
        found = self.tables.get(id(comp))
        if found is None or found.comp is not comp:
            found = self.tables[id(comp)] = CardTables(comp)
        return found

    # -- writing -------------------------------------------------------------------------
    def _parts(self) -> list[Part]:
        contracts = ("sticks", "contract_owner", "contract_members", "contracts_placed")
        return [
            Part("envelope", ENVELOPE, None, self._envelope),
            Part("members", ("home", "members"),
                 ("home", "town_hall", "placed_today", "street", *contracts, "hold_owner", "extra_hold_owner",
                  "secured_by"), self._members, whole=True,
                 # the members at home change at every other decision, with one of the others
                 pieces=(Piece(("home",), self._home_piece),
                         Piece(("town_hall", "placed_today", "street"), self._places_piece),
                         Piece(contracts, self._contracts_piece),
                         Piece(("hold_owner", "extra_hold_owner"), self._holds_piece),
                         Piece(("secured_by",), self._securing_piece))),
            # the decision matters to the families only as "the cards are being chosen", to the
            # turns as "a round of turns", "a vote" (keys); a pass or a ballot changes one mark
            Part("families", ("family_cards",), ("family_cards_used", "family_card", "card_face_down", "vote_weight"),
                 self._families, key=_choosing_cards, key_reads=("decision",)),
            Part("turns", ("turns",), ("passed", "ballots"), self._turn_marks, key=_turns_or_vote,
                 key_reads=("decision",),
                 pieces=(Piece(("passed",), lambda s, out: self._passed(s, 0, out)),
                         Piece(("ballots",), lambda s, out: self._voted(s, None, 0, out)))),
            # behind the screens: the public encoding shows them only at the end (a seat's
            # own is written over it for every observation, see private)
            Part("screens", ("treasury", "relics_owned"), (), self._screens, whole=True, key=_screens_shown),
            Part("shrines", ("shrines", "windows"), ("relic_owner", "shrine_relic", "window_owner"), self._shrines),
            Part("materials_seen", ("materials_seen",), ("materials_seen", "materials_blind"), self._materials_seen,
                 whole=True),
            Part("order", ("order", "mayor"), ("order",), self._order, key=_mayor_known, key_reads=("week", "step")),
            Part("draws", ("draws_pending", "next_draw", "next_draw_seat", "next_draw_argument"), ("chance_queue",),
                 self._draws),
            Part("week", ("extra_contract_dice", "tie_order", "week", "weeks_left", "day", "decision", "fewer_members",
                          "fewer_members_next_week"),
                 ("extra_faces", "tie_order", "week", "step", "decision", "fewer_members", "fewer_members_next_week"),
                 self._week,
                 pieces=(Piece(("step", "decision"), lambda s, out: self._day_and_decision(s, out, True)),)),
            Part("week_card", ("week_card",), ("week_card",), self._week_card),   # changes once a week
            Part("ordinances", ("ordinances",),
                 ("week_ordinances", "ordinance_result", "ordinance_ballots", "vote_weight"),
                 lambda s, seat, me, out: self._ordinances(s, out),
                 pieces=(Piece(("ordinance_result", "ordinance_ballots"), self._votes_on_ordinances),)),
            Part("stalls", ("stalls", "stall_buyers"),
                 ("stall_count", "week_card", "stall_materials", "stall_size", "stall_buyer"), self._stalls),
            Part("bag", ("bag",), ("bag",), self._bag, whole=True),
            Part("craftsmen", ("craftsmen",), ("sticks", "commissioned", *contracts), self._craftsmen),
            Part("port", ("port", "hold_loaders", "last_sailed", "last_sailed_loaders", "ships_sailing", "ship_deck",
                          "ship_discards"),
                 ("port", "hold_owner", "extra_hold_owner", "ships_sailing", "extra_holds_open", "last_sailed",
                  "ship_deck", "ship_discard"),
                 lambda s, seat, me, out: self._port(s, me, out), key=_sailing, key_reads=("step",),
                 pieces=(Piece(("hold_owner", "extra_hold_owner"), lambda s, out: self._loads(s, 0, out, True)),)),
            Part("relics", ("relic_display", "relic_securers", "relic_deck", "relic_discards"),
                 ("display", "secured_by", "relic_deck", "relic_discard"), self._relics,
                 pieces=(Piece(("secured_by",), lambda s, out: self._securers(s, 0, out, True)),)),
            Part("goods_supply", ("goods_supply",), ("goods_supply",), self._goods_supply, whole=True),
            Part("street_home", ("street_home",), ("step", "week"), self._street_home),
            Part("asking", ("asking",),
                 ("decision", "bought_card", "recall_street", "recall_most", "draw_count", "exchange_limit",
                  "exchange_give", "exchange_take"), self._asking),
        ]

    def private(self, state: Any, seat: int, out: np.ndarray) -> None:
        s: ColoniaState = state
        at = self.at
        if s.step != S_OVER:   # behind your own screen
            treasury, owned = self._screen(s, seat)
            (row, end), (rel, rel_end) = self.own_screen
            cells: Any = out.data
            if cells.format == "f":   # float32 (the adapters' arrays): a copy between memoryviews
                cells[row:end] = treasury
                cells[rel:rel_end] = owned
            else:
                out[row:end] = treasury
                out[rel:rel_end] = owned
        card = s.family_card[seat]
        if card >= 0 and s.decision == D_FAMILY:   # your card, chosen face down, before the reveal
            out[at["family_cards"] + N_FAMILY_CARDS + card - LOWEST_FAMILY_CARD] = 1.0
        if s.decision == D_VOTE:
            ballot = s.ballots[seat]
            row = at["turns"]
            out[row + 4] = 1.0 if ballot == 1 else 0.0
            out[row + 5] = 1.0 if ballot == 0 else 0.0

    def _envelope(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        write_envelope(self, s, seat, self.phase_index[s.phase()], out)

    def _members(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        self.seat_fields.write(s, me, out)   # home, town hall, today's stalls, the street fields
        out[self.member_counts_at[me]] = self._member_counts(s)

    def _member_counts(self, s: ColoniaState) -> np.ndarray:
        """Per seat (seat after seat): members on contracts above and below the stick, in
        holds, securing relics, ÷ members per family. Kept for the last contracts, holds and
        relics met: the members at home change twice as often as these (the part's fields)."""
        inputs = (s.contract_owner, s.contract_members, s.contracts_placed, s.sticks, s.hold_owner,
                  s.extra_hold_owner, s.secured_by)
        kept = self.member_counts_kept
        if kept is not None and kept[0] is s.components and kept[1] == inputs:
            return kept[2]
        n = self.players
        above, below = self._on_contracts(s)
        counts: list[int] = []
        for p in range(n):
            counts += (above[p], below[p], s.hold_owner.count(p) + s.extra_hold_owner.count(p), s.secured_by.count(p))
        found = np.array(counts, np.int64) / self.per_member   # float64, as Python divides; float32 when written
        self.member_counts_kept = (s.components, tuple(x[:] for x in inputs), found)
        return found

    def _on_contracts(self, s: ColoniaState) -> tuple[list[int], list[int]]:
        """Per seat, its members on contracts above the stick and below it."""
        above, below = [0] * self.players, [0] * self.players
        fields = s.components.contract_fields
        owner, members = s.contract_owner, s.contract_members
        for c in range(N_CRAFTSMEN):
            stick = s.sticks[c]
            for i in range(s.contracts_placed[c]):
                if i < stick:
                    above[owner[c * fields + i]] += members[c * fields + i]
                else:
                    below[owner[c * fields + i]] += members[c * fields + i]
        return above, below

    def _shares(self, counts: list[int]) -> list[float]:
        """Counts of members as the members' SeatFields write them (÷ members per family, 1 at most)."""
        table = self.member_share
        top = len(table)
        if min(counts) >= 0 and max(counts) < top:
            return list(map(table.__getitem__, counts))   # the lookups in C, not a Python loop
        shares: list[float] = np.minimum(np.multiply(np.array(counts, np.int64), np.float32(1.0 / self.per_member),
                                                     dtype=np.float32), 1.0).tolist()
        return shares

    # The members' pieces (Part.pieces): each writes, in the public encoding, the entries of
    # the members slices its fields decide, as _members does.
    def _home_piece(self, s: ColoniaState, out: np.ndarray) -> None:
        cells: Any = out.data
        table = self.member_share
        top = len(table)
        for (home, members), x in zip(self.home_at, s.home):   # entry by entry: cheaper than lists for a few seats
            cells[home] = cells[members] = table[x] if 0 <= x < top else self._shares([x])[0]

    def _places_piece(self, s: ColoniaState, out: np.ndarray) -> None:
        out[self.places_at] = self._shares(s.town_hall + s.placed_today + s.street)

    def _contracts_piece(self, s: ColoniaState, out: np.ndarray) -> None:
        cells: Any = out.data
        n, pm = self.players, self.per_member
        above, below = self._on_contracts(s)
        members, inner = self.at["members"] + 3, 7 + N_STREETS
        for p in range(n):   # entry by entry: cheaper than lists for a few seats
            cells[members + p * inner] = above[p] / pm
            cells[members + p * inner + 1] = below[p] / pm

    def _holds_piece(self, s: ColoniaState, out: np.ndarray) -> None:
        cells: Any = out.data
        pm, holds, extra = self.per_member, s.hold_owner, s.extra_hold_owner
        members, inner = self.at["members"] + 5, 7 + N_STREETS
        for p in range(self.players):
            cells[members + p * inner] = (holds.count(p) + extra.count(p)) / pm

    def _securing_piece(self, s: ColoniaState, out: np.ndarray) -> None:
        cells: Any = out.data
        pm, securing = self.per_member, s.secured_by
        members, inner = self.at["members"] + 6, 7 + N_STREETS
        for p in range(self.players):
            cells[members + p * inner] = securing.count(p) / pm

    def _families(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        cells: Any = out.data
        n, cards, inner = self.players, self.at["family_cards"], 2 * N_FAMILY_CARDS + 3
        used, choosing = s.family_cards_used, _choosing_cards(s)
        for k in range(n):
            p = me + k if me + k < n else me + k - n
            row = cards + k * inner
            for at, gone in enumerate(used[p * N_FAMILY_CARDS:(p + 1) * N_FAMILY_CARDS], row):
                if not gone:
                    cells[at] = 1.0
            card = s.family_card[p]
            revealed = not choosing and card >= 0
            if card >= 0:
                if revealed or p == seat:
                    cells[row + N_FAMILY_CARDS + card - LOWEST_FAMILY_CARD] = 1.0
                cells[row + 2 * N_FAMILY_CARDS] = 1.0
            if revealed and s.card_face_down[p]:
                cells[row + 2 * N_FAMILY_CARDS + 1] = 1.0
            elif revealed:
                cells[row + 2 * N_FAMILY_CARDS + 2] = s.vote_weight[p] / 10

    def _turn_marks(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        in_turns, voting = _turns_or_vote(s)
        turns = self.at["turns"]
        if in_turns:
            out[turns:turns + 6 * self.players:6] = 1.0
            self._passed(s, me, out)
        if voting:
            out[turns + 2:turns + 6 * self.players:6] = 1.0
            self._voted(s, seat, me, out)

    def _passed(self, s: ColoniaState, me: int, out: np.ndarray) -> None:
        """In a round of turns, who passed (over what was there)."""
        cells: Any = out.data
        if s.decision == D_TURN:
            n, turns = self.players, self.at["turns"]
            for k in range(n):
                cells[turns + 6 * k + 1] = 1.0 if s.passed[me + k if me + k < n else me + k - n] else 0.0

    def _voted(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        """In a vote, who voted, and the viewer's vote (over what was there)."""
        cells: Any = out.data
        if s.decision == D_VOTE:
            n, turns = self.players, self.at["turns"]
            for k in range(n):
                p = me + k if me + k < n else me + k - n
                ballot = s.ballots[p]
                cells[turns + 6 * k + 3] = 1.0 if ballot >= 0 else 0.0
                if p == seat and ballot >= 0:
                    cells[turns + 6 * k + 4 + (0 if ballot else 1)] = 1.0

    def _screens(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        """What lies behind each screen: the viewer's own; everyone's at the end."""
        at, n = self.at, self.players
        treasury, owned = at["treasury"], at["relics_owned"]
        over = s.step == S_OVER
        if not over:  # every screen but the viewer's (all of them for a spectator), in one stroke each
            first = 0 if seat is None else 1
            out[treasury + first * TREASURY:treasury + n * TREASURY] = HIDDEN
            out[owned + first * 2 * N_CITIES:owned + n * 2 * N_CITIES] = HIDDEN
        for k in range(n):
            p = me + k if me + k < n else me + k - n
            if p == seat or over:
                row, rel = treasury + k * TREASURY, owned + k * 2 * N_CITIES
                out[row:row + TREASURY], out[rel:rel + 2 * N_CITIES] = self._screen(s, p)

    def _screen(self, s: ColoniaState, p: int) -> tuple[memoryview, memoryview]:
        """What lies behind p's screen, encoded: its treasury and its relics owned (float32
        memoryviews, kept: read them, never change them)."""
        # written for every observation (private): the hot path. A seat's treasury is the one
        # of its last observation about half the time; a treasury met before in another
        # position hardly ever (a cache by its numbers hit 2 % along random games)
        coins_at, materials_at, goods_at = self.holdings_at[p]
        coins, materials, goods = s.money[coins_at], s.materials[materials_at], s.goods[goods_at]
        found = self.screens_kept.kept.get(id(s))   # PerGame.of, inlined: every observation passes here
        kept = found[1] if found is not None and found[0] is s else self.screens_kept.of(s)
        last = kept.treasuries[p]
        if last is not None and last[0] == coins and last[1] == materials and last[2] == goods:   # no list joined
            treasury = last[3]
        else:   # one array from a list (NumPy's ufuncs cost more on 14 numbers), then kept
            try:   # lookups in C for the counts met in play
                values = [*map(COINS_SHARE.__getitem__, coins), *map(HELD_SHARE.__getitem__, materials),
                          *map(HELD_SHARE.__getitem__, goods)]
            except KeyError:
                values = [x / t if x < t else 1.0 for x, t in zip(coins + materials + goods, TREASURY_TOPS)]
            treasury = memoryview(array("f", values))   # float32, as NumPy's, in half its time
            kept.treasuries[p] = (coins, materials, goods, treasury)
        # p's relics per city and their points, kept while p's cards stay p's (relic_owner
        # changes a few times a week, a card or two of one or two seats; a tally's key
        # hashes 48 numbers, and a tally met in no other position costs NumPy calls)
        owners = s.relic_owner
        if kept.owners != owners:
            old = kept.owners
            if old is None or len(old) != len(owners):
                kept.owned = [None] * self.players
            else:   # the seats that gained or lost a card, found in C: the others' tallies stay
                moved = [*map(ne, old, owners)]
                for q in {*compress(old, moved), *compress(owners, moved)}:
                    if 0 <= q < self.players:
                        kept.owned[q] = None
            kept.owners = owners[:]
        owned = kept.owned[p]
        if owned is None:
            owned = kept.owned[p] = self.tables_of(s.components).owned(owners, p)
        return treasury, owned

    def _materials_seen(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        """What the table saw each family take and spend, and draw blind, from the viewer
        onward, in one list assignment."""
        raw = s.materials_seen + s.materials_blind
        at, order = self.at["materials_seen"], self.materials_order[me]
        try:   # the counts picked in the slice's order and scaled by lookups, both in C
            out[at:at + len(order)] = [*map(HELD_SHARE.__getitem__, map(raw.__getitem__, order))]
        except KeyError:
            out[at:at + len(order)] = [x / HELD if x < HELD else 1.0 for x in map(raw.__getitem__, order)]

    def _shrines(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        at, n = self.at, self.players
        shrines, windows = at["shrines"], at["windows"]
        for c in range(N_CITIES):
            holder = s.relic_owner[c * CARDS_PER_CITY + RELICS_PER_CITY]
            if holder >= 0:
                row = shrines + (holder - me) % n * 2 * N_CITIES
                out[row + c] = 1.0
                out[row + N_CITIES + c] = 1.0 if s.shrine_relic[c] >= 0 else 0.0
            holder = s.window_owner[c]
            if holder >= 0:
                out[windows + (holder - me) % n * N_CITIES + c] = 1.0

    def _order(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        at, n, mayor = self.at, self.players, s.mayor()
        if mayor >= 0:
            out[at["mayor"] + (mayor - me) % n] = 1.0
            order = at["order"]
            for place, p in enumerate(s.order):
                out[order + (p - me) % n * n + place] = 1.0

    def _draws(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        at, n = self.at, self.players
        for kind, _ in s.chance_queue:
            out[at["draws_pending"] + kind] += 1 / 20
        np.minimum(out[at["draws_pending"]:at["draws_pending"] + len(DRAWS)], 1.0,
                   out=out[at["draws_pending"]:at["draws_pending"] + len(DRAWS)])
        if s.chance_queue:
            kind, argument = s.chance_queue[0]
            out[at["next_draw"] + kind] = 1.0
            if kind in SEAT_DRAWS:
                out[at["next_draw_seat"] + (argument - me) % n] = 1.0
            else:
                out[at["next_draw_argument"]] = top(argument / 10, 1)

    def _week(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        at, n, comp = self.at, self.players, s.components
        for face in s.extra_faces:
            out[at["extra_contract_dice"] + face - 1] += 1 / 6
        for i, p in enumerate(s.tie_order):
            out[at["tie_order"] + (p - me) % n] = (i + 1) / n
        out[at["week"]] = s.week / comp.weeks
        out[at["weeks_left"] + min(comp.weeks - s.week, 6)] = 1.0
        self._day_and_decision(s, out, False)
        out[at["fewer_members"]] = top(s.fewer_members, 5)
        out[at["fewer_members_next_week"]] = top(s.fewer_members_next_week, 5)

    def _day_and_decision(self, s: ColoniaState, out: np.ndarray, over_old: bool) -> None:
        """The day and what the game waits for (over the old ones: `over_old`)."""
        at = self.at
        if over_old:
            out[at["day"]:at["day"] + len(DAYS)] = 0.0
            out[at["decision"]:at["decision"] + len(DECISIONS) + 1] = 0.0
        out[at["day"] + STEP_DAY[s.step]] = 1.0
        out[at["decision"] + (len(DECISIONS) if s.step == S_OVER else s.decision)] = 1.0

    def _week_card(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        if s.week_card >= 0:
            wc, base = s.components.week_cards[s.week_card], self.at["week_card"]
            for k, size in enumerate(wc.stalls):
                out[base + k] = top(size, 5)
            for c in range(N_CRAFTSMEN):
                out[base + MAX_STALLS + c] = top(wc.contracts[c], 3)
            out[base + MAX_STALLS + N_CRAFTSMEN] = top(wc.dice, 6)
            out[base + MAX_STALLS + N_CRAFTSMEN + 1] = top(wc.ships, 4)

    def _ordinances(self, s: ColoniaState, out: np.ndarray) -> None:
        base, comp = self.at["ordinances"], s.components
        for i, o in enumerate(s.week_ordinances[:ORDINANCE_SLOTS]):
            od, row = comp.ordinances[o], base + i * ORDINANCE
            out[row] = 1.0
            out[row + 1 + EFFECTS.index(od.effect)] = 1.0
            at = 1 + len(EFFECTS)
            out[row + at + od.day] = 1.0
            at += len(DAYS)
            out[row + at] = top(od.amount, 10)
            if od.craftsman >= 0:
                out[row + at + 1 + od.craftsman] = 1.0
            at += 1 + N_CRAFTSMEN
            if od.street >= 0:
                out[row + at + od.street] = 1.0
            at += N_STREETS
        self._votes_on_ordinances(s, out)

    def _votes_on_ordinances(self, s: ColoniaState, out: np.ndarray) -> None:
        """Each ordinance's result and its vote's yes and no (over the old ones)."""
        base = self.at["ordinances"]
        at = 1 + len(EFFECTS) + len(DAYS) + 1 + N_CRAFTSMEN + N_STREETS
        for i in range(len(s.week_ordinances[:ORDINANCE_SLOTS])):
            row = base + i * ORDINANCE + at
            out[row:row + len(RESULTS) + 2] = 0.0
            out[row + s.ordinance_result[i] + 1] = 1.0
            ballots = s.ordinance_ballots[i]
            if ballots:
                yes = sum(s.vote_weight[p] for p in range(s.player_count) if ballots[p] == 1)
                no = sum(s.vote_weight[p] for p in range(s.player_count) if ballots[p] == 0)
                out[row + len(RESULTS)], out[row + len(RESULTS) + 1] = top(yes, 20), top(no, 20)

    def _stalls(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        cells: Any = out.data
        n = self.players
        own = len(s.components.week_cards[s.week_card].stalls) if s.week_card >= 0 else 0
        row, buyers = self.at["stalls"], self.at["stall_buyers"]
        offered, sizes, bought = s.stall_materials, s.stall_size, s.stall_buyer
        for st in range(s.stall_count):   # over zeros: only the entries that are not 0
            for at, x in enumerate(offered[st * N_MATERIALS:(st + 1) * N_MATERIALS], row):
                if x:
                    cells[at] = x / 5 if x < 5 else 1.0   # top(x, 5), inlined
            x = sizes[st]
            cells[row + N_MATERIALS] = x / 5 if x < 5 else 1.0
            buyer = bought[st]
            if buyer >= 0:
                cells[row + N_MATERIALS + 1] = 1.0
                cells[buyers + st * n + (buyer - me) % n] = 1.0
            if st >= own:
                cells[row + N_MATERIALS + 2] = 1.0
            row += N_MATERIALS + 3

    def _bag(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        out[self.at["bag"]] = top(sum(s.bag), 100)

    def _craftsmen(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        cells: Any = out.data
        n, fields, row = self.players, s.components.contract_fields, self.at["craftsmen"]
        owners, members = s.contract_owner, s.contract_members
        for c in range(N_CRAFTSMEN):
            x, y, z = s.sticks[c], s.commissioned[c], s.contracts_placed[c]   # top(·, 5), inlined
            cells[row] = x / 5 if x < 5 else 1.0
            cells[row + 1] = y / 5 if y < 5 else 1.0
            cells[row + 2] = z / 5 if z < 5 else 1.0
            first = c * fields
            if z == 1:   # the common case: one contract, its entry written once
                m = members[first]
                cells[row + 3 + (owners[first] - me) % n] = m / 5 if m < 5 else 1.0
            elif z and len(set(owners[first:first + z])) == z:   # a contract per seat at most
                for i in range(first, first + z):
                    m = members[i]
                    cells[row + 3 + (owners[i] - me) % n] = m / 5 if m < 5 else 1.0
            elif z:   # a seat's contracts added up in float32, as the array adds them, then 1 at most
                for i in range(first, first + z):
                    out[row + 3 + (owners[i] - me) % n] += members[i] / 5
                seats = out[row + 3:row + 3 + n]
                np.minimum(seats, 1.0, out=seats)
            row += 3 + n

    def _port(self, s: ColoniaState, me: int, out: np.ndarray) -> None:
        at, n = self.at, self.players
        sailing = S_TUE_CHOOSE <= s.step <= S_SAT_SAIL
        width = MAX_HOLDS + 1
        ships = self.tables_of(s.components).ships
        for place in range(PORT):
            ship = s.port[place]
            if ship >= 0:
                row = at["port"] + place * SHIP
                out[row:row + SHIP] = ships[ship]
                out[row + 1 + N_CITIES] = 1.0 if place < s.ships_sailing and sailing else 0.0
        self._loads(s, me, out, False)
        sailed, sailed_by = at["last_sailed"], at["last_sailed_loaders"]
        for k, entry in enumerate(s.last_sailed[:PORT]):
            out[sailed + 2 * k] = 1.0
            out[sailed + 2 * k + 1] = (entry[0] + 1) / N_SHIPS
            for h, owner in enumerate([*entry[2:2 + MAX_HOLDS], *[-1] * (MAX_HOLDS - len(entry[2:])), entry[1]]):
                if owner >= 0:
                    out[sailed_by + (k * width + h) * n + (owner - me) % n] = 1.0
        out[at["ships_sailing"]] = s.ships_sailing / 4
        out[at["ship_deck"]] = sum(s.ship_deck) / N_SHIPS
        out[at["ship_discards"]] = sum(s.ship_discard) / N_SHIPS

    def _loads(self, s: ColoniaState, me: int, out: np.ndarray, over_old: bool) -> None:
        """Which holds of the ships in port are loaded, the extra holds, and who loaded
        each (over the old ones: `over_old`, the ships' rows as the table has them first)."""
        cells: Any = out.data
        at, n, comp = self.at, self.players, s.components
        loaders, width = at["hold_loaders"], MAX_HOLDS + 1
        tables = self.tables_of(comp)
        if over_old:
            out[loaders:loaders + PORT * width * n] = 0.0
        for place in range(PORT):
            ship = s.port[place]
            if ship < 0:
                continue
            row = at["port"] + place * SHIP
            if over_old:   # the ship's holds as the table has them, between memoryviews
                cells[row + 2 + N_CITIES:row + SHIP] = tables.holds[ship]
            for h, owner in enumerate(s.hold_owner[place * MAX_HOLDS:place * MAX_HOLDS + tables.hold_count[ship]]):
                if owner >= 0:
                    cells[row + 2 + N_CITIES + h * (N_GOODS + 2) + N_GOODS + 1] = 1.0
                    cells[loaders + (place * width + h) * n + (owner - me) % n] = 1.0
            extra = s.extra_hold_owner[place]
            if s.extra_holds_open or extra >= 0:
                end = row + 2 + N_CITIES + MAX_HOLDS * (N_GOODS + 2)
                cells[end] = 1.0
                cells[end + 2] = top(comp.extra_hold_value, 10)
                if extra >= 0:
                    cells[end + 1] = 1.0
                    cells[loaders + (place * width + MAX_HOLDS) * n + (extra - me) % n] = 1.0

    def _relics(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        at = self.at
        tables = self.tables_of(s.components)
        shown = s.display[:MAX_DISPLAY]
        block = out[at["relic_display"]:at["relic_display"] + MAX_DISPLAY * RELIC].reshape(MAX_DISPLAY, RELIC)
        np.take(tables.relics, [*shown, *[-1] * (MAX_DISPLAY - len(shown))], axis=0, out=block)
        self._securers(s, me, out, False)
        out[at["relic_deck"]] = sum(s.relic_deck) / 48
        out[at["relic_discards"]:at["relic_discards"] + 2 * N_CITIES] = tables.tally(s.relic_discard, True)

    def _securers(self, s: ColoniaState, me: int, out: np.ndarray, over_old: bool) -> None:
        """Who secured each displayed relic (over the old ones: `over_old`)."""
        at, n = self.at["relic_securers"], self.players
        if over_old:
            out[at:at + MAX_DISPLAY * n] = 0.0
        for k, owner in enumerate(s.secured_by[:MAX_DISPLAY]):
            if owner >= 0:
                out[at + k * n + (owner - me) % n] = 1.0

    def _goods_supply(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        cells: Any = out.data
        row = self.at["goods_supply"]
        for g in range(N_GOODS):
            cells[row + g] = top(s.goods_supply[g], 20)

    def _street_home(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        cells: Any = out.data
        last_week, base = s.week >= s.components.weeks, self.at["street_home"]
        for d in range(N_STREETS):
            if s.step > STREET_EVENING[d]:
                when = 3 if last_week else 2
            else:
                when = 0 if STEP_DAY[s.step] == d + TUESDAY else 1
            cells[base + d * len(HOMECOMING) + when] = 1.0

    def _asking(self, s: ColoniaState, seat: int | None, me: int, out: np.ndarray) -> None:
        row, d = self.at["asking"], s.decision
        if d == D_ENSHRINE:
            out[row:row + RELIC] = self.tables_of(s.components).relics[s.bought_card]
        at = row + RELIC
        if d == D_RECALL:
            out[at + s.recall_street] = 1.0
            out[at + N_STREETS] = top(s.recall_most, 10)
        at += N_STREETS + 1
        if d == D_DRAW:
            out[at] = top(s.draw_count, 5)
        if d in (D_EXCHANGE, D_AMOUNT):
            out[at + 1] = top(s.exchange_limit, 5)
        if d == D_AMOUNT:
            out[at + 2 + s.exchange_give] = 1.0
            out[at + 2 + N_CITIES + s.exchange_take] = 1.0


# Part keys: what a part reads of fields that change more often than its public entries do
# (the step, at almost every move; the treasuries, which the spectator sees only at the end)
def _screens_shown(s: ColoniaState) -> tuple[list[int], ...] | None:
    """What lies behind the screens, at the end (before, the public encoding hides it)."""
    if s.step != S_OVER:
        return None
    return s.money[:], s.materials[:], s.goods[:], s.relic_owner[:]


def _choosing_cards(s: ColoniaState) -> bool:
    """The families choose their cards (face down until revealed)."""
    return s.decision == D_FAMILY


def _turns_or_vote(s: ColoniaState) -> tuple[bool, bool]:
    """A round of turns, a vote."""
    return s.decision == D_TURN, s.decision == D_VOTE


def _mayor_known(s: ColoniaState) -> bool:   # as s.mayor() >= 0
    return s.week > 1 or s.step > S_TUE_ORDER


def _sailing(s: ColoniaState) -> bool:
    return S_TUE_CHOOSE <= s.step <= S_SAT_SAIL


def build(players: int) -> ColoniaEncoder:
    return ColoniaEncoder(players)
