"""One run at a time in a tournament folder (s19 research L5): a `--resume` started beside
a running tournament played the games it lacked a second time (210 lines for 120 games).
The second run is refused at once, naming the folder and the run that holds it; the
kernel drops the lock of a run killed outright, so its `--resume` goes on; `--report`
reads the folder meanwhile."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from reichsstadt.arena import lock
from reichsstadt.arena.tournament import tournament
from reichsstadt.core import BadOption
from reichsstadt.core.registry import register

from tests.core.toygame import GAME as TOY

ROOT = Path(__file__).resolve().parents[2]
WAITING = "tests.arena.test_arena_lock:waiting"

register(TOY)


class _Random:
    def __init__(self, seed):
        import random

        self.rng = random.Random(seed)

    def act(self, seat):
        return self.rng.choice(seat.legal())


def waiting(seed=0, game=None):
    """A bot of one's own that, made for a game while the folder in LOCK_TEST_FOLDER holds
    a finished game already, marks so and waits (up to a minute) before it plays: the run
    then holds its folder with one game written."""
    folder = os.environ.get("LOCK_TEST_FOLDER")
    results = Path(folder or ".") / "results.jsonl"
    if folder and results.exists() and len(results.read_text().splitlines()) > 1:
        (Path(folder).parent / "waiting").touch()
        time.sleep(60)
    return _Random(seed)


def _command(*args, env=None):
    return subprocess.run([sys.executable, "-m", "reichsstadt", *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "300", "NO_COLOR": "1", **(env or {})}, timeout=120)


def _lines(folder):
    return (folder / "results.jsonl").read_text().splitlines()


def test_a_resume_beside_a_running_tournament_is_refused_and_one_after_a_kill_goes_on(tmp_path):
    folder = tmp_path / "t"
    run = subprocess.Popen([sys.executable, "-m", "reichsstadt", "tournament", "norenberc", "-p", "2", "-n", "2",
                            "--jobs", "1", "--no-plots", "--bots", f"{WAITING},random", "--out", str(folder)],
                           cwd=ROOT, env={**os.environ, "LOCK_TEST_FOLDER": str(folder)},
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "waiting").exists():
            assert run.poll() is None and time.monotonic() < deadline, run.communicate()
            time.sleep(0.05)
        assert len(_lines(folder)) == 2          # the header and the first game
        second = _command("tournament", "--resume", str(folder), "--no-plots")
        assert second.returncode == 2, second.stdout + second.stderr
        said = " ".join((second.stdout + second.stderr).split())
        assert f"Error: {folder} is in use by another run (process {run.pid}, which holds results.lock)" in said
        assert "go on with --resume" in said and "Traceback" not in said
        assert len(_lines(folder)) == 2          # it played nothing
        report = _command("tournament", "--report", str(folder), "--no-plots")
        assert report.returncode == 0 and "1 of 2 games" in " ".join(report.stdout.split()), report.stdout
    finally:
        run.kill()                               # SIGKILL: nothing of the run's own unlocks
        run.communicate(timeout=30)
    assert run.returncode == -signal.SIGKILL
    resumed = _command("tournament", "--resume", str(folder), "--no-plots")
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    games = [json.loads(x)["index"] for x in _lines(folder)[1:]]
    assert sorted(games) == [0, 1]               # each game once


def _hold(path):
    """A process of another program that holds the lock (writing nothing in the file)."""
    holder = subprocess.Popen([sys.executable, "-c", "import fcntl, os, sys, time; "
                               "fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT); fcntl.flock(fd, fcntl.LOCK_EX); "
                               "print('held', flush=True); time.sleep(60)", str(path)],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


@pytest.mark.parametrize("backend", ["local", "ray"])
def test_the_library_refuses_a_folder_another_run_holds_before_any_game(tmp_path, backend):
    """Ray runs too: their games are written by this process (the driver)."""
    folder = tmp_path / "t"
    folder.mkdir()
    holder = _hold(folder / "results.lock")
    try:
        with pytest.raises(BadOption, match=f"{folder} is in use by another run \\(it holds results.lock\\)"):
            tournament("toy", ["random", "random"], 2, 2, jobs=1, backend=backend, out=folder)
        assert not (folder / "results.jsonl").exists()
        if backend == "ray":
            assert "ray" not in sys.modules or not sys.modules["ray"].is_initialized()
    finally:
        holder.kill()
        holder.wait()
    done = tournament("toy", ["random", "random"], 2, 2, jobs=1, out=folder)   # the lock went with its process
    assert len(done.games) == 2


def test_the_lock_is_let_go_when_a_run_ends_and_taken_again_within_it(tmp_path):
    folder = tmp_path / "t"
    with lock.holding(folder):
        first = tournament("toy", ["random", "random"], 2, 2, jobs=2, out=folder)   # the library within the command's
    again = tournament("toy", ["random", "random"], 2, 2, jobs=1, out=folder, resume=True)
    assert len(first.games) == len(again.games) == 2
    assert (folder / "results.lock").read_text() == f"{os.getpid()}\n"


def test_without_fcntl_runs_go_unlocked(tmp_path, monkeypatch):
    monkeypatch.setattr(lock, "fcntl", None)
    folder = tmp_path / "t"
    assert len(tournament("toy", ["random", "random"], 2, 2, jobs=1, out=folder).games) == 2
    assert not (folder / "results.lock").exists()


def test_the_command_writes_its_summary_while_it_still_holds_the_folder(tmp_path, monkeypatch):
    """results.json was written after the lock was let go: a --resume let in meanwhile
    could have its newer summary overwritten by the older run's. The lock is still held
    (another open of results.lock cannot take it) when the summary is written."""
    import fcntl

    import typer
    from typer.testing import CliRunner

    from reichsstadt.arena import tournament as module
    from reichsstadt.arena.commands import tournament as command

    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    app.command(name="tournament")(command)
    app.command(name="other")(lambda: None)
    held: list[bool] = []
    write = module.write

    def checked(result, out, plots=True):
        with open(Path(out) / "results.lock") as other:
            try:
                fcntl.flock(other.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                held.append(False)
            except BlockingIOError:
                held.append(True)
        return write(result, out, plots)

    monkeypatch.setattr(module, "write", checked)
    folder = tmp_path / "t"
    done = CliRunner().invoke(app, ["tournament", "toy", "--bots", "random,random", "-p", "2", "-n", "2", "--jobs",
                                    "1", "--no-plots", "--out", str(folder)], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    assert held == [True], "results.json is written under the run's lock"
    assert len(json.loads((folder / "results.json").read_text())["games"]) == 2
