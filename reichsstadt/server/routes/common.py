"""What every route shares: errors as JSON with words, request bodies read within their
limits (size, time, nesting), the bearer token, the client's address, the services."""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from ...core import Message, ReichsstadtError
from ...core.errors import DataFileError
from ..jsonin import BadJson, loads
from ..protocol import words
from ..services import Services

Handler = Callable[[Request], Awaitable[Response]]
BIG_BODY = 64 * 1024   # bytes: a body this large is parsed off the event loop
TEXT_MOST = 2000       # characters of an error in plain words (the engine's, echoing what it was sent)


class ApiError(Exception):
    def __init__(self, status: int, message: Message | str, code: str = "bad_request",
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(str(message))
        self.status, self.message, self.code, self.headers = status, message, code, headers


def fail(status: int, msgid: str, code: str = "bad_request", /, **args: Any) -> ApiError:
    return ApiError(status, Message(msgid, **args), code)


def json_error(exc: ApiError) -> JSONResponse:
    return JSONResponse({"error": words(exc.message), "code": exc.code, "text": str(exc.message)},
                        status_code=exc.status, headers=exc.headers)


async def no_route(request: Request, exc: Exception) -> Response:
    """An address or method no route answers: under /api/ the JSON error every API
    answer has (a client parses one shape), elsewhere Starlette's plain words."""
    assert isinstance(exc, HTTPException)
    if not request.url.path.startswith("/api/") or exc.status_code not in (404, 405):
        return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=exc.headers)
    path, headers = request.url.path[:80], dict(exc.headers or {})
    if exc.status_code == 405:
        message = Message("server.error.method", method=request.method[:10], path=path)
        return json_error(ApiError(405, message, "method_not_allowed", headers))
    return json_error(ApiError(404, Message("server.error.no_route", path=path), "not_found", headers))


def services(conn: HTTPConnection) -> Services:
    return conn.app.state.services  # type: ignore[no-any-return]


def client_address(conn: HTTPConnection) -> str:
    """The client's address (behind a trusted proxy: the one it forwards)."""
    return conn.client.host if conn.client is not None else "unknown"


def guarded(handler: Handler) -> Handler:
    """Refusals become JSON errors with words, never a traceback."""
    async def run(request: Request) -> Response:
        try:
            return await handler(request)
        except ApiError as exc:
            if exc.status == 429:  # counted by the limit (create_rate, replay_rate, open_tables, ...)
                limit = exc.message.id.rsplit(".", 1)[-1] if isinstance(exc.message, Message) else exc.code
                services(request).metrics.limited(limit)
            return json_error(exc)
        except DataFileError as exc:  # the file, the entry and the rule, each in the reader's language
            reason = _cut(exc.message) if isinstance(exc.message, Message) else _short(str(exc))
            return json_error(ApiError(400, Message("server.error.data_file", reason=reason), "refused"))
        except ReichsstadtError as exc:
            return json_error(ApiError(400, _short(exc.message or str(exc)), "refused"))
    return run


def _short(message: Message | str) -> Message | str:
    """An error in plain words, cut to TEXT_MOST characters: one that quotes a huge value
    it was sent (an unknown game or option of a megabyte) does not send it back twice."""
    if isinstance(message, str) and len(message) > TEXT_MOST:
        return message[:TEXT_MOST] + "…"
    return message


def _cut(value: Any) -> Any:
    """A message whose arguments are cut to TEXT_MOST characters each: a data file's refusal
    names the entry by its path, and a key of a megabyte is not sent back whole."""
    if isinstance(value, Message):
        return Message(value.id, **{k: _cut(v) for k, v in value.args.items()})
    if isinstance(value, list):
        return [_cut(v) for v in value]
    return _short(value) if isinstance(value, str) else value


async def body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read within the body limits: its size, the time it may
    take to arrive, its nesting depth; ApiError naming what was wrong otherwise."""
    settings = services(request).settings
    limit = settings.max_body_bytes
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:  # refused before it is read
        raise fail(413, "server.error.too_large", "too_large", size=int(declared), limit=limit)
    try:
        raw = await asyncio.wait_for(_read(request, limit), settings.body_timeout)
    except asyncio.TimeoutError:
        raise fail(408, "server.error.body_timeout", "timeout", seconds=settings.body_timeout) from None
    try:
        if len(raw) > BIG_BODY:
            obj = await asyncio.to_thread(loads, raw or b"{}", settings.max_json_depth, True)
        else:
            obj = loads(raw or b"{}", settings.max_json_depth, True)
    except BadJson as exc:
        if exc.reason == "depth":
            raise fail(400, "server.error.too_deep", "malformed", most=settings.max_json_depth) from None
        if exc.reason == "duplicate":
            raise fail(400, "server.error.duplicate_key", "malformed", key=exc.detail) from None
        raise fail(400, "server.error.bad_json", "malformed", detail=exc.detail) from None
    if not isinstance(obj, dict):  # (a websocket message's words would ask for a "type")
        raise fail(400, "server.error.body_not_object", "malformed")
    return obj


def known_fields(got: dict[str, Any], kind: str, fields: tuple[str, ...]) -> None:
    """Refuse a body with a field the request does not have (a misspelt "nmae" or "seat"
    would be dropped without a word), naming the first, as the websocket protocol does."""
    extra = sorted(k for k in got if k not in fields)
    if extra:
        raise fail(400, "server.error.unknown_field", type=kind, field=extra[0][:40])


async def _read(request: Request, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise fail(413, "server.error.too_large", "too_large", size=size, limit=limit)
        chunks.append(chunk)
    return b"".join(chunks)


def bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    return auth[7:].strip() or None if auth.lower().startswith("bearer ") else None
