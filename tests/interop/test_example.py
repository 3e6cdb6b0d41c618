"""The worked example, as the README's research section runs it: the NumPy REINFORCE
policy trains, is saved, and plays a seat-rotated tournament as a bot by import path."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_train_save_and_rank_the_policy_in_a_tournament(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, str(ROOT / "examples" / "reinforce_numpy.py"), "--game", "norenberc",
                          "--players", "2", "--episodes", "16", "--eval-every", "8", "--eval-games", "4",
                          "--csv", str(tmp_path / "curve.csv")], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    saved = tmp_path / "reinforce-norenberc.npz"
    assert saved.exists() and "linear_policy,random" in run.stdout
    env = {**os.environ, "REICHSSTADT_POLICY": str(saved)}
    spec = "reichsstadt.interop.bots:linear_policy"
    # The commands the example prints, one after the other in one folder, as a user pastes
    # them (fewer games, no plots): each ranks the policy in a folder of its own.
    printed = [shlex.split(line) for line in run.stdout.splitlines() if line.startswith("  REICHSSTADT_POLICY=")]
    assert len(printed) == 2
    for command in printed:
        policy, python, *args = command
        assert policy == f"REICHSSTADT_POLICY={saved.name}" and python == "python3"
        args[args.index("-n") + 1] = "4"
        tour = subprocess.run([sys.executable, *args, "--no-plots", "-j", "1"], cwd=tmp_path, env=env,
                              capture_output=True, text=True)
        assert tour.returncode == 0, tour.stdout + tour.stderr
        result = json.loads((tmp_path / args[args.index("--out") + 1] / "results.json").read_text(encoding="utf-8"))
        mine = next(row for row in result["summary"] if row["bot"] == spec)
        assert mine["seats"] == 4 and len(result["games"]) == 4
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    missing = subprocess.run([sys.executable, "-m", "reichsstadt", "tournament", "norenberc", "-p", "2", "-n", "2",
                              "--bots", f"{spec},random", "--out", str(tmp_path / "u"), "--no-plots", "-j", "1"],
                             cwd=elsewhere, env={k: v for k, v in env.items() if k != "REICHSSTADT_POLICY"},
                             capture_output=True, text=True)
    assert missing.returncode == 2 and "no policy file reinforce-norenberc.npz" in missing.stdout + missing.stderr


def test_training_reproduces_exactly(tmp_path: Path) -> None:
    """Two runs of the example with the same arguments learn the same weights and the same
    learning curve (win rates; only the CPU seconds column is a measurement)."""
    import csv

    import numpy as np

    runs = []
    for name in ("first", "second"):
        where = tmp_path / name
        where.mkdir()
        run = subprocess.run([sys.executable, str(ROOT / "examples" / "reinforce_numpy.py"), "--game", "norenberc",
                              "--players", "2", "--episodes", "12", "--eval-every", "6", "--eval-games", "3",
                              "--csv", "curve.csv"], cwd=where, capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        with open(where / "curve.csv", encoding="utf-8") as f:
            curve = [(row["episode"], row["win_rate"], row["random_policy_win_rate"]) for row in csv.DictReader(f)]
        with np.load(where / "reinforce-norenberc.npz") as saved:
            runs.append((curve, saved["weights"].copy(), saved["bias"].copy()))
    (curve_a, weights_a, bias_a), (curve_b, weights_b, bias_b) = runs
    assert curve_a == curve_b and len(curve_a) == 3
    assert np.array_equal(weights_a, weights_b) and np.array_equal(bias_a, bias_b)
    assert np.any(weights_a != 0)   # it learned something to compare
