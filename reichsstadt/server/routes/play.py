"""Live play over a websocket (the messages: protocol.py). Every frame is checked before
anything is done with it, the first one included; a malformed frame gets a protocol
error and changes nothing; a flood is rate-limited, then closed. Connections per client
address and spectators per table are limited."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ...core import IllegalAction, Message
from ..broadcast import Connection
from ..config import Settings
from ..protocol import BadMessage, Incoming, RateLimit, error, parse, words
from ..schema import OPEN
from ..table import LiveTable
from .common import client_address, services

log = logging.getLogger("reichsstadt.server")
FLUSH_SECONDS = 5.0   # the longest a closing connection waits for its last words to be sent


async def receive(ws: WebSocket) -> str | bytes:
    """The next frame, text or binary (both are checked as JSON by `parse`)."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if text is not None else message.get("bytes") or b""


async def refuse(ws: WebSocket, code: str, message: Message, close: int) -> None:
    with contextlib.suppress(Exception):
        await ws.send_text(_text(error(code, message)))
        await ws.close(code=close)


def _text(message: dict[str, Any]) -> str:
    from ..messages import dumps

    return dumps(message).decode()


async def play(ws: WebSocket) -> None:
    svc = services(ws)
    address = client_address(ws)
    await ws.accept()
    if not svc.limits.sockets.take(address):
        svc.metrics.limited("connections")
        await refuse(ws, "rate_limited", Message("server.error.connections", most=svc.settings.connections_per_address),
                     4429)
        return
    svc.metrics.connections += 1
    try:
        await _play(ws, svc.settings)
    finally:
        svc.limits.sockets.give(address)
        svc.metrics.connections -= 1


async def _hello(ws: WebSocket, live: LiveTable, settings: Settings) -> tuple[Incoming, int | None] | None:
    """The first frame: a hello with the seat's token (None: a spectator)."""
    try:
        first = await asyncio.wait_for(receive(ws), timeout=settings.hello_timeout)
        hello = parse(first, settings.max_message_bytes, settings.max_json_depth)
        if hello.type != "hello":
            raise BadMessage("malformed", Message("server.error.hello_first"))
        seat = live.seats.seat_of(hello.token)
    except (asyncio.TimeoutError, WebSocketDisconnect):
        with contextlib.suppress(Exception):
            await ws.close()
        return None
    except BadMessage as exc:
        await refuse(ws, exc.code, exc.message or Message("server.error.not_json"), 4400)
        return None
    except KeyError:
        await refuse(ws, "forbidden", Message("server.error.bad_token"), 4403)
        return None
    if seat is None and live.broadcast.spectators() >= settings.spectators_per_table:
        services(ws).metrics.limited("spectators")
        await refuse(ws, "rate_limited", Message("server.error.spectators", most=settings.spectators_per_table), 4429)
        return None
    if seat is None and live.broadcast.spectators(client_address(ws)) >= settings.spectators_per_address:
        # one address may not take every place (the next visitor would find the table full)
        services(ws).metrics.limited("spectators_address")
        await refuse(ws, "rate_limited",
                     Message("server.error.spectators_address", most=settings.spectators_per_address), 4429)
        return None
    return hello, seat


async def _play(ws: WebSocket, settings: Settings) -> None:
    table_id = ws.path_params["id"]
    live = await services(ws).tables.get(table_id)
    if live is None:
        await refuse(ws, "not_found", Message("server.error.no_table", table=table_id[:40]), 4404)
        return
    got = await _hello(ws, live, settings)
    if got is None:
        return
    hello, seat = got
    if live.closing:  # it left memory during the hello (unloaded, or handed to another process)
        live = await services(ws).tables.get(table_id) or live

    async def send(message: bytes) -> None:
        await ws.send({"type": "websocket.send", "text": message.decode()})

    conn = Connection(send, seat, board=hello.board, lang=hello.lang, address=client_address(ws))
    log.info("connected", extra={"event": "connect", "table": live.id, "seat": seat})
    try:
        await live.connect(conn)
        await _frames(ws, live, conn, settings)
    except WebSocketDisconnect:
        pass
    finally:
        await live.disconnect(conn)
        log.info("disconnected", extra={"event": "disconnect", "table": live.id, "seat": seat})


async def _frames(ws: WebSocket, live: LiveTable, conn: Connection, settings: Settings) -> None:
    clock = live.services.clock
    limit = RateLimit(settings.rate_per_second, settings.rate_burst, clock.now)
    strikes, last_strike = 0, 0.0

    def strike() -> int:
        # strikes count a flood, not a long game's occasional mistakes: a quiet spell forgives them
        nonlocal strikes, last_strike
        t = clock.now()
        if t - last_strike > settings.flood_forget:
            strikes = 0
        strikes, last_strike = strikes + 1, t
        return strikes

    while conn.alive:
        frame = await receive(ws)
        # frames already here come back without a pause: let the connection's writer send
        # what earlier ones asked for, or a client that reads would pass for one that does
        # not (its outbox full of pongs and errors) and be dropped before its flood is told
        # (only then: a pause on every frame costs each move a turn of the loop)
        if conn.outbox:
            await asyncio.sleep(0)
        if not limit.allow():
            if strike() >= settings.flood_strikes:
                log.warning("flood", extra={"event": "flood", "table": live.id, "seat": conn.seat})
                live.broadcast.send(conn, error("rate_limited", Message("server.error.flood")))
                await live.broadcast.flush(conn, FLUSH_SECONDS)
                with contextlib.suppress(Exception):
                    await ws.close(code=4429)
                return
            live.broadcast.send(conn, error("rate_limited", Message("server.error.rate")))
            continue
        try:
            await handle(live, conn, parse(frame, settings.max_message_bytes, settings.max_json_depth))
        except BadMessage as exc:
            strike()
            live.broadcast.send(conn, error(exc.code, exc.message or str(exc)))
        except IllegalAction as exc:
            live.broadcast.send(conn, error("refused", exc.message or str(exc)))
            live.broadcast.push(conn)
        except Exception:  # a bug must not cost the player the connection
            log.exception("message failed", extra={"event": "error", "table": live.id, "seat": conn.seat})
            live.broadcast.send(conn, error("internal", Message("server.error.internal")))


async def handle(live: LiveTable, conn: Connection, msg: Incoming) -> None:
    if msg.type == "ping":
        live.broadcast.send(conn, {"type": "pong"})
        return
    if msg.type == "hello":
        raise BadMessage("malformed", Message("server.error.hello_twice"))
    if conn.seat is None:
        raise BadMessage("forbidden", Message("server.error.spectator"))
    live.used = time.monotonic()
    if msg.type == "why":  # asks only: the seat stays with a clock's bot, if one plays it
        live.broadcast.send(conn, why(live, conn.seat, msg.action))
        return
    if live.seats[conn.seat].auto:
        await live.arrived(conn.seat)  # acting again takes the seat back from a clock's bot
    if msg.type == "hint":
        live.broadcast.send(conn, await live.bots.hint(conn.seat))
        return
    if live.seats[conn.seat].stand_in is not None:
        raise BadMessage("forbidden", Message("server.error.stand_in"))
    space = live.game.action_space(live.players)
    actions = []
    for index in msg.actions:
        if not 0 <= index < len(space):
            raise BadMessage("malformed", Message("server.error.action_index", index=index, most=len(space) - 1))
        actions.append(space.decode(index))
    await live.submit(conn.seat, actions, msg.expect, pick=msg.type == "pick")


def why(live: LiveTable, seat: int, obj: Any) -> dict[str, Any]:
    """Why `seat` cannot make the move `obj` (an action's JSON) now: the engine's refusal
    words, the ones the terminal shows that seat, from the table as it is; or that the
    move is possible. Reads only. An action the game does not have is malformed."""
    try:
        action = live.game.action_from_json(obj, live.players)
    except IllegalAction as exc:
        raise BadMessage("malformed", exc.message or Message("server.error.field_type", type="why",
                                                             field="action")) from None
    if live.status == OPEN:
        raise IllegalAction(Message("server.refuse.not_started"))
    refused = live.state.refusal(seat, action)
    return {"type": "why", "action": obj, "legal": refused is None,
            "message": words(refused if refused is not None else Message("server.why.possible"))}


ROUTES = [WebSocketRoute("/ws/{id}", play)]
