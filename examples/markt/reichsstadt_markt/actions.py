"""The action table: every Markt action, built once, with a code (kind, good, count) per
action so that the rules dispatch on small ints, and the ActionSpace (the fixed integer
index research adapters mask). The moves do not depend on the player count, so one
table serves every table size."""

from __future__ import annotations

from reichsstadt.core import Action, ActionSpace

from .constants import HAND_LIMIT, K_DEMAND, K_DRAW, K_FETCH, K_SELL, K_WAIT, N_GOODS


class ActionTable:
    """The fixed action objects: the rules hand these very objects out of legal(), and
    tests name moves by them."""

    sell: list[list[Action]]   # sell[good][count]: sell that many of a good (count 1..HAND_LIMIT; [0] unused)
    fetch: Action              # pay the toll and fetch a good from the warehouse
    wait: Action               # let the turn pass
    draw: list[Action]         # chance: draw[good] is the good a merchant draws from the warehouse
    demand: list[Action]       # chance: demand[good] is the good the town crier calls for
    code: dict[Action, tuple[int, int, int]]   # action -> (kind K_*, good, count)
    space: ActionSpace

    def __init__(self) -> None:
        self.sell = [[Action("sell", good=g, count=c) for c in range(HAND_LIMIT + 1)] for g in range(N_GOODS)]
        self.fetch = Action("fetch")
        self.wait = Action("wait")
        self.draw = [Action("draw", good=g) for g in range(N_GOODS)]
        self.demand = [Action("demand", good=g) for g in range(N_GOODS)]
        code: dict[Action, tuple[int, int, int]] = {}
        for g in range(N_GOODS):
            for c in range(1, HAND_LIMIT + 1):
                code[self.sell[g][c]] = (K_SELL, g, c)
        code[self.fetch] = (K_FETCH, 0, 0)
        code[self.wait] = (K_WAIT, 0, 0)
        for g in range(N_GOODS):
            code[self.draw[g]] = (K_DRAW, g, 0)
            code[self.demand[g]] = (K_DEMAND, g, 0)
        self.code = code
        self.space = ActionSpace(code)  # the dict's insertion order above: a stable index


ACTIONS = ActionTable()
"""The one action table (immutable actions, shared by every state)."""
