"""What came of a Siedler trade offer stays in the trade panel. Found in a browser review:
an offer every player declined simply vanished from the panel (the engine ends it at
once), and only the log, far below on a phone, said so; a trade made vanished the same
way. The panel now says "No one took your offer of … for …" or "… traded with …"."""

from __future__ import annotations

import random
import time
from typing import Any

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import open_as, person_at
from .test_siedler_board import ASKED, step

pytestmark = BROWSER

# (a trade shown from before, "… traded with …", stays until this offer ends: not an answer)
OUTCOME_OR_ANSWER = """() => {
  const outcome = document.querySelector('.sdl-trade .sdl-outcome[data-outcome=declined]');
  if (outcome) return {outcome: outcome.dataset.outcome, text: outcome.textContent};
  const taken = document.querySelector('.sdl-offer li[data-answer=accept], .sdl-offer li[data-answer=countered]');
  return taken ? {taken: taken.dataset.answer} : null;
}"""


def _make_offer(page: Any, rng: random.Random) -> str:
    """One card given and one asked for, to everyone; the panel's words for the offer."""
    box = page.locator(".sdl-builder.offer")
    box.locator("td.stepper[data-side=give] button.plus:not([disabled])").first.click()
    wants = box.locator("td.stepper[data-side=want] button.plus:not([disabled])")
    wants.nth(rng.randrange(wants.count())).click()
    summary = str(box.locator("button[data-send=offer]").get_attribute("title"))
    box.locator("button[data-send=offer]").click()
    return summary


def _answered(page: Any, deadline: float) -> dict[str, Any]:
    """Wait until the offer is declined by all (the panel's outcome) or taken up by someone."""
    while True:
        got = page.evaluate(OUTCOME_OR_ANSWER)
        if got:
            return dict(got)
        assert time.monotonic() < deadline, "neither an answer nor the offer's outcome showed"
        page.wait_for_timeout(50)


def test_the_trade_panel_says_what_came_of_the_last_offer(server: Server, pages: Pages) -> None:
    made = person_at(server.base, "siedler", ["medium", "medium"])
    page = pages.new()
    open_as(page, server.base, made)
    page.wait_for_selector(".sdl svg.sdl-field .terrain")
    rng, done, deadline = random.Random(11), {}, time.monotonic() + 240
    seen: set[str] = set()
    while "declined" not in seen:
        assert time.monotonic() < deadline, f"no offer of the person's was declined by all (saw {seen})"
        asked = page.evaluate(ASKED)
        if asked["status"] != "running" or not (asked["builder"] or asked["discard"] or asked["keys"]
                                                 or asked["listed"]):
            page.wait_for_timeout(50)
            continue
        if not asked["builder"]:
            step(page, rng, done, {**asked, "builder": False, "counter": False})
            continue
        summary = _make_offer(page, rng)   # "offer 1 wood for 1 stone"
        got = _answered(page, deadline)
        if got.get("outcome") == "declined":
            words = summary.split(" ", 1)[1]
            assert got["text"] == f"No one took your offer of {words}: everyone asked said no.", got
            # it stays while the turn goes on (the next state draws the panel anew)
            assert page.locator(".sdl-trade .sdl-outcome[data-outcome=declined]").count() == 1
            seen.add("declined")
        elif got.get("taken") == "accept":   # someone took it: the person trades, and the panel says so
            page.locator(".sdl-offer li[data-answer=accept] button").first.click()
            traded = page.wait_for_selector(".sdl-trade .sdl-outcome[data-outcome=traded]")
            assert traded is not None and traded.text_content().startswith("You traded with "), traded
            seen.add("traded")
        else:   # a counter-offer: withdrawn once all have answered, and nothing is said to have come of it
            page.locator(".sdl-offer button", has_text="Withdraw").click(timeout=60_000)
            page.wait_for_function("() => !document.querySelector('.sdl-offer')")
            assert not page.locator(".sdl-trade .sdl-outcome").count()
