"""Die Siedler von Nürnberg's bots offer a trade almost every turn (to everyone: 5.2.1),
and each offer waits for every player's answer, so a person at a table of bots answered
an offer several times a round. The trade panel's switch "Decline others' offers without
asking me" (kept in the browser) answers every one with no at once; switched off, the
page asks again. In Debian's Chromium driven by Playwright, against a real server."""

from __future__ import annotations

import random
import time
from typing import Any

from tests.server.process import Server

from .conftest import Pages
from .test_siedler_board import ASKED, create_table, step

SWITCH = ".sdl-decline-all input[type=checkbox]"


def declined(page: Any) -> int:
    """How often the log says the person declined an offer."""
    return int(page.locator(".log").inner_text().count("You: decline the offer"))


def play_until(page: Any, rng: random.Random, enough: Any, deadline: float) -> dict[str, Any]:
    """The person's own turns played (never an answer to an offer) until `enough(asked)`."""
    done: dict[str, int] = {}
    while True:
        asked = page.evaluate(ASKED)
        if enough(asked):
            return asked
        assert asked["status"] == "running", asked
        assert time.monotonic() < deadline, f"not within the time; the person made {done}"
        keys = [k for k in asked["keys"] if k not in ("accept", "decline")]
        if asked["counter"] or len(keys) < len(asked["keys"]):
            return asked   # asked to answer an offer: the caller decides whether that is right
        if asked["discard"] or keys or asked["listed"]:
            step(page, rng, done, asked)
        else:
            page.wait_for_timeout(25)


def test_a_person_declines_every_offer_without_being_asked_and_can_switch_it_off(server: Server,
                                                                                 pages: Pages) -> None:
    rng = random.Random(3)
    page = pages.new("Ann")
    create_table(page, server.base, ["you", "greedy", "greedy"])
    page.wait_for_selector(".table-page[data-status=running]")
    page.wait_for_selector(SWITCH)
    assert not page.locator(SWITCH).is_checked()
    page.locator(SWITCH).check()
    deadline = time.monotonic() + 240
    asked = play_until(page, rng, lambda a: declined(page) >= 3, deadline)
    assert declined(page) >= 3, f"the page asked the person to answer an offer: {asked}"
    pages.shot(page, "siedler-decline-all")
    # kept in this browser: a reload finds the switch on
    page.reload()
    page.wait_for_selector(SWITCH)
    assert page.locator(SWITCH).is_checked()
    # switched off, the next offer asks the person again
    page.locator(SWITCH).uncheck()
    before = declined(page)
    asked = play_until(page, rng, lambda a: "decline" in a["keys"], deadline)
    assert "decline" in asked["keys"] and declined(page) == before, asked
