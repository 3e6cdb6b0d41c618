"""`reichsstadt games --check`: a plug-in's author sees every declared part used once,
with what it did or what went wrong, before a player meets it: a terminal board that
raises, a level whose spec is no bot, a catalog that lacks messages. The load check
cannot see these (it imports no part); each used to surface only in play."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.plugin import test_plugin_errors
from tests.plugin.test_plugin_errors import HEURISTIC_MODULE, Install, _reichsstadt, plugin

installed = test_plugin_errors.installed   # the fixture: a plug-in on sys.path, read anew

PO = '''msgid ""
msgstr ""
"Language: {lang}\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

{messages}'''


def _po(lang: str, messages: dict[str, str]) -> str:
    return PO.format(lang=lang, messages="".join(f'msgid "{k}"\nmsgstr "{v}"\n\n' for k, v in messages.items()))


def test_every_part_is_used_once_and_each_failure_is_named(tmp_path: Path) -> None:
    plugin(tmp_path, "pcheck",
           parts='{"terminal": "plug_pcheck.terminal:render", "heuristic": "plug_pcheck.heuristic", '
                 '"catalogs": "plug_pcheck:i18n"}',
           files={"terminal.py": "def render(view, seat, names, words):\n    return 1 / 0\n",
                  "heuristic.py": HEURISTIC_MODULE + '\nLEVELS = {"expert": "mcts:3x"}\n',
                  "i18n/en.po": _po("en", {"pcheck.a": "one", "pcheck.b": "two"}),
                  "i18n/de.po": _po("de", {"pcheck.a": "eins"})})
    done = _reichsstadt(tmp_path, "games", "--check", "pcheck")
    shown = done.stdout + done.stderr
    text = " ".join(shown.split())
    lines = {part.split()[1]: part for part in re.split(r"(?=[✓✗] )", text) if part[:1] in "✓✗"}
    assert done.returncode == 1, shown
    assert lines["terminal"].startswith("✗")
    assert "ZeroDivisionError: division by zero (raised in plug_pcheck.terminal, line 2)" in lines["terminal"]
    assert lines["heuristic"].startswith("✗")
    assert ("LEVELS gives the level expert 'mcts:3x', which is no bot: bot 'mcts:3x': the budget '3x' is neither "
            "a number of iterations") in lines["heuristic"]
    assert lines["catalogs"].startswith("✓")
    assert "de, en: 2 messages in English; lacking (shown in English there): de 1" in lines["catalogs"]
    assert "2 parts failed." in shown
    assert "Traceback" not in shown and "Internal error" not in shown


def test_the_shipped_games_pass_and_a_game_goes_with_check(tmp_path: Path) -> None:
    done = _reichsstadt(tmp_path, "games", "--check")
    shown = done.stdout + done.stderr
    text = " ".join(shown.split())
    assert done.returncode == 0, shown
    assert "✗" not in shown
    for kind in ("terminal", "terminal_map", "decline", "svg", "web", "catalogs", "heuristic", "encoder"):
        assert f"✓ {kind} " in text, kind
    assert "Every part of" in shown
    done = _reichsstadt(tmp_path, "games", "siedler")
    assert done.returncode == 2
    assert "A GAME goes with --check: reichsstadt games --check siedler" in done.stdout + done.stderr
    done = _reichsstadt(tmp_path, "games", "--check", "nosuch")
    assert done.returncode == 2
    assert "unknown game 'nosuch'" in done.stdout + done.stderr


GUIDES = {
    "a section without a title": ('{"sections": [{"blocks": [{"text": "Roll."}]}]}',
                                  "guide.json (en): KeyError: 'title'"),
    "no JSON": ('{"sections": [', "guide.json is no JSON: Expecting value: line 1 column 15"),
    "a message no catalog has": ('{"sections": [{"title": {"id": "pguide.nosuch"}, "blocks": []}]}',
                                 "guide.json (en): no words for pguide.nosuch"),
}


@pytest.mark.parametrize("case", list(GUIDES))
def test_a_guide_that_cannot_be_read_is_named_by_check(tmp_path: Path, case: str) -> None:
    """A plug-in's "How to play" (its web folder's guide.json) is read by --check in every
    language, as the lobby and the terminal's h would: a malformed one is a failed part
    (it passed as soon as the folder existed)."""
    text, said = GUIDES[case]
    plugin(tmp_path, "pguide", parts='{"web": "plug_pguide:web"}',
           files={"web/board.js": "export function render() {}\n", "web/guide.json": text})
    done = _reichsstadt(tmp_path, "games", "--check", "pguide")
    shown = " ".join((done.stdout + done.stderr).split())
    assert done.returncode == 1, shown
    assert "✗ web" in shown and said in shown, shown
    assert "Traceback" not in shown


def test_a_guide_that_can_be_read_is_checked_in_every_language(tmp_path: Path) -> None:
    plugin(tmp_path, "pguide", parts='{"web": "plug_pguide:web"}',
           files={"web/board.js": "export function render() {}\n",
                  "web/guide.json": '{"sections": [{"title": {"id": "web.guide.section.goal"}, "rules": ["2"], '
                                    '"blocks": [{"text": "Roll."}]}]}'})
    done = _reichsstadt(tmp_path, "games", "--check", "pguide")
    shown = " ".join((done.stdout + done.stderr).split())
    assert done.returncode == 0, shown
    assert "board.js, guide.json, served at /games/pguide/; the guide reads in en, de, fr, it, ru" in shown, shown


@pytest.mark.parametrize("gid, text, problem", [   # a game id each: Python keeps a plug-in's module once imported
    ("pguideshape", '{"sections": [{"blocks": []}]}', "KeyError: 'title'"),
    ("pguidejson", '{"sections": [', "guide.json is no JSON: Expecting value: line 1 column 15 (char 14)"),
])
def test_the_terminals_help_says_a_guide_is_broken_and_plays_on(installed: Install, tmp_path: Path,
                                                                 gid: str, text: str, problem: str) -> None:
    """The help (h) of a game whose guide.json is malformed, or no JSON, says so in a line,
    with where to learn more, and the game goes on (a malformed one raised out of the table; one
    that is no JSON was shown as no guide at all)."""
    from tests.terminal.helpers import run, table

    installed(gid, parts=f'{{"web": "plug_{gid}:web"}}', files={"web/board.js": "", "web/guide.json": text})
    s = table(["h"] + [""] * 20 + ["q"], tmp_path, game=gid, players=2)
    run(s)
    shown = " ".join(s.text.split())
    said = f"This game's guide cannot be shown ({problem}): reichsstadt games --check {gid} says more."
    assert said in shown, shown[-2000:]
    assert "Traceback" not in shown
