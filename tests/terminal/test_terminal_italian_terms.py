"""Colonia's help in Italian speaks the board's words: the board, the moves and the
pieces say "scrigno", "barca", "incarico", "materie prime" and "bastoncino", so the
guide on the same help page must not call them "reliquiario", "nave", "contratto",
"materiali" and "asta"."""

import re
from pathlib import Path

from .helpers import run, table


def test_the_italian_help_uses_the_words_of_the_board(tmp_path: Path) -> None:
    s = table(["h"] + [""] * 60 + ["q"], tmp_path, game="colonia", players=3, lang="it")
    run(s)
    text = " ".join(s.text.split())
    for other in (r"reliquiari", r"\bnavi?\b", r"contratt", r"\bmateriali\b", r"\baste?\b"):
        assert not re.search(other, text), other
    assert "un artigiano le sue due materie prime e metti membri sul suo prossimo campo incarichi" in text
    assert "uno scrigno tiene per sempre una reliquia della sua città" in text
    assert "salpano le barche sopra il bastoncino del porto" in text
