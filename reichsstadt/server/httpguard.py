"""uvicorn's HTTP protocol with the limits a public server needs before any request
reaches the app: a connection must send its request's headers within `header_timeout`
seconds and its body within `body_timeout`, or it is closed; one client address may hold
at most `per_address` connections at once (the excess is closed at once, without a log
line). Connections from trusted proxies are not counted here (the proxy limits its
clients; the app limits websockets by the address the proxy forwards).

A websocket whose client does not read what it is sent is cut off (`GuardedWebSocket`):
asyncio closes a connection only once its buffer is sent, which never happens then, so
the socket and the coroutine serving it would stay for good.

Each refusal here is counted by its limit (`refused`, the app's metrics once it has
started): "connections", "header_timeout", "body_timeout", "write_timeout"."""

from __future__ import annotations

import asyncio
from typing import Callable

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from .limits import Counts


class Deadline:
    """A one-shot timer of a connection: `set` (again) or `clear`; when it runs out,
    `late` is called once."""

    def __init__(self, loop: asyncio.AbstractEventLoop, late: Callable[[], None]) -> None:
        self.loop, self.late = loop, late
        self._handle: asyncio.TimerHandle | None = None

    @property
    def running(self) -> bool:
        return self._handle is not None

    def set(self, seconds: float) -> None:
        self.clear()
        self._handle = self.loop.call_later(seconds, self._run_out)

    def clear(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _run_out(self) -> None:
        self._handle = None
        self.late()


class GuardedProtocol(HttpToolsProtocol):
    """HttpToolsProtocol with the timeouts and the count per address (set per server by
    `guarded_protocol`)."""

    header_timeout = 10.0
    body_timeout = 20.0
    counts = Counts(64)
    trusted: frozenset[str] = frozenset()
    refused: Callable[[str], None] = staticmethod(lambda limit: None)
    _peer: str | None = None
    _timer: Deadline
    _waiting_for = "header_timeout"   # the limit the running timer enforces

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._timer = Deadline(self.loop, self._late)
        peer = self.client[0] if self.client else None
        if peer is not None and peer not in self.trusted and "*" not in self.trusted:
            if not self.counts.take(peer):
                transport.abort()
                self.refused("connections")
                return
            self._peer = peer
            self._wait("header_timeout", self.header_timeout)

    def _wait(self, limit: str, seconds: float) -> None:
        self._waiting_for = limit
        self._timer.set(seconds)

    def _late(self) -> None:
        if not self.transport.is_closing():
            self.transport.close()
            self.refused(self._waiting_for)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if not self._timer.running:
            self._wait("header_timeout", self.header_timeout)

    def on_headers_complete(self) -> None:
        self._timer.clear()
        super().on_headers_complete()
        if self.parser is not None and not self.parser.should_upgrade() and self._has_body():
            self._wait("body_timeout", self.body_timeout)

    def _has_body(self) -> bool:
        for name, value in self.headers or ():
            if name == b"content-length":
                return value.strip() not in (b"0", b"")
            if name == b"transfer-encoding":
                return True
        return False

    def on_message_complete(self) -> None:
        self._timer.clear()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._timer.clear()
        self._release()  # the websocket is counted by the app, by its real address
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._timer.clear()
        self._release()
        super().connection_lost(exc)

    def _release(self) -> None:
        if self._peer is not None:
            self.counts.give(self._peer)
            self._peer = None


def guarded_protocol(header_timeout: float, body_timeout: float, per_address: int, trusted: set[str],
                     refused: Callable[[str], None] = lambda limit: None) -> type[HttpToolsProtocol]:
    """The protocol class of one server: its timeouts, its own count of connections, and
    where it counts a refusal."""
    return type("GuardedProtocol", (GuardedProtocol,), {
        "header_timeout": header_timeout, "body_timeout": body_timeout, "counts": Counts(per_address),
        "trusted": frozenset(trusted), "refused": staticmethod(refused)})


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol, aborted when its client stops reading: when what it
    is sent stays over the buffer's limit for `write_timeout` seconds, and when it is
    still open `write_timeout` seconds after it was closed (by the app, or for a ping
    not answered: the close waits for the buffer to be read). Aborting lets the app's
    send and receive return, so it forgets the connection."""

    write_timeout = 10.0
    refused: Callable[[str], None] = staticmethod(lambda limit: None)
    _cutoff: Deadline | None = None
    _ending = False   # closed: the cut-off stands even if the buffer drains meanwhile

    def _arm_cutoff(self) -> None:
        if self._cutoff is None:
            self._cutoff = Deadline(self.loop, self._cut_off)
        if not self._cutoff.running and not self.disconnected:
            self._cutoff.set(self.write_timeout)

    def _disarm_cutoff(self) -> None:
        if self._cutoff is not None:
            self._cutoff.clear()

    def _cut_off(self) -> None:
        if not self.disconnected:
            self.transport.abort()
            self.refused("write_timeout")

    def pause_writing(self) -> None:
        super().pause_writing()
        self._arm_cutoff()

    def resume_writing(self) -> None:
        super().resume_writing()
        if not self._ending:
            self._disarm_cutoff()

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()
        self._ending = True
        self._arm_cutoff()

    def on_task_complete(self, task: "asyncio.Task[None]") -> None:
        super().on_task_complete(task)
        self._ending = True   # the app is done with it: it goes, read or not
        self._arm_cutoff()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_cutoff()
        super().connection_lost(exc)


def guarded_websocket(write_timeout: float,
                      refused: Callable[[str], None] = lambda limit: None) -> type[WebSocketsSansIOProtocol]:
    """The websocket protocol class of one server: how long a client may leave what it is
    sent unread, and where it counts a cut-off."""
    return type("GuardedWebSocket", (GuardedWebSocket,), {"write_timeout": write_timeout,
                                                          "refused": staticmethod(refused)})


def trusted_proxies(value: str) -> set[str]:
    return {part.strip() for part in value.split(",") if part.strip()}
