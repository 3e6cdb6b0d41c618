"""Accessible tables (issue 19): every game played with the keyboard alone — every legal
move reachable by Tab (and the arrow keys on a board) and announced with its words — and
axe-core (npm's, pinned in package-lock.json, injected by Playwright) finding no serious
or critical violation on the lobby, each game's table, a finished table and its replay."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import finished, open_as, person_at
from .play import wait_table, where

pytestmark = BROWSER
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"



class Wire:
    """The state messages the page receives, by move number."""

    def __init__(self, page: Any) -> None:
        self.states: dict[int, dict[str, Any]] = {}
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: Any) -> None:
        try:
            msg = json.loads(payload)
        except (TypeError, ValueError):
            return
        if isinstance(msg, dict) and msg.get("type") == "state":
            self.states[msg["move"]] = msg


# what a keyboard reaches: the things that make a move (or lead to one), in the order Tab meets them
REACHABLE = ("[...document.querySelectorAll('.board [data-legal], .board [data-offers], .moves button[data-index],"
             " .pick button.primary, .board button.primary[data-send=discard]')]"
             ".filter((el) => el.tabIndex >= 0 && !el.disabled && el.getClientRects().length)")
# each target with the moves it names and the words it says
TARGETS = """async (tableId) => {
  const i18n = await import('/static/i18n.js');
  const { seatNames } = await import('/static/names.js');
  const info = await (await fetch(`/api/tables/${tableId}`)).json();
  const names = seatNames(info.seats);
  const you = Number(JSON.parse(localStorage.getItem(`rs.table.${tableId}`) || '{}').seat ?? -1);
  const all = REACHABLE;
  return { move: Number(document.querySelector('.table-page').dataset.move), you, names, targets: all.map((el) => ({
    moves: (el.getAttribute('data-legal') || el.getAttribute('data-index') || el.getAttribute('data-offers') || '')
      .split(/[ ,]/).filter(Boolean).map(Number),
    leads: !el.hasAttribute('data-legal') && !el.hasAttribute('data-index'),
    name: (el.getAttribute('aria-label') || el.textContent || '').replace(/\\s+/g, ' ').trim() })) };
}""".replace("REACHABLE", REACHABLE)
SEND_AT = f"() => {REACHABLE}.findIndex((el) => el.matches('.pick button.primary'))"
# something being put together on the page alone, where what it used up or stands in for is
# rightly not offered until it is sent or left: Siedler's cards to discard being chosen (a
# card all of whose copies are chosen is disabled), a counter-offer (accepting the offer as
# it is comes back with the builder's "back")
PICKING = ".board .card-pick.on, .board .sdl-builder.counter"
SAY = """async ([words, names, you]) => { const i18n = await import('/static/i18n.js');
  return i18n.render(words, { names, you }).replace(/\\s+/g, ' ').trim(); }"""


class MovedOn(Exception):
    """The table moved on (a bot's move redrew the page) while the keys were on their way."""


def reach(page: Any, index: int, move: int | None = None) -> None:
    """Focus the `index`th move target by the keyboard alone: Tab until the focus is on
    one (the first piece of a board, or a button of the moves panel), then the arrow keys
    across a board or Tab through the panel. MovedOn if the page left `move` meanwhile."""
    want = f"{REACHABLE}[{index}]"
    for _ in range(400):
        if move is not None and where(page)[0] != move:
            raise MovedOn
        if page.evaluate(f"() => {{ const t = {want}; return !!t && document.activeElement === t; }}"):
            return
        on_board = page.evaluate("() => !!document.activeElement && !!document.activeElement.closest('.board')"
                                 " && !!document.activeElement.closest('[data-legal], [data-offers]')")
        in_board = page.evaluate(f"() => {{ const t = {want}; return !!t && !!t.closest('.board')"
                                 " && t.matches('[data-legal], [data-offers]'); }")  # a send button: by Tab
        page.keyboard.press("ArrowRight" if on_board and in_board else "Tab")
    raise AssertionError(f"target {index} was not reached by the keyboard")


def fits_chosen(page: Any, state: dict[str, Any], move: dict[str, Any]) -> bool:
    """Whether a legal move is offered with the parts chosen on the page: always, unless it
    is a part of a choice whose parts go together only within groups (State.pick) and no
    group holds it with every part chosen."""
    pick = state.get("pick") or {}
    groups = [set(g) for g in pick.get("groups") or []]
    if not groups or move["index"] not in pick.get("parts", []):
        return True
    chosen = {int(i) for i in page.eval_on_selector_all(".pick button.part.on", "els => els.map(e => e.dataset.index)")}
    return not chosen or move["index"] in chosen or any(move["index"] in g and chosen <= g for g in groups)


def keyboard_decision(page: Any, wire: Wire, rng: random.Random, table_id: str) -> bool:
    """Check what the keyboard offers against the legal moves, then make one by keys."""
    if page.locator("dialog.confirm[open]").count():
        page.keyboard.press("Enter")  # the dialog's "yes" has the focus
        return True
    if page.locator(".sdl-wait").count():  # the page itself is sending an offer's steps: nobody's keys now
        page.wait_for_function("() => !document.querySelector('.sdl-wait')", timeout=60_000)
        return False
    got = page.evaluate(TARGETS, table_id)
    state = wire.states.get(got["move"])
    if not got["targets"] or state is None or not state["legal"]:
        return False
    said = {i for t in got["targets"] for i in t["moves"]}
    # every move is checked where such a thing starts (PICKING), but a part that cannot go
    # with the parts chosen (the Guard's artisan of another trade) is rightly not offered
    checked = [] if page.locator(PICKING).count() else [m for m in state["legal"] if fits_chosen(page, state, m)]
    for m in checked:
        assert m["index"] in said, f"no key reaches {m['action']}"
        words = page.evaluate(SAY, [m["words"], got["names"], got["you"]])
        named = [t for t in got["targets"] if m["index"] in t["moves"]]
        assert any(t["leads"] or words.lower() in t["name"].lower() for t in named), \
            f"{m['action']} is not announced with its words {words!r}: {[t['name'] for t in named]}"
    before = where(page)[0]
    if before != got["move"]:
        return False  # the targets read are of a move already gone: look again
    try:
        reach(page, rng.randrange(len(got["targets"])), before)
    except MovedOn:
        return False
    page.keyboard.press("Enter")
    if page.locator(".pick button.part.on").count():  # a part chosen: send the choice
        send = page.locator(".pick button.primary")
        if send.count() and send.is_enabled():
            reach(page, page.evaluate(SEND_AT))
            page.keyboard.press("Enter")
    try:
        page.wait_for_function("n => document.querySelector('.table-page').dataset.move !== n"
                               " || document.querySelector('dialog.confirm[open]')"
                               " || document.querySelector('.table-page .error').textContent !== ''",
                               arg=str(before), timeout=5000)
    except Exception:
        pass  # a choice made on the page only (a card to discard, a bank rate): the next look goes on
    return True


@pytest.mark.parametrize("game", ["norenberc", "colonia", "siedler"])
def test_a_game_is_played_with_the_keyboard_alone(game: str, server: Server, pages: Pages) -> None:
    made = person_at(server.base, game, ["random", "random"])
    page = pages.new()
    wire = Wire(page)
    open_as(page, server.base, made)
    wait_table(page)
    rng = random.Random(8)
    decisions = 0
    for _ in range(600):
        if where(page)[1] != "running" or decisions >= 25:
            break
        if not page.locator(".status.yours").count():
            page.wait_for_function("() => document.querySelector('.status.yours')"
                                   " || document.querySelector('.table-page').dataset.status !== 'running'",
                                   timeout=60_000)
            continue
        if keyboard_decision(page, wire, rng, made["id"]):
            decisions += 1
    assert decisions >= 10, f"only {decisions} decisions were made by keys"


def axe(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is."""
    assert AXE.exists(), "axe-core is not installed: run `npm ci` (tests/setup.sh does)"
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document, { resultTypes: ['violations'] })).violations"
                          ".filter((v) => ['serious', 'critical'].includes(v.impact))"
                          ".map((v) => `${v.impact} ${v.id}: ${v.help} — `"
                          " + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | '))")
    return list(found)


def test_axe_finds_nothing_serious_on_the_lobby_the_tables_and_the_replay(server: Server, pages: Pages) -> None:
    page = pages.new()
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby .game-card")
    page.click("details.create-box > summary")
    problems = [f"lobby: {v}" for v in axe(page)]
    for game in ("norenberc", "colonia", "siedler"):
        made = person_at(server.base, game, ["random", "random"])
        open_as(page, server.base, made)
        page.wait_for_selector(".status.yours", timeout=60_000)
        problems += [f"{game} table: {v}" for v in axe(page)]
    made = finished(server.base, "norenberc", ["greedy", "greedy"])
    open_as(page, server.base, made)
    page.wait_for_selector("section.end")
    problems += [f"finished table: {v}" for v in axe(page)]
    open_as(page, server.base, made, path="/replay")
    page.wait_for_selector(".replay .board svg")
    problems += [f"replay: {v}" for v in axe(page)]
    assert not problems, "\n".join(problems)
