"""Screens that fit: a play screen is composed line by line to the terminal's height, so
the top of the board (what matters now), the moves and the prompt are always in view;
the log gets the lines that are left, and whatever does not fit waits behind a key
(`b` the whole board, `l` the whole log), shown by a pager."""

from __future__ import annotations

from typing import Callable, Sequence

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.segment import Segment, Segments
from rich.text import Text

Line = list[Segment]
Ask = Callable[[str], "str | None"]


def lines_of(console: Console, renderable: RenderableType) -> list[Line]:
    """`renderable` as the terminal's lines at its full width."""
    options = console.options.update(width=console.width, height=None)
    return console.render_lines(renderable, options, pad=False)


def paint(console: Console, lines: Sequence[Line], clear: bool) -> None:
    """Print whole lines (after clearing the screen, in a terminal, if `clear`)."""
    if clear and console.is_terminal:
        console.clear()
    segments: list[Segment] = []
    for line in lines:
        segments.extend(line)
        segments.append(Segment.line())
    console.print(Segments(segments), end="")


def fit_log(console: Console, title: str, entries: Sequence[Text], room: int,
            earlier: Callable[[int], str]) -> list[Line]:
    """The newest log entries that fit in `room` lines under a title line; when some do
    not fit, the title says how many are left out (`earlier(count)`)."""
    if not entries or room < 1:
        return []
    heights = [len(lines_of(console, e)) for e in entries]
    budget = room - 1
    shown = used = 0
    for h in reversed(heights):
        if used + h > budget:
            break
        used += h
        shown += 1
    left_out = len(entries) - shown
    label = Text(title)
    if left_out:
        label.append(" · " + earlier(left_out), style="dim")
    out = lines_of(console, Rule(label, align="left", style="dim"))[:1]
    for e in entries[left_out:]:
        out.extend(lines_of(console, e))
    return out


LOG_LINES = 5
"""The log's share of a full screen (its title and the last few lines), taken from the
bottom of a board that does not fit: what just happened is worth a glance."""


def fit_screen(console: Console, head: Sequence[Line], board: Sequence[Line], log: Callable[[int], list[Line]],
               foot: Sequence[Line], more_board: Callable[[int], str], reserve: int = 1) -> list[Line]:
    """One screen: `head`, then the board (cut at the bottom when it does not fit, with a
    line saying so), then the log in the room left (`log(room)`; at least LOG_LINES when
    it has that many), then `foot` (the moves, notes); `reserve` lines stay free for the
    prompt."""
    room = console.height - reserve - len(head) - len(foot)
    wanted_log = len(log(LOG_LINES))
    board_room = max(room - wanted_log, 0)
    shown_board = list(board)
    if len(shown_board) > board_room:
        keep = max(board_room - 1, 0)
        note = lines_of(console, Text(more_board(len(board) - keep), style="dim"))[:1]
        shown_board = shown_board[:keep] + (note if board_room > 0 else [])
    room -= len(shown_board)
    return [*head, *shown_board, *log(room), *foot]


def page(console: Console, lines: Sequence[Line], ask: Ask, more: str, back: str) -> bool:
    """Show `lines` a screenful at a time; after each page a prompt (`more`, or `back` on
    the last page); q leaves early. False if the input ended."""
    size = max(console.height - 1, 1)
    start = 0
    while True:
        paint(console, lines[start:start + size], clear=True)
        start += size
        last = start >= len(lines)
        answer = ask(back if last else more)
        if answer is None:
            return False
        if last or answer.strip().lower() in ("q", "quit"):
            return True
