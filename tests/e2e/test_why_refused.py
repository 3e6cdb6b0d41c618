"""A click on a piece the player cannot use says why, in the player's language: the
page asks the server ("why") and shows the engine's refusal words, the ones the terminal
shows (the newcomer's browser review found such clicks did nothing, M1)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from reichsstadt.core import CHANCE, game, sample_chance
from reichsstadt.server.protocol import words
from tests.server.process import Server

from .conftest import BROWSER, Pages
from .drawing import INSTALL, table_data
from .newcomer import open_as, person_at
from .positions import seat_message

pytestmark = BROWSER


@pytest.mark.parametrize("lang, words, asked", [("en", "You cannot commission", "the game is asking for"),
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


def _room_paid_no_way() -> tuple[dict[str, Any], int]:
    """A Norenberc position where the seat to act, its guild called, can pay a guest's room
    in none of its two or more ways, each refused for its price: (the seat's message, the
    room)."""
    g = game("norenberc")
    hires = [a for a in g.action_space(3).actions if a.type == "hire"]
    for seed in range(100):
        rng = random.Random(seed)
        s = g.new(3, seed)
        while not s.over():
            who = s.to_act()
            if who == (CHANCE,):
                s.apply(CHANCE, sample_chance(s, rng))
                continue
            p = who[0]
            for room in range(4):
                ways = [a for a in hires if a.room == room]
                refused = [s.refusal(p, a) for a in ways]
                if len(who) == 1 and len(ways) >= 2 and all(
                        r is not None and "norenberc.why.hire_price" in json.dumps(words(r)) for r in refused):
                    return seat_message(s, p), room
            s.apply(p, rng.choice(s.legal(p)))
    raise AssertionError("no such position in 100 games")


ASKED = """async ([pos, data]) => {
  const page = window.tablePage();
  const asked = [];
  await window.drawPosition(page, pos, 'norenberc', { ...data, why: (a) => asked.push(a) }, ['Ann', 'Bo', 'Cy']);
  window.asked = asked;
}"""


def test_a_click_on_a_norenberc_price_asks_about_that_way_of_paying(server: Server, pages: Pages) -> None:
    """A room the player can pay in none of its ways: a click on one of its prices asks
    why not that way (it asked about the first way whatever was clicked: the answer named
    another price than the one the player looked at)."""
    pos, room = _room_paid_no_way()
    page: Any = pages.new()
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby .game-card")
    page.evaluate(INSTALL)
    page.evaluate(ASKED, [pos, table_data("norenberc")])
    prices = page.locator(f".board svg .asks[data-key^=price-][data-key$='-{room}-1']")
    assert prices.count() == 1
    prices.click(force=True)
    page.locator(f".board svg .asks[data-key^=room-][data-key$='-{room}']").click(force=True, position={"x": 5, "y": 5})
    assert page.evaluate("window.asked") == [{"type": "hire", "room": room, "form": 1},
                                             {"type": "hire", "room": room, "form": 0}]
