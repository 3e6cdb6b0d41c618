"""Throughput of an engine under uniformly random self-play: decisions per second,
games per second, clone() time and memory per state. Printed, never asserted."""

from __future__ import annotations

import os
import random
import time
import tracemalloc
from dataclasses import asdict, dataclass
from typing import Any, Callable

from ..bots.random_bot import RandomBot
from ..core import Game, Match, State, game as find_game


@dataclass
class BenchResult:
    game: str
    players: int
    games: int
    decisions: int          # player decisions (chance draws not counted)
    chance_steps: int
    seconds: float
    decisions_per_second: float
    games_per_second: float
    clone_microseconds: float
    bytes_per_state: int
    clock: str                  # what `seconds` counts: "wall" (the wall clock) or "cpu" (this process's CPU time)
    load_average: float | None  # the machine's 1-minute load before the run (None where the system has none)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def random_game(game: Game, players: int, seed: int, options: dict[str, Any] | None = None) -> tuple[int, int]:
    """One game of random self-play through the runner, unrecorded; (decisions, chance steps)."""
    match = Match(game, players, seed, options, recording=False)
    bot = RandomBot(seed)
    match.advance({s: bot for s in range(players)})
    return match.decisions, match.chance_steps


def _every_seventh(out: list[State], count: int) -> Callable[[int, Any, State], None]:
    """A runner hook that keeps a clone of every 7th state of its game in `out`, up to `count`."""
    moves = [0]

    def take(seat: int, action: Any, state: State) -> None:
        moves[0] += 1
        if moves[0] % 7 == 0 and len(out) < count:
            out.append(state.clone())
    return take


def midgame_states(game: Game, players: int, seed: int, count: int,
                   options: dict[str, Any] | None = None) -> list[State]:
    """States taken along random games (every 7th move), to time clone() on realistic
    positions."""
    out: list[State] = []
    rng = random.Random(seed)
    while len(out) < count:
        match = Match(game, players, rng.randrange(1 << 30), options, recording=False)
        bot = RandomBot(rng.randrange(1 << 30))
        match.after.append(_every_seventh(out, count))
        match.advance({s: bot for s in range(players)})
    return out


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""The clocks a measure may count by: the wall clock, or this process's CPU seconds (fair
on a loaded machine: other processes' turns are not counted)."""


def load_average() -> float | None:
    """The machine's load average over the last minute, beside a figure measured on it (a
    busy machine's figure says so); None where the system keeps none."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def measure(game_id: str, players: int, seconds: float = 5.0, seed: int = 1,
            options: dict[str, Any] | None = None,
            clock: str | Callable[[], float] = "wall") -> BenchResult:
    """Random self-play for `seconds` of `clock` (a name of CLOCKS, or a clock of one's
    own), then clone() time and memory."""
    load = load_average()
    clock_name = clock if isinstance(clock, str) else next((k for k, v in CLOCKS.items() if v is clock), "own")
    clock = CLOCKS[clock] if isinstance(clock, str) else clock
    game = find_game(game_id)
    options = game.resolve(players, options)
    games = decisions = chance = 0
    start = clock()
    while clock() - start < seconds or games == 0:
        d, c = random_game(game, players, seed + games, options)
        decisions += d
        chance += c
        games += 1
    elapsed = clock() - start

    states = midgame_states(game, players, seed, 200, options)
    rounds = 20
    t0 = clock()
    for _ in range(rounds):
        for s in states:
            s.clone()
    clone_us = (clock() - t0) / (rounds * len(states)) * 1e6

    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    copies = [s.clone() for s in states]
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    del copies
    return BenchResult(
        game=game_id, players=players, games=games, decisions=decisions, chance_steps=chance,
        seconds=round(elapsed, 3), decisions_per_second=round(decisions / elapsed, 1),
        games_per_second=round(games / elapsed, 2), clone_microseconds=round(clone_us, 2),
        bytes_per_state=int(grown / len(states)), clock=clock_name, load_average=load,
    )
