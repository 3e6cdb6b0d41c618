"""Nothing a player did is ever lost (issue 7): the record is saved as the game goes, and
when its place cannot be written any more, it goes to a fallback place, and the player is
told where."""

import json
import shutil

from .helpers import run, table


def _vanishing_folder(tmp_path, monkeypatch):
    folder = tmp_path / "usb-stick"
    folder.mkdir()
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    return folder, elsewhere


def test_a_record_whose_folder_vanished_is_saved_elsewhere_on_quit(tmp_path, monkeypatch):
    folder, elsewhere = _vanishing_folder(tmp_path, monkeypatch)

    def keys(prompt, t):
        shutil.rmtree(folder, ignore_errors=True)   # the stick is pulled out mid-game
        return "q"

    s = table(keys, tmp_path, save_to=folder / "game.json")
    assert run(s) is False
    saved = list(elsewhere.glob("reichsstadt-fair-*.json"))
    assert len(saved) == 1
    text = " ".join(s.text.split())
    assert f"Could not save the game to {folder / 'game.json'} (No such file or directory); saved it to" in text
    assert f"Game saved to {saved[0]}" in text and f"--resume {saved[0]}" in text
    assert json.loads(saved[0].read_text())["game"] == "fair"
    assert not s.table.lost


def test_a_finished_game_whose_folder_vanished_is_saved_elsewhere(tmp_path, monkeypatch):
    folder, elsewhere = _vanishing_folder(tmp_path, monkeypatch)

    def keys(prompt, t):
        shutil.rmtree(folder, ignore_errors=True)
        if "(y/n)" in prompt:
            return "y"
        if "e.g. 1 3" in prompt:
            return "1"                                        # a plan
        return "5" if "your move" in prompt.lower() else ""   # the end of the turn at once

    s = table(keys, tmp_path, save_to=folder / "game.json")
    assert run(s) is True
    saved = list(elsewhere.glob("reichsstadt-fair-*.json"))
    assert len(saved) == 1
    record = json.loads(saved[0].read_text())
    assert len(record["moves"]) == len(s.table.match.record.moves)   # the whole game
    assert "Final scores" in s.text
    assert f"Record saved to {saved[0]}" in " ".join(s.text.split())


def test_the_game_is_saved_at_every_turn(tmp_path):
    seen = []

    def keys(prompt, t):
        path = tmp_path / "game.json"
        seen.append(len(json.loads(path.read_text())["moves"]) if path.exists() else None)
        return "1" if len(seen) < 4 else None

    s = table(keys, tmp_path)
    run(s)
    assert seen[0] is not None and seen[0] > 0                       # before the first prompt
    assert seen[-1] > seen[0]


def test_a_closed_terminal_or_sigterm_saves_the_game_and_leaves_no_temporary_file(tmp_path):
    """Closing the terminal window (SIGHUP) killed the game where it was: a save under way
    left its temporary file (an empty `.reichsstadt-siedler-....json.xyz` in the folder,
    found after closing a tmux window), and the bots' moves since the player's last turn
    were lost. Now both signals save the game and end with 128 + the signal's number;
    after SIGTERM the terminal is told where the game is and how to go on."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for signum in (signal.SIGHUP, signal.SIGTERM):
        folder = tmp_path / signum.name
        folder.mkdir()
        record = folder / "game.json"
        proc = subprocess.Popen([sys.executable, "-m", "reichsstadt", "play", "norenberc", "-p", "3", "--seats",
                                 "human,random,random", "--seed", "4", "--save", str(record)], cwd=root,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                env={**os.environ, "COLUMNS": "120"})
        deadline = time.monotonic() + 60
        while not record.exists() and time.monotonic() < deadline:   # saved at the player's first turn
            time.sleep(0.05)
        time.sleep(0.3)
        proc.send_signal(signum)
        said, _ = proc.communicate(timeout=60)
        assert proc.returncode == 128 + signum, said
        assert json.loads(record.read_text())["moves"], said
        assert [p.name for p in folder.iterdir()] == ["game.json"]    # no temporary file beside it
        assert "Traceback" not in said
        if signum == signal.SIGTERM:
            assert "reichsstadt play norenberc --resume" in " ".join(said.split()), said
