"""The ASGI app: lobby API, live play over websockets, the browser client's files.

HTTP (JSON):
    GET  /healthz                              liveness and database check
    GET  /api/games                            games, player counts, declared options, bots
    GET  /api/tables?status=open|running|finished
    POST /api/tables                           create a table (the creator's token comes back once)
    GET  /api/tables/{id}                      a table's public facts
    GET  /api/tables/{id}/invites              the seats' invite codes (creator only)
    POST /api/tables/{id}/join                 {"invite", "name"} -> the seat's token
    POST /api/tables/{id}/start                (creator) once every seat is filled
    POST /api/tables/{id}/seats/{seat}/stand-in  {"bot": name | null}: the creator hands an
                                               absent person's seat to a bot; the person
                                               (their token) takes it back with null
    GET  /api/tables/{id}/data                 the component data it plays with (map, tiles, cards)
    GET  /api/tables/{id}/record               the game record (finished games)
    GET  /api/tables/{id}/replay?seat=&move=   the game as a seat saw it after `move` moves
    GET  /i18n/{lang}.json                     a catalog for the browser
    GET  /games/{id}/{file}                    a game's browser board (board.js, ...), from its package
WS   /ws/{id}                                  live play (see protocol.py)
Tokens travel in the `Authorization: Bearer` header or the websocket's hello, never in URLs."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
import unicodedata
from importlib import resources
from typing import Any, AsyncIterator

import orjson

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..bots import bot_names, make_bot
from ..core import BadOption, IllegalAction, Message, ReichsstadtError, game as find_game, game_ids, replay
from ..core.record import Record
from ..i18n import export_json, languages
from . import migrations
from .boards import board_file, board_url
from .config import Settings
from .live import Connection, LiveTable, TableManager, new_seats
from .protocol import BadMessage, RateLimit, error, parse, words
from .storage import FINISHED, HUMAN, OPEN, Storage, TableRow, new_token, now, token_hash

log = logging.getLogger("reichsstadt.server")

WEB = resources.files("reichsstadt") / "web"
MAX_BODY = 2 * 1024 * 1024      # a table's creation with a data file of one's own
NAME_LIMIT = 24


class ApiError(Exception):
    def __init__(self, status: int, message: Message | str, code: str = "bad_request") -> None:
        super().__init__(str(message))
        self.status, self.message, self.code = status, message, code


def _fail(status: int, msgid: str, code: str = "bad_request", /, **args: Any) -> ApiError:
    return ApiError(status, Message(msgid, **args), code)


def _json_error(exc: ApiError) -> JSONResponse:
    return JSONResponse({"error": words(exc.message), "code": exc.code, "text": str(exc.message)},
                        status_code=exc.status)


async def _body(request: Request) -> dict[str, Any]:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:  # refused before it is read
        raise _fail(413, "server.error.too_large", "too_large", size=int(declared), limit=MAX_BODY)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise _fail(413, "server.error.too_large", "too_large", size=size, limit=MAX_BODY)
        chunks.append(chunk)
    raw = b"".join(chunks)
    try:
        obj = json.loads(raw or b"{}")
    except ValueError:
        raise _fail(400, "server.error.not_json", "malformed") from None
    if not isinstance(obj, dict):
        raise _fail(400, "server.error.not_object", "malformed")
    return obj


def _bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    return auth[7:].strip() or None if auth.lower().startswith("bearer ") else None


CLOCK_LONGEST = 24 * 3600   # seconds: the longest limit a table may set


def clean_clock(value: Any, game_id: str, shortest: float) -> dict[str, Any] | None:
    """A table's thinking time, checked: {"move": seconds a decision may take, "game":
    seconds a player may think in the whole game, "absent": seconds a player may be gone,
    "bot": the bot that plays for a seat whose time ran out}; each limit optional."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) - {"move", "game", "absent", "bot"}:
        raise _fail(400, "server.error.clock")
    out: dict[str, Any] = {}
    for key in ("move", "game", "absent"):
        v = value.get(key)
        if v is None:
            out[key] = None
            continue
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not shortest <= v <= CLOCK_LONGEST:
            raise _fail(400, "server.error.clock_limit", limit=key, least=shortest, most=CLOCK_LONGEST)
        out[key] = float(v)
    bot = value.get("bot", "random")
    if not isinstance(bot, str):
        raise _fail(400, "server.error.clock")
    from ..bots.specs import check_bot

    out["bot"] = check_bot(bot, game_id)
    if out["move"] is None and out["game"] is None and out["absent"] is None:
        return None
    return out


def clean_name(value: Any) -> str:
    """A person's name as typed, checked: 1–24 printable characters."""
    if not isinstance(value, str):
        raise _fail(400, "server.error.name")
    name = " ".join(value.split())
    if not name or len(name) > NAME_LIMIT or any(unicodedata.category(c).startswith("C") for c in name):
        raise _fail(400, "server.error.name", limit=NAME_LIMIT)
    return name


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings()
    db_url = settings.resolved_db_url()
    state: dict[str, Any] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await asyncio.to_thread(migrations.upgrade, db_url)
        storage = Storage(db_url)
        manager = TableManager(storage, settings.bot_delay, settings.lease_seconds, settings.lease_renew)
        state.update(storage=storage, manager=manager)
        resumed = await manager.start()
        log.info("started", extra={"event": "started", "db": storage.url.split("@")[-1], "resumed": resumed})
        try:
            yield
        finally:
            await manager.close()
            await storage.close()
            log.info("stopped", extra={"event": "stopped"})

    def manager() -> TableManager:
        return state["manager"]  # type: ignore[no-any-return]

    async def live_or_404(table_id: str) -> LiveTable:
        live = await manager().get(table_id)
        if live is None:
            raise _fail(404, "server.error.no_table", "not_found", table=table_id[:40])
        return live

    def guarded(handler: Any) -> Any:
        async def run(request: Request) -> Response:
            try:
                return await handler(request)  # type: ignore[no-any-return]
            except ApiError as exc:
                return _json_error(exc)
            except ReichsstadtError as exc:
                return _json_error(ApiError(400, exc.message or str(exc), "refused"))
        return run

    # -- pages and files ---------------------------------------------------------------
    async def page(request: Request) -> Response:
        return FileResponse(str(WEB / "index.html"), media_type="text/html")

    async def healthz(request: Request) -> Response:
        from sqlalchemy import text

        try:
            async with state["storage"].engine.connect() as conn:
                await conn.execute(text("select 1"))
            db = "ok"
        except Exception as exc:  # the check reports, it does not fail the process
            db = f"error: {type(exc).__name__}"
        return JSONResponse({"ok": db == "ok", "db": db, "tables": len(manager().tables),
                             "process": manager().owner},
                            status_code=200 if db == "ok" else 503)

    async def catalog(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in languages():
            raise _fail(404, "server.error.no_language", "not_found", lang=lang[:12], known=", ".join(languages()))
        return JSONResponse(export_json(lang), headers={"cache-control": "max-age=300"})

    # -- the lobby -----------------------------------------------------------------------
    async def games(request: Request) -> Response:
        out = []
        broken = []
        for gid in game_ids():
            try:
                g = find_game(gid)
            except BadOption as exc:  # one broken game must not take the lobby down
                log.error("game cannot be loaded", extra={"event": "broken_game", "game": gid, "error": str(exc)})
                broken.append({"id": gid, "error": str(exc)})
                continue
            out.append({
                "id": gid, "title": g.title, "players": [g.players.start, g.players.stop - 1],
                "options": [{"name": o.name, "kind": o.kind, "default": o.default, "help": o.help,
                             "choices": list(o.choices), "minimum": o.minimum, "maximum": o.maximum}
                            for o in g.options.values()],
                "parts": sorted(g.parts),
                "board": board_url(gid),  # the ES module the game brings for the browser, or null
                "bots": bot_names(gid),  # the seat list of this game (greedy where it has a heuristic)
            })
        return JSONResponse({"games": out, "bots": bot_names(), "broken": broken})

    async def list_tables(request: Request) -> Response:
        status = request.query_params.get("status")
        if status not in (None, "open", "running", "finished"):
            raise _fail(400, "server.error.status", status=str(status)[:20])
        rows = await state["storage"].tables(status, limit=100)
        return JSONResponse({"tables": [_row_info(r) for r in rows]})

    async def create_table(request: Request) -> Response:
        body = await _body(request)
        gid = body.get("game")
        if not isinstance(gid, str):
            raise _fail(400, "server.error.field_type", type="table", field="game")
        g = find_game(gid)
        players = body.get("players")
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise _fail(400, "server.error.field_type", type="table", field="options")
        for name, value in options.items():
            # a data option is the file's contents; the engine would read a path on the
            # server's own disk
            spec = g.options.get(name)
            if spec is not None and spec.kind == "data" and not isinstance(value, dict):
                raise _fail(400, "server.error.data_option", option=str(name)[:40])
        resolved = g.resolve(players, options)  # type: ignore[arg-type]
        kinds = body.get("seats", [HUMAN] * players)  # type: ignore[operator]
        if not isinstance(kinds, list) or len(kinds) != players or not all(isinstance(k, str) for k in kinds):
            raise _fail(400, "server.error.seats", players=players)
        for k in kinds:
            if k != HUMAN:
                make_bot(k, game=gid)  # BadOption naming the bots (greedy: only where the game has one)
        seed = secrets.randbits(62)
        g.new(players, seed, resolved)  # a data file of one's own is validated here
        take = body.get("take_seat")
        if take is not None and (not isinstance(take, int) or isinstance(take, bool) or not 0 <= take < players or kinds[take] != HUMAN):
            raise _fail(400, "server.error.take_seat")
        name = clean_name(body.get("name")) if take is not None else None
        creator = new_token()
        table_id = secrets.token_urlsafe(12)
        row = TableRow(id=table_id, game=gid, players=players, seed=seed, options=resolved, status=OPEN,
                       creator_hash=token_hash(creator), created_at=now(), clock=clean_clock(body.get("clock"), gid, settings.clock_minimum),
                       seats=new_seats(kinds, lambda: secrets.token_urlsafe(16)))
        seat_token = None
        if take is not None:
            seat_token = new_token()
            row.seats[take].name = name
            row.seats[take].token_hash = token_hash(seat_token)
        await state["storage"].create_table(row)
        log.info("table created", extra={"event": "create", "table": table_id, "game": gid, "players": players})
        live = await live_or_404(table_id)
        if all(s.kind != HUMAN or s.token_hash for s in live.seats) and body.get("start", False):
            await live.start()
        return JSONResponse({"id": table_id, "creator": creator, "seat": take, "token": seat_token,
                             "invites": _invites(live)}, status_code=201)

    async def table_info(request: Request) -> Response:
        live = await live_or_404(request.path_params["id"])
        return JSONResponse(live.info())

    async def invites(request: Request) -> Response:
        live = await live_or_404(request.path_params["id"])
        if not live.is_creator(_bearer(request)):
            raise _fail(403, "server.error.not_creator", "forbidden")
        return JSONResponse({"invites": _invites(live)})

    async def join(request: Request) -> Response:
        live = await live_or_404(request.path_params["id"])
        body = await _body(request)
        invite = body.get("invite")
        if not isinstance(invite, str):
            raise _fail(400, "server.refuse.invite")
        name = clean_name(body.get("name"))
        token = new_token()
        seat = await live.join(invite, name, token)
        log.info("joined", extra={"event": "join", "table": live.id, "seat": seat})
        return JSONResponse({"seat": seat, "token": token})

    async def start(request: Request) -> Response:
        live = await live_or_404(request.path_params["id"])
        if not live.is_creator(_bearer(request)):
            raise _fail(403, "server.error.not_creator", "forbidden")
        await live.start()
        return JSONResponse(live.info())

    async def stand_in(request: Request) -> Response:
        live = await live_or_404(request.path_params["id"])
        try:
            seat = int(request.path_params["seat"])
        except ValueError:
            raise _fail(404, "server.error.no_seat", "not_found") from None
        if not 0 <= seat < live.players:
            raise _fail(404, "server.error.no_seat", "not_found")
        body = await _body(request)
        bot = body.get("bot")
        token = _bearer(request)
        if bot is None:
            try:
                own = live.seat_of(token)
            except KeyError:
                own = None
            if own != seat and not live.is_creator(token):
                raise _fail(403, "server.error.not_yours", "forbidden")
        else:
            if not isinstance(bot, str):
                raise _fail(400, "server.error.field_type", type="stand-in", field="bot")
            if not live.is_creator(token):
                raise _fail(403, "server.error.not_creator", "forbidden")
            if live.connected(seat):
                raise _fail(409, "server.refuse.present", "conflict")
        await live.set_stand_in(seat, bot)
        return JSONResponse(live.info())

    async def data_file(request: Request) -> Response:
        """The component data the table plays with (a map, tiles, cards): public, static for
        the table, so a browser fetches it once to draw the board."""
        live = await live_or_404(request.path_params["id"])
        found = live.game.data_file(live.options)
        if found is None:
            raise _fail(404, "server.error.no_data", "not_found")
        name, data = found
        return JSONResponse({"game": live.game.id, "option": name, "data": data},
                            headers={"cache-control": "max-age=3600"})

    async def record(request: Request) -> Response:
        live = await live_or_404(request.path_params["id"])
        if live.status != FINISHED:
            raise _fail(403, "server.error.record_running", "forbidden")
        rec = Record(game=live.game.id, players=live.players, seed=live.seed,
                     options=live.game.record_options(live.options),
                     names=[s.name or s.kind for s in live.seats],
                     moves=await state["storage"].moves(live.id))
        return JSONResponse(rec.to_json(), headers={
            "content-disposition": f'attachment; filename="reichsstadt-{live.game.id}-{live.id}.json"'})

    async def replay_step(request: Request) -> Response:
        live = await live_or_404(request.path_params["id"])
        if live.status != FINISHED:
            raise _fail(403, "server.error.record_running", "forbidden")
        q = request.query_params
        try:
            seat = None if q.get("seat") in (None, "", "null") else int(q["seat"])
            move = int(q.get("move", live.moves))
            lang = q.get("lang", "en") if q.get("lang", "en") in languages() else "en"
        except ValueError:
            raise _fail(400, "server.error.replay_args") from None
        if seat is not None and not 0 <= seat < live.players or not 0 <= move <= live.moves:
            raise _fail(400, "server.error.replay_args")
        moves = await state["storage"].moves(live.id)
        rec = Record(game=live.game.id, players=live.players, seed=live.seed, options=live.options,
                     names=[], moves=moves[:move])
        st = replay(rec)
        # the log up to that move: its moves, and the notes said by then
        entries = [e.to_json() for e in live.logs[seat] if (e.n <= move if e.note else e.n < move)]
        view = st.view(seat)
        return JSONResponse({"move": move, "moves": live.moves, "view": view, "log": entries,
                             "board_html": live.board_html(view, seat, lang),
                             "seats": live.public_seats(), "you": seat, "game": live.game.id})

    # -- live play -----------------------------------------------------------------------
    async def receive(ws: WebSocket) -> str | bytes:
        """The next frame, text or binary (both are checked as JSON by `parse`)."""
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        return text if text is not None else message.get("bytes") or b""

    async def play(ws: WebSocket) -> None:
        await ws.accept()
        table_id = ws.path_params["id"]

        async def send(message: dict[str, Any]) -> None:
            await ws.send_text(dumps(message))

        live = await manager().get(table_id)
        if live is None:
            await send(error("not_found", Message("server.error.no_table", table=table_id[:40])))
            await _close(ws, 4404)
            return
        try:
            first = await asyncio.wait_for(receive(ws), timeout=settings.hello_timeout)
            hello = parse(first, settings.max_message_bytes)
            if hello.type != "hello":
                raise BadMessage("malformed", Message("server.error.hello_first"))
            seat = live.seat_of(hello.token)
        except (asyncio.TimeoutError, WebSocketDisconnect):
            await _close(ws)
            return
        except BadMessage as exc:
            await send(error(exc.code, exc.message or str(exc)))
            await _close(ws, 4400)
            return
        except KeyError:
            await send(error("forbidden", Message("server.error.bad_token")))
            await _close(ws, 4403)
            return
        conn = Connection(send, seat, board=hello.board, lang=hello.lang)
        live.connections.append(conn)
        if seat is not None:
            await live.arrived(seat)  # a bot a clock put in the seat leaves it
        log.info("connected", extra={"event": "connect", "table": live.id, "seat": seat})
        await live.send(conn, {"type": "welcome", "table": live.info(), "you": seat})
        await live.push(conn, full=True)
        await live.broadcast()  # others see this seat connected
        limit = RateLimit(settings.rate_per_second, settings.rate_burst, time.monotonic)
        strikes, last_strike = 0, 0.0

        def strike() -> int:
            # strikes count a flood, not a long game's occasional mistakes: a quiet spell forgives them
            nonlocal strikes, last_strike
            now = time.monotonic()
            if now - last_strike > settings.flood_forget:
                strikes = 0
            strikes, last_strike = strikes + 1, now
            return strikes

        try:
            while conn.alive:
                frame = await receive(ws)
                if not limit.allow():
                    strike()
                    if strikes >= settings.flood_strikes:
                        log.warning("flood", extra={"event": "flood", "table": live.id, "seat": seat})
                        await live.send(conn, error("rate_limited", Message("server.error.flood")))
                        await _close(ws, 4429)
                        break
                    await live.send(conn, error("rate_limited", Message("server.error.rate")))
                    continue
                try:
                    msg = parse(frame, settings.max_message_bytes)
                    await _handle(live, conn, msg)
                except BadMessage as exc:
                    strike()
                    await live.send(conn, error(exc.code, exc.message or str(exc)))
                except IllegalAction as exc:
                    await live.send(conn, error("refused", exc.message or str(exc)))
                    await live.push(conn)
                except Exception:  # a bug must not cost the player the connection
                    log.exception("message failed", extra={"event": "error", "table": live.id, "seat": seat})
                    await live.send(conn, error("internal", Message("server.error.internal")))
        except WebSocketDisconnect:
            pass
        finally:
            conn.alive = False
            if conn in live.connections:
                live.connections.remove(conn)
            if seat is not None:
                live.left(seat)  # the absence clock starts when the seat's last connection goes
            log.info("disconnected", extra={"event": "disconnect", "table": live.id, "seat": seat})
            with contextlib.suppress(Exception):
                await live.broadcast()

    async def _handle(live: LiveTable, conn: Connection, msg: Any) -> None:
        if msg.type == "ping":
            await live.send(conn, {"type": "pong"})
            return
        if msg.type == "hello":
            raise BadMessage("malformed", Message("server.error.hello_twice"))
        if conn.seat is None:
            raise BadMessage("forbidden", Message("server.error.spectator"))
        if msg.type == "hint":
            await live.send(conn, await live.hint(conn.seat))
            return
        if live.seats[conn.seat].auto:
            await live.arrived(conn.seat)  # acting again takes the seat back from a clock's bot
        if live.seats[conn.seat].stand_in is not None:
            raise BadMessage("forbidden", Message("server.error.stand_in"))
        space = live.game.action_space(live.players)
        actions = []
        for index in msg.actions:
            if not 0 <= index < len(space):
                raise BadMessage("malformed", Message("server.error.action_index", index=index,
                                                      most=len(space) - 1))
            actions.append(space.decode(index))
        await live.submit(conn.seat, actions, msg.expect, pick=msg.type == "pick")

    routes = [
        Route("/", page), Route("/t/{id}", page), Route("/t/{id}/join/{invite}", page),
        Route("/t/{id}/watch", page), Route("/t/{id}/replay", page),
        Route("/healthz", healthz),
        Route("/i18n/{lang}.json", guarded(catalog)),
        Route("/api/games", guarded(games)),
        Route("/api/tables", guarded(list_tables), methods=["GET"]),
        Route("/api/tables", guarded(create_table), methods=["POST"]),
        Route("/api/tables/{id}", guarded(table_info)),
        Route("/api/tables/{id}/invites", guarded(invites)),
        Route("/api/tables/{id}/join", guarded(join), methods=["POST"]),
        Route("/api/tables/{id}/start", guarded(start), methods=["POST"]),
        Route("/api/tables/{id}/seats/{seat}/stand-in", guarded(stand_in), methods=["POST"]),
        Route("/api/tables/{id}/data", guarded(data_file)),
        Route("/api/tables/{id}/record", guarded(record)),
        Route("/api/tables/{id}/replay", guarded(replay_step)),
        WebSocketRoute("/ws/{id}", play),
        Route("/games/{id}/{name}", board_file),
        Mount("/static", StaticFiles(directory=str(WEB)), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.settings = settings
    app.state.db_url = db_url
    app.state.live = state
    return app


def dumps(message: dict[str, Any]) -> str:
    """A message as JSON text (orjson: a state message is encoded eight times faster than
    by the json module, and most of a move's cost on the server was encoding)."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:  # what orjson refuses (an integer beyond 64 bits), json writes
        return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def _invites(live: LiveTable) -> list[dict[str, Any]]:
    return [{"seat": i, "invite": s.invite, "path": f"/t/{live.id}/join/{s.invite}"}
            for i, s in enumerate(live.seats) if s.kind == HUMAN and s.token_hash is None]


def _row_info(row: TableRow) -> dict[str, Any]:
    try:
        title = find_game(row.game).title
    except BadOption:  # a game that cannot be loaded now: its tables are still listed
        title = row.game
    return {"id": row.id, "game": row.game, "title": title, "players": row.players, "status": row.status,
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name,
                       "joined": s.kind != HUMAN or s.token_hash is not None} for s in row.seats],
            "created": row.created_at.isoformat() + "Z", "result": row.result}


async def _close(ws: WebSocket, code: int = 1000) -> None:
    with contextlib.suppress(Exception):
        await ws.close(code=code)
