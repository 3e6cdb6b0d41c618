"""`reichsstadt tournament` and `reichsstadt hint`, run as a user runs them (through a
Typer app holding the two commands, as cli.py registers them)."""

import json
import re

import pytest
import typer
from typer.testing import CliRunner

from reichsstadt.arena.commands import hint, tournament
from reichsstadt.bots import make_bot
from reichsstadt.core import BadOption, Match, replay
from reichsstadt.core.registry import register

from tests.core.toygame import GAME as TOY

register(TOY)

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command()(tournament)
app.command()(hint)


def run(*args):
    return CliRunner().invoke(app, list(args), catch_exceptions=False, env={"COLUMNS": "160"})


def test_tournament_command_prints_the_table_and_writes_results_and_plots(tmp_path):
    out = run("tournament", "toy", "--bots", "random,mcts:10", "--players", "2", "--games", "5",
              "--jobs", "2", "--out", str(tmp_path / "t"))
    assert out.exit_code == 0, out.output
    assert "6 games (2 seat rotations × 3 seeds)" in out.output  # 5 rounded up to whole rotations
    for word in ("win share", "95 % interval", "vs fair 50%", "mean rank", "mcts:10", "random"):
        assert word in out.output
    data = json.loads((tmp_path / "t" / "results.json").read_text())
    assert len(data["games"]) == 6 and {s["bot"] for s in data["summary"]} == {"random", "mcts:10"}
    assert (tmp_path / "t" / "ratings.png").exists() and (tmp_path / "t" / "scores.png").exists()


def test_tournament_speaks_the_readers_language(tmp_path):
    """The table, the verdicts, the files written and the line of a stopped tournament in
    the environment's language, as simulate's table and every refusal are."""
    def in_german(*args):
        return CliRunner().invoke(app, list(args), catch_exceptions=False,
                                  env={"COLUMNS": "200", "LANGUAGE": "de", "LC_ALL": "", "LANG": ""})

    out = in_german("tournament", "toy", "--bots", "random,random", "--players", "2", "--games", "4",
                    "--jobs", "1", "--out", str(tmp_path / "t"), "--no-plots")
    assert out.exit_code == 0, out.output
    for words in ("4 Partien (2 Sitzrotationen × 2 Seeds)", "Siegquote", "Intervall", "im Rahmen",
                  "Rang", f"Geschrieben: {tmp_path / 't' / 'results.jsonl'}"):
        assert words in out.output, out.output
    for english in ("win share", "mean rank", "within", "Written"):
        assert english not in out.output

    from tests.arena.test_arena_stopping import LateBoom

    LateBoom.acts = 0   # it fails at its 12th decision in this process
    with pytest.raises(BadOption) as failed:
        in_german("tournament", "toy", "--bots", "tests.arena.test_arena_stopping:LateBoom,random", "--players",
                  "2", "--games", "8", "--jobs", "1", "--out", str(tmp_path / "late"), "--no-plots")
    said = " ".join(" ".join(failed.value.__notes__).split())
    assert re.fullmatch(rf"Angehalten nach \d von 8 Partien; sie bleiben in {re.escape(str(tmp_path))}\S+\. "
                        rf"Weiter mit: reichsstadt tournament --resume {re.escape(str(tmp_path / 'late'))}", said), said


def test_tournament_command_refuses_an_unknown_bot(tmp_path):
    with pytest.raises(BadOption, match="unknown bot 'alphago'"):
        run("tournament", "toy", "--bots", "random,alphago", "--players", "2", "--games", "2",
            "--out", str(tmp_path / "t"), "--no-plots")
    assert not (tmp_path / "t").exists()


@pytest.mark.parametrize("bots, which", [(",,random", "bot 1 of 3"), ("random,,greedy", "bot 2 of 3"),
                                         ("random,", "bot 2 of 2")])
def test_an_empty_bot_name_is_refused_not_dropped_or_counted(tmp_path, bots, which):
    """`--bots ",,random"`: an empty name (a comma too many) is one error naming its place,
    in `tournament` as in `simulate`, before a game is played or a file written."""
    import subprocess
    import sys

    for command in (["tournament", "norenberc", "--out", str(tmp_path / "t"), "--games", "3"],
                    ["simulate", "norenberc", "--out", str(tmp_path / "s.json"), "--games", "2"]):
        out = subprocess.run([sys.executable, "-m", "reichsstadt", *command, "-p", "3", "--bots", bots],
                             capture_output=True, text=True)
        said = out.stdout + out.stderr
        assert out.returncode == 2 and f"--bots {bots!r}: {which} is empty" in said, said
        assert "0/" not in said, "the error comes before any progress bar"
    assert not (tmp_path / "t").exists() and not (tmp_path / "s.json").exists()


def test_tournament_says_a_bad_bot_or_option_before_its_progress_bar(tmp_path):
    import subprocess
    import sys

    for extra, said in ((["--bots", "random,bogus,random"], "unknown bot 'bogus'"),
                        (["--bots", "random,random,random", "-o", "nosuch=1"], "no option 'nosuch'")):
        out = subprocess.run([sys.executable, "-m", "reichsstadt", "tournament", "norenberc", "-p", "3",
                              "--games", "3", "--out", str(tmp_path / "t"), *extra], capture_output=True, text=True)
        assert out.returncode == 2 and said in out.stdout + out.stderr
        assert "0/3" not in out.stdout + out.stderr
    assert not (tmp_path / "t").exists()


@pytest.mark.parametrize("game_id", ["norenberc", "siedler", "colonia"])
def test_tournament_command_seats_greedy_at_every_game(tmp_path, game_id):
    out = run("tournament", game_id, "--bots", "greedy,random", "--players", "2" if game_id == "norenberc" else "3",
              "--games", "2", "--jobs", "1", "--out", str(tmp_path / "t"), "--no-plots")
    assert out.exit_code == 0, out.output
    data = json.loads((tmp_path / "t" / "results.json").read_text())
    assert {s["bot"] for s in data["summary"]} == {"greedy", "random"}


def test_tournament_command_refuses_greedy_where_a_game_has_no_heuristic(tmp_path):
    with pytest.raises(BadOption, match="no greedy"):
        run("tournament", "toy", "--bots", "greedy,random", "--players", "2", "--games", "2",
            "--out", str(tmp_path / "t"), "--no-plots")


def _saved_game(tmp_path, moves=30):
    match = Match("norenberc", 3, 8, names=["Ann", "Bob", "Cy"])
    rnd = make_bot("random", 3)
    waiting = match.advance({1: rnd, 2: rnd})
    for _ in range(moves):
        match.play(0, rnd.act(match.seat(0)))
        waiting = match.advance({1: rnd, 2: rnd})
    assert waiting == (0,)
    path = tmp_path / "game.json"
    match.record.save(path)
    return path


def test_hint_shows_the_move_in_words_with_its_estimate(tmp_path):
    path = _saved_game(tmp_path)
    out = run("hint", str(path), "--bot", "mcts:60")
    assert out.exit_code == 0, out.output
    assert "would play for Ann (seat 1):" in out.output
    as_json = json.loads(run("hint", str(path), "--bot", "mcts:60", "--json").stdout)
    # Norenberc's search rolls out its candidates in whole rounds: 60 playouts or a few more
    playouts = as_json["estimate"]["iterations"]
    assert 60 <= playouts < 70
    assert "estimated win chance" in out.output and f"of {playouts} playouts" in out.output
    state = replay(json.loads(path.read_text()))
    assert as_json["action_json"] in [a.to_json() for a in state.legal(0)]
    assert as_json["text"] in out.output  # the same seed and budget: the same hint


def test_hint_speaks_the_readers_language(tmp_path):
    """A player's command: the move, its estimate and the others the bot weighed, in the
    language asked for (it was English in every language)."""
    path = _saved_game(tmp_path)
    german = " ".join(run("hint", str(path), "--bot", "mcts:60", "--lang", "de").output.split())
    assert "würde mcts:60 für Ann (Platz 1) spielen:" in german and "geschätzte Gewinnchance" in german, german
    assert "Simulationen" in german and "would play" not in german and "playouts" not in german
    russian = " ".join(run("hint", str(path), "--bot", "mcts:60", "--lang", "ru").output.split())
    assert "сыграл бы за Ann (место 1):" in russian and "оценка шанса на победу" in russian, russian
    assert not set(re.findall(r"[A-Za-z]+", russian)) - {"mcts", "Ann", "Bob", "Cy"}, russian


def test_hint_refuses_a_finished_game_and_a_seat_that_does_not_decide(tmp_path):
    path = _saved_game(tmp_path, moves=2)
    with pytest.raises(BadOption, match="seat 2 has no decision to make"):
        run("hint", str(path), "--seat", "2")
    match = Match("norenberc", 2, 1)
    rnd = make_bot("random", 1)
    match.run({0: rnd, 1: rnd})
    match.record.save(tmp_path / "over.json")
    with pytest.raises(BadOption, match="is over"):
        run("hint", str(tmp_path / "over.json"))


class FirstMoveOfAVeryPatientResearchAgent:
    """A bot named on the command line by a long import path."""

    def act(self, seat):
        return seat.legal()[0]


LONG = "tests.arena.test_arena_commands:FirstMoveOfAVeryPatientResearchAgent"


@pytest.mark.parametrize("width", [80, 120, 250])
def test_the_table_names_every_bot_in_full_at_any_width(width, monkeypatch):
    """An import path cut to "tests.arena.te…" names nothing: where the table does not fit
    with the names in it, its rows carry letters and a legend names each bot in full."""
    import io

    from rich.console import Console

    from reichsstadt.arena import commands
    from reichsstadt.arena.tournament import tournament as play

    result = play("toy", [LONG, "random"], 2, 4, seed=3, jobs=1)
    shown = io.StringIO()
    monkeypatch.setattr(commands, "console", Console(file=shown, width=width))
    commands._print_result(result)
    lines = shown.getvalue().splitlines()
    named = [line for line in lines if LONG in line]
    assert len(named) == 1 and all(len(line) <= width for line in lines)
    in_row = named[0].startswith("│ " + LONG)
    assert in_row == (width == 250)        # 80 and 120 columns: too narrow for this name beside the figures
    if not in_row:                         # in a legend, its row lettered
        letter, name = named[0].split()
        assert name == LONG and any(line.startswith(f"│ {letter} ") for line in lines)
