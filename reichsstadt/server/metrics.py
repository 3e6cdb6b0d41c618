"""What an operator watches, in the Prometheus text format (prometheus-client renders
it): moves made and their latency, live tables, open websockets, the bot queue, commits
and their time, garbage collection pauses, requests refused by a limit.

The hot path only adds to plain numbers (a move is counted in a few hundred nanoseconds,
without prometheus-client's locks); a collector turns them into metric families when
/metrics is read. Each app has a registry of its own (tests run several apps in one
process)."""

from __future__ import annotations

import bisect
import gc
import time
from typing import Any, Callable, Iterator

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily
from prometheus_client.registry import Collector

LATENCY = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0)


class Histogram:
    """Counts per bucket (upper bounds `LATENCY`), their sum: what a Prometheus histogram holds."""

    def __init__(self) -> None:
        self.counts = [0] * (len(LATENCY) + 1)
        self.sum = 0.0

    def observe(self, seconds: float) -> None:
        self.counts[bisect.bisect_left(LATENCY, seconds)] += 1
        self.sum += seconds

    def buckets(self) -> list[tuple[str, float]]:
        out: list[tuple[str, float]] = []
        total = 0
        for bound, n in zip([*map(str, LATENCY), "+Inf"], self.counts):
            total += n
            out.append((bound, total))
        return out


class Metrics(Collector):
    def __init__(self) -> None:
        self.moves = 0
        self.move_seconds = Histogram()
        self.commit_seconds = Histogram()
        self.commit_writes = 0
        self.gc_seconds: dict[int, Histogram] = {0: Histogram(), 1: Histogram(), 2: Histogram()}
        self.refused: dict[str, int] = {}
        self.connections = 0
        self.read_backs = 0
        self.bot_queue = 0
        self.live_tables: Callable[[], int] = lambda: 0
        self.registry = CollectorRegistry()
        self.registry.register(self)

    # -- the hot path --------------------------------------------------------------------
    def moved(self, seconds: float, steps: int) -> None:
        self.moves += steps
        self.move_seconds.observe(seconds)

    def committed(self, seconds: float, jobs: int) -> None:
        """From the writer thread (the only one to touch these numbers)."""
        self.commit_seconds.observe(seconds)
        self.commit_writes += jobs

    def limited(self, limit: str) -> None:
        self.refused[limit] = self.refused.get(limit, 0) + 1

    def queue(self, waiting: int) -> None:
        self.bot_queue = waiting

    def gc_pause(self, generation: int, seconds: float) -> None:
        self.gc_seconds.setdefault(generation, Histogram()).observe(seconds)

    # -- read by /metrics ----------------------------------------------------------------
    def collect(self) -> Iterator[Any]:
        yield CounterMetricFamily("reichsstadt_moves", "Moves committed (chance draws included)", value=self.moves)
        yield self._histogram("reichsstadt_move_seconds", "From a move's arrival at its table to its commit "
                              "being adopted", self.move_seconds)
        yield GaugeMetricFamily("reichsstadt_live_tables", "Tables in this process's memory", value=self.live_tables())
        yield GaugeMetricFamily("reichsstadt_connections", "Open websockets", value=self.connections)
        yield CounterMetricFamily("reichsstadt_table_reads", "Tables read back from the database after another "
                                  "process changed them (moves come in NOTIFY payloads instead)",
                                  value=self.read_backs)
        yield GaugeMetricFamily("reichsstadt_bot_queue", "Bot, hint and review jobs waiting for a worker",
                                value=self.bot_queue)
        yield self._histogram("reichsstadt_commit_seconds", "Time of one group commit", self.commit_seconds)
        yield CounterMetricFamily("reichsstadt_commit_writes", "Writes committed", value=self.commit_writes)
        gc_family = HistogramMetricFamily("reichsstadt_gc_pause_seconds", "Garbage collection pauses",
                                          labels=["generation"])
        for gen, h in sorted(self.gc_seconds.items()):
            gc_family.add_metric([str(gen)], h.buckets(), h.sum)
        yield gc_family
        refused = CounterMetricFamily("reichsstadt_limited", "Requests refused by a limit", labels=["limit"])
        for limit, n in sorted(self.refused.items()):
            refused.add_metric([limit], n)
        yield refused

    @staticmethod
    def _histogram(name: str, text: str, h: Histogram) -> HistogramMetricFamily:
        return HistogramMetricFamily(name, text, buckets=h.buckets(), sum_value=h.sum)

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
