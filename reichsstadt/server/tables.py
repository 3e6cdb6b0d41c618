"""The tables in this process's memory: loaded from the database when someone opens one,
unloaded when nobody has been there for a while (finished tables sooner), and the
housekeeping that keeps memory and the lobby bounded: open tables that nobody joins
expire, leases are renewed, tables whose owner died are taken over."""

from __future__ import annotations

import asyncio
import ctypes
import datetime as dt
import logging
import time
import uuid
from typing import TYPE_CHECKING, Callable

from .schema import CLOSED, FINISHED, OPEN, RUNNING, now
from .table import LiveTable

if TYPE_CHECKING:
    from .services import Services

log = logging.getLogger("reichsstadt.server")

SWEEP = 5.0   # seconds between looks for tables to unload and open tables to expire


def _malloc_trim() -> Callable[[int], int] | None:
    try:
        trim: Callable[[int], int] = ctypes.CDLL("libc.so.6").malloc_trim
        return trim
    except (OSError, AttributeError):  # not glibc
        return None


MALLOC_TRIM = _malloc_trim()


def give_back_memory() -> None:
    """Hand the C heap's free pages back to the system: glibc keeps them otherwise, and the
    process's memory would stay at its highest (the encoded logs of unloaded tables live
    there). Called after tables leave memory, in a thread (it takes some milliseconds)."""
    if MALLOC_TRIM is not None:
        MALLOC_TRIM(0)


class TableManager:
    def __init__(self, services: "Services") -> None:
        self.services = services
        self.tables: dict[str, LiveTable] = {}
        self.owner = uuid.uuid4().hex[:16]   # this process, in the leases
        self.held: set[str] = set()          # open and running tables this process owns, loaded or not
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        services.metrics.live_tables = lambda: len(self.tables)

    async def get(self, table_id: str) -> LiveTable | None:
        """The table, loaded from the database if it is not in memory; None if there is none."""
        live = self.tables.get(table_id)
        if live is not None:
            live.used = time.monotonic()
            return live
        loading = self._loading.get(table_id)
        if loading is None:
            loading = self._loading[table_id] = asyncio.ensure_future(self._load(table_id))
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def _load(self, table_id: str) -> LiveTable | None:
        storage = self.services.storage
        if len(table_id) > 64:
            return None
        row = await storage.table(table_id)
        if row is None:
            return None
        live = LiveTable(row, self.services)
        if row.status in (OPEN, RUNNING):
            held = row.owner is not None and row.owner != self.owner and row.lease_until is not None \
                and row.lease_until > now() and not storage.sqlite
            # a table another live process runs is followed as it is; any other is run here
            live.owner = row.owner if held else await storage.acquire(table_id, self.owner,
                                                                      self.services.settings.lease_seconds)
            live.owned = live.owner == self.owner
        live.replay(await storage.moves(table_id), await storage.notes(table_id))
        self.tables[table_id] = live
        self.services.cluster.follow(table_id, not live.owned)
        if live.owned and live.status in (OPEN, RUNNING):
            self.held.add(table_id)
        live.bots.wake()
        live.clocks.wake()
        return live

    async def start(self) -> int:
        """On start: every running table without a live owner comes back to life here
        (its bots play on); then the housekeeping runs."""
        resumed = await self.adopt_orphans()
        self._tasks.append(asyncio.create_task(self._keep_leases()))
        self._tasks.append(asyncio.create_task(self._sweep()))
        return resumed

    async def adopt_orphans(self) -> int:
        ids = await self.services.storage.orphans(self.owner)
        for table_id in ids:
            live = await self.get(table_id)
            if live is not None and not live.owned:
                await self.take_over(live)
        return len(ids)

    async def take_over(self, live: LiveTable) -> None:
        """Run a table whose owner is gone (or that has none) in this process."""
        storage = self.services.storage
        got = await storage.acquire(live.id, self.owner, self.services.settings.lease_seconds)
        live.owner = got
        if got == self.owner:
            async with live.lock:
                await live._catch_up()
            live.owned = True
            live.owner = self.owner
            self.services.cluster.follow(live.id, False)
            if live.status in (OPEN, RUNNING):
                self.held.add(live.id)
            log.info("took over", extra={"event": "take_over", "table": live.id, "owner": self.owner})
            live.bots.wake()
            live.clocks.wake()

    async def _keep_leases(self) -> None:
        settings = self.services.settings
        while True:
            await asyncio.sleep(settings.lease_renew)
            try:
                await self._renew()
            except asyncio.CancelledError:
                raise
            except Exception:  # a database hiccup: try again at the next round
                log.exception("leases", extra={"event": "lease_error"})

    async def _renew(self) -> None:
        storage, settings = self.services.storage, self.services.settings
        for table_id, live in self.tables.items():  # every table it runs, open or running
            if live.owned and live.status in (OPEN, RUNNING):
                self.held.add(table_id)
            else:
                self.held.discard(table_id)
        asked = sorted(self.held)
        kept = await storage.renew(self.owner, asked, settings.lease_seconds)
        # only a table asked about and not kept is lost: one made or loaded while the
        # renewal was on its way is held (it was not asked about), and on SQLite nobody
        # would ever take it over again
        for table_id in set(asked) - kept:  # lapsed and taken: another process runs it now
            self.held.discard(table_id)
            lost = self.tables.get(table_id)
            if lost is not None:
                lost.owned = False
                self.services.cluster.follow(table_id, True)
                lost.owner = None
        if not storage.sqlite:
            followed = [t for t, live in self.tables.items() if live.status == RUNNING and not live.owned]
            for table_id in await storage.lapsed(followed):  # their owner died: run them here
                orphan = self.tables.get(table_id)
                if orphan is not None and not orphan.owned:
                    await self.take_over(orphan)
            await self.adopt_orphans()

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            try:
                await self.expire()
                if self.unload():
                    await asyncio.to_thread(give_back_memory)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("sweep", extra={"event": "sweep_error"})

    async def expire(self) -> list[str]:
        """Open tables nobody joined in time close."""
        settings = self.services.settings
        ids = await self.services.storage.expire_open(now() - dt.timedelta(seconds=settings.open_ttl))
        for table_id in ids:
            live = self.tables.get(table_id)
            if live is not None and live.status == OPEN:
                live.status = CLOSED
                await live._after(notify="seats")
        if ids:
            log.info("expired", extra={"event": "expire", "tables": len(ids)})
        return ids

    def unload(self, at: float | None = None) -> int:
        """Tables nobody has used for a while leave memory (finished ones sooner); they
        come back from the database when someone opens them."""
        settings = self.services.settings
        t = time.monotonic() if at is None else at
        gone = []
        for table_id, live in self.tables.items():
            wait = settings.finished_unload if live.status in (FINISHED, CLOSED) else settings.idle_unload
            if t - live.used >= wait and live.idle():
                gone.append(table_id)
        for table_id in gone:
            self.drop(table_id)
        return len(gone)

    def drop(self, table_id: str) -> None:
        """The table leaves memory (it comes back from the database when opened)."""
        live = self.tables.pop(table_id, None)
        if live is not None:
            live.closing = True  # a route still holding it cannot move it any more
            self.services.cluster.follow(table_id, False)

    async def close(self) -> None:
        """A clean shutdown: no new bot moves; moves being committed finish first; this
        process's leases are given back, so another process takes over at once."""
        for task in self._tasks:
            task.cancel()
        for live in self.tables.values():
            live.closing = True
        for live in self.tables.values():
            await live.shut()
        try:
            await self.services.storage.release(self.owner, sorted(self.held | {t for t, live in self.tables.items()
                                                                                 if live.owned}))
        except Exception:
            log.exception("release", extra={"event": "release_error"})
