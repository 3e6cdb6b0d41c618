"""uvicorn's HTTP protocol with the limits a public server needs before any request
reaches the app: a connection must send its request's headers within `header_timeout`
seconds and its body within `body_timeout`, or it is closed; one client address may hold
at most `per_address` connections at once (the excess is closed at once, without a log
line). Connections from trusted proxies are not counted here (the proxy limits its
clients; the app limits websockets by the address the proxy forwards)."""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .limits import Counts


class GuardedProtocol(HttpToolsProtocol):
    """HttpToolsProtocol with the timeouts and the count per address (set per server by
    `guarded_protocol`)."""

    header_timeout = 10.0
    body_timeout = 20.0
    counts = Counts(64)
    trusted: frozenset[str] = frozenset()
    _peer: str | None = None
    _timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        peer = self.client[0] if self.client else None
        if peer is not None and peer not in self.trusted and "*" not in self.trusted:
            if not self.counts.take(peer):
                transport.abort()
                return
            self._peer = peer
        self._arm(self.header_timeout)

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._timer = self.loop.call_later(seconds, self._late)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _late(self) -> None:
        self._timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._timer is None:
            self._arm(self.header_timeout)

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()
        if self.parser is not None and not self.parser.should_upgrade() and self._has_body():
            self._arm(self.body_timeout)

    def _has_body(self) -> bool:
        for name, value in self.headers or ():
            if name == b"content-length":
                return value.strip() not in (b"0", b"")
            if name == b"transfer-encoding":
                return True
        return False

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        self._release()  # the websocket is counted by the app, by its real address
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._release()
        super().connection_lost(exc)

    def _release(self) -> None:
        if self._peer is not None:
            self.counts.give(self._peer)
            self._peer = None


def guarded_protocol(header_timeout: float, body_timeout: float, per_address: int,
                     trusted: set[str]) -> type[HttpToolsProtocol]:
    """The protocol class of one server: its timeouts, its own count of connections."""
    return type("GuardedProtocol", (GuardedProtocol,), {
        "header_timeout": header_timeout, "body_timeout": body_timeout, "counts": Counts(per_address),
        "trusted": frozenset(trusted)})


def trusted_proxies(value: str) -> set[str]:
    return {part.strip() for part in value.split(",") if part.strip()}
