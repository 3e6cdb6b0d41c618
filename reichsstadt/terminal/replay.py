"""Walking a saved game: the moves in words, the board at any point, the final scores."""

from __future__ import annotations

from typing import Callable

from rich.console import Console
from rich.rule import Rule

from ..core import CHANCE, Record, RecordError, game as find_game, replay
from .widgets import board, name_players, outcome_table, sentence_names

STEP_HELP = ("Enter: next move · a number: go to that move · b: board · e: to the end · "
             "q: quit")


def move_lines(record: Record, viewer: int | None) -> list[str]:
    """Every move of the record in words, as `viewer` (None: a spectator) may know it, one
    entry per move: its line, then what it set in motion (State.news), if anything."""
    game = find_game(record.game)
    state = replay(record, upto=0)
    names = sentence_names(record.names)
    entries = []
    for i, (seat, move) in enumerate(record.moves):
        action = game.action_from_json(move, record.players)
        who = "Chance" if seat == CHANCE else record.names[seat] if 0 <= seat < len(record.names) else f"Seat {seat}"
        text = f"{i + 1:>4}. {who}: {name_players(state.describe(seat, action, viewer), names, viewer)}"
        state.apply(seat, action)
        entries.append("\n".join([text, *(f"        ⤷ {name_players(t, names, viewer)}" for t in state.news(viewer))]))
    return entries


def print_replay(record: Record, console: Console, viewer: int | None) -> None:
    """The whole game at once: the log, the final board and, if it ended, the scores."""
    lines = move_lines(record, viewer)
    state = replay(record)
    console.print(Rule(f"{find_game(record.game).title}: {len(record.moves)} moves"))
    for line in lines:
        console.print(line, highlight=False)
    console.print(board(record.game, state.view(viewer), viewer, record.names))
    if state.over():
        console.print(outcome_table(state.outcome(), record.names))
    else:
        console.print("[yellow]The game in this record is not finished.[/]")


def step_replay(record: Record, console: Console, viewer: int | None, ask: Callable[[str], str | None]) -> None:
    """Walk the record move by move, forwards or to any move number."""
    lines = move_lines(record, viewer)
    total = len(lines)
    at = 0  # moves applied
    console.print(STEP_HELP)
    while True:
        answer = ask(f"[{at}/{total}] > ")
        if answer is None:
            return
        text = answer.strip().lower()
        if text in ("q", "quit"):
            return
        if text in ("b", "board"):
            console.print(board(record.game, replay(record, at).view(viewer), viewer, record.names))
            continue
        if text == "":
            target = at + 1
        elif text in ("e", "end"):
            target = total
        elif text.isdigit():
            target = int(text)
        else:
            console.print(f"[red]{answer.strip()!r} is not a step command.[/] {STEP_HELP}")
            continue
        if not 0 <= target <= total:
            console.print(f"[red]There is no move {target}:[/] the record has moves 1 to {total}.")
            continue
        if target > at:
            for line in lines[at:target][-20:]:
                console.print(line, highlight=False)
        at = target
        if at == total:
            state = replay(record)
            console.print(board(record.game, state.view(viewer), viewer, record.names))
            if state.over():
                console.print(outcome_table(state.outcome(), record.names))


def as_seen_by(names: list[str], viewer: int | None) -> list[str]:
    """A saved game calls its one human "You"; replayed as anyone else, that is Player N."""
    return [f"Player {i + 1}" if n == "You" and i != viewer else n for i, n in enumerate(names)]


def load(path: str) -> Record:
    record = Record.load(path)
    find_game(record.game)
    if not record.names:
        record.names = [f"Player {i + 1}" for i in range(record.players)]
    if len(record.names) != record.players:
        raise RecordError(f"record names {len(record.names)} players but the game has {record.players}")
    return record
