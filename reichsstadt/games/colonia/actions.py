"""Every Colonia action, built once: the fixed index space, the canonical Action objects
the engine hands out from legal(), and each action's code (kind, first argument, second
argument), by which the state dispatches it to its rule."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ...core import Action, ActionSpace
from .constants import (
    DIE_FACES, FAMILY_VALUES, K_BUY_RELIC, K_BUY_STALL, K_CHOOSE_GOOD, K_COMMISSION, K_DRAW_MATERIAL,
    K_DRAW_ORDINANCE, K_DRAW_RELIC, K_DRAW_SHIP, K_DRAW_WEEK, K_ENSHRINE, K_EXCHANGE, K_EXCHANGE_AMOUNT,
    K_FAMILY, K_KEEP_MONEY, K_LEAVE_SHRINE, K_LOAD, K_LOAD_EXTRA, K_PASS, K_RECALL, K_ROLL, K_SECURE,
    K_TAKE_MATERIALS, K_TIE_FIRST, K_VOTE, MAX_EXCHANGE, MAX_HOLDS, MAX_PLAYERS, MAX_RECALL, MAX_TAKE, N_CITIES,
    N_CRAFTSMEN, N_GOODS, N_MATERIALS, N_ORDINANCES, N_RELIC_CARDS, N_SHIPS, N_WEEK_CARDS, PORT, STALL_SLOTS,
)

# player decisions
FAMILY = {v: Action("family", value=v) for v in FAMILY_VALUES}
VOTE = (Action("vote", yes=False), Action("vote", yes=True))
CHOOSE_GOOD = tuple(Action("choose_good", good=g) for g in range(N_GOODS))
BUY_STALL = tuple(Action("buy_stall", stall=s) for s in range(STALL_SLOTS))
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
TAKE_MATERIALS = tuple(Action("take_materials", count=k) for k in range(MAX_TAKE + 1))

# chance outcomes
DRAW_WEEK = tuple(Action("draw_week", card=i) for i in range(N_WEEK_CARDS))
DRAW_ORDINANCE = tuple(Action("draw_ordinance", card=i) for i in range(N_ORDINANCES))
DRAW_MATERIAL = tuple(Action("draw_material", material=m) for m in range(N_MATERIALS))
DRAW_SHIP = tuple(Action("draw_ship", card=i) for i in range(N_SHIPS))
DRAW_RELIC = tuple(Action("draw_relic", card=i) for i in range(N_RELIC_CARDS))
ROLL = tuple(Action("roll", face=f) for f in range(DIE_FACES + 1))   # index 0 unused
TIE_FIRST = tuple(Action("tie_first", seat=s) for s in range(MAX_PLAYERS))


def _codes() -> dict[Action, tuple[int, int, int]]:
    """Each action -> (kind, first argument, second argument): what its rule needs."""
    code: dict[Action, tuple[int, int, int]] = {}

    def put(kind: int, actions: Sequence[Action], first: Sequence[int] | None = None) -> None:
        """The actions of one kind: the first argument is the index, or `first`'s item."""
        for i, a in enumerate(actions):
            code[a] = (kind, first[i] if first is not None else i, 0)

    put(K_FAMILY, list(FAMILY.values()), list(FAMILY))
    put(K_VOTE, VOTE)
    put(K_CHOOSE_GOOD, CHOOSE_GOOD)
    put(K_BUY_STALL, BUY_STALL)
    put(K_COMMISSION, COMMISSION)
    for place in range(PORT):  # first argument: the place; second: the hold, or the good
        for h, a in enumerate(LOAD[place]):
            code[a] = (K_LOAD, place, h)
        for g, a in enumerate(LOAD_EXTRA[place]):
            code[a] = (K_LOAD_EXTRA, place, g)
    put(K_BUY_RELIC, BUY_RELIC)
    put(K_ENSHRINE, ENSHRINE)
    put(K_SECURE, SECURE)
    put(K_DRAW_RELIC, DRAW_RELIC)
    put(K_LEAVE_SHRINE, [LEAVE_SHRINE])
    put(K_PASS, [PASS])
    put(K_KEEP_MONEY, [KEEP_MONEY])
    put(K_RECALL, RECALL)
    for give in range(N_CITIES):
        for take, a in enumerate(EXCHANGE[give]):
            code[a] = (K_EXCHANGE, give, take)
    put(K_EXCHANGE_AMOUNT, EXCHANGE_AMOUNT)
    put(K_TAKE_MATERIALS, TAKE_MATERIALS)
    put(K_DRAW_WEEK, DRAW_WEEK)
    put(K_DRAW_ORDINANCE, DRAW_ORDINANCE)
    put(K_DRAW_MATERIAL, DRAW_MATERIAL)
    put(K_DRAW_SHIP, DRAW_SHIP)
    put(K_ROLL, ROLL)
    put(K_TIE_FIRST, TIE_FIRST)
    return code


CODE = _codes()
"""Every action of every player count -> (kind, first argument, second argument)."""


def build_space(players: int) -> ActionSpace:
    """The fixed index space for `players` (the order never changes: RL masks rely on it)."""
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


class ActionTable:
    """The actions of one player count: the same objects for every count (the module's
    names above, which the rules use), each action's `code` (kind, first argument,
    second argument) and the fixed index `space`."""

    def __init__(self, players: int) -> None:
        self.code: dict[Action, tuple[int, int, int]] = CODE
        # an action's code by id(): apply() hands the engine the space's own objects, and an int
        # hashes in C where Action.__hash__ is a Python call (this is looked up on every move)
        self.code_of: dict[int, tuple[int, int, int]] = {id(a): c for a, c in CODE.items()}
        self.space = build_space(players)


@functools.cache
def action_table(players: int) -> ActionTable:
    """The one ActionTable of a player count (built once)."""
    return ActionTable(players)
