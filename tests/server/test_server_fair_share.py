"""The second server attack (session of 2026-11-28): one visitor asked for the reviews
of every finished game in the lobby, and read finished games that had left memory over
and over. A review is now worked out in parts at the back of the bot pool's queue, for
the address that asked, and only so many a minute from one address; a finished game's
data file, record, review and invites are read from its row, without replaying the
game on the event loop. (The pool's fair share between clients: test_server_pool.py.)"""

from __future__ import annotations

import time
from typing import Any

from .helpers import Ws, auth, create, serve


def services(c: Any) -> Any:
    return c.app.state.services


def _finished(c: Any, game: str = "norenberc") -> dict[str, Any]:
    made = create(c, game, 3, ["random"] * 3, take=None, start=True)
    w = Ws(c, made["id"], None)
    w.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=60)
    w.close()
    return made


def _reviewed(c: Any, tid: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    r = c.get(f"/api/tables/{tid}/review")
    while r.status_code == 202:
        assert time.monotonic() < deadline, "the review did not come"
        time.sleep(0.3)
        r = c.get(f"/api/tables/{tid}/review")
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_a_review_is_made_in_background_parts_and_equals_the_whole(tmp_path: Any) -> None:
    """The pool's jobs for a review are its outline and one search per costly move, each
    a background job for the asking address; put together they are the review the bots
    package makes in one piece (the same searches with the same seeds)."""
    from reichsstadt.bots.review import review
    from reichsstadt.core import Record

    with serve(tmp_path, review_seconds=1.0) as c:
        made = _finished(c)
        pool = services(c).pool
        seen: list[tuple[str, dict[str, Any]]] = []
        run = pool.run

        async def spy(key: str, job: dict[str, Any], seconds: float, *args: Any, **how: Any) -> Any:
            seen.append((job["kind"], how))
            if job["kind"] == "review_examine":   # fixed playouts: the parts comparable with the whole
                job = {**job, "budget": {"iterations": 40}}
            return await run(key, job, seconds, *args, **how)
        pool.run = spy
        got = _reviewed(c, made["id"])
        record = Record.from_json(c.get(f"/api/tables/{made['id']}/record").json())
    kinds = [k for k, _ in seen]
    assert kinds[0] == "review_outline" and kinds[1:] == ["review_examine"] * (len(kinds) - 1) and len(kinds) > 1
    assert all(how["background"] and how["owner"] for _, how in seen)
    whole = review(record, iterations=40)
    assert got["chances"] == whole["chances"] and got["seats"] == whole["seats"]


def test_reviews_one_address_may_start_are_limited_and_asking_again_is_free(tmp_path: Any) -> None:
    with serve(tmp_path, review_seconds=0.5, review_burst=2, review_rate=0.001) as c:
        tables = [_finished(c)["id"] for _ in range(3)]
        assert c.get(f"/api/tables/{tables[0]}/review").status_code in (200, 202)
        assert c.get(f"/api/tables/{tables[1]}/review").status_code in (200, 202)
        _reviewed(c, tables[0])                       # asking after a review it started costs nothing
        r = c.get(f"/api/tables/{tables[2]}/review")
        assert r.status_code == 429 and r.json()["code"] == "rate_limited", r.text
        said = r.json()["text"]
        assert "review" in said and "server.error" not in said and int(r.headers["retry-after"]) > 0, said
        assert not services(c).reviews.jobs.get(tables[2])


def test_a_finished_game_out_of_memory_is_read_without_being_loaded(tmp_path: Any) -> None:
    """Its data file, record, review and (for its creator) invites come from the database;
    the game is not replayed on the event loop, and it stays out of memory."""
    with serve(tmp_path, review_seconds=0.5, finished_unload=0.0) as c:
        made = _finished(c)
        tid = made["id"]
        whole = {path: c.get(f"/api/tables/{tid}{path}").json() for path in ("", "/data", "/record")}
        review = _reviewed(c, tid)
        tables = services(c).tables
        tables.unload(at=time.monotonic() + 1)      # (the server's own sweep may have been first)
        assert tid not in tables.tables
        for path in ("", "/data", "/record"):
            assert c.get(f"/api/tables/{tid}{path}").json() == whole[path], path
        assert c.get(f"/api/tables/{tid}/review").json() == review
        assert c.get(f"/api/tables/{tid}/invites").status_code == 403
        assert c.get(f"/api/tables/{tid}/invites", headers=auth(made["creator"])).status_code == 200
        assert tid not in tables.tables
