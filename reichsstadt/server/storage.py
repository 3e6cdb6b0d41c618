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
from typing import Any, Awaitable, Callable, Sequence

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, event, select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

OPEN, RUNNING, FINISHED = "open", "running", "finished"
HUMAN = "human"


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
                           finished: dict[str, Any] | None = None, started: bool = False) -> None:
        """Commit moves first, first+1, ... in one transaction, with the start of the game
        (`started`) or its end (`finished`, the result) if the moves start or end it: all
        or nothing. The primary key (table, n) refuses a second writer."""
        at = now()

        async def job(s: AsyncSession) -> None:
            for i, (seat, action) in enumerate(moves):
                s.add(MoveRow(table_id=table_id, n=first + i, seat=seat, action=action, at=at))
            if finished is not None or started:
                row = await s.get(TableRow, table_id)
                if row is None:
                    raise KeyError(table_id)
                if started:
                    row.status = RUNNING
                    row.started_at = at
                if finished is not None:
                    row.status = FINISHED
                    row.finished_at = at
                    row.result = finished
        await self._write(job)

    async def moves(self, table_id: str) -> list[tuple[int, dict[str, Any]]]:
        async with self.sessions() as s:
            q = select(MoveRow).where(MoveRow.table_id == table_id).order_by(MoveRow.n)
            return [(m.seat, m.action) for m in (await s.execute(q)).scalars().all()]


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
