"""The action table: every Norenberc action for one player count, built once, with a code
(kind, a, b) per action so that apply() dispatches on small ints, and the ActionSpace
(the fixed integer index for RL masks)."""

from __future__ import annotations

import functools

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
    code_of: dict[int, tuple[int, int, int]]   # the same by id() of the action
    space: ActionSpace

    def __init__(self, players: int) -> None:
        g_count = players + 1
        self.code = {}
        add = self._add
        self.draw = [add(Action("draw", tile=t), K_DRAW, t) for t in range(MAX_TILES)]
        self.order = [add(Action("order", seat=s), K_ORDER, s) for s in range(players)]
        self.plan = [add(Action("plan", guild=g), K_PLAN, g) for g in range(g_count)]
        self.plan_done = add(Action("plan_done"), K_PLAN_DONE)
        self.pass_round = add(Action("pass"), K_PASS)
        self.sell = [Action("sell", count=0)] + [add(Action("sell", count=k), K_SELL, k)
                                                 for k in range(1, MAX_GOODS + 1)]
        self.buy = [add(Action("buy", good=t), K_BUY, t) for t in range(g_count)]
        self.buy_end = add(Action("buy_end"), K_BUY_END)
        self.nothing = add(Action("nothing"), K_NOTHING)
        self.hire = [[add(Action("hire", room=r, form=f), K_HIRE, r, f) for f in range(2)] for r in range(ROOMS)]
        self.pay = [add(Action("pay", good=t), K_PAY, t) for t in range(g_count)]
        self.front = [add(Action("front", move=False), K_FRONT, 0), add(Action("front", move=True), K_FRONT, 1)]
        self.rob = [add(Action("rob", victim=s), K_ROB, s) for s in range(players)]
        self.steal = [add(Action("steal", good=t), K_STEAL, t) for t in range(g_count)]
        self.decline = add(Action("decline"), K_DECLINE)
        self.guard = [add(Action("guard", tile=t), K_GUARD, t) for t in range(ARTISANS)]
        self.peddler = [add(Action("peddler", good=t), K_PEDDLER, t) for t in range(g_count)]
        self.mayor = [add(Action("mayor", guild=g), K_MAYOR, g) for g in range(g_count)]
        self.space = ActionSpace(self.code)  # dict order: the order of the lines above, stable
        # an action's code by id(): apply() hands the engine the space's own objects, and an int
        # hashes in C where Action.__hash__ is a Python call (this is looked up on every move)
        self.code_of = {id(a): c for a, c in self.code.items()}

    def _add(self, action: Action, kind: int, a: int = 0, b: int = 0) -> Action:
        """Record an action's code (its kind and arguments) and hand it back."""
        self.code[action] = (kind, a, b)
        return action


@functools.cache
def action_table(players: int) -> ActionTable:
    """The action table for `players` seats (built once per player count)."""
    return ActionTable(players)
