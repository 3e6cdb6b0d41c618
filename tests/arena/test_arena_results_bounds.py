"""--resume and --report read a results.jsonl within bounds: a device or a pipe in its
place is refused at once (a symlink to /dev/zero was read until memory ran out), and so
is a line too long to be a tournament's."""

import os

import pytest

from reichsstadt.arena import results
from reichsstadt.arena.results import read
from reichsstadt.arena.tournament import tournament
from reichsstadt.core import BadOption
from reichsstadt.core.registry import register

from tests.core.toygame import GAME as TOY

register(TOY)


def test_a_device_or_a_pipe_is_no_results_file(tmp_path):
    device = tmp_path / "device"
    device.mkdir()
    os.symlink("/dev/zero", device / "results.jsonl")
    with pytest.raises(BadOption, match="results.jsonl: not a regular file"):
        read(device)
    pipe = tmp_path / "pipe"
    pipe.mkdir()
    os.mkfifo(pipe / "results.jsonl")
    with pytest.raises(BadOption, match="results.jsonl: not a regular file"):   # it used to wait for a writer
        read(pipe)


def test_a_line_too_long_is_refused_without_reading_it_whole(tmp_path, monkeypatch):
    folder = tmp_path / "t"
    tournament("toy", ["random", "random"], 2, 2, seed=2, jobs=1, out=folder)
    with (folder / "results.jsonl").open("a") as fh:
        fh.write('{"index": 9, "x": "' + "y" * 5000 + '"}\n')
    monkeypatch.setattr(results, "LONGEST_LINE", 4096)
    with pytest.raises(BadOption, match="results.jsonl: line 4 is longer than"):
        read(folder)
    monkeypatch.undo()
    with pytest.raises(BadOption, match="line 4"):   # read whole, it is still no game
        read(folder)
