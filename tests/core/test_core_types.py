"""The shared code (contract, arena, bots, terminal, CLI) and the typed engines type-check:
every engine, bot and adapter is written against these signatures."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ["reichsstadt/core", "reichsstadt/i18n", "reichsstadt/arena", "reichsstadt/bots", "reichsstadt/terminal", "reichsstadt/cli.py",
           "reichsstadt/games/norenberc", "reichsstadt/games/colonia", "reichsstadt/games/siedler",
           "reichsstadt/interop"]


def test_shared_code_and_engines_type_check():
    out = subprocess.run([sys.executable, "-m", "mypy", *CHECKED], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
