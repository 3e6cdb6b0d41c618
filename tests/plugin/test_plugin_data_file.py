"""A game from outside reichsstadt/ with a data option: `reichsstadt data GAME --out`
exports the data file bundled in the game's own package (found through the game, not by
building a package path from its id)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMMAND = ("import sys; from reichsstadt.core import register; from tests.plugin.tollgame import GAME; "
           "register(GAME); from reichsstadt.cli import main; sys.argv[0] = 'reichsstadt'; main()")


def reichsstadt(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", COMMAND, *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "COLUMNS": "120", "PYTHONPATH": str(ROOT)}, timeout=120)


def test_data_exports_the_file_bundled_in_the_games_own_package(tmp_path: Path) -> None:
    out = tmp_path / "tolls.json"
    done = reichsstadt("data", "tollgame", "--out", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    assert out.read_text(encoding="utf-8") == (ROOT / "tests" / "plugin" / "tollgame" / "tolls.json").read_text("utf-8")
    checked = reichsstadt("data", "tollgame", "--check", str(out))
    assert checked.returncode == 0 and "valid" in checked.stdout, checked.stdout + checked.stderr
