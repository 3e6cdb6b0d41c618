"""A board's tooltips put "name: what" in the reader's punctuation (a newcomer's browser
review): in French a Siedler player's row read "Camille: 3 PV" and the offer's steppers
"un de plus: vous donnez 1 laine", a Colonia craftsman "sarto: …", where every other French
line has a no-break space before the colon ("Votre décision : …")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .drawing import INSTALL, table_data
from .positions import sample

pytestmark = BROWSER

# the tooltips the test reads, and the language's "name: " as the page has it
READ = """async ([pos, game, data]) => {
  const { t } = await import('/static/i18n.js');
  const page = window.tablePage();
  await window.drawPosition(page, pos, game, data, ['Ann', 'Bo', 'Cy', 'Di']);
  const tip = (e) => e.querySelector(':scope > title')?.textContent ?? e.getAttribute('title');
  const sel = game === 'siedler' ? '[data-key^=player-], .stepper button' : '.craftsman, .ordinance';
  return { after: t('core.after_name'), tips: [...page.querySelectorAll(sel)].map(tip) };
}"""


def position(game: str) -> dict[str, Any]:
    """A decision of the game in a four-player game (Siedler's: one with the offer's steppers)."""
    for pos in sample(game, [4], per_phase=2, seed=5, games=6):
        if game == "colonia" or any(m["action"].get("type") == "offer" for m in pos["legal"]):
            return pos
    raise AssertionError(f"no fitting {game} position in the sampled games")


@pytest.mark.parametrize("game", ["siedler", "colonia"])
def test_a_tooltips_name_and_what_follows_are_joined_in_french_punctuation(game: str, server: Server,
                                                                            pages: Pages) -> None:
    page = pages.new()
    page.goto(server.base + "/")
    page.evaluate("localStorage.setItem('rs.lang', 'fr')")
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby .game-card")
    page.evaluate(INSTALL)
    got = page.evaluate(READ, [position(game), game, table_data(game)])
    assert got["after"] == "\u00a0: ", got["after"]
    tips = [tip for tip in got["tips"] if tip]
    assert len(tips) >= 4, tips
    for tip in tips:
        assert "\u00a0: " in tip and not any(f"{c}: " in tip for c in "abcdefghijklmnopqrstuvwxyz0123456789)"), tip
