"""Colonia in a terminal: the board of one view drawn with Rich (only this module
imports Rich)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

ROMAN = ("I", "II", "III", "IV")


def _name(names: list[str], seat: Any) -> str:
    if seat is None or seat < 0:
        return "-"
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def _counts(d: dict[str, int] | None) -> str:
    if d is None:
        return "hidden"
    parts = [f"{v} {k}" for k, v in d.items() if v]
    return ", ".join(parts) or "none"


def render(view: dict, seat: int | None, names: list[str]) -> RenderableType:
    parts: list[RenderableType] = []
    head = (f"Colonia: week {view['week']} of {view['weeks']}, {view['day'].capitalize()}"
            f" ({view['decision']})")
    if view.get("mayor") is not None:
        head += f"; mayor {_name(names, view['mayor'])}; order " + " > ".join(_name(names, s) for s in view["order"])
    parts.append(Text(head, style="bold"))

    wc = view.get("week_card")
    ords = Table(title="Ordinances", show_header=True, expand=False)
    ords.add_column("day")
    ords.add_column("ordinance")
    ords.add_column("vote")
    for o in view["ordinances"]:
        ords.add_row(o["day"].capitalize(), o["text"], o["result"])
    if view.get("last_vote"):
        lv = view["last_vote"]
        votes = ", ".join(f"{_name(names, i)} {v}" for i, v in enumerate(lv["votes"]) if v)
        ords.caption = f"last vote: {'passed' if lv['passed'] else 'rejected'} ({votes})"
    if wc:
        ords.title = f"Week card {wc['card'] + 1}: {wc['dice']} extra dice, {view['ships_sailing']} ships sail; ordinances"
    parts.append(ords)

    market = Table(title=f"Market (bag: {view['bag']} materials)")
    market.add_column("stall")
    market.add_column("materials")
    market.add_column("taken by")
    for i, st in enumerate(view["stalls"]):
        market.add_row(f"{i + 1}{' (foreign)' if st['foreign'] else ''}", _counts(st["materials"]) if st["taken_by"] is None
                       else f"{st['size']} taken", _name(names, st["taken_by"]))
    crafts = Table(title="Craftsmen")
    crafts.add_column("craftsman")
    crafts.add_column("recipe")
    crafts.add_column("stick")
    crafts.add_column("contract fields (owner x members)")
    for c in view["craftsmen"]:
        fields = " | ".join(f"{_name(names, o)} x{k}" for o, k in c["fields"]) or "-"
        crafts.add_row(c["name"], f"{' + '.join(c['materials'])} -> {c['good']}", str(c["stick"]), fields)
    parts.append(Table.grid(padding=(0, 2)))
    parts[-1].add_row(market, crafts)

    port = Table(title=f"Port (deck {view['ship_deck']})")
    port.add_column("place")
    port.add_column("ship")
    port.add_column("holds")
    for i, sh in enumerate(view["port"]):
        if sh is None:
            port.add_row(ROMAN[i], "empty", "")
            continue
        holds = "; ".join(
            f"{'+'.join(h['goods'])}={h['value']}" + (f" [{_name(names, h['loaded_by'])}]" if h["loaded_by"] is not None else "")
            for h in sh["holds"]
        )
        if "extra_hold" in sh:
            lb = sh["extra_hold"]["loaded_by"]
            holds += "; any good=2" + (f" [{_name(names, lb)}]" if lb is not None else "")
        port.add_row(ROMAN[i] + (" (sails)" if sh["sails"] else ""), f"to {sh['city']} ({sh['currency']})", holds)
    relics = Table(title=f"Relics (deck {view['relic_deck']})")
    relics.add_column("card")
    relics.add_column("price")
    relics.add_column("points")
    relics.add_column("secured by")
    for r in view["relics"]:
        relics.add_row(f"{r['city']} {r['kind']}", f"{r['price']} {r['currency']}", str(r["points"]),
                       _name(names, r["secured_by"]) if r["secured_by"] is not None else "")
    grid = Table.grid(padding=(0, 2))
    grid.add_row(port, relics)
    parts.append(grid)

    fam = Table(title="Families")
    for col in ("player", "home", "street Tu/We/Th/Fr", "card", "votes", "cards left", "money", "materials",
                "goods", "relics / shrines"):
        fam.add_column(col)
    for p in view["players_info"]:
        s = p["seat"]
        street = "/".join(str(v) for v in p["street"].values())
        card = "chosen" if p["chosen"] and p["card"] is None else ("-" if p["card"] is None else str(p["card"]))
        if p["card_face_down"]:
            card += " (face down: 0)"
        relic_txt = "hidden" if p["relics"] is None else ", ".join(
            f"{r['city']} {r['points']}" for r in p["relics"] if r["kind"] == "relic") or "none"
        shrines = ", ".join(f"{sh['city']} shrine" + (f" with {sh['relic']['points']}" if sh["relic"] else " empty")
                            for sh in p["shrines"])
        if shrines:
            relic_txt += f" / {shrines}"
        if p["windows"]:
            relic_txt += " / windows: " + ", ".join(p["windows"])
        style = "bold" if s == seat else ""
        fam.add_row(Text(_name(names, s), style=style), str(p["home"]), street, card, str(p["votes"]),
                    " ".join(map(str, p["family_cards_left"])), _counts(p["money"]), _counts(p["materials"]),
                    _counts(p["goods"]), relic_txt)
    parts.append(fam)
    if view.get("outcome"):
        out = view["outcome"]
        lines = [f"{_name(names, i)}: {sc} points (rank {rk})" for i, (sc, rk) in enumerate(zip(out["scores"], out["ranks"]))]
        parts.append(Panel("\n".join(lines), title="Final scores"))
    return Panel(Group(*parts), title="Colonia")
