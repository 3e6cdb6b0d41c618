"""Decisions per second of each research adapter beside the bare engine's, under uniformly
random play, as a Markdown table.

    python3 benchmarks/adapters.py [--seconds 3] [--games norenberc colonia]

- engine: random self-play through the runner (`core.Match`), no observations: the
  ceiling (the same loop as `reichsstadt bench`);
- PettingZoo: `pettingzoo.env(...)` (PettingZoo's wrappers included), every agent
  reading `last()` (its encoded view and action mask) before it steps, a random action
  from the mask;
- OpenSpiel: the registered game through pyspiel, a random legal action, chance from
  `chance_outcomes()`, and the mover's `observation_tensor()` read before each move;
- Gymnasium: `ReichsstadtEnv` seat 0 against random bots, a random action from
  `action_masks()`; every seat's decisions counted (the bots' ones run at engine speed,
  with no encoding), and the learner's own steps per second apart.

Chance draws are never counted as decisions. Seconds are the process's CPU seconds
(`time.process_time`), so the figures hold on a shared machine too (everything here runs
in one thread: on an idle machine CPU and wall time agree). Nothing here is asserted in
tests: timings belong to a machine, the figures live in benchmarks/README.md."""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable

import numpy as np

import reichsstadt
from reichsstadt.arena.bench import random_game


def _timed(play_one: Callable[[int], tuple[int, int]], seconds: float) -> tuple[float, float]:
    """Run games until `seconds` of CPU pass; (decisions/s, second count/s) of what
    play_one returns."""
    decisions = other = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        d, o = play_one(games)
        decisions += d
        other += o
        games += 1
    elapsed = time.process_time() - start
    return decisions / elapsed, other / elapsed


def engine(gid: str, players: int, seconds: float) -> float:
    game = reichsstadt.game(gid)
    options = game.resolve(players, None)
    return _timed(lambda i: (random_game(game, players, 1 + i, options)[0], 0), seconds)[0]


def pettingzoo(gid: str, players: int, seconds: float) -> float:
    from reichsstadt.interop import pettingzoo as pz

    env = pz.env(gid, players)
    rng = np.random.default_rng(1)

    def one(i: int) -> tuple[int, int]:
        env.reset(seed=i)
        moves = 0
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            moves += 1
        return moves, 0
    return _timed(one, seconds)[0]


def openspiel(gid: str, players: int, seconds: float) -> float:
    from reichsstadt.interop import openspiel as osp

    game = osp.load(gid, players)
    rng = random.Random(1)

    def one(i: int) -> tuple[int, int]:
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r, acc = rng.random(), 0.0
                for action, p in outcomes:
                    acc += p
                    if r < acc:
                        break
                state.apply_action(action)
            else:
                state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                moves += 1
        return moves, 0
    return _timed(one, seconds)[0]


def gymnasium(gid: str, players: int, seconds: float) -> tuple[float, float]:
    from reichsstadt.interop.gymnasium import ReichsstadtEnv

    env = ReichsstadtEnv(gid, players, seat=0, opponents="random")
    rng = np.random.default_rng(1)

    def one(i: int) -> tuple[int, int]:
        env.reset(seed=i)
        steps, done = 0, False
        while not done:
            _, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            steps += 1
        assert env.match is not None
        return env.match.decisions, steps
    return _timed(one, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per cell")
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: all installed)")
    args = parser.parse_args()
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    for gid in args.games or []:
        if gid not in reichsstadt.game_ids():
            parser.error(f"unknown game {gid!r}; this installation plays: {', '.join(reichsstadt.game_ids())}")
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.seconds:g} CPU s per cell; "
          "player decisions per CPU second (× slower than the engine)\n")
    print("| game | players | engine | PettingZoo | OpenSpiel | Gymnasium (all seats) | Gymnasium learner steps/s |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for gid in args.games or reichsstadt.game_ids():
        for n in reichsstadt.game(gid).players:
            bare = engine(gid, n, args.seconds)
            pz = pettingzoo(gid, n, args.seconds)
            os_ = openspiel(gid, n, args.seconds)
            gym_all, gym_own = gymnasium(gid, n, args.seconds)
            cells = [f"{v:,.0f} ({bare / v:.0f}×)" for v in (pz, os_, gym_all)]
            print(f"| {gid} | {n} | {bare:,.0f} | {' | '.join(cells)} | {gym_own:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
