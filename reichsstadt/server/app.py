"""The ASGI app: the services made once at start (storage, bot pool, tables, other
processes, limits, metrics), the routes over them (routes/), and the start and stop of
it all (migrations applied, orphaned tables resumed; commits finished, leases given
back). The HTTP and websocket contracts are in routes/__init__.py."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from typing import AsyncIterator, Callable

from starlette.applications import Starlette
from starlette.exceptions import HTTPException

from . import migrations
from .clock import Clock
from .cluster import Cluster, PgCluster
from .config import Settings
from .limits import Limits
from .metrics import GcWatch, Metrics
from .pool import BotPool
from .review import Reviews
from .routes import all_routes
from .routes.common import no_route
from .services import Services
from .storage import Storage
from .tables import TableManager

log = logging.getLogger("reichsstadt.server")


def make_services(settings: Settings, db_url: str, clock: Clock | None = None) -> Services:
    metrics = Metrics()
    storage = Storage(db_url, settings.sqlite_sync, on_commit=metrics.committed)
    pool = BotPool(settings.workers(), settings.bot_grace, on_queue=metrics.queue)
    limits = Limits(settings.create_rate, settings.create_burst, settings.connections_per_address,
                    settings.replay_rate, settings.replay_burst, settings.review_rate, settings.review_burst,
                    settings.check_rate, settings.check_burst)
    svc = Services(settings, storage, pool, metrics, limits, clock or Clock())
    svc.tables = TableManager(svc)
    svc.cluster = (Cluster if storage.sqlite else PgCluster)(svc, svc.tables.owner)
    svc.reviews = Reviews(svc)
    return svc


GC_THRESHOLDS = (50_000, 20, 100)
"""Garbage collection after start-up (benchmarks/README.md, the server's section): what
start-up made is frozen out of every collection, and the young generation is collected
every 50,000 allocations rather than 700 (a move's short-lived objects die by reference
count; what a collection would have found is the same, found less often)."""


def tune_gc() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


async def _start(app: Starlette, settings: Settings, db_url: str, clock: Clock | None) -> Services:
    await asyncio.to_thread(migrations.upgrade, db_url)
    svc = make_services(settings, db_url, clock)
    app.state.services = svc
    svc.limits.address_secret = await svc.storage.server_secret("address")
    await svc.cluster.start()
    resumed = await svc.tables.start()
    log.info("started", extra={"event": "started", "db": svc.storage.url.split("@")[-1], "resumed": resumed})
    return svc


def create_app(settings: Settings | None = None, tune_gc_after_start: bool = False,
               on_stopped: Callable[[], None] | None = None, clock: Clock | None = None) -> Starlette:
    """The app; `clock` is the time of thinking clocks and message rates (tests move one by hand)."""
    settings = settings or Settings()
    db_url = settings.resolved_db_url()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            svc = await _start(app, settings, db_url, clock)
        except Exception as exc:
            app.state.startup_error = str(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__
            raise
        if tune_gc_after_start:
            tune_gc()
        gc_watch = GcWatch(svc.metrics.gc_pause)
        gc_watch.install()  # after the start-up collection: the pauses of serving, not of starting
        try:
            yield
        finally:
            await svc.tables.close()
            await svc.cluster.close()
            await svc.pool.close()
            await svc.storage.close()
            gc_watch.remove()
            log.info("stopped", extra={"event": "stopped"})
            if on_stopped is not None:
                on_stopped()

    app = Starlette(routes=all_routes(), lifespan=lifespan, exception_handlers={HTTPException: no_route})
    app.state.startup_error = None
    app.state.settings = settings
    app.state.db_url = db_url
    return app
