"""Issue 9: a whole game of each title, played by bots and printed in each language
(`reichsstadt replay --lang`: every move, the news, the final board and the score table),
holds no message id and no English left over. English left over is found with the English
catalog: every run of three or more words of an English text (the parts between its
arguments) that the language's own translations do not also use (names such as "Pfund
Sterling" are shared; a text left a copy of the English one is not a translation) must
not appear in the printed game."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from reichsstadt.bots.random_bot import RandomBot
from reichsstadt.core.runner import Match
from reichsstadt.i18n import catalog

GAMES = {"norenberc": 4, "siedler": 4, "colonia": 5}
LANGS = ["de", "it", "fr", "ru"]
ID = re.compile(r"\b(?:core|terminal|norenberc|siedler|colonia)\.[a-z_]+\.[a-z_.]+\b")


def _texts(messages: dict, prefixes: tuple[str, ...]) -> list[str]:
    out = []
    for key, text in messages.items():
        if key.startswith(prefixes):
            out.extend(text if isinstance(text, tuple) else (text,))
    return out


def english_runs(gid: str, lang: str) -> set[str]:
    """Runs of 3+ words of the English texts of the game, the core and the terminal, not
    found in any text of `lang`'s catalog."""
    prefixes = (f"{gid}.", "core.", "terminal.")
    english = catalog("en").messages
    # the language's own words: its texts that are not a copy of the English one
    translated = {k: v for k, v in catalog(lang).messages.items() if v != english.get(k)}
    theirs = " ".join(_texts(translated, prefixes)).lower()
    runs = set()
    for text in _texts(english, prefixes):
        for literal in re.split(r"\{[^}]*\}", text):
            words = re.findall(r"[A-Za-z][A-Za-z']*", literal)
            if len(words) >= 3:
                run = " ".join(words).lower()
                if run not in theirs:
                    runs.add(run)
    return runs


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("records")
    out = {}
    for gid, players in GAMES.items():
        match = Match(gid, players, seed=11)
        match.advance({seat: RandomBot(seed=seat) for seat in range(players)})
        assert match.state.over()
        out[gid] = folder / f"{gid}.json"
        out[gid].write_text(json.dumps(match.record.to_json()), encoding="utf-8")
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("gid", list(GAMES))
def test_a_whole_game_printed_in_the_language_has_no_english_left(gid: str, lang: str,
                                                                   records: dict[str, Path]) -> None:
    printed = subprocess.run([sys.executable, "-m", "reichsstadt", "replay", str(records[gid]), "--lang", lang],
                             capture_output=True, text=True, env={**os.environ, "COLUMNS": "200"}, timeout=300)
    assert printed.returncode == 0, printed.stderr
    text = printed.stdout
    assert len(text.splitlines()) > 100, "the whole game is printed"
    ids = sorted(set(ID.findall(text)))
    assert not ids, f"{lang} {gid}: message ids printed raw: {ids[:5]}"
    flat = " ".join(re.findall(r"[^\W\d_][^\W\d_']*(?:'[^\W\d_]+)?", text)).lower()  # words only, one line
    left = sorted(run for run in english_runs(gid, lang) if f" {run} " in f" {flat} ")
    assert not left, f"{lang} {gid}: English left over: {left[:8]}"
