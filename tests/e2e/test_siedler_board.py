"""Die Siedler von Nürnberg's board in a real headless Chromium (Debian's, driven by
Playwright): a person plays a whole 3-player game against two random bots by clicking the
board's places (terrains, road segments and intersections, red intersections, goods
sectors, wall pieces, tower triangles, council cards) and the panels beside it (the hand,
discards as a set, the bank at its rate, offers to players and answers to theirs); the
moves list only for what has no place. At every decision the lit places and the listed
moves are exactly the legal moves the server sent; a place that is not lit does nothing.
Screenshots (desktop, a phone-sized screen, the end with the scores) are checked not
blank.

A whole game is ~550-650 moves, of which the person makes ~100. The server runs in a
process of its own (`reichsstadt serve`, bots at once): in this process it would share the
interpreter with the test's Playwright client and take twice as long. About a minute."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.process import Server

from .conftest import Pages
from .play import create_from_lobby, one_of, where

BUILDS = ("settle:", "toll:", "workshop:", "wall", "tower:")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """`reichsstadt serve` in a process of its own, bots moving at once."""
    s = Server(tmp_path)
    try:
        yield s
    finally:
        s.close()


class Wire:
    """The state messages the page receives: the legal moves the server offers."""

    def __init__(self, page: Any) -> None:
        self.last: dict[str, Any] | None = None
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: Any) -> None:
        try:
            msg = json.loads(payload)
        except (TypeError, ValueError):
            return
        if isinstance(msg, dict) and msg.get("type") == "state":
            self.last = msg


def create_table(page: Any, url: str, seats: list[str], name: str = "Ann",
                 options: dict[str, str] | None = None) -> str:
    return create_from_lobby(page, url, "siedler", seats, name, options)


# what the page offers: lit places and panel buttons that make a move (data-legal), panel
# buttons that lead to moves (data-offers: a bank rate, a card to discard, an offer or a
# counter-offer put together), the moves list beside the board
OFFERED = """() => {
  const lit = [...document.querySelectorAll('.sdl [data-legal]')].map(e => Number(e.dataset.legal));
  const leads = [...document.querySelectorAll('.sdl [data-offers]')]
    .flatMap(e => e.dataset.offers.split(',').map(Number));
  const listed = [...document.querySelectorAll('.moves [data-index]')].map(e => Number(e.dataset.index));
  const move = Number(document.querySelector('.table-page').dataset.move);
  const sending = document.querySelectorAll('.sdl-wait').length > 0;
  const keys = [...document.querySelectorAll('.sdl [data-legal]')].map(e => e.dataset.move);
  return {lit, leads, listed, move, sending, keys};
}"""


def offered_matches_legal(page: Any, wire: Wire) -> bool | None:
    """The page offers exactly the server's legal moves (None: the page and the last
    message are of different moves, or an offer is on its way: nothing to compare)."""
    seen = page.evaluate(OFFERED)
    msg = wire.last
    if msg is None or msg.get("move") != seen["move"] or seen["sending"]:
        return None
    legal = {m["index"] for m in msg["legal"]}
    return legal == set(seen["lit"]) | set(seen["leads"]) | set(seen["listed"])


def wait_moved(page: Any, before: int, timeout: float = 10_000) -> None:
    try:
        page.wait_for_function(
            "n => document.querySelector('.table-page').dataset.move !== n"
            " || document.querySelector('.table-page .error').textContent !== ''",
            arg=str(before), timeout=timeout)
    except PlaywrightTimeout:
        pass


def click_place(el: Any) -> None:
    """Click a lit place: on its number or name where it has one (a wall piece turning
    a corner has its middle off the stroke), else its middle."""
    texts = el.locator("text")
    if el.evaluate("e => e instanceof SVGElement") and texts.count():
        texts.first.click(timeout=3000)
    else:
        el.click(timeout=3000)


def discard(page: Any, rng: random.Random) -> bool:
    """Discards as a set: click cards until as many as owed are chosen, then send."""
    send = page.locator(".sdl-hand button[data-send=discard]")
    for _ in range(30):
        if send.is_enabled():
            break
        card = one_of(page.locator(".sdl-hand .card-pick:not([disabled])"), rng)
        if card is None:
            return False
        card.click(timeout=2000)
    send.click(timeout=2000)
    return True


def make_offer(page: Any, rng: random.Random) -> bool:
    """Put an offer together in the trade panel (one card or gold given, one asked for),
    ask everyone or one player, and make it."""
    box = page.locator(".sdl-builder.offer")
    for side in ("give", "want"):
        plus = one_of(box.locator(f"td[data-side={side}] button.plus:not([disabled])"), rng)
        if plus is None:
            return False
        plus.click(timeout=2000)
    options = box.locator("select option").count()
    if not options:
        return False
    box.locator("select").select_option(index=rng.randrange(options))
    box.locator("button[data-send=offer]").click(timeout=2000)
    return True


def counter(page: Any) -> bool:
    """Open a counter-offer (it starts as the offer turned round) and send it if it can go."""
    page.locator(".sdl-trade button[data-open=counter]").click(timeout=2000)
    send = page.locator(".sdl-builder.counter button[data-send=counter]")
    if send.is_enabled():
        send.click(timeout=2000)
        return True
    page.locator(".sdl-builder.counter button", has_text=re.compile(".")).last.click(timeout=2000)  # back
    return False


def bank_trade(page: Any, rng: random.Random) -> bool:
    for found in (".sdl-bank button[data-bank-give]", ".sdl-bank .get button[data-legal]"):
        button = one_of(page.locator(found), rng)
        if button is None:
            return False
        button.click(timeout=2000)
    return True


def weight(key: str) -> float:
    if key.startswith(BUILDS):
        return 10
    if key.startswith(("robber:", "steal:", "council:")):
        return 10
    if key.startswith("produce:"):
        return 4
    if key.startswith(("close:", "take_counter:")):
        return 6
    if key in ("accept", "decline"):
        return 3
    if key in ("end", "pass", "withdraw"):
        return 2.5
    return 0.5


# what the page asks of its person, read at once
ASKED = """() => {
  const q = (s) => document.querySelectorAll(s);
  const page = document.querySelector('.table-page');
  return {move: Number(page.dataset.move), status: page.dataset.status,
    discard: q('.sdl-hand button[data-send=discard]').length > 0,
    keys: [...q('.sdl [data-legal]:not([disabled])')].map(e => e.dataset.move),
    listed: q('.moves button.move, .moves .pick button.primary').length,
    builder: q('.sdl-builder.offer').length > 0, counter: q('.sdl-trade button[data-open=counter]').length > 0,
    bank: q('.sdl-bank button[data-bank-give]').length > 0};
}"""


def step(page: Any, rng: random.Random, done: dict[str, int], asked: dict[str, Any]) -> bool:
    """One decision of the person (what `asked` says the page asks); True if something
    was sent."""
    keys: list[str] = asked["keys"]
    try:
        if asked["discard"]:
            sent, what = discard(page, rng), "discard"
        else:
            r = rng.random()
            if asked["builder"] and r < 0.07:
                sent, what = make_offer(page, rng), "offer"
            elif asked["counter"] and r < 0.25:
                sent, what = counter(page), "counter"
            elif asked["bank"] and r < 0.12:
                sent, what = bank_trade(page, rng), "bank"
            elif keys:
                i = rng.choices(range(len(keys)), weights=[weight(k) for k in keys])[0]
                what = keys[i].split(":")[0]
                place = page.locator(".sdl [data-legal]:not([disabled])").nth(i)
                irreversible = "irreversible" in (place.get_attribute("class") or "")
                click_place(place)
                if irreversible:  # asked first
                    page.locator("dialog.confirm button[value=yes]").click(timeout=5000)
                sent = True
            elif asked["listed"]:  # a move without a place (an offer's step after a reload): the list
                button = one_of(page.locator(".moves button.move, .moves .pick button.primary"), rng)
                if button is None:
                    return False
                irreversible = "irreversible" in (button.get_attribute("class") or "")
                button.click(timeout=2000)
                if irreversible:
                    page.locator("dialog.confirm button[value=yes]").click(timeout=5000)
                sent, what = True, "listed"
            else:
                return False
    except (PlaywrightTimeout, PlaywrightError):
        return False  # the page changed under the mouse: the table moved on
    if sent:
        done[what] = done.get(what, 0) + 1
        wait_moved(page, asked["move"])
    return sent


def play_turns(page: Any, rng: random.Random, done: dict[str, int], wire: Wire | None = None,
               until: float | None = None, moves: int | None = None) -> int:
    """The person plays whenever the page asks (until the game is over, `until` on the
    monotonic clock, or `moves` decisions made); with `wire`, every decision's offer is
    checked against the legal moves. The decisions checked."""
    checked = made = 0
    while True:
        asked = page.evaluate(ASKED)
        if asked["status"] in ("finished", "closed") or (moves is not None and made >= moves):
            return checked
        if asked["status"] != "running":  # the page is being drawn anew (a language switch)
            page.wait_for_timeout(25)
            continue
        assert until is None or time.monotonic() < until, f"the game did not finish; the person made {done}"
        if not (asked["discard"] or asked["keys"] or asked["listed"]):
            page.wait_for_timeout(25)
            continue
        if wire is not None:
            ok = offered_matches_legal(page, wire)
            if ok is not None:
                assert ok, f"the page offers other moves than the legal ones: {page.evaluate(OFFERED)}"
                checked += 1
        if step(page, rng, done, asked):
            made += 1


END_STATE = """() => {
  const page = document.querySelector('.table-page');
  const end = document.querySelector('section.end');
  return {status: page.dataset.status, move: page.dataset.move, over: page.classList.contains('over'),
    end: end ? end.outerHTML.slice(0, 400) : null, error: document.querySelector('.table-page .error')?.textContent,
    head: document.querySelector('.table-page .status')?.textContent};
}"""


def in_language(page: Any, lang: str) -> None:
    """Switch the page's language in the header; the table comes back with its board,
    every word from that language's catalog (no message id shown for a missing one)."""
    page.select_option("#lang", lang)
    page.wait_for_selector(f"html[lang={lang}]")
    # the header speaks `lang` at once, the table is drawn anew once the server has answered:
    # until then the old board is shown (a screenshot of it showed English under "Deutsch")
    word = page.evaluate("async (l) => (await (await fetch(`/i18n/${l}.json`)).json())"
                         ".messages['siedler.glossary.time_track.name']", lang)
    page.wait_for_function("(w) => document.querySelector('.sdl-time small')?.textContent.toLowerCase()"
                           " === w.toLowerCase()", arg=word)
    page.wait_for_selector(".sdl svg.sdl-field .terrain")
    page.wait_for_selector(".sdl-prompt")
    words = page.locator("main").inner_text()
    assert "\u27e8" not in words, f"a message without {lang} words: {words[words.index(chr(0x27e8)):][:80]}"
    assert "web.siedler." not in words and "siedler." not in page.locator(".sdl").inner_text()


# on a phone: the maps pan in their own scroller; the board and the page no wider than the screen
PANS = """() => { const m = document.querySelector('.sdl-boards'), b = document.querySelector('.board');
  const d = document.documentElement;
  return m.scrollWidth > m.clientWidth && b.scrollWidth <= b.clientWidth + 1 && d.scrollWidth <= d.clientWidth; }"""


def test_a_person_plays_siedler_on_the_board_by_clicking(server: Server, pages: Pages) -> None:
    rng = random.Random(11)
    page = pages.new("Ann")
    wire = Wire(page)
    tid = create_table(page, server.base, ["you", "random", "random"])
    page.wait_for_selector(".table-page[data-status=running]")
    page.wait_for_selector(".sdl svg.sdl-field .terrain")  # the board, drawn in the browser
    assert page.locator(".sdl svg.sdl-field .terrain").count() == 29
    assert page.locator(".sdl svg.sdl-city .wall-piece").count() == 26
    assert page.locator(".sdl svg.sdl-city .red").count() == 12
    assert page.locator(".board pre.board-text").count() == 0  # no server-drawn board
    done: dict[str, int] = {}
    deadline = time.monotonic() + 150
    checked = play_turns(page, rng, done, wire, deadline, moves=3)
    # a free intersection that is not lit makes no move when clicked: it says why (tried
    # again if a bot moved meanwhile, which clears the line; the table's seed is drawn by
    # the server, so the person may first be asked something off the board, e.g. to
    # answer a bot's offer: played on until the board asks)
    for _ in range(20):
        if not page.locator(".sdl [data-legal]").count():
            checked += play_turns(page, rng, done, wire, deadline, moves=1)
            continue
        before = where(page)[0]
        page.locator(".sdl svg .intersection:not(.lit):not([data-piece])").nth(5).locator("text").click()
        page.wait_for_timeout(300)
        said = page.locator(".table-page .error").inner_text()
        if where(page)[0] == before:
            assert said.startswith("You cannot build a settlement"), said
            break
        checked += play_turns(page, rng, done, wire, deadline, moves=1)
    else:
        raise AssertionError("the table never stood still for a click beside the lit places")
    checked += play_turns(page, rng, done, wire, deadline, moves=20)
    pages.shot(page, "siedler-desktop")
    # a phone-sized screen: the map wider than the screen (places 24 px across to tap), panned
    # within the maps' own scroller (PANS); played by tapping
    page.set_viewport_size({"width": 375, "height": 812})
    page.wait_for_timeout(200)
    box = page.locator("svg.sdl-field").bounding_box()
    assert box and box["width"] > 375, "the map is drawn larger than a phone's width"
    assert page.evaluate(PANS), "the maps pan, the board and the page do not"
    pages.shot(page, "siedler-phone")
    checked += play_turns(page, rng, done, wire, deadline, moves=5)
    page.set_viewport_size({"width": 1280, "height": 900})
    # the board in the other four languages, played on in each
    for lang in ("de", "it", "fr", "ru"):
        in_language(page, lang)
        pages.shot(page, f"siedler-{lang}")
        checked += play_turns(page, rng, done, wire, deadline, moves=3)
    in_language(page, "en")
    checked += play_turns(page, rng, done, wire, deadline)
    assert checked > 20
    assert sum(done.get(k, 0) for k in ("settle", "toll", "workshop", "wall", "tower", "produce")) > 0, done
    assert done.get("end", 0) > 5, done
    # the end: who won and why, the scores, the replay with the board
    try:
        page.wait_for_selector("table.scores tr.total", timeout=60_000)  # the end page, on a busy machine too
    except PlaywrightTimeout:
        raise AssertionError(f"no end page: {page.evaluate(END_STATE)}; problems {pages.problems}") from None
    assert page.locator(".sdl-prompt.over").inner_text().strip()
    assert page.locator(".sdl [data-legal]").count() == 0
    pages.shot(page, "siedler-finished")
    # the log numbers every move once, without a gap: an offer put together card by card
    # is one line numbered with the steps it folds ("12–15.")
    labels = page.locator("ol.log li:not([hidden]):not(.note) .n").all_inner_texts()
    numbers = [n for label in labels for n in _moves_of(label)]
    assert sorted(numbers) == list(range(1, len(numbers) + 1)), labels
    assert any("–" in label for label in labels) or not done.get("offer"), (done, labels[-20:])
    page.click("section.end a[href$='/replay']")
    page.wait_for_selector(".replay .sdl svg.sdl-field .terrain")
    page.click("button[aria-label='one move back']")
    pages.shot(page, "siedler-replay")
    watcher = pages.new("watcher")
    watcher.set_viewport_size({"width": 375, "height": 812})
    watcher.goto(f"{server.base}/t/{tid}/watch")
    watcher.wait_for_selector(".sdl svg.sdl-field .terrain")
    assert watcher.locator(".sdl [data-legal], .sdl-hand").count() == 0
    pages.shot(watcher, "siedler-spectator-phone")


def _moves_of(label: str) -> list[int]:
    """The move numbers a log line states: "12." -> [12], "12, 14–15." -> [12, 14, 15]."""
    out: list[int] = []
    for run in label.rstrip(".").split(", "):
        first, _, last = run.partition("–")
        out += range(int(first), int(last or first) + 1)
    return out


def test_the_expert_setup_is_placed_by_clicking_a_road_then_an_intersection(server: Server, pages: Pages) -> None:
    """The expert snake placement (9.): the person's toll station goes on a lit road,
    then the settlement on a lit intersection of that road only; twice each."""
    page = pages.new("Ann")
    wire = Wire(page)
    create_table(page, server.base, ["you", "random", "random"], options={"setup": "expert"})
    page.wait_for_selector(".table-page[data-status=running]")
    page.wait_for_selector(".sdl svg.sdl-field .terrain")
    rng = random.Random(3)
    placed = {"toll": 0, "settle": 0}
    road = None
    deadline = time.monotonic() + 60
    while placed["settle"] < 2:
        assert time.monotonic() < deadline, f"the setup did not come round to the person: {placed}"
        asked = page.evaluate(ASKED)
        keys = [k for k in asked["keys"] if k.startswith(("toll:", "settle:"))]
        if not keys or offered_matches_legal(page, wire) is None:
            page.wait_for_timeout(25)
            continue
        assert offered_matches_legal(page, wire), page.evaluate(OFFERED)
        assert keys == asked["keys"] and asked["listed"] == 0, asked  # the board alone offers the setup
        kinds = {k.split(":")[0] for k in keys}
        assert len(kinds) == 1, keys  # a toll station first, then its settlement
        kind = kinds.pop()
        if kind == "settle":
            assert {k.split(":")[1] for k in keys} == {road}, (road, keys)
        i = rng.randrange(len(keys))
        if kind == "toll":
            road = keys[i].split(":")[1]
        click_place(page.locator(".sdl [data-legal]:not([disabled])").nth(i))
        placed[kind] += 1
        wait_moved(page, asked["move"])
    assert placed == {"toll": 2, "settle": 2}
    page.wait_for_function("() => document.querySelectorAll("
                           "'.sdl svg [data-piece=settlement][data-seat=\"0\"]').length === 2")
    assert page.locator(".sdl svg [data-piece=toll][data-seat='0']").count() == 2
    pages.shot(page, "siedler-expert-setup")
