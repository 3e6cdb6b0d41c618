"""Reviews of finished games, worked out in the background in the bot pool (with a
bounded budget) by `reichsstadt.bots.review.review`, and kept in the database with the
game: asked for once, computed once."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from ..core.record import Record
from .pool import BotFailed, BotTimeout

if TYPE_CHECKING:
    from .services import Services

log = logging.getLogger("reichsstadt.server")


class Reviews:
    def __init__(self, services: "Services") -> None:
        self.services = services
        self.jobs: dict[str, asyncio.Task[None]] = {}
        self.failed: dict[str, str] = {}

    async def ask(self, table_id: str, record: Record) -> dict[str, Any]:
        """{"status": "pending"} while the review is being made (started if it is not),
        {"error": why} once if making it failed (asked again, it is tried again)."""
        why = self.failed.pop(table_id, None)
        if why is not None:  # said once; the next ask tries again (a worker lost is no verdict on the game)
            return {"error": why}
        if table_id not in self.jobs:
            task = asyncio.create_task(self._make(table_id, record))
            self.jobs[table_id] = task
            task.add_done_callback(lambda _: self.jobs.pop(table_id, None))
        return {"status": "pending"}

    async def _make(self, table_id: str, record: Record) -> None:
        settings = self.services.settings
        job = {"kind": "review", "record": record.to_json(), "seconds": settings.review_seconds, "seed": 0}
        try:
            # the searches share review_seconds; replaying and judging every move comes on top
            got = await self.services.pool.run(f"review:{table_id}", job, settings.review_seconds + 10)
            await self.services.storage.save_review(table_id, got)
            log.info("reviewed", extra={"event": "review", "table": table_id})
        except (BotFailed, BotTimeout) as exc:
            self.failed[table_id] = str(exc)
            log.warning("review failed", extra={"event": "review_failed", "table": table_id, "error": str(exc)[:200]})
