"""Bulk simulation: many games between bots, in several processes, and their statistics."""

from __future__ import annotations

import csv
import io
import json
import os
import statistics
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from ..bots import make_bot
from ..core import BadOption, Match, Message, game as find_game
from ..terminal.files import check_output, write_text
from .results import check_folder, check_games, in_game
from .workers import batch_size, in_processes


@dataclass
class GameResult:
    seed: int
    scores: list[int]
    ranks: list[int]
    winners: list[int]
    breakdown: list[dict[str, int]]
    decisions: int
    chance_steps: int


def play_one(game_id: str, players: int, seed: int, options: dict[str, Any], bots: Sequence[str]) -> GameResult:
    """One game between named bots, seeded: the same arguments give the same game."""
    match = Match(game_id, players, seed, options, recording=False)
    with in_game(Message("commands.in_game.simulate", seed=seed)):
        out = match.run({i: make_bot(name, seed * 31 + i, game_id) for i, name in enumerate(bots)})
    return GameResult(seed, list(out.scores), list(out.ranks), list(out.winners),
                      [dict(b) for b in out.breakdown], match.decisions, match.chance_steps)


def _play_chunk(args: tuple[str, int, list[int], dict[str, Any], Sequence[str]]) -> list[GameResult]:
    game_id, players, seeds, options, bots = args
    return [play_one(game_id, players, s, options, bots) for s in seeds]


SUFFIXES = (".json", ".csv")


def check_out(path: Path) -> Path:
    """simulate's --out, refused at once (BadOption) unless it is a .json or .csv file that
    can be written. Folders on its way that do not exist are fine, as for a tournament's
    --out: they are made when the results are written (after the games; nothing is made
    if the run stops first), provided the nearest that exists is a writable folder. A
    results file of an earlier run is replaced (running again makes it again), any other
    file is not (`--components mine.json --out mine.json` lost the edited data file)."""
    if path.suffix.lower() in SUFFIXES and not path.is_dir() and not path.parent.exists():
        check_folder(path.parent, "--out", path)
        return path
    check_output(path, "--out", SUFFIXES)
    if not _ours(path):
        raise BadOption(Message("commands.simulate.out_other", path=str(path)))
    return path


HEADS = {".json": b'{\n "seats": ', ".csv": b"seed,seat,score,"}
"""How a results file of simulate begins (write_results), by its suffix."""


def _ours(path: Path) -> bool:
    """Whether `path` is missing, empty or a results file simulate wrote (by its start)."""
    head = HEADS[path.suffix.lower()]
    try:
        with path.open("rb") as fh:
            start = fh.read(len(head))
    except OSError:   # missing (or unreadable: check_output has said so)
        return True
    return not start or start == head


def check_run(game_id: str, games: int, players: int, bots: Sequence[str] | None, jobs: int) -> list[str]:
    """The bots of a run (random on every seat if none are named), checked with the other
    numbers before any game or process starts (and before a progress bar is drawn):
    BadOption naming what is wrong."""
    bots = list(bots) if bots else ["random"] * players
    if len(bots) != players:
        raise BadOption(Message("commands.simulate.bots", count=len(bots), players=players))
    for name in dict.fromkeys(bots):
        make_bot(name, 0, game_id)  # unknown names fail here
    check_games(games)
    if jobs < 1:
        raise BadOption(Message("commands.jobs", jobs=jobs))
    return bots


def simulate(
    game_id: str,
    games: int,
    players: int,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    bots: Sequence[str] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameResult]:
    """Play `games` games (seeds seed, seed+1, ...) on `jobs` processes, in seed order."""
    game = find_game(game_id)
    resolved = game.resolve(players, options)
    bots = check_run(game_id, games, players, bots, jobs)
    jobs = min(jobs, games, 4 * (os.cpu_count() or 1))   # more processes than games or cores: no game sooner
    seeds = list(range(seed, seed + games))
    chunk = batch_size(bots, game_id, games, jobs)   # a game a task where a bot may be slow
    batches = [(game_id, players, seeds[i:i + chunk], resolved, bots) for i in range(0, games, chunk)]
    results: list[GameResult] = []
    if jobs == 1:
        for b in batches:
            done = _play_chunk(b)
            results.extend(done)
            if progress:
                progress(len(done))
        return results

    def finished(done: list[GameResult]) -> None:
        results.extend(done)
        if progress:
            progress(len(done))

    in_processes(_play_chunk, batches, jobs, finished, ordered=True)   # stopped, its workers end at once
    return results


@dataclass
class Summary:
    game: str
    players: int
    games: int
    bots: list[str]
    wins: list[float]                 # shared wins split evenly
    win_rate: list[float]
    mean_score: list[float]
    mean_breakdown: list[dict[str, float]]
    decisions: dict[str, float] = field(default_factory=dict)   # game length
    chance_steps_mean: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def summarize(game_id: str, players: int, bots: Sequence[str], results: Sequence[GameResult]) -> Summary:
    n = len(results)
    wins = [0.0] * players
    for r in results:
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
    mean_score = [statistics.fmean(r.scores[i] for r in results) for i in range(players)]
    items: list[str] = []
    for r in results:
        for b in r.breakdown:
            for k in b:
                if k not in items:
                    items.append(k)
    breakdown = [
        {k: round(statistics.fmean(r.breakdown[i].get(k, 0) for r in results), 3) for k in items}
        for i in range(players)
    ]
    lengths = [r.decisions for r in results]
    return Summary(
        game=game_id, players=players, games=n, bots=list(bots),
        wins=[round(w, 3) for w in wins], win_rate=[round(w / n, 4) for w in wins],
        mean_score=[round(s, 3) for s in mean_score], mean_breakdown=breakdown,
        decisions={"mean": round(statistics.fmean(lengths), 1), "min": min(lengths),
                   "max": max(lengths), "median": statistics.median(lengths)},
        chance_steps_mean=round(statistics.fmean(r.chance_steps for r in results), 1),
    )


SEATS_NOTE = ("seats are counted from 1, as on the screen; lists by seat (scores, ranks, bots, wins) start "
              "with seat 1; a win shared by a tie counts as a share (1/2 each for two winners)")


def _rows(results: Sequence[GameResult]) -> Iterator[dict[str, Any]]:
    for r in results:
        for seat, score in enumerate(r.scores):
            row = {"seed": r.seed, "seat": seat + 1, "score": score, "rank": r.ranks[seat],
                   "won": int(seat in r.winners), "win_share": round(1 / len(r.winners), 4) if seat in r.winners else 0,
                   "decisions": r.decisions}
            row.update({f"vp_{k}": v for k, v in r.breakdown[seat].items()})
            yield row


def _game_json(r: GameResult) -> dict[str, Any]:
    out = asdict(r)
    out["winners"] = [w + 1 for w in r.winners]  # seats counted from 1
    return out


def write_results(path: str | Path, summary: Summary, results: Sequence[GameResult]) -> None:
    """JSON (summary and every game) or CSV (one row per game and seat), by the suffix,
    written whole (missing folders on its way made). Seats are counted from 1 in both (the
    JSON says so in "seats")."""
    p = Path(path)
    if p.suffix.lower() in SUFFIXES:
        p.parent.mkdir(parents=True, exist_ok=True)
    if p.suffix.lower() == ".json":
        write_text(p, json.dumps({"seats": SEATS_NOTE, "summary": summary.to_json(),
                                  "games": [_game_json(r) for r in results]}, indent=1) + "\n")
    elif p.suffix.lower() == ".csv":
        rows = list(_rows(results))
        fields: list[str] = []
        for row in rows:
            fields.extend(k for k in row if k not in fields)
        text = io.StringIO(newline="")
        writer = csv.DictWriter(text, fieldnames=fields, restval=0)
        writer.writeheader()
        writer.writerows(rows)
        write_text(p, text.getvalue())
    else:
        raise BadOption(Message("commands.simulate.out", name=repr(p.name)))
