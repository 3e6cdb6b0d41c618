"""Driving the server in tests: tables made through the lobby API, websocket clients that
keep the table as the server tells it (with a timeout on every wait), and random players
for whole games."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator

import anyio
from starlette.testclient import TestClient

from reichsstadt.server.app import create_app
from reichsstadt.server.clock import Clock
from reichsstadt.server.config import Settings

WAIT = 20.0  # seconds any single wait may take before the test fails (never hangs)


def settings(tmp_path: Any, **kw: Any) -> Settings:
    """Test settings: a SQLite file of the test's own, bots at once, limits no honest
    test client reaches (the tests of each limit set their own)."""
    base: dict[str, Any] = dict(db_url=f"sqlite:///{tmp_path}/server.db", bot_delay=0.0,
                                rate_per_second=10_000.0, rate_burst=10_000, flood_strikes=10_000,
                                create_rate=10_000.0, create_burst=10_000, open_per_creator=10_000,
                                hint_interval=0.0, bot_workers=2, replay_rate=10_000.0, replay_burst=10_000,
                                review_rate=10_000.0, review_burst=10_000, check_rate=10_000.0, check_burst=10_000)
    base.update(kw)
    return Settings(**base)


class ManualClock(Clock):
    """A clock the test moves by hand (`advance`): a thinking clock or a rate limit sees
    exactly the time the test says, however slow the machine is. Waits in the server's
    event loop wake up on each advance and look at the time again."""

    def __init__(self) -> None:
        self.t = 1000.0
        self._lock = threading.Lock()
        self._waiting: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()

    def now(self) -> float:
        return self.t

    async def wait(self, changed: asyncio.Event, until: float | None) -> bool:
        if until is not None and self.t >= until:
            return False
        entry = (asyncio.get_running_loop(), changed)
        with self._lock:
            self._waiting.add(entry)
        try:
            if until is not None and self.t >= until:  # advanced while it was being registered
                return False
            await changed.wait()
            return True
        finally:
            with self._lock:
                self._waiting.discard(entry)

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        await self.wait(asyncio.Event(), self.t + seconds)

    def waited_on(self, timeout: float = WAIT) -> None:
        """Return once something in the server waits for this clock (a bot's pause, a
        thinking clock); fail after `timeout` real seconds."""
        deadline = time.monotonic() + timeout
        while not self._waiting:
            assert time.monotonic() < deadline, "nothing waits for the clock"
            time.sleep(0.005)

    def advance(self, seconds: float) -> None:
        """Time moves on by `seconds` (called from the test's thread)."""
        with self._lock:
            self.t += seconds
            waiting = list(self._waiting)
        for loop, event in waiting:
            loop.call_soon_threadsafe(event.set)


@contextmanager
def serve(tmp_path: Any, clock: Clock | None = None, **kw: Any) -> Iterator[TestClient]:
    """A TestClient for a fresh app, its lifespan running (with `clock`, if given, as the
    server's time); websockets left open by a failing test are closed first (or leaving
    would wait for them forever)."""
    client = TestClient(create_app(settings(tmp_path, **kw), clock=clock))
    with client:
        client.open_ws = []  # type: ignore[attr-defined]
        try:
            yield client
        finally:
            for ws in client.open_ws:  # type: ignore[attr-defined]
                ws.close()


def create(client: TestClient, game: str = "norenberc", players: int = 3, seats: list[str] | None = None,
           take: int | None = 0, name: str = "Ann", start: bool = False, options: dict[str, Any] | None = None,
           status: int = 201) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "players": players, "seats": seats or ["human"] * players,
                            "options": options or {}, "take_seat": take, "name": name if take is not None else None,
                            "start": start}
    r = client.post("/api/tables", json=body)
    assert r.status_code == status, r.text
    return r.json()  # type: ignore[no-any-return]


def join(client: TestClient, table: str, invite: str, name: str) -> dict[str, Any]:
    r = client.post(f"/api/tables/{table}/join", json={"invite": invite, "name": name})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def full_table(client: TestClient, game: str = "norenberc", players: int = 3, bots: int = 0,
               start: bool = True, **kw: Any) -> dict[str, Any]:
    """A table whose first `players - bots` seats are people who have all joined (seat 0
    is the creator's), started (by the last seat taken, or by its creator when every
    seat is the creator's): {"id", "creator", "tokens": [seat token or None]}."""
    seats = ["human"] * (players - bots) + ["random"] * bots
    made = create(client, game, players, seats, take=0, **kw)
    tokens: list[str | None] = [made["token"]] + [None] * (players - 1)
    for inv in made["invites"]:
        tokens[inv["seat"]] = join(client, made["id"], inv["invite"], f"P{inv['seat'] + 1}")["token"]
    if start:
        status = client.get(f"/api/tables/{made['id']}").json()["status"]
        assert status == "running" or not made["invites"], status
        if status == "open":
            r = client.post(f"/api/tables/{made['id']}/start", headers=auth(made["creator"]))
            assert r.status_code == 200, r.text
    return {"id": made["id"], "creator": made["creator"], "tokens": tokens, "made": made}


def seated(client: TestClient, game: str = "norenberc", players: int = 3) -> tuple[dict[str, Any], list["Ws"]]:
    """A started table of people only (full_table), each of them connected and past the
    first state: the table and their clients, by seat."""
    t = full_table(client, game, players)
    clients = [Ws(client, t["id"], tok) for tok in t["tokens"]]
    for cl in clients:
        cl.first_state()
    return t, clients


def auth(token: str | None) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"} if token else {}


class Closed(Exception):
    def __init__(self, code: int) -> None:
        super().__init__(f"the server closed the websocket ({code})")
        self.code = code


class Ws:
    """One websocket client: what it received (raw texts, messages), the last state, and
    the log put together from the deltas (checked to follow each other)."""

    def __init__(self, client: TestClient, table: str, token: str | None, board: bool = False,
                 hello: Any = "default") -> None:
        self.cm = client.websocket_connect(f"/ws/{table}")
        self.ws = self.cm.__enter__()
        self.open = True
        getattr(client, "open_ws", []).append(self)
        self.texts: list[str] = []
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.log: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.acted = -1          # the move count at which this client last acted
        self.inflight = False    # a move sent, neither in the log nor refused yet
        self.seat: int | None = None
        self.closed: int | None = None
        if hello == "default":
            self.send({"type": "hello", "token": token, **({} if board else {"board": False})})
        elif hello is not None:
            self.send(hello)

    # -- raw --------------------------------------------------------------------------
    def send(self, obj: Any) -> None:
        self.ws.send_text(obj if isinstance(obj, str) else json.dumps(obj))

    def _take(self, message: dict[str, Any]) -> dict[str, Any] | None:
        if message["type"] == "websocket.close":
            self.closed = message.get("code", 1000)
            raise Closed(self.closed)
        text = message.get("text")
        if text is None:
            text = message["bytes"].decode()
        self.texts.append(text)
        m = json.loads(text)
        self.messages.append(m)
        if m["type"] == "state":
            assert m["log_from"] in (0, len(self.log)), f"log delta from {m['log_from']}, have {len(self.log)}"
            del self.log[m["log_from"]:]
            self.log += m["log"]
            self.state = m
            self.seat = m["you"]
            if self.inflight and any(e["seat"] == self.seat and e["n"] >= self.acted for e in m["log"]):
                self.inflight = False
        elif m["type"] == "error":
            self.errors.append(m)
            self.inflight = False
        return m

    def recv(self, timeout: float = WAIT) -> dict[str, Any]:
        rx = self.ws._send_rx

        async def get() -> Any:
            with anyio.fail_after(timeout):
                return await rx.receive()

        try:
            message = self.ws.portal.call(get)
        except TimeoutError:
            raise AssertionError(f"no message from the server within {timeout} s") from None
        return self._take(message)  # type: ignore[return-value]

    def drain(self) -> list[dict[str, Any]]:
        """Every message already waiting, without waiting."""
        out = []
        rx = self.ws._send_rx
        while True:
            try:
                message = self.ws.portal.call(rx.receive_nowait)
            except anyio.WouldBlock:
                return out
            out.append(self._take(message))

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = WAIT) -> dict[str, Any]:
        """Read until a message satisfies `pred`; that message."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no fitting message within {timeout} s; last: {self.messages[-1:]}")
            m = self.recv(left)
            if pred(m):
                return m

    def state_at(self, move: int, timeout: float = WAIT) -> dict[str, Any]:
        """Read until a state message with at least `move` moves."""
        if self.state is not None and self.state["move"] >= move:
            return self.state
        return self.until(lambda m: m["type"] == "state" and m["move"] >= move, timeout)

    def error(self, timeout: float = WAIT) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "error", timeout)

    def first_state(self) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "state")

    def act(self, message: dict[str, Any]) -> None:
        """Send a move or a pick (marked in flight until the log shows it or it is refused)."""
        assert self.state is not None
        self.acted = message["expect"]
        self.inflight = True
        self.send(message)

    def move(self, index: int, expect: int | None = None) -> None:
        assert self.state is not None
        self.act({"type": "move", "action": index, "expect": self.state["move"] if expect is None else expect})

    def pick(self, parts: list[int], expect: int | None = None) -> None:
        assert self.state is not None
        self.act({"type": "pick", "parts": parts, "expect": self.state["move"] if expect is None else expect})

    def my_turn(self) -> bool:
        s = self.state
        return bool(s and s["status"] == "running" and s["legal"] and s["move"] != self.acted
                    and not self.inflight)

    def close(self) -> None:
        if not self.open:
            return
        self.open = False
        try:
            # as a browser leaves: the server reads a disconnect and says goodbye to the
            # others (leaving the TestClient's context alone cancels the handler at once)
            self.ws.close(1000)
            self.ws.portal.call(anyio.sleep, 0.05)
        except Exception:
            pass
        try:
            self.cm.__exit__(None, None, None)
        except Exception:
            pass


def random_choice(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random player's decision: a pick of random parts (when offered, half the time),
    else one of the legal moves."""
    pick = state["pick"]
    if pick and rng.random() < 0.5:
        k = rng.randint(pick["least"], pick["most"])
        parts = ([rng.choice(pick["parts"]) for _ in range(k)] if pick["repeat"]
                 else rng.sample(pick["parts"], min(k, len(pick["parts"]))))
        return {"type": "pick", "parts": parts, "expect": state["move"]}
    move = rng.choice(state["legal"])
    return {"type": "move", "action": move["index"], "expect": state["move"]}


def play(clients: Iterable[Ws], rng: random.Random, until: Callable[[], bool] | None = None,
         timeout: float = 120.0, on_state: Callable[[Ws, dict[str, Any]], None] | None = None) -> None:
    """Play with every client as a random player until the game is over (or `until()`,
    asked only while no client's move is on its way). A refused move is tried again on
    the state sent with the refusal."""
    clients = list(clients)
    deadline = time.monotonic() + timeout
    while True:
        for c in clients:
            _heard(c, c.drain(), on_state)
        if until is not None and not any(c.inflight for c in clients) and until():
            return
        if all(c.state and c.state["status"] == "finished" for c in clients):
            return
        if not _act(clients, rng):
            assert time.monotonic() < deadline, "the game did not finish in time"
            # wait for anything from anyone
            waiting = [c for c in clients if not (c.state and c.state["status"] == "finished")] or clients
            try:
                _heard(waiting[0], [waiting[0].recv(0.05)], on_state)
            except AssertionError:
                pass
        for c in clients:  # a refused move: try again on the state sent with the refusal
            if c.errors and c.errors[-1].get("_seen") is None:
                c.errors[-1]["_seen"] = True
                if c.errors[-1]["code"] == "refused":
                    c.acted = -1


def _heard(c: Ws, messages: list[dict[str, Any]], on_state: Callable[[Ws, dict[str, Any]], None] | None) -> None:
    for m in messages:
        if on_state and m["type"] == "state":
            on_state(c, m)


def _act(clients: list[Ws], rng: random.Random) -> bool:
    """Every client whose turn it is acts; whether any did."""
    acted = False
    for c in clients:
        if c.my_turn():
            assert c.state is not None
            c.act(random_choice(c.state, rng))
            acted = True
    return acted
