"""A tiny game with what Norenberc does not use yet: a multi-part choice (`pick`), moves
that ask for confirmation (`confirm`), and a secret the log must keep.

In turn, each player takes up to two goods from four stalls (a pick: any two parts, then
"done"); ending a turn with fewer than two goods asks first. Then a die (a chance node)
puts coins in the player's purse, which only that player sees until the end. After
`rounds` rounds, each good is worth 2 and each coin 1.

Registered by the `market` fixture only (tests/server/conftest.py): registering it at
import would change `game_ids()` for every test collected after it."""

from __future__ import annotations

import random
from typing import Annotated, Any, Mapping

from reichsstadt.core import (
    CHANCE, SHARED, Action, ActionSpace, Game, GameInfo, IllegalAction, Option, Outcome, Pick, State, envelope,
    rank_by,
)

TAKE = [Action("take", stall=g) for g in range(4)]
DONE = Action("done")
DIE = [Action("coins", amount=f) for f in range(1, 7)]
MOST = 2


class MarketState(State):
    n: Annotated[int, SHARED]
    rounds: Annotated[int, SHARED]
    goods: list[int]          # goods taken so far, per seat
    purse: list[int]          # coins, per seat (secret until the end)
    taken: list[int]          # stalls taken from this turn
    turn: int                 # turns played so far
    rolling: bool             # the die is due

    game_id = "market"

    @property
    def players(self) -> int:
        return self.n

    def _seat(self) -> int:
        return self.turn % self.n

    def _to_act(self) -> tuple[int, ...]:
        if self.turn >= self.n * self.rounds:
            return ()
        return (CHANCE,) if self.rolling else (self._seat(),)

    def _legal(self, seat: int) -> list[Action]:
        takes = [TAKE[g] for g in range(4) if g not in self.taken] if len(self.taken) < MOST else []
        return [*takes, DONE]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(d, 1 / 6) for d in DIE] if self.to_act() == (CHANCE,) else []

    def _apply(self, seat: int, action: Action) -> None:
        if seat == CHANCE:
            self.purse[self._seat()] += action.amount
            self.rolling = False
            self.turn += 1
        elif action.type == "take":
            self.taken = [*self.taken, action.stall]
            self.goods[seat] += 1
        else:
            self.taken = []
            self.rolling = True

    def _why(self, seat: int, action: Action) -> str:
        return "take at most two goods, each stall once, then end the turn"

    def _check_position(self) -> None:
        if len(self.goods) != self.n or len(self.purse) != self.n:
            raise ValueError("market position: goods and purse need one entry per player")

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.over()
        seats = [{"goods": g, "purse": p if over or i == seat else None}
                 for i, (g, p) in enumerate(zip(self.goods, self.purse))]
        return envelope(self, seat, "over" if over else "market", seats,
                        {"turn": self.turn, "taken": list(self.taken), "rounds": self.rounds})

    def outcome(self) -> Outcome:
        if not self.over():
            raise IllegalAction("the game is not over")
        scores = [2 * g + p for g, p in zip(self.goods, self.purse)]
        return Outcome(tuple(scores), rank_by([(s,) for s in scores]),
                       tuple({"goods": 2 * g, "coins": p} for g, p in zip(self.goods, self.purse)))

    def sample(self, seat: int, rng: random.Random) -> "MarketState":
        c = self.clone()
        if not self.over():
            c.purse = [p if i == seat else rng.randrange(0, 6 * self.rounds + 1) for i, p in enumerate(self.purse)]
        return c

    def describe(self, seat: int, action: Action, viewer: int | None) -> str:
        if seat == CHANCE:
            owner = self._seat()
            return f"{action.amount} coins into the purse" if viewer == owner else "coins into a purse"
        if action.type == "take":
            return f"take a good from stall {action.stall + 1}"
        return "end the turn"

    def pick(self, seat: int) -> Pick | None:
        if self.rolling or self.taken or seat != self._seat():
            return None
        return Pick(parts=tuple(TAKE), finish=DONE, most=MOST, least=0)

    def confirm(self, seat: int, action: Action) -> str | None:
        if action == DONE and len(self.taken) < MOST:
            return "you could still take a good this turn"
        return None


class MarketGame(Game):
    id = "market"
    title = "Market (test game)"
    players = range(2, 5)
    options = {"rounds": Option("rounds", "int", 2, "rounds to play", minimum=1, maximum=3)}

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> MarketState:
        opts = self.resolve(players, options)
        s = MarketState.__new__(MarketState)
        s._init_base(self, players, seed, opts)
        s.n, s.rounds = players, opts["rounds"]
        s.goods, s.purse, s.taken, s.turn, s.rolling = [0] * players, [0] * players, [], 0, False
        return s

    def _info(self, players: int) -> GameInfo:
        return GameInfo(game=self.id, players=players, num_actions=self.num_actions(players), max_chance_outcomes=6,
                        max_game_length=players * 3 * 4, min_score=0, max_score=3 * 10, simultaneous=False)

    def build_action_space(self, players: int) -> ActionSpace:
        return ActionSpace([*TAKE, DONE, *DIE])


GAME = MarketGame()
