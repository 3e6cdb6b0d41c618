"""A live table: its engine state, seats and clocks, log, clients and bots, its moves
applied one at a time (`lock`).

The path of a move: `submit` checks it and plans it on a copy (moves.plan), the commit
is awaited (the writer thread, with the NOTIFY that tells other processes), the plan is
adopted as the live state, and `_after` ends every change the same way: clocks ticked,
parts rebuilt lazily, every client sent its message, bots woken. A process that does
not own the table forwards its clients' moves to the owner and applies the moves it
hears of (cluster.py)."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
import weakref
from typing import TYPE_CHECKING, Any, Sequence

from ..core import CHANCE, Action, Game, IllegalAction, Message, Player, State, game as find_game
from ..core.picks import chain
from . import moves as pipeline
from .botplay import TableBots
from .broadcast import Broadcast, Connection
from .messages import dumps
from .schema import CLOSED, FINISHED, HUMAN, OPEN, RUNNING, NoteRow, TableRow
from .seats import Seats
from .seating import lobby_seats, name_taken, seat_level
from .storage import token_hash

if TYPE_CHECKING:
    from .services import Services

log = logging.getLogger("reichsstadt.server")


class LiveTable:
    def __init__(self, row: TableRow, services: "Services") -> None:
        self.id = row.id
        self.game: Game = find_game(row.game)
        self.players = row.players
        self.seed = row.seed
        self.secret = row.secret
        self.options = dict(row.options)
        self.status = row.status
        self.creator_hash = row.creator_hash
        self.creator_key = row.creator_key or row.id   # whom its bots work for (the pool's fairness)
        self.created_at: dt.datetime = row.created_at
        self.result = row.result
        self.services = services
        self.seats = Seats(row.seats, row.clock, services.clock.now)
        self.state: State = self.game.new(self.players, self.seed, self.options)
        self.log = pipeline.TableLog(self.players)
        self.lock = asyncio.Lock()
        self.broadcast = Broadcast(self)
        self.bots = TableBots(self)
        self.clocks = ClockWatch(self)
        self.owned = True                 # this process applies the table's moves
        self.owner: str | None = row.owner
        self.closing = False
        self.used = time.monotonic()      # when a client last came or acted (unloading idle tables)
        self.id_json = dumps(self.id)
        self.game_json = dumps(self.game.id)
        self._result_json: bytes | None = None
        self._stale = False               # another process changed the table since the last read
        self._catching_up = False         # ... which is being read now

    # -- what anyone may know ----------------------------------------------------------
    @property
    def moves(self) -> int:
        return self.log.moves

    def result_json(self) -> bytes:
        if self._result_json is None:
            self._result_json = dumps(self.result)
        return self._result_json

    def is_creator(self, token: str | None) -> bool:
        return token is not None and token_hash(token) == self.creator_hash

    def names(self, lang: str = "en") -> list[str]:
        return self.seats.names(lang)

    def public_seats(self) -> list[dict[str, Any]]:
        to_act = self.state.to_act() if self.status == RUNNING else ()
        return [{"seat": i, "kind": s.kind, "level": seat_level(s.kind, self.game.id), "name": s.name,
                 "joined": s.joined, "stand_in": s.stand_in,
                 "connected": s.kind != HUMAN or self.broadcast.connected(i), "deciding": i in to_act,
                 "clock": self.seats.clock_of(i)} for i, s in enumerate(self.seats)]

    def seats_json(self) -> bytes:
        return dumps(self.public_seats())

    def info(self) -> dict[str, Any]:
        """What the lobby and the table page show (no secrets)."""
        return _info(self.id, self.game, self.players, self.options, self.status, self.seats, self.moves,
                     self.created_at, self.result)

    def summary(self) -> list[dict[str, Any]]:
        return lobby_seats(self.seats.rows())

    def connected(self, seat: int) -> bool:
        return self.broadcast.connected(seat)

    # -- rebuilding ----------------------------------------------------------------------
    def replay(self, moves: Sequence[tuple[int, dict[str, Any]]], notes: Sequence[NoteRow] = ()) -> None:
        """Rebuild (or bring up to date) the live state and logs from committed moves and
        notes (each note where it was said: after `at` moves)."""
        pending = sorted(notes, key=lambda r: r.k)
        viewers = self.log.viewers()
        batch: list[tuple[int, dict[str, Any]]] = []

        def flush() -> None:
            if batch:
                self._adopt(pipeline.replay_plan(self.game, self.state, self.players, batch, self.log.moves, viewers))
                batch.clear()

        for move in moves:
            while pending and pending[0].at <= self.log.moves + len(batch):
                flush()
                r = pending.pop(0)
                self.log.add_note(r.k, r.at, r.seat, r.message)
            batch.append(move)
        flush()
        for r in pending:
            self.log.add_note(r.k, r.at, r.seat, r.message)
        self.seats.tick(self._acting())

    def _adopt(self, plan: pipeline.Plan) -> None:
        """Committed moves become the live state and its logs."""
        self.state = plan.state
        self.log.adopt(plan.steps)
        self.broadcast.changed()

    def _acting(self) -> tuple[int, ...]:
        return self.state.to_act() if self.status == RUNNING else ()

    # -- the end of every change, written once -----------------------------------------
    async def _after(self, notify: str | None = None) -> None:
        """After a committed change: other processes told (unless the commit carried it),
        every client sent the table as it is now, the bots and clocks woken."""
        self.broadcast.changed()
        self._result_json = None
        self.seats.tick(self._acting())
        self.clocks.wake()
        if notify is not None:
            await self.services.cluster.changed(self, notify)
        self.broadcast.everyone()
        self.bots.wake()

    # -- moves -------------------------------------------------------------------------
    async def submit(self, seat: int, actions: Sequence[Action], expect: int | None, pick: bool = False,
                     bot: bool = False, origin: tuple[str, int] | None = None) -> None:
        """A seat's move (or, with `pick`, the parts of a multi-part choice, made into the
        engine's chain): checked on a copy, committed with the chance draws that follow,
        then applied and announced. IllegalAction changes nothing. `bot`: the move of the
        bot playing the seat (refused if the seat's person took it back meanwhile);
        `origin`: the process and request that forwarded it (answered with the commit)."""
        while True:
            if not self.owned:
                # the table passed to another process: its bots play there, and a move
                # forwarded here goes back to its sender, which asks the new owner
                if bot or origin is not None:
                    raise IllegalAction(Message("server.refuse.not_owner"))
                await self.services.cluster.forward(self, seat, actions, expect, pick)
                return
            await self.lock.acquire()
            if self.owned:
                break
            self.lock.release()  # handed over while this move waited for the lock
        t0 = time.perf_counter()
        try:
            plan = self._plan_move(seat, actions, expect, pick, bot)
            result = plan.result()
            times = {seat: self.seats.thought(seat)} if seat in self.seats.deciding_since else None
            try:
                await self.services.storage.append_moves(
                    self.id, plan.first, plan.records(), result, times=times,
                    notify=self.services.cluster.move_payload(self, plan, result, origin))
            except Exception as exc:
                if type(exc).__name__ != "IntegrityError":
                    raise
                # another process committed this move number first: catch up, and the
                # player looks again at the table as it is
                await self._catch_up()
                raise IllegalAction(Message("server.refuse.stale", seen=expect if expect is not None else -1,
                                            now=self.moves)) from None
            if times:
                self.seats.moved(seat, times[seat])
            self._adopt(plan)
            if result is not None:
                self.status, self.result = FINISHED, result
        finally:
            self.lock.release()
        self.services.metrics.moved(time.perf_counter() - t0, len(plan.steps))
        if log.isEnabledFor(logging.DEBUG):  # every move is counted in /metrics; logged only when asked
            log.debug("move", extra={"event": "move", "table": self.id, "seat": seat, "n": self.moves,
                                     "steps": len(plan.steps)})
        await self._after()

    def _plan_move(self, seat: int, actions: Sequence[Action], expect: int | None, pick: bool,
                   bot: bool) -> pipeline.Plan:
        """(Under the lock.) The checks of a move, then its plan; IllegalAction otherwise."""
        if self.closing:
            raise IllegalAction(Message("server.refuse.closing"))
        if (self.seats[seat].bot is not None) != bot:
            raise IllegalAction(Message("server.error.stand_in" if not bot else "server.refuse.taken_back"))
        if self.status == OPEN:
            raise IllegalAction(Message("server.refuse.not_started"))
        if self.status in (FINISHED, CLOSED):
            raise IllegalAction(Message("core.refuse.over"))
        # a click made before this seat's own last move is a double click or a stale
        # screen; others' moves (bots planning at the same time) do not make it stale
        if expect is not None and (expect > self.moves or self.log.last_move.get(seat, -1) >= expect):
            raise IllegalAction(Message("server.refuse.stale", seen=expect, now=self.moves))
        if pick:
            offer = self.state.pick(seat) if seat in self.state.to_act() else None
            if offer is None:
                raise IllegalAction(Message("server.refuse.no_pick"))
            actions = chain(self.state, seat, offer, actions)
        return pipeline.plan(self.state, seat, actions, self.moves, self.secret, self.log.viewers())

    def apply_committed(self, first: int, moves: Sequence[tuple[int, Any]], status: str,
                        result: dict[str, Any] | None, entries: Sequence[pipeline.Entries] = ()) -> bool:
        """(Under the lock.) Moves another process committed, as its NOTIFY carried them
        (with each viewer's log entry, when it did); False if they do not follow on from
        what this process has (it reads the database)."""
        if first != self.moves:
            return first < self.moves and first + len(moves) <= self.moves  # already known: nothing to do
        if len(entries) == len(moves) and all(len(e) == self.players + 1 for e in entries):
            plan = pipeline.applied_plan(self.game, self.state, self.players, moves, first, entries)
        else:
            plan = pipeline.replay_plan(self.game, self.state, self.players, moves, first, self.log.viewers())
        self._adopt(plan)
        self.status, self.result = status, result
        return True

    async def start(self, fill: dict[int, tuple[str, str]] | None = None) -> None:
        """Open -> running (empty seats filled with bots first, if given): the set-up's
        chance draws are committed with the start, bots begin."""
        storage = self.services.storage
        async with self.lock:
            if not storage.sqlite:
                await self._catch_up()  # people may have joined through other processes
            if self.status != OPEN:
                raise IllegalAction(Message("server.refuse.started"))
            if fill:
                if not await storage.fill_seats(self.id, fill, lobby_seats):
                    raise IllegalAction(Message("server.refuse.started"))
                for seat, (spec, name) in fill.items():
                    if self.seats[seat].token_hash is None and self.seats[seat].kind == HUMAN:
                        self.seats[seat].kind, self.seats[seat].name = spec, name
            if any(s.kind == HUMAN and s.token_hash is None for s in self.seats):
                raise IllegalAction(Message("server.refuse.seats_open"))
            plan = pipeline.plan(self.state, None, [], self.moves, self.secret, self.log.viewers())
            # the start and the set-up's chance draws in one transaction: a crash leaves
            # the table open, or running with its set-up done
            await storage.append_moves(self.id, plan.first, plan.records(), started=True)
            self.status = RUNNING
            self._adopt(plan)
            self.services.metrics.moves += len(plan.steps)
        await self._after(notify="seats")

    async def close(self) -> None:
        """The creator closes a table that has not started."""
        async with self.lock:
            if self.status != OPEN or not await self.services.storage.close_open(self.id):
                raise IllegalAction(Message("server.refuse.started"))
            self.status = CLOSED
        await self._after(notify="seats")

    # -- seats ---------------------------------------------------------------------------
    async def join(self, invite: str, name: str, token: str) -> int:
        """A person takes the seat of an invite; the table starts when its last seat is taken."""
        storage = self.services.storage
        async with self.lock:
            if not storage.sqlite:
                await self._catch_up()
            if self.status != OPEN:
                raise IllegalAction(Message("server.refuse.started"))
            seat = next((i for i, s in enumerate(self.seats) if s.invite == invite), None)
            if seat is None:
                raise IllegalAction(Message("server.refuse.invite"))
            s = self.seats[seat]
            if s.kind != HUMAN:
                raise IllegalAction(Message("server.refuse.bot_seat"))
            if name_taken(name, [o.name for i, o in enumerate(self.seats) if i != seat]):
                raise IllegalAction(Message("server.refuse.name_taken", name=name))
            if s.token_hash is not None or not await storage.claim_seat(self.id, seat, name, token_hash(token),
                                                                         lobby_seats):
                raise IllegalAction(Message("server.refuse.taken"))
            s.name, s.token_hash = name, token_hash(token)
            full = all(x.joined for x in self.seats)
        await self._after(notify="seats")
        if full:
            try:
                await self.start()
            except IllegalAction:
                pass  # started meanwhile (the creator, or another process)
        return seat

    async def set_stand_in(self, seat: int, bot: str | None) -> None:
        """The creator hands an absent person's seat to a bot (or the person takes it back:
        bot None)."""
        async with self.lock:
            s = self.seats[seat]
            if s.kind != HUMAN:
                raise IllegalAction(Message("server.refuse.bot_seat"))
            if self.status != RUNNING:
                raise IllegalAction(Message("server.refuse.not_running"))
            await self._set_stand_in(seat, bot, auto=False)
        log.info("stand-in", extra={"event": "stand_in", "table": self.id, "seat": seat, "bot": bot})
        await self._after(notify="seats")

    async def _set_stand_in(self, seat: int, bot: str | None, auto: bool, used: float | None = None) -> None:
        """(Under the lock.) A bot plays for the seat's person from now on (bot None: the
        person plays again); stored before it counts."""
        values: dict[str, Any] = {"stand_in": bot, "auto_stand_in": auto}
        if used is not None:
            values["time_used"] = used
        await self.services.storage.update_seat(self.id, seat, lobby_seats, **values)
        s = self.seats[seat]
        s.stand_in, s.auto = bot, auto
        if used is not None:
            s.time_used = used
        self.broadcast.changed()  # the person is offered moves again, or no longer
        self.seats.tick(self._acting())

    async def _note(self, seat: int, message: Message) -> None:
        """(Under the lock.) Something for the log that is no move, stored first."""
        k = self.log.notes
        await self.services.storage.add_note(self.id, k, self.moves, seat, message.to_json())
        self.log.add_note(k, self.moves, seat, message.to_json())

    # -- clocks and absent players ---------------------------------------------------------
    async def run_out(self, seat: int, why: str) -> None:
        """A clock ran out: the table's stand-in bot plays for the seat until its person
        returns; the log says so."""
        async with self.lock:
            due = self.seats.deadlines(self.connected)
            if not any(d[1] == seat and d[2] == why and d[0] <= self.seats.now() + 0.05 for d in due):
                return  # the seat moved, or came back, meanwhile
            bot = (self.seats.clock or {}).get("bot") or self.services.settings.stand_in_bot
            await self._set_stand_in(seat, bot, auto=True)
            await self._note(seat, Message(f"server.note.{why}", player=Player(seat), bot=bot))
        log.info("clock", extra={"event": "clock", "table": self.id, "seat": seat, "why": why})
        await self._after(notify="seats")

    async def arrived(self, seat: int) -> None:
        """The seat's person is here (connected, or acting): a clock's stand-in leaves."""
        self.used = time.monotonic()
        self.seats.away_since.pop(seat, None)
        if not self.seats[seat].auto:
            self.clocks.changed()
            return
        async with self.lock:
            if not self.seats[seat].auto:
                return
            await self._set_stand_in(seat, None, auto=False, used=self.seats.comeback_time(seat))
            await self._note(seat, Message("server.note.back", player=Player(seat)))
        await self._after(notify="seats")

    def left(self, seat: int) -> None:
        """The seat's last connection closed: its absence clock starts."""
        self.used = time.monotonic()
        if not self.connected(seat) and self.seats[seat].kind == HUMAN:
            self.seats.away_since.setdefault(seat, self.seats.now())
            self.clocks.changed()

    # -- several processes ------------------------------------------------------------------
    async def catch_up(self) -> None:
        """Another process changed the table: read what it committed. What is heard while
        a read is under way is read once more after it, not once per notice (a table's
        start comes as a burst: followed, seats taken, started)."""
        self._stale = True
        if self._catching_up:
            return
        self._catching_up = True
        try:
            while self._stale:
                self._stale = False
                async with self.lock:
                    await self._catch_up()
                await self._after()
        finally:
            self._catching_up = False

    async def _catch_up(self) -> None:
        """(Under the lock.) The moves, notes, seats and status another process committed."""
        storage = self.services.storage
        self.services.metrics.read_backs += 1
        row = await storage.table(self.id)
        if row is None:
            return
        self.status, self.result, self.owner = row.status, row.result, row.owner
        self.seats.update(row.seats)
        self.replay(await storage.moves(self.id, self.moves), await storage.notes(self.id, self.log.notes))
        self.broadcast.changed()

    async def connect(self, conn: Connection) -> None:
        """A client arrives: it is sent the whole table; the others see it connected."""
        self.used = time.monotonic()
        self.broadcast.add(conn)
        if conn.seat is not None:
            await self.arrived(conn.seat)  # a bot a clock put in the seat leaves it
        self.broadcast.send(conn, {"type": "welcome", "table": self.info(), "you": conn.seat})
        self.broadcast.push(conn, full=True)
        self.broadcast.everyone()

    async def disconnect(self, conn: Connection) -> None:
        self.broadcast.remove(conn)
        if conn.seat is not None:
            self.left(conn.seat)  # the absence clock starts when the seat's last connection goes
        self.broadcast.everyone()

    def idle(self) -> bool:
        """Nobody is here and nothing is under way: the table may leave memory."""
        return (not self.broadcast.connections and not self.lock.locked() and not self.bots.busy()
                and (self.status != RUNNING or not self._bots_due()))

    def _bots_due(self) -> bool:
        return any(s != CHANCE and self.seats[s].bot is not None for s in self.state.to_act())

    async def shut(self) -> None:
        """No new moves; a move being committed finishes first; bots and clocks stop."""
        self.closing = True
        async with self.lock:  # waits for an in-flight commit
            pass
        await self.bots.stop()
        await self.clocks.stop()


class ClockWatch:
    """The task that waits for the table's next deadline and lets it run out."""

    def __init__(self, table: LiveTable) -> None:
        # a weak reference: a table and its parts are freed by reference counting, without
        # waiting for a garbage collection of the oldest generation (rare, by design)
        self.table: "LiveTable" = weakref.proxy(table)
        self.task: asyncio.Task[None] | None = None
        self.event = asyncio.Event()

    def changed(self) -> None:
        self.event.set()
        self.wake()

    def wake(self) -> None:
        t = self.table
        self.event.set()
        if t.closing or not t.owned or t.seats.clock is None or t.status != RUNNING:
            return
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._watch())

    async def _watch(self) -> None:
        t = self.table
        while not t.closing and t.owned and t.status == RUNNING:
            due = min(t.seats.deadlines(t.connected), default=None)
            self.event.clear()
            if await t.services.clock.wait(self.event, None if due is None else due[0]):
                continue  # something changed: look at the clocks again
            assert due is not None
            await t.run_out(due[1], due[2])

    async def stop(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):
                pass


def stored_info(row: TableRow, moves: int) -> dict[str, Any]:
    """LiveTable.info() of a table as stored, without loading it (a finished or closed
    table: nothing changes it any more)."""
    return _info(row.id, find_game(row.game), row.players, row.options, row.status, Seats(row.seats, row.clock),
                 moves, row.created_at, row.result)


def _info(table_id: str, game: Game, players: int, options: dict[str, Any], status: str, seats: Seats, moves: int,
          created_at: dt.datetime, result: dict[str, Any] | None) -> dict[str, Any]:
    return {"id": table_id, "game": game.id, "title": game.title, "players": players,
            "options": game.record_options(options), "status": status,
            "seats": [{"seat": i, "kind": s.kind, "level": seat_level(s.kind, game.id), "name": s.name,
                       "joined": s.joined, "stand_in": s.stand_in}
                      for i, s in enumerate(seats)],
            "moves": moves, "created": created_at.isoformat() + "Z", "result": result, "clock": seats.clock}
