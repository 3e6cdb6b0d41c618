"""For operators: /healthz (the process and its database) and /metrics (Prometheus)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .common import services


async def healthz(request: Request) -> Response:
    svc = services(request)
    try:
        await svc.storage.ping()
        db = "ok"
    except Exception as exc:  # the check reports, it does not fail the process
        db = f"error: {type(exc).__name__}"
    return JSONResponse({"ok": db == "ok", "db": db, "tables": len(svc.tables.tables), "process": svc.tables.owner},
                        status_code=200 if db == "ok" else 503)


async def metrics(request: Request) -> Response:
    from prometheus_client import CONTENT_TYPE_LATEST

    return Response(services(request).metrics.text(), media_type=CONTENT_TYPE_LATEST)


ROUTES = [Route("/healthz", healthz), Route("/metrics", metrics)]
