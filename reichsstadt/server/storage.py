"""The database: tables, their seats and every move, through SQLAlchemy (async).

The database is the truth. A move is committed before anyone hears of it; a live table
is rebuilt by replaying its moves. Tokens are stored only as SHA-256 hashes, so a copy of
the database does not let anyone act for a seat."""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import secrets
import sys
from pathlib import Path
from typing import Any, Awaitable, Callable, Sequence, cast

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Integer, String, event, select, text, update
from sqlalchemy import CursorResult, or_
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

OPEN, RUNNING, FINISHED = "open", "running", "finished"
HUMAN = "human"
CHANNEL = "reichsstadt_tables"   # PostgreSQL LISTEN/NOTIFY: "a table changed", the payload its id


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)


def new_token() -> str:
    """An unguessable token (256 bits)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)          # secret: chance draws derive from it
    options: Mapped[dict[str, Any]] = mapped_column(JSON)  # resolved, data files included
    status: Mapped[str] = mapped_column(String(16), index=True)
    creator_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime)
    started_at: Mapped[dt.datetime | None] = mapped_column(DateTime, nullable=True)
    finished_at: Mapped[dt.datetime | None] = mapped_column(DateTime, nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # thinking time: {"move": seconds | None, "game": seconds | None, "absent": seconds | None,
    # "bot": the bot that stands in}; None: no clock
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # the server process that runs the table's bots and clocks, while its lease lasts
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    lease_until: Mapped[dt.datetime | None] = mapped_column(DateTime, nullable=True)

    seats: Mapped[list["SeatRow"]] = relationship(order_by="SeatRow.seat", lazy="selectin",
                                                  cascade="all, delete-orphan")


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(40))            # "human" or a bot's name ("random")
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    invite: Mapped[str] = mapped_column(String(64))          # the code of this seat's invite link
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    stand_in: Mapped[str | None] = mapped_column(String(40), nullable=True)  # a bot playing for an absent person
    auto_stand_in: Mapped[bool] = mapped_column(Boolean, default=False)   # put there by a clock, gone on return
    time_used: Mapped[float] = mapped_column(Float, default=0.0)          # seconds thought, for a game clock


class NoteRow(Base):
    """Something the log must say that is no move: a clock ran out, a bot took over, the
    person came back. `at` is the number of moves made when it happened."""

    __tablename__ = "table_notes"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    k: Mapped[int] = mapped_column(Integer, primary_key=True)   # 0, 1, 2, ... in order
    at: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    message: Mapped[dict[str, Any]] = mapped_column(JSON)


class MoveRow(Base):
    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)   # 0, 1, 2, ... in order
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[dt.datetime] = mapped_column(DateTime)


def async_url(url: str) -> str:
    """The URL for the async engine: plain sqlite:// becomes sqlite+aiosqlite://,
    postgresql:// becomes postgresql+psycopg://."""
    if url.startswith("sqlite:"):
        return "sqlite+aiosqlite:" + url[len("sqlite:"):]
    if url.startswith("postgresql:") or url.startswith("postgres:"):
        return "postgresql+psycopg:" + url.split(":", 1)[1]
    return url


def sync_url(url: str) -> str:
    """The URL for Alembic (sync): the async drivers' sync siblings."""
    return url.replace("sqlite+aiosqlite:", "sqlite:")


def sqlite_path(url: str) -> Path | None:
    if url.startswith("sqlite"):
        rest = url.split(":///", 1)[1] if ":///" in url else ""
        return Path(rest) if rest and rest != ":memory:" else None
    return None


WriteJob = Callable[[AsyncSession], Awaitable[None]]


class Storage:
    """The database behind the server: one async engine and the queries it needs.

    SQLite takes one writer at a time, and each commit waits for the disk (fsync, ~5 ms
    here in WAL mode, ~27 ms with the default rollback journal). So on SQLite every write
    goes through one writer task that commits whatever has queued up meanwhile in one
    transaction (a group commit: one fsync for many tables' moves), in WAL mode with
    synchronous=FULL (a commit survives a crash of the process and of the machine), and
    each waiting caller hears of its own commit. A batch that fails is retried one write at
    a time, so only the faulty write fails. PostgreSQL takes concurrent transactions and
    does its own group commit: there each write has its own transaction."""

    BATCH = 256  # writes committed together at most

    def __init__(self, url: str) -> None:
        self.url = async_url(url)
        self.sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.sqlite:
            kwargs["connect_args"] = {"timeout": 30}
        self.engine: AsyncEngine = create_async_engine(self.url, **kwargs)
        if self.sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._queue: asyncio.Queue[tuple[WriteJob, asyncio.Future[None]] | None] | None = None
        self._writer: asyncio.Task[None] | None = None

    async def close(self) -> None:
        """Commit what is queued, then let the database go."""
        if self._writer is not None and not self._writer.done() and self._queue is not None:
            self._queue.put_nowait(None)
            await self._writer
        await self.engine.dispose()

    # -- writing -----------------------------------------------------------------------
    async def _write(self, job: WriteJob) -> None:
        """Run `job` in a transaction and return once it is committed."""
        if not self.sqlite:
            async with self.sessions() as s, s.begin():
                await job(s)
            return
        if self._queue is None:
            self._queue = asyncio.Queue()
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_loop(self._queue))
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((job, done))
        await asyncio.shield(done)  # a caller that gives up does not undo the commit

    async def _write_loop(self, queue: "asyncio.Queue[tuple[WriteJob, asyncio.Future[None]] | None]") -> None:
        stopping = False
        while not stopping:
            first = await queue.get()
            if first is None:
                break
            batch = [first]
            while len(batch) < self.BATCH and not queue.empty():
                more = queue.get_nowait()
                if more is None:
                    stopping = True
                    break
                batch.append(more)
            try:
                async with self.sessions() as s, s.begin():
                    for job, _ in batch:
                        await job(s)
            except Exception:
                if len(batch) == 1:
                    _settle(batch[0][1], sys.exc_info()[1])
                    continue
                for job, done in batch:  # find the faulty write: each alone
                    try:
                        async with self.sessions() as s, s.begin():
                            await job(s)
                    except Exception as exc:
                        _settle(done, exc)
                    else:
                        _settle(done, None)
                continue
            for _, done in batch:
                _settle(done, None)

    # -- tables ------------------------------------------------------------------------
    async def create_table(self, table: TableRow) -> None:
        async def job(s: AsyncSession) -> None:
            s.add(table)
        await self._write(job)

    async def table(self, table_id: str) -> TableRow | None:
        async with self.sessions() as s:
            return await s.get(TableRow, table_id)

    async def tables(self, status: str | None = None, limit: int = 100) -> Sequence[TableRow]:
        async with self.sessions() as s:
            q = select(TableRow).order_by(TableRow.created_at.desc()).limit(limit)
            if status:
                q = q.where(TableRow.status == status)
            return (await s.execute(q)).scalars().all()

    async def update_seat(self, table_id: str, seat: int, **values: Any) -> None:
        async def job(s: AsyncSession) -> None:
            row = await s.get(SeatRow, (table_id, seat))
            if row is None:
                raise KeyError(f"no seat {seat} at table {table_id}")
            for k, v in values.items():
                setattr(row, k, v)
        await self._write(job)

    async def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give a free person's seat a name and token; False if someone (through any
        server process) took it first."""
        async with self.sessions() as s, s.begin():
            res = await s.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat,
                                                        SeatRow.token_hash.is_(None))
                                  .values(name=name, token_hash=token_hash))
            return bool(cast(CursorResult[Any], res).rowcount)

    async def set_status(self, table_id: str, status: str, result: dict[str, Any] | None = None) -> None:
        async def job(s: AsyncSession) -> None:
            row = await s.get(TableRow, table_id)
            if row is None:
                raise KeyError(table_id)
            row.status = status
            if status == RUNNING:
                row.started_at = now()
            if status == FINISHED:
                row.finished_at = now()
                row.result = result
        await self._write(job)

    # -- moves -------------------------------------------------------------------------
    async def append_moves(self, table_id: str, first: int, moves: Sequence[tuple[int, dict[str, Any]]],
                           finished: dict[str, Any] | None = None, started: bool = False,
                           times: dict[int, float] | None = None) -> None:
        """Commit moves first, first+1, ... in one transaction, with the start of the game
        (`started`) or its end (`finished`, the result) if the moves start or end it: all
        or nothing. The primary key (table, n) refuses a second writer."""
        at = now()

        async def job(s: AsyncSession) -> None:
            for i, (seat, action) in enumerate(moves):
                s.add(MoveRow(table_id=table_id, n=first + i, seat=seat, action=action, at=at))
            for seat, used in (times or {}).items():  # the game clocks, with the move that used them
                seat_row = await s.get(SeatRow, (table_id, seat))
                if seat_row is not None:
                    seat_row.time_used = used
            if finished is not None or started:
                table = await s.get(TableRow, table_id)
                if table is None:
                    raise KeyError(table_id)
                if started:
                    table.status = RUNNING
                    table.started_at = at
                if finished is not None:
                    table.status = FINISHED
                    table.finished_at = at
                    table.result = finished
        await self._write(job)

    async def moves(self, table_id: str, start: int = 0) -> list[tuple[int, dict[str, Any]]]:
        """The moves of a table from number `start` on, in order."""
        async with self.sessions() as s:
            q = select(MoveRow).where(MoveRow.table_id == table_id, MoveRow.n >= start).order_by(MoveRow.n)
            return [(m.seat, m.action) for m in (await s.execute(q)).scalars().all()]

    # -- notes -------------------------------------------------------------------------
    async def add_note(self, table_id: str, k: int, at: int, seat: int, message: dict[str, Any]) -> None:
        async def job(s: AsyncSession) -> None:
            s.add(NoteRow(table_id=table_id, k=k, at=at, seat=seat, message=message))
        await self._write(job)

    async def notes(self, table_id: str, start: int = 0) -> list[NoteRow]:
        async with self.sessions() as s:
            q = select(NoteRow).where(NoteRow.table_id == table_id, NoteRow.k >= start).order_by(NoteRow.k)
            return list((await s.execute(q)).scalars().all())

    # -- ownership: one process runs a table's bots and clocks at a time ---------------
    async def acquire(self, table_id: str, owner: str, seconds: float) -> bool:
        """Take (or keep) the lease on a table if nobody else holds a live one. On SQLite
        there is only ever one server process: a lease left by a process that died is
        taken at once (its restart must not wait for the lease to lapse)."""
        t = now()
        async with self.sessions() as s, s.begin():
            free = or_(TableRow.owner.is_(None), TableRow.owner == owner, TableRow.lease_until < t)
            where = [TableRow.id == table_id] + ([] if self.sqlite else [free])
            res = await s.execute(update(TableRow).where(*where)
                                  .values(owner=owner, lease_until=t + dt.timedelta(seconds=seconds)))
            return bool(cast(CursorResult[Any], res).rowcount)

    async def renew(self, owner: str, table_ids: Sequence[str], seconds: float) -> set[str]:
        """Renew this process's leases; the ids it still holds (a lease that lapsed and was
        taken by another process is lost)."""
        if not table_ids:
            return set()
        t = now()
        held: set[str] = set()
        async with self.sessions() as s, s.begin():
            await s.execute(update(TableRow).where(TableRow.id.in_(list(table_ids)), TableRow.owner == owner)
                            .values(lease_until=t + dt.timedelta(seconds=seconds)))
            q = select(TableRow.id).where(TableRow.id.in_(list(table_ids)), TableRow.owner == owner)
            held = {r for (r,) in (await s.execute(q)).all()}
        return held

    async def release(self, owner: str, table_ids: Sequence[str]) -> None:
        if not table_ids:
            return
        async with self.sessions() as s, s.begin():
            await s.execute(update(TableRow).where(TableRow.id.in_(list(table_ids)), TableRow.owner == owner)
                            .values(owner=None, lease_until=None))

    async def orphans(self, owner: str, limit: int = 1000) -> list[str]:
        """Running tables no live process runs: their owner's lease has lapsed, or they have
        none (on SQLite, the one process: every running table not already its own)."""
        t = now()
        async with self.sessions() as s:
            q = select(TableRow.id).where(TableRow.status == RUNNING)
            if self.sqlite:
                q = q.where(or_(TableRow.owner.is_(None), TableRow.owner != owner))
            else:
                q = q.where(or_(TableRow.lease_until.is_(None), TableRow.lease_until < t))
            return [r for (r,) in (await s.execute(q.limit(limit))).all()]

    # -- telling other processes ---------------------------------------------------------
    async def notify(self, table_id: str) -> None:
        """Tell the other server processes that a table changed (PostgreSQL's NOTIFY; with
        SQLite there is only one process)."""
        if self.sqlite:
            return
        async with self.sessions() as s, s.begin():
            await s.execute(text("SELECT pg_notify(:channel, :payload)"),
                            {"channel": CHANNEL, "payload": table_id})


def _settle(done: "asyncio.Future[None]", exc: BaseException | None) -> None:
    if done.done():
        return
    if exc is None:
        done.set_result(None)
    else:
        done.set_exception(exc)


def _sqlite_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
    """WAL: readers never wait for the writer, one fsync per commit; FULL: a commit is on
    the disk before anyone hears of it."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
