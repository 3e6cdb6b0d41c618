"""The terminal board and the help page's glossary (issues 7 and 9): the board fits 120
columns and leaves a 40-line terminal room for the play loop's log, moves and prompt;
what matters now is on top; names are never cut; every word comes from the catalog, in
the reader's language; the glossary names every citizen and piece.

How "every word from the catalog" is checked: the board is drawn in a pseudo-language
made from the English catalogs by writing every letter of every message as a non-ASCII
letter (format fields kept), with player names in Cyrillic. Any word the board did not
take from the catalog (an English literal in terminal.py, a message id missing from the
catalog, English fallback text) then shows up as ASCII letters."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from rich.console import Console

import reichsstadt.i18n as i18n
from reichsstadt.core.conformance import random_playout
from reichsstadt.games.norenberc.constants import TILE_KIND_KEYS
from reichsstadt.games.norenberc.terminal import render
from reichsstadt.i18n import Catalog, Renderer
from reichsstadt.terminal.words import short_name

from tests.norenberc.norenberc_helpers import ARTISAN, BEER, BREWERS, GAME, PRINTERS, find, plan, put, ready, set_goods

WIDTH = 120
HEIGHT = 22
"""The most lines the board may take with 5 players: a 40-line terminal keeps 18 for the
play loop's title, log, moves and prompt."""

NAMES = ["You", "Player 2 (random bot)", "Player 3 (random bot)", "Player 4 (random bot)", "Player 5 (random bot)"]


def say_for(names, seat, lang="en"):
    """The words a terminal board gets from the play loop (terminal/widgets.board): the
    reader's language, the seats' short names, "you" for the reader."""
    return Renderer(lang, [short_name(n) for n in names], viewer=seat)


def board(view, seat, names, lang="en", width=WIDTH) -> list[str]:
    console = Console(width=width, record=True, file=open("/dev/null", "w"), color_system=None)
    console.print(render(view, seat, names, say_for(names, seat, lang)))
    return console.export_text().rstrip("\n").split("\n")


def along_games(players: int, seeds=(1, 2), every: int = 5, **options):
    """States along random games (every `every`-th move and the end)."""
    for seed in seeds:
        record = random_playout(GAME, players, seed, options).record
        state = GAME.new(players, seed, options)
        for i, (seat, move) in enumerate(record.moves):
            if i % every == 0:
                yield state
            state.apply(seat, GAME.action_from_json(move, players))
        yield state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_seats_board_fits_120_columns_and_leaves_room_for_the_play_loop(players):
    """Along random games, for every seat and a spectator: no line over 120 columns, at
    most 22 lines with 5 players (3 fewer per player less), and each seat's
    full name on its row."""
    names = NAMES[:players]
    most = HEIGHT - 3 * (5 - players)  # a guild and a player (and their tiles) less: 3 lines less
    tallest = 0
    for state in along_games(players, open_planning=players % 2 == 1):
        for seat in (None, *range(players)):
            lines = board(state.view(seat), seat, names)
            assert max(cell_len(line) for line in lines) <= WIDTH, "\n".join(lines)
            assert len(lines) <= most, f"{len(lines)} lines:\n" + "\n".join(lines)
            tallest = max(tallest, len(lines))
            text = "\n".join(lines)
            assert all(name in text for name in names), text
            assert "⟨" not in text
    assert tallest >= most - 3


def test_what_matters_now_is_on_top():
    """The first line: round and turn, the guild called and whose decision it is (the
    reader: "your move"); the second: the action under way (the guest being hired)."""
    s = ready(3, order=[1, 0, 2])
    s = put(s, find(s, ARTISAN, PRINTERS, 7), "rooms", BREWERS * 4 + 1)
    s = set_goods(s, 0, BEER, 2)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    hire = next(a for a in s.legal(0) if a.to_json() == {"type": "hire", "room": 1, "form": 0})
    s.apply(0, hire)
    s.apply(0, s.action_table.pay[BEER])  # the good of any type paid: the Printer is in hand, first place asked
    mine = board(s.view(0), 0, ["Ann", "Bo", "Cy"])
    assert mine[0].startswith("Norenberc · round 1 of 4, turn 1 · Brewers called · your move: move to first place")
    assert mine[1].startswith("You are hiring the Printer 7 (room B)")
    theirs = board(s.view(1), 1, ["Ann", "Bo", "Cy"])
    assert "Ann to act: move to first place" in theirs[0] and theirs[1].startswith("Ann is hiring the Printer 7")


def test_the_readers_own_purse_goods_and_crests_are_under_the_headline():
    """Setup, step E ("Mise en place": each player may keep their thalers hidden) puts
    the reader's purse in no other player's view; the reader sees it on the board's
    second line, with free agents, goods and crests, where a small terminal still shows
    it (the players' table comes after the guilds'). A spectator gets no such line."""
    s = set_goods(ready(3), 0, BEER, 2)
    mine = board(s.view(0), 0, ["Ann", "Bo", "Cy"])
    money = s.view(0)["seats"][0]["money"]
    assert mine[1].startswith(f"Yours: thalers {money} · agents free 4/4 · goods 2 beers")
    assert not any(line.startswith("Yours") for line in board(s.view(None), None, ["Ann", "Bo", "Cy"]))
    theirs = board(s.view(1), 1, ["Ann", "Bo", "Cy"])
    assert theirs[1].startswith(f"Yours: thalers {s.view(1)['seats'][1]['money']}")


def test_a_small_terminal_shows_the_players_own_thalers_on_the_first_screen(tmp_path):
    """At 80×24 the players' table is cut away below the guilds' (found playing): the
    reader's thalers are on screen all the same, in their language."""
    from tests.terminal.helpers import run, table

    s = table(["q"], tmp_path, game="norenberc", players=3, width=80, height=24, lang="de")
    run(s)
    first = " ".join(" ".join(s.screens[0]).split())
    money = s.table.match.state.view(0)["seats"][0]["money"]
    assert f"Bei dir: Taler {money} · Agenten frei" in first
    assert "weitere Zeilen des Bretts" in first     # the board is cut all the same


def test_planning_names_who_is_still_to_plan_or_counts_them_when_names_are_long():
    s = ready(3)
    assert "planning: waiting for you, Bo, and Cy" in board(s.view(0), 0, ["Ann", "Bo", "Cy"])[0]
    long_names = [n * 30 for n in ("Ann", "Bob", "Cyd")]
    first = board(s.view(0), 0, long_names)[0]
    assert "planning: 3 players still to plan (▶)" in first


def test_the_board_folds_long_lines_and_never_cuts_a_name():
    """A long name is shown whole; the plan names guilds by number where the width is
    short; the guild table and the key stay one line each."""
    s = ready(5)
    plan(s, 0, [0, 1, 2, 3])
    long = ["Bartholomew-Alexander von Nürnberg-Fürth"] + NAMES[1:]
    lines = board(s.view(0), 0, long)
    assert max(cell_len(line) for line in lines) <= WIDTH
    row = next(line for line in lines if long[0] in line)
    assert row.rstrip().endswith(" 1 2 3 4") or "Brewers, Bakers, Shoemakers, Printers" in row
    assert len(lines) <= HEIGHT


def test_the_readers_plan_marks_the_guild_called_in_either_form():
    """The reader's own cards: the guild called first, marked "(now)", by name or, where
    the column is narrow, by number."""
    s = ready(5, order=[0, 1, 2, 3, 4])
    plan(s, 0, [BREWERS, 2, 3])
    for p in range(1, 5):
        plan(s, p, [])
    assert s.called_guild == BREWERS and s.actor == 0
    wide = board(s.view(0), 0, ["Ann", "Bo", "Cy", "Di", "Ed"])
    assert "Brewers (now), Shoemakers, Printers" in next(line for line in wide if " Ann " in line)
    narrow = board(s.view(0), 0, ["Ann"] + ["A very long name for a seat, number %d" % p for p in range(2, 6)])
    row = next(line for line in narrow if " Ann " in line)
    assert row.rstrip().endswith(" 1 (now) 3 4")


def test_a_room_shows_its_guest_and_its_price():
    s = ready(3)
    printer = find(s, ARTISAN, PRINTERS, 7)
    s = put(s, printer, "rooms", BREWERS * 4)
    lines = board(s.view(0), 0, ["Ann", "Bo", "Cy"])
    assert "A 1G" in lines[2] and "D 3G/2G+2" in lines[2]
    assert "Printer 7" in next(line for line in lines if "1 Brewers" in line)


def test_owned_tiles_read_by_guild_then_citizens():
    """A player's line: artisans by guild with their values, then citizens (a line of
    citizens only starts with them)."""
    from reichsstadt.games.norenberc.constants import APPRENTICE, NOBLE
    from tests.norenberc.norenberc_helpers import give

    s = ready(3)
    s = give(s, 1, find(s, APPRENTICE))
    s = give(s, 2, find(s, NOBLE, value=3), find(s, ARTISAN, PRINTERS, 7, avoid=tuple(s.workshops)))
    lines = board(s.view(0), 0, ["Ann", "Bo", "Cy"])
    assert "Bo: ☀Apprentice" in lines
    assert "Cy: Printers 7 · ☀Noble 3" in lines


# -- every word from the catalog ----------------------------------------------------------

_LETTERS = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    "ȦḂĊḊĖḞĠḢİĴḰĹṀṄȮṖǪŔṠṪŬṼẆẊẎŻȧḃċḋėḟġḣıĵḱĺṁṅȯṗǫŕṡṫŭṽẇẋẏż",
)
_FIELD = re.compile(r"(\{[^{}]*\})")


def _pseudo(text: str) -> str:
    """Every letter outside format fields as a non-ASCII letter of the same width."""
    return "".join(part if _FIELD.fullmatch(part) else part.translate(_LETTERS) for part in _FIELD.split(text))


@pytest.fixture
def pseudo_language(monkeypatch):
    """A language "el" whose catalog is every English message in pseudo-letters (its
    lists are Greek: "α, β και γ")."""
    english = i18n.catalog("en")
    fake = Catalog("el", {k: tuple(_pseudo(f) for f in v) if isinstance(v, tuple) else _pseudo(v)
                          for k, v in english.messages.items()}, english.plural, english.nplurals)
    files = i18n._catalog_files()
    real = i18n.catalog
    monkeypatch.setattr(i18n, "_catalog_files", lambda: {**files, "el": []})
    monkeypatch.setattr(i18n, "catalog", lambda lang: fake if lang == "el" else real(lang))
    return "el"


def test_every_word_on_the_board_comes_from_the_catalog(pseudo_language):
    """In the pseudo-language no ASCII letter is left on any board along random games of
    2 to 5 players (every seat, a spectator): no English literal in terminal.py, no
    message missing from the catalog."""
    names = ["Аня", "Борис", "Вера", "Глеб", "Дина"]
    assert Renderer(pseudo_language).lang == "el"
    for players in (2, 5):
        for state in along_games(players, seeds=(3,), every=7, open_planning=players == 5):
            for seat in (None, *range(players)):
                text = "\n".join(board(state.view(seat), seat, names[:players], lang=pseudo_language))
                english = re.findall(r"[A-Za-z]+", text)
                assert not english, f"words not from the catalog: {sorted(set(english))}\n{text}"


def test_the_board_speaks_the_readers_language(pseudo_language):
    """The same view in English and in the pseudo-language differ in their words only."""
    s = ready(3)
    en = board(s.view(0), 0, ["Ann", "Bo", "Cy"])
    el = board(s.view(0), 0, ["Ann", "Bo", "Cy"], lang=pseudo_language)
    assert "Brewers" in "\n".join(en) and "Ḃŕėẇėŕṡ" in "\n".join(el)
    assert len(en) == len(el)


# -- the glossary ----------------------------------------------------------------------------

PIECES = ("master", "rooms", "artisan", "agent_plus", "star", "moon", "sun", "moon_token", "crest", "prestige_guild",
          "prestige_crest")


def test_the_glossary_names_every_citizen_and_piece_in_a_newcomers_order():
    """Game.glossary(): every citizen kind of the components and every piece, each a
    name and one sentence that render with no missing id; guilds before their guests,
    the citizens' symbols before the citizens, a round's rewards last."""
    entries = GAME.glossary()
    names = [n.id for n, _ in entries]
    kinds = sorted({t["kind"] for t in GAME.new(5, 1).components.tiles if t["kind"] != "artisan"})
    assert kinds == sorted(TILE_KIND_KEYS[1:])
    for kind in kinds:
        assert f"norenberc.citizen.{kind}" in names
    for piece in PIECES:
        assert f"norenberc.glossary.{piece}" in names
    assert len(names) == len(set(names)) == len(kinds) + len(PIECES)
    r = Renderer("en")
    for name, sentence in entries:
        for words in (r(name), r(sentence)):
            assert words and "⟨" not in words, (name, sentence)
        assert r(sentence).endswith(".") and r(sentence).count(". ") == 0, r(sentence)
        # one line each, so that the help page (its 13 lines of keys and these) fits 40 lines
        assert cell_len(f"{r(name, sentence=True)} — {r(sentence)}") <= WIDTH, r(sentence)
    assert 13 + len(entries) <= 39
    order = names.index
    assert order("norenberc.glossary.master") < order("norenberc.glossary.artisan")
    assert order("norenberc.glossary.star") < order("norenberc.citizen.councillor")
    assert order("norenberc.glossary.sun") < order("norenberc.citizen.apprentice")
    assert order("norenberc.citizen.apprentice") < order("norenberc.glossary.crest") < order(
        "norenberc.glossary.prestige_crest")
