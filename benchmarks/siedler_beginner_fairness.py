"""Seat fairness of the Siedler beginner positions (rulebook section 3), measured.

    python3 benchmarks/siedler_beginner_fairness.py [--games 1000] [--jobs 2] [--seed 10001] [--map FILE]

Uniformly random bots in every seat, default options (beginner setup), `--games` games per
player count (3 and 4). Prints each seat's share of the wins, a shared win split evenly
(as `reichsstadt simulate` counts it), with a 95 % confidence interval (Wilson score
interval of a binomial share; splitting shared wins only narrows the true interval).
Seat 1 is white, 2 red, 3 blue, 4 orange; with three players orange is not in the game.
`--map` measures another map file, e.g. the positions before issue 7. The default seeds
(10001 on) are not among those the positions were tuned on. The figures in
benchmarks/siedler_beginner_fairness.md come from this script; why the positions are
where they are: reichsstadt/games/siedler/beginner_positions.md.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

# this checkout's package, not whichever reichsstadt is installed
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reichsstadt.arena.simulate import simulate  # noqa: E402
from reichsstadt.core import game as find_game  # noqa: E402
from reichsstadt.core.errors import BadOption, ReichsstadtError  # noqa: E402

COLORS = ("white", "red", "blue", "orange")


def shares(players: int, games: int, seed: int, jobs: int, map_file: str | None) -> list[float]:
    """Each seat's share of the wins (shared wins split evenly)."""
    options = {"map": map_file} if map_file else None
    wins = [0.0] * players
    for r in simulate("siedler", games, players, seed=seed, options=options, jobs=jobs):
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
    return [w / games for w in wins]


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share p observed over n games."""
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=10001, help="seed of the first game (game i uses seed+i)")
    parser.add_argument("--map", default=None, help="a Siedler map file (default: the bundled map.json)")
    args = parser.parse_args()
    try:
        table(args)
    except ReichsstadtError as exc:  # a bad --map file, --games 0, --jobs 0: said plainly
        print(f"siedler_beginner_fairness: {exc}", file=sys.stderr)
        sys.exit(2)


def table(args: argparse.Namespace) -> None:
    """Print the table of every seat's share at 3 and at 4 players."""
    if args.games < 1 or args.jobs < 1:
        raise BadOption(f"--games and --jobs must be at least 1, not {args.games} and {args.jobs}")
    find_game("siedler").new(3, 0, {"map": args.map})  # a bad map file is refused before the table starts
    print(f"siedler, beginner setup, random bots, {args.games} games per player count, seeds "
          f"{args.seed}..{args.seed + args.games - 1}, map {args.map or 'bundled'}\n")
    print("| players | seat | colour | share of wins | 95 % interval | fair |")
    print("|---|---|---|---|---|---|")
    for players in (3, 4):
        fair = 1 / players
        for seat, p in enumerate(shares(players, args.games, args.seed, args.jobs, args.map)):
            lo, hi = wilson(p, args.games)
            print(f"| {players} | {seat + 1} | {COLORS[seat]} | {100 * p:.1f} % | "
                  f"{100 * lo:.1f}–{100 * hi:.1f} % | {100 * fair:.1f} % |", flush=True)


if __name__ == "__main__":
    main()
