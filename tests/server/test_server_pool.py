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
