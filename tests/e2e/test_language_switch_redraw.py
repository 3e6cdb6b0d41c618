"""A switch of language redraws what is on the screen at once, with no move made: a
running table's board (prompt, panels, titles, buttons), the moves list, the log and the
seats bar, and a finished game's end, replay and review, each the same as a page opened
in that language from the start (a helper saw the Siedler board in English under a German
header: a screenshot taken before the redraw, not a board that waited for the next move).

The tables do not move while they are looked at: a running table is one of people whose
other seats never move (the person's own seat is left alone), a finished one is over."""

from __future__ import annotations

import time
from typing import Any, Iterator

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import among_people, call, finished, open_as

pytestmark = BROWSER

GAMES = ["norenberc", "siedler", "colonia"]
TABLE = ["header", ".head", ".since-box", ".end-box", ".board", ".moves", ".log", ".manage", ".links"]
"""The parts of a table's page, compared one by one (a difference names the part)."""

# The words a person meets in each part, in the page's order: its text, and what shows on
# hovering or is read out (title, aria-label, placeholder, an SVG's <title>).
WORDS = """(areas) => Object.fromEntries(areas.map((sel) => [sel,
  [...document.querySelectorAll(sel)].flatMap((root) => {
  const out = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const s = n.textContent.trim();
    if (s) out.push(s);
  }
  for (const el of root.querySelectorAll('[title], [aria-label], [placeholder]'))
    for (const a of ['title', 'aria-label', 'placeholder'])
      if (el.getAttribute(a)) out.push(`${a}: ${el.getAttribute(a)}`);
  return out;
})]))"""
SAME = f"([areas, want]) => JSON.stringify(({WORDS})(areas)) === JSON.stringify(want)"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # tables are made until the person moves first (up to 25 a game): past the default
    # limit of tables one address may create a minute, which this test is not about
    s = Server(tmp_path_factory.mktemp("language_switch_redraw"), extra=["--create-per-minute", "100000"])
    try:
        yield s
    finally:
        s.close()


def words(page: Any, areas: list[str]) -> dict[str, list[str]]:
    return dict(page.evaluate(WORDS, areas))


def as_opened(pages: Pages, base: str, made: dict[str, Any], lang: str, path: str, ready: str,
              areas: list[str]) -> dict[str, list[str]]:
    """The words of a page opened in `lang` from the start (what a switch must come to)."""
    page = pages.new(f"fresh {lang}")
    open_as(page, base, made, lang, path)
    page.wait_for_selector(ready)
    page.wait_for_selector(f"html[lang={lang}]")  # the tables stand still: drawn once, drawn whole
    got = words(page, areas)
    page.close()
    return got


def switch(page: Any, lang: str, want: dict[str, list[str]], areas: list[str]) -> None:
    """The language box set to `lang`; within a moment every part says what a page opened
    in `lang` says, or the test fails naming the words left over."""
    page.select_option("#lang", lang)
    try:
        page.wait_for_function(SAME, arg=[areas, want], timeout=10_000)
    except PlaywrightTimeout:
        got = words(page, areas)
        wrong = {a: {"shown": [w for w in got[a] if w not in want[a]][:8],
                     "wanted": [w for w in want[a] if w not in got[a]][:8]} for a in areas if got[a] != want[a]}
        raise AssertionError(f"after switching to {lang}, not redrawn in it: {wrong}") from None


def round_trip(pages: Pages, base: str, made: dict[str, Any], path: str, ready: str, areas: list[str],
               name: str, page: Any = None) -> None:
    """English, German, Russian and back to English on one page (`page`, open in English
    already, or a new one), each the same as a page opened in that language; the parts
    with words differ between the languages (so a page that kept its words could not pass)."""
    said = {lang: as_opened(pages, base, made, lang, path, ready, areas) for lang in ("en", "de", "ru")}
    for area in areas:
        if said["en"][area]:
            assert said["de"][area] != said["en"][area] != said["ru"][area], f"{area} is the same in en, de, ru"
    if page is None:
        page = pages.new()
        open_as(page, base, made, "en", path)
        page.wait_for_selector(ready)
    move = page.locator(".table-page").get_attribute("data-move") if not path else None
    for lang in ("de", "ru", "en"):
        switch(page, lang, said[lang], areas)
        pages.shot(page, f"{name}-{lang}")
    if not path:
        assert page.locator(".table-page").get_attribute("data-move") == move, "the table moved meanwhile"


def person_to_move(page: Any, base: str, game: str) -> dict[str, Any]:
    """A table of people where the person (seat 1, open in `page` in English) is to move:
    a new one until the start player drawn is them (Siedler draws one of the three)."""
    for _ in range(25):
        made = among_people(base, game, 3)
        open_as(page, base, made, "en")
        page.wait_for_selector(".table-page[data-status=running] .board *")
        if page.locator(".table-page .status.yours").count():
            return made
    raise AssertionError(f"the person was never the first to move at 25 tables of {game}")


@pytest.mark.parametrize("game", GAMES)
def test_a_running_table_is_redrawn_in_the_new_language_at_once(server: Server, pages: Pages, game: str) -> None:
    page = pages.new()
    made = person_to_move(page, server.base, game)
    round_trip(pages, server.base, made, "", ".table-page[data-status=running] .board *", TABLE, f"{game}-running",
               page)


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_games_end_replay_and_review_are_redrawn_in_the_new_language(server: Server, pages: Pages,
                                                                                  game: str) -> None:
    made = finished(server.base, game, ["random", "random"])
    call(server.base, "GET", f"/api/tables/{made['id']}/review")  # the server starts working it out
    round_trip(pages, server.base, made, "", "table.scores tr.total", TABLE, f"{game}-end")
    round_trip(pages, server.base, made, "/replay", ".replay .board *", ["header", ".replay"], f"{game}-replay")
    deadline = time.monotonic() + 600  # a review searches every move: minutes on a busy machine
    while (got := call(server.base, "GET", f"/api/tables/{made['id']}/review"))[0] == 202:
        assert time.monotonic() < deadline, "the review was not ready"
        time.sleep(1)
    assert got[0] == 200, got
    round_trip(pages, server.base, made, "/review", ".review .method", ["header", ".review"], f"{game}-review")
