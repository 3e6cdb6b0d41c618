"""The board drawn from the map file (and, optionally, a view's pieces) as SVG: a pure
function, reused by the web client.

Layout: Nuremberg's old town on the left (12 sectors, the red intersections with their
trade marks, the wall track of 26 numbered pieces around it with the tower triangles);
the five roads leave the city through its gates (Roman numerals) and run along the hex
edges of the surroundings to Frankfurt, Prague and Venice (I-III) or into the forest (IV,
V), every segment and intersection numbered; a legend, the Raubritterburg and the time
track below. With a view: settlements, toll stations, workshops, walls and towers in the
players' colours, the robber knight and the time stone. Every piece carries
`data-piece` and `data-seat` attributes (for the web client and the tests)."""

from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import escape

from .constants import TERRAIN_TYPES
from .data import load

FILL = {"forest": "#2e7d32", "pasture": "#9ccc65", "fields": "#f4d03f", "hills": "#c0562b", "mountains": "#8d9ba5"}
INK = {"forest": "#ffffff", "pasture": "#1b1b1b", "fields": "#1b1b1b", "hills": "#ffffff", "mountains": "#1b1b1b"}
SEAT = ("#ffffff", "#d32f2f", "#1e63c8", "#f57c00")
SEAT_NAME = ("white", "red", "blue", "orange")
SEAT_INK = ("#000000", "#ffffff", "#ffffff", "#000000")
SECTOR = {"goods": "#f1e6cc", "hauptmarkt": "#ffe39a", "bauhof": "#cdbfb6"}
PAPER = "#f6eedd"
BROWN = "#4e342e"
ROAD_EDGE, ROAD_FILL = "#5d4037", "#e9d6ad"
RED = "#c62828"
SCALE = 44.0
CITY_SHIFT = 1.3          # the city is drawn this far left of its map position: room for the gates
WALL_PAD, WALL_BAND = 9.0, 16.0
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def _f(v: float) -> str:
    return f"{v:.1f}"


class _Canvas:
    def __init__(self) -> None:
        self.out: list[str] = []

    def add(self, s: str) -> None:
        self.out.append(s)

    def text(self, x: float, y: float, s: str, size: float = 11, anchor: str = "middle", weight: str = "normal",
             fill: str = "#1b1b1b", extra: str = "") -> None:
        self.out.append(f'<text x="{_f(x)}" y="{_f(y)}" font-size="{size}" text-anchor="{anchor}" '
                        f'font-weight="{weight}" fill="{fill}"{extra}>{escape(s)}</text>')

    def tag(self, x: float, y: float, s: str, size: float = 9, fill: str = "#ffffff", stroke: str = RED,
            ink: str = RED, anchor: str = "middle") -> None:
        """A label in a small box; (x, y) is the box's anchor point at mid height."""
        w = len(s) * size * 0.58 + 6
        x0 = x - w / 2 if anchor == "middle" else (x if anchor == "start" else x - w)
        self.out.append(f'<rect x="{_f(x0)}" y="{_f(y - size * 0.75)}" width="{_f(w)}" height="{_f(size * 1.5)}" '
                        f'rx="3" fill="{fill}" stroke="{stroke}" stroke-width="1"/>')
        self.text(x0 + w / 2, y + size * 0.35, s, size, fill=ink, weight="bold")


def _owner(seat: int | None) -> int:
    """A view's seat, or -1 for nobody (null)."""
    return -1 if seat is None else seat


def board_svg(data: dict[str, Any] | None = None, view: dict[str, Any] | None = None) -> str:
    """The map (None: the bundled one; a map file's parsed contents otherwise) as an SVG
    document; with a view (State.view), the pieces in play too. The "svg" frontend."""
    m = load(data)
    table: dict[str, Any] = view["table"] if view else {}
    raw: dict[str, Any] = m.raw
    S = SCALE
    c = _Canvas()
    terrains = raw["terrains"]
    sectors = [s for s in raw["city"]["sectors"] if "rect" in s]
    tx = [t["xy"][0] for t in terrains]
    ty = [t["xy"][1] for t in terrains]
    city_x0 = min((s["rect"][0] for s in sectors), default=min(tx) - 8) - CITY_SHIFT
    city_y0 = min((s["rect"][1] for s in sectors), default=min(ty))
    ox = -city_x0 * S + WALL_PAD + WALL_BAND + 34
    oy = -min(city_y0, min(ty) - 1) * S + 120

    def fpt(xy: Any) -> tuple[float, float]:  # field coordinates
        return (xy[0] * S + ox, xy[1] * S + oy)

    def cpt(xy: Any) -> tuple[float, float]:  # city coordinates (shifted left)
        return ((xy[0] - CITY_SHIFT) * S + ox, xy[1] * S + oy)

    field_right = max(tx) * S + ox + S * 0.87
    field_bottom = max(ty) * S + oy + S
    width = field_right + 190
    seats = view["seats"] if view else []
    robber = table.get("robber")

    # -- the surroundings: terrains with resource, harvest number and its frequency ------------
    for t in terrains:
        cx, cy = fpt(t["xy"])
        corners = " ".join(f"{_f(cx + S * math.cos(math.radians(a)))},{_f(cy + S * math.sin(math.radians(a)))}"
                           for a in (-90, -30, 30, 90, 150, 210))
        res = TERRAIN_TYPES[t["type"]]
        c.add(f'<polygon points="{corners}" fill="{FILL[t["type"]]}" stroke="{BROWN}" stroke-width="1.2">'
              f'<title>{escape(t["id"])}: {t["type"]} ({res}), harvest number {t["number"]}</title></polygon>')
        hot = t["number"] in (6, 8)
        c.add(f'<circle cx="{_f(cx)}" cy="{_f(cy - 5)}" r="13" fill="#fffbe8" stroke="{BROWN}"/>')
        c.text(cx, cy, str(t["number"]), 13, weight="bold", fill=RED if hot else "#1b1b1b")
        pips = PIPS.get(t["number"], 0)
        for i in range(pips):
            c.add(f'<circle cx="{_f(cx + (i - (pips - 1) / 2) * 4.2)}" cy="{_f(cy + 12)}" r="1.5" '
                  f'fill="{RED if hot else INK[t["type"]]}"/>')
        c.text(cx, cy + 24, res, 9, fill=INK[t["type"]], weight="bold")
        if robber == t["id"]:
            _robber(c, cx + 20, cy - 14)

    # -- the city: sectors, red intersections, wall track ------------------------------------
    goods = {g["name"]: g for g in raw["goods"]}
    if sectors:
        x0 = min(s["rect"][0] for s in sectors)
        y0 = min(s["rect"][1] for s in sectors)
        x1 = max(s["rect"][0] + s["rect"][2] for s in sectors)
        y1 = max(s["rect"][1] + s["rect"][3] for s in sectors)
        (px0, py0), (px1, py1) = cpt((x0, y0)), cpt((x1, y1))
        _wall(c, raw, view, px0, py0, px1, py1)
        c.add(f'<rect x="{_f(px0)}" y="{_f(py0)}" width="{_f(px1 - px0)}" height="{_f(py1 - py0)}" fill="none" '
              f'stroke="{BROWN}" stroke-width="2"/>')
        for s in sectors:
            (sx, sy), w, h = cpt(s["rect"][:2]), s["rect"][2] * S, s["rect"][3] * S
            c.add(f'<rect x="{_f(sx)}" y="{_f(sy)}" width="{_f(w)}" height="{_f(h)}" fill="{SECTOR[s["kind"]]}" '
                  f'stroke="#8d6e63"><title>sector {escape(s["id"])}</title></rect>')
            mx, my = sx + w / 2, sy + h / 2
            if s["kind"] == "goods":
                g = goods.get(s["good"], {})
                c.text(mx, my - 30, s["good"].replace("ue", "ü"), 11.5, weight="bold")
                parts = [f"{n} {r}" if n > 1 else r for r, n in g.get("recipe", {}).items()]
                lines = [" + ".join(parts)] if len(parts) < 3 else [" + ".join(parts[:2]), "+ " + " + ".join(parts[2:])]
                for i, text_line in enumerate(lines):
                    c.text(mx, my - 16 + 10 * i, text_line, 8.5, fill="#5d4037")
                c.text(mx, my + 22, f"→ {g.get('city', '?')}", 8.5, fill="#5d4037")
                c.text(mx, my + 33, f"{g.get('price', '?')} gold", 8.5, fill="#5d4037", weight="bold")
            elif s["kind"] == "hauptmarkt":
                c.text(mx, my - h * 0.23 + 4, "Hauptmarkt", 10.5, weight="bold")
            else:
                c.text(mx, my - 30, "Bauhof", 11.5, weight="bold")
                c.text(mx, my + 22, "towers need a", 8.5, fill="#5d4037")
                c.text(mx, my + 33, "workshop here", 8.5, fill="#5d4037")
        market = next((s for s in sectors if s["kind"] == "hauptmarkt"), None)
        workshops = table.get("workshops", [])
        for j, r in enumerate(raw["city"]["red_intersections"]):
            if "xy" not in r:
                continue
            x, y = cpt(r["xy"])
            owner = _owner(workshops[j]) if j < len(workshops) else -1
            label = [f"red intersection {j + 1}"]
            if r.get("mark"):
                label.append(r["mark"] if r["mark"] == "3:1" else f"2:1 {r['mark']}")
            if owner >= 0:
                c.add(f'<rect x="{_f(x - 10)}" y="{_f(y - 10)}" width="20" height="20" rx="3" fill="{SEAT[owner % 4]}" '
                      f'stroke="#000" stroke-width="1.5" data-piece="workshop" data-seat="{owner}">'
                      f'<title>{escape(", ".join(label))}: workshop of Player {owner + 1}</title></rect>')
                c.text(x, y + 3.5, str(j + 1), 10, weight="bold", fill=SEAT_INK[owner % 4])
            else:
                c.add(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="9" fill="{RED}" stroke="#7f0000" stroke-width="1.5">'
                      f'<title>{escape(", ".join(label))}</title></circle>')
                c.text(x, y + 3.5, str(j + 1), 9.5, weight="bold", fill="#ffffff")
            if r.get("mark") and market:
                mark = r["mark"] if r["mark"] == "3:1" else f"2:1 {r['mark']}"
                (mx0, my0), mw, mh = cpt(market["rect"][:2]), market["rect"][2] * S, market["rect"][3] * S
                cx, cy = mx0 + mw / 2, my0 + mh / 2
                dx, dy = cx - x, cy - y
                if abs(dy) >= abs(dx):  # a dot on the top or bottom edge: tag toward the middle
                    c.tag(x, y + (20 if dy > 0 else -20), mark)
                else:  # on a side: tag toward the middle, above (left side) or below (right side)
                    c.tag(x + (13 if dx > 0 else -13), y + (-17 if dx > 0 else 17), mark,
                          anchor="start" if dx > 0 else "end")

    # -- roads: gate, segments (toll spots), intersections (settlement spots), destination ------
    city_right = cpt((max((s["rect"][0] + s["rect"][2] for s in sectors), default=min(tx) - 2), 0))[0]
    gate_x = city_right + WALL_PAD + WALL_BAND + 16
    cities = {ci["name"]: ci for ci in raw["cities"]}
    for road in raw["roads"]:
        rid = road["id"]
        pts = [fpt(i["xy"]) for i in road["intersections"]]
        vroad = table["roads"].get(rid) if view else None
        gate = (gate_x, pts[0][1])
        line = [(city_right + WALL_PAD + WALL_BAND, pts[0][1]), gate] + pts
        end: tuple[float, float] | None = None
        bend: tuple[float, float] | None = None
        if road.get("city"):  # the stub: one more hex edge, then out to the city's name
            (px_, py_), (lx_, ly_) = pts[-2], pts[-1]
            bend = (2 * lx_ - px_, py_)
            end = (field_right + 14, py_)
        path = " ".join(f"{'M' if i == 0 else 'L'}{_f(x)},{_f(y)}" for i, (x, y) in enumerate(line))
        c.add(f'<path d="{path}" fill="none" stroke="{ROAD_EDGE}" stroke-width="11" stroke-linejoin="round" '
              f'stroke-linecap="round"/>')
        c.add(f'<path d="{path}" fill="none" stroke="{ROAD_FILL}" stroke-width="6.5" stroke-linejoin="round" '
              f'stroke-linecap="round"><title>road {rid}</title></path>')
        if end and bend:  # Q2: the named stub beyond the last intersection is no segment
            c.add(f'<path d="M{_f(pts[-1][0])},{_f(pts[-1][1])} L{_f(bend[0])},{_f(bend[1])} L{_f(end[0])},{_f(end[1])}" '
                  f'fill="none" stroke="{ROAD_EDGE}" stroke-width="6" stroke-dasharray="5,4"><title>road {rid} to '
                  f'{escape(road["city"])}: this stub is no segment (Q2)</title></path>')
        # the gate: the Roman numeral where the road leaves the city
        holder = _owner(vroad["right_of_way"]) if vroad else -1
        if holder >= 0:  # the gate in the colour of the road's right of way
            c.add(f'<circle cx="{_f(gate[0])}" cy="{_f(gate[1])}" r="12" fill="{SEAT[holder % 4]}" stroke="#000" '
                  f'stroke-width="2" data-piece="right_of_way" data-seat="{holder}"><title>road {rid} leaves the city '
                  f'here; right of way: Player {holder + 1}</title></circle>')
            ink = SEAT_INK[holder % 4]
        else:
            c.add(f'<circle cx="{_f(gate[0])}" cy="{_f(gate[1])}" r="12" fill="#fffbe8" stroke="{BROWN}" stroke-width="2">'
                  f'<title>road {rid} leaves the city here</title></circle>')
            ink = BROWN
        c.text(gate[0], gate[1] + 4.5, rid, 12 if len(rid) < 3 else 10, weight="bold", fill=ink)
        for s in range(len(pts) - 1):
            (xa, ya), (xb, yb) = pts[s], pts[s + 1]
            mx, my = (xa + xb) / 2, (ya + yb) / 2
            owner = _owner(vroad["tolls"][s]) if vroad and s < len(vroad["tolls"]) else -1
            if owner >= 0:
                c.add(f'<rect x="{_f(mx - 8)}" y="{_f(my - 7)}" width="16" height="14" rx="2" fill="{SEAT[owner % 4]}" '
                      f'stroke="#000" stroke-width="1.5" data-piece="toll" data-seat="{owner}"><title>road {rid}, '
                      f'segment {s + 1}: toll station of Player {owner + 1}</title></rect>')
                c.text(mx, my + 3.5, str(s + 1), 9, weight="bold", fill=SEAT_INK[owner % 4])
            else:
                c.add(f'<rect x="{_f(mx - 6)}" y="{_f(my - 5.5)}" width="12" height="11" rx="2" fill="{ROAD_FILL}" '
                      f'stroke="{ROAD_EDGE}"><title>road {rid}, segment {s + 1}</title></rect>')
                c.text(mx, my + 3, str(s + 1), 8, fill=BROWN, weight="bold")
        for i, (x, y) in enumerate(pts):
            owner = _owner(vroad["settlements"][i]) if vroad and i < len(vroad["settlements"]) else -1
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
        if end:
            ci = cities.get(road["city"], {})
            c.text(end[0] + 6, end[1] - 2, f"{rid} → {road['city']}", 13, anchor="start", weight="bold", fill=BROWN)
            c.text(end[0] + 6, end[1] + 11, f"toll {ci.get('toll', '?')} gold per sale", 9, anchor="start", fill=BROWN)
            lx, ly = end[0] + 6, end[1] + 16
        else:  # the road ends in the forest: a short dotted stub and a tag on the next hex corner
            (px_, py_), (ex, ey) = pts[-2], pts[-1]
            tx_, ty_ = 2 * ex - px_, py_
            c.add(f'<line x1="{_f(ex)}" y1="{_f(ey)}" x2="{_f(tx_)}" y2="{_f(ty_)}" stroke="{ROAD_EDGE}" '
                  f'stroke-width="4" stroke-dasharray="2,3"/>')
            c.tag(tx_, ty_, f"{rid} ends", 9, fill="#fffbe8", stroke=BROWN, ink=BROWN)
        if end and holder is not None and holder >= 0:
            c.add(f'<rect x="{_f(lx)}" y="{_f(ly)}" width="12" height="9" fill="{SEAT[holder % 4]}" stroke="#000"/>')
            c.text(lx + 16, ly + 8, f"right of way: Player {holder + 1}", 8.5, anchor="start", fill=BROWN)

    # -- title -------------------------------------------------------------------------------------
    c.text(16, 30, "Die Siedler von Nürnberg", 20, anchor="start", weight="bold", fill=BROWN)
    sub = ("Nuremberg's old town (left) and its surroundings: five roads from the city gates I–V; "
           "○ intersection (settlement spot), □ segment (toll station spot)")
    c.text(16, 50, sub, 10.5, anchor="start", fill=BROWN)

    # -- Raubritterburg, legend, time track ------------------------------------------------------------
    bx, by = fpt(raw["raubritterburg"]["xy"])
    _castle(c, bx, by)
    if view is not None and robber is None:
        _robber(c, bx + 44, by - 2)
    low = max(field_bottom + 14, by + 52, (py1 + WALL_PAD + WALL_BAND + 28) if sectors else 0)
    lx = 16.0
    c.text(lx, low + 4, "Terrains:", 10.5, anchor="start", weight="bold", fill=BROWN)
    x = lx + 62
    for kind, res in TERRAIN_TYPES.items():
        c.add(f'<rect x="{_f(x)}" y="{_f(low - 6)}" width="14" height="12" fill="{FILL[kind]}" stroke="{BROWN}"/>')
        c.text(x + 18, low + 4, f"{kind} → {res}", 10, anchor="start")
        x += 26 + len(f"{kind} → {res}") * 5.6
    c.text(x + 6, low + 4, "• dots: event cards with that number (6 and 8 in red: 5 cards each)", 10, anchor="start")
    row2 = low + 24
    c.text(lx, row2 + 4, "City:", 10.5, anchor="start", weight="bold", fill=BROWN)
    c.add(f'<circle cx="{_f(lx + 48)}" cy="{_f(row2)}" r="7" fill="{RED}"/>')
    c.text(lx + 60, row2 + 4, "red intersection (workshop spot; doubles sales of the goods beside it; "
           "at the Hauptmarkt: 3:1 or 2:1 bank trade)", 10, anchor="start")
    row3 = row2 + 22
    c.text(lx, row3 + 4, "Wall:", 10.5, anchor="start", weight="bold", fill=BROWN)
    c.text(lx + 40, row3 + 4, f"{raw['wall']['pieces']} pieces built in order from the arrow, counter-clockwise; "
           "▲ tower triangle, open once both neighbouring pieces stand", 10, anchor="start")
    row3 += 22
    c.text(lx, row3 + 4, "Roads:", 10.5, anchor="start", weight="bold", fill=BROWN)
    c.text(lx + 48, row3 + 4, "a road's first toll station goes on its segment 1 at the city gate, later ones on the "
           "next free segment outward", 10, anchor="start")
    row3 += 16
    c.text(lx + 48, row3 + 4, "I, II, III lead to Frankfurt, Prague, Venice; IV and V end in the forest"
           + ("; a gate in a player's colour: that road's right of way" if view else ""), 10, anchor="start")
    row = row3
    if view:
        row += 22
        c.text(lx, row + 4, "Players:", 10.5, anchor="start", weight="bold", fill=BROWN)
        x = lx + 58
        for p, info in enumerate(seats):
            c.add(f'<rect x="{_f(x)}" y="{_f(row - 6)}" width="14" height="12" fill="{SEAT[p % 4]}" stroke="#000"/>')
            words = f"Player {p + 1} ({SEAT_NAME[p % 4]}): {info['victory_points']} VP, {info['prestige']} prestige"
            c.text(x + 18, row + 4, words, 10, anchor="start")
            x += 30 + len(words) * 5.5
    years = raw["time_track"]["years"]
    now = table.get("year")
    ty0 = row + 34
    c.text(lx, ty0 + 19, "Time:", 10.5, anchor="start", weight="bold", fill=BROWN)
    bw = 54.0
    for i, y in enumerate(years):
        x = lx + 44 + i * (bw + 4)
        red = y in raw["time_track"]["reshuffle"]
        c.add(f'<rect x="{_f(x)}" y="{_f(ty0)}" width="{_f(bw)}" height="26" rx="3" '
              f'fill="{"#ef9a9a" if red else "#fffbe8"}" stroke="{BROWN}"><title>{y}</title></rect>')
        c.text(x + bw / 2, ty0 + 17, str(y), 11, weight="bold" if red or y == years[-1] else "normal")
        note = "reshuffle" if red else ("start" if i == 0 else ("game ends" if i == len(years) - 1 else ""))
        if note:
            c.text(x + bw / 2, ty0 + 38, note, 8.5, fill=RED if red else BROWN)
        if now == y:
            c.add(f'<circle cx="{_f(x + bw - 2)}" cy="{_f(ty0 - 1)}" r="7" fill="#b39ddb" stroke="#4a148c" '
                  f'stroke-width="1.5" data-piece="time"><title>time stone: {y}</title></circle>')
    height = ty0 + 52
    width = max(width, lx + 44 + len(years) * (bw + 4) + 10)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="DejaVu Sans, Verdana, sans-serif">'
            f'<rect width="100%" height="100%" fill="{PAPER}"/>')
    return "\n".join([head, *c.out, "</svg>"])


def _robber(c: _Canvas, x: float, y: float) -> None:
    c.add(f'<g data-piece="robber"><title>the robber knight</title>'
          f'<ellipse cx="{_f(x)}" cy="{_f(y + 9)}" rx="8" ry="3" fill="#000"/>'
          f'<path d="M{_f(x - 6)},{_f(y + 9)} L{_f(x - 3)},{_f(y - 2)} L{_f(x + 3)},{_f(y - 2)} L{_f(x + 6)},{_f(y + 9)} Z" '
          f'fill="#212121"/><circle cx="{_f(x)}" cy="{_f(y - 6)}" r="5" fill="#212121"/></g>')


def _castle(c: _Canvas, x: float, y: float) -> None:
    c.add(f'<g><title>Raubritterburg: the robber knight starts here and returns on a Markgraf card</title>'
          f'<path d="M{_f(x - 24)},{_f(y + 12)} L{_f(x - 24)},{_f(y - 12)} L{_f(x - 17)},{_f(y - 12)} '
          f'L{_f(x - 17)},{_f(y - 6)} L{_f(x - 10)},{_f(y - 6)} L{_f(x - 10)},{_f(y - 18)} L{_f(x + 10)},{_f(y - 18)} '
          f'L{_f(x + 10)},{_f(y - 6)} L{_f(x + 17)},{_f(y - 6)} L{_f(x + 17)},{_f(y - 12)} L{_f(x + 24)},{_f(y - 12)} '
          f'L{_f(x + 24)},{_f(y + 12)} Z" fill="#424242" stroke="#000"/></g>')
    c.text(x, y + 26, "Raubritterburg", 10, weight="bold", fill="#212121")


def _wall(c: _Canvas, raw: dict[str, Any], view: dict[str, Any] | None, px0: float, py0: float, px1: float, py1: float) -> None:
    """The wall track: numbered pieces counter-clockwise from the arrow at the top-left
    corner (down the left side, along the bottom, up the right, back along the top)."""
    d = WALL_PAD + WALL_BAND / 2
    corners = [(px0 - d, py0 - d), (px0 - d, py1 + d), (px1 + d, py1 + d), (px1 + d, py0 - d)]
    sides = [(corners[a], corners[(a + 1) % 4]) for a in range(4)]
    total = sum(math.dist(a, b) for a, b in sides)
    pieces = raw["wall"]["pieces"]

    def at(dist: float) -> tuple[float, float]:
        for a, b in sides:
            seg = math.dist(a, b)
            if dist <= seg + 1e-9:
                return (a[0] + (b[0] - a[0]) * dist / seg, a[1] + (b[1] - a[1]) * dist / seg)
            dist -= seg
        return corners[0]

    built = view["table"]["walls"] if view else []
    step = total / pieces
    for k in range(pieces):
        # a piece may turn a corner: draw it as a polyline through the corners it passes
        a, b = k * step, (k + 1) * step
        pts = [at(a)]
        acc = 0.0
        for ca, cb in sides:
            acc += math.dist(ca, cb)
            if a < acc < b:
                pts.append(cb)
        pts.append(at(b))
        owner = built[k] if k < len(built) else -1
        path = " ".join(f"{'M' if i == 0 else 'L'}{_f(x)},{_f(y)}" for i, (x, y) in enumerate(pts))
        piece = f' data-piece="wall" data-seat="{owner}"' if owner >= 0 else ""
        who = f": Player {owner + 1}" if owner >= 0 else ""
        c.add(f'<path d="{path}" fill="none" stroke="{SEAT[owner % 4] if owner >= 0 else "#e0d6cc"}" '
              f'stroke-width="{WALL_BAND}"{piece}><title>wall piece {k + 1}{who}</title></path>')
        sx, sy = at(a)
        ex, ey = at(b)
        # separators between pieces
        nx, ny = _normal(sides, a, total)
        c.add(f'<line x1="{_f(sx - nx * WALL_BAND / 2)}" y1="{_f(sy - ny * WALL_BAND / 2)}" '
              f'x2="{_f(sx + nx * WALL_BAND / 2)}" y2="{_f(sy + ny * WALL_BAND / 2)}" stroke="{BROWN}" stroke-width="1.5"/>')
        mx, my = at((a + b) / 2)
        ink = SEAT_INK[owner % 4] if owner >= 0 else BROWN
        c.text(mx, my + 3.5, str(k + 1), 9.5, weight="bold", fill=ink)
    # the border lines of the track
    for off in (-WALL_BAND / 2, WALL_BAND / 2):
        x0, y0, x1, y1 = corners[0][0] + off, corners[0][1] + off, corners[2][0] - off, corners[2][1] - off
        c.add(f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(x1 - x0)}" height="{_f(y1 - y0)}" fill="none" '
              f'stroke="{BROWN}" stroke-width="1"/>')
    # the arrow: where the first piece goes
    ax, ay = corners[0]
    c.add(f'<path d="M{_f(ax - 5)},{_f(ay - 42)} L{_f(ax + 5)},{_f(ay - 42)} L{_f(ax + 5)},{_f(ay - 24)} '
          f'L{_f(ax + 10)},{_f(ay - 24)} L{_f(ax)},{_f(ay - 12)} L{_f(ax - 10)},{_f(ay - 24)} L{_f(ax - 5)},{_f(ay - 24)} Z" '
          f'fill="{RED}"><title>the first wall piece goes here</title></path>')
    c.text(ax + 12, ay - 31, "city wall: piece 1 here, then counter-clockwise", 10, anchor="start", fill=RED,
           weight="bold")
    # tower triangles, outside the track at the joint after the named piece
    towers = view["table"]["towers"] if view else []
    for i, after in enumerate(raw["wall"]["tower_triangles_after"]):
        dist = (after % pieces) * step
        x, y = at(dist)
        nx, ny = _normal(sides, dist, total)
        ox, oy = x + nx * (WALL_BAND / 2 + 9), y + ny * (WALL_BAND / 2 + 9)
        tip = (ox + nx * 9, oy + ny * 9)
        b1 = (ox - ny * 9 - nx * 6, oy + nx * 9 - ny * 6)
        b2 = (ox + ny * 9 - nx * 6, oy - nx * 9 - ny * 6)
        owner = _owner(towers[i]) if i < len(towers) else -1
        fill = SEAT[owner % 4] if owner >= 0 else "#fffbe8"
        piece = f' data-piece="tower" data-seat="{owner}"' if owner >= 0 else ""
        who = f": tower of Player {owner + 1}" if owner >= 0 else ""
        c.add(f'<polygon points="{_f(tip[0])},{_f(tip[1])} {_f(b1[0])},{_f(b1[1])} {_f(b2[0])},{_f(b2[1])}" '
              f'fill="{fill}" stroke="{BROWN}" stroke-width="1.8"{piece}><title>tower triangle after wall piece '
              f'{after}{who}</title></polygon>')


def _normal(sides: list[tuple[tuple[float, float], tuple[float, float]]], dist: float, total: float) -> tuple[float, float]:
    """The outward unit normal of the track at a distance along it (the side it is on)."""
    dist %= total
    for (ax, ay), (bx, by) in sides:
        seg = math.dist((ax, ay), (bx, by))
        if dist < seg - 1e-9:
            dx, dy = (bx - ax) / seg, (by - ay) / seg
            return (-dy, dx)
        dist -= seg
    return (0.0, -1.0)


__all__ = ["board_svg"]
