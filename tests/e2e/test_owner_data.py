"""An owner's data file in the lobby (found by the owner's review): a file that is not JSON
showed its error, yet "Create" then made the table with the bundled data in silence, or
with the good file chosen before it; a file that is not UTF-8 was read with replacement
characters (a guild "Br\ufffdwers"). Now such a file says why, where the browser can tell
(line and column), in the page's language, and no table is made with it."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from tests.server.process import Server

from .conftest import BROWSER, Pages

pytestmark = BROWSER


def _form(page: object, base: str) -> None:
    page.goto(base + "/")  # type: ignore[attr-defined]
    page.wait_for_selector("details.create-box")  # type: ignore[attr-defined]
    if not page.locator("details.create-box[open]").count():  # type: ignore[attr-defined]
        page.click("details.create-box > summary")  # type: ignore[attr-defined]
    page.wait_for_selector("form.create")  # type: ignore[attr-defined]
    page.select_option("#game", "norenberc")  # type: ignore[attr-defined]
    page.fill("#name", "Owner")  # type: ignore[attr-defined]


def test_a_broken_data_file_makes_no_table_and_says_why(server: Server, pages: Pages, tmp_path: Path) -> None:
    good = resources.files("reichsstadt.games.norenberc").joinpath("components.json").read_text("utf-8")
    (tmp_path / "good.json").write_text(good, encoding="utf-8")
    (tmp_path / "broken.json").write_text('{ "format": 1,\n  guilds: [] }', encoding="utf-8")
    latin1 = json.dumps(json.loads(good), ensure_ascii=False).replace("Brewers", "Bräuer")
    (tmp_path / "latin1.json").write_bytes(latin1.encode("latin-1"))
    page = pages.new()
    _form(page, server.base)
    error = page.locator("form.create p.error")

    page.set_input_files("#opt-components", str(tmp_path / "good.json"))
    page.set_input_files("#opt-components", str(tmp_path / "broken.json"))
    page.wait_for_function("() => document.querySelector('form.create p.error').textContent !== ''")
    said = error.inner_text()
    assert said.startswith("refused: data file 'broken.json' is not valid JSON"), said
    assert "line 2, column 3" in said, said   # the server says where: the key without quotes
    page.click("form.create button[type=submit]")
    page.wait_for_function("() => document.querySelector('form.create p.error').textContent.includes('bundled')")
    assert page.url.rstrip("/") == server.base, "no table was made, neither bundled nor with the good file"
    pages.shot(page, "owner-data-broken")

    page.set_input_files("#opt-components", str(tmp_path / "latin1.json"))
    page.wait_for_function("() => document.querySelector('form.create p.error').textContent.includes('UTF-8')")
    assert error.inner_text() == "latin1.json is not UTF-8 text: save it as UTF-8 and choose it again"
    page.select_option("#lang", "fr")
    _form(page, server.base)
    page.set_input_files("#opt-components", str(tmp_path / "latin1.json"))
    page.wait_for_function("() => document.querySelector('form.create p.error').textContent.includes('UTF-8')")
    assert "n'est pas du texte UTF-8\u00a0: enregistrez-le en UTF-8" in error.inner_text()

    page.set_input_files("#opt-components", [])   # cleared: the bundled data
    page.click("form.create button[type=submit]")
    page.wait_for_url(f"{server.base}/t/**")
    # the browser itself reports the server's 400 (its reading of broken.json) on the console
    pages.problems[:] = [p for p in pages.problems if "status of 400" not in p]
    assert not pages.problems, pages.problems


def test_a_data_file_the_game_refuses_is_said_in_the_pages_language(server: Server, pages: Pages,
                                                                     tmp_path: Path) -> None:
    """Well-formed JSON the game's validator refuses: the server's answer frames the
    validator's (English) words in the reader's language; no table is made."""
    good = json.loads(resources.files("reichsstadt.games.norenberc").joinpath("components.json").read_text("utf-8"))
    del good["guilds"]
    (tmp_path / "no-guilds.json").write_text(json.dumps(good), encoding="utf-8")
    page = pages.new()
    page.goto(server.base + "/")
    page.select_option("#lang", "de")
    _form(page, server.base)
    page.set_input_files("#opt-components", str(tmp_path / "no-guilds.json"))
    page.click("form.create button[type=submit]")
    page.wait_for_function("() => document.querySelector('form.create p.error').textContent !== ''")
    said = page.locator("form.create p.error").inner_text()
    assert said.startswith("abgelehnt: die Datendatei 'no-guilds.json': ") and "guilds" in said, said
    assert page.url.rstrip("/") == server.base
    pages.shot(page, "owner-data-refused-de")
    # the browser itself reports the 400 answer on the console; nothing else may be there
    pages.problems[:] = [p for p in pages.problems if "status of 400" not in p]


def test_a_data_file_that_gives_a_key_twice_is_refused_with_where_as_the_terminal_does(
        server: Server, pages: Pages, tmp_path: Path) -> None:
    """`reichsstadt data --check` refuses a file whose object gives a key twice (the
    second would replace the first); the browser's JSON.parse keeps the last in silence,
    so the lobby made a table from a file the terminal refuses. It now names the key and
    where its second time is, in the page's language, and makes no table with it. A key
    that recurs in different objects, or inside a string, is no repeat."""
    good = resources.files("reichsstadt.games.norenberc").joinpath("components.json").read_text("utf-8")
    lines = good.splitlines()
    first = next(i for i, line in enumerate(lines) if line.strip().startswith('"name"'))
    indent = lines[first][:len(lines[first]) - len(lines[first].lstrip())]
    lines.insert(first + 1, indent + '"name": "Brauer \\"name\\": [",')
    (tmp_path / "twice.json").write_text("\n".join(lines), encoding="utf-8")
    page = pages.new()
    _form(page, server.base)
    error = page.locator("form.create p.error")
    page.set_input_files("#opt-components", str(tmp_path / "twice.json"))
    page.wait_for_function("() => document.querySelector('form.create p.error').textContent !== ''")
    column = len(indent) + 1
    assert error.inner_text() == (f"refused: data file 'twice.json': line {first + 2}, column {column}: the key "
                                  "'name' is given twice in one object (the second would replace the first)")
    page.click("form.create button[type=submit]")
    page.wait_for_function("() => document.querySelector('form.create p.error').textContent.includes('bundled')")
    assert page.url.rstrip("/") == server.base, "no table was made with it"
    (tmp_path / "once.json").write_text(good, encoding="utf-8")   # every object's "name" once: taken
    page.set_input_files("#opt-components", str(tmp_path / "once.json"))
    page.click("form.create button[type=submit]")
    page.wait_for_url(f"{server.base}/t/**")
    pages.problems[:] = [p for p in pages.problems if "status of 400" not in p]   # the server's refusal of twice.json
    assert not pages.problems, pages.problems
