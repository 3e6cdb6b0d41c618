"""A tournament whose results.jsonl cannot take a game (a full disk) names the file and
says how to go on, as a stop by Ctrl-C does; the error is one line, no traceback."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FULL_AFTER_THREE = """
import os, sys
real, calls = os.fsync, [0]
def fsync(fd):
    calls[0] += 1
    if calls[0] > 3:
        raise OSError(28, "No space left on device")
    return real(fd)
os.fsync = fsync
from reichsstadt.cli import main
sys.argv[0] = "reichsstadt"
main()
"""


def test_a_full_disk_names_the_results_file_and_how_to_resume(tmp_path):
    folder = tmp_path / "t"
    done = subprocess.run([sys.executable, "-c", FULL_AFTER_THREE, "tournament", "norenberc", "--bots",
                           "random,random", "-p", "2", "-n", "8", "--jobs", "1", "--no-plots", "--out", str(folder)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, env={**os.environ, "COLUMNS": "200"})
    said = " ".join((done.stdout + done.stderr).split())
    assert done.returncode == 2 and "Traceback" not in said, said
    assert f"Error: {folder / 'results.jsonl'}: No space left on device" in said
    # the count is the file's: the third game's line was written, its fsync failed, and a resume finds it
    kept = (folder / "results.jsonl").read_text(encoding="utf-8").count("\n") - 1
    assert kept == 3
    assert (f"Stopped after {kept} of 8 games; they are kept in {folder / 'results.jsonl'}. "
            f"Go on with: reichsstadt tournament --resume {folder}") in said
