"""Every Norenberc action for one player count, built once, with a code per action so
that apply() dispatches on small ints instead of strings."""

from __future__ import annotations

from reichsstadt.core.actions import Action, ActionSpace

from .data import ARTISANS, MAX_GOODS, MAX_TILES

# Action kinds (the first item of Acts.code[action]).
K_DRAW, K_ORDER, K_PLAN, K_PLAN_DONE, K_PASS = 0, 1, 2, 3, 4
K_SELL, K_BUY, K_BUY_END, K_NOTHING, K_HIRE, K_PAY, K_FRONT = 5, 6, 7, 8, 9, 10, 11
K_ROB, K_STEAL, K_DECLINE, K_GUARD, K_SWAP, K_PEDDLER, K_MAYOR = 12, 13, 14, 15, 16, 17, 18


class Acts:
    """The fixed action objects for `players` seats (guilds 1..players+1)."""

    draw: list[Action]
    order: list[Action]
    plan: list[Action]
    plan_done: Action
    pass_: Action
    sell: list[Action]
    buy: list[Action]
    buy_end: Action
    nothing: Action
    hire: list[list[Action]]
    pay1: list[Action]
    pay2: list[list[Action]]
    front: list[Action]
    rob: list[Action]
    steal: list[Action]
    decline: Action
    guard: list[Action]
    swap: list[Action]
    peddler: list[Action]
    mayor: list[Action]
    code: dict[Action, tuple[int, int, int]]
    space: ActionSpace

    def __init__(self, players: int) -> None:
        g_count = players + 1
        self.draw = [Action("draw", tile=t) for t in range(MAX_TILES)]
        self.order = [Action("order", seat=s) for s in range(players)]
        self.plan = [Action("plan", guild=g) for g in range(g_count)]
        self.plan_done = Action("plan_done")
        self.pass_ = Action("pass")
        self.sell = [Action("sell", count=k) for k in range(MAX_GOODS + 1)]  # [0] unused
        self.buy = [Action("buy", good=t) for t in range(g_count)]
        self.buy_end = Action("buy_end")
        self.nothing = Action("nothing")
        self.hire = [[Action("hire", room=r, form=f) for f in range(2)] for r in range(4)]
        self.pay1 = [Action("pay", goods=(t,)) for t in range(g_count)]
        # pay2[a][b] and pay2[b][a] are one action, its goods in type order
        pairs = {(a, b): Action("pay", goods=(a, b)) for a in range(g_count) for b in range(a, g_count)}
        self.pay2 = [[pairs[min(a, b), max(a, b)] for b in range(g_count)] for a in range(g_count)]
        self.front = [Action("front", move=False), Action("front", move=True)]
        self.rob = [Action("rob", victim=s) for s in range(players)]
        self.steal = [Action("steal", good=t) for t in range(g_count)]
        self.decline = Action("decline")
        self.guard = [Action("guard", tile=t) for t in range(ARTISANS)]
        self.swap = [Action("swap", tile=t) for t in range(ARTISANS)]
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
        code[self.pass_] = (K_PASS, 0, 0)
        for k in range(1, MAX_GOODS + 1):
            code[self.sell[k]] = (K_SELL, k, 0)
        for t, a in enumerate(self.buy):
            code[a] = (K_BUY, t, 0)
        code[self.buy_end] = (K_BUY_END, 0, 0)
        code[self.nothing] = (K_NOTHING, 0, 0)
        for r in range(4):
            for f in range(2):
                code[self.hire[r][f]] = (K_HIRE, r, f)
        for t, a in enumerate(self.pay1):
            code[a] = (K_PAY, t, -1)
        for a_ in range(g_count):
            for b in range(a_, g_count):
                code[self.pay2[a_][b]] = (K_PAY, a_, b)
        code[self.front[0]] = (K_FRONT, 0, 0)
        code[self.front[1]] = (K_FRONT, 1, 0)
        for s, a in enumerate(self.rob):
            code[a] = (K_ROB, s, 0)
        for t, a in enumerate(self.steal):
            code[a] = (K_STEAL, t, 0)
        code[self.decline] = (K_DECLINE, 0, 0)
        for t in range(ARTISANS):
            code[self.guard[t]] = (K_GUARD, t, 0)
            code[self.swap[t]] = (K_SWAP, t, 0)
        for t, a in enumerate(self.peddler):
            code[a] = (K_PEDDLER, t, 0)
        for g, a in enumerate(self.mayor):
            code[a] = (K_MAYOR, g, 0)
        self.code = code
        self.space = ActionSpace(code)  # dict order: insertion order above, stable


_CACHE: dict[int, Acts] = {}


def acts_for(players: int) -> Acts:
    acts = _CACHE.get(players)
    if acts is None:
        acts = _CACHE[players] = Acts(players)
    return acts
