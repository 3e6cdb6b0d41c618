"""Pieces of the terminal screen shared by play and replay: the board of any game, the
numbered list of moves, the final scores."""

from __future__ import annotations

import json
import re
from typing import Sequence

from rich.console import RenderableType
from rich.pretty import Pretty
from rich.table import Table

from ..core import Message, Outcome, frontend, game as find_game
from ..i18n import render


_PLAYER = re.compile(r"\bPlayer (\d+)\b")


def sentence_names(names: Sequence[str]) -> dict[int, str]:
    """How seats are called inside sentences: a chosen name or "You"; a default name
    ("Player 2 (random bot)") stays "Player 2"."""
    return {i + 1: n for i, n in enumerate(names) if not n.startswith(f"Player {i + 1}")}


def name_players(text: "str | Message", names: dict[int, str], viewer: int | None = None) -> str:
    """Words for the table: a message rendered with the table's names (the viewer's own
    seat as "you"); plain text with "Player N" (1-based) replaced by the names."""
    if isinstance(text, Message):
        listed = [names.get(i + 1, f"Player {i + 1}") for i in range(max(names, default=0) + 8)]
        return render(text, names=listed, viewer=viewer)
    return _PLAYER.sub(lambda m: names.get(int(m.group(1)), m.group(0)), text)


def board(game_id: str, view: dict, seat: int | None, names: Sequence[str]) -> RenderableType:
    """The game's declared terminal frontend; a game that declares none (a researcher's
    own title) is shown as its view's data. A declared frontend that cannot be loaded
    is an error (FrontendError), never a silent fallback."""
    if "terminal" not in find_game(game_id).frontends:
        return Pretty(json.loads(json.dumps(view)))
    render = frontend(game_id, "terminal")
    return render(view, seat, list(names))


def moves_table(descriptions: Sequence[str]) -> Table:
    """Numbered moves, in two columns when the list is long."""
    table = Table(show_header=False, box=None, padding=(0, 2))
    columns = 2 if len(descriptions) > 14 else 1
    for _ in range(columns):
        table.add_column(justify="right", style="bold cyan")
        table.add_column()
    rows = (len(descriptions) + columns - 1) // columns
    for r in range(rows):
        cells: list[str] = []
        for c in range(columns):
            i = c * rows + r
            if i < len(descriptions):
                cells += [str(i + 1), descriptions[i]]
            else:
                cells += ["", ""]
        table.add_row(*cells)
    return table


def outcome_table(outcome: Outcome, names: Sequence[str]) -> Table:
    """Final ranks, every scoring item and the total: one column per player, best first."""
    items: list[str] = []
    for b in outcome.breakdown:
        items.extend(k for k in b if k not in items)
    order = sorted(range(len(names)), key=lambda s: (outcome.ranks[s], s))
    table = Table(title="Final scores")
    table.add_column("")
    for s in order:
        table.add_column(names[s], justify="right", style="green" if outcome.ranks[s] == 1 else None)
    table.add_row("Rank", *[str(outcome.ranks[s]) for s in order], end_section=True)
    for item in items:
        table.add_row(item.replace("_", " "), *[str(outcome.breakdown[s].get(item, 0)) for s in order])
    table.add_row("Total", *[str(outcome.scores[s]) for s in order], style="bold")
    return table
