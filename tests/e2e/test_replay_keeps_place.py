"""The replay keeps the place a person stepped to (a newcomer's browser review): changing
the language, which draws the page anew, or reloading it came back to the game's last move
and the spectator's view; the move and the seat chosen now live in the address."""

from __future__ import annotations

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import call, finished, open_as

pytestmark = BROWSER

WHERE = "(text) => document.querySelector('.replay .where')?.textContent === text"


def test_a_change_of_language_and_a_reload_keep_the_move_and_the_seat(server: Server, pages: Pages) -> None:
    made = finished(server.base, "norenberc", ["greedy", "greedy"])
    moves = call(server.base, "GET", f"/api/tables/{made['id']}")[1]["moves"]
    page = pages.new()
    open_as(page, server.base, made, path="/replay")
    page.wait_for_function(WHERE, arg=f"after move {moves} of {moves}")
    for _ in range(3):
        page.click(".replay .controls button[title='one move back']")
    page.wait_for_function(WHERE, arg=f"after move {moves - 3} of {moves}")
    page.select_option(".replay .controls select", "1")  # as the second seat sees it
    page.wait_for_url(f"**/replay?move={moves - 3}&seat=1")

    page.select_option("#lang", "de")
    page.wait_for_function(WHERE, arg=f"nach Zug {moves - 3} von {moves}")
    assert page.locator(".replay .controls select").input_value() == "1"

    page.reload()
    page.wait_for_function(WHERE, arg=f"nach Zug {moves - 3} von {moves}")
    assert page.locator(".replay .controls select").input_value() == "1"
