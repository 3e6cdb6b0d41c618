"""A real `python3 -m reichsstadt serve` process for tests (restart after SIGKILL, clean
shutdown, the command line), with a small HTTP helper and a websocket client."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]  # the checkout the tests run from


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`reichsstadt serve` on a free port; its stdout and stderr in files."""

    def __init__(self, folder: Path, db: str | None = None, bot_delay: float = 0.0, port: int | None = None,
                 extra: list[str] | None = None) -> None:
        self.folder = folder
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        args = [sys.executable, "-m", "reichsstadt", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                "--bot-delay", str(bot_delay), *(["--db", db] if db else []), *(extra or [])]
        env = {**os.environ, "REICHSSTADT_DATA": str(folder / "data"), "PYTHONUNBUFFERED": "1"}
        self.out = open(folder / f"serve-{self.port}-{time.monotonic_ns()}.out", "w+")
        self.err = open(str(self.out.name)[:-4] + ".err", "w+")
        self.proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=self.out, stderr=self.err)
        deadline = time.monotonic() + 30
        while True:
            assert self.proc.poll() is None, f"the server exited: {self.stderr()}"
            try:
                if self.get("/healthz")["ok"]:
                    break
            except (OSError, urllib.error.URLError):
                pass
            assert time.monotonic() < deadline, f"the server did not answer: {self.stderr()}"
            time.sleep(0.05)

    def stdout(self) -> str:
        self.out.flush()
        return Path(self.out.name).read_text()

    def stderr(self) -> str:
        self.err.flush()
        return Path(self.err.name).read_text()

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("content-type", "application/json")
        if token:
            req.add_header("authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")

    def refusals(self, limit: str) -> float:
        """`reichsstadt_limited_total` of one limit, from /metrics (0 before the first)."""
        with urllib.request.urlopen(self.base + "/metrics", timeout=10) as r:
            text = r.read().decode()
        found = re.search(r'^reichsstadt_limited_total\{limit="%s"\} (\S+)$' % re.escape(limit), text, re.M)
        return float(found.group(1)) if found else 0.0

    def get(self, path: str) -> Any:
        status, body = self.request("GET", path)
        return body

    def post(self, path: str, body: Any = None, token: str | None = None) -> Any:
        status, got = self.request("POST", path, body if body is not None else {}, token)
        assert status in (200, 201), (status, got)
        return got

    def kill(self) -> None:
        """SIGKILL: no shutdown at all."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def terminate(self, timeout: float = 20) -> int:
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self.out.close()
        self.err.close()


class LiveWs:
    """A websocket client of a live server: the last state and the log from the deltas."""

    def __init__(self, server: Server, table: str, token: str | None, board: bool = False) -> None:
        self.conn = connect(f"{server.ws_base}/ws/{table}", proxy=None, open_timeout=10, legacy=True)
        self.conn.send(json.dumps({"type": "hello", "token": token, "board": board}))
        self.state: dict[str, Any] | None = None
        self.log: list[dict[str, Any]] = []
        self.acted = -1

    def recv(self, timeout: float = 20) -> dict[str, Any]:
        m = json.loads(self.conn.recv(timeout=timeout))
        if m["type"] == "state":
            assert m["log_from"] in (0, len(self.log))
            del self.log[m["log_from"]:]
            self.log += m["log"]
            self.state = m
        return m  # type: ignore[no-any-return]

    def until(self, pred: Any, timeout: float = 30) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"no fitting message within {timeout} s"
            m = self.recv(left)
            if pred(m):
                return m

    def send(self, obj: Any) -> None:
        self.conn.send(json.dumps(obj))

    def close(self) -> None:
        try:
            self.conn.close()
        except Exception:
            pass
