"""More of what a hostile visitor tried (after test_server_attacks.py), each as a test:

- a spectator that never reads what it is sent (its socket's buffer full, so every send
  to it waits) held up the whole table for good: every change was sent to each client in
  turn, awaited, so the table's bots stopped and its other clients heard nothing more
  (and with a burst of connections to fill the buffer quickly, so did every connection
  of that address, stuck in its goodbye). Now each client has an outbox and a writer of
  its own, and a websocket whose client stops reading is cut off;
- a bot's name with a 5000-digit budget was a 500 (Python will not read such a number):
  names are checked for length first; an unknown game of a megabyte was sent back twice
  in the error: plain-word errors are cut short."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import threading
import time
from pathlib import Path
from typing import Any

import anyio

from reichsstadt.server.broadcast import OUTBOX_MOST, Connection

from .helpers import Ws, create, serve
from .process import LiveWs, Server


async def _stuck(message: bytes) -> None:
    await asyncio.Event().wait()   # a socket whose buffer is full: the send never returns


def test_a_client_that_never_reads_does_not_hold_up_the_table(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        made = create(c, "norenberc", 3, ["random"] * 3, take=None, start=True)
        live = c.portal.call(c.app.state.services.tables.get, made["id"])
        deaf = Connection(_stuck, None)

        async def attach() -> None:
            with anyio.move_on_after(2):   # (it used to wait here, for good)
                await live.connect(deaf)
        c.portal.call(attach)
        watcher = Ws(c, made["id"], None)   # others come and go, and see the game to its end
        watcher.first_state()
        passer = Ws(c, made["id"], None)
        passer.first_state()
        passer.close()
        watcher.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=60)
        assert deaf in live.broadcast.connections and len(deaf.outbox) <= 2  # "the table as it is now", once

        # a client that keeps asking without reading the answers is dropped
        async def ask() -> None:
            for _ in range(OUTBOX_MOST + 5):
                live.broadcast.send(deaf, {"type": "pong"})
        c.portal.call(ask)
        assert not deaf.alive and deaf not in live.broadcast.connections and not deaf.outbox
        watcher.close()


def _raw_spectator(port: int, table: str) -> socket.socket:
    """A websocket spectator that says hello and never reads again (a small receive buffer)."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    s.settimeout(10)
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /ws/{table} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    got = b""
    while b"\r\n\r\n" not in got:
        got += s.recv(1)
    payload, mask = b'{"type": "hello", "token": null}', os.urandom(4)
    s.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return s


def _read_to_the_end(s: socket.socket, within: float) -> bool:
    """Read everything the server sent; whether it closed the connection within `within` s."""
    s.settimeout(within)
    try:
        while s.recv(1 << 20):
            pass
        return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except socket.timeout:
        return False


def test_a_spectator_that_never_reads_is_cut_off_and_the_table_plays_on(tmp_path: Path) -> None:
    """The attack as it was made: a spectator that never reads, and connections opened and
    closed at once to fill its buffer (each new client is announced to the others). The
    table froze within a second, for good. Now another spectator sees move after move, and
    the one that does not read is cut off when its buffer has stayed full too long."""
    server = Server(tmp_path, bot_delay=0.2, extra=["--write-timeout", "2", "--create-per-minute", "1000"])
    deaf: socket.socket | None = None
    stop = threading.Event()
    try:
        made = server.post("/api/tables", {"game": "norenberc", "players": 3, "seats": ["random"] * 3})
        deaf = _raw_spectator(server.port, made["id"])

        def churn() -> None:
            while not stop.is_set():
                _raw_spectator(server.port, made["id"]).close()
        threads = [threading.Thread(target=churn, daemon=True) for _ in range(2)]
        for t in threads:
            t.start()
        watcher = LiveWs(server, made["id"], None)
        moves: list[int] = []
        deadline = time.monotonic() + 6
        while time.monotonic() < deadline:
            m = watcher.recv(timeout=5)   # nothing for 5 s: the table is held up
            if m["type"] == "state" and (not moves or m["move"] != moves[-1]):
                moves.append(m["move"])
                if m["status"] == "finished":
                    break
        stop.set()
        for t in threads:
            t.join(10)
        assert len(moves) >= 10, moves
        time.sleep(3)   # past the write timeout
        assert _read_to_the_end(deaf, 10), "the spectator that did not read is still connected"
        assert server.refusals("write_timeout") >= 1   # counted for the operator
        watcher.close()
    finally:
        stop.set()
        if deaf is not None:
            deaf.close()
        server.close()


def test_a_bot_name_too_long_to_read_is_refused_and_long_errors_are_cut(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        for seats in (["mcts:" + "9" * 5000] * 3, ["x" * 100_000] * 3):
            r = c.post("/api/tables", json={"game": "norenberc", "players": 3, "seats": seats})
            assert r.status_code == 400, r.text[:300]
            assert r.json()["error"]["id"] == "server.error.bot_long" and "100 characters" in r.json()["text"]
        made = create(c, "norenberc", 3, ["human", "random", "random"], take=0)
        r = c.post(f"/api/tables/{made['id']}/seats/0/stand-in", json={"bot": "mcts:" + "9" * 5000},
                   headers={"authorization": f"Bearer {made['creator']}"})
        assert r.status_code == 400 and r.json()["error"]["id"] == "server.error.bot_long"
        r = c.post("/api/tables", json={"game": "x" * 1_000_000, "players": 3})
        assert r.status_code == 400 and len(r.content) < 5000 and "unknown game" in r.json()["text"]
        assert [t["id"] for t in c.get("/api/tables").json()["tables"]] == [made["id"]]


def test_frames_of_every_odd_kind_are_refused_with_words(tmp_path: Any) -> None:
    """Numbers that are no index (1e309, NaN, -0.0, beyond 64 bits), fields of the wrong
    kind or unknown, duplicate keys, binary junk: each a protocol error naming what was
    wrong, nothing changed, and the connection goes on."""
    frames = {
        '{"type":"move","action":1e309,"expect":0}': "server.error.not_json",
        '{"type":"move","action":NaN,"expect":0}': "server.error.not_json",
        '{"type":"move","action":-0.0,"expect":0}': "server.error.field_type",
        '{"type":"move","action":99999999999999999999999,"expect":0}': "server.error.field_type",
        '{"type":"move","action":18446744073709551615,"expect":0}': "server.error.action_index",
        '{"type":"move","action":-9223372036854775808,"expect":0}': "server.error.action_index",
        '{"type":"move","action":0,"expect":99999999999999999999}': "server.error.field_type",
        '{"type":"move","action":true,"expect":0}': "server.error.field_type",
        '{"type":"move","action":0,"expect":0,"seat":1}': "server.error.unknown_field",
        '{"type":"pick","parts":[1,2,"x"],"expect":0}': "server.error.part_numbers",
        '{"type":"pick","parts":[-1],"expect":0}': "server.error.action_index",
        '{"type":["move"]}': "server.error.no_type",
        '"move"': "server.error.not_object",
        "": "server.error.not_json",
        '{"type":"ping","\\u0000":1}': "server.error.unknown_field",
        '{"type":"ping"}\x00': "server.error.not_json",
    }
    with serve(tmp_path) as c:
        made = create(c, "norenberc", 3, ["human", "human", "random"], take=0)
        p = Ws(c, made["id"], made["token"])
        p.first_state()
        for frame, msgid in frames.items():
            p.drain()
            p.send(frame)
            got = p.error()
            assert got["message"]["id"] == msgid, (frame, got)
        p.send({"type": "ping"})
        p.until(lambda m: m["type"] == "pong")
        assert c.get(f"/api/tables/{made['id']}").json()["moves"] == 0
        p.close()


def test_odd_query_strings_and_paths_get_clear_answers(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        for query, msgid in (("limit=1e3", "server.error.limit"), ("limit=" + "9" * 5000, "server.error.limit"),
                             ("limit=%00", "server.error.limit"), ("status=closed", "server.error.status"),
                             ("cursor=%ff%fe", "server.error.cursor"),
                             ("cursor=" + "A" * 10_000, "server.error.cursor")):
            r = c.get(f"/api/tables?{query}")
            assert r.status_code == 400 and r.json()["error"]["id"] == msgid, (query, r.text[:200])
        made = create(c, "norenberc", 3, ["random"] * 3, take=None, start=True)
        for seat in ("abc", "-1", "9" * 5000, "3"):
            r = c.post(f"/api/tables/{made['id']}/seats/{seat}/stand-in", json={})
            assert r.status_code == 404 and r.json()["error"]["id"] == "server.error.no_seat"
        for path in ("/games/norenberc/..%2f..%2f__init__.py", "/games/norenberc/%2e%2e%2fstate.js",
                     "/static/..%2f..%2fserver%2fapp.py", "/i18n/..%2f..%2fetc.json", "/api/tables/%00/record"):
            assert c.get(path).status_code == 404, path
        assert json.loads(c.get("/i18n/" + "x" * 5000 + ".json").text)["error"]["id"] == "server.error.no_language"
