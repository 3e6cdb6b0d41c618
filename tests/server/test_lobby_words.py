"""The lobby's words for a data file of one's own that the server refuses: the refusal
names the file once, in every language (the frame said "your data file was refused: data
file 'x.json': ...", the file twice), as the browser shows it (the file by the name the
person chose it by)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from reichsstadt.core import Message
from reichsstadt.i18n import render

from .helpers import serve

FILE_WORDS = {"en": "data file", "de": "Datendatei", "fr": "fichier de données", "it": "file di dati",
              "ru": "файл данных"}
"""The noun "data file" in each language (what the frame said once, and the file's name again)."""


def _as_the_browser_shows(said: Any, name: str) -> Any:
    """The server's message with "the uploaded file" as the file the person chose (what
    lobby.js's namingFile does: the server has the contents only, the browser the name)."""
    if isinstance(said, list):
        return [_as_the_browser_shows(x, name) for x in said]
    if not isinstance(said, dict):
        return said
    if said.get("id") == "data.file.uploaded":
        return {"id": "data.file.path", "args": {"path": repr(name)}}
    return {**said, "args": {k: _as_the_browser_shows(v, name) for k, v in (said.get("args") or {}).items()}}


def _refusal(tmp_path: Any) -> dict[str, Any]:
    raw = json.loads(resources.files("reichsstadt.games.norenberc").joinpath("components.json").read_text("utf-8"))
    raw["rooms"][0][0] = [9, 0]
    with serve(tmp_path) as c:
        r = c.post("/api/tables", json={"game": "norenberc", "players": 3, "seats": ["random"] * 3,
                                         "options": {"components": raw}})
    assert r.status_code == 400 and r.json()["code"] == "refused", r.text
    return r.json()  # type: ignore[no-any-return]


@pytest.mark.parametrize("lang", sorted(FILE_WORDS))
def test_a_refused_data_file_is_named_once(tmp_path: Any, lang: str) -> None:
    got = _refusal(tmp_path)
    said = render(Message.from_json(_as_the_browser_shows(got["error"], "zimmer.json")), lang)
    assert said.lower().count(FILE_WORDS[lang].lower()) == 1, said
    assert said.count("'zimmer.json'") == 1 and "rooms[0][0]" in said, said
    # without the file's name (an API client's own upload): "the uploaded file", once
    plain = render(Message.from_json(got["error"]), lang)
    assert FILE_WORDS[lang].lower() not in plain.lower(), plain


def test_the_refusal_reads_as_one_sentence_in_english_and_german(tmp_path: Any) -> None:
    error = _as_the_browser_shows(_refusal(tmp_path)["error"], "zimmer.json")
    assert render(Message.from_json(error), "en") == (
        "refused: data file 'zimmer.json': rooms[0][0]: must ask 1 to 6 goods of the guild, not 9")
    assert render(Message.from_json(error), "de") == (
        "abgelehnt: die Datendatei 'zimmer.json': rooms[0][0]: muss 1 bis 6 Waren der Zunft verlangen, nicht 9")


BROKEN = '{\n  "format": 1,\n  "guilds" [1]\n}\n'
"""Not JSON: the colon after "guilds" is missing (line 3, column 12)."""


def _check(c: Any, text: Any) -> Any:
    return c.post("/api/data/check", json={"text": text})


def _said(error: Any, lang: str, name: str = "broken.json") -> str:
    return render(Message.from_json(_as_the_browser_shows(error, name)), lang)


def test_a_chosen_file_that_is_not_json_is_refused_with_the_command_lines_words(tmp_path: Any) -> None:
    """The lobby sends a chosen file's text; the server reads it with the command line's
    JSON reader, so the person reads what `reichsstadt data --check` says: the parser's
    words, the line and the column, in their language."""
    from reichsstadt.core.datafile import parse_json
    from reichsstadt.core.errors import DataFileError

    with pytest.raises(DataFileError) as cli:
        parse_json(BROKEN.encode(), Message("data.file.path", path="'broken.json'"))
    with serve(tmp_path) as c:
        r = _check(c, BROKEN)
    assert r.status_code == 400 and r.json()["code"] == "refused", r.text
    error = r.json()["error"]
    assert _as_the_browser_shows(error["args"]["reason"], "broken.json") == cli.value.message.to_json()
    assert _said(error, "en") == ("refused: data file 'broken.json' is not valid JSON: Expecting ':' delimiter "
                                  "at line 3, column 12")
    assert _said(error, "de").endswith("in Zeile 3, Spalte 12"), _said(error, "de")
    for lang, where in (("fr", "ligne 3, colonne 12"), ("it", "riga 3, colonna 12"), ("ru", "строка 3, столбец 12")):
        assert where in _said(error, lang), _said(error, lang)


@pytest.mark.parametrize("text, said", [
    ('{"a": 1,\n "a": 2}',
     "refused: data file 'broken.json': line 2, column 2: the key 'a' is given twice in one object"),
    ('[1, 2]', "refused: data file 'broken.json' must hold a JSON object ({...}), not an array"),
    ('{"a": NaN}', "refused: data file 'broken.json': a: must be a finite number, not nan"),
    ('{"a": "\\ud800"}', "refused: data file 'broken.json': a: holds a lone surrogate, which is no text"),
    ('\ufeff{"a": tru}', "refused: data file 'broken.json' is not valid JSON: Expecting value at line 1, column 7"),
])
def test_what_no_data_file_may_hold_is_refused_with_where(tmp_path: Any, text: str, said: str) -> None:
    with serve(tmp_path) as c:
        r = _check(c, text)
    assert r.status_code == 400, r.text
    assert _said(r.json()["error"], "en").startswith(said), _said(r.json()["error"], "en")


def test_a_good_file_passes_and_makes_its_table(tmp_path: Any) -> None:
    """Every bundled data file, sent as text, passes (within the body limit), and the table
    is made with its JSON as before."""
    from reichsstadt import game_ids
    from reichsstadt.core import game

    with serve(tmp_path) as c:
        for gid in game_ids():
            found = game(gid).data_file()
            if found is None:
                continue
            option, _ = found
            text = resources.files(f"reichsstadt.games.{gid}").joinpath(f"{option}.json").read_text("utf-8")
            r = _check(c, text)
            assert r.status_code == 200 and r.json() == {"ok": True}, (gid, r.text)
        r = c.post("/api/tables", json={"game": "norenberc", "players": 3, "seats": ["random"] * 3,
                                         "options": {"components": json.loads(BROKEN.replace('" [', '": ['))}})
        assert r.status_code == 400 and r.json()["error"]["args"]["reason"]["id"] == "data.at"  # the game's check
        good = resources.files("reichsstadt.games.norenberc").joinpath("components.json").read_text("utf-8")
        r = c.post("/api/tables", json={"game": "norenberc", "players": 3, "seats": ["random"] * 3,
                                         "options": {"components": json.loads(good)}})
        assert r.status_code == 201, r.text


@pytest.mark.parametrize("sent, field", [({"text": 7}, "server.error.field_type"),
                                          ({"text": "{}", "name": "x.json"}, "server.error.unknown_field")])
def test_a_check_without_text_is_refused_in_words(tmp_path: Any, sent: dict[str, Any], field: str) -> None:
    with serve(tmp_path) as c:
        r = c.post("/api/data/check", json=sent)
    assert r.status_code == 400 and r.json()["error"]["id"] == field, r.text


def test_a_file_larger_than_a_body_is_refused_by_its_size(tmp_path: Any) -> None:
    with serve(tmp_path, max_body_bytes=1000) as c:
        r = _check(c, json.dumps({"x": "y" * 2000}))
    assert r.status_code == 413 and r.json()["error"]["id"] == "server.error.too_large", r.text
