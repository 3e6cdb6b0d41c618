"""Siedler's German names on the board (the newcomer's browser review, L11): hovering the
Raubritterburg, the Hauptmarkt, the Bauhof, a council card or the event card drawn names
it with its gloss in the reader's language first ("Wegezoll (road toll)"), then what it
is; a German reader sees the name alone."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .drawing import INSTALL, table_data
from .positions import sample

pytestmark = BROWSER

# the tooltips of the named places, and the catalog's glosses, as the page reads them
TIPS = """async ([pos, data]) => {
  const { t } = await import('/static/i18n.js');
  const page = window.tablePage();
  await window.drawPosition(page, pos, 'siedler', data, ['Ann', 'Bo', 'Cy', 'Di']);
  const tip = (sel) => page.querySelector(`${sel} > title`)?.textContent
    ?? page.querySelector(sel)?.getAttribute('title');
  const keys = ['raubritterburg', 'hauptmarkt', 'bauhof', 'siebenerrat', 'grosser_rat', pos.view.table.last_card.event];
  return {
    tips: { raubritterburg: tip('.castle'), hauptmarkt: tip('.sector.hauptmarkt'), bauhof: tip('.sector.bauhof'),
      siebenerrat: tip('[data-council=siebenerrat]'), grosser_rat: tip('[data-council=grosser_rat]'),
      event: tip('.sdl-event') },
    gloss: Object.fromEntries(keys.map((k) => [k, t(`siedler.gloss.${k}`)])),
    after: t('core.after_name'),  // "name: " in the language's punctuation
  };
}"""


@pytest.fixture(scope="module")
def position() -> dict[str, Any]:
    """A position after a Wegezoll or Kostenloser Lehm card, no council card taken."""
    for pos in sample("siedler", [4], per_phase=4, seed=3, games=10):
        table = pos["view"]["table"]
        card = table.get("last_card") or {}
        if card.get("event") in ("wegezoll", "lehm") and not any(isinstance(h, int) for h in table["council"].values()):
            return pos
    raise AssertionError("no position after a Wegezoll or Kostenloser Lehm card in the sampled games")


@pytest.mark.parametrize("lang", ["en", "fr", "it", "ru", "de"])
def test_the_board_glosses_the_german_names_in_its_tooltips(lang: str, position: dict[str, Any], server: Server,
                                                            pages: Pages) -> None:
    page = pages.new()
    page.goto(server.base + "/")
    page.evaluate("lang => localStorage.setItem('rs.lang', lang)", lang)
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby .game-card")
    page.evaluate(INSTALL)
    got = page.evaluate(TIPS, [position, table_data("siedler")])
    tips, gloss, after = got["tips"], got["gloss"], got["after"]
    event = position["view"]["table"]["last_card"]["event"]
    for key in ("raubritterburg", "hauptmarkt", "bauhof"):
        assert tips[key].startswith(gloss[key] + "\n"), (key, tips[key])
    for key in ("siebenerrat", "grosser_rat"):
        assert tips[key].startswith(gloss[key] + after), (key, tips[key])
    assert f"\n{gloss[event]}{after}" in tips["event"], tips["event"]
    # a gloss in brackets, but for a German reader
    assert all(("(" in g) == (lang != "de") for g in gloss.values()), gloss
