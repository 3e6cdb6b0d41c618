"""A data file the game refuses, in the lobby, said wholly in the page's language: the
server answers with catalog messages (the file, the entry, the rule) and lobby.js renders
them, so a German owner reads no English reason inside the German frame (found by the
owners' review: "deine Datendatei wurde abgelehnt: norenberc components: guilds: is
missing"). The file is named as the owner chose it ("data file 'zimmer.json'"), not
"the uploaded file": the server has its contents only, the browser its name."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from tests.server.process import Server

from .conftest import BROWSER, Pages

pytestmark = BROWSER


def test_the_lobby_says_a_refused_file_in_german_and_russian(server: Server, pages: Pages, tmp_path: Path) -> None:
    raw = json.loads(resources.files("reichsstadt.games.norenberc").joinpath("components.json").read_text("utf-8"))
    raw["rooms"][0][0] = [9, 0]
    (tmp_path / "zimmer.json").write_text(json.dumps(raw), encoding="utf-8")
    page = pages.new()
    error = page.locator("form.create p.error")
    for lang, said in (("en", "refused: data file 'zimmer.json': rooms[0][0]: "
                              "must ask 1 to 6 goods of the guild, not 9"),
                       ("de", "abgelehnt: die Datendatei 'zimmer.json': rooms[0][0]: "
                              "muss 1 bis 6 Waren der Zunft verlangen, nicht 9"),
                       ("ru", "отклонено: файл данных 'zimmer.json': rooms[0][0]: "
                              "должно требовать от 1 до 6 товаров гильдии, а не 9")):
        page.goto(server.base + "/")
        page.select_option("#lang", lang)
        page.goto(server.base + "/")
        page.wait_for_selector("details.create-box")
        if not page.locator("details.create-box[open]").count():
            page.click("details.create-box > summary")
        page.select_option("#game", "norenberc")
        page.fill("#name", "Owner")
        page.set_input_files("#opt-components", str(tmp_path / "zimmer.json"))
        page.click("form.create button[type=submit]")
        page.wait_for_function("() => document.querySelector('form.create p.error').textContent !== ''")
        assert error.inner_text() == said
        assert page.url.rstrip("/") == server.base   # no table was made
        pages.shot(page, f"owner-data-refused-{lang}")
    # the browser itself reports the 400 answers on the console; nothing else may be there
    pages.problems[:] = [p for p in pages.problems if "status of 400" not in p]
