"""Colonia in a terminal: the board of one view drawn with Rich (only this module
imports Rich), at most 120 columns wide. It reads the view (the common envelope with
Colonia's body, schema.py) and names things with the message helpers of present.py,
rendered in English; the sentences of the board itself are still written here.

From the top: the day and what is asked now; the week card and the ordinances; the
market and the craftsmen; the port and the relics; the families (what the table can
see); the screens the viewer may see (its own, or all at the end)."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...i18n import render as say
from .present import (
    city_name, craftsman_name, currency_name, day_name, good_name, material_name, ordinance_words,
    street_home_words,
)

WIDTH = 120
ROMAN = ("I", "II", "III", "IV")
SHORT = {"Pfund Sterling": "Pfund"}
STREETS = ("tuesday", "wednesday", "thursday", "friday")

ASK = {
    "market": "Market: take all the materials of one stall, putting as many members from home on it; "
              "or pass (no more buying this week).",
    "contracts": "Craftsmen: commission one contract: return the craftsman's two materials to the bag and put "
                 "members on his next free field (his 1st contract this week costs 1 member, the 2nd 2, ...); "
                 "or pass for the week. Fields above the stick are served tonight, with the extra-contract dice "
                 "moving sticks down first.",
    "loading": "Port: load one free hold: hand in exactly its goods and put 1 member on it; or pass for the week.",
    "relic_buying": "Relics: buy one displayed card, paid in its city's currency; or pass for the week.",
    "relic_securing": "Secure a displayed relic with 1 member from home (it stays for next week); or pass.",
}


class Names:
    """The component names of one view, in English (present's message helpers)."""

    def __init__(self, table: dict[str, Any]) -> None:
        comp = table["components"]
        self.materials = [say(material_name(k)) for k in comp["materials"]]
        self.goods = [say(good_name(k)) for k in comp["goods"]]
        self.craftsmen = [say(craftsman_name(k)) for k in comp["craftsmen"]]
        self.cities = [say(city_name(k)) for k in comp["cities"]]
        self.currencies = [say(currency_name(k)) for k in comp["currencies"]]

    def currency(self, c: int, short: bool = False) -> str:
        name = self.currencies[c]
        return SHORT.get(name, name) if short else name


def _name(names: list[str], seat: Any) -> str:
    if seat is None or seat < 0:
        return "-"
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def _counts(counts: list[int] | None, labels: list[str]) -> str:
    if counts is None:
        return "hidden"
    parts = [f"{v} {label}" for v, label in zip(counts, labels) if v]
    return ", ".join(parts) or "none"


def _ordinance(o: dict[str, Any], comp: dict[str, Any]) -> str:
    craftsman = comp["craftsmen"][o["craftsman"]] if o["craftsman"] is not None else None
    return say(ordinance_words(o["effect"], o["amount"], craftsman, o["street"]))


def _asked(view: dict[str, Any], seat: int | None, names: list[str]) -> str:
    """One line: what the game waits for now, and from whom."""
    table = view["table"]
    decision = table["decision"]
    to_act = view["to_act"]
    who = ", ".join(_short(names, s) for s in to_act if s is not None and s >= 0)
    you = seat is not None and seat in to_act
    if view["over"]:
        return "The game is over."
    if decision == "family_cards":
        text = ("Everyone secretly picks a family card (3-8, each once per game): that many members go to the "
                "town hall; the card gives as many votes and the turn order (highest = mayor, plays first).")
        if table["fewer_members"]:
            text += f" This week every family sends {table['fewer_members']} member fewer."
    elif decision == "vote":
        pending = [o for o in table["ordinances"] if o["result"] == "pending"]
        text = "Secret vote, weighted by town-hall votes, ties go the mayor's way: " + (
            _ordinance(pending[0], table["components"]) if pending else "")
    elif decision == "turn":
        text = ASK.get(view["phase"], "Your turn.")
    elif decision == "shrine":
        b = table["shrine_choice"]
        city = say(city_name(table["components"]["cities"][b["city"]])) if b else "its city"
        text = f"Shrine: put a relic of {city} in the shrine (its points double, for good) or not."
    elif decision == "recall":
        r = table["recall"] or {}
        street = say(day_name(r["street"])) if r else ""
        text = f"Ordinance: bring up to {r.get('up_to')} members home from the {street} street field."
    elif decision in ("exchange", "exchange_amount"):
        text = f"Ordinance: exchange up to {table['exchange_limit']} of one currency into another, 1:1."
    elif decision == "draw_materials":
        text = f"Ordinance: draw {table['draw']} materials from the bag (the others will not see which), or not."
    elif decision == "choose_good":
        text = "A six: choose any one good from the supply."
    else:
        text = "Chance."
    if who:
        text += f"  [waiting for: {'you' if you and len(to_act) == 1 else who}]"
    return text


def _week_line(table: dict[str, Any], words: Names) -> str:
    wc = table["week_card"]
    if not wc:
        return "No week card yet."
    contracts = ", ".join(f"{n} {k}" for n, k in zip(words.craftsmen, wc["contracts"]))
    return (f"Week card {wc['card'] + 1}: ordinary contracts {contracts}; {wc['dice']} extra-contract dice on "
            f"Thursday; {table['ships_sailing']} ship(s) sail on Saturday.")


def _fields(c: dict[str, Any], names: list[str]) -> tuple[str, str]:
    stick = c["stick"]
    served = [f"{_short(names, o)}x{k}" for o, k in c["fields"][:stick]]
    waiting = [f"{_short(names, o)}x{k}" for o, k in c["fields"][stick:]]
    return ", ".join(served) or "-", ", ".join(waiting) or "-"


def _short(names: list[str], seat: Any) -> str:
    """A seat's name without the kind of player ("Player 2 (random bot)" -> "Player 2")."""
    name = _name(names, seat)
    if name.endswith(")") and " (" in name:
        name = name[:name.index(" (")]
    return name


def _members_table(view: dict[str, Any], seat: int | None, names: list[str]) -> Table:
    """Where every member of every family is now, and when the street fields come home;
    the columns add up to the members each family has."""
    table_data = view["table"]
    home_when = table_data["street_home"]
    per = table_data["members_per_player"]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), title_justify="left",
                  title=f"Members ({per} per family): where they are now")
    table.add_column("player", no_wrap=True)
    for col in ("home", "town hall", "today", "contracts served/ waiting", "ships", "relics",
                "street Tue", "street Wed", "street Thu", "street Fri", "total"):
        table.add_column(col, justify="right", min_width=max(len(w) for w in col.split()))
    for p in view["seats"]:
        m = p["members"]
        s = p["seat"]
        row: list[RenderableType] = [
            Text(_short(names, s), style="bold" if s == seat else ""), str(m["home"]), str(m["town_hall"]),
            str(m["today"]), f"{m['contracts_above_stick']}/{m['contracts_below_stick']}", str(m["ships"]),
            str(m["secured_relics"]),
        ]
        row += [str(m["street"][d]) for d in STREETS]
        row.append(str(m["total"]))
        table.add_row(*row)
    table.caption = (
        "Only members at home can be used. The street fields come home: "
        + "; ".join(f"{say(day_name(d))[:3]} {say(street_home_words(d, home_when[d]))}" for d in STREETS)
        + ". today: on the stalls (or ships sailed early), onto the day's street field tonight. Contracts: "
        "the served ones (above the stick) go to the Thursday street field on Thursday evening, the waiting "
        "ones stay until served. Ships: aboard until the ship sails on Saturday, then the Friday street field. "
        "Relics: until someone buys the secured relic, then home.")
    table.caption_justify = "left"
    return table


def render(view: dict[str, Any], seat: int | None, names: list[str], lang: str = "en") -> RenderableType:
    table = view["table"]
    words = Names(table)
    parts: list[RenderableType] = []
    head = f"Week {table['week']} of {table['weeks']}, {say(day_name(table['day']))}"
    if table["mayor"] is not None:
        head += f".  Mayor: {_short(names, table['mayor'])}.  Turn order: " + " > ".join(
            _short(names, s) for s in table["order"])
    parts.append(Text(head, style="bold"))
    parts.append(Text("Now: " + _asked(view, seat, names), style="yellow"))
    parts.append(Text(_week_line(table, words)))

    ords = Table(box=box.SIMPLE_HEAD, padding=(0, 1), title="Ordinances (voted on their day, left to right)",
                 expand=False, title_justify="left")
    ords.add_column("day")
    ords.add_column("ordinance")
    ords.add_column("result")
    weights = {p["seat"]: p["votes"] for p in view["seats"]}
    for o in table["ordinances"]:
        text, result = _ordinance(o, table["components"]), o["result"]
        v = o["vote"]
        if v is not None:
            sides = []
            for side in ("yes", "no"):
                who = [f"{_short(names, i)} {weights.get(i, 0)}" for i, b in enumerate(v["votes"]) if b == side]
                sides.append(f"{side}: {', '.join(who) or 'nobody'}")
            out = [_short(names, i) for i, b in enumerate(v["votes"]) if b is None]
            if out:
                sides.append(f"no vote (card face down): {', '.join(out)}")
            text += "\n  " + "; ".join(sides)
            result += f" {v['yes']}:{v['no']}"
            if v["yes"] == v["no"] and v["yes"] + v["no"] > 0:
                result += " (mayor)"
        ords.add_row(say(day_name(o["day"])), text, result)
    if table["ordinances"]:
        parts.append(ords)

    market = Table(box=box.SIMPLE_HEAD, padding=(0, 1), title=f"Market (bag: {table['bag']})", title_justify="left")
    market.add_column("stall")
    market.add_column("materials")
    market.add_column("taken by")
    for i, st in enumerate(table["stalls"]):
        label = f"{i + 1}{' foreign' if st['foreign'] else ''}"
        if st["taken_by"] is None:
            text = _counts(st["materials"], words.materials)
            market.add_row(label, "- (back in the bag)" if text == "none" else text, "")
        else:
            market.add_row(label, f"{st['size']} taken", f"{_short(names, st['taken_by'])} ({st['size']} members)")
    crafts = Table(box=box.SIMPLE_HEAD, padding=(0, 1),
                   title="Craftsmen (fields above the stick are served on Thursday evening)", title_justify="left")
    crafts.add_column("craftsman")
    crafts.add_column("needs: makes")
    crafts.add_column("stick", justify="right")
    crafts.add_column("above the stick (owner x members)")
    crafts.add_column("waiting below the stick")
    for c in table["craftsmen"]:
        served, waiting = _fields(c, names)
        needs = " + ".join(words.materials[m] for m in c["materials"])
        crafts.add_row(words.craftsmen[c["craftsman"]], f"{needs}: {words.goods[c['good']]}", str(c["stick"]),
                       served, waiting)

    port = Table(box=box.SIMPLE_HEAD, padding=(0, 1), title=f"Port (ship deck {table['ship_deck']})",
                 title_justify="left")
    port.add_column("place")
    port.add_column("bound for")
    port.add_column("holds: goods = pay  [loaded by]")
    for i, sh in enumerate(table["port"]):
        if sh is None:
            port.add_row(ROMAN[i], "empty", "")
            continue
        holds = []
        for h in sh["holds"]:
            text = f"{'+'.join(words.goods[g] for g in h['goods'])}={h['value']}"
            if h["loaded_by"] is not None:
                text += f" [{_short(names, h['loaded_by'])}]"
            holds.append(text)
        if sh["extra_hold"] is not None:
            lb = sh["extra_hold"]["loaded_by"]
            loaded = f" [{_short(names, lb)}]" if lb is not None else ""
            holds.append(f"any good={sh['extra_hold']['value']}{loaded}")
        place = ROMAN[i] + (" sails" if sh["sails"] else "")
        port.add_row(place, f"{words.cities[sh['city']]} ({words.currency(sh['city'], short=True)})", "; ".join(holds))
    relics = Table(box=box.SIMPLE_HEAD, padding=(0, 1), title=f"Relics (deck {table['relic_deck']})",
                   title_justify="left")
    relics.add_column("#", justify="right")
    relics.add_column("card")
    relics.add_column("price")
    relics.add_column("pts", justify="right")
    relics.add_column("secured by")
    for i, r in enumerate(table["relics"]):
        relics.add_row(str(i + 1), f"{words.cities[r['city']]} {r['kind']}",
                       f"{r['price']} {words.currency(r['city'], short=True)}",
                       str(r["points"]) if r["kind"] == "relic" else "x2",
                       _short(names, r["secured_by"]) if r["secured_by"] is not None else "")
    grid = Table.grid(padding=(0, 3))
    grid.add_row(market, relics)
    parts.append(grid)
    parts.append(crafts)
    parts.append(port)

    fam = Table(box=box.SIMPLE_HEAD, padding=(0, 1), title="Families (what everyone sees)", title_justify="left",
                expand=True)
    for col in ("player", "card", "votes", "cards left"):
        fam.add_column(col)
    fam.add_column("materials: seen + unseen", ratio=2)
    show_shrines = any(p["shrines"] or p["windows"] for p in view["seats"])
    if show_shrines:
        fam.add_column("shrines, windows", ratio=1)
    for p in view["seats"]:
        s = p["seat"]
        if p["card"] is None:
            card = "chosen" if p["chosen"] else "-"
        else:
            card = str(p["card"]) + (" (face down: 0)" if p["card_face_down"] else "")
        seen = _counts(p["materials_seen"], words.materials)
        blind = p["materials_blind"]
        shrines = ", ".join(f"{words.cities[sh['city']]} shrine "
                            + (f"({sh['relic']['points']}x2)" if sh["relic"] else "(empty)") for sh in p["shrines"])
        if p["windows"]:
            shrines = ", ".join(x for x in (shrines, "windows: " + ", ".join(words.cities[c] for c in p["windows"]))
                                if x)
        passed = " (passed)" if p["passed"] else ""
        style = "bold" if s == seat else ""
        row: list[RenderableType] = [
            Text(_short(names, s) + passed, style=style), card, str(p["votes"]),
            " ".join(map(str, p["family_cards_left"])) or "-", f"{seen} + {blind} unseen",
        ]
        if show_shrines:
            row.append(shrines or "-")
        fam.add_row(*row)
    fam.caption = ("seen: taken from stalls (less those spent); unseen: drawn blind from the bag. "
                   "Screens of others: hidden.")
    fam.caption_justify = "left"
    parts.append(fam)
    parts.append(_members_table(view, seat, names))

    screens = [p for p in view["seats"] if p["money"] is not None]
    if screens:
        scr = Table(box=box.SIMPLE_HEAD, padding=(0, 1),
                    title="Your screen" if len(screens) == 1 and screens[0]["seat"] == seat else "Screens",
                    title_justify="left")
        for col in ("player", "money", "materials", "goods", "relics"):
            scr.add_column(col)
        short_currencies = [words.currency(c, short=True) for c in range(len(words.currencies))]
        for p in screens:
            rel = ", ".join(f"{words.cities[r['city']]} {r['points']}" for r in p["relics"]
                            if r["kind"] == "relic") or "none"
            scr.add_row(_short(names, p["seat"]), _counts(p["money"], short_currencies),
                        _counts(p["materials"], words.materials), _counts(p["goods"], words.goods), rel)
        parts.append(scr)
    if view["result"]:
        out = view["result"]
        lines = [f"{_name(names, i)}: {sc} points (rank {rk})"
                 for i, (sc, rk) in enumerate(zip(out["scores"], out["ranks"]))]
        parts.append(Panel("\n".join(lines), title="Final scores"))
    return Panel(Group(*parts), title="Colonia", width=WIDTH)
