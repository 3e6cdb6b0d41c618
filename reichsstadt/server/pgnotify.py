"""NOTIFY from the event loop, sent without waiting for its answer.

A process that forwards a move to a table's owner (cluster.py) sends one NOTIFY a move.
Through psycopg's async `execute` each cost its wait machinery and one more wake-up of
the event loop when PostgreSQL answered. Here the statement is handed to libpq on a
connection of its own in autocommit (PostgreSQL commits, and so delivers, each NOTIFY as
it runs it) and the answer is read at the next send, not waited for: the event loop
waits only in the rare case that the previous answer has not arrived yet, or that the
socket cannot take the statement at once."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

log = logging.getLogger("reichsstadt.server")

NOTIFY = b"SELECT pg_notify($1, $2)"


class Notifier:
    """One connection that sends NOTIFYs, one at a time, in order."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._conn: Any = None        # psycopg.AsyncConnection, used only through its libpq connection
        self._in_flight = False       # a statement whose answer is not read yet
        self._lock = asyncio.Lock()

    async def notify(self, channel: str, payload: str) -> None:
        """Send NOTIFY `channel`, `payload`; a lost connection is made again once."""
        import psycopg

        async with self._lock:
            for attempt in range(2):
                try:
                    if self._conn is None or self._conn.closed:
                        self._conn, self._in_flight = await psycopg.AsyncConnection.connect(self.url,
                                                                                           autocommit=True), False
                        self._conn.pgconn.nonblocking = 1
                    await self._send(channel, payload)
                    return
                except (psycopg.OperationalError, asyncio.TimeoutError):
                    await self._drop()
                    if attempt:
                        raise

    async def _send(self, channel: str, payload: str) -> None:
        import psycopg

        pg = self._conn.pgconn
        while self._in_flight:
            self._read_answers(pg)
            if self._in_flight:
                await self._wait(pg.socket, readable=True)
        pg.send_query_params(NOTIFY, [channel.encode(), payload.encode()])
        self._in_flight = True
        while pg.flush():  # 1: some of it is still to be written
            await self._wait(pg.socket, readable=False)
        if pg.status != psycopg.pq.ConnStatus.OK:
            raise psycopg.OperationalError("the NOTIFY connection was lost")

    def _read_answers(self, pg: Any) -> None:
        """Read what PostgreSQL answered to the statement in flight, if it has."""
        import psycopg

        pg.consume_input()  # OperationalError if the connection is lost
        while not pg.is_busy():
            result = pg.get_result()
            if result is None:
                self._in_flight = False
                return
            if result.status == psycopg.pq.ExecStatus.FATAL_ERROR:
                log.warning("notify refused", extra={"event": "notify_error",
                                                     "error": (result.error_message or b"").decode(errors="replace")})

    async def _wait(self, fd: int, readable: bool) -> None:
        loop = asyncio.get_running_loop()
        ready = loop.create_future()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        (loop.add_reader if readable else loop.add_writer)(fd, wake)
        try:
            await asyncio.wait_for(ready, 10.0)
        finally:
            (loop.remove_reader if readable else loop.remove_writer)(fd)

    async def _drop(self) -> None:
        conn, self._conn, self._in_flight = self._conn, None, False
        if conn is not None:
            try:
                await conn.close()
            except Exception:  # noqa: BLE001 - a broken connection is let go either way
                pass

    async def close(self) -> None:
        async with self._lock:
            await self._drop()
