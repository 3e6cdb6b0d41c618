"""A set of exactly N parts (Siedler's discard of half a hand to the Raubritter): the
heading's example has N numbers, so copying it is accepted, and a line of another length
is refused in the heading's words ("choose exactly 4"), not the engine's "from 4 to 4"."""

import pytest

from reichsstadt.core import Pick
from reichsstadt.terminal.play import _example, _pick_head
from reichsstadt.terminal.words import Words

from .fairgame import SEAL, VISIT, FairState
from .helpers import run, table


@pytest.mark.parametrize("least, parts, repeat", [(4, 4, True), (7, 5, True), (5, 6, False), (4, 4, False)])
def test_the_example_of_an_exact_set_has_as_many_numbers_as_it_needs(least, parts, repeat):
    pick = Pick(parts=(), finish=None, most=least, least=least, repeat=repeat)
    example = _example(pick, parts)
    assert len(example.split()) == least
    assert all(1 <= int(n) <= parts for n in example.split())
    assert f"(e.g. {example})" in _pick_head(pick, parts, Words("en", ["Ann", "Bo"], 0))


def test_an_example_for_fewer_parts_is_as_before():
    assert _example(Pick(parts=(), finish=None, most=3, least=1, repeat=True), 5) == "1 1 3"
    assert _example(Pick(parts=(), finish=None, most=2, least=1), 4) == "1 3"


def exactly_two_visits(monkeypatch):
    plain = FairState.pick

    def pick(self, seat):
        found = plain(self, seat)
        if found is not None and found.finish is SEAL:
            return Pick(parts=found.parts, finish=SEAL, most=2, least=2)
        return found

    monkeypatch.setattr(FairState, "pick", pick)


@pytest.mark.parametrize("lang, refused", [
    ("en", "Refused: choose exactly 2, not 1 (e.g. 1 3)."),
    ("de", "Abgelehnt: wähle genau 2, nicht 1 (z. B. 1 3)."),
    ("ru", "Отказано: нужно выбрать ровно 2, а не 1 (напр. 1 3)."),
])
def test_a_line_of_the_wrong_length_is_refused_in_the_headings_words(tmp_path, monkeypatch, lang, refused):
    exactly_two_visits(monkeypatch)
    s = table(["1", "1 3"], tmp_path, lang=lang)
    run(s)
    assert refused in s.text
    assert "4 to 4" not in s.text and " 2 bis 2 " not in s.text
    moves = [m for m in s.human_moves()][:3]
    assert moves == [VISIT[0].to_json(), VISIT[2].to_json(), SEAL.to_json()]
