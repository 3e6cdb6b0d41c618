"""Try deploy/nginx.conf for real: Debian's nginx (`apt-get install nginx`) in front of a
`reichsstadt serve` process, on loopback addresses only, with a self-signed certificate.

    python3 deploy/check_nginx.py [--processes N] [--db postgresql://...]

The configuration file is used as shipped, with only what a machine changes replaced
(the ports, the certificate's paths, the server's ports, the creation rate at the door set
to the servers' own). With --processes 2 or more, that many servers share one PostgreSQL
(--db, or a throwaway server as the tests make it) behind the configuration's upstreams.
Checked, each printed with its result (exit status 1 if any fails):
- plain HTTP is redirected to HTTPS; /healthz answers over HTTPS;
- a whole game is played over wss:// through the proxy (a person against two bots);
- the server's limits count the real client: tables made from 127.0.0.2 reach the
  per-address creation limit (even with a forged X-Forwarded-For), while 127.0.0.3 may
  still create;
- /metrics answers the machine's own monitoring (127.0.0.1) and nobody else;
- an invite link's code is in no log (nginx's access log, as the path or a Referer, nor
  a server's);
- with several processes: all of the game's websockets (the player's, then spectators')
  reach one process, and the table runs there (the proxy routes a table's clients by its
  id, and the table passes to that process); a rolling restart (each process restarted in
  turn, the next once the last answers /healthz) while requests keep coming through
  nginx: every one answered."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import faulthandler
import http.client
import json
import os
import random
import re
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def configure(folder: Path, http_port: int, https_port: int, app_ports: list[int], per_minute: int) -> Path:
    """deploy/nginx.conf for this machine, inside a main configuration of its own."""
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=games.example.org", "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
                   check=True, capture_output=True)
    text = (HERE / "nginx.conf").read_text()
    text = re.sub(r"listen \[::\]:\d+[^;]*;\n", "", text)
    text = text.replace("listen 80;", f"listen 127.0.0.1:{http_port};")
    text = text.replace("listen 443 ssl http2;", f"listen 127.0.0.1:{https_port} ssl http2;")
    text = text.replace("/etc/ssl/certs/games.example.org.pem", str(folder / "cert.pem"))
    text = text.replace("/etc/ssl/private/games.example.org.key", str(folder / "key.pem"))
    text = re.sub(r"\n *# server 127\.0\.0\.1:8001[^;]*;", "", text)
    text = re.sub(r"server 127\.0\.0\.1:8000([^;]*);",
                  lambda m: "\n    ".join(f"server 127.0.0.1:{p}{m[1]};" for p in app_ports), text)
    text = text.replace("/var/log/nginx/access.log", str(folder / "access.log"))
    text = text.replace("rate=10r/m", f"rate={per_minute}r/m").replace("burst=9", f"burst={per_minute - 1}")
    (folder / "reichsstadt.conf").write_text(text)
    main = folder / "nginx.conf"
    main.write_text(f"""user root root;
worker_processes 1;
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 512; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/reichsstadt.conf;
}}
""")
    return main


def request(port: int, method: str, path: str, body: Any = None, source: str = "127.0.0.1", tls: bool = True,
            headers: dict[str, str] | None = None) -> tuple[int, Any, dict[str, str]]:
    context = ssl._create_unverified_context()  # the certificate is self-signed
    conn: http.client.HTTPConnection
    if tls:
        conn = http.client.HTTPSConnection("127.0.0.1", port, timeout=20, context=context, source_address=(source, 0))
    else:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20, source_address=(source, 0))
    data = json.dumps(body).encode() if body is not None else None
    conn.request(method, path, body=data, headers={"content-type": "application/json", **(headers or {})})
    r = conn.getresponse()
    raw = r.read()
    conn.close()
    try:
        got = json.loads(raw) if raw else None
    except ValueError:
        got = raw.decode(errors="replace")
    return r.status, got, {k.lower(): v for k, v in r.getheaders()}


def play_over_wss(port: int, table: str, token: str) -> dict[str, Any]:
    """A person's seat played at random to the end through wss://; the last state."""
    return asyncio.run(_play_over_wss(port, table, token))


async def _play_over_wss(port: int, table: str, token: str) -> dict[str, Any]:
    # The asyncio client, not websockets' threaded one: that one reads a TLS socket in a
    # background thread while the caller writes to it, and concurrent reads and writes on
    # one SSL object can crash the interpreter (CPython gh-151508), as happened in CI.
    from websockets.asyncio.client import connect

    rng = random.Random(3)
    state: dict[str, Any] = {}
    waiting = False   # a move sent, neither in the log nor refused yet
    async with connect(f"wss://127.0.0.1:{port}/ws/{table}", ssl=ssl._create_unverified_context(), proxy=None,
                       open_timeout=20) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "board": False}))
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            m = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if m["type"] == "error" and state:  # refused (too fast, or stale): act again on the last state
                waiting = False
                await asyncio.sleep(0.5)
                m = state
            if m["type"] != "state":
                continue
            state = m
            if waiting and any(e["seat"] == m["you"] and not e.get("note") for e in m["log"]):
                waiting = False
            if m["status"] == "finished":
                return state
            if m["legal"] and not waiting:
                waiting = True
                await asyncio.sleep(0.05)  # a quick player, within the server's message rate
                await ws.send(json.dumps({"type": "move", "action": rng.choice(m["legal"])["index"],
                                          "expect": m["move"]}))
    raise AssertionError(f"the game did not finish over wss (at move {state.get('move')})")


def serving(logs: list[Path], table: str) -> list[int]:
    """Which servers (by their index) a websocket of the table connected to (their logs)."""
    found = []
    for i, path in enumerate(logs):
        for line in path.read_text().splitlines():
            with contextlib.suppress(ValueError):
                entry = json.loads(line)
                if entry.get("event") == "connect" and entry.get("table") == table:
                    found.append(i)
                    break
    return found


def owner_of(db: str, table: str) -> str | None:
    import psycopg

    with psycopg.connect(db.replace("postgresql+psycopg://", "postgresql://")) as conn:
        row = conn.execute("SELECT owner FROM game_tables WHERE id = %s", (table,)).fetchone()
        return row[0] if row else None


def spectate(port: int, table: str) -> str:
    """A spectator comes through wss:// and leaves; the type of the first message."""
    return asyncio.run(_spectate(port, table))


async def _spectate(port: int, table: str) -> str:
    from websockets.asyncio.client import connect

    async with connect(f"wss://127.0.0.1:{port}/ws/{table}", ssl=ssl._create_unverified_context(), proxy=None,
                       open_timeout=20) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None, "board": False}))
        return str(json.loads(await asyncio.wait_for(ws.recv(), 30))["type"])


def checks(https: int, plain: int, apps: list[int], logs: list[Path], db: str | None) -> list[tuple[str, bool, str]]:
    out = []
    status, _, headers = request(plain, "GET", "/healthz", tls=False)
    out.append(("plain HTTP redirects to HTTPS", status == 301 and headers.get("location", "").startswith("https://"),
                f"{status} {headers.get('location')}"))
    status, got, _ = request(https, "GET", "/healthz")
    out.append(("/healthz over HTTPS", status == 200 and got["ok"], f"{status} {got}"))
    status, made, _ = request(https, "POST", "/api/tables", {"game": "norenberc", "players": 3,
                                                             "seats": ["human", "greedy", "random"], "take_seat": 0,
                                                             "name": "Ann"}, source="127.0.0.2")
    assert status == 201, (status, made)
    end = play_over_wss(https, made["id"], made["token"])
    out.append(("a whole game over wss:// through nginx", end["status"] == "finished" and bool(end["result"]),
                f"{end['move']} moves, ranks {end['result']['ranks']}"))
    if len(apps) > 1 and db is not None:
        welcomed = [spectate(https, made["id"]) for _ in range(4)]
        reached = serving(logs, made["id"])
        processes = [request_plain(port, "/healthz")["process"] for port in apps]
        owner = owner_of(db, made["id"])
        handed = [i for i, path in enumerate(logs) if '"hand_over"' in path.read_text()]
        out.append(("the table's websockets (a player's, then 4 spectators') all reached one process, which ran it",
                    len(reached) == 1 and owner == processes[reached[0]] and welcomed == ["welcome"] * 4,
                    f"websockets on server {reached} (welcomed: {welcomed}), owner server "
                    f"{processes.index(owner) if owner in processes else owner}; handed over by {handed or 'none'}"))
    codes = [request(https, "POST", "/api/tables", {"game": "norenberc", "players": 3, "seats": ["random"] * 3},
                     source="127.0.0.2", headers={"x-forwarded-for": "203.0.113.9"})[0] for _ in range(3)]
    out.append(("the creation limit counts the real client (127.0.0.2), a forged X-Forwarded-For changes nothing",
                codes[-1] == 429 and codes[0] == 201, f"{codes}"))
    other = request(https, "POST", "/api/tables", {"game": "norenberc", "players": 3, "seats": ["random"] * 3},
                    source="127.0.0.3")[0]
    out.append(("another client (127.0.0.3) may still create", other == 201, f"{other}"))
    local = request(https, "GET", "/metrics")
    remote = request(https, "GET", "/metrics", source="127.0.0.2")
    out.append(("/metrics for the local monitoring only", local[0] == 200 and "reichsstadt_moves_total" in local[1]
                and remote[0] == 403, f"{local[0]} from 127.0.0.1, {remote[0]} from 127.0.0.2"))
    return out


def request_plain(port: int, path: str) -> Any:
    """A server's own answer, past the proxy."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    conn.request("GET", path)
    got = json.loads(conn.getresponse().read())
    conn.close()
    return got


@contextlib.contextmanager
def database(processes: int, db: str | None) -> Iterator[str | None]:
    """The database the servers share: none of their own with one process (its SQLite
    default), else --db or a throwaway PostgreSQL."""
    if processes == 1 or db:
        yield db
        return
    sys.path.insert(0, str(ROOT))
    from tests.server.pg import throwaway_postgres

    with throwaway_postgres() as url:
        yield url


def main() -> int:
    faulthandler.enable()  # a crash of the interpreter says where, on stderr
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=1, help="server processes behind nginx (2 or more: "
                                                                  "on one PostgreSQL)")
    parser.add_argument("--db", default=None, help="PostgreSQL URL for several processes (default: a throwaway "
                                                   "server)")
    args = parser.parse_args()
    if not 1 <= args.processes <= 8:
        parser.error("--processes: 1 to 8")
    if args.db and not args.db.startswith("postgresql"):
        parser.error("--db: a PostgreSQL URL (postgresql://...)")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.path.exists(nginx):
        print("nginx is not installed: apt-get install nginx")
        return 2
    with database(args.processes, args.db) as db:
        return run(nginx, args.processes, db)


class Servers:
    """The `reichsstadt serve` processes behind nginx, each restartable (its log appended)."""

    def __init__(self, folder: Path, ports: list[int], db: str | None, per_minute: int) -> None:
        self.ports, self.db, self.per_minute = ports, db, per_minute
        self.env = {**os.environ, "REICHSSTADT_DATA": str(folder), "PYTHONPATH": str(ROOT)}
        self.logs = [folder / f"serve-{i}.log" for i in range(len(ports))]
        self.procs = [self.start(i) for i in range(len(ports))]

    def start(self, i: int) -> subprocess.Popen[bytes]:
        return subprocess.Popen([sys.executable, "-m", "reichsstadt", "serve", "--host", "127.0.0.1", "--port",
                                 str(self.ports[i]), "--bot-delay", "0", "--create-per-minute", str(self.per_minute)]
                                + (["--db", self.db] if self.db else []),
                                cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=open(self.logs[i], "a"))

    def restart(self, i: int) -> float:
        """SIGTERM, wait for the exit, start again, wait for its /healthz: the seconds it took."""
        began = time.monotonic()
        self.procs[i].terminate()
        self.procs[i].wait(30)
        self.procs[i] = self.start(i)
        while time.monotonic() - began < 60:
            with contextlib.suppress(OSError, ValueError):
                if request_plain(self.ports[i], "/healthz")["ok"]:
                    return time.monotonic() - began
            time.sleep(0.1)
        raise AssertionError(f"server {i} did not come back")


def invites_kept_out_of_logs(https: int, folder: Path, logs: list[Path]) -> tuple[str, bool, str]:
    """An invite link opened through nginx, and a request it leads to (with the link as
    its Referer): the invite code is in no log, nginx's or a server's."""
    status, made, _ = request(https, "POST", "/api/tables", {"game": "norenberc", "players": 3, "take_seat": 0,
                                                             "seats": ["human", "human", "random"], "name": "Ann"},
                              source="127.0.0.4")
    invite = made["invites"][0]["invite"]
    link = f"/t/{made['id']}/join/{invite}"
    opened = request(https, "GET", link, source="127.0.0.4")[0]
    request(https, "GET", f"/api/tables/{made['id']}", source="127.0.0.4",
            headers={"referer": f"https://games.example.org{link}"})
    time.sleep(1)   # nginx writes its access log as it goes; the servers' log threads
    found = [path.name for path in [folder / "access.log", *logs] if invite in path.read_text()]
    return ("invite codes stay out of the logs (nginx's and the servers')", status == 201 and opened == 200
            and not found, f"link {opened}; the invite code found in {found or 'no log'}")


def rolling_restart(https: int, servers: Servers) -> tuple[str, bool, str]:
    """Each process restarted in turn (the next once the last answers /healthz) while
    requests keep coming through nginx: a plain request or a table's websocket, each
    answered by the process that is up (websockets cut by the restart are not counted)."""
    import threading

    status, made, _ = request(https, "POST", "/api/tables", {"game": "norenberc", "players": 3,
                                                             "seats": ["human", "random", "random"]},
                              source="127.0.0.5")
    failed: list[str] = []
    done = threading.Event()
    tried = 0

    def load() -> None:
        nonlocal tried
        while not done.is_set():
            tried += 2
            with contextlib.suppress(OSError):   # a connection cut by nginx's worker: not an answer
                code = request(https, "GET", "/api/tables?status=open&limit=5", source="127.0.0.5")[0]
                if code != 200:
                    failed.append(f"GET {code}")
            try:
                spectate(https, made["id"])
            except Exception as exc:   # noqa: BLE001 - what a browser would see, said
                if getattr(getattr(exc, "rcvd", None), "code", None) != 1012:   # not "restarting", sent by a server
                    failed.append(f"ws {str(exc)[:60]}")
            time.sleep(0.05)

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    try:
        took = [round(servers.restart(i), 1) for i in range(len(servers.procs))]
        time.sleep(1)
    finally:
        done.set()
        worker.join(60)
    return ("a rolling restart (one process at a time) while visitors come: every request answered",
            status == 201 and not failed, f"restarts of {took} s, {tried} requests, refused: {failed[:4] or 'none'}")


def run(nginx: str, processes: int, db: str | None) -> int:
    folder = Path(tempfile.mkdtemp(prefix="rs-nginx-"))
    http_port, https_port = free_port(), free_port()
    app_ports = [free_port() for _ in range(processes)]
    per_minute = 2  # the servers' creation limit below, at the door too
    main_conf = configure(folder, http_port, https_port, app_ports, per_minute)
    servers = Servers(folder, app_ports, db, per_minute)
    apps, logs = servers.procs, servers.logs
    # nginx must not hold this script's output open: if the script died, a caller reading
    # that output would wait for nginx instead of seeing the death.
    proxy = subprocess.Popen([nginx, "-c", str(main_conf), "-p", str(folder)], stdout=subprocess.DEVNULL,
                             stderr=open(folder / "nginx.stderr", "w"))
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if request(https_port, "GET", "/healthz")[0] == 200 and \
                        all(request_plain(port, "/healthz")["ok"] for port in app_ports):
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or proxy.poll() is not None or any(a.poll() is not None for a in apps):
                print("nginx or a server did not start (exit statuses", [a.poll() for a in apps], "):",
                      (folder / "error.log").read_text()[-2000:], *(log.read_text()[-1000:] for log in logs))
                return 1
            time.sleep(0.2)
        results = checks(https_port, http_port, app_ports, logs, db)
        results.append(invites_kept_out_of_logs(https_port, folder, logs))
        if processes > 1:
            results.append(rolling_restart(https_port, servers))
    finally:
        proxy.terminate()
        for a in apps:
            a.terminate()
        proxy.wait(10)
        for a in apps:
            a.wait(30)
    print(f"nginx {subprocess.run([nginx, '-v'], capture_output=True, text=True).stderr.strip()}, "
          f"deploy/nginx.conf, TLS on 127.0.0.1:{https_port}, {processes} server process"
          f"{'es on PostgreSQL' if processes > 1 else ''}")
    for name, ok, detail in results:
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}")
    shutil.rmtree(folder, ignore_errors=True)
    return 0 if all(ok for _, ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
