"""`play --save FILE` never writes over a file that is there: a newcomer who saves every
week's game as monday.json lost last week's at the new game's first save. A resumed game
goes on in its own record, and a record of its own elsewhere must be new too."""

from __future__ import annotations

from pathlib import Path

from .clihelpers import run


def _saved_game(path: Path) -> bytes:
    out = run("play", "norenberc", "-p", "3", "--seed", "2", "--save", str(path), input="q\n")
    assert out.returncode == 0 and path.exists(), out.stdout + out.stderr
    return path.read_bytes()


def test_a_new_game_is_not_saved_over_an_existing_file(tmp_path: Path) -> None:
    record = tmp_path / "monday.json"
    before = _saved_game(record)
    out = run("play", "norenberc", "-p", "3", "--seed", "5", "--save", str(record), input="q\n")
    assert out.returncode == 2
    said = " ".join((out.stdout + out.stderr).split())
    assert f"--save {record}: a file is there already, and the game's first save would replace it" in said, said
    assert f"--resume {record}" in said and "nothing was done" in said, said
    assert record.read_bytes() == before


def test_a_resumed_game_goes_on_in_its_record_and_a_new_file_elsewhere(tmp_path: Path) -> None:
    record, other = tmp_path / "monday.json", tmp_path / "tuesday.json"
    _saved_game(record)
    other.write_text("my notes")
    out = run("play", "norenberc", "--resume", str(record), "--save", str(other), input="q\n")
    assert out.returncode == 2 and other.read_text() == "my notes", out.stdout + out.stderr
    for again in ([], ["--save", str(record)]):   # its own record: written on, as before
        out = run("play", "norenberc", "--resume", str(record), *again, input="1\nq\n")
        assert out.returncode == 0, out.stdout + out.stderr
    fresh = tmp_path / "copy.json"
    out = run("play", "norenberc", "--resume", str(record), "--save", str(fresh), input="q\n")
    assert out.returncode == 0 and fresh.exists(), out.stdout + out.stderr
