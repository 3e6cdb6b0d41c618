"""How fast and how strong the bots are, measured: writes benchmarks/strength.md and the
levels' measured strength (reichsstadt/bots/strength.json).

    python3 benchmarks/strength.py --baseline TREE [--games 48] [--players 4] [--jobs 2]
                                   [--seed 500000] [--clock wall|cpu] [--resume]
                                   [--only GAME ...] [--levels [LEVEL ...]]

For each game, in one run:

1. **Speed**, side by side: MCTS playouts per CPU second of the default search (the
   hard level's) in this checkout and in the tree given by `--baseline` (run in a
   process of its own with PYTHONPATH=TREE and TREE as its working directory: the same
   positions, taken along games between heuristic players, the same count of playouts),
   and of this checkout's search with the heuristic player's playouts (the policy the
   cheap one replaces). Kept in benchmarks/strength/<game>-speed.json; `--resume` reads
   them back instead of measuring again.
2. **Strength**, seat-rotated tournaments with 95 % Wilson intervals, each level
   against three bots of the level below: medium (greedy) vs easy (random), hard vs
   medium, expert vs hard. Every game goes to benchmarks/strength/<game>-<level>/
   results.jsonl as it ends; `--resume` continues a stopped run where it stopped, and the
   figures of a finished tournament are read back, not played again. `--levels hard`
   plays only the hard level's tournaments (the others are read back as far as they were
   played); `--levels` alone plays nothing and writes the files from what was played.

Each figure says whether it meets its target (issue 21); a tournament short of its games
decides nothing, and only finished tournaments reach strength.json (what the lobby and
the terminal show beside each level). The seeds used are written into strength.md with
whether any of them was a tuning seed: benchmarks/strength/tuning.json lists the seeds
the search was tuned on (tournaments) and the learned evaluations list theirs
(self-play). `--clock wall` (the levels' own budgets) gives fewer playouts a move on a
busy machine, so its win shares are conservative; `--clock cpu` counts the searches'
budgets in CPU seconds instead. The load average as each game ended is recorded."""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the checkout's package, not an installed one

from reichsstadt import game as find_game, game_ids  # noqa: E402
from reichsstadt.arena.results import read  # noqa: E402
from reichsstadt.arena.tournament import TournamentResult, report, schedule, tournament, wilson, write  # noqa: E402
from reichsstadt.bots import has_heuristic, levels  # noqa: E402
from reichsstadt.core import BadOption  # noqa: E402

TUNING = HERE / "strength" / "tuning.json"
DETAIL = HERE / "strength"

SPEED = r'''
import json, os, sys, time
import reichsstadt
from reichsstadt.core import Match, Seat
from reichsstadt.bots import make_bot
from reichsstadt.bots.mcts import MCTSBot

game, players, count, iterations, kwargs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), \
    json.loads(sys.argv[5])
states, seed = [], 0
while len(states) < count:    # every 9th decision with a choice, along games between heuristic players
    match = Match(game, players, seed, recording=False)
    agents = {s: make_bot("greedy", seed * 10 + s, game) for s in range(players)}
    seed += 1
    seen = [0]
    def take(seat, action, state, seen=seen):
        to_act = state.to_act()
        if to_act and to_act[0] >= 0 and len(state.legal(to_act[0])) > 1:
            seen[0] += 1
            if seen[0] % 9 == 0 and len(states) < count:
                states.append(state.clone())
    match.after.append(take)
    match.advance(agents)
bot = MCTSBot(iterations=iterations, seed=1, **kwargs)
cpu = time.process_time()
done = sum(bot.search(Seat(s, s.to_act()[0])).iterations for s in states)
print(json.dumps({"positions": len(states), "iterations": done, "cpu_rate": done / (time.process_time() - cpu),
                  "load": os.getloadavg()[0], "tree": os.path.dirname(os.path.dirname(reichsstadt.__file__))}))
'''


def speed(tree: Path, game: str, players: int, kwargs: dict[str, Any], count: int = 24,
          iterations: int = 200) -> dict[str, Any]:
    """Playouts per CPU second of MCTSBot(**kwargs) in the tree `tree` (a subprocess)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    # run in the tree: `python -c` puts the working directory first on sys.path, which would
    # import the checkout the benchmark was started from instead of `tree`
    run = subprocess.run([sys.executable, "-c", SPEED, game, str(players), str(count), str(iterations),
                          json.dumps(kwargs)], env=env, cwd=tree, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"speed in {tree} failed: {run.stderr.strip().splitlines()[-1:]}")
    found: dict[str, Any] = json.loads(run.stdout.strip().splitlines()[-1])
    if Path(found.pop("tree")).resolve() != tree.resolve():   # measured the tree asked for, or nothing
        raise SystemExit(f"speed in {tree}: Python imported reichsstadt from another tree")
    return found


def speeds(gid: str, n: int, args: argparse.Namespace) -> tuple[dict[str, Any], ...]:
    """The three speed figures of a game (before, now, now with heuristic playouts), measured
    in one run side by side; with --resume read back from benchmarks/strength/<game>-speed.json
    when an earlier run of this command measured them."""
    cached = DETAIL / f"{gid}-speed.json"
    if args.resume and cached.exists():
        found = json.loads(cached.read_text(encoding="utf-8"))
        return found["before"], found["now"], found["heuristic"]
    print(f"{gid}: speed ...", flush=True)
    base = speed(args.baseline, gid, n, {})
    # the tree search (ISMCTS), whose playouts the speed target is about; a game whose hard
    # level searches by rollouts (Norenberc) plays whole games of its heuristic instead
    new = speed(HERE.parent, gid, n, {"mode": "tree"})
    slow = speed(HERE.parent, gid, n, {"mode": "tree", "policy": "heuristic", "evaluation": "hand", "widen": 0},
                 iterations=100)
    DETAIL.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps({"measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "before": base,
                                  "now": new, "heuristic": slow}, indent=1) + "\n", encoding="utf-8")
    return base, new, slow


def _load(figure: dict[str, Any]) -> str:
    return f"{figure['load']:.1f}" if "load" in figure else "—"


def tuning_seeds() -> dict[str, list[list[int]]]:
    """Game id -> the seed ranges [first, last] used for tuning (tournaments and self-play)."""
    out: dict[str, list[list[int]]] = {}
    if TUNING.exists():
        for gid, ranges in json.loads(TUNING.read_text(encoding="utf-8")).get("tournaments", {}).items():
            out.setdefault(gid, []).extend(ranges)
    from reichsstadt.bots.heuristic import module
    from reichsstadt.bots.learned import load

    for gid in game_ids():
        if has_heuristic(gid):
            model = load(module(gid))
            if model is not None and "seeds" in model.trained:
                out.setdefault(gid, []).append(list(model.trained["seeds"]))
    return out


def overlaps(seeds: range, ranges: list[list[int]]) -> bool:
    return any(lo <= s <= hi for s in seeds for lo, hi in ranges)


def named(level: str, gid: str) -> str:
    """A level with its spec at a game: "hard (`mcts:1s`)"."""
    return f"{level} (`{levels.spec(level, gid)}`)"


def level_specs(level: str) -> str:
    """A level's spec, with the games that play it with one of their own:
    "expert `mcts:3s` (Colonia: `mcts:3s:playout=1000`)"."""
    own = [f"{find_game(gid).title}: `{levels.spec(level, gid)}`" for gid in game_ids()
           if levels.spec(level, gid) != levels.spec(level)]
    return f"{level} `{levels.spec(level)}`" + (f" ({'; '.join(own)})" if own else "")


def matchups(clock: str, gid: str) -> list[tuple[str, str, str]]:
    """(level measured, its spec, the field's spec): each level against the one below, at the game."""
    def measured(level: str) -> str:
        s = levels.spec(level, gid)
        if clock != "cpu" or not s.startswith("mcts:"):
            return s
        head, budget, *rest = s.split(":")
        return ":".join([head, budget, "clock=cpu", *rest])   # the clock beside the budget, as the runs name it
    return [(lv, measured(lv), measured(levels.BELOW[lv])) for lv in ("medium", "hard", "expert")]


def play(gid: str, level: str, focus: str, field: str, n: int, args: argparse.Namespace) -> TournamentResult:
    """One tournament (resumed or read back when its folder has it)."""
    folder = DETAIL / f"{gid}-{level}"
    bots = [focus] + [field] * (n - 1)
    jsonl = folder / "results.jsonl"
    scheduled = len(schedule(gid, bots, n, args.games, args.seed))
    already = len(read(folder)[1]) if jsonl.exists() else 0
    started = time.time()
    total = [0]

    def progress(k: int) -> None:   # the progress with its ETA, from this run's own pace
        total[0] += k
        left = scheduled - already - total[0]
        eta = (time.time() - started) / total[0] * left
        print(f"  {already + total[0]}/{scheduled} games; {eta / 60:.0f} min left, ends ≈ "
              f"{time.strftime('%H:%M', time.localtime(time.time() + eta))}", flush=True)

    if jsonl.exists() and not args.resume:
        raise SystemExit(f"{folder} holds a tournament already: --resume to continue (or read) it, or remove it")
    if jsonl.exists() and args.levels is not None and level not in args.levels:   # read back, not played on
        result, _ = report(folder)
        write(result, folder, plots=True)
        return result
    print(f"{gid}: {level} ({focus}) vs {n - 1} x {field}, {args.games} games on {args.jobs} jobs", flush=True)
    result = tournament(gid, bots, n, args.games, args.seed, jobs=args.jobs, progress=progress, out=folder,
                        resume=jsonl.exists())
    write(result, folder, plots=True)
    return result


CLOCK_WORDS = {"cpu": "CPU seconds", "wall": "wall-clock seconds"}

TARGETS = {"medium": (0.90, 0.0), "hard": (0.55, 0.40), "expert": (0.55, 0.40)}
"""Issue 21's targets per level against the level below: (win share at least, the 95 %
interval's lower end above)."""


def decision(level: str, games: int, asked: int, share: float, low: float) -> bool | None:
    """Whether a tournament meets its target: True, False, or None while undecided. A
    tournament short of its games decides only what no result of the games left can
    change: the target missed even if the focus bot won every game left, or met even if
    it lost every one (the share and Wilson's lower end over all `asked` games)."""
    least, floor = TARGETS[level]
    if games >= asked:
        return share >= least and low > floor
    wins, left = share * games, asked - games
    if (wins + left) / asked < least:
        return False
    if wins / asked >= least and wilson(wins, asked)[0] > floor:
        return True
    return None


def verdict(level: str, games: int, asked: int, share: float, low: float) -> str:
    """decision() in words, with how it was decided before the last game."""
    least, floor = TARGETS[level]
    target = f"(≥ {least:.0%}" + (f", low end > {floor:.0%})" if floor else ")")
    met = decision(level, games, asked, share, low)
    if met is None:
        return f"**not decided**: {games} of {asked} games played"
    said = f"**{'met' if met else 'not met'}** {target}"
    left = asked - games
    if left <= 0:
        return said
    if met:
        return f"{said}, decided after {games} of {asked} games: even losing all {left} games left"
    return (f"{said}, decided after {games} of {asked} games: even winning all {left} games left would give "
            f"{(share * games + left) / asked:.1%}")


def row(level: str, result: TournamentResult, focus: str, field_level: str, asked: int) -> str:
    s = next(x for x in result.summary if x.bot == focus)
    other = next((x for x in result.summary if x.bot != focus), None)
    per_move = "—" if s.iterations_per_search is None else (
        f"{s.iterations_per_search:.0f} in {s.seconds_per_search:.2f} s")
    return (f"| {level} vs 3 × {field_level} | {len(result.games)} | **{s.win_share:.1%}** | "
            f"{s.ci_low:.1%}–{s.ci_high:.1%} | {s.mean_rank:.2f} | {s.mean_score:.1f}"
            f"{f' vs {other.mean_score:.1f}' if other else ''} | {s.mu:.1f} ± {s.sigma:.1f} | {per_move} | "
            f"{_loads(result)} | {verdict(level, len(result.games), asked, s.win_share, s.ci_low)} |")


def _has_games(folder: Path) -> bool:
    """Whether the tournament in `folder` has a finished game (begun ones may have none yet)."""
    return (folder / "results.jsonl").exists() and bool(read(folder)[1])


def _loads(result: TournamentResult) -> str:
    """The load average (1 min) as the games ended: lowest, median, highest."""
    found = sorted(g.load for g in result.games if g.load is not None)
    if not found:
        return "—"
    return f"{found[0]:.1f} / {found[len(found) // 2]:.1f} / {found[-1]:.1f}"


def measure(gid: str, args: argparse.Namespace, tuned: dict[str, list[list[int]]]
            ) -> tuple[list[str], dict[str, Any], list[str]]:
    """One game's section of strength.md, its levels' figures and its lines of the summary."""
    g = find_game(gid)
    n = args.players if args.players in g.players else g.players.start
    base, new, slow = speeds(gid, n, args)
    ratio = new["cpu_rate"] / base["cpu_rate"]
    lines = [f"## {g.title} ({n} players)", "",
             "| search | playouts per CPU second | × before | load (1 min) |", "|---|---|---|---|",
             f"| before (`--baseline`, its default: heuristic playouts) | {base['cpu_rate']:.0f} | 1.0 | "
             f"{_load(base)} |",
             f"| now, the tree search (`search=tree`) | **{new['cpu_rate']:.0f}** | **{ratio:.1f}** | {_load(new)} |",
             f"| now, the tree search with the heuristic player's playouts | {slow['cpu_rate']:.0f} | "
             f"{slow['cpu_rate'] / base['cpu_rate']:.1f} | {_load(slow)} |", "",
             f"Speed target (at least 5× before): **{'met' if ratio >= 5 else 'not met'}**.", "",
             f"({new['positions']} positions along games between heuristic players, "
             f"{new['iterations'] // new['positions']} playouts each, one process per tree.)", "",
             "| level vs field | games | win share | 95 % interval | mean rank | mean score | rating (mu ± sigma) "
             "| playouts a move | load (1 min: low / median / high) | target |", "|---" * 10 + "|"]
    figures: dict[str, Any] = {}
    summary = [f"- {g.title}: speed {ratio:.1f}× before ({base['cpu_rate']:.0f} → {new['cpu_rate']:.0f} playouts "
               f"per CPU second): target ≥ 5× **{'met' if ratio >= 5 else 'not met'}**."]
    used: list[tuple[str, range, str]] = []   # (level, its seeds, its clock)
    played = 0.0
    for level, focus, field in matchups(args.clock, gid):
        measured, against = named(level, gid), named(levels.BELOW[level], gid)
        if "greedy" in (focus, field) and not has_heuristic(gid):
            continue
        if args.levels is not None and level not in args.levels and not _has_games(DETAIL / f"{gid}-{level}"):
            lines.append(f"| {level} vs 3 × {levels.BELOW[level]} | 0 of {args.games} | not measured yet "
                         f"| | | | | | | **not measured** |")
            summary.append(f"- {g.title}: {measured} vs 3 × {against}: **not measured** "
                           "(0 games).")
            continue
        result = play(gid, level, focus, field, n, args)
        focus = result.bots[0]   # as recorded: a tournament read back keeps its own spec, seeds and clock
        last = result.seed + max((r.block for r in result.games), default=0)
        clock = "cpu" if "clock=cpu" in focus else "wall"
        used.append((level, range(result.seed, last + 1), clock))
        played += sum(r.seconds for r in result.games)
        s = next(x for x in result.summary if x.bot == focus)
        summary.append(f"- {g.title}: {measured} vs 3 × {against}: {s.win_share:.1%} of "
                       f"{len(result.games)} games ({s.ci_low:.1%}–{s.ci_high:.1%}, load {_loads(result)}): target "
                       f"{verdict(level, len(result.games), args.games, s.win_share, s.ci_low)}.")
        lines.append(row(level, result, focus, levels.BELOW[level], args.games))
        figures[level] = {"against": levels.BELOW[level], "players": n, "games": len(result.games),
                          "win_share": s.win_share, "ci_low": s.ci_low, "ci_high": s.ci_high,
                          "mean_rank": s.mean_rank, "seeds": [result.seed, last], "clock": clock,
                          "decided": decision(level, len(result.games), args.games, s.win_share, s.ci_low) is not None}
    said = "; ".join(f"{level} {seeds.start}–{seeds.stop - 1} (budgets in {CLOCK_WORDS[clock]})"
                     for level, seeds, clock in used)
    tuning = any(overlaps(seeds, tuned.get(gid, [])) for _, seeds, _ in used)
    from reichsstadt.bots.heuristic import tuned as tuned_search

    if tuned_search(gid).get("search") == "rollout":
        lines += ["", "The hard and expert levels of this game search by rollouts (`search=rollout`, "
                  "bots/rollout.py): each playout is a whole game of the heuristic player, so their *playouts a "
                  "move* do not compare with the tree search's; the speed table above is the tree search's "
                  "(`search=tree`), the one the speed target is about."]
    lines += ["", f"Seeds (one per rotation block): {said or 'none'}; tuning seeds among them: "
              f"{'**yes**' if tuning else 'no'}. The games above took "
              f"{played / 60:.0f} min of wall-clock time, summed over the games.", ""]
    return lines + others(gid, tuned.get(gid, [])), figures, summary


def others(gid: str, tuned: list[list[int]]) -> list[str]:
    """The game's other tournaments kept in benchmarks/strength/: a level's earlier spec
    (`<game>-<level>-<what>/`) and tuning matches (`tuning-<game>-<what>/`, on tuning
    seeds, screening candidates, often at scaled budgets): every entrant's figures, never
    a level's strength."""
    folders = sorted(f for f in DETAIL.glob(f"{gid}-*-*") if _has_games(f)) + \
        sorted(f for f in DETAIL.glob(f"tuning-{gid}-*") if _has_games(f))
    if not folders:
        return []
    lines = ["Other tournaments of this game (earlier specs of a level, and tuning matches: not levels' "
             "figures):", "", "| folder | entrant | seats | win share | 95 % interval | mean rank | mean score "
             "| playouts a move | seeds | tuning seeds |", "|---" * 10 + "|"]
    for folder in folders:
        result, _ = report(folder)
        last = result.seed + max(r.block for r in result.games)
        tuning = "yes" if overlaps(range(result.seed, last + 1), tuned) else "no"
        for s in result.summary:
            per_move = "—" if s.iterations_per_search is None else (
                f"{s.iterations_per_search:.0f} in {s.seconds_per_search:.2f} s")
            lines.append(f"| {folder.name} | `{s.bot}` | {s.seats} | {s.win_share:.1%} | {s.ci_low:.1%}–"
                         f"{s.ci_high:.1%} | {s.mean_rank:.2f} | {s.mean_score:.1f} | {per_move} | "
                         f"{result.seed}–{last} | {tuning} |")
    return lines + [""]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", type=Path, required=True, help="the tree to compare the speed with")
    ap.add_argument("--games", type=int, default=48, help="games per tournament (rounded up to rotations)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=500_000, help="the first block's seed (keep apart from tuning)")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="the searches' time budgets")
    ap.add_argument("--resume", action="store_true", help="continue (or read back) tournaments already begun")
    ap.add_argument("--only", nargs="*", default=None, help="measure these games only")
    ap.add_argument("--levels", nargs="*", default=None, choices=("medium", "hard", "expert"),
                    help="play these levels' tournaments only (the others are read back as far as they were "
                         "played); `--levels` alone plays nothing and writes the file from what was played")
    ap.add_argument("--out", type=Path, default=HERE / "strength.md")
    args = ap.parse_args()
    unknown = [x for x in args.only or () if x not in game_ids()]
    if unknown:
        ap.error(f"--only: no game {', '.join(unknown)} (games: {', '.join(game_ids())})")
    if not (args.baseline / "reichsstadt").is_dir():
        ap.error(f"--baseline {args.baseline}: not a checkout (no reichsstadt/ there)")
    from reichsstadt.arena.tournament import check_extras

    try:
        check_extras(plots=True)
    except BadOption as exc:
        ap.error(str(exc))
    tuned = tuning_seeds()
    sections: list[str] = []
    summary: list[str] = []
    figures: dict[str, Any] = {}
    for gid in game_ids():
        if args.only and gid not in args.only:
            continue
        lines, figures[gid], said = measure(gid, args, tuned)
        sections += lines
        summary += said
    write_outputs(args, ["## Summary", "", *summary, "", *sections], figures)


DIAGNOSIS = DETAIL / "diagnosis" / "README.md"
"""What the diagnoses found (prose beside their runs): strength.md ends with it."""


def diagnosis() -> list[str]:
    """The diagnosis folder's findings, under a heading of strength.md's (its own title dropped)."""
    if not DIAGNOSIS.exists():
        return []
    text = DIAGNOSIS.read_text(encoding="utf-8").strip().splitlines()
    body = text[1:] if text and text[0].startswith("# ") else text
    return ["", "## Why a larger budget buys little (the diagnosis)", "",
            "(From `benchmarks/strength/diagnosis/README.md`; the files it names are in that folder.)",
            *("#" + line if line.startswith("#") else line for line in body)]


def write_outputs(args: argparse.Namespace, sections: list[str], figures: dict[str, Any]) -> None:
    command = (f"python3 benchmarks/strength.py --baseline BASELINE --games {args.games} --players {args.players} "
               f"--jobs {args.jobs} --seed {args.seed} --clock {args.clock} --resume"
               + (" --levels" + "".join(f" {x}" for x in args.levels) if args.levels is not None else ""))
    head = [
        "# Bot speed and strength", "",
        f"Written by `{command}` (BASELINE: the tree before this round's changes, e.g. a checkout of commit "
        "9245d60). Machine: "
        f"{os.cpu_count()} cores, Python {platform.python_version()}, {platform.machine()}.", "",
        "Each level plays against three bots of the level below it, seat-rotated (every bot in every seat "
        "equally often) and paired (each seed under every seating); the win share counts split ties; the "
        "95 % interval is Wilson's. A target is decided by a tournament of all its games "
        f"({args.games}), or earlier only where no result of the games left could change it (the target "
        "missed even if the bot won every game left, or met even if it lost every one); a tournament still "
        "short of its games otherwise is shown with what it has, as *not decided*. The lobby, the terminal "
        "and `--bots` show each level with its decided tournament's figure (reichsstadt/bots/strength.json). "
        "The speed is the search's playouts per CPU second on the same positions in both trees, each in a "
        "process of its own, in one run (the load beside it is the machine's as it ended). "
        + "Each tournament's seeds and clock are under its game: budgets in CPU seconds (`mcts:1s:clock=cpu`, "
        "fair on a shared machine), or the levels' own wall-clock seconds (on a machine shared with other work, "
        "the load average as each game ended beside every figure, a second buys fewer playouts than on an idle "
        "core, *playouts a move*, so those win shares are conservative). "
        + "Every tournament's games and plots are in `benchmarks/strength/` (results.jsonl, results.json, "
        "ratings.png, wins.png, scores.png). Under each game, its other tournaments: a level's earlier spec "
        "(`<game>-<level>-<what>/`) and tuning screens (`tuning-<game>-<what>/`, on tuning seeds, often at "
        "budgets scaled down in the levels' ratio: proxies, never a level's figure). Why a budget does or "
        "does not buy strength: `benchmarks/strength_diagnose.py` asks several specs for their move on the "
        "same positions and values their moves by a far larger search of each (`benchmarks/strength/diagnosis/`; "
        "what it found: the last section).", "",
        f"Levels: {', '.join(level_specs(lv) for lv in levels.LEVELS)}.", ""]
    args.out.write_text("\n".join(head + sections + diagnosis()) + "\n", encoding="utf-8")
    shipped = HERE.parent / "reichsstadt" / "bots" / "strength.json"
    old = json.loads(shipped.read_text(encoding="utf-8")) if shipped.exists() else {"games": {}}
    before = json.dumps(old["games"], sort_keys=True)
    for gid, found in figures.items():   # a level shows only a decided tournament's figure
        entry = old["games"].setdefault(gid, {})
        for level, figure in found.items():
            if figure.pop("decided"):
                entry[level] = figure
            else:
                entry.pop(level, None)
    if json.dumps(old["games"], sort_keys=True) != before or "measured" not in old:
        # the day a figure changed (each figure names its seeds and clock); a regeneration
        # that finds the same figures keeps the day they were measured
        old["measured"] = time.strftime("%Y-%m-%d")
    old.pop("clock", None)
    old.pop("seed", None)
    shipped.write_text(json.dumps(old, indent=1) + "\n", encoding="utf-8")
    print(f"written {args.out} and {shipped}")


if __name__ == "__main__":
    main()
