"""Structured logs: one JSON object per line (time, level, event and its fields), written
by a thread of their own through a queue (the event loop never waits for a disk), and
rate-limited: past `rate` lines a second (with a burst), lines are dropped and counted,
and one line says how many were dropped once the flood is over."""

from __future__ import annotations

import json
import logging
import logging.handlers
import queue
import re
import threading
import time
from typing import Any

_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "color_message"}
NAMES = ("reichsstadt", "uvicorn", "uvicorn.error", "uvicorn.access", "asyncio")
_INVITE = re.compile(r"(/t/[^/\s\"?#]+/join/)[^/\s\"?#]+")
"""An invite link's path (/t/<table>/join/<invite>): the invite is a seat's secret, and
uvicorn's access log wrote it in full for anyone reading the logs to take the seat."""


def redact(text: str) -> str:
    """`text` with every invite link's code replaced by "…"."""
    return _INVITE.sub(r"\1…", text) if "/join/" in text else text


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for k, v in vars(record).items():
            if k not in _STANDARD and not k.startswith("_"):
                out[k] = v
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        elif record.exc_text:
            out["exc"] = record.exc_text
        out.pop("exc_text", None)
        return json.dumps(out, default=str, ensure_ascii=False)


class Enqueue(logging.handlers.QueueHandler):
    """Puts a record on the queue with its message and traceback as text (a traceback
    cannot cross to the writing thread as an object safely), invite codes taken out."""

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        record = logging.makeLogRecord(vars(record))
        record.msg = redact(record.getMessage())
        record.args = None
        if record.exc_info:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
            record.exc_info = None
        return record


class RateLimitFilter(logging.Filter):
    """A token bucket over log lines; what it drops is counted and said later. Warnings
    and errors have a bucket of their own: a flood of access lines (a client hammering
    the server with refused requests) used to use up the one bucket, and the server's
    errors during the flood were dropped with it."""

    def __init__(self, rate: float, burst: int) -> None:
        super().__init__()
        self.rate, self.burst = rate, burst
        self.tokens = {False: float(burst), True: float(burst)}   # by "a warning or worse"
        self.last = {False: time.monotonic(), True: time.monotonic()}
        self.dropped = 0
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        serious = record.levelno >= logging.WARNING
        with self._lock:
            t = time.monotonic()
            self.tokens[serious] = min(self.burst, self.tokens[serious] + (t - self.last[serious]) * self.rate)
            self.last[serious] = t
            if self.tokens[serious] < 1:
                self.dropped += 1
                return False
            self.tokens[serious] -= 1
            if self.dropped:
                record.dropped_before = self.dropped
                self.dropped = 0
            return True


class Logging:
    """The log pipeline of a server process: loggers -> rate limit -> queue -> a thread
    that formats and writes."""

    def __init__(self, json_lines: bool = True, rate: float = 200.0, burst: int = 1000,
                 level: int = logging.INFO) -> None:
        self.queue: queue.SimpleQueue[logging.LogRecord] = queue.SimpleQueue()
        self.stream = logging.StreamHandler()
        plain = logging.Formatter("%(levelname)s %(name)s: %(message)s")
        self.stream.setFormatter(JsonFormatter() if json_lines else plain)
        self.listener = logging.handlers.QueueListener(self.queue, self.stream)
        self.handler = Enqueue(self.queue)
        self.handler.addFilter(RateLimitFilter(rate, burst))
        self.level = level
        self.running = False

    def start(self) -> None:
        for name in NAMES:
            lg = logging.getLogger(name)
            lg.handlers[:] = [self.handler]
            lg.setLevel(self.level if name != "asyncio" else logging.WARNING)
            lg.propagate = False
        self.listener.start()
        self.running = True

    def stop(self) -> None:
        """Write what is queued, then stop the thread (once)."""
        if self.running:
            self.running = False
            self.listener.stop()
            self.stream.flush()


def setup(json_lines: bool = True, level: int = logging.INFO, rate: float = 200.0, burst: int = 1000) -> Logging:
    """Route the server's, uvicorn's and asyncio's logs through the rate-limited queue."""
    pipeline = Logging(json_lines, rate, burst, level)
    pipeline.start()
    return pipeline
