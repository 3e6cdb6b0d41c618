"""Several server processes on one PostgreSQL.

Each table is run by one process at a time, the holder of its lease (`tables.owner`):
only the owner applies the table's moves, runs its bots and clocks. A client may connect
to any process. A process that does not own a table forwards its clients' moves to the
owner (NOTIFY on the owner's own channel) and hears the answer on its own. The owner
commits each move with a NOTIFY on the tables' channel that carries the move itself
(seat and action, the status and result it leads to), sent in the commit's transaction,
so every other process applies it to its copy of the table and tells its own clients
without reading anything back from the database. What is rare (a seat taken, a stand-in,
a payload too large for NOTIFY) is announced as "changed", and the others read the table
again. With SQLite there is one process and nothing of this runs (`Cluster`)."""

from __future__ import annotations

import asyncio
import itertools
import logging
from typing import TYPE_CHECKING, Any, Sequence

import orjson

from ..core import Action, IllegalAction, Message
from .messages import dumps
from .storage import CHANNEL

if TYPE_CHECKING:
    from .moves import Plan
    from .services import Services
    from .table import LiveTable

log = logging.getLogger("reichsstadt.server")

PAYLOAD_MOST = 7900   # bytes: PostgreSQL refuses NOTIFY payloads of 8000 and more


def own_channel(owner: str) -> str:
    return f"reichsstadt_p_{owner}"


class Cluster:
    """One process alone: nothing to tell, nobody to forward to."""

    def __init__(self, services: "Services", owner: str) -> None:
        self.services = services
        self.owner = owner

    def move_payload(self, table: "LiveTable", plan: "Plan", result: dict[str, Any] | None) -> str | None:
        return None

    async def changed(self, table_id: str, what: str) -> None:
        return None

    async def forward(self, table: "LiveTable", seat: int, actions: Sequence[Action], expect: int | None,
                      pick: bool) -> None:
        raise IllegalAction(Message("server.refuse.not_owner"))

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

    def move_payload(self, table: "LiveTable", plan: "Plan", result: dict[str, Any] | None) -> str | None:
        status = "finished" if result is not None else table.status
        text = dumps({"t": table.id, "o": self.owner, "n": plan.first, "m": plan.records(), "s": status,
                      "r": result}).decode()
        if len(text.encode()) > PAYLOAD_MOST:
            return dumps({"t": table.id, "o": self.owner, "c": 1}).decode()
        return text

    async def changed(self, table_id: str, what: str) -> None:
        await self.services.storage.notify(dumps({"t": table_id, "o": self.owner, "c": what}).decode())

    async def forward(self, table: "LiveTable", seat: int, actions: Sequence[Action], expect: int | None,
                      pick: bool) -> None:
        """Send a client's move to the table's owner; its refusal comes back as ours."""
        storage = self.services.storage
        owner = table.owner or await storage.owner_of(table.id)
        if owner is None or owner == self.owner:
            owner = await storage.acquire(table.id, self.owner, self.services.settings.lease_seconds)
            if owner == self.owner:  # the lease was free: this process runs the table now
                await self.services.tables.take_over(table)
                await table.submit(seat, actions, expect, pick)
                return
        table.owner = owner
        space = table.game.action_space(table.players)
        q = next(self._requests)
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[q] = done
        payload = {"t": table.id, "seat": seat, "a": [space.encode(a) for a in actions], "e": expect, "p": pick,
                   "f": self.owner, "q": q}
        try:
            await storage.notify(dumps(payload).decode(), own_channel(owner or ""))
            answer = await asyncio.wait_for(done, self.services.settings.forward_timeout)
        except asyncio.TimeoutError:
            table.owner = None  # ask the database next time (the owner may have died)
            raise IllegalAction(Message("server.refuse.owner_away")) from None
        finally:
            self._waiting.pop(q, None)
        if answer is not None:
            raise IllegalAction(Message.from_json(answer))

    async def start(self) -> None:
        self._task = asyncio.create_task(self._listen())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass

    async def _listen(self) -> None:
        import psycopg
        from sqlalchemy.engine import make_url

        url = make_url(self.services.storage.url).set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    await conn.execute(f"LISTEN {own_channel(self.owner)}")
                    async for note in conn.notifies():
                        self._heard(note.channel, note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listen", extra={"event": "listen_error"})
                await asyncio.sleep(1.0)

    def _heard(self, channel: str, payload: str) -> None:
        try:
            p = orjson.loads(payload)
        except orjson.JSONDecodeError:
            return
        if channel == CHANNEL:
            if p.get("o") == self.owner:
                return  # our own commit
            live = self.services.tables.tables.get(p.get("t", ""))
            if live is not None:
                self._spawn(self._table_changed(live, p))
        elif "r" in p:
            done = self._waiting.get(p["r"])
            if done is not None and not done.done():
                done.set_result(p.get("error"))
        elif "q" in p:
            self._spawn(self._forwarded(p))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _table_changed(self, live: "LiveTable", p: dict[str, Any]) -> None:
        """Another process committed something at a table this process serves."""
        if "m" not in p:
            await live.catch_up()
            return
        async with live.lock:
            if not live.apply_committed(p["n"], p["m"], p["s"], p["r"]):
                await live._catch_up()
        await live._after()

    async def _forwarded(self, p: dict[str, Any]) -> None:
        """A move another process forwarded to this one, the table's owner: its answer
        (None, or the refusal's message) goes back on the sender's channel."""
        error: Any = None
        try:
            live = await self.services.tables.get(p["t"])
            if live is None or not live.owned:
                raise IllegalAction(Message("server.refuse.not_owner"))
            space = live.game.action_space(live.players)
            actions = [space.decode(i) for i in p["a"] if isinstance(i, int) and 0 <= i < len(space)]
            await live.submit(p["seat"], actions, p["e"], pick=bool(p["p"]))
        except IllegalAction as exc:
            error = (exc.message or Message("server.error.internal")).to_json() if not isinstance(
                exc.message, str) else {"text": exc.message}
        except Exception:
            log.exception("forwarded move failed", extra={"event": "error", "table": p.get("t")})
            error = Message("server.error.internal").to_json()
        await self.services.storage.notify(dumps({"r": p["q"], "error": error}).decode(), own_channel(p["f"]))
