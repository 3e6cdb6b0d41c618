"""The Markt board in a terminal, drawn from a view (Rich): the "terminal" part of the
game. It reads the view and the catalogs only; every word is a message (markt.board.*
and the game's names) rendered in the reader's language, and this module holds no
sentence of any language, only symbols and numbers."""

from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from reichsstadt.core import Message, Player
from reichsstadt.core.messages import Say

from .constants import N_GOODS, PRICE_MAX
from .present import good_name, goods, phase_name, thalers

GOOD_STYLES = ("blue", "white", "magenta", "red")
ON_TURN = "▶"


def render(view: dict[str, Any], seat: int | None, names: Sequence[str], say: Say) -> RenderableType:
    """The board as `seat` sees it (None: a spectator), the seats called `names`, in the
    reader's words (`say`, reichsstadt.core.messages.Say)."""
    warehouse = say(Message("markt.board.warehouse", count=view["table"]["warehouse"]), sentence=True)
    return Group(_headline(view, say), _market(view, say), Text(warehouse), _merchants(view, names, say))


def _headline(view: dict[str, Any], say: Say) -> Text:
    t = view["table"]
    parts = [] if view["phase"] == "market" else [say(phase_name(view["phase"]), sentence=True)]
    if t["day"]:
        parts.insert(0, say(Message("markt.board.day", day=t["day"], days=t["days"]), sentence=True))
    if t["demand"] is not None and view["phase"] == "market":
        parts.append(say(Message("markt.board.demand", good=good_name(t["demand"])), sentence=True))
    if t["merchant"] is not None:
        parts.append(say(Message("markt.board.on_turn", player=Player(t["merchant"])), sentence=True))
    return Text(" · ".join(parts), style="bold")


def _market(view: dict[str, Any], say: Say) -> Table:
    """One line per good: its name, its price on the track, how many were sold."""
    t = view["table"]
    table = Table(box=None, padding=(0, 2), pad_edge=False)
    table.add_column(say(Message("markt.board.good"), sentence=True))
    table.add_column(say(Message("markt.board.price"), sentence=True))
    table.add_column(say(Message("markt.board.sold"), sentence=True), justify="right")
    for g in range(N_GOODS):
        price = t["prices"][g]
        track = Text("●" * price, style=GOOD_STYLES[g]).append("○" * (PRICE_MAX - price), style="dim")
        name = say(good_name(g), sentence=True) + (" ★" if g == t["demand"] else "")
        table.add_row(Text(name, style=GOOD_STYLES[g]), track.append(f" {price}"), str(t["sold"][g]))
    return table


def _merchants(view: dict[str, Any], names: Sequence[str], say: Say) -> Table:
    """One line per merchant: purse and goods (the reader's own by kind, the others' as a count)."""
    t = view["table"]
    table = Table(box=None, padding=(0, 2), pad_edge=False)
    for key in ("merchant", "purse", "goods"):
        table.add_column(say(Message(f"markt.board.{key}"), sentence=True))
    for p, s in enumerate(view["seats"]):
        mark = ON_TURN if p == t["merchant"] else " "
        name = Text(f"{mark} {names[p] if p < len(names) else p + 1}", style="bold" if p == view["seat"] else "")
        if p == t["first"] and t["day"]:
            name.append(" · " + say(Message("markt.board.opens")), style="dim")
        if not s["goods"]:
            held = say(Message("markt.board.no_goods"))
        elif s["hand"] is None:
            held = say(Message("markt.board.hidden", count=s["goods"]))
        else:
            held = say([goods(g, n) for g, n in enumerate(s["hand"]) if n])
        table.add_row(name, say(thalers(s["thalers"])), held)
    return table
