"""Random self-play figures for every game and player count, as a Markdown table.

    python3 benchmarks/run_all.py [--seconds 5]

The figures in benchmarks/README.md come from this script (`reichsstadt bench GAME` gives
one row). Nothing here is asserted in tests: timings depend on the machine."""

from __future__ import annotations

import argparse
import platform

import reichsstadt
from reichsstadt.arena.bench import measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="self-play time per row")
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: all)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.seconds:g} s per row\n")
    print("| game | players | games/s | decisions/s | chance steps/game | clone µs | bytes/state |")
    print("|---|---|---|---|---|---|---|")
    for gid in args.games or reichsstadt.games():
        for n in reichsstadt.game(gid).players:
            r = measure(gid, n, args.seconds)
            print(f"| {gid} | {n} | {r.games_per_second:.1f} | {r.decisions_per_second:,.0f} | "
                  f"{r.chance_steps / r.games:.0f} | {r.clone_microseconds:.1f} | {r.bytes_per_state:,} |",
                  flush=True)


if __name__ == "__main__":
    main()
