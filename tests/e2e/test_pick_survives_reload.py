"""A choice in the making survives a reload of the table's page (found in a browser review:
"1 of at most 1 chosen" became "0 of at most 1" after a reload; the parts chosen lived in
the page only). The tab keeps them (sessionStorage) with the decision they were chosen
for, and applies them to that very decision only: a kept choice for another decision is
dropped, and so is one that was sent."""

from __future__ import annotations

import time
from typing import Any

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import open_as, person_at
from .play import only_me_deciding, wait_table

pytestmark = BROWSER


def _on(page: Any) -> list[str]:
    on = page.locator(".pick button.part.on")
    return sorted(on.nth(i).get_attribute("data-index") or "" for i in range(on.count()))


def _kept(page: Any, table: str) -> Any:
    return page.evaluate("(id) => JSON.parse(sessionStorage.getItem('rs.pick.' + id) || 'null')", table)


def _alone(page: Any) -> None:
    deadline = time.monotonic() + 30
    while not only_me_deciding(page):  # the bots have planned: the choice on offer stays put
        assert time.monotonic() < deadline, "the bots never left the person alone to decide"


def test_the_parts_chosen_stay_chosen_after_a_reload_of_that_decision_only(server: Server, pages: Pages) -> None:
    made = person_at(server.base, "norenberc", ["random", "random"])
    page = pages.new()
    open_as(page, server.base, made)
    page.wait_for_selector(".pick button.part")          # the plan: guilds to choose, at most the agents
    _alone(page)
    parts = page.locator(".pick button.part:not([disabled])")
    assert parts.count() >= 2
    chosen = sorted([parts.nth(0).get_attribute("data-index") or "", parts.nth(1).get_attribute("data-index") or ""])
    for index in chosen:
        page.click(f".pick button.part[data-index='{index}']")
    page.wait_for_function("() => document.querySelectorAll('.pick button.part.on').length === 2")
    summary = page.locator(".pick-summary").inner_text()

    page.reload()
    wait_table(page)
    page.wait_for_selector(".pick button.part")
    page.wait_for_function("() => document.querySelectorAll('.pick button.part.on').length === 2")
    assert _on(page) == chosen
    assert page.locator(".pick-summary").inner_text() == summary and summary.startswith("2 of "), summary
    assert page.locator("svg .piece.part.picked").count() == 2, "the board shows them chosen too"

    # one part dropped: the reload shows one
    page.click(f".pick button.part[data-index='{chosen[1]}']")
    page.wait_for_function("() => document.querySelectorAll('.pick button.part.on').length === 1")
    page.reload()
    wait_table(page)
    page.wait_for_function("() => document.querySelectorAll('.pick button.part.on').length === 1")
    assert _on(page) == chosen[:1]

    # a choice kept for another decision (another seat, another of its moves) is not applied, and goes
    kept = _kept(page, made["id"])
    assert kept and kept["chosen"] == [[int(chosen[0]), 1]], kept
    page.evaluate("([id, kept]) => sessionStorage.setItem('rs.pick.' + id, JSON.stringify(kept))",
                  [made["id"], {**kept, "offer": kept["offer"].replace("[0,", "[1,", 1)}])
    page.reload()
    wait_table(page)
    page.wait_for_selector(".pick button.part")
    page.wait_for_function("() => document.querySelector('.pick-summary')?.textContent?.startsWith('0 of ')")
    assert _on(page) == [] and _kept(page, made["id"]) is None

    # sent: nothing kept, and the next decision starts with nothing chosen
    page.click(f".pick button.part[data-index='{chosen[0]}']")
    page.wait_for_function("() => document.querySelectorAll('.pick button.part.on').length === 1")
    assert _kept(page, made["id"])
    before = page.locator(".board").get_attribute("data-move")
    page.click(".pick button.primary")
    page.wait_for_function("(m) => document.querySelector('.board')?.dataset.move !== m", arg=before)
    assert _kept(page, made["id"]) is None
    page.reload()
    wait_table(page)
    assert _on(page) == []
