"""Taking a council card from a player who holds none is a refused move (a Gymnasium
agent's illegal index names it), and its words still read as a sentence: they said "take
the a council card from Player 4"."""

from __future__ import annotations

import pytest

from reichsstadt.core import Match
from reichsstadt.games.siedler.present import _council
from reichsstadt.i18n import render

NAMES = ["P1", "P2", "P3", "P4"]


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it", "ru"])
def test_a_council_card_taken_from_one_who_holds_none_reads_as_a_sentence(lang: str) -> None:
    state = Match("siedler", 4, 17, recording=False).state
    for holder in range(4):
        assert state.council_of(holder) < 0   # nobody holds one at the start
        said = render(_council(state, 0, holder, 0, None), lang, NAMES)
        assert NAMES[holder] in said and "siedler." not in said, said
        for doubled in ("the a ", "Ratskarte eine", "carte une", "carta una", "карту карта"):
            assert doubled not in said, said
