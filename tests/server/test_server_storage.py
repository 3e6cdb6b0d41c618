"""Storage through SQLAlchemy, on a SQLite file and on a real PostgreSQL server that the
tests start: the schema by Alembic migrations (applied on start, again harmlessly, equal
to the models), tables, seats and moves, all-or-nothing commits, a second writer
refused; and a whole live game on PostgreSQL, continued by a second server process's
worth of app on the same database."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect
from sqlalchemy.exc import IntegrityError

from reichsstadt.server import migrations
from reichsstadt.server.schema import FINISHED, OPEN, RUNNING, SeatRow, TableRow, metadata
from reichsstadt.server.seating import lobby_seats
from reichsstadt.server.storage import Storage, database_url, token_hash

from .helpers import Ws, full_table, play, serve


def _row(table_id: str, seed: int = 2**62 - 1, options: dict[str, Any] | None = None,
         created: dt.datetime | None = None) -> TableRow:
    return TableRow(id=table_id, secret="ab" * 32, game="norenberc", players=3, seed=seed,
                    options=options or {"open_planning": True},
                    status=OPEN, creator_hash=token_hash("c"), created_at=created or dt.datetime(2026, 1, 1),
                    seats=[SeatRow(seat=i, kind=k, name=n, invite=f"inv{i}")
                           for i, (k, n) in enumerate([("human", "Änne ☀"), ("human", None), ("random", None)])])


def test_migrations_build_the_models_schema_and_run_again_harmlessly(db_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    migrations.upgrade(db_url)
    migrations.upgrade(db_url)  # every start applies them: the second time changes nothing
    engine = create_engine(database_url(db_url))
    try:
        with engine.connect() as conn:
            assert set(inspect(conn).get_table_names()) >= {"game_tables", "seats", "moves", "alembic_version"}
            diff = compare_metadata(MigrationContext.configure(conn), metadata)
            assert diff == [], f"the migrations and the models differ: {diff}"
    finally:
        engine.dispose()
    # down and up again
    from alembic import command

    command.downgrade(migrations.config(db_url), "base")
    migrations.upgrade(db_url)


def test_tables_seats_and_moves(db_url: str) -> None:
    migrations.upgrade(db_url)
    components = json.loads(resources.files("reichsstadt.games.norenberc").joinpath("components.json")
                            .read_text("utf-8"))

    async def go() -> None:
        st = Storage(db_url)
        try:
            a, b = _row("a", created=dt.datetime(2026, 1, 1)), _row("b", seed=0, options={"components": components},
                                                                     created=dt.datetime(2026, 1, 2))
            await st.create_table(a, lobby_seats(a.seats))
            await st.create_table(b, lobby_seats(b.seats))
            got = await st.table("a")
            assert got is not None and got.seed == 2**62 - 1 and got.options == {"open_planning": True}
            assert [(s.seat, s.kind, s.name) for s in got.seats] == [
                (0, "human", "Änne ☀"), (1, "human", None), (2, "random", None)]
            assert (await st.table("b")).options["components"] == components  # type: ignore[union-attr]
            assert await st.table("nope") is None
            assert [t["id"] for t in await st.lobby(None, 10, None)] == ["b", "a"]  # newest first
            await st.update_seat("a", 1, lobby_seats, name="Bo", token_hash=token_hash("t"))
            assert (await st.table("a")).seats[1].name == "Bo"  # type: ignore[union-attr]
            with pytest.raises(KeyError):
                await st.update_seat("a", 7, name="x")
            # the start with the set-up's draws; then moves in order
            await st.append_moves("a", 0, [(-1, {"type": "order", "first": 2})], started=True)
            row = await st.table("a")
            assert row.status == RUNNING and row.started_at is not None  # type: ignore[union-attr]
            assert [t["id"] for t in await st.lobby(RUNNING, 10, None)] == ["a"]
            await st.append_moves("a", 1, [(0, {"type": "pass"}), (-1, {"type": "die", "face": 3})])
            assert await st.moves("a") == [(-1, {"type": "order", "first": 2}), (0, {"type": "pass"}),
                                           (-1, {"type": "die", "face": 3})]
            # a second writer of move 2 is refused, and its whole batch with it
            with pytest.raises(IntegrityError):
                await st.append_moves("a", 2, [(1, {"type": "late"}), (2, {"type": "new"})])
            assert len(await st.moves("a")) == 3  # move 3 of the refused batch was not kept
            await st.append_moves("a", 3, [(1, {"type": "x"})])
            assert (await st.moves("a"))[3] == (1, {"type": "x"})
            # the last move and the end of the game in one transaction
            await st.append_moves("a", 4, [(2, {"type": "last"})], finished={"scores": [1, 2, 3]})
            row = await st.table("a")
            assert row.status == FINISHED and row.result == {"scores": [1, 2, 3]}  # type: ignore[union-attr]
            assert row.finished_at is not None  # type: ignore[union-attr]
            assert [t["id"] for t in await st.lobby(FINISHED, 10, None)] == ["a"]
            assert [t["id"] for t in await st.lobby(OPEN, 10, None)] == ["b"]
            assert await st.moves("b") == []
        finally:
            await st.close()

    asyncio.run(go())


def test_moves_committed_together_fail_alone(db_url: str) -> None:
    """Moves of several tables queued at once are committed together (the driver's own
    statements); one refused among them (a second writer of a move number) fails alone,
    and a seat's thinking time is stored with its move."""
    migrations.upgrade(db_url)

    async def go() -> None:
        st = Storage(db_url)
        try:
            for name in "xyz":
                await st.create_table(_row(name), lobby_seats(_row(name).seats))
                await st.append_moves(name, 0, [(-1, {"type": "order", "first": 0})], started=True)
            got = await asyncio.gather(
                st.append_moves("x", 1, [(0, {"type": "a"})], times={0: 12.5}),
                st.append_moves("y", 0, [(0, {"type": "twice"})]),
                st.append_moves("z", 1, [(1, {"type": "b"}), (-1, {"type": "die", "face": 6})]),
                return_exceptions=True)
            assert got[0] is None and got[2] is None and isinstance(got[1], IntegrityError)
            assert await st.moves("x") == [(-1, {"type": "order", "first": 0}), (0, {"type": "a"})]
            assert await st.moves("y") == [(-1, {"type": "order", "first": 0})]
            assert len(await st.moves("z")) == 3
            assert (await st.table("x")).seats[0].time_used == 12.5  # type: ignore[union-attr]
        finally:
            await st.close()

    asyncio.run(go())


def test_url_forms(tmp_path: Any) -> None:
    """A plain path is a SQLite file; the older async forms are read as their drivers."""
    assert database_url("sqlite+aiosqlite:////data/x.db") == "sqlite:////data/x.db"
    assert database_url("sqlite:////data/x.db") == "sqlite:////data/x.db"
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url(f"{tmp_path}/a file.db") == f"sqlite:///{tmp_path}/a file.db"
    assert database_url("rel.db") == f"sqlite:///{Path('rel.db').resolve()}"


def test_a_whole_live_game_on_postgresql_continued_by_a_new_app(tmp_path: Any, postgres_url: str) -> None:
    rng = random.Random(12)
    with serve(tmp_path, db_url=postgres_url) as c:
        assert c.get("/healthz").json()["db"] == "ok"
        t = full_table(c, "norenberc", players=3, bots=1)
        people = [Ws(c, t["id"], tok) for tok in t["tokens"][:2]]
        play(people, rng, until=lambda: people[0].state["move"] > 60)
        seen = {i: (p.state["view"], p.log) for i, p in enumerate(people)}
        moves = people[0].state["move"]
        for p in people:
            p.close()
    # another app on the same database: the table is where it was, and plays to the end
    with serve(tmp_path, db_url=postgres_url) as c:
        people = [Ws(c, t["id"], tok) for tok in t["tokens"][:2]]
        for i, p in enumerate(people):
            s = p.first_state()
            assert s["move"] >= moves
            if s["move"] == moves:
                assert (s["view"], p.log) == seen[i]
            else:  # the bot had its move due: the log goes on from what was seen
                assert p.log[:len(seen[i][1])] == seen[i][1]
        play(people, rng)
        info = c.get(f"/api/tables/{t['id']}").json()
        assert info["status"] == "finished" and info["result"]["ranks"]
        record = c.get(f"/api/tables/{t['id']}/record").json()
        assert len(record["moves"]) == info["moves"]

