"""A person at the table page, clicking: the moves as buttons, multi-part choices as
parts and a send button, irreversible moves confirmed in a dialog."""

from __future__ import annotations

import random
import re
import time
from typing import Any, Callable

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout


def create_from_lobby(page: Any, url: str, game: str, seats: list[str], name: str = "Ann",
                      options: dict[str, str] | None = None) -> str:
    """Fill the lobby's form for a table of one's choosing (it folds open): the game, one
    seat kind per player ("you", "human" or a bot), choice options; the new table's id."""
    page.goto(url + "/")
    page.wait_for_selector("details.create-box")
    if not page.locator("details.create-box[open]").count():
        page.click("details.create-box > summary")
    page.wait_for_selector("form.create")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    page.fill("#name", name)
    for i, kind in enumerate(seats):
        page.select_option(f"select[data-seat='{i}']", kind)
    for option, value in (options or {}).items():
        page.select_option(f"#opt-{option}", value)
    page.click("form.create button[type=submit]")
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    wait_table(page)
    return page.url.rsplit("/", 1)[1]  # type: ignore[no-any-return]


def one_of(found: Any, rng: random.Random) -> Any | None:
    """A random one of the elements a locator finds, None when it finds none. The count is
    read once: a bot's move may redraw the page between two reads (a second read of 0 made
    `randrange` fail in CI); a click on an element gone meanwhile fails as Playwright's
    error, which the callers take as "the table moved on"."""
    count = found.count()
    return found.nth(rng.randrange(count)) if count else None


def where(page: Any) -> tuple[int, str]:
    """(moves made at the table, its status) as the page shows it."""
    got = page.eval_on_selector(".table-page", "e => [Number(e.dataset.move ?? -1), e.dataset.status ?? '']")
    return int(got[0]), str(got[1])


def wait_table(page: Any) -> None:
    page.wait_for_selector(".table-page[data-move]")


def only_me_deciding(page: Any) -> bool:
    """This page's person is the only one to decide: nothing moves until they do (seen
    twice, a moment apart, at the same move: a state message still on its way after the
    person's own move could show them deciding a moment too long)."""
    first = where(page)
    if not _me_alone(page):
        return False
    page.wait_for_timeout(700)
    return where(page) == first and _me_alone(page)


def _me_alone(page: Any) -> bool:
    return bool(page.evaluate(
        "() => { const d = document.querySelectorAll('.seats-bar li.deciding');"
        " return d.length === 1 && d[0].classList.contains('me')"
        " && document.querySelectorAll('.moves button.move, .pick button.part').length > 0; }"))


def describe_page(page: Any) -> str:
    """What a stuck page shows (for a failing test's message)."""
    return str(page.evaluate(
        "() => JSON.stringify({move: document.querySelector('.table-page')?.dataset.move,"
        " status: document.querySelector('.table-page')?.dataset.status,"
        " deciding: [...document.querySelectorAll('.seats-bar li.deciding')]"
        ".map(e => e.className + ':' + e.textContent),"
        " moves: [...document.querySelectorAll('.moves button.move')].map(e => e.textContent).slice(0, 6),"
        " parts: [...document.querySelectorAll('.pick button.part')].map(e => e.textContent).slice(0, 6),"
        " pick: document.querySelector('.pick')?.outerHTML.slice(0, 300),"
        " dialog: !!document.querySelector('dialog[open]'),"
        " error: document.querySelector('.table-page .error')?.textContent,"
        " log: [...document.querySelectorAll('ol.log > li')].slice(-3).map(e => e.textContent)})"))


def log_lines(page: Any) -> list[str]:
    return page.locator("ol.log > li").all_inner_texts()  # type: ignore[no-any-return]


def step(page: Any, rng: random.Random) -> bool:
    """Make one move if this page has any to make (a random one; a pick half the time
    when offered; a confirmation answered yes); True if a move was sent."""
    before, status = where(page)
    if status != "running":
        return False
    if page.locator("dialog.confirm[open]").count():  # a confirmation left open (a click that timed out): yes
        try:
            page.locator("dialog.confirm button[value=yes]").click(timeout=5000)
        except (PlaywrightTimeout, PlaywrightError):
            return False
        return True
    parts = page.locator(".pick button.part")
    moves = page.locator(".moves button.move")
    n_parts, n_moves = parts.count(), moves.count()  # the page may change between any two reads
    try:
        if n_parts and rng.random() < 0.5:
            most = int(page.locator(".pick").get_attribute("data-most", timeout=2000) or 1)
            for i in rng.sample(range(n_parts), rng.randint(1, min(most, n_parts))):
                parts.nth(i).click(timeout=2000)
            send = page.locator(".pick button.primary")
            if send.is_disabled(timeout=2000):
                return False
            send.click(timeout=2000)
        elif n_moves:
            button = moves.nth(rng.randrange(n_moves))
            irreversible = "irreversible" in (button.get_attribute("class", timeout=2000) or "")
            button.click(timeout=2000)
            if irreversible:
                page.locator("dialog.confirm button[value=yes]").click(timeout=5000)
        else:
            return False
    except (PlaywrightTimeout, PlaywrightError):
        return False  # the buttons changed under the mouse: the table moved on
    # the table moves on, or the server says why not
    try:
        page.wait_for_function(
            "n => document.querySelector('.table-page').dataset.move !== n"
            " || document.querySelector('.table-page .error').textContent !== ''",
            arg=str(before), timeout=10_000)
    except PlaywrightTimeout:
        pass
    return True


def play(pages: list[Any], rng: random.Random, until: Callable[[], bool] | None = None,
         timeout: float = 600) -> int:
    """Every page's person plays by clicking until the game is over (or `until()`);
    the number of moves they sent."""
    deadline = time.monotonic() + timeout
    sent = 0
    while True:
        if until is not None and until():
            return sent
        if all(where(p)[1] == "finished" for p in pages):
            return sent
        moved = False
        for p in pages:
            if step(p, rng):
                sent += 1
                moved = True
        assert time.monotonic() < deadline, f"the game did not finish in {timeout} s: " + "; ".join(
            describe_page(p) for p in pages)
        if not moved:
            pages[0].wait_for_timeout(50)
