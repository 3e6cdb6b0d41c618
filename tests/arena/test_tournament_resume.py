"""Tournaments that keep their work (issue 21): every game goes to results.jsonl as it
ends; a stopped or killed tournament continues with --resume and ends with the same
results as an uninterrupted one; --report summarizes the file at any time; a missing
extra is refused before the first game."""

import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest
import typer
from typer.testing import CliRunner

from reichsstadt.arena import results as results_file
from reichsstadt.arena.commands import hint, tournament as tournament_command
from reichsstadt.arena.tournament import report, tournament
from reichsstadt.core import BadOption
from reichsstadt.core.registry import register

from tests.arena.test_tournament import played
from tests.core.toygame import GAME as TOY

register(TOY)

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command(name="tournament")(tournament_command)
app.command()(hint)


def run(*args):
    return CliRunner().invoke(app, list(args), catch_exceptions=False, env={"COLUMNS": "160"})


class Stop(Exception):
    """What stops a tournament in these tests, as a time limit or Ctrl-C would."""


def _stopping_after(k):
    seen = [0]

    def progress(n):
        seen[0] += n
        if seen[0] >= k:
            raise Stop
    return progress


def _lines(folder):
    return (folder / "results.jsonl").read_text().splitlines()


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_stopped_tournament_keeps_its_games_and_resumes_to_the_same_results(tmp_path, jobs):
    whole = tournament("toy", ["mcts:15", "random"], 2, 16, seed=5, jobs=1)
    folder = tmp_path / "t"
    with pytest.raises(Stop):
        tournament("toy", ["mcts:15", "random"], 2, 16, seed=5, jobs=jobs, out=folder, progress=_stopping_after(5))
    kept = _lines(folder)
    assert json.loads(kept[0])["kind"] == "tournament"
    assert 5 <= len(kept) - 1 < 16          # the games that ended are in the file, each on its line
    resumed = tournament("toy", ["mcts:15", "random"], 2, 16, seed=5, jobs=jobs, out=folder, resume=True)
    assert played(resumed.games) == played(whole.games)
    assert [s.to_json() | {"iterations_per_search": 0, "seconds_per_search": 0} for s in resumed.summary] == \
        [s.to_json() | {"iterations_per_search": 0, "seconds_per_search": 0} for s in whole.summary]
    assert len(_lines(folder)) == 1 + 16    # nothing played twice


def test_a_killed_tournament_command_resumes_to_the_results_of_an_uninterrupted_one(tmp_path):
    """The real thing: `reichsstadt tournament` killed with SIGKILL mid-run, then
    `--resume DIR`, against the same tournament played through."""
    env = {**os.environ, "COLUMNS": "120"}
    args = ["norenberc", "--bots", "greedy,random,random,random", "--games", "48", "--jobs", "1", "--seed", "3",
            "--no-plots"]
    cmd = [sys.executable, "-m", "reichsstadt", "tournament"]
    subprocess.run([*cmd, *args, "--out", str(tmp_path / "whole")], env=env, check=True, capture_output=True)
    killed = tmp_path / "killed"
    proc = subprocess.Popen([*cmd, *args, "--out", str(killed)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:   # until some games but not all are in the file
            path = killed / "results.jsonl"
            if path.exists() and len(path.read_text().splitlines()) > 3:
                break
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    assert 3 <= len(_lines(killed)) - 1 < 48
    done = subprocess.run([*cmd, "--resume", str(killed), "--no-plots"], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    a = json.loads((tmp_path / "whole" / "results.json").read_text())
    b = json.loads((killed / "results.json").read_text())
    for g in a["games"] + b["games"]:
        g["seconds"] = 0
        g["load"] = None
    assert b["games"] == a["games"]
    assert b["summary"] == a["summary"]


def test_a_torn_last_line_is_dropped_on_resume(tmp_path):
    folder = tmp_path / "t"
    with pytest.raises(Stop):
        tournament("toy", ["random", "random"], 2, 8, seed=2, jobs=1, out=folder, progress=_stopping_after(3))
    with (folder / "results.jsonl").open("a") as fh:
        fh.write('{"index": 7, "block"')   # a kill in the middle of a line
    header, games = results_file.read(folder)
    assert header.game == "toy" and len(games) == 3
    resumed = tournament("toy", ["random", "random"], 2, 8, seed=2, jobs=1, out=folder, resume=True)
    assert [g.index for g in resumed.games] == list(range(8))
    assert all(json.loads(line) for line in _lines(folder))


def test_report_summarizes_the_file_at_any_time(tmp_path):
    folder = tmp_path / "t"
    with pytest.raises(Stop):
        tournament("toy", ["mcts:10", "random"], 2, 12, seed=4, jobs=1, out=folder, progress=_stopping_after(6))
    partial, header = report(folder)
    assert header.scheduled == 12 and len(partial.games) == 6
    assert sum(s.wins for s in partial.summary) == pytest.approx(6)
    out = run("tournament", "--report", str(folder), "--no-plots")
    assert out.exit_code == 0, out.output
    assert "6 of 12 games" in out.output and "mcts:10" in out.output
    data = json.loads((folder / "results.json").read_text())
    assert len(data["games"]) == 6
    # and once it has ended, the same command draws the whole of it
    run("tournament", "--resume", str(folder), "--no-plots")
    out = run("tournament", "--report", str(folder))
    assert "12 games" in out.output and "of 12" not in out.output
    assert (folder / "wins.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("edit, words", [
    (lambda h, g: ("null", g), "its first line is not a tournament's header"),
    (lambda h, g: ({**h, "players": 0}, g), "players must be a whole number from 1 to 64, not 0"),
    (lambda h, g: ({**h, "bots": []}, g), "bots must be a list of bot names"),
    (lambda h, g: ({**h, "games": 1e30}, g), "games must be a whole number from 1 to 10000000"),
    (lambda h, g: (h, {k: v for k, v in g.items() if k != "scores"}), "line 2: not a game's result ('scores')"),
    (lambda h, g: (h, {**g, "seed": "x"}), "seed must be a whole number, not 'x'"),
    (lambda h, g: (h, {**g, "bots": 1.5}), "bots must name 2 bots"),
    (lambda h, g: (h, {**g, "ranks": [1, 7]}), "ranks must be 2 whole numbers from 1 to 2"),
    (lambda h, g: (h, None), "line 2: not a game's result (not an object)"),
])
def test_a_damaged_results_file_is_named_not_a_crash(tmp_path, edit, words):
    """--report and --resume read only what a tournament writes: a damaged line is one
    clear error naming the file and what is wrong, and a failed --resume changes nothing."""
    folder = tmp_path / "t"
    tournament("toy", ["random", "random"], 2, 2, seed=2, jobs=1, out=folder)
    lines = _lines(folder)
    header, game = edit(json.loads(lines[0]), json.loads(lines[1]))
    text = "\n".join([header if isinstance(header, str) else json.dumps(header), json.dumps(game), *lines[2:]]) + "\n"
    (folder / "results.jsonl").write_text(text)
    for command in ("--report", "--resume"):
        with pytest.raises(BadOption, match=re.escape(words)):
            if command == "--report":
                report(folder)
            else:
                tournament("toy", ["random", "random"], 2, 2, seed=2, jobs=1, out=folder, resume=True)
        with pytest.raises(BadOption, match=re.escape(words)):   # the command line prints it as one line
            run("tournament", command, str(folder), "--no-plots")
        assert (folder / "results.jsonl").read_text() == text
    (folder / "results.jsonl").write_bytes(b"\xff\xfe" + os.urandom(64))
    with pytest.raises(BadOption, match="not UTF-8 text"):
        report(folder)


def test_resume_refuses_another_tournament_and_out_refuses_to_overwrite_one(tmp_path):
    folder = tmp_path / "t"
    tournament("toy", ["random", "mcts:5"], 2, 4, seed=1, jobs=1, out=folder)
    with pytest.raises(BadOption, match="already holds a tournament"):
        tournament("toy", ["random", "mcts:5"], 2, 4, seed=1, jobs=1, out=folder)
    with pytest.raises(BadOption, match=r"not the tournament in .*: bots random,mcts:6 \(asked\) against "
                                        r"random,mcts:5 \(in the file\)"):
        tournament("toy", ["random", "mcts:6"], 2, 4, seed=1, jobs=1, out=folder, resume=True)
    with pytest.raises(BadOption, match="seed 2 .*against 1"):
        tournament("toy", ["random", "mcts:5"], 2, 4, seed=2, jobs=1, out=folder, resume=True)
    with pytest.raises(BadOption, match="holds no tournament"):
        tournament("toy", ["random"], 2, 4, out=tmp_path / "empty", resume=True)
    with pytest.raises(BadOption, match="no tournament there"):
        run("tournament", "--report", str(tmp_path / "nowhere"))
    # resuming a finished tournament plays nothing and gives its results again
    again = tournament("toy", ["random", "mcts:5"], 2, 4, seed=1, jobs=1, out=folder, resume=True)
    assert len(again.games) == 4 and len(_lines(folder)) == 5


@pytest.mark.parametrize("missing, words", [
    ("openskill", "ratings need openskill: pip install 'reichsstadt\\[arena\\]'"),
    ("matplotlib", "plots need matplotlib"),
])
def test_a_missing_extra_fails_before_any_game(tmp_path, monkeypatch, missing, words):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == missing else real(name, *a))
    played_games = []
    monkeypatch.setattr("reichsstadt.arena.tournament.play", lambda task: played_games.append(task))
    with pytest.raises(BadOption, match=words):
        run("tournament", "toy", "--bots", "random,random", "-p", "2", "-n", "4", "--jobs", "1",
            "--out", str(tmp_path / "t"))
    assert played_games == [] and not (tmp_path / "t").exists()


def test_a_missing_ray_fails_before_any_game(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "ray" else real(name, *a))
    with pytest.raises(BadOption, match="--backend ray needs Ray"):
        tournament("toy", ["random"], 2, 2, backend="ray")


def test_the_progress_bar_shows_the_time_left(tmp_path):
    out = run("tournament", "toy", "--bots", "random,mcts:5", "-p", "2", "-n", "6", "--jobs", "1",
              "--out", str(tmp_path / "t"), "--no-plots")
    assert out.exit_code == 0, out.output
    assert "left, ends ≈" in out.output and "6/6" in out.output
