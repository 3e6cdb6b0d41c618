"""The terminal board of Die Siedler von Nürnberg, drawn with Rich from a view."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

COLORS = ("white", "red", "blue", "dark_orange")
RES = ("wood", "wool", "grain", "brick", "stone")


def _who(p: int | None, names: list[str]) -> Text:
    if p is None or p < 0:
        return Text("-", style="dim")
    return Text(names[p] if p < len(names) else f"P{p + 1}", style=f"bold {COLORS[p % 4]}")


def render(view: dict, seat: int | None, names: list[str]) -> RenderableType:
    """Players, roads, the city and any trade offer, from what `seat` may see."""
    board = view["board"]
    head = Text()
    head.append(f"Year {view['year']}  ", style="bold")
    head.append(f"phase: {view['phase']}  active: ")
    head.append_text(_who(view["active"], names))
    head.append(f"  last card: {view['last_card'] or '-'}  robber: {view['robber'] or 'Raubritterburg'}")
    head.append(f"  deck: {view['deck_left']} cards  supply: " + ", ".join(f"{k} {v}" for k, v in view["supply"].items()))

    players = Table(title="Players", expand=False)
    for col in ("player", "hand", "cards", "gold", "prestige", "VP", "council", "left (settl./works./tolls)"):
        players.add_column(col)
    for p, info in enumerate(view["seats"]):
        hand = info["hand"]
        shown = ", ".join(f"{v} {k}" for k, v in hand.items() if v) if hand is not None else "hidden"
        left = info["pieces_left"]
        players.add_row(_who(p, names), shown or "-", str(info["cards"]), str(info["gold"]), str(info["prestige"]),
                        str(info["vp"]), info["council"] or "-",
                        f"{left['settlements']}/{left['workshops']}/{left['tolls']}")

    roads = Table(title="Roads (from the city outward)")
    roads.add_column("road")
    roads.add_column("right of way")
    roads.add_column("toll stations by segment")
    roads.add_column("intersections: settlement [terrains]")
    for name, road in view["roads"].items():
        tolls = Text()
        for i, o in enumerate(road["tolls"]):
            tolls.append(f"{i + 1}:")
            tolls.append_text(_who(o, names) if o >= 0 else Text("·", style="dim"))
            tolls.append(" ")
        inters = Text()
        for i, o in enumerate(road["settlements"]):
            inters.append(f"{i + 1}")
            if o >= 0:
                inters.append("=")
                inters.append_text(_who(o, names))
            inters.append(f"[{board['roads'][name][i]}] ", style="dim" if o < 0 else "")
        roads.add_row(name, _who(road["right_of_way"], names), tolls, inters)

    city = Table(title="Nuremberg")
    city.add_column("red intersection")
    city.add_column("touches")
    city.add_column("workshop")
    for j, label in enumerate(board["reds"]):
        city.add_row(str(j + 1), label, _who(view["workshops"][j], names))
    walls = Text("Wall: ")
    for i, o in enumerate(view["walls"]):
        walls.append_text(_who(o, names))
        walls.append(" ")
    walls.append(f"({len(view['walls'])}/26)  Towers: ")
    for i, o in enumerate(view["towers"]):
        walls.append(f"after {board['triangles_after'][i]}:")
        walls.append_text(_who(o, names) if o >= 0 else Text("·", style="dim"))
        walls.append(" ")
    council = Text("Council: ")
    for name, holder in view["council"].items():
        council.append(f"{name} ")
        council.append_text(Text(str(holder)) if holder == "removed" else _who(holder, names))
        council.append("  ")
    goods = Text("Goods: " + "; ".join(
        f"{g['name']} ({'+'.join(f'{c} {r}' for r, c in g['recipe'].items())}) -> {g['city']} {g['price']} gold, toll {g['toll']}"
        for g in board["goods"]))
    parts: list[RenderableType] = [Panel(head), players, roads, city, walls, council, goods]
    offer = view.get("offer")
    if offer:
        give = ", ".join(f"{v} {k}" for k, v in offer["give"].items() if v) or "nothing yet"
        want = ", ".join(f"{v} {k}" for k, v in offer["want"].items() if v) or "nothing yet"
        to = "everyone" if offer["to"] < 0 else names[offer["to"]]
        lines = [f"Offer: {give} for {want} to {to}"]
        for p, r in enumerate(offer["responses"]):
            if r != "none":
                c = offer["counters"][p]
                extra = ""
                if r.startswith("counter"):
                    extra = (" (gives " + (", ".join(f"{v} {k}" for k, v in c["give"].items() if v) or "-")
                             + " for " + (", ".join(f"{v} {k}" for k, v in c["want"].items() if v) or "-") + ")")
                lines.append(f"  {names[p] if p < len(names) else p}: {r}{extra}")
        parts.append(Panel("\n".join(lines), title="Trade"))
    if view.get("winner") is not None:
        parts.append(Text(f"Winner by 13 victory points: {names[view['winner']]}", style="bold green"))
    return Group(*parts)
