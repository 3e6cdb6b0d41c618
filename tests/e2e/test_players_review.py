"""What demanding players found at the tables (a review in Debian's Chromium): the back
button takes a page's dialogs with it; a double click sends one move; a game that ends
while the person is scrolled down brings its end into view; the rows that only break a
tie stand below the total; no suggest switch where there is nothing to suggest; the
replay leads back to the table; French says *vous* everywhere."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from typing import Any, Iterator

import pytest

from tests.server.process import Server

from .conftest import BROWSER, Pages, serving
from .newcomer import call, finished, open_as, person_at
from .play import only_me_deciding, wait_table, where

pytestmark = BROWSER


def _moves(base: str, table: str) -> int:
    return int(call(base, "GET", f"/api/tables/{table}")[1]["moves"])


def test_the_back_button_takes_a_pages_dialogs_with_it(server: Server, pages: Pages) -> None:
    """A move's confirmation open, the person goes back to the lobby: the dialog went with
    the table (it stayed over the lobby, its "yes" sending nothing); the guide too."""
    made = person_at(server.base, "norenberc", ["greedy", "greedy"])
    page = pages.new()
    open_as(page, server.base, made)
    wait_table(page)
    page.goto(server.base + "/")
    page.click(f".lobby a[href='/t/{made['id']}']")  # into the table inside the page: back is the page's own
    wait_table(page)
    page.wait_for_selector(".moves button.move.irreversible")  # planning: "pass for the rest of the round"
    deadline = time.monotonic() + 30
    while not only_me_deciding(page):  # the bots have planned: nothing moves but by the person
        assert time.monotonic() < deadline, "the bots never left the person alone to decide"
    before = _moves(server.base, made["id"])
    page.click(".moves button.move.irreversible")
    page.wait_for_selector("dialog.confirm[open]")
    page.go_back()
    page.wait_for_selector(".lobby .game-card")
    assert page.locator("dialog[open]").count() == 0, "the table's confirmation stayed open over the lobby"
    page.go_forward()
    wait_table(page)
    assert page.locator("dialog[open]").count() == 0
    assert _moves(server.base, made["id"]) == before, "a move was made that the person never confirmed"
    page.click(".tools button.guide-open")
    page.wait_for_selector("dialog.guide[open]")
    page.go_back()
    page.wait_for_selector(".lobby .game-card")
    assert page.locator("dialog[open]").count() == 0, "the table's guide stayed open over the lobby"


def test_a_double_click_sends_one_move(server: Server, pages: Pages) -> None:
    """Two clicks before the table answers (a double click on Send): one move goes out, and
    no "the table has moved on … look again" comes back for the second."""
    made = person_at(server.base, "norenberc", ["greedy", "greedy"])
    page = pages.new()
    sent: list[dict[str, Any]] = []
    heard: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: (ws.on("framesent", lambda f: sent.append(json.loads(f))),
                                     ws.on("framereceived", lambda f: heard.append(json.loads(f)))))
    open_as(page, server.base, made)
    wait_table(page)
    page.wait_for_selector(".pick button.part:not([disabled])")
    at = where(page)[0]
    page.locator(".pick button.part:not([disabled])").first.click()
    page.evaluate("() => { const send = document.querySelector('.pick button.primary'); send.click(); send.click(); }")
    page.wait_for_function("n => Number(document.querySelector('.table-page').dataset.move) > n", arg=at)
    page.wait_for_timeout(1000)
    picks = [m for m in sent if m.get("type") in ("pick", "move")]
    assert len(picks) == 1, picks
    refusals = [m for m in heard if m.get("type") == "error"]
    assert not refusals, refusals
    assert page.locator(".table-page .error").inner_text() == ""


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose bots take 50 ms a move: a game of bots lasts long enough to be watched."""
    yield from serving(tmp_path_factory, "paced", bot_delay=0.05)


def test_a_game_that_ends_brings_its_end_into_view(paced: Server, pages: Pages) -> None:
    """The person scrolled down (to their seat's panel, below the board) when the game ends
    (a bot playing their seat): the end banner at the top comes into view; it used to end
    out of sight."""
    made = person_at(paced.base, "norenberc", ["greedy", "greedy"])
    status, got = call(paced.base, "POST", f"/api/tables/{made['id']}/seats/0/stand-in", {"bot": "greedy"},
                       made["creator"])
    assert status == 200, got
    page = pages.new()
    page.set_viewport_size({"width": 1280, "height": 700})
    open_as(page, paced.base, made)
    page.wait_for_selector(".table-page[data-status=running] .board svg")
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("() => window.scrollY") > 300
    assert where(page)[1] == "running", "the bots finished before the test looked: pace them more"
    page.wait_for_selector("section.end", timeout=120_000)
    page.wait_for_function("""() => { const r = document.querySelector('section.end').getBoundingClientRect();
      return r.top >= -1 && r.top < window.innerHeight / 2; }""", timeout=5000)
    pages.shot(page, "norenberc-end-in-view")
    # a finished table opened afresh is not scrolled: its end is at the top already
    later = pages.new("later")
    later.set_viewport_size({"width": 1280, "height": 700})
    open_as(later, paced.base, made)
    later.wait_for_selector("section.end")
    later.wait_for_timeout(500)
    assert later.evaluate("() => window.scrollY") == 0


def test_the_rows_that_break_a_tie_stand_below_the_total(server: Server, pages: Pages) -> None:
    """Colonia's money, goods and materials only break a tie: they stood among the points
    above the total (relics 15, shrines 3, windows 2, money 14, ... total 20). The rows
    above the total add up to it; those below it are headed as what breaks a tie. From
    the replay, a link leads back to the table."""
    made = finished(server.base, "colonia", ["greedy", "greedy"])
    page = pages.new()
    open_as(page, server.base, made)
    page.wait_for_selector("section.end table.scores")
    rows = page.evaluate("""() => [...document.querySelectorAll('section.end table.scores tbody tr')]
      .map((tr) => ({cls: tr.className, cells: [...tr.children].map((c) => c.textContent)}))""")
    kinds = [r["cls"] for r in rows]
    total = kinds.index("total")
    for col in range(1, len(rows[total]["cells"])):
        above = sum(int(r["cells"][col]) for r in rows[:total])
        assert above == int(rows[total]["cells"][col]), (col, rows)
    assert kinds[total + 1] == "tie-head" and kinds[total + 2:] == ["tie-break"] * 3, kinds
    assert rows[total + 1]["cells"] == ["if points are equal (not in the total)"]
    assert [r["cells"][0] for r in rows[total + 2:]] == ["money (tie-break)", "goods (tie-break)",
                                                           "materials (tie-break)"]
    # a game whose items all count keeps them all above the total, and one that adds up
    # nowhere too (as before)
    got = page.evaluate("""async () => { const { counted } = await import('/static/table/end.js');
      const r = (scores, breakdown) => ({ scores, ranks: scores.map(() => 1), breakdown });
      return [counted(r([13, 7], [{a: 5, b: 8, c: 0}, {a: 7, b: 0, c: 0}]), ['a', 'b', 'c']),
              counted(r([20, 8], [{a: 20, m: 14}, {a: 8, m: 10}]), ['a', 'm']),
              counted(r([9, 8], [{a: 1, m: 2}, {a: 3, m: 4}]), ['a', 'm'])]; }""")
    assert got == [3, 1, 2], got
    page.click("section.end a[href$='/replay']")
    page.wait_for_selector(".replay .controls")
    page.click(f".replay a[href='/t/{made['id']}']")
    page.wait_for_selector("section.end table.scores")


def test_nothing_offers_to_play_on_before_the_start_or_after_the_end(server: Server, pages: Pages) -> None:
    """No suggest switch at a table not started or over (it stayed on, lit, at the end); at
    the end, no "(Medium bot plays for now)" beside a seat and no "Take your seat back"."""
    status, made = call(server.base, "POST", "/api/tables", {
        "game": "norenberc", "players": 3, "options": {}, "seats": ["human", "human", "greedy"], "take_seat": 0,
        "name": "Ann"})
    assert status == 201, made
    page = pages.new()
    open_as(page, server.base, made)
    page.wait_for_selector(".table-page[data-status=open]")
    assert not page.locator(".suggest-switch").is_visible(), "a suggest switch at a table that has not started"
    status, got = call(server.base, "POST", f"/api/tables/{made['id']}/start", {"fill": "medium"}, made["creator"])
    assert status == 200, got
    page.wait_for_selector(".table-page[data-status=running]")
    assert page.locator(".suggest-switch").is_visible()
    done = finished(server.base, "norenberc", ["greedy"])
    open_as(page, server.base, done)
    page.wait_for_selector("section.end")
    assert not page.locator(".suggest-switch").is_visible(), "a suggest switch at a finished table"
    assert "plays for now" not in page.locator(".seats-bar").inner_text()  # the stand-in that finished() asked for
    assert page.locator("section.manage").inner_text() == "", "an offer to take back a seat of a game over"


def test_french_says_vous_on_every_page(server: Server) -> None:
    """Every message the browser reads in French (the platform's and the games'
    catalogs) addresses the reader as *vous*: Colonia's board said "Ton choix" and
    "Derrière ton paravent"."""
    with urllib.request.urlopen(server.base + "/i18n/fr.json", timeout=30) as res:
        messages = json.load(res)["messages"]
    tu = re.compile(r"\b(tu|ton|ta|tes|toi|tien|tienne|tiens)\b", re.IGNORECASE)
    said = [(k, v) for k, v in messages.items() if tu.search(json.dumps(v, ensure_ascii=False))]
    assert not said, said
    assert messages["web.colonia.title_screen_own"] == "Derrière votre paravent"


def test_no_blank_band_where_nothing_went_wrong(server: Server, pages: Pages) -> None:
    """The place an error would take was kept blank when there was none: a band of some
    70 px between the moves and the log, and below the button of the invitation's form."""
    made = person_at(server.base, "colonia", ["greedy", "greedy"])
    page = pages.new()
    open_as(page, server.base, made)
    page.wait_for_selector("aside .moves .move-list button")
    assert page.locator(".table-page .error").inner_text() == ""
    gap = page.evaluate("""() => document.querySelector('aside details.log-box').getBoundingClientRect().top
      - document.querySelector('aside .moves').getBoundingClientRect().bottom""")
    assert gap <= 25, f"{gap} px between the moves and the log"
    status, table = call(server.base, "POST", "/api/tables", {
        "game": "norenberc", "players": 3, "options": {}, "seats": ["human", "human", "greedy"], "take_seat": 0,
        "name": "Ann"})
    assert status == 201, table
    friend = pages.new("friend")
    friend.goto(server.base + table["invites"][0]["path"])
    friend.wait_for_selector("form.join button[type=submit]")
    below = friend.evaluate("""() => document.querySelector('form.join').getBoundingClientRect().bottom
      - document.querySelector('form.join button[type=submit]').getBoundingClientRect().bottom""")
    assert below <= 30, f"{below} px below the form's button"


def test_an_invitation_opened_again_leads_back_to_the_seat(server: Server, pages: Pages) -> None:
    """The friend learns the game from the invitation (How to play), takes the seat, and
    later opens the same link again (their way back, from the chat): their seat, where it
    was the form again, whose button said "the game has already started". Anyone else
    with the link is told at once that the seats are taken, and may watch."""
    status, table = call(server.base, "POST", "/api/tables", {
        "game": "norenberc", "players": 3, "options": {}, "seats": ["human", "human", "greedy"], "take_seat": 0,
        "name": "Ann"})
    assert status == 201, table
    link = server.base + table["invites"][0]["path"]
    friend = pages.new("friend")
    friend.goto(link)
    friend.click("form.join button.guide-open")
    friend.wait_for_selector("dialog.guide[open] .guide-section")
    friend.keyboard.press("Escape")
    friend.fill("#name", "Bert")
    friend.click("form.join button[type=submit]")
    friend.wait_for_selector(".table-page[data-status=running]")
    friend.goto(link)
    friend.wait_for_selector(".table-page[data-status=running]")
    assert friend.url == f"{server.base}/t/{table['id']}"
    assert "Bert" in friend.locator(".seats-bar li.me").inner_text()
    other = pages.new("other")
    other.goto(link)
    other.wait_for_selector(f"#app a[href='/t/{table['id']}/watch']")
    assert other.locator("form.join").count() == 0
    assert "Every seat at this table is taken" in other.locator("#app").inner_text()
    other.click(f"#app a[href='/t/{table['id']}/watch']")
    other.wait_for_selector(".table-page[data-status=running]")


def test_a_friend_who_closed_the_page_is_away_not_thinking(server: Server, pages: Pages) -> None:
    """The friend closes their tab: the others see them away, where the bar said "Bert ·
    thinking" while the table waited for nobody; back, they are no longer away."""
    status, table = call(server.base, "POST", "/api/tables", {
        "game": "norenberc", "players": 3, "options": {}, "seats": ["human", "human", "greedy"], "take_seat": 0,
        "name": "Ann"})
    assert status == 201, table
    status, joined = call(server.base, "POST", f"/api/tables/{table['id']}/join",
                          {"invite": table["invites"][0]["invite"], "name": "Bert"})
    assert status == 200, joined
    ann = pages.new("Ann")
    open_as(ann, server.base, table)
    ann.wait_for_selector(".table-page[data-status=running]")
    friend = pages.new("Bert")
    bert = {"id": table["id"], "creator": None, "token": joined["token"]}
    open_as(friend, server.base, bert)
    friend.wait_for_selector(".table-page[data-status=running]")
    seat = ann.locator(".seats-bar li[data-seat='1']")
    ann.wait_for_function("() => !document.querySelector(\".seats-bar li[data-seat='1']\").classList.contains('away')")
    assert "away" not in seat.inner_text()
    friend.close()
    ann.wait_for_function("() => document.querySelector(\".seats-bar li[data-seat='1']\").classList.contains('away')")
    ann.wait_for_timeout(300)
    assert "away" in seat.inner_text() and "thinking" not in seat.inner_text(), seat.inner_text()
    again = pages.new("Bert again")
    open_as(again, server.base, bert)
    again.wait_for_selector(".table-page[data-status=running]")
    ann.wait_for_function("() => !document.querySelector(\".seats-bar li[data-seat='1']\").classList.contains('away')")
    assert "away" not in seat.inner_text()


def test_the_log_ends_with_who_won_and_so_does_the_replays_last_move(server: Server, pages: Pages) -> None:
    """Siedler's log stopped at its last move (the year 1400, or a last building) with no
    word of who won; a reader of the log now finds the banner's sentence where the moves
    end, in the reader's language, and the replay's last move ends with it too (an
    earlier move does not)."""
    made = finished(server.base, "siedler", ["greedy", "greedy"])
    page = pages.new()
    open_as(page, server.base, made, lang="de")
    page.wait_for_selector("section.end h2")
    banner = page.locator("section.end h2").inner_text().strip()
    assert "gewinn" in banner or "Sieg" in banner, banner
    lines = page.locator("ol.log > li")
    assert lines.last.inner_text() == f"— {banner}", lines.last.inner_text()
    assert page.locator("ol.log > li.closing").count() == 1
    page.goto(f"{server.base}/t/{made['id']}/replay")
    page.wait_for_selector(".replay ol.log li.closing")
    closing = page.locator(".replay ol.log > li").last
    assert "closing" in (closing.get_attribute("class") or "")
    points = [w for w in banner.split() if w.isdigit()]   # the replay watches as a spectator: "Ann wins", not "you win"
    assert closing.inner_text().startswith("— ") and points and points[0] in closing.inner_text(), closing.inner_text()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => !document.querySelector('.replay ol.log li.closing')")


def test_a_browser_without_javascript_is_told_so_in_every_language(server: Server, chromium: Any) -> None:
    """The page's one line for a browser with JavaScript off was English only."""
    context = chromium.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        said = page.locator("noscript").evaluate("e => e.textContent")
        for words in ("This page needs JavaScript.", "Diese Seite braucht JavaScript.",
                      "Questa pagina richiede JavaScript.", "Cette page nécessite JavaScript.",
                      "Для этой страницы нужен JavaScript."):
            assert words in said, said
        shown = page.locator("li[lang=de]")   # drawn, not only in the source
        assert shown.inner_text() == "Diese Seite braucht JavaScript." and shown.bounding_box()["height"] > 0
    finally:
        context.close()
