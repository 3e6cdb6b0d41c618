"""The board drawn from the map file (and, optionally, a view's pieces) as SVG: a pure
function, the game's "svg" part (`reichsstadt board siedler --svg FILE`).

Every position and colour comes from geometry.py, the same numbers the browser draws
with: Nuremberg's old town on the left (12 sectors, the red intersections with their
trade marks, the wall track of 26 numbered pieces around it with the tower triangles),
the surroundings on the right, where the five roads leave their gates (Roman numerals)
and run along the hex edges to Frankfurt, Prague and Venice (I-III) or into the forest
(IV, V), every segment and intersection numbered; a legend, the Raubritterburg and the
time track below. With a view: settlements, toll stations, workshops, walls and towers in
the players' colours, the robber knight and the time stone. Every piece carries
`data-piece` and `data-seat` attributes (for the tests and anyone reading the file)."""

from __future__ import annotations

from typing import Any, Sequence
from xml.sax.saxutils import escape

from .constants import TERRAIN_TYPES
from .data import load
from .geometry import COLORS, board

SEAT: tuple[str, ...] = tuple(COLORS["seat"])
SEAT_INK: tuple[str, ...] = tuple(COLORS["seat_ink"])
SEAT_NAME = ("white", "red", "blue", "orange")
BROWN, RED, PAPER = COLORS["ink"], COLORS["red"], COLORS["paper"]
ROAD_EDGE, ROAD_FILL = COLORS["road_edge"], COLORS["road_fill"]
HEAD = 60.0              # the title's band above the two frames
LEGEND_ROOM = 86.0       # room right of the field for who holds each city's right of way


def _f(v: float) -> str:
    return f"{v:.1f}"


def _points(pts: Sequence[Sequence[float]]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in pts)


def _path(pts: Sequence[Sequence[float]]) -> str:
    return " ".join(f"{'M' if i == 0 else 'L'}{_f(x)},{_f(y)}" for i, (x, y) in enumerate(pts))


class _Canvas:
    def __init__(self) -> None:
        self.out: list[str] = []

    def add(self, s: str) -> None:
        self.out.append(s)

    def text(self, x: float, y: float, s: str, size: float = 11, anchor: str = "middle", weight: str = "normal",
             fill: str = "#1b1b1b") -> None:
        self.out.append(f'<text x="{_f(x)}" y="{_f(y)}" font-size="{size}" text-anchor="{anchor}" '
                        f'font-weight="{weight}" fill="{fill}">{escape(s)}</text>')

    def tag(self, x: float, y: float, s: str, size: float = 9, fill: str = "#ffffff", stroke: str = RED,
            ink: str = RED, anchor: str = "middle") -> None:
        """A label in a small box; (x, y) is the box's anchor point at mid height."""
        w = len(s) * size * 0.58 + 6
        x0 = x - w / 2 if anchor == "middle" else (x if anchor == "start" else x - w)
        self.out.append(f'<rect x="{_f(x0)}" y="{_f(y - size * 0.75)}" width="{_f(w)}" height="{_f(size * 1.5)}" '
                        f'rx="3" fill="{fill}" stroke="{stroke}" stroke-width="1"/>')
        self.text(x0 + w / 2, y + size * 0.35, s, size, fill=ink, weight="bold")

    def group(self, dx: float, dy: float) -> None:
        self.out.append(f'<g transform="translate({_f(dx)},{_f(dy)})">')

    def end(self) -> None:
        self.out.append("</g>")


def _owner(seat: int | None) -> int:
    """A view's seat, or -1 for nobody (null)."""
    return -1 if seat is None else seat


def board_svg(data: dict[str, Any] | None = None, view: dict[str, Any] | None = None) -> str:
    """The map (None: the bundled one; a map file's parsed contents otherwise) as an SVG
    document; with a view (State.view), the pieces in play too. The "svg" part."""
    m = load(data)
    g = board(m)
    table: dict[str, Any] = view["table"] if view else {}
    c = _Canvas()
    city, field = g["city"], g["field"]
    c.group(0, HEAD)
    _city(c, m.raw, city, table)
    c.end()
    c.group(city["width"], HEAD)
    _field(c, field, table, view is not None)
    c.end()
    c.text(16, 30, "Die Siedler von Nürnberg", 20, anchor="start", weight="bold", fill=BROWN)
    c.text(16, 50, "Nuremberg's old town (left) and its surroundings: five roads from the city gates I–V; "
           "○ intersection (settlement spot), □ segment (toll station spot)", 10.5, anchor="start", fill=BROWN)
    low = HEAD + max(city["height"], field["height"]) + 14
    row = _legend(c, m.raw, view, low)
    height, width = _time_track(c, m.raw, table, row + 34)
    width = max(width, city["width"] + field["width"] + LEGEND_ROOM)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="DejaVu Sans, Verdana, sans-serif">'
            f'<rect width="100%" height="100%" fill="{PAPER}"/>')
    return "\n".join([head, *c.out, "</svg>"])


# -- the surroundings -------------------------------------------------------------------------------
def _field(c: _Canvas, field: dict[str, Any], table: dict[str, Any], with_view: bool) -> None:
    robber = table.get("robber")
    for t in field["terrains"]:
        _terrain(c, t, robber)
    for road in field["roads"]:
        _road(c, road, table["roads"].get(road["id"]) if table else None)
    castle = field["raubritterburg"]
    if castle:
        _castle(c, *castle)
        if with_view and robber is None:
            _robber(c, castle[0] + 44, castle[1] - 2)


def _terrain(c: _Canvas, t: dict[str, Any], robber: str | None) -> None:
    """A terrain: its hex, harvest number (6 and 8 in red), a dot per event card with that
    number, its resource."""
    (cx, cy), kind = t["center"], t["type"]
    c.add(f'<polygon points="{_points(t["corners"])}" fill="{COLORS["terrain"][kind]}" stroke="{BROWN}" '
          f'stroke-width="1.2"><title>{escape(t["id"])}: {kind} ({t["resource"]}), harvest number {t["number"]}'
          f'</title></polygon>')
    hot = t["number"] in (6, 8)
    ink = COLORS["terrain_ink"][kind]
    c.add(f'<circle cx="{_f(cx)}" cy="{_f(cy - 5)}" r="13" fill="#fffbe8" stroke="{BROWN}"/>')
    c.text(cx, cy, str(t["number"]), 13, weight="bold", fill=RED if hot else "#1b1b1b")
    for i in range(t["cards"]):
        c.add(f'<circle cx="{_f(cx + (i - (t["cards"] - 1) / 2) * 4.2)}" cy="{_f(cy + 12)}" r="1.5" '
              f'fill="{RED if hot else ink}"/>')
    c.text(cx, cy + 24, t["resource"], 9, fill=ink, weight="bold")
    if robber == t["id"]:
        _robber(c, cx + 20, cy - 14)


def _road(c: _Canvas, road: dict[str, Any], vroad: dict[str, Any] | None) -> None:
    """A road from its gate: the way, its stub beyond the last intersection, the gate in
    the colour of its right of way, its segments (toll stations) and intersections
    (settlements), and where it leads."""
    rid = road["id"]
    line = _path([road["start"], road["gate"], *road["points"]])
    c.add(f'<path d="{line}" fill="none" stroke="{ROAD_EDGE}" stroke-width="11" stroke-linejoin="round" '
          f'stroke-linecap="round"/>')
    c.add(f'<path d="{line}" fill="none" stroke="{ROAD_FILL}" stroke-width="6.5" stroke-linejoin="round" '
          f'stroke-linecap="round"><title>road {rid}</title></path>')
    holder = _owner(vroad["right_of_way"]) if vroad else -1
    _gate(c, road, holder)
    for s, (mx, my) in enumerate(road["segments"]):
        _segment(c, rid, s, mx, my, _owner(vroad["tolls"][s]) if vroad and s < len(vroad["tolls"]) else -1)
    for i, (x, y) in enumerate(road["points"]):
        owner = _owner(vroad["settlements"][i]) if vroad and i < len(vroad["settlements"]) else -1
        _intersection(c, rid, i, x, y, owner)
    _road_end(c, road, holder)


def _gate(c: _Canvas, road: dict[str, Any], holder: int) -> None:
    (gx, gy), rid = road["gate"], road["id"]
    if holder >= 0:
        c.add(f'<circle cx="{_f(gx)}" cy="{_f(gy)}" r="12" fill="{SEAT[holder % 4]}" stroke="#000" stroke-width="2" '
              f'data-piece="right_of_way" data-seat="{holder}"><title>road {rid} leaves the city here; right of way: '
              f'Player {holder + 1}</title></circle>')
    else:
        c.add(f'<circle cx="{_f(gx)}" cy="{_f(gy)}" r="12" fill="#fffbe8" stroke="{BROWN}" stroke-width="2">'
              f'<title>road {rid} leaves the city here</title></circle>')
    ink = SEAT_INK[holder % 4] if holder >= 0 else BROWN
    c.text(gx, gy + 4.5, rid, 12 if len(rid) < 3 else 10, weight="bold", fill=ink)


def _seat_piece(c: _Canvas, x: float, y: float, box: tuple[int, int, int], piece: str, owner: int, what: str,
                number: str, size: float) -> None:
    """A seat's square piece (a toll station, a workshop) in its colour, centred on (x, y):
    box = (width, height, corner radius); titled "`what` of Player n", numbered."""
    w, h, rx = box
    c.add(f'<rect x="{_f(x - w / 2)}" y="{_f(y - h / 2)}" width="{w}" height="{h}" rx="{rx}" fill="{SEAT[owner % 4]}" '
          f'stroke="#000" stroke-width="1.5" data-piece="{piece}" data-seat="{owner}">'
          f'<title>{what} of Player {owner + 1}</title></rect>')
    c.text(x, y + 3.5, number, size, weight="bold", fill=SEAT_INK[owner % 4])


def _segment(c: _Canvas, rid: str, s: int, mx: float, my: float, owner: int) -> None:
    if owner >= 0:
        _seat_piece(c, mx, my, (16, 14, 2), "toll", owner, f"road {rid}, segment {s + 1}: toll station",
                    str(s + 1), 9)
    else:
        c.add(f'<rect x="{_f(mx - 6)}" y="{_f(my - 5.5)}" width="12" height="11" rx="2" fill="{ROAD_FILL}" '
              f'stroke="{ROAD_EDGE}"><title>road {rid}, segment {s + 1}</title></rect>')
        c.text(mx, my + 3, str(s + 1), 8, fill=BROWN, weight="bold")


def _intersection(c: _Canvas, rid: str, i: int, x: float, y: float, owner: int) -> None:
    title = f"road {rid}, intersection {i + 1}" + (" (touches the city: no settlement)" if i == 0 else "")
    if owner >= 0:
        c.add(f'<path d="M{_f(x - 9)},{_f(y + 8)} L{_f(x - 9)},{_f(y - 2)} L{_f(x)},{_f(y - 11)} '
              f'L{_f(x + 9)},{_f(y - 2)} L{_f(x + 9)},{_f(y + 8)} Z" fill="{SEAT[owner % 4]}" stroke="#000" '
              f'stroke-width="1.5" data-piece="settlement" data-seat="{owner}">'
              f'<title>{title}: settlement of Player {owner + 1}</title></path>')
        c.text(x, y + 6, str(i + 1), 8, weight="bold", fill=SEAT_INK[owner % 4])
    else:
        c.add(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="8" fill="{"#d7ccc8" if i == 0 else "#ffffff"}" '
              f'stroke="{BROWN}" stroke-width="1.5"><title>{title}</title></circle>')
        c.text(x, y + 3.2, str(i + 1), 8.5, weight="bold", fill=BROWN)


def _road_end(c: _Canvas, road: dict[str, Any], holder: int) -> None:
    """Beyond the last intersection: the stub to the city's name (Q2: no segment), its
    toll and who holds its right of way; or the road's end in the forest."""
    rid = road["id"]
    if road["city"]:
        c.add(f'<path d="{_path(road["stub"])}" fill="none" stroke="{ROAD_EDGE}" stroke-width="6" '
              f'stroke-dasharray="5,4"><title>road {rid} to {escape(road["city"])}: this stub is no segment (Q2)'
              f'</title></path>')
        lx, ly = road["label"]
        c.text(lx, ly - 2, f"{rid} → {road['city']}", 13, anchor="start", weight="bold", fill=BROWN)
        c.text(lx, ly + 11, f"toll {road['toll']} gold per sale", 9, anchor="start", fill=BROWN)
        if holder >= 0:
            c.add(f'<rect x="{_f(lx)}" y="{_f(ly + 16)}" width="12" height="9" fill="{SEAT[holder % 4]}" '
                  f'stroke="#000"/>')
            c.text(lx + 16, ly + 24, f"right of way: Player {holder + 1}", 8.5, anchor="start", fill=BROWN)
        return
    c.add(f'<path d="{_path(road["stub"])}" fill="none" stroke="{ROAD_EDGE}" stroke-width="4" '
          f'stroke-dasharray="2,3"/>')
    ex, ey = road["label"]
    c.tag(ex, ey, f"{rid} ends", 9, fill="#fffbe8", stroke=BROWN, ink=BROWN)


# -- the old town ---------------------------------------------------------------------------------
def _city(c: _Canvas, raw: dict[str, Any], city: dict[str, Any], table: dict[str, Any]) -> None:
    _wall(c, city["wall"], table)
    x0, y0, x1, y1 = city["box"]
    c.add(f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(x1 - x0)}" height="{_f(y1 - y0)}" fill="none" '
          f'stroke="{BROWN}" stroke-width="2"/>')
    goods = {g["name"]: g for g in raw["goods"]}
    for sector in city["sectors"]:
        _sector(c, sector, goods)
    workshops = table.get("workshops", [])
    for red in city["red_intersections"]:
        j = red["index"]
        _red(c, red, _owner(workshops[j]) if j < len(workshops) else -1)


def _sector(c: _Canvas, sector: dict[str, Any], goods: dict[str, Any]) -> None:
    """A sector of the old town: a good's two production spaces (its recipe, its city, its
    price), the Hauptmarkt or the Bauhof."""
    sx, sy, w, h = sector["rect"]
    mx, my = sector["center"]
    fill = COLORS["sector"][sector["kind"]]
    c.add(f'<rect x="{_f(sx)}" y="{_f(sy)}" width="{_f(w)}" height="{_f(h)}" fill="{fill}" stroke="#8d6e63">'
          f'<title>sector {escape(sector["id"])}</title></rect>')
    if sector["kind"] == "hauptmarkt":
        c.text(mx, my - h * 0.23 + 4, "Hauptmarkt", 10.5, weight="bold")
    elif sector["kind"] == "bauhof":
        c.text(mx, my - 30, "Bauhof", 11.5, weight="bold")
        c.text(mx, my + 22, "towers need a", 8.5, fill="#5d4037")
        c.text(mx, my + 33, "workshop here", 8.5, fill="#5d4037")
    else:
        g = goods.get(sector["good"], {})
        c.text(mx, my - 30, sector["good"].replace("ue", "ü"), 11.5, weight="bold")
        parts = [f"{n} {r}" if n > 1 else r for r, n in g.get("recipe", {}).items()]
        lines = [" + ".join(parts)] if len(parts) < 3 else [" + ".join(parts[:2]), "+ " + " + ".join(parts[2:])]
        for i, text_line in enumerate(lines):
            c.text(mx, my - 16 + 10 * i, text_line, 8.5, fill="#5d4037")
        c.text(mx, my + 22, f"→ {g.get('city', '?')}", 8.5, fill="#5d4037")
        c.text(mx, my + 33, f"{g.get('price', '?')} gold", 8.5, fill="#5d4037", weight="bold")


def _red(c: _Canvas, red: dict[str, Any], owner: int) -> None:
    """A red intersection (a workshop spot), its workshop if any, its trade mark's tag."""
    if red["xy"] is None:
        return
    (x, y), j = red["xy"], red["index"]
    mark = red["mark"] if red["mark"] in (None, "3:1") else f"2:1 {red['mark']}"
    label = ", ".join([f"red intersection {j + 1}", *([mark] if mark else [])])
    if owner >= 0:
        _seat_piece(c, x, y, (20, 20, 3), "workshop", owner, f"{escape(label)}: workshop", str(j + 1), 10)
    else:
        c.add(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="9" fill="{RED}" stroke="#7f0000" stroke-width="1.5">'
              f'<title>{escape(label)}</title></circle>')
        c.text(x, y + 3.5, str(j + 1), 9.5, weight="bold", fill="#ffffff")
    if mark and red["tag"]:
        tx, ty = red["tag"]
        c.tag(tx, ty, mark, anchor=red["anchor"])


def _wall(c: _Canvas, wall: dict[str, Any], table: dict[str, Any]) -> None:
    """The wall track: numbered pieces counter-clockwise from the arrow, built ones in
    their builder's colour; the tower triangles outside it."""
    band = wall["band"]
    built = table.get("walls", [])
    for k, piece in enumerate(wall["pieces"]):
        owner = built[k] if k < len(built) else -1
        attrs = f' data-piece="wall" data-seat="{owner}"' if owner >= 0 else ""
        who = f": Player {owner + 1}" if owner >= 0 else ""
        stroke = SEAT[owner % 4] if owner >= 0 else COLORS["wall"]
        c.add(f'<path d="{_path(piece["path"])}" fill="none" stroke="{stroke}" stroke-width="{band}"{attrs}>'
              f'<title>wall piece {k + 1}{who}</title></path>')
        (sx, sy), (nx, ny) = piece["start"], piece["normal"]
        c.add(f'<line x1="{_f(sx - nx * band / 2)}" y1="{_f(sy - ny * band / 2)}" x2="{_f(sx + nx * band / 2)}" '
              f'y2="{_f(sy + ny * band / 2)}" stroke="{BROWN}" stroke-width="1.5"/>')
        mx, my = piece["middle"]
        c.text(mx, my + 3.5, str(k + 1), 9.5, weight="bold", fill=SEAT_INK[owner % 4] if owner >= 0 else BROWN)
    for x0, y0, x1, y1 in wall["border"]:
        c.add(f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(x1 - x0)}" height="{_f(y1 - y0)}" fill="none" '
              f'stroke="{BROWN}" stroke-width="1"/>')
    c.add(f'<path d="{_path(wall["arrow"])} Z" fill="{RED}"><title>the first wall piece goes here</title></path>')
    ax, ay = wall["first"]
    c.text(ax + 12, ay - 26, "city wall: piece 1 here, then counter-clockwise", 10, anchor="start", fill=RED,
           weight="bold")
    towers = table.get("towers", [])
    for tri in wall["triangles"]:
        i = tri["index"]
        owner = _owner(towers[i]) if i < len(towers) else -1
        attrs = f' data-piece="tower" data-seat="{owner}"' if owner >= 0 else ""
        who = f": tower of Player {owner + 1}" if owner >= 0 else ""
        fill = SEAT[owner % 4] if owner >= 0 else COLORS["open"]
        c.add(f'<polygon points="{_points(tri["points"])}" fill="{fill}" stroke="{BROWN}" stroke-width="1.8"{attrs}>'
              f'<title>tower triangle after wall piece {tri["after"]}{who}</title></polygon>')


# -- the pieces off the board, the legend, the time track ---------------------------------------------
def _robber(c: _Canvas, x: float, y: float) -> None:
    c.add(f'<g data-piece="robber"><title>the robber knight</title>'
          f'<ellipse cx="{_f(x)}" cy="{_f(y + 9)}" rx="8" ry="3" fill="#000"/>'
          f'<path d="{_path([(x - 6, y + 9), (x - 3, y - 2), (x + 3, y - 2), (x + 6, y + 9)])} Z" fill="#212121"/>'
          f'<circle cx="{_f(x)}" cy="{_f(y - 6)}" r="5" fill="#212121"/></g>')


def _castle(c: _Canvas, x: float, y: float) -> None:
    outline = [(-24, 12), (-24, -12), (-17, -12), (-17, -6), (-10, -6), (-10, -18), (10, -18), (10, -6), (17, -6),
               (17, -12), (24, -12), (24, 12)]
    c.add(f'<g><title>Raubritterburg: the robber knight starts here and returns on a Markgraf card</title>'
          f'<path d="{_path([(x + dx, y + dy) for dx, dy in outline])} Z" fill="#424242" stroke="#000"/></g>')
    c.text(x, y + 26, "Raubritterburg", 10, weight="bold", fill="#212121")


def _legend(c: _Canvas, raw: dict[str, Any], view: dict[str, Any] | None, low: float) -> float:
    """The legend's rows from `low` down; the last row's y."""
    lx = 16.0
    c.text(lx, low + 4, "Terrains:", 10.5, anchor="start", weight="bold", fill=BROWN)
    x = lx + 62
    for kind, res in TERRAIN_TYPES.items():
        c.add(f'<rect x="{_f(x)}" y="{_f(low - 6)}" width="14" height="12" fill="{COLORS["terrain"][kind]}" '
              f'stroke="{BROWN}"/>')
        c.text(x + 18, low + 4, f"{kind} → {res}", 10, anchor="start")
        x += 26 + len(f"{kind} → {res}") * 5.6
    c.text(x + 6, low + 4, "• dots: event cards with that number", 10, anchor="start")
    rows = [
        ("City:", "red intersection (workshop spot; doubles sales of the goods beside it; "
                  "at the Hauptmarkt: 3:1 or 2:1 bank trade)"),
        ("Wall:", f"{raw['wall']['pieces']} pieces built in order from the arrow, counter-clockwise; "
                  "▲ tower triangle, open once both neighbouring pieces stand"),
        ("Roads:", "a road's first toll station goes on its segment 1 at the city gate, later ones on the "
                   "next free segment outward"),
        ("", "I, II, III lead to Frankfurt, Prague, Venice; IV and V end in the forest"
             + ("; a gate in a player's colour: that road's right of way" if view else "")),
    ]
    row = low
    for head, words in rows:
        row += 22 if head else 16
        if head:
            c.text(lx, row + 4, head, 10.5, anchor="start", weight="bold", fill=BROWN)
        if head == "City:":
            c.add(f'<circle cx="{_f(lx + 48)}" cy="{_f(row)}" r="7" fill="{RED}"/>')
        c.text(lx + (60 if head == "City:" else 48), row + 4, words, 10, anchor="start")
    if view:
        row += 22
        _players(c, view["seats"], lx, row)
    return row


def _players(c: _Canvas, seats: list[dict[str, Any]], lx: float, row: float) -> None:
    c.text(lx, row + 4, "Players:", 10.5, anchor="start", weight="bold", fill=BROWN)
    x = lx + 58
    for p, info in enumerate(seats):
        c.add(f'<rect x="{_f(x)}" y="{_f(row - 6)}" width="14" height="12" fill="{SEAT[p % 4]}" stroke="#000"/>')
        words = f"Player {p + 1} ({SEAT_NAME[p % 4]}): {info['victory_points']} VP, {info['prestige']} prestige"
        c.text(x + 18, row + 4, words, 10, anchor="start")
        x += 30 + len(words) * 5.5


def _time_track(c: _Canvas, raw: dict[str, Any], table: dict[str, Any], top: float) -> tuple[float, float]:
    """The time track from 1355 to 1400 (red spaces reshuffle, 6.4), the time stone on its
    year; the drawing's height and the track's width."""
    years, lx, bw = raw["time_track"]["years"], 16.0, 54.0
    c.text(lx, top + 19, "Time:", 10.5, anchor="start", weight="bold", fill=BROWN)
    for i, y in enumerate(years):
        x = lx + 44 + i * (bw + 4)
        red = y in raw["time_track"]["reshuffle"]
        c.add(f'<rect x="{_f(x)}" y="{_f(top)}" width="{_f(bw)}" height="26" rx="3" '
              f'fill="{"#ef9a9a" if red else "#fffbe8"}" stroke="{BROWN}"><title>{y}</title></rect>')
        c.text(x + bw / 2, top + 17, str(y), 11, weight="bold" if red or y == years[-1] else "normal")
        note = "reshuffle" if red else ("start" if i == 0 else ("game ends" if i == len(years) - 1 else ""))
        if note:
            c.text(x + bw / 2, top + 38, note, 8.5, fill=RED if red else BROWN)
        if table.get("year") == y:
            c.add(f'<circle cx="{_f(x + bw - 2)}" cy="{_f(top - 1)}" r="7" fill="#b39ddb" stroke="#4a148c" '
                  f'stroke-width="1.5" data-piece="time"><title>time stone: {y}</title></circle>')
    return top + 52, lx + 44 + len(years) * (bw + 4) + 10


__all__ = ["SEAT", "board_svg"]
