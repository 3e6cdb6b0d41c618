"""The fixed action space of Die Siedler von Nürnberg for one player count: every action
once, and for each its kind and small-int arguments (what the rules' handlers take).

It depends on the player count only, never on the map: positions are named by road and
index along the road, bounded by the validator's limits (5 roads, at most 13
intersections each, 29 terrains, 12 red intersections, at most 16 tower triangles)."""

from __future__ import annotations

import functools

from ...core.actions import Action, ActionSpace
from .constants import (
    CARD_KINDS, EVENTS, GOODS, K_ACCEPT, K_BANK, K_CANCEL, K_CARD, K_CLOSE, K_COUNCIL, K_COUNTER, K_DECLINE,
    K_DISCARD, K_DONE, K_DRAW, K_END, K_FIRST, K_GIVE, K_OFFER, K_PASS, K_PRODUCE, K_ROBBER, K_SEND, K_SETTLE,
    K_STEAL, K_TAKE_COUNTER, K_TOLL, K_TOWER, K_WALL, K_WANT, K_WITHDRAW, K_WORKSHOP, MAX_INTERSECTIONS,
    MAX_TRIANGLES, N_REDS, N_TERRAINS, RESOURCES, ROAD_NAMES, TRADABLES,
)

Code = tuple[int, int, int]
"""An action's kind and its two small-int arguments (0 where the kind has fewer)."""


class ActionTable:
    """The space's own Action objects, by their arguments, for the rules code; and `code`,
    each action's (kind, a, b) (`code_of`: the same by id() of the action)."""

    def __init__(self, players: int) -> None:
        acts: list[Action] = []
        self.code: dict[Action, Code] = {}

        def add(a: Action, kind: int, x: int = 0, y: int = 0) -> Action:
            acts.append(a)
            self.code[a] = (kind, x, y)
            return a

        # chance: the first player (4., 9.), an event card (5.1), a card taken at random (6.1, 8.4)
        self.first = [add(Action("first", seat=s), K_FIRST, s) for s in range(players)]
        self.draw = [add(Action("draw", number=n, event=EVENTS[ev], road=ROAD_NAMES[r] if r >= 0 else ""), K_DRAW, k)
                     for k, (n, ev, r) in enumerate(CARD_KINDS)]
        self.card = [add(Action("card", resource=name), K_CARD, r) for r, name in enumerate(RESOURCES)]
        # the active player's turn (5.2)
        self.end = add(Action("end"), K_END)
        self.toll = [add(Action("toll", road=name), K_TOLL, k) for k, name in enumerate(ROAD_NAMES)]
        self.settle = [[add(Action("settle", road=name, at=i), K_SETTLE, k, i) for i in range(MAX_INTERSECTIONS)]
                       for k, name in enumerate(ROAD_NAMES)]
        self.workshop = [add(Action("workshop", spot=j), K_WORKSHOP, j) for j in range(N_REDS)]
        self.wall = add(Action("wall"), K_WALL)
        self.tower = [add(Action("tower", triangle=t), K_TOWER, t) for t in range(MAX_TRIANGLES)]
        self.produce = [add(Action("produce", good=name), K_PRODUCE, g) for g, name in enumerate(GOODS)]
        # bank[give][get], None where give == get
        self.bank: list[list[Action | None]] = [
            [add(Action("bank", give=TRADABLES[x], get=TRADABLES[y]), K_BANK, x, y) if x != y else None
             for y in range(len(TRADABLES))] for x in range(len(TRADABLES))]
        # a trade offer, built card by card, and its answers (5.2.1)
        self.offer = add(Action("offer"), K_OFFER)
        self.give = [add(Action("give", resource=name), K_GIVE, x) for x, name in enumerate(TRADABLES)]
        self.want = [add(Action("want", resource=name), K_WANT, x) for x, name in enumerate(TRADABLES)]
        self.done = add(Action("done"), K_DONE)
        self.cancel = add(Action("cancel"), K_CANCEL)
        # send[q + 1]: to seat q; send[0]: to everyone
        self.send = [add(Action("send", to=q), K_SEND, q) for q in range(-1, players)]
        self.accept = add(Action("accept"), K_ACCEPT)
        self.decline = add(Action("decline"), K_DECLINE)
        self.counter = add(Action("counter"), K_COUNTER)
        self.close = [add(Action("close", partner=q), K_CLOSE, q) for q in range(players)]
        self.take_counter = [add(Action("take_counter", partner=q), K_TAKE_COUNTER, q) for q in range(players)]
        self.withdraw = add(Action("withdraw"), K_WITHDRAW)
        # the Raubritter (6.1), Kostenloser Lehm (8.3), council cards (6.3)
        self.discard = [add(Action("discard", resource=name), K_DISCARD, r) for r, name in enumerate(RESOURCES)]
        self.robber = [add(Action("robber", terrain=t), K_ROBBER, t) for t in range(N_TERRAINS)]
        self.steal = [add(Action("steal", victim=q), K_STEAL, q) for q in range(players)]
        self.pass_ = add(Action("pass"), K_PASS)
        self.council = [add(Action("council", take_from=q), K_COUNCIL, q) for q in range(players)]
        self.space = ActionSpace(acts)
        # an action's code by id(): apply() hands the engine the space's own objects, and an int
        # hashes in C where Action.__hash__ is a Python call (this is looked up on every move)
        self.code_of: dict[int, Code] = {id(a): c for a, c in self.code.items()}


@functools.cache
def action_table(players: int) -> ActionTable:
    """The one ActionTable of a player count (built once)."""
    return ActionTable(players)
