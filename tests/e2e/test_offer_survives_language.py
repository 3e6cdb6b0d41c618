"""A Siedler trade offer half put together survives a switch of language, as a Norenberc
choice in the making does (test_pick_survives_language.py). Found in a browser review:
+1 wood to give and +1 stone asked for, the language box changed, and every stepper was
back at 0 (the board kept what was being put together in its element, which a language
switch draws anew)."""

from __future__ import annotations

import random
import time

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import open_as, person_at
from .test_siedler_board import ASKED, step

pytestmark = BROWSER

STEPPERS = """() => Object.fromEntries([...document.querySelectorAll('.sdl-builder.offer td.stepper')]
  .map((td) => [`${td.dataset.side}:${td.dataset.res}`, Number(td.querySelector('b').textContent)]))"""


def test_a_half_made_offer_stays_in_the_new_language(server: Server, pages: Pages) -> None:
    made = person_at(server.base, "siedler", ["random", "random"])
    page = pages.new()
    open_as(page, server.base, made)
    page.wait_for_selector(".sdl svg.sdl-field .terrain")
    # played on (never an offer) until the trade panel offers to put an offer together
    rng, done, deadline = random.Random(5), {}, time.monotonic() + 120
    while not page.locator(".sdl-builder.offer").count():
        assert time.monotonic() < deadline, "the trade panel never offered an offer to put together"
        asked = page.evaluate(ASKED)
        if asked["status"] == "running" and (asked["discard"] or asked["keys"] or asked["listed"]):
            step(page, rng, done, {**asked, "builder": False})
        else:
            page.wait_for_timeout(50)
    builder = page.locator(".sdl-builder.offer")
    builder.locator("td.stepper[data-side=want][data-res=stone] button.plus").click()
    give = builder.locator("td.stepper[data-side=give]:not([data-res=stone]) button.plus:not([disabled])").first
    give.click()
    page.locator(".sdl-builder.offer select").select_option("1")
    before = page.evaluate(STEPPERS)
    assert sum(before.values()) == 2 and before["want:stone"] == 1, before
    drawn = page.query_selector(".sdl-builder.offer")
    page.select_option("#lang", "de")
    page.wait_for_function("(el) => !el.isConnected", arg=drawn)   # the page drawn anew, in German
    page.wait_for_selector("html[lang=de] .sdl-builder.offer")
    assert page.evaluate(STEPPERS) == before, "the offer was wiped by the language switch"
    assert page.locator(".sdl-builder.offer select").input_value() == "1", "and whom it asks"
    assert page.locator(".sdl-builder.offer button[data-send=offer]").is_enabled()
