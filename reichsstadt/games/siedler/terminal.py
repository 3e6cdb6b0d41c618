"""The terminal board of Die Siedler von Nürnberg, drawn with Rich from a view, at most
120 columns wide: who is to act and on what, the players (one's own hand in full, the
others' card counts), the five roads as strips from the city gate outward, the city's red
intersections, the wall, the council and, while one is open, the trade offer."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...i18n import render as words
from .present import card_words, council_name, good_name, resource_name
from .constants import CARD_KINDS, EVENTS, RESOURCES, ROAD_NAMES

COLORS = ("white", "red", "blue", "dark_orange")
COLOR_WORDS = ("white", "red", "blue", "orange")
WIDTH = 120


def _name(p: int, names: list[str]) -> str:
    return names[p] if 0 <= p < len(names) else f"Player {p + 1}"


def _who(p: int | None, names: list[str]) -> Text:
    if p is None or p < 0:
        return Text("–", style="dim")
    return Text(_name(p, names), style=f"bold {COLORS[p % 4]}")


def _mark(p: int, sign: str) -> Text:
    """A piece of seat p: its sign and the seat number, in the seat's colour."""
    style = f"bold black on {COLORS[p % 4]}" if p % 4 == 0 else f"bold {COLORS[p % 4]} reverse"
    return Text(f"{sign}{p + 1}", style=style)


def _cards(d: dict[str, int]) -> str:
    return ", ".join(f"{v} {k}" for k, v in d.items() if v) or "nothing"


def _now(view: dict[str, Any], seat: int | None, names: list[str]) -> Text:
    """What the game waits for, in words, from the viewer's side."""
    ph, active, to_act = view["phase"], view["table"]["active"], view["to_act"]
    act = _name(active, names)
    mine = seat is not None and seat in to_act
    who = ", ".join(_name(p, names) for p in to_act)
    words = {
        "main": f"{act} may trade, build, produce and sell (in any order), or end the turn",
        "offer_give": f"{act} is making a trade offer: what to give",
        "offer_want": f"{act} is making a trade offer: what to ask for",
        "offer_send": f"{act} is making a trade offer: whom to offer it to",
        "respond": f"{who} {'answers' if len(to_act) == 1 else 'answer'} {act}'s trade offer",
        "close": f"{act} trades with one who accepted, or withdraws the offer",
        "discard": f"Raubritter! {who} must discard half of their cards",
        "robber": f"Raubritter! {act} moves the robber knight",
        "steal": f"{act} chooses whom to steal a resource card from",
        "kostenloser_lehm": f"Kostenloser Lehm: {who} may build one wall piece for 3 gold (no brick)",
        "council": f"{who} passed several council members and chooses whose card to take",
        "setup_toll": f"{act} places a starting toll station",
        "setup_settlement": f"{act} places a starting settlement on the road of that toll station",
        "over": "the game is over",
    }.get(ph, "cards are being drawn")
    if mine:
        words = {
            "main": "trade, build, produce and sell (in any order), or end the turn",
            "offer_give": "choose what you give in your trade offer (one card at a time), then finish that side",
            "offer_want": "choose what you ask for (one card at a time), then finish that side",
            "offer_send": "choose whom to offer it to",
            "respond": f"answer {act}'s trade offer: accept, decline or make a counter-offer",
            "close": "trade with one who accepted (or take a counter-offer), or withdraw the offer",
            "discard": "discard half of your cards, one at a time (Raubritter)",
            "robber": "move the robber knight to another terrain (Raubritter)",
            "steal": "choose whom to steal a random resource card from",
            "kostenloser_lehm": "build one wall piece for 3 gold, no brick (Kostenloser Lehm), or pass",
            "council": "you passed several council members: choose whose card to take",
            "setup_toll": "place a starting toll station",
            "setup_settlement": "place a starting settlement on the road of that toll station",
        }.get(ph, words)
        offer = view["table"]["offer"] or {}
        if ph == "respond" and offer.get("answers", [])[seat] == "countering":
            words = "make your counter-offer: what you give (one card at a time), then what you ask for"
    out = Text()
    if mine:
        out.append("Your decision: ", style="bold green")
    else:
        out.append("Now: ", style="bold")
    out.append(words)
    return out


def render(view: dict[str, Any], seat: int | None, names: list[str], lang: str = "en") -> RenderableType:
    """The board from what `seat` may see (None: a spectator)."""
    table = view["table"]
    board = table["map"]
    parts: list[RenderableType] = []

    # -- headline: year, whose turn, the event card, what is asked now ------------------------------
    head = Text()
    head.append(f"Year {table['year']}", style="bold")
    head.append("   Turn: ")
    head.append_text(_who(table["active"], names))
    head.append(f"   Event card: {_card(table['last_card'])}")
    head.append("\n")
    head.append_text(_now(view, seat, names))
    head.append("\n")
    head.append(f"Robber knight: {table['robber'] or 'at the Raubritterburg'}   Event deck: {table['deck_left']} cards   "
                "Bank: " + ", ".join(f"{v} {k}" for k, v in table["supply"].items()), style="dim")
    parts.append(Panel(head, expand=False, box=box.ROUNDED))

    # -- players ----------------------------------------------------------------------------------
    players = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False, show_edge=False)
    players.add_column("#", justify="right")
    players.add_column("player", max_width=30)
    players.add_column("hand", max_width=34)
    players.add_column("gold", justify="right")
    players.add_column("prest.", justify="right")
    players.add_column("VP", justify="right")
    players.add_column("council")
    players.add_column("left s/w/t")
    for p, info in enumerate(view["seats"]):
        hand = info["hand"]
        if hand is not None:
            shown = Text(f"{_cards(hand)} ({info['cards']} cards)", style="bold")
        else:
            shown = Text(f"{info['cards']} card{'' if info['cards'] == 1 else 's'}", style="dim")
        if info["discards_owed"]:
            shown.append(f"; must discard {info['discards_owed']}", style="bold red")
        left = info["pieces_left"]
        name = _who(p, names)
        if p == table["active"]:
            name.append(" ◀ turn", style="bold")
        council = words(council_name(info["council"])) if info["council"] else "–"
        players.add_row(_mark(p, ""), name, shown, str(info["gold"]), str(info["prestige"]),
                        str(info["victory_points"]), council,
                        f"{left['settlements']}/{left['workshops']}/{left['tolls']}")
    parts.append(players)

    # -- roads as strips from the city gate ---------------------------------------------------------
    goods = board["goods"]
    city_toll = {g["city"]: g["toll"] for g in goods}
    dest = {"I": "Frankfurt", "II": "Prague", "III": "Venice"}
    roads = Text()
    roads.append("Roads from the city gate outward", style="bold")
    roads.append(" (3: free intersection, ⌂n: settlement of player n, ──: free segment, ▮n: toll station)\n",
                 style="dim")
    for name, road in table["roads"].items():
        city = dest.get(name)
        label = f"{name:<4}" + (f"→ {city} (toll {city_toll.get(city, '?')})" if city else "→ forest")
        roads.append(f"{label:<25}")
        roads.append("right of way ")
        holder = road["right_of_way"]
        roads.append_text(_mark(holder, "") if holder is not None else Text("–", style="dim"))
        roads.append("  gate ")
        inters, tolls = road["settlements"], road["tolls"]
        for i, o in enumerate(inters):
            if o is not None:
                roads.append_text(_mark(o, "⌂"))
            else:
                roads.append(f"{i + 1:>2}", style="dim" if i else "dim italic")
            if i < len(tolls):
                roads.append(" ")
                roads.append_text(_mark(tolls[i], "▮") if tolls[i] is not None else Text("──", style="dim"))
                roads.append(" ")
        if city:
            roads.append(f" ┄ {city}", style="dim")
        roads.append("\n")
    roads.rstrip()
    parts.append(roads)

    # -- the city ------------------------------------------------------------------------------------
    town = Text()
    town.append("Nuremberg, red intersections (a workshop doubles the goods beside it; ", style="bold")
    town.append("■n", style="bold")
    town.append(" = workshop of player n):\n", style="bold")
    cells = []
    for j, red in enumerate(board["red_intersections"]):
        cell = Text(f"{j + 1:>2} {_red_label(red)} ")
        o = table["workshops"][j]
        cell.append_text(_mark(o, "■") if o is not None else Text("–", style="dim"))
        cells.append(cell)
    for r in range(0, len(cells), 4):
        line = Text()
        for cell in cells[r: r + 4]:
            pad = 29 - len(cell.plain)
            line.append_text(cell)
            line.append(" " * max(1, pad))
        line.rstrip()
        town.append_text(line)
        town.append("\n")
    walls = table["walls"]
    town.append(f"Wall {len(walls)}/{board['wall_pieces']}: ", style="bold")
    for o in walls:
        town.append_text(_mark(o, ""))
        town.append(" ")
    if not walls:
        town.append("no piece yet ", style="dim")
    town.append("  Towers (triangle after piece): ", style="bold")
    for i, o in enumerate(table["towers"]):
        town.append(f"{board['triangles_after'][i]}:")
        town.append_text(_mark(o, "▲") if o is not None else Text("·", style="dim"))
        town.append(" ")
    town.append("\nCouncil: ", style="bold")
    for key, holder in table["council"].items():
        if holder == "removed":
            continue
        town.append(f"{words(council_name(key))} ")
        town.append_text(_who(holder if isinstance(holder, int) else None, names))
        town.append("   ")
    if "removed" in table["council"].values():
        town.append("(Kleiner Rat not used with 3 players)", style="dim")
    town.append("\nGoods (make and sell at once): ", style="bold")
    for i, g in enumerate(goods):
        recipe = "+".join(f"{c} {r}" if c > 1 else r for r, c in g["recipe"].items())
        item = f"{words(good_name(g['key']))} {recipe} → {g['city']} {g['price']} gold"
        town.append(item + ("; " if i < len(goods) - 1 else ""))
        if i == 1 or i == 3:
            town.append("\n  ")
    parts.append(town)

    # -- the trade offer under negotiation -------------------------------------------------------------
    offer = table["offer"]
    if offer:
        active = table["active"]
        lines = Text()
        you = seat == active
        lines.append_text(Text("You", style=f"bold {COLORS[active % 4]}") if you else _who(active, names))
        lines.append(" give " if you else " gives ")
        lines.append(_cards(offer["give"]) if any(offer["give"].values()) else "(not chosen yet)", style="bold")
        lines.append(" and ask for " if you else " and asks for ")
        lines.append(_cards(offer["want"]) if any(offer["want"].values()) else "(not chosen yet)", style="bold")
        if view["phase"] in ("respond", "close"):
            lines.append(" — offered to ")
            lines.append("everyone" if offer["to"] is None else _name(offer["to"], names))
        for p, r in enumerate(offer["answers"]):
            if r == "none":
                continue
            lines.append("\n  ")
            lines.append_text(_who(p, names))
            c = offer["counters"][p]
            if r == "pending":
                lines.append(": you have not answered yet" if p == seat else ": has not answered yet", style="dim")
            elif r == "accept":
                lines.append(": accepts", style="bold green")
            elif r == "decline":
                lines.append(": declines", style="red")
            elif r == "countering":
                lines.append(f": is making a counter-offer (gives {_cards(c['give'])}, asks {_cards(c['want'])})")
            else:
                lines.append(f": counter-offer: gives {_cards(c['give'])} and asks for {_cards(c['want'])}",
                             style="bold yellow")
        parts.append(Panel(lines, title="Trade offer", expand=False, width=min(WIDTH, 118)))
    if view["result"]:
        parts.append(_result(view["result"], table["ending"], names, seat))
    return Group(*parts)


def _card(card: dict[str, Any] | None) -> str:
    """The event card drawn last, in words."""
    if card is None:
        return "–"
    kind = CARD_KINDS.index((card["number"] or 0, EVENTS.index(card["event"]),
                             ROAD_NAMES.index(card["road"]) if card["road"] else -1))
    return words(card_words(kind))


def _red_label(red: dict[str, Any]) -> str:
    """What a red intersection touches: its goods, its trade mark, the Bauhof."""
    parts = [words(good_name(g)) for g in red["goods"]]
    if red["trade"] == "3:1":
        parts.append("3:1 bank")
    elif red["trade"] is not None:
        parts.append(f"bank 2:1 {words(resource_name(RESOURCES.index(red['trade'])))}")
    if red["bauhof"]:
        parts.append("Bauhof")
    return ", ".join(parts)


def _result(res: dict[str, Any], ending: dict[str, Any], names: list[str], seat: int | None) -> Text:
    """Who won and why (7.), to the reader (`seat`)."""
    out = Text(style="bold green")
    win = res["winners"]
    scores = res["scores"]
    both = " and ".join(_name(p, names) for p in win)
    if ending["reason"] == "thirteen":
        if win == [seat]:
            out.append("You reached 13 victory points during your own turn and win (7a).")
        else:
            out.append(f"{both} reached 13 victory points during their own turn and wins (7a).")
        return out
    out.append("The time stone reached 1400: the game ends at once (7b). ")
    tied = ending["tied_on_most"]
    if not tied:
        out.append(f"{both} wins with the most victory points ({scores[win[0]]}).")
        return out
    who = ", ".join(_name(p, names) for p in tied)
    out.append(f"{who} tie on {scores[tied[0]]} victory points; ")
    held = ending["councils"]
    if len(win) == 1:
        out.append(f"{both} holds the higher council card ({words(council_name(held[win[0]]))}) and wins.")
    else:
        out.append(f"none of them holds a council card: {both} share the win.")
    return out
