"""A click on a piece the player cannot use says why, in the player's language: the
page asks the server ("why") and shows the engine's refusal words, the ones the terminal
shows (the newcomer's browser review found such clicks did nothing, M1)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import open_as, person_at

pytestmark = BROWSER


@pytest.mark.parametrize("lang, words, asked", [("en", "You cannot commission", "the game asks for"),
                                                ("de", "Du kannst jetzt nicht", "jetzt ist gefragt")])
def test_a_click_on_a_contract_field_colonia_cannot_take_now_says_why(server: Server, pages: Pages, lang: str,
                                                                      words: str, asked: str) -> None:
    """At Colonia's start (a good for the six, then the family cards) a free contract
    field clicked is refused with the engine's reason: what the game asks for now."""
    made = person_at(server.base, "colonia", ["random", "random"])
    page: Any = pages.new()
    open_as(page, server.base, made, lang=lang)
    page.wait_for_selector(".table-page[data-status=running] .board svg .asks[data-key^=contract-]")
    page.locator(".board svg .asks[data-key^=contract-]").first.click(force=True)
    error = page.locator(".error").first
    error.wait_for()
    page.wait_for_function("() => document.querySelector('.error').textContent.length > 0")
    said = error.inner_text()
    assert said.startswith(words) and asked in said, said
