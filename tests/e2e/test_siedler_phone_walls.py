"""Siedler's wall pieces on a phone (390x844, touch, the first zoom): a piece's tap target
measured 19x74 px (its box: the band drawn, 16 units at 1.2 px; the tap band beyond it was
a transparent stroke, which a box leaves out), short of the 24 px every other place has had
since fb7800b (tests/e2e/test_phones.py checks those). The tap band is now a filled shape:
every piece's box is at least 24 px across both ways, a 24 px disc around its number taps it
and nothing else, across its middle a finger finds it over at least 24 px, and the places
around it (tower triangles, workshops, sectors) keep their own 24 px discs. A desktop's
board is pixel for pixel the same with the tap bands as without them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.process import Server

from .conftest import BROWSER
from .drawing import table_data
from .test_siedler_phone_pan import DESK, PHONE, opened, wall_only

pytestmark = BROWSER
PIECES = 26

# every wall piece lit in turn (the pieces before it built): its box, the run across its
# middle that taps it, and every place of the town whose 24 px disc taps something else
WALLS = """async ([positions, data]) => {
  const page = window.tablePage();
  const board = page.querySelector('.board');
  const out = { boxes: {}, across: {}, missed: {} };
  const seen = new Set();
  const name = (e) => e ? (e.closest('[data-key]')?.getAttribute('data-key') || e.tagName) : 'nothing';
  for (const pos of positions) {
    await window.drawPosition(page, pos, 'siedler', { ...data, why: () => {} }, ['Ann', 'Bo', 'Cy', 'Di']);
    const piece = board.querySelector('.wall-piece.lit');
    const key = piece.getAttribute('data-key');
    piece.scrollIntoView({ block: 'center', inline: 'center' });
    const box = piece.getBoundingClientRect();
    out.boxes[key] = [Math.round(box.width * 10) / 10, Math.round(box.height * 10) / 10];
    const num = piece.querySelector('text').getBoundingClientRect();
    const [cx, cy] = [num.left + num.width / 2, num.top + num.height / 2];
    const upright = box.height > box.width;
    let run = 0;
    for (let d = -30; d <= 30; d++) {
      const got = document.elementFromPoint(upright ? cx + d : cx, upright ? cy : cy + d);
      if (got && got.closest('[data-key]') === piece) run += 1;
    }
    out.across[key] = run;
    for (const el of board.querySelectorAll('.sdl-city .lit, .sdl-city .asks')) {
      const k = el.getAttribute('data-key');
      if (seen.has(k) && el !== piece) continue;
      seen.add(k);
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const t = el === piece ? el.querySelector('text')
        : (el.querySelector('circle.hit') || el.querySelector('text') || el);
      const r = t.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      for (let dx = -12; dx <= 12; dx += 2) for (let dy = -12; dy <= 12; dy += 2) {
        if (dx * dx + dy * dy > 144) continue;
        const got = document.elementFromPoint(x + dx, y + dy);
        if (!got || got.closest('[data-key]') !== el) out.missed[k] = name(got);
      }
    }
  }
  return out;
}"""


def test_on_a_phone_every_wall_piece_is_24_px_across_and_covers_no_neighbour(server: Server, chromium: Any,
                                                                              tmp_path: Path) -> None:
    problems: list[str] = []
    phone = chromium.new_context(**PHONE)
    try:
        page = opened(phone, server.base, problems)
        got = page.evaluate(WALLS, [[wall_only(k) for k in range(PIECES)], table_data("siedler")])
        assert len(got["boxes"]) == PIECES, got["boxes"]
        small = {k: b for k, b in got["boxes"].items() if min(b) < 24}
        assert not small, f"wall pieces whose box is under 24 px across: {small}"
        short = {k: n for k, n in got["across"].items() if n < 24}
        assert not short, f"wall pieces tapped over fewer than 24 px across their middle: {short}"
        assert not got["missed"], f"places whose 24 px disc taps something else: {got['missed']}"
        page.locator(".sdl-city").screenshot(path=str(tmp_path / "phone-city.png"))
        assert not problems, problems
    finally:
        phone.close()


# the desktop's town drawn, as a PNG, with its tap bands and circles or without them
SHOT = """async ([pos, data]) => {
  const page = window.tablePage();
  await window.drawPosition(page, pos, 'siedler', data, ['Ann', 'Bo', 'Cy', 'Di']);
  const city = page.querySelector('.sdl-city');
  // no glow: the lit piece's pulse would differ between two shots
  for (const el of city.querySelectorAll('.lit')) el.classList.remove('lit');
  return city.querySelectorAll('.wall-piece .hit').length;
}"""


def test_a_desktop_town_is_drawn_the_same_with_its_tap_bands_as_without(server: Server, chromium: Any) -> None:
    problems: list[str] = []
    desk = chromium.new_context(**DESK)
    try:
        page = opened(desk, server.base, problems)
        assert page.evaluate(SHOT, [wall_only(15), table_data("siedler")]) == PIECES
        city = page.locator(".sdl-city")
        width = city.bounding_box()["width"]
        with_bands = city.screenshot(animations="disabled")
        page.evaluate("() => document.querySelectorAll('.sdl-city .hit').forEach((e) => e.remove())")
        assert city.bounding_box()["width"] == width
        assert city.screenshot(animations="disabled") == with_bands, "a tap band shows on the desktop"
        assert not problems, problems
    finally:
        desk.close()
