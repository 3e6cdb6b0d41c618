"""The lobby's summary columns (served without reading data files), each table's secret
(every random stream of a table derives from it), the creator's keyed address (limits),
cached reviews of finished games, and the server's own secrets (the key of client
addresses, the same for every process on one database).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as t:
        t.add_column(sa.Column("secret", sa.String(64), nullable=True))
        t.add_column(sa.Column("creator_key", sa.String(64), nullable=True))
        t.add_column(sa.Column("summary", sa.JSON, nullable=True))
    op.create_index("ix_game_tables_lobby", "game_tables", ["status", "created_at", "id"])
    op.create_index("ix_game_tables_creator", "game_tables", ["creator_key", "status"])
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("review", sa.JSON, nullable=False),
        sa.Column("made_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )
    op.bulk_insert(sa.table("server_secrets", sa.column("name", sa.String), sa.column("value", sa.String)),
                   [{"name": "address", "value": secrets.token_hex(32)}])
    _fill_existing()


def _fill_existing() -> None:
    """Tables made before this revision get a secret of their own and their summary."""
    from reichsstadt.server.schema import SeatRow
    from reichsstadt.server.seating import lobby_seats

    conn = op.get_bind()
    tables = sa.table("game_tables", sa.column("id", sa.String), sa.column("secret", sa.String),
                      sa.column("summary", sa.JSON))
    seats = sa.table("seats", *(sa.column(c) for c in ("table_id", "seat", "kind", "name", "invite", "token_hash",
                                                        "stand_in")))
    ids = [r for (r,) in conn.execute(sa.select(tables.c.id))]
    for table_id in ids:
        rows = [SeatRow(r.seat, r.kind, r.name, r.invite, r.token_hash, r.stand_in)
                for r in conn.execute(sa.select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat))]
        conn.execute(sa.update(tables).where(tables.c.id == table_id)
                     .values(secret=secrets.token_hex(32), summary=lobby_seats(rows)))


def downgrade() -> None:
    op.drop_table("server_secrets")
    op.drop_table("reviews")
    op.drop_index("ix_game_tables_creator", "game_tables")
    op.drop_index("ix_game_tables_lobby", "game_tables")
    with op.batch_alter_table("game_tables") as t:
        t.drop_column("summary")
        t.drop_column("creator_key")
        t.drop_column("secret")
