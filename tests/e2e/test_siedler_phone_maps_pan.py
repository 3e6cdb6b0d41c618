"""On a phone (390x844, touch) Siedler's maps are wider than the screen and pan. The whole
board block used to pan with them: after a pan (by hand, or the automatic one to the lit
places) "Your decision ..." began off the screen's left edge, and the strip and the panels
went with it. Now only the maps pan, in a scroller of their own: at the maps' right end the
prompt, the strip, the panels (the trade panel's lines too) stand whole on the screen, the
prompt's words unclipped, and the board itself does not pan. A table against two random
bots, on the person's own turn, in English and German, in Debian's Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.server.process import Server

from .conftest import BROWSER
from .newcomer import DECLINE_ALL, open_as, own_turn, person_at

pytestmark = BROWSER
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

# the element that pans the maps (the nearest one above them whose content is wider than it
# and that scrolls sideways; found afresh each time, the board being redrawn as the game goes)
FIND = """() => {
  let el = document.querySelector('svg.sdl-field').parentElement;
  while (el && !(['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)) {
    el = el.parentElement;
  }
  return el;
}"""
# how far it can pan, whether it is the maps' own scroller
SCROLLER = f"""() => {{
  const el = ({FIND})();
  return el && {{ max: el.scrollWidth - el.clientWidth, at: el.scrollLeft, maps: el.classList.contains('sdl-boards') }};
}}"""
AT_END = f"() => {{ const e = ({FIND})(); return e.scrollLeft >= e.scrollWidth - e.clientWidth - 1; }}"

# where everything but the maps stands: each of the board's parts beside the maps (the
# prompt, the strip, the panels) and each line in them, outside the screen or clipped
PLACES = f"""() => {{
  const screen = document.documentElement.clientWidth;
  const board = document.querySelector('.board');
  const bad = [];
  const parts = [...document.querySelectorAll('.sdl > :not(.sdl-boards)')];
  for (const part of parts) {{
    for (const el of [part, ...part.querySelectorAll('p, h3, h4, li, button, .row, .sdl-offer, tr')]) {{
      if (!el.getClientRects().length) continue;
      const r = el.getBoundingClientRect();
      const what = `${{el.tagName.toLowerCase()}}.${{el.className}} "${{(el.textContent || '').trim().slice(0, 30)}}"`;
      const at = `${{Math.round(r.left)}}..${{Math.round(r.right)}}`;
      if (r.left < -0.5 || r.right > screen + 0.5) bad.push(`${{what}}: ${{at}}`);
    }}
  }}
  const prompt = document.querySelector('.sdl-prompt');
  const p = prompt.getBoundingClientRect();
  return {{ bad, screen, prompt: {{ left: p.left, right: p.right, clipped: prompt.scrollWidth > prompt.clientWidth + 1,
    text: prompt.textContent }}, board: board.scrollLeft, boardWide: board.scrollWidth > board.clientWidth + 1,
    pan: ({FIND})().scrollLeft }};
}}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_on_a_phone_only_the_maps_pan(lang: str, server: Server, chromium: Any, tmp_path: Path) -> None:
    phone = chromium.new_context(**PHONE)
    problems: list[str] = []
    try:
        page = phone.new_page()
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        open_as(page, server.base, person_at(server.base, "siedler", ["random", "random"]), lang=lang,
                kept=DECLINE_ALL)
        # the table still from here on: a decision starting during the pan by hand (a bot's
        # move) pans the maps to its lit places, and the right end was never reached (CI, de)
        own_turn(page)
        page.wait_for_selector(".sdl-prompt")
        page.wait_for_selector("svg.sdl-field")
        pans = page.evaluate(SCROLLER)
        assert pans and pans["max"] > 100, f"the maps are wider than a phone's screen: {pans}"
        page.screenshot(path=str(tmp_path / f"phone-{lang}-start.png"))
        # by hand: a sideways scroll gesture on the map, far enough for its right end (headless
        # Chromium pans nothing for a synthesized touch swipe, not even a plain scrolling div:
        # the gesture is the wheel's)
        page.evaluate("() => window.scrollTo(0, document.querySelector('svg.sdl-city').getBoundingClientRect().top"
                      " + window.scrollY - 200)")
        box = page.locator("svg.sdl-city").bounding_box()
        assert box
        phone.new_cdp_session(page).send("Input.synthesizeScrollGesture", {
            "x": 300, "y": box["y"] + 80, "xDistance": -(pans["max"] + 400), "yDistance": 0,
            "gestureSourceType": "mouse", "speed": 4000})
        page.wait_for_function(AT_END)
        got = page.evaluate(PLACES)
        page.evaluate("() => window.scrollTo(0, 0)")  # the prompt in the screenshot
        page.screenshot(path=str(tmp_path / f"phone-{lang}-right-end.png"))
        assert got["pan"] > 100, got
        said = got["prompt"]
        assert said["left"] >= 0 and said["right"] <= got["screen"] and not said["clipped"], \
            f"the prompt whole on the screen at the maps' right end: {said}"
        assert not got["bad"], f"beside the maps, off the screen at their right end: {got['bad'][:10]}"
        assert got["board"] == 0 and not got["boardWide"], f"the board itself does not pan: {got}"
        assert pans["maps"], "the maps pan in a scroller of their own"
        assert not problems, problems
    finally:
        phone.close()
