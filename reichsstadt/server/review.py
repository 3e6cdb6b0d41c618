"""Reviews of finished games, worked out in the background in the bot pool (with a
bounded budget) by `reichsstadt.bots.review`, and kept in the database with the game:
asked for once, computed once. A review is made in parts (its outline, then one search
of each costly move), each a background job of the pool for the client who asked: the
tables' bots and hints go first, and none waits behind a review longer than one of its
searches."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from ..bots.review import assemble, search_budget
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

    async def ask(self, table_id: str, record: Record, owner: str = "") -> dict[str, Any]:
        """{"status": "pending"} while the review is being made (started if it is not, in
        the pool's turn of `owner`: the client who asked), {"error": why} once if making it
        failed (asked again, it is tried again)."""
        why = self.failed.pop(table_id, None)
        if why is not None:  # said once; the next ask tries again (a worker lost is no verdict on the game)
            return {"error": why}
        if table_id not in self.jobs:
            task = asyncio.create_task(self._make(table_id, record, owner))
            self.jobs[table_id] = task
            task.add_done_callback(lambda _: self.jobs.pop(table_id, None))
        return {"status": "pending"}

    async def _make(self, table_id: str, record: Record, owner: str) -> None:
        settings = self.services.settings
        recorded = record.to_json()

        async def part(job: dict[str, Any], seconds: float) -> Any:
            return await self.services.pool.run(f"review:{table_id}", {**job, "record": recorded}, seconds,
                                                owner=owner, background=True)
        try:
            # replaying and judging every move: a few milliseconds a move
            plan = await part({"kind": "review_outline"}, OUTLINE_SECONDS)
            budget = search_budget(plan, settings.review_seconds)
            items = [await part({"kind": "review_examine", "item": item, "budget": budget, "seed": 0},
                                budget["seconds"] + EXAMINE_SPARE) for item in plan["examine"]]
            await self.services.storage.save_review(table_id, assemble(plan, items, record.names, budget))
            log.info("reviewed", extra={"event": "review", "table": table_id})
        except (BotFailed, BotTimeout) as exc:
            self.failed[table_id] = str(exc)
            log.warning("review failed", extra={"event": "review_failed", "table": table_id, "error": str(exc)[:200]})


OUTLINE_SECONDS = 30.0
"""A review's outline: replaying and judging the whole game (a long one takes a second or two)."""
EXAMINE_SPARE = 5.0
"""A searched move's job: its share of the review's seconds, and this for replaying the game up to it."""
