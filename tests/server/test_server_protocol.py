"""Security at the websocket: an unguessable token per seat; only that token acts for the
seat; spectators cannot act; every incoming message is validated (shape, size) and a
malformed, forged, oversized or out-of-turn message gets a clear error and changes
nothing; a flood from one connection is rate-limited. Tokens are stored as hashes only."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy import create_engine

from reichsstadt.server.storage import database_url

from reichsstadt.i18n import render
from reichsstadt.core import Message

from .helpers import Closed, ManualClock, Ws, full_table, serve


def moves_stored(client: Any, tid: str) -> int:
    return client.get(f"/api/tables/{tid}").json()["moves"]  # type: ignore[no-any-return]


def _readable(err: dict[str, Any]) -> str:
    """The English words of an error message (as the browser would render them)."""
    m = err["message"]
    words = m["text"] if "text" in m else render(Message.from_json(m), "en")
    assert words and "⟨" not in words, err
    return words


@pytest.mark.parametrize("frame, code, msgid", [
    ("not json", "malformed", "server.error.not_json"),
    ("[1, 2]", "malformed", "server.error.not_object"),
    ('"move"', "malformed", "server.error.not_object"),
    ("{}", "malformed", "server.error.no_type"),
    ('{"type": "resign"}', "malformed", "server.error.unknown_type"),
    ('{"type": 3}', "malformed", "server.error.no_type"),
    ('{"type": null}', "malformed", "server.error.no_type"),
    ('{"type": "move", "action": 1}', "malformed", "server.error.missing_field"),
    ('{"type": "move", "action": "1", "expect": 0}', "malformed", "server.error.field_type"),
    ('{"type": "move", "action": true, "expect": 0}', "malformed", "server.error.field_type"),
    ('{"type": "move", "action": 1.0, "expect": 0}', "malformed", "server.error.field_type"),
    ('{"type": "move", "action": 1, "expect": null}', "malformed", "server.error.field_type"),
    ('{"type": "move", "action": 1, "expect": 0, "seat": 1}', "malformed", "server.error.unknown_field"),
    ('{"type": "move", "action": 99999, "expect": 0}', "malformed", "server.error.action_index"),
    ('{"type": "move", "action": -1, "expect": 0}', "malformed", "server.error.action_index"),
    ('{"type": "pick", "parts": [1, "2"], "expect": 0}', "malformed", "server.error.part_numbers"),
    ('{"type": "pick", "parts": ' + json.dumps(list(range(17))) + ', "expect": 0}', "malformed", "server.error.chain"),
    ('{"type": "pick", "parts": 3, "expect": 0}', "malformed", "server.error.field_type"),
    ('{"type": "hello", "token": null}', "malformed", "server.error.hello_twice"),
    ('{"type": "move", "action": 1, "expect": 0}' + " " * 5000, "too_large", "server.error.too_large"),
    (b'{"type": "move", "action": 1, "expect": 0, "x": "\xff"}', "malformed", "server.error.not_json"),
    (b"\x00\x01\x02", "malformed", "server.error.not_json"),
])
def test_a_malformed_message_gets_a_clear_error_and_changes_nothing(tmp_path: Any, frame: Any, code: str,
                                                                     msgid: str) -> None:
    with serve(tmp_path) as c:
        t = full_table(c, "norenberc", players=3)
        p = Ws(c, t["id"], t["tokens"][0])
        p.first_state()
        n = moves_stored(c, t["id"])
        if isinstance(frame, bytes):
            p.ws.send_bytes(frame)
        else:
            p.send(frame)
        err = p.error()
        assert (err["code"], err["message"]["id"]) == (code, msgid)
        _readable(err)
        # the connection stays usable and nothing changed
        p.send({"type": "ping"})
        assert p.until(lambda m: m["type"] == "pong")
        assert moves_stored(c, t["id"]) == n


def test_binary_frames_are_read_like_text(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        t = full_table(c, "norenberc", players=3)
        p = Ws(c, t["id"], t["tokens"][0])
        p.first_state()
        p.ws.send_bytes(b'{"type": "ping"}')
        assert p.until(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"


@pytest.mark.parametrize("hello, close, msgid", [
    ({"type": "hello", "token": "not-a-token"}, 4403, "server.error.bad_token"),
    ({"type": "ping"}, 4400, "server.error.hello_first"),
    ({"type": "hello"}, 4400, "server.error.missing_field"),
    ({"type": "hello", "token": 5}, 4400, "server.error.field_type"),
    ({"type": "hello", "token": None, "board": "no"}, 4400, "server.error.field_type"),
    ("x" * 10_000, 4400, "server.error.too_large"),
])
def test_a_bad_hello_is_refused_and_closed(tmp_path: Any, hello: Any, close: int, msgid: str) -> None:
    with serve(tmp_path) as c:
        t = full_table(c, "norenberc", players=3)
        p = Ws(c, t["id"], None, hello=hello)
        err = p.error()
        assert err["message"]["id"] == msgid
        _readable(err)
        with pytest.raises(Closed) as closed:
            p.recv()
        assert closed.value.code == close


def test_tokens_act_only_at_their_own_table_and_seat(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        t = full_table(c, "norenberc", players=3)
        other = full_table(c, "norenberc", players=3)
        # another table's token, the creator's token (no seat of its own): refused
        for token in (other["tokens"][0], t["creator"]):
            p = Ws(c, t["id"], token)
            assert p.error()["message"]["id"] == "server.error.bad_token"
            with pytest.raises(Closed):
                p.recv()
        # an unknown table
        p = Ws(c, "nosuchtable", None, hello=None)
        assert p.error()["message"]["id"] == "server.error.no_table"
        with pytest.raises(Closed) as closed:
            p.recv()
        assert closed.value.code == 4404
        # each token is its own seat's and no other's: a message names no seat to act for
        seen = []
        for seat, token in enumerate(t["tokens"]):
            w = Ws(c, t["id"], token)
            assert w.recv()["you"] == seat
            seen.append(w)
        tokens = [*t["tokens"], t["creator"], *other["tokens"], other["creator"]]
        assert len(set(tokens)) == len(tokens)
        assert all(len(tok) >= 43 and re.fullmatch(r"[A-Za-z0-9_-]+", tok) for tok in tokens)  # 256 bits


def test_the_database_holds_token_hashes_only(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        t = full_table(c, "norenberc", players=3)
        url = c.app.state.db_url  # type: ignore[attr-defined]

    engine = create_engine(database_url(url))
    with engine.connect() as conn:
        everything = "\n".join(repr(conn.execute(text(f"select * from {table}")).all())
                                for table in ("game_tables", "seats", "moves"))
    engine.dispose()
    for token in [*t["tokens"], t["creator"]]:
        assert token not in everything


def test_out_of_turn_and_stale_moves_are_refused(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        t = full_table(c, "norenberc", players=3)
        ps = [Ws(c, t["id"], tok) for tok in t["tokens"]]
        for p in ps:
            p.first_state()
        # the first decision: whoever is not to act cannot move
        idle = [p for p in ps if not p.state["legal"]]
        busy = [p for p in ps if p.state["legal"]]
        n = moves_stored(c, t["id"])
        if idle:
            idle[0].send({"type": "move", "action": busy[0].state["legal"][0]["index"], "expect": n})
            err = idle[0].error()
            assert err["code"] == "refused"
            _readable(err)
        busy[0].send({"type": "move", "action": busy[0].state["legal"][0]["index"], "expect": n + 1})
        err = busy[0].error()
        assert err["message"]["id"] == "server.refuse.stale"
        _readable(err)
        assert moves_stored(c, t["id"]) == n


def test_a_quiet_spell_forgives_earlier_strikes(tmp_path: Any) -> None:
    """A long game's occasional bursts do not add up to a flood: strikes older than
    `flood_forget` seconds are forgiven (two bursts of 5 strikes, 8 close a connection)."""
    clock = ManualClock()
    with serve(tmp_path, clock=clock, rate_per_second=5.0, rate_burst=10, flood_strikes=8, flood_forget=0.5) as c:
        t = full_table(c, "norenberc", players=3)
        p = Ws(c, t["id"], t["tokens"][0])
        p.first_state()
        for _burst in range(2):
            for _ in range(15):
                p.send({"type": "ping"})
            kinds: list[str] = []
            while len(kinds) < 15:  # the answers to the pings (state updates may come between)
                m = p.recv(5)
                if m["type"] in ("pong", "error"):
                    kinds.append(m["type"])
            assert kinds == ["pong"] * 10 + ["error"] * 5  # the burst, then refusals (the clock stands still)
            clock.advance(2.5)  # the bucket refills and the strikes are forgotten
        p.send({"type": "ping"})
        assert p.until(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"  # still open


def test_a_flood_is_rate_limited_then_closed(tmp_path: Any) -> None:
    with serve(tmp_path, clock=ManualClock(), rate_per_second=5.0, rate_burst=10, flood_strikes=20) as c:
        t = full_table(c, "norenberc", players=3)
        p = Ws(c, t["id"], t["tokens"][0])
        p.first_state()
        n = moves_stored(c, t["id"])
        for _ in range(40):
            p.send({"type": "ping"})
        pongs = limited = 0
        with pytest.raises(Closed) as closed:
            while True:
                m = p.recv(5)
                if m["type"] == "pong":
                    pongs += 1
                elif m["type"] == "error":
                    assert m["code"] == "rate_limited"
                    _readable(m)
                    limited += 1
        assert closed.value.code == 4429
        assert pongs == 10 and limited == 20  # the burst, then refusals (the clock stands still)
        assert p.errors[-1]["message"]["id"] == "server.error.flood"
        assert moves_stored(c, t["id"]) == n
        # the limit is the connection's: the same seat reconnects and plays on
        q = Ws(c, t["id"], t["tokens"][0])
        q.first_state()
        q.send({"type": "ping"})
        assert q.until(lambda m: m["type"] == "pong")


def test_a_silent_connection_is_closed(tmp_path: Any) -> None:
    with serve(tmp_path, hello_timeout=0.3) as c:
        t = full_table(c, "norenberc", players=3)
        p = Ws(c, t["id"], None, hello=None)
        with pytest.raises(Closed):
            p.recv(5)


def test_the_server_catalog_has_every_message_it_sends() -> None:
    """Every server.* and web.* id in the code is in the English catalog and renders."""
    from importlib import resources

    from reichsstadt.i18n import catalog

    en = catalog("en").messages
    root = resources.files("reichsstadt")
    ids: set[str] = set()
    for folder, pattern in (("server", r'"(server\.[a-z_.]+)"'), ("web", r'"(web\.[a-z_.]+)"|`(web\.[a-z_.]+)')):
        for f in (root / folder).iterdir():
            if f.name.endswith((".py", ".js")):
                for m in re.finditer(pattern, f.read_text("utf-8")):
                    ids.add(next(g for g in m.groups() if g))
    dynamic = {i for i in ids if i.endswith(".")}
    ids -= dynamic
    assert ids and not sorted(i for i in ids if i not in en)
    for msgid in sorted(i for i in en if i.startswith("server.")):
        args = {k: 1 for k in re.findall(r"\{(\w+)\}", str(en[msgid]))}
        assert "⟨" not in render(Message(msgid, **args), "en"), msgid


def test_a_flood_at_the_servers_own_limits_is_told_and_closed_not_dropped_as_a_slow_reader(tmp_path: Any) -> None:
    """With the shipped limits (a burst of 40, 50 strikes) 300 pings sent at once made
    more answers than a connection may leave unread before its writer had a turn: the
    client, which reads, was dropped as a slow one, with no error and no close code. It is
    told it floods and closed with 4429, as the limits say (a real server process)."""
    import urllib.request
    from collections import Counter

    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from .process import Server

    server = Server(tmp_path)
    try:
        req = urllib.request.Request(server.base + "/api/tables", headers={"content-type": "application/json"},
                                     data=json.dumps({"game": "norenberc", "players": 2, "seats": ["human", "random"],
                                                      "take_seat": 0, "name": "Al"}).encode())
        made = json.loads(urllib.request.urlopen(req).read())
        with connect(f"{server.ws_base}/ws/{made['id']}", max_size=None) as ws:
            ws.send(json.dumps({"type": "hello", "token": made["token"], "board": False}))
            for _ in range(300):
                ws.send('{"type": "ping"}')
            said: list[dict[str, Any]] = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    said.append(json.loads(ws.recv(timeout=20)))
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429, closed.value
        kinds = Counter(m["type"] if m["type"] != "error" else m["code"] for m in said)
        assert kinds["pong"] == 40 and kinds["rate_limited"] == 50, kinds   # the burst, then the strikes
        assert said[-1]["message"]["id"] == "server.error.flood"
        assert '"flood"' in server.stderr() and "slow_client" not in server.stderr()
    finally:
        server.close()
