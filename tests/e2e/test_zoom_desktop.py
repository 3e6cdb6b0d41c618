"""The board's zoom buttons are on a desktop too, not only on a phone: Siedler's city
recipes ("1 wood + 1 stone", "→ Frankfurt") are about 6 px type in a 1280 px window, and a
newcomer could only zoom the whole browser (found in a browser review). Zoomed, the city
and the surroundings stay side by side (on a phone they go one below the other), and the
board box scrolls; every game's board has the bar."""

from __future__ import annotations

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import open_as, person_at

pytestmark = BROWSER

# the rendered height of the city's first recipe line, and where the two maps are
MEASURE = """() => {
  const recipe = [...document.querySelectorAll('.sdl-city text')].find((x) => /\\+/.test(x.textContent));
  const city = document.querySelector('.sdl-city').getBoundingClientRect();
  const field = document.querySelector('.sdl-field').getBoundingClientRect();
  return {text: recipe.getBoundingClientRect().height, cityTop: city.top, fieldTop: field.top,
    cityRight: city.right, fieldLeft: field.left, page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth};
}"""


def test_a_desktop_zooms_siedler_board_and_its_words_grow(server: Server, pages: Pages) -> None:
    made = person_at(server.base, "siedler", ["random", "random"])
    page = pages.new()
    open_as(page, server.base, made)
    page.wait_for_selector(".sdl svg.sdl-city text")
    assert page.locator(".zoom").is_visible(), "the zoom bar shows in a 1280 px window"
    assert page.locator(".zoom .zoom-out").is_disabled()
    small = page.evaluate(MEASURE)
    page.click(".zoom .zoom-in")
    page.click(".zoom .zoom-in")
    page.wait_for_selector(".board[data-zoom='2']")
    big = page.evaluate(MEASURE)
    assert big["text"] >= 1.8 * small["text"], (small, big)
    assert abs(big["cityTop"] - big["fieldTop"]) < 2 and big["fieldLeft"] >= big["cityRight"], \
        f"the city and the surroundings side by side: {big}"
    assert big["page"] <= big["window"], "the board box scrolls, not the page"
    pages.shot(page, "siedler-zoomed-desktop")
    # kept for the game in this browser; back to the whole board
    page.reload()
    page.wait_for_selector(".board[data-zoom='2'] .sdl svg.sdl-city text")
    page.click(".zoom .zoom-out")
    page.click(".zoom .zoom-out")
    page.wait_for_selector(".board:not([data-zoom])")
    assert abs(page.evaluate(MEASURE)["text"] - small["text"]) < 0.5


def test_every_board_has_the_zoom_bar_on_a_desktop(server: Server, pages: Pages) -> None:
    for game in ("norenberc", "colonia"):
        made = person_at(server.base, game, ["random", "random"])
        page = pages.new(game)
        open_as(page, server.base, made)
        page.wait_for_selector(".board svg")
        assert page.locator(".zoom").is_visible(), game
        width = page.evaluate("() => document.querySelector('.board > svg').getBoundingClientRect().width")
        page.click(".zoom .zoom-in")
        page.wait_for_selector(".board[data-zoom]")
        zoomed = page.evaluate("() => document.querySelector('.board > svg').getBoundingClientRect().width")
        assert zoomed > 1.3 * width, (game, width, zoomed)
        assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"), game
