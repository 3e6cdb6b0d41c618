"""The web platform: an ASGI app (Starlette on uvicorn) with a lobby, live tables over
websockets, storage through SQLAlchemy (SQLite by default, PostgreSQL by URL), and the
browser client (reichsstadt/web) served as static ES modules.

Modules: config (settings), storage (schema, queries), migrations (Alembic), live (tables
in memory: moves checked, committed, then announced), protocol (messages in and out,
validated), app (HTTP and websocket routes), logs (structured logs)."""
