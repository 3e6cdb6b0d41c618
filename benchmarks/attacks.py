"""What issue 17's attacks do to the tables of everyone else (not a test): a steady table
of bots and a steady table of people play on one `reichsstadt serve` process, first
alone, then while every attack runs at once from other loopback addresses, and their
moves per second and round-trip p99 are compared.

    python3 benchmarks/attacks.py [--seconds 30] [--tree PATH]

The steady tables: three greedy bots (--bot-delay 0.2), and three people played by this
script at 0.5 s a move (a move's round trip: from sending it to the state message whose
log holds it). The attacks run in a process of their own, each from an address of its
own (127.0.0.2 and up), at the intensity the issue reports them:
- tables with bots far over the caps (mcts:300s, one a second), and tables of bots
  searching at the cap (mcts:5s, one a second, as many as the creation limit lets);
- eight websockets of one seat asking for a hint, each twice a second;
- tables made as in "3,000 in 35 s" (86 a second), and tables carrying a 1.9 MB map
  (two a second);
- the lobby read five times a second;
- 1,100 connections that never finish their request's headers, renewed as they are cut;
- a megabyte of nested brackets posted twice a second.
Each attack is bounded in time; everything targets 127.0.0.x only. Figures:
benchmarks/README.md."""

from __future__ import annotations

import argparse
import asyncio
import copy
import http.client
import json
import os
import random
import socket
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import load  # noqa: E402  (the server process and its helpers)

STEADY_PACE = 0.5


def post(port: int, path: str, body: Any, source: str = "127.0.0.1", token: str | None = None,
         raw: bytes | None = None) -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    headers = {"content-type": "application/json", **({"authorization": f"Bearer {token}"} if token else {})}
    conn.request("POST", path, body=raw if raw is not None else json.dumps(body).encode(), headers=headers)
    r = conn.getresponse()
    data = r.read()
    conn.close()
    try:
        return r.status, json.loads(data)
    except ValueError:
        return r.status, None


def get(port: int, path: str, source: str = "127.0.0.1") -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    conn.request("GET", path)
    r = conn.getresponse()
    r.read()
    conn.close()
    return r.status


class Steady:
    """The bot table's and the people's table's moves, counted while `measuring`."""

    def __init__(self) -> None:
        self.measuring = False
        self.bot_moves = 0
        self.people_moves: list[float] = []


async def watch_bots(port: int, table: str, steady: Steady, stop: asyncio.Event) -> None:
    import websockets

    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}", proxy=None, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None, "board": False}))
        while not stop.is_set():
            try:
                m = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
            except asyncio.TimeoutError:
                continue
            if m["type"] == "state" and steady.measuring:
                steady.bot_moves += sum(1 for e in m["log"] if e["seat"] >= 0 and not e.get("note"))


async def person(port: int, table: str, token: str, steady: Steady, stop: asyncio.Event, seed: int) -> None:
    import websockets

    rng = random.Random(seed)
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}", proxy=None, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "board": False}))
        waiting, sent = False, 0.0
        while not stop.is_set():
            try:
                m = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
            except asyncio.TimeoutError:
                continue
            if m["type"] == "error":
                waiting = False
                continue
            if m["type"] != "state":
                continue
            if waiting and any(e["seat"] == m["you"] and not e.get("note") for e in m["log"]):
                waiting = False
                if steady.measuring:
                    steady.people_moves.append(time.perf_counter() - sent)
            if m["status"] == "finished":
                return
            if m["legal"] and not waiting:
                await asyncio.sleep(STEADY_PACE * (0.5 + rng.random()))
                waiting, sent = True, time.perf_counter()
                await ws.send(json.dumps({"type": "move", "action": rng.choice(m["legal"])["index"],
                                          "expect": m["move"]}))


async def steady_tables(port: int, steady: Steady, stop: asyncio.Event) -> None:
    """A bot table and a people's table, each replaced when it ends, until stopped."""
    async def bots() -> None:
        while not stop.is_set():
            _, made = await asyncio.to_thread(post, port, "/api/tables", {"game": "norenberc", "players": 3,
                                                                            "seats": ["greedy"] * 3, "start": True})
            await watch_bots(port, made["id"], steady, stop)

    async def people() -> None:
        k = 0
        while not stop.is_set():
            table, tokens = await asyncio.to_thread(load.new_table, f"http://127.0.0.1:{port}", 3)
            await asyncio.gather(*(person(port, table, tok, steady, stop, 100 * k + i) for i, tok in enumerate(tokens)))
            k += 1

    await asyncio.gather(bots(), people())


def big_map() -> dict[str, Any]:
    import reichsstadt

    _, data = reichsstadt.game("siedler").data_file()
    out = copy.deepcopy(data)
    out["note"] = "x" * 1_900_000
    return out  # type: ignore[no-any-return]


async def attack(port: int, stop: asyncio.Event) -> dict[str, int]:
    """Every attack at once until stopped; how often each was answered, by status."""
    counts: dict[str, int] = {}

    def count(name: str, status: Any) -> None:
        key = f"{name}: {status}"
        counts[key] = counts.get(key, 0) + 1

    async def loop(name: str, action: Any, pause: float) -> None:
        while not stop.is_set():
            try:
                count(name, await asyncio.to_thread(action))
            except OSError as exc:
                count(name, type(exc).__name__)
            await asyncio.sleep(pause)

    heavy = {"game": "colonia", "players": 3, "seats": ["mcts:300s"] * 3, "start": True}
    capped = {"game": "norenberc", "players": 3, "seats": ["mcts:5s"] * 3, "start": True}
    mapped = {"game": "siedler", "players": 3, "seats": ["human", "human", "random"], "options": {"map": big_map()},
              "take_seat": 0, "name": "X"}
    deep = b"[" * 1_000_000
    tasks = [
        loop("mcts:300s tables", lambda: post(port, "/api/tables", heavy, "127.0.0.2")[0], 1.0),
        loop("mcts:5s tables", lambda: post(port, "/api/tables", capped, "127.0.0.3")[0], 1.0),
        loop("tables made fast", lambda: post(port, "/api/tables", {"game": "norenberc", "players": 3,
                                                                    "seats": ["random"] * 3}, "127.0.0.4")[0], 1 / 86),
        loop("1.9 MB maps", lambda: post(port, "/api/tables", mapped, "127.0.0.5")[0], 0.5),
        loop("lobby", lambda: get(port, "/api/tables?limit=100", "127.0.0.6"), 0.2),
        loop("deep JSON", lambda: post(port, "/api/tables", None, "127.0.0.7", raw=deep)[0], 0.5),
        hints(port, stop, count),
        half_sent(port, stop, count),
    ]
    await asyncio.gather(*tasks)
    return counts


async def hints(port: int, stop: asyncio.Event, count: Any) -> None:
    import websockets

    _, made = await asyncio.to_thread(post, port, "/api/tables", {"game": "norenberc", "players": 3,
                                                                  "seats": ["human", "random", "random"],
                                                                  "take_seat": 0, "name": "H"}, "127.0.0.8")

    async def asker() -> None:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{made['id']}", proxy=None,
                                      local_addr=("127.0.0.8", 0)) as ws:
            await ws.send(json.dumps({"type": "hello", "token": made["token"], "board": False}))
            while not stop.is_set():
                await ws.send(json.dumps({"type": "hint"}))
                try:
                    while True:
                        m = json.loads(await asyncio.wait_for(ws.recv(), 0.05))
                        if m["type"] in ("hint", "error"):
                            count("hints", m["type"] if m["type"] == "hint" else m["message"]["id"])
                except asyncio.TimeoutError:
                    pass
                await asyncio.sleep(0.5)

    await asyncio.gather(*(asker() for _ in range(8)), return_exceptions=True)


async def half_sent(port: int, stop: asyncio.Event, count: Any) -> None:
    """Hundreds of connections that never finish their headers, renewed as they are cut."""
    open_: list[socket.socket] = []
    while not stop.is_set():
        while len(open_) < 1100:
            s = socket.socket()
            s.setblocking(False)
            s.bind(("127.0.0.9", 0))
            try:
                s.connect(("127.0.0.1", port))
            except BlockingIOError:
                pass
            except OSError:
                s.close()
                count("half-sent", "refused")
                break
            open_.append(s)
        await asyncio.sleep(1.0)
        for s in list(open_):
            try:
                s.send(b"GET / HTTP/1.1\r\nX: ")
                if s.recv(1) == b"":
                    raise ConnectionResetError
            except BlockingIOError:
                continue
            except OSError:
                count("half-sent", "cut off")
                open_.remove(s)
                s.close()
    for s in open_:
        s.close()


def attacker(port: int, seconds: float, out: Any) -> None:
    """The attacks, in a process of their own, for `seconds`; their answers to `out`."""
    async def run() -> dict[str, int]:
        stop = asyncio.Event()
        asyncio.get_running_loop().call_later(seconds, stop.set)
        return await attack(port, stop)

    out.put(asyncio.run(run()))


async def measure(port: int, seconds: float, attacked: bool) -> tuple[Steady, dict[str, int]]:
    import multiprocessing

    steady = Steady()
    stop = asyncio.Event()
    play = asyncio.create_task(steady_tables(port, steady, stop))
    answers: Any = multiprocessing.Queue()
    attacks = multiprocessing.Process(target=attacker, args=(port, seconds + 10, answers)) if attacked else None
    if attacks is not None:
        attacks.start()
    await asyncio.sleep(8)  # warm up
    steady.measuring = True
    await asyncio.sleep(seconds)
    steady.measuring = False
    stop.set()
    counts = await asyncio.to_thread(answers.get, True, 60) if attacks is not None else {}
    if attacks is not None:
        attacks.join(10)
    play.cancel()
    await asyncio.gather(play, return_exceptions=True)
    return steady, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--tree", default=str(HERE.parent))
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="rs-attack-"))
    rows = []
    tree = Path(args.tree).resolve()
    flags = ["--bot-delay", "0.2"]
    if "--create-per-minute" in load.server_flags(tree):  # a tree before the limits has none to set
        flags += ["--create-per-minute", "10"]
    for attacked in (False, True):
        server = load.Server(tree, folder, f"sqlite:///{folder}/a{int(attacked)}.db", int(attacked), flags)
        try:
            steady, counts = asyncio.run(measure(server.port, args.seconds, attacked))
        finally:
            server.stop()
        r = sorted(steady.people_moves)
        p99 = r[min(len(r) - 1, int(0.99 * len(r)))] * 1000 if r else float("nan")
        rows.append((attacked, steady.bot_moves / args.seconds, len(r) / args.seconds, p99,
                     os.getloadavg()[0], counts))
    print("| | bot table moves/s | people's table moves/s | people's p99 ms | load avg |")
    print("|---|---:|---:|---:|---:|")
    for attacked, bots, people, p99, la, _ in rows:
        print(f"| {'under every attack' if attacked else 'alone'} | {bots:.2f} | {people:.2f} | {p99:.1f} | {la:.1f} |")
    base, hit = rows[0], rows[1]
    print(f"\nbot table {100 * (hit[1] / base[1] - 1):+.0f} %, people's table {100 * (hit[2] / base[2] - 1):+.0f} %")
    print("\nwhat the attacks were answered:")
    for key, n in sorted(hit[5].items()):
        print(f"- {key}: {n}")


if __name__ == "__main__":
    main()
