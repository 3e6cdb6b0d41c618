"""Load benchmark of the web platform (not a test): N tables of Norenberc played at once
through real websockets on loopback against a `reichsstadt serve` process.

    python3 benchmarks/load.py [--tables 10 100] [--seconds 20] [--players 3] [--board]
                               [--pace 0] [--db URL] [--processes 1] [--postgres]

Every seat is a person's seat played by a client of this script that answers at once with
a random legal move (bots on the server would not be measured): a move's round trip is
the time from sending it to receiving the state message whose log holds it. Each table
that finishes is replaced by a new one, so the load holds for the whole window. The
server runs with --bot-delay 0 on a SQLite file of its own (or --db). Reported per table
count: moves/s (moves the clients made and saw acknowledged in the window), round-trip
p50/p90/p99/max, the CPU the server process used (share of one core, and per move: a
figure that other work on the machine does not change much) and the machine's load
average (other processes compete for the same cores).

--board asks for the board drawn as HTML in every state message (what the browser's table
page needs for a game without a web renderer, Norenberc today); by default the clients
say hello with "board": false, as a client drawing the board itself does. --pace S makes
each client think S seconds before each move (0: flat out). --processes N runs N server
processes on one PostgreSQL (--db, or a throwaway server started for the run, fsync off):
tables are created through the processes in turn and each seat's client connects to the
next process, so a table's seats sit on different processes (each commits its own
clients' moves; the others hear of them by NOTIFY); server CPU is the sum over the processes. Figures: benchmarks/README.md."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import orjson
import websockets

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def http(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode() if body is not None else None,
                                 method=method, headers={"content-type": "application/json"})
    if token:
        req.add_header("authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def new_table(base: str, players: int) -> tuple[str, list[str]]:
    """A started table of people only: its id and every seat's token."""
    made = http(base, "POST", "/api/tables", {"game": "norenberc", "players": players, "seats": ["human"] * players,
                                              "take_seat": 0, "name": "P1"})
    tokens = [made["token"]] + [""] * (players - 1)
    for inv in made["invites"]:
        tokens[inv["seat"]] = http(base, "POST", f"/api/tables/{made['id']}/join",
                                   {"invite": inv["invite"], "name": f"P{inv['seat'] + 1}"})["token"]
    http(base, "POST", f"/api/tables/{made['id']}/start", {}, made["creator"])
    return made["id"], tokens


class Stats:
    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.measuring = False
        self.errors = 0
        self.games = 0


async def seat_client(ws_base: str, table: str, token: str, board: bool, pace: float, rng: random.Random,
                      stats: Stats) -> None:
    """One seat: answers every decision at once (after `pace` s) and times the round trip."""
    async with websockets.connect(f"{ws_base}/ws/{table}", max_size=2**22, compression=None,
                                  proxy=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "board": board}))
        acted = -1
        sent_at = 0.0
        waiting = False
        me = None
        async for text in ws:
            m = orjson.loads(text)
            if m["type"] == "error":
                if m["code"] != "refused":
                    stats.errors += 1
                waiting = False
                continue
            if m["type"] != "state":
                continue
            me = m["you"]
            if waiting and any(e["seat"] == me and e["n"] >= acted for e in m["log"]):
                waiting = False
                if stats.measuring:
                    stats.rtts.append(time.perf_counter() - sent_at)
            if m["status"] == "finished":
                return
            if m["legal"] and not waiting and m["move"] != acted:
                if pace:
                    await asyncio.sleep(pace * (0.5 + rng.random()))
                acted = m["move"]
                waiting = True
                move = rng.choice(m["legal"])
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "action": move["index"], "expect": acted}))


async def table_loop(bases: list[str], ws_bases: list[str], players: int, board: bool, pace: float, seed: int,
                     stats: Stats, stop: asyncio.Event) -> None:
    """One table after another, until stopped: made through process `seed`, its seats'
    clients spread over the processes (seat i on the next i-th)."""
    rng = random.Random(seed)
    k = len(bases)
    while not stop.is_set():
        table, tokens = await asyncio.to_thread(new_table, bases[seed % k], players)
        clients = [asyncio.create_task(seat_client(ws_bases[(seed + i + 1) % k], table, tok, board, pace,
                                                   random.Random(rng.random()), stats))
                   for i, tok in enumerate(tokens)]
        done, pending = await asyncio.wait([*clients, asyncio.create_task(stop.wait())],
                                           return_when=asyncio.FIRST_COMPLETED)
        if stop.is_set():
            for c in clients:
                c.cancel()
            await asyncio.gather(*clients, return_exceptions=True)
            return
        await asyncio.gather(*clients, return_exceptions=True)
        stats.games += 1


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(bases: list[str], ws_bases: list[str], pids: list[int], tables: int, seconds: float, players: int,
              board: bool, pace: float) -> dict[str, Any]:
    stats = Stats()
    stop = asyncio.Event()
    loops = [asyncio.create_task(table_loop(bases, ws_bases, players, board, pace, i, stats, stop))
             for i in range(tables)]
    await asyncio.sleep(min(5.0, 1.0 + tables * 0.05))  # warm up: every table created and playing
    stats.measuring = True
    cpu0, t0 = sum(map(cpu_seconds, pids)), time.perf_counter()
    await asyncio.sleep(seconds)
    stats.measuring = False
    cpu1, t1 = sum(map(cpu_seconds, pids)), time.perf_counter()
    stop.set()
    await asyncio.gather(*loops, return_exceptions=True)
    r = sorted(stats.rtts)

    def q(p: float) -> float:
        return r[min(len(r) - 1, int(p * len(r)))] * 1000 if r else float("nan")

    return {"tables": tables, "moves": len(r), "moves_s": len(r) / (t1 - t0), "p50": q(0.50), "p90": q(0.90),
            "p99": q(0.99), "max": (r[-1] * 1000 if r else float("nan")),
            "mean": statistics.fmean(r) * 1000 if r else float("nan"),
            "server_cpu": (cpu1 - cpu0) / (t1 - t0), "errors": stats.errors, "games": stats.games,
            "cpu_per_move": (cpu1 - cpu0) / max(1, len(r)) * 1000, "load": os.getloadavg()[0]}


def start_server(folder: Path, db: str, index: int) -> tuple[subprocess.Popen[bytes], int, Any]:
    port = free_port()
    log = open(folder / f"server{index}.log", "w")
    server = subprocess.Popen([sys.executable, "-m", "reichsstadt", "serve", "--host", "127.0.0.1", "--port",
                               str(port), "--bot-delay", "0", "--db", db], cwd=ROOT, stdout=log, stderr=log,
                              env={**os.environ, "REICHSSTADT_DATA": str(folder)})
    deadline = time.monotonic() + 30
    while True:
        try:
            http(f"http://127.0.0.1:{port}", "GET", "/healthz")
            return server, port, log
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the server did not start: see {folder / f'server{index}.log'}")
            time.sleep(0.1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100])
    parser.add_argument("--seconds", type=float, default=20.0, help="measuring window per table count")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--board", action="store_true", help="ask for board_html in every state message")
    parser.add_argument("--pace", type=float, default=0.0, help="seconds each client thinks before a move")
    parser.add_argument("--db", default=None, help="database URL (default: a SQLite file in a temp folder; "
                                                   "with --processes 2 or more, a throwaway PostgreSQL)")
    parser.add_argument("--processes", type=int, default=1, help="server processes sharing the database")
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL even for one process")
    args = parser.parse_args()
    if not all(0 < n <= 500 for n in args.tables):
        parser.error("--tables: 1 to 500 tables, on loopback only")
    if not 1 <= args.processes <= 8:
        parser.error("--processes: 1 to 8")
    if args.processes > 1 and args.db and not args.db.startswith("postgresql"):
        parser.error("--processes 2 or more need PostgreSQL (--db postgresql+psycopg://...)")

    try:
        import uvloop
        uvloop.install()
    except ImportError:
        pass
    with contextlib.ExitStack() as stack:
        db = args.db
        if db is None and (args.processes > 1 or args.postgres):
            sys.path.insert(0, str(ROOT))
            from tests.server.pg import throwaway_postgres
            db = stack.enter_context(throwaway_postgres())
        measure(args, db)


def measure(args: argparse.Namespace, db: str | None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="rs-load-"))
    db = db or f"sqlite+aiosqlite:///{folder}/load.db"
    servers = []
    try:
        for i in range(args.processes):
            servers.append(start_server(folder, db, i))
        ports = [port for _, port, _ in servers]
        bases = [f"http://127.0.0.1:{p}" for p in ports]
        ws_bases = [f"ws://127.0.0.1:{p}" for p in ports]
        pids = [server.pid for server, _, _ in servers]
        print(f"{args.processes} reichsstadt serve process(es) on 127.0.0.1:{','.join(map(str, ports))}, "
              f"{db.split('://')[0]}, {os.cpu_count()} cores; "
              f"{args.players} players a table, board_html {'on' if args.board else 'off'}, "
              f"pace {args.pace:g} s, {args.seconds:g} s per row\n")
        print("| tables | moves/s | p50 ms | p90 ms | p99 ms | max ms | server CPU | server CPU ms/move |"
              " games done | load avg |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for n in args.tables:
            r = asyncio.run(run(bases, ws_bases, pids, n, args.seconds, args.players, args.board, args.pace))
            print(f"| {r['tables']} | {r['moves_s']:,.0f} | {r['p50']:.1f} | {r['p90']:.1f} | {r['p99']:.1f} | "
                  f"{r['max']:.0f} | {r['server_cpu'] * 100:.0f}% | {r['cpu_per_move']:.2f} | {r['games']} | "
                  f"{r['load']:.1f} |"
                  + (f" ({r['errors']} errors)" if r["errors"] else ""), flush=True)
    finally:
        for server, _, log in servers:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
            log.close()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
