"""Structured logs (one JSON object per line, with the event's fields, never a token) and
/healthz telling a broken database."""

from __future__ import annotations

import io
import json
import logging
import random
from typing import Any

from sqlalchemy.ext.asyncio import create_async_engine

from reichsstadt.server.logs import JsonFormatter

from .helpers import Ws, full_table, play, serve


def test_json_lines_carry_the_events_fields() -> None:
    record = logging.makeLogRecord({"name": "reichsstadt.server", "levelno": logging.INFO, "levelname": "INFO",
                                    "msg": "move", "event": "move", "table": "t1", "seat": 2, "n": 40})
    line = json.loads(JsonFormatter().format(record))
    assert line["event"] == "move" and line["table"] == "t1" and line["seat"] == 2 and line["n"] == 40
    assert line["level"] == "info" and line["msg"] == "move" and line["ts"].endswith("Z")
    try:
        raise ValueError("boom")
    except ValueError:
        import sys

        record = logging.makeLogRecord({"msg": "failed", "levelname": "ERROR", "exc_info": sys.exc_info()})
    assert "ValueError: boom" in json.loads(JsonFormatter().format(record))["exc"]


def test_a_game_is_logged_as_events_without_secrets(tmp_path: Any) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("reichsstadt.server")
    old = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        with serve(tmp_path) as c:
            t = full_table(c, "norenberc", players=3, bots=1)
            people = [Ws(c, t["id"], tok) for tok in t["tokens"][:2]]
            play(people, random.Random(1), until=lambda: people[0].state["move"] > 30)
            for p in people:
                p.close()
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old)
    lines = [json.loads(x) for x in stream.getvalue().splitlines()]
    events = {e["event"] for e in lines}
    assert {"started", "create", "join", "connect", "disconnect", "stopped"} <= events
    assert all(e["table"] == t["id"] for e in lines if e["event"] in ("move", "connect", "join"))
    # a move is counted in /metrics; a line for each only at debug level
    text = stream.getvalue()
    for secret in [*t["tokens"][:2], t["creator"]]:
        assert secret not in text


def test_healthz_tells_a_broken_database(tmp_path: Any) -> None:
    with serve(tmp_path) as c:
        storage = c.app.state.services.storage  # type: ignore[attr-defined]
        good = storage.engine
        storage.engine = create_async_engine(f"sqlite+aiosqlite:///{tmp_path}/no/such/folder/x.db")
        try:
            r = c.get("/healthz")
            assert r.status_code == 503 and r.json()["ok"] is False and r.json()["db"].startswith("error")
        finally:
            storage.engine = good
        assert c.get("/healthz").status_code == 200


def _line(level: int, msg: str = "x") -> logging.LogRecord:
    return logging.makeLogRecord({"name": "uvicorn.access", "levelno": level,
                                  "levelname": logging.getLevelName(level), "msg": msg})


def test_a_flood_of_lines_is_dropped_counted_and_leaves_room_for_errors() -> None:
    from reichsstadt.server.logs import RateLimitFilter

    limit = RateLimitFilter(rate=0.001, burst=20)   # no token comes back within the test
    passed = [limit.filter(_line(logging.INFO)) for _ in range(500)]   # a client's refused requests, logged
    assert passed.count(True) == 20 and limit.dropped == 480
    error = _line(logging.ERROR, "the database went away")
    assert limit.filter(error)   # dropped with the flood before: errors had no bucket of their own
    assert error.dropped_before == 480   # type: ignore[attr-defined]  # and the next line says so
    assert [limit.filter(_line(logging.WARNING)) for _ in range(25)].count(True) == 19   # bounded too
