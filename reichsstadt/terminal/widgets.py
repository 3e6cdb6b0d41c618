"""Pieces of the terminal screen shared by play and replay: the board of any game, the
numbered list of moves, the final scores and who won. Every word comes from the
catalogs (Words)."""

from __future__ import annotations

import json
from typing import Any, Sequence

from rich.console import RenderableType
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from ..core import Message, Outcome, Player, game as find_game, part
from ..i18n import Renderer
from .words import Words, short_name


def board(game_id: str, view: dict[str, Any], seat: int | None, names: Sequence[str], lang: str = "en",
          kind: str = "terminal") -> RenderableType:
    """The game's declared terminal frontend; a game that declares none (a researcher's
    own title) is shown as its view's data. A declared frontend that cannot be loaded
    is an error (FrontendError), never a silent fallback."""
    if "terminal" not in find_game(game_id).parts:
        return Pretty(json.loads(json.dumps(view)))
    render = part(game_id, kind)
    drawn: RenderableType = render(view, seat, list(names), Renderer(lang, [short_name(n) for n in names], viewer=seat))
    return drawn


def moves_table(entries: Sequence[tuple[str, str]], width: int = 120) -> Table:
    """Moves with their keys, in as many columns (up to 3) as fit without cutting a
    description; keys stay where they are, read down each column."""
    widest = max((len(k) + 2 + len(d) + 3 for k, d in entries), default=0)
    columns = 1
    if len(entries) > 4:
        columns = max(1, min(3, (width - 2) // max(widest, 1)))
    table = Table(show_header=False, box=None, padding=(0, 1), pad_edge=False)
    for _ in range(columns):
        table.add_column(justify="right", style="bold cyan", no_wrap=True)
        table.add_column(overflow="fold")
    rows = (len(entries) + columns - 1) // columns
    for r in range(rows):
        cells: list[Text] = []
        for c in range(columns):
            i = c * rows + r
            if i < len(entries):
                cells += [Text(entries[i][0]), Text(entries[i][1] + ("   " if c < columns - 1 else ""))]
            else:
                cells += [Text(""), Text("")]
        table.add_row(*cells)
    return table


def score_item(game_id: str, item: str, words: Words) -> str:
    """A scoring item's name: the game's catalog entry `<game>.score.<item>` if it has one,
    else the item's key in plain words."""
    msgid = f"{game_id}.score.{item}"
    if words.r.template(msgid) is not None:
        return words.say(Message(msgid), sentence=True)
    return item.replace("_", " ").capitalize()


def outcome_table(outcome: Outcome, game_id: str, words: Words) -> Table:
    """Final ranks, every scoring item and the total: one column per player, best first."""
    names = words.display_names()
    items: list[str] = []
    for b in outcome.breakdown:
        items.extend(k for k in b if k not in items)
    order = sorted(range(len(names)), key=lambda s: (outcome.ranks[s], s))
    table = Table(title=words("terminal.score.title"))
    table.add_column("")
    for s in order:
        table.add_column(Text(names[s]), justify="right", style="green" if outcome.ranks[s] == 1 else None)
    table.add_row(words("terminal.score.rank"), *[str(outcome.ranks[s]) for s in order], end_section=True)
    for item in items:
        table.add_row(score_item(game_id, item, words), *[str(outcome.breakdown[s].get(item, 0)) for s in order])
    table.add_row(words("terminal.score.total"), *[str(outcome.scores[s]) for s in order], style="bold")
    return table


def winner_line(ranks: Sequence[int], scores: Sequence[int], w: Words) -> str:
    """Who won, in a sentence above the final scores ("You win with 14 points.", "Ann and
    Bo share the win with 9 points.")."""
    first = [s for s, r in enumerate(ranks) if r == 1]
    count = scores[first[0]]
    if len(first) == 1:
        return w("terminal.finish.winner", player=Player(first[0]), count=count)
    if w.viewer in first:   # "you and Ann share": the verb agrees with "you"
        return w("terminal.finish.shared.with_you", players=[Player(s) for s in first if s != w.viewer], count=count)
    return w("terminal.finish.shared", players=[Player(s) for s in first], count=count)
