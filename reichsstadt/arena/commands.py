"""The arena's commands, registered by reichsstadt/cli.py:

    reichsstadt tournament GAME --bots random,mcts:1s --players 4 --games N [--backend ray --address HOST:PORT]
    reichsstadt hint RECORD [--bot mcts:1s] [--seat N] [--json]"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.progress import (
    BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn,
)
from rich.table import Table

from ..core import BadOption, game as find_game

console = Console()
if not console.is_terminal:  # piped or captured: tables drawn for 120 columns
    console = Console(width=120)


def _options(option: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in option:
        if "=" not in item:
            raise BadOption(f"--option takes key=value, not {item!r}")
        key, value = item.split("=", 1)
        out[key.strip()] = value.strip()
    return out


def tournament(
    game_id: str = typer.Argument(..., metavar="GAME", help="The game's id (`reichsstadt games` lists them)."),
    bots: str = typer.Option("mcts:1s,random", "--bots", "-b",
                             help="The entrants, comma-separated: random, greedy, mcts, mcts:2000 (iterations "
                                  "a move), mcts:1s or mcts:0.5s (time a move). A name may repeat "
                                  "(mcts:1s,random,random,random: one MCTS bot against three random ones)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Seats per game (default 4 where it fits)."),
    games: int = typer.Option(100, "--games", "-n",
                              help="Games to play, rounded up to whole seat rotations (one per entrant)."),
    seed: int = typer.Option(1, help="Seed of the first rotation; rotation i plays seed+i in every seating."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", help="Worker processes (default: all cores)."),
    backend: str = typer.Option("local", help="local (processes on this machine) or ray (a Ray cluster)."),
    address: Optional[str] = typer.Option(None, help="The Ray cluster's HOST:PORT (--backend ray; default: "
                                          "a private Ray on this machine)."),
    out: Optional[Path] = typer.Option(None, help="Folder for results.json and the plots "
                                       "(default: tournament-GAME)."),
    plots: bool = typer.Option(True, "--plots/--no-plots", help="Draw ratings.png, wins.png and scores.png."),
    option: list[str] = typer.Option([], "--option", "-o", help="A game option as key=value (repeatable)."),
) -> None:
    """A seat-rotated tournament between bots: win shares with 95 % intervals against the
    fair share, mean rank and score, openskill ratings, plots and every game's result."""
    from .tournament import schedule, tournament as run, write

    g = find_game(game_id)
    n = players if players is not None else (4 if 4 in g.players else g.players.start)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    total = len(schedule(game_id, names, n, games, seed)) if names else 0
    folder = out if out is not None else Path(f"tournament-{game_id}")
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn("left"), TimeRemainingColumn(), console=console) as progress:
        task = progress.add_task(f"{game_id}, {n} players", total=total)
        result = run(game_id, names, n, games, seed, _options(option), jobs, backend, address,
                     lambda k: progress.advance(task, k))
    _print_result(result)
    written = write(result, folder, plots)
    console.print("Written: " + ", ".join(str(p) for p in written))


def _print_result(result: Any) -> None:
    table = Table(title=f"{result.game}, {result.players} players: {len(result.games)} games "
                        f"({len(result.bots)} seat rotations × {len(result.games) // len(result.bots)} seeds), "
                        f"{result.seconds:.0f} s")
    for col in ("bot", "seats", "win share", "95 % interval", f"vs fair {1 / result.players:.0%}", "mean rank",
                "mean score", "rating (mu ± sigma)", "playouts/move"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for s in sorted(result.summary, key=lambda s: -s.mu):
        table.add_row(s.bot, str(s.seats), f"{s.win_share:.1%}", f"{s.ci_low:.1%}–{s.ci_high:.1%}", s.verdict,
                      f"{s.mean_rank:.2f}", f"{s.mean_score:.1f} ± {s.score_sd:.1f}", f"{s.mu:.1f} ± {s.sigma:.1f}",
                      "—" if s.iterations_per_search is None else f"{s.iterations_per_search:.0f}")
    console.print(table)


def hint(
    record: Path = typer.Argument(..., metavar="RECORD", help="A saved game record (JSON)."),
    bot: str = typer.Option("mcts:1s", help="The bot to ask (mcts:1s, mcts:5s, mcts:2000, random, greedy)."),
    seat: Optional[int] = typer.Option(None, help="The seat (1-based) to hint for, when several decide at once "
                                       "(default: the first of them)."),
    seed: int = typer.Option(0, help="The bot's seed (the same seed and an iteration budget give the same hint)."),
    as_json: bool = typer.Option(False, "--json", help="Print the hint as JSON."),
) -> None:
    """The move a bot would make where a saved game ends, with its estimate."""
    from ..bots.hint import hint_for
    from ..core import Record, replay

    rec = Record.load(record)
    state = replay(rec)
    to_act = state.to_act()
    if not to_act:
        raise BadOption(f"the game in {record} is over; see it with: reichsstadt replay {record}")
    if to_act[0] < 0:
        raise BadOption(f"the game in {record} stops before a chance draw; hints are for decisions")
    if seat is None:
        who = to_act[0]
    else:
        if seat - 1 not in to_act:
            raise BadOption(f"seat {seat} has no decision to make where {record} ends (deciding: "
                            f"{', '.join(str(s + 1) for s in to_act)})")
        who = seat - 1
    out = hint_for(state, who, bot, seed=seed, names=rec.names)
    if as_json:
        print(json.dumps(out, ensure_ascii=False))
        return
    name = rec.names[who] if who < len(rec.names) else f"Player {who + 1}"
    console.print(f"After {len(rec.moves)} moves, {bot} would play for {name} (seat {who + 1}):")
    console.print(f"  [bold]{out['text']}[/]", highlight=False)
    est = out["estimate"]
    if est:
        score = "" if est["score"] is None else f", expected score {est['score']:.1f}"
        console.print(f"  estimated win chance {est['win']:.0%}{score} "
                      f"({est['visits']} of {est['iterations']} playouts, {est['seconds']:.1f} s)", highlight=False)
        for alt in out["alternatives"]:
            score = "" if alt["score"] is None or math.isnan(alt["score"]) else f", score {alt['score']:.1f}"
            console.print(f"  or: {alt['text']} (win {alt['win']:.0%}{score}, {alt['visits']} playouts)",
                          highlight=False)
