"""The replay viewer in Chromium: stepping through a finished game quickly (an arrow key
held, a slider dragged) ends on the step last asked for, one request at a time, and a
server that says "too many at once" (429) is asked again rather than leaving the page
stuck or throwing."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import call, finished, open_as

pytestmark = BROWSER


def test_an_arrow_key_held_ends_on_the_last_step_asked_even_when_told_to_wait(server: Server, pages: Pages) -> None:
    made = finished(server.base, "norenberc", ["greedy", "greedy"])
    moves = call(server.base, "GET", f"/api/tables/{made['id']}")[1]["moves"]
    page = pages.new()
    asked: list[int] = []
    refused = {"count": 0}

    def answer(route: Any) -> None:
        asked.append(int(re.search(r"move=(\d+)", route.request.url).group(1)))  # type: ignore[union-attr]
        if len(asked) in (2, 3):  # the server's limit per address, as a busy visitor meets it
            refused["count"] += 1
            route.fulfill(status=429, headers={"retry-after": "1", "content-type": "application/json"},
                          body=json.dumps({"error": {"id": "server.error.replay_rate", "args": {}},
                                           "code": "rate_limited"}))
        else:
            route.continue_()

    page.route(re.compile(r".*/api/tables/[^/]+/replay\?.*"), answer)
    open_as(page, server.base, made, path="/replay")
    page.wait_for_selector(".replay .board svg")
    assert page.locator(".replay .where").inner_text() == f"after move {moves} of {moves}"
    for _ in range(40):
        page.keyboard.press("ArrowLeft")
    target = moves - 40
    page.wait_for_function("(text) => document.querySelector('.replay .where').textContent === text",
                           arg=f"after move {target} of {moves}", timeout=30_000)
    assert page.locator(".replay ol.log > li").count() >= 1
    assert refused["count"] == 2 and asked[-1] == target
    # the browser itself reports a 429 answer on the console; nothing else may be there
    pages.problems[:] = [p for p in pages.problems if "status of 429" not in p]
