"""A choice in the making survives a switch of language (found in a browser review: two
guilds chosen for the plan, the language box changed, and nothing was chosen any more;
the page is drawn anew in the new language and kept its choice only in itself)."""

from __future__ import annotations



from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import open_as, person_at

pytestmark = BROWSER



def test_the_parts_chosen_stay_chosen_in_the_new_language(server: Server, pages: Pages) -> None:
    made = person_at(server.base, "norenberc", ["random", "random"])
    page = pages.new()
    open_as(page, server.base, made)
    page.wait_for_selector(".pick button.part")          # the plan: guilds to choose, at most the agents
    parts = page.locator(".pick button.part:not([disabled])")
    assert parts.count() >= 2
    chosen = [parts.nth(0).get_attribute("data-index"), parts.nth(1).get_attribute("data-index")]
    for index in chosen:
        page.click(f".pick button.part[data-index='{index}']")
    page.wait_for_function("() => document.querySelectorAll('.pick button.part.on').length === 2")
    page.select_option("#lang", "fr")
    page.wait_for_function("() => (document.querySelector('.pick-summary') || {}).textContent?.includes('choisi')")
    on = page.locator(".pick button.part.on")
    assert sorted(on.nth(i).get_attribute("data-index") or "" for i in range(on.count())) == sorted(chosen)
    assert "2 choisis" in page.locator(".pick-summary").inner_text()
    assert page.locator("svg .piece.part.picked").count() == 2, "the board shows them chosen too"
