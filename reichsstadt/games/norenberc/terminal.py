"""The Norenberc board in a terminal, drawn from a view (Rich). The only module of the
engine package that imports Rich. Fits 120 columns.

Component and phase names come from the catalog through present's helpers (rendered in
English by str()); the board's own labels are still English here."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .present import citizen_name, good_name, guild_name, phase_name

ROOMS = "ABCD"
GUILD_STYLES = ("yellow", "magenta", "green", "cyan", "blue", "red")
SYMBOLS = {"star": "★", "moon": "☾", "sun": "☀"}
STEP_WORDS = {
    "choose": "sell, hire, buy or do nothing",
    "buy_more": "buy more or stop",
    "pay_any": "pay the goods of any type",
    "thief_victim": "whom does the Thief rob?",
    "thief_goods": "which goods does the Thief take?",
    "guard_first": "the Guard: first artisan to swap",
    "guard_second": "the Guard: swap it with which?",
    "peddler_good": "which good goes on the Peddler?",
    "mayor_roof": "on which roof goes the Mayor?",
    "first_place": "move to first place in turn order?",
}
SHORT = {"tax_collector": "Tax Coll."}  # names too long for a room's cell
LEGEND = (
    "Master = price of one good here (sell or buy). Next masters: the tiles that take over in the "
    "later rounds; 7/5 = a 7 lying on a 5: round 4's favourite wins both. 2+ = Agent+ (one more "
    "agent). Rooms: G = goods of the guild, +2 = 2 goods of any type. ♛ = prestige crest."
)


def _artisan(t: dict[str, Any]) -> str:
    return f"{t['value']}{'+' if t.get('agent_plus') else ''}"


def _tile(t: dict[str, Any] | None, guild_names: list[str] | None = None) -> str:
    """A tile in a few characters: an artisan as its value (with its guild when it sits
    outside its own guild), a citizen as its symbol and name."""
    if not t:
        return "·"
    if t["kind"] == "artisan":
        if guild_names is None:
            return _artisan(t)
        return f"{guild_names[t['guild']][:4]} {_artisan(t)}"
    name = SHORT.get(t["kind"]) or str(citizen_name(t["kind"]))
    if "value" in t:
        name += f" {t['value']}"
    return f"{SYMBOLS.get(t.get('symbol', ''), '')}{name}"


def _store(counts: list[int], own: int, goods: list[str]) -> str:
    """A guild's store: its own goods first, then the others paid into it."""
    parts = [f"{counts[own]} {goods[own]}"] + [f"+{c} {goods[i]}" for i, c in enumerate(counts) if c and i != own]
    return " ".join(parts)


def _goods(counts: list[int], goods: list[str]) -> str:
    parts = [f"{c} {goods[i]}" for i, c in enumerate(counts) if c]
    return ", ".join(parts) if parts else "—"


def _name(names: list[str], p: int) -> str:
    return names[p] if 0 <= p < len(names) else f"Player {p + 1}"


def _price(forms: list[list[int]]) -> str:
    return "/".join(f"{a}G" + (f"+{b}" if b else "") for a, b in forms)


def _guild_names(table: dict[str, Any]) -> list[str]:
    return [str(guild_name(g["key"], g["name"])) for g in table["guilds"]]


def _good_names(table: dict[str, Any]) -> list[str]:
    return [str(good_name(g["good_key"], g["good"])) for g in table["guilds"]]


def _headline(view: dict[str, Any], names: list[str]) -> Text:
    table = view["table"]
    gnames = _guild_names(table)
    head = Text(f"Norenberc — round {table['round']} of 4, turn {table['turn']} — ", style="bold")
    phase = view["phase"]
    cur = table["current"]
    if view["over"]:
        head.append("game over", style="bold")
    elif phase == "planning":
        waiting = [_name(names, p) for p in view["to_act"]]
        head.append("planning: " + (f"waiting for {', '.join(waiting)}" if waiting else "all planned"))
    elif cur:
        who = _name(names, cur["actor"])
        head.append(f"{gnames[cur['guild']]} called — {who} to act: {STEP_WORDS.get(cur['step'], cur['step'])}")
    else:
        head.append(str(phase_name(phase)))
    return head


def render(view: dict[str, Any], seat: int | None, names: list[str], lang: str = "en") -> RenderableType:
    table = view["table"]
    guilds = table["guilds"]
    gnames = _guild_names(table)
    goods = _good_names(table)
    prices = table["room_prices"]
    rnd = table["round"]
    later = list(range(rnd + 1, 5))
    cur = table["current"] or {}

    board = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), collapse_padding=True)
    board.add_column("Guild", no_wrap=True)
    board.add_column("Master\n= price", justify="center", no_wrap=True)
    board.add_column("Next\nmasters" + (f"\nround {'·'.join(map(str, later))}" if later else ""),
                     justify="center", no_wrap=True)
    for r in range(4):
        board.add_column(f"Room {ROOMS[r]}\n{_price(prices[r]) if r < len(prices) else ''}",
                         justify="center", max_width=11)
    board.add_column("Store", max_width=26)
    board.add_column("Roof\nagents", justify="center", max_width=9)
    board.add_column("Crests\nleft", justify="center")
    for g in guilds:
        i = g["guild"]
        name = Text(f"{i + 1} {gnames[i]}", style=GUILD_STYLES[i % len(GUILD_STYLES)])
        if g["prestige_crest"]:
            name.append(" ♛", style="bold")
        if cur.get("guild") == i:
            name.append(" ◀", style="reverse")
        master = Text(_artisan(g["master"]) if g["master"] else "—", style="bold")
        if rnd == 4 and g.get("covered"):
            master.append(f"/{_artisan(g['covered'])}")
        nxt = [_artisan(t) for t in g["workshops"] if t]
        if g["top"]:
            nxt.append(f"{_artisan(g['top'])}/{_artisan(g['covered'])}" if g.get("covered") else _artisan(g["top"]))
        roof = str(g["roof"]) + (f" +{g['mayors']}Mayor" if g["mayors"] else "")
        board.add_row(
            name, master, " · ".join(nxt) or "—",
            *[_tile(t, None if t and t["kind"] == "artisan" and t["guild"] == i else gnames) for t in g["rooms"]],
            _store(g["store"], i, goods), roof, str(g["crests"]),
        )

    people = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), collapse_padding=True)
    people.add_column("")
    people.add_column("Player (turn order)", max_width=24, no_wrap=True)
    people.add_column("Thalers", justify="right")
    people.add_column("Agents\nfree/all", justify="center")
    for good in goods:
        people.add_column(good, justify="center")
    people.add_column("Plan", max_width=26)
    owned: list[Text] = []
    for p in table["turn_order"] or range(view["players"]):
        e = view["seats"][p]
        who = Text(_name(names, p))
        if p == seat:
            who.stylize("bold underline")
        status = "▶" if p in view["to_act"] else ("☾" if e["moon"] else "")
        money = "?" if e["money"] is None else str(e["money"])
        people.add_row(
            status, who, money, f"{e['agents_free']}/{e['agents']}",
            *[str(c) if c else "·" for c in e["goods"]], "—" if view["over"] else _plan(e, gnames, cur, p, view),
        )
        crests = [gnames[i][:4] for i, c in enumerate(e["crests"]) for _ in range(c)]
        if e["prestige_crests"]:
            crests.append("♛" * e["prestige_crests"])
        tiles = ", ".join(_tile(t, gnames) for t in e["tiles"]) or "none"
        peddled = [goods[g] for _, g in e["peddler_goods"] if g >= 0]
        if peddled:
            tiles += " (on the Peddler: " + ", ".join(peddled) + ")"
        line = Text(f"{_name(names, p)}: ", style="bold" if p == seat else "")
        line.append(f"tiles {tiles}; crests {' '.join(crests) or 'none'}")
        owned.append(line)

    info = [f"Guest pile: {table['pile_size']} tiles"]
    if cur:
        said = f"{gnames[cur['guild']]}: cards revealed by " + ", ".join(_name(names, p) for p in cur["revealed"])
        waiting = [_name(names, p) for p in cur["still_to_act"] if p != cur["actor"]]
        if waiting:
            said += "; to act after " + _name(names, cur["actor"]) + ": " + ", ".join(waiting)
        info.append(said)
        if cur["buy_limit"] < 3:
            info.append(f"First turn of the game: at most {cur['buy_limit']} good(s) per purchase in this guild")
        if cur["hiring"]:
            hirer = _name(names, cur["actor"])
            info.append(f"{hirer} {'are' if hirer == 'You' else 'is'} hiring: {_tile(cur['hiring'], gnames)}"
                        + (f" (room {ROOMS[cur['room']]})" if cur["room"] is not None else ""))
        if cur["guard_first"]:
            info.append(f"The Guard moves: {_tile(cur['guard_first'], gnames)} — now pick the artisan to swap it with")
    if table["revealed_money"]:
        last = table["revealed_money"][-4:]
        info.append("Money revealed in favourite ties: " + "; ".join(
            f"round {r}, {gnames[g]}: {_name(names, p)} had {m}" for r, g, p, m in last))
    if table["favourites"]:
        last_round = table["favourites"][-1][0]
        favs = [f for f in table["favourites"] if f[0] == last_round]
        info.append(f"Favourites of round {last_round}: " + ", ".join(
            f"{gnames[g]} → {_name(names, p) if p >= 0 else 'nobody'}" for _, g, p in favs))
    legend = Text(LEGEND, style="dim")
    return Group(_headline(view, names), board, legend, people, *owned, Text("\n".join(info)))


def _plan(e: dict[str, Any], gnames: list[str], cur: dict[str, Any], p: int, view: dict[str, Any]) -> str:
    if e["moon"]:
        return "done for the round (☾)"
    if view["table"]["open_planning"] and e.get("planning") == "planning" and p not in view["to_act"]:
        # open planning: one by one in reverse turn order; this player's turn is still to come
        return "plans later"
    mine = e["plan"]
    now = " (now)" if cur and p in cur.get("still_to_act", []) else ""
    if mine is not None:
        text = ", ".join(gnames[g] for g in mine) if mine else ""
        if e.get("planning") == "passed":
            return "passes"
        if e.get("planning") == "planning":
            return f"choosing: {text}" if text else "choosing…"
        return (f"{gnames[cur['guild']]}{now}" + (", " if text else "") if now else "") + (text or ("" if now else "—"))
    cards = e["cards"] or 0
    state = e.get("planning")
    if state == "passed":
        return "passes"
    if state == "planning":
        return f"choosing… ({cards} laid)" if cards else "choosing…"
    words = f"{cards} face down" if cards else ""
    if now:
        return "here" + (f", {words}" if words else "")
    return words or "—"
