"""The Norenberc state: its fields (declared once, each with what it holds), read-only
queries, and the core's hooks, which hand every move to the rule that carries it out
(rules.py).

The state is flat lists of small ints so that clone() is a handful of slices:

- goods a player holds: goods_held[p*G + t]; goods in a guild's store: stores[g*G + t]
  (G = guild_count, the guilds in play; t a good type = the guild that makes it)
- workshop stacks: workshops[g*5 + k], k = 0..4 (k = 3 lies under k = 4, the doubled top
  workshop); the master of round r sits in slot MASTER_SLOT[r-1]; -1 = empty
- guest rooms: rooms[g*4 + r], r = 0..3 for rooms A-D; -1 = empty
- the guest pile is never ordered: `pile_known` lists the tiles known to be in it
  (artisans and reshuffled citizens), `pile_unseen` counts the kept citizens not yet
  seen, drawn from `citizens_unseen` (citizens never seen: in the pile or left in the box
  at setup)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any, cast

from reichsstadt.core.actions import Action
from reichsstadt.core.contract import CHANCE, Outcome, Pick, State
from reichsstadt.core.errors import IllegalAction
from reichsstadt.core.fields import SHARED
from reichsstadt.core.messages import Message

from .actions import ActionTable
from .constants import (
    ACTIONS, ARTISAN, ARTISANS, ARTISANS_PER_GUILD, CHOOSE, K_DRAW, K_ORDER, MASTER_SLOT, MAYOR_ROOF, OVER, PHASE_IDS,
    PLANNING, PLANNING_NOW, REFILL, ROOMS, ROUNDS, SETUP_GUESTS, SETUP_ORDER, SETUP_WORKSHOPS, STEP_IDS, WORKSHOP_SLOTS,
)
from . import present, scoring
from .data import Components
from .rules import HANDLERS, LEGAL, legal_planning

if TYPE_CHECKING:
    from reichsstadt.core.contract import Game

_CHANCE_ONLY = (CHANCE,)


class NorenbercState(State):

    # -- fixed for the game ---------------------------------------------------------------
    player_count: Annotated[int, SHARED]           # seats 0..player_count-1
    guild_count: Annotated[int, SHARED]            # guilds in play: player_count + 1 ("Mise en place")
    components: Annotated[Components, SHARED]      # the data file: tiles, prices, numbers
    action_table: Annotated[ActionTable, SHARED]   # the action objects for this player count
    open_planning: Annotated[bool, SHARED]         # the variant: plan one by one, reverse turn order

    # -- where the game stands -------------------------------------------------------------
    phase: int               # SETUP_ORDER .. OVER (constants)
    step: int                # the step of the action under way (CHOOSE .. FIRST_PLACE), phase ACTIONS
    round: int               # 1..4
    turn: int                # the turn of the round, from 1
    setup_slot: int          # setup I: the next workshop slot a drawn artisan fills

    # -- players -----------------------------------------------------------------------------
    turn_order: list[int]    # seats, first to last
    money: list[int]         # thalers behind each player's chest
    agents: list[int]        # agents each player owns (4 at start, at most agents_max)
    agents_free: list[int]   # of those, not yet on a card or a roof this round
    moon: list[int]          # 1: the player's token shows the moon (done for the round)
    goods_held: list[int]    # goods_held[p*G + t]: player p's goods of type t
    tiles_owned: list[list[int]]   # tiles_owned[p]: the tiles in front of player p
    guild_crests: list[int]  # guild_crests[p*G + g]: crests of guild g player p won
    prestige_crests: list[int]     # prestige crests each player won
    plans: list[int]         # each player's face-down cards not yet revealed: bit g = guild g
    plan_status: list[int]   # PLANNING_NOW, PLANNED or PASSED, this turn's planning

    # -- the guilds ----------------------------------------------------------------------
    stores: list[int]        # stores[g*G + t]: goods of type t in guild g's store
    workshops: list[int]     # workshops[g*5 + k]: the workshop stack (see above)
    rooms: list[int]         # rooms[g*4 + r]: the guest in room r of guild g, -1 empty
    roof_agents: list[int]   # agents on each guild's roof this round (all colours)
    crests_left: list[int]   # crests still on each guild
    mayors: list[int]        # (tile, guild) pairs: Mayors on the roofs, for the rest of the game
    peddlers: list[int]      # (tile, player, good) triples: a good on a Peddler (-1 once paid)

    # -- tiles out of sight --------------------------------------------------------------
    pile_known: list[int]    # tiles known to be in the guest pile, sorted (no order)
    pile_unseen: int         # how many never-seen citizens the pile holds besides
    citizens_unseen: list[int]   # citizens never seen (in the pile, or left in the box)
    out_of_game: list[int]   # tiles that left the game

    # -- prestige ("Mise en place" K, "Fin d'une Manche" 1.3 and 7) ------------------------
    prestige_guild: int      # the guild of the round's prestige crest (-1 before setup K)
    prestige_guild_crest: int    # 1 while the prestige guild holds its prestige crest
    prestige_reserve: int    # prestige crests not yet used
    prestige_out: int        # prestige crests that left the game (no favourite)

    # -- what the table remembers ------------------------------------------------------------
    money_revealed: list[list[int]]   # [round, guild, player, money]: favourite ties reveal money
    favourite_log: list[list[int]]    # [round, guild, favourite or -1]

    # -- the guild called and the action under way (phase ACTIONS) --------------------------
    called_guild: int        # the guild being called, -1 between calls
    revealed: int            # bit p: player p revealed a card at the called guild
    still_to_act: int        # bit p: player p has not yet acted there
    actor: int               # the player acting now, -1 if none
    buy_limit: int           # the most goods one purchase may take here ("Acheter")
    bought: int              # goods bought in the purchase under way
    last_bought: int         # the type of the last good bought (purchases go in type order)
    hired_room: int          # the room being hired from, -1 if none
    hire_form: int           # which way of paying its price
    paid_any: int            # of a price with 2 goods of any type: the type of the one already paid, -1 if none
    hired_tile: int          # the guest taken, while its ability is under way
    thief_victim: int        # whom the Thief robs, -1 if nobody yet
    stolen: int              # goods the Thief has taken
    last_stolen: int         # the type of the last good taken (in type order)
    guard_first: int         # the first artisan the Guard moves, -1 if none yet

    # -- "Mise en place" -------------------------------------------------------------------
    @classmethod
    def start(cls, game: "Game", players: int, seed: int, options: Mapping[str, Any], components: Components,
              action_table: ActionTable) -> "NorenbercState":
        """"Mise en place" A-G: every guild, good, crest and agent in its place; the draws
        (turn order H, workshops I, guests J) follow as chance nodes, then K."""
        s = cls.__new__(cls)
        s._init_base(game, players, seed, options)
        n = players
        G = n + 1
        comp = components
        s.player_count, s.guild_count, s.components, s.action_table = n, G, components, action_table
        s.open_planning = bool(options["open_planning"])
        s.phase, s.step, s.round, s.turn, s.setup_slot = SETUP_ORDER, CHOOSE, 1, 1, 0
        s.turn_order = []
        s.money = [comp.start_money] * n
        s.agents = [comp.agents_start] * n
        s.agents_free = [comp.agents_start] * n
        s.moon = [0] * n
        # G: each player takes one good of each guild in play from its store
        s.goods_held = [1] * (n * G)
        s.tiles_owned = [[] for _ in range(n)]
        s.guild_crests = [0] * (n * G)
        s.prestige_crests = [0] * n
        s.plans, s.plan_status = [0] * n, [PLANNING_NOW] * n
        s.stores = [0] * (G * G)
        for g in range(G):
            s.stores[g * G + g] = comp.goods_per_guild - n
        s.workshops = [-1] * (G * WORKSHOP_SLOTS)
        s.rooms = [-1] * (G * ROOMS)
        s.roof_agents = [0] * G
        s.crests_left = [comp.crests_per_guild] * G
        s.mayors, s.peddlers = [], []
        s.pile_known, s.pile_unseen, s.citizens_unseen, s.out_of_game = [], 0, [], []
        s.prestige_guild, s.prestige_guild_crest = -1, 0
        s.prestige_reserve, s.prestige_out = comp.prestige_crests, 0
        s.money_revealed, s.favourite_log = [], []
        s.called_guild, s.revealed, s.still_to_act, s.actor, s.buy_limit = -1, 0, 0, -1, 3
        s.bought = s.last_bought = s.stolen = s.last_stolen = 0
        s.hired_room = s.hire_form = s.hired_tile = s.thief_victim = s.guard_first = s.paid_any = -1
        return s

    # -- queries (presentation and bots may call them) -----------------------------------
    @property
    def players(self) -> int:
        return self.player_count

    @property
    def phase_id(self) -> str:
        """The phase as a stable string id (views, catalog: norenberc.phase.<id>)."""
        return PHASE_IDS[self.phase]

    @property
    def step_id(self) -> str:
        """The step of the action under way as a stable string id."""
        return STEP_IDS[self.step]

    def master_tile(self, g: int) -> int:
        """Guild g's master this round ("Mise en place" I, "Fin d'une Manche" 5)."""
        return self.workshops[g * WORKSHOP_SLOTS + MASTER_SLOT[self.round - 1]]

    def master_value(self, g: int) -> int:
        """The master's value: the price of one of guild g's goods, to sell or to buy."""
        return self.components.tile_value[self.workshops[g * WORKSHOP_SLOTS + MASTER_SLOT[self.round - 1]]]

    def goods_count(self, p: int) -> int:
        """All the goods player p holds."""
        G = self.guild_count
        return sum(self.goods_held[p * G:(p + 1) * G])

    def goods_of(self, p: int) -> list[int]:
        """Player p's goods, per type."""
        G = self.guild_count
        return self.goods_held[p * G:(p + 1) * G]

    def cards_laid(self, p: int) -> int:
        """How many face-down cards player p has not yet revealed (public: « face cachée »)."""
        return self.plans[p].bit_count()

    def planner_now(self) -> int:
        """Open planning: the next seat to plan, in reverse turn order; -1 if none."""
        for p in reversed(self.turn_order):
            if not self.moon[p] and self.plan_status[p] == PLANNING_NOW:
                return p
        return -1

    def next_room(self, start: int = 0) -> int:
        """The next room a guest is drawn into (guild by guild, left to right), from room
        index `start` on; -1 if none. Setup leaves every first room empty (J)."""
        setup = self.phase == SETUP_GUESTS
        rooms = self.rooms
        for i in range(start, len(rooms)):
            if rooms[i] < 0 and not (setup and i % ROOMS == 0):
                return i
        return -1

    def setup_draw_left(self) -> list[int]:
        """Setup I: the artisans of the guild being laid out not yet in its workshops."""
        g, k = divmod(self.setup_slot, WORKSHOP_SLOTS)
        placed = self.workshops[g * WORKSHOP_SLOTS:g * WORKSHOP_SLOTS + k]
        base = g * ARTISANS_PER_GUILD
        return [t for t in range(base, base + ARTISANS_PER_GUILD) if t not in placed]

    def place_of(self, t: int) -> tuple[str, int, int]:
        """Where tile t lies on the board: ("workshop", guild, slot), ("room", guild,
        room) or ("elsewhere", -1, -1)."""
        if t in self.workshops:
            g, k = divmod(self.workshops.index(t), WORKSHOP_SLOTS)
            return "workshop", g, k
        if t in self.rooms:
            g, r = divmod(self.rooms.index(t), ROOMS)
            return "room", g, r
        return "elsewhere", -1, -1

    # -- the core's hooks ----------------------------------------------------------------------
    def _to_act(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == ACTIONS:
            return (self.actor,)
        if ph == PLANNING:
            if self.open_planning:
                p = self.planner_now()
                return (p,) if p >= 0 else ()
            moon, status = self.moon, self.plan_status
            return tuple([p for p in range(self.player_count) if not moon[p] and status[p] == PLANNING_NOW])
        if ph == OVER:
            return ()
        return _CHANCE_ONLY

    def _legal(self, seat: int) -> list[Action]:
        ph = self.phase
        if ph == ACTIONS:
            return LEGAL[self.step](self, seat)
        if ph == PLANNING:
            return legal_planning(self, seat)
        return []

    def _apply(self, seat: int, action: Action) -> None:
        kind, a, b = self.action_table.code_of[id(action)]
        HANDLERS[kind](self, seat, a, b)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """"Mise en place" H (turn order), I (workshop artisans), J and "Fin d'une Manche"
        6 (guests): each tile or seat left, equally likely; a never-seen citizen is drawn
        with the chance that the pile holds one."""
        ph = self.phase
        table = self.action_table
        if ph == SETUP_ORDER:
            left = [p for p in range(self.player_count) if p not in self.turn_order]
            return [(table.order[p], 1.0 / len(left)) for p in left]
        if ph == SETUP_WORKSHOPS:
            left = self.setup_draw_left()
            return [(table.draw[t], 1.0 / len(left)) for t in left]
        if ph == SETUP_GUESTS or ph == REFILL:
            size = len(self.pile_known) + self.pile_unseen
            draw = table.draw
            q = 1.0 / size
            out = [(draw[t], q) for t in self.pile_known]
            if self.pile_unseen:
                p = self.pile_unseen / (size * len(self.citizens_unseen))
                out += [(draw[t], p) for t in self.citizens_unseen]
            return out
        return []

    def _is_outcome(self, action: Action) -> bool:
        kind, a, _ = self.action_table.code_of[id(action)]
        ph = self.phase
        if ph == SETUP_ORDER:
            return kind == K_ORDER and a < self.player_count and a not in self.turn_order
        if kind != K_DRAW:
            return False
        if ph == SETUP_WORKSHOPS:  # setup_draw_left(), without building the list
            g, k = divmod(self.setup_slot, WORKSHOP_SLOTS)
            return (g * ARTISANS_PER_GUILD <= a < (g + 1) * ARTISANS_PER_GUILD
                    and a not in self.workshops[g * WORKSHOP_SLOTS:g * WORKSHOP_SLOTS + k])
        if ph == SETUP_GUESTS or ph == REFILL:
            return a in self.pile_known or (self.pile_unseen > 0 and a in self.citizens_unseen)
        return False

    def _why(self, seat: int, action: Action) -> Message:
        return present.why(self, seat, action)

    def _check_position(self) -> None:
        """A position is whole: lists of the right lengths, every tile in exactly one
        place, the goods and crests of the box all accounted for, agents, money and the
        masters of the rounds to come where they must be."""
        where = "norenberc position"
        n, G = self.player_count, self.guild_count
        sizes: dict[str, tuple[list[Any], int | None]] = {
            "turn_order": (self.turn_order, n if self.phase > SETUP_ORDER else None),
            "money": (self.money, n), "agents": (self.agents, n), "agents_free": (self.agents_free, n),
            "moon": (self.moon, n), "goods_held": (self.goods_held, n * G), "tiles_owned": (self.tiles_owned, n),
            "guild_crests": (self.guild_crests, n * G), "prestige_crests": (self.prestige_crests, n),
            "plans": (self.plans, n), "plan_status": (self.plan_status, n), "stores": (self.stores, G * G),
            "workshops": (self.workshops, G * WORKSHOP_SLOTS), "rooms": (self.rooms, G * ROOMS),
            "roof_agents": (self.roof_agents, G), "crests_left": (self.crests_left, G),
        }
        for name, (value, size) in sizes.items():
            if size is not None and len(value) != size:
                raise ValueError(f"{where}: {name} must have {size} entries, not {len(value)}")
        if not 0 <= self.phase <= OVER or not 0 <= self.step < len(STEP_IDS) or not 1 <= self.round <= ROUNDS:
            raise ValueError(f"{where}: phase {self.phase}, step {self.step} or round {self.round} is out of range")
        if self.phase > SETUP_ORDER and sorted(self.turn_order) != list(range(n)):
            raise ValueError(f"{where}: turn_order must list every seat once, not {self.turn_order}")
        self._check_players(where)
        self._check_box(where)
        if self.phase > SETUP_WORKSHOPS:
            self._check_tiles(where)

    def _check_players(self, where: str) -> None:
        """Agents between the start and the most, free ones among them; no debt."""
        comp = self.components
        for p in range(self.player_count):
            agents, free = self.agents[p], self.agents_free[p]
            if not comp.agents_start <= agents <= comp.agents_max or not 0 <= free <= agents:
                raise ValueError(f"{where}: player {p} has {free} free of {agents} agents "
                                 f"({comp.agents_start} to {comp.agents_max} owned)")
            if self.money[p] < 0:
                raise ValueError(f"{where}: player {p}'s money is {self.money[p]}, below zero")

    def _check_box(self, where: str) -> None:
        """The goods, crests and prestige crests of the box all accounted for."""
        n, G = self.player_count, self.guild_count
        comp = self.components
        for t in range(G):
            held = sum(self.goods_held[p * G + t] for p in range(n))
            stored = sum(self.stores[g * G + t] for g in range(G))
            peddled = sum(1 for i in range(2, len(self.peddlers), 3) if self.peddlers[i] == t)
            negative = min(self.goods_held[t::G]) < 0 or min(self.stores[t::G]) < 0
            if negative or held + stored + peddled != comp.goods_per_guild:
                raise ValueError(f"{where}: goods of type {t}: {held} held, {stored} in stores and {peddled} on "
                                 f"Peddlers must make {comp.goods_per_guild}, none below zero")
        for g in range(G):
            won = sum(self.guild_crests[p * G + g] for p in range(n))
            if self.crests_left[g] < 0 or self.crests_left[g] + won != comp.crests_per_guild:
                raise ValueError(f"{where}: crests of guild {g}: {self.crests_left[g]} left and {won} won "
                                 f"must make {comp.crests_per_guild}")
        prestige = self.prestige_reserve + self.prestige_guild_crest + sum(self.prestige_crests) + self.prestige_out
        counts = (self.prestige_reserve, self.prestige_out, *self.prestige_crests)
        if prestige != comp.prestige_crests or min(counts) < 0 or self.prestige_guild_crest not in (0, 1):
            raise ValueError(f"{where}: prestige crests in reserve, on the guild, won and out make {prestige}, "
                             f"not {comp.prestige_crests}")

    def _check_tiles(self, where: str) -> None:
        """Every tile in exactly one place; the artisans of guilds not in play in the box;
        the masters of this round and those to come in their workshops."""
        comp = self.components
        G = self.guild_count
        places: Counter[int] = Counter(t for t in self.workshops if t >= 0)
        places.update(t for t in self.rooms if t >= 0)
        for owned in self.tiles_owned:
            places.update(owned)
        places.update(self.pile_known)
        places.update(self.out_of_game)
        places.update(self.mayors[0::2])
        places.update(self.citizens_unseen)
        places.update(range(G * ARTISANS_PER_GUILD, ARTISANS))
        if self.phase == ACTIONS and self.step == MAYOR_ROOF:
            places[self.hired_tile] += 1  # the Mayor in hand while its roof is chosen
        twice = sorted(t for t, k in places.items() if k > 1)
        missing = sorted(set(range(comp.tile_count)) - set(places))
        unknown = sorted(set(places) - set(range(comp.tile_count)))
        if twice or missing or unknown:
            raise ValueError(f"{where}: every tile must lie in exactly one place: "
                             f"twice {twice}, nowhere {missing}, no such tile {unknown}")
        if not 0 <= self.pile_unseen <= len(self.citizens_unseen):
            raise ValueError(f"{where}: pile_unseen {self.pile_unseen} exceeds the {len(self.citizens_unseen)} "
                             f"citizens unseen")
        if any(comp.tile_kind[t] == ARTISAN for t in self.citizens_unseen):
            raise ValueError(f"{where}: citizens_unseen holds an artisan")
        if self.phase != OVER:
            slots = MASTER_SLOT[self.round - 1:]
            for g in range(G):
                for k in slots:
                    t = self.workshops[g * WORKSHOP_SLOTS + k]
                    if t < 0 or comp.tile_guild[t] != g:
                        raise ValueError(f"{where}: guild {g}'s workshop slot {k} must hold one of its artisans "
                                         f"(a master of this round or one to come), not {t}")

    # -- presentation (present.py) -------------------------------------------------------
    def describe(self, seat: int, action: Action, viewer: int | None) -> Message:
        return present.describe(self, seat, action, viewer)

    def view(self, seat: int | None) -> dict[str, Any]:
        return present.view(self, seat)

    def news(self, viewer: int | None) -> list[str | Message]:
        return list(present.news(self, viewer))

    def pick(self, seat: int) -> Pick | None:
        return present.pick(self, seat)

    def confirm(self, seat: int, action: Action) -> Message | None:
        return present.confirm(self, seat, action)

    # -- the end, and what a seat cannot know -------------------------------------------------
    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise IllegalAction(Message("norenberc.refuse.not_over"))
        return scoring.outcome(self)

    def sample(self, seat: int, rng: random.Random) -> "NorenbercState":
        """The guilds of others' face-down cards are drawn again (their number and who
        passed are on the table for all to see); all else is public (money is fixed by
        public actions) or not stored at all (the pile's order)."""
        s = cast(NorenbercState, self.clone())
        G = self.guild_count
        low = self.called_guild + 1 if self.phase == ACTIONS else 0
        for q in range(self.player_count):
            if q == seat:
                continue
            k = self.plans[q].bit_count()
            if k:
                s.plans[q] = sum(1 << g for g in rng.sample(range(low, G), k))
        return s
