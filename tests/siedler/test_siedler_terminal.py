"""The terminal (issue 7): the board renders from a view within 120 columns and 32 lines
for every seat along random games, what matters now on top (whose decision, what is
asked, the event card, the offer under way with every answer), one's own hand against
the others' counts, the roads from the gate; the map (the "terminal_map" frontend) draws
the surroundings with the names the menus and the SVG board use; every word comes from
the catalog, in the language asked for; no hand leaks."""

from __future__ import annotations

import inspect
import io
import random
import re

import pytest
from rich.console import Console
from tests.siedler.siedler_helpers import act, draw, edit, main_phase, set_hand, start

import reichsstadt
import reichsstadt.i18n as i18n
from reichsstadt.core import CHANCE, part, sample_chance
from reichsstadt.i18n import Renderer
from reichsstadt.games.siedler.constants import ROAD_NAMES
from reichsstadt.games.siedler.svg import board_svg
from reichsstadt.games.siedler.terminal import render, render_map
from reichsstadt.i18n import render as words

NAMES = ["Ann", "Bob", "Cy", "Di"]
LONG_NAMES = [f"Player {i + 1} (random bot)" for i in range(4)]  # what the play loop passes
GAME = reichsstadt.game("siedler")


def _lines(renderable, width=120, color_system=None):
    console = Console(width=width, record=True, color_system=color_system, file=io.StringIO())
    console.print(renderable)
    return console.export_text().splitlines()


def _text(view, seat, width=200, names=NAMES):
    return "\n".join(_lines(render(view, seat, names, Renderer("en", names, viewer=seat)), width))


def _offer(s):
    s = set_hand(s, 0, wood=2)
    s = set_hand(s, 1, stone=3)
    s = set_hand(s, 2, stone=1)
    s = set_hand(s, 3, grain=1)
    act(s, 0, "offer")
    act(s, 0, "give", resource="wood")
    act(s, 0, "done")
    act(s, 0, "want", resource="stone")
    act(s, 0, "done")
    act(s, 0, "send", to=-1)
    return s


# -- the board: what it shows ----------------------------------------------------------------------
def test_terminal_board_shows_turn_roads_city_and_own_hand_only():
    s = main_phase(start())
    s = set_hand(s, 0, wood=2, gold=3)
    s = set_hand(s, 1, stone=3)
    out = _text(s.view(0), 0)
    first = out.splitlines()[0]
    assert "Year 1355" in first and "Your turn" in first and "1▶Ann" in out
    assert "Robber knight: at the Raubritterburg" in first
    assert "Your decision: trade, build, produce and sell" in out and "(3 offers and 30 bank trades left)" in out
    assert "2 wood (2 cards)" in out and "3 cards" in out and "3 stone" not in out  # Bob's hand stays hidden
    assert "III → Venice, toll 2" in out and "IV  → forest" in out
    assert "⌂1" in out and "▮1" in out and "⌂4" in out  # white's and orange's beginner pieces
    assert "Siebenerrat" in out and "Wall 0/26" in out and "compasses wood+stone → Frankfurt 3 gold" in out
    assert "2:1 wood" in out and "Bauhof" in out
    assert "reshuffled at 1370; the game ends at 1400" in out
    spectator = _text(s.view(None), None)
    assert "2 wood" not in spectator and "Now: Ann may trade" in spectator and "Turn: Ann" in spectator


def test_the_event_card_just_drawn_is_on_the_first_line():
    s = start()
    draw(s, 8, "wegezoll", "IV")
    first = _text(s.view(1), 1).splitlines()[0]
    assert "Event card: harvest 8, Wegezoll on road IV" in first


def test_trade_offer_shows_the_offer_and_every_answer_near_the_top():
    s = main_phase(start())
    s = _offer(s)
    out = _text(s.view(1), 1)
    lines = out.splitlines()
    offer_line = next(i for i, line in enumerate(lines) if line.startswith("Trade offer:"))
    assert offer_line <= 3  # under the headline and what is asked, above the players
    assert "Trade offer: Ann gives 1 wood and asks for 1 stone — offered to everyone" in out
    assert "Your decision: answer Ann's trade offer" in out
    assert "Bob: you have not answered yet" in out
    act(s, 1, "accept")
    act(s, 2, "counter")
    act(s, 2, "give", resource="stone")
    act(s, 2, "done")
    act(s, 2, "want", resource="wood")
    act(s, 2, "want", resource="wood")
    act(s, 2, "done")
    act(s, 3, "decline")
    out = _text(s.view(0), 0)
    assert "Trade offer: you give 1 wood and ask for 1 stone" in out
    assert "Bob: accepts" in out and "Di: declines" in out
    assert "Cy: counter-offer: gives 1 stone and asks for 2 wood" in out
    assert "Your decision: trade with one who accepted" in out


def test_discard_and_lehm_say_what_is_asked():
    s = start()
    s = set_hand(s, 1, wood=9)
    for p in (0, 2, 3):
        s = set_hand(s, p)
    draw(s, None, "raubritter")
    out = _text(s.view(1), 1)
    assert "Your decision: Raubritter: discard 4 of your cards" in out and "must discard 4" in out
    assert "Now: Raubritter! Bob must discard" in _text(s.view(0), 0)
    s = start()
    s = set_hand(s, 0, gold=5)
    draw(s, 2, "lehm")
    assert "Your decision: Kostenloser Lehm: build one wall piece for 3 gold" in _text(s.view(0), 0)
    assert "Now: Kostenloser Lehm: Ann may build one wall piece" in _text(s.view(2), 2)


def test_the_end_of_the_game_says_who_won_and_why():
    s = start()
    s = edit(s, time_stone=8)
    draw(s, 4, "hourglass")
    assert s.over()
    out = _text(s.view(0), 0)
    assert "The time stone reached 1400: the game ends at once (7b)." in out


# -- the board: it fits --------------------------------------------------------------------------------
def _positions(players, setup, seed, every=13):
    """States along a random game, some at regular steps, all during a trade offer or a
    Raubritter (the tallest boards)."""
    s = GAME.new(players, seed, {"setup": setup})
    rng = random.Random(seed)
    for step in range(4000):
        if s.over():
            break
        to_act = s.to_act()
        if to_act == (CHANCE,):
            s.apply(CHANCE, sample_chance(s, rng))
            continue
        phase = s.view(None)["phase"]
        if step % every == 0 or phase in ("respond", "close", "discard", "council"):
            yield s
        seat = to_act[0]
        legal = s.legal(seat)
        s.apply(seat, legal[rng.randrange(len(legal))])
    yield s


@pytest.mark.parametrize("players,setup,seed", [(3, "beginner", 1), (3, "expert", 2), (4, "beginner", 3),
                                                (4, "expert", 4)])
def test_the_board_and_the_map_fit_120_by_40_for_every_seat_along_random_games(players, setup, seed):
    """The board: at most 120 columns and 32 lines (a 40-line terminal keeps room for the
    moves and the prompt); the map, shown on its own: at most 120 columns and 34 lines."""
    tallest = 0
    for s in _positions(players, setup, seed):
        for seat in [None, *range(players)]:
            view = s.view(seat)
            board = _lines(render(view, seat, LONG_NAMES[:players], Renderer("en", LONG_NAMES[:players], viewer=seat)))
            assert max(len(line) for line in board) <= 120
            assert len(board) <= 32, "\n".join(board)
            tallest = max(tallest, len(board))
        shown = _lines(render_map(view, seat, LONG_NAMES[:players], Renderer("en", LONG_NAMES[:players], viewer=seat)))
        assert max(len(line) for line in shown) <= 120 and len(shown) <= 34, "\n".join(shown)
    assert tallest > 20


def test_no_board_line_needs_wrapping():
    """At 120 columns the English board is laid out, not wrapped by the console: rendered
    wider, no line is longer than 120."""
    for s in _positions(4, "beginner", 9, every=29):
        seat = s.to_act()[0] if s.to_act() and s.to_act() != (CHANCE,) else None
        for line in _lines(render(s.view(seat), seat, NAMES, Renderer("en", NAMES, viewer=seat)), width=200):
            assert len(line.rstrip()) <= 120, line


# -- the map -----------------------------------------------------------------------------------------
def _road_lines(text):
    """Each road's line of the map, by road name (the line that starts with it)."""
    out = {}
    for line in text:
        m = re.match(r"^\s*(I|II|III|IV|V)╞", line)
        if m:
            out[m.group(1)] = line
    return out


def _svg_names(svg):
    titles = re.findall(r"<title>([^<]*)</title>", svg)
    inters = {r: sorted(int(i) for rr, i in re.findall(r"road (\w+), intersection (\d+)", " ".join(titles)) if rr == r)
              for r in ROAD_NAMES}
    segs = {r: sorted(int(i) for rr, i in re.findall(r"road (\w+), segment (\d+)", " ".join(titles)) if rr == r)
            for r in ROAD_NAMES}
    terrains = re.findall(r"<title>(T\d+):", svg)
    return inters, segs, terrains


def test_the_map_names_every_place_as_the_menus_and_the_svg_do():
    s = main_phase(start())
    s = set_hand(s, 0, wood=5, wool=5, grain=5, brick=5)
    view = s.view(0)
    text = _lines(render_map(view, 0, NAMES, Renderer("en", NAMES, viewer=0)))
    roads = _road_lines(text)
    assert sorted(roads) == sorted(ROAD_NAMES)
    inters, segs, terrains = _svg_names(board_svg(None, view))
    for name, line in roads.items():
        vroad = view["table"]["roads"][name]
        shown = [int(i) for i in re.findall(r"○(\d+)", line)]
        free = [i + 1 for i, o in enumerate(vroad["settlements"]) if o is None]
        assert shown == free  # every free intersection by its number, in order from the gate
        assert len(shown) + len(re.findall(r"⌂\d", line)) == len(inters[name])  # the SVG's intersections
        assert set(shown) <= set(inters[name])
        free_segs = [k + 1 for k, o in enumerate(vroad["tolls"]) if o is None]
        assert [int(k) for k in re.findall(r"━(\d+)━", line)] == free_segs
        assert set(free_segs) <= set(segs[name]) and len(re.findall(r"▮\d", line)) + len(free_segs) == len(segs[name])
    body = "\n".join(text)
    for t in terrains:
        assert re.search(rf"\b{t} ", body), t
    # the menus: every place a move names is drawn under that name
    for a in s.legal(0):
        said = words(s.describe(0, a, 0), viewer=0)
        m = re.search(r"on road (\w+), intersection (\d+)", said)
        if m:
            assert f"○{m.group(2)}" in roads[m.group(1)], said
        m = re.search(r"on road (\w+), segment (\d+)", said)
        if m:
            assert f"━{m.group(2)}━" in roads[m.group(1)], said


def test_the_map_shows_terrains_odds_pieces_and_the_robber():
    s = edit(start(), robber=11)  # T12
    view = s.view(None)
    text = _lines(render_map(view, None, NAMES, Renderer("en", NAMES, viewer=None)))
    body = "\n".join(text)
    assert "T12 mountains" in body and "T3 pasture" in body and "→ stone" in body
    assert re.search(r" 8  ••••• 5/36", body) and re.search(r" 2  • 1/36", body)
    assert "Frankfurt, toll 1" in body and "Venice, toll 2" in body and "forest" in body
    assert "The robber knight stands on T12 (mountains 3)" in body
    row = next(i for i, line in enumerate(text) if "T12 mountains" in line)
    col = text[row].index("T12")
    assert "♞" in text[row + 2][col: col + 18]  # in T12's hex
    assert "♞" not in "\n".join(text[:row] + text[row + 3:-1])
    # pieces in the players' colours: white's settlement on road III (beginner 3.)
    console = Console(width=120, record=True, color_system="truecolor", file=io.StringIO())
    segments = list(console.render(render_map(view, None, NAMES, Renderer("en", NAMES))))
    mark = next(seg for seg in segments if "⌂2" in seg.text)  # red's settlement
    assert mark.style is not None and mark.style.bgcolor is not None and mark.style.bgcolor.name == "red3"


def test_the_map_refuses_in_words_a_map_it_cannot_draw():
    """The view carries no terrains: the map is the bundled file's, so a game on another
    map (here: Helme dearer) is refused, never drawn wrong."""
    import copy

    from reichsstadt.games.siedler.data import bundled

    raw = copy.deepcopy(bundled().raw)
    raw["goods"][1]["price"] += 1  # Helme
    s = GAME.new(4, 1, {"map": raw})
    text = "\n".join(_lines(render_map(s.view(None), None, NAMES, Renderer("en", NAMES, viewer=None))))
    assert "cannot draw it" in text and "--svg" in text and "T12" not in text
    fresh = GAME.new(4, 1).view(None)
    assert "T12" in "\n".join(_lines(render_map(fresh, None, NAMES, Renderer("en", NAMES, viewer=None))))


# -- words and frontends -------------------------------------------------------------------------------
def test_both_frontends_are_declared_and_take_the_readers_words():
    """The caller hands a frontend the reader's words (core.messages.Say); the game
    imports no catalogs."""
    for kind, fn in (("terminal", render), ("terminal_map", render_map)):
        assert part("siedler", kind) is fn
        assert list(inspect.signature(fn).parameters) == ["view", "seat", "names", "words"]


def _shouting(monkeypatch, lang="ru"):
    """A pseudo-language: English with every word outside the format fields in capitals.
    Russian's list words ("и") stay, being no ASCII."""
    english = i18n.catalog("en")
    upper = i18n.Catalog(lang, plural=english.plural, nplurals=english.nplurals)

    def shout(text):
        return re.sub(r"([^{}]+)(?=\{|$)|(\})([^{}]*)", lambda m: (m.group(1) or "").upper() + (m.group(2) or "")
                      + (m.group(3) or "").upper(), text)

    for key, text in english.messages.items():
        upper.messages[key] = tuple(shout(t) for t in text) if isinstance(text, tuple) else shout(text)
    real = i18n.catalog
    monkeypatch.setattr(i18n, "catalog", lambda code: upper if code == lang else real(code))


def test_every_word_of_the_board_and_the_map_comes_from_the_catalog(monkeypatch):
    _shouting(monkeypatch)
    names = ["ANN", "BOB", "CY", "DI"]
    checked = 0
    for s in _positions(4, "expert", 6, every=31):
        for seat in (None, 0, 2):
            view = s.view(seat)
            for fn in (render, render_map):
                text = "\n".join(_lines(fn(view, seat, names, Renderer("ru", names, viewer=seat)), width=160))
                assert not re.search(r"[a-z]", text), re.findall(r".{0,30}[a-z]+.{0,10}", text)[:5]
                checked += 1
    s = main_phase(start())
    s = _offer(s)
    text = "\n".join(_lines(render(s.view(1), 1, names, Renderer("ru", names, viewer=1)), width=160))
    assert "TRADE OFFER" in text and not re.search(r"[a-z]", text)
    assert checked > 20


def test_the_terminal_speaks_the_language_asked_for(monkeypatch):
    _shouting(monkeypatch, "de")
    s = main_phase(start())
    out = "\n".join(_lines(render(s.view(0), 0, NAMES, Renderer("de", NAMES, viewer=0))))
    assert "YEAR 1355" in out and "Year 1355" not in out
    english = "\n".join(_lines(render(s.view(0), 0, NAMES, Renderer("en", NAMES, viewer=0))))
    assert "Year 1355" in english


def test_the_play_log_says_each_offer_in_one_line(tmp_path):
    """5.2.1 (issue 19): a bot's trade offer is one line of the terminal's log stating the
    whole offer, never a line per card ("offer 1 wood more", "finish this side of the
    offer")."""
    from tests.terminal.helpers import run, table

    session = table([], tmp_path, game="siedler", players=4, seats=["greedy"] * 4, seed=3)
    run(session)
    for viewer, log in session.table.logs.items():
        lines = [line.text for line in log]
        offers = [t for t in lines if re.search(r"\boffer .+ for .+ to (everyone|Player \d)", t)]
        assert offers, f"the log of {viewer} has no offer at all"
        assert not [t for t in lines if re.search(r"more\b|finish this side|start a trade offer", t)], (
            "a step of an offer being put together reached the log")
