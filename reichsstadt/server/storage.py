"""The database: tables, their seats, every move, log notes and reviews, through
SQLAlchemy Core on plain (synchronous) drivers, kept off the event loop.

The database is the truth. A move is committed before anyone hears of it; a live table
is rebuilt by replaying its moves. Tokens are stored only as SHA-256 hashes, so a copy of
the database does not let anyone act for a seat.

Writes go through one writer thread (`Writer`) that commits whatever has queued up
meanwhile in one transaction (a group commit: one fsync for many tables' moves) and
then settles each caller's future with one wake-up of the event loop per batch. A batch
that fails is retried one write at a time, so only the faulty write fails. Reads run in a
small pool of reader threads. On PostgreSQL a write may carry a NOTIFY, sent in the same
transaction, so other processes hear of a move exactly when it is committed.

SQLite runs in WAL mode with `synchronous=NORMAL` by default: a commit survives a crash
of the process (what `kill -9` does) but not a power cut; `synchronous=FULL` (`serve
--sqlite-sync FULL`) survives that too, at one more fsync a commit."""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import logging
import queue
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Generic, Sequence, TypeVar

import orjson
from sqlalchemy import Connection, and_, delete, event, func, insert, or_, select, text, update
from sqlalchemy.engine import Engine, create_engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError

from ..core import Message
from . import schema
from .schema import CLOSED, FINISHED, OPEN, RUNNING, NoteRow, SeatRow, TableRow

log = logging.getLogger("reichsstadt.server")

T = TypeVar("T")


class Raw(Generic[T]):
    """A write in the driver's own terms: `fn` gets the DBAPI connection (sqlite3 or
    psycopg) and runs its statements there. The hottest write (a move) takes this path:
    a batch of raw writes is begun and committed by the driver, without SQLAlchemy's
    layers, which cost more than the commit itself when the process wakes from idle
    (benchmarks/README.md). Driver errors come out as SQLAlchemy's (IntegrityError...)."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[Any], T]) -> None:
        self.fn = fn


Job = Callable[[Connection], T] | Raw[T]


class DatabaseUrlError(ValueError):
    """A --db value that names no database this server can open: one line for the user, a
    catalog message (`commands.db.*`) as its argument; str() is the English line."""


def new_token() -> str:
    """An unguessable token (256 bits)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def database_url(value: str) -> str:
    """The SQLAlchemy URL of a --db value: a plain path is a SQLite file; sqlite+aiosqlite
    (older settings) is read as SQLite; postgres:// and postgresql:// use psycopg.
    DatabaseUrlError names what is wrong otherwise."""
    value = value.strip()
    if "://" not in value:
        if not value:
            raise DatabaseUrlError(Message("commands.db.empty"))
        return f"sqlite:///{Path(value).expanduser().resolve()}"
    scheme, rest = value.split("://", 1)
    if scheme in ("sqlite", "sqlite+aiosqlite", "sqlite+pysqlite"):
        url = "sqlite://" + rest
    elif scheme in ("postgres", "postgresql", "postgresql+psycopg", "postgresql+psycopg_async"):
        url = "postgresql+psycopg://" + rest
    else:
        raise DatabaseUrlError(Message("commands.db.scheme", scheme=scheme))
    try:
        make_url(url)
    except ArgumentError:
        raise DatabaseUrlError(Message("commands.db.not_url", value=repr(value.split("@")[-1]))) from None
    return url


def sqlite_path(url: str) -> Path | None:
    if url.startswith("sqlite"):
        rest = url.split(":///", 1)[1] if ":///" in url else ""
        return Path(rest) if rest and rest != ":memory:" else None
    return None


def check_driver(url: str) -> None:
    """DatabaseUrlError if the URL's driver is not installed (PostgreSQL needs the extra)."""
    if url.startswith("postgresql"):
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise DatabaseUrlError(Message("commands.db.driver")) from None


def make_engine(url: str, sqlite_sync: str = "NORMAL") -> Engine:
    url = database_url(url)
    check_driver(url)
    kwargs: dict[str, Any] = {"json_serializer": lambda o: orjson.dumps(o).decode(),
                              "json_deserializer": orjson.loads}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"timeout": 30, "check_same_thread": False}
    else:
        kwargs["pool_size"] = 4
    engine = create_engine(url, **kwargs)
    if url.startswith("sqlite"):
        sync = "FULL" if sqlite_sync.upper() == "FULL" else "NORMAL"

        def pragmas(dbapi_connection: Any, connection_record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={sync}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        event.listen(engine, "connect", pragmas)
    return engine


class Writer:
    """One thread that commits every queued write, a batch at a time (group commit).

    `submit(job)` returns a future of the event loop that is settled once the job's
    transaction is committed (or failed); `on_commit(seconds, jobs)` hears of each
    commit (the metrics)."""

    BATCH = 256

    def __init__(self, engine: Engine, on_commit: Callable[[float, int], None] | None = None) -> None:
        self.engine = engine
        self.on_commit = on_commit
        self._queue: queue.SimpleQueue[tuple[Job[Any], asyncio.Future[Any], asyncio.AbstractEventLoop] | None]
        self._queue = queue.SimpleQueue()
        self._conn: Connection | None = None   # kept open between batches (no pool round trip a commit)
        self._thread = threading.Thread(target=self._run, name="reichsstadt-writer", daemon=True)
        self._thread.start()

    def submit(self, job: Job[T]) -> "asyncio.Future[T]":
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        self._queue.put((job, done, loop))
        return done

    def close(self) -> None:
        """Commit what is queued, then stop (blocking: call it from a thread)."""
        self._queue.put(None)
        self._thread.join()

    def _run(self) -> None:
        try:
            self._batches()
        finally:
            self._drop()

    def _batches(self) -> None:
        stopping = False
        while not stopping:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < self.BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stopping = True
                    break
                batch.append(more)
            self._commit(batch)

    def _commit(self, batch: list[tuple[Job[Any], asyncio.Future[Any], asyncio.AbstractEventLoop]]) -> None:
        t0 = time.perf_counter()
        outcomes: list[tuple[asyncio.Future[Any], Any, BaseException | None]] = []
        try:
            conn = self._connection()
            if all(isinstance(job, Raw) for job, _, _ in batch):
                results = self._driver_transaction(conn, [job for job, _, _ in batch])
            else:
                with conn.begin():
                    results = [self._run_job(job, conn) for job, _, _ in batch]
            outcomes = [(done, r, None) for (_, done, _), r in zip(batch, results)]
        except Exception:
            self._drop()  # the connection may be what failed: the next batch takes a fresh one
            for job, done, _ in batch:  # find the faulty write: each alone
                try:
                    with self.engine.begin() as conn:
                        outcomes.append((done, self._run_job(job, conn), None))
                except Exception as exc:
                    outcomes.append((done, None, exc))
        if self.on_commit is not None:
            self.on_commit(time.perf_counter() - t0, len(batch))
        loops: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any, BaseException | None]]] = {}
        for (_, _, loop), outcome in zip(batch, outcomes):
            loops.setdefault(loop, []).append(outcome)
        for loop, settled in loops.items():
            try:
                loop.call_soon_threadsafe(_settle, settled)
            except RuntimeError:  # that loop has closed: nobody waits any more
                pass


    def _run_job(self, job: Job[T], conn: Connection) -> T:
        """One job inside SQLAlchemy's transaction (a raw one on its DBAPI connection)."""
        if isinstance(job, Raw):
            return self._driver_errors(lambda: job.fn(conn.connection.driver_connection))
        return self._driver_errors(lambda: job(conn))

    def _driver_transaction(self, conn: Connection, jobs: list[Job[Any]]) -> list[Any]:
        """Raw jobs in one transaction the driver begins (at their first statement) and
        commits. `conn` is between SQLAlchemy transactions, so its DBAPI connection is
        free to use."""
        driver: Any = conn.connection.driver_connection

        def run() -> list[Any]:
            try:
                results = [job.fn(driver) for job in jobs if isinstance(job, Raw)]
                driver.commit()
                return results
            except BaseException:
                driver.rollback()
                raise
        return self._driver_errors(run)

    def _driver_errors(self, run: Callable[[], T]) -> T:
        """`run()`, a driver's error raised as SQLAlchemy's (IntegrityError, ...)."""
        dbapi = self.engine.dialect.loaded_dbapi
        try:
            return run()
        except dbapi.Error as exc:
            raise DBAPIError.instance(None, None, exc, dbapi.Error, dialect=self.engine.dialect) from exc

    def _connection(self) -> Connection:
        if self._conn is None or self._conn.closed or self._conn.invalidated:
            self._conn = self.engine.connect()
        return self._conn

    def _drop(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except Exception:  # noqa: BLE001 - a broken connection is let go either way
                pass
            self._conn = None


def _settle(outcomes: list[tuple["asyncio.Future[Any]", Any, BaseException | None]]) -> None:
    for done, result, exc in outcomes:
        if done.done():
            continue
        if exc is None:
            done.set_result(result)
        else:
            done.set_exception(exc)


PG_NOTIFY = text("SELECT pg_notify(:channel, :payload)")   # a NOTIFY inside a SQLAlchemy job


class Storage:
    """The queries the server needs, each a coroutine: writes through the Writer, reads in
    reader threads."""

    def __init__(self, url: str, sqlite_sync: str = "NORMAL",
                 on_commit: Callable[[float, int], None] | None = None) -> None:
        self.url = database_url(url)
        self.sqlite = self.url.startswith("sqlite")
        self.engine = make_engine(self.url, sqlite_sync)
        self.writer = Writer(self.engine, on_commit)
        mark = "?" if self.sqlite else "%s"
        # the hottest statement, in the driver's own words (no SQL compiled per move)
        self._insert_moves = f"INSERT INTO moves (table_id, n, seat, action, at) VALUES ({', '.join([mark] * 5)})"
        self._notify = f"SELECT pg_notify({mark}, {mark})"
        self._update_clock = f"UPDATE seats SET time_used = {mark} WHERE table_id = {mark} AND seat = {mark}"
        self._readers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="reichsstadt-reader")

    async def close(self) -> None:
        """Commit what is queued, then let the database go."""
        await asyncio.to_thread(self.writer.close)
        self._readers.shutdown(wait=True)
        self.engine.dispose()

    async def write(self, job: Job[T]) -> T:
        """Run `job` in a transaction; its result once committed. A caller that gives up
        does not undo the commit (the writer commits what it was given; a future nobody
        waits for any more is left alone)."""
        return await self.writer.submit(job)

    async def read(self, job: Callable[[Connection], T]) -> T:
        def run() -> T:
            with self.engine.connect() as conn:
                return job(conn)
        return await asyncio.get_running_loop().run_in_executor(self._readers, run)

    async def ping(self) -> None:
        await self.read(lambda c: c.execute(text("select 1")).scalar())

    async def server_secret(self, name: str) -> bytes:
        """One of the server's secrets (made by the migrations), shared by its processes."""
        s = schema.server_secrets
        value = await self.read(lambda c: c.execute(select(s.c.value).where(s.c.name == name)).scalar())
        return bytes.fromhex(value) if value else secrets.token_bytes(32)

    # -- tables ------------------------------------------------------------------------
    async def create_table(self, table: TableRow, summary: list[dict[str, Any]]) -> None:
        def job(c: Connection) -> None:
            c.execute(insert(schema.game_tables).values(**table.columns(), summary=summary))
            if table.seats:
                c.execute(insert(schema.seats), [s.columns(table.id) for s in table.seats])
        await self.write(job)

    async def table(self, table_id: str) -> TableRow | None:
        return await self.read(lambda c: read_table(c, table_id))

    async def lobby(self, status: str | None, limit: int, after: tuple[dt.datetime, str] | None
                    ) -> list[dict[str, Any]]:
        """The lobby's rows, newest first, from the summary columns only (no options, no
        data files): `limit` rows after the cursor (created_at, id) if given."""
        t = schema.game_tables
        q = select(t.c.id, t.c.game, t.c.players, t.c.status, t.c.created_at, t.c.started_at, t.c.summary)
        q = q.where(t.c.status == status) if status else q.where(t.c.status != CLOSED)
        if after is not None:
            q = q.where(or_(t.c.created_at < after[0], and_(t.c.created_at == after[0], t.c.id < after[1])))
        q = q.order_by(t.c.created_at.desc(), t.c.id.desc()).limit(limit)
        return await self.read(lambda c: [dict(r._mapping) for r in c.execute(q)])

    async def open_tables_of(self, creator_key: str) -> int:
        t = schema.game_tables
        q = select(func.count()).select_from(t).where(t.c.creator_key == creator_key, t.c.status == OPEN)
        return int(await self.read(lambda c: c.execute(q).scalar() or 0))

    async def update_seat(self, table_id: str, seat: int, summary: Callable[[list[SeatRow]], Any] | None = None,
                          **values: Any) -> None:
        def job(c: Connection) -> None:
            s = schema.seats
            res = c.execute(update(s).where(s.c.table_id == table_id, s.c.seat == seat).values(**values))
            if not res.rowcount:
                raise KeyError(f"no seat {seat} at table {table_id}")
            if summary is not None:
                _store_summary(c, table_id, summary)
        await self.write(job)

    async def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str,
                         summary: Callable[[list[SeatRow]], Any]) -> bool:
        """Give a free person's seat a name and token; False if someone (through any
        server process) took it first, or the table is no longer open."""
        def job(c: Connection) -> bool:
            s, t = schema.seats, schema.game_tables
            open_ = select(t.c.id).where(t.c.id == table_id, t.c.status == OPEN).scalar_subquery()
            res = c.execute(update(s).where(s.c.table_id == open_, s.c.seat == seat, s.c.token_hash.is_(None))
                            .values(name=name, token_hash=token_hash))
            if not res.rowcount:
                return False
            _store_summary(c, table_id, summary)
            return True
        return await self.write(job)

    async def fill_seats(self, table_id: str, bots: dict[int, tuple[str, str]],
                         summary: Callable[[list[SeatRow]], Any]) -> bool:
        """Empty person's seats become bots' (seat -> (spec, name)) while the table is open."""
        def job(c: Connection) -> bool:
            s, t = schema.seats, schema.game_tables
            if c.execute(select(t.c.status).where(t.c.id == table_id)).scalar() != OPEN:
                return False
            for seat, (spec, name) in bots.items():
                c.execute(update(s).where(s.c.table_id == table_id, s.c.seat == seat, s.c.token_hash.is_(None))
                          .values(kind=spec, name=name))
            _store_summary(c, table_id, summary)
            return True
        return await self.write(job)

    async def close_open(self, table_id: str) -> bool:
        """An open table closes (its creator, or nobody came in time): False if it started."""
        t = schema.game_tables

        def job(c: Connection) -> bool:
            res = c.execute(update(t).where(t.c.id == table_id, t.c.status == OPEN)
                            .values(status=CLOSED, finished_at=schema.now()))
            return bool(res.rowcount)
        return await self.write(job)

    async def expire_open(self, before: dt.datetime, limit: int = 500) -> list[str]:
        """Open tables created before `before` close; their ids."""
        t = schema.game_tables

        def job(c: Connection) -> list[str]:
            ids = [r for (r,) in c.execute(select(t.c.id).where(t.c.status == OPEN, t.c.created_at < before)
                                           .limit(limit))]
            if ids:
                c.execute(update(t).where(t.c.id.in_(ids), t.c.status == OPEN)
                          .values(status=CLOSED, finished_at=schema.now()))
            return ids
        return await self.write(job)

    # -- moves -------------------------------------------------------------------------
    async def append_moves(self, table_id: str, first: int, moves: Sequence[tuple[int, dict[str, Any]]],
                           finished: dict[str, Any] | None = None, started: bool = False,
                           times: dict[int, float] | None = None, notify: tuple[str, str] | None = None) -> None:
        """Commit moves first, first+1, ... in one transaction, with the start of the game
        (`started`) or its end (`finished`, the result) if the moves start or end it, and a
        NOTIFY payload for the other processes: all or nothing. The primary key (table, n)
        refuses a second writer."""
        at = schema.now()

        rows = [(table_id, first + i, seat, orjson.dumps(action).decode(), at)
                for i, (seat, action) in enumerate(moves)]
        clocks = [(used, table_id, seat) for seat, used in (times or {}).items()]  # the game clocks, with the move
        notice = notify if notify is not None and not self.sqlite else None

        def statements(driver: Any) -> None:
            cursor = driver.cursor()
            try:
                if len(rows) == 1:  # psycopg's executemany is a pipeline: dear for one row
                    cursor.execute(self._insert_moves, rows[0])
                elif rows:
                    cursor.executemany(self._insert_moves, rows)
                if clocks:
                    cursor.executemany(self._update_clock, clocks)
                if notice is not None:
                    cursor.execute(self._notify, notice)
            finally:
                cursor.close()

        if finished is None and not started:  # a move: the driver's statements alone
            await self.write(Raw(statements))
            return

        def job(c: Connection) -> None:
            statements(c.connection.driver_connection)
            t = schema.game_tables
            values: dict[str, Any] = {}
            if started:
                values.update(status=RUNNING, started_at=at)
            if finished is not None:
                values.update(status=FINISHED, finished_at=at, result=finished)
            if not c.execute(update(t).where(t.c.id == table_id).values(**values)).rowcount:
                raise KeyError(table_id)
        await self.write(job)

    async def moves(self, table_id: str, start: int = 0) -> list[tuple[int, dict[str, Any]]]:
        """The moves of a table from number `start` on, in order."""
        m = schema.moves
        q = select(m.c.seat, m.c.action).where(m.c.table_id == table_id, m.c.n >= start).order_by(m.c.n)
        return await self.read(lambda c: [(r.seat, r.action) for r in c.execute(q)])

    async def move_count(self, table_id: str) -> int:
        m = schema.moves
        q = select(func.count()).select_from(m).where(m.c.table_id == table_id)
        return await self.read(lambda c: int(c.execute(q).scalar_one()))

    # -- notes -------------------------------------------------------------------------
    async def add_note(self, table_id: str, k: int, at: int, seat: int, message: dict[str, Any]) -> None:
        await self.write(lambda c: c.execute(insert(schema.notes).values(table_id=table_id, k=k, at=at, seat=seat,
                                                                         message=message)))

    async def notes(self, table_id: str, start: int = 0) -> list[NoteRow]:
        n = schema.notes
        q = select(n.c.k, n.c.at, n.c.seat, n.c.message).where(n.c.table_id == table_id, n.c.k >= start).order_by(n.c.k)
        return await self.read(lambda c: [NoteRow(r.k, r.at, r.seat, r.message) for r in c.execute(q)])

    # -- reviews -----------------------------------------------------------------------
    async def review(self, table_id: str) -> dict[str, Any] | None:
        r = schema.reviews
        return await self.read(lambda c: c.execute(select(r.c.review).where(r.c.table_id == table_id)).scalar())

    async def save_review(self, table_id: str, review: dict[str, Any]) -> None:
        r = schema.reviews

        def job(c: Connection) -> None:
            c.execute(delete(r).where(r.c.table_id == table_id))
            c.execute(insert(r).values(table_id=table_id, review=review, made_at=schema.now()))
        await self.write(job)

    # -- ownership: one process runs a table at a time ---------------------------------
    async def acquire(self, table_id: str, owner: str, seconds: float) -> str | None:
        """Take (or keep) the lease on a table if nobody else holds a live one; the owner
        afterwards (this process if it got it). On SQLite there is only ever one server
        process: a lease left by a process that died is taken at once."""
        t = schema.game_tables

        def job(c: Connection) -> str | None:
            at = schema.now()
            free = or_(t.c.owner.is_(None), t.c.owner == owner, t.c.lease_until < at)
            where = [t.c.id == table_id] + ([] if self.sqlite else [free])
            c.execute(update(t).where(*where).values(owner=owner, lease_until=at + dt.timedelta(seconds=seconds)))
            got: str | None = c.execute(select(t.c.owner).where(t.c.id == table_id)).scalar()
            return got
        return await self.write(job)

    async def hand_over(self, table_id: str, owner: str, to: str, seconds: float,
                        notify: tuple[str, str] | None = None) -> bool:
        """Pass this process's lease on a table to process `to`, with a NOTIFY (channel,
        payload) in the same transaction; False (nothing changed) if `owner` no longer
        holds it."""
        t = schema.game_tables

        def job(c: Connection) -> bool:
            until = schema.now() + dt.timedelta(seconds=seconds)
            moved = c.execute(update(t).where(t.c.id == table_id, t.c.owner == owner)
                              .values(owner=to, lease_until=until)).rowcount == 1
            if moved and notify is not None and not self.sqlite:
                c.execute(PG_NOTIFY, {"channel": notify[0], "payload": notify[1]})
            return moved
        return await self.write(job)

    async def renew(self, owner: str, table_ids: Sequence[str], seconds: float) -> set[str]:
        """Renew this process's leases; the ids it still holds."""
        if not table_ids:
            return set()
        t = schema.game_tables
        ids = list(table_ids)

        def job(c: Connection) -> set[str]:
            until = schema.now() + dt.timedelta(seconds=seconds)
            c.execute(update(t).where(t.c.id.in_(ids), t.c.owner == owner).values(lease_until=until))
            return {r for (r,) in c.execute(select(t.c.id).where(t.c.id.in_(ids), t.c.owner == owner))}
        return await self.write(job)

    async def release(self, owner: str, table_ids: Sequence[str]) -> None:
        if not table_ids:
            return
        t = schema.game_tables
        ids = list(table_ids)
        await self.write(lambda c: c.execute(update(t).where(t.c.id.in_(ids), t.c.owner == owner)
                                             .values(owner=None, lease_until=None)))

    async def orphans(self, owner: str, limit: int = 1000) -> list[str]:
        """Running tables no live process runs: their owner's lease has lapsed, or they have
        none (on SQLite, the one process: every running table not already its own)."""
        t = schema.game_tables
        q = select(t.c.id).where(t.c.status == RUNNING)
        if self.sqlite:
            q = q.where(or_(t.c.owner.is_(None), t.c.owner != owner))
        else:
            q = q.where(or_(t.c.lease_until.is_(None), t.c.lease_until < schema.now()))
        return await self.read(lambda c: [r for (r,) in c.execute(q.limit(limit))])

    async def lapsed(self, table_ids: Sequence[str]) -> list[str]:
        """Which of these tables' leases have lapsed (their owner is gone)."""
        if not table_ids:
            return []
        t = schema.game_tables
        ids = list(table_ids)
        q = select(t.c.id).where(t.c.id.in_(ids), or_(t.c.lease_until.is_(None), t.c.lease_until < schema.now()))
        return await self.read(lambda c: [r for (r,) in c.execute(q)])

    async def owner_of(self, table_id: str) -> str | None:
        t = schema.game_tables
        return await self.read(lambda c: c.execute(select(t.c.owner).where(t.c.id == table_id)).scalar())

    # -- telling other processes ---------------------------------------------------------
    async def notify(self, payload: str, channel: str) -> None:
        """PostgreSQL's NOTIFY (with SQLite there is only one process)."""
        if self.sqlite:
            return
        await self.write(lambda c: c.execute(PG_NOTIFY,
                                             {"channel": channel, "payload": payload}))


def read_table(c: Connection, table_id: str) -> TableRow | None:
    t, s = schema.game_tables, schema.seats
    row = c.execute(select(t).where(t.c.id == table_id)).first()
    if row is None:
        return None
    m = dict(row._mapping)
    m.pop("summary", None)
    seat_rows = [SeatRow(r.seat, r.kind, r.name, r.invite, r.token_hash, r.stand_in, bool(r.auto_stand_in),
                         float(r.time_used or 0.0))
                 for r in c.execute(select(s).where(s.c.table_id == table_id).order_by(s.c.seat))]
    return TableRow(**{**m, "secret": m["secret"] or ""}, seats=seat_rows)


def _store_summary(c: Connection, table_id: str, summary: Callable[[list[SeatRow]], Any]) -> None:
    """The lobby's summary of a table's seats, rebuilt from the seats as they now are."""
    s, t = schema.seats, schema.game_tables
    rows = [SeatRow(r.seat, r.kind, r.name, r.invite, r.token_hash, r.stand_in, bool(r.auto_stand_in),
                    float(r.time_used or 0.0))
            for r in c.execute(select(s).where(s.c.table_id == table_id).order_by(s.c.seat))]
    c.execute(update(t).where(t.c.id == table_id).values(summary=summary(rows)))
