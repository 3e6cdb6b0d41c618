"""Helpers for the Norenberc tests: invariants, and building rulebook positions through the
public way (`state.edited(...)`, checked like a snapshot): each helper returns a new
state and leaves the one it was given as it was."""

from __future__ import annotations

from bisect import insort
from collections import Counter
from typing import Any

import reichsstadt
from reichsstadt.core import CHANCE
from reichsstadt.games.norenberc.constants import (
    ACTIONS, ARTISAN, ARTISANS, MASTER_SLOT, MAYOR_ROOF, OVER, PLANNING, REFILL, SETUP_ORDER, SETUP_WORKSHOPS,
)
from reichsstadt.games.norenberc.state import NorenbercState

GAME = reichsstadt.game("norenberc")
BEER, PASTRY, SHOE, PAGE, CLOTHES, HAT = range(6)
BREWERS, BAKERS, SHOEMAKERS, PRINTERS, TAILORS, HATTERS = range(6)


def words(items: Any) -> Any:
    """English text of a message or a list of them (news, describe), as players read it
    without names: "Player 1"."""
    if isinstance(items, list):
        return [str(x) for x in items]
    return str(items)


def check_invariants(s: NorenbercState) -> None:
    """The issue's invariants: 12 goods per guild in play, every tile accounted for, at
    most 8 agents, money never negative, crests conserved."""
    comp = s.components
    n, G = s.player_count, s.guild_count
    # goods
    for t in range(G):
        held = sum(s.goods_held[p * G + t] for p in range(n))
        stored = sum(s.stores[g * G + t] for g in range(G))
        on_peddlers = sum(1 for i in range(0, len(s.peddlers), 3) if s.peddlers[i + 2] == t)
        assert held + stored + on_peddlers == comp.goods_per_guild, f"goods of type {t}: {held}+{stored}+{on_peddlers}"
        assert min(s.goods_held[p * G + t] for p in range(n)) >= 0
        assert min(s.stores[g * G + t] for g in range(G)) >= 0
    if s.phase not in (SETUP_ORDER, SETUP_WORKSHOPS):
        _check_tiles(s)
    # agents, money
    for p in range(n):
        assert comp.agents_start <= s.agents[p] <= comp.agents_max <= 8
        assert 0 <= s.agents_free[p] <= s.agents[p]
        assert s.money[p] >= 0
    # crests
    for g in range(G):
        assert s.crests_left[g] + sum(s.guild_crests[p * G + g] for p in range(n)) == comp.crests_per_guild
    assert (s.prestige_reserve + s.prestige_guild_crest + sum(s.prestige_crests) + s.prestige_out
            == comp.prestige_crests)
    # agents placed: roofs plus cards in hand of the guild being called
    on_roofs = sum(s.roof_agents)
    out_now = sum(s.agents[p] - s.agents_free[p] for p in range(n))
    assert out_now >= on_roofs
    if s.phase == PLANNING:
        assert out_now == on_roofs


def _check_tiles(s: NorenbercState) -> None:
    """Tiles: each id exactly once, the box holding the guilds not in play and unseen citizens."""
    comp = s.components
    G = s.guild_count
    places: Counter[int] = Counter()
    for t in s.workshops:
        if t >= 0:
            places[t] += 1
    for t in s.rooms:
        if t >= 0:
            places[t] += 1
    for o in s.tiles_owned:
        places.update(o)
    places.update(s.pile_known)
    places.update(s.out_of_game)
    places.update(s.mayors[0::2])
    if s.phase == ACTIONS and s.step == MAYOR_ROOF:
        places[s.hired_tile] += 1  # the Mayor in hand while its guild is chosen
    places.update(s.citizens_unseen)  # unseen citizens: in the pile or in the box
    places.update(range(G * 11, ARTISANS))  # artisans of guilds not in play: in the box
    assert all(v == 1 for v in places.values()), [t for t, v in places.items() if v != 1]
    assert set(places) == set(range(comp.tile_count)), "every artisan and citizen is accounted for"
    artisans = sum(1 for t in places if comp.tile_kind[t] == ARTISAN)
    assert artisans == ARTISANS and len(places) - artisans == comp.citizens
    assert 0 <= s.pile_unseen <= len(s.citizens_unseen)
    for i in range(0, len(s.peddlers), 3):
        assert s.peddlers[i] in s.tiles_owned[s.peddlers[i + 1]]


def play_until(s: NorenbercState, cond, rng, limit: int = 100000) -> NorenbercState:
    from reichsstadt.core import sample_chance

    for _ in range(limit):
        if cond(s):
            return s
        to_act = s.to_act()
        assert to_act
        if to_act == (CHANCE,):
            s.apply(CHANCE, sample_chance(s, rng))
        else:
            seat = to_act[0]
            legal = s.legal(seat)
            s.apply(seat, legal[rng.randrange(len(legal))])
    raise AssertionError("condition never reached")


# -- building positions ------------------------------------------------------------------

def ready(players: int, order: list[int] | None = None, **options) -> NorenbercState:
    """A game right after setup, drawn deterministically (first outcome of each draw)."""
    s = GAME.new(players, 0, options)
    while s.to_act() == (CHANCE,):
        s.apply(CHANCE, s.chance_outcomes()[0][0])
    if order is not None:
        s = s.edited(turn_order=order)
    return s


def find(s: NorenbercState, kind: int, guild: int | None = None, value: int | None = None,
         agent: bool | None = None, avoid: tuple = ()) -> int:
    comp = s.components
    for t in range(comp.tile_count):
        if comp.tile_kind[t] != kind or t in avoid:
            continue
        if guild is not None and comp.tile_guild[t] != guild:
            continue
        if value is not None and comp.tile_value[t] != value:
            continue
        if agent is not None and comp.tile_agent[t] != agent:
            continue
        return t
    raise LookupError("no such tile")


class _Board:
    """The tile places of a state, copied, to move tiles about before one `edited()`."""

    def __init__(self, s: NorenbercState) -> None:
        self.s = s
        self.workshops = s.workshops[:]
        self.rooms = s.rooms[:]
        self.pile_known = s.pile_known[:]
        self.out_of_game = s.out_of_game[:]
        self.citizens_unseen = s.citizens_unseen[:]
        self.pile_unseen = s.pile_unseen
        self.tiles_owned = [o[:] for o in s.tiles_owned]

    def take(self, t: int) -> tuple[list[int], int] | None:
        """Take t from a list-like place (pile, hands, out, unseen); return its slot if
        it sits in a workshop or a room (left as it is, for a swap)."""
        for lst in (self.workshops, self.rooms):
            if t in lst:
                return lst, lst.index(t)
        for lst in [self.pile_known, self.out_of_game, *self.tiles_owned]:
            if t in lst:
                lst.remove(t)
                return None
        if t in self.citizens_unseen:
            self.citizens_unseen.remove(t)
            self.pile_unseen = min(self.pile_unseen, len(self.citizens_unseen))
        return None

    def put(self, t: int, place: str, i: int) -> None:
        lst = getattr(self, place)
        old = lst[i]
        if old == t:
            return
        slot = self.take(t)
        lst[i] = t
        if slot is not None:
            slot[0][slot[1]] = old
        elif old >= 0:
            insort(self.pile_known, old)

    def give(self, p: int, t: int) -> None:
        slot = self.take(t)
        if slot is not None:
            slot[0][slot[1]] = -1
        self.tiles_owned[p].append(t)

    def state(self, **more: Any) -> NorenbercState:
        return self.s.edited(workshops=self.workshops, rooms=self.rooms, pile_known=self.pile_known,
                             out_of_game=self.out_of_game, citizens_unseen=self.citizens_unseen,
                             pile_unseen=self.pile_unseen, tiles_owned=self.tiles_owned, **more)


def put(s: NorenbercState, t: int, place: str, i: int) -> NorenbercState:
    """Tile t goes to slot i of "workshops" or "rooms"; what was there takes t's old slot,
    or goes to the guest pile. Every tile stays accounted for."""
    board = _Board(s)
    board.put(t, place, i)
    return board.state()


def give(s: NorenbercState, p: int, *tiles: int) -> NorenbercState:
    """The tiles join player p (taken from wherever they are)."""
    board = _Board(s)
    for t in tiles:
        board.give(p, t)
    return board.state()


def owning(s: NorenbercState, tiles: dict[int, list[int]]) -> NorenbercState:
    """Each listed player owns exactly those tiles (taken from wherever they are); the
    tiles they had and no longer have leave the game."""
    board = _Board(s)
    for p, mine in tiles.items():
        for t in board.tiles_owned[p]:
            if t not in mine:
                board.out_of_game.append(t)
        board.tiles_owned[p] = []
        for t in mine:
            board.give(p, t)
    return board.state()


def set_master(s: NorenbercState, g: int, value: int, slot: int | None = None) -> NorenbercState:
    """The artisan of guild g with `value` becomes the workshop tile at `slot` (default:
    the current master)."""
    k = MASTER_SLOT[s.round - 1] if slot is None else slot
    current = s.workshops[g * 5 + k]
    if current >= 0 and s.components.tile_value[current] == value:
        return s
    avoid = tuple(x for x in s.workshops if x >= 0)
    try:
        t = find(s, ARTISAN, g, value, avoid=avoid)
    except LookupError:
        t = find(s, ARTISAN, g, value)
    return put(s, t, "workshops", g * 5 + k)


def set_goods(s: NorenbercState, p: int, t: int, count: int) -> NorenbercState:
    """Player p holds `count` goods of type t, the difference taken from or put in the
    store of guild t (so goods stay conserved)."""
    G = s.guild_count
    held, stores = s.goods_held[:], s.stores[:]
    diff = count - held[p * G + t]
    held[p * G + t] = count
    stores[t * G + t] -= diff
    assert stores[t * G + t] >= 0
    return s.edited(goods_held=held, stores=stores)


def move_goods(s: NorenbercState, t: int, source: int, target: int, count: int) -> NorenbercState:
    """`count` goods of type t go from guild `source`'s store to guild `target`'s."""
    G = s.guild_count
    stores = s.stores[:]
    stores[source * G + t] -= count
    stores[target * G + t] += count
    return s.edited(stores=stores)


def with_crests(s: NorenbercState, guild: dict[tuple[int, int], int] | None = None,
                prestige: list[int] | None = None) -> NorenbercState:
    """Players hold these crests: guild[(player, guild)] crests of that guild (taken from
    the guild), prestige[p] prestige crests (taken from the reserve, then from the
    prestige guild). Crests stay conserved."""
    G = s.guild_count
    won, left = s.guild_crests[:], s.crests_left[:]
    for (p, g), count in (guild or {}).items():
        left[g] += won[p * G + g] - count
        won[p * G + g] = count
    reserve, on_guild, mine = s.prestige_reserve, s.prestige_guild_crest, s.prestige_crests[:]
    if prestige is not None:
        reserve += sum(mine)
        mine = list(prestige)
        need = sum(mine)
        from_reserve = min(need, reserve)
        reserve -= from_reserve
        if need > from_reserve:
            on_guild -= need - from_reserve
    return s.edited(guild_crests=won, crests_left=left, prestige_crests=mine, prestige_reserve=reserve,
                    prestige_guild_crest=on_guild)


def plan(s: NorenbercState, seat: int, guilds: list[int]) -> None:
    table = s.action_table
    if not guilds:
        s.apply(seat, table.pass_round)
        return
    for g in sorted(guilds):
        s.apply(seat, table.plan[g])
    s.apply(seat, table.plan_done)


def legal_json(s: NorenbercState, seat: int) -> list[dict]:
    return [a.to_json() for a in s.legal(seat)]


def draw_first(s: NorenbercState) -> None:
    while s.to_act() == (CHANCE,):
        s.apply(CHANCE, s.chance_outcomes()[0][0])


def run_nothing(s: NorenbercState) -> None:
    """Everyone does nothing in every called guild until the next planning or the end."""
    while s.phase == ACTIONS:
        s.apply(s.actor, s.action_table.nothing)


def to_round_end(s) -> None:
    """Everyone still in the round passes: the round ends (favourites, income, ...)."""
    while s.phase == PLANNING:
        for p in s.to_act():
            plan(s, p, [])
        run_nothing(s)


def refill(s) -> None:
    """Draw the new guests of the rooms (first outcome each time)."""
    while s.phase == REFILL:
        s.apply(CHANCE, s.chance_outcomes()[0][0])


def finished(players: int = 3) -> NorenbercState:
    """A game over with nothing owned, no crests and no money: scoring tests add to it."""
    s = ready(players)
    return s.edited(phase=OVER, money=[0] * players)
