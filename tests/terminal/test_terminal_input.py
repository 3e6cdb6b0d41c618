"""What a person may type by mistake, found by playing in a terminal: a line pasted by
accident, a number of thousands of digits, a character that looks like a digit. Each is
one short line of error; the screen keeps its board and moves, the game goes on."""

from __future__ import annotations

import io

from rich.console import Console

from reichsstadt.bots import make_bot
from reichsstadt.core import Match, Pick
from reichsstadt.terminal.play import _pick_head
from reichsstadt.terminal.replay import step_replay
from reichsstadt.terminal.words import Words

from .fairgame import SEAL, VISIT
from .helpers import run, table


def test_a_pasted_line_is_quoted_short_and_the_moves_stay_on_the_screen(tmp_path):
    pasted = "ü€😀 " * 400
    s = table([pasted, "2"], tmp_path, width=80, height=24)
    run(s)
    said = [line for line in s.text.splitlines() if "is not a move" in line]
    assert said and "'" + pasted[:29] + "…' is not a move" in said[0]   # 30 characters of it
    assert pasted[29:60] not in s.text          # the rest is not said back: one line, not twenty
    assert [m for seat, m in s.table.record().moves if seat == 0][:2] == [VISIT[1].to_json(), SEAL.to_json()]


def test_a_number_of_thousands_of_digits_is_no_move_and_the_game_goes_on(tmp_path):
    s = table(["1" * 5000, "2"], tmp_path)
    assert run(s) is False                      # the input ended; no ValueError from int()
    assert "There is no move " + "1" * 29 + "…: type a number from 1 to 4." in s.text
    assert [m for seat, m in s.table.record().moves if seat == 0][:2] == [VISIT[1].to_json(), SEAL.to_json()]


def test_a_choice_of_one_part_gives_one_number_as_its_example():
    # Norenberc's "which good of any type pays the price?": one part, which may repeat
    pick = Pick(parts=tuple(VISIT[:3]), finish=None, most=1, least=1, repeat=True)
    assert _pick_head(pick, 3, Words("en", ["Ann", "Bo"], 0)) == "Choose one of these (e.g. 1):"
    pick = Pick(parts=tuple(VISIT[:3]), finish=None, most=1, least=0, repeat=True)
    assert _pick_head(pick, 3, Words("de", ["Ann", "Bo"], 0)).endswith("(z. B. 1):")


def test_stepping_through_a_replay_takes_no_superscript_or_endless_number():
    match = Match("fair", 2, 1, None, ["Ann", "Bo"])
    match.run({seat: make_bot("random", seed=seat) for seat in range(2)})
    answers = iter(["²", "9" * 5000, "2", "q"])
    out = io.StringIO()
    step_replay(match.record, Console(file=out, width=100, color_system=None), Words("en", ["Ann", "Bo"]),
                lambda _prompt: next(answers))
    text = out.getvalue()
    assert "'²' is not a step command" in text
    assert "'" + "9" * 29 + "…' is not a step command" in text
    assert "   2. " in text                     # and the walk went on
