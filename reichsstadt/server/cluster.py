"""Several server processes on one PostgreSQL.

Each table is run by one process at a time, the holder of its lease (`tables.owner`):
only the owner applies the table's moves, runs its bots and clocks. A client may connect
to any process. A process that serves a table it does not own follows the table's own
NOTIFY channel and forwards its clients' moves to the owner (NOTIFY on the owner's
channel). The owner commits each move with a NOTIFY on the table's channel, sent in the
commit's transaction, that carries the move itself: the seat and action, the status and
result it leads to, each viewer's log entry, and which forwarded request it answers. So a
follower applies the move to its copy and tells its own clients without reading anything
back from the database or putting a move's words together again; only a refusal is
answered apart. What is rare (a seat taken, a stand-in, a payload too large for NOTIFY)
is announced as "changed", and the followers read the table again. With SQLite there is
one process and nothing of this runs (`Cluster`).

Across machines nothing changes: every process needs only the database, its leases and
its channels."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import re
from typing import TYPE_CHECKING, Any, Sequence

import orjson

from ..core import Action, IllegalAction, Message
from .messages import dumps
from .schema import RUNNING
from .pgnotify import Notifier

if TYPE_CHECKING:
    from .moves import Plan
    from .services import Services
    from .table import LiveTable

log = logging.getLogger("reichsstadt.server")

PAYLOAD_MOST = 7900   # bytes: PostgreSQL refuses NOTIFY payloads of 8000 and more
SAFE = re.compile(r"^[A-Za-z0-9_-]{1,56}$")
Origin = tuple[str, int] | None   # (the process that forwarded a move, its request number)


def own_channel(owner: str) -> str:
    return f"rsp_{owner}"


def table_channel(table_id: str) -> str:
    return f"rst_{table_id}"


class Cluster:
    """One process alone: nothing to tell, nobody to forward to."""

    def __init__(self, services: "Services", owner: str) -> None:
        self.services = services
        self.owner = owner

    def move_payload(self, table: "LiveTable", plan: "Plan", result: dict[str, Any] | None,
                     origin: Origin = None) -> tuple[str, str] | None:
        return None

    async def changed(self, table: "LiveTable", what: str) -> None:
        return None

    async def forward(self, table: "LiveTable", seat: int, actions: Sequence[Action], expect: int | None,
                      pick: bool) -> None:
        raise IllegalAction(Message("server.refuse.not_owner"))

    def follow(self, table_id: str, following: bool) -> None:
        """Hear (or stop hearing) another process's moves at a table."""

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None


class PgCluster(Cluster):
    def __init__(self, services: "Services", owner: str) -> None:
        super().__init__(services, owner)
        self._task: asyncio.Task[None] | None = None
        self._requests = itertools.count()
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._want: set[str] = set()       # table channels to follow
        self._wanted = asyncio.Event()     # ... changed (or the connection was lost)
        self._have: set[str] = set()       # ... followed now
        self._notifier: Notifier | None = None   # NOTIFYs outside a commit
        self._taking: dict[str, asyncio.Task[None]] = {}   # tables handed to this process, being taken

    # -- what the owner sends ------------------------------------------------------------
    def move_payload(self, table: "LiveTable", plan: "Plan", result: dict[str, Any] | None,
                     origin: Origin = None) -> tuple[str, str] | None:
        """The NOTIFY of a commit (channel, payload): the moves, their log entries (as
        encoded), the status."""
        head = dumps({"t": table.id, "n": plan.first, "m": plan.records(), "s": "finished" if result else table.status,
                      "r": result, "q": list(origin) if origin else None})
        # each step's entries as [viewer, entry, viewer, entry, ...], each entry its encoded
        # JSON as a string: a follower keeps it as it is, without decoding and encoding it
        entries = dumps([[x for v, e in s.entries.items() for x in (v, e.decode())] for s in plan.steps])
        raw = head[:-1] + b',"e":' + entries + b"}"
        if len(raw) > PAYLOAD_MOST:
            raw = dumps({"t": table.id, "c": "moves", "q": list(origin) if origin else None})
        return table_channel(table.id), raw.decode()

    async def changed(self, table: "LiveTable", what: str) -> None:
        payload = dumps({"t": table.id, "c": what}).decode()
        await self._notify(table_channel(table.id), payload)
        if table.owner and table.owner != self.owner:
            await self._notify(own_channel(table.owner), payload)

    async def _notify(self, channel: str, payload: str) -> None:
        """NOTIFY outside a commit, from the event loop (no thread, no transaction of the
        writer, no wait for PostgreSQL's answer: pgnotify.py)."""
        if self._notifier is None:
            self._notifier = Notifier(self._url())
        await self._notifier.notify(channel, payload)

    def _url(self) -> str:
        from sqlalchemy.engine import make_url

        return make_url(self.services.storage.url).set(drivername="postgresql").render_as_string(hide_password=False)

    async def forward(self, table: "LiveTable", seat: int, actions: Sequence[Action], expect: int | None,
                      pick: bool) -> None:
        """Send a client's move to the table's owner; its refusal comes back as ours. An
        owner that passed the table on meanwhile (perhaps to this process) refuses it as
        not its own: the move is sent once more, where the table runs now."""
        for last in (False, True):
            answer = await self._forward_once(table, seat, actions, expect, pick)
            if answer is None:
                return
            if last or answer.get("id") != "server.refuse.not_owner":
                raise IllegalAction(Message.from_json(answer) if "id" in answer else str(answer.get("text", "")))
            taking = self._taking.get(table.id)
            if taking is not None:
                await asyncio.shield(taking)
            if table.owned:
                await table.submit(seat, actions, expect, pick)
                return
            table.owner = None  # ask the database where it runs

    async def _forward_once(self, table: "LiveTable", seat: int, actions: Sequence[Action], expect: int | None,
                            pick: bool) -> Any:
        """One try: the owner's refusal (a Message's JSON), or None (done)."""
        storage = self.services.storage
        owner = table.owner or await storage.owner_of(table.id)
        if owner is None or owner == self.owner:
            owner = await storage.acquire(table.id, self.owner, self.services.settings.lease_seconds)
            if owner == self.owner:  # the lease was free: this process runs the table now
                await self.services.tables.take_over(table)
                await table.submit(seat, actions, expect, pick)
                return None
        table.owner = owner
        space = table.game.action_space(table.players)
        q = next(self._requests)
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[q] = done
        payload = {"t": table.id, "seat": seat, "a": [space.encode(a) for a in actions], "e": expect, "p": pick,
                   "f": self.owner, "q": q}
        try:
            await self._notify(own_channel(owner or ""), dumps(payload).decode())
            return await asyncio.wait_for(done, self.services.settings.forward_timeout)
        except asyncio.TimeoutError:
            table.owner = None  # ask the database next time (the owner may have died)
            raise IllegalAction(Message("server.refuse.owner_away")) from None
        finally:
            self._waiting.pop(q, None)

    async def _hand_over(self, live: "LiveTable", to: str) -> None:
        """A move came from process `to`, and nobody is at the table here: the table runs
        there from now on, so its moves no longer cross processes (a proxy that sends every
        client of a table to one process, deploy/nginx.conf, makes this the rule). The
        lease moves in one transaction with the NOTIFY that tells `to`; moves that reach
        this process afterwards are refused as not its own and sent again by their sender."""
        settings, tables = self.services.settings, self.services.tables
        if not settings.hand_over or to == self.owner or not SAFE.match(to):
            return
        async with live.lock:
            if not live.owned or live.closing or live.status != RUNNING or live.broadcast.connections:
                return
            note = dumps({"t": live.id, "c": "owner", "o": to}).decode()
            if not await self.services.storage.hand_over(live.id, self.owner, to, settings.lease_seconds,
                                                         notify=(own_channel(to), note)):
                return
            live.owned, live.owner = False, to
            tables.held.discard(live.id)
            # nobody is here to be told of its moves: it leaves memory rather than follow them
            tables.drop(live.id)
        await live.bots.stop()
        await live.clocks.stop()
        log.info("handed over", extra={"event": "hand_over", "table": live.id, "owner": to})

    def _taken(self, table_id: str) -> None:
        """This process was handed a table: it runs it from now on (read once, bots woken)."""
        tables = self.services.tables
        live = tables.tables.get(table_id)

        async def take() -> None:
            if live is None:
                await tables.get(table_id)  # loaded, it is run here: the lease is this process's
            else:
                await tables.take_over(live)

        if live is not None:
            live.owner = self.owner
        task = self._taking[table_id] = self._spawn(take())
        task.add_done_callback(lambda _: self._taking.pop(table_id, None))

    # -- what every process hears --------------------------------------------------------
    def follow(self, table_id: str, following: bool) -> None:
        if not SAFE.match(table_id):
            return
        channel = table_channel(table_id)
        if following != (channel in self._want):
            (self._want.add if following else self._want.discard)(channel)
            self._wanted.set()

    async def start(self) -> None:
        self._task = asyncio.create_task(self._listen())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
        if self._notifier is not None:
            await self._notifier.close()

    async def _listen(self) -> None:
        import psycopg

        url = self._url()
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    self._have = set()
                    # what arrives while a LISTEN is being sent is heard through psycopg
                    conn.add_notify_handler(lambda note: self._heard(note.channel, note.payload))
                    await conn.execute(f'LISTEN "{own_channel(self.owner)}"')
                    while True:
                        self._wanted.clear()
                        await self._subscribe(conn)
                        await self._hear(conn)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listen", extra={"event": "listen_error"})
                await asyncio.sleep(1.0)

    async def _hear(self, conn: Any) -> None:
        """Notifications as they arrive, until the channels to follow change (or a second
        passes): read by libpq straight from the event loop's readiness callback (no
        psycopg wait machinery a notification: most of what a follower does for a move)."""
        import psycopg

        pgconn, loop = conn.pgconn, asyncio.get_running_loop()
        lost: list[BaseException] = []

        def readable() -> None:
            try:
                pgconn.consume_input()
                while (note := pgconn.notifies()) is not None:
                    self._heard(note.relname.decode(), note.extra.decode())
            except psycopg.Error as exc:  # the connection is gone: listen again on a new one
                lost.append(exc)
                self._wanted.set()

        fd = pgconn.socket
        loop.add_reader(fd, readable)
        try:
            readable()  # what libpq read meanwhile
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wanted.wait(), 1.0)
        finally:
            loop.remove_reader(fd)
        if lost:
            raise lost[0]

    async def _subscribe(self, conn: Any) -> None:
        """Follow the table channels wanted now; a table just followed is read once (a
        move committed before the LISTEN took effect is not missed)."""
        for channel in sorted(self._want - self._have):
            await conn.execute(f'LISTEN "{channel}"')
            self._have.add(channel)
            live = self.services.tables.tables.get(channel[4:])
            if live is not None:
                self._spawn(live.catch_up())
        for channel in sorted(self._have - self._want):
            await conn.execute(f'UNLISTEN "{channel}"')
            self._have.discard(channel)

    def _heard(self, channel: str, payload: str) -> None:
        try:
            p = orjson.loads(payload)
        except orjson.JSONDecodeError:
            return
        if p.get("c") == "owner" and not channel.startswith("rst_"):
            if p.get("o") == self.owner and isinstance(p.get("t"), str) and SAFE.match(p["t"]):
                self._taken(p["t"])
        elif channel.startswith("rst_") or "c" in p:
            live = self.services.tables.tables.get(p.get("t", ""))
            if live is not None:
                self._spawn(self._table_changed(live, p))
            self._answer(p.get("q"), None)
        elif "r" in p:
            self._answer([self.owner, p["r"]], p.get("error"))
        elif "q" in p:
            self._spawn(self._forwarded(p))

    def _answer(self, origin: Any, error: Any) -> None:
        if isinstance(origin, list) and len(origin) == 2 and origin[0] == self.owner:
            done = self._waiting.get(origin[1])
            if done is not None and not done.done():
                done.set_result(error)

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _table_changed(self, live: "LiveTable", p: dict[str, Any]) -> None:
        """Another process committed something at a table this process serves."""
        if "m" not in p:
            await live.catch_up()
            return
        async with live.lock:
            # an entry as a string is its JSON as the owner encoded it (as an object: from a
            # process of an older version)
            entries = [{None if v is None else int(v): e.encode() if isinstance(e, str) else dumps(e)
                        for v, e in zip(step[::2], step[1::2])}
                       for step in p.get("e") or []]
            if not live.apply_committed(p["n"], p["m"], p["s"], p["r"], entries):
                await live._catch_up()
        await live._after()

    async def _forwarded(self, p: dict[str, Any]) -> None:
        """A move another process forwarded to this one, the table's owner: a refusal goes
        back on the sender's channel (an accepted move answers in its own NOTIFY)."""
        error: Any = None
        tables = self.services.tables
        try:
            live = tables.tables.get(p["t"])
            if live is None and await self.services.storage.owner_of(p["t"]) == self.owner:
                live = await tables.get(p["t"])  # its own, not in memory: loaded to run it
            if live is None or not live.owned:  # (a table handed on is not loaded again to say so)
                raise IllegalAction(Message("server.refuse.not_owner"))
            space = live.game.action_space(live.players)
            actions = [space.decode(i) for i in p["a"] if isinstance(i, int) and 0 <= i < len(space)]
            await live.submit(p["seat"], actions, p["e"], pick=bool(p["p"]), origin=(p["f"], p["q"]))
        except IllegalAction as exc:
            error = exc.message.to_json() if isinstance(exc.message, Message) else {"text": str(exc)}
        except Exception:
            log.exception("forwarded move failed", extra={"event": "error", "table": p.get("t")})
            error = Message("server.error.internal").to_json()
        else:  # committed, and answered by the commit's NOTIFY
            try:
                await self._hand_over(live, p["f"])
            except Exception:
                log.exception("hand-over failed", extra={"event": "error", "table": p.get("t")})
            return
        await self._notify(own_channel(p["f"]), dumps({"r": p["q"], "error": error}).decode())
