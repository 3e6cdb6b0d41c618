"""A newcomer at the tables (issue 19), in Debian's Chromium: how to play from the lobby
and the table; every piece explaining itself on hover and on a long press; the suggest
switch lighting a hint with its chance to win; the end first (the winner, the ranking,
each total and the breakdown without scrolling, on a phone too, nothing over anything);
what the others' moves changed lit up and summed up; a distinct name for every seat; the
lobby's quick start and the tables of one's own."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .drawing import INSTALL, table_data
from .newcomer import call, finished, open_as, person_at, play_now
from .play import create_from_lobby, describe_page, step, wait_table, where
from .positions import sample

pytestmark = BROWSER



# -- how to play ------------------------------------------------------------------------------

GUIDE_SAYS = {"siedler": ["Building costs", "1 wood + 1 brick", "2 grain + 3 stone", "13 victory points"],
              "norenberc": ["Hire costs and prices", "1 good of the guild and 1 good of any type",
                            "French rulebook: Embaucher"],
              "colonia": ["The week at a glance", "Wednesday", "leather + iron", "Rulebook, page 23",
                          "Rulebook, pages 14–22"]}


def test_how_to_play_opens_from_the_lobby_and_from_the_table(server: Server, pages: Pages) -> None:
    page = pages.new()
    page.goto(server.base + "/")
    for game, says in GUIDE_SAYS.items():
        page.click(f".game-card[data-game={game}] button.guide-open")
        page.wait_for_selector("dialog.guide .guide-section")
        text = page.locator("dialog.guide").inner_text()
        for words in says:
            assert words in text, (game, words, text[:400])
        assert page.locator("dialog.guide .guide-section").count() >= 4
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog.guide", state="detached")
    made = person_at(server.base, "siedler", ["random", "random"])
    open_as(page, server.base, made, lang="de")
    wait_table(page)
    page.click(".tools button.guide-open")
    page.wait_for_selector("dialog.guide .guide-section")
    text = page.locator("dialog.guide").inner_text()
    assert "Baukosten" in text and "1 Holz + 1 Lehm" in text and "Spielregel: 5.2.2" in text, text[:600]
    pages.shot(page, "guide-siedler-de")
    # Norenberc's rulebook has a Russian edition: a Russian reader is sent to its titles
    page.evaluate("() => localStorage.setItem('rs.lang', 'ru')")
    page.goto(server.base + "/")
    page.click(".game-card[data-game=norenberc] button.guide-open")
    page.wait_for_selector("dialog.guide .guide-section")
    text = page.locator("dialog.guide").inner_text()
    assert "Правила: Найм Гостя, Покупка Товаров, Продажа Товаров" in text and "Embaucher" not in text, text[:600]


# -- every piece explains itself -----------------------------------------------------------------

EXPLAINED = """async ([positions, game, data]) => {
  const page = window.tablePage();
  const board = page.querySelector('.board');
  const missing = [];
  const said = (el) => el.getAttribute('title')
    || [...el.children].find((c) => c.tagName === 'title')?.textContent || '';
  for (const pos of positions) {
    await window.drawPosition(page, pos, game, data, ['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo']);
    for (const el of board.querySelectorAll('[data-key], [data-legal]')) {
      const what = el.getAttribute('data-key') || el.getAttribute('data-move');
      if (!said(el).trim()) missing.push(`${pos.kind}: ${what}`);
    }
  }
  return missing;
}"""


@pytest.mark.parametrize("game", ["norenberc", "siedler", "colonia"])
def test_every_piece_says_what_it_is(game: str, server: Server, pages: Pages) -> None:

    positions = sample(game, {"norenberc": [3, 5], "siedler": [4], "colonia": [4]}[game], per_phase=1, seed=3, games=8)
    page = pages.new()
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby .game-card")
    page.evaluate(INSTALL)
    missing = page.evaluate(EXPLAINED, [positions, game, table_data(game)])
    assert not missing, f"pieces that do not say what they are: {missing[:20]}"


def test_a_long_press_explains_a_piece_without_making_its_move(server: Server, pages: Pages) -> None:
    made = person_at(server.base, "norenberc", ["random", "random"])
    page = pages.new()
    sent: list[str] = []  # what the page sends: the bots move on meanwhile, so the move count cannot tell
    page.on("websocket", lambda ws: ws.on("framesent", lambda p: sent.append(p if isinstance(p, str) else "")))
    open_as(page, server.base, made)
    page.wait_for_selector(".table-page .status.yours")
    page.wait_for_selector(".board svg.nb [data-legal]")
    piece = page.locator(".board svg.nb [data-legal]").first
    # its words and its place read at once, from one element: a redraw between two reads (the
    # table's first state coming again by the socket) once left the second with no box (CI)
    says, x, y = piece.evaluate("el => { const r = el.getBoundingClientRect();"
                                " return [[...el.children].find((c) => c.tagName === 'title').textContent,"
                                " r.x + r.width / 2, r.y + r.height / 2]; }")
    piece.dispatch_event("pointerdown", {"pointerType": "touch", "clientX": x, "clientY": y, "isPrimary": True})
    page.wait_for_selector(".explain")
    assert page.locator(".explain").inner_text().strip() == says.strip()
    piece.dispatch_event("pointerup", {"pointerType": "touch", "clientX": x, "clientY": y})
    piece.dispatch_event("click", {"clientX": x, "clientY": y})
    page.evaluate("() => new Promise((r) => setTimeout(r, 300))")  # a move would have gone out at once
    moves = [f for f in sent if '"type":"move"' in f.replace(" ", "")]
    assert not moves and page.locator(".table-page .error").inner_text() == "", moves
    assert page.locator(".pick button.part.on").count() == 0, "the long press chose nothing"


# -- suggest ------------------------------------------------------------------------------------

def test_the_suggest_switch_lights_a_move_with_its_chance_to_win(server: Server, pages: Pages) -> None:
    made = person_at(server.base, "norenberc", ["random", "random"])
    page = pages.new()
    open_as(page, server.base, made)
    page.wait_for_selector(".status.yours")
    page.click(".tools button.suggest-switch")
    assert page.locator(".suggest-switch[aria-pressed=true]").count() == 1
    page.wait_for_selector(".suggest-box .chance", timeout=60_000)
    said = page.locator(".suggest-box").inner_text()
    assert re.search(r"chance to win \d{1,3} %", said), said
    lit = page.locator(".board .suggested, .moves .suggested")
    assert lit.count() >= 1
    pages.shot(page, "suggest")
    # the lit move is one the person may make, and making it is one click
    before = where(page)[0]
    target = lit.first
    target.click()
    if page.locator(".pick button.primary").count() and page.locator(".pick button.primary").is_enabled():
        page.click(".pick button.primary")
    if page.locator("dialog.confirm[open]").count():
        page.click("dialog.confirm button[value=yes]")
    page.wait_for_function("n => Number(document.querySelector('.table-page').dataset.move) > n", arg=before)
    # the switch stays on in this browser
    page.reload()
    wait_table(page)
    assert page.locator(".suggest-switch[aria-pressed=true]").count() == 1


def socket_filter(setup: str, on_message: str, send: str = "") -> str:
    """An init script that puts a filter between the table's websocket and the page: after
    `setup` (once per page), `on_message` runs for every message instead of the page's
    handler, with `e` (the message event), `handler` (the page's own) and `socket` (the
    websocket) in scope; `send`, before each frame the page sends (`data`)."""
    return ("(() => { " + setup + " const Real = window.WebSocket;\n"
            "  window.WebSocket = class extends Real {\n"
            "    send(data) { " + send + " return super.send(data); }\n"
            "    set onmessage(handler) { const socket = this; super.onmessage = (e) => {" + on_message + "\n    }; }\n"
            "    get onmessage() { return super.onmessage; }\n"
            "  }; })();")


def _suggesting(server: Server, pages: Pages, script: str) -> Any:
    """A Norenberc table against two random bots, the suggest switch on and `script` in
    the page, at the person's first decision."""
    made = person_at(server.base, "norenberc", ["random", "random"])
    page = pages.new()
    page.add_init_script("localStorage.setItem('rs.suggest', '1')")
    page.add_init_script(script)
    open_as(page, server.base, made)
    page.wait_for_selector(".status.yours")
    return page


# what the page receives of hints, changed as a busy table changes it: the first answer
# is the server's "wait a second" (one hint every few seconds), every later one was
# worked out before the others' latest move (its move number one behind the page's)
HINTS_LATE = socket_filter("window.hintsAsked = 0; let answered = 0;", """
  const m = JSON.parse(e.data);
  if (m.type !== 'hint') return handler(e);
  answered++;
  if (answered === 1) {
    return handler({ data: JSON.stringify({ type: 'error', message: { id: 'server.refuse.hint_rate',
      args: { count: 1 } } }) });
  }
  return handler({ data: JSON.stringify({ ...m, move: m.move - 1 }) });""",
                           send="if (JSON.parse(data).type === 'hint') window.hintsAsked++;")


def test_a_hint_comes_after_the_wait_and_stays_while_the_others_move(server: Server, pages: Pages) -> None:
    """Found in a browser review: with the switch on, most turns said "the next hint in N
    seconds" and no hint came. The page threw away an answer whose move number was not
    the one shown (bots had moved meanwhile, in a decision still the person's), asked again
    at once, was told to wait, and never asked again. Now a hint is kept for the person's
    decision (until they move), one request is out at a time, and a "wait" is followed by
    a new request when it is over."""
    page = _suggesting(server, pages, HINTS_LATE)
    assert page.locator(".suggest-switch[aria-pressed=true]").count() == 1
    page.wait_for_selector(".suggest-box .chance", timeout=60_000)
    said = page.locator(".suggest-box").inner_text()
    assert re.search(r"chance to win \d{1,3} %", said), said
    assert page.locator(".board .suggested, .moves .suggested").count() >= 1
    # asked, told to wait (here), asked after the second; the server itself may say wait
    # once more (its own interval counts from the first answer, which this page never saw)
    assert 2 <= page.evaluate("() => window.hintsAsked") <= 3


# the connection drops while a hint is being worked out: its answer never reaches the page
HINT_LOST = socket_filter("window.dropped = 0;", """
  const m = JSON.parse(e.data);
  if (m.type === 'hint' && !window.dropped) { window.dropped++; socket.close(); return; }
  handler(e);""")


def test_a_hint_lost_with_the_connection_is_asked_for_again(server: Server, pages: Pages) -> None:
    """A hint asked for just before the connection dropped never comes; the page, back
    online, asks again (it used to wait for that answer for good, the switch dead)."""
    page = _suggesting(server, pages, HINT_LOST)
    page.wait_for_selector(".suggest-box .chance", timeout=60_000)
    assert page.evaluate("() => window.dropped") == 1


# the first hint could not be worked out in time (a busy bot pool): the server says so
HINT_FAILED = socket_filter("window.hintsAsked = 0; let answered = 0;", """
  const m = JSON.parse(e.data);
  if (m.type === 'hint' && ++answered === 1) {
    return handler({ data: JSON.stringify({ type: 'error', message: { id: 'server.refuse.hint_failed', args: {} } }) });
  }
  handler(e);""", send="if (JSON.parse(data).type === 'hint') window.hintsAsked++;")


def test_a_hint_that_failed_can_be_asked_for_again(server: Server, pages: Pages) -> None:
    """The server's "no hint could be worked out in time: try again" used to leave the
    learner only the switch to try again with (off and on); the box now offers a button
    that asks once more, and the hint then comes (after the server's wait between hints)."""
    page = _suggesting(server, pages, HINT_FAILED)
    again = page.locator(".suggest-box button.suggest-again")
    again.wait_for(timeout=60_000)
    assert "no hint could be worked out in time" in page.locator(".suggest-box").inner_text()
    assert page.evaluate("() => window.hintsAsked") == 1
    again.click()
    page.wait_for_selector(".suggest-box .chance", timeout=60_000)
    assert page.locator(".board .suggested, .moves .suggested").count() >= 1
    assert page.evaluate("() => window.hintsAsked") >= 2


# -- the end first --------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["norenberc", "colonia", "siedler"])
def test_the_end_comes_first_on_a_desktop_and_a_phone(game: str, server: Server, pages: Pages) -> None:
    made = finished(server.base, game, ["greedy"] * (3 if game != "siedler" else 2))
    result = call(server.base, "GET", f"/api/tables/{made['id']}")[1]["result"]
    page = pages.new()
    for size in ({"width": 1280, "height": 900}, {"width": 375, "height": 812}):
        page.set_viewport_size(size)
        open_as(page, server.base, made)
        page.wait_for_selector("section.end")
        end = page.locator("section.end")
        headline = end.locator("h2").inner_text()
        winner = min(range(len(result["ranks"])), key=lambda i: result["ranks"][i])
        assert str(result["scores"][winner]) in headline
        # the ranking with each player's total, and the breakdown, in view without scrolling
        shown = page.locator("section.end .scores-box" if size["width"] > 600 else "section.end .ranking")
        box = shown.bounding_box()
        assert box and box["y"] + box["height"] <= size["height"], f"the scores end at {box} on a {size} screen"
        where_totals = "section.end tr.total td" if size["width"] > 600 else "section.end .ranking .total"
        totals = page.locator(where_totals).all_inner_texts()
        assert sorted(map(int, totals), reverse=True) == sorted(result["scores"], reverse=True)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
        assert page.locator("section.end a[href$='/review']").count() == 1
        pages.shot(page, f"{game}-end-{'phone' if size['width'] < 600 else 'desktop'}")
    if game == "norenberc":  # "44 points · place 1" never over the crests
        overlaps = page.evaluate("""() => [...document.querySelectorAll('svg.nb .player')].flatMap((panel) => {
          const score = panel.querySelector('text.score'); if (!score) return ['no score'];
          const s = score.getBoundingClientRect();
          return [...panel.querySelectorAll('[data-key^="crest-"], [data-key^="prestige-"], [data-key^="agents-"]')]
            .map((c) => c.getBoundingClientRect())
            .filter((c) => Math.min(s.right, c.right) > Math.max(s.left, c.left)
              && Math.min(s.bottom, c.bottom) > Math.max(s.top, c.top))
            .map(() => score.textContent);
        })""")
        assert not overlaps, overlaps


# -- what just happened ---------------------------------------------------------------------------

# counts what glides and what lights up as it happens: a glow lasts seconds by design, and on
# a busy machine the person's turn could be looked at after every glow had faded
GLIDES = """(() => { window.glides = 0; window.lit = 0; const animate = Element.prototype.animate;
  Element.prototype.animate = function (...a) {
    if (this.hasAttribute && this.hasAttribute('data-travel')) window.glides++;
    return animate.apply(this, a);
  };
  new MutationObserver((changes) => { for (const c of changes) {
    if (c.target.classList && c.target.classList.contains('changed') && c.target.closest('.board')) window.lit++;
  } }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true }); })();"""


def _my_turn(page: Any, timeout: float = 120) -> None:
    """Wait, making no move, until the person has a move to click after the table's first
    move, or the game is over. (A `play` until that moment raced the page: it looked
    before the buttons were drawn, then `step` found them and played on; on a busy CI it
    played a whole game that way, "after 2 of the person's turns, the table finished".)"""
    page.wait_for_function(
        "() => { const t = document.querySelector('.table-page');"
        " return !!t && (t.dataset.status !== 'running' || (Number(t.dataset.move) > 0"
        " && document.querySelectorAll('.moves button.move, .pick button.part').length > 0)); }",
        timeout=timeout * 1000)


def _one_move(page: Any, rng: random.Random, timeout: float = 60) -> None:
    """One move of the person's, then back to the test. (A `play` until the person's buttons
    were gone played on while they were back before it looked, which with instant bots is
    most of the time: one such call played the whole game after the person's first turn,
    and a test that looked at that turn only found nothing lit, "after 2 of the person's
    turns, the table finished".)"""
    deadline = time.monotonic() + timeout
    while where(page)[1] == "running" and not step(page, rng):
        assert time.monotonic() < deadline, f"the person could not move: {describe_page(page)}"
        page.wait_for_timeout(50)


def test_what_the_others_did_lights_up_glides_and_is_summed_up(server: Server, pages: Pages) -> None:
    made = person_at(server.base, "norenberc", ["greedy", "greedy"])
    page = pages.new()
    page.add_init_script(GLIDES)
    open_as(page, server.base, made)
    wait_table(page)
    rng = random.Random(5)
    lit = glided = summed = False
    turns = 0
    for _ in range(200):
        turns += 1
        _my_turn(page)   # the person's buttons, in the very terms `step` plays by
        if where(page)[1] != "running":
            break
        lit = lit or page.evaluate("() => window.lit") > 0
        glided = glided or page.evaluate("() => window.glides") > 0
        since = page.locator("details.since summary")
        if since.count():
            text = since.inner_text()
            summed = summed or ("Medium bot 1" in text and "Medium bot 2" in text)
        if lit and glided and summed:
            break
        _one_move(page, rng)
    seen = f"after {turns} of the person's turns, the table {where(page)}"   # what a failure on a busy CI looked like
    assert lit, f"nothing the bots changed was lit ({seen})"
    assert glided, "no hired tile glided to its new owner"
    assert summed, "no line said what the bots did since the person's last turn"
    pages.shot(page, "norenberc-since-your-turn")


# every state message with log entries is followed, in the same task (before the page's
# 15 ms burst timer), by a hint answer for no decision shown (it lights nothing itself)
HINT_AMID_BURST = socket_filter("window.injected = 0;", """
  handler(e);
  const m = JSON.parse(e.data);
  if (m.type !== 'state' || !(m.log || []).length) return;
  window.injected++;
  handler({ data: JSON.stringify({ type: 'hint', move: -1, action: -1, words: null, chance: null }) });""")


def test_a_hint_answer_amid_a_burst_does_not_swallow_what_the_others_did(server: Server, pages: Pages) -> None:
    """A hint's answer that reaches the page between the others' moves and the burst's
    drawing (the suggest switch asks for one each turn; a person who moves before it
    comes gets it late) draws the page first; what the others changed is lit all the same
    (it used to be taken as seen, unlit)."""
    made = person_at(server.base, "norenberc", ["greedy", "greedy"])
    page = pages.new()
    page.add_init_script(GLIDES)
    page.add_init_script(HINT_AMID_BURST)
    open_as(page, server.base, made)
    wait_table(page)
    rng = random.Random(7)
    for _ in range(12):
        _my_turn(page)
        if where(page)[1] != "running" or page.evaluate("() => window.lit") > 0:
            break
        _one_move(page, rng)
    assert page.evaluate("() => window.injected") > 0, "no state message with log entries came in"
    assert page.evaluate("() => window.lit") > 0, f"nothing the bots changed was lit (the table {where(page)})"


# -- names ----------------------------------------------------------------------------------------

def test_every_seat_has_a_name_of_its_own_everywhere(server: Server, pages: Pages) -> None:
    made = finished(server.base, "norenberc", ["greedy", "greedy", "random", "mcts:1s"])
    page = pages.new()
    open_as(page, server.base, made, lang="de")
    page.wait_for_selector("section.end")
    seats = [t.strip() for t in page.locator(".seats-bar li").all_inner_texts()]
    assert len(set(seats)) == 5, seats
    assert any("Mittel-Bot 1" in s for s in seats) and any("Mittel-Bot 2" in s for s in seats)
    assert any("Leicht-Bot" in s for s in seats) and any("Schwer-Bot" in s for s in seats), seats
    heads = page.locator("section.end thead th").all_inner_texts()[1:]
    assert len(set(heads)) == 5
    log = " ".join(page.locator("ol.log > li").all_inner_texts())
    assert "Mittel-Bot 1" in log and "Mittel-Bot 2" in log and "greedy" not in log.lower()
    page.click("section.end a[href$='/replay']")
    page.wait_for_selector(".replay select")
    options = page.locator(".replay select option").all_inner_texts()
    assert len(set(options)) == len(options) == 6 and "Mittel-Bot 2" in options, options


# -- the lobby ------------------------------------------------------------------------------------

def test_play_now_is_one_click_and_the_table_comes_back_in_the_lobby(server: Server, pages: Pages) -> None:
    page = pages.new()
    tid = play_now(page, server.base, "colonia")
    seats = page.locator(".seats-bar li").all_inner_texts()
    assert len(seats) == 4 and sum("Medium bot" in s for s in seats) == 3, seats
    info = call(server.base, "GET", f"/api/tables/{tid}")[1]
    assert [s["kind"] for s in info["seats"]] == ["human", "greedy", "greedy", "greedy"]
    # back in the lobby: the table is among one's own, with a link back to it
    page.goto(server.base + "/")
    mine = page.locator(f".tables.mine li[data-table='{tid}']")
    mine.wait_for()
    mine.locator("a").first.click()
    page.wait_for_url(re.compile(rf"/t/{tid}$"))
    wait_table(page)
    # an open table lists its seats, the open one marked
    made = call(server.base, "POST", "/api/tables", {"game": "norenberc", "players": 3,
                                                     "seats": ["human", "human", "greedy"], "take_seat": 0,
                                                     "name": "Ann"})[1]
    page.goto(server.base + "/")
    row = page.locator(f".tables.open li[data-table='{made['id']}']")
    row.wait_for()
    assert row.locator(".seat-list .open-seat").count() == 1 and "Ann" in row.inner_text()
    pages.shot(page, "lobby")


def test_the_creator_starts_early_with_bots_or_closes_the_table(server: Server, pages: Pages) -> None:
    """A table starts when its last seat is taken; its creator may start it before, bots of
    a chosen strength filling the empty seats, or close it while nobody plays."""
    page = pages.new()
    tid = create_from_lobby(page, server.base, "norenberc", ["you", "human", "human"])
    page.wait_for_selector(".manage ul.invites input")
    assert page.locator(".manage ul.invites li").count() == 2
    assert where(page)[1] == "open"
    page.select_option("#fill-level", "hard")
    page.click(".manage button[data-start]")
    page.wait_for_selector(".table-page[data-status=running]")
    seats = page.locator(".seats-bar li").all_inner_texts()
    assert sum("Hard bot" in s for s in seats) == 2, seats
    assert [s["kind"] for s in call(server.base, "GET", f"/api/tables/{tid}")[1]["seats"]][1:] == ["mcts:1s", "mcts:1s"]
    # another table, closed before anyone played
    other = create_from_lobby(page, server.base, "colonia", ["you", "human", "human"])
    page.wait_for_selector(".manage button[data-close]")
    page.click(".manage button[data-close]")
    page.wait_for_selector(".lobby .game-card")
    assert page.locator(f".tables.open li[data-table='{other}']").count() == 0
    assert call(server.base, "GET", f"/api/tables/{other}")[1]["status"] == "closed"
