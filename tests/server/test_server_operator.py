"""What an operator meets running `reichsstadt serve`: numbers too large for an option
refused in one line before anything starts, and no invite code in the server's logs."""

from __future__ import annotations

import logging
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from reichsstadt.core import BadOption
from reichsstadt.server.logs import Enqueue, redact
from reichsstadt.server.run import CEILINGS, RANGES, check_ranges

from .process import Server

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("flag, value, words", [
    # a burst of 5x (8/3x, 2x) that much is infinity: "Internal error ... please report it"
    ("--log-lines-per-second", "1e308", "--log-lines-per-second is at most 1e+06, not 1e+308"),
    ("--messages-per-second", "1e308", "--messages-per-second is at most 1e+06, not 1e+308"),
    ("--replays-per-second", "1e308", "--replays-per-second is at most 1e+06, not 1e+308"),
])
def test_serve_refuses_numbers_too_large_to_mean_anything(tmp_path: Path, flag: str, value: str, words: str) -> None:
    r = subprocess.run([sys.executable, "-m", "reichsstadt", "serve", flag, value, "--db", str(tmp_path / "t.db")],
                       capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert r.returncode == 2 and words in (r.stdout + r.stderr) and "Traceback" not in r.stderr, r.stdout + r.stderr
    assert not (tmp_path / "t.db").exists()


@pytest.mark.parametrize("flag, value", [
    ("--open-hours", 1e300),    # started, then its sweep's timedelta overflowed every 5 s (a traceback each)
    ("--lease", 1e300),         # a lease's end (now + that) overflows on PostgreSQL
    ("--bot-delay", 1e12),
    ("--max-json-depth", 1e7),  # a body of 2 MB of "[" then nested a million deep: the parser crashed the process
])
def test_every_time_option_has_a_finite_ceiling(flag: str, value: float) -> None:
    with pytest.raises(BadOption, match=f"^{flag} is at most"):
        check_ranges({flag: value})
    check_ranges({flag: CEILINGS[flag]})   # the ceiling itself is allowed


def test_every_option_open_upwards_has_a_ceiling() -> None:
    import math

    assert {flag for flag, (_, most, _) in RANGES.items() if math.isinf(most)} - {
        "--bot-max-iterations", "--max-body-kb", "--open-per-creator",
        "--connections-per-address", "--spectators-per-table"} <= set(CEILINGS)   # integers: never overflow


def test_invite_codes_are_taken_out_of_log_lines() -> None:
    line = '127.0.0.1:5 - "GET /t/Ab-9_x/join/SeCrEt-_42 HTTP/1.1" 200'
    assert redact(line) == '127.0.0.1:5 - "GET /t/Ab-9_x/join/… HTTP/1.1" 200'
    assert redact("/t/a/join/code?x=1") == "/t/a/join/…?x=1"
    assert redact("/t/a/joined/code") == "/t/a/joined/code"
    record = logging.makeLogRecord({"name": "uvicorn.access", "msg": '%s - "%s %s HTTP/%s" %d',
                                    "args": ("127.0.0.1:5", "GET", "/t/Ab/join/SeCrEt", "1.1", 200)})
    assert "SeCrEt" not in Enqueue(None).prepare(record).msg   # type: ignore[arg-type]


def test_an_opened_invite_link_leaves_no_code_in_the_servers_log(tmp_path: Path) -> None:
    server = Server(tmp_path)
    try:
        made = server.post("/api/tables", {"game": "norenberc", "players": 3, "seats": ["human", "human", "random"],
                                           "take_seat": 0, "name": "Ann"})
        invite = made["invites"][0]["invite"]
        with urllib.request.urlopen(f"{server.base}/t/{made['id']}/join/{invite}", timeout=10) as r:
            assert r.status == 200
        assert server.terminate() in (0, -15)   # the log thread writes what it has before the exit
        err = server.stderr()
        assert f"/t/{made['id']}/join/…" in err and invite not in err
    finally:
        server.close()


def test_the_start_message_gives_an_address_a_browser_opens() -> None:
    from reichsstadt.server.run import browser_url

    assert browser_url("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert browser_url("::1", 8000) == "http://[::1]:8000/"   # was http://::1:8000/
    assert browser_url("0.0.0.0", 80).startswith("http://127.0.0.1:80/ ")
    assert browser_url("::", 80).startswith("http://[::1]:80/ ")
    assert browser_url("games.example.org", 8000) == "http://games.example.org:8000/"
