"""A table's clients and what they are sent.

Each seat's message parts (view, legal moves, pick) are built once per change of the
state, only for seats someone is watching, and kept as bytes shared by all of that
seat's connections; a message is those bytes with the seats bar and the log entries the
client has not read yet put around them. Messages to one connection are sent one at a
time (its lock), so the log deltas it receives follow each other without gap."""

from __future__ import annotations

import asyncio
import copy
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from . import messages
from .messages import dumps

if TYPE_CHECKING:
    from .table import LiveTable

Send = Callable[[bytes], Awaitable[None]]


@dataclass
class Connection:
    """One client on a table: its seat (None: a spectator) and how far it has read the log."""

    send: Send
    seat: int | None
    seen: int = 0          # log entries already sent
    alive: bool = True
    board: bool = True     # wants the server-drawn board (clients with their own renderer do not)
    lang: str = "en"       # the reader's language, for a server-drawn board
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Broadcast:
    def __init__(self, table: "LiveTable") -> None:
        # a weak reference: a table and its parts are freed by reference counting, without
        # waiting for a garbage collection of the oldest generation (rare, by design)
        self.table: "LiveTable" = weakref.proxy(table)
        self.connections: list[Connection] = []
        self._parts: dict[tuple[int | None, bool], bytes] = {}
        self._boards: dict[tuple[int | None, str], asyncio.Future[str | None]] = {}

    def changed(self) -> None:
        """The state, the status or the names changed: parts are built afresh when asked."""
        self._parts.clear()
        self._boards.clear()

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat and c.alive for c in self.connections)

    def spectators(self) -> int:
        return sum(1 for c in self.connections if c.seat is None)

    def add(self, conn: Connection) -> None:
        self.connections.append(conn)

    def remove(self, conn: Connection) -> None:
        conn.alive = False
        if conn in self.connections:
            self.connections.remove(conn)

    def parts(self, seat: int | None) -> bytes:
        """The seat's parts of the live state, encoded once per change."""
        t = self.table
        acting = seat is None or t.seats[seat].stand_in is None
        key = (seat, acting)
        got = self._parts.get(key)
        if got is None:
            got = self._parts[key] = messages.encode_parts(self.parts_dict(seat, acting))
        return got

    def parts_dict(self, seat: int | None, acting: bool = True) -> dict[str, Any]:
        t = self.table
        return messages.seat_parts(t.game, t.players, t.state, t.status, seat, t.seats.names(), False, acting)

    def message(self, conn: Connection, seats: bytes, full: bool = False, board: bytes = b"null") -> bytes:
        """The state as `conn`'s seat may know it, with the log entries it has not read."""
        t = self.table
        entries = t.log.entries[conn.seat]
        start = 0 if full else min(conn.seen, len(entries))
        conn.seen = len(entries)
        return messages.state_message(t.id_json, t.game_json, dumps(t.status), t.log.moves, conn.seat, seats,
                                      t.result_json(), self.parts(conn.seat), board, entries[start:], start)

    async def push(self, conn: Connection, full: bool = False, seats: bytes | None = None) -> None:
        """Send `conn` the table as it is now (the log from where it stopped reading)."""
        async with conn.lock:
            if not conn.alive:
                return
            board = b"null"
            if conn.board and messages.draws_board(self.table.game) and self.table.status != "open":
                board = dumps(await self.board_for(conn.seat, conn.lang))
            message = self.message(conn, seats if seats is not None else self.table.seats_json(), full, board)
            await self._send(conn, message)

    async def board_for(self, seat: int | None, lang: str) -> str | None:
        """The board drawn for `seat` from its view, once per change for all its
        connections, in a worker thread (a terminal renderer takes tens of ms)."""
        t = self.table
        drawn = self._boards.get((seat, lang))
        if drawn is None:
            view = copy.deepcopy(t.state.view(seat))
            drawn = asyncio.ensure_future(asyncio.to_thread(messages.board_html, t.game, view, seat,
                                                            t.seats.names(lang), lang))
            self._boards[(seat, lang)] = drawn
        return await asyncio.shield(drawn)

    async def everyone(self) -> None:
        if not self.connections:
            return
        seats = self.table.seats_json()
        for conn in list(self.connections):
            await self.push(conn, seats=seats)

    async def send(self, conn: Connection, message: dict[str, Any]) -> None:
        """Send `conn` one message (an error, a pong), in turn with its state messages."""
        async with conn.lock:
            await self._send(conn, dumps(message))

    async def _send(self, conn: Connection, message: bytes) -> None:
        if not conn.alive:
            return
        try:
            await conn.send(message)
        except Exception:  # a closed socket: forget the connection
            self.remove(conn)
