"""An owner's data file, as one edits it: every broken one refused in one line naming the
entry and the rule (never an internal error), and what an editor writes (a byte order
mark) read. Found by the owner's review of the data files."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any, Callable

import pytest

import reichsstadt
from reichsstadt.core.datafile import load_json
from reichsstadt.core.errors import DataFileError

BUNDLED = {"norenberc": ("components", "components.json"), "siedler": ("map", "map.json"),
           "colonia": ("components", "components.json")}


def bundled(game: str) -> dict[str, Any]:
    text = resources.files(f"reichsstadt.games.{game}").joinpath(BUNDLED[game][1]).read_text("utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


def refused(game: str, change: Callable[[dict[str, Any]], Any], *words: str) -> None:
    raw = copy.deepcopy(bundled(game))
    change(raw)
    with pytest.raises(DataFileError) as got:
        reichsstadt.game(game).new(4, 0, {BUNDLED[game][0]: raw})
    text = str(got.value)
    assert "malformed" not in text and "\n" not in text, text
    for w in words:
        assert w in text, text


def test_a_byte_order_mark_is_read_past(tmp_path: Path) -> None:
    f = tmp_path / "notepad.json"
    f.write_bytes(b"\xef\xbb\xbf" + json.dumps(bundled("norenberc")).encode())
    assert load_json(f)["format"] == 1


def test_a_key_given_twice_is_refused_not_silently_overwritten(tmp_path: Path) -> None:
    f = tmp_path / "twice.json"
    f.write_text('{"format": 1, "income": 5, "guilds": [], "income": 3}')
    with pytest.raises(DataFileError, match="the key 'income' is given twice"):
        load_json(f)


def test_a_key_given_twice_is_named_with_the_line_and_column_of_its_second_time(tmp_path: Path) -> None:
    """As a file that is not JSON is, and as the lobby names it: "income" recurs inside a
    string and in another object first, which are no repeats."""
    text = '{"format": 1,\n "note": "\\"income\\": 2",\n "guilds": [{"income": 1}],\n "income": 5, "income": 3}'
    f = tmp_path / "twice.json"
    f.write_text(text)
    second = text.rindex('"income"')
    column = second - text.rfind("\n", 0, second)
    with pytest.raises(DataFileError, match=f"twice.json': line 4, column {column}: the key 'income' is given twice"):
        load_json(f)
    # the parser finds the inner object's repeat first (it closes first): that one is named
    f.write_text('{"a": 1,\n "a": {"b": 1,\n "b": 2}}')
    with pytest.raises(DataFileError, match="twice.json': line 3, column 2: the key 'b' is given twice"):
        load_json(f)


def test_a_number_of_thousands_of_digits_is_refused_not_an_internal_error(tmp_path: Path) -> None:
    f = tmp_path / "digits.json"
    f.write_text('{"income": ' + "9" * 5000 + "}")
    with pytest.raises(DataFileError, match="has 5000 digits; at most 30"):
        load_json(f)


def test_text_not_utf8_is_named_by_line_and_column(tmp_path: Path) -> None:
    f = tmp_path / "latin1.json"
    f.write_bytes(b'{\n "name": "Br\xe4uer"\n}')
    with pytest.raises(DataFileError, match="not UTF-8 text: byte 0xe4 at line 2, column 13"):
        load_json(f)


@pytest.mark.parametrize("game,other", [("norenberc", "siedler"), ("siedler", "colonia"), ("colonia", "norenberc")])
def test_another_games_file_is_named_as_such(game: str, other: str) -> None:
    refused(game, lambda raw: (raw.clear(), raw.update(bundled(other))), "top level", "another game's data file")


def test_norenberc_guilds_and_goods_have_names_of_their_own() -> None:
    def twice(raw: dict[str, Any]) -> None:
        raw["guilds"][1]["name"] = "brewers "
    refused("norenberc", twice, "guilds[1].name", "'brewers ' is already guilds[0].name")
    refused("norenberc", lambda raw: raw["guilds"][2].update(good="beer"), "guilds[2].good")
    refused("norenberc", lambda raw: raw["guilds"][0].update(name="x" * 5000), "guilds[0].name", "at most 40")


def test_siedler_a_raubritter_card_may_leave_its_number_out() -> None:
    raw = bundled("siedler")
    card = next(e for e in raw["events"] if e["event"] == "raubritter")
    del card["number"]
    assert reichsstadt.game("siedler").new(4, 0, {"map": raw}).over() is False


def test_siedler_broken_entries_are_named() -> None:
    refused("siedler", lambda raw: raw["beginner"].__setitem__(0, 5), "beginner[0]: must be an object")
    refused("siedler", lambda raw: raw["city"]["red_intersections"][0]["touches"].__setitem__(0, []),
            "city.red_intersections[0].touches")
    refused("siedler", lambda raw: raw["time_track"]["years"].__setitem__(1, "1360"), "time_track.years",
            "whole numbers")
    reds = lambda raw: raw["city"]["red_intersections"]  # noqa: E731
    refused("siedler", lambda raw: reds(raw)[1].update(id=reds(raw)[0]["id"]), "red_intersections[1].id",
            "duplicate")
    refused("siedler", lambda raw: raw["city"]["sectors"][1].update(id="S1"), "city.sectors[1].id", "duplicate")
    refused("siedler", lambda raw: raw["cities"][0].update(toll=10 ** 9), "cities[0].toll", "0 to 99")
    refused("siedler", lambda raw: raw["goods"][1]["recipe"].update(stone=10 ** 9), "goods[Helme].recipe")


def test_siedler_a_map_that_is_not_one_board_is_refused() -> None:
    def overlap(raw: dict[str, Any]) -> None:
        raw["terrains"][1]["xy"] = list(raw["terrains"][0]["xy"])
    refused("siedler", overlap, "terrains[1].xy", "lies on T1")

    def cut_off(raw: dict[str, Any]) -> None:   # no intersection touches T1 any more
        for road in raw["roads"]:
            for it in road["intersections"]:
                it["touches"] = [x for x in it["touches"] if x != "T1"] or ["T5"]
    refused("siedler", cut_off, "terrains[0]", "T1 is touched by no road's intersection")

    def broken_road(raw: dict[str, Any]) -> None:   # an intersection far from the one before it
        road = raw["roads"][0]["intersections"]
        road[3]["touches"] = ["T29"]
    refused("siedler", broken_road, "roads[I].intersections", "no terrain in common")


def test_colonia_names_and_currencies() -> None:
    refused("colonia", lambda raw: raw["cities"][1].update(currency=raw["cities"][0]["currency"]), "cities",
            "currencies must be different")
    refused("colonia", lambda raw: raw["cities"][1].update(currency=" "), "cities[1].currency", "non-empty")
    refused("colonia", lambda raw: raw["craftsmen"][1].update(name=""), "craftsmen[1].name", "non-empty")
    refused("colonia", lambda raw: raw["materials"].__setitem__(0, "y" * 500), "materials[0]", "at most 40")
    refused("colonia", lambda raw: raw["relics"]["prices"].__setitem__(0, 10 ** 20), "relics.prices[0]", "0 to 1000")
