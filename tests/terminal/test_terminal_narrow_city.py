"""Colonia's whole city (c) in a terminal of 80 columns: the ordinances' table was laid
out for 120 columns, so the narrow columns were cut instead of the words — every day
shown as "…" and the result as "noch a…". As on the board (test_terminal_narrow), the
ordinance's words wrap and the day and the vote's result stay whole. The members' table
below had its headers cut ('Ratha…', "aujourd'h…"): it comes as two tables there."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from reichsstadt.core import Match, Message
from reichsstadt.games.colonia.terminal import render_city
from reichsstadt.i18n import Renderer, render
from reichsstadt.terminal.words import default_names

DAYS = {"de": r"(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)",
        "ru": r"(понедельник|вторник|среда|четверг|пятница|суббота|воскресенье)"}
RESULTS = {"de": r"(angenommen \d+:\d+|abgelehnt \d+:\d+|noch abzustimmen)",
           "ru": r"(принят \d+:\d+|отклонён \d+:\d+|ждёт голосования)"}


def _ordinance_rows(lang: str, width: int, moves: int) -> list[tuple[str, str]]:
    row = re.compile(rf"^\s*▶?\s*{DAYS[lang]} .*?{RESULTS[lang]}\s*$")
    text = _city_text(lang, width, moves=moves)
    return [(m.group(1), m.group(2)) for line in text.splitlines() for m in [row.match(line)] if m]


@pytest.mark.parametrize("lang, moves", [("de", 3), ("de", 40), ("ru", 40)])
def test_at_80_columns_the_citys_ordinances_keep_their_day_and_result(lang, moves):
    wide = _ordinance_rows(lang, 120, moves)
    assert len(wide) == 3, wide
    assert _ordinance_rows(lang, 80, moves) == wide


def _city_text(lang: str, width: int, players: int = 4, moves: int = 40) -> str:
    names = default_names(["human"] + ["random"] * (players - 1), lang)
    match = Match("colonia", players, 21, {}, names)
    rng = random.Random(1)
    for _ in range(moves):
        if not match.advance({}):
            break
        seat = match.state.to_act()[0]
        match.play(seat, rng.choice(match.state.legal(seat)))
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(
        render_city(match.state.view(0), 0, names, Renderer(lang, names, viewer=0)))
    return out.getvalue()


@pytest.mark.parametrize("lang", ["de", "fr", "ru", "it"])
@pytest.mark.parametrize("players", [3, 6])
def test_at_80_columns_the_members_table_keeps_its_headers_whole(lang, players):
    """Headers cut to 'Ratha…', 'Reliqui…', "aujourd'h…": the table comes as two (the
    places, then the street fields with the total) and a header wraps between words."""
    from reichsstadt.games.colonia.terminal import MEMBER_PLACES

    text = _city_text(lang, 80, players)
    assert max(len(line) for line in text.splitlines()) <= 80
    words = [w for key in MEMBER_PLACES for w in render(Message(f"colonia.terminal.members.{key}"), lang).split()]
    cut = [t for t in re.findall(r"\S+…", text) if any(w.startswith(t[:-1]) for w in words)]
    assert not cut, cut
    for w in words:
        assert re.search(rf"(?<!\S){re.escape(w)}(?!\S)", text), w


def test_at_120_columns_the_members_table_is_one():
    text = _city_text("de", 120)
    header = next(line for line in text.splitlines() if "Rathaus" in line and "gesamt" in line)
    assert re.search(r"\bDi Mi Do Fr gesamt\b", header)
