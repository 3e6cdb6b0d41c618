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
