"""Nothing is lost: a real `reichsstadt serve` process killed with SIGKILL mid-game and
started again continues every table exactly where it was; a clean shutdown (SIGTERM)
finishes in-flight commits; the command line (--host, --port, --db, --bot-delay; the
database's place printed at start; JSON logs)."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import socket
import time
from pathlib import Path
from typing import Any

import pytest

from reichsstadt.core import replay
from reichsstadt.core.record import Record
from reichsstadt.server import migrations

from .process import LiveWs, Server


def _play_until(client: LiveWs, rng: random.Random, done: Any, timeout: float = 60) -> None:
    """Play the client's seat randomly until done(state). A refused move (an error: sent on
    a state a bot's move had already passed, or slowed down by the rate limit on a busy
    machine) is tried again on the state then current, so the game never waits on it."""
    deadline = time.monotonic() + timeout
    errors: list[dict[str, Any]] = []
    while True:
        s = client.state
        if s is not None and done(s):
            return
        if s is not None and s["status"] == "running" and s["legal"] and s["move"] != client.acted:
            client.acted = s["move"]
            client.send({"type": "move", "action": rng.choice(s["legal"])["index"], "expect": s["move"]})
        left = deadline - time.monotonic()
        assert left > 0, f"the game did not get there in time: move {s and s['move']}, errors {errors[-3:]}"
        try:
            m = client.recv(min(left, 15))
        except TimeoutError:
            to_act = s and s["view"].get("to_act")
            raise AssertionError(f"nothing came in 15 s: move {s and s['move']}, to act {to_act}, "
                                 f"errors {errors[-3:]}") from None
        if m["type"] == "error":
            errors.append(m)
            client.acted = -1
            time.sleep(0.1)


def _json_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def test_serve_says_where_it_listens_and_where_the_database_is(tmp_path: Path) -> None:
    server = Server(tmp_path)
    try:
        out = server.stdout()
        assert f"open http://127.0.0.1:{server.port}/" in out
        assert f"database: {tmp_path / 'data' / 'reichsstadt.db'}" in out  # the SQLite file's place
        assert (tmp_path / "data" / "reichsstadt.db").exists()
        health = server.get("/healthz")
        assert {k: v for k, v in health.items() if k != "process"} == {"ok": True, "db": "ok", "tables": 0}
        made = server.post("/api/tables", {"game": "norenberc", "players": 3, "seats": ["human", "random", "random"]})
        assert server.get(f"/api/tables/{made['id']}")["status"] == "open"
        events = _json_lines(server.stderr())
        assert any(e.get("event") == "started" for e in events)
        assert any(e.get("event") == "create" and e.get("table") == made["id"] for e in events)
        for e in events:
            assert {"ts", "level", "logger", "msg"} <= set(e)
    finally:
        server.close()


@pytest.mark.parametrize("flag, value, words", [
    ("--bot-delay", "-1", "--bot-delay is a number 0 or more, not -1.0"),
    ("--port", "70000", "--port is a number from 1 to 65535, not 70000"),   # bound to 70000 - 65536 before
    ("--open-hours", "nan", "--open-hours is a number more than 0, not nan"),   # started, then failed in its sweep
    ("--bot-max-seconds", "inf", "--bot-max-seconds is a number more than 0, not inf"),
    ("--bot-workers", "-1", "--bot-workers is a number from 0 to 256, not -1"),
    ("--connections-per-address", "0", "--connections-per-address is a number 1 or more, not 0"),
])
def test_serve_refuses_numbers_outside_their_range_before_it_starts(tmp_path: Path, flag: str, value: str,
                                                                      words: str) -> None:
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "reichsstadt", "serve", flag, value, "--db", str(tmp_path / "t.db")],
                       capture_output=True, text=True, timeout=60, cwd=Path(__file__).resolve().parents[2])
    assert r.returncode == 2 and words in (r.stdout + r.stderr) and "Traceback" not in r.stderr
    assert not (tmp_path / "t.db").exists()   # refused before anything was made


def test_after_sigkill_every_table_continues_exactly_where_it_was(tmp_path: Path) -> None:
    rng = random.Random(21)
    db = f"sqlite+aiosqlite:///{tmp_path}/kill.db"
    server = Server(tmp_path, db=db, bot_delay=0.02)
    clients: list[LiveWs] = []
    try:
        # A: a person against two bots, killed while the person is to move
        a = server.post("/api/tables", {"game": "norenberc", "players": 3, "seats": ["human", "random", "random"],
                                        "take_seat": 0, "name": "Ann", "start": True})
        ann = LiveWs(server, a["id"], a["token"])
        clients.append(ann)
        _play_until(ann, rng, lambda s: s["move"] > 50 and s["view"]["to_act"] == [0])
        ann.send({"type": "ping"})  # everything sent before the answer is in (the bots wait for Ann)
        ann.until(lambda m: m["type"] == "pong")
        before_a = dict(ann.state)  # type: ignore[arg-type]
        log_a = list(ann.log)
        # B: bots only, killed mid-game while they play
        b = server.post("/api/tables", {"game": "norenberc", "players": 3, "seats": ["random"] * 3, "start": True})
        watcher = LiveWs(server, b["id"], None)
        clients.append(watcher)
        watcher.until(lambda m: m["type"] == "state" and m["move"] >= 25)
        # C: open, one of two people seated
        c = server.post("/api/tables", {"game": "norenberc", "players": 3, "seats": ["human", "human", "random"],
                                        "take_seat": 0, "name": "Cy"})
        server.kill()
        log_b = list(watcher.log)  # every move announced before the kill
        for cl in clients:
            cl.close()
        clients.clear()

        server = Server(tmp_path, db=db, bot_delay=0.02)
        started = [e for e in _json_lines(server.stderr()) if e.get("event") == "started"]
        assert started and started[-1]["resumed"] == 2
        # A: exactly where it was
        ann = LiveWs(server, a["id"], a["token"])
        clients.append(ann)
        s = ann.until(lambda m: m["type"] == "state")
        for key in ("move", "status", "view", "legal", "pick", "seats"):
            assert s[key] == before_a[key], key
        assert ann.log == log_a
        # B: every announced move is there, and the bots play on to the end
        watcher = LiveWs(server, b["id"], None)
        clients.append(watcher)
        watcher.until(lambda m: m["type"] == "state")
        assert watcher.log[:len(log_b)] == log_b
        watcher.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=60)
        status, rec = server.request("GET", f"/api/tables/{b['id']}/record")
        assert status == 200
        assert replay(Record.from_json(rec)).outcome().to_json() == watcher.state["result"]  # type: ignore[index]
        # C: still open; the second person joins and the game starts
        assert server.get(f"/api/tables/{c['id']}")["status"] == "open"
        got = server.post(f"/api/tables/{c['id']}/join", {"invite": c["invites"][0]["invite"], "name": "Di"})
        assert got["seat"] == 1
        assert server.get(f"/api/tables/{c['id']}")["status"] == "running"  # the last seat taken starts it
        # and Ann finishes her game
        _play_until(ann, rng, lambda s: s["status"] == "finished", timeout=120)
    finally:
        for cl in clients:
            cl.close()
        server.close()


def test_sigterm_finishes_in_flight_commits_and_exits_cleanly(tmp_path: Path) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path}/term.db"
    server = Server(tmp_path, db=db, bot_delay=0.0)
    ids = [server.post("/api/tables", {"game": "norenberc", "players": 3, "seats": ["random"] * 3,
                                       "start": True})["id"] for _ in range(4)]
    watcher = LiveWs(server, ids[0], None)
    try:
        watcher.until(lambda m: m["type"] == "state" and m["move"] > 10)
        # uvicorn shuts down, then re-raises the signal it caught (supervisors see SIGTERM)
        assert server.terminate() in (0, -signal.SIGTERM)
        events = _json_lines(server.stderr())
        ours = [e for e in events if e["logger"] == "reichsstadt.server"]
        assert ours[-1]["event"] == "stopped", ours[-3:]  # after the last commit, nothing moved
        assert not [e for e in events if e["level"] == "error"], [e for e in events if e["level"] == "error"]
    finally:
        watcher.close()
        server.close()
    # what was committed is whole: every table replays and plays on to its end
    server = Server(tmp_path, db=db, bot_delay=0.0)
    try:
        for tid in ids:
            w = LiveWs(server, tid, None)
            w.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=60)
            assert len(w.log) == w.state["move"]  # type: ignore[index]
            w.close()
    finally:
        server.close()


def test_shutdown_waits_for_a_commit_under_way(tmp_path: Path) -> None:
    """The manager's close (the app's shutdown) lets a move being committed finish, and
    refuses moves after it."""
    db = f"sqlite:///{tmp_path}/slow.db"
    migrations.upgrade(db)

    async def go() -> None:
        import secrets

        from reichsstadt.core import IllegalAction, game
        from reichsstadt.server.app import make_services
        from reichsstadt.server.config import Settings
        from reichsstadt.server.schema import OPEN, SeatRow, TableRow, now

        svc = make_services(Settings(db_url=db, bot_delay=0.0), db)
        storage = svc.storage
        g = game("norenberc")
        seats = [SeatRow(i, "human", f"P{i}", secrets.token_hex(4), f"h{i}") for i in range(3)]
        await storage.create_table(TableRow(id="slow", game="norenberc", players=3, seed=7, options=g.resolve(3, {}),
                                            status=OPEN, creator_hash="x", created_at=now(), seats=seats,
                                            secret=secrets.token_hex(32)), [])
        live = await svc.tables.get("slow")
        assert live is not None
        await live.start()
        seat = next(s for s in live.state.to_act() if s >= 0)
        action = live.state.legal(seat)[0]
        committed = live.moves
        real_append = storage.append_moves
        gate = asyncio.Event()

        committing = asyncio.Event()

        async def slow_append(*args: Any, **kw: Any) -> None:
            committing.set()
            await gate.wait()
            await real_append(*args, **kw)

        storage.append_moves = slow_append  # type: ignore[method-assign]
        move = asyncio.create_task(live.submit(seat, [action], None))
        await committing.wait()  # the commit is under way
        closing = asyncio.create_task(svc.tables.close())
        while not live.closing:  # the shutdown has reached the table...
            await asyncio.sleep(0)
        assert not closing.done() and not move.done()
        gate.set()  # ...and only then may the commit finish: the shutdown waits for it
        await closing
        assert move.done()
        await move
        assert len(await storage.moves("slow")) == live.moves > committed
        other = next((s for s in live.state.to_act() if s >= 0), seat)
        try:
            await live.submit(other, [live.state.legal(other)[0]], None)
            raise AssertionError("a move after the shutdown was accepted")
        except IllegalAction as exc:
            assert exc.message.id == "server.refuse.closing"  # type: ignore[union-attr]
        await svc.pool.close()
        await storage.close()

    asyncio.run(go())


def test_serve_on_postgresql(tmp_path: Path, postgres_url: str) -> None:
    """--db postgresql+psycopg://...: migrations applied on start, the address printed
    without credentials, a table played by bots to its end."""
    server = Server(tmp_path, db=postgres_url.replace("postgres@", "postgres:secret@"))
    try:
        out = server.stdout()
        assert "database: 127.0.0.1:" in out and "secret" not in out
        assert "secret" not in server.stderr()
        made = server.post("/api/tables", {"game": "norenberc", "players": 3, "seats": ["random"] * 3, "start": True})
        w = LiveWs(server, made["id"], None)
        w.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=60)
        w.close()
        assert server.get("/api/tables?status=finished")["tables"][0]["id"] == made["id"]
    finally:
        server.close()


def _serve(args: list[str], tmp_path: Path, pythonpath: str | None = None) -> Any:
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "REICHSSTADT_DATA": str(tmp_path / "data")}
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    return subprocess.run([sys.executable, "-m", "reichsstadt", "serve", *args], capture_output=True, text=True,
                          timeout=60, cwd=root, env=env)


def _one_line(r: Any) -> str:
    """The error a failed start printed: one line, no traceback, exit status 2."""
    out = (r.stdout + r.stderr).strip()
    assert r.returncode == 2, out
    assert "Traceback" not in out and len(out.splitlines()) == 1, out
    return out  # type: ignore[no-any-return]


def test_a_plain_path_to_db_is_a_sqlite_file(tmp_path: Path) -> None:
    where = tmp_path / "my games" / "tables.db"
    where.parent.mkdir()
    server = Server(tmp_path, db=str(where))
    try:
        assert f"database: {where}" in server.stdout()
        made = server.post("/api/tables", {"game": "norenberc", "players": 3, "seats": ["human", "random", "random"]})
        assert server.get(f"/api/tables/{made['id']}")["status"] == "open"
    finally:
        server.close()
    assert where.exists() and where.stat().st_size > 0


def test_postgresql_without_its_driver_says_which_extra_to_install(tmp_path: Path) -> None:
    import os

    fake = tmp_path / "fake"
    (fake / "psycopg").mkdir(parents=True)
    (fake / "psycopg" / "__init__.py").write_text('raise ImportError("psycopg is not installed here")\n')
    root = str(Path(__file__).resolve().parents[2])
    path = os.pathsep.join([str(fake), os.environ.get("PYTHONPATH", root) or root])
    line = _one_line(_serve(["--db", "postgresql://someone@127.0.0.1:1/games"], tmp_path, path))
    assert "pip install 'reichsstadt[postgres]'" in line


def test_start_up_mistakes_are_one_line_each(tmp_path: Path) -> None:
    line = _one_line(_serve(["--db", "mysql://x@y/z"], tmp_path))
    assert "mysql" in line and "postgresql://" in line
    line = _one_line(_serve(["--db", "postgresql://nobody@127.0.0.1:1/none"], tmp_path))
    assert "cannot open the database" in line and "127.0.0.1:1/none" in line
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        line = _one_line(_serve(["--port", str(port)], tmp_path))
        assert f"port {port}" in line and "in use" in line
    for flag in ("--header-timeout", "--bot-max-seconds", "--max-json-depth"):
        assert flag in _one_line(_serve([flag, "0"], tmp_path))


def test_the_limits_are_set_on_the_command_line(tmp_path: Path) -> None:
    server = Server(tmp_path, extra=["--max-json-depth", "3", "--max-body-kb", "1", "--create-per-minute", "4"])
    try:
        table = {"game": "norenberc", "players": 3, "seats": ["random"] * 3}
        status, got = server.request("POST", "/api/tables", {**table, "options": {"a": [[["deep"]]]}})
        assert status == 400 and got["error"] == {"id": "server.error.too_deep", "args": {"most": 3}}
        status, got = server.request("POST", "/api/tables", {**table, "name": "x" * 2000})
        assert status == 413 and got["error"]["args"]["limit"] == 1024
        # the two refused requests count against the creation rate too
        assert [server.request("POST", "/api/tables", table)[0] for _ in range(3)] == [201, 201, 429]
    finally:
        server.close()


def test_metrics_tell_an_operator_what_happens(tmp_path: Path) -> None:
    server = Server(tmp_path, bot_delay=0.0)
    try:
        made = server.post("/api/tables", {"game": "norenberc", "players": 3, "seats": ["random"] * 3})
        w = LiveWs(server, made["id"], None)
        w.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=60)
        import urllib.request

        with urllib.request.urlopen(server.base + "/metrics", timeout=10) as r:
            text = r.read().decode()
            assert r.headers["content-type"].startswith("text/plain")
        w.close()
        values = {line.split(" ")[0]: float(line.split(" ")[1]) for line in text.splitlines()
                  if line and not line.startswith("#")}
        assert values["reichsstadt_moves_total"] >= w.state["move"] > 0  # type: ignore[index]
        assert values["reichsstadt_move_seconds_count"] > 0
        assert values['reichsstadt_move_seconds_bucket{le="+Inf"}'] == values["reichsstadt_move_seconds_count"]
        assert values["reichsstadt_live_tables"] >= 1
        assert values["reichsstadt_commit_seconds_count"] > 0 and values["reichsstadt_commit_writes_total"] > 0
        assert "reichsstadt_bot_queue" in values and "reichsstadt_connections" in values
        assert any(k.startswith("reichsstadt_gc_pause_seconds_count") for k in values)
    finally:
        server.close()
