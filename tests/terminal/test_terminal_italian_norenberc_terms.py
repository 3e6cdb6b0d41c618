"""Norenberc's help in Italian speaks the moves' words: the moves, the board and the
scores say "gilda", "alloggio" and "blasone"; the guide on the same help page said
"corporazione", "stanza" and "stemma" for the same pieces."""

import re
from pathlib import Path

from .helpers import run, table


def test_the_italian_help_uses_the_words_of_the_moves(tmp_path: Path) -> None:
    s = table(["h"] + [""] * 40 + ["q"], tmp_path, game="norenberc", players=3, lang="it")
    run(s)
    text = " ".join(s.text.split())
    for other in (r"corporazion", r"\bstanz[ae]\b", r"\bstemm[ai]\b", r"ingaggio"):
        assert not re.search(other, text), other
    assert "Assumere: l'ospite di un alloggio, pagandone il prezzo in merci" in text
    assert "prende il maestro, un blasone e, nella gilda di prestigio, il blasone di prestigio" in text
