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


def _without_override(args):
    """The command as a user without root's power over permissions runs it (root, as in
    CI containers, may write anywhere)."""
    import os
    import shutil

    if os.geteuid() != 0:
        return args
    assert shutil.which("setpriv"), "setpriv drops root's file-permission override"
    return ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", "--inh-caps",
            "-dac_override,-dac_read_search", "--", *args]


def test_a_writable_file_in_a_folder_that_is_not_is_refused_before_the_games(tmp_path):
    import subprocess
    import sys

    from .clihelpers import ROOT

    folder = tmp_path / "ro"
    folder.mkdir()
    target = folder / "x.csv"
    target.write_text("old\n")
    target.chmod(0o666)
    folder.chmod(0o555)
    try:
        for args in (["simulate", "norenberc", "-p", "2", "-n", "2", "--out", str(target)],
                     ["data", "norenberc", "--out", str(folder / "x.json")]):
            env = {"COLUMNS": "200", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
            done = subprocess.run(_without_override([sys.executable, "-m", "reichsstadt", *args]), cwd=ROOT,
                                  capture_output=True, text=True, timeout=120, env=env)
            said = " ".join((done.stdout + done.stderr).split())
            assert done.returncode == 2, said
            assert f"--out {args[-1]}" in said and "2/2" not in said and ".x." not in said, said
    finally:
        folder.chmod(0o755)
    assert target.read_text() == "old\n"


def test_a_write_that_fails_names_the_out_path_not_a_temporary_file(tmp_path, monkeypatch):
    import tempfile

    import pytest

    from reichsstadt.terminal.files import write_text

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(tmp_path / ".x.csv.abc123"))

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    with pytest.raises(OSError) as caught:
        write_text(tmp_path / "x.csv", "a,b\n")
    assert caught.value.filename == str(tmp_path / "x.csv")
