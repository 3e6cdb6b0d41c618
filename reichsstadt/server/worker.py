"""What a bot worker process does: think for a table (a bot's move, a hint, a part of the
review of a finished game) and answer. Each job carries what it needs: the game's state as a
snapshot (its data file sent once per worker and kept), the seat, the bot's spec, its
seed and its wall-clock budget. The worker runs at a lower priority than the server,
so thinking never slows the tables' moves."""

from __future__ import annotations

import os
import signal
from collections import OrderedDict
from multiprocessing.connection import Connection
from typing import Any

KEEP_OPTIONS = 16   # tables' option sets (data files) a worker keeps


def main(conn: Connection, nice: int) -> None:
    """The worker's loop: one job at a time until the server closes the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the server: it stops us
    if nice:
        try:
            os.nice(nice)
        except OSError:
            pass
    options: OrderedDict[str, dict[str, Any]] = OrderedDict()
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            conn.send(("ok", run(job, options)))
        except Exception as exc:  # the server hears what went wrong; the worker goes on
            from ..core import ReichsstadtError

            if isinstance(exc, ReichsstadtError):
                conn.send(("refused", str(exc.message or exc)))
            else:
                conn.send(("error", f"{type(exc).__name__}: {exc}"))


def run(job: dict[str, Any], options: OrderedDict[str, dict[str, Any]]) -> Any:
    kind = job["kind"]
    if kind == "review_outline":
        return review_outline(job)
    if kind == "review_examine":
        return review_examine(job)
    state = restore(job, options)
    if kind == "move":
        return bot_move(state, job)
    if kind == "hint":
        return hint(state, job)
    raise ValueError(f"unknown job {kind!r}")


def restore(job: dict[str, Any], options: OrderedDict[str, dict[str, Any]]) -> Any:
    """The job's state, from its snapshot and its table's options (kept per key)."""
    from ..core import game

    key = job["options_key"]
    if "options" in job:
        options[key] = job["options"]
    options.move_to_end(key)
    while len(options) > KEEP_OPTIONS:
        options.popitem(last=False)
    return game(job["game"]).from_json({**job["state"], "options": options[key]})


def _bot(spec: str, seed: int, game_id: str, seconds: float) -> Any:
    """The bot of `spec`, its search bounded by `seconds` of wall clock whatever its budget."""
    from ..bots import make_bot
    from ..bots.specs import bounded

    return bounded(make_bot(spec, seed, game_id, imports=False), seconds)


def bot_move(state: Any, job: dict[str, Any]) -> dict[str, Any]:
    from ..core import Seat

    agent = _bot(job["bot"], job["seed"], state.game_id, job["seconds"])
    action = agent.act(Seat(state, job["seat"]))
    return action.to_json()  # type: ignore[no-any-return]


def hint(state: Any, job: dict[str, Any]) -> dict[str, Any]:
    from ..bots.hint import hint_for

    found = hint_for(state, job["seat"], bot=job["bot"], seed=job["seed"], seconds=job["seconds"])
    estimate = found.get("estimate")
    chance = found.get("chance")
    if chance is None and isinstance(estimate, dict) and isinstance(estimate.get("win"), (int, float)):
        chance = estimate["win"]
    return {"action": found["action"], "words": found["words"], "estimate": estimate,
            "chance": None if chance is None else max(0.0, min(1.0, float(chance)))}


def review_outline(job: dict[str, Any]) -> dict[str, Any]:
    """A review's first part: the chances after every move and the moves to examine."""
    from ..bots.review import outline
    from ..core.record import Record

    return outline(Record.from_json(job["record"]))


def review_examine(job: dict[str, Any]) -> dict[str, Any]:
    """One of a review's moves, searched within the job's budget."""
    from ..bots.review import examine
    from ..core.record import Record

    return examine(Record.from_json(job["record"]), job["item"], job["budget"], seed=job.get("seed", 0))
