"""Small inconsistencies a researcher met (s19 research L7): `simulate --bots ""` played
random bots where `tournament --bots ""` refused it; `replay` of a file that is no game
record (a components file) said "record field 'game' must be str, got None"."""

from tests.cli.clihelpers import run


def _said(out):
    return " ".join((out.stdout + out.stderr).split())


def test_an_empty_bots_list_is_refused_by_simulate_as_by_tournament(tmp_path):
    refusal = "Error: --bots names no bot: give one or more, separated by commas (for example --bots medium,random)"
    simulate = run("simulate", "norenberc", "-p", "2", "-n", "2", "--bots", "")
    tournament = run("tournament", "norenberc", "-p", "2", "-n", "2", "--bots", "", "--out", str(tmp_path / "t"))
    assert (simulate.returncode, tournament.returncode) == (2, 2)
    assert refusal in _said(simulate) and refusal in _said(tournament)
    assert not (tmp_path / "t").exists()
    two = run("simulate", "norenberc", "-p", "2", "-n", "2", "--bots", "random,,greedy")   # one of several blank
    assert two.returncode == 2 and "Error: --bots 'random,,greedy': bot 2 of 3 is empty" in _said(two)


def test_replay_of_a_file_that_is_no_game_record_says_so_naming_it(tmp_path):
    components = tmp_path / "mine.json"
    assert run("data", "norenberc", "--out", str(components)).returncode == 0
    out = run("replay", str(components))
    assert out.returncode == 2
    assert f"Error: '{components}' is not a game record: it has neither 'game' nor 'moves'" in _said(out)
    german = run("hint", str(components), env={"LANGUAGE": "de"})
    assert f"'{components}' ist kein Spielprotokoll" in _said(german)
    (tmp_path / "half.json").write_text('{"format": 1, "game": "norenberc"}')
    assert "record field 'players' must be" in _said(run("replay", str(tmp_path / "half.json")))   # a record, broken


def test_simulate_out_replaces_its_own_results_but_not_another_file(tmp_path):
    """A results file is made again by running again, so it is replaced as before; a file
    simulate did not write is not: `--components mine.json --out mine.json` lost the
    edited data file (data --out asks --force for the same reason)."""
    mine = tmp_path / "mine.json"
    assert run("data", "norenberc", "--out", str(mine)).returncode == 0
    edited = mine.read_bytes()
    out = run("simulate", "norenberc", "-p", "2", "-n", "2", "--components", str(mine), "--out", str(mine))
    assert out.returncode == 2
    assert f"Error: --out {mine} exists and is not a results file of simulate" in _said(out)
    assert mine.read_bytes() == edited
    for name in ("r.json", "r.csv"):
        for seed in ("1", "2"):
            again = run("simulate", "norenberc", "-p", "2", "-n", "2", "--seed", seed, "--out", str(tmp_path / name))
            assert again.returncode == 0, _said(again)
    assert (tmp_path / "r.csv").read_text().startswith("seed,seat,score,")
    assert '"seed": 3' in (tmp_path / "r.json").read_text()   # the second run's (seeds 2 and 3)
