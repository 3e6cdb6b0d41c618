"""Norenberc's help in German speaks the moves' words: the moves say "anwerben" (hire),
the log "Favorit", so the guide and the pieces must not call the same things "Anheuern",
"Günstling" and, beside "Bürger", "Stadtbewohner" — a newcomer reads three words and
looks for three rules."""

from pathlib import Path

from .helpers import run, table


def test_the_german_help_uses_the_words_of_the_moves(tmp_path: Path) -> None:
    s = table(["h"] + [""] * 40 + ["q"], tmp_path, game="norenberc", players=3, lang="de")
    run(s)
    text = " ".join(s.text.split())
    for other in ("Anheuer", "anheuer", "Günstling", "Stadtbewohner"):
        assert other not in text, other
    assert "Anwerben: den Gast eines Zimmers" in text
    assert "Der Favorit jeder Zunft" in text
    assert "der Bürger handelt sofort beim Anwerben" in text
