"""The terminal of Die Siedler von Nürnberg, drawn with Rich from a view: every word from
the catalog (ids `siedler.terminal.*`, English in the game's i18n/en.po), rendered by the
`words` the caller hands in (core.messages.Say: the reader's language and table).

Two frontends, both `(view, seat, names, words)`:

- `render` ("terminal"): the board, at most 120 columns and 32 lines. On top what matters
  now: the year, whose turn, the event card just drawn, what is asked and of whom, the
  trade offer under way with every answer; then the players (one's own hand in full, the
  others' card counts), the five roads as strips from the city gate outward, the city
  (red intersections, wall, towers, council, goods).
- `render_map` ("terminal_map"): the surroundings of Nuremberg as a hex drawing from the
  map file: every terrain with its name (T1...), kind, resource, harvest number and how
  many of the 36 event cards carry it; the five roads along the hex edges with their
  numbered intersections and segments, settlements and toll stations in the players'
  colours; the robber knight. The names are those of the menus and the SVG board: road
  I-V, segment n and intersection n counted from the city gate, terrain Tn.

And `decline` ("decline"): the move that turns down the trade offer a player is asked to
answer, which the terminal plays without asking once that player has typed `d`.

The view does not carry the terrains, so the map is drawn from the bundled map file;
it refuses (in words) when what the view says of its map (roads, city, goods, wall,
time track) differs from that file's."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from ...core import Action
from ...core.messages import Arg, Message, Player, Say
from .constants import CARD_KINDS, EVENTS, RESOURCES, ROAD_NAMES, TERRAIN_TYPES, TRADABLES
from .data import Components, bundled
from .present import (
    card_words, cards, city_name, council_name, count, good_name, joined, map_view, resource_name, terrain_type_name,
)

WIDTH = 120
HEIGHT = 32                 # lines of the board (render), leaving a 40-line screen room for the moves
SEAT_INK = ("bold bright_white", "bold red", "bold dodger_blue1", "bold dark_orange")
SEAT_MARK = ("bold black on bright_white", "bold bright_white on red3", "bold bright_white on blue3",
             "bold black on dark_orange")
COLOR_KEYS = ("white", "red", "blue", "orange")
TERRAIN_STYLE = {"forest": "bright_white on dark_green", "pasture": "black on chartreuse3",
                 "fields": "black on gold3", "hills": "bright_white on dark_orange3",
                 "mountains": "black on grey62"}
ROAD_STYLE = "bold yellow"
DIM = "dim"


# ======================================================================================
# Words
# ======================================================================================
class _Say:
    """The catalog in one language for one reader: `say("key", ...)` renders
    `siedler.terminal.key`; `say.msg(message)` any message."""

    def __init__(self, say: Say, names: Sequence[str], seat: int | None) -> None:
        self.r = say
        self.names = list(names)
        self.seat = seat

    def __call__(self, key: str, **args: Any) -> str:
        return self.r(Message(f"siedler.terminal.{key}", **args))

    def msg(self, value: Any) -> str:
        return self.r(value)

    def name(self, p: int) -> str:
        """A seat's name at this table (never "you": the table lists everyone)."""
        if 0 <= p < len(self.names):
            return self.names[p]
        return self.r(Message("core.player", number=p + 1))


def _mark(p: int, sign: str) -> Text:
    """A piece of seat p: its sign and the seat's number, in the seat's colour."""
    return Text(f"{sign}{p + 1}", style=SEAT_MARK[p % 4])


def _who(p: int | None, say: _Say) -> Text:
    if p is None or p < 0:
        return Text("–", style=DIM)
    return Text(say.name(p), style=SEAT_INK[p % 4])


def _cards(say: _Say, d: dict[str, int]) -> str:
    """A hand or a side of an offer by tradable key: "2 wood, 1 gold" or "nothing"."""
    return say.msg(cards([d.get(k, 0) for k in TRADABLES]))


def _card(card: dict[str, Any] | None) -> Message | None:
    """The event card drawn last, as a message."""
    if card is None:
        return None
    kind = CARD_KINDS.index((card["number"] or 0, EVENTS.index(card["event"]),
                             ROAD_NAMES.index(card["road"]) if card["road"] else -1))
    return card_words(kind)


# ======================================================================================
# The board ("terminal")
# ======================================================================================
def render(view: dict[str, Any], seat: int | None, names: Sequence[str], words: Say) -> RenderableType:
    """The board from what `seat` may see (None: a spectator), in `words`."""
    say = _Say(words, names, seat)
    parts: list[RenderableType] = [_head(view, seat, say)]
    offer = _offer(view, seat, say)
    if offer is not None:
        parts.append(offer)
    if view["result"]:
        parts.append(_result(view, seat, say))
    parts.append(_players(view, seat, say))
    parts.append(_Fit(lambda width: _roads(view, say, width)))
    parts.append(_Fit(lambda width: _city(view, say, width)))
    return Group(*parts)


class _Fit:
    """A part drawn for the width it is given: the board is drawn for WIDTH columns, and a
    narrower terminal gets shorter labels and fewer cells a line rather than lines that
    wrap in the middle of a road or a cell."""

    def __init__(self, draw: Callable[[int], RenderableType]) -> None:
        self.draw = draw

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.draw(min(options.max_width, WIDTH))


def _head(view: dict[str, Any], seat: int | None, say: _Say) -> Text:
    """Year, turn, event card and robber; what is asked now; the deck and the bank."""
    table = view["table"]
    board = table["map"]
    out = Text()
    out.append(say("year", year=table["year"]), style="bold")
    out.append("   ")
    out.append(say("turn", player=Player(table["active"])))
    card = _card(table["last_card"])
    out.append("   ")
    out.append(say("card", card=card) if card is not None else say("no_card"), style="bold")
    out.append("   ")
    robber = table["robber"]
    out.append(say("robber_on", terrain=robber) if robber else say("robber_home"))
    out.append("\n")
    out.append_text(_now(view, seat, say))
    out.append("\n")
    later = [y for y in board["reshuffle_years"] if y > table["year"]]
    end = board["years"][-1]
    deck = (say("deck", count=table["deck_left"], red=later[0], end=end) if later
            else say("deck_last", count=table["deck_left"], end=end))
    out.append(deck, style=DIM)
    out.append("   " + say.msg(Message("siedler.terminal.bank", cards=_supply(table["supply"]))), style=DIM)
    return out


def _supply(supply: dict[str, int]) -> Arg:
    return joined([count(r, supply[name]) for r, name in enumerate(RESOURCES)])


_ASKS_ACTIVE = ("main", "offer_give", "offer_want", "offer_send", "close", "robber", "steal", "setup_toll",
                "setup_settlement")


def _now(view: dict[str, Any], seat: int | None, say: _Say) -> Text:
    """What the game waits for, from the reader's side: "Your decision: ..." or "Now: ..."."""
    ph, table, to_act = view["phase"], view["table"], view["to_act"]
    active = Player(table["active"])
    waiting = [Player(p) for p in to_act]
    mine = seat is not None and seat in to_act
    out = Text()
    if mine:
        assert seat is not None
        out.append(say("yours"), style="bold green")
        offer = table["offer"] or {}
        if ph == "respond" and offer.get("answers", [])[seat] == "countering":
            out.append(say("ask.counter"))
        elif ph == "discard":
            out.append(say("ask.discard", count=view["seats"][seat]["discards_owed"]))
        elif ph == "council":
            out.append(say("ask.council", players=[Player(p) for p in table["council_candidates"]]))
        elif ph == "respond":
            out.append(say("ask.respond" if _can_accept(view, seat) else "ask.respond_no_accept", player=active))
        elif ph == "main":
            out.append(say("ask.main", offers=table["offers_left"], bank=table["bank_trades_left"]))
        elif ph in _ASKS_ACTIVE or ph == "kostenloser_lehm":
            out.append(say(f"ask.{ph}"))
        else:
            out.append(say("now.chance"))
        return out
    out.append(say("now"), style="bold")
    if ph in _ASKS_ACTIVE:
        out.append(say(f"now.{ph}", player=active))
    elif ph in ("respond", "discard", "kostenloser_lehm", "council"):
        out.append(say(f"now.{ph}", player=active, players=waiting))
    elif ph == "over":
        out.append(say("now.over"))
    else:
        out.append(say("now.chance"))
    return out


def _can_accept(view: dict[str, Any], seat: int) -> bool:
    """Whether `seat` holds all the offer under way asks for (else the engine offers no
    accept, and the words asking for an answer do not offer it either)."""
    me, want = view["seats"][seat], (view["table"]["offer"] or {}).get("want", {})
    return all((me["gold"] if x == "gold" else me["hand"][x]) >= want.get(x, 0) for x in TRADABLES)


def decline(view: dict[str, Any], legal: Sequence[Action]) -> Action | None:
    """The move that turns down the offer this seat is asked to answer ("decline": the
    terminal's `d` plays it without asking); None where it is asked nothing, or while it
    puts a counter-offer together (that answer is under way, it goes on by hand)."""
    offer = view["table"]["offer"]
    if view["phase"] != "respond" or not offer or offer["answers"][view["seat"]] != "pending":
        return None
    return next((a for a in legal if a.type == "decline"), None)


def _offer(view: dict[str, Any], seat: int | None, say: _Say) -> Text | None:
    """The trade offer under way: what is given and asked, to whom, every answer (one
    line each)."""
    table = view["table"]
    offer = table["offer"]
    if not offer:
        return None
    active = table["active"]
    out = Text()
    out.append(say("offer.title"), style="bold yellow")
    give = _cards(say, offer["give"]) if any(offer["give"].values()) else say("offer.open")
    want = _cards(say, offer["want"]) if any(offer["want"].values()) else say("offer.open")
    out.append(say("offer.line", player=Player(active), give=give, want=want))
    if view["phase"] in ("respond", "close"):
        target: Arg = Message("siedler.everyone") if offer["to"] is None else Player(offer["to"])
        out.append(say("offer.to", target=target))
    for p, answer in enumerate(offer["answers"]):
        if answer == "none":
            continue
        out.append("\n  ")
        out.append_text(_who(p, say))
        c = offer["counters"][p]
        if answer == "countered":
            out.append(say("offer.countered", give=_cards(say, c["give"]), want=_cards(say, c["want"])),
                       style="bold yellow")
        elif answer == "countering":
            out.append(say("offer.countering"))
        elif answer == "pending":
            out.append(say("offer.pending_you" if p == seat else "offer.pending"), style=DIM)
        elif answer == "accept":
            out.append(say("offer.accepts"), style="bold green")
        else:
            out.append(say("offer.declines"), style="red")
    return out


def _result(view: dict[str, Any], seat: int | None, say: _Say) -> Text:
    """Who won and why (7.), to the reader."""
    res, ending = view["result"], view["table"]["ending"]
    win = [Player(p) for p in res["winners"]]
    scores = res["scores"]
    out = Text(style="bold green")
    if ending["reason"] == "thirteen":
        out.append(say("result.thirteen", player=win[0], players=win))
        return out
    out.append(say("result.time"))
    tied = ending["tied_on_most"]
    out.append("\n" if tied else " ")  # a tie and its council card take a line of their own (120 columns)
    if not tied:
        out.append(say("result.most", player=win[0], players=win, vp=scores[res["winners"][0]]))
        return out
    held = ending["councils"]
    out.append(say("result.tie", players=[Player(p) for p in tied], vp=scores[tied[0]]))
    out.append(" ")
    if len(win) == 1:
        card = council_name(held[res["winners"][0]])
        out.append(say("result.council", player=win[0], card=card))
    else:
        out.append(say("result.shared", players=win))
    return out


def _players(view: dict[str, Any], seat: int | None, say: _Say) -> Table:
    """One row per player: hand (one's own in full), gold, prestige, victory points,
    council card, rights of way, pieces left."""
    table = view["table"]
    rights: dict[int, list[str]] = {}
    for name, road in table["roads"].items():
        if road["right_of_way"] is not None:
            rights.setdefault(road["right_of_way"], []).append(name)
    grid = Table(box=None, expand=False, pad_edge=False, padding=(0, 1, 0, 0), show_edge=False,
                 header_style="bold underline")
    grid.add_column(say("col.player"), no_wrap=True, max_width=26)
    grid.add_column(say("col.hand"), max_width=40)
    for key in ("gold", "prestige", "vp"):
        grid.add_column(say(f"col.{key}"), justify="right", no_wrap=True)
    grid.add_column(say("col.council"), no_wrap=True, max_width=11)
    grid.add_column(say("col.roads"), no_wrap=True, max_width=13)
    grid.add_column(say("col.left"), no_wrap=True, max_width=9)
    for p, info in enumerate(view["seats"]):
        name = _mark(p, "")
        name.append("▶" if p == table["active"] else " ", style="bold")  # whose turn
        name.append_text(_who(p, say))
        hand = info["hand"]
        if hand is not None:
            shown = Text(say("hand", cards=_cards(say, hand), count=info["cards"]), style="bold")
        else:
            shown = Text(say("cards", count=info["cards"]), style=DIM)
        if info["discards_owed"]:
            shown.append(" " + say("owes", count=info["discards_owed"]), style="bold red")
        council = say.msg(council_name(info["council"])) if info["council"] else "–"
        left = info["pieces_left"]
        grid.add_row(name, shown, str(info["gold"]), str(info["prestige"]), str(info["victory_points"]), council,
                     " ".join(rights.get(p, [])) or "–",
                     f"⌂{left['settlements']} ■{left['workshops']} ▮{left['tolls']}")
    return grid


def _roads(view: dict[str, Any], say: _Say, width: int = WIDTH) -> Text:
    """The five roads as strips from the city gate outward: intersections (a free one by
    its number, a settlement as ⌂ and its player), segments (free ─, a toll station as ▮
    and its player), the destination and the right of way. Under WIDTH columns the
    numbers lose their padding and the destinations are cut ("…") to keep a road a line."""
    table = view["table"]
    board = table["map"]
    tolls = {g["city"]: g["toll"] for g in board["goods"]}
    narrow = width < WIDTH
    strips = {name: _strip(road, narrow) for name, road in table["roads"].items()}
    room = max(6, min(21, width - 1 - 4 - 3 - max((s.cell_len for s in strips.values()), default=0)))
    out = Text()
    out.append(say("roads.title"), style="bold")
    for name, road in table["roads"].items():
        city = board["roads"][name]["city"]
        out.append("\n")
        out.append(f"{name:<4}")
        label = say("roads.city", city=city_name(city), toll=tolls.get(city, 0)) if city else say("roads.forest")
        label = label if len(label) < room else label[:room - 2] + "…"
        out.append(label.ljust(room))
        holder = road["right_of_way"]
        out.append_text(_mark(holder, "◆") if holder is not None else Text("◆–", style=DIM))
        out.append(" ")
        out.append_text(strips[name])
    return out


def _strip(road: dict[str, Any], narrow: bool) -> Text:
    """One road's intersections and segments from the gate outward."""
    out = Text()
    inters, segs = road["settlements"], road["tolls"]
    for i, owner in enumerate(inters):
        if owner is not None:
            out.append_text(_mark(owner, "⌂"))
        else:
            out.append(f"{i + 1}" if narrow else f"{i + 1:>2}", style=DIM if i else "dim italic")
        if i < len(segs):
            out.append(" ")
            out.append_text(_mark(segs[i], "▮") if segs[i] is not None else Text("──", style=DIM))
            out.append(" ")
    return out


def _city(view: dict[str, Any], say: _Say, width: int = WIDTH) -> Text:
    """Nuremberg: the red intersections (goods, trade mark, Bauhof, workshop), four a line
    or as many as the width takes; the wall, the towers, the council, the goods."""
    table = view["table"]
    board = table["map"]
    out = Text()
    out.append(say("city.title"), style="bold")
    labels = [_red_label(red, say)[:22] for red in board["red_intersections"]]
    pad = 23 if width >= WIDTH else max((len(x) for x in labels), default=0) + 1
    cells = []
    for j, label in enumerate(labels):
        cell = Text(f"{j + 1:>2} ")
        cell.append(label.ljust(pad))
        o = table["workshops"][j]
        cell.append_text(_mark(o, "■") if o is not None else Text("– ", style=DIM))
        cells.append(cell)
    column = 30 if width >= WIDTH else pad + 7    # a cell and the gap after it
    per_line = max(1, min(4, (width + 2) // column))
    for r in range(0, len(cells), per_line):
        out.append("\n")
        for k, cell in enumerate(cells[r: r + per_line]):
            out.append_text(cell)
            if k < per_line - 1:
                out.append(" " * max(1, column - len(cell.plain)))
    out.append("\n")
    _wall_and_towers(out, table, say)
    out.append("\n")
    _council(out, table["council"], say)
    out.append("\n")
    _goods(out, board["goods"], say, width)
    return out


def _wall_and_towers(out: Text, table: dict[str, Any], say: _Say) -> None:
    """The wall pieces built, by whom; the towers on their triangles."""
    board = table["map"]
    walls = table["walls"]
    out.append(say("wall", built=len(walls), pieces=board["wall_pieces"]), style="bold")
    out.append(" ")
    for o in walls:
        out.append_text(_mark(o, ""))
        out.append(" ")
    if not walls:
        out.append(say("wall.none"), style=DIM)
    out.append("   ")
    out.append(say("towers"), style="bold")
    out.append(" ")
    for i, o in enumerate(table["towers"]):
        out.append(f"{board['triangles_after'][i]}")
        out.append_text(_mark(o, "▲") if o is not None else Text("·", style=DIM))
        out.append(" ")


def _council(out: Text, council: dict[str, Any], say: _Say) -> None:
    """Who holds each council card (those removed from the game said once)."""
    out.append(say("council"), style="bold")
    out.append(" ")
    for key, holder in council.items():
        if holder == "removed":
            continue
        out.append(say.msg(council_name(key)) + " ")
        out.append_text(_who(holder if isinstance(holder, int) else None, say))
        out.append("   ")
    if "removed" in council.values():
        out.append(say("council.removed"), style=DIM)


def _goods(out: Text, goods: list[dict[str, Any]], say: _Say, width: int = WIDTH) -> None:
    """The goods: recipe, city, price, wrapped to the width between goods."""
    out.append(say("goods"), style="bold")
    line = len(out.plain.split("\n")[-1])
    for i, g in enumerate(goods):
        body = say("good", good=good_name(g["key"]), recipe=_recipe(g["recipe"], say), city=city_name(g["city"]),
                   price=count(5, g["price"]))
        item = (" " if i == 0 else "; ") + body
        if line + len(item) > width - 1:
            out.append((";" if i else "") + "\n ")
            item = body
            line = 1
        out.append(item)
        line += len(item)


def _recipe(recipe: dict[str, int], say: _Say) -> str:
    parts = [say.msg(resource_name(RESOURCES.index(r)) if c == 1 else count(RESOURCES.index(r), c))
             for r, c in recipe.items()]
    return say("plus").join(parts)


def _red_label(red: dict[str, Any], say: _Say) -> str:
    """What a red intersection touches: its goods, its trade mark, the Bauhof."""
    parts = [say.msg(good_name(g)) for g in red["goods"]]
    if red["trade"] == "3:1":
        parts.append(say("red.market"))
    elif red["trade"] is not None:
        parts.append(say("red.port", resource=resource_name(RESOURCES.index(red["trade"]))))
    if red["bauhof"]:
        parts.append(say("red.bauhof"))
    return ", ".join(parts)


# ======================================================================================
# The map ("terminal_map")
# ======================================================================================
HALF = 0.8660254            # half a hex's width (unit radius, pointy-top): the map file's x step
ROW = 1.5                   # a hex row's height in map units
CELL = 10                   # columns per half hex
LINES = 4                   # lines per hex row: a border line and three inside
LEFT = 4                    # columns for the road names left of the gates

_UP, _DOWN, _LEFT, _RIGHT = 1, 2, 4, 8
_BOX = {_LEFT | _RIGHT: "─", _UP | _DOWN: "│", _RIGHT | _DOWN: "┌", _LEFT | _DOWN: "┐", _RIGHT | _UP: "└",
        _LEFT | _UP: "┘", _LEFT | _RIGHT | _DOWN: "┬", _LEFT | _RIGHT | _UP: "┴", _UP | _DOWN | _RIGHT: "├",
        _UP | _DOWN | _LEFT: "┤", 15: "┼", _LEFT: "─", _RIGHT: "─", _UP: "│", _DOWN: "│"}
_PIPS = "•"


class _Canvas:
    """Characters with styles on a grid; lines of box drawing joined by direction bits."""

    def __init__(self, width: int, height: int) -> None:
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[str | None]] = [[None] * width for _ in range(height)]
        self.lines = [[0] * width for _ in range(height)]
        self.width, self.height = width, height

    def put(self, y: int, x: int, text: str, style: str | None = None) -> None:
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width and 0 <= y < self.height:
                self.chars[y][x + i] = ch
                self.styles[y][x + i] = style
                self.lines[y][x + i] = -1  # written over: no box character here

    def fill(self, y: int, x0: int, x1: int, style: str) -> None:
        for x in range(max(0, x0), min(self.width, x1)):
            self.styles[y][x] = style

    def hline(self, y: int, x0: int, x1: int) -> None:
        for x in range(x0, x1 + 1):
            if self.lines[y][x] >= 0:
                self.lines[y][x] |= (_LEFT if x > x0 else 0) | (_RIGHT if x < x1 else 0)

    def vline(self, x: int, y0: int, y1: int) -> None:
        for y in range(y0, y1 + 1):
            if self.lines[y][x] >= 0:
                self.lines[y][x] |= (_UP if y > y0 else 0) | (_DOWN if y < y1 else 0)

    def text(self) -> Text:
        out = Text()
        for y in range(self.height):
            row = Text()
            run, style = "", self.styles[y][0]
            for x in range(self.width):  # runs of one style, one span each
                bits = self.lines[y][x]
                ch = _BOX.get(bits, " ") if bits > 0 else self.chars[y][x]
                if self.styles[y][x] != style:
                    row.append(run, style=style or "")
                    run, style = "", self.styles[y][x]
                run += ch
            row.append(run, style=style or "")
            row.rstrip()
            out.append_text(row)
            if y < self.height - 1:
                out.append("\n")
        return out


def _layout(m: Components) -> tuple[dict[str, tuple[int, int, int]], dict[str, list[tuple[int, int]]]] | None:
    """Where each terrain (row, left column, right column) and each road's intersections
    (line, column) go in the drawing; None if the map is not laid out as pointy-top hexes
    in rows with every road along the edges between two rows."""
    raw = m.raw
    terrains = raw["terrains"]
    x0 = min(t["xy"][0] for t in terrains) - HALF
    y0 = min(t["xy"][1] for t in terrains)

    def col(x: float) -> int | None:
        k = (x - x0) / HALF
        return LEFT + round(k) * CELL if abs(k - round(k)) < 0.05 else None

    hexes: dict[str, tuple[int, int, int]] = {}
    for t in terrains:
        r = (t["xy"][1] - y0) / ROW
        a, b = col(t["xy"][0] - HALF), col(t["xy"][0] + HALF)
        if abs(r - round(r)) > 0.05 or a is None or b is None:
            return None
        hexes[t["id"]] = (round(r), a, b)
    roads: dict[str, list[tuple[int, int]]] = {}
    for road in raw["roads"]:
        points = []
        for it in road["intersections"]:
            below = (it["xy"][1] - y0 - 0.5) / ROW  # the row boundary: 0.5 or 1.0 below a row's centre
            r = int(below + 1e-6)
            c = col(it["xy"][0])
            off = (it["xy"][1] - y0) - r * ROW
            if c is None or min(abs(off - 0.5), abs(off - 1.0)) > 0.05:
                return None
            points.append(((r + 1) * LINES, c))
        roads[road["id"]] = points
    return hexes, roads


def render_map(view: dict[str, Any], seat: int | None, names: Sequence[str], words: Say) -> RenderableType:
    """The surroundings of Nuremberg with the pieces of `view`, in `words` (the
    "terminal_map" frontend)."""
    say = _Say(words, names, seat)
    table = view["table"]
    m = bundled()
    layout = _layout(m) if map_view(m) == table["map"] else None  # the view shows the bundled map
    if layout is None:
        return Text(say("map.cannot"))
    hexes, roads = layout
    rows = 1 + max(r for r, _, _ in hexes.values())
    c = _Canvas(WIDTH, rows * LINES + 1)
    _draw_terrains(c, m.raw, hexes, table["robber"], say)
    _draw_roads(c, roads, table, say)
    out = Text()
    out.append(say("map.title"), style="bold")
    out.append("\n")
    out.append(say("map.legend"), style=DIM)
    out.append("\n")
    out.append(say("map.players") + " ", style=DIM)
    for p in range(len(view["seats"])):
        out.append_text(_mark(p, ""))
        out.append(" ")
        out.append_text(_who(p, say))
        out.append(f" ({say('color.' + COLOR_KEYS[p % 4])})  ")
    # the drawing keeps a line per line in a narrower terminal, cut at its edge ("…"): wrapped,
    # the rest of each line fell onto the next and the hexes came apart (found at 80 columns)
    drawing = c.text()
    drawing.no_wrap, drawing.overflow = True, "ellipsis"
    robber = table["robber"]
    if robber:
        t = next(x for x in m.raw["terrains"] if x["id"] == robber)
        where = Text(say("map.robber_on", terrain=robber,
                         kind=Message("siedler.terrain.named", type=terrain_type_name(t["type"]), number=t["number"])))
    else:
        where = Text(say("map.robber_home"))
    return Group(out, drawing, where)


def _draw_terrains(c: _Canvas, raw: dict[str, Any], hexes: dict[str, tuple[int, int, int]], robber: Any,
                   say: _Say) -> None:
    """Each terrain: its border, colour, name, number and odds, resource, the robber."""
    cards_of = {n: 0 for n in range(13)}
    for e in raw["events"]:
        if e["number"]:
            cards_of[e["number"]] += e["count"]
    deck = sum(e["count"] for e in raw["events"])
    inner = CELL * 2 - 1
    for t in raw["terrains"]:
        r, a, b = hexes[t["id"]]
        top = r * LINES
        c.hline(top, a, b)
        c.hline(top + LINES, a, b)
        c.vline(a, top, top + LINES)
        c.vline(b, top, top + LINES)
        style = TERRAIN_STYLE.get(t["type"], "")
        for y in range(top + 1, top + LINES):
            c.fill(y, a + 1, b, style)
        kind = say.msg(terrain_type_name(t["type"]))
        c.put(top + 1, a + 2, f"{t['id']} {kind}"[: inner - 2], f"bold {style}")
        n = t["number"]
        hot = cards_of.get(n, 0) >= 5
        chip = f"{n:>2} "
        c.put(top + 2, a + 2, chip, ("bold red on bright_white" if hot else "bold black on bright_white"))
        odds = f" {_PIPS * cards_of.get(n, 0)} {say('map.odds', count=cards_of.get(n, 0), deck=deck)}"
        c.put(top + 2, a + 2 + len(chip), odds[: inner - 2 - len(chip)], style)
        res = say.msg(resource_name(RESOURCES.index(TERRAIN_TYPES[t["type"]])))
        c.put(top + 3, a + 2, f"→ {res}"[: inner - 2], style)
        if robber == t["id"]:
            mark = say("map.robber")
            c.put(top + 3, b - 1 - len(mark), mark, "bold bright_white on black")


def _draw_roads(c: _Canvas, roads: dict[str, list[tuple[int, int]]], table: dict[str, Any], say: _Say) -> None:
    """Each road: the gate, numbered intersections and segments, the pieces, where it leads."""
    board = table["map"]
    tolls = {g["city"]: g["toll"] for g in board["goods"]}
    for name, points in roads.items():
        vroad = table["roads"][name]
        for k in range(len(points) - 1):
            (y, xa), (_, xb) = points[k], points[k + 1]
            c.put(y, xa + 1, "━" * (xb - xa - 1), ROAD_STYLE)
            owner = vroad["tolls"][k]
            if owner is not None:
                label, style = f"▮{owner + 1}", SEAT_MARK[owner % 4]
            else:
                label, style = f"{k + 1}", "bold black on yellow"
            c.put(y, (xa + xb + 1) // 2 - len(label) // 2 + 1, label, style)
        for i, (y, x) in enumerate(points):
            owner = vroad["settlements"][i]
            if owner is not None:
                c.put(y, x, f"⌂{owner + 1}", SEAT_MARK[owner % 4])
            else:
                c.put(y, x, f"○{i + 1}", "bold bright_white" if i else "dim")
        y, x = points[0]
        holder = vroad["right_of_way"]
        c.put(y, 0, f"{name:>3}", SEAT_MARK[holder % 4] if holder is not None else "bold")
        c.put(y, 3, "╞", ROAD_STYLE)
        y, x = points[-1]
        city = board["roads"][name]["city"]
        end = say("map.to_city", city=city_name(city), toll=tolls.get(city, 0)) if city else say("map.forest")
        c.put(y, x + 3, "┄┄ ", ROAD_STYLE)
        c.put(y, x + 6, end[: WIDTH - x - 6], "bold")

__all__ = ["render", "render_map"]
