"""Limits per client address: tables created, replay steps and reviews asked for (token
buckets), connections open at once.
The address is the real client's: behind a trusted reverse proxy, the one it forwards
(uvicorn's proxy headers), so one visitor cannot use up what everyone shares."""

from __future__ import annotations

import time
from typing import Callable

from .protocol import RateLimit

FORGET_EVERY = 60.0   # seconds between sweeps of buckets that have refilled


class AddressBuckets:
    """A token bucket per address; refilled buckets are forgotten (memory stays bounded
    by the addresses active in the last minutes)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._buckets: dict[str, RateLimit] = {}
        self._swept = clock()

    def allow(self, address: str) -> float:
        """0 if `address` may go on now, else the seconds until it may."""
        self._sweep()
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = self._buckets[address] = RateLimit(self.rate, self.burst, self.clock)
        if bucket.allow():
            return 0.0
        return max(bucket.wait(), 0.001)

    def _sweep(self) -> None:
        t = self.clock()
        if t - self._swept < FORGET_EVERY:
            return
        self._swept = t
        for address in [a for a, b in self._buckets.items() if b.full()]:
            del self._buckets[address]


class Counts:
    """How many of something each address holds open; `take` refuses past the limit."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}

    def take(self, address: str) -> bool:
        n = self._open.get(address, 0)
        if n >= self.limit:
            return False
        self._open[address] = n + 1
        return True

    def give(self, address: str) -> None:
        n = self._open.get(address, 0) - 1
        if n > 0:
            self._open[address] = n
        else:
            self._open.pop(address, None)

    def held(self, address: str) -> int:
        return self._open.get(address, 0)


class Limits:
    def __init__(self, create_rate: float, create_burst: int, connections: int, replay_rate: float = 20.0,
                 replay_burst: int = 40, review_rate: float = 0.05, review_burst: int = 6, check_rate: float = 1.0,
                 check_burst: int = 10) -> None:
        self.creating = AddressBuckets(create_rate, create_burst)
        self.replaying = AddressBuckets(replay_rate, replay_burst)   # replay steps (each replays moves)
        # reviews started (each costs the pool review_seconds of searching, in the background)
        self.reviewing = AddressBuckets(review_rate, review_burst)
        # data files checked in the lobby (each read and checked, up to the body's 2 MB)
        self.checking = AddressBuckets(check_rate, check_burst)
        self.sockets = Counts(connections)
        self.address_secret = b""   # the key of addresses kept in the database (from the database at start)
