"""A tiny game that uses every part of the contract, for testing the core alone.

Each player first bids 0-2 in secret (a simultaneous decision), then in turn order rolls a
die (a chance node) or stops; a roll of 1 ends that player's turn with nothing; whoever
ends nearest to 10 without passing it, plus their bid if they made 10 exactly, wins."""

from __future__ import annotations

import random

from reichsstadt.core import CHANCE, Action, ActionSpace, Game, IllegalAction, Option, Outcome, State, rank_by

BIDS = [Action("bid", amount=a) for a in range(3)]
ROLL, STOP = Action("roll"), Action("stop")
DIE = [Action("die", face=f) for f in range(1, 7)]


class ToyState(State):
    __slots__ = ("n", "bids", "totals", "turn", "rolling", "target", "busted")
    game_id = "toy"

    def __init__(self, n: int, target: int) -> None:
        self.n = n
        self.bids: list[int | None] = [None] * n
        self.totals = [0] * n
        self.turn = 0
        self.rolling = False
        self.target = target
        self.busted = False  # what the last move set in motion, for news()

    @property
    def players(self) -> int:
        return self.n

    def to_act(self) -> tuple[int, ...]:
        pending = tuple(i for i, b in enumerate(self.bids) if b is None)
        if pending:
            return pending
        if self.turn >= self.n:
            return ()
        return (CHANCE,) if self.rolling else (self.turn,)

    def legal(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return list(BIDS) if self.bids[seat] is None else [ROLL, STOP]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(d, 1 / 6) for d in DIE] if self.to_act() == (CHANCE,) else []

    def apply(self, seat: int, action: Action) -> None:
        to_act = self.to_act()
        if seat not in to_act:
            raise IllegalAction(f"seat {seat} is not to act (to act: {to_act})")
        if seat == CHANCE:
            if action not in DIE:
                raise IllegalAction(f"{action} is not a die face")
            self.rolling = False
            self.busted = action.face == 1
            if action.face == 1:
                self.totals[self.turn] = 0
                self.turn += 1
            else:
                self.totals[self.turn] += action.face
                if self.totals[self.turn] > self.target:
                    self.turn += 1
            return
        if action not in self.legal(seat):
            raise IllegalAction(f"{action} is not legal for seat {seat} now")
        self.busted = False
        if action.type == "bid":
            self.bids[seat] = action.amount
        elif action is ROLL or action == ROLL:
            self.rolling = True
        else:
            self.turn += 1

    def view(self, seat: int | None) -> dict:
        revealed = all(b is not None for b in self.bids)
        return {"totals": list(self.totals), "turn": self.turn,
                "bids": [b if revealed or i == seat else (b is not None) for i, b in enumerate(self.bids)]}

    def over(self) -> bool:
        return self.to_act() == ()

    def outcome(self) -> Outcome:
        if not self.over():
            raise IllegalAction("the game is not over")
        scores = [t + (self.bids[i] if t == self.target else 0) if t <= self.target else 0 for i, t in enumerate(self.totals)]
        return Outcome(tuple(scores), rank_by([(s,) for s in scores]), tuple({"points": s} for s in scores))

    def clone(self) -> "ToyState":
        c = ToyState.__new__(ToyState)
        c.n, c.bids, c.totals, c.turn, c.rolling, c.target = self.n, self.bids[:], self.totals[:], self.turn, self.rolling, self.target
        c.busted = self.busted
        return c

    def sample(self, seat: int, rng: random.Random) -> "ToyState":
        c = self.clone()
        if any(b is None for b in self.bids):  # unrevealed bids of others are unknown
            c.bids = [b if i == seat or b is None else rng.randrange(3) for i, b in enumerate(self.bids)]
        return c

    def to_json(self) -> dict:
        return {"game": "toy", "version": 1, "n": self.n, "bids": self.bids, "totals": self.totals,
                "turn": self.turn, "rolling": self.rolling, "target": self.target}

    def news(self, viewer: int | None) -> list[str]:
        return [f"Player {self.turn} loses everything rolled this turn"] if self.busted else []

    def describe(self, seat: int, action: Action, viewer: int | None) -> str:
        if action.type == "bid":
            return f"bids {action.amount}" if viewer == seat else "bids in secret"
        return {"roll": "rolls", "stop": "stops"}.get(action.type, f"the die shows {action.get('face')}")


class ToyGame(Game):
    id = "toy"
    title = "Toy dice"
    players = range(2, 4)
    options = {"target": Option("target", "int", 10, "the total to reach", minimum=5, maximum=30)}

    def new(self, players: int, seed: int, options: dict | None = None) -> ToyState:
        opts = self.resolve(players, options)
        return ToyState(players, opts["target"])

    def from_json(self, obj: dict) -> ToyState:
        self.check_snapshot(obj)
        s = ToyState(obj["n"], obj["target"])
        s.bids, s.totals, s.turn, s.rolling = list(obj["bids"]), list(obj["totals"]), obj["turn"], obj["rolling"]
        s.busted = False
        return s

    def build_action_space(self, players: int) -> ActionSpace:
        return ActionSpace([*BIDS, ROLL, STOP, *DIE])


GAME = ToyGame()
