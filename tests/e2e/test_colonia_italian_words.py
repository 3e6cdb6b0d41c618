"""Colonia's board in Italian speaks the moves' and the log's words (a newcomer's browser
review): beside moves that "rimettere ... nel sacco" and "mettere membri sul campo incarichi
(sopra il bastoncino)", a log of "barche" and "lo scrigno di Nowgorod" and a final score of
"scrigni", the board said "nel sacchetto", "Materiali", "Commesse ordinarie", "casella
commessa", "il bastone", "navi" and "reliquiario"."""

from __future__ import annotations

import re

from tests.server.process import Server

from .conftest import BROWSER, Pages
from .drawing import INSTALL, table_data
from .positions import sample

pytestmark = BROWSER

# every word the board shows or puts in a tooltip, over several positions
READ = """async ([positions, data]) => {
  const page = window.tablePage();
  const out = [];
  for (const pos of positions) {
    await window.drawPosition(page, pos, 'colonia', data, ['Ann', 'Bo', 'Cy', 'Di']);
    out.push(page.querySelector('.board').textContent);
  }
  return out.join('\\n');
}"""

# the board's old words, where the game says sacco, materie prime, incarico, campo, bastoncino, barca, scrigno
OLD = re.compile(r"sacchett|[Mm]ateriali|[Cc]ommess|casell|\bbastone\b|\bnav[ei]\b|[Rr]eliquiar")


def test_the_italian_board_uses_the_games_words(server: Server, pages: Pages) -> None:
    positions = sample("colonia", [4], per_phase=1, seed=6, games=4)
    page = pages.new()
    page.goto(server.base + "/")
    page.evaluate("localStorage.setItem('rs.lang', 'it')")
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby .game-card")
    page.evaluate(INSTALL)
    words = page.evaluate(READ, [positions, table_data("colonia")])
    assert "nel sacco:" in words and "Materie prime" in words, words[:500]
    assert not OLD.findall(words), sorted(set(OLD.findall(words)))
