"""Alembic's environment: sync engine from the URL in the config; batch mode on SQLite
(which cannot alter columns in place)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, pool, text

from reichsstadt.server.schema import metadata

config = context.config
url = config.get_main_option("sqlalchemy.url")
assert url, "the migrations need a database URL"

# several processes started at once on one new PostgreSQL database would each create the
# schema: one at a time, under a lock the database holds for the connection (the others
# then find it made)
MIGRATING = 0x72737461   # the advisory lock's key

connectable = create_engine(url, poolclass=pool.NullPool)
with connectable.connect() as connection:
    if connection.dialect.name == "postgresql":
        with connection.begin():
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATING})
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()
connectable.dispose()
