"""The `reichsstadt` command: play | simulate | replay | bench | board | data | games.

Promises to the person at the keyboard: every file a command will write is checked
before any work starts; every error is one clear line (exit status 2 for bad input);
quitting a game normally exits with 0; nothing is ever shown as a traceback. What the
commands say comes from the catalogs (`terminal.*`), in the language of `--lang` (play,
replay) or of the environment."""

from __future__ import annotations

import json
import os
import random
import signal
import sys
from pathlib import Path
from typing import Any, NoReturn, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

try:   # typer 0.2x carries its own copy of click; older ones use click itself
    from typer._click import exceptions as clicks
except ImportError:  # pragma: no cover
    import click.exceptions as clicks  # type: ignore[no-redef]

from .core import BadOption, Match, Message, ReichsstadtError, game as find_game, part, game_ids, registry
from .terminal.files import (
    check_new_record, check_output, default_record_path, load_record, make_folders, write_text,
)
from .terminal.words import Words, choose_language, default_names

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Norenberc, Die Siedler von Nürnberg and Colonia: play, simulate, replay, benchmark.")
console = Console()
if not console.is_terminal:  # piped to a file or a pager: drawn as on a 120×40 terminal
    console = Console(width=120, height=int(os.environ.get("LINES", "40") or 40))

SEAT_ALIASES = {"h": "human", "human": "human", "r": "random", "random": "random"}
_lang: list[str] = []  # the language of this run, once a command has chosen it


def lang() -> str:
    if not _lang:
        _lang.append(choose_language(None))
    return _lang[0]


def words() -> Words:
    return Words(lang(), [])


def say(msgid: str, style: str | None = None, **args: Any) -> None:
    console.print(Text(words()(msgid, **args), style=style or ""))


def _options(option: list[str], components: Optional[Path], map_file: Optional[Path],
             game_id: str | None = None) -> dict[str, Any]:
    """--option key=value pairs plus the data-file flags, as the game's options; a data
    flag the game does not take names the one it does (Siedler's data file is its --map)."""
    if game_id is not None:
        _check_data_flag(game_id, components, map_file)
    out: dict[str, Any] = {}
    for item in option:
        if "=" not in item:
            raise BadOption(Message("terminal.error.option", item=item))
        key, value = item.split("=", 1)
        out[key.strip()] = value.strip()
    if components is not None:
        out["components"] = str(components)
    if map_file is not None:
        out["map"] = str(map_file)
    return out


def _check_data_flag(game_id: str, components: Optional[Path], map_file: Optional[Path]) -> None:
    g = find_game(game_id)
    data = [name for name, o in g.options.items() if o.kind == "data"]
    for name, given in (("components", components), ("map", map_file)):
        if given is not None and name not in g.options and data:
            raise BadOption(Message("terminal.error.data_flag", game=g.title, right=f"--{data[0]}", wrong=f"--{name}"))


def _seats(spec: Optional[str], players: int, game_id: str | None = None) -> list[str]:
    from .bots import bot_names
    from .bots.plugins import is_import_path
    from .bots.specs import check_bot

    if spec is None:  # the medium level where the game has one, as the lobby's bot seats
        from .bots import has_heuristic, levels

        bot = levels.spec("medium") if game_id is not None and has_heuristic(game_id) else "random"
        return ["human"] + [bot] * (players - 1)
    names = [s.strip() for s in spec.split(",") if s.strip()]   # an import path keeps its case
    if len(names) != players:
        raise BadOption(Message("terminal.error.seats", count=len(names), players=players))
    seats = []
    for n in names:
        n = SEAT_ALIASES.get(n.lower(), n)
        if n != "human":
            try:
                n = check_bot(n, game_id)   # any bot spec: mcts:5s as well as the listed ones
            except BadOption:
                if is_import_path(n):       # your own bot: what went wrong with it, in its own words
                    raise
                raise BadOption(Message("terminal.error.seat", seat=n, bots=", ".join(bot_names(game_id)))) from None
        seats.append(n)
    return seats


def _players(game_id: str, players: Optional[int]) -> int:
    g = find_game(game_id)
    if players is None:
        return 4 if 4 in g.players else g.players.start
    return players


def _ask(prompt: str) -> str | None:
    if sys.stdin.isatty():  # keys typed while bots moved must not answer a question not yet asked
        import termios

        try:
            termios.tcflush(sys.stdin, termios.TCIFLUSH)
        except termios.error:
            pass
    try:
        return console.input(Text(prompt))
    except EOFError:
        return None


OptionFlag = typer.Option([], "--option", "-o", help="A game option as key=value (repeatable).")
ComponentsFlag = typer.Option(None, "--components", help="Your own component data file (JSON).")
MapFlag = typer.Option(None, "--map", help="Your own map data file (JSON, Siedler).")
LangFlag = typer.Option(None, "--lang", help="The language to speak (default: the environment's; "
                                             "`reichsstadt games` lists them).")


@app.command()
def games(
    game_id: Optional[str] = typer.Argument(None, metavar="GAME", help="With --check: only this game."),
    check: bool = typer.Option(False, "--check", help="Load every part each game declares and use it once on "
                                                      "its first position (the terminal board draws, the greedy "
                                                      "bot moves, the encoder encodes, ...): what each did or "
                                                      "what went wrong. For a plug-in's author."),
) -> None:
    """The games this installation plays."""
    from .i18n import languages

    if check:
        if game_id is not None:
            _known_game(game_id)
        _check_parts([game_id] if game_id is not None else game_ids())
    if game_id is not None:
        raise BadOption(Message("terminal.check.game_without_check", game=game_id))
    w = words()
    table = Table(w("terminal.games.id"), w("terminal.games.title"), w("terminal.games.players"),
                  w("terminal.games.options"), show_lines=True)
    for gid in game_ids():
        try:
            g = find_game(gid)
        except ReichsstadtError as exc:  # one broken game does not hide the others
            table.add_row(gid, "", "", Text(w.say(exc), style="red"))
            continue
        table.add_row(gid, g.title, f"{g.players.start}–{g.players.stop - 1}",
                      Text("\n").join(_option_line(gid, o, w) for o in g.options.values()))
    console.print(table)
    _print_levels(w)
    say("terminal.games.languages", languages=", ".join(languages()))


def _check_parts(ids: list[str]) -> NoReturn:
    """games --check: each game's parts, used once, with what each did (exit 1 if any failed)."""
    from .partcheck import check_games

    w = words()
    failed = 0
    for gid, found in check_games(ids, lang()).items():
        if not isinstance(found, list):   # the game itself cannot be loaded
            console.print(Text(f"✗ {gid}: ", style="bold red") + Text(w.say(found)))
            failed += 1
            continue
        console.print(Text(f"{find_game(gid).title} ({gid})", style="bold"))
        if not found:
            console.print("  " + w("terminal.check.none"))
        width = max((len(c.kind) for c in found), default=0)
        for c in found:
            mark = Text("  ✓ " if c.ok else "  ✗ ", style="green" if c.ok else "bold red")
            console.print(mark + Text(f"{c.kind:<{width}}  {c.target}: ", style="" if c.ok else "red")
                          + Text(w.say(c.said)))
            failed += not c.ok
    if failed:
        say("terminal.check.failed", style="red", count=failed)
        raise typer.Exit(1)
    say("terminal.check.all_ok", style="green", count=len(ids))
    raise typer.Exit(0)


def _print_levels(w: Words) -> None:
    """The bot levels of every game with what each plays and its measured strength (the
    lobby shows the same words)."""
    from .bots import levels

    console.print(w("terminal.games.levels"))
    for gid in game_ids():
        try:
            title = find_game(gid).title
        except ReichsstadtError:
            continue   # named in the table above
        console.print(Text(f"  {title}", style="bold"))
        for level in levels.offered(gid):
            console.print(Text(f"    {w.say(levels.described(level, gid))}"), highlight=False)


def _option_line(game_id: str, o: Any, w: Words) -> Text:
    """An option as `--option` takes it (its code name), what it is, and its help text
    from the game's catalog (`<game>.option.<name>.help`)."""
    if o.kind == "data":
        kind = w.part("terminal.option.data")
    elif o.kind == "choice":
        kind = w.part("terminal.option.choice", choices=" | ".join(map(str, o.choices)), default=str(o.default))
    elif o.kind == "bool":
        kind = w.part("terminal.option.bool", default=str(o.default).lower())
    else:
        kind = w.part("terminal.option.int", default=o.default)
        if o.minimum is not None:
            kind += ", " + w.part("terminal.option.minimum", minimum=o.minimum)
        if o.maximum is not None:
            kind += ", " + w.part("terminal.option.maximum", maximum=o.maximum)
    line = Text(o.name, style="bold")
    line.append(f" ({kind}): {w.part(f'{game_id}.option.{o.name}.help')}")
    return line


@app.command()
def play(
    game_id: str = typer.Argument(..., metavar="GAME", help="The game's id (`reichsstadt games` lists them)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players."),
    seats: Optional[str] = typer.Option(None, help="Who sits where, e.g. human,hard,medium,random: human, "
                                        "a level (easy, medium, hard, expert), random, greedy, mcts, "
                                        "mcts:2000, mcts:1s, an installed bot or package.module:factory "
                                        "(default: seat 1 human, the rest medium (greedy) bots; random where "
                                        "a game has no heuristic)."),
    names: Optional[str] = typer.Option(None, help="Comma-separated player names."),
    seed: Optional[int] = typer.Option(None, help="Seed for the draws (default: random)."),
    save: Optional[Path] = typer.Option(None, help="Where to save the game record (checked before the game; "
                                                   "missing folders on its way are made)."),
    resume: Optional[Path] = typer.Option(None, help="Continue the game saved in this record."),
    option: list[str] = OptionFlag,
    components: Optional[Path] = ComponentsFlag,
    map_file: Optional[Path] = MapFlag,
    language: Optional[str] = LangFlag,
) -> None:
    """Play a game in the terminal against bots (or friends at one keyboard)."""
    from .terminal.play import TerminalTable

    _lang[:] = [choose_language(language)]
    _known_game(game_id)
    if resume is not None:
        fixed = {"--players": players, "--seed": seed, "--names": names, "--option": option or None,
                 "--components": components, "--map": map_file}
        _resume(game_id, resume, seats, save, {k: v for k, v in fixed.items() if v is not None})
        return
    if players is None and seats:  # "--seats human,random,random" says how many play
        players = len([x for x in seats.split(",") if x.strip()])
    n = _players(game_id, players)
    g = find_game(game_id)
    if n not in g.players:   # checked before the seats, in the reader's language
        raise BadOption(Message("terminal.error.players", game=game_id, least=g.players.start,
                                most=g.players.stop - 1, given=n))
    g.resolve(n, None)
    seat_kinds = _seats(seats, n, game_id)
    name_list = [s.strip() for s in names.split(",")] if names else default_names(seat_kinds, lang())
    if len(name_list) != n:
        raise BadOption(Message("terminal.error.names", count=len(name_list), players=n))
    _check_names(name_list)
    save_to = check_new_record(save, "--save") if save is not None else default_record_path(game_id)
    seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
    match = Match(game_id, n, seed, _options(option, components, map_file, game_id), name_list)
    table = TerminalTable(match, seat_kinds, console, _ask, save_to, seed, lang(), _again(seat_kinds, game_id))
    if save is not None:
        make_folders(save_to, "--save")
    _run_table(table)


def _again(seat_kinds: list[str], game_id: str) -> list[tuple[str, str]]:
    """The flags a resumed game needs to go on as it was (the record keeps neither): the
    seats where they are not the default (a second human), the language where it is not
    the environment's."""
    flags = []
    if seat_kinds != _seats(None, len(seat_kinds), game_id):
        flags.append(("--seats", ",".join(seat_kinds)))
    if lang() != choose_language(None):
        flags.append(("--lang", lang()))
    return flags


NAME_LENGTH = 24
"""The most characters of a name, as at the web platform's tables (server.error.name)."""


def _check_names(names: list[str]) -> None:
    """Every player a name of 1 to NAME_LENGTH characters and of their own: an empty name
    left a log line starting with ': ', two alike could not be told apart."""
    seen: set[str] = set()
    for i, name in enumerate(names, 1):
        if not 1 <= len(name) <= NAME_LENGTH:
            raise BadOption(Message("terminal.error.name_length", number=i, length=len(name), most=NAME_LENGTH))
        if name.casefold() in seen:
            raise BadOption(Message("terminal.error.name_twice", name=name))
        seen.add(name.casefold())


def _known_game(game_id: str) -> None:
    """An id no installed game has is refused with the list, in the reader's language."""
    if game_id not in game_ids():
        raise BadOption(Message("terminal.error.game", game=game_id, games=", ".join(game_ids())))


class _Ended(BaseException):
    """The terminal was closed (SIGHUP) or the process told to end (SIGTERM): like Ctrl-C,
    raised where the game is, so a save under way removes its temporary file."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _end_on(signum: int, frame: Any) -> None:
    raise _Ended(signum)


def _run_table(table: Any) -> NoReturn:
    """Play on. Whatever happens, the game so far is saved first: q, the end of input
    and Ctrl-C save it and say where; a closed terminal or SIGTERM save it (and exit
    with 128 + the signal's number); an error inside the program saves it too."""
    endings = [s for s in (getattr(signal, "SIGHUP", None), signal.SIGTERM) if s is not None]
    for s in endings:
        signal.signal(s, _end_on)
    try:
        table.run()
    except _Ended as ended:
        for s in endings:   # the save is not cut short by a second signal
            signal.signal(s, signal.SIG_IGN)
        _save_and_tell(table, tell=ended.signum == signal.SIGTERM)   # a closed terminal hears nothing
        raise typer.Exit(128 + ended.signum) from None
    except KeyboardInterrupt:
        _save_and_tell(table)
        raise typer.Exit(130) from None
    except (ReichsstadtError, OSError) as exc:   # a bot of one's own that failed, a disk gone
        path = table.save()
        if path is not None:   # said below the error's line (main prints notes)
            exc.add_note(words()("terminal.error.internal_saved", path=str(path)))
        raise
    except Exception as exc:
        path = table.save()
        _internal_error(exc, saved=str(path) if path else None)
    raise typer.Exit(1 if table.lost else 0)


def _save_and_tell(table: Any, tell: bool = True) -> None:
    """Save a game cut short and, if `tell`, say where and how to go on."""
    path = table.save()
    if path is not None and tell:
        console.print(Text("\n" + words()("terminal.interrupted", path=str(path), command=table._resume_hint())))


def _resume(game_id: str, path: Path, seats: Optional[str], save: Optional[Path], fixed: dict[str, Any]) -> None:
    """Continue a saved game: same players and names; seats as given (default: seat 1 human)."""
    from .terminal.play import TerminalTable

    record = load_record(path)
    if record.game != game_id:
        raise BadOption(Message("terminal.resume.other_game", path=str(path), game=record.game, wanted=game_id))
    if "--players" in fixed:
        raise BadOption(Message("terminal.resume.players", path=str(path), players=record.players,
                                given=fixed["--players"]))
    if fixed:
        raise BadOption(Message("terminal.resume.fixed", flags=", ".join(fixed), path=str(path)))
    match = Match.from_record(record)
    if match.state.over():
        raise BadOption(Message("terminal.resume.over", path=str(path)))
    seat_kinds = _seats(seats, record.players, record.game)
    if save is not None and save.resolve() != path.resolve():
        save_to = check_new_record(save, "--save")   # a file of its own, not written over
    else:
        save_to = check_output(path, "--save" if save else "--resume")
    make_folders(save_to, "--save")
    table = TerminalTable(match, seat_kinds, console, _ask, save_to, record.seed + len(record.moves), lang(),
                          _again(seat_kinds, record.game))
    resuming = Text(words()("terminal.resume.resuming", game=match.game.title, count=len(record.moves)))
    for seat in table.humans:  # on the first screen (a terminal's screen is redrawn at once)
        table.notes[seat].append(resuming)
    if not table.humans:
        console.print(resuming)
    _run_table(table)


@app.command()
def simulate(
    game_id: str = typer.Argument(..., metavar="GAME"),
    games: int = typer.Option(100, "--games", "-n", help="How many games."),
    players: Optional[int] = typer.Option(None, "--players", "-p"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Worker processes."),
    seed: int = typer.Option(1, help="Seed of the first game; game i uses seed+i."),
    bots: Optional[str] = typer.Option(None, help="Bot per seat, comma-separated: a level (easy, medium, hard, "
                                                   "expert), random, greedy, mcts, mcts:2000, mcts:1s, an installed "
                                                   "bot or package.module:factory (default: all random)."),
    out: Optional[Path] = typer.Option(None, help="Write results to a .json or .csv file (checked before the "
                                                  "games; missing folders on its way are made, as for "
                                                  "tournament --out)."),
    option: list[str] = OptionFlag,
    components: Optional[Path] = ComponentsFlag,
    map_file: Optional[Path] = MapFlag,
) -> None:
    """Play many games between bots and report wins, scores and game length."""
    from .arena.commands import ended_as_by_ctrl_c
    from .arena.simulate import check_out, check_run, simulate as run, summarize, write_results
    from .bots.specs import entrants

    n = _players(game_id, players)
    bot_list = entrants(bots) if bots is not None else ["random"] * n   # "" is refused, as by tournament
    if out is not None:
        check_out(out)
    opts = _options(option, components, map_file, game_id)
    g = find_game(game_id)
    g.new(n, seed, g.resolve(n, opts))   # a bad option or data file says so before the progress bar
    check_run(game_id, games, n, bot_list, jobs)
    with ended_as_by_ctrl_c(), Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                         TimeRemainingColumn(), console=console) as progress:
        task = progress.add_task(words()("terminal.simulate.progress", game=g.title, players=n, count=n),
                                 total=games)
        try:
            results = run(game_id, games, n, seed, opts, bot_list, jobs, lambda k: progress.advance(task, k))
        except KeyboardInterrupt:   # Ctrl-C or SIGTERM: one line says that nothing was written
            done = int(progress.tasks[task].completed)
            progress.stop()
            said = (Message("terminal.simulate.stopped_out", count=done, total=games, path=str(out)) if out
                    else Message("terminal.simulate.stopped", count=done, total=games))
            console.print(Text(words().say(said)), soft_wrap=True)
            raise
    summary = summarize(game_id, n, bot_list, results)
    _print_summary(summary)
    if out is not None:
        write_results(out, summary, results)
        say("terminal.simulate.written", path=str(out))


def _print_summary(summary: Any) -> None:
    from .terminal.widgets import score_item

    w = words()
    # One column per seat: the breakdown items then fit on any terminal as rows.
    table = Table(title=w("terminal.simulate.title", count=summary.games, game=find_game(summary.game).title,
                          players=summary.players))
    table.add_column("")
    for s in range(summary.players):
        table.add_column(w("terminal.simulate.seat", number=s + 1), justify="right")
    table.add_row(w("terminal.simulate.bot"), *summary.bots)
    table.add_row(w("terminal.simulate.wins"), *[f"{x:g}" for x in summary.wins])
    table.add_row(w("terminal.simulate.win_share"), *[f"{x:.1%}" for x in summary.win_rate], style="bold")
    table.add_row(w("terminal.simulate.mean_score"), *[f"{m:.2f}" for m in summary.mean_score], style="bold",
                  end_section=True)
    items = list(summary.mean_breakdown[0]) if summary.mean_breakdown else []
    for item in items:
        table.add_row("  " + score_item(summary.game, item, w), *[f"{b[item]:.2f}" for b in summary.mean_breakdown])
    console.print(table)
    d = summary.decisions
    say("terminal.simulate.shared")
    say("terminal.simulate.length", mean=str(d["mean"]), median=str(d["median"]), min=d["min"], max=d["max"],
        chance=str(summary.chance_steps_mean))


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A saved game record (JSON)."),
    seat: Optional[int] = typer.Option(None, help="Show what this seat (1-based) knew; default: a spectator's view."),
    step: bool = typer.Option(False, help="Walk the game move by move."),
    language: Optional[str] = LangFlag,
) -> None:
    """Show a saved game: every move, the board, the scores."""
    from .terminal.replay import load, print_replay, step_replay

    _lang[:] = [choose_language(language)]
    record, reader = load(str(file), lang(), seat)
    if step:
        try:
            step_replay(record, console, reader, _ask)
        except KeyboardInterrupt:   # Ctrl-C at the prompt: the shell's prompt on a line of its own
            console.print()
            raise typer.Exit(130) from None
    else:
        print_replay(record, console, reader)


@app.command()
def bench(
    game_id: str = typer.Argument(..., metavar="GAME"),
    players: Optional[int] = typer.Option(None, "--players", "-p"),
    seconds: float = typer.Option(5.0, help="How long to play random games."),
    clock: str = typer.Option("wall", help="What the seconds count: wall (the wall clock) or cpu (this process's "
                                           "CPU time, fair on a busy machine)."),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
) -> None:
    """Random self-play throughput: decisions and games per second, clone() time, memory.

    Each figure says the clock it counted and the machine's load average."""
    from .arena.bench import CLOCKS, measure

    if not 0 < seconds < 86_400:   # nan and inf too
        raise BadOption(Message("terminal.error.seconds", seconds=str(seconds)))
    if clock not in CLOCKS:
        raise BadOption(Message("terminal.bench.clock", clock=repr(clock), clocks=", ".join(CLOCKS)))
    result = measure(game_id, _players(game_id, players), seconds, clock=clock)
    if as_json:
        print(json.dumps(result.to_json()))
        return
    w = words()
    table = Table(title=w("terminal.bench.title", game=game_id, players=result.players))
    table.add_column(w("terminal.bench.measure"))
    table.add_column(w("terminal.bench.value"), justify="right")
    for key, value in result.to_json().items():
        table.add_row(key.replace("_", " "), "-" if value is None else str(value))
    console.print(table)


@app.command()
def data(
    game_id: str = typer.Argument(..., metavar="GAME"),
    out: Optional[Path] = typer.Option(None, help="Write the bundled data file here, to edit (missing folders "
                                                  "on its way are made)."),
    check: Optional[Path] = typer.Option(None, help="Validate your own data file and say what is wrong."),
    force: bool = typer.Option(False, "--force", help="Let --out replace a file that exists (your edits in it "
                                                      "are lost)."),
) -> None:
    """The component data: export the bundled file to correct it, or check your own."""
    from importlib import resources

    g = find_game(game_id)
    option = next((o for o in g.options.values() if o.kind == "data"), None)
    if option is None:
        raise BadOption(Message("terminal.data.none", game=game_id))
    if (out is None) == (check is None):
        raise BadOption(Message("terminal.data.one_of"))
    if out is not None:
        check_output(out, "--out")
        if out.exists() and not force:   # an owner's corrected file, typed again from the shell's history
            raise BadOption(Message("terminal.data.exists", path=str(out)))
        package = type(g).__module__.rsplit(".", 1)[0]  # the game's own package, where Game.data_file reads it
        text = resources.files(package).joinpath(f"{option.name}.json").read_text("utf-8")
        make_folders(out, "--out")
        write_text(out, text)
        say("terminal.data.written", game=game_id, name=option.name, path=str(out))
        return
    for players in g.players:  # validation may depend on the player count
        g.new(players, 0, {option.name: str(check)})
    # not as a sentence: it begins with the file's path, whose case is its own
    console.print(Text(words().part("terminal.data.valid", path=str(check), game=game_id, name=option.name,
                                    least=g.players.start, most=g.players.stop - 1)))


@app.command()
def board(
    game_id: str = typer.Argument(..., metavar="GAME"),
    svg: Path = typer.Option(..., help="Write the board as SVG to this file (name it .svg; missing "
                                           "folders on its way are made)."),
    map_file: Optional[Path] = MapFlag,
) -> None:
    """Draw a game's board from its data file (Siedler: the map)."""
    g = find_game(game_id)
    if "svg" not in g.parts:
        drawn = [find_game(i).title for i in game_ids() if _has_svg(i)]
        if not drawn:
            raise BadOption(Message("terminal.board.none_at_all", game=g.title))
        raise BadOption(Message("terminal.board.none", game=g.title, games=", ".join(drawn)))
    check_output(svg, "--svg", (".svg",))
    from .core.datafile import load_json

    draw = part(game_id, "svg")  # (data file contents or None for the bundled one) -> SVG text
    text = draw(load_json(map_file) if map_file else None)
    make_folders(svg, "--svg")
    write_text(svg, text)
    say("terminal.board.written", path=str(svg))


def _has_svg(game_id: str) -> bool:
    try:
        return "svg" in find_game(game_id).parts
    except ReichsstadtError:
        return False


def _internal_error(exc: BaseException, saved: str | None = None) -> NoReturn:
    """A fault of the program, not of the input: one line, the game saved, the traceback
    only on request (REICHSSTADT_DEBUG=1)."""
    if os.environ.get("REICHSSTADT_DEBUG"):
        raise exc
    w = words()
    fault = registry.game_at_fault(exc)
    error = f"{type(exc).__name__}: {exc}"
    line = w("terminal.error.internal", error=error) if fault is None else \
        w("terminal.error.plugin", game=fault[0].title, error=error, where=fault[1])
    if saved:
        line += " " + w("terminal.error.internal_saved", path=saved)
    console.print(Text(line, style="red"), soft_wrap=True)
    sys.exit(1)


from .arena.commands import hint, review, tournament  # noqa: E402  (bots and the arena)
from .server.run import serve  # noqa: E402  (the web platform's command)

app.command()(serve)
# the list of commands shows a short help; these two docstrings run over several lines
app.command(short_help="A seat-rotated tournament between bots: win shares, ratings, plots, every game.")(tournament)
app.command()(hint)
app.command(short_help="A finished game's review: each player's chance to win, move by move.")(review)


def _usage_error(exc: clicks.ClickException) -> NoReturn:
    """A command line click refuses (an unknown option, a missing argument, a value of the
    wrong kind), in one line of the reader's language, as every other error; not typer's
    English box. (`reichsstadt` alone still shows the help.)"""
    if type(exc).__name__ == "NoArgsIsHelpError":
        from typer import rich_utils

        rich_utils.rich_format_error(exc)
        sys.exit(exc.exit_code)
    if not _lang:   # --lang is not read when another flag is refused: look for it
        args = sys.argv[1:]
        given = [a.split("=", 1)[1] for a in args if a.startswith("--lang=")]
        given += [args[i + 1] for i, a in enumerate(args[:-1]) if a == "--lang"]
        try:
            _lang[:] = [choose_language(given[-1] if given else None)]
        except ReichsstadtError:
            _lang[:] = [choose_language(None)]
    w = words()
    ctx = getattr(exc, "ctx", None)
    command = ctx.command_path if ctx is not None else "reichsstadt"
    param = getattr(exc, "param", None)
    name = (param.opts[0] if param.opts and param.param_type_name == "option" else (param.metavar or str(param.name)
            ).upper()) if param is not None else ""
    if isinstance(exc, clicks.NoSuchOption):
        line = w("terminal.usage.no_option", option=exc.option_name)
        if exc.possibilities:
            line += " " + w("terminal.usage.did_you_mean", options=", ".join(sorted(exc.possibilities)))
    elif isinstance(exc, clicks.MissingParameter) and param is not None:
        line = w("terminal.usage.missing", what=name)
    elif isinstance(exc, clicks.BadParameter) and param is not None:
        wrong = _not_a_number(exc)
        line = (w("terminal.usage.number", what=name, value=wrong) if wrong is not None
                else w("terminal.usage.bad_value", what=name, why=exc.message))
    else:
        line = exc.format_message()
    console.print(Text(w("terminal.error.line", error=line + " " + w("terminal.usage.help", command=command)),
                       style="red"), soft_wrap=True)
    sys.exit(exc.exit_code)


def _not_a_number(exc: BaseException) -> str | None:
    """The value typed where a number belongs, when that is what typer refused (its reason
    is pydantic's English), else None."""
    errors = getattr(exc.__cause__, "errors", None)
    try:
        first = errors()[0] if callable(errors) else {}
    except Exception:  # pragma: no cover - another validator's errors
        return None
    if str(first.get("type", "")) in ("int_parsing", "float_parsing", "int_from_float", "finite_number"):
        return str(first.get("input"))
    return None


def main() -> None:
    # Project errors are the user's bad input: one red line naming what was wrong.
    try:
        for i, arg in enumerate(sys.argv[1:], 1):   # bytes that are not UTF-8 arrive as lone surrogates
            if any("\udc80" <= c <= "\udcff" for c in arg):
                shown = arg.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                raise BadOption(Message("terminal.error.argument_bytes", number=i, shown=repr(shown)))
        code = app(standalone_mode=False)   # click's usage errors come here, to be said in one line
        sys.exit(code if isinstance(code, int) else 0)
    except clicks.ClickException as exc:
        _usage_error(exc)
    except typer.Abort:
        sys.exit(1)
    except ReichsstadtError as exc:
        console.print(Text(words()("terminal.error.line", error=words().say(exc)), style="red"), soft_wrap=True)
        for note in getattr(exc, "__notes__", ()):   # what is kept and how to go on (add_note)
            console.print(Text(note), soft_wrap=True)
        sys.exit(2)
    except OSError as exc:
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        console.print(Text(words()("terminal.error.line", error=where + (exc.strerror or str(exc))), style="red"),
                      soft_wrap=True)
        for note in getattr(exc, "__notes__", ()):   # a tournament's games kept, and how to go on
            console.print(Text(note), soft_wrap=True)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:
        _internal_error(exc)
