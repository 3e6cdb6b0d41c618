"""How strong the bots are, measured: writes benchmarks/strength.md.

    python3 benchmarks/strength.py [--games 16] [--players 4] [--budget mcts:1s] [--jobs 2]

For each game: MCTS speed (playouts per second on positions along random games, CPU and
wall clock), then seat-rotated tournaments with 95 % Wilson intervals against the fair
share: the heuristic bot (greedy) against random bots, and MCTS at its default budget
against random bots and against heuristic bots (the rows of a game without a heuristic
say so). Each tournament's results.json and plots go to benchmarks/strength/. The
machine's load is recorded with the figures: time budgets give fewer playouts on a
loaded machine."""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the checkout's package, not an installed one

from reichsstadt import game as find_game, game_ids  # noqa: E402
from reichsstadt.arena.tournament import TournamentResult, tournament, write  # noqa: E402
from reichsstadt.bots import HEURISTICS, make_bot  # noqa: E402
from reichsstadt.bots.mcts import MCTSBot  # noqa: E402
from reichsstadt.core import BadOption, Match, Seat  # noqa: E402


def positions(game_id: str, players: int, count: int, seed: int = 0) -> list:
    """Decision points with a real choice, taken along random games (every 23rd move)."""
    out: list = []
    bot = make_bot("random", seed)
    while len(out) < count:
        match = Match(game_id, players, seed, recording=False)
        seed += 1
        moves = [0]

        def take(seat, action, state):
            moves[0] += 1
            to_act = state.to_act()
            if moves[0] % 23 == 0 and to_act and to_act[0] >= 0 and len(state.legal(to_act[0])) > 1:
                if len(out) < count:
                    out.append(state.clone())
        match.after.append(take)
        match.advance({s: bot for s in range(players)})
    return out


def speed(game_id: str, players: int, count: int = 30, iterations: int = 300) -> dict:
    states = positions(game_id, players, count)
    bot = MCTSBot(iterations=iterations, seed=1)
    cpu, wall = time.process_time(), time.perf_counter()
    done = 0
    nodes = 0
    for s in states:
        d = bot.search(Seat(s, s.to_act()[0]))
        done += d.iterations
        nodes += d.nodes
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"positions": len(states), "iterations": done, "cpu_rate": done / cpu, "wall_rate": done / wall,
            "nodes": nodes / len(states)}


def row(label: str, result: TournamentResult, focus: str) -> str:
    s = next(x for x in result.summary if x.bot == focus)
    others = [x for x in result.summary if x.bot != focus]
    other = others[0] if others else None
    per_move = "—" if s.iterations_per_search is None else (
        f"{s.iterations_per_search:.0f} in {s.seconds_per_search:.2f} s")
    return (f"| {label} | {len(result.games)} | **{s.win_share:.1%}** | {s.ci_low:.1%}–{s.ci_high:.1%} | "
            f"{s.fair_share:.0%} | {s.verdict} | {s.mean_rank:.2f} | {s.mean_score:.1f}"
            f"{f' vs {other.mean_score:.1f}' if other else ''} | {s.mu:.1f} ± {s.sigma:.1f}"
            f"{f' vs {other.mu:.1f} ± {other.sigma:.1f}' if other else ''} | {per_move} | "
            f"{result.seconds / 60:.1f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=16, help="games per tournament (rounded up to rotations)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--budget", default="mcts:1s", help="the MCTS bot measured (its default: mcts:1s)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=HERE / "strength.md")
    args = ap.parse_args()

    load_before = os.getloadavg()
    started = time.time()
    lines: list[str] = []
    detail = args.out.parent / args.out.stem
    for gid in game_ids():
        try:
            g = find_game(gid)
        except BadOption as exc:
            lines += [f"## {gid}", "", f"Not measured: the engine does not load here ({exc}).", ""]
            print(f"{gid}: not loaded", flush=True)
            continue
        n = args.players if args.players in g.players else g.players.start
        print(f"{gid}: MCTS speed ...", flush=True)
        sp = speed(gid, n)
        lines += [f"## {g.title} ({n} players)", "",
                  f"MCTS speed: **{sp['cpu_rate']:.0f} playouts per CPU second** ({sp['wall_rate']:.0f} per "
                  f"wall-clock second under the load below), {sp['iterations']} playouts on {sp['positions']} "
                  f"positions taken along random games, one process: on an idle core a 1 s budget buys about "
                  f"{sp['cpu_rate']:.0f} playouts a move.", "",
                  "| bot vs field | games | win share | 95 % interval | fair | verdict | mean rank | mean score "
                  "| rating (mu ± sigma) | playouts a move | minutes |",
                  "|---|---|---|---|---|---|---|---|---|---|---|"]
        none = "| {} | — | no heuristic bot for this game yet | | | | | | | | |"
        greedy = gid in HEURISTICS
        matchups = [("greedy", "random"), (args.budget, "random"), (args.budget, "greedy")]
        for focus, field in matchups:
            if "greedy" in (focus, field) and not greedy:
                lines.append(none.format(f"{focus} vs {field}"))
                continue
            bots = [focus] + [field] * (n - 1)
            print(f"{gid}: {focus} vs {n - 1} x {field}, {args.games} games on {args.jobs} jobs ...", flush=True)
            result = tournament(gid, bots, n, args.games, args.seed, jobs=args.jobs)
            write(result, detail / f"{gid}-{focus.replace(':', '')}-vs-{field}")
            lines.append(row(f"{focus} vs {n - 1} × {field}", result, focus))
            print("  " + lines[-1], flush=True)
        lines.append("")
    load_after = os.getloadavg()
    minutes = (time.time() - started) / 60
    head = [
        "# Bot strength",
        "",
        "Written by `python3 benchmarks/strength.py "
        f"--games {args.games} --players {args.players} --budget {args.budget} --jobs {args.jobs}` "
        f"({minutes:.0f} min). Each tournament rotates the seats (every bot in every seat equally "
        "often) and plays each seed under every seating; the win share counts split ties; the 95 % "
        "interval is Wilson's; *verdict* says whether the interval lies above, below or around the fair "
        "share 1/players. Ratings: openskill Plackett-Luce (bot vs the field). Every game's result and "
        "the plots are in `benchmarks/strength/` (results.json, ratings.png, wins.png, scores.png).",
        "",
        f"Machine: {os.cpu_count()} cores, Python {platform.python_version()}, {platform.machine()}. "
        f"Load average (1, 5, 15 min) before: {', '.join(f'{x:.1f}' for x in load_before)}; after: "
        f"{', '.join(f'{x:.1f}' for x in load_after)} — the cores were shared with other work, so a time "
        "budget bought fewer playouts than on a quiet machine (see *playouts a move*).",
        "",
    ]
    args.out.write_text("\n".join(head + lines) + "\n", encoding="utf-8")
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
