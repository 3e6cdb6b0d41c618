"""A researcher's bot of one's own in simulate and tournament (an outside review): a bot
that raises is named with the place in its own code, and REICHSSTADT_DEBUG=1 shows its
traceback (from worker processes too); `module:factory` is found in the current folder
by the console script as by `python -m`; a stopped tournament counts the games its file
keeps; every time said says which time it is; a bot that cannot play the game is refused
before the folder is made."""

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from reichsstadt.arena import results
from reichsstadt.arena.commands import tournament as tournament_command
from reichsstadt.arena.tournament import tournament
from reichsstadt.core import BadOption
from reichsstadt.core.registry import register

from tests.core.toygame import GAME as TOY

register(TOY)
ROOT = Path(__file__).resolve().parents[2]

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command(name="tournament")(tournament_command)
app.command(name="other")(lambda: None)

BOT = textwrap.dedent('''
    class Bot:
        def __init__(self, seed=0):
            self.seed = seed

        def act(self, seat):
            return seat.legal()[0]


    def make_bot(seed=0):
        return Bot(seed)


    def helper():
        raise RuntimeError("my bot blew up")


    class Raiser:
        def act(self, seat):
            return helper()


    def raiser(seed=0):
        return Raiser() if seed else Bot()   # its trial before the games (seed 0) passes


    def always():
        return Raiser()


    class Parser:
        def act(self, seat):
            import json
            return json.loads("{not json")   # dies inside the json module


    def parser(seed=0):
        return Parser() if seed else Bot()


    class Elsewhere:
        def act(self, seat):
            raise ValueError("wrong table: " + seat.game_id)


    def elsewhere():
        return Elsewhere()
''')

CONSOLE = "import sys\nfrom reichsstadt.cli import main\nsys.argv[0] = 'reichsstadt'\nmain()\n"
"""The console script `reichsstadt`: a file elsewhere, so the current folder is not on sys.path."""


@pytest.fixture
def folder(tmp_path):
    """A researcher's folder holding mypolicy/bot.py, and a console script outside it."""
    here = tmp_path / "work"
    (here / "mypolicy").mkdir(parents=True)
    (here / "mypolicy" / "__init__.py").write_text("")
    (here / "mypolicy" / "bot.py").write_text(BOT)
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "reichsstadt").write_text(CONSOLE)
    return here


def console(folder, *args, **env):
    """The console script, run in `folder` as a researcher types it."""
    return subprocess.run([sys.executable, str(folder.parent / "bin" / "reichsstadt"), *args], cwd=folder,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200", "LANGUAGE": "en", **env})


def line_of(text, needle):
    return next(i for i, x in enumerate(text.splitlines(), 1) if needle in x)


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_raising_bot_is_named_with_the_line_of_its_own_code(folder, command):
    args = (["simulate", "norenberc", "--bots", "mypolicy.bot:raiser,random", "-n", "2"] if command == "simulate"
            else ["tournament", "norenberc", "--bots", "mypolicy.bot:raiser,random", "-n", "2", "--no-plots",
                  "--out", "t"])
    done = console(folder, *args, "-p", "2", "--jobs", "2")
    said = " ".join(done.stdout.split())
    assert done.returncode == 2 and "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    at = f"RuntimeError: my bot blew up, at {Path('mypolicy', 'bot.py')}, line {line_of(BOT, 'blew up')}"
    assert at in said, said

    debug = console(folder, *args[:-2], *(["--out", "t2"] if command == "tournament" else []), "-p", "2",
                    "--jobs", "2", REICHSSTADT_DEBUG="1")
    assert debug.returncode == 2, debug.stdout + debug.stderr
    shown = debug.stdout + debug.stderr
    assert at in " ".join(shown.split())
    assert "Traceback (most recent call last)" in shown   # the whole traceback, from a worker process
    assert 'raise RuntimeError("my bot blew up")' in shown and "in act" in shown and "in helper" in shown


def test_the_console_script_imports_a_bot_from_the_current_folder(folder):
    """The README's own-bot example, with the `reichsstadt` command from the bot's folder,
    in worker processes too (it said "No module named 'mypolicy'")."""
    done = console(folder, "tournament", "norenberc", "--bots", "mypolicy.bot:make_bot,random", "-p", "2",
                   "-n", "4", "--jobs", "2", "--no-plots", "--out", "t")
    assert done.returncode == 0, done.stdout + done.stderr
    assert len(json.loads((folder / "t" / "results.json").read_text())["games"]) == 4
    done = console(folder, "simulate", "norenberc", "--bots", "mypolicy.bot:make_bot,random", "-p", "2", "-n", "2")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_module_found_nowhere_says_where_it_was_looked_for(folder):
    done = console(folder, "simulate", "norenberc", "--bots", "mypolicy.nothere:make_bot,random", "-p", "2")
    said = " ".join(done.stdout.split())
    assert done.returncode == 2, said
    assert (f"module mypolicy.nothere cannot be imported: ModuleNotFoundError: No module named 'mypolicy.nothere' "
            f"(looked for in the current folder, {folder}, and on Python's path)") in said, said


def test_the_import_path_is_searched_for_the_import_only(folder, monkeypatch):
    from reichsstadt.bots import make_bot

    monkeypatch.chdir(folder)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(folder))])
    before = list(sys.path)
    assert make_bot("mypolicy.bot:make_bot", 3).seed == 3
    assert sys.path == before
    for name in [m for m in sys.modules if m.startswith("mypolicy")]:
        monkeypatch.delitem(sys.modules, name)


def run(*args, **env):
    return CliRunner().invoke(app, ["tournament", *args], catch_exceptions=False,
                              env={"COLUMNS": "200", "LANGUAGE": "en", **env})


def test_a_stop_counts_the_games_the_file_keeps(tmp_path, monkeypatch):
    """Ctrl-C that falls after a game's line is written and before the bar counts it: the
    line says the file's count (it said one fewer)."""
    add = results.Writer.add
    seen = [0]

    def add_then_stop(self, games):
        add(self, games)
        seen[0] += 1
        if seen[0] == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(results.Writer, "add", add_then_stop)
    folder = tmp_path / "t"
    out = run("toy", "--bots", "random,random", "-p", "2", "-n", "8", "--jobs", "1", "--no-plots", "--out",
              str(folder))
    kept = len(results.read(folder)[1])
    assert kept == 3
    assert f"Stopped after 3 of 8 games; they are kept in {folder / 'results.jsonl'}." in " ".join(out.output.split())


def test_every_time_says_which_time_it_is(tmp_path):
    folder = tmp_path / "t"
    out = run("toy", "--bots", "random,random", "-p", "2", "-n", "4", "--jobs", "1", "--no-plots", "--out",
              str(folder))
    assert out.exit_code == 0, out.output
    said = " ".join(out.output.split())
    assert re.search(r"\d+ s \(wall clock of this run\), \d+ s of play \(summed over games\)", said), said
    data = json.loads((folder / "results.json").read_text())
    assert "seconds" not in data and data["wall_seconds"] >= 0
    assert data["play_seconds"] == round(sum(g["seconds"] for g in data["games"]), 2)

    report = run("--report", str(folder), "--no-plots")
    assert report.exit_code == 0, report.output
    said = " ".join(report.output.split())
    assert re.search(r"\d+ s of play \(summed over games\)", said) and "wall clock" not in said, said
    data = json.loads((folder / "results.json").read_text())
    assert data["wall_seconds"] is None and data["play_seconds"] == round(sum(g["seconds"] for g in data["games"]), 2)

    again = run("--resume", str(folder), "--no-plots")   # nothing left to play: its own clock, and the games' time
    assert again.exit_code == 0, again.output
    said = " ".join(again.output.split())
    assert re.search(r"\d+ s \(wall clock of this run\), \d+ s of play \(summed over games\)", said), said


@pytest.mark.parametrize("lang, wall, play", [
    ("de", "Wanduhrzeit dieses Laufs", "Spielzeit (über die Partien summiert)"),
    ("fr", "temps réel de cette exécution", "de jeu (additionnées sur les parties)"),
    ("it", "tempo reale di questa esecuzione", "di gioco (sommati sulle partite)"),
    ("ru", "по часам, этот запуск", "игры (в сумме по партиям)"),
])
def test_the_times_are_told_apart_in_every_language(tmp_path, lang, wall, play):
    folder = tmp_path / "t"
    ran = run("toy", "--bots", "random,random", "-p", "2", "-n", "2", "--jobs", "1", "--no-plots", "--out",
              str(folder), LANGUAGE=lang, LC_ALL="", LANG="")
    said = " ".join(ran.output.split())
    assert wall in said and play in said, said
    report = run("--report", str(folder), "--no-plots", LANGUAGE=lang, LC_ALL="", LANG="")
    said = " ".join(report.output.split())
    assert play in said and wall not in said, said


def test_a_bot_that_cannot_play_the_game_is_refused_before_the_folder(folder, monkeypatch):
    """A bot that says at its first move that it plays another table: exit 2 and no folder
    (it used to be found at the first game: a folder with no games)."""
    done = console(folder, "tournament", "norenberc", "--bots", "mypolicy.bot:elsewhere,random", "-p", "2", "-n",
                   "4", "--jobs", "1", "--no-plots", "--out", "t")
    said = " ".join(done.stdout.split())
    assert done.returncode == 2 and "Traceback" not in done.stdout + done.stderr, said
    assert "ValueError: wrong table: norenberc" in said
    assert "(in a trial move before the games: Norenberc, 2 players, seed 1)" in said, said
    assert not (folder / "t").exists()

    monkeypatch.chdir(folder)
    with pytest.raises(BadOption, match="trial move before the games"):
        tournament("toy", ["mypolicy.bot:elsewhere", "random"], 2, 2, jobs=1, out=folder / "api")
    assert not (folder / "api").exists()


class Counted:
    """Remembers every instance made with seed 0 that was asked for a move (a trial's)."""
    tried: list[int] = []

    def __init__(self, seed=0):
        self.seed = seed

    def act(self, seat):
        if not self.seed and id(self) not in Counted.tried:
            Counted.tried.append(id(self))
        return seat.legal()[0]


def test_the_command_tries_each_bot_once(tmp_path):
    """The command checks before its progress bar and the run would check again: the trial
    move (a slow bot's seconds) is played once."""
    Counted.tried = []
    out = run("toy", "--bots", "tests.arena.test_arena_own_bot_review:Counted,random", "-p", "2", "-n", "2",
              "--jobs", "1", "--no-plots", "--out", str(tmp_path / "t"))
    assert out.exit_code == 0, out.output
    assert len(Counted.tried) == 1


@pytest.mark.parametrize("command", ["play", "hint"])
def test_play_and_hint_name_a_raising_bots_own_line_too(folder, command):
    """`play --seats` and `hint` said a bot of one's own that raised in one line without
    the place in its code; play now also says where the game so far was saved."""
    for saved in ("g.json", "failed.json"):   # a new game is never saved over a file that is there
        (folder / saved).unlink(missing_ok=True)
    quit_at_once = subprocess.run([sys.executable, str(folder.parent / "bin" / "reichsstadt"), "play", "norenberc",
                                   "-p", "2", "--seats", "human,random", "--seed", "1", "--save", "g.json"],
                                  cwd=folder, input="q\n", capture_output=True, text=True, timeout=300,
                                  env={**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en"})
    assert quit_at_once.returncode == 0 and (folder / "g.json").exists(), quit_at_once.stdout + quit_at_once.stderr
    args = (["play", "norenberc", "-p", "2", "--seats", "random,mypolicy.bot:always", "--seed", "1", "--save",
             "failed.json"] if command == "play" else ["hint", "g.json", "--bot", "mypolicy.bot:always"])
    at = f"RuntimeError: my bot blew up, at {Path('mypolicy', 'bot.py')}, line {line_of(BOT, 'blew up')}"
    done = console(folder, *args)
    said = " ".join(done.stdout.split())
    assert done.returncode == 2 and "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    assert at in said, said
    if command == "play":
        assert "The game so far is saved to failed.json." in said, said
        assert json.loads((folder / "failed.json").read_text())["moves"], "the moves before the failure are kept"
    (folder / "failed.json").unlink(missing_ok=True)
    debug = console(folder, *args, REICHSSTADT_DEBUG="1")
    shown = debug.stdout + debug.stderr
    assert debug.returncode == 2 and at in " ".join(shown.split()), shown
    assert "Traceback (most recent call last)" in shown and 'raise RuntimeError("my bot blew up")' in shown, shown


def test_a_bot_that_dies_inside_a_library_is_named_by_its_own_line_that_called_it(folder):
    """A bot's error raised inside Python's json module (or NumPy's code) names the bot's
    own line that called it, not the library's."""
    done = console(folder, "simulate", "norenberc", "--bots", "mypolicy.bot:parser,random", "-n", "2", "-p", "2")
    said = " ".join(done.stdout.split())
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"at {Path('mypolicy', 'bot.py')}, line {line_of(BOT, 'dies inside the json module')}" in said, said
    assert "decoder.py" not in said, said
