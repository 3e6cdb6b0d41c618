"""Colonia's stick (the craftsmen's and the port's marker) has one name per language on
the board, in the moves and among the pieces ("Stäbchen", "bâtonnet", "палочка",
"bastoncino"); the guide on the same help page called it otherwise ("Stäbe",
"Hafenstab", "bâton", "планка", "asta"), as if it were another piece."""

import re
from pathlib import Path

import pytest

from .helpers import run, table


@pytest.mark.parametrize("lang, board_word, other", [
    ("de", "Stäbchen", r"\bStäbe\b|Hafenstab"),
    ("fr", "bâtonnet", r"\bbâtons?\b"),
    ("ru", "палочк", r"планк"),
    ("it", "bastoncin", r"\baste?\b"),
])
def test_the_guide_names_the_stick_as_the_board_does(tmp_path: Path, lang: str, board_word: str, other: str) -> None:
    s = table(["h"] + [""] * 60 + ["q"], tmp_path, game="colonia", players=3, lang=lang)
    run(s)
    text = " ".join(s.text.split())
    assert not re.search(other, text), re.search(other, text)
    week = text[text.index("──"):]
    assert board_word in week
