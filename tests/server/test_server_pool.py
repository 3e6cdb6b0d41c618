"""The pool of worker processes for bots and hints: a worker that cannot be started (no
process or file left on the machine) fails its job with words, and the pool goes on
serving the next jobs once workers can be started again."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from reichsstadt.core import CHANCE, game, sample_chance
from reichsstadt.server.botplay import options_key
from reichsstadt.server.pool import BotFailed, BotPool


def _job() -> tuple[dict[str, Any], str, dict[str, Any], Any]:
    """A random bot's move in a Norenberc position where a player decides."""
    g = game("norenberc")
    state = g.new(3, 5, g.resolve(3, {}))
    rng = random.Random(5)
    while CHANCE in state.to_act():
        state.apply(CHANCE, sample_chance(state, rng))
    seat = state.to_act()[0]
    snap = state.to_json()
    options = snap.pop("options")
    job = {"kind": "move", "game": "norenberc", "state": snap, "seat": seat, "bot": "random", "seed": 7,
           "seconds": 1.0}
    return job, options_key(options), options, state.legal(seat)


def test_a_worker_that_cannot_be_started_fails_its_job_not_the_pool() -> None:
    job, key, options, legal = _job()

    async def go() -> None:
        pool = BotPool(workers=1, grace=5.0)
        spawn = pool._spawn

        def no_process() -> Any:
            raise OSError(24, "Too many open files")
        pool._spawn = no_process  # type: ignore[method-assign]
        try:
            with pytest.raises(BotFailed) as failed:
                await pool.run("table", job, 1.0, key, options, quick=True)
            assert failed.value.kind == "error" and "Too many open files" in str(failed.value)
            assert pool.waiting() == 0
            pool._spawn = spawn  # type: ignore[method-assign]
            got = await pool.run("table", job, 1.0, key, options, quick=True)
            assert game("norenberc").action_from_json(got, 3) in legal
        finally:
            await pool.close()

    asyncio.run(go())


def test_large_answers_and_payloads_cross_the_pipe_under_uvloop() -> None:
    """uvloop makes a watched pipe non-blocking: a review's answer (tens of KB) arriving in
    parts, or a table's data file sent with a job, must not read as a dead worker."""
    import uvloop

    from reichsstadt.bots import make_bot
    from reichsstadt.core import Match

    match = Match("norenberc", 3, 5, names=["Ann", "Bob", "Cy"])
    match.run({s: make_bot("greedy", s, "norenberc") for s in range(3)})
    outline = {"kind": "review_outline", "record": match.record.to_json()}
    job, key, options, legal = _job()
    big = {**options, "components": {**game("norenberc").data_file()[1], "_about": "x" * 2_000}}

    async def go() -> None:
        pool = BotPool(workers=1, grace=30.0)
        try:
            for _ in range(3):
                got = await pool.run("review:t", outline, 20.0, background=True)
                assert got["game"] == "norenberc" and len(got["chances"]) > 10 and got["examine"]
            item = got["examine"][0]
            examined = await pool.run("review:t", {**outline, "kind": "review_examine", "item": item,
                                                   "budget": {"iterations": 20}}, 20.0, background=True)
            assert examined["move"] == item["move"] and examined["played"]["text"]
            moved = await pool.run("table", job, 1.0, "big", big, quick=True)
            assert game("norenberc").action_from_json(moved, 3) in legal
        finally:
            await pool.close()

    uvloop.run(go())


def test_a_failed_review_is_said_once_and_tried_again_when_asked_again() -> None:
    """A worker lost while reviewing is no verdict on the game: the failure is answered
    once, and the next ask makes the review again (it is not kept until a restart)."""
    from types import SimpleNamespace

    from reichsstadt.server.review import Reviews

    saved: dict[str, Any] = {}
    plan = {"game": "norenberc", "players": 1, "moves": 0, "method": "learned", "chances": [], "won": [1.0],
            "examine": []}
    answers: list[Any] = [BotFailed("error", "the worker stopped"), plan]

    async def run(key: str, job: dict[str, Any], seconds: float, **how: Any) -> Any:
        assert job["kind"] == "review_outline" and how["background"]
        got = answers.pop(0)
        if isinstance(got, Exception):
            raise got
        return got

    async def save_review(table_id: str, got: Any) -> None:
        saved[table_id] = got

    services = SimpleNamespace(settings=SimpleNamespace(review_seconds=1.0), pool=SimpleNamespace(run=run),
                               storage=SimpleNamespace(save_review=save_review))
    record = SimpleNamespace(to_json=lambda: {}, names=["Ann"])

    async def go() -> None:
        reviews = Reviews(services)  # type: ignore[arg-type]
        assert await reviews.ask("t", record) == {"status": "pending"}  # type: ignore[arg-type]
        while reviews.jobs:
            await asyncio.sleep(0)
        assert await reviews.ask("t", record) == {"error": "the worker stopped"}  # type: ignore[arg-type]
        assert await reviews.ask("t", record) == {"status": "pending"}  # type: ignore[arg-type]
        while reviews.jobs:
            await asyncio.sleep(0)
        assert saved["t"]["game"] == "norenberc" and saved["t"]["seats"][0]["name"] == "Ann"

    asyncio.run(go())


class _Conn:
    """A fake worker's pipe: remembers what it was sent, answers the job's number."""

    def __init__(self) -> None:
        import os

        self.r, self.w = os.pipe()
        self.sent: list[dict[str, Any]] = []

    def fileno(self) -> int:
        return self.r

    def send(self, payload: dict[str, Any]) -> None:
        self.sent.append(payload)

    def recv(self) -> tuple[str, Any]:
        return "ok", self.sent[-1]["n"]

    def close(self) -> None:
        import os

        os.close(self.r)
        os.close(self.w)


class _Process:
    def is_alive(self) -> bool:
        return False

    def kill(self) -> None:
        pass

    def join(self, timeout: float | None = None) -> None:
        pass


class _FakePool:
    """A BotPool whose workers are fakes and whose clock the test moves: the test ends
    each job after the worker time it says, as a worker's answer would."""

    def __init__(self, workers: int) -> None:
        from reichsstadt.server.pool import Worker

        self.t = 1000.0
        self.pool = BotPool(workers, grace=1e6, clock=lambda: self.t)
        self.pool._spawn = lambda: self._spawned(Worker(_Process(), _Conn()))  # type: ignore[method-assign,arg-type]
        self.served: list[tuple[float, str]] = []   # (when, job) in the order the workers took them

    def _spawned(self, w: Any) -> Any:
        self.pool._workers.append(w)
        original = w.conn.send

        def send(payload: dict[str, Any]) -> None:
            self.served.append((self.t, payload["n"]))
            original(payload)
        w.conn.send = send
        return w

    async def submit(self, n: str, key: str, owner: str = "", seconds: float = 5.0, quick: bool = False,
                     background: bool = False) -> "asyncio.Task[Any]":
        task = asyncio.ensure_future(self.pool.run(key, {"n": n}, seconds, quick=quick, owner=owner,
                                                   background=background))
        await asyncio.sleep(0)   # queued (and taken, if a worker is free)
        return task

    def running(self) -> list[Any]:
        return [w for w in self.pool._workers if w.job is not None]

    async def finish(self, w: Any, after: float) -> None:
        """The worker `w` answers its job `after` seconds of worker time after it took it."""
        self.t = w.started + after
        self.pool._readable(w)
        for _ in range(3):
            await asyncio.sleep(0)


def test_a_visitors_ten_tables_of_slow_bots_share_the_workers_as_one_client() -> None:
    """The stranger of the server attack: ten tables of bots thinking 5 s a move, made by
    one address, against someone else's table of bots thinking 1 s. The pool serves
    clients first (then their tables): the other table's bot waits at most for the move
    under way, and gets its share of the searching worker. It used to wait for a move of
    every one of the ten tables in turn, about a minute a move."""
    async def go() -> tuple[list[float], int, int]:
        fake = _FakePool(workers=2)   # one worker for searches, one kept for quick bots
        seconds = {"victim": 1.0, **{f"t{i}": 5.0 for i in range(10)}}
        owner = {"victim": "someone", **{f"t{i}": "stranger" for i in range(10)}}
        asked: dict[str, float] = {}
        for key in seconds:
            await fake.submit(key, key, owner[key], seconds[key])
            asked[key] = fake.t
        waits: list[float] = []
        done = {"someone": 0, "stranger": 0}
        while fake.t < 1000.0 + 120:
            (w,) = fake.running()
            key = w.job.key
            if key == "victim":
                waits.append(w.started - asked[key])
            await fake.finish(w, seconds[key])
            done[owner[key]] += 1
            await fake.submit(key, key, owner[key], seconds[key])   # the table's next move
            asked[key] = fake.t
        return waits, done["someone"], done["stranger"]

    waits, victim, stranger = asyncio.run(go())
    # never longer than the move under way: a table's next move is asked for after the last
    # one ended, and the free worker took a stranger's move meanwhile (a pool never waits idle)
    assert max(waits) <= 5.0 + 1e-9, waits
    assert victim >= 18, victim                     # a move every 6 s or less (it was one a minute)
    assert stranger >= 10, stranger                 # the stranger's tables go on too, as one client


def test_a_reviews_parts_wait_for_the_tables_and_take_the_worker_only_when_it_is_free() -> None:
    async def go() -> None:
        fake = _FakePool(workers=2)
        await fake.submit("review 1", "review:a", "stranger", background=True)
        await fake.submit("review 2", "review:a", "stranger", background=True)
        (w,) = fake.running()
        assert w.job.payload["n"] == "review 1"        # nothing else waited: the review takes the free worker
        await fake.submit("move", "table", "someone", seconds=1.0)
        await fake.finish(w, 1.0)
        (w,) = fake.running()
        assert w.job.payload["n"] == "move"            # the table's move before the review's next part
        await fake.finish(w, 1.0)
        (w,) = fake.running()
        assert w.job.payload["n"] == "review 2"

    asyncio.run(go())


def test_worker_time_used_long_ago_fades_and_quick_bots_keep_their_worker() -> None:
    """Worker time counts half after 30 s: a client that used the worker long ago is
    not held back for it; a quick bot's move never waits for a search."""
    async def go() -> None:
        fake = _FakePool(workers=2)
        await fake.submit("long ago", "old", "a", seconds=100.0)
        (w,) = fake.running()
        await fake.finish(w, 100.0)
        fake.t += 300                                   # ten half-lives later: 100 s count as 0.1
        await fake.submit("recent", "new", "b", seconds=1.0)
        (w,) = fake.running()
        await fake.submit("b again", "new", "b", seconds=1.0)   # both wait for the searching worker
        await fake.submit("a again", "old", "a", seconds=1.0)
        await fake.submit("greedy", "quick", "c", seconds=1.0, quick=True)
        quick = next(x for x in fake.running() if x.job.payload["n"] == "greedy")   # the worker kept for it
        await fake.finish(quick, 0.01)
        await fake.finish(w, 1.0)
        taken = [x.job.payload["n"] for x in fake.running()]
        assert taken == ["a again"], taken              # a's old use has faded below b's second

    asyncio.run(go())
