"""A bounded pool of worker processes for bots, hints and reviews, with a fair queue.

Jobs wait in one queue per key (a table, a review) and belong to an **owner**: the client
who asked for them (a table's bots work for its creator, a hint for the address that
asked). A free worker serves, first, the owner that has used the least worker time
lately, then that owner's key that has used the least: worker seconds, fading by half
every HALF_LIFE seconds, the time of jobs still running counted too. So a visitor with
ten tables of slow bots (or ten tables asking hint after hint) shares the workers with
everyone else as one client, a table of quick bots is served before a table that thinks
long, and a job waits behind at most the jobs already running. **Background** jobs (the
parts of a review of a finished game) are served only when no other job waits: nobody
waits behind them longer than the part under way. Long jobs (a search, a hint, a
review's part) never take the last free worker: one is always there for quick ones (a
random or greedy bot), so a server full of searching bots still plays its other tables
at their pace. A job has a wall-clock budget; a worker that overruns it by the grace is
stopped and replaced, and its job fails with BotTimeout.
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
HALF_LIFE = 30.0  # seconds after which worker time used counts half (fairness looks this far back)


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
    owner: str = ""        # the client it works for (fairness between clients); "" : the key's own
    background: bool = False  # served only when no other job waits (a review's part)


@dataclass
class Worker:
    process: Any
    conn: multiprocessing.connection.Connection
    job: Job | None = None
    started: float = 0.0
    timer: asyncio.TimerHandle | None = None
    known: set[str] = field(default_factory=set)


class Usage:
    """Worker seconds used lately, per name: each second counts half after HALF_LIFE
    seconds, a quarter after two (names whose use has faded away are forgotten)."""

    def __init__(self) -> None:
        self._seen: dict[str, tuple[float, float]] = {}   # name -> (seconds used, when last counted)

    def of(self, name: str, now: float) -> float:
        used, then = self._seen.get(name, (0.0, now))
        return used * float(0.5 ** ((now - then) / HALF_LIFE))

    def add(self, name: str, seconds: float, now: float) -> None:
        self._seen[name] = (self.of(name, now) + seconds, now)
        if len(self._seen) > 64:   # forget the names whose use has faded (memory bounded by the active ones)
            for k in [k for k in self._seen if self.of(k, now) < 1e-3]:
                del self._seen[k]


def _context() -> Any:
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["reichsstadt.server.worker", "reichsstadt.bots", "reichsstadt.games"])
    return ctx


class BotPool:
    def __init__(self, workers: int, grace: float, on_queue: Callable[[int], None] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.size = max(1, workers)
        self.clock = clock   # the worker time counted for fairness (the budgets' timers are the loop's)
        self.grace = grace
        self.on_queue = on_queue
        self._queues: OrderedDict[str, deque[Job]] = OrderedDict()   # key -> its jobs, keys in arrival order
        self._owners = Usage()   # worker seconds each client used lately
        self._keys = Usage()     # ... and each key (a table, a review)
        self._workers: list[Worker] = []
        self._closed = False

    def waiting(self) -> int:
        return sum(len(q) for q in self._queues.values())

    def waiting_for(self, key: str) -> int:
        return len(self._queues.get(key, ()))

    async def run(self, key: str, payload: dict[str, Any], budget: float, options_key: str | None = None,
                  options: dict[str, Any] | None = None, quick: bool = False, owner: str = "",
                  background: bool = False) -> Any:
        """Run a job in a worker, in its owner's and `key`'s turn (`owner`: the client it
        works for, by default the key itself); its answer. BotTimeout if it overran its
        budget, BotFailed if it failed there."""
        if self._closed:
            raise BotFailed("error", "the server is stopping")
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        job = Job(key, payload, budget, done, options_key, options, quick, owner or key, background)
        self._queues.setdefault(key, deque()).append(job)
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
        """The next job (only a quick one if `quick_only`): a background job only if no
        other waits; then the owner that used the least worker time lately, then its key
        that used the least, keys in arrival order among equals."""
        now = self.clock()
        running = self._running(now)
        best: tuple[tuple[bool, float, float, int], str] | None = None
        for arrival, key in enumerate(list(self._queues)):
            q = self._queues[key]
            while q and q[0].done.done():  # given up meanwhile
                q.popleft()
            if not q:
                del self._queues[key]
                continue
            job = q[0]
            if quick_only and not job.quick:
                continue
            rank = (job.background, self._owners.of(job.owner, now) + running.get(job.owner, 0.0),
                    self._keys.of(key, now) + running.get(key, 0.0), arrival)
            if best is None or rank < best[0]:
                best = (rank, key)
        if best is None:
            return None
        q = self._queues[best[1]]
        job = q.popleft()
        if not q:
            del self._queues[best[1]]
        return job

    def _running(self, now: float) -> dict[str, float]:
        """Worker seconds the jobs under way have taken so far, by owner and by key."""
        out: dict[str, float] = {}
        for w in self._workers:
            if w.job is not None:
                for name in {w.job.owner, w.job.key}:
                    out[name] = out.get(name, 0.0) + now - w.started
        return out

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
        w.started = self.clock()
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
            self._account(job, self.clock() - w.started)
        if job is not None and not job.done.done():
            if status == "ok":
                job.done.set_result(value)
            else:
                job.done.set_exception(BotFailed(status, value))
        self._dispatch()

    def _account(self, job: Job, seconds: float) -> None:
        """A job used a worker for `seconds`: counted to its owner and its key."""
        now = self.clock()
        self._owners.add(job.owner, seconds, now)
        self._keys.add(job.key, seconds, now)

    def _overrun(self, w: Worker) -> None:
        job = w.job
        if job is not None:
            self._account(job, self.clock() - w.started)
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
