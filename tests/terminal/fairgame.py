"""Fair: a small market game for testing the terminal against the contract alone, with
every kind of decision the three real games have.

Each round opens with a chance draw (which fruit is cheap today). Then every player
plans in secret (a simultaneous decision): visit one or two of four stalls, in stall
order, and seal the plan (a multi-part choice: `pick()`); each stall visited pays a
coin when the plans are revealed. Then, in turn, each player buys up to three fruits in
fruit order (a multi-part choice with repeats and no finishing move: after it the turn
goes on, one move at a time), then ends the turn; or, before buying, leaves the market
for good (irreversible: `confirm()`; ending a turn without buying asks too). After
three fruits the only move is to end the turn (a forced step). Score: each fruit is worth
its value, each coin one point.

The terminal frontend draws a board of `board_lines` lines, so that tests can try a
board taller than the screen; the svg frontend draws a tiny SVG."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any, Mapping

from reichsstadt.core import (
    CHANCE, SHARED, Action, ActionSpace, Game, GameInfo, IllegalAction, Option, Outcome, Pick, State, envelope,
    rank_by,
)
from reichsstadt.core.events import Event


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """All plans are revealed."""


FRUITS = ("apple", "pear", "plum", "fig")
STALLS = ("north", "east", "south", "west")
START_COINS = 6
MOST_BUYS = 3
MOST_VISITS = 2

VISIT = [Action("visit", stall=s) for s in range(4)]
SEAL = Action("seal")
BUY = [Action("buy", fruit=f) for f in range(4)]
END = Action("end")
RETIRE = Action("retire")
CHEAP = [Action("cheap", fruit=f) for f in range(4)]


def price(fruit: int, cheap: int) -> int:
    return fruit + 2 - (1 if fruit == cheap else 0)


class FairState(State):
    n: Annotated[int, SHARED]            # players
    rounds: Annotated[int, SHARED]       # rounds in the game
    board_lines: Annotated[int, SHARED]  # how tall the terminal board is drawn
    round: int                           # the round under way (rounds + 1: the game is over)
    cheap: int                           # the cheap fruit of this round, -1 before the draw
    plans: list[int]                     # each seat's stalls as a bit mask (secret until all sealed)
    sealed: list[bool]                   # each seat has sealed its plan this round
    coins: list[int]                     # each seat's coins
    baskets: list[list[int]]             # each seat's fruits by kind
    turn: int                            # the seat on turn in the market (-1 while planning)
    moved: int                           # how many seats have had their market turn this round
    bought: int                          # fruits bought in this turn
    last: int                            # the last fruit bought in this turn (-1: none yet)
    retired: list[bool]                  # each seat has left the market for good

    game_id = "fair"

    @property
    def players(self) -> int:
        return self.n

    # -- rules ---------------------------------------------------------------------------
    def _to_act(self) -> tuple[int, ...]:
        if self.round > self.rounds:
            return ()
        if self.cheap < 0:
            return (CHANCE,)
        planning = tuple(i for i in range(self.n) if not self.sealed[i])
        if planning:
            return planning
        return (self.turn,)

    def _legal(self, seat: int) -> list[Action]:
        if not self.sealed[seat]:
            plan = self.plans[seat]
            visits = bin(plan).count("1")
            top = plan.bit_length() - 1
            out = [VISIT[s] for s in range(4) if s > top and visits < MOST_VISITS]
            return out + ([SEAL] if visits else [])
        out = []
        if self.bought < MOST_BUYS:
            out = [BUY[f] for f in range(max(self.last, 0), 4) if self.coins[seat] >= price(f, self.cheap)]
        out.append(END)
        if self.bought == 0:
            out.append(RETIRE)
        return out

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(c, 0.25) for c in CHEAP] if self.to_act() == (CHANCE,) else []

    def _apply(self, seat: int, action: Action) -> None:
        kind = action.type
        if seat == CHANCE:
            self.cheap = action.fruit
        elif kind == "visit":
            self.plans[seat] |= 1 << action.stall
        elif kind == "seal":
            self.sealed[seat] = True
            if all(self.sealed):
                self._event((Revealed,))
                for i in range(self.n):
                    self.coins[i] += bin(self.plans[i]).count("1")
                self._next_turn(first=True)
        elif kind == "buy":
            self.coins[seat] -= price(action.fruit, self.cheap)
            self.baskets[seat][action.fruit] += 1
            self.bought += 1
            self.last = action.fruit
        else:
            if kind == "retire":
                self.retired[seat] = True
            self._next_turn()

    def _next_turn(self, first: bool = False) -> None:
        self.bought, self.last = 0, -1
        if first:
            self.moved, seat = 0, (self.round - 1) % self.n
        else:
            self.moved, seat = self.moved + 1, (self.turn + 1) % self.n
        while self.moved < self.n and self.retired[seat]:
            self.moved, seat = self.moved + 1, (seat + 1) % self.n
        if self.moved < self.n:
            self.turn = seat
            return
        self.round = self.rounds + 1 if all(self.retired) else self.round + 1
        self.turn = -1
        if self.round <= self.rounds:
            self.cheap = -1
        self.plans = [0] * self.n
        self.sealed = list(self.retired)

    def _why(self, seat: int, action: Action) -> str:
        if action.type == "visit":
            return "stalls are visited in order (north, east, south, west), at most two"
        if action.type == "buy":
            if self.bought >= MOST_BUYS:
                return "at most three fruits a turn"
            if action.fruit < self.last:
                return "fruits are bought in order: apples, pears, plums, figs"
            return f"a {FRUITS[action.fruit]} costs {price(action.fruit, self.cheap)} coins"
        return "that is not a move now"

    def _check_position(self) -> None:
        if len(self.coins) != self.n:
            raise ValueError("fair position: one purse per player")

    # -- for people ----------------------------------------------------------------------
    def pick(self, seat: int) -> Pick | None:
        if seat not in self.to_act():
            return None
        if not self.sealed[seat] and self.plans[seat] == 0:
            return Pick(parts=tuple(VISIT), finish=SEAL, most=MOST_VISITS, least=1)
        if self.sealed[seat] and self.turn == seat and self.bought == 0:
            return Pick(parts=tuple(BUY), finish=None, most=MOST_BUYS, least=1, repeat=True)
        return None

    def confirm(self, seat: int, action: Action) -> str | None:
        if action is RETIRE:
            return "you leave the market for the rest of the game and cannot come back"
        if action is END and self.bought == 0 and self.coins[seat] >= min(price(f, self.cheap) for f in range(4)):
            return "you end your turn without buying, although you have coins to spend"
        return None

    def view(self, seat: int | None) -> dict[str, Any]:
        revealed = all(self.sealed)
        seats = []
        for i in range(self.n):
            plan = self.plans[i]
            seats.append({
                "coins": self.coins[i], "basket": list(self.baskets[i]), "sealed": self.sealed[i],
                "retired": self.retired[i],
                "plan": [s for s in range(4) if plan >> s & 1] if revealed or i == seat else None,
            })
        phase = "over" if self.round > self.rounds else "planning" if not revealed else "market"
        return envelope(self, seat, phase, seats, {"round": self.round, "cheap": self.cheap, "turn": self.turn,
                                                   "board_lines": self.board_lines})

    def describe(self, seat: int, action: Action, viewer: int | None) -> str:
        kind = action.type
        if kind == "cheap":
            return f"the {FRUITS[action.fruit]} is cheap today"
        if kind == "visit":
            return f"visit the {STALLS[action.stall]} stall" if viewer == seat else "plan a visit"
        if kind == "seal":
            return "seal the plan"
        if kind == "buy":
            cost = price(action.fruit, self.cheap)
            article = "an" if FRUITS[action.fruit][0] in "aeiou" else "a"
            return f"buy {article} {FRUITS[action.fruit]} for {cost} coin" + \
                ("s" if cost != 1 else "")
        if kind == "end":
            return "end the turn"
        return "leave the market for good"

    def news(self, viewer: int | None) -> list[str]:
        out = []
        for e in self.events:
            if isinstance(e, Revealed):
                out.append("Plans revealed: " + "; ".join(
                    f"Player {i + 1} visits " + " and ".join(STALLS[s] for s in range(4) if self.plans[i] >> s & 1)
                    for i in range(self.n) if self.plans[i]))
        return out

    def outcome(self) -> Outcome:
        if not self.over():
            raise IllegalAction("the game is not over")
        fruit = [sum(c * (f + 2) for f, c in enumerate(b)) for b in self.baskets]
        scores = [fruit[i] + self.coins[i] for i in range(self.n)]
        return Outcome(tuple(scores), rank_by([(s,) for s in scores]),
                       tuple({"fruit": fruit[i], "coins": self.coins[i]} for i in range(self.n)))

    def sample(self, seat: int, rng: random.Random) -> "FairState":
        c = self.clone()
        if not all(self.sealed):
            for i in range(self.n):
                if i != seat and self.plans[i]:
                    k = bin(self.plans[i]).count("1")
                    c.plans[i] = sum(1 << s for s in rng.sample(range(4), k))
        return c


class FairGame(Game):
    id = "fair"
    title = "Fair"
    players = range(2, 5)
    options = {
        "rounds": Option("rounds", "int", 2, "rounds in the game", minimum=1, maximum=5),
        "board_lines": Option("board_lines", "int", 8, "lines of the terminal board", minimum=1, maximum=200),
    }
    parts = {"terminal": "tests.terminal.fairgame:render", "svg": "tests.terminal.fairgame:svg"}

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> FairState:
        opts = self.resolve(players, options)
        s = FairState.__new__(FairState)
        s._init_base(self, players, seed, opts)
        s.n, s.rounds, s.board_lines = players, opts["rounds"], opts["board_lines"]
        s.round, s.cheap, s.turn, s.moved, s.bought, s.last = 1, -1, -1, 0, 0, -1
        s.plans, s.sealed, s.retired = [0] * players, [False] * players, [False] * players
        s.coins, s.baskets = [START_COINS] * players, [[0] * 4 for _ in range(players)]
        return s

    def glossary(self) -> list[tuple[str, str]]:
        return [*((f"{f.capitalize()}", f"a fruit worth {i + 2} points; it costs {i + 2} coins, one less on the "
                   f"day it is cheap") for i, f in enumerate(FRUITS)),
                *((f"{s.capitalize()} stall", "visiting it in your plan pays a coin when the plans are revealed")
                  for s in STALLS)]

    def _info(self, players: int, options: dict[str, Any]) -> GameInfo:
        return GameInfo(game=self.id, players=players, num_actions=self.num_actions(players), max_chance_outcomes=4,
                        max_game_length=5 * players * 10, min_score=0, max_score=200, simultaneous=True)

    def build_action_space(self, players: int) -> ActionSpace:
        return ActionSpace([*VISIT, SEAL, *BUY, END, RETIRE, *CHEAP])


GAME = FairGame()


def render(view: dict[str, Any], seat: int | None, names: list[str], words: Any) -> Any:
    """The board: a first line that says what matters now, a line per player, then filler
    up to `board_lines` lines."""
    from rich.text import Text

    t = view["table"]
    lines = [f"FAIR round {t['round']}: cheap {FRUITS[t['cheap']] if t['cheap'] >= 0 else '?'}"]
    for i, p in enumerate(view["seats"]):
        lines.append(f"{names[i]}: {p['coins']} coins, basket {p['basket']}, plan {p['plan']}")
    while len(lines) < t["board_lines"]:
        lines.append(f"board line {len(lines) + 1}")
    return Text("\n".join(lines[:max(t["board_lines"], 1 + len(view["seats"]))]))


def svg(data: Any) -> str:
    return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'
