"""The components data file: validated on load with a message naming the broken entry;
replaceable with the `components` option; snapshots and records."""

from __future__ import annotations

import copy
import json

import pytest

import reichsstadt
from reichsstadt.core import BadOption, DataFileError, RecordError
from reichsstadt.core.conformance import random_playout
from reichsstadt.core.datafile import load_packaged_json
from reichsstadt.games.colonia import GAME
from reichsstadt.games.colonia.data import bundled
from reichsstadt.i18n import render

RAW = load_packaged_json("reichsstadt.games.colonia", "components.json")


def test_registry_and_metadata() -> None:
    assert reichsstadt.game("colonia") is GAME
    assert GAME.players == range(3, 7) and "components" in GAME.options
    with pytest.raises(BadOption):
        GAME.new(2, 1)
    with pytest.raises(BadOption):
        GAME.new(4, 1, {"no_such": 1})


def test_bundled_components_match_the_contents_list() -> None:
    """p. 13 Contenuto: 36 family cards (3-8), 38 members per colour, 48 relic cards (11
    relics + 1 shrine per city), 4 windows, 14 week cards, 18 ordinances, 16 ships with 3
    or 4 holds, 18 of each material, 12 of each good."""
    comp = bundled()
    assert comp.family_cards == (3, 4, 5, 6, 7, 8) and comp.members_per_colour == 38
    assert len(comp.relic_price) == 48 and len(comp.week_cards) == 14 and len(comp.ordinances) == 18
    assert len(comp.ships) == 16 and all(3 <= len(s.holds) <= 4 for s in comp.ships)
    assert sorted(s.city for s in comp.ships) == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4
    assert comp.materials_per_type == 18 and comp.goods_per_type == 12
    assert comp.week_cards[0].contracts == (1, 2, 1, 2, 1) and comp.week_cards[0].dice == 5
    assert comp.recipes == ((0, 1), (1, 2), (2, 3), (3, 4), (4, 0))


@pytest.mark.parametrize("path, value, words", [
    (("week_cards",), [], "week_cards: must list 14 cards"),
    (("ships", 3, "city"), "Paris", "ships[3].city: 'Paris' is not one of the cities"),
    (("ships", 2, "holds", 0, "goods"), ["gold"], "ships[2].holds[0].goods"),
    (("ordinances", 5, "effect"), "free beer", "ordinances[5].effect"),
    (("ordinances", 0, "day"), "monday", "ordinances[0].day"),
    (("craftsmen", 1, "inputs"), ["iron", "iron"], "craftsmen[1].inputs"),
    (("members_by_players", "4"), 50, "members_per_colour (38) is too few for members_by_players.4 (50)"),
    (("relics", "prices"), [5, 9], "relics.prices"),
    (("week_cards", 2, "stalls"), [], "week_cards[2].stalls"),
    (("materials",), ["a", "b"], "materials: must list 5 names"),
])
def test_a_broken_file_names_the_entry_and_the_constraint(path, value, words) -> None:
    raw = copy.deepcopy(RAW)
    node = raw
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(DataFileError, match=None) as info:
        GAME.new(4, 1, {"components": raw})
    assert words in str(info.value)


def test_a_user_file_replaces_the_bundled_components(tmp_path) -> None:
    """--components FILE: a corrected file is used (here: relics worth double)."""
    raw = copy.deepcopy(RAW)
    raw["relics"]["points"] = [2 * p for p in raw["relics"]["points"]]
    raw["start"]["money_per_currency"] = 7
    path = tmp_path / "colonia.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    opts = GAME.resolve(4, {"components": str(path)})
    s = GAME.new(4, 3, opts)
    assert s.money[:4] == [7, 7, 7, 7] and s.components.relic_points[10] == 10
    snap = s.to_json()
    assert GAME.from_json(json.loads(json.dumps(snap))).to_json() == snap
    m = random_playout(GAME, 4, 3, {"components": raw})
    again = reichsstadt.replay(json.loads(json.dumps(m.record.to_json())))
    assert again.to_json() == m.state.to_json()


def test_malformed_snapshots_raise_record_errors() -> None:
    s = GAME.new(4, 1)
    snap = s.to_json()
    fields = snap["fields"]
    for broken in (
        [], {**snap, "game": "norenberc"}, {**snap, "version": 99}, {**snap, "players": 9},
        {**snap, "fields": {**fields, "money": "lots"}},
        {**snap, "fields": {k: v for k, v in fields.items() if k != "bag"}},
        {**snap, "fields": {**fields, "home": [1, 2]}},
    ):
        with pytest.raises(RecordError):
            GAME.from_json(broken)


def test_actions_round_trip_and_the_space_is_fixed() -> None:
    for n in range(3, 7):
        space = GAME.action_space(n)
        for i, a in enumerate(space):
            assert space.encode(GAME.action_from_json(json.loads(json.dumps(a.to_json())), n)) == i
    assert GAME.num_actions(3) + 3 == GAME.num_actions(6)


def test_describe_is_plain_words_for_every_legal_action() -> None:
    m = random_playout(GAME, 5, 11)
    state = GAME.new(5, 11)
    for seat, mv in m.record.moves[:400]:
        a = GAME.action_from_json(mv, 5)
        for viewer in (None, 0, 3):
            text = render(state.describe(seat, a, viewer), viewer=viewer)
            assert text and "{" not in text and "⟨" not in text, text
        state.apply(seat, a)


@pytest.mark.parametrize("path, value, words", [
    (("relics", "prices", 3), float("nan"), "relics.prices[3]: must be a finite number, not nan"),
    (("weeks",), float("inf"), "weeks: must be a finite number, not inf"),
    (("ships", 0, "holds", 1, "value"), float("-inf"), "ships[0].holds[1].value: must be a finite number, not -inf"),
    (("cities", 2, "currency"), "Pfund\ud800", "cities[2].currency: holds a lone surrogate"),
    (("craftsmen", 0, "inputs"), 3, "craftsmen[0].inputs: must be list, not int 3"),
])
def test_a_file_with_what_no_data_file_holds_is_refused_naming_the_entry(path, value, words, tmp_path) -> None:
    """A number that is not finite, a string that is no text, a number where a pair of
    materials belongs: refused on load (a file on disk too), never played with."""
    raw = copy.deepcopy(RAW)
    node = raw
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(DataFileError) as info:
        GAME.new(4, 1, {"components": raw})
    assert words in str(info.value)
    path_on_disk = tmp_path / "mine.json"
    path_on_disk.write_text(json.dumps(raw), encoding="utf-8")  # NaN and Infinity as Python writes them
    with pytest.raises(DataFileError) as info:
        GAME.new(4, 1, {"components": str(path_on_disk)})
    assert words in str(info.value)


def test_the_note_for_the_reader_is_a_string_of_at_most_2000_characters() -> None:
    """`_about` was let through at any length (finding s19-3): refused in the reader's
    language, naming the key and the limit."""
    raw = copy.deepcopy(RAW)
    raw["_about"] = "é" * 2000
    assert GAME.new(3, 1, {"components": raw}).players == 3
    raw["_about"] = "x" * 2001
    with pytest.raises(DataFileError) as info:
        GAME.new(3, 1, {"components": raw})
    assert "_about: must be at most 2000 characters, not 2001" in str(info.value)
    assert "_about" in render(info.value.message, "de") and "2000" in render(info.value.message, "de")
    raw["_about"] = 7
    with pytest.raises(DataFileError, match="_about: must be str, not int 7"):
        GAME.new(3, 1, {"components": raw})
