"""Past one process (issue 11): several `reichsstadt serve` processes on one PostgreSQL.
Each table is run by one process at a time (a lease in the database), a client may
connect to any process, and moves reach every client through LISTEN/NOTIFY; killing the
owner moves the table to another process with nothing lost."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from .process import LiveWs, Server


def _owner(table: str, url: str) -> str | None:
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        row = conn.execute("SELECT owner FROM game_tables WHERE id = %s", (table,)).fetchone()
        return row[0] if row else None


def _reads(server: Server) -> float:
    """How often `server` read a table back from the database (/metrics)."""
    import urllib.request

    with urllib.request.urlopen(server.base + "/metrics", timeout=10) as r:
        for line in r.read().decode().splitlines():
            if line.startswith("reichsstadt_table_reads_total "):
                return float(line.split()[1])
    raise AssertionError("no reichsstadt_table_reads_total in /metrics")


def _play(clients: list[LiveWs], rng: random.Random, moves: int) -> None:
    """Every client answers its own decisions (at random) until the table has made `moves`
    more moves, as the first client sees it."""
    first = clients[0]
    assert first.state is not None
    goal = first.state["move"] + moves
    deadline = time.monotonic() + 60
    errors: list[dict[str, Any]] = []
    while first.state["move"] < goal and first.state["status"] == "running":
        assert time.monotonic() < deadline, f"the table did not move; refusals: {errors[-3:]}"
        for c in clients:
            s = c.state
            if s is not None and s["legal"] and s["move"] != c.acted:
                c.acted = s["move"]
                c.send({"type": "move", "action": rng.choice(s["legal"])["index"], "expect": s["move"]})
            try:
                m = c.recv(0.05)
            except TimeoutError:
                continue
            if m["type"] == "error":  # refused (the table moved on meanwhile): look again
                errors.append(m)
                c.acted = -1


def test_two_processes_share_a_table_and_the_survivor_takes_it_over(tmp_path: Path, postgres_url: str) -> None:
    rng = random.Random(5)
    a = Server(tmp_path, db=postgres_url, bot_delay=0.02, extra=["--lease", "2"])
    b = Server(tmp_path, db=postgres_url, bot_delay=0.02, extra=["--lease", "2"])
    clients: list[LiveWs] = []
    try:
        made = a.post("/api/tables", {"game": "norenberc", "players": 3, "seats": ["human", "human", "random"],
                                      "take_seat": 0, "name": "Ann"})
        table = made["id"]
        bo_seat = b.post(f"/api/tables/{table}/join", {"invite": made["invites"][0]["invite"], "name": "Bo"})
        assert a.get(f"/api/tables/{table}")["status"] == "running"  # the last seat taken started it
        ann = LiveWs(a, table, made["token"])   # on process A
        bo = LiveWs(b, table, bo_seat["token"])  # on process B
        clients += [ann, bo]
        ann.until(lambda m: m["type"] == "state")
        bo.until(lambda m: m["type"] == "state")
        # moves made through either process reach the client on the other, in the
        # NOTIFY that commits them: neither process reads the table back for a move
        _play([ann, bo], rng, 2)   # (a process that just began to follow the table read it once)
        reads = [_reads(a), _reads(b)]
        _play([ann, bo], rng, 12)
        assert [_reads(a), _reads(b)] == reads, "a process read a table back to learn of a move"
        n = ann.state["move"]
        if bo.state["move"] < n:
            bo.until(lambda m: m["type"] == "state" and m["move"] >= n)
        assert [e for e in bo.log if e["seat"] == 0], "Ann's moves (through A) reached Bo (on B)"
        assert [e for e in ann.log if e["seat"] == 1], "Bo's moves (through B) reached Ann (on A)"
        assert [e["words"] for e in ann.log if e["seat"] == 2] == [e["words"] for e in bo.log if e["seat"] == 2][
            :len([e for e in ann.log if e["seat"] == 2])]
        # one owner all along (its lease renewed); kill it: the other process takes the
        # table over (its bot plays on)
        owner = _owner(table, postgres_url)
        assert "take_over" not in a.stderr() + b.stderr()
        killed, survivor = (a, b) if owner == a.get("/healthz")["process"] else (b, a)
        assert owner == killed.get("/healthz")["process"]
        before_log = [e for e in ann.log if not e.get("note")]
        committed = max(ann.state["move"], bo.state["move"])
        killed.kill()
        deadline = time.monotonic() + 40
        while _owner(table, postgres_url) != survivor.get("/healthz")["process"]:
            assert time.monotonic() < deadline, "no process took the table over"
            time.sleep(0.25)
        # the person whose process died comes back through the survivor, and finds the
        # table as it was: nothing lost
        tokens = {0: made["token"], 1: bo_seat["token"]}
        for c in clients:
            c.close()
        clients.clear()
        ann = LiveWs(survivor, table, tokens[0])
        bo = LiveWs(survivor, table, tokens[1])
        clients += [ann, bo]
        ann.until(lambda m: m["type"] == "state")
        bo.until(lambda m: m["type"] == "state")
        assert ann.state["move"] >= committed
        # what Ann had seen before the kill is the start of the log she finds (Bo may have seen more)
        assert [e for e in ann.log if not e.get("note")][:len(before_log)] == before_log
        _play([ann, bo], rng, 6)
        assert ann.state["move"] >= committed + 6
        # the bot's seat may not be asked within those moves (a round of the people's
        # choices): play on, a move at a time, until it has moved or the game ends
        def bot_moved() -> bool:
            return any(e["seat"] == 2 and not e.get("note") for e in ann.log[committed:])
        for _ in range(40):
            if bot_moved() or ann.state["status"] != "running":
                break
            _play([ann, bo], rng, 1)
        assert bot_moved(), "seat 2's bot plays on in the survivor"
    finally:
        for c in clients:
            c.close()
        a.close()
        b.close()

