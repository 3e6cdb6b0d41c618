"""A table's bots and hints: the seats a bot plays are played through the server's pool
of worker processes at the table's pace; a person's hint is thought out there too, one
at a time per seat and not more often than the server allows. A bot spec is checked
against the server's budget caps before a table takes it."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import weakref
from typing import TYPE_CHECKING, Any

from ..bots import check_bot, parse_mcts
from ..core import CHANCE, IllegalAction, Message
from . import keys
from .messages import dumps
from .pool import BotFailed, BotTimeout
from .schema import RUNNING

if TYPE_CHECKING:
    from .config import Settings
    from .table import LiveTable

log = logging.getLogger("reichsstadt.server")

QUICK_BUDGET = 3.0   # seconds a bot without a search budget (random, greedy) may take a move
BOT_NAME_MOST = 100  # characters of a bot spec ("mcts:2000:c=1.4:policy=heuristic" and the like)


def searches(spec: str) -> bool:
    """Whether a bot of `spec` searches (thinks for its budget) rather than answering at once."""
    return spec == "mcts" or spec.startswith("mcts:")


def budget(spec: str, settings: "Settings") -> float:
    """The wall-clock seconds a bot of `spec` may think a move."""
    if searches(spec):
        seconds = parse_mcts(spec).get("seconds")
        return float(seconds) if seconds is not None else settings.bot_max_seconds
    return QUICK_BUDGET


def checked_bot(value: str, game_id: str | None, settings: "Settings") -> str:
    """A bot spec (or level) the server runs, normalized; BadOption naming the bots, or the
    cap a budget is over, otherwise."""
    from ..core import BadOption
    from .seating import bot_spec

    if not isinstance(value, str):
        raise BadOption(Message("server.error.bot_name"))
    if len(value) > BOT_NAME_MOST:  # read before it is parsed (a 5000-digit budget is no number to Python)
        raise BadOption(Message("server.error.bot_long", most=BOT_NAME_MOST))
    spec = check_bot(bot_spec(value, game_id), game_id, imports=False)  # only bots the operator installed
    if spec == "mcts" or spec.startswith("mcts:"):
        got = parse_mcts(spec)
        if got.get("seconds", 0) > settings.bot_max_seconds:
            most = settings.bot_max_seconds
            shown = int(most) if most == int(most) else str(most)
            raise BadOption(Message("server.error.bot_seconds", bot=spec, most=shown))
        if got.get("iterations", 0) > settings.bot_max_iterations:
            raise BadOption(Message("server.error.bot_iterations", bot=spec, most=settings.bot_max_iterations))
    return spec


def options_key(options: dict[str, Any]) -> str:
    return hashlib.sha256(dumps(options)).hexdigest()[:32]


class TableBots:
    def __init__(self, table: "LiveTable") -> None:
        # a weak reference: a table and its parts are freed by reference counting, without
        # waiting for a garbage collection of the oldest generation (rare, by design)
        self.table: "LiveTable" = weakref.proxy(table)
        self.task: asyncio.Task[None] | None = None
        self.hinting: set[int] = set()
        self.last_hint: dict[int, float] = {}
        self._snapshot_options: tuple[str, dict[str, Any]] | None = None

    def wake(self) -> None:
        t = self.table
        if t.closing or t.status != RUNNING or not t.owned:
            return
        if (self.task is None or self.task.done()) and self._due():  # no task for a table of people
            self.task = asyncio.create_task(self._play())
            self.task.add_done_callback(self._done)

    def busy(self) -> bool:
        return self.task is not None and not self.task.done() or bool(self.hinting)

    async def stop(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):
                pass

    def _due(self) -> list[int]:
        t = self.table
        return [s for s in t.state.to_act() if s != CHANCE and t.seats[s].bot is not None]

    async def _play(self) -> None:
        t = self.table
        while not t.closing and t.status == RUNNING and t.owned:
            if not self._due():
                return
            await t.services.clock.sleep(t.services.settings.bot_delay)
            due = self._due()
            if not due or t.closing:
                continue
            seat = due[0]
            spec = t.seats[seat].bot or t.services.settings.stand_in_bot
            expect = t.log.moves
            action = await self._think(seat, spec, expect)
            try:
                await t.submit(seat, [action], expect, bot=True)
            except IllegalAction:
                continue  # the table moved on while the bot thought: look again

    def snapshot(self) -> tuple[dict[str, Any], str, dict[str, Any]]:
        """The live state as a job carries it: (snapshot without options, options key, options)."""
        snap = self.table.state.to_json()
        options = snap.pop("options")
        if self._snapshot_options is None:
            self._snapshot_options = (options_key(options), options)
        return snap, self._snapshot_options[0], self._snapshot_options[1]

    async def _think(self, seat: int, spec: str, n: int) -> Any:
        """The bot's action for `seat` at move `n`; a random legal move if it fails."""
        t = self.table
        settings = t.services.settings
        seconds = min(budget(spec, settings), settings.bot_max_seconds)
        snap, key, options = self.snapshot()
        seed = keys.bot_seed(t.secret, seat, n)
        job = {"kind": "move", "game": t.game.id, "state": snap, "seat": seat, "bot": spec, "seed": seed,
               "seconds": seconds}
        try:
            got = await t.services.pool.run(t.id, job, seconds, key, options, quick=not searches(spec),
                                            owner=t.creator_key)
            return t.game.action_from_json(got, t.players)
        except (BotTimeout, BotFailed) as exc:
            log.warning("bot failed", extra={"event": "bot_failed", "table": t.id, "seat": seat, "bot": spec,
                                             "error": str(exc)[:200]})
            return random.Random(seed).choice(t.state.legal(seat))

    def _done(self, task: "asyncio.Task[None]") -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("bots stopped", exc_info=task.exception(), extra={"event": "bot_error", "table": self.table.id})

    async def hint(self, seat: int) -> dict[str, Any]:
        """What a bot would play for `seat` now, thought out in the pool on the seat's
        Seat only (a hint reveals nothing the seat cannot see): one at a time per seat,
        at most one every `hint_interval` seconds, in the pool's turn of the table's
        creator (whose bots and hints share one client's part of the workers)."""
        t = self.table
        settings = t.services.settings
        if t.status != RUNNING or seat not in t.state.to_act():
            raise IllegalAction(Message("server.refuse.no_hint"))
        if seat in self.hinting:
            raise IllegalAction(Message("server.refuse.hint_busy"))
        wait = self.last_hint.get(seat, -1e9) + settings.hint_interval - t.services.clock.now()
        if wait > 0:
            raise IllegalAction(Message("server.refuse.hint_rate", count=int(wait) + 1))
        spec = settings.hint_bot
        seconds = min(budget(spec, settings), settings.bot_max_seconds)
        snap, key, options = self.snapshot()
        move = t.log.moves
        job = {"kind": "hint", "game": t.game.id, "state": snap, "seat": seat, "bot": spec,
               "seed": keys.bot_seed(t.secret, seat, move), "seconds": seconds}
        self.hinting.add(seat)
        self.last_hint[seat] = t.services.clock.now()
        try:
            found = await t.services.pool.run(t.id, job, seconds, key, options, owner=t.creator_key)
        except (BotTimeout, BotFailed):
            raise IllegalAction(Message("server.refuse.hint_failed")) from None
        finally:
            self.hinting.discard(seat)
        out = {"type": "hint", "move": move, "action": found["action"], "words": found["words"],
               "estimate": found["estimate"]}
        if found.get("chance") is not None:
            out["chance"] = found["chance"]
        return out
