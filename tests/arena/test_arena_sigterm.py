"""SIGTERM to a run's own process (`kill PID`, Popen.terminate(), a supervisor) stops it as
Ctrl-C does: its workers end at once (none is left holding the caller's pipes), a
tournament says how to go on, simulate says that nothing was written, and the exit
status is 143 (128 + SIGTERM), as `play`'s. A worker whose parent is killed outright
(SIGKILL) ends too."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SLOW = "tests.arena.test_arena_sigterm:Slow"


class Slow:
    """A bot of one's own that thinks 3 s a move and leaves its process id in a folder
    (for the test to know which workers are in a game)."""

    def act(self, seat):
        (Path(os.environ["SLOW_MARKS"]) / str(os.getpid())).touch()
        time.sleep(3)
        return seat.legal()[0]


def _start(args, marks):
    marks.mkdir()
    return subprocess.Popen([sys.executable, "-m", "reichsstadt", *args], cwd=ROOT,
                            env={**os.environ, "COLUMNS": "200", "SLOW_MARKS": str(marks)},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _workers(marks, proc, count=2):
    """The ids of the workers in a game, once `count` of them are."""
    deadline = time.monotonic() + 60
    while len(list(marks.iterdir())) < count and time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.05)
    time.sleep(0.3)
    return [int(p.name) for p in marks.iterdir()]


def _gone(pid):
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")   # ended, not yet reaped by whoever it was handed to


def _wait_gone(pids, seconds=10):
    deadline = time.monotonic() + seconds
    while not all(_gone(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [p for p in pids if not _gone(p)]


def _kill_all(proc, pids):
    for pid in [proc.pid, *pids]:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    proc.wait()


def test_sigterm_stops_a_tournament_as_ctrl_c_does(tmp_path):
    folder = tmp_path / "t"
    proc = _start(["tournament", "norenberc", "-p", "2", "-n", "4", "--jobs", "2", "--no-plots",
                   "--bots", f"{SLOW},random", "--out", str(folder)], tmp_path / "marks")
    pids = []
    try:
        pids = _workers(tmp_path / "marks", proc)
        proc.terminate()
        out, err = proc.communicate(timeout=30)   # hung: the workers left kept both pipes open
        assert _wait_gone(pids) == []
    finally:
        _kill_all(proc, pids)
    assert proc.returncode == 143, out + err
    assert "Traceback" not in out + err
    assert f"Go on with: reichsstadt tournament --resume {folder}" in " ".join(out.split()), out


def test_sigterm_stops_simulate_and_says_nothing_was_written(tmp_path):
    keep = tmp_path / "keep.csv"
    proc = _start(["simulate", "norenberc", "-p", "2", "-n", "4", "--jobs", "2", "--bots", f"{SLOW},random",
                   "--out", str(keep)], tmp_path / "marks")
    pids = []
    try:
        pids = _workers(tmp_path / "marks", proc)
        proc.terminate()
        out, err = proc.communicate(timeout=30)
        assert _wait_gone(pids) == []
    finally:
        _kill_all(proc, pids)
    assert proc.returncode == 143 and "Traceback" not in out + err, out + err
    assert f"Stopped after 0 of 4 games; nothing was written to {keep}" in " ".join(out.split()), out
    assert not keep.exists()


def test_workers_end_with_a_parent_killed_outright(tmp_path):
    proc = _start(["tournament", "norenberc", "-p", "2", "-n", "4", "--jobs", "2", "--no-plots",
                   "--bots", f"{SLOW},random", "--out", str(tmp_path / "t")], tmp_path / "marks")
    pids = []
    try:
        pids = _workers(tmp_path / "marks", proc)
        proc.kill()
        proc.communicate(timeout=30)
        assert _wait_gone(pids) == []      # they waited on their task pipe for good
    finally:
        _kill_all(proc, pids)


def _sleep():
    time.sleep(30)


def test_a_worker_stopped_before_its_start_ends_quietly(capfd):
    """A worker forked while the run's SIGTERM handler is installed keeps it until its own
    start replaces it; a stop in that moment ended it with a traceback in the run's output
    (seen in CI: `Terminated: 15` from multiprocessing's bootstrap). It ends quietly now."""
    import multiprocessing

    from reichsstadt.arena.workers import stopped_by_sigterm

    with stopped_by_sigterm():
        child = multiprocessing.get_context("fork").Process(target=_sleep)
        child.start()
        time.sleep(0.2)
        child.terminate()
        child.join(10)
    assert child.exitcode == 128 + signal.SIGTERM
    assert "Traceback" not in capfd.readouterr().err
