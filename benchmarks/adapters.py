"""Decisions per second of each research adapter beside the bare engine's, under uniformly
random play, measured in one run with the cells alternated, as a Markdown table.

    python3 benchmarks/adapters.py [--seconds 2] [--rounds 3] [--players 4] [--games norenberc colonia]
                                   [--tree ../baseline [--tree ../other]] [--seed 1] [--count N]

Cells (every decision of every seat is a player decision; chance draws never count):

- engine: random self-play through the runner (`core.Match`, the random bot), no
  observations: the ceiling (the loop of `reichsstadt bench`);
- PettingZoo: `pettingzoo.env(...)` with PettingZoo's wrappers; every agent reads `last()`
  (its observation and action mask) before it steps, a random action from the mask;
- vector: `SelfPlayVectorEnv`, 16 games in one process, every seat to act gets its
  observation and mask, random legal actions chosen for the whole batch with NumPy;
- OpenSpiel: the registered game through pyspiel, the mover's `observation_tensor()` read
  before each move, a random legal action, chance from `chance_outcomes()`;
- Gymnasium vector: `ReichsstadtVectorEnv`, 16 games of seat 0 against random bots: the
  learner's steps per second (an observation each), and all seats' decisions apart.

Each cell plays for `--seconds` of the process's CPU time (`time.process_time`), the
cells taking turns, the engine's seconds split before and after the adapters' (a drift
of the machine within a round weighs on both sides); `--rounds` times. Every tree (this
checkout and each `--tree DIR`: another checkout, e.g. the code before a change, with
the cells it has) is measured in a fresh process per game and round, the trees taking
turns, the first changing round by round. A rate is the decisions of all rounds over
their CPU seconds; a share is the median over the rounds of each round's rate over the
engine's measured in the same process and round (the same engine code read a few per
cent apart in two processes), printed with the lowest and highest, and the load average
of the machine beside. Nothing here is asserted in tests: timings belong to a machine;
the figures live in benchmarks/README.md."""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

BATCH = 16
CELLS = ("engine", "pettingzoo", "vector", "openspiel", "gym_vector")


def timed(step: Callable[[], tuple[int, int]], seconds: float) -> tuple[int, int, float]:
    """Call `step` until `seconds` of CPU pass: (decisions, second count, CPU seconds)."""
    decisions = other = 0
    start = time.process_time()
    while True:
        d, o = step()
        decisions += d
        other += o
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return decisions, other, elapsed


def engine(gid: str, players: int, seed: int = 1) -> Callable[[], tuple[int, int]]:
    import reichsstadt
    from reichsstadt.arena.bench import random_game

    game = reichsstadt.game(gid)
    options = game.resolve(players, None)
    seeds = iter(range(seed, 10**9))
    return lambda: (random_game(game, players, next(seeds), options)[0], 0)


def pettingzoo(gid: str, players: int, seed: int = 1) -> Callable[[], tuple[int, int]]:
    from reichsstadt.interop import pettingzoo as pz

    env = pz.env(gid, players)
    rng = random.Random(seed)
    seeds = iter(range(seed, 10**9))

    def one_game() -> tuple[int, int]:
        env.reset(seed=next(seeds))
        moves = 0
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            moves += 1
        return moves, 0
    return one_game


def vector(gid: str, players: int, seed: int = 1) -> Callable[[], tuple[int, int]]:
    from reichsstadt.interop.selfplay import SelfPlayVectorEnv

    env = SelfPlayVectorEnv(gid, players, num_envs=BATCH, copy=False)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    state = {"info": info}

    actions = np.zeros((BATCH, players), np.intp)

    def steps() -> tuple[int, int]:
        decisions = 0
        for _ in range(20):
            info = state["info"]
            deciding = info["to_act"].ravel().nonzero()[0]   # a random legal action for each seat to decide
            masks = info["action_mask"].reshape(-1, info["action_mask"].shape[-1])[deciding]
            actions.ravel()[deciding] = np.argmax(masks * rng.random(masks.shape, np.float32), axis=-1)
            decisions += len(deciding)
            _, _, _, _, state["info"] = env.step(actions)
        return decisions, 0
    return steps


def openspiel(gid: str, players: int, seed: int = 1) -> Callable[[], tuple[int, int]]:
    from reichsstadt.interop import openspiel as osp

    game = osp.load(gid, players)
    rng = random.Random(seed)

    def one_game() -> tuple[int, int]:
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                moves += 1
        return moves, 0
    return one_game


def gym_vector(gid: str, players: int, seed: int = 1) -> Callable[[], tuple[int, int]]:
    from reichsstadt.interop.gymnasium import ReichsstadtVectorEnv

    env = ReichsstadtVectorEnv(gid, players, num_envs=BATCH, seat=0, opponents="random", copy=False)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    state = {"info": info}

    seen = [(g.session.match, g.session.match.decisions) for g in env.games]

    def steps() -> tuple[int, int]:
        decisions = own = 0
        for _ in range(20):
            masks = state["info"]["action_mask"]
            actions = np.argmax(masks * rng.random(masks.shape, np.float32), axis=-1)
            _, _, _, _, state["info"] = env.step(actions)
            own += BATCH
            for i, g in enumerate(env.games):  # all seats' decisions, a new game counted from its start
                match, before = seen[i]
                now = g.session.match
                decisions += now.decisions - (before if now is match else 0)
                seen[i] = (now, now.decisions)
        return decisions, own
    return steps


def available(cells: list[str]) -> list[str]:
    """The cells the checkout on the path has (an older one lacks the vectorised envs)."""
    try:
        from reichsstadt.interop import selfplay  # noqa: F401
    except ImportError:
        return [c for c in cells if c not in ("vector", "gym_vector")]
    return cells


def measure(cells: list[str], gid: str, players: int, seconds: float, seed: int = 1) -> dict[str, list[float]]:
    """One round in this process: the engine for half its seconds, each adapter cell in
    turn, the engine for the other half (a drift of the machine within the round weighs
    on both sides alike); {cell: [decisions, second count, CPU seconds]}."""
    makers = {"engine": engine, "pettingzoo": pettingzoo, "vector": vector, "openspiel": openspiel,
              "gym_vector": gym_vector}
    out: dict[str, list[float]] = {}
    plan = available(cells)
    if "engine" in plan:
        plan = ["engine", *(c for c in plan if c != "engine"), "engine"]
    steps: dict[str, Callable[[], tuple[int, int]]] = {}
    for cell in plan:
        step = steps.get(cell)
        if step is None:
            step = steps[cell] = makers[cell](gid, players, seed)
            step()  # warm up: imports, caches, the first game
        figures = timed(step, seconds / 2 if cell == "engine" else seconds)
        out[cell] = [a + b for a, b in zip(out.get(cell, [0.0, 0.0, 0.0]), figures)]
    return out


def in_subprocess(tree: str, cells: list[str], gid: str, players: int, seconds: float,
                  seed: int = 1) -> dict[str, list[float]]:
    """One round of `cells` measured on the checkout `tree`, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(Path(tree).resolve())}
    run = subprocess.run([sys.executable, __file__, "--worker", gid, str(players), str(seconds), str(seed),
                          *cells],
                         env=env, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise SystemExit(f"measuring {tree} failed: {run.stderr.strip().splitlines()[-1:]}")
    found: dict[str, list[float]] = json.loads(run.stdout.strip().splitlines()[-1])
    return found


class Figures:
    """One tree's rounds of one game: the sums (for the rates) and each round's share of
    its own engine (for the median and the spread), with the load average of each round."""

    def __init__(self) -> None:
        self.total: dict[str, list[float]] = {}
        self.shares: dict[str, list[float]] = {}
        self.loads: list[float] = []

    def add(self, part: dict[str, list[float]], load: float) -> None:
        for cell, figures in part.items():
            self.total[cell] = [a + b for a, b in zip(self.total.get(cell, [0.0, 0.0, 0.0]), figures)]
        base = part["engine"][0] / part["engine"][2]
        for cell, (decisions, own, secs) in part.items():
            if cell != "engine":
                self.shares.setdefault(cell, []).append(decisions / secs / base)
                if cell == "gym_vector":
                    self.shares.setdefault("learner", []).append(own / secs / base)
        self.loads.append(load)

    def cell(self, cell: str) -> str:
        """'rate (median share %, lowest–highest)'."""
        kept = self.total.get("gym_vector" if cell == "learner" else cell)
        if kept is None:
            return "—"
        decisions, own, secs = kept
        rate = (own if cell == "learner" else decisions) / secs
        if cell == "engine":
            return f"{rate:,.0f}"
        shares = sorted(self.shares[cell])
        mid = statistics.median(shares)
        spread = f", {100 * shares[0]:.1f}–{100 * shares[-1]:.1f}" if len(shares) > 1 else ""
        return f"{rate:,.0f} ({100 * mid:.1f} %{spread})"


def table(title: str, figures: dict[str, Figures]) -> list[str]:
    """A Markdown table: decisions per CPU second over all rounds; in brackets the median
    over the rounds of each round's share of the engine's (measured in the same process,
    the same round), and the lowest and highest share; the load average of the rounds."""
    names = {"engine": "engine", "pettingzoo": "PettingZoo last()+step", "vector": f"vector self-play ({BATCH})",
             "openspiel": "OpenSpiel + observation_tensor", "gym_vector": "Gymnasium vector: all seats"}
    shown = [c for c in CELLS if any(c in f.total for f in figures.values())]
    if "gym_vector" in shown:
        names["learner"] = "Gymnasium vector: learner"
        shown.append("learner")
    lines = [f"**{title}**", "", "| game | " + " | ".join(names[c] for c in shown) + " | load |",
             "|---|" + "---:|" * len(shown) + "---|"]
    for key, found in figures.items():
        cells = [found.cell(c) for c in shown]
        lines.append(f"| {key} | " + " | ".join(cells) + f" | {min(found.loads):.1f}–{max(found.loads):.1f} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per cell and round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, the cells taking turns in each")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: all installed)")
    parser.add_argument("--cells", nargs="*", default=list(CELLS), choices=CELLS)
    parser.add_argument("--tree", action="append", default=[], metavar="DIR",
                        help="another checkout to measure in the same rounds (repeat it for several)")
    parser.add_argument("--seed", type=int, default=1,
                        help="the first game's seed of every cell (another: games the code was not tuned on)")
    parser.add_argument("--count", type=int, default=None, metavar="N",
                        help="no timing: play each cell's loop N times (a game, or 20 steps of a vector env) and "
                             "print the decisions made, for counting instructions (see benchmarks/README.md)")
    args = parser.parse_args()
    if args.seconds <= 0 or args.rounds < 1 or (args.count is not None and args.count < 1):
        parser.error("--seconds must be positive, --rounds and --count at least 1")
    for tree in args.tree:
        if not (Path(tree) / "reichsstadt" / "__init__.py").is_file():
            parser.error(f"--tree {tree}: not a checkout of reichsstadt (no reichsstadt/__init__.py there)")
    import reichsstadt

    games = args.games or reichsstadt.game_ids()
    for gid in games:
        if gid not in reichsstadt.game_ids():
            parser.error(f"unknown game {gid!r}; this installation plays: {', '.join(reichsstadt.game_ids())}")
    if args.count is not None:
        counted(args.cells, games, args.players, args.count)
        return
    if "engine" not in args.cells:   # every share is against the engine of the same process and round
        args.cells.insert(0, "engine")
    here = str(Path(reichsstadt.__file__).resolve().parent.parent)
    trees = [here, *args.tree]
    found: dict[str, dict[str, Figures]] = {tree: {} for tree in trees}
    loads = [os.getloadavg()[0]]
    for r in range(args.rounds):
        for gid in games:
            key = f"{gid} {args.players}p"
            for k in range(len(trees)):   # every tree in a fresh process, the first one changing round by round
                tree = trees[(r + k) % len(trees)]
                part = in_subprocess(tree, args.cells, gid, args.players, args.seconds, args.seed)
                loads.append(os.getloadavg()[0])
                found[tree].setdefault(key, Figures()).add(part, loads[-1])
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; {args.rounds} "
          f"rounds of {args.seconds:g} CPU s per cell (the engine's split before and after the adapters), every "
          f"tree in a process of its own per game and round, the trees taking turns; decisions per CPU second over "
          f"all rounds, in brackets the median of the rounds' shares of the engine's (each round's own engine) and "
          f"the lowest and highest; seed {args.seed}; load average (1 min) {min(loads):.1f}–{max(loads):.1f} "
          f"during the run\n")
    print("\n".join(table("this checkout", found[here])))
    for tree in args.tree:
        print()
        print("\n".join(table(f"--tree {tree}", found[tree])))


def counted(cells: list[str], games: list[str], players: int, count: int) -> None:
    """Each cell's loop played `count` times, untimed: the decisions made, per game and cell.
    Under `valgrind --tool=cachegrind --cache-sim=no`, two counts' difference in
    instructions over their difference in decisions is a cell's instructions per decision:
    the same on a busy machine as on a quiet one (seeds are fixed; set PYTHONHASHSEED)."""
    makers = {"engine": engine, "pettingzoo": pettingzoo, "vector": vector, "openspiel": openspiel,
              "gym_vector": gym_vector}
    for gid in games:
        for cell in available(cells):
            step = makers[cell](gid, players)
            decisions = sum(step()[0] for _ in range(count))
            print(f"{gid} {players}p {cell}: {decisions} decisions")


def worker(argv: list[str]) -> None:
    gid, players, seconds, seed, *cells = argv
    print(json.dumps(measure(cells, gid, int(players), float(seconds), int(seed))))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker(sys.argv[2:])
    else:
        main()
