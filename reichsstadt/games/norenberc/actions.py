"""The action table: every Norenberc action for one player count, built once, with a code
(kind, a, b) per action so that apply() dispatches on small ints, and the ActionSpace
(the fixed integer index for RL masks)."""

from __future__ import annotations

from reichsstadt.core.actions import Action, ActionSpace

from .constants import (
    ARTISANS, K_BUY, K_BUY_END, K_DECLINE, K_DRAW, K_FRONT, K_GUARD, K_HIRE, K_MAYOR, K_NOTHING, K_ORDER, K_PASS,
    K_PAY, K_PEDDLER, K_PLAN, K_PLAN_DONE, K_ROB, K_SELL, K_STEAL, MAX_GOODS, MAX_TILES, ROOMS,
)


class ActionTable:
    """The fixed action objects for `players` seats (guilds 0..players): the rules hand
    these very objects out of legal(), and tests name moves by them."""

    draw: list[Action]          # chance: draw[tile] (a workshop artisan or a guest)
    order: list[Action]         # chance: order[seat] takes the next place in turn order
    plan: list[Action]          # plan[guild]: lay an action card for that guild
    plan_done: Action           # the plan is complete
    pass_round: Action          # plan nothing: the token turns to the moon
    sell: list[Action]          # sell[count] goods of the called guild's type ([0] unused)
    buy: list[Action]           # buy[good] one good of that type from the store
    buy_end: Action             # stop buying
    nothing: Action             # do nothing at the called guild
    hire: list[list[Action]]    # hire[room][form]: hire the guest of that room, paying that way
    pay: list[Action]           # pay[good]: one good of any type toward a hire's price (two: one at a time)
    front: list[Action]         # front[0] keep the place in turn order, front[1] move first
    rob: list[Action]           # rob[seat]: the Thief's victim
    steal: list[Action]         # steal[good]: one good the Thief takes
    decline: Action             # the Thief takes nothing / the Guard swaps nothing
    guard: list[Action]         # guard[tile]: an artisan the Guard moves (the lower id first, then its partner)
    peddler: list[Action]       # peddler[good]: the good put on the Peddler
    mayor: list[Action]         # mayor[guild]: the roof the Mayor goes on
    code: dict[Action, tuple[int, int, int]]   # action -> (kind K_*, a, b)
    space: ActionSpace

    def __init__(self, players: int) -> None:
        g_count = players + 1
        self.draw = [Action("draw", tile=t) for t in range(MAX_TILES)]
        self.order = [Action("order", seat=s) for s in range(players)]
        self.plan = [Action("plan", guild=g) for g in range(g_count)]
        self.plan_done = Action("plan_done")
        self.pass_round = Action("pass")
        self.sell = [Action("sell", count=k) for k in range(MAX_GOODS + 1)]
        self.buy = [Action("buy", good=t) for t in range(g_count)]
        self.buy_end = Action("buy_end")
        self.nothing = Action("nothing")
        self.hire = [[Action("hire", room=r, form=f) for f in range(2)] for r in range(ROOMS)]
        self.pay = [Action("pay", good=t) for t in range(g_count)]
        self.front = [Action("front", move=False), Action("front", move=True)]
        self.rob = [Action("rob", victim=s) for s in range(players)]
        self.steal = [Action("steal", good=t) for t in range(g_count)]
        self.decline = Action("decline")
        self.guard = [Action("guard", tile=t) for t in range(ARTISANS)]
        self.peddler = [Action("peddler", good=t) for t in range(g_count)]
        self.mayor = [Action("mayor", guild=g) for g in range(g_count)]

        code: dict[Action, tuple[int, int, int]] = {}
        for t, a in enumerate(self.draw):
            code[a] = (K_DRAW, t, 0)
        for s, a in enumerate(self.order):
            code[a] = (K_ORDER, s, 0)
        for g, a in enumerate(self.plan):
            code[a] = (K_PLAN, g, 0)
        code[self.plan_done] = (K_PLAN_DONE, 0, 0)
        code[self.pass_round] = (K_PASS, 0, 0)
        for k in range(1, MAX_GOODS + 1):
            code[self.sell[k]] = (K_SELL, k, 0)
        for t, a in enumerate(self.buy):
            code[a] = (K_BUY, t, 0)
        code[self.buy_end] = (K_BUY_END, 0, 0)
        code[self.nothing] = (K_NOTHING, 0, 0)
        for r in range(ROOMS):
            for f in range(2):
                code[self.hire[r][f]] = (K_HIRE, r, f)
        for t, a in enumerate(self.pay):
            code[a] = (K_PAY, t, 0)
        code[self.front[0]] = (K_FRONT, 0, 0)
        code[self.front[1]] = (K_FRONT, 1, 0)
        for s, a in enumerate(self.rob):
            code[a] = (K_ROB, s, 0)
        for t, a in enumerate(self.steal):
            code[a] = (K_STEAL, t, 0)
        code[self.decline] = (K_DECLINE, 0, 0)
        for t in range(ARTISANS):
            code[self.guard[t]] = (K_GUARD, t, 0)
        for t, a in enumerate(self.peddler):
            code[a] = (K_PEDDLER, t, 0)
        for g, a in enumerate(self.mayor):
            code[a] = (K_MAYOR, g, 0)
        self.code = code
        self.space = ActionSpace(code)  # dict order: insertion order above, stable


_CACHE: dict[int, ActionTable] = {}


def action_table(players: int) -> ActionTable:
    """The action table for `players` seats (built once per player count)."""
    table = _CACHE.get(players)
    if table is None:
        table = _CACHE[players] = ActionTable(players)
    return table
