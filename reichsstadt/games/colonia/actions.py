"""Every Colonia action, built once: the fixed index space and look-up tables of the
canonical Action objects the engine hands out from legal()."""

from __future__ import annotations

from ...core import Action, ActionSpace
from .data import (
    FAMILY_VALUES, MAX_DISPLAY, MAX_HOLDS, MAX_STALLS, EXTRA_STALLS, N_CITIES, N_CRAFTSMEN,
    N_GOODS, N_MATERIALS, N_ORDINANCES, N_RELIC_CARDS, N_SHIPS, N_WEEK_CARDS, PORT,
)

MAX_RECALL = 10
MAX_EXCHANGE = 5

# player decisions
FAMILY = {v: Action("family", value=v) for v in FAMILY_VALUES}
VOTE = (Action("vote", yes=False), Action("vote", yes=True))
CHOOSE_GOOD = tuple(Action("choose_good", good=g) for g in range(N_GOODS))
BUY_STALL = tuple(Action("buy_stall", stall=s) for s in range(MAX_STALLS + EXTRA_STALLS))
COMMISSION = tuple(Action("commission", craftsman=c) for c in range(N_CRAFTSMEN))
LOAD = tuple(tuple(Action("load", ship=p, hold=h) for h in range(MAX_HOLDS)) for p in range(PORT))
LOAD_EXTRA = tuple(tuple(Action("load_extra", ship=p, good=g) for g in range(N_GOODS)) for p in range(PORT))
BUY_RELIC = tuple(Action("buy_relic", card=i) for i in range(N_RELIC_CARDS))
ENSHRINE = tuple(Action("enshrine", card=i) for i in range(N_RELIC_CARDS))
LEAVE_SHRINE = Action("leave_shrine_empty")
SECURE = tuple(Action("secure", card=i) for i in range(N_RELIC_CARDS))
PASS = Action("pass")
RECALL = tuple(Action("recall", count=k) for k in range(MAX_RECALL + 1))
EXCHANGE = tuple(
    tuple(Action("exchange", give=a, take=b) for b in range(N_CITIES)) for a in range(N_CITIES)
)
EXCHANGE_AMOUNT = tuple(Action("exchange_amount", amount=k) for k in range(MAX_EXCHANGE + 1))
KEEP_MONEY = Action("keep_money")
MAX_TAKE = 5
TAKE_MATERIALS = tuple(Action("take_materials", count=k) for k in range(MAX_TAKE + 1))

# chance outcomes
DRAW_WEEK = tuple(Action("draw_week", card=i) for i in range(N_WEEK_CARDS))
DRAW_ORDINANCE = tuple(Action("draw_ordinance", card=i) for i in range(N_ORDINANCES))
DRAW_MATERIAL = tuple(Action("draw_material", material=m) for m in range(N_MATERIALS))
DRAW_SHIP = tuple(Action("draw_ship", card=i) for i in range(N_SHIPS))
DRAW_RELIC = tuple(Action("draw_relic", card=i) for i in range(N_RELIC_CARDS))
ROLL = tuple(Action("roll", face=f) for f in range(7))   # index 0 unused
TIE_FIRST = tuple(Action("tie_first", seat=s) for s in range(6))


def build_space(players: int) -> ActionSpace:
    acts: list[Action] = [PASS, LEAVE_SHRINE, KEEP_MONEY]
    acts += FAMILY.values()
    acts += VOTE
    acts += CHOOSE_GOOD
    acts += BUY_STALL
    acts += COMMISSION
    for row in LOAD:
        acts += row
    for row in LOAD_EXTRA:
        acts += row
    acts += BUY_RELIC
    acts += ENSHRINE
    acts += SECURE
    acts += RECALL
    for a in range(N_CITIES):
        acts += [EXCHANGE[a][b] for b in range(N_CITIES) if b != a]
    acts += EXCHANGE_AMOUNT[1:]
    acts += TAKE_MATERIALS
    acts += DRAW_WEEK
    acts += DRAW_ORDINANCE
    acts += DRAW_MATERIAL
    acts += DRAW_SHIP
    acts += DRAW_RELIC
    acts += ROLL[1:]
    acts += TIE_FIRST[:players]
    return ActionSpace(acts)

