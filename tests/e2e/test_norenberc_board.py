"""Norenberc's board in a real browser (issue 10): a person plays a whole 3-player game
against random bots by clicking the board's pieces (the moves list only for moves that
have no piece: sell, do nothing, pass, stop buying, decline), in Debian's Chromium driven
by Playwright, against a live server.

At every decision it checks that what the board offers is exactly what the rules allow:
every clickable piece makes a legal move, and every legal move that belongs to a piece
(a guild to plan, a guest to hire, a good to buy, a player to rob, goods to steal or to
pay with, tiles for the Guard, a roof for the Mayor, the turn order) is clickable there.
The legal moves are read from the server's own state messages on the websocket. At the
end: the scores, and a screenshot of the board that is not blank (its colours counted by
the browser)."""

from __future__ import annotations

import base64
import json
import random
import time
from typing import Any, Iterator

import pytest

from .conftest import BROWSER, CHROMIUM, COLOURS, post_json, running_server
from .play import one_of

sync_api = pytest.importorskip("playwright.sync_api")

# the moves made by clicking a piece of the board; the others stay in the moves list
PIECE_MOVES = {"plan", "hire", "buy", "pay", "front", "rob", "steal", "guard", "swap", "peddler", "mayor"}
GAME_SECONDS = 600  # a whole game takes about 25-45 s here; the limit only stops a hung game (CI shares 2 cores)
# what the page shows at one instant: the move its board was drawn for, the clickable
# pieces with the moves they make, what is chosen on the board and in the moves form
SNAPSHOT = """() => ({
  move: Number(document.querySelector('.board')?.dataset.move ?? -1),
  over: document.querySelectorAll('section.end table').length > 0,
  yours: document.querySelectorAll('.status.yours').length > 0,
  dialog: document.querySelectorAll('dialog.confirm[open]').length > 0,
  offered: [...document.querySelectorAll('svg.nb [data-legal]')]
    .map(g => [g.dataset.key, g.dataset.legal.split(' ').map(Number)]),
  paying: document.querySelectorAll('svg.nb .piece.picked[data-key^=goods]').length > 0,
  chosen_board: document.querySelectorAll('svg.nb .piece.part.picked').length,
  chosen_form: document.querySelectorAll('.pick button.part.on').length,
  board_picked: [...document.querySelectorAll('svg.nb .piece.part.picked')]
    .map(g => g.dataset.key + '=' + g.dataset.legal),
  form_on: [...document.querySelectorAll('.pick button.part.on')].map(b => b.dataset.index + ':' + b.textContent),
  step: document.querySelector('svg.nb') && document.querySelector('.table-page').dataset.move,
})"""

pytestmark = BROWSER


@pytest.fixture(scope="module")
def norenberc_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`reichsstadt serve` on a free port, its data in a fresh folder, bots without delay."""
    with running_server(tmp_path_factory.mktemp("norenberc-web")) as base:
        yield base




def check_offer(snap: dict[str, Any], state: dict[str, Any]) -> None:
    """What the board offers at a decision is what the rules allow, and the board and the
    moves panel's form agree on the parts chosen."""
    # the legal moves and every part of a multi-part choice (a part may be not legal on its
    # own: a payment's later good; the set is what is checked)
    legal = {m["index"] for m in state["legal"]} | set((state.get("pick") or {}).get("parts", []))
    on_pieces = {i for _, indices in snap["offered"] for i in indices}
    assert on_pieces <= legal, f"clickable, yet not legal: {on_pieces - legal} ({snap['offered']})"
    pick = state.get("pick") or {}
    chosen = {int(on.split(":", 1)[0]) for on in snap["form_on"]}
    for m in state["legal"]:
        kind = m["action"]["type"]
        apart = chosen and m["index"] not in chosen and pick.get("groups") and not any(
            m["index"] in g and chosen <= set(g) for g in pick["groups"])   # cannot go with those chosen
        if kind in PIECE_MOVES and not (kind == "pay" and snap["paying"]) and not apart:
            assert m["index"] in on_pieces, f"no piece for {m['action']}"
    assert snap["chosen_form"] == snap["chosen_board"], \
        f"the board and the form disagree on what is chosen: {snap['board_picked']} {snap['form_on']}"


def click_decision(page: Any, rng: random.Random, pick: bool) -> tuple[int, int]:
    """One decision by clicks: parts toggled on the board, then sent (a multi-part choice),
    else a piece, now and then a move of the list. (clicks on the board, clicks on the list)"""
    pieces = page.locator("svg.nb [data-legal]")
    buttons = page.locator(".moves .move-list button")
    if pick:  # toggle parts on the board (the form follows), then send
        count = pieces.count()
        chosen = rng.sample(range(count), min(count, rng.randint(1, 2)))
        for i in chosen:
            pieces.nth(i).click(timeout=2000)
        send = page.locator(".pick button.primary")
        if send.is_enabled(timeout=2000):
            send.click(timeout=2000)
            return len(chosen), 0
        if buttons.count():
            buttons.first.click(timeout=2000)
            return len(chosen), 1
        return len(chosen), 0
    piece = one_of(pieces, rng) if pieces.count() and rng.random() < 0.9 else None
    if piece is not None:
        piece.click(timeout=2000)
        return 1, 0
    button = one_of(buttons, rng)
    if button is not None:
        button.click(timeout=2000)
        return 0, 1
    return 0, 0


def test_a_person_plays_a_whole_game_by_clicking_the_board(norenberc_server: str) -> None:
    base = norenberc_server
    made = post_json(base + "/api/tables", {"game": "norenberc", "players": 3, "options": {},
                                        "seats": ["human", "random", "random"], "take_seat": 0, "name": "Ann",
                                        "start": True})
    rng = random.Random(10)
    states: dict[int, dict[str, Any]] = {}  # the last state message for each move number
    errors: list[str] = []

    def on_socket(ws: Any) -> None:
        def frame(payload: Any) -> None:
            msg = json.loads(payload)
            if msg.get("type") == "state":
                states[msg["move"]] = msg
        ws.on("framereceived", frame)

    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--disable-background-networking", "--disable-component-update", "--no-first-run"])
        try:
            page = browser.new_page(viewport={"width": 1300, "height": 900})
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("websocket", on_socket)
            page.goto(base + "/")
            page.evaluate("([id, keys]) => { localStorage.setItem('rs.table.' + id, JSON.stringify(keys));"
                          " localStorage.setItem('rs.lang', 'en'); }",
                          [made["id"], {"creator": made["creator"], "token": made["token"], "seat": 0}])
            page.goto(base + f"/t/{made['id']}")
            page.wait_for_selector("svg.nb", timeout=15000)

            on_board = by_list = decisions = 0
            deadline = time.monotonic() + GAME_SECONDS
            while True:
                assert time.monotonic() < deadline, f"the game did not end in {GAME_SECONDS} s"
                assert not errors, errors
                snap = page.evaluate(SNAPSHOT)  # the board as drawn, and the move it shows, at once
                if snap["over"]:
                    break
                if snap["dialog"]:  # a move that cannot be undone: yes
                    page.locator("dialog.confirm button[value=yes]").click()
                    continue
                state = states.get(snap["move"])
                if state is None or not state["legal"] or not snap["yours"]:
                    page.wait_for_timeout(30)  # the state message's frame on its way to this test, or others' turns
                    continue
                check_offer(snap, state)
                decisions += 1
                page.evaluate("() => { window.seenBoard = document.querySelector('svg.nb'); }")
                try:
                    board, listed = click_decision(page, rng, bool(state["pick"]))
                except sync_api.Error:
                    continue  # the page moved on under the click (a bot's move redrew it): look again
                on_board, by_list = on_board + board, by_list + listed
                # wait until the board is drawn anew (the server's answer, or a first good to pay
                # with chosen on the board) or a move asks to be confirmed
                try:
                    page.wait_for_function("() => document.querySelector('svg.nb') !== window.seenBoard"
                                           " || document.querySelector('dialog.confirm[open]')", timeout=3000)
                except sync_api.TimeoutError:
                    pass  # the click met a board that had just changed: look again

            assert decisions >= 5 and on_board > by_list, (decisions, on_board, by_list)
            # the end: the scores under the board, each player's points on it
            assert page.locator("section.end table.scores").count() == 1
            assert page.locator("svg.nb [data-legal]").count() == 0, "nothing is clickable once the game is over"
            points = page.locator("svg.nb .player text").all_text_contents()
            assert sum("point" in t for t in points) == 3, points
            png = page.locator(".board").screenshot()
            seen = page.evaluate(COLOURS, base64.b64encode(png).decode())  # decoded by the browser itself
            assert seen["width"] > 600 and seen["height"] > 600 and seen["colours"] > 50, f"a blank board? {seen}"
            assert not errors, errors
        finally:
            browser.close()


# -- every step of the game, drawn from positions of random games ----------------------------

STEPS = ("planning", "choose", "buy_more", "pay_any", "thief_victim", "thief_goods", "guard_first", "guard_second",
         "peddler_good", "mayor_roof", "first_place")


def _positions(per_step: int = 3) -> list[dict[str, Any]]:
    """Decisions of random 3- and 5-player games (guests hired more often than at random,
    so that every citizen acts), up to `per_step` of each step: the view, the legal moves
    and the pick as the server sends them to the player to act."""
    from reichsstadt.core import CHANCE, game, sample_chance
    from reichsstadt.server.messages import legal_moves

    g = game("norenberc")
    rng = random.Random(4)
    out: list[dict[str, Any]] = []
    taken = dict.fromkeys(STEPS, 0)
    for _ in range(80):
        if min(taken.values()) >= per_step:
            break
        players = rng.choice([3, 5])
        s = g.new(players, rng.randrange(1 << 30))
        while not s.over():
            who = s.to_act()
            if who == (CHANCE,):
                s.apply(CHANCE, sample_chance(s, rng))
                continue
            p = rng.choice(who)
            view = s.view(p)
            step = "planning" if view["phase"] == "planning" else (view["table"]["current"] or {}).get("step")
            legal = s.legal(p)
            common = step in ("planning", "choose", "buy_more", "first_place")
            if step in taken and taken[step] < per_step and rng.random() < (0.2 if common else 1):
                taken[step] += 1
                offered, pick = legal_moves(g, players, s, p)   # what the server sends the seat
                out.append({"step": step, "seat": p, "players": players, "view": view, "legal": offered, "pick": pick})
            hires = [a for a in legal if a.type == "hire"]
            plans = [a for a in legal if a.type == "plan"]
            a = (rng.choice(hires) if hires and rng.random() < 0.8 else
                 rng.choice(plans) if plans and rng.random() < 0.8 else rng.choice(legal))
            s.apply(p, a)
    assert min(taken.values()) >= 1, taken
    return out


# draws each position as the player to act sees it, checks the pieces against the legal
# moves, then clicks every piece: a click makes one of the moves it names (or toggles it,
# for a part of a multi-part choice), or chooses a first good to pay with
CHECK_POSITIONS = """async ([positions, pieceMoves]) => {
  const { draw } = await import('/games/norenberc/board.js');
  const el = document.createElement('div');
  el.className = 'board';
  el.style.width = '1000px';
  document.body.append(el);
  const failures = [];
  const kinds = new Set(pieceMoves);
  for (const [n, pos] of positions.entries()) {
    const where = `${pos.step} (position ${n})`;
    let acted = [];
    const ctx = { names: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'], you: pos.seat, legal: pos.legal, pick: pos.pick,
      act: (mv) => acted.push(mv.index), sendPick: () => {}, chosen: new Map(),
      togglePart: (i) => acted.push(i) };
    const fresh = () => { draw(el, pos.view, { ...ctx, legal: [] }); draw(el, pos.view, ctx); };
    fresh();
    const legal = new Set(pos.legal.map((m) => m.index));
    const offered = [...el.querySelectorAll('[data-legal]')];
    const on = new Set(offered.flatMap((g) => g.dataset.legal.split(' ').map(Number)));
    for (const i of on) if (!legal.has(i)) failures.push(`${where}: ${i} is clickable but not legal`);
    for (const m of pos.legal) {
      if (kinds.has(m.action.type) && !on.has(m.index)) {
        failures.push(`${where}: no piece for ${JSON.stringify(m.action)}`);
      }
    }
    if (!el.querySelector('svg.nb title')) failures.push(`${where}: pieces without titles`);
    for (let k = 0; k < offered.length; k++) {
      if (pos.step === 'pay_any') fresh();  // a first good chosen to pay with redraws the board
      const piece = el.querySelectorAll('[data-legal]')[k];
      if (!piece.querySelector(':scope > title')) failures.push(`${where}: ${piece.dataset.key} has no title`);
      const says = piece.dataset.legal.split(' ').map(Number);
      acted = [];
      piece.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      if (acted.length === 1 && says.includes(acted[0])) continue;
      if (acted.length === 0 && pos.step === 'pay_any' && el.querySelector('.piece.picked[data-key^="goods-"]')) {
        // the first of two goods: now the second completes a payment
        const second = el.querySelector('[data-legal]:not(.picked)') || el.querySelector('[data-legal]');
        second.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        if (acted.length === 1 && legal.has(acted[0])) continue;
      }
      failures.push(`${where}: clicking ${piece.dataset.key} did ${JSON.stringify(acted)}, not one of ${says}`);
    }
  }
  // a part of the multi-part choice, once chosen, shows as chosen on its piece (as the form shows it)
  for (const [n, pos] of positions.entries()) {
    if (!pos.pick) continue;
    for (const index of pos.pick.parts) {
      const ctx = { names: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'], you: pos.seat, legal: pos.legal, pick: pos.pick,
        act: () => {}, sendPick: () => {}, chosen: new Map([[index, 1]]), togglePart: () => {} };
      draw(el, pos.view, { ...ctx, legal: [] }); draw(el, pos.view, ctx);
      const pieces = [...el.querySelectorAll('[data-legal]')]
        .filter((g) => g.dataset.legal.split(' ').map(Number).includes(index));
      if (pieces.length && !pieces.some((g) => g.classList.contains('picked'))) {
        const key = pieces[0].dataset.key;
        failures.push(`${pos.step} (position ${n}): part ${index} chosen, its piece ${key} does not show it`);
      }
    }
  }
  // the Guard: once an artisan is chosen, only the artisans of its trade stay clickable
  // (« deux artisans du même type »), the chosen one too, to drop it
  for (const [n, pos] of positions.entries()) {
    if (!pos.pick || !(pos.pick.groups || []).length) continue;
    // the page gives a board every part as a move too (table.js withParts): the Guard's
    // higher artisan of a pair is a part without being a legal move alone
    const withParts = [...pos.legal, ...pos.pick.moves.filter((m) => !pos.legal.some((l) => l.index === m.index))];
    for (const group of pos.pick.groups) {
      const ctx = { names: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'], you: pos.seat, legal: withParts, pick: pos.pick,
        act: () => {}, sendPick: () => {}, chosen: new Map([[group[0], 1]]), togglePart: () => {} };
      draw(el, pos.view, { ...ctx, legal: [] }); draw(el, pos.view, ctx);
      const on = new Set([...el.querySelectorAll('[data-legal]')].flatMap((g) => g.dataset.legal.split(' ').map(Number))
        .filter((i) => pos.pick.parts.includes(i)));
      const want = [...group].sort((a, b) => a - b).join(' '), got = [...on].sort((a, b) => a - b).join(' ');
      if (want !== got) {
        failures.push(`${pos.step} (position ${n}): ${group[0]} chosen, clickable parts ${got}, not ${want}`);
      }
    }
  }
  el.remove();
  return failures;
}"""


# the moves panel's form at the Guard: with one artisan chosen, the parts of other trades
# are greyed out (disabled), the chosen one and its partners are not
CHECK_FORM_GROUPS = """async (positions) => {
  const { MovesPanel } = await import('/static/table/moves.js');
  const failures = [];
  const el = document.createElement('section');
  document.body.append(el);
  const none = () => {};
  for (const [n, pos] of positions.entries()) {
    if (!pos.pick || !(pos.pick.groups || []).length) continue;
    for (const group of pos.pick.groups) {
      new MovesPanel(el, { act: none, sendPick: none, togglePart: none, clear: none })
        .draw(pos, {}, new Map([[group[0], 1]]), { names: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'], you: pos.seat }, null);
      const open = [...el.querySelectorAll('.pick button.part')].filter((b) => !b.disabled)
        .map((b) => Number(b.dataset.index)).sort((a, b) => a - b).join(' ');
      const want = [...group].sort((a, b) => a - b).join(' ');
      if (open !== want) {
        failures.push(`${pos.step} (position ${n}): ${group[0]} chosen, the form offers ${open}, not ${want}`);
      }
    }
  }
  el.remove();
  return failures;
}"""


def test_every_step_offers_its_moves_on_the_board_and_each_click_makes_one(norenberc_server: str) -> None:
    positions = _positions()
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--disable-background-networking", "--disable-component-update", "--no-first-run"])
        try:
            page = browser.new_page(viewport={"width": 1300, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(norenberc_server + "/")
            page.evaluate("() => localStorage.setItem('rs.lang', 'en')")
            page.reload()
            page.wait_for_selector(".lobby .game-card")
            failures = page.evaluate(CHECK_POSITIONS, [positions, sorted(PIECE_MOVES)])
            failures += page.evaluate(CHECK_FORM_GROUPS, positions)
            assert not failures, "\n".join(failures[:20])
            assert not errors, errors
        finally:
            browser.close()
