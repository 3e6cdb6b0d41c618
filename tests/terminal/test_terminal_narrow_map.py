"""Siedler's map (m) in a terminal of 80 columns: the drawing is 117 columns wide, and
wrapped, the rest of each line fell onto the next, so hexes and roads came apart into
a jumble. Each line of the drawing stays one line, cut at the edge ("…"), as the board
is; the title, the legend and the robber's line still wrap whole."""

from __future__ import annotations

import io

from rich.console import Console

from reichsstadt.core import Match
from reichsstadt.games.siedler.terminal import render_map
from reichsstadt.i18n import Renderer

NAMES = ["Ann", "Bob", "Cy", "Di"]


def _map_lines(width: int) -> list[str]:
    match = Match("siedler", 4, 3, {}, NAMES)
    match.advance({})
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(
        render_map(match.state.view(0), 0, NAMES, Renderer("en", NAMES, viewer=0)))
    return out.getvalue().splitlines()


def _drawing(lines: list[str]) -> list[str]:
    first = next(i for i, line in enumerate(lines) if line.startswith("Players:")) + 1
    return lines[first:-1]


def test_at_80_columns_each_line_of_the_map_is_the_wide_line_cut():
    wide, narrow = _drawing(_map_lines(120)), _drawing(_map_lines(80))
    assert len(narrow) == len(wide)
    for short, whole in zip(narrow, wide):
        assert len(short) <= 80
        assert whole.startswith(short.rstrip().rstrip("…")), (short, whole)
    roads = [line for line in narrow if "╞○" in line]
    assert len(roads) == 5 and all(line.endswith("…") for line in roads)


def test_at_80_columns_the_words_around_the_map_wrap_whole():
    lines = _map_lines(80)
    text = " ".join(" ".join(lines).split())
    assert "The surroundings of Nuremberg: the five roads leave the city gates (left) along the hex edges" in text
    assert lines[-1].startswith("♞ The robber knight")
