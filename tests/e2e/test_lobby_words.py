"""A data file chosen in the lobby that is not JSON is refused with the command line's
words: where `reichsstadt data --check` says "... is not valid JSON: Expecting ':'
delimiter at line 3, column 12", the lobby said "broken.json is not a JSON file", with a
line and column only where the browser's own JSON.parse gave a position (a file cut short
had none). The lobby now sends the chosen file's text to the server, which reads it as the
command line does; the words are the reader's language's, the file named as it was chosen."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from reichsstadt.core import Message
from reichsstadt.core.datafile import parse_json
from reichsstadt.core.errors import DataFileError
from reichsstadt.i18n import render
from tests.server.process import Server

from .conftest import BROWSER, Pages

pytestmark = BROWSER

BROKEN = '{\n  "format": 1,\n  "guilds" [1]\n}\n'      # the colon after "guilds" is missing
CUT_SHORT = '{\n  "format": 1,\n  "guilds": ['       # a file whose end was lost


def _command_line_says(text: str, name: str, lang: str) -> str:
    """What `reichsstadt data --check` says of `text` in a file `name`, after the lobby's
    "refused:" (datafile's own message, rendered)."""
    with pytest.raises(DataFileError) as refused:
        parse_json(text.encode(), Message("data.file.path", path=repr(name)))
    return render(Message("server.error.data_file", reason=refused.value.message), lang)


def _form(page: object, base: str, lang: str) -> None:
    page.goto(base + "/")  # type: ignore[attr-defined]
    page.select_option("#lang", lang)  # type: ignore[attr-defined]
    page.goto(base + "/")  # type: ignore[attr-defined]
    page.wait_for_selector("details.create-box")  # type: ignore[attr-defined]
    if not page.locator("details.create-box[open]").count():  # type: ignore[attr-defined]
        page.click("details.create-box > summary")  # type: ignore[attr-defined]
    page.select_option("#game", "norenberc")  # type: ignore[attr-defined]
    page.fill("#name", "Owner")  # type: ignore[attr-defined]


def _choose(page: object, path: Path) -> str:
    """The words the lobby says once `path` is chosen."""
    page.evaluate("() => { document.querySelector('form.create p.error').textContent = ''; }")  # type: ignore[attr-defined]
    page.set_input_files("#opt-components", str(path))  # type: ignore[attr-defined]
    page.wait_for_function("() => document.querySelector('form.create p.error').textContent !== ''")  # type: ignore[attr-defined]
    return page.locator("form.create p.error").inner_text()  # type: ignore[attr-defined,no-any-return]


def test_a_file_that_is_not_json_says_the_line_and_column_in_the_command_lines_words(
        server: Server, pages: Pages, tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "cut-short.json").write_text(CUT_SHORT, encoding="utf-8")
    page = pages.new()
    _form(page, server.base, "en")
    said = _choose(page, tmp_path / "broken.json")
    assert said == _command_line_says(BROKEN, "broken.json", "en"), said
    assert said == ("refused: data file 'broken.json' is not valid JSON: Expecting ':' delimiter "
                    "at line 3, column 12")
    pages.shot(page, "lobby-not-json-en")
    said = _choose(page, tmp_path / "cut-short.json")   # Chromium's JSON.parse gives no position here
    assert said == _command_line_says(CUT_SHORT, "cut-short.json", "en"), said
    assert said.endswith("at line 3, column 14"), said
    page.click("form.create button[type=submit]")   # no table with it: why, and what to do
    page.wait_for_function("() => document.querySelector('form.create p.error').textContent.includes('bundled')")
    assert page.locator("form.create p.error").inner_text().startswith(said + "; choose a corrected file")
    assert page.url.rstrip("/") == server.base

    for lang, where in (("de", "in Zeile 3, Spalte 12"), ("ru", "(строка 3, столбец 12)")):
        _form(page, server.base, lang)
        said = _choose(page, tmp_path / "broken.json")
        assert said == _command_line_says(BROKEN, "broken.json", lang), said
        assert said.endswith(where) and "'broken.json'" in said, said
        pages.shot(page, f"lobby-not-json-{lang}")
    # the browser itself reports the 400 answers on the console; nothing else may be there
    pages.problems[:] = [p for p in pages.problems if "status of 400" not in p]


def test_a_good_file_chosen_after_a_broken_one_makes_the_table(server: Server, pages: Pages, tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text(BROKEN, encoding="utf-8")
    good = json.loads(resources.files("reichsstadt.games.norenberc").joinpath("components.json").read_text("utf-8"))
    good["_about"] = "the owner's own file"
    (tmp_path / "mine.json").write_text(json.dumps(good, indent=2), encoding="utf-8")
    page = pages.new()
    _form(page, server.base, "en")
    assert "line 3, column 12" in _choose(page, tmp_path / "broken.json")
    page.set_input_files("#opt-components", str(tmp_path / "mine.json"))
    page.click("form.create button[type=submit]")   # (made once the server has read the file)
    page.wait_for_url(f"{server.base}/t/**")
    table = page.url.rstrip("/").split("/t/")[1].split("/")[0]
    data = page.evaluate(f"async () => (await (await fetch('/api/tables/{table}/data')).json())")
    assert data["option"] == "components" and data["data"]["_about"] == "the owner's own file"
    pages.problems[:] = [p for p in pages.problems if "status of 400" not in p]
