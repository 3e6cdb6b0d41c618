"""The `reichsstadt` command: play | simulate | replay | bench | board | games."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from .core import BadOption, Match, ReichsstadtError, frontend, game as find_game, game_ids

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Norenberc, Die Siedler von Nürnberg and Colonia: play, simulate, replay, benchmark.")
console = Console()
if not console.is_terminal:  # piped to a file or a pager: the boards are drawn for 120 columns
    console = Console(width=120)

SEAT_ALIASES = {"h": "human", "human": "human", "r": "random", "random": "random"}


def _options(option: list[str], components: Optional[Path], map_file: Optional[Path]) -> dict[str, Any]:
    """--option key=value pairs plus the data-file flags, as the game's options."""
    out: dict[str, Any] = {}
    for item in option:
        if "=" not in item:
            raise BadOption(f"--option takes key=value, not {item!r}")
        key, value = item.split("=", 1)
        out[key.strip()] = value.strip()
    if components is not None:
        out["components"] = str(components)
    if map_file is not None:
        out["map"] = str(map_file)
    return out


def _seats(spec: Optional[str], players: int) -> list[str]:
    from .bots import bot_names

    if spec is None:
        return ["human"] + ["random"] * (players - 1)
    names = [s.strip().lower() for s in spec.split(",") if s.strip()]
    if len(names) != players:
        raise BadOption(f"--seats names {len(names)} seats for {players} players (e.g. human,random,random)")
    seats = []
    for n in names:
        n = SEAT_ALIASES.get(n, n)
        if n != "human" and n not in bot_names():
            raise BadOption(f"seat {n!r} is neither 'human' nor a bot ({', '.join(bot_names())})")
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

        termios.tcflush(sys.stdin, termios.TCIFLUSH)
    try:
        return console.input(prompt)
    except EOFError:
        return None


OptionFlag = typer.Option([], "--option", "-o", help="A game option as key=value (repeatable).")
ComponentsFlag = typer.Option(None, "--components", help="Your own component data file (JSON).")
MapFlag = typer.Option(None, "--map", help="Your own map data file (JSON, Siedler).")


@app.command()
def games() -> None:
    """The games this installation plays."""
    table = Table("id", "title", "players", "options (--option name=value; data files: --components/--map)",
                  show_lines=True)
    for gid in game_ids():
        g = find_game(gid)
        table.add_row(gid, g.title, f"{g.players.start}–{g.players.stop - 1}",
                      "\n".join(_option_line(o) for o in g.options.values()))
    console.print(table)


def _option_line(o: Any) -> str:
    if o.kind == "data":
        kind = "a JSON file"
    elif o.kind == "choice":
        kind = " | ".join(map(str, o.choices)) + f", default {o.default}"
    elif o.kind == "bool":
        kind = f"true | false, default {str(o.default).lower()}"
    else:
        bounds = "".join([f", at least {o.minimum}" if o.minimum is not None else "",
                          f", at most {o.maximum}" if o.maximum is not None else ""])
        kind = f"a number, default {o.default}{bounds}"
    return f"[bold]{o.name}[/] ({kind}): {o.help}"


@app.command()
def play(
    game_id: str = typer.Argument(..., metavar="GAME", help="norenberc, siedler or colonia"),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players."),
    seats: Optional[str] = typer.Option(None, help="Who sits where, e.g. human,random,random,random "
                                        "(default: seat 1 human, the rest random bots)."),
    names: Optional[str] = typer.Option(None, help="Comma-separated player names."),
    seed: Optional[int] = typer.Option(None, help="Seed for the draws (default: random)."),
    save: Optional[Path] = typer.Option(None, help="Where to save the game record."),
    resume: Optional[Path] = typer.Option(None, help="Continue the game saved in this record."),
    option: list[str] = OptionFlag,
    components: Optional[Path] = ComponentsFlag,
    map_file: Optional[Path] = MapFlag,
) -> None:
    """Play a game in the terminal against bots (or friends at one keyboard)."""
    from .terminal.play import TerminalTable, default_record_path

    if resume is not None:
        _resume(game_id, resume, seats, save)
        return
    if players is None and seats:  # "--seats human,random,random" says how many play
        players = len([x for x in seats.split(",") if x.strip()])
    n = _players(game_id, players)
    find_game(game_id).resolve(n, None)  # the player count is checked before the seats
    seat_kinds = _seats(seats, n)
    name_list = [s.strip() for s in names.split(",")] if names else [
        ("You" if k == "human" and seat_kinds.count("human") == 1 else f"Player {i + 1}") +
        ("" if k == "human" else f" ({k} bot)") for i, k in enumerate(seat_kinds)]
    if len(name_list) != n:
        raise BadOption(f"--names gives {len(name_list)} names for {n} players")
    seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
    match = Match(game_id, n, seed, _options(option, components, map_file), name_list)
    table = TerminalTable(match, seat_kinds, console, _ask, save or default_record_path(game_id), seed)
    _run_table(table)


def _run_table(table: Any) -> None:
    """Play on; Ctrl-C saves the game like q does."""
    try:
        finished = table.run()
    except KeyboardInterrupt:
        console.print(f"\nInterrupted; the game so far is saved to {table.save()} "
                      f"(continue: reichsstadt play {table.match.game.id} --resume {table.save_to}).")
        raise typer.Exit(130) from None
    raise typer.Exit(0 if finished else 1)


def _resume(game_id: str, path: Path, seats: Optional[str], save: Optional[Path]) -> None:
    """Continue a saved game: same players and names; seats as given (default: seat 1 human)."""
    from .core import Record
    from .terminal.play import TerminalTable

    record = Record.load(path)
    if record.game != game_id:
        raise BadOption(f"{path} is a game of {record.game}, not {game_id}")
    match = Match.from_record(record)
    if match.state.over():
        raise BadOption(f"the game in {path} is already over; see it with: reichsstadt replay {path}")
    seat_kinds = _seats(seats, record.players)
    table = TerminalTable(match, seat_kinds, console, _ask, save or path, record.seed + len(record.moves))
    console.print(f"Resuming {match.game.title} after {len(record.moves)} moves.")
    _run_table(table)


@app.command()
def simulate(
    game_id: str = typer.Argument(..., metavar="GAME"),
    games: int = typer.Option(100, "--games", "-n", help="How many games."),
    players: Optional[int] = typer.Option(None, "--players", "-p"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Worker processes."),
    seed: int = typer.Option(1, help="Seed of the first game; game i uses seed+i."),
    bots: Optional[str] = typer.Option(None, help="Bot per seat, comma-separated (default: all random)."),
    out: Optional[Path] = typer.Option(None, help="Write results to a .json or .csv file."),
    option: list[str] = OptionFlag,
    components: Optional[Path] = ComponentsFlag,
    map_file: Optional[Path] = MapFlag,
) -> None:
    """Play many games between bots and report wins, scores and game length."""
    from .arena.simulate import simulate as run, summarize, write_results

    n = _players(game_id, players)
    bot_list = [b.strip() for b in bots.split(",")] if bots else ["random"] * n
    if out is not None and out.suffix.lower() not in (".json", ".csv"):
        raise BadOption(f"--out must end in .json or .csv, not {out.name!r}")
    opts = _options(option, components, map_file)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console) as progress:
        task = progress.add_task(f"{game_id}, {n} players", total=games)
        results = run(game_id, games, n, seed, opts, bot_list, jobs, lambda k: progress.advance(task, k))
    summary = summarize(game_id, n, bot_list, results)
    _print_summary(summary)
    if out is not None:
        write_results(out, summary, results)
        console.print(f"Results written to {out}")


def _print_summary(summary: Any) -> None:
    # One column per seat: the breakdown items then fit on any terminal as rows.
    table = Table(title=f"{summary.games} games of {summary.game}, {summary.players} players")
    table.add_column("")
    for s in range(summary.players):
        table.add_column(f"Seat {s + 1}", justify="right")
    table.add_row("Bot", *summary.bots)
    table.add_row("Wins", *[f"{w:g}" for w in summary.wins])
    table.add_row("Win rate", *[f"{w:.1%}" for w in summary.win_rate], style="bold")
    table.add_row("Mean score", *[f"{m:.2f}" for m in summary.mean_score], style="bold", end_section=True)
    items = list(summary.mean_breakdown[0]) if summary.mean_breakdown else []
    for item in items:
        table.add_row(f"  {item.replace('_', ' ')}", *[f"{b[item]:.2f}" for b in summary.mean_breakdown])
    console.print(table)
    d = summary.decisions
    console.print(f"Game length in decisions: mean {d['mean']}, median {d['median']}, min {d['min']}, "
                  f"max {d['max']}; chance steps per game: {summary.chance_steps_mean}")


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A saved game record (JSON)."),
    seat: Optional[int] = typer.Option(None, help="Show what this seat (1-based) knew; default: a spectator's view."),
    step: bool = typer.Option(False, help="Walk the game move by move."),
) -> None:
    """Show a saved game: every move, the board, the scores."""
    from .terminal.replay import as_seen_by, load, print_replay, step_replay

    record = load(str(file))
    viewer = None
    if seat is not None:
        if not 1 <= seat <= record.players:
            raise BadOption(f"--seat is 1 to {record.players}, not {seat}")
        viewer = seat - 1
    record.names = as_seen_by(record.names, viewer)
    if step:
        step_replay(record, console, viewer, _ask)
    else:
        print_replay(record, console, viewer)


@app.command()
def bench(
    game_id: str = typer.Argument(..., metavar="GAME"),
    players: Optional[int] = typer.Option(None, "--players", "-p"),
    seconds: float = typer.Option(5.0, help="How long to play random games."),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
) -> None:
    """Random self-play throughput: decisions and games per second, clone() time, memory."""
    from .arena.bench import measure

    if seconds <= 0:
        raise BadOption(f"--seconds must be positive, not {seconds}")
    result = measure(game_id, _players(game_id, players), seconds)
    if as_json:
        print(json.dumps(result.to_json()))
        return
    table = Table(title=f"{game_id}, {result.players} players, random self-play")
    table.add_column("measure")
    table.add_column("value", justify="right")
    for key, value in result.to_json().items():
        table.add_row(key.replace("_", " "), str(value))
    console.print(table)


@app.command()
def data(
    game_id: str = typer.Argument(..., metavar="GAME"),
    out: Optional[Path] = typer.Option(None, help="Write the bundled data file here, to edit."),
    check: Optional[Path] = typer.Option(None, help="Validate your own data file and say what is wrong."),
) -> None:
    """The component data: export the bundled file to correct it, or check your own."""
    from importlib import resources

    g = find_game(game_id)
    option = next((o for o in g.options.values() if o.kind == "data"), None)
    if option is None:
        raise BadOption(f"{game_id} has no data file option")
    if (out is None) == (check is None):
        raise BadOption("give exactly one of --out FILE (export the bundled data) or --check FILE (validate yours)")
    if out is not None:
        text = resources.files(f"reichsstadt.games.{game_id}").joinpath(f"{option.name}.json").read_text("utf-8")
        out.write_text(text, encoding="utf-8")
        console.print(f"The bundled {game_id} {option.name} data is in {out}; play with your edit by "
                      f"--{option.name} {out}")
        return
    for players in g.players:  # validation may depend on the player count
        g.new(players, 0, {option.name: str(check)})
    console.print(f"{check} is a valid {game_id} {option.name} file (checked for "
                  f"{g.players.start}–{g.players.stop - 1} players).")


@app.command()
def board(
    game_id: str = typer.Argument(..., metavar="GAME"),
    svg: Path = typer.Option(..., help="Write the board as SVG to this file."),
    map_file: Optional[Path] = MapFlag,
) -> None:
    """Draw a game's board from its data file (Siedler: the map)."""
    g = find_game(game_id)
    if "svg" not in g.frontends:
        raise BadOption(f"{g.title} has no board drawing; "
                        f"{', '.join(find_game(i).title for i in game_ids() if 'svg' in find_game(i).frontends)} has one")
    from .core.datafile import load_json

    draw = frontend(game_id, "svg")  # (data file contents or None for the bundled one) -> SVG text
    svg.write_text(draw(load_json(map_file) if map_file else None), encoding="utf-8")
    console.print(f"Board written to {svg}")


from .server.run import serve  # noqa: E402  (the web platform's command)

app.command()(serve)


def main() -> None:
    # Project errors are the user's bad input: one red line naming what was wrong.
    try:
        app()
    except ReichsstadtError as exc:
        console.print(f"[red]error:[/] {exc}", highlight=False, soft_wrap=True)
        sys.exit(2)
