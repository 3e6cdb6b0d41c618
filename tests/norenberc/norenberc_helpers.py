"""Helpers for the Norenberc tests: invariants, and building rulebook positions directly."""

from __future__ import annotations

from collections import Counter

import reichsstadt
from reichsstadt.core import CHANCE, Action
from reichsstadt.games.norenberc.data import ARTISAN, ARTISANS
from reichsstadt.games.norenberc.state import (
    ACT, CHOOSE, MASTER_INDEX, MAYOR_STEP, PLAN, SETUP_GUESTS, SETUP_ORDER, SETUP_STACK, NorenbercState,
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
