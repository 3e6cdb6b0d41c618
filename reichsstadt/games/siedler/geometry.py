"""The board's geometry and colours, computed once from a map file: where every terrain,
road, intersection, segment, gate, sector, red intersection, wall piece and tower
triangle is drawn, in two frames (the surroundings, "field", and the old town, "city"),
with the colours of the terrains, sectors and seats. The SVG board (svg.py) draws from it,
and the browser gets it as the game's public drawing data (Game.board, served with the
table's data at /api/tables/{id}/data), so the two never disagree and no drawing code
computes a position of its own.

Coordinates are SVG user units, (0, 0) at the top left of each frame; the two frames
share their vertical origin, so a city drawn left of the field lines up with it."""

from __future__ import annotations

import math
import weakref
from typing import Any, Sequence

from .constants import CARD_KINDS, TERRAIN_TYPES
from .data import Components
from .rules import triangle_opens_at

SCALE = 44.0                 # map units (a hex's radius) to SVG units
TOP = 46.0                   # room above the topmost hex or sector
CITY_MARGIN = 50.0           # room around the old town for the wall track
GATE_ROOM = 62.0             # room left of the field for the roads' gates
LABEL_ROOM = 104.0           # room right of the field for the cities' names
WALL_PAD, WALL_BAND = 9.0, 16.0   # the wall track: its gap from the town, its width
HEX_CORNERS = (-90, -30, 30, 90, 150, 210)   # pointy top
HALF_WIDTH = 0.87            # a hex's half width, in map units (sqrt(3)/2)

COLORS: dict[str, Any] = {
    "terrain": {"forest": "#2e7d32", "pasture": "#9ccc65", "fields": "#f4d03f", "hills": "#c0562b",
                "mountains": "#8d9ba5"},
    "terrain_ink": {"forest": "#ffffff", "pasture": "#1b1b1b", "fields": "#1b1b1b", "hills": "#ffffff",
                    "mountains": "#1b1b1b"},
    "resource": {"wood": "#2e7d32", "wool": "#9ccc65", "grain": "#f4d03f", "brick": "#c0562b", "stone": "#8d9ba5",
                 "gold": "#e8b923"},
    "seat": ["#ffffff", "#d32f2f", "#1e63c8", "#f57c00"],   # white, red, blue, orange: the box's colours
    "seat_ink": ["#000000", "#ffffff", "#ffffff", "#000000"],
    "sector": {"goods": "#f1e6cc", "hauptmarkt": "#ffe39a", "bauhof": "#cdbfb6"},
    "paper": "#f6eedd", "ink": "#4e342e", "road_edge": "#5d4037", "road_fill": "#e9d6ad", "red": "#c62828",
    "wall": "#e0d6cc", "open": "#fffbe8",
}
"""Every colour of the board, by what it paints."""

Point = list[float]


def _pt(x: float, y: float) -> Point:
    return [round(x, 1), round(y, 1)]


_DRAWN: "weakref.WeakKeyDictionary[Components, dict[str, Any]]" = weakref.WeakKeyDictionary()


def board(m: Components) -> dict[str, Any]:
    """The drawing data of map `m`, computed once per map (SiedlerGame.board gives its
    shape); a shared object: callers copy before they change it."""
    drawn = _DRAWN.get(m)
    if drawn is None:
        drawn = _DRAWN[m] = _board(m)
    return drawn


def _board(m: Components) -> dict[str, Any]:
    raw = m.raw
    sectors = [s for s in raw["city"]["sectors"] if "rect" in s]
    ty = [t["xy"][1] for t in raw["terrains"]]
    y0 = min([min(ty) - 1, *(s["rect"][1] for s in sectors)])
    return {"scale": SCALE, "colors": COLORS, "field": _field(m, y0), "city": _city(m, sectors, y0)}


# -- the surroundings ---------------------------------------------------------------------------
def _field(m: Components, y0: float) -> dict[str, Any]:
    raw = m.raw
    tx = [t["xy"][0] for t in raw["terrains"]]
    ix = [i["xy"][0] for r in raw["roads"] for i in r["intersections"]]
    x0 = min(min(ix), min(tx) - HALF_WIDTH)

    def at(xy: Sequence[float]) -> Point:
        return _pt((xy[0] - x0) * SCALE + GATE_ROOM, (xy[1] - y0) * SCALE + TOP)

    right = (max(tx) + HALF_WIDTH - x0) * SCALE + GATE_ROOM
    castle = raw.get("raubritterburg", {}).get("xy")
    bottom = max(at((0, max(t["xy"][1] for t in raw["terrains"]) + 1))[1] + 10, at(castle)[1] + 42 if castle else 0)
    cards = _cards_per_number(m)
    terrains = []
    for t in raw["terrains"]:
        cx, cy = at(t["xy"])
        corners = [_pt(cx + (SCALE - 0.5) * math.cos(math.radians(a)), cy + (SCALE - 0.5) * math.sin(math.radians(a)))
                   for a in HEX_CORNERS]
        terrains.append({"id": t["id"], "type": t["type"], "resource": TERRAIN_TYPES[t["type"]],
                         "number": t["number"], "cards": cards.get(t["number"], 0), "center": [cx, cy],
                         "corners": corners})
    tolls = {c["name"]: c["toll"] for c in raw["cities"]}
    roads = [_road(r, at, right, tolls) for r in raw["roads"]]
    return {"width": round(right + 14 + LABEL_ROOM, 1), "height": round(bottom, 1), "right": round(right, 1),
            "terrains": terrains, "roads": roads, "raubritterburg": at(castle) if castle else None}


def _cards_per_number(m: Components) -> dict[int, int]:
    """How many event cards carry each harvest number (the odds of a terrain)."""
    out: dict[int, int] = {}
    for kind, count in enumerate(m.deck_counts):
        number = CARD_KINDS[kind][0]
        if number and count:
            out[number] = out.get(number, 0) + count
    return out


def _road(r: dict[str, Any], at: Any, right: float, tolls: dict[str, int]) -> dict[str, Any]:
    """A road: where it leaves the frame and its gate, its intersections and the middles of
    its segments (the settlement and toll spots), and its stub beyond the last
    intersection: on to its city's name (no segment, Q2), or a short end in the forest."""
    points = [at(i["xy"]) for i in r["intersections"]]
    (px, py), (lx, ly) = points[-2], points[-1]
    beyond = _pt(2 * lx - px, py)
    city = r.get("city")
    stub = [[lx, ly], beyond, _pt(right + 14, py)] if city else [[lx, ly], beyond]
    return {
        "id": r["id"], "city": city, "toll": tolls.get(city) if city else None,
        "start": _pt(0, points[0][1]), "gate": _pt(GATE_ROOM - 32, points[0][1]), "points": points,
        "segments": [_pt((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(points, points[1:])],
        "stub": stub, "label": _pt(right + 18, py) if city else beyond,
    }


# -- the old town -------------------------------------------------------------------------------
def _city(m: Components, sectors: list[dict[str, Any]], y0: float) -> dict[str, Any]:
    raw = m.raw
    x0 = min(s["rect"][0] for s in sectors)
    x1 = max(s["rect"][0] + s["rect"][2] for s in sectors)
    y1 = max(s["rect"][1] + s["rect"][3] for s in sectors)

    def at(xy: Sequence[float]) -> Point:
        return _pt((xy[0] - x0) * SCALE + CITY_MARGIN, (xy[1] - y0) * SCALE + TOP)

    box = [*at((x0, min(s["rect"][1] for s in sectors))), *at((x1, y1))]
    drawn = []
    for s in sectors:
        sx, sy = at(s["rect"][:2])
        w, h = s["rect"][2] * SCALE, s["rect"][3] * SCALE
        drawn.append({"id": s["id"], "kind": s["kind"], "good": s.get("good"),
                      "rect": [sx, sy, round(w, 1), round(h, 1)], "center": _pt(sx + w / 2, sy + h / 2)})
    market = next((s for s in drawn if s["kind"] == "hauptmarkt"), None)
    reds = [_red(j, r, at, market) for j, r in enumerate(raw["city"]["red_intersections"])]
    return {"width": round((x1 - x0) * SCALE + 2 * CITY_MARGIN, 1), "height": round(at((0, y1))[1] + CITY_MARGIN, 1),
            "box": box, "sectors": drawn, "red_intersections": reds, "wall": _wall(m, box)}


def _red(j: int, r: dict[str, Any], at: Any, market: dict[str, Any] | None) -> dict[str, Any]:
    """A red intersection, and where its trade mark's tag goes: toward the middle of the
    Hauptmarkt, above or below a dot on its top or bottom edge, beside one on a side."""
    xy = at(r["xy"]) if "xy" in r else None
    mark, tag, anchor = r.get("mark"), None, "middle"
    if xy is not None and mark and market is not None:
        (x, y), (cx, cy) = xy, market["center"]
        dx, dy = cx - x, cy - y
        if abs(dy) >= abs(dx):
            tag = _pt(x, y + (20 if dy > 0 else -20))
        else:
            tag, anchor = _pt(x + (13 if dx > 0 else -13), y + (-17 if dx > 0 else 17)), "start" if dx > 0 else "end"
    return {"index": j, "xy": xy, "mark": mark, "tag": tag, "anchor": anchor}


class _Track:
    """The wall track around the old town, counter-clockwise from its top-left corner:
    points and outward normals by the distance along it."""

    def __init__(self, box: Sequence[float]) -> None:
        d = WALL_PAD + WALL_BAND / 2
        px0, py0, px1, py1 = box
        self.corners = [(px0 - d, py0 - d), (px0 - d, py1 + d), (px1 + d, py1 + d), (px1 + d, py0 - d)]
        self.sides = [(self.corners[a], self.corners[(a + 1) % 4]) for a in range(4)]
        self.total = sum(math.dist(a, b) for a, b in self.sides)

    def at(self, dist: float) -> Point:
        for a, b in self.sides:
            seg = math.dist(a, b)
            if dist <= seg + 1e-9:
                return _pt(a[0] + (b[0] - a[0]) * dist / seg, a[1] + (b[1] - a[1]) * dist / seg)
            dist -= seg
        return _pt(*self.corners[0])

    def normal(self, dist: float) -> Point:
        dist %= self.total
        for (ax, ay), (bx, by) in self.sides:
            seg = math.dist((ax, ay), (bx, by))
            if dist < seg - 1e-9:
                return [round(-(by - ay) / seg, 3), round((bx - ax) / seg, 3)]
            dist -= seg
        return [0.0, -1.0]

    def path(self, a: float, b: float) -> list[Point]:
        """From distance a to b, through the corners it turns."""
        pts, acc = [self.at(a)], 0.0
        for ca, cb in self.sides:
            acc += math.dist(ca, cb)
            if a < acc < b:
                pts.append(_pt(*cb))
        return [*pts, self.at(b)]


def _wall(m: Components, box: Sequence[float]) -> dict[str, Any]:
    """The wall's numbered pieces (5.2.2.4), its border lines, the arrow at piece 1, and the
    tower triangles outside the joint after the piece each names (5.2.2.5)."""
    track = _Track(box)
    pieces, step = m.wall_pieces, track.total / m.wall_pieces
    drawn = [{"path": track.path(k * step, (k + 1) * step), "start": track.at(k * step),
              "middle": track.at((k + 0.5) * step), "normal": track.normal(k * step)} for k in range(pieces)]
    (cx0, cy0), (cx1, cy1) = track.corners[0], track.corners[2]
    border = [[round(cx0 + off, 1), round(cy0 + off, 1), round(cx1 - off, 1), round(cy1 - off, 1)]
              for off in (-WALL_BAND / 2, WALL_BAND / 2)]
    ax, ay = track.corners[0]
    arrow = [_pt(ax + dx, ay + dy) for dx, dy in ((-4, -40), (4, -40), (4, -24), (9, -24), (0, -11), (-9, -24),
                                                  (-4, -24))]
    triangles = []
    for i, after in enumerate(m.triangle_after):
        dist = (after % pieces) * step
        (x, y), (nx, ny) = track.at(dist), track.normal(dist)
        ox, oy = x + nx * (WALL_BAND / 2 + 9), y + ny * (WALL_BAND / 2 + 9)
        points = [_pt(ox + nx * 9, oy + ny * 9), _pt(ox - ny * 9 - nx * 6, oy + nx * 9 - ny * 6),
                  _pt(ox + ny * 9 - nx * 6, oy - nx * 9 - ny * 6)]
        triangles.append({"index": i, "after": after, "needs": triangle_opens_at(m, i),
                          "center": _pt(ox, oy), "points": points})
    return {"band": WALL_BAND, "pieces": drawn, "border": border, "arrow": arrow, "first": _pt(ax, ay),
            "triangles": triangles}


__all__ = ["COLORS", "SCALE", "board"]
