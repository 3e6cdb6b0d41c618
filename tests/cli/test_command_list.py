"""`reichsstadt --help`: the list of commands gives each one a line of its own on a wide
terminal (a docstring's hard line breaks used to cut tournament's and review's entries
into four ragged lines)."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_each_command_has_one_line_in_the_list():
    said = subprocess.run([sys.executable, "-m", "reichsstadt", "--help"], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "200", "TERM": "dumb"}, timeout=60).stdout
    box = said[said.index("Commands"):]
    rows = [line.strip("│ ").rstrip() for line in box.splitlines()[1:] if line.startswith("│")]
    names = [row.split()[0] for row in rows if re.match(r"[a-z]+\s{2,}\S", row)]
    assert {"play", "tournament", "review", "serve"} <= set(names), said
    assert len(rows) == len(names), said   # no row that only continues the one above


def test_every_commands_usage_line_names_its_arguments_once_bracketed():
    """`games --help` said "Usage: ... games [OPTIONS] [[GAME]]": an optional argument's
    brackets are click's to add, not the metavar's."""
    for command in ("games", "play", "simulate", "replay", "data", "board", "tournament", "hint", "review"):
        said = subprocess.run([sys.executable, "-m", "reichsstadt", command, "--help"], cwd=ROOT, capture_output=True,
                              text=True, env={**os.environ, "COLUMNS": "200", "TERM": "dumb"}, timeout=60).stdout
        usage = next(line for line in said.splitlines() if "Usage:" in line)
        assert "[[" not in usage and "]]" not in usage, (command, usage)
