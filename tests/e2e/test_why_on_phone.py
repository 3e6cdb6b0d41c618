"""On a phone the answer to a tap on a place the player cannot use ("why") shows where the
player looks: the error line is far below the board there (1,922 px down the page for a
Siedler place near the top), so the tap seemed to do nothing. A small message at the foot
of the screen says the same words and goes at the next tap; a desktop, its error line
beside the board, shows no such message."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.server.process import Server

from .conftest import BROWSER
from .newcomer import among_people, open_as

pytestmark = BROWSER
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESK = {"viewport": {"width": 1280, "height": 900}}

# where an element is against the screen: its box, the screen's height, the moves sheet's top
WHERE = """(sel) => {
  const el = document.querySelector(sel);
  if (!el || el.hidden || !el.getClientRects().length) return null;
  const r = el.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, height: innerHeight, text: el.textContent };
}"""


def _tapped(context: Any, base: str, game: str, problems: list[str], tap: bool) -> Any:
    """The person's table of `game` in a page of `context`, a place that asks why tapped
    (`tap`, else clicked) and its answer in the error line. The others at the table are
    people who do not move: a move clears the answer's words, and bots could move between
    the tap and the check."""
    page = context.new_page()
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on("console", lambda msg: msg.type == "error" and problems.append(msg.text))
    open_as(page, base, among_people(base, game, 3))
    page.wait_for_selector(".table-page[data-status=running] .board svg .asks")
    place = page.locator(".board svg .asks").first
    if tap:
        place.tap(force=True)
    else:
        place.click(force=True)
    page.wait_for_function("() => document.querySelector('.error').textContent.length > 0")
    return page


# Norenberc asks why only at a guild's hiring, far into a game; its answer takes the same way
@pytest.mark.parametrize("game", ["siedler", "colonia"])
def test_on_a_phone_the_answer_to_why_shows_on_the_screen(server: Server, chromium: Any, game: str,
                                                             tmp_path: Path) -> None:
    phone = chromium.new_context(**PHONE)
    problems: list[str] = []
    try:
        page = _tapped(phone, server.base, game, problems, tap=True)
        said = page.evaluate(WHERE, ".error")
        assert said["top"] > said["height"], f"the error line is on the screen already: {said}"
        page.wait_for_selector(".toast:not([hidden])")
        toast = page.evaluate(WHERE, ".toast")
        page.screenshot(path=str(tmp_path / (f"{game}-phone-why" + ".png")))
        assert toast["text"] == said["text"], (toast, said)
        assert 0 <= toast["top"] and toast["bottom"] <= toast["height"], f"the answer is off the screen: {toast}"
        sheet = page.evaluate(WHERE, ".moves")
        if sheet:
            assert toast["bottom"] <= sheet["top"] + 1, f"the answer covers the moves sheet: {toast} {sheet}"
        page.locator(".head h1").tap()
        page.wait_for_selector(".toast", state="hidden")
        page.screenshot(path=str(tmp_path / (f"{game}-phone-after-tap" + ".png")))
        assert page.evaluate(WHERE, ".error")["text"] == said["text"], "the error line keeps the words"
        assert not problems, problems
    finally:
        phone.close()


def test_on_a_desktop_the_answer_stays_beside_the_board(server: Server, chromium: Any, tmp_path: Path) -> None:
    desk = chromium.new_context(**DESK)
    problems: list[str] = []
    try:
        page = _tapped(desk, server.base, "colonia", problems, tap=False)
        said = page.evaluate(WHERE, ".error")
        assert 0 <= said["top"] and said["bottom"] <= said["height"], f"the error line is off the screen: {said}"
        page.screenshot(path=str(tmp_path / ("colonia-desktop-why" + ".png")))
        assert page.evaluate(WHERE, ".toast") is None, "a desktop shows no second message"
        assert not problems, problems
    finally:
        desk.close()
