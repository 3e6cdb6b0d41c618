"""Where `simulate` and `tournament` write, as a researcher names it: both make the
folders missing on the way (`--out runs/exp1/...`), only once there is something to
write, and both refuse a path no folder can be made at before any game."""

import json

from .clihelpers import run


def flat(out) -> str:
    return " ".join(out.stdout.split())


def test_simulate_and_tournament_both_make_missing_folders(tmp_path):
    table = tmp_path / "runs" / "exp1" / "sim.csv"
    out = run("simulate", "fair", "--games", "3", "-p", "2", "--out", str(table), fair=True)
    assert out.returncode == 0, out.stdout
    assert table.read_text().startswith("seed,seat,")
    summary = tmp_path / "runs" / "exp2" / "sim.json"
    out = run("simulate", "fair", "--games", "3", "-p", "2", "--out", str(summary), fair=True)
    assert out.returncode == 0 and json.loads(summary.read_text())["summary"]["games"] == 3
    folder = tmp_path / "runs" / "exp3" / "t"
    out = run("tournament", "fair", "--bots", "random,random", "-p", "2", "-n", "2", "--jobs", "1", "--no-plots",
              "--out", str(folder), fair=True)
    assert out.returncode == 0, out.stdout
    assert (folder / "results.jsonl").exists() and (folder / "results.json").exists()


def test_no_folder_is_made_when_the_run_is_refused(tmp_path):
    table = tmp_path / "runs" / "sim.csv"
    out = run("simulate", "fair", "--games", "3", "-p", "2", "--bots", "random,nosuch", "--out", str(table), fair=True)
    assert out.returncode == 2 and "unknown bot 'nosuch'" in flat(out)
    out = run("tournament", "fair", "--bots", "random,random", "-p", "2", "-n", "2", "--jobs", "0", "--no-plots",
              "--out", str(tmp_path / "runs" / "t"), fair=True)
    assert out.returncode == 2 and "--jobs must be at least 1, not 0" in flat(out)
    assert not (tmp_path / "runs").exists()


def test_a_path_under_a_file_is_refused_alike_before_any_game(tmp_path):
    (tmp_path / "notes").write_text("a file, not a folder")
    for command, path in (("simulate", tmp_path / "notes" / "x" / "sim.csv"), ("tournament", tmp_path / "notes" / "t")):
        args = ["--bots", "random,random", "-n", "2"] if command == "tournament" else ["--games", "2"]
        out = run(command, "fair", "-p", "2", *args, "--no-plots" if command == "tournament" else "--seed=1",
                  "--out", str(path), fair=True)
        said = flat(out)
        assert out.returncode == 2, said
        assert f"--out {path}: cannot write there ({tmp_path / 'notes'} is a file, not a folder)" in said
        assert "0/2" not in said                                     # before the progress bar
    assert (tmp_path / "notes").read_text() == "a file, not a folder"


def test_the_help_says_missing_folders_are_made():
    for command in ("simulate", "tournament", "play", "data", "board"):
        out = run(command, "--help")
        assert "missing folders" in flat(out), (command, out.stdout)
