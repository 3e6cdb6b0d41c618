"""Fixtures of the server tests: the test game with picks (registered for the test only)
and a throwaway PostgreSQL server per test process."""

from __future__ import annotations

import itertools
from typing import Any, Iterator

import pytest

from reichsstadt.core import registry

from .marketgame import GAME as MARKET
from .pg import create_database, throwaway_postgres


@pytest.fixture
def market() -> Iterator[str]:
    """The Market test game, registered while the test runs (game_ids() at collection
    time stays the installed games)."""
    registry.register(MARKET)
    try:
        yield MARKET.id
    finally:
        registry._extra.pop(MARKET.id, None)
        registry._loaded.pop(MARKET.id, None)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    with throwaway_postgres() as url:
        yield url


_numbers = itertools.count()


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """A fresh database of its own on the throwaway server."""
    return create_database(postgres_server, f"t{next(_numbers)}")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: Any, tmp_path: Any) -> str:
    """Each storage test runs on a SQLite file and on a real PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path}/store.db"
    return request.getfixturevalue("postgres_url")  # type: ignore[no-any-return]
