"""Issue 17: what one anonymous visitor tried against the first server, each as a test.
Every limit is hit the way an attacker would hit it; each answer is a clear error for
that visitor, and everyone else plays on.

- bots with huge budgets are refused at creation, and a server full of searching bots
  still plays its other tables (the pool keeps a worker for quick bots);
- hints: one at a time per seat, and not more often than the server allows;
- tables: a creation rate per address, and a number of open tables per creator;
- the lobby reads summary columns, never data files; tables waiting for people are not
  held in memory;
- malformed data files (lone surrogates, infinite numbers, a number where a pair belongs)
  and deep JSON, over HTTP and in a first websocket frame: clear errors, never a 500;
- connections per address, spectators per table, header timeouts (a real process);
- every random stream of a table comes from its secret, not from its seed."""

from __future__ import annotations

import copy
import json
import socket
import time
from pathlib import Path
from typing import Any

import pytest

import reichsstadt
from reichsstadt.server import keys

from .helpers import Closed, Ws, auth, create, full_table, serve
from .process import Server


def services(c: Any) -> Any:
    return c.app.state.services


def test_bot_budgets_over_the_caps_are_refused_at_creation(tmp_path: Any) -> None:
    with serve(tmp_path, bot_max_seconds=5.0, bot_max_iterations=20_000) as c:
        for seats, msgid in ((["mcts:300s"] * 3, "server.error.bot_seconds"),
                             (["mcts:10000000"] * 3, "server.error.bot_iterations"),
                             (["random", "mcts:6s", "random"], "server.error.bot_seconds")):
            r = c.post("/api/tables", json={"game": "colonia", "players": 3, "seats": seats, "start": True})
            assert r.status_code == 400, r.text
            assert r.json()["error"]["id"] == msgid
            assert ("5 seconds" if msgid.endswith("seconds") else "20000 iterations") in r.json()["text"]
        assert c.get("/api/tables").json()["tables"] == []
        # the clock's stand-in and the creator's stand-in are checked the same way
        r = c.post("/api/tables", json={"game": "norenberc", "players": 3, "seats": ["human"] * 3, "take_seat": 0,
                                        "name": "Ann", "clock": {"move": 60, "bot": "mcts:300s"}})
        assert r.status_code == 400 and r.json()["error"]["id"] == "server.error.bot_seconds"
        made = create(c, "norenberc", 3, ["human", "random", "random"], take=0)
        r = c.post(f"/api/tables/{made['id']}/seats/0/stand-in", json={"bot": "mcts:300s"},
                   headers=auth(made["creator"]))
        assert r.status_code == 400 and r.json()["error"]["id"] == "server.error.bot_seconds"


def test_searching_bots_do_not_stop_other_tables_bots(tmp_path: Any) -> None:
    """Eight tables of bots searching at the cap keep every long-job worker busy; a table
    of quick bots still plays its game through (a worker is kept for quick jobs)."""
    with serve(tmp_path, bot_workers=2, bot_max_seconds=2.0) as c:
        for _ in range(8):
            create(c, "norenberc", 3, ["mcts:2s"] * 3, take=None, start=True)
        quick = create(c, "norenberc", 3, ["random"] * 3, take=None, start=True)
        w = Ws(c, quick["id"], None)
        w.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=90)
        w.close()


def test_hints_come_one_at_a_time_and_not_too_often(tmp_path: Any) -> None:
    """Eight connections of one seat ask for a hint at once: one is worked out, the others
    are told why not; right after it, the next is refused until the interval has passed."""
    with serve(tmp_path, hint_interval=3600.0, hint_bot="mcts:300") as c:
        t = full_table(c, "norenberc", players=3)
        seat = next(i for i, tok in enumerate(t["tokens"])
                    if Ws(c, t["id"], tok).first_state()["legal"])
        conns = [Ws(c, t["id"], t["tokens"][seat]) for _ in range(8)]
        for w in conns:
            w.first_state()
        for w in conns:
            w.send({"type": "hint"})
        answers = [w.until(lambda m: m["type"] in ("hint", "error"), timeout=60) for w in conns]
        hints = [a for a in answers if a["type"] == "hint"]
        refused = [a["message"]["id"] for a in answers if a["type"] == "error"]
        assert len(hints) == 1, answers
        assert set(refused) <= {"server.refuse.hint_busy", "server.refuse.hint_rate"} and len(refused) == 7
        conns[0].send({"type": "hint"})
        again = conns[0].until(lambda m: m["type"] in ("hint", "error"))
        assert again["type"] == "error" and again["message"]["id"] == "server.refuse.hint_rate"
        assert again["message"]["args"]["count"] > 3000


def test_table_creation_is_rate_limited_per_address(tmp_path: Any) -> None:
    with serve(tmp_path, create_rate=1 / 60, create_burst=3, open_per_creator=100) as c:
        for _ in range(3):
            create(c, "norenberc", 3, ["random"] * 3, take=None, start=True)
        r = c.post("/api/tables", json={"game": "norenberc", "players": 3, "seats": ["random"] * 3})
        assert r.status_code == 429 and r.json()["error"]["id"] == "server.error.create_rate"
        assert int(r.headers["retry-after"]) >= 1 and "try again" in r.json()["text"]
        assert len(c.get("/api/tables").json()["tables"]) == 3
        assert 'reichsstadt_limited_total{limit="create_rate"} 1.0' in c.get("/metrics").text


def test_open_tables_per_creator_are_limited(tmp_path: Any) -> None:
    with serve(tmp_path, open_per_creator=2) as c:
        first = create(c, "norenberc", 3, ["human", "human", "random"], take=0)
        create(c, "norenberc", 3, ["human", "human", "random"], take=0)
        r = c.post("/api/tables", json={"game": "norenberc", "players": 3, "seats": ["human"] * 3})
        assert r.status_code == 429 and r.json()["error"]["id"] == "server.error.open_tables"
        assert 'reichsstadt_limited_total{limit="open_tables"} 1.0' in c.get("/metrics").text  # by its limit
        # a table that is not waiting for people does not count; closing one frees its place
        create(c, "norenberc", 3, ["random"] * 3, take=None, start=True)
        assert c.post(f"/api/tables/{first['id']}/close", headers=auth(first["creator"])).status_code == 200
        create(c, "norenberc", 3, ["human", "human", "random"], take=0)


def _big_map(note_bytes: int) -> dict[str, Any]:
    name, data = reichsstadt.game("siedler").data_file()
    big = copy.deepcopy(data)
    big["note"] = "x" * note_bytes
    return big  # type: ignore[no-any-return]


def test_the_lobby_never_reads_data_files_and_open_tables_stay_out_of_memory(tmp_path: Any) -> None:
    from sqlalchemy import event

    with serve(tmp_path) as c:
        big = _big_map(2000)   # the longest note a map may carry (a longer one is refused)
        for _ in range(4):
            create(c, "siedler", 3, ["human", "human", "random"], take=0, options={"map": big})
        assert services(c).tables.tables == {}, "tables waiting for people are not held in memory"
        statements: list[str] = []
        engine = services(c).storage.engine
        listen = lambda conn, cursor, statement, *rest: statements.append(statement)  # noqa: E731
        event.listen(engine, "before_cursor_execute", listen)
        try:
            got = c.get("/api/tables?limit=100")
        finally:
            event.remove(engine, "before_cursor_execute", listen)
        assert got.status_code == 200 and len(got.json()["tables"]) == 4
        assert len(got.content) < 10_000 and "x" * 2000 not in got.text
        assert statements and not any("options" in s for s in statements), statements


def test_finished_and_idle_tables_leave_memory_and_come_back(tmp_path: Any) -> None:
    with serve(tmp_path, finished_unload=0.0, idle_unload=0.0) as c:
        made = create(c, "norenberc", 3, ["random"] * 3, take=None, start=True)
        w = Ws(c, made["id"], None)
        w.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=60)
        log = list(w.log)
        w.close()
        info = c.get(f"/api/tables/{made['id']}").json()
        tables = services(c).tables
        assert tables.unload(at=time.monotonic() + 1) >= 1
        assert made["id"] not in tables.tables
        # asking about a finished table does not bring it back into memory, and says the same
        assert c.get(f"/api/tables/{made['id']}").json() == info and made["id"] not in tables.tables
        again = Ws(c, made["id"], None)
        again.first_state()
        assert again.log == log and again.state["status"] == "finished"
        assert c.get(f"/api/tables/{made['id']}/record").status_code == 200


def test_tables_nobody_joins_expire(tmp_path: Any) -> None:
    with serve(tmp_path, open_ttl=0.0) as c:
        made = create(c, "norenberc", 3, ["human", "human", "random"], take=0)
        expired = c.portal.call(services(c).tables.expire)
        assert made["id"] in expired
        assert c.get(f"/api/tables/{made['id']}").json()["status"] == "closed"
        assert c.get("/api/tables?status=open").json()["tables"] == []
        r = c.post(f"/api/tables/{made['id']}/join", json={"invite": made["invites"][0]["invite"], "name": "Bo"})
        assert r.status_code == 400


@pytest.mark.parametrize("where, bad, expect", [
    ("lone surrogate", "surrogate", "malformed"),
    ("infinite coordinate", "infinite", "malformed"),
    ("a number where a pair belongs", "number", "refused"),
    ("a list of three where a pair belongs", "triple", "refused"),
])
def test_broken_data_files_are_refused_with_words(tmp_path: Any, where: str, bad: str, expect: str) -> None:
    name, data = reichsstadt.game("siedler").data_file()
    body = json.dumps({"game": "siedler", "players": 3, "seats": ["random"] * 3, "options": {"map": data}})
    if bad == "surrogate":
        body = body.replace(json.dumps(data["terrains"][0]["id"]), '"\\ud800"', 1)
    elif bad == "infinite":
        body = body.replace(f'"xy": {json.dumps(data["terrains"][0]["xy"])}', '"xy": [1e999, 0]', 1)
    elif bad == "number":
        body = body.replace(f'"xy": {json.dumps(data["raubritterburg"]["xy"])}', '"xy": 5', 1)
    else:
        body = body.replace(f'"xy": {json.dumps(data["city"]["red_intersections"][0]["xy"])}', '"xy": [1, 2, 3]', 1)
    with serve(tmp_path) as c:
        r = c.post("/api/tables", content=body.encode(), headers={"content-type": "application/json"})
        assert r.status_code == 400, (where, r.text)
        got = r.json()
        assert got["code"] == expect and got["text"] and "Traceback" not in got["text"], got
        if expect == "refused":
            assert "xy: must be" in got["text"]  # the engine's own words, naming the entry
        assert c.get("/api/tables").json()["tables"] == []


def test_deep_json_is_refused_over_http_and_in_a_first_frame(tmp_path: Any) -> None:
    deep = "[" * 5000 + "]" * 5000
    with serve(tmp_path) as c:
        r = c.post("/api/tables", content=deep.encode(), headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"]["id"] == "server.error.too_deep"
        very = "[" * 1_000_000  # a parser that recursed would crash on this
        r = c.post("/api/tables", content=very.encode(), headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"]["id"] == "server.error.too_deep"
        t = full_table(c, "norenberc", players=3)
        for first in ('{"type": "hello", "token": null, "x": ' + "[" * 1500 + "]" * 1500 + "}", "[" * 4000):
            p = Ws(c, t["id"], None, hello=first)
            err = p.error()
            assert err["code"] == "malformed" and err["message"]["id"] == "server.error.too_deep"
            with pytest.raises(Closed) as closed:
                p.recv()
            assert closed.value.code == 4400
        p = Ws(c, t["id"], t["tokens"][0])
        p.first_state()
        p.send('{"type": "ping", "x": ' + "[" * 100 + "]" * 100 + "}")
        assert p.error()["message"]["id"] == "server.error.too_deep"


def test_a_key_given_twice_in_a_request_is_refused_and_nothing_is_made(tmp_path: Any) -> None:
    """JSON lets an object repeat a key and parsers keep the last: a table asked for as
    Norenberc and then as Colonia (or with an option given twice) was made as the second,
    silently. The API names the key and makes nothing."""
    twice = ['{"game": "norenberc", "players": 3, "game": "colonia", "seats": ["human", "random", "random"]}',
             '{"game": "norenberc", "players": 3, "options": {"open_planning": true, "open_planning": false}}']
    with serve(tmp_path) as c:
        for body, key in zip(twice, ("game", "open_planning")):
            r = c.post("/api/tables", content=body.encode(), headers={"content-type": "application/json"})
            assert r.status_code == 400, r.text
            assert r.json()["error"] == {"id": "server.error.duplicate_key", "args": {"key": key}}
            assert f'the key "{key}" twice' in r.json()["text"]   # the page says it in its language
        assert c.get("/api/tables").json()["tables"] == []
        once = json.loads(twice[0])   # the same request with each key once is made
        assert c.post("/api/tables", json=once).status_code == 201


def test_spectators_per_table_and_websockets_per_address_are_limited(tmp_path: Any) -> None:
    with serve(tmp_path, spectators_per_table=2, connections_per_address=5) as c:
        t = full_table(c, "norenberc", players=3)
        watchers = [Ws(c, t["id"], None) for _ in range(2)]
        for w in watchers:
            w.first_state()
        third = Ws(c, t["id"], None)
        assert third.error()["message"]["id"] == "server.error.spectators"
        with pytest.raises(Closed):
            third.recv()
        player = Ws(c, t["id"], t["tokens"][0])  # seats are not spectators
        player.first_state()
        more = [Ws(c, t["id"], t["tokens"][1]) for _ in range(2)]
        for m in more:
            m.first_state()
        over = Ws(c, t["id"], t["tokens"][2], hello=None)
        assert over.error()["message"]["id"] == "server.error.connections"
        with pytest.raises(Closed) as closed:
            over.recv()
        assert closed.value.code == 4429


def test_every_random_stream_comes_from_the_tables_secret() -> None:
    """Two tables with the same seed and different secrets draw differently; the same
    secret draws the same (a restart continues exactly); bot seeds have 128 bits."""
    a, b = keys.new_secret(), keys.new_secret()
    assert len(bytes.fromhex(a)) * 8 >= 128
    draws = lambda s: [keys.chance_rng(s, n).random() for n in range(20)]  # noqa: E731
    assert draws(a) == draws(a) and draws(a) != draws(b)
    seeds = {keys.bot_seed(a, seat, n) for seat in range(4) for n in range(50)}
    assert len(seeds) == 200 and max(seeds) > 2**100
    assert keys.bot_seed(a, 1, 7) != keys.bot_seed(b, 1, 7)


def test_a_live_tables_chance_draws_do_not_follow_from_its_seed(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        made = [create(c, "colonia", 3, ["human", "human", "random"], take=0) for _ in range(2)]
        tables = [c.portal.call(services(c).tables.get, m["id"]) for m in made]
        for live in tables:
            live.seed = 7  # the same record seed
        plans = [live.__class__.__module__ and __import__("reichsstadt.server.moves", fromlist=["plan"]).plan(
            live.state, None, [], 0, live.secret, live.log.viewers()) for live in tables]
        assert [s.action for s in plans[0].steps] != [s.action for s in plans[1].steps]


def _half_sent(port: int, source: str, n: int) -> list[socket.socket]:
    out = []
    for _ in range(n):
        s = socket.socket()
        s.bind((source, 0))
        s.settimeout(5)
        s.connect(("127.0.0.1", port))
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # and never the rest
        out.append(s)
    return out


def _closed_by_server(s: socket.socket, within: float) -> bool:
    s.settimeout(within)
    try:
        return s.recv(1024) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except socket.timeout:
        return False


def test_half_sent_requests_are_cut_off_and_do_not_shut_others_out(tmp_path: Path) -> None:
    """One address opens 40 connections and never finishes a request: past 10 they are
    closed at once, the rest when the header timeout runs out; another address is
    served all along, and the log stays short."""
    server = Server(tmp_path, extra=["--connections-per-address", "10", "--header-timeout", "2"])
    sockets: list[socket.socket] = []
    try:
        sockets = _half_sent(server.port, "127.0.0.2", 40)
        assert sum(_closed_by_server(s, 1.0) for s in sockets[10:]) == 30  # the excess, closed at once
        assert server.get("/healthz")["ok"]  # 127.0.0.1 is served meanwhile
        assert all(_closed_by_server(s, 5.0) for s in sockets[:10])  # the header timeout
        more = _half_sent(server.port, "127.0.0.2", 5)  # room again after the timeout
        sockets += more
        assert not any(_closed_by_server(s, 0.3) for s in more)
        assert len(server.stderr().splitlines()) < 20
        # refused before the app, and counted for the operator by limit
        assert server.refusals("connections") == 30 and server.refusals("header_timeout") == 10
    finally:
        for s in sockets:
            s.close()
        server.close()


def test_a_slow_body_is_cut_off(tmp_path: Path) -> None:
    server = Server(tmp_path, extra=["--body-timeout", "1"])
    s = socket.socket()
    try:
        s.connect(("127.0.0.1", server.port))
        s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 100000\r\n\r\n{\"game\": ")
        s.settimeout(10)
        got = b""
        while True:
            chunk = s.recv(4096)
            if not chunk:
                break
            got += chunk
        assert got == b"" or b" 408 " in got.split(b"\r\n")[0] or b"timeout" in got
        assert server.refusals("body_timeout") == 1 and server.refusals("header_timeout") == 0
    finally:
        s.close()
        server.close()


def test_random_bot_choices_do_not_follow_from_the_tables_seed(tmp_path: Any) -> None:
    """A random bot's choices come from the table's secret (128-bit seeds through a keyed
    hash), not from its record seed: two tables with the same seed, in the same position,
    choose differently; one table chooses the same again (a restart continues exactly)."""
    with serve(tmp_path) as c:
        made = [full_table(c, "norenberc", players=3) for _ in range(2)]
        a, b = [c.portal.call(services(c).tables.get, m["id"]) for m in made]
        b.seed, b.state = a.seed, a.state  # the same seed, the same position: only the secrets differ
        seat = next(s for s in a.state.to_act() if s >= 0)
        assert len(a.state.legal(seat)) > 3

        def choices(live: Any) -> list[Any]:
            return [c.portal.call(live.bots._think, seat, "random", n) for n in range(12)]
        assert choices(a) == choices(a)
        assert choices(a) != choices(b)
