"""The Norenberc board in a terminal, drawn from a view (Rich). The only module of the
engine package that imports Rich."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

ROOMS = "ABCD"
GUILD_STYLES = ("yellow", "magenta", "green", "cyan", "blue", "red")


def _tile(t: dict | None) -> str:
    if not t:
        return "·"
    if t["kind"] == "artisan":
        return f"{t['value']}{'+' if t.get('agent_plus') else ''}"
    mark = {"star": "★", "moon": "☾", "sun": "☀"}.get(t.get("symbol", ""), "")
    return f"{mark}{t['name']}"


def _tile_full(t: dict | None, guild_names: list[str]) -> str:
    if not t:
        return "·"
    if t["kind"] == "artisan":
        return f"{guild_names[t['guild']][:4]} {_tile(t)}"
    return _tile(t)


def _goods(counts: list[int], goods: list[str]) -> str:
    parts = [f"{c} {goods[i]}" for i, c in enumerate(counts) if c]
    return ", ".join(parts) if parts else "—"


def render(view: dict, seat: int | None, names: list[str]) -> RenderableType:
    guilds = view["guilds"]
    gnames = [g["name"] for g in guilds]
    goods = [g["good"] for g in guilds]
    prices = view.get("room_prices", [])

    def price(r: int) -> str:
        if r >= len(prices):
            return ""
        return " or ".join(f"{a}G" + (f"+{b}any" if b else "") for a, b in prices[r])

    head = Text(
        f"Norenberc — round {view['round']} of 4, turn {view['turn']} — {view['phase']}",
        style="bold",
    )
    board = Table(title="Guilds", expand=False, show_lines=True)
    board.add_column("Guild")
    board.add_column("Master", justify="center")
    board.add_column("Workshops ↑", justify="center")
    for r in range(4):
        board.add_column(f"Room {ROOMS[r]}\n{price(r)}", justify="center")
    board.add_column("Store")
    board.add_column("Roof", justify="center")
    board.add_column("Crests", justify="center")
    cur = view.get("current") or {}
    for g in guilds:
        i = g["guild"]
        name = Text(f"{i + 1} {g['name']}", style=GUILD_STYLES[i % len(GUILD_STYLES)])
        if g["prestige"]:
            name.append(" ♛" if g["prestige_crest"] else " (prestige)", style="bold")
        if cur.get("guild") == i:
            name.append(" ◀ called", style="reverse")
        shops = [_tile(t) for t in g["workshops"]]
        if g["top"]:
            shops.append(f"{_tile(g['top'])}/{_tile(g['covered'])}")
        roof = str(g["roof"]) + (f" +{g['mayors']} Mayor" if g["mayors"] else "")
        board.add_row(
            name,
            Text(str(g["master_value"] if g["master_value"] is not None else "—"), style="bold"),
            " ".join(shops) or "—",
            *[_tile_full(t, gnames) for t in g["rooms"]],
            _goods(g["store"], goods),
            roof,
            str(g["crests"]),
        )

    people = Table(title="Players (turn order top to bottom)", show_lines=False)
    for col in ("", "Player", "Thalers", "Agents", "Goods", "Tiles", "Crests", "Plan"):
        people.add_column(col)
    for p in view["order"] or range(view["players"]):
        e = view["seats"][p]
        who = Text(names[p] if p < len(names) else f"Player {p + 1}")
        if p == seat:
            who.stylize("bold underline")
        status = "☾" if e["moon"] else ""
        if p in view["to_act"]:
            status = "▶"
        money = "?" if e["money"] is None else str(e["money"])
        crests = [gnames[i][:4] for i, c in enumerate(e["crests"]) for _ in range(c)]
        if e["prestige_crests"]:
            crests.append(f"{e['prestige_crests']}×prestige")
        tiles = ", ".join(_tile_full(t, gnames) for t in e["tiles"]) or "—"
        if e["peddler_goods"]:
            tiles += " | on Peddler: " + ", ".join(goods[g] for _, g in e["peddler_goods"] if g >= 0)
        if e["plan"] is not None and e["plan"]:
            plan = ", ".join(gnames[g] for g in e["plan"])
        elif e.get("planning") in ("done", "passed", "planning"):
            plan = e["planning"]
        else:
            plan = "" if e["cards"] in (None, 0) else f"{e['cards']} card(s) face down"
        people.add_row(
            status, who, money, f"{e['available']}/{e['agents']}",
            _goods(e["goods"], goods), tiles, ", ".join(crests) or "—", plan,
        )
    parts: list[RenderableType] = [head, board, people]
    info = [f"Guest pile: {view['pile_size']} tiles"]
    if cur:
        info.append(
            f"Called: {gnames[cur['guild']]} — revealed by "
            + ", ".join(names[p] if p < len(names) else str(p) for p in cur["revealed"])
            + f"; buy limit {cur['buy_limit']}"
        )
    if view["revealed_money"]:
        last = view["revealed_money"][-4:]
        info.append("Money revealed in favourite ties: " + "; ".join(
            f"round {r}, {gnames[g]}: {names[p] if p < len(names) else p} had {m}" for r, g, p, m in last))
    if view["favourites"]:
        rnd = view["favourites"][-1][0]
        favs = [f for f in view["favourites"] if f[0] == rnd]
        info.append(f"Favourites of round {rnd}: " + ", ".join(
            f"{gnames[g]} → {(names[p] if p < len(names) else p) if p >= 0 else 'nobody'}" for _, g, p in favs))
    parts.append(Panel("\n".join(info), expand=False))
    return Group(*parts)
