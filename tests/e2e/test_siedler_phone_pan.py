"""On a phone (390x844, touch) Siedler's maps are wider than the screen and pan (places 24
px across to tap); the places the person can use now (lit) could lie beyond the part of
the map on the screen, with nothing to bring them into view (the newcomer's review). When
a decision starts whose lit places are all off the visible part, the maps now pan to them
(only the maps: "Your decision" above them stays put); a redraw of the same decision
leaves the map where the person put it, a choice being put together is never panned away
from, and a desktop's board (the whole board fits) never pans. Positions of random games
drawn in Debian's Chromium."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from tests.server.process import Server

from .conftest import BROWSER
from .drawing import INSTALL, table_data
from .positions import sample

pytestmark = BROWSER
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESK = {"viewport": {"width": 1280, "height": 900}}

# draws a position as the table page does (tests/e2e/drawing.py), with the parts chosen of
# a multi-part choice (`chosen`), the maps' pan set to `scroll` first (where the person left
# it); what the maps' pan is then (their own scroller on a phone, the board on a desktop),
# where the lit places on the maps are, and where the prompt ("Your decision") stands
DRAW = """async ([pos, data, chosen, scroll]) => {
  window.sdl ||= await import('/games/siedler/board.js');
  const page = document.querySelector('.table-page') || window.tablePage();
  const board = page.querySelector('.board');
  const none = () => {};
  const draw = () => window.sdl.draw(board, pos.view, { names: ['Ann', 'Bo', 'Cy', 'Di'], you: pos.seat,
    legal: pos.legal, pick: pos.pick, act: none, sendPick: none, togglePart: none, chosen: new Map(chosen),
    tableId: 'pan', ...data });
  const scroller = () => {
    const maps = board.querySelector('.sdl-boards');
    return ['auto', 'scroll'].includes(getComputedStyle(maps).overflowX) ? maps : board;
  };
  if (scroll !== null) { draw(); scroller().scrollLeft = scroll; }
  draw();
  const pan = scroller();
  const box = pan.getBoundingClientRect();
  const lit = [...board.querySelectorAll('.sdl-boards .lit')].map((e) => {
    const r = e.getBoundingClientRect();
    return { key: e.getAttribute('data-key'), middle: r.left + r.width / 2 };
  });
  const prompt = board.querySelector('.sdl-prompt');
  const said = prompt.getBoundingClientRect();
  return { scroll: pan.scrollLeft, pans: pan.scrollWidth > pan.clientWidth + 1,
    left: box.left, right: box.left + pan.clientWidth, lit, boardScroll: board.scrollLeft,
    prompt: { left: said.left, right: said.right, fits: prompt.scrollWidth <= prompt.clientWidth + 1 },
    screen: document.documentElement.clientWidth };
}"""


def wall_only(built: int) -> dict[str, Any]:
    """A main-phase decision whose only place on the maps is the wall's next piece, after
    `built` pieces (the 16th stands on the town's right side, beyond a phone's screen)."""
    pos = next(p for p in sample("siedler", [3, 4], per_phase=3, seed=9, games=15)
               if any(m["action"]["type"] == "wall" for m in p["legal"]))
    pos = copy.deepcopy(pos)
    pos["view"]["table"]["walls"] = [pos["seat"]] * built
    pos["legal"] = [m for m in pos["legal"] if m["action"]["type"] in ("wall", "end")]
    pos["pick"] = None
    return pos


def inside(got: dict[str, Any]) -> list[str]:
    """The lit places whose middles are in the visible part of the board."""
    return [x["key"] for x in got["lit"] if got["left"] <= x["middle"] <= got["right"]]


def opened(context: Any, base: str, problems: list[str]) -> Any:
    page = context.new_page()
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.goto(base + "/")
    page.wait_for_selector(".lobby .game-card")
    page.evaluate(INSTALL)
    return page


def test_on_a_phone_a_decision_off_the_screen_is_panned_into_view(server: Server, chromium: Any,
                                                                  tmp_path: Path) -> None:
    data = table_data("siedler")
    problems: list[str] = []
    phone = chromium.new_context(**PHONE)
    try:
        page = opened(phone, server.base, problems)
        # the town's right side: the lit piece beyond the screen at the pan the board starts at
        right = wall_only(15)
        got = page.evaluate(DRAW, [right, data, [], None])
        assert got["pans"] and got["lit"], got
        assert inside(got) == ["wall-15"] and got["scroll"] > 0, f"panned to the lit piece: {got}"
        # only the maps panned: "Your decision" stays whole on the screen, the board unmoved
        said = got["prompt"]
        assert 0 <= said["left"] and said["right"] <= got["screen"] and said["fits"], got
        assert got["boardScroll"] == 0, got
        page.locator("[data-key=wall-15]").screenshot(path=str(tmp_path / "panned-piece.png"))
        page.screenshot(path=str(tmp_path / "phone-panned.png"))
        # the same decision drawn again after the person panned back: left where they put it
        again = page.evaluate(DRAW, [right, data, [], 0])
        assert again["scroll"] == 0 and not inside(again), again
        # a decision whose lit place is in view: no pan
        left = wall_only(2)
        here = page.evaluate(DRAW, [left, data, [], None])
        assert here["scroll"] == 0 and inside(here) == ["wall-2"], here
        # a choice being put together (a part chosen): never panned away from
        picking = wall_only(16)
        part = picking["legal"][0]["index"]
        kept = page.evaluate(DRAW, [picking, data, [[part, 1]], None])
        assert kept["scroll"] == 0 and not inside(kept), kept
        # a phone's whole board at a glance fits: nothing to pan
        page.evaluate("() => document.querySelector('.board').setAttribute('data-glance', '')")
        glance = page.evaluate(DRAW, [wall_only(17), data, [], None])
        assert not glance["pans"] and glance["scroll"] == 0, glance
        assert not problems, problems
    finally:
        phone.close()


def test_a_desktop_board_never_pans(server: Server, chromium: Any) -> None:
    data = table_data("siedler")
    problems: list[str] = []
    desk = chromium.new_context(**DESK)
    try:
        page = opened(desk, server.base, problems)
        for built in (15, 2, 20):
            got = page.evaluate(DRAW, [wall_only(built), data, [], None])
            assert not got["pans"] and got["scroll"] == 0 and len(inside(got)) == 1, got
        assert not problems, problems
    finally:
        desk.close()
