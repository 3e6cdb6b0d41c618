"""Words a browser review found wrong, in Debian's Chromium: what a table that has not
started says about its start, open seats numbered like names ("open seat (2)"), the
quick game's "Player 1" sent as a name in the lobby's language of the moment, "since
your last turn" before the reader's first move, and "pages 17" for one page of a guide."""

from __future__ import annotations

import random
import re
from typing import Any


from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import call, open_as, person_at, play_now
from .play import play, wait_table

pytestmark = BROWSER



def _in_german(page: Any, base: str, path: str = "/") -> None:
    page.evaluate("() => localStorage.setItem('rs.lang', 'de')")
    page.goto(base + path)


def test_open_seats_read_open_seat_and_a_name_taken_is_refused(server: Server, pages: Pages) -> None:
    """Two open seats are both "open seat", never "open seat (2)"; a second person may not
    take a name someone at the table has (since the server attack of 2026-11-28: "Ann (2)"
    beside "Ann" made impersonation easy). The table, not started, says it starts by
    itself once full and that its creator may start it earlier with bots."""
    status, made = call(server.base, "POST", "/api/tables", {"game": "norenberc", "players": 4,
                                                             "seats": ["human"] * 4, "take_seat": 0, "name": "Ann"})
    assert status == 201, made
    last = next(i for i in made["invites"] if i["seat"] == 3)
    refused = call(server.base, "POST", f"/api/tables/{made['id']}/join", {"invite": last["invite"], "name": "ann"})
    assert refused[0] == 400 and refused[1]["error"]["id"] == "server.refuse.name_taken", refused
    joined = call(server.base, "POST", f"/api/tables/{made['id']}/join", {"invite": last["invite"], "name": "Bo"})
    assert joined[0] == 200, joined
    try:
        page = pages.new()
        open_as(page, server.base, made)
        wait_table(page)
        seats = [" ".join(s.split()) for s in page.locator(".seats-bar li").all_inner_texts()]
        assert seats == ["Ann (you)", "open seat", "open seat", "Bo"], seats
        said = page.locator(".board").inner_text()
        assert "starts by itself once the last seat is taken" in said and "bots" in said, said
        _in_german(page, server.base)
        row = page.locator(f".tables.open li[data-table='{made['id']}']")
        row.wait_for()
        listed = [s.strip() for s in row.locator(".seat-list li").all_inner_texts()]
        assert listed == ["Ann", "freier Platz", "freier Platz", "Bo"], listed
    finally:
        call(server.base, "POST", f"/api/tables/{made['id']}/close", {}, made["creator"])


def test_play_now_without_a_name_is_player_1_in_each_readers_language(server: Server, pages: Pages) -> None:
    """No name typed: "Play now" sends none (it sent "Player 1" in the lobby's language of
    the moment, a name for good); the seat is "Player 1" in English, "Spieler 1" in German."""
    page = pages.new()
    tid = play_now(page, server.base, "colonia")
    info = call(server.base, "GET", f"/api/tables/{tid}")[1]
    assert info["seats"][0]["name"] is None and info["seats"][0]["joined"], info["seats"][0]
    me = page.locator(".seats-bar li.me")
    assert me.inner_text().startswith("Player 1"), me.inner_text()
    _in_german(page, server.base, f"/t/{tid}")
    page.wait_for_selector(".table-page[data-status=running]")
    assert me.inner_text().startswith("Spieler 1"), me.inner_text()
    page.goto(server.base + "/")
    mine = page.locator(f".tables.mine li[data-table='{tid}']")
    mine.wait_for()
    assert "Spieler 1" in mine.inner_text() and "Player" not in mine.inner_text(), mine.inner_text()


def _since(page: Any) -> str:
    return str(page.evaluate("() => document.querySelector('details.since summary')?.textContent || ''"))


def test_the_since_line_counts_from_the_start_before_the_readers_first_move(server: Server, pages: Pages) -> None:
    """On the person's very first turn nothing was "since your last turn": what happened
    (the board's chance draws, the bots' moves) is "since the game began"; after a move
    of their own, the line says "since your last turn" again."""
    made = person_at(server.base, "norenberc", ["greedy", "greedy"])
    page = pages.new()
    open_as(page, server.base, made)
    page.wait_for_selector(".status.yours")
    page.wait_for_selector("details.since summary")
    first = _since(page)
    assert re.match(r"Since the game began, \d+ moves?:", first), first
    play([page], random.Random(3), until=lambda: "Since your last turn" in _since(page), timeout=120)
    assert re.match(r"Since your last turn, \d+ moves?:", _since(page)), _since(page)


def test_one_page_of_the_rulebook_reads_page(server: Server, pages: Pages) -> None:
    """Colonia's guide: "Seite 17" for one page (it read "Seiten 17"), "Seiten 14–22" for a range."""
    page = pages.new()
    page.goto(server.base + "/")
    _in_german(page, server.base)
    page.click(".game-card[data-game=colonia] button.guide-open")
    page.wait_for_selector("dialog.guide .guide-section")
    rules = [s.strip() for s in page.locator("dialog.guide p.rules").all_inner_texts()]
    assert "Spielregel, Seite 17" in rules and "Spielregel, Seiten 14–22" in rules, rules
    assert "Spielregel, Seiten 13, 14, 23" in rules, rules
