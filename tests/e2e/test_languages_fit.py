"""Every language fits (issue 19): every board and panel, in English, German, Italian,
French and Russian, on a desktop and on a phone, with no text box whose words overflow
it (fit.FIT). The boards are drawn from positions of random games of every phase, with
the moves panel, the multi-part choice, the end banner and the "how to play" panel beside
them; the lobby too. Icons are SVG, not font glyphs."""

from __future__ import annotations


import pytest


from .conftest import BROWSER, LiveServer, Pages
from .drawing import INSTALL, table_data
from .fit import FIT
from .positions import sample

pytestmark = BROWSER

LANGS = ["en", "de", "it", "fr", "ru"]
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 375, "height": 812}}
PLAYERS = {"norenberc": [2, 3, 5], "siedler": [3, 4], "colonia": [3, 6]}

# draws each position, in each language, with the moves panel and the end banner, and
# returns what does not fit
DRAW = """async ([positions, game, data, langs]) => {
  const i18n = await import('/static/i18n.js');
  const { seatNames } = await import('/static/names.js');
  const { endBanner } = await import('/static/table/end.js');
  const { openGuide } = await import('/static/guide.js');
  const page = window.tablePage();
  const end = page.querySelector('.end-box');
  const failures = [];
  for (const lang of langs) {
    await i18n.load(lang);
    for (const [n, pos] of positions.entries()) {
      // the longest names a table has: a person's and numbered bots of two strengths
      const kinds = Array.from({ length: pos.players }, (_, i) => (i === 0 ? 'human' : i % 2 ? 'greedy' : 'mcts:1s'));
      const names = seatNames(kinds.map((k, i) => ({ kind: k, name: i === 0 ? 'Annemarie' : null })));
      await window.drawPosition(page, pos, game, data, names);
      const links = { review: '/r', replay: '/p', record: '/d' };
      const ctx = { names, you: pos.seat };
      end.replaceChildren(...(pos.view.result ? [endBanner(pos.view.result, game, ctx, links)] : []));
      for (const f of window.FIT(page)) failures.push(`${lang} ${pos.kind} (position ${n}): ${f}`);
      if (failures.length > 40) return failures;
    }
    await openGuide(game, game);
    const dialog = document.querySelector('dialog.guide');
    await new Promise((r) => {
      const wait = () => (dialog.querySelector('.guide-section') ? r() : setTimeout(wait, 20));
      wait();
    });
    for (const f of window.FIT(dialog)) failures.push(`${lang} how to play: ${f}`);
    dialog.close();
  }
  return failures;
}"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_every_board_and_panel_fits_in_every_language(game: str, size: str, live_server: LiveServer,
                                                       pages: Pages) -> None:
    positions = sample(game, PLAYERS[game], per_phase=1, seed=7, games=12)
    assert len(positions) >= 6
    page = pages.new()
    page.set_viewport_size(SIZES[size])
    page.goto(live_server.url + "/")
    page.wait_for_selector(".lobby .game-card")
    page.evaluate(f"() => {{ window.FIT = {FIT}; }}")
    page.evaluate(INSTALL)
    failures = page.evaluate(DRAW, [positions, game, table_data(game), LANGS])
    assert not failures, f"{len(failures)} texts do not fit:\n" + "\n".join(failures[:40])


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_fits_in_every_language(size: str, live_server: LiveServer, pages: Pages) -> None:
    page = pages.new()
    page.set_viewport_size(SIZES[size])
    page.goto(live_server.url + "/")
    for lang in LANGS:
        page.evaluate("(l) => localStorage.setItem('rs.lang', l)", lang)
        page.goto(live_server.url + "/")
        page.wait_for_selector(f"html[lang={lang}] .lobby .game-card")
        page.click("details.create-box > summary")
        page.wait_for_selector("form.create select[data-seat]")
        failures = page.evaluate(f"() => ({FIT})(document.body)")
        assert not failures, f"{lang}: " + "\n".join(failures[:20])
        assert page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]


def test_icons_are_svg_not_font_glyphs(live_server: LiveServer, pages: Pages) -> None:
    """The replay's controls, the help, the zoom: drawn, not characters a font may lack."""
    page = pages.new()
    page.goto(live_server.url + "/")
    page.wait_for_selector(".lobby .game-card")
    icons = page.evaluate("""async () => {
      const { icon } = await import('/static/icons.js');
      return ['first', 'back', 'forward', 'last', 'help', 'bulb', 'zoomin', 'zoomout', 'down', 'up', 'trophy', 'chart']
        .map((n) => {
          const el = icon(n); document.body.append(el);
          const r = el.getBoundingClientRect();
          const out = [n, el.tagName, el.textContent, r.width, el.querySelectorAll('path, circle, rect').length];
          el.remove();
          return out;
        });
    }""")
    for name, tag, text, width, shapes in icons:
        assert tag == "svg" and text == "" and width > 10 and shapes > 0, (name, tag, text, width, shapes)
