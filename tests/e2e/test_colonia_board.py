"""Colonia's board in a real browser (issue 11): a person plays a whole 3-player game
against random bots by clicking the city's pieces (a family card, a ballot, a stall, a
contract field, a hold, a relic, a relic for a shrine, a good for the six, an ordinance's
choice) and the moves list for the moves without a piece (pass, keep the money, leave a
shrine empty), in Debian's Chromium driven by Playwright, against a live server.

At every decision it checks that what the board offers is exactly what the rules allow:
every clickable piece makes a legal move, and every legal move that belongs to a piece is
clickable there (the legal moves are read from the server's own state messages on the
websocket). A second test draws positions of every kind from random games, clicks every
piece and checks that the click makes the move the piece names. Screenshots at desktop
and phone size (REICHSSTADT_SHOTS names a folder to keep them in, e.g. docs/screenshots)."""

from __future__ import annotations

import base64
import json
import os
import random
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import BROWSER, COLOURS, post_json, running_server

sync_api = pytest.importorskip("playwright.sync_api")

# the moves made by clicking a piece of the board (colonia.js PIECE_MOVES); the others stay in the moves list
PIECE_MOVES = {"family", "vote", "choose_good", "buy_stall", "commission", "load", "load_extra", "buy_relic", "secure",
               "enshrine", "recall", "take_materials", "exchange", "exchange_amount"}
GAME_SECONDS = 900  # a whole game takes a few minutes here; the limit only stops a hung game (CI shares 2 cores)
SNAPSHOT = """() => ({
  move: Number(document.querySelector('.board')?.dataset.move ?? -1),
  over: document.querySelectorAll('section.end table').length > 0,
  yours: document.querySelectorAll('.status.yours').length > 0,
  dialog: document.querySelectorAll('dialog.confirm[open]').length > 0,
  offered: [...document.querySelectorAll('svg.cb [data-legal]')].map(g => [g.dataset.key, Number(g.dataset.legal)]),
  unknown: [...document.querySelectorAll('svg.cb text')].map(t => t.textContent).filter(t => t.includes('⟨')),
})"""

pytestmark = BROWSER


@pytest.fixture(scope="module")
def colonia_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`reichsstadt serve` on a free port, its data in a fresh folder, bots without delay."""
    with running_server(tmp_path_factory.mktemp("colonia-web")) as base:
        yield base


@pytest.fixture(scope="module")
def browser(chromium: Any) -> Any:
    """The module's Chromium (conftest: one Playwright per module)."""
    return chromium


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: REICHSSTADT_SHOTS if set (docs/screenshots), else the test's folder."""
    folder = Path(os.environ.get("REICHSSTADT_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder




def _open_table(browser: Any, base: str, viewport: dict[str, int], seed_name: str) -> tuple[Any, Any, dict[int, Any],
                                                                                           list[str], dict[str, Any]]:
    made = post_json(base + "/api/tables", {"game": "colonia", "players": 3, "options": {},
                                        "seats": ["human", "random", "random"], "take_seat": 0, "name": seed_name,
                                        "start": True})
    states: dict[int, dict[str, Any]] = {}
    errors: list[str] = []

    def on_socket(ws: Any) -> None:
        def frame(payload: Any) -> None:
            msg = json.loads(payload)
            if msg.get("type") == "state":
                states[msg["move"]] = msg
        ws.on("framereceived", frame)

    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(60_000)  # only stops a hung page: the machine is shared, a wait may be long
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("websocket", on_socket)
    page.goto(base + "/")
    page.evaluate("([id, keys]) => { localStorage.setItem('rs.table.' + id, JSON.stringify(keys));"
                  " localStorage.setItem('rs.lang', 'en'); }",
                  [made["id"], {"creator": made["creator"], "token": made["token"], "seat": 0}])
    page.goto(base + f"/t/{made['id']}")
    page.wait_for_selector("svg.cb")
    return context, page, states, errors, made


def check_offer(snap: dict[str, Any], state: dict[str, Any]) -> None:
    """What the city offers at a decision is what the rules allow."""
    legal = {m["index"]: m for m in state["legal"]}
    on_pieces = {i for _, i in snap["offered"]}
    assert on_pieces <= set(legal), f"clickable, yet not legal: {on_pieces - set(legal)} ({snap['offered']})"
    for m in state["legal"]:
        if m["action"]["type"] in PIECE_MOVES:
            assert m["index"] in on_pieces, f"no piece for {m['action']}"


def click_decision(page: Any, rng: random.Random, states: dict[int, dict[str, Any]],
                   kinds_clicked: set[str]) -> tuple[int, int]:
    """A piece of the city (now and then a move of the list) clicked: (on the board, by the list)."""
    pieces = page.locator("svg.cb [data-legal]")
    buttons = page.locator(".moves .move-list button")
    count = pieces.count()
    if count and rng.random() < 0.9:
        k = rng.randrange(count)
        index = int(pieces.nth(k).get_attribute("data-legal", timeout=2000) or -1)
        pieces.nth(k).click(timeout=2000)
        # an index names one action for the whole game (the board may have moved on meanwhile)
        kinds_clicked.update(m["action"]["type"] for st in list(states.values()) for m in st["legal"]
                             if m["index"] == index)
        return 1, 0
    if (n := buttons.count()):
        buttons.nth(rng.randrange(n)).click(timeout=2000)
        return 0, 1
    return 0, 0


def test_a_person_plays_a_whole_game_by_clicking_the_city(colonia_server: str, browser: Any, shots: Path) -> None:
    context, page, states, errors, made = _open_table(browser, colonia_server, {"width": 1400, "height": 1000}, "Ann")
    rng = random.Random(11)
    try:
        on_board = by_list = decisions = 0
        kinds_clicked: set[str] = set()
        shot_of: set[str] = set()
        deadline = time.monotonic() + GAME_SECONDS
        while True:
            assert time.monotonic() < deadline, f"the game did not end in {GAME_SECONDS} s"
            assert not errors, errors
            snap = page.evaluate(SNAPSHOT)  # the board as drawn, and the move it shows, at once
            assert not snap["unknown"], f"words missing from the catalogs: {snap['unknown'][:5]}"
            if snap["over"]:
                break
            if snap["dialog"]:  # a move that cannot be undone: yes
                page.locator("dialog.confirm button[value=yes]").click()
                continue
            state = states.get(snap["move"])
            if state is None or not state["legal"] or not snap["yours"]:
                page.wait_for_timeout(30)
                continue
            check_offer(snap, state)
            decisions += 1
            # screenshots of a few kinds of decision, as the person sees them
            kinds = {m["action"]["type"] for m in state["legal"]}
            for kind in ("family", "buy_stall", "commission", "load", "buy_relic", "vote"):
                if kind in kinds and kind not in shot_of and state["view"]["table"]["week"] >= 2:
                    shot_of.add(kind)
                    page.screenshot(path=str(shots / f"colonia-{kind.replace('_', '-')}.png"), full_page=True)
            page.evaluate("() => { window.seenBoard = document.querySelector('svg.cb'); }")
            try:
                board, listed = click_decision(page, rng, states, kinds_clicked)
            except sync_api.Error:
                continue  # the page moved on under the click (a bot's move redrew it): look again
            on_board, by_list = on_board + board, by_list + listed
            try:
                page.wait_for_function("() => document.querySelector('svg.cb') !== window.seenBoard"
                                       " || document.querySelector('dialog.confirm[open]')", timeout=3000)
            except sync_api.TimeoutError:
                pass  # the click met a board that had just changed: look again

        assert decisions >= 30 and on_board > by_list, (decisions, on_board, by_list)
        assert {"family", "buy_stall", "commission"} <= kinds_clicked, kinds_clicked
        # the end: the scores under the board, every screen open, nothing clickable
        assert page.locator("section.end table.scores").count() == 1
        assert page.locator("svg.cb [data-legal]").count() == 0, "nothing is clickable once the game is over"
        assert page.locator("svg.cb [data-panel^=screen-]").count() == 3, "at the end every screen is open"
        page.screenshot(path=str(shots / "colonia-end.png"), full_page=True)
        png = page.locator(".board").screenshot()
        seen = page.evaluate(COLOURS, base64.b64encode(png).decode())  # decoded by the browser itself
        assert seen["width"] > 800 and seen["height"] > 800 and seen["colours"] > 50, f"a blank board? {seen}"
        # the replay viewer draws the same city, move by move, as a spectator
        page.goto(colonia_server + f"/t/{made['id']}/replay")
        page.wait_for_selector(".replay svg.cb")
        page.locator(".replay button").nth(0).click()  # the first move
        page.wait_for_function("() => document.querySelector('.replay .where').textContent.includes('0')")
        page.wait_for_selector(".replay svg.cb [data-panel=week]")
        assert page.locator(".replay svg.cb [data-legal]").count() == 0
        assert not page.evaluate(SNAPSHOT)["unknown"]
        assert not errors, errors
    finally:
        context.close()


def piece_key(action: dict[str, Any]) -> str:
    """The board's piece for an action (colonia.js names its pieces so)."""
    a = action
    return {"family": lambda: f"family-{a.get('value')}", "choose_good": lambda: f"good-{a.get('good')}",
            "buy_stall": lambda: f"stall-{a.get('stall')}", "commission": lambda: f"contract-{a.get('craftsman')}",
            "vote": lambda: f"vote-{'yes' if a.get('yes') else 'no'}"}.get(a["type"], lambda: "?")()


def checked_layout(page: Any, shots: Path) -> None:
    """One column on a phone, each panel at least 330 px wide; the board's style sheet
    loaded; screenshots."""
    box = None
    for _ in range(50):  # the board may be being redrawn (a new state) at this moment
        box = page.locator("svg.cb").first.bounding_box()
        if box is not None:
            break
        page.wait_for_timeout(100)
    assert box is not None and box["width"] <= 390, box
    xs = page.evaluate("() => [...document.querySelectorAll('svg.cb .panel')].map(p => p.getBoundingClientRect())"
                       ".map(r => [Math.round(r.left), Math.round(r.width)])")
    assert len({x for x, _ in xs}) == 1 and min(w for _, w in xs) >= 330, xs
    # the board's own style sheet came with it (games/colonia.css)
    assert page.evaluate("() => getComputedStyle(document.querySelector('svg.cb .piece.legal')).cursor") == "pointer"
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "colonia-phone.png"))  # what the phone shows, its moves panel below
    page.evaluate("() => document.querySelector('svg.cb [data-panel=market]').scrollIntoView()")
    page.screenshot(path=str(shots / "colonia-phone-city.png"))


def test_on_a_phone_the_city_stands_in_one_column(colonia_server: str, browser: Any, shots: Path) -> None:
    context, page, states, errors, _ = _open_table(browser, colonia_server, {"width": 390, "height": 844}, "Bo")
    try:
        # on a phone too, a piece clicked is the move it names: a good for a six at the start,
        # then a family card on the first Tuesday (the page back at the top each time: the
        # moves panel stands over the lower part of a phone's screen)
        read = ("() => { const g = document.querySelector('svg.cb [data-legal]');"
               " return g && [g.dataset.key, Number(g.dataset.legal),"
               " Number(document.querySelector('.board').dataset.move)]; }")
        keys: list[str] = []
        while not keys or not keys[-1].startswith("family-"):
            assert len(keys) < 10, keys
            page.wait_for_selector("svg.cb [data-legal]")
            got = page.evaluate(read)
            if got is None:
                continue
            key, index, before = got
            if key.startswith("family-"):
                checked_layout(page, shots)
            page.evaluate("() => window.scrollTo(0, 0)")
            page.locator(f"svg.cb [data-key='{key}'][data-legal='{index}']").click()
            page.wait_for_function("n => Number(document.querySelector('.board').dataset.move) > n", arg=before)
            chosen = next(m for m in states[before]["legal"] if m["index"] == index)
            assert key == piece_key(chosen["action"]), (key, chosen["action"])
            keys.append(key)
        # the choice is simultaneous: a bot's choice may move the table on before the
        # person's own comes back, so wait for the person's state, not the next one
        marked = ("() => [...document.querySelectorAll("
                  "'svg.cb [data-key^=family-] rect[stroke-width=\"2.5\"]')].length")
        try:
            page.wait_for_function(f"() => ({marked})() === 1", timeout=30_000)
        except PlaywrightTimeout:
            pass
        assert page.evaluate(marked) == 1, "the card chosen is marked on the person's screen"
        assert not errors, errors
    finally:
        context.close()


# -- every kind of decision, drawn from positions of random games ----------------------------

def _positions(per_kind: int = 3) -> list[dict[str, Any]]:
    """Decisions of random 3- and 5-player games, up to `per_kind` for each set of move kinds
    on offer: the view, the legal moves and the pick as the server sends them."""
    from reichsstadt.core import CHANCE, game, sample_chance
    from reichsstadt.server.live import legal_moves

    g = game("colonia")
    rng = random.Random(5)
    out: list[dict[str, Any]] = []
    taken: dict[tuple[str, ...], int] = {}
    met: set[str] = set()
    for n in range(20):  # until every kind of piece has been on offer (a shrine choice is rare)
        if n >= 3 and PIECE_MOVES <= met:
            break
        players = (3, 5, 4)[n % 3]
        s = g.new(players, rng.randrange(1 << 30))
        while not s.over():
            who = s.to_act()
            if who == (CHANCE,):
                s.apply(CHANCE, sample_chance(s, rng))
                continue
            p = rng.choice(who)
            acts = s.legal(p)
            kinds = tuple(sorted({a.type for a in acts}))
            fresh = bool(PIECE_MOVES.intersection(kinds) - met)
            if fresh or (taken.get(kinds, 0) < per_kind and rng.random() < 0.3):
                met.update(kinds)
                taken[kinds] = taken.get(kinds, 0) + 1
                legal, pick = legal_moves(g, players, s, p)
                out.append({"kinds": kinds, "seat": p, "view": s.view(p), "legal": legal, "pick": pick})
            s.apply(p, rng.choice(acts))
    return out


CHECK_POSITIONS = """async ([positions, pieceMoves]) => {
  const { draw } = await import('/games/colonia/board.js');
  const el = document.createElement('div');
  el.className = 'board';
  el.style.width = '1000px';
  document.body.append(el);
  const failures = [];
  const kinds = new Set(pieceMoves);
  const clicked = new Set();
  for (const [n, pos] of positions.entries()) {
    const where = `${pos.kinds.join('+')} (position ${n})`;
    let acted = [];
    const ctx = { names: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'], you: pos.seat, legal: pos.legal, pick: pos.pick,
      act: (mv) => acted.push(mv.index), sendPick: () => {}, chosen: new Map(), togglePart: (i) => acted.push(i) };
    draw(el, pos.view, ctx);
    const byIndex = new Map(pos.legal.map((m) => [m.index, m]));
    const offered = [...el.querySelectorAll('[data-legal]')];
    const on = new Set(offered.map((g) => Number(g.dataset.legal)));
    for (const i of on) if (!byIndex.has(i)) failures.push(`${where}: ${i} is clickable but not legal`);
    for (const m of pos.legal) {
      if (kinds.has(m.action.type) && !on.has(m.index)) {
        failures.push(`${where}: no piece for ${JSON.stringify(m.action)}`);
      }
    }
    const unknown = [...el.querySelectorAll('text, title')].map((t) => t.textContent).filter((t) => t.includes('⟨'));
    if (unknown.length) failures.push(`${where}: words missing: ${unknown.slice(0, 3)}`);
    for (const piece of offered) {
      const title = piece.querySelector(':scope > title');
      const says = Number(piece.dataset.legal);
      const mv = byIndex.get(says);
      if (!title || !mv) { failures.push(`${where}: ${piece.dataset.key} has no title or no move`); continue; }
      acted = [];
      piece.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      if (acted.length !== 1 || acted[0] !== says) {
        failures.push(`${where}: clicking ${piece.dataset.key} did ${JSON.stringify(acted)}, not ${says}`);
        continue;
      }
      clicked.add(mv.action.type);
      // the piece shows its move: the hover text names it, in the move's own words
      const expected = (await import('/static/i18n.js')).render(mv.words, ctx);
      if (!title.textContent.includes(expected)) {
        failures.push(`${where}: ${piece.dataset.key}'s title does not name ${expected}`);
      }
      // and it stands for the move it says: a stall's number, a hold's ship and place, a relic's card
      const a = mv.action, key = piece.dataset.key;
      const want = { family: `family-${a.value}`, buy_stall: `stall-${a.stall}`, commission: `contract-${a.craftsman}`,
        load: `hold-${a.ship}-${a.hold}`, load_extra: `extra-${a.ship}-${a.good}`, buy_relic: `relic-${a.card}`,
        secure: `relic-${a.card}`, enshrine: `own-relic-${a.card}`, choose_good: `good-${a.good}`,
        vote: `vote-${a.yes ? 'yes' : 'no'}`, recall: `recall-${a.count}`, take_materials: `take-${a.count}`,
        exchange_amount: `amount-${a.amount}`, exchange: `exchange-${a.give}-${a.take}` }[a.type];
      if (want !== key) failures.push(`${where}: ${key} makes ${JSON.stringify(a)}`);
    }
  }
  el.remove();
  return { failures, clicked: [...clicked] };
}"""


def test_every_piece_makes_the_move_it_shows(colonia_server: str, browser: Any) -> None:
    positions = _positions()
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(colonia_server + "/")
        page.evaluate("() => localStorage.setItem('rs.lang', 'en')")
        page.reload()
        page.wait_for_selector(".lobby .game-card")
        got = page.evaluate(CHECK_POSITIONS, [positions, sorted(PIECE_MOVES)])
        assert not got["failures"], "\n".join(got["failures"][:20])
        # every kind of piece was met and clicked at least once
        assert set(got["clicked"]) == PIECE_MOVES, got["clicked"]
        assert not errors, errors
    finally:
        context.close()


def test_a_laptop_window_with_a_scrollbar_keeps_the_two_columns(colonia_server: str, browser: Any) -> None:
    """A 1280 px window whose scrollbar takes 15 px (1265 px of page) draws the city and the
    ships side by side; it fell back to the phone's single column, twice as tall."""
    context, page, _, errors, _ = _open_table(browser, colonia_server, {"width": 1265, "height": 900}, "Al")
    try:
        page.wait_for_selector("svg.cb .panel")
        lefts = page.evaluate("() => [...document.querySelectorAll('svg.cb .panel')]"
                              ".map(p => Math.round(p.getBoundingClientRect().left))")
        assert len(set(lefts)) == 2, lefts
        assert not errors, errors
    finally:
        context.close()
