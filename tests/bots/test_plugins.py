"""Your own bot everywhere (issue 20): a bot from the entry-point group `reichsstadt.bots`
(installed as pip installs a package: a dist-info with entry_points.txt on the path) or
from a "package.module:factory" path on the command line; the server's switch that
refuses paths; a clear error for each way it can go wrong."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

from reichsstadt.bots import bot_names, check_bot, make_bot
from reichsstadt.core import BadOption, Match

BOT_MODULE = textwrap.dedent('''
    """A bot of someone else's: always the last legal move."""


    class LastMove:
        name = "last-move"

        def __init__(self, seed=0, game=None):
            self.seed, self.game = seed, game

        def act(self, seat):
            return seat.legal()[-1]


    def make(seed):
        return LastMove(seed)


    def broken(seed):
        raise RuntimeError("no weights file")


    def nothing():
        return 42


    def leaves(seed):
        raise SystemExit(3)


    class Exploding:
        def act(self, seat):
            raise ValueError("act exploded")


    class Stale:
        """Plays the first move it ever saw, again and again."""
        name = "stale"

        def __init__(self, seed=0):
            self.first = None

        def act(self, seat):
            self.first = self.first or seat.legal()[-1]
            return self.first


    READY = LastMove()
''')


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """A package `mybots` installed on the path with two bots declared in the group."""
    (tmp_path / "mybots.py").write_text(BOT_MODULE)
    info = tmp_path / "mybots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mybots\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[reichsstadt.bots]\nlast = mybots:LastMove\nflaky = mybots:broken\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("mybots", None)
    yield tmp_path
    sys.modules.pop("mybots", None)


def _seat():
    match = Match("norenberc", 3, 4)
    match.resolve_chance()
    return match.seat(match.state.to_act()[0])


def test_an_installed_bot_is_known_by_its_name_and_offered(installed):
    seat = _seat()
    bot = make_bot("last", 7, "norenberc")
    assert type(bot).__name__ == "LastMove" and bot.seed == 7 and bot.game == "norenberc"
    assert bot.name == "last-move"                      # its own name is kept
    assert bot.act(seat) is seat.legal()[-1]
    assert "last" in bot_names() and "last" in bot_names("norenberc")
    assert check_bot("last") == "last"


def test_an_installed_bot_is_accepted_where_import_paths_are_not(installed):
    """The server passes imports=False: installed bots only."""
    assert type(make_bot("last", 1, imports=False)).__name__ == "LastMove"
    with pytest.raises(BadOption, match=r"not taken by import path here, only installed ones .*: last, flaky"):
        make_bot("mybots:make", 1, imports=False)
    with pytest.raises(BadOption, match="not taken by import path"):
        check_bot("mybots:LastMove", imports=False)


def test_import_paths_make_bots_from_a_factory_a_class_or_a_ready_object(installed):
    seat = _seat()
    for path in ("mybots:make", "mybots:LastMove", "mybots:READY"):
        bot = make_bot(path, 3)
        assert bot.act(seat) is seat.legal()[-1]
    assert make_bot("mybots:make", 3).seed == 3
    assert check_bot("mybots:LastMove") == "mybots:LastMove"   # the case of a path is kept


@pytest.mark.parametrize("spec, words", [
    ("nowhere.at_all:make", r"bot 'nowhere.at_all:make': module nowhere.at_all cannot be imported: "
                            r"ModuleNotFoundError"),
    ("mybots:missing", r"bot 'mybots:missing': mybots has no 'missing'"),
    ("mybots:broken", r"bot 'mybots:broken': its factory raised RuntimeError: no weights file"),
    ("mybots:nothing", r"bot 'mybots:nothing': int is no bot: it has no act\(seat\) method"),
    ("mybots:leaves", r"bot 'mybots:leaves': its factory raised SystemExit: 3"),
    ("flaky", r"installed bot 'flaky' \(mybots:broken\): its factory raised RuntimeError: no weights file"),
    ("lastt", r"unknown bot 'lastt'; bots: easy, medium, hard, expert, .*installed: last, flaky"),
])
def test_every_way_a_bot_can_fail_is_one_clear_error(installed, spec, words):
    with pytest.raises(BadOption, match=words):
        make_bot(spec, 1)


@pytest.mark.parametrize("spec, words", [
    ("nowhere.at_all:make", "Bot 'nowhere.at_all:make': Modul nowhere.at_all lässt sich nicht importieren: "
                            "ModuleNotFoundError"),
    ("mybots:missing", "Bot 'mybots:missing': mybots hat kein 'missing'"),
    ("mybots:nothing", "Bot 'mybots:nothing': int ist kein Bot: es hat keine Methode act(seat)"),
    ("flaky", "installierter Bot 'flaky' (mybots:broken): seine Fabrikfunktion löste RuntimeError: no weights file"),
])
def test_a_bot_that_fails_to_load_is_said_in_the_readers_language(installed, spec, words):
    """The words around a bot's own error speak the reader's language (Python's own words
    and the bot's are its author's)."""
    from reichsstadt.i18n import render

    with pytest.raises(BadOption) as got:
        make_bot(spec, 1)
    assert got.value.message is not None and render(got.value.message, "de").startswith(words)


def test_a_bots_refused_move_is_said_in_the_readers_language(installed):
    from reichsstadt.i18n import render

    with pytest.raises(BadOption) as got:
        Match("norenberc", 3, 5).advance({0: make_bot("random", 1), 1: make_bot("mybots:Stale", 2),
                                          2: make_bot("random", 3)})
    said = render(got.value.message, "de")
    assert said.startswith("Bot 'stale' (Platz 2): sein act() gab einen Zug zurück, den die Regeln nicht erlauben: ")
    assert "refuse" not in said


def test_an_import_path_bot_plays_a_tournament_and_a_hint(installed):
    from reichsstadt.arena.tournament import tournament
    from reichsstadt.bots.hint import hint_for

    result = tournament("norenberc", ["mybots:LastMove", "random"], 2, 4, seed=2, jobs=1)
    assert {s.bot for s in result.summary} == {"mybots:LastMove", "random"}
    assert sum(s.wins for s in result.summary) == pytest.approx(4)
    seat = _seat()
    out = hint_for(seat._state, seat.seat, "mybots:make")
    assert out["action_json"] == seat.legal()[-1].to_json() and out["win"] is None


def test_the_command_line_takes_installed_bots_and_paths(installed, tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), os.environ.get("PYTHONPATH", "")])}
    cmd = [sys.executable, "-m", "reichsstadt"]
    out = subprocess.run([*cmd, "tournament", "norenberc", "--bots", "last,mybots:make,greedy", "-p", "3", "-n", "3",
                          "--jobs", "1", "--no-plots", "--out", str(tmp_path / "t")], env=env, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stderr
    data = json.loads((tmp_path / "t" / "results.json").read_text())
    assert [s["bot"] for s in data["summary"]] != [] and {"last", "mybots:make"} <= {s["bot"] for s in data["summary"]}
    out = subprocess.run([*cmd, "simulate", "norenberc", "-p", "2", "--games", "2", "--bots", "mybots:LastMove,last"],
                         env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    out = subprocess.run([*cmd, "tournament", "norenberc", "--bots", "mybots:nothing,random", "-n", "2", "--no-plots",
                          "--out", str(tmp_path / "u")], env=env, capture_output=True, text=True)
    assert out.returncode == 2 and "int is no bot" in out.stderr + out.stdout and "Traceback" not in out.stderr
    assert not (tmp_path / "u").exists()


def test_a_bot_of_ones_own_that_raises_in_act_is_named_not_taken_for_ours(installed):
    """A failure inside a foreign bot's act() is said as that bot's (the command line
    prints it as one line, not as an internal error); one of ours raises as it is."""
    from reichsstadt.bots.random_bot import RandomBot

    match = Match("norenberc", 2, 5)
    bot = make_bot("mybots:Exploding", 1)
    with pytest.raises(BadOption, match=r"bot 'mybots:Exploding': its act\(\) raised ValueError: act exploded"):
        match.advance({0: bot, 1: bot})

    class Ours(RandomBot):
        def act(self, seat):
            raise ValueError("our own bug")
    Ours.__module__ = "reichsstadt.bots.random_bot"   # as if it were one of ours
    with pytest.raises(ValueError, match="our own bug"):
        Match("norenberc", 2, 5).advance({0: Ours(1), 1: Ours(2)})


def test_the_command_line_says_whose_act_failed(installed, tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), os.environ.get("PYTHONPATH", "")])}
    for jobs in ("1", "2"):
        out = subprocess.run([sys.executable, "-m", "reichsstadt", "simulate", "norenberc", "-p", "2", "--games", "2",
                              "--jobs", jobs, "--bots", "mybots:Exploding,random"], env=env, capture_output=True,
                             text=True)
        said = out.stdout + out.stderr
        assert out.returncode == 2 and "bot 'mybots:Exploding': its act() raised ValueError: act exploded" in said
        assert "Internal error" not in said and "Traceback" not in said


def test_a_move_the_rules_refuse_names_the_bot_of_ones_own_that_made_it(installed, tmp_path):
    """A foreign bot's illegal move is refused with the rules' reason and the bot's name
    and seat, in `simulate` (one process or two) and `tournament`; nothing is written."""
    match = Match("norenberc", 3, 5)
    with pytest.raises(BadOption, match=r"bot 'stale' \(seat 2\): its act\(\) returned a move the rules refuse: "):
        match.advance({0: make_bot("random", 1), 1: make_bot("mybots:Stale", 2), 2: make_bot("random", 3)})
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), os.environ.get("PYTHONPATH", "")])}
    runs = [["simulate", "norenberc", "-p", "3", "--games", "2", "--jobs", jobs, "--bots", "random,mybots:Stale,random",
             "--out", str(tmp_path / f"s{jobs}.json")] for jobs in ("1", "2")]
    runs.append(["tournament", "norenberc", "-p", "3", "--games", "3", "--bots", "mybots:Stale,random,random",
                 "--out", str(tmp_path / "t"), "--no-plots"])
    for args in runs:
        out = subprocess.run([sys.executable, "-m", "reichsstadt", *args], env=env, capture_output=True, text=True)
        said = out.stdout + out.stderr
        assert out.returncode == 2 and "bot 'stale' (seat " in said and "the rules refuse" in said, said
        assert "Internal error" not in said and "Traceback" not in said
    assert not (tmp_path / "s1.json").exists() and not (tmp_path / "s2.json").exists()


def test_an_illegal_move_of_ours_or_a_persons_is_not_blamed_on_a_bot(installed):
    """Only a foreign bot's move is said as the bot's; one of our bots' stays the rules'
    refusal as it is (our bug, not the user's)."""
    from reichsstadt.bots.random_bot import RandomBot
    from reichsstadt.core import IllegalAction

    class Ours(RandomBot):
        def act(self, seat):
            return None
    Ours.__module__ = "reichsstadt.bots.random_bot"
    with pytest.raises(IllegalAction):
        Match("norenberc", 2, 5).advance({0: Ours(1), 1: Ours(2)})
