"""Helpers for the Norenberc tests: invariants, and building rulebook positions directly."""

from __future__ import annotations

from collections import Counter

import reichsstadt
from reichsstadt.core import CHANCE, Action
from reichsstadt.games.norenberc.data import ARTISAN, ARTISANS
from reichsstadt.games.norenberc.state import (
    ACT, CHOOSE, MASTER_INDEX, MAYOR_STEP, OVER, PLAN, REFILL, SETUP_GUESTS, SETUP_ORDER, SETUP_STACK, NorenbercState,
)

GAME = reichsstadt.game("norenberc")
BEER, PASTRY, SHOE, PAGE, CLOTHES, HAT = range(6)
BREWERS, BAKERS, SHOEMAKERS, PRINTERS, TAILORS, HATTERS = range(6)


def check_invariants(s: NorenbercState) -> None:
    """The issue's invariants: 12 goods per guild in play, every tile accounted for, at
    most 8 agents, money never negative, crests conserved."""
    comp = s.comp
    n, G = s.n, s.G
    # goods
    for t in range(G):
        held = sum(s.hold[p * G + t] for p in range(n))
        stored = sum(s.store[g * G + t] for g in range(G))
        on_peddlers = sum(1 for i in range(0, len(s.peds), 3) if s.peds[i + 2] == t)
        assert held + stored + on_peddlers == comp.goods_per_guild, f"goods of type {t}: {held}+{stored}+{on_peddlers}"
        assert min(s.hold[p * G + t] for p in range(n)) >= 0
        assert min(s.store[g * G + t] for g in range(G)) >= 0
    # tiles: each id exactly once, the box holding the guilds not in play and unseen citizens
    if s.phase not in (SETUP_ORDER, SETUP_STACK):
        places = Counter()
        for t in s.ws:
            if t >= 0:
                places[t] += 1
        for t in s.rooms:
            if t >= 0:
                places[t] += 1
        for o in s.owned:
            places.update(o)
        places.update(s.pile)
        places.update(s.out)
        places.update(s.mayors[0::2])
        if s.phase == ACT and s.step == MAYOR_STEP:
            places[s.htile] += 1  # the Mayor in hand while its guild is chosen
        places.update(s.unseen)  # unseen citizens: in the pile or in the box
        places.update(range(G * 11, ARTISANS))  # artisans of guilds not in play: in the box
        assert all(v == 1 for v in places.values()), [t for t, v in places.items() if v != 1]
        assert set(places) == set(range(comp.tile_count)), "every artisan and citizen is accounted for"
        artisans = sum(1 for t in places if comp.tile_kind[t] == ARTISAN)
        assert artisans == ARTISANS and len(places) - artisans == comp.citizens
        assert 0 <= s.pile_unknown <= len(s.unseen)
        for i in range(0, len(s.peds), 3):
            assert s.peds[i] in s.owned[s.peds[i + 1]]
    # agents, money
    for p in range(n):
        assert comp.agents_start <= s.agents[p] <= comp.agents_max <= 8
        assert 0 <= s.avail[p] <= s.agents[p]
        assert s.money[p] >= 0
    # crests
    for g in range(G):
        assert s.crests[g] + sum(s.gcrest[p * G + g] for p in range(n)) == comp.crests_per_guild
    assert s.pres_reserve + s.pg_crest + sum(s.pcrest) + s.pres_out == comp.prestige_crests
    # agents placed: roofs plus cards in hand of the guild being called
    on_roofs = sum(s.roof)
    out_now = sum(s.agents[p] - s.avail[p] for p in range(n))
    assert out_now >= on_roofs
    if s.phase == PLAN:
        assert out_now == on_roofs


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


# -- building positions directly ---------------------------------------------------------

def ready(players: int, order: list[int] | None = None, **options) -> NorenbercState:
    """A game right after setup, drawn deterministically (first outcome of each draw)."""
    s = GAME.new(players, 0, options)
    while s.to_act() == (CHANCE,):
        s.apply(CHANCE, s.chance_outcomes()[0][0])
    if order is not None:
        s.order[:] = order
    s._changed()
    return s


def find(s: NorenbercState, kind: int, guild: int | None = None, value: int | None = None,
         agent: bool | None = None, avoid: tuple = ()) -> int:
    comp = s.comp
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


def _take(s: NorenbercState, t: int) -> tuple[list, int] | None:
    """Remove t from a list-like place (pile, hands, out, unseen); return its slot if it
    sits in a workshop or a room (left as it is, for a swap)."""
    for lst in (s.ws, s.rooms):
        if t in lst:
            return lst, lst.index(t)
    for lst in [s.pile, s.out, *s.owned]:
        if t in lst:
            lst.remove(t)
            return None
    if t in s.unseen:
        s.unseen.remove(t)
        s.pile_unknown = min(s.pile_unknown, len(s.unseen))
    return None


def put(s: NorenbercState, t: int, lst: list, i: int) -> None:
    """Put tile t at slot i of s.ws or s.rooms; what was there takes t's old slot, or
    goes to the guest pile. Keeps every tile accounted for."""
    old = lst[i]
    if old == t:
        return
    slot = _take(s, t)
    lst[i] = t
    if slot is not None:
        slot[0][slot[1]] = old
    elif old >= 0:
        from bisect import insort
        insort(s.pile, old)
    s._changed()


def give(s: NorenbercState, p: int, t: int) -> None:
    slot = _take(s, t)
    if slot is not None:
        slot[0][slot[1]] = -1
    s.owned[p].append(t)


def set_master(s: NorenbercState, g: int, value: int, slot: int | None = None) -> int:
    """The artisan of guild g with `value` becomes the workshop tile at `slot` (default:
    the current master)."""
    k = MASTER_INDEX[s.round - 1] if slot is None else slot
    current = s.ws[g * 5 + k]
    if current >= 0 and s.comp.tile_value[current] == value:
        return current
    avoid = tuple(x for x in s.ws if x >= 0)
    try:
        t = find(s, ARTISAN, g, value, avoid=avoid)
    except LookupError:
        t = find(s, ARTISAN, g, value)
    put(s, t, s.ws, g * 5 + k)
    return t


def set_goods(s: NorenbercState, p: int, t: int, count: int) -> None:
    """Player p holds `count` goods of type t, the difference taken from or put in the
    store of guild t (so goods stay conserved)."""
    G = s.G
    diff = count - s.hold[p * G + t]
    s.hold[p * G + t] = count
    s.store[t * G + t] -= diff
    assert s.store[t * G + t] >= 0
    s._changed()


def plan(s: NorenbercState, seat: int, guilds: list[int]) -> None:
    acts = s.acts
    if not guilds:
        s.apply(seat, acts.pass_)
        return
    for g in sorted(guilds):
        s.apply(seat, acts.plan[g])
    s.apply(seat, acts.plan_done)


def legal_json(s: NorenbercState, seat: int) -> list[dict]:
    return [a.to_json() for a in s.legal(seat)]


def draw_first(s: NorenbercState) -> None:
    while s.to_act() == (CHANCE,):
        s.apply(CHANCE, s.chance_outcomes()[0][0])


def run_nothing(s: NorenbercState) -> None:
    """Everyone does nothing in every called guild until the next planning or the end."""
    while s.phase == ACT:
        s.apply(s.actor, s.acts.nothing)


def to_round_end(s) -> None:
    """Everyone still in the round passes: the round ends (favourites, income, ...)."""
    while s.phase == PLAN:
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
    for p in range(players):
        s.owned[p] = []
    s.gcrest = [0] * (players * s.G)
    s.pcrest = [0] * players
    s.money = [0] * players
    s.phase = OVER
    return s
