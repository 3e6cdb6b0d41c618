"""Siedler on a phone starts at places 24 px across to tap, the map wider than the screen
(the maps pan, in a scroller of their own: the board around them does not); its zoom-out
then shows the whole board at a glance, each map the screen's width, and zoom-in returns
to the tappable size; the choice is kept per game. The other games' phone boards already
fit, and a desktop's Siedler board is as it was: there the
zoom-out stays disabled at the first level."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.process import Server

from .conftest import BROWSER
from .newcomer import open_as, person_at

pytestmark = BROWSER
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

# the maps' right edges, the board's and the screen's width, whether the maps pan (in their
# own scroller on a phone) and whether the board does
WIDTHS = """() => {
  const board = document.querySelector('.board');
  const maps = document.querySelector('.sdl-boards');
  const right = (s) => Math.max(...[...document.querySelectorAll(s)].map((e) => e.getBoundingClientRect().right));
  return {field: right('svg.sdl-field'), city: right('svg.sdl-city'), screen: document.documentElement.clientWidth,
    pans: maps.scrollWidth > maps.clientWidth + 1, boardPans: board.scrollWidth > board.clientWidth + 1,
    fieldWidth: document.querySelector('svg.sdl-field').getBoundingClientRect().width};
}"""


def open_table(context: Any, base: str, game: str) -> Any:
    page = context.new_page()
    open_as(page, base, person_at(base, game, ["random", "random"]))
    page.wait_for_selector(".board svg")
    return page


def test_on_a_phone_siedler_zooms_out_to_the_whole_board(server: Server, chromium: Any, tmp_path: Path) -> None:
    phone = chromium.new_context(**PHONE)
    try:
        page = open_table(phone, server.base, "siedler")
        page.wait_for_selector("svg.sdl-field")
        tappable = page.evaluate(WIDTHS)
        assert tappable["pans"] and tappable["field"] > tappable["screen"], tappable
        assert not tappable["boardPans"], f"only the maps pan, not the board: {tappable}"
        assert page.locator(".zoom .zoom-out").is_enabled(), "a phone's Siedler board zooms out"
        page.click(".zoom .zoom-out")
        page.wait_for_selector(".board[data-glance]:not([data-zoom])")
        glance = page.evaluate(WIDTHS)
        assert not glance["pans"] and not glance["boardPans"], glance
        assert glance["field"] <= glance["screen"] and glance["city"] <= glance["screen"], glance
        assert glance["fieldWidth"] > glance["screen"] * 0.8, f"the field fills the screen's width: {glance}"
        assert page.locator(".zoom .zoom-out").is_disabled(), "nothing below the whole board"
        page.screenshot(path=str(tmp_path / "siedler-phone-glance.png"), full_page=True)
        # kept for the game in this browser
        page.reload()
        page.wait_for_selector(".board[data-glance] svg.sdl-field")
        page.click(".zoom .zoom-in")
        page.wait_for_selector(".board:not([data-glance]):not([data-zoom]) svg.sdl-field")
        assert page.evaluate(WIDTHS) == tappable, "back at the tappable size"
        page.screenshot(path=str(tmp_path / "siedler-phone-tappable.png"))
        # the other games' phone boards start at the whole board: nothing below it
        for game in ("norenberc", "colonia"):
            other = open_table(phone, server.base, game)
            assert other.locator(".zoom .zoom-out").is_disabled(), game
            assert not other.locator(".board[data-glance]").count(), game
    finally:
        phone.close()


def test_a_desktop_siedler_board_has_no_level_below_the_first(server: Server, chromium: Any) -> None:
    desk = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = open_table(desk, server.base, "siedler")
        page.wait_for_selector("svg.sdl-field")
        # even when a phone's glance was chosen in this browser before
        page.evaluate("() => localStorage.setItem('rs.zoom.siedler', 'glance')")
        page.reload()
        page.wait_for_selector("svg.sdl-field")
        assert page.locator(".zoom .zoom-out").is_disabled()
        assert not page.locator(".board[data-glance], .board[data-zoom]").count()
        at = page.evaluate(WIDTHS)
        assert not at["pans"] and not at["boardPans"] and at["field"] <= at["screen"], at
    finally:
        desk.close()
