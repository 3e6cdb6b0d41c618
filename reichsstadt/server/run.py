"""`reichsstadt serve`: the web platform on uvicorn."""

from __future__ import annotations

import asyncio
from typing import Optional

import typer

from .config import Settings, default_data_dir


def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(8000, help="Port to listen on."),
    db: Optional[str] = typer.Option(None, help="Database URL (default: a SQLite file in the data folder; "
                                                "PostgreSQL: postgresql+psycopg://user@host/db)."),
    bot_delay: float = typer.Option(0.8, "--bot-delay", help="Seconds between bot moves (0: instant)."),
    plain_logs: bool = typer.Option(False, "--plain-logs", help="Human-readable logs instead of JSON lines."),
    lease: float = typer.Option(15.0, "--lease", help="Several processes on one PostgreSQL: seconds a table's "
                                                      "lease lasts unrenewed (another process takes a table over "
                                                      "that long after its owner dies)."),
    clock_minimum: float = typer.Option(5.0, "--clock-minimum", hidden=True,
                                        help="The shortest thinking time a table may set (for tests)."),
) -> None:
    """Start the web platform: create tables, invite friends, play in the browser."""
    import uvicorn

    from ..core import BadOption
    from . import logs
    from .app import create_app
    from .storage import sqlite_path

    if bot_delay < 0:
        raise BadOption(f"--bot-delay is 0 or more seconds, not {bot_delay}")
    if lease < 1:
        raise BadOption(f"--lease is at least 1 second, not {lease}")
    settings = Settings(db_url=db or "", bot_delay=bot_delay, log_json=not plain_logs, lease_seconds=lease,
                        lease_renew=max(0.25, lease / 4), clock_minimum=clock_minimum)
    url = settings.resolved_db_url()
    logs.setup(json_lines=settings.log_json)
    where = sqlite_path(url)
    typer.echo(f"reichsstadt: open http://{host}:{port}/ in your browser")
    typer.echo(f"database: {where if where else url.split('@')[-1]}"
               + (f" (data folder {default_data_dir()})" if where else ""))
    app = create_app(settings)
    config = uvicorn.Config(app, host=host, port=port, log_config=None, ws_max_size=64 * 1024,
                            timeout_graceful_shutdown=10)
    server = uvicorn.Server(config)
    try:
        asyncio.run(server.serve())
    except OSError as exc:
        raise BadOption(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
