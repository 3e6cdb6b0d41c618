"""Colonia in a terminal, drawn with Rich from a view: every word from the catalog (ids
`colonia.terminal.*`, English in the game's i18n/en.po), rendered by the `words` the
caller hands in (core.messages.Say: the reader's language and table).

Two frontends, both `(view, seat, names, words)`:

- `render` ("terminal"): the board, at most 120 columns and 30 lines with six families.
  From the top, what matters now: the week, the day and the mayor; what is asked and of
  whom; what is behind the reader's screen; the week card and the week's ordinances
  (one line each, with the vote's result); the panel of the day in full (Monday to
  Wednesday the market, Thursday the craftsmen, Friday and Saturday the port, Sunday the
  relics); the families in turn order (card, votes, cards left, members at home and on
  each street field, the materials the table saw them take, shrines); the other panels
  folded into one line.
- `render_city` ("terminal_city"): the whole city, paged by the play loop: every panel
  in full, the ordinances' whole text and every ballot, where every member of every
  family stands and when the street fields come home, the shrines and windows, the
  screens the reader may see.

Seats are marked by their number on their colour (the rulebook's yellow, blue, green,
red, orange, violet); the families table names them."""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.constrain import Constrain
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ...core.messages import Message, Player, Say
from .present import (
    city_name, count_of, craftsman_name, currency_name, day_name, good_name, material_name, ordinance_words,
    phase_name, series, street_home_words,
)

WIDTH = 120
HEIGHT = 30                 # lines of the board (render) with six families
ROMAN = ("I", "II", "III", "IV")
STREETS = ("tuesday", "wednesday", "thursday", "friday")
SEAT_MARK = ("bold black on yellow", "bold bright_white on blue", "bold black on green3", "bold bright_white on red3",
             "bold black on dark_orange", "bold bright_white on purple")
DIM = "dim"
# the panel of each day: the market is filled on Monday and bought on Wednesday, the
# contracts are Thursday's, the ships are loaded on Friday and sail on Saturday
DAY_PANEL = {"monday": "market", "tuesday": "market", "wednesday": "market", "thursday": "craftsmen",
             "friday": "port", "saturday": "port", "sunday": "relics"}
PANELS = ("market", "craftsmen", "port", "relics")
_SUFFIX = re.compile(r"\s+\([^()]*\)$")
_NAME_WIDTH = 12


# ======================================================================================
# Words
# ======================================================================================
class _Say:
    """The catalog in one language for one reader: called with a key, it renders
    `colonia.terminal.<key>`; `say.msg(message)` any message; component names by index."""

    def __init__(self, words: Say, names: Sequence[str], seat: int | None, components: dict[str, Any]) -> None:
        self.names = [_SUFFIX.sub("", n) or n for n in names]
        self.r = words
        self.seat = seat
        self.comp = components

    def __call__(self, key: str, **args: Any) -> str:
        return self.r(Message(f"colonia.terminal.{key}", **args))

    def msg(self, value: Any) -> str:
        return self.r(value)

    def name(self, p: int) -> str:
        """A seat's name at this table, as the board's tables list it ("You" for the reader)."""
        if 0 <= p < len(self.names):
            return self.names[p]
        return self.r(Message("core.player", number=p + 1))

    # component names and amounts, by index into the view's components
    def material(self, m: int) -> Any:
        return material_name(self.comp["materials"][m])

    def good(self, g: int) -> Any:
        return good_name(self.comp["goods"][g])

    def craftsman(self, c: int) -> Any:
        return craftsman_name(self.comp["craftsmen"][c])

    def city(self, c: int) -> Any:
        return city_name(self.comp["cities"][c])

    def currency(self, c: int) -> Any:
        return currency_name(self.comp["currencies"][c])

    def money(self, c: int, amount: int) -> Any:
        return count_of("currency", self.comp["currencies"][c], amount)

    def counts(self, kind: str, counts: Sequence[int]) -> Any:
        """ "2 leather, 1 fur" ("nothing" when all are 0)."""
        keys = self.comp["materials" if kind == "material" else "goods"]
        items = [count_of(kind, keys[i], k) for i, k in enumerate(counts) if k]
        return series(items) if items else Message("colonia.terminal.nothing")


def _mark(p: int | None) -> Text:
    """A seat's number on its colour."""
    if p is None or p < 0:
        return Text("–", style=DIM)
    return Text(f"{p + 1}", style=SEAT_MARK[p % len(SEAT_MARK)])


def _who(p: int, say: _Say, width: int = _NAME_WIDTH) -> Text:
    """A seat's mark and name."""
    out = _mark(p)
    name = say.name(p)
    out.append(" " + (name if len(name) <= width else name[:width - 1] + "…"))
    return out


def _ordinance(o: dict[str, Any], comp: dict[str, Any]) -> Message:
    craftsman = comp["craftsmen"][o["craftsman"]] if o["craftsman"] is not None else None
    return ordinance_words(o["effect"], o["amount"], craftsman, o["street"])


def _grid(padding: tuple[int, int] = (0, 1)) -> Table:
    return Table.grid(padding=padding)


# ======================================================================================
# The board ("terminal")
# ======================================================================================
def render(view: dict[str, Any], seat: int | None, names: Sequence[str], words: Say) -> RenderableType:
    """The board from what `seat` may see (None: a spectator), in `words`: what matters
    now on top, at most 120 columns and 30 lines."""
    table = view["table"]
    say = _Say(words, names, seat, table["components"])
    parts: list[RenderableType] = [_head(view, say), _now(view, seat, say)]
    if view["result"]:
        parts.append(_result(view, say))
    screen = _screen(view, seat, say)
    if screen is not None:
        parts.append(screen)
    parts.append(_week(view, say))
    if table["ordinances"]:
        parts.append(_Fit(lambda width: _ordinances(view, say, width=width)))
    panel = DAY_PANEL[table["day"]]
    parts.append(PANEL_DRAW[panel](view, say, False))
    parts.append(_Families(view, seat, say))
    parts.append(_also(view, say, panel))
    return Constrain(Group(*parts), WIDTH)


class _Fit:
    """A part drawn for the width it is given (at most WIDTH): in a narrower terminal the
    ordinances' words are cut sooner, not the vote's result beside them."""

    def __init__(self, draw: Callable[[int], RenderableType]) -> None:
        self.draw = draw

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.draw(min(options.max_width, WIDTH))


def _head(view: dict[str, Any], say: _Say) -> Text:
    """Week, day and what the day is about; the mayor."""
    table = view["table"]
    out = Text()
    out.append(say("head", week=table["week"], weeks=table["weeks"], day=day_name(table["day"]),
                   phase=phase_name(view["phase"])), style="bold")
    if table["mayor"] is not None:
        out.append("   " + say("mayor") + " ")
        out.append_text(_who(table["mayor"], say))
    return out


_ASKED = ("family_cards", "vote", "choose_good", "shrine", "recall", "exchange", "exchange_amount", "draw_materials")


def _now(view: dict[str, Any], seat: int | None, say: _Say) -> Text:
    """What the game waits for, from the reader's side: "Your decision: ..." or "Now: ..."."""
    table = view["table"]
    decision = table["decision"]
    to_act = [p for p in view["to_act"] if p is not None and p >= 0]
    out = Text()
    if view["over"]:
        out.append(say("now.over"), style="bold")
        return out
    key = view["phase"] if decision == "turn" else decision if decision in _ASKED else "chance"
    args: dict[str, Any] = {}
    if key == "vote":
        pending = [o for o in table["ordinances"] if o["result"] == "pending"]
        args["ordinance"] = _ordinance(pending[0], table["components"]) if pending else ""
    elif key == "shrine" and table["shrine_choice"]:
        args["city"] = say.city(table["shrine_choice"]["city"])
    elif key == "recall" and table["recall"]:
        args.update(count=table["recall"]["up_to"], street=day_name(table["recall"]["street"]))
    elif key in ("exchange", "exchange_amount"):
        args["most"] = table["exchange_limit"] or 0
        if table["exchange"]:
            args.update(give=say.currency(table["exchange"]["give"]), take=say.currency(table["exchange"]["take"]))
    elif key == "draw_materials":
        args["materials"] = Message("colonia.count.material", count=table["draw"] or 0)
    if seat is not None and seat in to_act:
        if key == "vote":
            args["votes"] = view["seats"][seat]["votes"]
        out.append(say("yours"), style="bold green")
        out.append(say(f"ask.{key}", **args), style="bold")
    else:
        out.append(say("now"), style="bold")
        actor = Player(to_act[0]) if to_act else Player(-1)
        out.append(say(f"now.{key}", player=actor, players=[Player(p) for p in to_act], **args))
    if key == "family_cards" and table["fewer_members"]:
        out.append(" " + say("fewer_now", count=table["fewer_members"]), style="yellow")
    return out


def _result(view: dict[str, Any], say: _Say) -> Text:
    res = view["result"]
    order = sorted(range(len(res["scores"])), key=lambda p: (res["ranks"][p], p))
    out = Text(say("result"), style="bold green")
    for i, p in enumerate(order):
        out.append("  " if i == 0 else " · ")
        out.append_text(_who(p, say))
        out.append(" " + say("result.item", rank=res["ranks"][p], points=Message(
            "colonia.count.point", count=res["scores"][p])))
    return out


def _screen(view: dict[str, Any], seat: int | None, say: _Say) -> Text | None:
    """What is behind the reader's screen: money and relics, then materials and goods."""
    if seat is None:
        return None
    me = view["seats"][seat]
    if me["money"] is None:
        return None
    out = Text()
    out.append(say("screen"), style="bold")
    out.append(" " + _screen_words(me, say))
    return out


def _screen_words(info: dict[str, Any], say: _Say) -> str:
    money = series([say.money(c, v) for c, v in enumerate(info["money"])])
    return say("screen.line", money=money, materials=say.counts("material", info["materials"]),
               goods=say.counts("good", info["goods"]), relics=_relic_list(info["relics"], say))


def _relic_list(relics: Sequence[dict[str, Any]], say: _Say) -> Any:
    """Relics by city, their points added up: "Bergen 1, Brügge 1+4"."""
    by_city: dict[int, list[str]] = {}
    for r in relics:
        if r["kind"] == "relic":
            by_city.setdefault(r["city"], []).append(str(r["points"]))
    if not by_city:
        return Message("colonia.terminal.nothing")
    return series([Message("colonia.terminal.relic_short", city=say.city(c), points="+".join(by_city[c]))
                   for c in sorted(by_city)])


def _week(view: dict[str, Any], say: _Say) -> Text:
    """The week card: extra-contract dice, ships sailing; the fewer-members ordinance."""
    table = view["table"]
    wc = table["week_card"]
    out = Text()
    if not wc:
        out.append(say("week_card.none"), style=DIM)
    else:
        out.append(say("week_card", card=wc["card"] + 1), style="bold")
        out.append(" " + say("week_card.line", dice=wc["dice"], count=table["ships_sailing"],
                             places=list(ROMAN[:table["ships_sailing"]])))
    if table["fewer_members_next_week"]:
        out.append("  " + say("fewer_next", count=table["fewer_members_next_week"]), style="yellow")
    return out


def _ordinances(view: dict[str, Any], say: _Say, full: bool = False, width: int = WIDTH) -> Table:
    """The week's three ordinances, voted on their day left to right: one line each (the
    whole text and every ballot on the city page)."""
    table = view["table"]
    voting = table["decision"] == "vote"
    rows: list[tuple[str, str, Text, Text]] = []
    first_pending = True
    for o in table["ordinances"]:
        now = voting and o["result"] == "pending" and first_pending
        if o["result"] == "pending":
            first_pending = False
        v = o["vote"]
        if o["result"] == "pending":
            result = Text(say("ord.pending"), style="bold yellow" if now else DIM)
        elif v is None:
            result = Text(say("ord.no_vote"), style="red")
        else:
            key = "ord.passed" if o["result"] == "passed" else "ord.rejected"
            result = Text(say(key, yes=v["yes"], no=v["no"]), style="green" if o["result"] == "passed" else "red")
        words = Text(say.msg(_ordinance(o, table["components"])), style="bold" if now else "")
        if full and v is not None:
            words.append("\n" + _ballots(view, v, say), style=DIM)
        rows.append(("▶" if now else " ", say.msg(day_name(o["day"])), words, result))
    day_w = max(cell_len(r[1]) for r in rows)
    result_w = max(r[3].cell_len for r in rows)
    room = max(8, width - 1 - day_w - result_w - 3)   # the marker, the two narrow columns, the padding
    grid = _grid()
    grid.add_column(no_wrap=True, width=1)
    grid.add_column(no_wrap=True, style="bold", width=day_w)
    grid.add_column(overflow="fold", width=room)
    grid.add_column(no_wrap=True, width=result_w)
    for mark, day, words, result in rows:
        if not full:
            words.truncate(room, overflow="ellipsis")
        grid.add_row(mark, day, words, result)
    return grid


def _ballots(view: dict[str, Any], vote: dict[str, Any], say: _Say) -> str:
    weights = {p["seat"]: p["votes"] for p in view["seats"]}
    sides = []
    for side in ("yes", "no"):
        who = [say("ballot", player=say.name(p), votes=weights.get(p, 0)) for p, b in enumerate(vote["votes"])
               if b == side]
        sides.append(say(f"ballots.{side}", who=", ".join(who) or "–"))
    out = [p for p, b in enumerate(vote["votes"]) if b is None]
    if out:
        sides.append(say("ballots.none", who=", ".join(say.name(p) for p in out)))
    return "; ".join(sides)


# -- the day's panels ------------------------------------------------------------------------
def _market(view: dict[str, Any], say: _Say, full: bool) -> RenderableType:
    """The stalls: their materials, or who took them with how many members."""
    table = view["table"]
    stalls = table["stalls"]
    title = Text(say("market.title", bag=table["bag"]), style="bold")
    if any(st["foreign"] for st in stalls):
        title.append(" " + say("market.foreign"), style=DIM)
    if not stalls:
        title.append("  " + say("market.empty"), style=DIM)
        return title
    cells: list[Text] = []
    for i, st in enumerate(stalls):
        cell = Text(f"{i + 1}{'*' if st['foreign'] else ''}: ", style="bold")
        if st["taken_by"] is not None:
            cell.append_text(_mark(st["taken_by"]))
            cell.append(" " + say("market.taken", player=Player(st["taken_by"]),
                                  members=Message("colonia.count.member", count=st["size"])), style=DIM)
        elif not any(st["materials"]):
            cell.append(say("market.back"), style=DIM)
        else:
            cell.append(say.msg(say.counts("material", st["materials"])))
        cells.append(cell)
    columns = 1 if full else 2 if len(cells) <= 6 else 3
    grid = _grid((0, 2))
    for _ in range(columns):
        grid.add_column(ratio=1, overflow="fold")
    rows = (len(cells) + columns - 1) // columns
    for r in range(rows):
        grid.add_row(*[cells[c * rows + r] if c * rows + r < len(cells) else "" for c in range(columns)])
    return Group(title, grid)


def _fields(c: dict[str, Any], say: _Say, fields: int, full: bool) -> Text:
    """A craftsman's contract fields from the top: an occupied one as its owner's mark and
    members, a free one as ·, the stick as ┃ (the fields above it are served tonight)."""
    stick = c["stick"]
    occupied = c["fields"]
    shown = max(stick, len(occupied)) + (1 if max(stick, len(occupied)) < fields else 0)
    out = Text()
    for i in range(shown):
        if i == stick:
            out.append("┃ ", style="bold yellow")
        if i < len(occupied):
            owner, members = occupied[i]
            if full:
                out.append_text(_who(owner, say, 10))
                out.append(f"×{members} ")
            else:
                out.append_text(_mark(owner))
                out.append(f"×{members} ")
        else:
            out.append("· ", style=DIM)
    if shown == stick:
        out.append("┃", style="bold yellow")
    return out


def _craftsmen(view: dict[str, Any], say: _Say, full: bool) -> RenderableType:
    table = view["table"]
    fields = max([len(c["fields"]) for c in table["craftsmen"]] + [c["stick"] for c in table["craftsmen"]] + [1])
    grid = _grid()
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column(no_wrap=True)
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(ratio=1, overflow="fold")
    for c in table["craftsmen"]:
        recipe = say("recipe", first=say.material(c["materials"][0]), second=say.material(c["materials"][1]),
                     good=say.good(c["good"]))
        grid.add_row(say.msg(say.craftsman(c["craftsman"])), recipe,
                     say("craftsmen.next", members=c["commissioned"] + 1), _fields(c, say, fields + 1, full))
    return Group(Text(say("craftsmen.title"), style="bold"), grid)


def _port(view: dict[str, Any], say: _Say, full: bool) -> RenderableType:
    """The four places: the ship's city and currency, whether it sails on Saturday, its
    holds (goods → pay, who loaded it)."""
    table = view["table"]
    title = Text(say("port.title", deck=table["ship_deck"]), style="bold")
    grid = _grid()
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True, style="bold yellow")
    grid.add_column(ratio=1)
    for i, ship in enumerate(table["port"]):
        if ship is None:
            grid.add_row(ROMAN[i], Text(say("port.empty"), style=DIM), "", "")
            continue
        where = say("port.ship", city=say.city(ship["city"]), currency=say.currency(ship["city"]))
        holds = Text()
        for hold in ship["holds"]:
            goods = say.msg(series([say.good(g) for g in hold["goods"]], "plus"))
            _hold(holds, say("port.hold", goods=goods, value=hold["value"]), hold["loaded_by"], say, full)
        extra = ship["extra_hold"]
        if extra is not None:
            _hold(holds, say("port.extra", value=extra["value"]), extra["loaded_by"], say, full)
        grid.add_row(ROMAN[i], where, say("port.sails") if ship["sails"] else "", holds)
    return Group(title, grid)


def _hold(out: Text, words: str, owner: int | None, say: _Say, full: bool) -> None:
    """A hold after the others: its goods and pay, dimmed with its loader's mark once loaded."""
    if out:
        out.append(" │ ", style=DIM)
    if owner is None:
        out.append(words)
        return
    out.append(words, style=DIM)
    out.append(" ")
    out.append_text(_who(owner, say, 10) if full else _mark(owner))


def _relics(view: dict[str, Any], say: _Say, full: bool) -> RenderableType:
    """The relic display: city, points (a shrine doubles one relic of its city), price in
    the city's currency, who secured it."""
    table = view["table"]
    relics = table["relics"]
    title = Text(say("relics.title", deck=table["relic_deck"], discards=len(table["relic_discards"])), style="bold")
    if not relics:
        title.append("  " + say("relics.none"), style=DIM)
        return title
    cells = []
    for i, r in enumerate(relics):
        cell = Text(f"{i + 1:>2}: ", style="bold")
        if r["kind"] == "shrine":
            cell.append(say("relics.shrine", city=say.city(r["city"])), style="bold")
        else:
            cell.append(say("relics.relic", city=say.city(r["city"]),
                            points=Message("colonia.count.point", count=r["points"])))
        cell.append(", " + say.msg(say.money(r["city"], r["price"])))
        if r["secured_by"] is not None:
            cell.append(" ")
            cell.append_text(_who(r["secured_by"], say, 10) if full else _mark(r["secured_by"]))
        cells.append(cell)
    columns = 1 if full else 2 if len(cells) <= 10 else 3
    rows = (len(cells) + columns - 1) // columns
    grid = _grid((0, 2))
    for _ in range(columns):
        grid.add_column(ratio=1, overflow="fold")
    for r in range(rows):
        grid.add_row(*[cells[c * rows + r] if c * rows + r < len(cells) else "" for c in range(columns)])
    return Group(title, grid)


PANEL_DRAW = {"market": _market, "craftsmen": _craftsmen, "port": _port, "relics": _relics}


# -- the families ----------------------------------------------------------------------------
def _families(view: dict[str, Any], seat: int | None, say: _Say, part: str = "all") -> Table:
    """One row per family, in turn order: its card and votes, the cards it has left, its
    members at home and on each street field, those elsewhere on the board, the materials
    the table saw it take and those it drew unseen, its shrines and windows. `part`: "all";
    "members" (up to those elsewhere) or "materials" (the family, then the rest), the two
    tables a terminal too narrow for one gets; "measure": all but the shrines."""
    table = view["table"]
    columns = _family_columns(table["components"]["materials"], say)
    members = 6 + len(STREETS)                       # the family up to those elsewhere
    keep = {"all": range(len(columns)), "members": range(members), "measure": range(len(columns) - 1),
            "materials": [0, *range(members, len(columns))]}[part]
    grid = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold", show_edge=False)
    for i in keep:
        header, options = columns[i]
        grid.add_column(header, **options)
    for p in table["order"] or list(range(len(view["seats"]))):
        row = _family_row(view, p, seat, say)
        grid.add_row(*[row[i] for i in keep])
    return grid


def _family_columns(mats: Sequence[Any], say: _Say) -> list[tuple[str, dict[str, Any]]]:
    right = {"justify": "right", "no_wrap": True}
    out: list[tuple[str, dict[str, Any]]] = [
        (say("col.family"), {"no_wrap": True}), (say("col.card"), right), (say("col.votes"), right),
        (say("col.left"), {"no_wrap": True}), (say("col.home"), {**right, "style": "bold"})]
    out += [(say("col.street", day=say(f"day_short.{d}")), right) for d in STREETS]
    out.append((say("col.elsewhere"), right))
    out += [(say.msg(say.material(m)), {**right, "max_width": 8}) for m in range(len(mats))]
    out += [(say("col.unseen"), right), (say("col.shrines"), {"overflow": "fold"})]
    return out


def _family_row(view: dict[str, Any], p: int, seat: int | None, say: _Say) -> list[Any]:
    table = view["table"]
    choosing = table["decision"] == "family_cards"
    info = view["seats"][p]
    name = _who(p, say)
    marks = ""
    if p in set(view["to_act"]) and not view["over"]:
        marks = " ▶"
    elif info["passed"] or info["voted"]:
        marks = " ✓"
    name.append(marks, style="bold")
    name.stylize("bold" if p == seat else "")
    if info["card"] is None:
        card = Text(say("card.chosen") if info["chosen"] else "–", style=DIM)
    elif choosing:
        card = Text(f"({info['card']})", style=DIM)  # the reader's own, not yet revealed
    elif info["card_face_down"]:
        card = Text(say("card.zero", value=info["card"]), style="red")
    else:
        card = Text(str(info["card"]))
    votes = str(info["votes"]) if info["card"] is not None and not choosing else "–"
    m = info["members"]
    elsewhere = m["total"] - m["home"] - sum(m["street"].values())
    row: list[Any] = [name, card, votes, " ".join(map(str, info["family_cards_left"])) or "–", str(info["home"])]
    row += [str(info["street"][d]) if info["street"][d] else Text("·", style=DIM) for d in STREETS]
    row.append(str(elsewhere) if elsewhere else Text("·", style=DIM))
    row += [str(k) if k else Text("·", style=DIM) for k in info["materials_seen"]]
    row.append(str(info["materials_blind"]) if info["materials_blind"] else Text("·", style=DIM))
    row.append(_shrines(info, say, False))
    return row


class _Families:
    """The families' table where it fits the width (its shrines may wrap); in a narrower
    terminal two tables, the members and the materials, rather than cut cells ('Kar…')."""

    def __init__(self, view: dict[str, Any], seat: int | None, say: _Say) -> None:
        self.view, self.seat, self.say = view, seat, say

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        least = _families(self.view, self.seat, self.say, "measure")
        if Measurement.get(console, options.update_width(10_000), least).maximum + 10 <= options.max_width:
            yield _families(self.view, self.seat, self.say)
            return
        yield _families(self.view, self.seat, self.say, "members")
        yield _families(self.view, self.seat, self.say, "materials")


def _shrines(info: dict[str, Any], say: _Say, full: bool) -> Text:
    out = Text()
    for sh in info["shrines"]:
        if out:
            out.append(", ")
        if sh["relic"] is not None:
            out.append(say("shrine.full", city=say.city(sh["city"]), points=sh["relic"]["points"]))
        else:
            out.append(say("shrine.empty", city=say.city(sh["city"])), style=DIM)
    if info["windows"]:
        if out:
            out.append(", ")
        out.append(say("windows", cities=series([say.city(c) for c in info["windows"]])), style="bold")
    return out if out else Text("·", style=DIM)


def _also(view: dict[str, Any], say: _Say, shown: str) -> Text:
    """The panels not shown, one phrase each."""
    table = view["table"]
    phrases = []
    for panel in PANELS:
        if panel == shown:
            continue
        if panel == "market":
            stalls = table["stalls"]
            left = sum(1 for st in stalls if st["taken_by"] is None and any(st["materials"]))
            phrases.append(say("also.market", left=left, count=len(stalls), bag=table["bag"]))
        elif panel == "craftsmen":
            above = sum(min(c["stick"], len(c["fields"])) for c in table["craftsmen"])
            waiting = sum(max(0, len(c["fields"]) - c["stick"]) for c in table["craftsmen"])
            phrases.append(say("also.craftsmen", above=above, waiting=waiting))
        elif panel == "port":
            ships = [s for s in table["port"] if s is not None]
            loaded = sum(1 for s in ships for h in s["holds"] if h["loaded_by"] is not None)
            holds = sum(len(s["holds"]) for s in ships)
            sailing = [ROMAN[i] for i, s in enumerate(table["port"]) if s is not None and s["sails"]]
            phrases.append(say("also.port", loaded=loaded, holds=holds, places=sailing, count=len(sailing)))
        else:
            relics = table["relics"]
            phrases.append(say("also.relics", count=len(relics),
                               secured=sum(1 for r in relics if r["secured_by"] is not None)))
    return Text(" · ".join(phrases), style=DIM)


# ======================================================================================
# The whole city ("terminal_city")
# ======================================================================================
def render_city(view: dict[str, Any], seat: int | None, names: Sequence[str], words: Say) -> RenderableType:
    """Everything on the table in full, for the play loop's pager: the ordinances with
    every ballot, the market, the craftsmen with every contract, the port, the relics,
    where every member stands and when the street fields come home, the shrines and
    windows, the screens the reader may see."""
    table = view["table"]
    say = _Say(words, names, seat, table["components"])
    parts: list[RenderableType] = [_head(view, say), _week(view, say)]
    if table["ordinances"]:
        parts.append(Text(say("ord.title"), style="bold"))
        parts.append(_Fit(lambda width: _ordinances(view, say, full=True, width=width)))   # day, result whole
    for panel in PANELS:
        parts.append(Text(""))
        parts.append(PANEL_DRAW[panel](view, say, True))
    parts.append(Text(""))
    parts.append(_members(view, seat, say))
    parts.append(Text(""))
    parts.append(_holdings(view, seat, say))
    return Constrain(Group(*parts), WIDTH)


MEMBER_PLACES = ("home", "town_hall", "today", "served", "waiting", "ships", "secured")
_MEMBER_KEYS = {"served": "contracts_above_stick", "waiting": "contracts_below_stick", "secured": "secured_relics"}


def _members(view: dict[str, Any], seat: int | None, say: _Say) -> RenderableType:
    """Where every member of every family is now (the columns add up to the members each
    family has), and when each street field comes home."""
    table = view["table"]
    home = table["street_home"]
    when = Text(say("members.when", when=series(
        [Message("colonia.terminal.members.street_when", day=day_name(d), when=street_home_words(d, home[d]))
         for d in STREETS], "semicolon")), style=DIM)
    return Group(Text(say("members.title", count=table["members_per_player"]), style="bold"),
                 _MembersFit(view, say), when, Text(say("members.note"), style=DIM))


class _MembersFit:
    """The members' table where it fits the width; in a narrower terminal two tables, the
    places and the street fields, rather than headers cut to 'Ratha…' (found at 80 columns)."""

    def __init__(self, view: dict[str, Any], say: _Say) -> None:
        self.view, self.say = view, say

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        whole = _member_grid(self.view, self.say, MEMBER_PLACES, STREETS)
        if Measurement.get(console, options.update_width(10_000), whole).maximum <= options.max_width:
            yield whole
            return
        yield _member_grid(self.view, self.say, MEMBER_PLACES, (), total=False)   # the total once, below
        yield _member_grid(self.view, self.say, (), STREETS)


def _member_grid(view: dict[str, Any], say: _Say, places: Sequence[str], streets: Sequence[Any],
                 total: bool = True) -> Table:
    grid = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold", show_edge=False)
    grid.add_column(say("col.player"), no_wrap=True)
    for key in places:   # a header wraps between its words, never inside one ("aujourd'h…")
        head = say(f"members.{key}")
        grid.add_column(head, justify="right", min_width=max(cell_len(w) for w in head.split()))
    for d in streets:
        grid.add_column(say("col.street", day=say(f"day_short.{d}")), justify="right", no_wrap=True)
    if total:
        grid.add_column(say("members.total"), justify="right")
    for info in view["seats"]:
        m = info["members"]
        row: list[Any] = [_who(info["seat"], say)]
        row += [str(m[_MEMBER_KEYS.get(k, k)]) for k in places]
        row += [str(m["street"][d]) for d in streets]
        row += [str(m["total"])] if total else []
        grid.add_row(*row)
    return grid


def _holdings(view: dict[str, Any], seat: int | None, say: _Say) -> RenderableType:
    """Each family's shrines and windows, and the screens the reader may see (its own; all
    of them once the game is over)."""
    table = view["table"]
    grid = Table(box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold", show_edge=False)
    grid.add_column(say("col.player"), no_wrap=True)
    grid.add_column(say("col.shrines"), overflow="fold")
    grid.add_column(say("col.screen"), overflow="fold", ratio=1)
    for info in view["seats"]:
        if info["money"] is not None:
            screen = _screen_words(info, say)
        else:
            screen = say("screen.hidden", count=info["materials_blind"])
        grid.add_row(_who(info["seat"], say), _shrines(info, say, True), Text(screen))
    supply = series([count_of("good", table["components"]["goods"][g], k)
                     for g, k in enumerate(table["goods_supply"])])
    return Group(grid, Text(say("supply", goods=supply), style=DIM))
