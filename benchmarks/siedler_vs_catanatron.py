"""Die Siedler von Nürnberg (reichsstadt) side by side with Catanatron 3.2.1 (Catan):
4-player uniformly random self-play of both engines in one run; games per second,
player decisions per second, clone time; and the ratios.

    pip install 'reichsstadt[bench]'    # catanatron==3.2.1
    python benchmarks/siedler_vs_catanatron.py --seconds 20 [--clock cpu|wall]

Both engines are timed by one clock: `cpu` (the default) counts this process's CPU
seconds, so a busy machine slows neither side's figure; `wall` the wall clock. The load
average is printed beside the figures.

Decisions are player decisions: chance outcomes (our event-card draws, stolen cards)
are not counted for us; Catanatron's dice rolls are player actions (ROLL) and are
counted for it, which favours Catanatron."""

from __future__ import annotations

import argparse
import json
import platform
import random
import os
import sys
import time
from typing import Callable

CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


def bench_siedler(seconds: float, seed: int, clock: Callable[[], float]) -> dict:
    from reichsstadt.arena.bench import measure

    r = measure("siedler", 4, seconds, seed, clock=clock)
    return {"games": r.games, "decisions": r.decisions, "seconds": r.seconds,
            "games_per_second": r.games_per_second, "decisions_per_second": r.decisions_per_second,
            "clone_microseconds": r.clone_microseconds}


def bench_catanatron(seconds: float, seed: int, clock: Callable[[], float]) -> dict:
    from catanatron import Color, Game, RandomPlayer
    from catanatron.game import TURNS_LIMIT

    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
    games = decisions = 0
    start = clock()
    while clock() - start < seconds or games == 0:
        game = Game([RandomPlayer(c) for c in colors], seed=seed + games + 1)
        while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
            game.play_tick()
            decisions += 1
        games += 1
    elapsed = clock() - start
    # clone time on positions taken along random games, as for ours
    rng = random.Random(seed)
    states = []
    while len(states) < 200:
        game = Game([RandomPlayer(c) for c in colors], seed=rng.randrange(1 << 30))
        step = 0
        while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT and len(states) < 200:
            game.play_tick()
            step += 1
            if step % 7 == 0:
                states.append(game.copy())
    rounds = 20
    t0 = clock()
    for _ in range(rounds):
        for g in states:
            g.copy()
    clone_us = (clock() - t0) / (rounds * len(states)) * 1e6
    return {"games": games, "decisions": decisions, "seconds": round(elapsed, 3),
            "games_per_second": round(games / elapsed, 2), "decisions_per_second": round(decisions / elapsed, 1),
            "clone_microseconds": round(clone_us, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0, help="self-play time per engine")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                    help="what a second is: this process's CPU time (default) or the wall clock")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    try:
        import catanatron  # noqa: F401
    except ImportError:
        sys.exit("catanatron is not installed: pip install catanatron==3.2.1 (the 'bench' extra)")
    if args.seconds <= 0:
        sys.exit(f"--seconds must be positive, not {args.seconds:g}")
    ours = bench_siedler(args.seconds, args.seed, CLOCKS[args.clock])
    theirs = bench_catanatron(args.seconds, args.seed, CLOCKS[args.clock])
    ratios = {
        "games_per_second": round(ours["games_per_second"] / theirs["games_per_second"], 2),
        "decisions_per_second": round(ours["decisions_per_second"] / theirs["decisions_per_second"], 2),
        "clone_time": round(ours["clone_microseconds"] / theirs["clone_microseconds"], 3),
    }
    result = {"python": platform.python_version(), "machine": platform.machine(), "seconds_each": args.seconds,
              "clock": args.clock, "load_average": [round(x, 2) for x in os.getloadavg()],
              "siedler": ours, "catanatron": theirs, "ratio_siedler_over_catanatron": ratios}
    if args.json:
        print(json.dumps(result, indent=1))
        return
    what = "s of CPU time" if args.clock == "cpu" else "s of wall-clock time"
    print(f"Python {result['python']} on {result['machine']}, {args.seconds:g} {what} of 4-player random self-play"
          f" each; load average {' '.join(f'{x:.2f}' for x in result['load_average'])}")
    print(f"{'':24}{'siedler':>14}{'catanatron':>14}{'ratio':>10}")
    for key, label in (("games_per_second", "games/s"), ("decisions_per_second", "decisions/s"),
                       ("clone_microseconds", "clone (µs)")):
        ratio = ratios["clone_time" if key == "clone_microseconds" else key]
        print(f"{label:24}{ours[key]:>14}{theirs[key]:>14}{ratio:>10}")
    print(f"{'games played':24}{ours['games']:>14}{theirs['games']:>14}")
    print(f"{'decisions':24}{ours['decisions']:>14}{theirs['decisions']:>14}")


if __name__ == "__main__":
    main()
