"""The `reichsstadt` command run as a user runs it: a real process, real input and files."""

import os
import subprocess
import sys
from pathlib import Path

GAMES = {"norenberc": 3, "siedler": 3, "colonia": 3}   # game id -> a player count for quick runs


ROOT = Path(__file__).resolve().parents[2]
# the test game Fair (tests/terminal/fairgame.py) registered, then the command as installed
FAIR = ("import sys; from reichsstadt.core import register; from tests.terminal.fairgame import GAME; "
        "register(GAME); from reichsstadt.cli import main; sys.argv[0] = 'reichsstadt'; main()")


def run(*args: str, input: str = "", cwd=None, timeout: int = 240, fair: bool = False,
        env: dict | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, COLUMNS="120", NO_COLOR="1", **(env or {}))
    command = [sys.executable, "-c", FAIR] if fair else [sys.executable, "-m", "reichsstadt"]
    out = subprocess.run([*command, *args], input=input, text=True, capture_output=True,
                         cwd=ROOT if fair else cwd, env=env, timeout=timeout)
    assert "Traceback" not in out.stdout + out.stderr, out.stdout + out.stderr   # never, to a user
    return out
