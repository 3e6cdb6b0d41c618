"""Alembic migrations of the server's schema, applied on every start (`upgrade`)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from ..storage import database_url

HERE = Path(__file__).parent


def config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.set_main_option("sqlalchemy.url", database_url(url).replace("%", "%%"))
    cfg.attributes["quiet"] = True
    return cfg


def upgrade(url: str) -> None:
    """Bring the database at `url` to the newest schema (sync: Alembic runs its own loop)."""
    command.upgrade(config(url), "head")
