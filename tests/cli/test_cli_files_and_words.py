"""Issue 7 and 9 as a user meets them: bad paths refused before any work, no traceback
ever, a normal quit exits with 0, a damaged record names its move, the record fixes what it
fixes, seats count from 1, and the language is chosen with --lang."""

import csv
import io
import json
import re
import sys

import pytest

import reichsstadt
from reichsstadt.i18n import render

from .clihelpers import GAMES, run


def flat(out) -> str:
    return " ".join(out.stdout.split())


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_save_path_that_cannot_be_written_is_refused_before_the_game(game_id, tmp_path):
    (tmp_path / "notes").write_text("a file, not a folder")
    under_a_file = tmp_path / "notes" / "games" / "g.json"
    out = run("play", game_id, "--save", str(under_a_file), input="1\n")
    assert out.returncode == 2
    assert f"--save {under_a_file}: {tmp_path / 'notes'} is not a folder; nothing was done" in flat(out)
    assert "your move" not in out.stdout.lower()                  # refused before the game started
    folder = run("play", game_id, "--save", str(tmp_path), input="1\n")
    assert folder.returncode == 2 and "that is a folder, not a file" in flat(folder)


def test_a_save_path_in_folders_that_do_not_exist_yet_makes_them_when_it_saves(tmp_path):
    """As for simulate's and tournament's --out: the folders are made, but only once there
    is something to write (a refused or unplayed game makes none)."""
    record = tmp_path / "games" / "club" / "g.json"
    out = run("play", "fair", "-p", "2", "--seed", "1", "--save", str(record), input="3 1\n1 1 2\nq\n", fair=True)
    assert out.returncode == 0, flat(out)
    assert json.loads(record.read_text())["game"] == "fair"
    refused = run("play", "fair", "-p", "9", "--save", str(tmp_path / "other" / "g.json"), fair=True)
    assert refused.returncode == 2 and not (tmp_path / "other").exists()


@pytest.mark.parametrize("args, message", [
    (["play", "fair", "--save", "/proc/reichsstadt-test.json"], "it cannot be written"),
    (["simulate", "fair", "--games", "5000", "--out", "/dev/null/r.csv"],   # a folder that cannot be made
     "--out /dev/null/r.csv: /dev/null is not a folder; nothing was done"),
    (["simulate", "fair", "--games", "5000", "--out", "/dev/null/no/r.csv"],
     "--out /dev/null/no/r.csv: cannot write there (/dev/null is a file, not a folder)"),
    (["simulate", "fair", "--games", "5000", "--out", "r.txt"],
     "--out r.txt: the file's name must have one of these endings: .json, .csv"),
    (["board", "fair", "--svg", "board.png"], "--svg board.png: the file's name must have one of these endings: .svg"),
    (["board", "fair", "--svg", "/dev/null/b.svg"],
     "--svg /dev/null/b.svg: /dev/null is not a folder; nothing was done"),
    (["replay", "/no-such-folder/g.json"], "record file '/no-such-folder/g.json' does not exist"),
    # the data flag the game does not take names the one it does (it said "no option 'components'")
    (["play", "siedler", "--components", "c.json"], "Nürnberg takes its data file with --map, not --components"),
    (["simulate", "norenberc", "--map", "m.json"], "Norenberc takes its data file with --components, not --map"),
    (["play", "fair", "--lang", "xx"], "no messages in the language 'xx'; the languages are: en"),
    (["replay", "x.json", "--lang", "xx"], "no messages in the language 'xx'; the languages are: en"),
])
def test_every_command_refuses_a_bad_path_up_front_in_one_line(args, message):
    out = run(*args, fair=True)
    assert out.returncode == 2
    assert message in flat(out)
    assert len(out.stdout.strip().splitlines()) == 1               # one line: no traceback, no games played


def test_data_out_and_board_svg_make_the_folders_they_write_into(tmp_path):
    out = run("data", "norenberc", "--out", str(tmp_path / "mine" / "d.json"))
    assert out.returncode == 0, flat(out)
    assert json.loads((tmp_path / "mine" / "d.json").read_text())
    board = run("board", "fair", "--svg", str(tmp_path / "boards" / "b.svg"), fair=True)
    assert board.returncode == 0 and (tmp_path / "boards" / "b.svg").read_text().startswith("<svg")


def test_board_writes_svg(tmp_path):
    out = run("board", "fair", "--svg", str(tmp_path / "b.svg"), fair=True)
    assert out.returncode == 0 and (tmp_path / "b.svg").read_text().startswith("<svg")


def test_a_game_played_with_sets_quits_with_0_and_replays(tmp_path):
    record = tmp_path / "g.json"
    out = run("play", "fair", "-p", "2", "--seed", "1", "--save", str(record), input="3 1\n1 1 2\nq\n", fair=True)
    assert out.returncode == 0
    assert "Choose 1 to 2 of these, in any order" in out.stdout
    assert "end the turn (the only move)" in out.stdout
    moves = [m for s, m in json.loads(record.read_text())["moves"] if s == 0]
    assert moves[:3] == [{"type": "visit", "stall": 0}, {"type": "visit", "stall": 2}, {"type": "seal"}]
    shown = run("replay", str(record), "--seat", "1", fair=True)
    assert shown.returncode == 0 and "   1. Chance: the apple is cheap today" in shown.stdout
    assert "You: visit the north stall" in shown.stdout


def test_resuming_refuses_what_the_record_fixes(tmp_path):
    record = tmp_path / "g.json"
    run("play", "fair", "-p", "3", "--seed", "2", "--save", str(record), input="q\n", fair=True)
    out = run("play", "fair", "--resume", str(record), "-p", "5", fair=True)
    assert out.returncode == 2
    assert f"--players 5: the record {record} fixes the player count (3)" in flat(out)
    seed = run("play", "fair", "--resume", str(record), "--seed", "9", fair=True)
    assert seed.returncode == 2 and f"--seed: the record {record} fixes these" in flat(seed)


def _record(tmp_path, game="fair"):
    record = tmp_path / "g.json"
    record.unlink(missing_ok=True)   # a new game is never saved over a file that is there
    out = run("play", game, "-p", "2", "--seats", "random,random", "--seed", "4", "--save", str(record), fair=True)
    assert out.returncode == 0
    return record, json.loads(record.read_text())


def test_a_damaged_record_names_the_move_as_the_replay_numbers_it(tmp_path):
    record, data = _record(tmp_path)
    data["moves"][4] = [0, "visit"]
    record.write_text(json.dumps(data))
    out = run("replay", str(record), fair=True)
    assert out.returncode == 2
    assert ('record move 5 must be [seat, action]: the seat\'s number (0 for the first seat, -1 for a chance '
            'draw) and the action as a JSON object, as in [0, {"type": "pass"}]; it is [0, "visit"]') in flat(out)

    record, data = _record(tmp_path)
    data["moves"][9] = [0, {"type": "visit", "stall": 7}]
    record.write_text(json.dumps(data))
    out = run("replay", str(record), fair=True)
    assert out.returncode == 2
    assert 'record move 10 ([0, {"type": "visit", "stall": 7}] in the file) does not replay' in flat(out)
    steps = run("replay", str(_record(tmp_path)[0]), "--step", input="10\nq\n", fair=True)
    assert "  10. " in steps.stdout                                # the same numbers


def test_simulate_counts_seats_from_1_and_shows_shared_wins(tmp_path):
    path = tmp_path / "r.csv"
    out = run("simulate", "fair", "--games", "30", "-p", "2", "--out", str(path), fair=True)
    assert out.returncode == 0
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    assert {r["seat"] for r in rows} == {"1", "2"}
    assert sum(float(r["win_share"]) for r in rows) == pytest.approx(30)
    assert "Wins (shares)" in out.stdout and "Win share" in out.stdout and "Seat 1" in out.stdout
    assert "A win shared by a tie counts as a share" in out.stdout
    js = tmp_path / "r.json"
    run("simulate", "fair", "--games", "3", "-p", "2", "--out", str(js), fair=True)
    data = json.loads(js.read_text())
    assert "counted from 1" in data["seats"]
    assert all(w in (1, 2) for g in data["games"] for w in g["winners"])


def test_the_language_comes_from_lang_or_the_environment(tmp_path):
    record, _ = _record(tmp_path)
    ok = run("replay", str(record), "--lang", "en", fair=True)
    assert ok.returncode == 0 and "Final scores" in ok.stdout
    env = run("replay", str(record), fair=True, env={"LANG": "xx_XX.UTF-8", "LANGUAGE": ""})
    assert env.returncode == 0 and "Final scores" in env.stdout   # no catalog: English


def test_an_internal_error_is_one_line_and_says_how_to_see_more(monkeypatch, capsys):
    from reichsstadt import cli

    def boom(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(cli, "find_game", boom)
    monkeypatch.setattr(sys, "argv", ["reichsstadt", "games"])
    monkeypatch.delenv("REICHSSTADT_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exit_:
        cli.main()
    assert exit_.value.code == 1
    out = capsys.readouterr().out
    assert "Internal error (RuntimeError: boom); please report it (REICHSSTADT_DEBUG=1 shows the details)" in out
    assert "Traceback" not in out


@pytest.mark.parametrize("game_id", list(GAMES))
def test_help_lists_every_piece_of_the_game(game_id, tmp_path):
    # the help pages: Enter turns them (and, back at the move prompt, only redraws)
    out = run("play", game_id, "-p", "3", "--save", str(tmp_path / "g.json"), input="h\n" + "\n" * 40 + "q\n")
    assert out.returncode == 0
    # piped input is not echoed: a page's prompt runs into the next page's first line
    text = " ".join(out.stdout.replace("Enter: more · q: back to the game", " ").split())
    assert "take back your last step" in text
    for name, sentence in reichsstadt.game(game_id).glossary():
        assert render(name)[1:] in text and " ".join(render(sentence).split()) in text


def test_question_mark_asks_a_bot_for_a_hint(tmp_path):
    """Issue 12: the terminal's ? shows the move a bot would make, with its estimate; the
    hint is advice only (nothing is played)."""
    record = tmp_path / "h.json"
    out = run("play", "norenberc", "-p", "3", "--seed", "4", "--save", str(record), input="?\nq\n")
    assert out.returncode == 0
    hint = flat(out).split("Hint: ", 1)[1]   # the line may wrap
    assert re.match(r"type \d[^(]* \(estimated \d+% to win, from \d+ playouts", hint), hint
    moves = json.loads(record.read_text())["moves"]
    assert all(seat != 0 for seat, _ in moves)   # the hint played nothing for seat 1


def test_an_argument_that_is_not_utf8_is_one_clear_error():
    """Bytes that are not UTF-8 in an argument (a name, a host) were an internal error."""
    import os
    import subprocess
    import sys

    for args in ([b"play", b"norenberc", b"-p", b"2", b"--names", b"a\xff,b"], [b"serve", b"--host", b"\xff\xfe"]):
        out = subprocess.run([sys.executable.encode(), b"-m", b"reichsstadt", *args], capture_output=True,
                             env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}, timeout=60)
        said = (out.stdout + out.stderr).decode("utf-8", "replace")
        assert out.returncode == 2 and "is not UTF-8 text" in said and "Traceback" not in said
    env = {**os.environ, "LANG": "de_DE.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "200",
           "NO_COLOR": "1"}
    german = subprocess.run([sys.executable.encode(), b"-m", b"reichsstadt", b"serve", b"--host", b"\xff"],
                            capture_output=True, env=env, timeout=60)
    assert "Argument 3 ('\ufffd') ist kein UTF-8-Text" in german.stdout.decode(), german.stdout


def test_ctrl_c_in_a_step_replay_ends_the_line_and_exits_130(monkeypatch, capsys, tmp_path):
    from reichsstadt import cli

    record = tmp_path / "g.json"
    assert run("play", "norenberc", "--players", "2", "--seats", "random,random", "--seed", "2",
               "--save", str(record)).returncode == 0

    def ask(prompt):
        cli.console.print(prompt, end="")
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_ask", ask)
    monkeypatch.setattr(sys, "argv", ["reichsstadt", "replay", str(record), "--step"])
    with pytest.raises(SystemExit) as exit_:
        cli.main()
    assert exit_.value.code == 130
    assert capsys.readouterr().out.endswith("[0/" + str(len(json.loads(record.read_text())["moves"])) + "] > \n")


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_a_damaged_record_is_refused_in_the_readers_language(tmp_path, lang):
    """Errors about a record file were English whatever --lang said: a missing file, one
    that is not JSON (with its line and column), a move of the wrong shape, a move that
    does not replay. The file's own words (its path, the move as written) stay as they are."""
    from reichsstadt.core import Message
    from reichsstadt.i18n import render

    record, data = _record(tmp_path)
    data["moves"][9] = [0, {"type": "visit", "stall": 7}]
    record.write_text(json.dumps(data))
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": 1,\n "game" "fair"}')
    said = {"de": ("gibt es nicht", "ist kein gültiges JSON", "Zeile 2", "lässt sich nicht nachspielen"),
            "ru": ("не существует", "недопустимый JSON", "строка 2", "не воспроизводится")}[lang]
    missing = run("replay", str(tmp_path / "none.json"), "--lang", lang, fair=True)
    bad = run("replay", str(broken), "--lang", lang, fair=True)
    wrong = run("replay", str(record), "--lang", lang, fair=True)
    assert missing.returncode == bad.returncode == wrong.returncode == 2
    assert said[0] in flat(missing) and str(tmp_path / "none.json") in flat(missing)
    assert said[1] in flat(bad) and said[2] in flat(bad)
    assert said[3] in flat(wrong) and '[0, {"type": "visit", "stall": 7}]' in flat(wrong)
    english = render(Message("core.record.move", number=10, found="x", why="y"), "en").split()[:3]
    assert " ".join(english) not in flat(wrong)   # no English part inside another language
    data["moves"][9] = [0, {"kind": "visit"}]   # an action without its type: refused by the core's parser
    record.write_text(json.dumps(data))
    shapeless = flat(run("replay", str(record), "--lang", lang, fair=True))
    assert said[3] in shapeless and {"de": "ein Zug braucht einen nicht leeren Text als 'type'",
                                     "ru": "ходу нужен непустой текст в поле 'type'"}[lang] in shapeless
    assert "non-empty string" not in shapeless


def test_ctrl_c_while_the_command_loads_exits_130_without_a_traceback(monkeypatch, capsys):
    """A Ctrl-C in the first fraction of a second, while the command's libraries (Typer,
    Rich, the games) are still being imported, ended in Python's traceback of the import:
    the `reichsstadt` command and `python -m reichsstadt` start in __main__.run, which ends
    it as the command does after it has loaded, with code 130 and nothing printed."""
    import builtins

    from reichsstadt import __main__ as entry

    monkeypatch.delitem(sys.modules, "reichsstadt.cli", raising=False)
    real_import = builtins.__import__

    def interrupted(name, globals=None, locals=None, fromlist=(), level=0):
        if (name == "cli" and level == 1) or name == "reichsstadt.cli":
            raise KeyboardInterrupt
        return real_import(name, globals, locals, fromlist, level)

    monkeypatch.setattr(builtins, "__import__", interrupted)
    with pytest.raises(SystemExit) as exit_:
        entry.run()
    assert exit_.value.code == 130
    assert capsys.readouterr() == ("", "")


def test_the_command_starts_where_ctrl_c_is_handled():
    """pyproject's script is __main__.run, the entry that catches a Ctrl-C during the imports."""
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"]["reichsstadt"] == "reichsstadt.__main__:run"
