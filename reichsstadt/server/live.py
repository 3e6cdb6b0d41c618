"""Live tables: each table's state in memory, its moves applied one at a time.

A move is checked on a copy of the state, committed to the database together with the
chance draws that follow it, and only then applied to the live state and announced to
every client, each in its own seat's words. Chance draws come from the table's secret
seed and the move's number, so a table rebuilt after a crash continues exactly as it
would have. Bots play on the server at the table's pace."""

from __future__ import annotations

import asyncio
import copy
import logging
import random
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Sequence

from ..bots import make_bot
from ..core.picks import chain
from ..core import CHANCE, Action, Game, IllegalAction, Message, Player, Seat, State, game as find_game, sample_chance
from .protocol import words
from sqlalchemy.exc import IntegrityError

from .storage import CHANNEL, FINISHED, HUMAN, OPEN, RUNNING, SeatRow, Storage, TableRow, token_hash

log = logging.getLogger("reichsstadt.server")

Send = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass
class Connection:
    """One client on a table: its seat (None: a spectator) and how far it has read the log.

    Messages to one connection are built and sent one at a time (`lock`), so the log
    deltas it receives follow each other without gap or overlap."""

    send: Send
    seat: int | None
    seen: int = 0          # log entries already sent
    alive: bool = True
    board: bool = True     # wants the server-drawn board (clients with their own renderer do not)
    lang: str = "en"       # the reader's language, for a server-drawn board
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass
class SeatInfo:
    kind: str                  # "human" or a bot name
    name: str | None
    invite: str
    token_hash: str | None
    stand_in: str | None       # a bot playing for an absent person
    auto: bool = False         # the stand-in came with a clock (gone when the person returns)
    time_used: float = 0.0     # seconds thought, for a game clock

    @property
    def bot(self) -> str | None:
        """The bot that plays this seat now, if any."""
        return self.kind if self.kind != HUMAN else self.stand_in


@dataclass
class LogEntry:
    n: int                     # the move's number (0-based; people see n + 1); a note: moves made
    seat: int
    words: dict[str, Any]
    news: list[dict[str, Any]] = field(default_factory=list)
    note: bool = False         # no move: a clock ran out, a bot took over, a person came back
    folded: bool = False       # a step inside a chain the log folds (State.log_words): its last step says all

    def to_json(self) -> dict[str, Any]:
        out = {"n": self.n, "seat": self.seat, "words": self.words, "news": self.news}
        if self.note:
            out["note"] = True
        if self.folded:
            out["folded"] = True
        return out


LEASE = 15.0         # seconds a table's lease lasts without renewal (several server processes)
RENEW = 4.0          # how often a process renews its leases and looks for orphaned tables
CLOCK_GRACE = 30.0   # seconds a person who comes back with a spent game clock gets per decision


def chance_rng(seed: int, n: int) -> random.Random:
    """The random source of the chance draw that is move `n` of a table: the same after a
    restart, unknowable without the table's secret seed."""
    return random.Random(f"{seed}/{n}")


def legal_moves(game: Game, players: int, state: State, seat: int) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """`seat`'s legal moves (index, action, words, confirmation reason) and its multi-part
    choice, if any: what a seat to act is offered."""
    space = game.action_space(players)
    legal: list[dict[str, Any]] = []
    for a in state.legal(seat):
        reason = state.confirm(seat, a)
        legal.append({"index": space.encode(a), "action": a.to_json(),
                      "words": words(state.describe(seat, a, seat)),
                      "confirm": words(reason) if reason is not None else None})
    p = state.pick(seat)
    pick = None
    if p is not None:
        # every part with its words: a part need not be a legal move on its own right now
        # (a payment's goods are taken in type order), only the set is checked
        pick = {"parts": [space.encode(a) for a in p.parts],
                "moves": [{"index": space.encode(a), "action": a.to_json(),
                           "words": words(state.describe(seat, a, seat)), "confirm": None} for a in p.parts],
                "finish": space.encode(p.finish) if p.finish is not None else None,
                "most": p.most, "least": p.least, "repeat": p.repeat}
    return legal, pick


def board_html(game: Game, view: dict[str, Any], seat: int | None, names: Sequence[str],
               lang: str = "en") -> str | None:
    """For a game without a web renderer: its terminal board, as HTML (the browser shows
    the board in words, never raw data)."""
    frontends = game.parts
    if "web" in frontends or "terminal" not in frontends:
        return None
    import io

    from rich.console import Console

    from ..core import part

    console = Console(record=True, width=120, file=io.StringIO(), color_system="truecolor")
    console.print(part(game.id, "terminal")(view, seat, list(names), lang=lang))
    return console.export_html(inline_styles=True, code_format='<pre class="board-text">{code}</pre>')


def seat_parts(game: Game, players: int, state: State, status: str, seat: int | None,
               names: Sequence[str], board: bool = True, acting: bool = True) -> dict[str, Any]:
    """Everything of a state message that depends on the game state, as `seat` may know
    it: its view, the board drawn from that view, its legal moves in its words, its
    multi-part choice. A pure function of the state (the hidden-information audit runs it
    on twin states). `acting` False: a bot plays for the seat's person, who is offered no
    moves meanwhile."""
    legal: list[dict[str, Any]] = []
    pick = None
    if acting and status == RUNNING and seat is not None and seat in state.to_act():
        legal, pick = legal_moves(game, players, state, seat)
    view = state.view(seat) if status != OPEN else None
    return {"view": view,
            "board_html": board_html(game, view, seat, names) if view is not None and board else None,
            "legal": legal, "pick": pick}


class LiveTable:
    def __init__(self, row: TableRow, storage: Storage, bot_delay: float) -> None:
        self.id = row.id
        self.game: Game = find_game(row.game)
        self.players = row.players
        self.seed = row.seed
        self.options = dict(row.options)
        self.status = row.status
        self.creator_hash = row.creator_hash
        self.created_at = row.created_at
        self.result = row.result
        self.seats = [SeatInfo(s.kind, s.name, s.invite, s.token_hash, s.stand_in, bool(s.auto_stand_in),
                               float(s.time_used or 0.0)) for s in row.seats]
        self.clock: dict[str, Any] | None = dict(row.clock) if row.clock else None
        self.storage = storage
        self.bot_delay = bot_delay
        self.state: State = self.game.new(self.players, self.seed, self.options)
        self.moves = 0
        self.last_move: dict[int, int] = {}   # seat -> the number of its last move
        self.logs: dict[int | None, list[LogEntry]] = {v: [] for v in [None, *range(self.players)]}
        self.connections: list[Connection] = []
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None
        self.bots: dict[int, tuple[str, Any]] = {}   # seat -> (bot name, the bot)
        self.closing = False
        # each seat's state message parts, built once per change and shared by its
        # connections: (seat, with board) -> parts
        self._parts: dict[tuple[int | None, bool], dict[str, Any]] = {}
        self._boards: dict[tuple[int | None, str], asyncio.Future[str | None]] = {}
        # several server processes on one database: only the owner (lease holder) runs the
        # table's bots and clocks; every process serves its own clients
        self.owned = True
        self.notes = 0                                # log notes so far (the next one's number)
        t = time.monotonic()
        self.deciding_since: dict[int, float] = {}    # clocked seats owing a decision, since when
        self.away_since: dict[int, float] = {i: t for i, s in enumerate(self.seats) if s.kind == HUMAN}
        self.clock_task: asyncio.Task[None] | None = None
        self.clock_changed = asyncio.Event()
    def _changed(self) -> None:
        """The state, the status or the names changed: messages are built afresh."""
        self._parts.clear()
        self._boards.clear()

    # -- rebuilding and applying ---------------------------------------------------------
    def replay(self, moves: Sequence[tuple[int, dict[str, Any]]], notes: Sequence[Any] = ()) -> None:
        """Rebuild (or bring up to date) the live state and logs from committed moves and
        notes (each note where it was said: after `at` moves)."""
        pending = sorted(notes, key=lambda r: r.k)
        for seat, obj in moves:
            while pending and pending[0].at <= self.moves:
                row = pending.pop(0)
                self._add_note(row.k, row.at, row.seat, row.message)
            action = self.game.action_from_json(obj, self.players)
            self._record(seat, self._step(self.state, seat, action, self.moves))
        for row in pending:
            self._add_note(row.k, row.at, row.seat, row.message)
        self._changed()
        self._clock_tick()

    def _add_note(self, k: int, at: int, seat: int, message: dict[str, Any]) -> None:
        for v in self.logs:
            self.logs[v].append(LogEntry(at, seat, message, note=True))
        self.notes = max(self.notes, k + 1)

    def _step(self, state: State, seat: int, action: Action, n: int) -> dict[int | None, LogEntry]:
        """Apply move `n` to `state`; its log entry as each viewer may read it (the words
        before the move, the news after it)."""
        said = {v: state.log_words(seat, action, v) for v in self.logs}  # None: a step the log folds
        entries = {v: LogEntry(n, seat, words(state.describe(seat, action, v) if x is None else x), folded=x is None)
                   for v, x in said.items()}
        state.apply(seat, action)
        for v, entry in entries.items():
            entry.news = [words(x) for x in state.news(v)]
        return entries

    def _record(self, seat: int, entries: dict[int | None, LogEntry]) -> None:
        for v, entry in entries.items():
            self.logs[v].append(entry)
        self.last_move[seat] = self.moves
        self.moves += 1

    def _plan(self, seat: int | None, actions: Sequence[Action]) -> tuple[State, list[tuple[int, Action, Any]]]:
        """`seat`'s actions and the chance draws that follow, played on a copy of the live
        state, with their log entries: (the copy, [(seat, action, entries)]). Anything
        the engine refuses or fails at happens here, before anything is committed."""
        trial = self.state.clone()
        steps: list[tuple[int, Action, Any]] = []
        n = self.moves
        for a in actions:
            assert seat is not None
            steps.append((seat, a, self._step(trial, seat, a, n)))
            n += 1
        while trial.to_act() == (CHANCE,):
            draw = sample_chance(trial, chance_rng(self.seed, n))
            steps.append((CHANCE, draw, self._step(trial, CHANCE, draw, n)))
            n += 1
        return trial, steps

    def _adopt(self, trial: State, steps: list[tuple[int, Action, Any]]) -> None:
        """The committed moves become the live state and its logs."""
        self.state = trial
        for s, _, entries in steps:
            self._record(s, entries)
        self._changed()

    async def submit(self, seat: int, actions: Sequence[Action], expect: int | None, pick: bool = False,
                     bot: bool = False) -> None:
        """A seat's move (or, with `pick`, the parts of a multi-part choice, made into the
        engine's chain): checked on a copy, committed with the chance draws that follow,
        then applied and announced. IllegalAction changes nothing. `bot`: the move of the
        bot playing the seat (refused if the seat's person took it back meanwhile)."""
        async with self.lock:
            if self.closing:
                raise IllegalAction(Message("server.refuse.closing"))
            if (self.seats[seat].bot is not None) != bot:
                raise IllegalAction(Message("server.error.stand_in" if not bot else "server.refuse.taken_back"))
            if self.status == OPEN:
                raise IllegalAction(Message("server.refuse.not_started"))
            if self.status == FINISHED:
                raise IllegalAction(Message("core.refuse.over"))
            # a click made before this seat's own last move is a double click or a stale
            # screen; others' moves (bots planning at the same time) do not make it stale
            if expect is not None and (expect > self.moves or self.last_move.get(seat, -1) >= expect):
                raise IllegalAction(Message("server.refuse.stale", seen=expect, now=self.moves))
            if pick:
                offer = self.state.pick(seat) if seat in self.state.to_act() else None
                if offer is None:
                    raise IllegalAction(Message("server.refuse.no_pick"))
                actions = chain(self.state, seat, offer, actions)
            trial, steps = self._plan(seat, actions)
            result = trial.outcome().to_json() if trial.over() else None
            times = {seat: self._thought(seat)} if seat in self.deciding_since else None
            try:
                await self.storage.append_moves(self.id, self.moves, [(s, a.to_json()) for s, a, _ in steps],
                                                result, times=times)
            except IntegrityError:
                # another server process committed this move number first: catch up, and
                # the player looks again at the table as it is
                await self._catch_up()
                raise IllegalAction(Message("server.refuse.stale", seen=expect if expect is not None else -1,
                                            now=self.moves)) from None
            if times:
                self.seats[seat].time_used = times[seat]
                self.deciding_since[seat] = time.monotonic()
            self._adopt(trial, steps)
            if result is not None:
                self.status = FINISHED
                self.result = result
                self._changed()
            log.info("move", extra={"event": "move", "table": self.id, "seat": seat, "n": self.moves,
                                    "steps": len(steps)})
            self._clock_tick()
        await self.storage.notify(self.id)
        await self.broadcast()
        self.wake_bots()

    async def start(self) -> None:
        """Open -> running: chance draws of the set-up are committed, bots begin."""
        async with self.lock:
            if not self.storage.sqlite:
                await self._catch_up()  # people may have joined through other processes
            if self.status != OPEN:
                raise IllegalAction(Message("server.refuse.started"))
            if any(s.kind == HUMAN and s.token_hash is None for s in self.seats):
                raise IllegalAction(Message("server.refuse.seats_open"))
            trial, steps = self._plan(None, [])
            # the start and the set-up's chance draws in one transaction: a crash leaves
            # the table open, or running with its set-up done
            await self.storage.append_moves(self.id, self.moves, [(s, a.to_json()) for s, a, _ in steps],
                                            started=True)
            self.status = RUNNING
            self._adopt(trial, steps)
            self._clock_tick()
        await self.storage.notify(self.id)
        await self.broadcast()
        self.wake_bots()

    # -- seats ---------------------------------------------------------------------------
    def seat_of(self, token: str | None) -> int | None:
        """The seat a token acts for; None for no token (a spectator). KeyError for a
        token that is no seat's."""
        if token is None:
            return None
        h = token_hash(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and s.token_hash == h:
                return i
        raise KeyError("token")

    def is_creator(self, token: str | None) -> bool:
        return token is not None and token_hash(token) == self.creator_hash

    async def join(self, invite: str, name: str, token: str) -> int:
        async with self.lock:
            if not self.storage.sqlite:
                await self._catch_up()
            for i, s in enumerate(self.seats):
                if s.invite == invite:
                    if s.kind != HUMAN:
                        raise IllegalAction(Message("server.refuse.bot_seat"))
                    if s.token_hash is not None or not await self.storage.claim_seat(
                            self.id, i, name, token_hash(token)):
                        raise IllegalAction(Message("server.refuse.taken"))
                    s.name, s.token_hash = name, token_hash(token)
                    self._changed()  # the boards name the seat now
                    break
            else:
                raise IllegalAction(Message("server.refuse.invite"))
        await self.storage.notify(self.id)
        await self.broadcast()
        return i

    async def set_stand_in(self, seat: int, bot: str | None) -> None:
        """The creator hands an absent person's seat to a bot (or the person takes it back:
        bot None)."""
        async with self.lock:
            s = self.seats[seat]
            if s.kind != HUMAN:
                raise IllegalAction(Message("server.refuse.bot_seat"))
            if self.status != RUNNING:
                raise IllegalAction(Message("server.refuse.not_running"))
            if bot is not None:
                make_bot(bot)  # an unknown bot fails here, before anything changes
            await self._set_stand_in(seat, bot, auto=False)
        log.info("stand-in", extra={"event": "stand_in", "table": self.id, "seat": seat, "bot": bot})
        await self.storage.notify(self.id)
        await self.broadcast()
        self.wake_bots()

    async def _set_stand_in(self, seat: int, bot: str | None, auto: bool, used: float | None = None) -> None:
        """(Under the lock.) A bot plays for the seat's person from now on (bot None: the
        person plays again); stored before it counts."""
        s = self.seats[seat]
        values: dict[str, Any] = {"stand_in": bot, "auto_stand_in": auto}
        if used is not None:
            values["time_used"] = used
        await self.storage.update_seat(self.id, seat, **values)
        s.stand_in, s.auto = bot, auto
        if used is not None:
            s.time_used = used
        self.bots.pop(seat, None)
        self._changed()  # the person is offered moves again, or no longer
        self._clock_tick()

    async def _note(self, seat: int, message: Message) -> None:
        """(Under the lock.) Something for the log that is no move, stored first."""
        k = self.notes
        await self.storage.add_note(self.id, k, self.moves, seat, message.to_json())
        self._add_note(k, self.moves, seat, message.to_json())

    # -- clocks and absent players ---------------------------------------------------------
    def _clocked(self, seat: int) -> bool:
        s = self.seats[seat]
        return self.clock is not None and s.kind == HUMAN and s.stand_in is None

    def _thought(self, seat: int) -> float:
        """Seconds `seat` has thought in this game, the decision under way included."""
        since = self.deciding_since.get(seat)
        return self.seats[seat].time_used + (time.monotonic() - since if since is not None else 0.0)

    def _clock_tick(self) -> None:
        """Start the clock of every clocked seat that now owes a decision; stop the others'
        (their time thought so far is kept)."""
        t = time.monotonic()
        to_act = set(self.state.to_act()) if self.status == RUNNING else set()
        for seat in list(self.deciding_since):
            if seat not in to_act or not self._clocked(seat):
                self.seats[seat].time_used += t - self.deciding_since.pop(seat)
        for seat in to_act:
            if seat >= 0 and self._clocked(seat) and seat not in self.deciding_since:
                self.deciding_since[seat] = t
        self.clock_changed.set()
        self.wake_clock()

    def deadlines(self) -> list[tuple[float, int, str]]:
        """(when, seat, why) of every clock that can run out: a decision's thinking time
        ("move"), a seat's time for the game ("game"), a person gone too long ("absent")."""
        if self.clock is None or self.status != RUNNING:
            return []
        out = []
        per_move, per_game, absent = self.clock.get("move"), self.clock.get("game"), self.clock.get("absent")
        for seat, since in self.deciding_since.items():
            if per_move:
                out.append((since + per_move, seat, "move"))
            if per_game:
                out.append((since + max(0.0, per_game - self.seats[seat].time_used), seat, "game"))
        if absent:
            for seat, since in self.away_since.items():
                if self._clocked(seat) and not self.connected(seat):
                    out.append((since + absent, seat, "absent"))
        return out

    def wake_clock(self) -> None:
        if self.closing or not self.owned or self.clock is None or self.status != RUNNING:
            return
        if self.clock_task is None or self.clock_task.done():
            self.clock_task = asyncio.create_task(self._watch_clocks())

    async def _watch_clocks(self) -> None:
        while not self.closing and self.owned and self.status == RUNNING:
            due = min(self.deadlines(), default=None)
            self.clock_changed.clear()
            wait = None if due is None else max(0.0, due[0] - time.monotonic())
            try:
                await asyncio.wait_for(self.clock_changed.wait(), timeout=wait)
                continue  # something changed: look at the clocks again
            except asyncio.TimeoutError:
                pass
            assert due is not None
            await self._run_out(due[1], due[2])

    async def _run_out(self, seat: int, why: str) -> None:
        """A clock ran out: the table's stand-in bot plays for the seat until its person
        returns; the log says so."""
        async with self.lock:
            if not any(d[1] == seat and d[2] == why and d[0] <= time.monotonic() + 0.05 for d in self.deadlines()):
                return  # the seat moved, or came back, meanwhile
            bot = (self.clock or {}).get("bot") or "random"
            await self._set_stand_in(seat, bot, auto=True)
            await self._note(seat, Message(f"server.note.{why}", player=Player(seat), bot=bot))
        log.info("clock", extra={"event": "clock", "table": self.id, "seat": seat, "why": why})
        await self.storage.notify(self.id)
        await self.broadcast()
        self.wake_bots()

    async def arrived(self, seat: int) -> None:
        """The seat's person is here (connected, or acting): a clock's stand-in leaves."""
        self.away_since.pop(seat, None)
        if not self.seats[seat].auto:
            self.clock_changed.set()
            return
        async with self.lock:
            if not self.seats[seat].auto:
                return
            used = None
            per_game = (self.clock or {}).get("game")
            if per_game and self.seats[seat].time_used >= per_game:
                # a spent game clock: each decision gets a short grace from now on
                used = per_game - min(float((self.clock or {}).get("move") or CLOCK_GRACE), CLOCK_GRACE)
            await self._set_stand_in(seat, None, auto=False, used=used)
            await self._note(seat, Message("server.note.back", player=Player(seat)))
        await self.storage.notify(self.id)
        await self.broadcast()

    def left(self, seat: int) -> None:
        """The seat's last connection closed: its absence clock starts."""
        if not self.connected(seat) and self.seats[seat].kind == HUMAN:
            self.away_since.setdefault(seat, time.monotonic())
            self.clock_changed.set()
            self.wake_clock()

    # -- several processes ------------------------------------------------------------------
    async def catch_up(self) -> None:
        """Another process changed the table: read what it committed."""
        async with self.lock:
            await self._catch_up()
        await self.broadcast()
        self.wake_bots()

    async def _catch_up(self) -> None:
        """(Under the lock.) The moves, notes, seats and status another process committed."""
        row = await self.storage.table(self.id)
        if row is None:
            return
        self.status, self.result = row.status, row.result
        for s, r in zip(self.seats, row.seats):
            s.name, s.token_hash, s.stand_in, s.auto = r.name, r.token_hash, r.stand_in, bool(r.auto_stand_in)
            s.time_used = max(s.time_used, float(r.time_used or 0.0))
        self.replay(await self.storage.moves(self.id, self.moves), await self.storage.notes(self.id, self.notes))

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat and c.alive for c in self.connections)

    # -- bots ----------------------------------------------------------------------------
    def _bot(self, seat: int) -> Any:
        name = self.seats[seat].bot or "random"
        got = self.bots.get(seat)
        if got is None or got[0] != name:
            got = self.bots[seat] = (name, make_bot(name, (self.seed * 31 + seat) & 0x7FFFFFFF))
        return got[1]

    def wake_bots(self) -> None:
        if self.closing or self.status != RUNNING or not self.owned:
            return
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = asyncio.create_task(self._play_bots())
            self.bot_task.add_done_callback(self._bots_done)

    async def _play_bots(self) -> None:
        while not self.closing and self.status == RUNNING and self.owned:
            to_act = self.state.to_act()
            due = [s for s in to_act if s != CHANCE and self.seats[s].bot is not None]
            if not due:
                return
            await asyncio.sleep(self.bot_delay)
            seat = due[0]
            expect = self.moves
            snapshot = self.state.clone()  # the bot thinks on a copy; the live state may move on
            if seat not in snapshot.to_act():
                continue
            agent = self._bot(seat)
            action = await asyncio.to_thread(agent.act, Seat(snapshot, seat))
            try:
                await self.submit(seat, [action], expect, bot=True)
            except IllegalAction:
                continue  # the table moved on while the bot thought: look again

    def _bots_done(self, task: "asyncio.Task[None]") -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("bots stopped", exc_info=task.exception(),
                      extra={"event": "bot_error", "table": self.id})

    async def hint(self, seat: int) -> dict[str, Any]:
        """What a bot would play for `seat` now, thought out on a copy in a worker thread
        (the bot sees only the seat's Seat: a hint reveals nothing the seat cannot see)."""
        from ..bots.hint import hint_for

        if self.status != RUNNING or seat not in self.state.to_act():
            raise IllegalAction(Message("server.refuse.no_hint"))
        snapshot = self.state.clone()
        found = await asyncio.to_thread(hint_for, snapshot, seat)
        return {"type": "hint", "move": self.moves, "action": found["action"], "words": found["words"],
                "estimate": found["estimate"]}

    # -- what each client is told ----------------------------------------------------------
    def public_seats(self) -> list[dict[str, Any]]:
        to_act = self.state.to_act() if self.status == RUNNING else ()
        return [{"seat": i, "kind": s.kind, "name": s.name, "joined": s.kind != HUMAN or s.token_hash is not None,
                 "stand_in": s.stand_in, "connected": s.kind != HUMAN or self.connected(i),
                 "deciding": i in to_act, "clock": self.clock_of(i)} for i, s in enumerate(self.seats)]

    def clock_of(self, seat: int) -> dict[str, Any] | None:
        """What a seat's clock shows: seconds left for the decision under way and for the
        game (None where the table sets no such limit)."""
        if self.clock is None or self.seats[seat].kind != HUMAN:
            return None
        t = time.monotonic()
        since = self.deciding_since.get(seat)
        per_move, per_game = self.clock.get("move"), self.clock.get("game")
        return {"move_left": round(max(0.0, since + per_move - t), 1) if per_move and since is not None else None,
                "game_left": round(max(0.0, per_game - self._thought(seat)), 1) if per_game else None,
                "running": since is not None}

    def names(self) -> list[str]:
        return [s.name or f"{s.kind}" for s in self.seats]

    def parts(self, seat: int | None, board: bool = True) -> dict[str, Any]:
        """`seat_parts` of the live state, built once per change for all of the seat's
        connections."""
        key = (seat, board)
        got = self._parts.get(key)
        if got is None:
            acting = seat is None or self.seats[seat].stand_in is None
            got = seat_parts(self.game, self.players, self.state, self.status, seat, self.names(), board, acting)
            self._parts[key] = got
        return got

    def message_for(self, conn: Connection, full: bool = False,
                    seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The state as `conn`'s seat may know it: its view, its legal moves in its words,
        the log entries it has not seen."""
        seat = conn.seat
        entries = self.logs[seat]
        start = 0 if full else conn.seen
        conn.seen = len(entries)
        return {
            "type": "state",
            "table": self.id,
            "game": self.game.id,
            "status": self.status,
            "move": self.moves,
            "you": seat,
            "seats": seats if seats is not None else self.public_seats(),
            "result": self.result,  # scores, ranks and their breakdown, once the game is over
            **self.parts(seat, False),  # the board, if wanted, is drawn by push()
            "log": [e.to_json() for e in entries[start:]],
            "log_from": start,
        }

    def board_html(self, view: dict[str, Any], seat: int | None, lang: str = "en") -> str | None:
        return board_html(self.game, view, seat, self.names(), lang)

    async def push(self, conn: Connection, full: bool = False, seats: list[dict[str, Any]] | None = None) -> None:
        """Send `conn` the table as it is now (the log from where it stopped reading)."""
        async with conn.lock:
            message = self.message_for(conn, full, seats)
            if conn.board and message["view"] is not None:
                message["board_html"] = await self.board_for(conn.seat, message["view"], conn.lang)
            await self._send(conn, message)

    async def board_for(self, seat: int | None, view: dict[str, Any], lang: str = "en") -> str | None:
        """The board drawn for `seat` from its current view, once per change for all its
        connections, in a worker thread: a terminal renderer takes tens of milliseconds,
        and other tables' moves go on meanwhile."""
        if "web" in self.game.parts or "terminal" not in self.game.parts:
            return None
        drawn = self._boards.get((seat, lang))
        if drawn is None:
            # a copy: the renderer must not touch the view the messages are encoded from
            drawn = asyncio.ensure_future(asyncio.to_thread(board_html, self.game, copy.deepcopy(view), seat,
                                                            self.names(), lang))
            self._boards[(seat, lang)] = drawn
        return await asyncio.shield(drawn)

    async def broadcast(self) -> None:
        seats = self.public_seats()
        for conn in list(self.connections):
            await self.push(conn, seats=seats)

    async def send(self, conn: Connection, message: dict[str, Any]) -> None:
        """Send `conn` one message (an error, a pong), in turn with its state messages."""
        async with conn.lock:
            await self._send(conn, message)

    async def _send(self, conn: Connection, message: dict[str, Any]) -> None:
        if not conn.alive:
            return
        try:
            await conn.send(message)
        except Exception:  # a closed socket: forget the connection
            conn.alive = False
            if conn in self.connections:
                self.connections.remove(conn)

    def info(self) -> dict[str, Any]:
        """What the lobby lists (no secrets)."""
        return {"id": self.id, "game": self.game.id, "title": self.game.title, "players": self.players,
                "options": self.game.record_options(self.options), "status": self.status,
                "seats": [{"seat": i, "kind": s.kind, "name": s.name,
                           "joined": s.kind != HUMAN or s.token_hash is not None, "stand_in": s.stand_in}
                          for i, s in enumerate(self.seats)],
                "moves": self.moves, "created": self.created_at.isoformat() + "Z", "result": self.result,
                "clock": self.clock}


class TableManager:
    """Every table this process serves, loaded from the database on first use.

    Several processes may serve one PostgreSQL database: each serves its own clients and
    commits their moves (the moves' primary key lets only one writer have a move number),
    and each table's bots and clocks run in one process at a time, the holder of the
    table's lease, renewed every few seconds. A commit is announced to the other
    processes with NOTIFY; when an owner dies its leases lapse and another process takes
    its tables over, from the database, where nothing is lost."""

    def __init__(self, storage: Storage, bot_delay: float, lease: float = LEASE, renew: float = RENEW) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.LEASE, self.RENEW = lease, renew
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self.owner = uuid.uuid4().hex[:16]   # this process, in the leases
        self._tasks: list[asyncio.Task[None]] = []

    async def get(self, table_id: str) -> LiveTable | None:
        live = self.tables.get(table_id)
        if live is not None:
            return live
        async with self._loading:
            live = self.tables.get(table_id)
            if live is not None:
                return live
            row = await self.storage.table(table_id)
            if row is None:
                return None
            live = LiveTable(row, self.storage, self.bot_delay)
            live.owned = await self.storage.acquire(table_id, self.owner, self.LEASE)
            live.replay(await self.storage.moves(table_id), await self.storage.notes(table_id))
            self.tables[table_id] = live
        live.wake_bots()
        live.wake_clock()
        return live

    async def start(self) -> int:
        """On start: every running table without a live owner comes back to life here
        (its bots play on); then the leases are kept and other processes listened to."""
        resumed = await self.adopt_orphans()
        self._tasks.append(asyncio.create_task(self._keep_leases()))
        if not self.storage.sqlite:
            self._tasks.append(asyncio.create_task(self._listen()))
        return resumed

    async def adopt_orphans(self) -> int:
        ids = await self.storage.orphans(self.owner)
        for table_id in ids:
            live = await self.get(table_id)
            if live is not None and not live.owned:
                await self._take_over(live)
        return len(ids)

    async def _take_over(self, live: LiveTable) -> None:
        if await self.storage.acquire(live.id, self.owner, self.LEASE):
            await live.catch_up()
            live.owned = True
            log.info("took over", extra={"event": "take_over", "table": live.id, "owner": self.owner})
            live.wake_bots()
            live.wake_clock()

    async def _keep_leases(self) -> None:
        while True:
            await asyncio.sleep(self.RENEW)
            try:
                owned = [t for t, live in self.tables.items() if live.owned and live.status == RUNNING]
                held = await self.storage.renew(self.owner, owned, self.LEASE)
                for table_id in owned:
                    if table_id not in held:  # lapsed and taken: another process runs it now
                        self.tables[table_id].owned = False
                for live in list(self.tables.values()):
                    if live.status == RUNNING and not live.owned:
                        await self._take_over(live)
                await self.adopt_orphans()
            except asyncio.CancelledError:
                raise
            except Exception:  # a database hiccup: try again at the next round
                log.exception("leases", extra={"event": "lease_error"})

    async def _listen(self) -> None:
        """PostgreSQL LISTEN: another process committed something on a table; read it."""
        import psycopg
        from sqlalchemy.engine import make_url

        url = make_url(self.storage.url).set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    async for note in conn.notifies():
                        live = self.tables.get(note.payload)
                        if live is not None:
                            await live.catch_up()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listen", extra={"event": "listen_error"})
                await asyncio.sleep(1.0)

    async def close(self) -> None:
        """A clean shutdown: no new bot moves; moves being committed finish first; this
        process's leases are given back, so another process takes over at once."""
        for task in self._tasks:
            task.cancel()
        for live in self.tables.values():
            live.closing = True
        for live in self.tables.values():
            async with live.lock:  # waits for an in-flight commit
                pass
            for pending in (live.bot_task, live.clock_task):
                if pending is not None and not pending.done():
                    pending.cancel()
                    try:
                        await pending
                    except (asyncio.CancelledError, Exception):
                        pass
        try:
            await self.storage.release(self.owner, [t for t, live in self.tables.items() if live.owned])
        except Exception:
            log.exception("release", extra={"event": "release_error"})


def new_seats(kinds: Sequence[str], invite: Callable[[], str]) -> list[SeatRow]:
    return [SeatRow(seat=i, kind=k, name=None, invite=invite(), token_hash=None, stand_in=None)
            for i, k in enumerate(kinds)]
