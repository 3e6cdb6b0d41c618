"""The SVG board: the drawing from the map alone, and a mid-game view's pieces, counted
per player colour."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import reichsstadt
from reichsstadt.core.conformance import random_playout
from reichsstadt.games.siedler.svg import SEAT, board_svg

GAME = reichsstadt.game("siedler")


def _mid_game(seed: int, players: int = 4):
    states = []
    random_playout(GAME, players, seed, on_step=lambda s: states.append(s.clone()))
    return states[len(states) // 2]


def _pieces(svg: str) -> dict[tuple[str, int], list[str]]:
    """(kind, seat) -> the fills of the elements drawn for those pieces."""
    out: dict[tuple[str, int], list[str]] = {}
    root = ET.fromstring(svg)
    for el in root.iter():
        kind = el.get("data-piece")
        if kind and el.get("data-seat") is not None:
            fill = el.get("fill")
            if fill in (None, "none"):  # wall pieces are strokes
                fill = el.get("stroke")
            out.setdefault((kind, int(el.get("data-seat"))), []).append(fill)
    return out


def test_board_without_a_view_is_valid_svg_with_every_place_numbered():
    svg = board_svg()
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag.endswith("svg")
    titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    for road, segs in (("I", 9), ("II", 9), ("III", 9), ("IV", 7), ("V", 7)):
        assert f"road {road}, segment {segs}" in titles and f"road {road}, segment {segs + 1}" not in titles
        assert any(t.startswith(f"road {road}, intersection {segs + 1}") for t in titles)
    assert sum(1 for t in titles if t.startswith("red intersection")) == 12
    assert sum(1 for t in titles if re.fullmatch(r"wall piece \d+", t or "")) == 26
    assert sum(1 for t in titles if t.startswith("tower triangle after")) == 8
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    for word in ("I → Frankfurt", "II → Prague", "III → Venice", "IV ends", "V ends", "Raubritterburg", "Bauhof",
                 "Hauptmarkt", "3:1", "2:1 wood", "1370", "1385", "reshuffle", "forest → wood", "mountains → stone"):
        assert word in texts, word
    assert "data-seat" not in svg  # no pieces without a view


def _text_heights(el, dy=0.0, out=None) -> dict[str, float]:
    """Each text's y on the page (its frame's translation added)."""
    out = {} if out is None else out
    move = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", el.get("transform", ""))
    dy += float(move.group(2)) if move else 0.0
    if el.tag.endswith("text"):
        out[el.text] = float(el.get("y")) + dy
    for child in el:
        _text_heights(child, dy, out)
    return out


def test_title_and_wall_label_do_not_overlap():
    ys = _text_heights(ET.fromstring(board_svg()))
    assert ys["city wall: piece 1 here, then counter-clockwise"] - ys["Die Siedler von Nürnberg"] > 30


@pytest.mark.parametrize("seed,players", [(3, 4), (8, 3)])
def test_mid_game_view_draws_every_piece_in_its_players_colour(seed, players):
    s = _mid_game(seed, players)
    v = s.view(None)
    got = _pieces(board_svg(None, v))
    for p in range(players):
        want = {
            "settlement": sum(1 for o in s.settlement_owner if o == p),
            "toll": sum(1 for o in s.toll_owner if o == p),
            "workshop": sum(1 for o in s.workshop_owner if o == p),
            "wall": sum(1 for o in s.wall_builders if o == p),
            "tower": sum(1 for o in s.tower_owner if o == p),
            "right_of_way": sum(1 for h in s.right_of_way if h == p),
        }
        for kind, n in want.items():
            fills = got.get((kind, p), [])
            assert len(fills) == n, (kind, p, len(fills), n)
            assert all(f == SEAT[p] for f in fills), (kind, p, fills)
    assert sum(len(x) for x in got.values()) > 10
    svg = board_svg(None, v)
    assert svg.count('data-piece="robber"') == 1 and svg.count('data-piece="time"') == 1
    assert f"time stone: {v['table']['year']}" in svg


def test_constructed_view_with_every_kind_of_piece():
    from tests.siedler.siedler_helpers import edit, main_phase, put, set_workshop, start

    s = main_phase(start())
    s = set_workshop(s, 4, 2)
    s = edit(s, wall_builders=[0, 1, 2, 3, 0])
    s = put(s, "tower_owner", 0, 2)
    s = edit(s, robber=5)
    got = _pieces(board_svg(None, s.view(2)))
    assert len(got[("workshop", 2)]) == 1 and len(got[("tower", 2)]) == 1
    assert len(got[("wall", 0)]) == 2 and len(got[("wall", 3)]) == 1
    assert len(got[("settlement", 0)]) == 2 and len(got[("toll", 0)]) == 2
    svg = board_svg(None, s.view(2))
    assert "T6: " in svg and svg.count('data-piece="robber"') == 1
