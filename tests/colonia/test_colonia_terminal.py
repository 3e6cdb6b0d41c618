"""The terminal (issue 7): the board fits 120 columns and 30 lines with six families, for
every seat along random games, what matters now on top (what is asked of whom, one's own
screen, the week card and ordinances, the panel of the day); the rest of the city folds
into one line and waits, in full, on the city page (the "terminal_city" frontend, paged
by the play loop's `c`); every word comes from the catalog, in the language asked for;
no screen leaks."""

from __future__ import annotations

import inspect
import io
import random
import re

import pytest
from rich.console import Console

import reichsstadt
import reichsstadt.i18n as i18n
from reichsstadt.core import CHANCE, part, sample_chance
from reichsstadt.i18n import Renderer
from reichsstadt.terminal.words import short_name
from reichsstadt.games.colonia.constants import (
    S_FRI_LOAD, S_SUN_BUY, S_SUN_SECURE, S_THU_CONTRACT, S_TUE_ORDER, S_WED_BUY,
)
from reichsstadt.games.colonia.terminal import HEIGHT, WIDTH, render, render_city

from tests.colonia.colonia_helpers import at_step, edit, put

GAME = reichsstadt.game("colonia")
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Flo"]

def say_for(names, seat, lang="en"):
    """The words a terminal board gets from the play loop (terminal/widgets.board): the
    reader's language, the seats' short names, "you" for the reader."""
    return Renderer(lang, [short_name(n) for n in names], viewer=seat)


def _long_names(players: int, seat: int | None) -> list[str]:
    """What the play loop passes: "You" for the reader, the others with their kind."""
    names = [f"Player {i + 1} (random bot)" for i in range(players)]
    if seat is not None:
        names[seat] = "You"
    return names


def _lines(renderable, width=120) -> list[str]:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text().splitlines()


def _text(view, seat, fn=render, names=NAMES) -> str:
    names = names[:len(view["seats"])]
    return "\n".join(_lines(fn(view, seat, names, say_for(names, seat))))


def _positions(players: int, seed: int, every: int = 11):
    """States along a random game: every `every` decisions, and the last one."""
    s = GAME.new(players, seed)
    rng = random.Random(seed)
    step = 0
    while not s.over():
        to_act = s.to_act()
        if to_act == (CHANCE,):
            s.apply(CHANCE, sample_chance(s, rng))
            continue
        if step % every == 0:
            yield s
        legal = s.legal(to_act[0])
        s.apply(to_act[0], legal[rng.randrange(len(legal))])
        step += 1
    yield s


# -- it fits ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3), (6, 4), (6, 5)])
def test_the_board_fits_120_by_30_for_every_seat_along_random_games(players: int, seed: int) -> None:
    tallest = 0
    for s in _positions(players, seed):
        for seat in [None, *range(players)]:
            view = s.view(seat)
            names = _long_names(players, seat)
            board = render(view, seat, names, say_for(names, seat))
            lines = _lines(board)
            assert len(lines) <= HEIGHT, "\n".join(lines)
            tallest = max(tallest, len(lines))
            # laid out within 120 columns, not wrapped by the console: wider, no line is longer
            assert max(len(line.rstrip()) for line in _lines(board, 200)) <= WIDTH
    assert tallest > 15


def test_the_city_page_is_120_columns_wide() -> None:
    for s in _positions(6, 7, every=97):
        for seat in (None, 0):
            names = _long_names(6, seat)
            lines = _lines(render_city(s.view(seat), seat, names, say_for(names, seat)), 200)
            assert max(len(line.rstrip()) for line in lines) <= WIDTH


# -- what matters now is on top -----------------------------------------------------------------------
def test_the_turn_and_the_day_panel_are_on_top() -> None:
    s = at_step(S_WED_BUY, 4)
    p = s.actor
    lines = _text(s.view(p), p).splitlines()
    assert lines[0].startswith("Colonia · week 1 of 6 · Wednesday: the market")
    assert lines[1].startswith("Your decision: take all the materials of one stall")
    assert lines[2].startswith("Behind your screen: 5 Mark, 5 Gulden, 5 Pfund Sterling, 5 Grivna")
    assert any(line.startswith("Market (Wednesday;") for line in lines[:10])
    other = (p + 1) % 4
    assert f"Now: {NAMES[p]} takes a stall or passes" in _text(s.view(other), other)
    spectator = _text(s.view(None), None)
    assert "Behind your screen" not in spectator and "Now:" in spectator
    for step, title in ((S_THU_CONTRACT, "Craftsmen (Thursday)"), (S_FRI_LOAD, "Port ("),
                        (S_SUN_BUY, "Relics (Sunday;"), (S_SUN_SECURE, "Relics (Sunday;")):
        s = at_step(step, 4)
        text = _text(s.view(s.actor), s.actor)
        assert title in text, step
        # the other panels fold into one line
        folded = text.splitlines()[-1]
        assert folded.count(" · ") == 2, folded


def test_the_families_are_listed_in_turn_order_with_their_members() -> None:
    s = at_step(S_WED_BUY, 4, week=2)
    text = _text(s.view(0), 0)
    rows = [line for line in text.splitlines() if re.match(r"^\d \w+", line)]
    names = [re.match(r"^\d (\w+)", row).group(1) for row in rows[-4:]]
    assert names == [NAMES[p] for p in s.order]
    header = next(line for line in text.splitlines() if line.startswith("in turn order"))
    for word in ("card", "votes", "cards left", "home", "Tu", "We", "Th", "Fr", "leather", "unseen"):
        assert word in header


def test_a_card_that_counted_0_shows_as_such() -> None:
    s = at_step(S_TUE_ORDER, 4, week=2)
    s = edit(s, box=True, family_cards_used=[False] * 24, home=put(s.home, 1, 2), street=put(s.street, 4, 3, 5, 0, 0))
    for p, v in enumerate((4, 8, 5, 6)):
        s.apply(p, GAME.action_from_json({"type": "family", "value": v}, 4))
    row = next(line for line in _text(s.view(0), 0).splitlines() if line.startswith("2 Bob"))
    assert "8→0" in row


def test_holds_show_goods_pay_currency_and_which_ships_sail() -> None:
    s = at_step(S_FRI_LOAD, 4)
    s = edit(s, ships_sailing=2)
    text = _text(s.view(s.actor), s.actor)
    lines = text.splitlines()
    for i, ship in enumerate(s.view(None)["table"]["port"]):
        row = next(line for line in lines if line.startswith(f"{['I', 'II', 'III', 'IV'][i]} "))
        assert ("sails" in row) == (i < 2)
        hold = ship["holds"][0]
        assert f"→ {hold['value']}" in row


def test_the_city_page_shows_every_panel_members_and_screens() -> None:
    s = at_step(S_THU_CONTRACT, 4, week=2)
    text = _text(s.view(1), 1, render_city)
    for title in ("Market (Wednesday;", "Craftsmen (Thursday)", "Port (", "Relics (Sunday;", "Members (30 per family)",
                  "street fields come home", "Goods in the supply"):
        assert title in text, title
    assert text.count("hidden") == 3  # the other three screens
    spectator = _text(s.view(None), None, render_city)
    assert spectator.count("hidden") == 4


def test_members_on_the_board_add_up_at_every_step() -> None:
    """p. 17 N.B.: members used are locked on the board until the same day next week. The
    view says, for every family and at every step, where each member is (home, town hall,
    today's stalls, contract fields, ships, secured relics, the four street fields) and the
    places add up to the members the family has; the city page draws that table."""
    from reichsstadt.core.conformance import random_playout as playout

    for players, seed in ((3, 4), (6, 9)):
        match = playout(GAME, players, seed)
        state = GAME.new(players, seed)
        per = state.components.members_by_players[players]
        for i, (seat, mv) in enumerate(match.record.moves):
            v = state.view(None)
            assert v["table"]["members_per_player"] == per
            for p in v["seats"]:
                m = p["members"]
                assert m["total"] == per, (i, p["seat"], m)
                assert m["home"] == p["home"] and m["street"] == p["street"]
            if seat != CHANCE and i % 50 == 0:
                text = _text(state.view(seat), seat, render_city)
                assert f"Members ({per} per family)" in text and "street fields come home" in text
            state.apply(seat, GAME.action_from_json(mv, players))


def test_street_fields_say_when_their_members_come_home() -> None:
    """p. 17: a street field's members come home on that day of the next week (Tuesday:
    after the town hall is filled; the other days in the evening)."""
    from reichsstadt.games.colonia.present import street_home_words
    from reichsstadt.i18n import render as say

    def home_words(state) -> dict[str, str]:
        return {d.capitalize(): say(street_home_words(d, when))
                for d, when in state.view(0)["table"]["street_home"].items()}

    s = at_step(S_WED_BUY, 4, week=2)
    home = home_words(s)
    assert home == {"Tuesday": "next Tuesday after the town hall", "Wednesday": "tonight",
                    "Thursday": "this Thursday evening", "Friday": "this Friday evening"}
    s = at_step(S_THU_CONTRACT, 4, week=2)
    assert home_words(s)["Wednesday"] == "next Wednesday evening"
    assert home_words(s)["Thursday"] == "tonight"
    s = at_step(S_SUN_BUY, 4, week=6)
    assert set(home_words(s).values()) == {"not before the game ends"}


def test_log_words_for_the_drawer_and_for_the_others() -> None:
    """The start draws read 'You draw a ...' to the drawer (the table's names replace
    'Player N', so 'Player 1 draws' would read 'You draws') and stay hidden to the others."""
    from reichsstadt.games.colonia.constants import Q_BLIND_MATERIAL
    from tests.colonia.colonia_helpers import text

    s = GAME.new(3, 1)
    while s.chance_queue and s.chance_queue[0][0] != Q_BLIND_MATERIAL:
        s.apply(CHANCE, s.chance_outcomes()[0][0])
    a = s.chance_outcomes()[0][0]
    p = s.chance_queue[0][1]
    assert text(s.describe(CHANCE, a, p), p).startswith("You draw a")
    other = (p + 1) % 3
    assert text(s.describe(CHANCE, a, other), other) == f"Player {p + 1} draws a material from the bag (hidden)"


def test_no_screen_but_ones_own_before_the_end() -> None:
    for s in _positions(4, 11, every=61):
        if s.over():
            continue
        for seat in range(4):
            money = s.money[((seat + 1) % 4) * 4:((seat + 1) % 4 + 1) * 4]
            other = ", ".join(f"{m} {c}" for m, c in zip(money, ("Mark", "Gulden", "Pfund Sterling", "Grivna")))
            mine = ", ".join(f"{m} {c}" for m, c in zip(s.money[seat * 4:(seat + 1) * 4],
                                                          ("Mark", "Gulden", "Pfund Sterling", "Grivna")))
            text = _text(s.view(seat), seat) + _text(s.view(seat), seat, render_city)
            assert mine in text
            if other != mine:
                assert other not in text


# -- words and frontends ------------------------------------------------------------------------------
def test_both_frontends_are_declared_and_take_the_readers_words() -> None:
    """The caller hands a frontend the reader's words (core.messages.Say); the game
    imports no catalogs."""
    for kind, fn in (("terminal", render), ("terminal_city", render_city)):
        assert part("colonia", kind) is fn
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


def test_every_word_of_the_board_and_the_city_comes_from_the_catalog(monkeypatch) -> None:
    _shouting(monkeypatch)
    names = ["ANN", "BOB", "CID", "DEE", "EVE"]
    checked = 0
    for s in _positions(5, 6, every=23):
        for seat in (None, 0, 3):
            view = s.view(seat)
            for fn in (render, render_city):
                text = "\n".join(_lines(fn(view, seat, names, say_for(names, seat, "ru")), 160))
                assert not re.search(r"[a-z]", text), re.findall(r".{0,30}[a-z]+.{0,10}", text)[:5]
                checked += 1
    assert checked > 30


def test_the_terminal_speaks_the_language_asked_for(monkeypatch) -> None:
    _shouting(monkeypatch, "de")
    s = at_step(S_WED_BUY, 4)
    out = "\n".join(_lines(render(s.view(0), 0, NAMES[:4], Renderer("de", NAMES[:4], viewer=0))))
    assert "WEEK 1 OF 6" in out and "week 1 of 6" not in out
    assert "week 1 of 6" in "\n".join(_lines(render(s.view(0), 0, NAMES[:4], Renderer("en", NAMES[:4], viewer=0))))


# -- the play loop pages the city with c -----------------------------------------------------------
def test_the_play_loop_pages_the_city_with_c_and_lists_it_in_the_help(tmp_path) -> None:
    from tests.terminal.helpers import run, table

    commands = ["c", "h", "q"]

    def answer(prompt: str, _table) -> str | None:
        if prompt.startswith("Enter:"):
            return ""  # page on, then back to the game
        return commands.pop(0) if commands else None

    session = table(answer, tmp_path, game="colonia", players=3, seats=["human", "random", "random"], seed=3,
                    height=40)
    run(session)
    assert "Members (38 per family)" in session.text and "Goods in the supply" in session.text
    assert "the whole city (every panel in full)" in session.text
