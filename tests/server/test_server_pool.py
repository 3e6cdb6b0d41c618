"""The pool of worker processes for bots and hints: a worker that cannot be started (no
process or file left on the machine) fails its job with words, and the pool goes on
serving the next jobs once workers can be started again."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from reichsstadt.core import CHANCE, game, sample_chance
from reichsstadt.server.botplay import options_key
from reichsstadt.server.pool import BotFailed, BotPool


def _job() -> tuple[dict[str, Any], str, dict[str, Any], Any]:
    """A random bot's move in a Norenberc position where a player decides."""
    g = game("norenberc")
    state = g.new(3, 5, g.resolve(3, {}))
    rng = random.Random(5)
    while CHANCE in state.to_act():
        state.apply(CHANCE, sample_chance(state, rng))
    seat = state.to_act()[0]
    snap = state.to_json()
    options = snap.pop("options")
    job = {"kind": "move", "game": "norenberc", "state": snap, "seat": seat, "bot": "random", "seed": 7,
           "seconds": 1.0}
    return job, options_key(options), options, state.legal(seat)


def test_a_worker_that_cannot_be_started_fails_its_job_not_the_pool() -> None:
    job, key, options, legal = _job()

    async def go() -> None:
        pool = BotPool(workers=1, grace=5.0)
        spawn = pool._spawn

        def no_process() -> Any:
            raise OSError(24, "Too many open files")
        pool._spawn = no_process  # type: ignore[method-assign]
        try:
            with pytest.raises(BotFailed) as failed:
                await pool.run("table", job, 1.0, key, options, quick=True)
            assert failed.value.kind == "error" and "Too many open files" in str(failed.value)
            assert pool.waiting() == 0
            pool._spawn = spawn  # type: ignore[method-assign]
            got = await pool.run("table", job, 1.0, key, options, quick=True)
            assert game("norenberc").action_from_json(got, 3) in legal
        finally:
            await pool.close()

    asyncio.run(go())


def test_large_answers_and_payloads_cross_the_pipe_under_uvloop() -> None:
    """uvloop makes a watched pipe non-blocking: a review's answer (tens of KB) arriving in
    parts, or a table's data file sent with a job, must not read as a dead worker."""
    import uvloop

    from reichsstadt.bots import make_bot
    from reichsstadt.core import Match

    match = Match("norenberc", 3, 5, names=["Ann", "Bob", "Cy"])
    match.run({s: make_bot("greedy", s, "norenberc") for s in range(3)})
    review = {"kind": "review", "record": match.record.to_json(), "seconds": 0.5, "seed": 0}
    job, key, options, legal = _job()
    big = {**options, "components": {**game("norenberc").data_file()[1], "_about": "x" * 3_000_000}}

    async def go() -> None:
        pool = BotPool(workers=1, grace=30.0)
        try:
            for _ in range(3):
                got = await pool.run("review:t", review, 20.0)
                assert got["game"] == "norenberc" and len(got["chances"]) > 10
            moved = await pool.run("table", job, 1.0, "big", big, quick=True)
            assert game("norenberc").action_from_json(moved, 3) in legal
        finally:
            await pool.close()

    uvloop.run(go())


def test_a_failed_review_is_said_once_and_tried_again_when_asked_again() -> None:
    """A worker lost while reviewing is no verdict on the game: the failure is answered
    once, and the next ask makes the review again (it is not kept until a restart)."""
    from types import SimpleNamespace

    from reichsstadt.server.review import Reviews

    saved: dict[str, Any] = {}
    answers: list[Any] = [BotFailed("error", "the worker stopped"), {"game": "norenberc"}]

    async def run(key: str, job: dict[str, Any], seconds: float) -> Any:
        got = answers.pop(0)
        if isinstance(got, Exception):
            raise got
        return got

    async def save_review(table_id: str, got: Any) -> None:
        saved[table_id] = got

    services = SimpleNamespace(settings=SimpleNamespace(review_seconds=1.0), pool=SimpleNamespace(run=run),
                               storage=SimpleNamespace(save_review=save_review))
    record = SimpleNamespace(to_json=lambda: {})

    async def go() -> None:
        reviews = Reviews(services)  # type: ignore[arg-type]
        assert await reviews.ask("t", record) == {"status": "pending"}  # type: ignore[arg-type]
        while reviews.jobs:
            await asyncio.sleep(0)
        assert await reviews.ask("t", record) == {"error": "the worker stopped"}  # type: ignore[arg-type]
        assert await reviews.ask("t", record) == {"status": "pending"}  # type: ignore[arg-type]
        while reviews.jobs:
            await asyncio.sleep(0)
        assert saved == {"t": {"game": "norenberc"}}

    asyncio.run(go())
