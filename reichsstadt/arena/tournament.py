"""Seat-rotated tournaments between bots: who is stronger, with how much certainty.

Design (what a researcher can rely on):

- **Entrants** are the bots named, in order; a name may be given twice (`mcts:1s,random,
  random,random`: one MCTS bot against three random ones). Statistics are per name.
- **Seat rotation**: with k entrants and p seats, k <= p, there are k seatings; in seating
  r, seat s holds entrant (r + s) mod k. Over the k seatings every entrant sits in every
  seat exactly once (with k < p an entrant fills several seats of one game). With k > p
  every combination of p entrants plays, each rotated over its seats (p seatings each):
  every entrant sits in every seat equally often and meets every other equally often.
  (Results files of format 1 keep their schedule: with k > p, the k rotations of the list,
  where an entrant met only its neighbours.) A tournament is a whole number of such blocks.
- **Paired seeds**: each block plays one game seed under all its seatings, so every
  entrant meets the same chance draws from every seat (variance reduction, and first-seat
  advantage cancels). Bot seeds follow the entrant, not the seat.
- **Win share** is wins (ties split) per seat played; its 95 % Wilson interval is set
  against the fair share 1/p. Games of one block share a seed and a bot may fill two seats
  of a game, so the interval treats seats as independent trials: an approximation that is
  conservative for paired designs when the seating effect dominates.
- **Ratings**: openskill's Plackett-Luce, games in schedule order, each seat a team of one;
  a name that fills several seats of a game takes the mean of its seats' updates.

Backends: local processes (`jobs`, all cores by default) or a Ray cluster (`backend="ray"`,
`address="HOST:PORT"`; the package is shipped to the workers with the tasks).

With a folder (`out`), every game is appended to its `results.jsonl` as it ends
(arena/results.py): a stopped tournament keeps its games and `resume` plays only the
rest, with the same seeds, so it ends as an uninterrupted one would; `report(folder)`
summarizes the file at any time. What a tournament needs that is not installed
(openskill for the ratings, Ray for its backend), and a bot of one's own that fails its
trial move (arena/trial.py), are refused before the first game and before the folder."""

from __future__ import annotations

import itertools
import json
import math
import os
import statistics
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from ..bots import check_bot, make_bot
from ..bots.plugins import local_sources
from ..core import BadOption, Match, Message, game as find_game
from ..terminal.files import write_text
from .lock import holding
from .trial import try_bots
from .results import (FORMAT, MOST_GAMES, RESULTS, Header, Writer, check_games, check_writable, in_game, read,
                      results_path, semicolons)
from .workers import batch_size, in_processes

Z95 = 1.959963984540054


# -- schedule -----------------------------------------------------------------------------

def seatings(entrants: int, players: int, format: int = FORMAT) -> list[list[int]]:
    """The seatings of a block (entrant per seat). With no more entrants than seats, or in
    format 1, k seatings: seating r puts entrant (r + s) mod k in seat s. Else every
    combination of `players` entrants, in list order, rotated: C(k, p) x p seatings."""
    if entrants < 1:
        raise BadOption(Message("commands.tournament.no_bot"))
    if entrants <= players or format == 1:
        return [[(r + s) % entrants for s in range(players)] for r in range(entrants)]
    size = math.comb(entrants, players) * players
    if size > MOST_GAMES:
        raise BadOption(Message("commands.tournament.too_many_entrants", count=entrants, players=players,
                                games=size, most=MOST_GAMES))
    return [[group[(r + s) % players] for s in range(players)]
            for group in itertools.combinations(range(entrants), players) for r in range(players)]


def schedule_format(entrants: int, players: int) -> int:
    """The format a new tournament's results file is written in: 1 where both schedules
    are one (no more entrants than seats: such a file reads as before), else FORMAT."""
    return 1 if entrants <= players else FORMAT


@dataclass(frozen=True)
class Task:
    """One game of the schedule."""

    index: int
    block: int
    rotation: int
    seed: int
    game: str
    players: int
    options: dict[str, Any]
    bots: tuple[str, ...]           # spec per seat
    entrants: tuple[int, ...]       # entrant index per seat


def schedule(game_id: str, bots: Sequence[str], players: int, games: int, seed: int = 1,
             options: dict[str, Any] | None = None, format: int = FORMAT) -> list[Task]:
    """`games` rounded up to whole blocks of seatings; block b plays seed + b."""
    check_games(games)
    plan = seatings(len(bots), players, format)
    blocks = max(1, math.ceil(games / len(plan)))
    out: list[Task] = []
    for b in range(blocks):
        for r, seating in enumerate(plan):
            out.append(Task(len(out), b, r, seed + b, game_id, players, dict(options or {}),
                            tuple(bots[e] for e in seating), tuple(seating)))
    return out


def bot_seed(task: Task, entrant: int) -> int:
    """A bot's seed: by game seed and entrant, the same in every seating of the block."""
    return (task.seed * 1_000_003 + entrant * 7_919) & 0x7FFFFFFF


# -- playing ------------------------------------------------------------------------------

@dataclass
class GameResult:
    index: int
    block: int
    rotation: int
    seed: int
    bots: list[str]               # spec per seat
    entrants: list[int]
    scores: list[int]
    ranks: list[int]
    winners: list[int]
    decisions: int
    seconds: float
    thinking: list[dict[str, Any] | None] = field(default_factory=list)   # per seat, searching bots
    load: float | None = None     # the machine's load average (1 min) as the game ended

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(obj: dict[str, Any]) -> "GameResult":
        return GameResult(int(obj["index"]), int(obj["block"]), int(obj["rotation"]), int(obj["seed"]),
                          list(obj["bots"]), list(obj["entrants"]), list(obj["scores"]), list(obj["ranks"]),
                          list(obj["winners"]), int(obj["decisions"]), float(obj["seconds"]),
                          list(obj.get("thinking") or []), obj.get("load"))


def play(task: Task) -> GameResult:
    """Play one scheduled game (the same task gives the same game, in any process)."""
    start = time.perf_counter()
    match = Match(task.game, task.players, task.seed, task.options, recording=False)
    agents = {s: make_bot(spec, bot_seed(task, e), task.game) for s, (spec, e) in
              enumerate(zip(task.bots, task.entrants))}
    with in_game(Message("commands.in_game.tournament", number=task.index + 1, seed=task.seed)):
        out = match.run(agents)
    thinking = [a.thinking() if hasattr(a, "thinking") else None for a in agents.values()]
    return GameResult(task.index, task.block, task.rotation, task.seed, list(task.bots), list(task.entrants),
                      list(out.scores), list(out.ranks), list(out.winners), match.decisions,
                      round(time.perf_counter() - start, 3), thinking, round(os.getloadavg()[0], 2))


def play_batch(tasks: Sequence[Task]) -> list[GameResult]:
    return [play(t) for t in tasks]


def _batches(tasks: Sequence[Task], jobs: int) -> list[list[Task]]:
    """A task a game where a bot may be slow (a search, hard and expert, a bot of one's
    own: workers.batch_size), so that each game is written as it ends; the games of fast
    bots go in batches (less overhead)."""
    if not tasks:
        return []
    size = batch_size({b for t in tasks for b in t.bots}, tasks[0].game, len(tasks), jobs)
    return [list(tasks[i:i + size]) for i in range(0, len(tasks), size)]


Progress = Callable[[int], None]
Finished = Callable[[list[GameResult]], None]
"""Told of every batch of games as it ends (the results file, the progress bar)."""


def run_local(tasks: Sequence[Task], jobs: int, done: Finished) -> None:
    """The games on `jobs` local processes. A stopped tournament stops at once: games not
    yet begun are not begun, games under way are ended (arena/workers.py)."""
    batches = _batches(tasks, jobs)
    if jobs == 1:
        for b in batches:
            done(play_batch(b))
        return
    in_processes(play_batch, batches, jobs, done)


def package_dir() -> str:
    """The `reichsstadt` package this process runs (shipped to Ray workers)."""
    return str(Path(__file__).resolve().parents[1])


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """A clear error at once for a wrong HOST:PORT (Ray itself retries for minutes)."""
    import socket

    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise BadOption(Message("commands.tournament.address", address=repr(address)))
    try:
        socket.create_connection((host, int(port)), timeout).close()
    except OSError as exc:
        raise BadOption(Message("commands.tournament.no_ray_cluster", address=address,
                                reason=str(exc.strerror or exc))) from None


def run_ray(tasks: Sequence[Task], address: str | None, jobs: int | None, done: Finished) -> None:
    """Play on a Ray cluster (`address` HOST:PORT; None starts a private local Ray).
    The package travels with the job (runtime_env py_modules), so the workers play the
    same code as this process, and so do bots of one's own from the current folder
    (plugins.local_sources); the cluster needs Python and the dependencies."""
    if address:
        _check_reachable(address)
    try:
        import ray
    except ImportError:
        raise BadOption(Message("commands.needs.ray")) from None
    # the package, and the bots of one's own from the current folder, travel with the job:
    # the cluster's other machines have neither
    runtime_env = {"py_modules": [package_dir(), *local_sources(sorted({b for t in tasks for b in t.bots}))]}
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"runtime_env": runtime_env, "log_to_driver": False, "include_dashboard": False}
        if address:
            kwargs.pop("include_dashboard")
            kwargs["address"] = address
        elif jobs:
            kwargs["num_cpus"] = jobs
        try:
            ray.init(**kwargs)
        except ConnectionError as exc:
            raise BadOption(Message("commands.tournament.no_ray_cluster", address=str(address), reason=str(exc))) \
                from None
        started = True
    try:
        remote = ray.remote(num_cpus=1)(play_batch)
        cpus: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        batches = _batches(tasks, max(1, int(cpus.get("CPU", 1))))
        pending = [remote.remote(b) for b in batches]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                done(ray.get(ref))
    finally:
        if started:
            ray.shutdown()


# -- statistics ---------------------------------------------------------------------------

def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (successes may be fractional: split ties)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n)))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class BotSummary:
    bot: str
    seats: int                 # seats played (games x seats it filled)
    wins: float                # ties split
    win_share: float
    ci_low: float
    ci_high: float
    fair_share: float
    verdict: str               # "above", "below" or "within" the fair share (95 %)
    mean_rank: float
    mean_score: float
    score_sd: float
    mu: float                  # openskill Plackett-Luce
    sigma: float
    ordinal: float             # mu - 3 sigma
    by_seat: list[float | None] = field(default_factory=list)   # win share in each seat
    iterations_per_search: float | None = None   # searching bots: playouts per searched move
    seconds_per_search: float | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class TournamentResult:
    game: str
    players: int
    bots: list[str]            # the entrants as named
    seed: int
    backend: str
    seconds: float | None      # the wall clock of the run that made it (None: a report of its file)
    games: list[GameResult]
    summary: list[BotSummary]
    format: int = 1            # of its schedule (results.FORMATS)

    @property
    def play_seconds(self) -> float:
        """The time its games took, summed over them (in any run, on any worker)."""
        return sum(g.seconds for g in self.games)

    def block(self) -> list[list[int]]:
        """The seatings of each seed (entrant per seat)."""
        return seatings(len(self.bots), self.players, self.format)

    def to_json(self) -> dict[str, Any]:
        # two times, named apart: a run's wall clock (not its resumed parts') and the games' summed time
        wall = None if self.seconds is None else round(self.seconds, 2)
        return {"game": self.game, "players": self.players, "bots": self.bots, "seed": self.seed,
                "backend": self.backend, "wall_seconds": wall, "play_seconds": round(self.play_seconds, 2),
                "seatings": self.block(),
                "summary": [s.to_json() for s in self.summary], "games": [g.to_json() for g in self.games]}


def ratings(games: Sequence[GameResult]) -> dict[str, tuple[float, float, float]]:
    """openskill Plackett-Luce ratings by bot name: (mu, sigma, ordinal)."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise BadOption(Message("commands.needs.openskill")) from None
    model = PlackettLuce()
    current: dict[str, tuple[float, float]] = {}
    for g in sorted(games, key=lambda g: g.index):
        for b in g.bots:
            current.setdefault(b, (model.mu, model.sigma))
        teams = [[model.rating(mu=current[b][0], sigma=current[b][1])] for b in g.bots]
        new = model.rate(teams, ranks=list(g.ranks))
        seen: dict[str, list[tuple[float, float]]] = {}
        for b, team in zip(g.bots, new):
            seen.setdefault(b, []).append((team[0].mu, team[0].sigma))
        for b, ups in seen.items():
            current[b] = (statistics.fmean(u[0] for u in ups), statistics.fmean(u[1] for u in ups))
    out = {}
    for b, (mu, sigma) in current.items():
        out[b] = (mu, sigma, mu - 3 * sigma)
    return out


def summarize(games: Sequence[GameResult], players: int, names: Sequence[str]) -> list[BotSummary]:
    fair = 1 / players
    rated = ratings(games)
    out = []
    for name in dict.fromkeys(names):
        wins = 0.0
        seats = 0
        ranks: list[int] = []
        scores: list[int] = []
        seat_wins = [0.0] * players
        seat_n = [0] * players
        searches = iterations = 0
        thought = 0.0
        for g in games:
            for s, b in enumerate(g.bots):
                if b != name:
                    continue
                t = g.thinking[s] if s < len(g.thinking) else None
                if t:
                    searches += t["searches"]
                    iterations += t["iterations"]
                    thought += t["seconds"]
                w = 1 / len(g.winners) if s in g.winners else 0.0
                wins += w
                seats += 1
                seat_wins[s] += w
                seat_n[s] += 1
                ranks.append(g.ranks[s])
                scores.append(g.scores[s])
        if not seats:
            continue
        low, high = wilson(wins, seats)
        verdict = "above" if low > fair else "below" if high < fair else "within"
        mu, sigma, ordinal = rated[name]
        out.append(BotSummary(
            bot=name, seats=seats, wins=round(wins, 3), win_share=round(wins / seats, 4), ci_low=round(low, 4),
            ci_high=round(high, 4), fair_share=round(fair, 4), verdict=verdict,
            mean_rank=round(statistics.fmean(ranks), 3), mean_score=round(statistics.fmean(scores), 3),
            score_sd=round(statistics.pstdev(scores), 3), mu=round(mu, 3), sigma=round(sigma, 3),
            ordinal=round(ordinal, 3),
            by_seat=[round(seat_wins[s] / seat_n[s], 4) if seat_n[s] else None for s in range(players)],
            iterations_per_search=round(iterations / searches, 1) if searches else None,
            seconds_per_search=round(thought / searches, 3) if searches else None,
        ))
    return out


# -- the whole run --------------------------------------------------------------------------

def check_extras(backend: str = "local", plots: bool = False) -> None:
    """BadOption naming the extra to install, before any game: openskill (ratings), Ray
    (its backend), matplotlib (plots)."""
    import importlib.util

    needed = ["openskill"] + (["ray"] if backend == "ray" else []) + (["matplotlib"] if plots else [])
    for module in needed:
        if importlib.util.find_spec(module) is None:
            raise BadOption(Message(f"commands.needs.{module}"))


def check_settings(game_id: str, bots: Sequence[str], players: int, games: int, seed: int = 1,
                   options: dict[str, Any] | None = None, jobs: int | None = None, backend: str = "local",
                   address: str | None = None, out: str | Path | None = None,
                   resume: bool = False, trial: bool = True) -> tuple[Header, list[Task], int, list[dict[str, Any]]]:
    """Everything a tournament is asked, checked before any game is played or file
    written (and before the command draws its progress bar): BadOption naming what is
    wrong. The header, the schedule, the worker processes to use and the games `out`
    holds already (resuming). `trial`: bots of one's own play their trial move (the
    command has them play it once, before its progress bar)."""
    g = find_game(game_id)
    resolved = g.resolve(players, options)
    g.new(players, seed, g.record_options(resolved))   # a broken data file is refused before any folder is made
    checked = {b: check_bot(b, game_id) for b in dict.fromkeys(bots)}   # a bot of one's own made once
    names = [checked[b] for b in bots]
    check_games(games)
    if backend not in ("local", "ray"):
        raise BadOption(Message("commands.tournament.backend", backend=repr(backend)))
    if backend == "local" and address:
        raise BadOption(Message("commands.tournament.address_local"))
    if backend == "ray" and address:
        _check_reachable(address)   # no cluster there: said before the folder is made
    jobs = jobs if jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise BadOption(Message("commands.jobs", jobs=jobs))
    if backend == "local":   # more processes than games or cores: no game sooner
        jobs = min(jobs, games, 4 * (os.cpu_count() or 1))
    check_extras(backend)
    options = g.record_options(resolved)
    if trial:   # a bot that cannot play this game: refused before the folder
        try_bots(game_id, players, seed, options, names)
    fmt = _format_found(out, resume) or schedule_format(len(names), players)   # a file keeps its schedule
    tasks = schedule(game_id, names, players, games, seed, options, fmt)
    header = Header(game_id, players, names, seed, games, options, len(tasks), fmt)
    return header, tasks, jobs, found_in(header, out, resume)


def _format_found(out: str | Path | None, resume: bool) -> int | None:
    """The format of the results file a tournament resumes (None if there is none)."""
    if not resume or out is None or not results_path(out).exists():
        return None
    return read(out)[0].format


def tournament(
    game_id: str,
    bots: Sequence[str],
    players: int,
    games: int,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    jobs: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    trial: bool = True,
) -> TournamentResult:
    """Play a seat-rotated tournament; `games` is rounded up to whole rotations. With
    `out`, every game goes to out/results.jsonl as it ends (the folder and any missing
    folders above it are made); `resume` continues the tournament there (the same
    settings, else BadOption naming the difference), playing only the games it lacks.
    `progress` hears of each game ended in this run. Another run playing into `out` (a
    --resume beside it) is refused before any game (arena/lock.py). `trial`: whether bots of
    one's own play a trial move first (arena/trial.py; the command has done so already)."""
    header, tasks, jobs, found = check_settings(game_id, bots, players, games, seed, options, jobs, backend,
                                                address, out, resume, trial)   # refused before the folder is made
    with holding(out):
        if out is not None:   # the games there now, read under the lock
            found = found_in(header, out, resume)
        return _play(header, tasks, jobs, found, backend, address, progress, out, resume)


def _play(header: Header, tasks: list[Task], jobs: int, found: list[dict[str, Any]], backend: str,
          address: str | None, progress: Progress | None, out: str | Path | None, resume: bool) -> TournamentResult:
    """The games of the schedule `out` lacks, each written there as it ends; the result."""
    game_id, players, seed, names = header.game, header.players, header.seed, header.bots
    results = [GameResult.from_json(x) for x in found]
    writer = None if out is None else Writer(out, header, resume)
    start = time.perf_counter()
    todo = [t for t in tasks if t.index not in {r.index for r in results}]

    def done(batch: list[GameResult]) -> None:
        if writer is not None:
            writer.add(r.to_json() for r in batch)
        results.extend(batch)
        if progress:
            progress(len(batch))

    if todo and backend == "ray":
        run_ray(todo, address, jobs, done)
    elif todo:
        run_local(todo, min(jobs, len(todo)), done)
    results.sort(key=lambda r: r.index)
    return TournamentResult(game_id, players, names, seed, backend, time.perf_counter() - start, results,
                            summarize(results, players, names), header.format)


def found_in(header: Header, out: str | Path | None, resume: bool) -> list[dict[str, Any]]:
    """The games already played in `out` (resuming: the same tournament's, else
    BadOption naming the difference); [] for a new tournament, refused where one is."""
    if out is None:
        if resume:
            raise BadOption(Message("commands.tournament.resume_folder"))
        return []
    check_writable(out)
    exists = results_path(out).exists()
    if not resume:
        if exists:
            raise BadOption(Message("commands.tournament.exists", folder=str(out), file=RESULTS))
        return []
    if not exists:
        raise BadOption(Message("commands.tournament.resume_none", folder=str(out), file=RESULTS))
    found, games = read(out)
    differ = header.differences(found)
    if differ:
        raise BadOption(Message("commands.tournament.resume_other", folder=str(out), differences=semicolons(differ)))
    return games


def report(folder: str | Path, backend: str = "local") -> tuple[TournamentResult, Header]:
    """The tournament in `folder` as its results file has it now (finished or not)."""
    check_extras()
    header, games = read(folder)
    results = [GameResult.from_json(x) for x in games]
    if not results:
        raise BadOption(Message("commands.tournament.no_game", folder=str(folder)))
    return (TournamentResult(header.game, header.players, header.bots, header.seed, backend, None, results,
                             summarize(results, header.players, header.bots), header.format), header)


def write(result: TournamentResult, out: str | Path, plots: bool = True) -> list[Path]:
    """results.json (summary and every game) and, with matplotlib, ratings.png,
    wins.png and scores.png, into the folder `out`; the paths written."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "results.json"
    write_text(path, json.dumps(result.to_json(), indent=1) + "\n")   # whole or not at all
    written = [path]
    if plots:
        from .plots import plot_all

        written += plot_all(result, folder)
    return written
