"""The fixed action space of Die Siedler von Nürnberg for one player count.

It depends on the player count only, never on the map: positions are named by road and
index along the road, bounded by the validator's limits (5 roads, at most 13
intersections each, 29 terrains, 12 red intersections, at most 16 tower triangles)."""

from __future__ import annotations

from ...core.actions import Action, ActionSpace
from .mapdata import EVENTS, GOODS, MAX_SEGMENTS, MAX_TRIANGLES, RESOURCES, ROAD_NAMES, TRADABLES, card_kinds

N_TERRAINS = 29
N_REDS = 12
MAX_INTERS = MAX_SEGMENTS + 1


class ActionTable:
    """The space's own Action objects, indexed by small ints for the rules code."""

    def __init__(self, players: int) -> None:
        acts: list[Action] = []

        def add(a: Action) -> Action:
            acts.append(a)
            return a

        self.first = [add(Action("first", seat=s)) for s in range(players)]
        self.kinds = card_kinds()
        self.draw = [add(Action("draw", number=n, event=EVENTS[ev], road=ROAD_NAMES[r] if r >= 0 else ""))
                     for n, ev, r in self.kinds]
        self.card = [add(Action("card", resource=r)) for r in RESOURCES]  # a random card taken
        self.end = add(Action("end"))
        self.toll = [add(Action("toll", road=name)) for name in ROAD_NAMES]
        self.settle = [[add(Action("settle", road=name, at=i)) for i in range(MAX_INTERS)] for name in ROAD_NAMES]
        self.workshop = [add(Action("workshop", spot=j)) for j in range(N_REDS)]
        self.wall = add(Action("wall"))
        self.tower = [add(Action("tower", triangle=t)) for t in range(MAX_TRIANGLES)]
        self.produce = [add(Action("produce", good=g)) for g in GOODS]
        self.bank = [[add(Action("bank", give=TRADABLES[a], get=TRADABLES[b])) if a != b else None
                      for b in range(6)] for a in range(6)]
        self.offer = add(Action("offer"))
        self.give = [add(Action("give", resource=x)) for x in TRADABLES]
        self.want = [add(Action("want", resource=x)) for x in TRADABLES]
        self.done = add(Action("done"))
        self.cancel = add(Action("cancel"))
        self.send = [add(Action("send", to=q)) for q in range(-1, players)]  # -1: everyone
        self.accept = add(Action("accept"))
        self.decline = add(Action("decline"))
        self.counter = add(Action("counter"))
        self.close = [add(Action("close", partner=q)) for q in range(players)]
        self.take_counter = [add(Action("take_counter", partner=q)) for q in range(players)]
        self.withdraw = add(Action("withdraw"))
        self.discard = [add(Action("discard", resource=r)) for r in RESOURCES]
        self.robber = [add(Action("robber", terrain=t)) for t in range(N_TERRAINS)]
        self.steal = [add(Action("steal", victim=q)) for q in range(players)]
        self.pass_ = add(Action("pass"))
        self.council = [add(Action("council", take_from=q)) for q in range(players)]
        self.space = ActionSpace(acts)
        # reverse look-ups for apply(): action -> (kind, argument)
        self.code: dict[Action, tuple[int, int, int]] = {}
        for s, a in enumerate(self.first):
            self.code[a] = (K_FIRST, s, 0)
        for k, a in enumerate(self.draw):
            self.code[a] = (K_DRAW, k, 0)
        for r, a in enumerate(self.card):
            self.code[a] = (K_CARD, r, 0)
        self.code[self.end] = (K_END, 0, 0)
        for k, a in enumerate(self.toll):
            self.code[a] = (K_TOLL, k, 0)
        for k, row in enumerate(self.settle):
            for i, a in enumerate(row):
                self.code[a] = (K_SETTLE, k, i)
        for j, a in enumerate(self.workshop):
            self.code[a] = (K_WORKSHOP, j, 0)
        self.code[self.wall] = (K_WALL, 0, 0)
        for t, a in enumerate(self.tower):
            self.code[a] = (K_TOWER, t, 0)
        for g, a in enumerate(self.produce):
            self.code[a] = (K_PRODUCE, g, 0)
        for x in range(6):
            for y in range(6):
                b = self.bank[x][y]
                if b is not None:
                    self.code[b] = (K_BANK, x, y)
        self.code[self.offer] = (K_OFFER, 0, 0)
        for r, a in enumerate(self.give):
            self.code[a] = (K_GIVE, r, 0)
        for r, a in enumerate(self.want):
            self.code[a] = (K_WANT, r, 0)
        self.code[self.done] = (K_DONE, 0, 0)
        self.code[self.cancel] = (K_CANCEL, 0, 0)
        for i, a in enumerate(self.send):
            self.code[a] = (K_SEND, i - 1, 0)
        self.code[self.accept] = (K_ACCEPT, 0, 0)
        self.code[self.decline] = (K_DECLINE, 0, 0)
        self.code[self.counter] = (K_COUNTER, 0, 0)
        for q, a in enumerate(self.close):
            self.code[a] = (K_CLOSE, q, 0)
        for q, a in enumerate(self.take_counter):
            self.code[a] = (K_TAKE_COUNTER, q, 0)
        self.code[self.withdraw] = (K_WITHDRAW, 0, 0)
        for r, a in enumerate(self.discard):
            self.code[a] = (K_DISCARD, r, 0)
        for t, a in enumerate(self.robber):
            self.code[a] = (K_ROBBER, t, 0)
        for q, a in enumerate(self.steal):
            self.code[a] = (K_STEAL, q, 0)
        self.code[self.pass_] = (K_PASS, 0, 0)
        for q, a in enumerate(self.council):
            self.code[a] = (K_COUNCIL, q, 0)


(K_FIRST, K_DRAW, K_CARD, K_END, K_TOLL, K_SETTLE, K_WORKSHOP, K_WALL, K_TOWER, K_PRODUCE, K_BANK,
 K_OFFER, K_GIVE, K_WANT, K_DONE, K_CANCEL, K_SEND, K_ACCEPT, K_DECLINE, K_COUNTER, K_CLOSE,
 K_TAKE_COUNTER, K_WITHDRAW, K_DISCARD, K_ROBBER, K_STEAL, K_PASS, K_COUNCIL) = range(28)

_TABLES: dict[int, ActionTable] = {}


def table(players: int) -> ActionTable:
    t = _TABLES.get(players)
    if t is None:
        t = _TABLES[players] = ActionTable(players)
    return t
