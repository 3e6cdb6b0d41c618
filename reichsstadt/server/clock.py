"""The server's sense of time for what a person sees run out (thinking clocks, absence,
message rates, the bots' pace): `now()` and waiting for a moment. One object in the services, so that a
test can put in a clock it moves by hand instead of sleeping."""

from __future__ import annotations

import asyncio
import time


class Clock:
    """Monotonic seconds, and waiting until a moment unless something changes first."""

    def now(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    async def wait(self, changed: asyncio.Event, until: float | None) -> bool:
        """Wait until `changed` is set (True) or the moment `until` has come (False);
        `until` None waits for `changed` alone."""
        timeout = None if until is None else max(0.0, until - self.now())
        try:
            await asyncio.wait_for(changed.wait(), timeout=timeout)
            return True
        except asyncio.TimeoutError:
            return False
