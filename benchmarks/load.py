"""Load benchmark of the web platform (not a test): N tables of Norenberc played at once
through real websockets on loopback against `reichsstadt serve` processes, one tree of
the code after another in one run, side by side.

    python3 benchmarks/load.py [--tree PATH ...] [--tables 100 300] [--seconds 20] [--pace 1]
                               [--players 3] [--board] [--processes 1 2] [--route seat|table]
                               [--postgres] [--db URL]
    python3 benchmarks/load.py --tree PATH ... --finished 100 1000    # memory after finished games

Every seat is a person's seat played by a client of this script that answers at once
(or after --pace seconds of thinking) with a random legal move: a move's round trip is
the time from sending it to receiving the state message whose log holds it. Finished
tables are replaced, so the load holds for the whole window. Each --tree (a checkout: its
code is run with PYTHONPATH set to it; default: this checkout) gets a server of its own,
in turn, with the same clients, table counts and window. Reported per tree and table
count: moves/s, round trip p50/p90/p99/max, the server's CPU (share of a core, and per
move: the figure the neighbours on a shared machine change least), its longest garbage
collection pause in the window (gc.callbacks, installed by this script in the server
process), its RSS, and the machine's load average.

--processes N runs N server processes on one PostgreSQL (--db, or a throwaway server):
tables are created through the processes in turn and each seat's client connects to the
next process, so a table's seats sit on different processes (--route seat); with --route
table every client of a table connects to one process, picked by a hash of the table's id
as deploy/nginx.conf's proxy does; CPU is the sum over the processes. --finished N...
plays bot-only tables (random bots, no delay) until N games have finished and reports the
server's RSS then, for each N. Figures and method:
benchmarks/README.md."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zlib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]


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
    """A started table of people only: its id and every seat's token (a tree whose tables
    start when full needs no start; an older one does)."""
    made = http(base, "POST", "/api/tables", {"game": "norenberc", "players": players, "seats": ["human"] * players,
                                              "take_seat": 0, "name": "P1"})
    tokens = [made["token"]] + [""] * (players - 1)
    for inv in made["invites"]:
        tokens[inv["seat"]] = http(base, "POST", f"/api/tables/{made['id']}/join",
                                   {"invite": inv["invite"], "name": f"P{inv['seat'] + 1}"})["token"]
    if http(base, "GET", f"/api/tables/{made['id']}")["status"] == "open":
        http(base, "POST", f"/api/tables/{made['id']}/start", {}, made["creator"])
    return made["id"], tokens


class Stats:
    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.measuring = False
        self.errors = 0
        self.last_error = ""
        self.games = 0


async def seat_client(ws_base: str, table: str, token: str, board: bool, pace: float, rng: random.Random,
                      stats: Stats) -> None:
    """One seat: answers every decision at once (after `pace` s) and times the round trip."""
    import orjson
    import websockets

    async with websockets.connect(f"{ws_base}/ws/{table}", max_size=2**22, compression=None,
                                  proxy=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "board": board}))
        acted = -1
        sent_at = 0.0
        waiting = False
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
                     stats: Stats, stop: asyncio.Event, route: str = "seat") -> None:
    """One table after another, until stopped: made through process `seed`, its seats'
    clients spread over the processes (seat i on the next i-th), or with `route` "table"
    all on the process a hash of the table's id picks (a proxy's consistent routing)."""
    rng = random.Random(seed)
    k = len(bases)
    while not stop.is_set():
        try:
            table, tokens = await asyncio.to_thread(new_table, bases[seed % k], players)
        except (OSError, ValueError) as exc:  # counted, and tried again: the load holds
            stats.errors += 1
            stats.last_error = f"making a table: {exc}"
            await asyncio.sleep(1.0)
            continue
        at = [(seed + i + 1) % k for i in range(len(tokens))] if route == "seat" else \
            [zlib.crc32(table.encode()) % k] * len(tokens)
        clients = [asyncio.create_task(seat_client(ws_bases[at[i]], table, tok, board, pace,
                                                   random.Random(rng.random()), stats))
                   for i, tok in enumerate(tokens)]
        await asyncio.wait([*clients, asyncio.create_task(stop.wait())], return_when=asyncio.FIRST_COMPLETED)
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


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Server:
    """`reichsstadt serve` of one tree, its garbage collection pauses watched."""

    def __init__(self, tree: Path, folder: Path, db: str, index: int, extra: list[str]) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.gc_file = folder / f"gc{index}-{self.port}.json"
        self.log = open(folder / f"server{index}-{self.port}.log", "w")
        args = ["serve", "--host", "127.0.0.1", "--port", str(self.port), "--bot-delay", "0", "--db", db, *extra]
        env = {**os.environ, "REICHSSTADT_DATA": str(folder), "PYTHONPATH": str(tree)}
        self.proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--watched", str(self.gc_file),
                                      *args], cwd=tree, stdout=self.log, stderr=self.log, env=env)
        deadline = time.monotonic() + 60
        while True:
            try:
                http(self.base, "GET", "/healthz")
                return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"the server did not start: see {self.log.name}") from None
                time.sleep(0.1)

    def pauses(self, since: float, until: float, cpu: bool = False) -> list[float]:
        """Garbage collection pauses (seconds: wall clock, or the CPU they took) within the window."""
        try:
            got = json.loads(self.gc_file.read_text())
        except (OSError, ValueError):
            return []
        return [p[3] if cpu and len(p) > 3 else p[1] for p in got if since <= p[0] <= until]

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


def watched(gc_file: str, argv: list[str]) -> None:
    """Run `reichsstadt` with every garbage collection pause of 1 ms or more written to
    `gc_file` (as [time, seconds, generation, CPU seconds of it], every half second: on a
    busy machine a pause's wall-clock time is mostly other processes' turns)."""
    import gc

    pauses: list[tuple[float, float, int, float]] = []
    started = [0.0, 0.0]

    def watch(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[:] = [time.perf_counter(), time.thread_time()]
        else:
            pause = time.perf_counter() - started[0]
            if pause >= 0.001:
                pauses.append((time.time(), pause, info.get("generation", -1), time.thread_time() - started[1]))

    gc.callbacks.append(watch)

    def dump() -> None:
        while True:
            time.sleep(0.5)
            Path(gc_file).write_text(json.dumps(pauses))

    threading.Thread(target=dump, daemon=True).start()
    sys.argv = ["reichsstadt", *argv]
    from reichsstadt.cli import main

    main()


def server_flags(tree: Path) -> list[str]:
    """Limits a load test from one address would hit, raised where the tree has them."""
    out = subprocess.run([sys.executable, "-m", "reichsstadt", "serve", "--help"], cwd=tree, capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": str(tree), "COLUMNS": "200"}).stdout
    flags = []
    for flag, value in (("--create-per-minute", "1000000"), ("--open-per-creator", "1000000"),
                        ("--connections-per-address", "100000"), ("--spectators-per-table", "100000"),
                        ("--messages-per-second", "100000")):
        if flag in out:
            flags += [flag, value]
    return flags


async def run(servers: list[Server], tables: int, seconds: float, players: int, board: bool,
              pace: float, route: str = "seat") -> dict[str, Any]:
    bases, ws_bases, pids = [s.base for s in servers], [s.ws_base for s in servers], [s.proc.pid for s in servers]
    stats = Stats()
    stop = asyncio.Event()
    loops = [asyncio.create_task(table_loop(bases, ws_bases, players, board, pace, i, stats, stop, route))
             for i in range(tables)]
    await asyncio.sleep(min(10.0, 2.0 + tables * 0.02) + pace * 2)  # warm up: every table created and playing
    stats.measuring = True
    cpu0, t0, w0 = sum(map(cpu_seconds, pids)), time.perf_counter(), time.time()
    await asyncio.sleep(seconds)
    stats.measuring = False
    cpu1, t1, w1 = sum(map(cpu_seconds, pids)), time.perf_counter(), time.time()
    rss = sum(rss_mb(p) for p in pids)
    stop.set()
    await asyncio.gather(*loops, return_exceptions=True)
    await asyncio.sleep(1.0)  # the pauses file catches up
    pauses = [p for s in servers for p in s.pauses(w0, w1)]
    gc_cpu = [p for s in servers for p in s.pauses(w0, w1, cpu=True)]
    r = sorted(stats.rtts)

    def q(p: float) -> float:
        return r[min(len(r) - 1, int(p * len(r)))] * 1000 if r else float("nan")

    return {"tables": tables, "moves": len(r), "moves_s": len(r) / (t1 - t0), "p50": q(0.50), "p90": q(0.90),
            "p99": q(0.99), "max": (r[-1] * 1000 if r else float("nan")),
            "mean": statistics.fmean(r) * 1000 if r else float("nan"),
            "server_cpu": (cpu1 - cpu0) / (t1 - t0), "errors": stats.errors, "games": stats.games,
            "cpu_per_move": (cpu1 - cpu0) / max(1, len(r)) * 1000, "gc_max": max(pauses, default=0.0) * 1000,
            "gc_cpu_max": max(gc_cpu, default=0.0) * 1000, "gc_cpu_total": sum(gc_cpu) / (t1 - t0) * 1000,
            "gc_over_20": sum(1 for p in pauses if p > 0.020), "rss": rss, "load": os.getloadavg()[0],
            "last_error": stats.last_error}


def finished_games(server: Server, goals: list[int], players: int) -> list[tuple[int, float, float]]:
    """Bot-only tables, a few at a time, until each goal of finished games: (games, RSS MB, seconds)."""
    out = []
    done = 0
    t0 = time.monotonic()
    running: list[str] = []
    for goal in sorted(goals):
        while done < goal:
            while len(running) < 8:
                made = http(server.base, "POST", "/api/tables", {"game": "norenberc", "players": players,
                                                                 "seats": ["random"] * players, "start": True})
                if http(server.base, "GET", f"/api/tables/{made['id']}")["status"] == "open":
                    http(server.base, "POST", f"/api/tables/{made['id']}/start", {}, made["creator"])
                running.append(made["id"])
            time.sleep(0.2)
            for table in list(running):
                if http(server.base, "GET", f"/api/tables/{table}")["status"] == "finished":
                    running.remove(table)
                    done += 1
        time.sleep(40)  # finished tables leave memory after a while: let them
        out.append((done, rss_mb(server.proc.pid), time.monotonic() - t0))
    return out


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--watched":
        watched(sys.argv[2], sys.argv[3:])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", default=None, help="a checkout to measure (repeatable; "
                                                                      "default: this one)")
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100])
    parser.add_argument("--seconds", type=float, default=20.0, help="measuring window per table count")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--board", action="store_true", help="ask for board_html in every state message")
    parser.add_argument("--pace", type=float, default=0.0, help="seconds each client thinks before a move")
    parser.add_argument("--db", default=None, help="database URL (default: a SQLite file in a temp folder; "
                                                   "with --processes 2 or more, a throwaway PostgreSQL)")
    parser.add_argument("--processes", type=int, nargs="+", default=[1], help="server processes sharing the "
                                                                             "database (several: one row each)")
    parser.add_argument("--route", choices=["seat", "table"], default="seat",
                        help="several processes: each seat's client on the next process (seat), or every client of a "
                             "table on one process, by a hash of its id, as deploy/nginx.conf routes (table)")
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL even for one process")
    parser.add_argument("--finished", type=int, nargs="+", default=None, help="RSS after this many finished games")
    parser.add_argument("--serve-args", default="", help="more options for the servers of every tree after the "
                                                         "first: a setting beside the same code, e.g. --tree . "
                                                         "--tree . --serve-args=--gc-default")
    args = parser.parse_args()
    if not all(0 < n <= 500 for n in args.tables):
        parser.error("--tables: 1 to 500 tables, on loopback only")
    if not all(1 <= n <= 8 for n in args.processes):
        parser.error("--processes: 1 to 8")
    if max(args.processes) > 1 and args.db and not args.db.startswith("postgresql"):
        parser.error("--processes 2 or more need PostgreSQL (--db postgresql+psycopg://...)")
    trees = [Path(t).resolve() for t in (args.tree or [str(HERE)])]
    for tree in trees:
        if not (tree / "reichsstadt" / "server").is_dir():
            parser.error(f"--tree {tree}: no reichsstadt/server there")
    try:
        import uvloop
        uvloop.install()
    except ImportError:
        pass
    with contextlib.ExitStack() as stack:
        db = args.db
        if db is None and (max(args.processes) > 1 or args.postgres):
            sys.path.insert(0, str(HERE))
            from tests.server.pg import throwaway_postgres
            db = stack.enter_context(throwaway_postgres())
        measure(args, trees, db)


def _fresh_db(db: str | None, folder: Path, tree: Path, index: int) -> str:
    """A database of its own for each tree's servers (a PostgreSQL database, or a SQLite file)."""
    if db is None:
        return f"sqlite+aiosqlite:///{folder}/load-{index}.db"
    if db.startswith("postgresql"):
        sys.path.insert(0, str(HERE))
        from tests.server.pg import create_database
        return create_database(db, f"load_{index}_{int(time.time())}")
    return db


def measure(args: argparse.Namespace, trees: list[Path], db: str | None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="rs-load-"))
    print(f"{os.cpu_count()} cores; {args.players} players a table, board_html {'on' if args.board else 'off'}, "
          f"pace {args.pace:g} s, {args.seconds:g} s per row, database {'PostgreSQL' if db else 'SQLite'}"
          + (f", clients routed by {args.route}" if max(args.processes) > 1 else "") + "\n")
    try:
        if args.finished:
            memory(args, trees, db, folder)
            return
        print("| tree | processes | tables | moves/s | p50 ms | p90 ms | p99 ms | max ms | server CPU | CPU ms/move |"
              " longest GC ms (its CPU) | GC > 20 ms | GC CPU ms/s | RSS MB | load avg |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for n, processes, (k, tree) in itertools.product(args.tables, args.processes, enumerate(trees)):
            url = _fresh_db(db, folder, tree, k * 1000 + n * 10 + processes)
            extra = server_flags(tree) + (args.serve_args.split() if k else [])
            servers = [Server(tree, folder, url, i, extra) for i in range(processes)]
            try:
                r = asyncio.run(run(servers, n, args.seconds, args.players, args.board, args.pace, args.route))
            finally:
                for s in servers:
                    s.stop()
            print(f"| {tree.name} | {processes} | {r['tables']} | {r['moves_s']:,.0f} | {r['p50']:.1f} | "
                  f"{r['p90']:.1f} | "
                  f"{r['p99']:.1f} | {r['max']:.0f} | {r['server_cpu'] * 100:.0f}% | {r['cpu_per_move']:.2f} | "
                  f"{r['gc_max']:.1f} ({r['gc_cpu_max']:.1f}) | {r['gc_over_20']} | {r['gc_cpu_total']:.1f} | "
                  f"{r['rss']:.0f} | {r['load']:.1f} |"
                  + (f" ({r['errors']} errors, the last: {r['last_error']})" if r["errors"] else ""), flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def memory(args: argparse.Namespace, trees: list[Path], db: str | None, folder: Path) -> None:
    print("| tree | games finished | server RSS MB | seconds | load avg |")
    print("|---|---:|---:|---:|---:|")
    for k, tree in enumerate(trees):
        extra = server_flags(tree) + (args.serve_args.split() if k else [])
        server = Server(tree, folder, _fresh_db(db, folder, tree, k), 0, extra)
        try:
            for games, rss, seconds in finished_games(server, args.finished, args.players):
                print(f"| {tree.name} | {games} | {rss:.0f} | {seconds:.0f} | {os.getloadavg()[0]:.1f} |", flush=True)
        except (OSError, urllib.error.URLError) as exc:
            print(f"| {tree.name} | failed: {exc} | | | |")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
