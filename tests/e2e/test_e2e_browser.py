"""End to end in a real headless Chromium (Debian's, driven by Playwright): a person plays
a whole Norenberc game against bots by clicking; two people in two browser contexts play
each other; a reload mid-game; a server killed and restarted mid-game; multi-part choices
and confirmations; a screenshot of each screen, checked not blank."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.server.process import Server

from .conftest import LiveServer, Pages
from .play import create_from_lobby, log_lines, only_me_deciding, play, step, wait_table, where

# One worker runs every browser test, one Playwright at a time (see tests/e2e/conftest.py).
pytestmark = pytest.mark.xdist_group("browser")


_create_from_lobby = create_from_lobby


def test_a_person_plays_a_whole_game_against_bots_by_clicking(live_server: LiveServer, pages: Pages) -> None:
    rng = random.Random(1)
    page = pages.new("Ann")
    page.goto(live_server.url + "/")
    page.wait_for_selector(".game-card[data-game=norenberc]")
    pages.shot(page, "1-lobby")
    tid = _create_from_lobby(page, live_server.url, "norenberc", ["you", "random", "random"])
    page.wait_for_selector(".table-page[data-status=running]")
    page.wait_for_selector(".board svg")  # the game's board, drawn by its web renderer
    # the first decisions: move buttons, the turn shown in the page and the tab
    page.wait_for_selector(".moves button.move")
    assert "your turn" in page.locator(".status").inner_text().lower()
    assert page.title().startswith("●")
    play([page], rng, until=lambda: where(page)[0] > 40)
    shown = page.evaluate("() => [Number(document.querySelector('.table-page').dataset.move),"
                          " document.querySelectorAll('ol.log > li').length]")
    assert shown[0] == shown[1]  # one log line per move (read together: bots move meanwhile)
    assert page.locator(".seats-bar li.me").inner_text().strip().startswith("Ann")
    pages.shot(page, "2-table-mid-game")
    sent = play([page], rng)
    assert sent >= 3  # the person played the rest of the game (a plan of several guilds is one click-and-send)
    # the end: the scores, the record and the replay
    page.wait_for_selector("table.scores tr.total")
    assert where(page)[1] == "finished" and "over" in page.locator(".status").inner_text()
    assert page.locator("table.scores thead th").count() == 4  # a corner and three players
    assert page.locator(".moves button.move").count() == 0
    pages.shot(page, "3-finished-scores")
    page.click("section.end a[href$='/replay']")
    page.wait_for_selector(".replay .board svg")
    total = where_replay(page)
    page.click("button[aria-label='one move back']")
    page.wait_for_function("t => !document.querySelector('.where').textContent.includes(t)", arg=f"after move {total} ")
    assert len(page.locator(".replay ol.log > li").all()) == total - 1
    pages.shot(page, "4-replay")
    # the spectator link: the table as anyone may watch it, nothing to click
    watcher = pages.new("watcher")
    watcher.goto(f"{live_server.url}/t/{tid}/watch")
    wait_table(watcher)
    watcher.wait_for_selector("table.scores")
    assert watcher.locator(".moves button").count() == 0
    pages.shot(watcher, "5-spectator")


def where_replay(page: Any) -> int:
    text = page.locator(".where").inner_text()
    m = re.search(r"after move (\d+) of (\d+)", text)
    assert m, text
    return int(m.group(2))


def test_two_people_in_two_browsers_play_each_other(live_server: LiveServer, pages: Pages) -> None:
    rng = random.Random(2)
    ann = pages.new("Ann")
    tid = _create_from_lobby(ann, live_server.url, "norenberc", ["you", "human", "random"])
    assert where(ann)[1] == "open"
    ann.wait_for_selector(".manage ul.invites input")
    invite = ann.locator(".manage ul.invites input").input_value()
    assert re.fullmatch(rf"{re.escape(live_server.url)}/t/{tid}/join/[\w-]+", invite)
    pages.shot(ann, "1-waiting-for-a-player")
    bo = pages.new("Bo")
    bo.goto(invite)
    bo.wait_for_selector("form.join")
    pages.shot(bo, "2-join")
    bo.fill("#name", "Bo")
    bo.click("form.join button[type=submit]")
    bo.wait_for_url(f"{live_server.url}/t/{tid}")
    wait_table(bo)
    # Bo took the last seat: the game begins by itself, nobody clicks "start"
    ann.wait_for_function("() => document.querySelector('.seats-bar').textContent.includes('Bo')")
    for p in (ann, bo):
        p.wait_for_selector(".table-page[data-status=running]")
    assert "Ann" in bo.locator(".seats-bar").inner_text()
    play([ann, bo], rng, until=lambda: where(ann)[0] > 30)
    pages.shot(ann, "3-ann-playing")
    pages.shot(bo, "4-bo-playing")
    play([ann, bo], rng)
    for p in (ann, bo):
        p.wait_for_selector("table.scores tr.total")
        assert where(p) == where(ann)
    assert log_lines(ann)[-1] and len(log_lines(ann)) == len(log_lines(bo))
    pages.shot(bo, "5-bo-finished")


def test_a_reload_mid_game_picks_up_where_it_left_off(live_server: LiveServer, pages: Pages) -> None:
    rng = random.Random(3)
    page = pages.new("Ann")
    _create_from_lobby(page, live_server.url, "norenberc", ["you", "random", "random"])
    page.wait_for_selector(".moves button.move")
    play([page], rng, until=lambda: where(page)[0] > 30 and only_me_deciding(page))
    before = where(page)
    lines = log_lines(page)
    buttons = page.locator(".moves button.move").all_inner_texts()
    page.reload()
    wait_table(page)
    page.wait_for_selector(".moves button.move")
    assert where(page) == before
    assert log_lines(page) == lines
    assert page.locator(".moves button.move").all_inner_texts() == buttons
    pages.shot(page, "after-reload")
    play([page], rng, until=lambda: where(page)[0] > before[0] + 10)


def test_a_server_restart_mid_game(tmp_path: Path, pages: Pages) -> None:
    rng = random.Random(4)
    db = f"sqlite+aiosqlite:///{tmp_path}/restart.db"
    server = Server(tmp_path, db=db)
    try:
        page = pages.new("Ann")
        _create_from_lobby(page, server.base, "norenberc", ["you", "random", "random"])
        play([page], rng, until=lambda: where(page)[0] > 25 and only_me_deciding(page))
        before = where(page)
        lines = log_lines(page)
        port = server.port
        server.kill()  # SIGKILL
        page.wait_for_function("() => document.querySelector('.status').textContent.includes('reconnecting')")
        pages.shot(page, "1-reconnecting")
        server.close()
        server = Server(tmp_path, db=db, port=port)
        page.wait_for_function("() => !document.querySelector('.status').textContent.includes('reconnecting')",
                               timeout=30_000)
        page.wait_for_selector(".moves button.move")
        assert where(page) == before and log_lines(page) == lines
        pages.shot(page, "2-back")
        play([page], rng, until=lambda: where(page)[0] > before[0] + 10)
    finally:
        server.close()


def test_choices_of_several_parts_and_confirmations(live_server: LiveServer, pages: Pages, market: str) -> None:
    page = pages.new("Ann")
    _create_from_lobby(page, live_server.url, market, ["you", "random"])
    page.wait_for_selector(".pick button.part")
    assert page.locator(".pick button.part").count() == 4
    send = page.locator(".pick button.primary")
    assert send.is_disabled()
    page.locator(".pick button.part").nth(3).click()
    page.locator(".pick button.part").nth(1).click()
    page.locator(".pick button.part").nth(0).click()  # a third is one too many: not taken
    assert page.locator(".pick button.part.on").count() == 2
    assert "2 of at most 2" in page.locator(".pick-summary").inner_text()
    pages.shot(page, "1-pick")
    before = where(page)[0]
    send.click()
    # the parts, the finish and the die: four moves, in the engine's order
    page.wait_for_function("n => Number(document.querySelector('.table-page').dataset.move) >= n", arg=before + 4)
    lines = log_lines(page)
    assert "stall 2" in lines[0] and "stall 4" in lines[1] and "end the turn" in lines[2]
    # the bot plays; Ann's next turn: ending it without a good asks first
    page.wait_for_selector(".pick button.part")
    end = page.locator(".moves button.move.irreversible")
    assert end.count() == 1 and "end the turn" in end.inner_text()
    at = where(page)[0]
    end.click()
    page.wait_for_selector("dialog.confirm[open]")
    assert "you could still take a good" in page.locator("dialog.confirm").inner_text().lower()
    pages.shot(page, "2-confirm")
    page.click("dialog.confirm button[value=no]")
    page.wait_for_timeout(300)
    assert where(page)[0] == at  # nothing sent
    end.click()
    page.click("dialog.confirm button[value=yes]")
    page.wait_for_function("n => Number(document.querySelector('.table-page').dataset.move) > n", arg=at)
    # and so on to the end
    play([page], random.Random(5))
    page.wait_for_selector("table.scores tr.total")
    pages.shot(page, "3-market-scores")
    assert step(page, random.Random(0)) is False


def test_the_lobby_shows_each_bot_level_with_its_measured_strength(live_server: LiveServer, pages: Pages) -> None:
    """Issue 21: the levels the lobby offers are the server's (bots/levels.py), each with
    what it plays and how strong it measured at the chosen game, in the reader's
    language, beside the seats and on each seat's choice."""
    from reichsstadt.bots import levels

    page = pages.new("Ann")
    page.goto(live_server.url + "/")
    page.wait_for_selector("details.create-box")
    page.click("details.create-box > summary")
    for gid in ("siedler", "colonia"):
        page.select_option("#game", gid)
        page.click("details.levels > summary")
        shown = page.locator("details.levels li").all_inner_texts()
        assert shown == [levels.describe(lv, gid, "en") for lv in levels.offered(gid)], shown
        titles = page.eval_on_selector("select[data-seat='1']",
                                       "e => [...e.options].slice(2).map(o => [o.value, o.title])")
        assert titles == [[levels.spec(lv, gid), levels.describe(lv, gid, "en")] for lv in levels.offered(gid)], titles
    english = page.locator(".lobby h1").inner_text()
    page.select_option("#lang", "de")
    page.wait_for_function("t => document.querySelector('.lobby h1')?.textContent !== t", arg=english)
    if not page.locator("details.create-box[open]").count():
        page.click("details.create-box > summary")
    page.select_option("#game", "colonia")
    page.click("details.levels > summary")
    assert page.locator("details.levels li").all_inner_texts()[2] == levels.describe("hard", "colonia", "de")
    # a level a game plays with a spec of its own (Colonia's expert) is named as that level
    made = page.request.post(live_server.url + "/api/tables",
                             data={"game": "colonia", "players": 3, "seats": ["human", "expert", "hard"]}).json()
    page.reload()
    listed = page.locator(f"li[data-table='{made['id']}']")
    listed.wait_for()
    assert "Expertenbot" in listed.inner_text() and "Schwer-Bot" in listed.inner_text(), listed.inner_text()
