"""A throwaway PostgreSQL server for tests (../shared/recipes/web.md): initdb and pg_ctl
(found on PATH, else in `pg_config --bindir`) as the `postgres` user when running as root,
in a folder that user can reach, on a free port, fsync off; stopped and removed afterwards."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from contextlib import contextmanager
from typing import Iterator


def server_bindir() -> str:
    """The folder of PostgreSQL's server programs (initdb, pg_ctl): where PATH finds
    them, else what `pg_config --bindir` says (Debian keeps them off PATH)."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return os.path.dirname(os.path.realpath(found))
    pg_config = shutil.which("pg_config")
    if pg_config:
        bindir = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True).stdout.strip()
        if bindir and os.path.exists(os.path.join(bindir, "pg_ctl")):
            return bindir
    raise RuntimeError("PostgreSQL's server programs (initdb, pg_ctl) are neither on PATH nor in pg_config --bindir: "
                       "install PostgreSQL (tests/setup.sh) or put its bin folder on PATH")


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """The URL of a fresh server's `postgres` database (postgresql+psycopg://...)."""
    bindir = server_bindir()
    base = tempfile.mkdtemp(prefix="pgtest-")
    data = os.path.join(base, "data")
    prefix: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(base, "postgres", "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]

    def run(*args: str) -> None:
        subprocess.run(prefix + list(args), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    try:
        run(f"{bindir}/initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync")
        run(f"{bindir}/pg_ctl", "-D", data, "-l", os.path.join(base, "log"), "-w", "-t", "30", "start", "-o",
            f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off")
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(prefix + [f"{bindir}/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(base, ignore_errors=True)


def create_database(server_url: str, name: str) -> str:
    """A new empty database on the server; its URL."""
    import psycopg

    plain = server_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return server_url.rsplit("/", 1)[0] + "/" + name
