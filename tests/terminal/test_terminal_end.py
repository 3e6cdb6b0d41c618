"""The end of a game in the terminal says who won in a sentence, above the final scores:
the table alone (a rank row and a green column) left a newcomer to work it out, and at
80×24 the board that says so in Siedler is cut away."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from reichsstadt.bots import make_bot
from reichsstadt.core import Match
from reichsstadt.terminal.replay import print_replay
from reichsstadt.terminal.widgets import winner_line
from reichsstadt.terminal.words import Words

from .helpers import run, table


def _keys(prompt, t):
    if "(j/n)" in prompt:                               # German's own yes
        return "j"
    if "z. B. 1 3" in prompt:
        return "1"                                        # a plan
    return "5" if "dein zug" in prompt.lower() else ""    # the end of the turn at once


def test_the_last_screen_names_the_winner_above_the_scores(tmp_path):
    s = table(_keys, tmp_path, width=80, height=24, lang="de")
    assert run(s) is True
    outcome = s.table.match.state.outcome()
    winner = outcome.ranks.index(1)
    assert outcome.ranks.count(1) == 1
    said = (f"Du gewinnst mit {outcome.scores[0]} Punkten." if winner == 0
            else f"Leicht-Bot gewinnt mit {outcome.scores[1]} Punkten.")
    last = s.screens[-1]
    assert len(last) <= 23                                # and the prompt below it
    lines = [line.strip() for line in last]
    assert said in lines
    assert lines.index(said) < next(i for i, line in enumerate(lines) if "Endwertung" in line)


@pytest.mark.parametrize("lang, you, others", [
    ("en", "You win with 14 points.", "Ann and Bo share the win with 1 point."),
    ("de", "Du gewinnst mit 14 Punkten.", "Ann und Bo teilen sich den Sieg mit 1 Punkt."),
    ("it", "Hai vinto con 14 punti.", "Ann e Bo si dividono la vittoria con 1 punto."),
    ("fr", "Vous gagnez avec 14 points.", "Ann et Bo se partagent la victoire avec 1 point."),
    ("ru", "Вы победили: 14 очков.", "Ann и Bo делят победу: 1 очко."),
])
def test_a_win_and_a_shared_win_in_every_language(lang, you, others):
    assert winner_line([2, 3, 1], [9, 6, 14], Words(lang, ["Ann", "Bo", "Cy"], 2)) == you
    assert winner_line([1, 1, 3], [1, 1, 0], Words(lang, ["Ann", "Bo", "Cy"], None)) == others


def test_a_shared_win_with_the_reader_agrees_with_you():
    assert winner_line([1, 1, 3], [22, 22, 6], Words("de", ["Ann", "Bo", "Cy"], 1)) == \
        "Du und Ann teilt euch den Sieg mit 22 Punkten."
    assert winner_line([1, 1, 3], [22, 22, 6], Words("fr", ["Ann", "Bo", "Cy"], 0)) == \
        "Vous et Bo vous partagez la victoire avec 22 points."


def test_the_replay_of_a_finished_game_names_the_winner_too():
    match = Match("fair", 2, 4, None, ["Ann", "Bo"])
    match.run({seat: make_bot("random", seed=seat) for seat in range(2)})
    outcome = match.state.outcome()
    first = [s for s, r in enumerate(outcome.ranks) if r == 1]
    out = io.StringIO()
    print_replay(match.record, Console(file=out, width=100, color_system=None), Words("fr", ["Ann", "Bo"]))
    text = out.getvalue()
    said = (f"{['Ann', 'Bo'][first[0]]} gagne avec {outcome.scores[first[0]]} points." if len(first) == 1
            else f"Ann et Bo se partagent la victoire avec {outcome.scores[0]} points.")
    assert said in text and text.index(said) < text.index("Décompte final")
