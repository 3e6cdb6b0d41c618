"""A tournament or simulation with a broken data file is refused before anything starts:
no folder, no results file, no progress bar (it used to make a folder whose header held
the broken data, that could neither be resumed nor run again)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from reichsstadt.arena.tournament import tournament
from reichsstadt.core import ReichsstadtError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def broken(tmp_path):
    data = json.loads((ROOT / "reichsstadt/games/norenberc/components.json").read_text(encoding="utf-8"))
    del data["start_money"]
    path = tmp_path / "fixme.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "reichsstadt", *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "200"}, timeout=120)


def test_a_tournament_with_broken_data_makes_no_folder(tmp_path, broken):
    folder = tmp_path / "t"
    with pytest.raises(ReichsstadtError, match="start_money"):
        tournament("norenberc", ["random", "random"], 2, 2, options={"components": str(broken)}, jobs=1, out=folder)
    assert not folder.exists()
    for flags in (["-o", f"components={broken}"], ["--components", str(broken)]):
        done = _cli("tournament", "norenberc", "--bots", "random,random", "-p", "2", "-n", "2", "--no-plots",
                    "--out", str(folder), *flags)
        said = done.stdout + done.stderr
        assert done.returncode == 2 and "start_money" in said, said
        assert said.startswith("Error:") and "Stopped" not in said and "0/2" not in said, said
        assert not folder.exists()


def test_simulate_with_broken_data_draws_no_progress_bar(broken):
    done = _cli("simulate", "norenberc", "-p", "2", "-n", "3", "--components", str(broken))
    said = done.stdout + done.stderr
    assert done.returncode == 2 and "start_money" in said and said.startswith("Error:"), said
    assert "0/3" not in said
