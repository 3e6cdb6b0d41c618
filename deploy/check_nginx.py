"""Try deploy/nginx.conf for real: Debian's nginx (`apt-get install nginx`) in front of a
`reichsstadt serve` process, on loopback addresses only, with a self-signed certificate.

    python3 deploy/check_nginx.py

The configuration file is used as shipped, with only what a machine changes replaced
(the ports, the certificate's paths, the server's port). Checked, each printed with its
result (exit status 1 if any fails):
- plain HTTP is redirected to HTTPS; /healthz answers over HTTPS;
- a whole game is played over wss:// through the proxy (a person against two bots);
- the server's limits count the real client: tables made from 127.0.0.2 reach the
  per-address creation limit (even with a forged X-Forwarded-For), while 127.0.0.3 may
  still create;
- /metrics answers the machine's own monitoring (127.0.0.1) and nobody else."""

from __future__ import annotations

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
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def configure(folder: Path, http_port: int, https_port: int, app_port: int) -> Path:
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
    text = text.replace("server 127.0.0.1:8000;", f"server 127.0.0.1:{app_port};")
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
    from websockets.sync.client import connect

    context = ssl._create_unverified_context()
    rng = random.Random(3)
    state: dict[str, Any] = {}
    waiting = False   # a move sent, neither in the log nor refused yet
    with connect(f"wss://127.0.0.1:{port}/ws/{table}", ssl=context, proxy=None, open_timeout=20) as ws:
        ws.send(json.dumps({"type": "hello", "token": token, "board": False}))
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            m = json.loads(ws.recv(timeout=30))
            if m["type"] == "error" and state:  # refused (too fast, or stale): act again on the last state
                waiting = False
                time.sleep(0.5)
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
                time.sleep(0.05)  # a quick player, within the server's message rate
                ws.send(json.dumps({"type": "move", "action": rng.choice(m["legal"])["index"], "expect": m["move"]}))
    raise AssertionError(f"the game did not finish over wss (at move {state.get('move')})")


def checks(https: int, plain: int) -> list[tuple[str, bool, str]]:
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


def main() -> int:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.path.exists(nginx):
        print("nginx is not installed: apt-get install nginx")
        return 2
    folder = Path(tempfile.mkdtemp(prefix="rs-nginx-"))
    http_port, https_port, app_port = free_port(), free_port(), free_port()
    main_conf = configure(folder, http_port, https_port, app_port)
    env = {**os.environ, "REICHSSTADT_DATA": str(folder), "PYTHONPATH": str(ROOT)}
    app = subprocess.Popen([sys.executable, "-m", "reichsstadt", "serve", "--host", "127.0.0.1", "--port",
                            str(app_port), "--bot-delay", "0", "--create-per-minute", "2"],
                           cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=open(folder / "serve.log", "w"))
    proxy = subprocess.Popen([nginx, "-c", str(main_conf), "-p", str(folder)], stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if request(https_port, "GET", "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or proxy.poll() is not None or app.poll() is not None:
                print("nginx or the server did not start:", (folder / "error.log").read_text()[-2000:])
                return 1
            time.sleep(0.2)
        results = checks(https_port, http_port)
    finally:
        proxy.terminate()
        app.terminate()
        proxy.wait(10)
        app.wait(30)
    print(f"nginx {subprocess.run([nginx, '-v'], capture_output=True, text=True).stderr.strip()}, "
          f"deploy/nginx.conf, TLS on 127.0.0.1:{https_port}")
    for name, ok, detail in results:
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}")
    shutil.rmtree(folder, ignore_errors=True)
    return 0 if all(ok for _, ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
