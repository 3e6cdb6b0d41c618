"""Boards in a terminal of 80 columns (found playing at 80×24). Siedler: a road is one
line (it wrapped its last intersection onto a line of its own), the city's crossings
come as many to a line as fit (four to a line wrapped mid-label), and the goods wrap
between goods (the first good lost its first letter when the title was long). Colonia:
an ordinance's words are cut sooner, the vote's result beside them never ('приня…'), and
the families' table comes as two rather than with cut headers. Norenberc: the guild
table comes as two, the rooms and the goods, rather than with cut cells."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from reichsstadt.core import Match
from reichsstadt.terminal.widgets import board
from reichsstadt.terminal.words import Words, default_names


def _board_lines(lang: str, width: int, moves: int = 300, game: str = "siedler", players: int = 4,
                 rng_seed: int = 1) -> list[str]:
    names = default_names(["human"] + ["random"] * (players - 1), lang)
    match = Match(game, players, 3, {}, names)
    rng = random.Random(rng_seed)
    for _ in range(moves):
        if not match.advance({}):
            break                                                   # the game is over
        seat = match.state.to_act()[0]
        match.play(seat, rng.choice(match.state.legal(seat)))
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(
        board(game, match.state.view(0), 0, Words(lang, names, 0).display_names(), lang))
    return out.getvalue().splitlines()


@pytest.mark.parametrize("lang", ["de", "ru", "fr"])
def test_at_80_columns_roads_and_crossings_keep_a_line_each(lang):
    lines = _board_lines(lang, 80)
    roads = [line for line in lines if line.split(" ")[0] in ("I", "II", "III", "IV", "V") and "◆" in line]
    assert len(roads) == 5
    for line in roads:                      # the road's last intersection ends its own line
        last = line.rstrip().split(" ")[-1]
        assert last in ("8", "10") or last.startswith("⌂"), line
    assert not any(line.lstrip().startswith("──") for line in lines)
    city = next(i for i, line in enumerate(lines) if "■n" in line)           # the city's title
    crossings = [line for line in lines[city:city + 10] if line[:2].strip().isdigit()]
    cells = [int(n) for line in crossings for n in re.findall(r"(?:^| )(\d{1,2}) [^–■]+? (?:–|■\d)", line)]
    assert cells == list(range(1, 13)), crossings           # each number, its label and its mark on one line
    assert all(len(line.rstrip()) <= 80 for line in lines)


def test_the_goods_wrap_between_goods_and_keep_their_first_letters():
    text = "\n".join(_board_lines("ru", 80))
    assert "\n циркули древесина+камень → Франкфурт 3 золота;" in text


def test_at_120_columns_the_board_is_as_it_was():
    lines = _board_lines("de", 120)
    first = " 1 Helme, Bank 3:1        –    2 Papier, 2:1 Holz       –    3 Tand,"
    assert any(line.startswith(first) for line in lines)
    assert any(line.startswith("I   → Frankfurt, Zoll 1  ◆") and line.rstrip().endswith(" 9 ── 10") for line in lines)


def test_at_80_columns_colonias_votes_are_whole():
    result = re.compile(r"(?:принят|отклонён) \d+:\d+|ждёт голосования")
    wide = [m for line in _board_lines("ru", 120, 200, "colonia", 3, 3) for m in result.findall(line)]
    narrow = [m for line in _board_lines("ru", 80, 200, "colonia", 3, 3) for m in result.findall(line)]
    assert len(wide) == 3 and any(":" in m for m in wide), wide      # three ordinances, some voted
    assert narrow == wide


@pytest.mark.parametrize("players, lang", [(4, "de"), (5, "de"), (3, "ru")])
def test_at_80_columns_norenberc_splits_its_guild_table_rather_than_cut_it(players, lang):
    lines = _board_lines(lang, 80, 150, "norenberc", players, 5)
    guild, store, roof = {"de": ("Zunft", "Lager", "Dach"), "ru": ("Гильдия", "Склад", "Крыша")}[lang]
    rooms = next(i for i, line in enumerate(lines) if line.startswith(guild))      # the rooms first
    goods = rooms + players + 2                                                    # a guild more than players
    assert store not in lines[rooms] and store in lines[goods] and roof in lines[goods], "\n".join(lines)
    tables = lines[rooms:goods + players + 2]
    assert not any("…" in line for line in tables), "\n".join(tables)
    for number in range(1, players + 2):                                          # each guild a line in each
        assert lines[rooms + number].split()[0] == lines[goods + number].split()[0] == str(number)
    player = {"de": "Spieler (Reihenfolge)", "ru": "Игрок (порядок хода)"}[lang]
    heads = [line for line in lines if player in line]                              # the players: two tables
    assert len(heads) == 2 and not any("…" in line for line in heads), heads
    wide = _board_lines(lang, 120, 150, "norenberc", players, 5)
    assert any(line.startswith(guild) and store in line for line in wide)          # at 120 one table
    assert len([line for line in wide if player in line]) == 1


@pytest.mark.parametrize("players, lang", [(4, "de"), (6, "fr")])
def test_at_80_columns_colonias_families_come_in_two_tables(players, lang):
    members, materials = {"de": ("Karte Stimmen übrig", "Leder Eisen Holz Leinen Pelz verdeckt Schreine"),
                          "fr": ("carte voix en main", "cuir fer bois lin fourrure cachées châsses")}[lang]
    lines = _board_lines(lang, 80, 100, "colonia", players, 3)
    first = next(i for i, line in enumerate(lines) if members in line)
    assert materials in lines[first + players + 1], "\n".join(lines)            # the same families, below
    assert "…" not in lines[first] + lines[first + players + 1]                  # whole headers
    wide = _board_lines(lang, 120, 100, "colonia", players, 3)
    assert any(members in line and materials in line for line in wide)          # at 120 one table
