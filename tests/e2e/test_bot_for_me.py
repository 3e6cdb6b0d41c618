"""A player who has had enough leaves the game to a bot from the table page ("Let a bot
play for me"), without stopping it for the others, and can take the seat back: the
newcomer's browser review found no way to leave a running game (L6)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.server.process import Server

from .conftest import BROWSER, Pages, serving
from .newcomer import open_as, person_at

pytestmark = BROWSER


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory, "bot_for_me", bot_delay=0.3)   # a game that lasts while the test looks


def _move(page: Any) -> int:
    return int(page.evaluate("() => Number(document.querySelector('.board').dataset.move)"))


def test_a_player_hands_their_seat_to_a_bot_and_takes_it_back(paced: Server, pages: Pages) -> None:
    made = person_at(paced.base, "norenberc", ["greedy", "greedy"])
    page = pages.new()
    open_as(page, paced.base, made)
    page.wait_for_selector(".table-page[data-status=running] .board svg")
    before = _move(page)
    page.locator("[data-bot-for-me]").click()
    page.wait_for_function("n => Number(document.querySelector('.board').dataset.move) > n + 3", arg=before,
                           timeout=60_000)   # the game goes on without the person
    take_back = page.get_by_role("button", name="Take your seat back")
    take_back.wait_for()
    assert page.locator("[data-bot-for-me]").count() == 0
    take_back.click()
    page.locator("[data-bot-for-me]").wait_for()   # the seat is the person's again
