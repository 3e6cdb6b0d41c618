"""`reichsstadt serve`: the web platform on uvicorn (uvloop where installed), with every
start-up mistake said in one line (exit status 2): a --db that is no database, PostgreSQL
without its driver, a database that cannot be reached, a port in use."""

from __future__ import annotations

import asyncio
import errno
import socket
from typing import Any, Callable, Optional

import typer

from .config import Settings, default_data_dir


def _option(default: Any, *names: str, help: str, hidden: bool = False) -> Any:
    return typer.Option(default, *names, help=help, hidden=hidden)


_INF = float("inf")
RANGES: dict[str, tuple[float, float, bool]] = {   # flag: (lowest, highest, the lowest itself refused)
    "--port": (1, 65535, False), "--bot-delay": (0, _INF, False), "--lease": (1, _INF, False),
    "--header-timeout": (0, _INF, True), "--body-timeout": (0, _INF, True), "--bot-max-seconds": (0, _INF, True),
    "--bot-max-iterations": (1, _INF, False), "--bot-workers": (0, 256, False), "--max-body-kb": (0, _INF, True),
    "--max-json-depth": (0, _INF, True), "--messages-per-second": (0, _INF, True),
    "--log-lines-per-second": (0, _INF, True), "--hint-interval": (0, _INF, False),
    "--create-per-minute": (0, _INF, True), "--open-per-creator": (1, _INF, False), "--open-hours": (0, _INF, True),
    "--connections-per-address": (1, _INF, False), "--spectators-per-table": (0, _INF, False),
    "--replays-per-second": (0, _INF, True),
    "--clock-minimum": (0, _INF, False), "--write-timeout": (0, _INF, True)}
"""What serve's numeric options may be (--port 70000 listened on 4464; nan and inf passed every check)."""

CEILINGS: dict[str, float] = {   # flag: the most an option open upwards in RANGES may be
    "--bot-delay": 3600, "--lease": 86400, "--header-timeout": 3600, "--body-timeout": 3600,
    "--bot-max-seconds": 3600, "--messages-per-second": 1e6, "--log-lines-per-second": 1e6,
    "--hint-interval": 86400, "--create-per-minute": 1e6, "--open-hours": 87600, "--replays-per-second": 1e6,
    "--clock-minimum": 86400, "--write-timeout": 3600, "--max-json-depth": 1000}
"""Finite numbers too large to mean anything: --open-hours 1e300 started, then logged a
traceback every 5 s (its sweep's timedelta overflowed); --log-lines-per-second 1e308 (a
burst of 5x that: infinity) stopped with "Internal error ... please report it";
--max-json-depth 10000000 let a body of 2 MB of "[" nest a million deep, and parsing it
crashed the process (a segmentation fault)."""


def check_ranges(values: dict[str, float]) -> None:
    """BadOption for the first option outside its range in RANGES (nan and inf too)."""
    from ..core import BadOption, Message

    for name, value in values.items():
        least, most, strict = RANGES[name]
        if not (least < value if strict else least <= value) or not value <= most or value == _INF:
            span = ("more_than" if strict else "or_more") if most == _INF else "range"
            raise BadOption(Message(f"commands.serve.{span}", flag=name, least=f"{least:g}", most=f"{most:g}",
                                    value=str(value)))   # nan fails every comparison: refused too
        if value > CEILINGS.get(name, _INF):
            raise BadOption(Message("commands.serve.at_most", flag=name, most=f"{CEILINGS[name]:g}",
                                    value=f"{value:g}"))


def serve(
    host: str = _option("127.0.0.1", help="Address to listen on."),
    port: int = _option(8000, help="Port to listen on."),
    db: Optional[str] = _option(None, help="Database: a SQLite file's path, or a URL (sqlite:///file.db, "
                                           "postgresql://user@host/db). Default: a SQLite file in the data folder."),
    sqlite_sync: str = _option("NORMAL", "--sqlite-sync", help="SQLite durability: NORMAL (a commit survives a crash "
                                                              "of the process) or FULL (also a power cut)."),
    bot_delay: float = _option(0.8, "--bot-delay", help="Seconds between bot moves (0: instant)."),
    plain_logs: bool = _option(False, "--plain-logs", help="Human-readable logs instead of JSON lines."),
    lease: float = _option(15.0, "--lease", help="Several processes on one PostgreSQL: seconds a table's lease "
                                                  "lasts unrenewed (another process takes a table over that long "
                                                  "after its owner dies)."),
    hand_over: bool = _option(True, "--hand-over/--keep-tables",
                              help="Several processes: a table whose owner has no client at it passes to the "
                                   "process its moves come from (--keep-tables: it stays with its owner)."),
    bot_workers: int = _option(0, "--bot-workers", help="Worker processes for bots, hints and reviews "
                                                        "(0: one per core, at least 2)."),
    bot_max_seconds: float = _option(5.0, "--bot-max-seconds", help="The longest a bot may think a move."),
    bot_max_iterations: int = _option(20_000, "--bot-max-iterations", help="The most iterations a bot may "
                                                                            "search a move."),
    create_per_minute: float = _option(10.0, "--create-per-minute", help="Tables one client address may create "
                                                                         "a minute (that many at once, too)."),
    open_per_creator: int = _option(5, "--open-per-creator", help="Tables waiting for people that one client "
                                                                  "address may have at once."),
    open_hours: float = _option(24.0, "--open-hours", help="Hours a table waits for people before it expires."),
    connections: int = _option(64, "--connections-per-address", help="Connections one client address may hold."),
    spectators: int = _option(50, "--spectators-per-table", help="Spectators one table may have."),
    replays_per_second: float = _option(20.0, "--replays-per-second", help="Replay steps one client address may "
                                                                          "ask a second (bursts of twice as many)."),
    header_timeout: float = _option(10.0, "--header-timeout", help="Seconds a client has to send a request's headers."),
    body_timeout: float = _option(20.0, "--body-timeout", help="Seconds a client has to send a request's body."),
    max_body_kb: int = _option(2048, "--max-body-kb", help="The largest request body in kilobytes (a table with "
                                                           "a data file of one's own)."),
    max_json_depth: int = _option(32, "--max-json-depth", help="How deep bodies and messages may nest (<= 1000)."),
    messages_per_second: float = _option(15.0, "--messages-per-second", help="Messages one websocket may send a "
                                                                             "second (bursts of 8/3 as many)."),
    hint_interval: float = _option(10.0, "--hint-interval", help="Seconds between two hints of one seat."),
    log_lines_per_second: float = _option(200.0, "--log-lines-per-second", help="Log lines kept a second (warnings, "
                                                                                "errors apart; bursts of 5x)."),
    forwarded_allow_ips: str = _option("127.0.0.1", "--forwarded-allow-ips",
                                       help="Reverse proxies whose X-Forwarded-For names the real client "
                                            "(comma-separated addresses; '*' trusts any)."),
    clock_minimum: float = _option(5.0, "--clock-minimum", help="The shortest thinking time a table may set "
                                                                "(for tests).", hidden=True),
    write_timeout: float = _option(10.0, "--write-timeout", help="Seconds a websocket's client may leave what it "
                                                                 "is sent unread before it is cut off.", hidden=True),
    gc_tuning: bool = _option(True, "--gc-tuning/--gc-default", help="Freeze what start-up made out of garbage "
                                                                     "collections and collect less often (measured: "
                                                                     "benchmarks/README.md).", hidden=True),
) -> None:
    """Start the web platform: create tables, invite friends, play in the browser."""
    from ..core import BadOption, Message

    check_ranges({"--port": port, "--bot-delay": bot_delay, "--lease": lease, "--header-timeout": header_timeout,
                  "--body-timeout": body_timeout, "--bot-max-seconds": bot_max_seconds,
                  "--bot-max-iterations": bot_max_iterations, "--bot-workers": bot_workers,
                  "--max-body-kb": max_body_kb, "--max-json-depth": max_json_depth,
                  "--messages-per-second": messages_per_second, "--log-lines-per-second": log_lines_per_second,
                  "--hint-interval": hint_interval, "--create-per-minute": create_per_minute,
                  "--open-per-creator": open_per_creator, "--open-hours": open_hours,
                  "--connections-per-address": connections, "--spectators-per-table": spectators,
                  "--replays-per-second": replays_per_second, "--clock-minimum": clock_minimum,
                  "--write-timeout": write_timeout})
    if sqlite_sync.upper() not in ("NORMAL", "FULL"):
        raise BadOption(Message("commands.serve.sqlite_sync", value=repr(sqlite_sync)))
    settings = Settings(db_url=db or "", sqlite_sync=sqlite_sync.upper(), bot_delay=bot_delay,
                        log_json=not plain_logs, lease_seconds=lease, lease_renew=max(0.25, lease / 4),
                        hand_over=hand_over, clock_minimum=clock_minimum, write_timeout=write_timeout,
                        bot_workers=bot_workers, bot_max_seconds=bot_max_seconds, create_rate=create_per_minute / 60.0,
                        bot_max_iterations=bot_max_iterations,
                        create_burst=max(1, int(create_per_minute)), open_per_creator=open_per_creator,
                        open_ttl=open_hours * 3600, connections_per_address=connections,
                        spectators_per_table=spectators, replay_rate=replays_per_second,
                        replay_burst=max(1, int(2 * replays_per_second)),
                        header_timeout=header_timeout, body_timeout=body_timeout,
                        max_body_bytes=max_body_kb * 1024, max_json_depth=max_json_depth,
                        rate_per_second=messages_per_second, rate_burst=max(1, round(messages_per_second * 8 / 3)),
                        hint_interval=hint_interval, log_rate=log_lines_per_second,
                        log_burst=max(1, round(log_lines_per_second * 5)), forwarded_allow_ips=forwarded_allow_ips)
    run(settings, prepare(settings, host, port), host, port, gc_tuning)


def prepare(settings: Settings, host: str, port: int) -> str:
    """Every check that can fail before the server starts, each one line (BadOption):
    the database URL, its driver, the database itself (migrations applied), the port."""
    from ..core import BadOption, Message
    from . import migrations
    from .storage import DatabaseUrlError, check_driver

    try:
        url = settings.resolved_db_url()
        check_driver(url)
    except DatabaseUrlError as exc:
        raise BadOption(exc.args[0]) from None
    try:
        migrations.upgrade(url)
    except Exception as exc:  # noqa: BLE001 - whatever the driver says, in one line
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0][:300]
        raise BadOption(Message("commands.serve.database", database=url.split("@")[-1], reason=reason)) from None
    _check_port(host, port)
    return url


def _check_port(host: str, port: int) -> None:
    from ..core import BadOption, Message

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise BadOption(Message("commands.serve.host", host=host, reason=str(exc.strerror))) from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise BadOption(Message("commands.serve.port_in_use", port=port, host=host)) from None
            raise BadOption(Message("commands.serve.listen", host=host, port=port, reason=str(exc.strerror or exc))) \
                from None


def browser_url(host: str, port: int) -> str:
    """Where a browser on this machine finds the server: an IPv6 address in brackets
    (http://::1:8000/ was said, which no browser opens); for every address (0.0.0.0, ::)
    the loopback one, with what was listened on said."""
    everywhere = {"0.0.0.0": "127.0.0.1", "::": "[::1]", "": "127.0.0.1"}
    if host in everywhere:
        return f"http://{everywhere[host]}:{port}/ (listening on every address, {host or '0.0.0.0'})"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    try:
        import uvloop
    except ImportError:
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def _raise_file_limit() -> None:
    """As many open files as the system allows this process (connections are files)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ImportError, ValueError, OSError):
        pass


def run(settings: Settings, url: str, host: str, port: int, gc_tuning: bool = True) -> None:
    import uvicorn

    from ..core import BadOption, Message
    from . import logs
    from .app import create_app
    from .httpguard import guarded_protocol, guarded_websocket, trusted_proxies
    from .storage import sqlite_path

    _raise_file_limit()
    pipeline = logs.setup(json_lines=settings.log_json, rate=settings.log_rate, burst=settings.log_burst)
    where = sqlite_path(url)
    typer.echo(f"reichsstadt: open {browser_url(host, port)} in your browser")
    typer.echo(f"database: {where if where else url.split('@')[-1]}"
               + (f" (data folder {default_data_dir()})" if where else ""))
    settings.db_url = url
    # the log lines are written before uvicorn re-raises a SIGTERM it caught
    app = create_app(settings, tune_gc_after_start=gc_tuning, on_stopped=pipeline.stop)
    trusted = trusted_proxies(settings.forwarded_allow_ips)

    def refused(limit: str) -> None:   # a refusal before the app: in its metrics once it has started
        services = getattr(app.state, "services", None)
        if services is not None:
            services.metrics.limited(limit)
    config = uvicorn.Config(app, host=host, port=port, log_config=None, ws_max_size=64 * 1024,
                            timeout_graceful_shutdown=10, proxy_headers=True,
                            forwarded_allow_ips=settings.forwarded_allow_ips, loop="none",
                            ws=guarded_websocket(settings.write_timeout, refused),
                            http=guarded_protocol(settings.header_timeout, settings.body_timeout,
                                                  settings.connections_per_address, trusted, refused))
    server = uvicorn.Server(config)
    try:
        with asyncio.Runner(loop_factory=_loop_factory()) as runner:
            runner.run(server.serve())
    except OSError as exc:
        raise BadOption(Message("commands.serve.listen", host=host, port=port, reason=str(exc.strerror or exc))) \
            from None
    finally:
        pipeline.stop()
    if not server.started and getattr(app.state, "startup_error", None):
        raise BadOption(Message("commands.serve.not_started", reason=str(app.state.startup_error)))
