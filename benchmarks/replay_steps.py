"""CPU of one replay step (a finished game's position, as the replay page asks for it):
the whole game replayed up to it (the server before 2026-11-27) beside the positions the
server keeps (`reichsstadt.server.replays`: a copy of the state every 32 moves).

    python3 benchmarks/replay_steps.py [--seed 424242] [--steps 200]

One greedy game of four players per game; `--steps` positions asked in random order,
each seen by seat 0; CPU milliseconds a step (the kept copies are made while asking, so
their cost is in the figure). The board drawing and the database read of the moves are
left out (the server skipped the latter too once the game is kept)."""

from __future__ import annotations

import argparse
import os
import random
import time

from reichsstadt.bots.specs import make_bot
from reichsstadt.core import Match, replay
from reichsstadt.server.replays import GamePositions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=424242)
    ap.add_argument("--steps", type=int, default=200)
    args = ap.parse_args()
    print("| game | moves | whole replay ms/step | kept positions ms/step | ratio | load |")
    print("|---|---:|---:|---:|---:|---:|")
    for game in ("colonia", "siedler", "norenberc"):
        match = Match(game, 4, args.seed)
        match.run({s: make_bot("greedy", s, game) for s in range(4)})
        rec = match.record
        rng = random.Random(args.seed)
        asked = [rng.randrange(len(rec.moves) + 1) for _ in range(args.steps)]
        started = time.process_time()
        for k in asked:
            replay(rec, k).view(0)
        whole = (time.process_time() - started) / len(asked)
        kept = GamePositions(rec.game, rec.players, rec.seed, rec.options, rec.moves)
        started = time.process_time()
        for k in asked:
            kept.at(k).view(0)
        fast = (time.process_time() - started) / len(asked)
        print(f"| {game} 4p | {len(rec.moves)} | {whole * 1000:.2f} | {fast * 1000:.2f} | {whole / fast:.0f}× "
              f"| {os.getloadavg()[0]:.1f} |")


if __name__ == "__main__":
    main()
