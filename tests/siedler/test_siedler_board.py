"""The board's geometry (geometry.py), computed once from the map file: the public
drawing data the browser gets (Game.board) and the SVG board draws with, so that both
put every place where the map file says."""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET

import reichsstadt
from reichsstadt.games.siedler.constants import CARD_KINDS, TERRAIN_TYPES
from reichsstadt.games.siedler.data import bundled
from reichsstadt.games.siedler.svg import board_svg

GAME = reichsstadt.game("siedler")
SVG = "{http://www.w3.org/2000/svg}"


def test_the_board_data_is_json_with_a_place_for_everything_of_the_map():
    m = bundled()
    b = GAME.board()
    assert json.loads(json.dumps(b)) == b
    raw = m.raw
    field, city = b["field"], b["city"]
    assert [t["id"] for t in field["terrains"]] == [t["id"] for t in raw["terrains"]]
    cards = {n: sum(c for k, c in enumerate(m.deck_counts) if CARD_KINDS[k][0] == n) for n in range(2, 13)}
    for t, drawn in zip(raw["terrains"], field["terrains"]):
        assert drawn["resource"] == TERRAIN_TYPES[t["type"]] and len(drawn["corners"]) == 6
        assert drawn["cards"] == cards[t["number"]]  # the odds a player reads off the dots (5.1)
    for road in raw["roads"]:
        drawn = next(r for r in field["roads"] if r["id"] == road["id"])
        assert len(drawn["points"]) == len(road["intersections"])
        assert len(drawn["segments"]) == len(road["intersections"]) - 1
        assert (drawn["city"] is None) == (road.get("city") is None)
    assert len(city["sectors"]) == 12 and len(city["red_intersections"]) == 12
    assert len(city["wall"]["pieces"]) == raw["wall"]["pieces"]
    assert [t["after"] for t in city["wall"]["triangles"]] == raw["wall"]["tower_triangles_after"]
    assert all(t["needs"] >= t["after"] for t in city["wall"]["triangles"])  # 5.2.2.5: both neighbours stand
    assert set(b["colors"]["terrain"]) == set(TERRAIN_TYPES) and len(b["colors"]["seat"]) == 4


def test_the_places_do_not_overlap_and_fit_their_frames():
    b = GAME.board()
    for frame, places in (("field", [p for r in b["field"]["roads"] for p in r["points"]]),
                          ("city", [r["xy"] for r in b["city"]["red_intersections"]])):
        w, h = b[frame]["width"], b[frame]["height"]
        assert all(0 <= x <= w and 0 <= y <= h for x, y in places), frame
    spots = [tuple(p) for r in b["field"]["roads"] for p in r["points"]]
    assert len(set(spots)) == len(spots), "two intersections drawn on one spot"


def test_the_svg_board_draws_from_the_same_numbers():
    """svg.py reads geometry.py: every terrain's hex and every red intersection where the
    board data puts them (each frame a translated group)."""
    b = GAME.board()
    root = ET.fromstring(board_svg())
    hexes = {el.find(f"{SVG}title").text.split(":")[0]: el.get("points") for el in root.iter(f"{SVG}polygon")
             if el.find(f"{SVG}title") is not None and re.match(r"T\d+:", el.find(f"{SVG}title").text)}
    for t in b["field"]["terrains"]:
        assert hexes[t["id"]] == " ".join(f"{x:.1f},{y:.1f}" for x, y in t["corners"])
    reds = [(float(el.get("cx")), float(el.get("cy"))) for el in root.iter(f"{SVG}circle")
            if (el.findtext(f"{SVG}title") or "").startswith("red intersection")]
    assert reds == [tuple(r["xy"]) for r in b["city"]["red_intersections"]]


def test_a_map_of_ones_own_gets_its_own_board():
    raw = copy.deepcopy(bundled().raw)
    assert raw["terrains"][0]["hex"] == [0, 0]
    raw["terrains"][0].update(hex=[0, 4], xy=[6.9282, 0.0])  # four hexes to the right, on a free place
    mine, ours = GAME.board({"map": raw}), GAME.board()

    def gap(b):  # how far left of the second terrain the first is drawn
        first, second = b["field"]["terrains"][0]["center"], b["field"]["terrains"][1]["center"]
        return second[0] - first[0]

    assert round(gap(mine) - gap(ours)) == round(-6.9282 * mine["scale"])


def test_games_without_drawing_data_say_so():
    assert reichsstadt.game("norenberc").board() is None and reichsstadt.game("colonia").board() is None
