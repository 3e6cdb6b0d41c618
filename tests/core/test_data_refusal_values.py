"""The last data-file refusals that gave no value quote it, as the others do: a name that
is empty or blank (as the file has it), a text too long (its length and its start, cut
short: a note may be thousands of characters) and contents that are no JSON object (what
they are instead). In every language; the shipped files still load as they did."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Callable

import pytest

import reichsstadt
from reichsstadt.core.datafile import TOO_LONG_START
from reichsstadt.core.errors import DataFileError
from reichsstadt.games.colonia import data as colonia_data
from reichsstadt.games.norenberc import data as norenberc_data
from reichsstadt.games.siedler import data as siedler_data
from reichsstadt.i18n import render

from tests.i18n.test_data_refusals import _set

DATA = {"norenberc": ("components", "components.json"), "siedler": ("map", "map.json"),
        "colonia": ("components", "components.json")}
LANGS = ["en", "de", "fr", "it", "ru"]
LONG = "Schuhmacher und Pantoffelmacher und Kürschner zu Nürnberg"


def refused(game: str, change: Callable[[dict[str, Any]], Any]) -> DataFileError:
    text = resources.files(f"reichsstadt.games.{game}").joinpath(DATA[game][1]).read_text("utf-8")
    raw = json.loads(text)
    change(raw)
    with pytest.raises(DataFileError) as got:
        reichsstadt.game(game).new(3, 0, {DATA[game][0]: raw})
    return got.value


@pytest.mark.parametrize("blank", ["", "   ", "\t"])
def test_an_empty_name_is_quoted_as_given(blank: str) -> None:
    error = refused("norenberc", _set("guilds.1.good", blank))
    assert str(error) == f"the uploaded file: guilds[1].good: must not be empty or only spaces ({blank!r})"
    for lang in LANGS:
        assert repr(blank) in render(error.message, lang), lang


CUT = f"{LONG[:TOO_LONG_START - 1]!r}"[:TOO_LONG_START] + "…"
"""The start of LONG as a refusal quotes it: in quotes, cut with an ellipsis."""

TOO_LONG = {
    "a guild's good": ("norenberc", _set("guilds.1.good", LONG), "guilds[1].good", 40),
    "a city's name": ("colonia", _set("cities.0.city", LONG), "cities[0].city", 40),
    "a map's note": ("siedler", _set("note", LONG * 40), "note", 2000),
    "a file's _about": ("colonia", _set("_about", LONG * 40), "_about", 2000),
}


@pytest.mark.parametrize("case", sorted(TOO_LONG))
def test_a_text_too_long_is_quoted_by_its_start(case: str) -> None:
    game, change, where, most = TOO_LONG[case]
    error = refused(game, change)
    count = len(LONG) * (1 if most == 40 else 40)
    said = f"{where}: must be at most {most} characters, not {count}: {CUT}"
    assert str(error).endswith(said) and len(CUT) == TOO_LONG_START + 1, str(error)
    for lang in LANGS:
        assert render(error.message, lang).endswith(CUT), lang


NOT_OBJECTS = {"an array": ([1, 2, 3], "list [1, 2, 3]"), "a string": ("abc", "str 'abc'"),
               "a number": (3.5, "float 3.5"), "true": (True, "bool True"),
               "a long array": (list(range(100)), "list " + repr(list(range(100)))[:60] + "…")}


@pytest.mark.parametrize("case", sorted(NOT_OBJECTS))
@pytest.mark.parametrize("load", [siedler_data.load, colonia_data.load], ids=["siedler", "colonia"])
def test_contents_that_are_no_object_are_said(case: str, load: Callable[[Any], Any]) -> None:
    value, said = NOT_OBJECTS[case]
    with pytest.raises(DataFileError) as got:
        load(value)
    assert str(got.value) == f"the uploaded file: top level: must be a JSON object, not {said}"
    for lang in LANGS:
        text = render(got.value.message, lang)
        assert said.split(" ", 1)[1] in text and "⟨" not in text, (lang, text)


def test_the_shipped_files_load_as_before() -> None:
    """The bundled files pass the checks (the values added to three refusals change none),
    and a copy of each, read as a user's own, plays the same game."""
    for game, (option, name) in DATA.items():
        raw = json.loads(resources.files(f"reichsstadt.games.{game}").joinpath(name).read_text("utf-8"))
        mine = reichsstadt.game(game).new(3, 7, {option: raw})
        shipped = reichsstadt.game(game).new(3, 7)
        ours, theirs = mine.to_json(), shipped.to_json()
        ours.pop("options"), theirs.pop("options")   # the file given, and none: the bundled one
        assert ours == theirs, game
    assert norenberc_data.bundled() is norenberc_data.load(None)
