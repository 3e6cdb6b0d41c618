"""A tiny game that uses every part of the contract, for testing the core alone.

Each player first bids 0-2 in secret (a simultaneous decision), then in turn order rolls a
die (a chance node) or stops; a roll of 1 ends that player's turn with nothing; whoever
ends nearest to 10 without passing it, plus their bid if they made 10 exactly, wins."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any, Mapping

from reichsstadt.core import (
    CHANCE, SHARED, Action, ActionSpace, Game, GameInfo, IllegalAction, Option, Outcome, State, envelope, rank_by,
)
from reichsstadt.core.events import Event

BIDS = [Action("bid", amount=a) for a in range(3)]
ROLL, STOP = Action("roll"), Action("stop")
DIE = [Action("die", face=f) for f in range(1, 7)]


@dataclass(frozen=True, slots=True)
class Busted(Event):
    """The player on turn rolled a 1 and loses the turn's total."""
    player: int


class ToyState(State):
    n: Annotated[int, SHARED]          # players
    target: Annotated[int, SHARED]     # the total to reach
    bids: list[int | None]             # each seat's secret bid, None until made
    totals: list[int]                  # each seat's total so far
    turn: int                          # whose turn to roll (n: all done)
    rolling: bool                      # a roll is under way (a chance node)


    @property
    def players(self) -> int:
        return self.n

    def _to_act(self) -> tuple[int, ...]:
        pending = tuple(i for i, b in enumerate(self.bids) if b is None)
        if pending:
            return pending
        if self.turn >= self.n:
            return ()
        return (CHANCE,) if self.rolling else (self.turn,)

    def _legal(self, seat: int) -> list[Action]:
        return list(BIDS) if self.bids[seat] is None else [ROLL, STOP]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(d, 1 / 6) for d in DIE] if self.to_act() == (CHANCE,) else []

    def _apply(self, seat: int, action: Action) -> None:
        if seat == CHANCE:
            self.rolling = False
            if action.face == 1:
                self._event((Busted, self.turn))
                self.totals[self.turn] = 0
                self.turn += 1
            else:
                self.totals[self.turn] += action.face
                if self.totals[self.turn] > self.target:
                    self.turn += 1
        elif action.type == "bid":
            self.bids[seat] = action.amount
        elif action is ROLL:
            self.rolling = True
        else:
            self.turn += 1

    def _why(self, seat: int, action: Action) -> str:
        return "bids come first, then rolls" if action.type != "bid" else "you have already bid"

    def _check_position(self) -> None:
        if len(self.bids) != self.n or len(self.totals) != self.n:
            raise ValueError("toy position: bids and totals need one entry per player")

    def view(self, seat: int | None) -> dict[str, Any]:
        revealed = all(b is not None for b in self.bids)
        seats = [{"total": t, "bid": b if revealed or i == seat else (b is not None)}
                 for i, (t, b) in enumerate(zip(self.totals, self.bids))]
        phase = "bidding" if not revealed else ("over" if self.turn >= self.n else "rolling")
        return envelope(self, seat, phase, seats, {"turn": self.turn, "target": self.target})

    def outcome(self) -> Outcome:
        if not self.over():
            raise IllegalAction("the game is not over")
        scores = [t + (self.bids[i] or 0 if t == self.target else 0) if t <= self.target else 0
                  for i, t in enumerate(self.totals)]
        return Outcome(tuple(scores), rank_by([(s,) for s in scores]), tuple({"points": s} for s in scores))

    def sample(self, seat: int, rng: random.Random) -> "ToyState":
        c = self.clone()
        if any(b is None for b in self.bids):  # unrevealed bids of others are unknown
            c.bids = [b if i == seat or b is None else rng.randrange(3) for i, b in enumerate(self.bids)]
        return c

    def news(self, viewer: int | None) -> list[str]:
        return [f"Player {e.player + 1} loses everything rolled this turn" for e in self.events
                if isinstance(e, Busted)]

    def describe(self, seat: int, action: Action, viewer: int | None) -> str:
        if action.type == "bid":
            return f"bid {action.amount}" if viewer == seat else "bid in secret"
        return {"roll": "roll", "stop": "stop"}.get(action.type, f"the die shows {action.get('face')}")


class ToyGame(Game):
    id = "toy"
    title = "Toy dice"
    players = range(2, 4)
    options = {"target": Option("target", "int", 10, "the total to reach", minimum=5, maximum=30)}
    parts = {"encoder": "tests.interop.toy_encoder:build"}

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> ToyState:
        opts = self.resolve(players, options)
        s = ToyState.__new__(ToyState)
        s._init_base(self, players, seed, opts)
        s.n, s.target = players, opts["target"]
        s.bids, s.totals, s.turn, s.rolling = [None] * players, [0] * players, 0, False
        return s

    def _info(self, players: int, options: dict[str, Any]) -> GameInfo:
        target = options["target"]
        return GameInfo(
            game=self.id, players=players, num_actions=self.num_actions(players), max_chance_outcomes=6,
            max_game_length=players * (1 + 2 * (target // 2 + 1)), min_score=0, max_score=target + 2,
            simultaneous=True,
            reasons={"max_game_length": "a bid each, then per player at most target // 2 + 1 rolls (each "
                                        "adds 2 or more, or busts), each a decision and a draw"},
        )

    def build_action_space(self, players: int) -> ActionSpace:
        return ActionSpace([*BIDS, ROLL, STOP, *DIE])


GAME = ToyGame()
