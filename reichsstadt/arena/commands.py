"""The arena's commands, registered by reichsstadt/cli.py:

    reichsstadt tournament GAME --bots random,mcts:1s --players 4 --games N [--backend ray --address HOST:PORT]
    reichsstadt hint RECORD [--bot hard] [--seat N] [--json]
    reichsstadt review RECORD [--seconds 12] [--json] [--lang de]"""

from __future__ import annotations

import json
import math
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from ..core import BadOption, Message, Player, ReichsstadtError, game as find_game
from ..terminal.words import Words, choose_language

console = Console()
if not console.is_terminal:  # piped or captured: tables drawn for 120 columns
    console = Console(width=120)


def _words() -> Words:
    """The commands' words in the environment's language (as cli.main's errors)."""
    return Words(choose_language(None), [])


def _options(option: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in option:
        if "=" not in item:
            raise BadOption(Message("commands.option", item=repr(item)))
        key, value = item.split("=", 1)
        out[key.strip()] = value.strip()
    return out


class Finish(ProgressColumn):
    """The time left and the clock time the run should end, from this run's own pace
    (every game it has ended so far; games found done when resuming do not count)."""

    def __init__(self) -> None:
        super().__init__()
        self.base = 0.0

    def render(self, task: Task) -> Text:
        done = task.completed - self.base
        elapsed = task.elapsed or 0.0
        if done <= 0 or task.total is None or elapsed <= 0:
            return Text(_words()("commands.tournament.eta_unknown"), style="progress.remaining")
        left = elapsed / done * (task.total - task.completed)
        end = time.strftime("%H:%M", time.localtime(time.time() + left))
        return Text(_words().part("commands.tournament.eta", left=_clock(left), end=end), style="progress.remaining")


def _clock(seconds: float) -> str:
    m, s = divmod(int(seconds + 0.5), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


COMPONENTS = typer.Option(None, "--components", help="Your own component data file (JSON; as -o components=FILE).")
MAP = typer.Option(None, "--map", help="Your own map data file (JSON, Siedler; as -o map=FILE).")


def tournament(
    game_id: Optional[str] = typer.Argument(None, metavar="GAME", help="The game's id (`reichsstadt games` lists "
                                            "them; with --resume or --report: taken from the folder)"),
    bots: Optional[str] = typer.Option(None, "--bots", "-b",
                                       help="The entrants, comma-separated (default mcts:1s,random): a level "
                                            "(easy, medium, hard, expert), random, greedy, mcts, mcts:2000 "
                                            "(iterations a move), mcts:1s or mcts:0.5s (time a move), an "
                                            "installed bot, or package.module:factory. A name may repeat "
                                            "(mcts:1s,random,random,random: one MCTS bot against three "
                                            "random ones)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Seats per game (default 4 where it fits)."),
    games: Optional[int] = typer.Option(None, "--games", "-n",
                                        help="Games to play (default 100), rounded up to whole seat rotations (one "
                                             "per entrant; more entrants than seats: every p of them, rotated)."),
    seed: Optional[int] = typer.Option(None, help="Seed of the first rotation (default 1); rotation i plays "
                                       "seed+i in every seating."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", help="Worker processes (default: all cores)."),
    backend: str = typer.Option("local", help="local (processes on this machine) or ray (a Ray cluster)."),
    address: Optional[str] = typer.Option(None, help="The Ray cluster's HOST:PORT (--backend ray; default: "
                                          "a private Ray on this machine)."),
    out: Optional[Path] = typer.Option(None, help="Folder for results.jsonl (every game as it ends), "
                                       "results.json and the plots (default: tournament-GAME); made, with "
                                       "any missing folders above it, once the games begin."),
    plots: bool = typer.Option(True, "--plots/--no-plots", help="Draw ratings.png, wins.png and scores.png."),
    option: list[str] = typer.Option([], "--option", "-o", help="A game option as key=value (repeatable)."),
    components: Optional[Path] = COMPONENTS,
    map_file: Optional[Path] = MAP,
    resume: Optional[Path] = typer.Option(None, "--resume", help="Continue the stopped tournament in this "
                                          "folder (or its results.jsonl): its settings are in that file; only "
                                          "the games it lacks are played, with the same seeds."),
    report: Optional[Path] = typer.Option(None, "--report", help="Summarize the tournament in this folder (or "
                                          "its results.jsonl) as it stands (finished or not): the table, "
                                          "results.json and plots, without playing a game."),
) -> None:
    """A seat-rotated tournament between bots: win shares with 95 % intervals against the
    fair share, mean rank and score, openskill ratings, plots and every game's result.
    Each game is written to results.jsonl as it ends; --resume continues a stopped
    tournament, --report redraws the summary from the file at any time."""
    from ..bots.specs import entrants as split_entrants
    from .results import folder_of
    from .lock import holding
    from .tournament import check_extras, check_settings, found_in, write

    if report is not None:
        _report(report, plots)
        return
    settings: dict[str, Any] = {}
    if resume is not None:
        resume = folder_of(resume, "--resume")
        settings = _settings(resume, out)
    gid = game_id if game_id is not None else settings.get("game")
    if gid is None:
        raise BadOption(Message("commands.tournament.which_game"))
    g = find_game(gid)
    n = players if players is not None else settings.get("players") or (4 if 4 in g.players else g.players.start)
    names = split_entrants(bots if bots is not None else settings.get("bots", "mcts:1s,random"))
    count = games if games is not None else settings.get("games", 100)
    first = seed if seed is not None else settings.get("seed", 1)
    data = {k: str(v) for k, v in (("components", components), ("map", map_file)) if v is not None}
    opts = {**(_options(option) if option else settings.get("options", {})), **data}
    folder = resume or out or Path(f"tournament-{gid}")
    check_extras(backend, plots)
    # everything else (--jobs, --out, what --resume finds) says so before the progress bar too
    asked: dict[str, Any] = {"game_id": gid, "bots": names, "players": n, "games": count, "seed": first,
                             "options": opts, "jobs": jobs, "backend": backend, "address": address, "out": folder,
                             "resume": resume is not None}
    header, tasks, _, _ = check_settings(**asked)   # refused before the folder is made
    with holding(folder):   # another run in the folder: refused now, before the bar (arena/lock.py)
        result = _play(asked, g.title, len(tasks), len(found_in(header, folder, resume is not None)))
        _print_result(result)
        # results.json and the plots under the lock too: a --resume let in before them
        # could have its newer summary overwritten by this run's
        written = write(result, folder, plots)
    _say_written([folder / "results.jsonl", *written])


def _play(asked: dict[str, Any], title: str, total: int, found: int) -> Any:
    """The tournament `asked` (tournament()'s arguments but `progress`) under its progress
    bar; `found` of its `total` games played already."""
    from .tournament import tournament as run

    players, folder = asked["players"], asked["out"]
    finish = Finish()
    finish.base = found
    with ended_as_by_ctrl_c(), Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                         TimeElapsedColumn(), finish, console=console) as progress:
        task = progress.add_task(_words().part("terminal.simulate.progress", game=title, players=players,
                                               count=players), total=total, completed=found)

        def advance(k: int) -> None:
            progress.advance(task, k)

        with _saying_what_is_kept(progress, task, folder):
            return run(**asked, progress=advance, trial=False)   # its bots were tried before the bar


def _report(folder: Path, plots: bool) -> None:
    """--report: the table, results.json and the plots from the results file as it is."""
    from .results import folder_of
    from .tournament import check_extras, report as summary_of, write

    folder = folder_of(folder, "--report")
    check_extras(plots=plots)
    result, header = summary_of(folder)
    _print_result(result, header.scheduled)
    written = write(result, folder, plots)
    _say_written(written)


def _say_written(paths: list[Path]) -> None:
    console.print(Text(_words()("commands.tournament.written", paths=", ".join(str(p) for p in paths))),
                  soft_wrap=True)


def _settings(resume: Path, out: Optional[Path]) -> dict[str, Any]:
    """--resume: the settings of the tournament in that folder, from its header."""
    from .results import read

    header, _ = read(resume)
    if out is not None and out != resume:
        raise BadOption(Message("commands.tournament.resume_out", folder=str(resume), out=str(out)))
    return {"game": header.game, "bots": ",".join(header.bots), "players": header.players,
            "games": header.games, "seed": header.seed, "options": header.options}


@contextmanager
def ended_as_by_ctrl_c() -> Iterator[None]:
    """SIGTERM (`kill PID`, Popen.terminate(), a supervisor) stops a run as Ctrl-C does:
    its workers ended at once, what is kept said; the command exits with 128 + the
    signal's number (143), as `play` does."""
    from .workers import Terminated, stopped_by_sigterm

    try:
        with stopped_by_sigterm():
            yield
    except Terminated as ended:
        raise typer.Exit(128 + ended.signum) from None


@contextmanager
def _saying_what_is_kept(progress: Progress, task: Any, folder: Path) -> Iterator[None]:
    """A tournament stopped after it began says where its games are and how it goes on:
    after Ctrl-C at once; after a bot's failure below the error's own line (a note on the
    error, which cli.main prints after it)."""
    try:
        yield
    except KeyboardInterrupt:
        said = _stopped(progress, task, folder)
        if said:
            console.print(Text(said), soft_wrap=True)
        raise
    except (ReichsstadtError, OSError) as exc:   # OSError: results.jsonl cannot take a game (a full disk)
        said = _stopped(progress, task, folder)
        if said:
            exc.add_note(said)
        raise


def _stopped(progress: Progress, task: Any, folder: Path) -> str:
    """A tournament stopped (Ctrl-C, a bot's failure) after it began: the bar ended, and
    the line saying where its games are and how it goes on ("" if none are kept)."""
    from .results import read, results_path

    done = int(progress.tasks[task].completed)
    total = int(progress.tasks[task].total or 0)
    progress.stop()
    try:   # the games kept are the file's: Ctrl-C may fall between a game's line and the bar's step
        done = len(read(folder)[1])
    except (ReichsstadtError, OSError):   # pragma: no cover - a file gone or torn beyond reading: the bar's count
        pass
    if done < total and results_path(folder).exists():
        command = f"reichsstadt tournament --resume {folder}"
        if done:
            return _words()("commands.tournament.stopped", count=done, total=total, path=str(results_path(folder)),
                            command=command)
        return _words()("commands.tournament.stopped_before", count=total, command=command)
    return ""


def _print_result(result: Any, scheduled: int | None = None) -> None:
    """The summary table. A bot is named in full in its row when the table fits the
    terminal so; else the rows carry letters and a legend below names each bot in full
    (an import path cut to "mypolicy.ag…" would say nothing)."""
    rows = sorted(result.summary, key=lambda s: -s.mu)
    table = _summary_table(result, rows, [s.bot for s in rows], scheduled)
    if Console(width=10_000).measure(table).minimum <= console.width:   # names whole, the rest wrapped
        console.print(table)
        return
    labels = [_label(i) for i in range(len(rows))]
    console.print(_summary_table(result, rows, labels, scheduled))
    for label, s in zip(labels, rows):
        console.print(Text(f"  {label}  {s.bot}"))


def _label(i: int) -> str:
    return chr(ord("A") + i) if i < 26 else str(i + 1)


COLUMNS = ("bot", "seats", "win_share", "interval", "fair", "mean_rank", "mean_score", "rating", "playouts")
"""The tournament table's columns (each a message commands.tournament.column.<name>)."""


def _times(result: Any) -> Message:
    """The time a tournament took, saying which: the wall clock of this run (a resumed
    run's own part only) and the games' time summed; a report of a file has only the latter."""
    play = f"{result.play_seconds:.0f}"
    if result.seconds is None:
        return Message("commands.tournament.time.play", play=play)
    return Message("commands.tournament.time.run", wall=f"{result.seconds:.0f}", play=play)


def _summary_table(result: Any, rows: list[Any], names: list[str], scheduled: int | None) -> Table:
    w = _words()
    played = len(result.games)
    games = (Message("commands.tournament.games_of", count=played, scheduled=scheduled)
             if scheduled and scheduled > played else Message("commands.tournament.games", count=played))
    block = len(result.block())
    seeds = math.ceil(played / block)
    table = Table(title=w.part("commands.tournament.title", game=find_game(result.game).title,
                               players=result.players, games=games,
                               rotations=Message("commands.tournament.rotations", count=block),
                               seeds=Message("commands.tournament.seeds", count=seeds),
                               time=_times(result)))
    intervals = [f"{s.ci_low:.1%} – {s.ci_high:.1%}" for s in rows]   # breaks between its ends, if it must
    for i, col in enumerate(COLUMNS):
        table.add_column(w.part(f"commands.tournament.column.{col}", share=f"{1 / result.players:.0%}"),
                         justify="right" if i else "left", no_wrap=not i)
    for name, s, interval in zip(names, rows, intervals):
        table.add_row(name, str(s.seats), f"{s.win_share:.1%}", interval,
                      w.part(f"commands.tournament.verdict.{s.verdict}"),
                      f"{s.mean_rank:.2f}", f"{s.mean_score:.1f} ± {s.score_sd:.1f}", f"{s.mu:.1f} ± {s.sigma:.1f}",
                      "—" if s.iterations_per_search is None else f"{s.iterations_per_search:.0f}")
    return table


def hint(
    record: Path = typer.Argument(..., metavar="RECORD", help="A saved game record (JSON)."),
    bot: str = typer.Option("mcts:1s", help="The bot to ask (mcts:1s, mcts:5s, mcts:2000, random, greedy)."),
    seat: Optional[int] = typer.Option(None, help="The seat (1-based) to hint for, when several decide at once "
                                       "(default: the first of them)."),
    seed: int = typer.Option(0, help="The bot's seed (the same seed and an iteration budget give the same hint)."),
    lang: Optional[str] = typer.Option(None, "--lang", help="The language (default: the environment's)."),
    as_json: bool = typer.Option(False, "--json", help="Print the hint as JSON (seats from 0, as the server's)."),
) -> None:
    """The move a bot would make where a saved game ends, with its estimate."""
    from ..bots.hint import hint_for
    from ..core import Record, replay
    from ..i18n import render

    language = choose_language(lang)

    rec = Record.load(record)
    state = replay(rec)
    to_act = state.to_act()
    if not to_act:
        raise BadOption(Message("commands.hint.over", record=str(record)))
    if to_act[0] < 0:
        raise BadOption(Message("commands.hint.chance", record=str(record)))
    if seat is None:
        who = to_act[0]
    else:
        if seat - 1 not in to_act:
            raise BadOption(Message("commands.hint.seat", seat=seat, record=str(record),
                                    deciding=", ".join(str(s + 1) for s in to_act)))
        who = seat - 1
    out = hint_for(state, who, bot, seed=seed, lang=language, names=rec.names)
    if as_json:
        print(json.dumps(out, ensure_ascii=False))
        return

    def say(msgid: str, **args: Any) -> str:
        return render(Message(msgid, **args), language, rec.names)

    _print_hint(out, say, len(rec.moves), rec.names[who] if who < len(rec.names) else str(who + 1))


def _print_hint(out: dict[str, Any], say: Callable[..., str], moves: int, name: str) -> None:
    """A hint in the terminal: the move, its estimate, and the others the bot weighed."""
    console.print(Text(say("commands.hint.after", count=moves, bot=out["bot"], name=name, seat=out["seat"] + 1)))
    console.print(Text("  ").append(out["text"], style="bold"))
    est = out["estimate"]
    if not est:
        return
    score = "" if est["score"] is None else say("commands.hint.expected", score=f"{est['score']:.1f}")
    console.print(Text("  " + say("commands.hint.estimate", win=_pct(est["win"]), score=score, visits=est["visits"],
                                  count=est["iterations"], seconds=f"{est['seconds']:.1f}")))
    for alt in out["alternatives"]:
        score = "" if alt["score"] is None or math.isnan(alt["score"]) else say("commands.hint.score",
                                                                                  score=f"{alt['score']:.1f}")
        console.print(Text("  " + say("commands.hint.alternative", move=alt["text"], win=_pct(alt["win"]),
                                      score=score, count=alt["visits"])))


SPARKS = "▁▂▃▄▅▆▇█"


def _sparkline(values: list[float], width: int = 48) -> str:
    """A chance curve in one line of block characters (0 % the lowest, 100 % the highest)."""
    if not values:
        return ""
    step = max(1, math.ceil(len(values) / width))
    points = [sum(values[i:i + step]) / len(values[i:i + step]) for i in range(0, len(values), step)]
    return "".join(SPARKS[min(len(SPARKS) - 1, int(v * len(SPARKS)))] for v in points)


def review(
    record: Path = typer.Argument(..., metavar="RECORD", help="A finished game's record (JSON)."),
    seconds: float = typer.Option(12.0, "--seconds", help="Search time for the whole review, shared by the moves "
                                  "it examines (three a player)."),
    iterations: Optional[int] = typer.Option(None, "--iterations", help="Instead of --seconds: playouts for each "
                                             "examined move (the same record and seed give the same review)."),
    seed: int = typer.Option(0, help="The search's seed."),
    lang: Optional[str] = typer.Option(None, "--lang", help="The language (default: the environment's)."),
    as_json: bool = typer.Option(False, "--json", help="Print the review as JSON (what the server caches)."),
) -> None:
    """A finished game's review: each player's chance to win, move by move, and the three
    moves where it fell most, with the move the bot would have made instead."""
    from ..bots.review import review as run
    from ..core import Record
    from ..i18n import render

    language = choose_language(lang)
    if iterations is not None and iterations < 1:
        raise BadOption(Message("commands.review.iterations", iterations=iterations))
    if iterations is None and not 0 < seconds < 86_400:   # nan and inf too
        raise BadOption(Message("commands.review.seconds", seconds=f"{seconds:g}"))
    rec = Record.load(record)
    out = run(rec, seconds=seconds, iterations=iterations, seed=seed, lang=language)
    if as_json:
        print(json.dumps(out, ensure_ascii=False))
        return

    def say(msgid: str, **args: Any) -> str:
        return render(Message(msgid, **args), language, out["names"], sentence=True)

    _print_review(out, say, find_game(out["game"]).title, language)


def _print_review(out: dict[str, Any], say: Any, title: str, lang: str) -> None:
    """The review in the terminal: the curves, then each player's costliest moves."""
    console.print(Text(say("bots.review.title", game=title, players=out["players"], moves=out["moves"]),
                       style="bold"))
    console.print(say("bots.review.chances"))
    width = max(len(n) for n in out["names"])
    for seat in out["seats"]:
        curve = [c["chances"][seat["seat"]] for c in out["chances"]]
        result = {1.0: "bots.review.result.won", 0.0: "bots.review.result.lost"}.get(seat["won"],
                                                                                    "bots.review.result.shared")
        console.print(Text(f"  {seat['name']:<{width}}  {_sparkline(curve)}  {_pct(curve[0])} → {_pct(curve[-1])}  "
                           f"({say(result)})"), highlight=False)
    for seat in out["seats"]:
        console.print()
        console.print(Text(say("bots.review.costliest", player=Player(seat["seat"])), style="bold"))
        if not seat["worst"]:
            console.print(Text("  " + say("bots.review.none")))
        for item in seat["worst"]:
            console.print(Text("  " + say("bots.review.move", turn=item["turn"], move=item["move"] + 1,
                                          played=item["played"]["text"], before=_pct(item["before"]),
                                          after=_pct(item["after"]))), highlight=False)
            console.print(Text("    " + _instead(item, seat["seat"], say, lang), style="green"), highlight=False)
    method = out["method"]
    budget = (Message("bots.review.playouts", count=method["iterations"]) if "iterations" in method
              else Message("bots.review.seconds", seconds=f"{method['seconds']:.2g}"))
    console.print()
    console.print(Text(say(f"bots.review.method.{method['chances']}") + " " + say("bots.review.search", budget=budget),
                       style="dim"))


def _instead(item: dict[str, Any], seat: int, say: Callable[..., str], lang: str = "en") -> str:
    """What the bot would have played, with its own estimate of its move and, where it
    searched the move played too, of that one (the web review says the same)."""
    bot = item["bot"]
    if bot["same"]:
        return say("bots.review.same", move=bot["text"], win=_pct(bot["win"]))
    n, m = bot.get("playouts"), item.get("played_playouts")
    if item.get("played_win") is None:
        said = [say("bots.review.instead", move=bot["text"], win=_pct(bot["win"]))]
        return " ".join(said + ([say("web.review.rests_one", count=n)] if n else []))
    line = "bots.review.no_better" if bot.get("better") is False else "bots.review.instead_both"
    said = [say(line, move=bot["text"], win=_pct(bot["win"]), played=_pct(item["played_win"]))]
    if n and m:   # the playouts each estimate rests on (reviews made before they were kept have none)
        said.append(say("web.review.rests_each", count=n) if n == m else say("web.review.rests_apart", bot=n, played=m))
    if isinstance(bot.get("score"), (int, float)) and isinstance(item.get("played_score"), (int, float)):
        from babel.numbers import format_decimal

        def points(x: float) -> str:   # 43.4, 43,4: the reader's decimal sign
            return str(format_decimal(x, format="#,##0.#", locale=lang))

        said.append(say("web.review.scores", player=Player(seat), bot=points(bot["score"]),
                        played=points(item["played_score"])))
    return " ".join(said)


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"
