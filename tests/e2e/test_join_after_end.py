"""An invitation opened after its table's game has ended leads to the replay. Found in a
browser review: a used invite to a finished game said "Every seat at this table is taken:
you can watch the game", and its button opened the watch page of a game long over."""

from __future__ import annotations

import time

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import call

pytestmark = BROWSER


def test_an_invite_to_a_finished_game_offers_its_replay(server: Server, pages: Pages) -> None:
    status, made = call(server.base, "POST", "/api/tables", {
        "game": "norenberc", "players": 3, "options": {}, "seats": ["human", "human", "random"], "take_seat": 0,
        "name": "Ann"})
    assert status == 201, made
    table, invite = made["id"], made["invites"][0]["path"]
    status, got = call(server.base, "POST", f"/api/tables/{table}/start", {"fill": "random"}, made["creator"])
    assert status == 200, got
    status, got = call(server.base, "POST", f"/api/tables/{table}/seats/0/stand-in", {"bot": "random"},
                       made["creator"])
    assert status == 200, got
    deadline = time.monotonic() + 300
    while call(server.base, "GET", f"/api/tables/{table}")[1]["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)
    page = pages.new("friend")
    page.goto(server.base + invite)
    said = page.wait_for_selector(".join p").text_content()
    assert said == "This game is over: you can watch its replay.", said
    page.locator(".join a.button").click()
    page.wait_for_url(f"**/t/{table}/replay")
    page.wait_for_selector(".replay")
