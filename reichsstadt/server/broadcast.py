"""A table's clients and what they are sent.

Each seat's message parts (view, legal moves, pick) are built once per change of the
state, only for seats someone is watching, and kept as bytes shared by all of that
seat's connections; a message is those bytes with the seats bar and the log entries the
client has not read yet put around them.

Nothing waits for a client to read. What a connection is to be sent goes to its outbox,
in order, and its own writer task sends it: a client that reads slowly (or never) holds
up only itself, never the table's moves, its bots or its other clients. "The table as it
is now" is one entry, built when it is sent (the log from where the client stopped
reading): a second one behind it adds nothing, so the outbox of a client that stopped
reading stays short; one that still fills up (its own requests' answers) is dropped."""

from __future__ import annotations

import asyncio
import collections
import copy
import logging
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from . import messages
from .messages import dumps

if TYPE_CHECKING:
    from .table import LiveTable

log = logging.getLogger("reichsstadt.server")

Send = Callable[[bytes], Awaitable[None]]
OUTBOX_MOST = 64   # messages waiting for a client that does not read, before it is dropped


@dataclass
class Push:
    """An outbox entry: the table as it is when sent (the whole log if `full`)."""

    full: bool = False
    seats: bytes | None = None    # the seats bar, if the sender made it already


@dataclass
class Connection:
    """One client on a table: its seat (None: a spectator) and how far it has read the log."""

    send: Send
    seat: int | None
    seen: int = 0          # log entries already sent
    alive: bool = True
    board: bool = True     # wants the server-drawn board (clients with their own renderer do not)
    lang: str = "en"       # the reader's language, for a server-drawn board
    address: str = ""      # the client's address (a share of the spectator places is per address)
    outbox: collections.deque[bytes | Push] = field(default_factory=collections.deque)
    writer: asyncio.Task[None] | None = None   # sending the outbox, while it has something
    sent: asyncio.Event = field(default_factory=asyncio.Event)   # set while the outbox is empty

    def __post_init__(self) -> None:
        self.sent.set()


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

    def spectators(self, address: str | None = None) -> int:
        """The spectators on the table (from `address` only, where given)."""
        return sum(1 for c in self.connections if c.seat is None and address in (None, c.address))

    def add(self, conn: Connection) -> None:
        self.connections.append(conn)

    def remove(self, conn: Connection) -> None:
        conn.alive = False
        conn.outbox.clear()
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

    def push(self, conn: Connection, full: bool = False, seats: bytes | None = None) -> None:
        """Send `conn` the table as it is (when its turn comes: the log from where it
        stopped reading). Returns at once."""
        box = conn.outbox
        last = box[-1] if box else None
        if isinstance(last, Push):  # not sent yet: it will show the table as it is then
            last.full, last.seats = last.full or full, seats
            return
        self._queue(conn, Push(full, seats))

    def send(self, conn: Connection, message: dict[str, Any]) -> None:
        """Send `conn` one message (an error, a pong), in turn with its state messages.
        Returns at once."""
        self._queue(conn, dumps(message))

    async def flush(self, conn: Connection, timeout: float) -> None:
        """Wait (at most `timeout` seconds) until `conn` has been sent its outbox."""
        try:
            await asyncio.wait_for(conn.sent.wait(), timeout)
        except asyncio.TimeoutError:
            pass

    def everyone(self) -> None:
        """Send every client the table as it is. Returns at once."""
        if not self.connections:
            return
        seats = self.table.seats_json()
        for conn in self.connections:
            self.push(conn, seats=seats)

    def _queue(self, conn: Connection, item: bytes | Push) -> None:
        if not conn.alive:
            return
        if len(conn.outbox) >= OUTBOX_MOST:  # it does not read what it asks for: it is dropped
            log.warning("slow client", extra={"event": "slow_client", "table": self.table.id, "seat": conn.seat})
            self.remove(conn)
            return
        conn.outbox.append(item)
        conn.sent.clear()
        if conn.writer is None:
            conn.writer = asyncio.create_task(self._write(conn))

    async def _write(self, conn: Connection) -> None:
        """`conn`'s writer: its outbox, in order, one message at a time."""
        try:
            while conn.alive and conn.outbox:
                item = conn.outbox.popleft()
                if isinstance(item, Push):
                    try:
                        item = await self._state(conn, item)
                    except Exception:  # a bug must not stop the writer for good
                        log.exception("state message", extra={"event": "error", "table": self.table.id})
                        continue
                await conn.send(item)
        except Exception:  # a closed socket: forget the connection
            self.remove(conn)
        finally:
            conn.writer = None
            conn.sent.set()

    async def _state(self, conn: Connection, push: Push) -> bytes:
        board = b"null"
        if conn.board and messages.draws_board(self.table.game) and self.table.status != "open":
            board = dumps(await self.board_for(conn.seat, conn.lang))
        return self.message(conn, push.seats if push.seats is not None else self.table.seats_json(), push.full,
                            board)

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
