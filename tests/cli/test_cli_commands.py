"""The `reichsstadt` command as a user runs it: a real process, real input and files."""

import json
import shlex

import pytest

import reichsstadt
from reichsstadt.bots import levels

from .clihelpers import GAMES, run


def test_every_game_is_installed():
    assert set(GAMES) <= set(reichsstadt.game_ids())
    out = run("games")
    assert out.returncode == 0
    for gid in GAMES:
        assert gid in out.stdout
    # the bot levels with what each plays and its measured strength, as the lobby shows them (issue 21)
    said = " ".join(out.stdout.split())
    assert "Bot levels (--seats and --bots take their names):" in said
    for gid in GAMES:
        for level in levels.offered(gid):
            said_here = " ".join(levels.describe(level, gid, "en").split())   # split(): a no-break space too
            assert said_here in said, (gid, level)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_bots_only_game_plays_to_the_end_and_saves_a_record_that_replays(game_id, tmp_path):
    n = GAMES[game_id]
    record = tmp_path / "game.json"
    out = run("play", game_id, "--players", str(n), "--seats", ",".join(["greedy"] + ["random"] * (n - 1)),
              "--seed", "11", "--save", str(record))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Final scores" in out.stdout
    data = json.loads(record.read_text())
    assert data["game"] == game_id and data["players"] == n and data["seed"] == 11
    state = reichsstadt.replay(data)
    assert state.over()
    shown = run("replay", str(record))
    assert shown.returncode == 0, shown.stderr
    assert "Final scores" in shown.stdout
    # every score printed at the end of play is the replayed outcome's
    for score in state.outcome().scores:
        assert str(score) in shown.stdout


@pytest.mark.parametrize("game_id", list(GAMES))
def test_human_input_is_checked_and_the_game_saved_on_quit(game_id, tmp_path):
    n = GAMES[game_id]
    record = tmp_path / "q.json"
    # the "y" answers the question a move that cannot be undone asks (or is refused as no move)
    out = run("play", game_id, "--players", str(n), "--seed", "5", "--save", str(record),
              input="hello\n999\nh\nq\n1\ny\nq\n")   # q leaves the help's pager
    assert out.returncode == 0                               # q is a normal end
    assert "'hello' is not a move" in out.stdout
    assert "There is no move 999" in out.stdout
    assert "take back your last step" in out.stdout          # the help
    assert "Game saved to" in out.stdout
    data = json.loads(record.read_text())
    human_moves = [m for s, m in data["moves"] if s == 0]
    assert 1 <= len(human_moves) <= 3                        # the "1" (with any parts of its set), nothing else
    reichsstadt.replay(data)                                 # a partial record still replays


def test_input_ending_saves_the_game(tmp_path):
    record = tmp_path / "eof.json"
    out = run("play", "norenberc", "--players", "2", "--seed", "3", "--save", str(record), input="")
    assert out.returncode == 0                               # Ctrl-D after saving: a normal end
    assert "Input ended" in out.stdout
    assert json.loads(record.read_text())["game"] == "norenberc"


@pytest.mark.parametrize("args, message", [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "norenberc", "--players", "9"], "norenberc is for 2–5 players, not 9"),
    (["play", "norenberc", "--players", "2", "--seats", "human,wizard"], "seat 'wizard' is neither"),
    (["play", "norenberc", "--players", "2", "--seats", "human"], "--seats names 1 seat for 2 players"),
    (["play", "norenberc", "--option", "colour=red"], "norenberc has no option 'colour'"),
    (["play", "norenberc", "--option", "open_planning"], "--option takes key=value"),
    (["play", "norenberc", "--components", "/nonexistent.json"], "does not exist"),
    (["simulate", "norenberc", "--games", "2", "--out", "x.txt"], "one of these endings: .json, .csv"),
    (["replay", "/nonexistent.json"], "record file '/nonexistent.json' does not exist"),
])
def test_bad_input_is_refused_with_a_reason(args, message):
    out = run(*args)
    assert out.returncode == 2
    assert message in " ".join(out.stdout.split())


def test_broken_components_file_is_named(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"guilds": ')
    out = run("play", "norenberc", "--components", str(broken))
    assert out.returncode == 2
    assert "broken.json" in out.stdout and "not valid JSON" in out.stdout


@pytest.mark.parametrize("game_id", list(GAMES))
def test_simulate_reports_and_writes_results(game_id, tmp_path):
    n = GAMES[game_id]
    path = tmp_path / "r.json"
    out = run("simulate", game_id, "--games", "6", "--players", str(n), "--jobs", "2", "--out", str(path))
    assert out.returncode == 0, out.stderr
    assert "Win share" in out.stdout and "Game length in decisions" in out.stdout
    data = json.loads(path.read_text())
    assert data["summary"]["games"] == 6
    assert sum(data["summary"]["wins"]) == pytest.approx(6)
    csv_path = tmp_path / "r.csv"
    assert run("simulate", game_id, "--games", "3", "--players", str(n), "--out", str(csv_path)).returncode == 0
    assert len(csv_path.read_text().strip().splitlines()) == 1 + 3 * n


def test_bench_prints_its_measures():
    out = run("bench", "norenberc", "--players", "3", "--seconds", "0.5", "--json")
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    assert figures["games"] >= 1 and figures["decisions_per_second"] > 0 and figures["clone_microseconds"] > 0
    assert figures["clock"] == "wall" and isinstance(figures["load_average"], float)   # beside the figure


def test_bench_counts_cpu_seconds_on_request_and_refuses_an_unknown_clock():
    """A figure from a busy machine is fair by this process's CPU seconds (the benchmarks'
    --clock cpu), and says the load it was measured under."""
    out = run("bench", "colonia", "--players", "3", "--seconds", "0.3", "--clock", "cpu", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["clock"] == "cpu"
    shown = run("bench", "colonia", "--players", "3", "--seconds", "0.3", "--clock", "cpu")
    assert "load average" in shown.stdout and "cpu" in shown.stdout, shown.stdout
    refused = run("bench", "colonia", "--seconds", "0.3", "--clock", "sundial")
    assert refused.returncode == 2 and "--clock must be one of wall, cpu, not 'sundial'" in refused.stdout + \
        refused.stderr, refused.stdout + refused.stderr


def test_replay_steps_through_a_game(tmp_path):
    record = tmp_path / "g.json"
    assert run("play", "norenberc", "--players", "2", "--seats", "random,random", "--seed", "2",
               "--save", str(record)).returncode == 0
    total = len(json.loads(record.read_text())["moves"])
    out = run("replay", str(record), "--step", "--seat", "1", input="\n\n5\nx\n99999\ne\nq\n")
    assert out.returncode == 0, out.stderr
    assert "[2/" in out.stdout and f"[5/{total}]" in out.stdout
    assert "'x' is not a step command" in out.stdout
    assert f"the record has moves 1 to {total}" in out.stdout
    assert "Final scores" in out.stdout


def test_a_quit_game_resumes_where_it_stopped(tmp_path):
    record = tmp_path / "r.json"
    assert run("play", "norenberc", "-p", "3", "--seed", "2", "--save", str(record),
               input="1\ny\nq\n").returncode == 0
    before = json.loads(record.read_text())["moves"]
    out = run("play", "norenberc", "--resume", str(record), input="1\ny\n1\ny\nq\n")
    assert out.returncode == 0 and f"Resuming Norenberc after {len(before)} moves" in out.stdout
    after = json.loads(record.read_text())["moves"]
    assert after[:len(before)] == before                         # nothing lost
    mine = lambda moves: len([1 for s, _ in moves if s == 0])    # noqa: E731
    assert mine(after) > mine(before) >= 1                        # and the resumed game went on
    reichsstadt.replay(json.loads(record.read_text()))
    wrong = run("play", "colonia", "--resume", str(record))
    assert wrong.returncode == 2 and "is a game of norenberc, not colonia" in wrong.stdout


def test_an_owner_exports_corrects_checks_and_plays_with_their_own_data(tmp_path):
    """Owners of the physical game: export the bundled file, correct a tile, check, play."""
    mine = tmp_path / "mine.json"
    assert run("data", "norenberc", "--out", str(mine)).returncode == 0
    data = json.loads(mine.read_text())
    data["guilds"][0]["artisans"][0]["value"] = 3          # "my Brewer tile says 3"
    mine.write_text(json.dumps(data))
    ok = run("data", "norenberc", "--check", "mine.json", cwd=tmp_path)
    assert ok.returncode == 0 and "mine.json is a valid norenberc components file" in ok.stdout   # the path as given
    record = tmp_path / "g.json"
    assert run("play", "norenberc", "-p", "2", "--seats", "random,random", "--seed", "4",
               "--components", str(mine), "--save", str(record)).returncode == 0
    saved = json.loads(record.read_text())
    assert saved["options"]["components"]["guilds"][0]["artisans"][0]["value"] == 3
    mine.unlink()                                          # the record carries the data itself
    assert reichsstadt.replay(saved).over()

    del data["guilds"][0]["artisans"][1]
    mine.write_text(json.dumps(data))
    bad = run("data", "norenberc", "--check", str(mine))
    assert bad.returncode == 2 and "guilds[0].artisans" in " ".join(bad.stdout.split())


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_bundled_data_file_exports_and_validates(game_id, tmp_path):
    path = tmp_path / "d.json"
    assert run("data", game_id, "--out", str(path)).returncode == 0
    out = run("data", game_id, "--check", str(path))
    assert out.returncode == 0, out.stdout
    assert run("data", game_id).returncode == 2


@pytest.mark.parametrize("game_id", list(GAMES))
def test_players_are_called_by_their_names_everywhere(game_id, tmp_path):
    """Engines say "Player 2"; at a table of Ann, Bob and Cyd the screen says their names."""
    out = run("play", game_id, "-p", "3", "--seats", "random,random,random", "--names", "Ann,Bob,Cyd",
              "--seed", "3", "--save", str(tmp_path / "g.json"))
    assert out.returncode == 0
    assert "Ann" in out.stdout and "Cyd" in out.stdout
    assert "Player 1" not in out.stdout and "Player 3" not in out.stdout


@pytest.mark.parametrize("game_id", list(GAMES))
def test_replay_uses_the_names_the_game_had_and_calls_only_the_reader_you(game_id, tmp_path):
    record = tmp_path / "g.json"
    run("play", game_id, "-p", "3", "--seed", "8", "--save", str(record), input="1\ny\n1\ny\n1\ny\nq\n")
    # the default bots are the medium level (as the lobby's); two bots of one kind have
    # names of their own (bots.levels.seat_names)
    assert json.loads(record.read_text())["names"] == ["Player 1", "Medium bot 1", "Medium bot 2"]
    spectator = run("replay", str(record))
    assert spectator.returncode == 0 and "You" not in spectator.stdout and "Player 1:" in spectator.stdout
    own = run("replay", str(record), "--seat", "1")
    assert "You:" in own.stdout and "Player 1:" not in own.stdout
    assert "Medium bot 1:" in own.stdout and "Medium bot 2:" in own.stdout


def test_the_resume_command_it_gives_keeps_the_second_human_and_the_language(tmp_path):
    record = tmp_path / "hot seat.json"                         # a space: the path is quoted
    out = run("play", "norenberc", "-p", "3", "--seats", "human,human,greedy", "--lang", "de", "--seed", "2",
              "--save", str(record), input="\nq\n")
    assert out.returncode == 0
    said = " ".join(out.stdout.split())
    command = f"reichsstadt play norenberc --resume '{record}' --seats human,human,greedy --lang de"
    assert command in said, said
    args = shlex.split(command)[1:]
    again = run(*args, input="\nq\n")                           # as the player would paste it
    assert again.returncode == 0
    assert "Gib den Bildschirm an Spieler 1 weiter" in again.stdout   # seat 2 is a person still, in German
    plain = run("play", "norenberc", "-p", "3", "--seed", "2", "--save", str(tmp_path / "plain.json"),
                input="q\n")
    plain_said = " ".join(plain.stdout.split())
    assert f"--resume {tmp_path / 'plain.json'}" in plain_said and "--seats" not in plain_said   # defaults: none


@pytest.mark.parametrize("args, line", [
    (["play", "norenberc", "--sed", "3"],
     "Error: There is no option --sed. Did you mean --save, --seats, --seed? (reichsstadt play --help lists what "
     "it takes.)"),
    (["play", "norenberc", "--seed", "abc", "--lang", "de"],
     "Fehler: --seed braucht eine Zahl, nicht „abc“. (reichsstadt play --help zeigt, was es braucht.)"),
    (["replay", "--lang=fr"], "Erreur\u00a0: FILE manque. (reichsstadt replay --help indique ce qu'il accepte.)"),
    (["play", "norenberc", "--lang", "ru", "--bogus"],
     "Ошибка: Параметра --bogus нет. (reichsstadt play --help перечисляет, что он принимает.)"),
])
def test_a_command_line_the_parser_refuses_is_one_line_in_the_language(args, line):
    out = run(*args, fair=True)                                 # fair: the command is called 'reichsstadt'
    assert out.returncode == 2
    assert out.stdout.strip() == line and out.stderr == ""      # not typer's English box on stderr


def test_help_is_still_help():
    out = run("play", "--help")
    assert out.returncode == 0 and "--resume" in out.stdout
    bare = run()
    assert "play" in bare.stdout + bare.stderr and "Usage" in bare.stdout + bare.stderr


@pytest.mark.parametrize("args, message", [
    (["play", "chess", "--lang", "de"], "Fehler: ein Spiel „chess“ gibt es nicht; installiert sind: "),
    (["play", "norenberc", "-p", "9", "--lang", "fr"], "Erreur\u00a0: norenberc se joue de 2 à 5 joueurs, pas 9"),
    (["play", "norenberc", "--resume", "/nonexistent.json", "--lang", "it"],
     "Errore: il file di registrazione '/nonexistent.json' non esiste"),
    (["replay", "/tmp", "--lang", "ru"], "Ошибка: «/tmp» — папка, а не файл записи"),
])
def test_a_wrong_game_count_or_record_path_is_said_in_the_language(args, message):
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout.startswith(message), out.stdout


@pytest.mark.parametrize("names, message", [
    (",Bo,Cy", "Error: --names: a name has 1 to 24 characters; name 1 has 0"),
    ("Ann,Bo," + "Z" * 25, "Error: --names: a name has 1 to 24 characters; name 3 has 25"),
    ("Ann,Bo,bo", "Error: --names gives 'bo' twice; each player needs a name of their own"),
])
def test_every_player_has_a_name_of_their_own(names, message, tmp_path):
    out = run("play", "norenberc", "-p", "3", "--names", names, "--save", str(tmp_path / "g.json"))
    assert out.returncode == 2 and out.stdout.strip() == message
    assert not (tmp_path / "g.json").exists()
