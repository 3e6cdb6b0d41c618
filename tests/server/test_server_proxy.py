"""The shipped nginx configuration (deploy/nginx.conf), tried for real by
deploy/check_nginx.py with Debian's nginx in front of one server process (SQLite) and of
two (on PostgreSQL): TLS, websockets, the real client address for the limits, /metrics
kept local, invite codes in no log, and with two processes a table running where its
websockets are routed and a rolling restart that no request notices."""

from __future__ import annotations

import contextlib
import os
import signal
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("processes", [1, 2])
def test_the_shipped_nginx_configuration(processes: int, request: pytest.FixtureRequest) -> None:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    assert os.path.exists(nginx), "nginx is not installed (tests/setup.sh installs it)"
    db = ["--db", request.getfixturevalue("postgres_url")] if processes > 1 else []
    # In a process group of its own, ended whatever happens: a check that died must not
    # leave its nginx and servers running (nor this test waiting on them).
    check = subprocess.Popen([sys.executable, str(ROOT / "deploy" / "check_nginx.py"), "--processes", str(processes),
                              *db], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
    try:
        stdout, stderr = check.communicate(timeout=600)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(check.pid, signal.SIGKILL)
        check.wait()
    run = subprocess.CompletedProcess(check.args, check.returncode, stdout, stderr)
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    checked = [line for line in run.stdout.splitlines() if line.startswith("ok ")]
    assert len(checked) == (9 if processes > 1 else 7), run.stdout
    if processes > 1:
        assert any("all reached one process, which ran it" in line for line in checked)
