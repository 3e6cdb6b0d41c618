"""Siedler's help in German speaks the board's words: the board's column, the moves and
the pieces say "Prestige" ("Prestigepunkte"); the guide on the same help page said
"Ansehen" ("Ansehenspunkte"), as if it counted something else."""

from pathlib import Path

from .helpers import run, table


def test_the_german_help_says_prestige_as_the_board_does(tmp_path: Path) -> None:
    s = table(["h"] + [""] * 40 + ["q"], tmp_path, game="siedler", players=3, seats=["human", "random", "random"],
              lang="de")
    run(s)
    text = " ".join(s.text.split())
    assert "Ansehen" not in text
    assert "Prestige und die Ratskarten" in text
