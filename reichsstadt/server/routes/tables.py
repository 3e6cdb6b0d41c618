"""One table over HTTP: its public facts, invites, joining, starting early with bots,
closing before the start, stand-ins, its data file, the record, a replay step and the
review of a finished game."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import orjson
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ...core import Message, game as find_game
from ...core.record import Record
from ...i18n import languages
from ..botplay import checked_bot
from ..keys import address_key
from ..replays import GamePositions
from ..schema import CLOSED, FINISHED, HUMAN, TableRow
from ..seats import Seats
from ..seating import bot_names
from ..storage import new_token, token_hash
from ..table import LiveTable, stored_info
from .common import ApiError, bearer, body, client_address, fail, guarded, known_fields, services
from .lobby import clean_name, default_bot, invites

log = logging.getLogger("reichsstadt.server")


async def live_or_404(request: Request) -> LiveTable:
    table_id = request.path_params["id"]
    live = await services(request).tables.get(table_id)
    if live is None:
        raise fail(404, "server.error.no_table", "not_found", table=table_id[:40])
    return live


def creator_only(request: Request, live: Ended | LiveTable) -> None:
    if not live.is_creator(bearer(request)):
        raise fail(403, "server.error.not_creator", "forbidden")


@dataclass
class Ended:
    """A finished or closed table that is not in memory, as its row says it: what its
    data file, record, review and invites need, without replaying the game on the event
    loop (a long game takes a tenth of a second, every table waiting meanwhile)."""

    row: TableRow

    def __post_init__(self) -> None:
        self.id, self.game, self.players, self.seed = self.row.id, find_game(self.row.game), self.row.players, \
            self.row.seed
        self.options, self.status, self.seats = self.row.options, self.row.status, Seats(self.row.seats,
                                                                                        self.row.clock)

    def is_creator(self, token: str | None) -> bool:
        return token is not None and token_hash(token) == self.row.creator_hash

    def names(self, lang: str = "en") -> list[str]:
        return self.seats.names(lang)


async def ended_or_live(request: Request) -> Ended | LiveTable:
    """The table: from its row if it has ended and is not in memory, else live (loaded)."""
    svc, table_id = services(request), request.path_params["id"]
    if table_id not in svc.tables.tables and len(table_id) <= 64:
        row = await svc.storage.table(table_id)
        if row is not None and row.status in (FINISHED, CLOSED):
            return Ended(row)
    return await live_or_404(request)


async def table_info(request: Request) -> Response:
    table = await ended_or_live(request)
    if isinstance(table, Ended):   # described from its row: asking does not load it back into memory
        return JSONResponse(stored_info(table.row, await services(request).storage.move_count(table.id)))
    return JSONResponse(table.info())


async def table_invites(request: Request) -> Response:
    table = await ended_or_live(request)
    creator_only(request, table)
    return JSONResponse({"invites": invites(table.id, table.seats.rows())})


async def join(request: Request) -> Response:
    live = await live_or_404(request)
    got = await body(request)
    known_fields(got, "join", ("invite", "name"))
    invite = got.get("invite")
    if invite is None:
        raise fail(400, "server.error.missing_field", type="join", field="invite")
    if not isinstance(invite, str):
        raise fail(400, "server.error.field_type", type="join", field="invite")
    name = clean_name(got.get("name"))
    token = new_token()
    seat = await live.join(invite, name, token)
    log.info("joined", extra={"event": "join", "table": live.id, "seat": seat})
    return JSONResponse({"seat": seat, "token": token})


async def start(request: Request) -> Response:
    """The creator starts early: empty seats are filled with bots (`fill`: a bot spec or
    a level; the server's stand-in bot by default)."""
    live = await live_or_404(request)
    creator_only(request, live)
    got = await body(request)
    known_fields(got, "start", ("fill",))
    settings = services(request).settings
    fill = got.get("fill")
    spec = default_bot(live.game.id, settings) if fill is None else checked_bot(fill, live.game.id, settings)
    empty = [i for i, s in enumerate(live.seats) if s.kind == HUMAN and s.token_hash is None]
    kinds = [spec if i in empty else s.kind for i, s in enumerate(live.seats)]
    names = bot_names(kinds, [s.name for i, s in enumerate(live.seats) if i not in empty])
    await live.start({i: (spec, names[i] or spec) for i in empty})
    return JSONResponse(live.info())


async def close(request: Request) -> Response:
    """The creator closes a table that has not started."""
    live = await live_or_404(request)
    creator_only(request, live)
    await live.close()
    return JSONResponse(live.info())


async def stand_in(request: Request) -> Response:
    live = await live_or_404(request)
    try:
        seat = int(request.path_params["seat"])
    except ValueError:
        raise fail(404, "server.error.no_seat", "not_found") from None
    if not 0 <= seat < live.players:
        raise fail(404, "server.error.no_seat", "not_found")
    got = await body(request)
    known_fields(got, "stand-in", ("bot",))
    bot = got.get("bot")
    token = bearer(request)
    try:
        own = live.seats.seat_of(token) == seat
    except KeyError:
        own = False
    if bot is None:
        if not own and not live.is_creator(token):
            raise fail(403, "server.error.not_yours", "forbidden")
    else:
        if not isinstance(bot, str):
            raise fail(400, "server.error.field_type", type="stand-in", field="bot")
        # a person hands their own seat to a bot ("let a bot play for me"); the creator, an away person's
        if not own and not live.is_creator(token):
            raise fail(403, "server.error.not_creator", "forbidden")
        if not own and live.connected(seat):
            raise fail(409, "server.refuse.present", "conflict")
        bot = checked_bot(bot, live.game.id, services(request).settings)
    await live.set_stand_in(seat, bot)
    return JSONResponse(live.info())


async def data_file(request: Request) -> Response:
    """The component data the table plays with (a map, tiles, cards): public, static for
    the table, so a browser fetches it once to draw the board."""
    table = await ended_or_live(request)
    found = table.game.data_file(table.options)
    if found is None:
        raise fail(404, "server.error.no_data", "not_found")
    name, data = found
    board = table.game.board(table.options)  # the game's public drawing data (Game.board), or None
    return Response(orjson.dumps({"game": table.game.id, "option": name, "data": data, "board": board}),
                    media_type="application/json", headers={"cache-control": "max-age=3600"})


def finished(live: Ended | LiveTable) -> None:
    if live.status != FINISHED:
        raise fail(403, "server.error.record_running", "forbidden")


async def make_record(request: Request, live: Ended | LiveTable) -> Record:
    return Record(game=live.game.id, players=live.players, seed=live.seed,
                  options=live.game.record_options(live.options), names=live.names(),
                  moves=await services(request).storage.moves(live.id))


async def record(request: Request) -> Response:
    table = await ended_or_live(request)
    finished(table)
    rec = await make_record(request, table)
    return JSONResponse(rec.to_json(), headers={
        "content-disposition": f'attachment; filename="reichsstadt-{table.game.id}-{table.id}.json"'})


async def replay_step(request: Request) -> Response:
    """One position of a finished game, as a seat (or a spectator) saw it: its view, its
    log so far and the board drawn. Each address may ask `replay_rate` a second."""
    svc = services(request)
    wait = svc.limits.replaying.allow(client_address(request))
    if wait:
        raise ApiError(429, Message("server.error.replay_rate"), "rate_limited", {"retry-after": str(int(wait) + 1)})
    live = await live_or_404(request)
    finished(live)
    q = request.query_params
    try:
        seat = None if q.get("seat") in (None, "", "null") else int(q["seat"])
        move = int(q.get("move", live.moves))
        lang = q.get("lang", "en") if q.get("lang", "en") in languages() else "en"
    except ValueError:
        raise fail(400, "server.error.replay_args") from None
    if seat is not None and not 0 <= seat < live.players or not 0 <= move <= live.moves:
        raise fail(400, "server.error.replay_args")
    positions = svc.replays.get(live.id)
    if positions is None:
        positions = svc.replays.keep(live.id, GamePositions(live.game.id, live.players, live.seed, live.options,
                                                            await svc.storage.moves(live.id)))
    view = positions.at(move).view(seat)
    from ..messages import board_html

    entries = [orjson.loads(e) for e in live.log.upto(seat, move)]
    return JSONResponse({"move": move, "moves": live.moves, "view": view, "log": entries,
                         "board_html": board_html(live.game, view, seat, live.names(lang), lang),
                         "seats": live.public_seats(), "you": seat, "game": live.game.id})


async def review(request: Request) -> Response:
    """A finished game's review: 202 while it is worked out in the bot pool (in the
    background, for the client who asked; each address may start `review_burst` at once,
    then `review_rate` a second), then 200 with it (kept in the database with the game)."""
    table = await ended_or_live(request)
    finished(table)
    svc = services(request)
    got = await svc.storage.review(table.id)
    if got is not None:
        return JSONResponse(got)
    address = client_address(request)
    if table.id not in svc.reviews.jobs:   # a review to start: each costs the pool review_seconds
        wait = svc.limits.reviewing.allow(address)
        if wait:
            raise ApiError(429, Message("server.error.review_rate", count=int(wait) + 1), "rate_limited",
                           {"retry-after": str(int(wait) + 1)})
    state = await svc.reviews.ask(table.id, await make_record(request, table),
                                  owner=address_key(svc.limits.address_secret, address))
    if state.get("error"):
        raise fail(503, "server.error.review_failed", "unavailable", error=str(state["error"])[:200])
    return JSONResponse({"status": "pending"}, status_code=202, headers={"retry-after": "2"})


ROUTES = [
    Route("/api/tables/{id}", guarded(table_info)),
    Route("/api/tables/{id}/invites", guarded(table_invites)),
    Route("/api/tables/{id}/join", guarded(join), methods=["POST"]),
    Route("/api/tables/{id}/start", guarded(start), methods=["POST"]),
    Route("/api/tables/{id}/close", guarded(close), methods=["POST"]),
    Route("/api/tables/{id}/seats/{seat}/stand-in", guarded(stand_in), methods=["POST"]),
    Route("/api/tables/{id}/data", guarded(data_file)),
    Route("/api/tables/{id}/record", guarded(record)),
    Route("/api/tables/{id}/replay", guarded(replay_step)),
    Route("/api/tables/{id}/review", guarded(review)),
]
