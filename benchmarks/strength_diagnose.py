"""Why a larger search budget does (or does not) buy strength: several bot specs asked
for their move on the same positions, side by side.

    python3 benchmarks/strength_diagnose.py --game siedler --positions 30 --seed 600000 \\
        --bots mcts:1s:clock=cpu mcts:1s:clock=cpu mcts:3s:clock=cpu [--out FILE.jsonl] [--md FILE.md]
    python3 benchmarks/strength_diagnose.py --summarize FILE.jsonl [FILE.jsonl ...] [--md FILE.md]

The positions are taken along games between heuristic players (every `--every`th
decision with a choice that the search looks at: phases a game's `SEARCH` plays "plain"
are skipped; `--searched`: so are the steps a rollout search leaves to the heuristic).
Every spec searches every position with a seed of its own (a spec named twice is asked
twice, with different seeds: how often a search agrees with itself is the yardstick for
how often two searches agree). Printed per spec: playouts and CPU seconds
a search, how often its move is the heuristic's, the share of the root's visits its
move got and the value gap to the runner-up; then how often each pair of specs chose the
same move (`--md`: into a Markdown file too, with the command; `--summarize`: again from
a run's `--out` file, without searching; several runs of the same specs: pooled). Seeds
are tuning seeds: keep them apart from the report seeds (>= 600000)."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the checkout's package, not an installed one

from reichsstadt.bots import make_bot  # noqa: E402
from reichsstadt.bots.heuristic import search_aids, tuned  # noqa: E402
from reichsstadt.core import Match, Seat, State  # noqa: E402


def positions(game: str, players: int, count: int, every: int, seed: int, searched: bool = False,
              phase: str | None = None) -> list[State]:
    """States along games between heuristic players where the search would be asked
    (`searched`: only those a rollout search looks at in play, not the steps it leaves to
    the heuristic, e.g. Norenberc's payments; `phase`: only decisions of that phase, one
    the search plays "plain" too: would searching it gain?)."""
    plain = set(tuned(game).get("plain", ())) if phase is None else set()
    aids = search_aids(game, "fast") if searched and tuned(game).get("search") == "rollout" else None
    states: list[State] = []
    while len(states) < count:
        match = Match(game, players, seed, recording=False)
        agents = {s: make_bot("greedy", seed * 10 + s, game) for s in range(players)}
        seed += 1
        seen = [0]

        def take(seat: int, action: Any, state: State, seen: list[int] = seen) -> None:
            to_act = state.to_act()
            if not to_act or to_act[0] < 0 or len(state.legal(to_act[0])) < 2:
                return
            now = state.view(to_act[0]).get("phase")
            if now in plain or (phase is not None and now != phase):
                return
            if aids is not None and not aids.searched(state.view(to_act[0])):
                return
            seen[0] += 1
            if seen[0] % every == 0 and len(states) < count:
                states.append(state.clone())
        match.after.append(take)
        match.advance(agents)
    return states


def ask(spec: str, seed: int, state: State, heuristic: Any) -> dict[str, Any]:
    """One spec's search of one position: its move and what the search saw."""
    bot: Any = make_bot(spec, seed, state.game_id)
    seat = Seat(state.clone(), state.to_act()[0])
    cpu = time.process_time()
    d = bot.search(seat, estimate=False)
    spent = time.process_time() - cpu
    acts = d.actions
    gap = acts[0].value - acts[1].value if len(acts) > 1 else 1.0
    return {"spec": spec, "move": d.action.to_json(), "heuristic": d.action == heuristic,
            "iterations": d.iterations, "cpu": round(spent, 3), "candidates": len(acts),
            "share": round(d.visits / max(d.iterations, 1), 3), "gap": round(gap, 4),
            "actions": [{"move": a.action.to_json(), "visits": a.visits, "value": round(a.value, 4)} for a in acts]}


def summary(rows: list[list[dict[str, Any]]], specs: list[str], load: bool = True) -> str:
    """Per spec averages, then pairwise agreement (`load`: with the load average now)."""
    n = len(rows)
    lines = [f"{n} positions" + (f"; load {os.getloadavg()[0]:.1f}" if load else "")]
    for j, spec in enumerate(specs):
        col = [r[j] for r in rows]
        mean = {k: sum(c[k] for c in col) / n for k in ("iterations", "cpu", "candidates", "share", "gap")}
        heur = sum(c["heuristic"] for c in col)
        lines.append(f"[{j}] {spec}: {mean['iterations']:.0f} playouts in {mean['cpu']:.2f} CPU s a search, "
                     f"{mean['candidates']:.1f} root moves tried, heuristic's move {heur}/{n}, "
                     f"chosen move's visit share {mean['share']:.2f}, value gap to runner-up {mean['gap']:.4f}")
    for a in range(len(specs)):
        for b in range(a + 1, len(specs)):
            same = sum(r[a]["move"] == r[b]["move"] for r in rows)
            lines.append(f"[{a}] vs [{b}]: same move {same}/{n} ({100 * same / n:.0f} %)")
    return "\n".join(lines)


def against(found: list[dict[str, Any]], ref: int) -> str:
    """Every spec's moves valued by the reference spec's search of the same position (a
    far larger budget, e.g. `race=inf` so that every candidate gets it): how often each
    chose the reference's best move, and the mean reference value of its moves above the
    heuristic's (an unbiased estimate of what its choices gain: the reference's noise is
    independent of them), also paired with the first spec's on the same positions. `room`
    is the reference's best above the heuristic's (biased upwards by that noise)."""
    specs = [a["spec"] for a in found[0]["answers"]]
    gains: list[list[float]] = []          # per position: each spec's move above the heuristic's
    best_same = [0] * len(specs)
    room: list[float] = []
    for x in found:
        values = _values(x["answers"][ref]["actions"], x.get("heuristic"))
        base = values.get(_key(x["heuristic"])) if x.get("heuristic") is not None else None
        got = [values.get(_key(a["move"])) for a in x["answers"]]
        if base is None or any(v is None for v in got):
            continue                       # a move the reference did not try: not valued
        best = max(values, key=lambda k: values[k])
        room.append(values[best] - base)
        gains.append([v - base for v in got if v is not None])
        for j, a in enumerate(x["answers"]):
            best_same[j] += _key(a["move"]) == best
    n = len(room)
    lines = [f"valued by [{ref}] {specs[ref]} on {n} of {len(found)} positions (the others: a move it did not "
             f"try): its best move above the heuristic's {_mean(room):+.4f} (room)"]
    for j, spec in enumerate(specs):
        if j == ref:
            continue
        mine = [g[j] for g in gains]
        paired = [g[j] - g[0] for g in gains]
        lines.append(f"[{j}] {spec}: the reference's best move {best_same[j]}/{n}, its moves above the heuristic's "
                     f"{_mean(mine):+.4f} ± {_se(mine):.4f}"
                     + (f", above [0]'s {_mean(paired):+.4f} ± {_se(paired):.4f}" if j else ""))
    return "\n".join(lines)


def _values(actions: list[dict[str, Any]], heuristic: Any) -> dict[str, float]:
    """The reference's value of each move it tried. Without racing (`race=inf`) only a
    candidate that played the heuristic move's very game leaves early: its value is that
    move's (its own mean is over its first few playouts only, not comparable)."""
    most = max(a["visits"] for a in actions)
    values = {_key(a["move"]): a["value"] for a in actions}
    base = values.get(_key(heuristic)) if heuristic is not None else None
    if base is None:
        return values
    return {_key(a["move"]): a["value"] if a["visits"] == most else base for a in actions}


def _key(move: Any) -> str:
    return json.dumps(move, sort_keys=True)


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else float("nan")


def _se(xs: list[float]) -> float:
    if len(xs) < 2:
        return float("nan")
    m = _mean(xs)
    return (sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs)) ** 0.5


def write_md(path: Path, command: str, text: str) -> None:
    path.write_text(f"# Search diagnosis\n\nWritten by `{command}` (seeds are tuning seeds).\n\n```\n{text}\n```\n",
                    encoding="utf-8")


def summarize(files: list[Path], md: Path | None, ref: int | None) -> None:
    """The summary of earlier runs, read back from their `--out` files (several: pooled,
    position by position; they must name the same specs in the same order)."""
    found: list[dict[str, Any]] = []
    specs: list[str] | None = None
    for jsonl in files:
        if not jsonl.is_file():
            raise SystemExit(f"--summarize {jsonl}: no such file")
        rows = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines() if line.strip()]
        if not rows:
            raise SystemExit(f"--summarize {jsonl}: no positions in it")
        named = [a["spec"] for a in rows[0]["answers"]]
        if specs is not None and named != specs:
            raise SystemExit(f"--summarize {jsonl}: other specs than {files[0]} ({' '.join(named)}), not pooled")
        specs = named
        found += rows
    assert specs is not None
    text = summary([x["answers"] for x in found], specs, load=False)
    if ref is not None:
        text += "\n" + against(found, ref)
    print(text)
    if md is not None:
        write_md(md, "python3 benchmarks/strength_diagnose.py --summarize " + " ".join(f.name for f in files)
                 + (f" --reference {ref}" if ref is not None else ""), text)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--summarize", type=Path, nargs="+", default=None,
                    help="summarize earlier runs' --out files (several with the same specs: pooled)")
    ap.add_argument("--md", type=Path, default=None, help="write the summary into this Markdown file too")
    ap.add_argument("--game")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--every", type=int, default=9, help="every Nth decision with a choice")
    ap.add_argument("--seed", type=int, default=600_000, help="the first game's seed (tuning seeds: >= 600000)")
    ap.add_argument("--bots", nargs="+", help="the specs to compare (a spec twice: two seeds)")
    ap.add_argument("--searched", action="store_true",
                    help="only the decisions a rollout search looks at in play (the others are the heuristic's)")
    ap.add_argument("--phase", default=None,
                    help="only the decisions of this phase, even one the search plays plain (e.g. Siedler's respond)")
    ap.add_argument("--out", type=Path, default=None, help="append one JSON line a position here")
    ap.add_argument("--reference", type=int, default=None,
                    help="the index (in --bots) of the spec whose values judge the others' moves")
    args = ap.parse_args()
    if args.summarize is not None:
        return summarize(args.summarize, args.md, args.reference)
    if not args.game or not args.bots:
        ap.error("--game and --bots are needed (or --summarize FILE)")
    if args.seed < 600_000:
        raise SystemExit(f"--seed {args.seed}: diagnosis seeds are tuning seeds, use 600000 or more")
    states = positions(args.game, args.players, args.positions, args.every, args.seed, args.searched, args.phase)
    aids = search_aids(args.game, "fast", 0.5, "learned")
    if args.reference is not None and not 0 <= args.reference < len(args.bots):
        ap.error(f"--reference {args.reference}: an index into --bots (0..{len(args.bots) - 1})")
    found: list[dict[str, Any]] = []
    for i, state in enumerate(states):
        heuristic = aids.advise(Seat(state.clone(), state.to_act()[0]), random.Random(i))[0] if aids else None
        row = [ask(spec, args.seed + 1000 * j + i, state, heuristic) for j, spec in enumerate(args.bots)]
        found.append({"position": i, "phase": state.view(state.to_act()[0]).get("phase"),
                      "heuristic": heuristic.to_json() if heuristic is not None else None, "answers": row})
        if args.out is not None:
            with args.out.open("a", encoding="utf-8") as f:
                f.write(json.dumps(found[-1]) + "\n")
        print(f"position {i + 1}/{len(states)}: " + " | ".join(
            f"{a['iterations']} it {a['cpu']}s {'H' if a['heuristic'] else '-'}" for a in row), flush=True)
    text = summary([x["answers"] for x in found], args.bots)
    if args.reference is not None:
        text += "\n" + against(found, args.reference)
    print(text)
    if args.md is not None:
        write_md(args.md, "python3 benchmarks/strength_diagnose.py " + " ".join(sys.argv[1:]), text)


if __name__ == "__main__":
    main()
