"""Walking a saved game: the moves in words, the board at any point, the final scores.

Moves are numbered from 1, as everywhere a person reads them (errors about a damaged
record use the same numbers); the seats keep the names the game had, the reader
(--seat) is "you"."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, NamedTuple

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..core import CHANCE, Message, Record, RecordError, game as find_game, replay
from .files import load_record
from .widgets import board, outcome_table, winner_line
from .words import Words, distinct_names, typed


class MoveLine(NamedTuple):
    """One move in words; `folded`: a step inside a chain whose last step states the whole
    of it (an offer put together card by card), left out of the log read at once."""
    text: Text
    folded: bool


def move_lines(record: Record, words: Words) -> list[MoveLine]:
    """Every move of the record in words, as the reader may know it, one entry per move:
    its line, then what it set in motion (State.news), if anything."""
    game = find_game(record.game)
    state = replay(record, upto=0)
    viewer = words.viewer
    entries = []
    for i, (seat, move) in enumerate(record.moves):
        action = game.action_from_json(move, record.players)
        entry = Text(f"{i + 1:>4}. ")
        entry.append(words.said(seat), style="dim" if seat == CHANCE else "bold")
        logged = state.log_words(seat, action, viewer)
        entry.append(words.say(state.describe(seat, action, viewer) if logged is None else logged))
        state.apply(seat, action)
        for t in state.news(viewer):
            entry.append("\n        ⤷ " + words.say(t, sentence=True))
        entries.append(MoveLine(entry, logged is None))
    return entries


def _board(record: Record, words: Words, upto: int | None = None) -> object:
    state = replay(record, upto)
    return board(record.game, state.view(words.viewer), words.viewer, words.display_names(), words.lang)


def _ending(record: Record, console: Console, words: Words) -> None:
    state = replay(record)
    console.print(_board(record, words))
    if state.over():
        outcome = state.outcome()
        console.print(Text(winner_line(outcome.ranks, outcome.scores, words), style="bold green"))
        console.print(outcome_table(outcome, record.game, words))
    else:
        console.print(Text(words("terminal.replay.unfinished"), style="yellow"))


def print_replay(record: Record, console: Console, words: Words) -> None:
    """The whole game at once: the log, the final board and, if it ended, the scores."""
    lines = move_lines(record, words)
    console.print(Rule(Text(words("terminal.replay.title", game=find_game(record.game).title,
                                  count=len(record.moves)))))
    for line in lines:
        if not line.folded:
            console.print(line.text)
    _ending(record, console, words)


def step_replay(record: Record, console: Console, words: Words, ask: Callable[[str], str | None]) -> None:
    """Walk the record move by move, forwards or to any move number."""
    lines = move_lines(record, words)
    total = len(lines)
    at = 0  # moves applied
    help_line = words("terminal.replay.keys")
    console.print(Text(help_line))
    while True:
        answer = ask(f"[{at}/{total}] > ")
        if answer is None:
            return
        text = answer.strip().lower()
        if text in ("q", "quit"):
            return
        if text in ("b", "board"):
            console.print(_board(record, words, at))
            continue
        if text in ("h", "help", "?"):
            console.print(Text(help_line))
            continue
        target = _target(text, at, total)
        if target is None:
            console.print(Text(words("terminal.replay.not_a_command", text=typed(answer)) + " " + help_line,
                               style="red"))
        elif not 0 <= target <= total:
            console.print(Text(words("terminal.replay.no_move", number=target, last=total), style="red"))
        else:
            walked = lines[at:target]  # a chain's steps said by its last, but the step stopped at always
            said = [m.text for i, m in enumerate(walked) if not m.folded or i == len(walked) - 1]
            for text_line in said[-20:]:
                console.print(text_line)
            at = target
            if at == total:
                _ending(record, console, words)


def _target(text: str, at: int, total: int) -> int | None:
    """The move a step-replay answer goes to: Enter the next, e the end, a number that
    move; None for anything else (a "²" is no number, nor are thousands of digits)."""
    if text == "":
        return at + 1
    if text in ("e", "end"):
        return total
    return int(text) if text.isdecimal() and len(text) <= 9 else None


def load(path: str, lang: str, seat: int | None) -> tuple[Record, Words]:
    """The record at `path`, checked by replaying it whole (a damaged record names its
    move), and the words for the reader (`seat` counted from 1; None: a spectator)."""
    record = load_record(Path(path))
    find_game(record.game)
    if not record.names:
        record.names = [Words(lang, [])("core.player", number=i + 1) for i in range(record.players)]
    if len(record.names) != record.players:
        raise RecordError(Message("terminal.replay.names", names=len(record.names), players=record.players))
    # records saved before seats were named by the viewer call their one human "You"
    record.names = distinct_names([Words(lang, [])("core.player", number=i + 1) if n == "You" else n
                                   for i, n in enumerate(record.names)], lang)
    viewer = None
    if seat is not None:
        if not 1 <= seat <= record.players:
            from ..core import BadOption

            raise BadOption(Message("terminal.replay.seat", last=record.players, seat=seat))
        viewer = seat - 1
    replay(record)
    return record, Words(lang, record.names, viewer)
