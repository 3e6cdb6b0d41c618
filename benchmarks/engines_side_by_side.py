"""Two trees of the project measured side by side, in one run, alternating: the engines'
speed before and after a change (`--tree before=PATH --tree after=PATH`).

For each game (4 players) and each round, every tree in turn:

- `reichsstadt bench GAME --players 4 --seconds S --json` (wall clock: decisions and games
  per second, clone() µs), the command a user runs;
- a fixed piece of work: the same seeded random games through `core.Match` (the runner
  every bot and the arena use), timed in process CPU seconds, so that the figure does not
  depend on what else the machine is doing; the same seeds give the same games in both
  trees when the rules are the same (the decisions are counted and compared);
- `benchmarks/siedler_vs_catanatron.py --seconds S --json` from that tree (Siedler beside
  Catanatron 3.2.1, when catanatron is installed).

Each figure is printed with the load average at that moment (os.getloadavg()), and the
medians per tree at the end, as a Markdown table. Nothing is asserted: timings belong to
a machine.

    python3 benchmarks/engines_side_by_side.py --tree before=../baseline --tree after=. --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

GAMES = ("norenberc", "siedler", "colonia")

_FIXED_WORK = """
import json, sys, time
from reichsstadt.arena.bench import random_game
from reichsstadt.core import game
g = game(sys.argv[1])
players, games = int(sys.argv[2]), int(sys.argv[3])
random_game(g, players, 10_000)  # warm the caches (action space, generated clone)
decisions = chance = 0
t0 = time.process_time()
for seed in range(games):
    d, c = random_game(g, players, 1000 + seed)
    decisions += d
    chance += c
cpu = time.process_time() - t0
print(json.dumps({"cpu_seconds": cpu, "decisions": decisions, "chance_steps": chance,
                  "decisions_per_cpu_second": decisions / cpu}))
"""


def run_in(tree: Path, args: list[str]) -> dict[str, Any]:
    """`python3 ARGS` run in `tree` (its package first on the path): the JSON object it prints last."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, *args], cwd=tree, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed in {tree}:\n{out.stderr[-2000:]}")
    text = out.stdout.strip()
    return json.loads(text[text.index("{"):])  # the JSON object the command prints last


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def measure(trees: dict[str, Path], rounds: int, seconds: float, games: dict[str, int],
            catanatron: bool) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """Every figure of every round: figures[tree][measure] = [{...figures, "load": ...}]."""
    figures: dict[str, dict[str, list[dict[str, Any]]]] = {name: {} for name in trees}
    for r in range(rounds):
        for game in (g for g in GAMES if g in games):  # the games --games names, in the usual order
            for name, tree in trees.items():
                load = _load()
                bench = run_in(tree, ["-m", "reichsstadt", "bench", game, "--players", "4", "--seconds",
                                      str(seconds), "--json"])
                bench["load"] = load
                figures[name].setdefault(f"bench {game}", []).append(bench)
                load = _load()
                fixed = run_in(tree, ["-c", _FIXED_WORK, game, "4", str(games[game])])
                fixed["load"] = load
                figures[name].setdefault(f"fixed {game}", []).append(fixed)
                print(f"round {r + 1} {game:9s} {name:8s} bench {bench['decisions_per_second']:>9,.0f} dec/s "
                      f"{bench['games_per_second']:>7.1f} games/s clone {bench['clone_microseconds']:.2f} µs | "
                      f"fixed {fixed['decisions_per_cpu_second']:>9,.0f} dec/CPU-s ({fixed['decisions']} decisions)"
                      f" | load {load}", flush=True)
        if catanatron:
            for name, tree in trees.items():
                load = _load()
                duel = run_in(tree, ["benchmarks/siedler_vs_catanatron.py", "--seconds", str(seconds), "--json"])
                duel["load"] = load
                figures[name].setdefault("catanatron", []).append(duel)
                print(f"round {r + 1} catanatron {name:8s} siedler {duel['siedler']['decisions_per_second']:,.0f} "
                      f"dec/s, catanatron {duel['catanatron']['decisions_per_second']:,.0f} dec/s, ratio "
                      f"{duel['ratio_siedler_over_catanatron']['decisions_per_second']} | load {load}", flush=True)
    return figures


def _median(rows: list[dict[str, Any]], *path: str) -> float:
    values = []
    for row in rows:
        v: Any = row
        for key in path:
            v = v[key]
        values.append(float(v))
    return statistics.median(values)


def table(figures: dict[str, dict[str, list[dict[str, Any]]]]) -> str:
    names = list(figures)
    head = "| measure | " + " | ".join(names) + " |"
    lines = [head, "|---|" + "---:|" * len(names)]

    def row(label: str, key: str, *path: str, fmt: str = "{:,.0f}") -> None:
        if all(key in figures[n] for n in names):
            lines.append(f"| {label} | " + " | ".join(fmt.format(_median(figures[n][key], *path)) for n in names)
                         + " |")

    for game in GAMES:
        row(f"{game}: bench decisions/s", f"bench {game}", "decisions_per_second")
        row(f"{game}: bench games/s", f"bench {game}", "games_per_second", fmt="{:,.1f}")
        row(f"{game}: clone µs", f"bench {game}", "clone_microseconds", fmt="{:.2f}")
        row(f"{game}: fixed games, decisions per CPU second", f"fixed {game}", "decisions_per_cpu_second")
        row(f"{game}: fixed games, decisions", f"fixed {game}", "decisions")
    row("siedler vs catanatron: siedler decisions/s", "catanatron", "siedler", "decisions_per_second")
    row("siedler vs catanatron: catanatron decisions/s", "catanatron", "catanatron", "decisions_per_second")
    row("siedler vs catanatron: ratio", "catanatron", "ratio_siedler_over_catanatron", "decisions_per_second",
        fmt="{:.2f}×")
    loads = [row_["load"] for n in names for rows in figures[n].values() for row_ in rows]
    lines.append(f"\nMedians of every round; load average during the run: {min(loads)}–{max(loads)}.")
    return "\n".join(lines)


def named_trees(specs: list[str]) -> dict[str, Path]:
    """`--tree NAME=PATH` options as {name: checkout}; SystemExit naming a bad one."""
    trees = {}
    for spec in specs:
        name, _, path = spec.partition("=")
        if not path or not (Path(path) / "reichsstadt").is_dir():
            raise SystemExit(f"--tree {spec!r}: give NAME=PATH to a checkout of the project")
        trees[name] = Path(path).resolve()
    return trees


def game_counts(text: str) -> dict[str, int]:
    """`--games GAME=COUNT,...` as {game: count}; SystemExit naming what is wrong."""
    try:
        games = {k: int(v) for k, v in (part.split("=") for part in text.split(","))}
    except ValueError:
        raise SystemExit(f"--games {text!r}: give GAME=COUNT,... (games: {', '.join(GAMES)})") from None
    unknown = sorted(set(games) - set(GAMES))
    if unknown:
        raise SystemExit(f"--games: no game {', '.join(unknown)} (games: {', '.join(GAMES)})")
    return games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tree", action="append", required=True, metavar="NAME=PATH",
                    help="a tree to measure (a checkout of the project); give two or more")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=5.0, help="bench and catanatron time per run")
    ap.add_argument("--games", default="norenberc=300,siedler=100,colonia=60",
                    help="random games of the fixed work per game")
    ap.add_argument("--no-catanatron", action="store_true")
    ap.add_argument("--json", type=Path, help="also write every figure here")
    args = ap.parse_args()
    trees = named_trees(args.tree)
    games = game_counts(args.games)
    catanatron = not args.no_catanatron
    if catanatron:
        try:
            import catanatron as _  # noqa: F401
        except ImportError:
            print("catanatron is not installed (pip install catanatron==3.2.1): its duel is left out")
            catanatron = False
    figures = measure(trees, args.rounds, args.seconds, games, catanatron)
    print()
    print(table(figures))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
