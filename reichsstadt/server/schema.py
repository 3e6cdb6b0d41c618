"""The database schema (SQLAlchemy Core tables; Alembic's migrations build the same) and
the rows the server reads and writes, as plain dataclasses.

A table's row carries two kinds of columns: what the game needs (options with their data
files, the seed, the secret its random streams derive from) and a summary for the lobby
(`summary`: the seats as the lobby lists them), so that a list of tables never reads a
data file."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    JSON, BigInteger, Boolean, Column, DateTime, Float, ForeignKey, Index, Integer, MetaData, String, Table,
)

OPEN, RUNNING, FINISHED, CLOSED = "open", "running", "finished", "closed"
STATUSES = (OPEN, RUNNING, FINISHED, CLOSED)
HUMAN = "human"

metadata = MetaData()

game_tables = Table(
    "game_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),          # the record's seed (public once the game is over)
    Column("options", JSON, nullable=False),             # resolved, data files included
    Column("status", String(16), nullable=False, index=True),
    Column("creator_hash", String(64), nullable=False),
    Column("created_at", DateTime, nullable=False),
    Column("started_at", DateTime, nullable=True),
    Column("finished_at", DateTime, nullable=True),
    Column("result", JSON, nullable=True),
    # thinking time: {"move", "game", "absent": seconds | None, "bot": the stand-in}; None: no clock
    Column("clock", JSON, nullable=True),
    # the server process that runs the table (applies its moves, runs its bots and clocks)
    Column("owner", String(64), nullable=True),
    Column("lease_until", DateTime, nullable=True),
    Column("secret", String(64), nullable=True),         # 256 bits, hex: every random stream of the table
    Column("creator_key", String(64), nullable=True),    # a keyed hash of the creator's address (limits)
    Column("summary", JSON, nullable=True),              # the seats as the lobby lists them
    Index("ix_game_tables_lobby", "status", "created_at", "id"),
    Index("ix_game_tables_creator", "creator_key", "status"),
)

seats = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(40), nullable=False),           # "human" or a bot's spec ("greedy", "mcts:1s")
    Column("name", String(40), nullable=True),
    Column("invite", String(64), nullable=False),         # the code of this seat's invite link
    Column("token_hash", String(64), nullable=True),
    Column("stand_in", String(40), nullable=True),        # a bot playing for an absent person
    Column("auto_stand_in", Boolean, nullable=False, server_default="0"),  # put there by a clock
    Column("time_used", Float, nullable=False, server_default="0"),       # seconds thought (game clock)
)

moves = Table(
    "moves", metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True),               # 0, 1, 2, ... in order
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("at", DateTime, nullable=False),
)

notes = Table(
    "table_notes", metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("k", Integer, primary_key=True),               # 0, 1, 2, ... in order
    Column("at", Integer, nullable=False),                # moves made when it was said
    Column("seat", Integer, nullable=False),
    Column("message", JSON, nullable=False),
)

reviews = Table(
    "reviews", metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("review", JSON, nullable=False),
    Column("made_at", DateTime, nullable=False),
)

server_secrets = Table(
    "server_secrets", metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)


@dataclass
class SeatRow:
    seat: int
    kind: str
    name: str | None
    invite: str
    token_hash: str | None = None
    stand_in: str | None = None
    auto_stand_in: bool = False
    time_used: float = 0.0

    def columns(self, table_id: str) -> dict[str, Any]:
        return {"table_id": table_id, "seat": self.seat, "kind": self.kind, "name": self.name,
                "invite": self.invite, "token_hash": self.token_hash, "stand_in": self.stand_in,
                "auto_stand_in": self.auto_stand_in, "time_used": self.time_used}


@dataclass
class NoteRow:
    """Something the log says that is no move (a clock ran out, a person came back)."""

    k: int
    at: int
    seat: int
    message: dict[str, Any]


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    status: str
    creator_hash: str
    created_at: dt.datetime
    seats: list[SeatRow] = field(default_factory=list)
    clock: dict[str, Any] | None = None
    secret: str = ""
    creator_key: str | None = None
    started_at: dt.datetime | None = None
    finished_at: dt.datetime | None = None
    result: dict[str, Any] | None = None
    owner: str | None = None
    lease_until: dt.datetime | None = None

    def columns(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "players": self.players, "seed": self.seed,
                "options": self.options, "status": self.status, "creator_hash": self.creator_hash,
                "created_at": self.created_at, "started_at": self.started_at, "finished_at": self.finished_at,
                "result": self.result, "clock": self.clock, "owner": self.owner, "lease_until": self.lease_until,
                "secret": self.secret, "creator_key": self.creator_key}
