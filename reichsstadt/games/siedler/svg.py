"""The board drawn from the map file (and, optionally, a view's pieces) as SVG: a pure
function, reused by the web client."""

from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import escape

from .mapdata import ROAD_NAMES, load_map

FILL = {"forest": "#2e7d32", "pasture": "#9ccc65", "fields": "#fdd835", "hills": "#d84315", "mountains": "#78909c"}
SEAT = ("#f5f5f5", "#e53935", "#1e88e5", "#fb8c00")
SECTOR = {"goods": "#efe3c8", "hauptmarkt": "#ffe082", "bauhof": "#bcaaa4"}
SCALE = 40.0


def _pt(xy: list[float] | tuple[float, float], ox: float, oy: float) -> tuple[float, float]:
    return (round((xy[0] + ox) * SCALE, 1), round((xy[1] + oy) * SCALE, 1))


def board_svg(map_data: dict | None = None, view: dict | None = None) -> str:
    """The map (None: the bundled one): terrains with numbers, roads with segments and
    intersections, the city's sectors and red intersections, the wall and time tracks;
    with a view, the pieces in play too."""
    m = load_map(map_data)
    raw: dict[str, Any] = m.raw
    xs = [t["xy"][0] for t in raw["terrains"]] + [s["rect"][0] for s in raw["city"]["sectors"] if "rect" in s]
    ys = [t["xy"][1] for t in raw["terrains"]]
    ox, oy = -min(xs) + 1.5, -min(ys) + 1.8
    width = (max(t["xy"][0] for t in raw["terrains"]) + ox + 3.5) * SCALE
    height = (max(ys) + oy + 4.0) * SCALE
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
        '<rect width="100%" height="100%" fill="#f3ead7"/>',
    ]
    robber = view.get("robber") if view else None
    for t in raw["terrains"]:
        cx, cy = _pt(t["xy"], ox, oy)
        pts = " ".join(f"{cx + SCALE * math.cos(math.radians(a)):.1f},{cy + SCALE * math.sin(math.radians(a)):.1f}"
                       for a in (-90, -30, 30, 90, 150, 210))
        out.append(f'<polygon points="{pts}" fill="{FILL[t["type"]]}" stroke="#5d4037" stroke-width="1.5">'
                   f'<title>{escape(t["id"])}: {t["type"]} {t["number"]}</title></polygon>')
        red = t["number"] in (6, 8)
        out.append(f'<circle cx="{cx}" cy="{cy}" r="11" fill="#fffde7" stroke="#5d4037"/>')
        out.append(f'<text x="{cx}" y="{cy + 4}" text-anchor="middle" font-size="12" '
                   f'font-weight="bold" fill="{"#c62828" if red else "#212121"}">{t["number"]}</text>')
        if robber == t["id"]:
            out.append(f'<circle cx="{cx + 14}" cy="{cy - 14}" r="7" fill="#212121"><title>robber knight</title></circle>')
    # roads: segments as thick lines, intersections as dots, tolls and settlements from a view
    for road in raw["roads"]:
        inters = road["intersections"]
        pts = [_pt(i["xy"], ox, oy) for i in inters]
        vroad = view["roads"][road["id"]] if view else None
        for s in range(len(pts) - 1):
            (x1, y1), (x2, y2) = pts[s], pts[s + 1]
            out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#6d4c41" stroke-width="6" '
                       f'stroke-linecap="round"><title>road {road["id"]}, segment {s + 1}</title></line>')
            if vroad and s < len(vroad["tolls"]) and vroad["tolls"][s] >= 0:
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                out.append(f'<rect x="{mx - 5:.1f}" y="{my - 5:.1f}" width="10" height="10" '
                           f'fill="{SEAT[vroad["tolls"][s] % 4]}" stroke="#000"/>')
        for i, (x, y) in enumerate(pts):
            out.append(f'<circle cx="{x}" cy="{y}" r="3.5" fill="#3e2723"><title>road {road["id"]}, '
                       f'intersection {i + 1}</title></circle>')
            if vroad and vroad["settlements"][i] >= 0:
                out.append(f'<path d="M{x - 7},{y + 6} L{x - 7},{y - 2} L{x},{y - 9} L{x + 7},{y - 2} L{x + 7},{y + 6} Z" '
                           f'fill="{SEAT[vroad["settlements"][i] % 4]}" stroke="#000"/>')
        lx, ly = pts[-1]
        label = f'{road["id"]} {road["city"]}' if road.get("city") else road["id"]
        out.append(f'<text x="{lx + 12}" y="{ly + 4}" font-size="13" font-weight="bold" fill="#3e2723">{escape(label)}</text>')
        fx, fy = pts[0]
        out.append(f'<text x="{fx - 16}" y="{fy + 4}" font-size="11" fill="#3e2723" text-anchor="end">{road["id"]}</text>')
    # the city: sectors, red intersections, wall track around it
    sectors = raw["city"]["sectors"]
    rects = [s["rect"] for s in sectors if "rect" in s]
    if rects:
        x0 = min(r[0] for r in rects)
        y0 = min(r[1] for r in rects)
        x1 = max(r[0] + r[2] for r in rects)
        y1 = max(r[1] + r[3] for r in rects)
        for s in sectors:
            if "rect" not in s:
                continue
            (sx, sy), w, h = _pt(s["rect"][:2], ox, oy), s["rect"][2] * SCALE, s["rect"][3] * SCALE
            name = s.get("good") or s["kind"].capitalize()
            out.append(f'<rect x="{sx}" y="{sy}" width="{w:.1f}" height="{h:.1f}" fill="{SECTOR[s["kind"]]}" stroke="#8d6e63"/>')
            out.append(f'<text x="{sx + w / 2:.1f}" y="{sy + h / 2:.1f}" font-size="11" text-anchor="middle">{escape(name)}</text>')
        for j, r in enumerate(raw["city"]["red_intersections"]):
            if "xy" not in r:
                continue
            x, y = _pt(r["xy"], ox, oy)
            owner = view["workshops"][j] if view else -1
            fill = SEAT[owner % 4] if owner >= 0 else "#c62828"
            out.append(f'<circle cx="{x}" cy="{y}" r="7" fill="{fill}" stroke="#b71c1c" stroke-width="2">'
                       f'<title>red intersection {j + 1}</title></circle>')
            if r.get("mark"):
                mark = r["mark"] if r["mark"] == "3:1" else f'2:1 {r["mark"]}'
                out.append(f'<text x="{x + 9}" y="{y - 8}" font-size="9" fill="#b71c1c">{escape(mark)}</text>')
        # 26 wall pieces counter-clockwise from the arrow (top-left corner of the city)
        px0, py0 = _pt((x0, y0), ox, oy)
        px1, py1 = _pt((x1, y1), ox, oy)
        pad = 9
        corners = [(px0 - pad, py0 - pad), (px0 - pad, py1 + pad), (px1 + pad, py1 + pad), (px1 + pad, py0 - pad)]
        perim = []
        for a in range(4):
            perim.append((corners[a], corners[(a + 1) % 4]))
        total = sum(math.dist(a, b) for a, b in perim)
        pieces = raw["wall"]["pieces"]
        built = view["walls"] if view else []
        spots = []
        for k in range(pieces + 1):
            d = total * k / pieces
            for a, b in perim:
                seg = math.dist(a, b)
                if d <= seg:
                    spots.append((a[0] + (b[0] - a[0]) * d / seg, a[1] + (b[1] - a[1]) * d / seg))
                    break
                d -= seg
            else:
                spots.append(corners[0])
        for k in range(pieces):
            (xa, ya), (xb, yb) = spots[k], spots[k + 1]
            color = SEAT[built[k] % 4] if k < len(built) else "#d7ccc8"
            out.append(f'<line x1="{xa:.1f}" y1="{ya:.1f}" x2="{xb:.1f}" y2="{yb:.1f}" stroke="{color}" stroke-width="7">'
                       f'<title>wall piece {k + 1}</title></line>')
            out.append(f'<line x1="{xa:.1f}" y1="{ya:.1f}" x2="{xb:.1f}" y2="{yb:.1f}" stroke="#5d4037" stroke-width="1" stroke-dasharray="2,3"/>')
        out.append(f'<text x="{corners[0][0]}" y="{corners[0][1] - 6}" font-size="14">&#8595; wall starts</text>')
        towers = view["towers"] if view else []
        for i, after in enumerate(raw["wall"]["tower_triangles_after"]):
            x, y = spots[after % pieces] if after < pieces else spots[pieces]
            owner = towers[i] if i < len(towers) else -1
            fill = SEAT[owner % 4] if owner >= 0 else "none"
            out.append(f'<polygon points="{x:.1f},{y - 9:.1f} {x - 8:.1f},{y + 6:.1f} {x + 8:.1f},{y + 6:.1f}" '
                       f'fill="{fill}" stroke="#3e2723"><title>tower triangle after wall piece {after}</title></polygon>')
    # time track and Raubritterburg
    years = raw["time_track"]["years"]
    ty = height - 1.6 * SCALE
    now = view.get("year") if view else None
    for i, y in enumerate(years):
        x = SCALE * (1 + i * 1.4)
        red = y in raw["time_track"]["reshuffle"]
        out.append(f'<rect x="{x:.1f}" y="{ty:.1f}" width="{SCALE * 1.3:.1f}" height="{SCALE * 0.7:.1f}" '
                   f'fill="{"#ef9a9a" if red else "#fff8e1"}" stroke="{"#6a1b9a" if now == y else "#5d4037"}" '
                   f'stroke-width="{3 if now == y else 1}"/>')
        out.append(f'<text x="{x + SCALE * 0.65:.1f}" y="{ty + SCALE * 0.45:.1f}" font-size="12" text-anchor="middle">{y}</text>')
    bx, by = _pt(raw["raubritterburg"]["xy"], ox, oy)
    out.append(f'<rect x="{bx - 30}" y="{by - 12}" width="60" height="24" fill="#424242"/>')
    out.append(f'<text x="{bx}" y="{by + 4}" font-size="9" fill="#fff" text-anchor="middle">Raubritterburg</text>')
    if view and robber is None:
        out.append(f'<circle cx="{bx + 38}" cy="{by}" r="7" fill="#212121"><title>robber knight</title></circle>')
    out.append(f'<text x="{SCALE}" y="{SCALE * 0.8}" font-size="16" font-weight="bold">Die Siedler von Nürnberg'
               f' &#8212; roads {", ".join(ROAD_NAMES)}</text>')
    out.append("</svg>")
    return "\n".join(out)
