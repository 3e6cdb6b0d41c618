"""The observation encoding of Norenberc, written from the state as `present.view` shows it.

Tiles are encoded by what they are (an artisan's guild, value and Agent+, or a citizen's
kind and value), not by their id, so a policy generalises across tiles; what a player owns
is summed up the way scoring and income count it. Hidden from other seats, as in the view:
a player's money (until the end) and the guilds of its face-down cards."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

from ...games.norenberc.constants import (
    ACTIONS,
    ARTISAN,
    ARTISANS_PER_GUILD,
    COVERED_SLOT,
    FOREMAN,
    MASTER_SLOT,
    MUSICIAN,
    NOBLE,
    OVER,
    PASSED,
    PHASE_IDS,
    PLANNED,
    PLANNING,
    PLANNING_NOW,
    ROOMS,
    ROUNDS,
    STEP_IDS,
    TILE_KIND_KEYS,
    TOP_SLOT,
    WORKSHOP_SLOTS,
)
from ..encoding import ENVELOPE, HIDDEN, Part, Piece, SeatAxis, SeatFields, Slice, StateEncoder, envelope, per_seat
from ..encoding import scaled, write_envelope

if TYPE_CHECKING:
    from ...games.norenberc.data import Components
    from ...games.norenberc.state import NorenbercState

KINDS = TILE_KIND_KEYS                    # a tile's kind: artisan, then the citizens
CITIZENS = KINDS[1:]
VALUED = (MUSICIAN, NOBLE, FOREMAN)       # citizens whose printed number counts
PLANNING_LABELS = ("planning", "done", "passed", "moon")
PLANNING_INDEX = {PLANNING_NOW: 0, PLANNED: 1, PASSED: 2}
WORKSHOPS = 3          # windows above the master (the doubled top apart): at most three, in round 1
TILE_PLACES = 1 + WORKSHOPS + 2 + ROOMS   # per guild: master, windows, top, covered, rooms
TOP_VALUE = 20         # tile values (1..20), money and goods are divided by these ...
TOP_MONEY = 100
TOP_GOODS = 20
MAX_CACHED = 4096      # tile sets whose summary is kept (a game meets a few dozen per seat)


class TileTables:
    """Per tile id of one component file, its encoding (`rows`, the last row all zero
    for "no tile") and what it adds to a player's holdings (`holds`)."""

    def __init__(self, comp: Components, guilds: int, hold_size: int) -> None:
        count = len(comp.tile_kind)
        width = len(KINDS) + guilds + 2
        self.rows = np.zeros((count + 1, width), np.float32)
        self.holds: list[list[tuple[int, int]]] = []
        citizens_at = 3 * guilds
        valued_at = citizens_at + len(CITIZENS)
        for t in range(count):
            kind, guild, value = comp.tile_kind[t], comp.tile_guild[t], comp.tile_value[t]
            row = self.rows[t]
            row[kind] = 1.0
            if kind == ARTISAN and guild >= guilds:   # a guild not in play: never on the table
                self.holds.append([])
            elif kind == ARTISAN:
                row[len(KINDS) + guild] = 1.0
                self.holds.append([(guild, 1), (guilds + guild, value), (2 * guilds + guild, int(comp.tile_agent[t]))])
            else:
                held = [(citizens_at + kind - 1, 1)]
                if kind in VALUED:
                    held.append((valued_at + VALUED.index(kind), value))
                self.holds.append(held)
            row[-2] = scaled(value, TOP_VALUE) if kind == ARTISAN or kind in VALUED else 0.0
            row[-1] = 1.0 if kind == ARTISAN and comp.tile_agent[t] else 0.0
        self.hold_scale = np.array([ARTISANS_PER_GUILD] * guilds + [60] * guilds + [5] * guilds
                                   + [3] * len(CITIZENS) + [20] * len(VALUED), np.float32)
        assert len(self.hold_scale) == hold_size
        self.summaries: dict[tuple[int, ...], np.ndarray] = {}

    def holdings(self, tiles: list[int]) -> np.ndarray:
        """A player's tiles summed up (see the slice `holdings`), cached by tile set."""
        key = tuple(tiles)
        found = self.summaries.get(key)
        if found is None:
            counts = [0] * len(self.hold_scale)   # whole numbers: summed in Python, exact in float32
            for t in tiles:
                for i, x in self.holds[t]:
                    counts[i] += x
            found = np.minimum(np.array(counts, np.float32) / self.hold_scale, 1.0)
            if len(self.summaries) >= MAX_CACHED:
                self.summaries.clear()
            self.summaries[key] = found
        return found


class NorenbercEncoder(StateEncoder):
    def __init__(self, players: int) -> None:
        from ...core import game as find_game

        game = find_game("norenberc")
        start: NorenbercState = game.new(players, 0)  # type: ignore[assignment]
        comp = start.components
        self.players = players
        self.guilds = G = start.guild_count
        names = [k or f"guild {g}" for g, k in enumerate(comp.guild_keys)][:G]
        self.tile_size = len(KINDS) + G + 2
        self.hold_size = 3 * G + len(CITIZENS) + len(VALUED)
        phases = list(game.view_schema()["properties"]["phase"]["enum"])
        self.phase_index = [phases.index(p) for p in PHASE_IDS]
        self.tables: dict[int, tuple[Any, TileTables]] = {}
        super().__init__("norenberc", players, [*envelope(players, phases), *self._players_slices(names),
                                                *self._table_slices(names)],
                         summary="Every player's public holdings (goods, tiles summed per guild and kind, crests, "
                                 "agents, turn order, planning) and your own money and plan; every guild's master, "
                                 "workshops, rooms, store and roof; the action under way.")
        # per-seat numbers in three groups that change apart (goods, agents, crests): one is
        # written again without the others
        self.goods_fields = SeatFields(self, [("goods", "goods_held", G, TOP_GOODS, 0, G)])
        self.agent_fields = SeatFields(self, [
            ("agents", "agents", 1, 8, 0, 1), ("agents_free", "agents_free", 1, 8, 0, 1), ("moon", "moon", 1, 1, 0, 1)])
        self.crest_fields = SeatFields(self, [
            ("crests", "guild_crests", G, 5, 0, G), ("prestige_crests", "prestige_crests", 1, 5, 0, 1)])
        self.money_fields = SeatFields(self, [("money", "money", 1, TOP_MONEY, 0, 1)])   # at the end
        self.number_tops = np.tile(np.array([TOP_GOODS] * G + [5, 5, 3, 1, 1, TOP_VALUE], np.float32), G)
        """What each entry of guild_numbers is divided by (see _guild_numbers)."""
        counts = np.arange(64, dtype=np.float32)
        self.store_share = np.minimum(counts / np.float32(TOP_GOODS), np.float32(1.0)).tolist()
        self.store_shares = dict(enumerate(self.store_share))   # the same, by count: no test for a negative one
        self.roof_share = np.minimum(counts / np.float32(5), np.float32(1.0)).tolist()
        """What _guild_numbers writes for each small count of a store's goods and of a roof's agents."""
        self.free_share = np.minimum(np.multiply(np.arange(64, dtype=np.int64), np.float32(1 / 8), dtype=np.float32),
                                     np.float32(1.0)).tolist()
        """What agent_fields writes for each small count of free agents (÷ 8, 1 at most)."""
        numbers = self.at["guild_numbers"]
        self.stores_at = np.array([numbers + g * (G + 6) + k for g in range(G) for k in range(G)], np.intp)
        """Where the stores' entries of guild_numbers are, in the order of the field."""
        ts = self.tile_size
        self.rooms_at = np.array([self.at["guild_tiles"] + (g * TILE_PLACES + TILE_PLACES - ROOMS + r) * ts + j
                                  for g in range(G) for r in range(ROOMS) for j in range(ts)], np.intp)
        """Where the rooms' tiles are in guild_tiles, in the order of the field rooms."""
        self.plan_rows = np.array([[1.0 if laid >> g & 1 else 0.0 for g in range(G)] for laid in range(1 << G)],
                                  np.float32)
        self.use(self._parts())

    def tables_of(self, comp: Components) -> TileTables:
        """The tile tables of a component file (the bundled one, or a player's own)."""
        found = self.tables.get(id(comp))
        if found is None or found[0] is not comp:
            found = self.tables[id(comp)] = (comp, TileTables(comp, self.guilds, self.hold_size))
        return found[1]

    def _players_slices(self, guilds: list[str]) -> list[Slice]:
        n, G = self.players, self.guilds
        each = partial(per_seat, n)
        return [
            each("money", 1, f"thalers (your own; the others' only once the game is over) ÷ {TOP_MONEY}, "
                             f"{TOP_MONEY} or more as 1 (-1 if hidden)", low=HIDDEN),
            each("agents", 1, "agents owned ÷ 8 (8 or more as 1)"),
            each("agents_free", 1, "agents not on a card or a roof this round ÷ 8"),
            each("moon", 1, "1 if done for the round (the moon)"),
            each("goods", G, f"goods held per type (the type of each guild's good) ÷ {TOP_GOODS}, {TOP_GOODS} or "
                             f"more as 1", guilds),
            each("holdings", self.hold_size,
                 f"tiles owned: artisans per guild ÷ {ARTISANS_PER_GUILD}, their summed value per guild ÷ 60, "
                 "Agent+ artisans per guild ÷ 5, citizens per kind ÷ 3, the summed numbers of Musicians, Nobles "
                 "and Foremen ÷ 20; each entry 1 at most",
                 [f"artisans {x}" for x in guilds] + [f"value {x}" for x in guilds] + [f"agent+ {x}" for x in guilds]
                 + list(CITIZENS) + [f"{KINDS[k]} numbers" for k in VALUED]),
            each("crests", G, "crests won per guild ÷ 5 (5 or more as 1)", guilds),
            each("prestige_crests", 1, "prestige crests won ÷ 5 (5 or more as 1)"),
            each("peddler_goods", G + 1, "goods lying on the player's Peddlers per type, then Peddlers already paid, "
                                         "÷ 5 (5 or more as 1)", [*guilds, "paid"]),
            each("turn_position", n, "place in turn order (all zero before it is drawn)",
                 [f"place {k + 1}" for k in range(n)]),
            each("planning", len(PLANNING_LABELS), "during planning: still planning, done, passed this turn, on "
                                                   "the moon", PLANNING_LABELS),
            each("cards", 1, "face-down planned cards not yet revealed ÷ 8 (8 or more as 1)"),
            each("plan", G, "the guilds of those cards, 1 per guild planned (your own only; -1 if hidden)", guilds,
                 low=HIDDEN),
            each("revealed_money", 1, f"the money a player last had to reveal at a favourite tie ÷ {TOP_MONEY} "
                                      f"({TOP_MONEY} or more as 1; -1: never)", low=HIDDEN),
        ]

    def _table_slices(self, guilds: list[str]) -> list[Slice]:
        n, G, ts = self.players, self.guilds, self.tile_size
        tile_words = (f"each tile as {ts} numbers: its kind one-hot ({', '.join(KINDS)}), an artisan's guild "
                      f"one-hot, its printed value ÷ {TOP_VALUE}, Agent+ (all zero: no tile)")

        def seats(name: str, meaning: str) -> Slice:
            return Slice(name, n, 0, 1, meaning + "; per seat, from you onward", seats=SeatAxis())
        return [
            Slice("round", ROUNDS, 0, 1, "the round, one-hot", labels=tuple(str(r) for r in range(1, ROUNDS + 1))),
            Slice("turn", 1, 0, 1, "the turn of the round ÷ 10 (10 or more as 1)"),
            Slice("open_planning", 1, 0, 1, "1 in the open planning variant"),
            Slice("prestige_guild", G, 0, 1, "the prestige guild of the round", labels=tuple(guilds)),
            Slice("prestige_reserve", 1, 0, 1, "prestige crests not yet used ÷ 10 (10 or more as 1)"),
            Slice("prestige_out", 1, 0, 1, "prestige crests that left the game ÷ 10 (10 or more as 1)"),
            Slice("pile_size", 1, 0, 1, "tiles in the face-down guest pile ÷ 100"),
            Slice("citizens_unseen", 1, 0, 1, "citizens nobody has seen yet ÷ 40 (40 or more as 1)"),
            Slice("out_of_game", len(KINDS), 0, 1, "tiles that left the game, per kind, ÷ 20 (20 or more as 1)",
                  labels=KINDS),
            Slice("guild_tiles", G * TILE_PLACES * ts, 0, 1,
                  f"per guild ({', '.join(guilds)}), {TILE_PLACES} tiles: the master, the workshop windows above it "
                  f"(bottom to top, {WORKSHOPS} places), the top of the doubled workshop, the tile under it, the "
                  f"guests of rooms A-D; {tile_words}"),
            Slice("guild_numbers", G * (G + 6), 0, 1,
                  f"per guild: its store per type of good ÷ {TOP_GOODS}, agents on the roof ÷ 5, crests left ÷ 5, "
                  f"Mayors on the roof ÷ 3, 1 if the prestige guild, 1 if its prestige crest still lies there, the "
                  f"master's value ÷ {TOP_VALUE}; each entry 1 at most"),
            Slice("current_guild", G, 0, 1, "the guild being called (all zero outside the action phase)",
                  labels=tuple(guilds)),
            seats("revealed", "the seats that revealed a card in the called guild"),
            seats("still_to_act", "those that have not acted there yet"),
            seats("actor", "the seat acting now"),
            Slice("step", len(STEP_IDS), 0, 1, "the step of the action under way", labels=STEP_IDS),
            Slice("current_numbers", 3, 0, 1, "1 during an action; the most goods one purchase may take here ÷ 3; "
                                              "goods bought in the purchase under way ÷ 3",
                  labels=("action", "buy limit", "bought")),
            Slice("hiring", ts, 0, 1, "the guest being hired, as a tile (see guild_tiles)"),
            Slice("room", ROOMS, 0, 1, "the room of the hire under way", labels=tuple("ABCD")),
            seats("victim", "the Thief's victim"),
            Slice("guard_first", ts, 0, 1, "the first artisan the Guard moves, as a tile"),
        ]

    # -- writing -------------------------------------------------------------------------
    def _parts(self) -> list[Part]:
        return [
            Part("envelope", ENVELOPE, None, self._envelope),
            Part("money", ("money",), (), self._money, whole=True, key=_money_shown),   # public at the end only
            Part("goods", ("goods",), ("goods_held",), lambda s, seat, me, out: self.goods_fields.write(s, me, out),
                 whole=True),
            Part("agents", ("agents", "agents_free", "moon"), ("agents", "agents_free", "moon"),
                 lambda s, seat, me, out: self.agent_fields.write(s, me, out), whole=True,
                 pieces=(Piece(("agents_free",), self._free_agents_piece),)),   # an agent sent, mostly
            Part("crests", ("crests", "prestige_crests"), ("guild_crests", "prestige_crests"),
                 lambda s, seat, me, out: self.crest_fields.write(s, me, out), whole=True),
            Part("holdings", ("holdings",), ("tiles_owned",), self._holdings),
            Part("turn_position", ("turn_position",), ("turn_order",), self._turn_position),
            Part("planning", ("planning",), ("phase", "moon", "plan_status"), self._planning),
            # the public encoding hides every plan: a plan laid changes its card count alone
            Part("plans", ("cards", "plan"), ("plans",), self._plans,
                 pieces=(Piece(("plans",), lambda s, out: self._card_counts(s, 0, out)),)),
            Part("peddlers", ("peddler_goods",), ("peddlers",), self._peddlers),
            Part("revealed_money", ("revealed_money",), ("money_revealed",), self._revealed_money),
            Part("round", ("round", "turn", "open_planning", "prestige_guild", "prestige_reserve", "prestige_out",
                           "pile_size", "citizens_unseen", "out_of_game"),
                 ("round", "turn", "prestige_guild", "prestige_reserve", "prestige_out", "pile_known", "pile_unseen",
                  "citizens_unseen", "out_of_game"), self._round,
                 pieces=(Piece(("turn",), lambda s, out: self._turn(s, out)),)),   # a turn passes, mostly alone
            Part("guild_tiles", ("guild_tiles",), ("round", "workshops", "rooms"), self._guild_tiles, whole=True,
                 pieces=(Piece(("rooms",), self._rooms_piece),)),   # a guest hired, mostly
            Part("guild_numbers", ("guild_numbers",),
                 ("round", "stores", "roof_agents", "crests_left", "mayors", "prestige_guild", "prestige_guild_crest",
                  "workshops"), self._guild_numbers, whole=True,
                 # a store or a roof changes at every other decision, mostly alone
                 pieces=(Piece(("stores",), self._stores_piece), Piece(("roof_agents",), self._roofs_piece))),
            Part("current", ("current_guild", "revealed", "still_to_act", "actor", "step", "current_numbers", "hiring",
                             "room", "victim", "guard_first"),
                 ("phase", "called_guild", "revealed", "still_to_act", "actor", "step", "buy_limit", "bought",
                  "hired_tile", "hired_room", "thief_victim", "guard_first"), self._current,
                 # within an action, mostly one of these changes at a time
                 pieces=(Piece(("step",), self._step_piece), Piece(("buy_limit", "bought"), self._bought_piece),
                         Piece(("still_to_act", "actor"), self._turn_piece),
                         Piece(("hired_tile",), self._hiring_piece), Piece(("hired_room",), self._room_piece))),
        ]

    def private(self, state: Any, seat: int, out: np.ndarray) -> None:
        s: NorenbercState = state
        at = self.at
        if s.phase != OVER:   # your own money, behind your chest
            x = s.money[seat]
            out[at["money"]] = x / TOP_MONEY if x < TOP_MONEY else 1.0
        plan = at["plan"]
        out[plan:plan + self.guilds] = self.plan_rows[s.plans[seat]]

    def _envelope(self, s: NorenbercState, seat: int | None, me: int, out: np.ndarray) -> None:
        write_envelope(self, s, seat, self.phase_index[s.phase], out)

    def _money(self, s: NorenbercState, seat: int | None, me: int, out: np.ndarray) -> None:
        money, n = self.at["money"], self.players
        if s.phase != OVER:  # the others' money stays behind their chests until the end
            out[money:money + n] = HIDDEN
            if seat is not None:
                x = s.money[seat]
                out[money] = x / TOP_MONEY if x < TOP_MONEY else 1.0
            return
        self.money_fields.write(s, me, out)

    def _holdings(self, s: NorenbercState, seat: int | None, me: int, out: np.ndarray) -> None:
        n, hold, hs = self.players, self.at["holdings"], self.hold_size
        tables = self.tables_of(s.components)
        for k in range(n):
            p = me + k if me + k < n else me + k - n
            if s.tiles_owned[p]:
                out[hold + k * hs:hold + (k + 1) * hs] = tables.holdings(s.tiles_owned[p])

    def _turn_position(self, s: NorenbercState, seat: int | None, me: int, out: np.ndarray) -> None:
        n, position, order = self.players, self.at["turn_position"], s.turn_order
        for place, p in enumerate(order):
            out[position + (p - me) % n * n + place] = 1.0

    def _planning(self, s: NorenbercState, seat: int | None, me: int, out: np.ndarray) -> None:
        if s.phase != PLANNING:
            return
        n, plans = self.players, self.at["planning"]
        for k in range(n):
            p = me + k if me + k < n else me + k - n
            out[plans + k * len(PLANNING_LABELS) + (3 if s.moon[p] else PLANNING_INDEX[s.plan_status[p]])] = 1.0

    def _plans(self, s: NorenbercState, seat: int | None, me: int, out: np.ndarray) -> None:
        at, n, G = self.at, self.players, self.guilds
        plan_at = at["plan"]
        out[plan_at:plan_at + n * G] = HIDDEN   # the others' plans; the viewer's is written below
        self._card_counts(s, me, out)
        if seat is not None:   # the viewer's plan, first (me == seat)
            out[plan_at:plan_at + G] = self.plan_rows[s.plans[seat]]

    def _card_counts(self, s: NorenbercState, me: int, out: np.ndarray) -> None:
        """The cards of each seat's plan, ÷ 8 (over the old counts; one entry at a time:
        cheaper than a list for four)."""
        n, cards = self.players, self.at["cards"]
        for k in range(n):
            x = s.plans[me + k if me + k < n else me + k - n].bit_count()
            out[cards + k] = x / 8 if x < 8 else 1.0

    def _peddlers(self, s: NorenbercState, seat: int | None, me: int, out: np.ndarray) -> None:
        at, n, G = self.at, self.players, self.guilds
        peddlers = s.peddlers
        if peddlers:
            base = at["peddler_goods"]
            counts = [0] * (n * (G + 1))
            for i in range(0, len(peddlers), 3):
                good = peddlers[i + 2]
                counts[(peddlers[i + 1] - me) % n * (G + 1) + (good if good >= 0 else G)] += 1
            for i, c in enumerate(counts):
                if c:
                    out[base + i] = c / 5 if c < 5 else 1.0

    def _revealed_money(self, s: NorenbercState, seat: int | None, me: int, out: np.ndarray) -> None:
        n, revealed = self.players, self.at["revealed_money"]
        out[revealed:revealed + n] = HIDDEN
        last = {who: money for _, _, who, money in s.money_revealed}   # the latest per seat
        for who, money in last.items():
            out[revealed + (who - me) % n] = money / TOP_MONEY if money < TOP_MONEY else 1.0

    def _round(self, s: NorenbercState, seat: int | None, me: int, out: np.ndarray) -> None:
        at = self.at
        out[at["round"] + s.round - 1] = 1.0
        self._turn(s, out)
        out[at["open_planning"]] = 1.0 if s.open_planning else 0.0
        if s.prestige_guild >= 0:
            out[at["prestige_guild"] + s.prestige_guild] = 1.0
        out[at["prestige_reserve"]] = scaled(s.prestige_reserve, 10)
        out[at["prestige_out"]] = scaled(s.prestige_out, 10)
        out[at["pile_size"]] = scaled(len(s.pile_known) + s.pile_unseen, 100)
        out[at["citizens_unseen"]] = scaled(len(s.citizens_unseen), 40)
        if s.out_of_game:
            kinds = [0] * len(KINDS)
            for t in s.out_of_game:
                kinds[s.components.tile_kind[t]] += 1
            base = at["out_of_game"]
            for k, c in enumerate(kinds):
                if c:
                    out[base + k] = scaled(c, 20)

    def _turn(self, s: NorenbercState, out: np.ndarray) -> None:
        out[self.at["turn"]] = scaled(s.turn, 10)

    def _guild_tiles(self, s: NorenbercState, seat: int | None, me: int, out: np.ndarray) -> None:
        tables = self.tables_of(s.components)
        slot = MASTER_SLOT[s.round - 1]
        base = self.at["guild_tiles"]
        block = self._tiles_on_board(s, slot, tables)   # a board seldom comes back: a cache of them hit 0.2 %
        out[base:base + len(block)] = block

    def _rooms_piece(self, s: NorenbercState, out: np.ndarray) -> None:
        """The rooms' tiles of guild_tiles, as _tiles_on_board places them (after each
        guild's workshops)."""
        out[self.rooms_at] = self.tables_of(s.components).rows[s.rooms].ravel()

    def _guild_numbers(self, s: NorenbercState, seat: int | None, me: int, out: np.ndarray) -> None:
        """Every guild's numbers, gathered into one list and scaled in one NumPy stroke."""
        G = self.guilds
        slot = MASTER_SLOT[s.round - 1]
        stores, roof, left, workshops = s.stores, s.roof_agents, s.crests_left, s.workshops
        value = s.components.tile_value
        mayors = [0] * G
        for i in range(1, len(s.mayors), 2):
            mayors[s.mayors[i]] += 1
        raw: list[int] = []
        for g in range(G):
            master = workshops[g * WORKSHOP_SLOTS + slot]
            raw += stores[g * G:(g + 1) * G]
            raw += (roof[g], left[g], mayors[g], 0, 0, value[master] if master >= 0 else 0)
        numbers = np.array(raw, np.float32)
        numbers /= self.number_tops
        np.minimum(numbers, 1.0, out=numbers)
        if s.prestige_guild >= 0:
            flag = s.prestige_guild * (G + 6) + G + 3
            numbers[flag] = 1.0
            numbers[flag + 1] = 1.0 if s.prestige_guild_crest else 0.0
        base = self.at["guild_numbers"]
        out[base:base + len(numbers)] = numbers

    def _free_agents_piece(self, s: NorenbercState, out: np.ndarray) -> None:
        """The free agents' entries of agents_free, as agent_fields writes them."""
        at, table = self.at["agents_free"], self.free_share
        for p, x in enumerate(s.agents_free):
            out[at + p] = table[x] if 0 <= x < 64 else min(x / 8, 1.0)   # x ÷ 8: exact in float32

    def _stores_piece(self, s: NorenbercState, out: np.ndarray) -> None:
        """The stores' entries of guild_numbers, as _guild_numbers writes them."""
        try:   # the lookups in C (map), not a Python loop
            out[self.stores_at] = [*map(self.store_shares.__getitem__, s.stores)]
        except KeyError:   # a count past the table
            table = self.store_share
            out[self.stores_at] = [table[x] if 0 <= x < 64 else _scaled32(x, TOP_GOODS) for x in s.stores]

    def _roofs_piece(self, s: NorenbercState, out: np.ndarray) -> None:
        """The roofs' entries of guild_numbers, as _guild_numbers writes them."""
        G, table = self.guilds, self.roof_share
        at = self.at["guild_numbers"] + G
        for g, x in enumerate(s.roof_agents):   # entry by entry: cheaper than a list for a few guilds
            out[at + g * (G + 6)] = table[x] if 0 <= x < 64 else _scaled32(x, 5)

    def _tiles_on_board(self, s: NorenbercState, slot: int, tables: TileTables) -> np.ndarray:
        """The slice guild_tiles: every guild's tiles in their places."""
        ids: list[int] = []
        above = [k for k in (1, 2) if k > slot]
        for g in range(self.guilds):
            stack = s.workshops[g * WORKSHOP_SLOTS:(g + 1) * WORKSHOP_SLOTS]
            ids += [stack[slot], *(stack[k] for k in above), *[-1] * (WORKSHOPS - len(above)),
                    stack[TOP_SLOT] if slot < TOP_SLOT else -1, stack[COVERED_SLOT]]
            ids += s.rooms[g * ROOMS:(g + 1) * ROOMS]
        return tables.rows[ids].ravel()

    def _current(self, s: NorenbercState, seat: int | None, me: int, out: np.ndarray) -> None:
        if s.phase != ACTIONS:
            return
        at, n = self.at, self.players
        out[at["current_guild"] + s.called_guild] = 1.0
        for p in range(n):
            if s.revealed >> p & 1:
                out[at["revealed"] + (p - me) % n] = 1.0
        self._acting(s, me, out)
        out[at["step"] + s.step] = 1.0
        out[at["current_numbers"]] = 1.0
        self._bought(s, out)
        self._hiring(s, out)
        if s.hired_room >= 0:
            out[at["room"] + s.hired_room] = 1.0
        if s.thief_victim >= 0:
            out[at["victim"] + (s.thief_victim - me) % n] = 1.0
        out[at["guard_first"]:at["guard_first"] + self.tile_size] = self.tables_of(s.components).rows[s.guard_first]

    def _acting(self, s: NorenbercState, me: int, out: np.ndarray) -> None:
        """Who has still to act in the called guild, and who acts now (over zeros)."""
        at, n = self.at, self.players
        for p in range(n):
            if s.still_to_act >> p & 1:
                out[at["still_to_act"] + (p - me) % n] = 1.0
        if s.actor >= 0:
            out[at["actor"] + (s.actor - me) % n] = 1.0

    def _bought(self, s: NorenbercState, out: np.ndarray) -> None:
        base = self.at["current_numbers"]
        out[base + 1] = s.buy_limit / 3
        out[base + 2] = s.bought / 3

    def _hiring(self, s: NorenbercState, out: np.ndarray) -> None:
        out[self.at["hiring"]:self.at["hiring"] + self.tile_size] = self.tables_of(s.components).rows[s.hired_tile]

    # The pieces of `current` (Part.pieces): outside the action phase its slices stay zero.
    def _step_piece(self, s: NorenbercState, out: np.ndarray) -> None:
        if s.phase == ACTIONS:
            out[self.at["step"]:self.end["step"]] = 0.0
            out[self.at["step"] + s.step] = 1.0

    def _bought_piece(self, s: NorenbercState, out: np.ndarray) -> None:
        if s.phase == ACTIONS:
            self._bought(s, out)

    def _turn_piece(self, s: NorenbercState, out: np.ndarray) -> None:
        if s.phase == ACTIONS:
            out[self.at["still_to_act"]:self.end["still_to_act"]] = 0.0
            out[self.at["actor"]:self.end["actor"]] = 0.0
            self._acting(s, 0, out)

    def _hiring_piece(self, s: NorenbercState, out: np.ndarray) -> None:
        if s.phase == ACTIONS:
            self._hiring(s, out)

    def _room_piece(self, s: NorenbercState, out: np.ndarray) -> None:
        if s.phase == ACTIONS:
            out[self.at["room"]:self.end["room"]] = 0.0
            if s.hired_room >= 0:
                out[self.at["room"] + s.hired_room] = 1.0


def _scaled32(x: int, top: int) -> float:
    """x ÷ top in float32, 1 at most: what _guild_numbers' NumPy stroke gives a number."""
    return float(min(np.float32(x) / np.float32(top), np.float32(1.0)))


def _money_shown(s: NorenbercState) -> list[int] | None:
    """Everyone's money at the end (before, the public encoding hides it)."""
    return s.money[:] if s.phase == OVER else None


def build(players: int) -> NorenbercEncoder:
    return NorenbercEncoder(players)
