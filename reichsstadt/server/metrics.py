"""What an operator watches, in the Prometheus text format (prometheus-client): moves
made and their latency, live tables, the bot queue, commits and their time, garbage
collection pauses. Each app has a registry of its own (tests run several apps in one
process)."""

from __future__ import annotations

import gc
import time
from typing import Any, Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

LATENCY = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.moves = Counter("reichsstadt_moves", "Moves committed (chance draws included)", registry=r)
        self.move_seconds = Histogram("reichsstadt_move_seconds", "From a move's arrival at its table to its "
                                      "commit being adopted", buckets=LATENCY, registry=r)
        self.live_tables = Gauge("reichsstadt_live_tables", "Tables in this process's memory", registry=r)
        self.connections = Gauge("reichsstadt_connections", "Open websockets", registry=r)
        self.bot_queue = Gauge("reichsstadt_bot_queue", "Bot, hint and review jobs waiting for a worker",
                               registry=r)
        self.commit_seconds = Histogram("reichsstadt_commit_seconds", "Time of one group commit",
                                        buckets=LATENCY, registry=r)
        self.commit_jobs = Counter("reichsstadt_commit_writes", "Writes committed", registry=r)
        self.gc_seconds = Histogram("reichsstadt_gc_pause_seconds", "Garbage collection pauses", ["generation"],
                                    buckets=LATENCY, registry=r)
        self.refused = Counter("reichsstadt_limited", "Requests refused by a limit", ["limit"], registry=r)

    def moved(self, seconds: float, steps: int) -> None:
        self.moves.inc(steps)
        self.move_seconds.observe(seconds)

    def committed(self, seconds: float, jobs: int) -> None:
        """From the writer thread (prometheus-client's metrics are thread-safe)."""
        self.commit_seconds.observe(seconds)
        self.commit_jobs.inc(jobs)

    def limited(self, limit: str) -> None:
        self.refused.labels(limit).inc()

    def text(self) -> bytes:
        return generate_latest(self.registry)


class GcWatch:
    """Times every garbage collection through gc.callbacks: the pauses, by generation."""

    def __init__(self, observe: Callable[[int, float], None]) -> None:
        self.observe = observe
        self._start = 0.0
        self.longest = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
            return
        pause = time.perf_counter() - self._start
        self.longest = max(self.longest, pause)
        self.observe(int(info.get("generation", 0)), pause)

    def install(self) -> None:
        gc.callbacks.append(self)

    def remove(self) -> None:
        if self in gc.callbacks:
            gc.callbacks.remove(self)
