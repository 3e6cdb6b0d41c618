"""Clocks (thinking time per move or per game, absence), log notes, and table leases for
several server processes on one database.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as t:
        t.add_column(sa.Column("clock", sa.JSON, nullable=True))
        t.add_column(sa.Column("owner", sa.String(64), nullable=True))
        t.add_column(sa.Column("lease_until", sa.DateTime, nullable=True))
    with op.batch_alter_table("seats") as t:
        t.add_column(sa.Column("auto_stand_in", sa.Boolean, nullable=False, server_default=sa.false()))
        t.add_column(sa.Column("time_used", sa.Float, nullable=False, server_default="0"))
    op.create_table(
        "table_notes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("k", sa.Integer, primary_key=True),
        sa.Column("at", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("message", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_notes")
    with op.batch_alter_table("seats") as t:
        t.drop_column("time_used")
        t.drop_column("auto_stand_in")
    with op.batch_alter_table("game_tables") as t:
        t.drop_column("lease_until")
        t.drop_column("owner")
        t.drop_column("clock")
