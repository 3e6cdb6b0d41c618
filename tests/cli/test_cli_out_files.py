"""What --out writes, as an owner or a researcher expects: `data --out` never replaces a
file without --force; the check before any work tests what the write needs (a writable
folder for the temporary file beside the target); an error names the --out path, never
a temporary file."""

import json

from .clihelpers import run


def flat(out) -> str:
    return " ".join(out.stdout.split())


def test_data_out_refuses_to_overwrite_without_force(tmp_path):
    mine = tmp_path / "keepme.json"
    mine.write_text('{"corrected": true}\n')
    out = run("data", "norenberc", "--out", str(mine))
    assert out.returncode == 2
    assert f"{mine} exists already" in flat(out) and "--force" in flat(out)
    assert mine.read_text() == '{"corrected": true}\n'            # the owner's correction is kept
    forced = run("data", "norenberc", "--out", str(mine), "--force")
    assert forced.returncode == 0, flat(forced)
    assert "start_money" in json.loads(mine.read_text())
