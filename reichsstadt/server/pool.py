"""A bounded pool of worker processes for bots, hints and reviews, with a fair queue.

Jobs wait in one queue per key (a table). A free worker takes the next job of the key
that has used the least worker time lately, so a table whose bots think long (or whose
players ask hint after hint) gets its share while every other table gets its own: a
table of quick bots is served before it. Long jobs (a search, a hint, a review) never
take the last free worker: one is always there for quick ones (a random or greedy bot),
so a server full of searching bots still plays its other tables at their pace. A job has
a wall-clock budget; a worker that overruns it by the grace is stopped and replaced, and
its job fails with BotTimeout.
Workers start on first use (forked from a server process made for them, so that a
start costs milliseconds) and run at a lower priority than the event loop."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
import multiprocessing.connection
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any, Callable

log = logging.getLogger("reichsstadt.server")

NICE = 10   # the workers' priority below the server's: thinking never slows the moves
FORGET = 0.5  # each finished job multiplies the worker time remembered of every key by this


class BotTimeout(Exception):
    """A job ran past its budget and grace: its worker was stopped."""


class BotFailed(Exception):
    """A job failed in the worker (the message says how)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind      # "refused" (the engine's words) or "error"


@dataclass
class Job:
    key: str
    payload: dict[str, Any]
    budget: float
    done: asyncio.Future[Any]
    options_key: str | None = None
    options: dict[str, Any] | None = None
    quick: bool = False    # a bot that does not search (may take the last free worker)


@dataclass
class Worker:
    process: Any
    conn: multiprocessing.connection.Connection
    job: Job | None = None
    started: float = 0.0
    timer: asyncio.TimerHandle | None = None
    known: set[str] = field(default_factory=set)


def _context() -> Any:
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["reichsstadt.server.worker", "reichsstadt.bots", "reichsstadt.games"])
    return ctx


class BotPool:
    def __init__(self, workers: int, grace: float, on_queue: Callable[[int], None] | None = None) -> None:
        self.size = max(1, workers)
        self.grace = grace
        self.on_queue = on_queue
        self._queues: OrderedDict[str, deque[Job]] = OrderedDict()
        self._used: dict[str, float] = {}     # key -> worker seconds used lately
        self._workers: list[Worker] = []
        self._closed = False

    def waiting(self) -> int:
        return sum(len(q) for q in self._queues.values())

    def waiting_for(self, key: str) -> int:
        return len(self._queues.get(key, ()))

    async def run(self, key: str, payload: dict[str, Any], budget: float, options_key: str | None = None,
                  options: dict[str, Any] | None = None, quick: bool = False) -> Any:
        """Run a job in a worker, in `key`'s turn; its answer. BotTimeout if it overran its
        budget, BotFailed if it failed there."""
        if self._closed:
            raise BotFailed("error", "the server is stopping")
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queues.setdefault(key, deque()).append(Job(key, payload, budget, done, options_key, options, quick))
        self._dispatch()
        try:
            return await done
        except asyncio.CancelledError:
            self._forget(key, done)
            raise

    def _forget(self, key: str, done: asyncio.Future[Any]) -> None:
        q = self._queues.get(key)
        if q is not None:
            for job in list(q):
                if job.done is done:
                    q.remove(job)
            if not q:
                del self._queues[key]
        self._report()

    def _next(self, quick_only: bool) -> Job | None:
        """The next job: of the waiting key that has used the least worker time (keys in
        arrival order among equals); only a quick one if `quick_only`."""
        for key in sorted(self._queues, key=lambda k: self._used.get(k, 0.0)):
            q = self._queues[key]
            while q and q[0].done.done():  # given up meanwhile
                q.popleft()
            if q and (not quick_only or q[0].quick):
                job = q.popleft()
                if not q:
                    del self._queues[key]
                return job
            if not q:
                del self._queues[key]
        return None

    def _dispatch(self) -> None:
        while self._queues and not self._closed:
            idle = [w for w in self._workers if w.job is None] + [None] * (self.size - len(self._workers))
            if not idle:
                break
            # a long job never takes the last free worker: one stays for quick jobs
            job = self._next(quick_only=len(idle) == 1 and self.size > 1)
            if job is None:
                break
            try:
                worker = idle[0] or self._spawn()
            except (OSError, RuntimeError) as exc:  # no process can be started now: the job fails, not the loop
                log.error("bot worker", extra={"event": "worker_error", "error": str(exc)[:200]})
                job.done.set_exception(BotFailed("error", f"no worker process: {exc}"))
                continue
            self._assign(worker, job)
        self._report()

    def _report(self) -> None:
        if self.on_queue is not None:
            self.on_queue(self.waiting())

    def _spawn(self) -> Worker:
        from . import worker as worker_module

        ctx = _context()
        parent, child = ctx.Pipe()
        process = ctx.Process(target=worker_module.main, args=(child, NICE), daemon=True,
                              name="reichsstadt-bot")
        process.start()
        child.close()
        w = Worker(process, parent)
        asyncio.get_running_loop().add_reader(parent.fileno(), self._readable, w)
        # uvloop turns a watched descriptor non-blocking; Connection.send/recv need a
        # blocking one, or a message larger than what the pipe holds at that instant (a
        # review's answer, a table's data file) fails as if the worker had died
        os.set_blocking(parent.fileno(), True)
        self._workers.append(w)
        return w

    def _assign(self, w: Worker, job: Job) -> None:
        payload = dict(job.payload)
        if job.options_key is not None:
            payload["options_key"] = job.options_key
            if job.options_key not in w.known:
                payload["options"] = job.options
                w.known.add(job.options_key)
        w.job = job
        w.started = time.monotonic()
        try:
            w.conn.send(payload)
        except (OSError, ValueError) as exc:
            self._retire(w)
            job.done.set_exception(BotFailed("error", f"the worker is gone: {exc}"))
            return
        w.timer = asyncio.get_running_loop().call_later(job.budget + self.grace, self._overrun, w)

    def _readable(self, w: Worker) -> None:
        try:
            os.set_blocking(w.conn.fileno(), True)  # the first bytes are here: the rest follows at once
            status, value = w.conn.recv()
        except (EOFError, OSError):
            job = w.job
            self._retire(w)
            if job is not None and not job.done.done():
                job.done.set_exception(BotFailed("error", "the worker stopped"))
            self._dispatch()
            return
        job, w.job = w.job, None
        if w.timer is not None:
            w.timer.cancel()
            w.timer = None
        if job is not None:
            self._account(job.key, time.monotonic() - w.started)
        if job is not None and not job.done.done():
            if status == "ok":
                job.done.set_result(value)
            else:
                job.done.set_exception(BotFailed(status, value))
        self._dispatch()

    def _account(self, key: str, seconds: float) -> None:
        """A key used a worker for `seconds`; what every key used before fades."""
        for k in list(self._used):
            self._used[k] *= FORGET
            if self._used[k] < 1e-3 and k not in self._queues:
                del self._used[k]
        self._used[key] = self._used.get(key, 0.0) + seconds

    def _overrun(self, w: Worker) -> None:
        job = w.job
        if job is not None:
            self._account(job.key, time.monotonic() - w.started)
        log.warning("bot overran", extra={"event": "bot_overrun", "key": job.key if job else None})
        self._retire(w)
        if job is not None and not job.done.done():
            job.done.set_exception(BotTimeout(f"no answer within {job.budget + self.grace:g} s"))
        self._dispatch()

    def _retire(self, w: Worker) -> None:
        if w in self._workers:
            self._workers.remove(w)
        if w.timer is not None:
            w.timer.cancel()
        try:
            asyncio.get_running_loop().remove_reader(w.conn.fileno())
        except (ValueError, OSError, RuntimeError):
            pass
        if w.process.is_alive():
            w.process.kill()
        w.process.join(0.2)  # killed: it is gone at once (a zombie left is reaped later)
        w.conn.close()

    async def close(self) -> None:
        """Stop every worker; waiting jobs fail."""
        self._closed = True
        for q in self._queues.values():
            for job in q:
                if not job.done.done():
                    job.done.set_exception(BotFailed("error", "the server is stopping"))
        self._queues.clear()
        for w in list(self._workers):
            if w.job is not None and not w.job.done.done():
                w.job.done.set_exception(BotFailed("error", "the server is stopping"))
            self._retire(w)
