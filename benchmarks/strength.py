"""How strong the bots are, measured: writes benchmarks/strength.md.

    python3 benchmarks/strength.py [--games 24] [--mcts-games 24] [--players 4]
                                   [--budget mcts:1s] [--jobs 2] [--also-random] [--only GAME ...]

For each game: MCTS speed (playouts per second of the default search, and of the plain
random-playout search, on positions along games between heuristic players, CPU and wall
clock), then seat-rotated tournaments with 95 % Wilson intervals against the fair share:
the heuristic bot (greedy) against random bots, and MCTS at its default budget against
heuristic bots (with --also-random: MCTS against random bots too). Each tournament's
results.json and plots go to benchmarks/strength/. The machine's load is recorded
before and after each tournament, with the playouts and seconds each search actually
got: a time budget buys fewer playouts on a loaded machine."""

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
from reichsstadt.bots import has_heuristic, make_bot  # noqa: E402
from reichsstadt.bots.mcts import MCTSBot  # noqa: E402
from reichsstadt.core import BadOption, Match, Seat  # noqa: E402


def positions(game_id: str, players: int, count: int, seed: int = 0) -> list:
    """Decision points with a real choice, taken along games between heuristic players
    (every 9th such decision)."""
    out: list = []
    while len(out) < count:
        match = Match(game_id, players, seed, recording=False)
        agents = {s: make_bot("greedy" if has_heuristic(game_id) else "random", seed * 10 + s, game_id)
                  for s in range(players)}
        seed += 1
        moves = [0]

        def take(seat, action, state):
            to_act = state.to_act()
            if to_act and to_act[0] >= 0 and len(state.legal(to_act[0])) > 1:
                moves[0] += 1
                if moves[0] % 9 == 0 and len(out) < count:
                    out.append(state.clone())
        match.after.append(take)
        match.advance(agents)
    return out


def speed(game_id: str, players: int, count: int = 12, iterations: int = 100, policy: str = "heuristic") -> dict:
    states = positions(game_id, players, count)
    bot = MCTSBot(iterations=iterations, seed=1, policy=policy)
    cpu, wall = time.process_time(), time.perf_counter()
    done = 0
    for s in states:
        d = bot.search(Seat(s, s.to_act()[0]))
        done += d.iterations
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"positions": len(states), "iterations": done, "cpu_rate": done / cpu, "wall_rate": done / wall}


def row(label: str, result: TournamentResult, focus: str, load: tuple[float, float]) -> str:
    s = next(x for x in result.summary if x.bot == focus)
    others = [x for x in result.summary if x.bot != focus]
    other = others[0] if others else None
    per_move = "—" if s.iterations_per_search is None else (
        f"{s.iterations_per_search:.0f} in {s.seconds_per_search:.2f} s")
    return (f"| {label} | {len(result.games)} | **{s.win_share:.1%}** | {s.ci_low:.1%}–{s.ci_high:.1%} | "
            f"{s.fair_share:.0%} | {s.verdict} | {s.mean_rank:.2f} | {s.mean_score:.1f}"
            f"{f' vs {other.mean_score:.1f}' if other else ''} | {s.mu:.1f} ± {s.sigma:.1f}"
            f"{f' vs {other.mu:.1f} ± {other.sigma:.1f}' if other else ''} | {per_move} | "
            f"{load[0]:.1f} → {load[1]:.1f} | {result.seconds / 60:.1f} |")


def verdict(title: str, focus: str, field: str, n: int, result: TournamentResult) -> str:
    """One line of the summary: what the tournament shows against the fair share, said
    plainly (issue 12 asks for the interval above the fair share)."""
    s = next(x for x in result.summary if x.bot == focus)
    games = len(result.games)
    said = {"above": "the 95 % interval lies **above** the fair share: shown",
            "within": "the 95 % interval **includes** the fair share: not shown at this number of games",
            "below": "the 95 % interval lies **below** the fair share: the field is stronger"}[s.verdict]
    return (f"- {title}: {focus} against {n - 1} × {field} won {s.win_share:.1%} of {games} games "
            f"({s.ci_low:.1%}–{s.ci_high:.1%}, fair {s.fair_share:.0%}); {said}.")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=24, help="games of greedy vs random (rounded up to rotations)")
    ap.add_argument("--mcts-games", type=int, default=24, help="games of MCTS vs greedy (rounded up to rotations)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--budget", default="mcts:1s", help="the MCTS bot measured (its default: mcts:1s)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--also-random", action="store_true", help="MCTS against random bots too")
    ap.add_argument("--only", nargs="*", default=None,
                    help="measure these games only; the other games' sections of --out are kept as they are")
    ap.add_argument("--out", type=Path, default=HERE / "strength.md")
    args = ap.parse_args()
    unknown = [x for x in args.only or () if x not in game_ids()]
    if unknown:
        ap.error(f"--only: no game {', '.join(unknown)} (games: {', '.join(game_ids())})")

    command = ("python3 benchmarks/strength.py "
               f"--games {args.games} --mcts-games {args.mcts_games} --players {args.players} "
               f"--budget {args.budget} --jobs {args.jobs}{' --also-random' if args.also_random else ''}"
               f"{' --only ' + ' '.join(args.only) if args.only else ''}")
    kept = read_sections(args.out) if args.only else {}
    sections: dict[str, tuple[list[str], list[str]]] = {}   # game id -> (its summary lines, its section)
    detail = args.out.parent / args.out.stem
    for gid in game_ids():
        if args.only and gid not in args.only:
            if gid in kept:
                sections[gid] = kept[gid]
            continue
        sections[gid] = measure(gid, args, command, detail)
    verdicts = [v for gid in game_ids() if gid in sections for v in sections[gid][0]]
    head = [
        "# Bot strength",
        "",
        "Written by `python3 benchmarks/strength.py` (each game's section names the command, the time it "
        "took and the machine's load while it ran; `--only GAME` re-measures one game and keeps the other "
        "sections). Each tournament rotates the seats (every bot in every seat equally often) and plays "
        "each seed under every seating; the win share counts split ties; the 95 % interval is Wilson's; "
        "*verdict* says whether the interval lies above, below or around the fair share 1/players. Ratings: "
        "openskill Plackett-Luce (bot vs the field). *playouts a move*: what the searching bot actually got "
        "per searched move (forced moves are not searched). Every tournament's games and plots are in "
        "`benchmarks/strength/` (results.json, ratings.png, wins.png, scores.png).",
        "",
        f"Machine: {os.cpu_count()} cores, Python {platform.python_version()}, {platform.machine()}.",
        "",
        "## Summary",
        "",
        *verdicts,
        "",
    ]
    body = [line for gid in game_ids() if gid in sections for line in sections[gid][1]]
    args.out.write_text("\n".join(head + body) + "\n", encoding="utf-8")
    print(f"written {args.out}")


def read_sections(path: Path) -> dict[str, tuple[list[str], list[str]]]:
    """The summary lines and the section of each game in an existing strength.md, found by
    the game's title (so that `--only` can keep what it does not re-measure)."""
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").splitlines()
    out: dict[str, tuple[list[str], list[str]]] = {}
    for gid in game_ids():
        try:
            title = find_game(gid).title
        except BadOption:
            continue
        starts = [i for i, line in enumerate(lines) if line.startswith(f"## {title} (")]
        if not starts:
            continue
        end = next((i for i in range(starts[0] + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
        summary = [line for line in lines if line.startswith(f"- {title}: ")]
        out[gid] = (summary, lines[starts[0]:end])
    return out


def measure(gid: str, args: argparse.Namespace, command: str, detail: Path) -> tuple[list[str], list[str]]:
    """One game's summary lines and section: MCTS speed, then its tournaments."""
    try:
        g = find_game(gid)
    except BadOption as exc:
        print(f"{gid}: not loaded", flush=True)
        return [], [f"## {gid}", "", f"Not measured: the engine does not load here ({exc}).", ""]
    started = time.time()
    load_before = os.getloadavg()
    n = args.players if args.players in g.players else g.players.start
    print(f"{gid}: MCTS speed ...", flush=True)
    sp = speed(gid, n)
    rp = speed(gid, n, count=6, iterations=30, policy="random")
    rows: list[str] = []
    verdicts: list[str] = []
    greedy = has_heuristic(gid)
    matchups = [("greedy", "random", args.games), (args.budget, "greedy", args.mcts_games)]
    if args.also_random:
        matchups.insert(1, (args.budget, "random", args.mcts_games))
    for focus, field, games in matchups:
        if "greedy" in (focus, field) and not greedy:
            rows.append(f"| {focus} vs {field} | — | no heuristic bot for this game | | | | | | | | | |")
            continue
        bots = [focus] + [field] * (n - 1)
        print(f"{gid}: {focus} vs {n - 1} x {field}, {games} games on {args.jobs} jobs ...", flush=True)
        before = os.getloadavg()[0]
        result = tournament(gid, bots, n, games, args.seed, jobs=args.jobs)
        after = os.getloadavg()[0]
        write(result, detail / f"{gid}-{focus.replace(':', '')}-vs-{field}")
        rows.append(row(f"{focus} vs {n - 1} × {field}", result, focus, (before, after)))
        verdicts.append(verdict(g.title, focus, field, n, result))
        print("  " + rows[-1], flush=True)
    load_after = os.getloadavg()
    busy = max(load_before[0], load_after[0]) > (os.cpu_count() or 1) + 0.5
    section = [
        f"## {g.title} ({n} players)", "",
        f"Measured on {time.strftime('%Y-%m-%d', time.gmtime(started))} by `{command}` "
        f"({(time.time() - started) / 60:.0f} min). Load average (1, 5, 15 min) before: "
        f"{', '.join(f'{x:.1f}' for x in load_before)}; after: {', '.join(f'{x:.1f}' for x in load_after)}. "
        + ("The cores were shared with other work, so a time budget bought fewer playouts than on a quiet "
           "machine." if busy else "Nothing else of note ran (the tournament's own worker processes count "
           "in the load)."), "",
        f"MCTS speed, {sp['iterations']} playouts on {sp['positions']} positions taken along games "
        f"between heuristic players, one process: the default search (heuristic playouts cut off "
        f"by the evaluation) **{sp['cpu_rate']:.0f} playouts per CPU second** ({sp['wall_rate']:.0f} "
        f"per wall-clock second under the load of the moment); the plain search (uniformly random "
        f"playouts to the end) {rp['cpu_rate']:.0f} per CPU second ({rp['wall_rate']:.0f} wall). On an "
        f"idle core a 1 s budget buys about {sp['cpu_rate']:.0f} playouts a move; the tournaments "
        f"below give what each search actually got.", "",
        "| bot vs field | games | win share | 95 % interval | fair | verdict | mean rank | mean score "
        "| rating (mu ± sigma) | playouts a move | load (1 min) | minutes |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
        *rows, ""]
    return verdicts, section


if __name__ == "__main__":
    main()
