"""Alembic's environment: sync engine from the URL in the config; batch mode on SQLite
(which cannot alter columns in place)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, pool

from reichsstadt.server.schema import metadata

config = context.config
url = config.get_main_option("sqlalchemy.url")
assert url, "the migrations need a database URL"

connectable = create_engine(url, poolclass=pool.NullPool)
with connectable.connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()
connectable.dispose()
