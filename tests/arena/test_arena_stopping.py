"""A researcher's run that stops or goes wrong: Ctrl-C ends it at once (not after the
games under way, minutes with a searching bot) and says how to go on; a resumed
tournament's progress counts what it found; a bot of one's own that fails is named with
the game to play again; a damaged results file names its line; --report and --resume
take the results file as well as its folder."""

import multiprocessing
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from reichsstadt.arena.commands import tournament as tournament_command
from reichsstadt.arena.simulate import simulate
from reichsstadt.arena.tournament import tournament
from reichsstadt.arena.workers import in_processes
from reichsstadt.core import BadOption
from reichsstadt.core.registry import register

from tests.core.toygame import GAME as TOY

register(TOY)
ROOT = Path(__file__).resolve().parents[2]

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command(name="tournament")(tournament_command)
app.command(name="other")(lambda: None)


def run(*args):
    return CliRunner().invoke(app, ["tournament", *args], catch_exceptions=False, env={"COLUMNS": "160"})


def nap(seconds):
    time.sleep(seconds)
    return seconds


class Stop(Exception):
    pass


def test_a_stopped_run_ends_its_workers_at_once_not_after_their_games():
    """The first result stops the run; the other workers are in the middle of a 60 s
    'game' and one more is queued: they are ended, not waited for."""
    def done(result):
        raise Stop

    start = time.monotonic()
    with pytest.raises(Stop):
        in_processes(nap, [0.2, 60, 60, 60, 60], 2, done)
    assert time.monotonic() - start < 20
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not multiprocessing.active_children()


def test_a_stopped_run_leaves_no_pool_thread_to_race_the_exit():
    """Python's exit wakes every process pool's manager thread through a pipe that the
    thread closes as it ends: a thread still ending then printed "OSError: Bad file
    descriptor" after Ctrl-C (seen once in CI). A stopped run has waited for it."""
    from concurrent.futures.process import _ExecutorManagerThread

    def done(result):
        raise Stop

    with pytest.raises(Stop):
        in_processes(nap, [0.2, 60, 60], 2, done)
    assert [t for t in threading.enumerate() if isinstance(t, _ExecutorManagerThread) and t.is_alive()] == []


def test_results_come_in_order_when_asked():
    got = []
    in_processes(nap, [0.3, 0.0, 0.1], 2, got.append, ordered=True)
    assert got == [0.3, 0.0, 0.1]


class Sleepy:
    """A bot of one's own that thinks a while about every move (and leaves a mark, for
    the test to know that a game is under way)."""

    def act(self, seat):
        Path(os.environ["SLEEPY_MARK"]).touch()
        time.sleep(3)
        return seat.legal()[0]


def test_ctrl_c_stops_a_tournament_at_once_and_says_how_to_go_on(tmp_path):
    """Ctrl-C (SIGINT to the whole foreground group, as a terminal sends it) while every
    worker is in a game: the command ends within seconds and names --resume."""
    folder = tmp_path / "t"
    cmd = [sys.executable, "-m", "reichsstadt", "tournament", "norenberc", "-p", "2", "-n", "4", "--jobs", "2",
           "--no-plots", "--bots", "tests.arena.test_arena_stopping:Sleepy,random", "--out", str(folder)]
    mark = tmp_path / "thinking"
    proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, "COLUMNS": "200", "SLEEPY_MARK": str(mark)},
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        while not (folder / "results.jsonl").exists() and time.monotonic() < deadline:   # past the bots' trial
            time.sleep(0.05)
        mark.unlink(missing_ok=True)
        while not mark.exists() and time.monotonic() < deadline:   # a game is under way (each lasts > 20 s)
            time.sleep(0.05)
        time.sleep(0.3)
        os.killpg(proc.pid, signal.SIGINT)
        stopped = time.monotonic()
        said, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert time.monotonic() - stopped < 5, said   # it used to wait for the games under way (> 10 s)
    assert proc.returncode == 130 and "Traceback" not in said
    flat = " ".join(said.split())
    assert f"Go on with: reichsstadt tournament --resume {folder}" in flat, said


def test_a_resumed_tournament_counts_the_games_it_found(tmp_path):
    folder = tmp_path / "t"

    def stop_after_six(seen=[0]):   # noqa: B006 (a counter)
        seen[0] += 1
        if seen[0] >= 6:
            raise Stop

    with pytest.raises(Stop):
        tournament("toy", ["random", "random"], 2, 12, seed=4, jobs=1, out=folder, progress=lambda k: stop_after_six())
    out = run("--resume", str(folder), "--no-plots")
    assert out.exit_code == 0, out.output
    assert "12/12" in out.output                       # the bar ends full: 6 found, 6 played


class Boom:
    def act(self, seat):
        raise RuntimeError("my policy blew up")


BOOM = "tests.arena.test_arena_stopping:Boom"


class FirstMove:
    def act(self, seat):
        return seat.legal()[0]


def boom_in_games(seed):
    """Plays its trial before the games (seed 0), blows up in them."""
    return Boom() if seed else FirstMove()


def test_a_failing_bot_of_ones_own_is_named_with_its_game(tmp_path):
    at = f"at tests/arena/test_arena_stopping.py, line {Boom.act.__code__.co_firstlineno + 1}"
    with pytest.raises(BadOption, match=re.escape(f"its act() raised RuntimeError: my policy blew up, {at} "
                                                  "(in the game of seed 5)")):
        simulate("toy", 3, 2, seed=5, bots=[BOOM, "random"], jobs=1)
    with pytest.raises(BadOption, match=re.escape(f"{at} (in tournament game 1, seed 3)")):
        tournament("toy", ["tests.arena.test_arena_stopping:boom_in_games", "random"], 2, 2, seed=3, jobs=1)
    with pytest.raises(BadOption, match=re.escape(f"{at} (in the game of seed 5)")):   # from a worker process too
        simulate("toy", 3, 2, seed=5, bots=[BOOM, "random"], jobs=2)


class LateBoom:
    """Plays the first move offered until its 12th decision in this process (a few games), then fails."""
    acts = 0

    def act(self, seat):
        LateBoom.acts += 1
        if LateBoom.acts >= 12:
            raise RuntimeError("my policy blew up late")
        return seat.legal()[0]


def test_a_failing_bot_is_named_before_the_games_kept(tmp_path):
    """The bot's error comes first, then what is kept and how to go on (it used to say
    "Go on with --resume" above the error that a resume would meet again)."""
    folder = tmp_path / "t"
    cmd = [sys.executable, "-m", "reichsstadt", "tournament", "norenberc", "-p", "2", "-n", "8", "--jobs", "1",
           "--no-plots", "--bots", "tests.arena.test_arena_stopping:LateBoom,random", "--out", str(folder)]
    done = subprocess.run(cmd, cwd=ROOT, env={**os.environ, "COLUMNS": "200"}, capture_output=True, text=True,
                          timeout=120)
    flat = " ".join(done.stdout.split())
    assert done.returncode == 2 and "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    failed = flat.find("my policy blew up late")
    kept = flat.find(f"they are kept in {folder / 'results.jsonl'}. Go on with: reichsstadt tournament --resume")
    assert 0 <= failed < kept, flat


def test_a_damaged_line_is_named_by_its_number(tmp_path):
    folder = tmp_path / "t"
    tournament("toy", ["random", "random"], 2, 4, seed=2, jobs=1, out=folder)
    lines = (folder / "results.jsonl").read_text().splitlines()
    lines[2] = lines[2][:20] + "#" + lines[2][21:]
    (folder / "results.jsonl").write_text("\n".join(lines) + "\n")
    with pytest.raises(BadOption, match="results.jsonl: line 3 is not JSON"):
        run("--report", str(folder), "--no-plots")


def test_report_and_resume_take_the_results_file_too(tmp_path):
    folder = tmp_path / "t"
    tournament("toy", ["random", "random"], 2, 4, seed=2, jobs=1, out=folder)
    out = run("--report", str(folder / "results.jsonl"), "--no-plots")
    assert out.exit_code == 0 and "4 games" in out.output
    out = run("--resume", str(folder / "results.jsonl"), "--no-plots")
    assert out.exit_code == 0 and "4 games" in out.output
    assert len((folder / "results.jsonl").read_text().splitlines()) == 5
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(BadOption, match="--report .*notes.txt: that is a file; --report takes the tournament's "
                                        "folder"):
        run("--report", str(tmp_path / "notes.txt"), "--no-plots")


def test_resuming_another_tournament_says_so_before_the_progress_bar(tmp_path):
    folder = tmp_path / "t"
    tournament("toy", ["random", "random"], 2, 4, seed=2, jobs=1, out=folder)
    out = subprocess.run([sys.executable, "-m", "reichsstadt", "tournament", "norenberc", "--resume", str(folder),
                          "--no-plots"], capture_output=True, text=True, cwd=ROOT)
    said = out.stdout + out.stderr
    assert out.returncode == 2 and "game norenberc (asked) against toy (in the file)" in " ".join(said.split())
    assert said.startswith("Error:") and "ETA" not in said     # no progress bar before it
