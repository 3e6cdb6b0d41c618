"""The heuristic players in two or more trees, side by side: whether a change kept their
choices, and what a decision costs.

    python3 benchmarks/heuristics_side_by_side.py --tree before=../baseline --tree after=. \\
        [--rounds 2] [--games norenberc=20,siedler=30,colonia=10]

Per game and tree, in a process of its own (the trees alternate, round by round, so the
machine's load weighs on each alike):

- **self-play**: seeded games of four `greedy` players (seeds 830000..), as a digest of
  every move and the CPU microseconds a decision (the engine's moves included);
- **playouts**: positions every 25th decision along one greedy game (seed 840000), from
  each six continuations of 40 decisions by the heuristic playout policy
  (`greedy_playout`: the plan on each seat's view of the state, as the tree search's
  `policy=heuristic` and the rollout search play it), chance drawn from seeded random
  sources: a digest of every choice and the CPU microseconds a decision.

A change that only makes the heuristic faster gives the same digests in every tree.
Nothing is asserted: it prints a table of the medians over the rounds."""

from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path
from typing import Any

from engines_side_by_side import game_counts, named_trees, run_in  # benchmarks/ is the script's folder: sys.path[0]

_MEASURE = """
import hashlib, json, random, sys, time
from reichsstadt.bots import make_bot
from reichsstadt.bots.heuristic import module
from reichsstadt.bots.rollout import draw_chance
from reichsstadt.core import CHANCE, Match
game, games = sys.argv[1], int(sys.argv[2])
plan = module(game, ("greedy_playout",), "the benchmark")
digest, decisions = hashlib.sha256(), [0]
def seen(seat, action, state):
    decisions[0] += 1
    digest.update(repr((seat, action.to_json())).encode())
cpu = time.process_time()
for k in range(games):
    match = Match(game, 4, 830000 + k, recording=False)
    match.after.append(seen)
    match.advance({s: make_bot("greedy", 8300000 + 10 * k + s, game) for s in range(4)})
self_cpu, self_n, self_digest = time.process_time() - cpu, decisions[0], digest.hexdigest()[:16]
states, k = [], [0]
def take(seat, action, state):
    k[0] += 1
    if k[0] % 25 == 0:
        states.append(state.clone())
match = Match(game, 4, 840000, recording=False)
match.after.append(take)
match.advance({s: make_bot("greedy", 8400000 + s, game) for s in range(4)})
digest, made = hashlib.sha256(), 0
cpu = time.process_time()
for i, start in enumerate(states):
    for r in range(6):
        rng = random.Random(1000 * i + r)
        state = start.clone()
        for _ in range(40):
            to_act = state.to_act()
            if not to_act:
                break
            p = to_act[0]
            if p == CHANCE:
                state.apply(CHANCE, draw_chance(state, rng.random))
                continue
            action = plan.greedy_playout(state, p, rng)
            made += 1
            digest.update(repr(action.to_json()).encode())
            state.apply(p, action)
print(json.dumps({"self_us": 1e6 * self_cpu / self_n, "self_decisions": self_n, "self_digest": self_digest,
                  "playout_us": 1e6 * (time.process_time() - cpu) / max(made, 1), "playout_decisions": made,
                  "playout_digest": digest.hexdigest()[:16]}))
"""


def measure(tree: Path, game: str, games: int) -> dict[str, Any]:
    """One tree's figures for one game, with the load average as it ended."""
    found = run_in(tree, ["-c", _MEASURE, game, str(games)])
    found["load"] = os.getloadavg()[0]
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tree", action="append", required=True, metavar="NAME=PATH",
                    help="a tree to measure (a checkout of the project); give two or more")
    ap.add_argument("--rounds", type=int, default=2, help="rounds; the trees alternate within each")
    ap.add_argument("--games", default="norenberc=20,siedler=30,colonia=10", help="self-play games per game")
    args = ap.parse_args()
    if args.rounds < 1:
        raise SystemExit(f"--rounds {args.rounds}: give at least 1")
    trees = named_trees(args.tree)
    games = game_counts(args.games)
    rows: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for _ in range(args.rounds):
        for game, count in games.items():
            for name, tree in trees.items():
                rows.setdefault((game, name), []).append(measure(tree, game, count))
    print("| game | tree | self-play µs a decision | decisions | digest | playout µs a decision | decisions | digest "
          "| load (1 min) |")
    print("|---|---|---:|---:|---|---:|---:|---|---|")
    for (game, name), runs in rows.items():
        first = runs[0]
        print(f"| {game} | {name} | {statistics.median(r['self_us'] for r in runs):.1f} | {first['self_decisions']:,} "
              f"| {first['self_digest']} | {statistics.median(r['playout_us'] for r in runs):.1f} "
              f"| {first['playout_decisions']:,} | {first['playout_digest']} "
              f"| {', '.join(format(r['load'], '.1f') for r in runs)} |")
    for game in games:
        digests = {(r[0]["self_digest"], r[0]["playout_digest"]) for (g, _), r in rows.items() if g == game}
        print(f"- {game}: {'the same choices in every tree' if len(digests) == 1 else 'DIFFERENT choices'}")


if __name__ == "__main__":
    main()
