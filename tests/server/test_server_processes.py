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


def _play(clients: list[LiveWs], rng: random.Random, moves: int) -> list[dict[str, Any]]:
    """Every client answers its own decisions (at random) until the table has made `moves`
    more moves, as the first client sees it; the refusals they got (the table moved on)."""
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
    return errors


def _ann_and_bo(made_on: Server, joined_on: Server) -> tuple[str, str, str]:
    """A Norenberc table of Ann, Bo and a random bot, made through one process and joined
    through another (the last seat taken starts it): its id, Ann's and Bo's tokens."""
    made = made_on.post("/api/tables", {"game": "norenberc", "players": 3, "seats": ["human", "human", "random"],
                                        "take_seat": 0, "name": "Ann"})
    table = made["id"]
    bo_seat = joined_on.post(f"/api/tables/{table}/join", {"invite": made["invites"][0]["invite"], "name": "Bo"})
    assert made_on.get(f"/api/tables/{table}")["status"] == "running"
    return table, made["token"], bo_seat["token"]


def _two_servers(folder: Path, db: str) -> tuple[Server, Server]:
    """Two processes on one PostgreSQL: leases of 2 s (a dead owner's tables are taken
    over quickly), bots moving almost at once."""
    return (Server(folder, db=db, bot_delay=0.02, extra=["--lease", "2"]),
            Server(folder, db=db, bot_delay=0.02, extra=["--lease", "2"]))


def _seated(server: Server, table: str, token: str) -> LiveWs:
    """A seat's client on `server`, once it has the table's state."""
    ws = LiveWs(server, table, token)
    ws.until(lambda m: m["type"] == "state")
    return ws


def test_two_processes_share_a_table_and_the_survivor_takes_it_over(tmp_path: Path, postgres_url: str) -> None:
    rng = random.Random(5)
    a, b = _two_servers(tmp_path, postgres_url)
    clients: list[LiveWs] = []
    try:
        table, ann_token, bo_token = _ann_and_bo(a, b)
        ann = _seated(a, table, ann_token)  # on process A
        bo = _seated(b, table, bo_token)    # on process B
        clients += [ann, bo]
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
        # one owner all along (its lease renewed; it has a client at the table, so it
        # does not hand it over); kill it: the other process takes the table over (its
        # bot plays on)
        owner = _owner(table, postgres_url)
        assert "take_over" not in a.stderr() + b.stderr()
        assert "hand_over" not in a.stderr() + b.stderr()
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
        for c in clients:
            c.close()
        clients.clear()
        ann = _seated(survivor, table, ann_token)
        bo = _seated(survivor, table, bo_token)
        clients += [ann, bo]
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



def test_a_table_passes_to_the_process_its_clients_are_on(tmp_path: Path, postgres_url: str) -> None:
    """A proxy that routes every client of a table to one process (deploy/nginx.conf)
    makes that process the owner: the table was made through A, its people play through
    B, and after their first move B runs it, so its moves no longer cross processes;
    nothing is lost or refused on the way, and the bot plays on in B."""
    rng = random.Random(7)
    a, b = _two_servers(tmp_path, postgres_url)
    clients: list[LiveWs] = []
    try:
        table, ann_token, bo_token = _ann_and_bo(a, a)
        pa, pb = a.get("/healthz")["process"], b.get("/healthz")["process"]
        assert _owner(table, postgres_url) == pa
        ann = _seated(b, table, ann_token)
        bo = _seated(b, table, bo_token)
        clients += [ann, bo]
        errors = _play([ann, bo], rng, 3)
        deadline = time.monotonic() + 20
        while _owner(table, postgres_url) != pb:
            assert time.monotonic() < deadline, "the table stayed with the process nobody plays through"
            errors += _play([ann, bo], rng, 1)
        assert "hand_over" in a.stderr()
        errors += _play([ann, bo], rng, 2)  # B has read the table once, as it took it
        reads = _reads(b)
        errors += _play([ann, bo], rng, 14)
        assert _reads(b) == reads, "B, the owner now, read the table back to learn of a move"
        assert _owner(table, postgres_url) == pb
        assert not [e for e in errors if "owner" in str(e)], errors   # no move was lost in the hand-over
        # the bot's seat moves in B now (played on until it has, or the game ends)
        n = len(ann.log)
        for _ in range(40):
            if any(e["seat"] == 2 and not e.get("note") for e in ann.log[n:]) or ann.state["status"] != "running":
                break
            _play([ann, bo], rng, 1)
        assert any(e["seat"] == 2 and not e.get("note") for e in ann.log[n:]) or ann.state["status"] != "running"
        # what both saw is one log: every move once, in order
        moves = [e["n"] for e in ann.log if "n" in e and not e.get("note")]
        assert moves == sorted(set(moves))
    finally:
        for c in clients:
            c.close()
        a.close()
        b.close()


def test_processes_started_at_once_on_a_new_database_all_start(postgres_server: str) -> None:
    """Several processes started together on a new PostgreSQL database each bring its
    schema up to date on start; they take turns (one failed with "duplicate key value
    violates unique constraint" about half the time when they did not)."""
    import subprocess
    import sys

    from .pg import create_database

    code = "import sys; from reichsstadt.server import migrations; migrations.upgrade(sys.argv[1])"
    for k in range(3):
        url = create_database(postgres_server, f"at_once_{k}_{random.randrange(10**9)}")
        runs = [subprocess.Popen([sys.executable, "-c", code, url], stderr=subprocess.PIPE, text=True)
                for _ in range(4)]
        failed = [err for r in runs for _, err in [r.communicate(timeout=120)] if r.returncode != 0]
        assert not failed, failed[0][-800:]
