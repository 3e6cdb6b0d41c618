"""Siedler's "How to play" names the pieces as the board and the moves do (a newcomer's
browser review): the Italian guide spoke of a "bottega", a "casello" and a "pezzo di mura"
where the game says "laboratorio", "stazione di pedaggio" and "tratto di mura", the French
one of a "pan de muraille" built "sans brique" where the game builds a "pan de rempart"
"sans argile", the Russian one of a "таможня" where the game has a "застава"."""

from __future__ import annotations

from tests.server.process import Server

from .conftest import BROWSER, Pages

pytestmark = BROWSER

PIECES = ("toll", "settlement", "workshop", "wall", "tower")

# the guide's cost table and its Kostenloser Lehm line as shown, and the game's own names
# of the pieces (the board's glossary), as the page reads them
READ = """async (pieces) => {
  const { t } = await import('/static/i18n.js');
  const dialog = document.querySelector('dialog.guide');
  const table = [...dialog.querySelectorAll('.guide-table tbody tr')].map((tr) => tr.cells[0].textContent.trim());
  const lehm = [...dialog.querySelectorAll('li, p')].map((e) => e.textContent)
    .find((s) => s.startsWith('Kostenloser Lehm'));
  return { table, lehm, names: pieces.map((k) => t(`siedler.glossary.piece.${k}.name`)) };
}"""


def test_the_guide_names_the_pieces_as_the_game_does_in_every_language(server: Server, pages: Pages) -> None:
    page = pages.new()
    for lang in ("en", "de", "fr", "it", "ru"):
        page.goto(server.base + "/")
        page.evaluate("lang => localStorage.setItem('rs.lang', lang)", lang)
        page.goto(server.base + "/")
        page.click(".game-card[data-game=siedler] button.guide-open")
        page.wait_for_selector("dialog.guide .guide-table tbody tr")
        got = page.evaluate(READ, list(PIECES))
        names = got["names"]
        # the table's rows begin with a capital, the names in running text do not
        assert [row.lower() for row in got["table"][:len(PIECES)]] == [n.lower() for n in names], (lang, got)
        assert names[PIECES.index("wall")] in got["lehm"], (lang, got["lehm"])
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog.guide", state="detached")
