"""The waiting room before the invited seats are taken: the invitation links (Copy, Start
now) come first, right under the table's head, where the creator looks; the board's box,
with nothing to draw yet, is only its sentence (found in a browser review: a 900×200
empty box above the links). Once the game runs, the board comes first again."""

from __future__ import annotations

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import call, open_as

pytestmark = BROWSER

WHERE = """() => {
  const top = (s) => document.querySelector(s)?.getBoundingClientRect().top ?? null;
  return {manage: top('.manage'), invite: top('.manage ul.invites input'), start: top('.manage button[data-start]'),
    play: top('.play'), board: document.querySelector('.board').getBoundingClientRect().height,
    zoom: document.querySelector('.zoom').getBoundingClientRect().height};
}"""


def test_the_invitations_come_first_until_the_game_starts(server: Server, pages: Pages) -> None:
    status, made = call(server.base, "POST", "/api/tables", {"game": "siedler", "players": 3, "options": {},
                                                            "seats": ["human", "human", "greedy"], "take_seat": 0,
                                                            "name": "Ann"})
    assert status == 201, made
    page = pages.new()
    open_as(page, server.base, made)
    page.wait_for_selector(".table-page[data-status=open] .manage ul.invites input")
    at = page.evaluate(WHERE)
    assert at["manage"] < at["play"], f"the invitations above the board: {at}"
    assert at["invite"] < 300 and at["start"] < 400, f"in sight at once: {at}"
    assert at["board"] < 120 and at["zoom"] == 0, f"no empty board box, no zoom for nothing: {at}"
    pages.shot(page, "waiting-room")
    page.click(".manage button[data-start]")
    page.wait_for_selector(".table-page[data-status=running] .sdl svg.sdl-field")
    at = page.evaluate(WHERE)
    assert at["play"] < at["manage"], f"the board first once the game runs: {at}"
