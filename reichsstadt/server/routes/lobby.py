"""The lobby: the games there are, the list of tables (paginated, from the summary
columns), reading a data file chosen for a table, and creating a table (within the
creation limits of the client's address)."""

from __future__ import annotations

import asyncio
import base64
import datetime as dt
import logging
import secrets
import unicodedata
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ...bots import bot_names, levels
from ...core import BadOption, Game, Message, game as find_game, game_ids
from ...core.datafile import Check, json_kind, parse_json
from ...core.errors import DataFileError
from ..boards import board_url
from ..botplay import checked_bot
from ..config import Settings
from ..keys import address_key, new_secret
from ..schema import HUMAN, OPEN, STATUSES, SeatRow, TableRow, now
from ..seating import PERSON_KINDS, bot_names as seat_names, lobby_seats
from ..storage import new_token, token_hash
from .common import BIG_BODY, ApiError, body, client_address, fail, guarded, known_fields, services

log = logging.getLogger("reichsstadt.server")

NAME_LIMIT = 24
CLOCK_LONGEST = 24 * 3600   # seconds: the longest limit a table may set
LIST_DEFAULT, LIST_MOST = 50, 100
TABLE_FIELDS = ("game", "players", "options", "seats", "take_seat", "name", "clock", "start")
"""The fields of a new table's body (any other is refused by its name). `start`, true or
false, is taken and changes nothing (the browser sends it): a table starts when its last
seat is taken, or when its creator asks /start."""


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
            # the levels it offers, each with the bot it plays and, as words, its measured strength
            "levels": [{"level": lv, "bot": levels.spec(lv, gid), "about": levels.described(lv, gid).to_json()}
                       for lv in levels.offered(gid)],
        })
    return JSONResponse({"games": out, "bots": bot_names(), "broken": broken})


def _cursor(created: dt.datetime, table_id: str) -> str:
    return base64.urlsafe_b64encode(f"{created.isoformat()}|{table_id}".encode()).decode().rstrip("=")


def _after(cursor: str) -> tuple[dt.datetime, str]:
    try:
        created, table_id = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode().split("|", 1)
        return dt.datetime.fromisoformat(created), table_id
    except (ValueError, UnicodeDecodeError):
        raise fail(400, "server.error.cursor") from None


async def list_tables(request: Request) -> Response:
    q = request.query_params
    status = q.get("status")
    if status not in (None, *[s for s in STATUSES if s != "closed"]):
        raise fail(400, "server.error.status", status=str(status)[:20])
    try:
        limit = int(q.get("limit", LIST_DEFAULT))
    except ValueError:
        raise fail(400, "server.error.limit", most=LIST_MOST) from None
    if not 1 <= limit <= LIST_MOST:
        raise fail(400, "server.error.limit", most=LIST_MOST)
    after = _after(q["cursor"]) if q.get("cursor") else None
    rows = await services(request).storage.lobby(status, limit + 1, after)
    more = len(rows) > limit
    rows = rows[:limit]
    return JSONResponse({"tables": [_entry(r) for r in rows],
                         "next": _cursor(rows[-1]["created_at"], rows[-1]["id"]) if more else None})


def _entry(row: dict[str, Any]) -> dict[str, Any]:
    try:
        title = find_game(row["game"]).title
    except BadOption:  # a game that cannot be loaded now: its tables are still listed
        title = row["game"]
    started = row["started_at"]
    return {"id": row["id"], "game": row["game"], "title": title, "players": row["players"], "status": row["status"],
            "created": row["created_at"].isoformat() + "Z", "started": started.isoformat() + "Z" if started else None,
            "seats": row["summary"] or []}


def clean_name(value: Any) -> str:
    """A person's name as typed, checked: 1–24 printable characters."""
    if not isinstance(value, str):
        raise fail(400, "server.error.name", limit=NAME_LIMIT)
    name = " ".join(value.split())
    if not name or len(name) > NAME_LIMIT or any(unicodedata.category(c).startswith("C") for c in name):
        raise fail(400, "server.error.name", limit=NAME_LIMIT)
    return name


def default_bot(game_id: str, settings: Settings) -> str:
    """The server's stand-in bot, where the game has it (greedy needs a heuristic)."""
    try:
        return checked_bot(settings.stand_in_bot, game_id, settings)
    except BadOption:
        return "random"


def clean_clock(value: Any, game_id: str, settings: Settings) -> dict[str, Any] | None:
    """A table's thinking time, checked: {"move": seconds a decision may take, "game":
    seconds a player may think in the whole game, "absent": seconds a player may be gone,
    "bot": the bot that plays for a seat whose time ran out}; each limit optional."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) - {"move", "game", "absent", "bot"}:
        raise fail(400, "server.error.clock")
    out: dict[str, Any] = {}
    for key in ("move", "game", "absent"):
        v = value.get(key)
        if v is None:
            out[key] = None
            continue
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not settings.clock_minimum <= v <= CLOCK_LONGEST:
            raise fail(400, "server.error.clock_limit", limit=key, least=settings.clock_minimum, most=CLOCK_LONGEST)
        out[key] = float(v)
    bot = value.get("bot")
    out["bot"] = default_bot(game_id, settings) if bot is None else checked_bot(bot, game_id, settings)
    if out["move"] is None and out["game"] is None and out["absent"] is None:
        return None
    return out


def _seat_kinds(given: Any, players: int, game_id: str, settings: Settings) -> list[str]:
    kinds = given if given is not None else [HUMAN] * players
    if not isinstance(kinds, list) or len(kinds) != players or not all(isinstance(k, str) for k in kinds):
        raise fail(400, "server.error.seats", players=players)
    return [HUMAN if k.strip().lower() in PERSON_KINDS else checked_bot(k, game_id, settings) for k in kinds]


def _resolve(g: Game, players: Any, options: Any) -> dict[str, Any]:
    if not isinstance(options, dict):
        raise fail(400, "server.error.field_type", type="table", field="options")
    for name, value in options.items():
        # a data option is the file's contents; the engine would read a path on the server's own disk
        spec = g.options.get(name)
        if spec is not None and spec.kind == "data" and not isinstance(value, dict):
            raise fail(400, "server.error.data_option", option=str(name)[:40])
    return g.resolve(players, options)


async def _check_rate(request: Request) -> str:
    """The creator's keyed address, once it may create a table now (429 otherwise)."""
    svc = services(request)
    address = client_address(request)
    wait = svc.limits.creating.allow(address)
    if wait:
        raise ApiError(429, Message("server.error.create_rate", seconds=int(wait) + 1), "rate_limited",
                       {"retry-after": str(int(wait) + 1)})
    return address_key(svc.limits.address_secret, address)


async def _check_open(request: Request, creator_key: str) -> None:
    """A table that will wait for people: within the creator's open tables (429 otherwise)."""
    svc = services(request)
    if await svc.storage.open_tables_of(creator_key) >= svc.settings.open_per_creator:
        raise fail(429, "server.error.open_tables", "too_many", most=svc.settings.open_per_creator)


async def create_table(request: Request) -> Response:
    svc = services(request)
    settings = svc.settings
    creator_key = await _check_rate(request)
    got = await body(request)
    known_fields(got, "table", TABLE_FIELDS)
    if got.get("start") is not None and not isinstance(got["start"], bool):
        raise fail(400, "server.error.field_type", type="table", field="start")
    gid = got.get("game")
    if not isinstance(gid, str):
        raise fail(400, "server.error.field_type", type="table", field="game")
    g = find_game(gid)
    players = got.get("players")
    resolved = _resolve(g, players, got.get("options", {}))
    assert isinstance(players, int)
    kinds = _seat_kinds(got.get("seats"), players, gid, settings)
    seed = secrets.randbits(62)
    await asyncio.to_thread(g.new, players, seed, resolved)  # a data file of one's own is validated here
    take = got.get("take_seat")
    if take is not None and (not isinstance(take, int) or isinstance(take, bool) or not 0 <= take < players
                             or kinds[take] != HUMAN):
        raise fail(400, "server.error.take_seat")
    # no name: the seat is "Player N" in each reader's language (the quick game's default)
    name = clean_name(got["name"]) if got.get("name") is not None else None  # checked even with no seat taken
    if sum(1 for k in kinds if k == HUMAN) > (1 if take is not None else 0):
        await _check_open(request, creator_key)
    creator = new_token()
    names = seat_names(kinds, [name])
    rows = [SeatRow(seat=i, kind=k, name=names[i], invite=secrets.token_urlsafe(16)) for i, k in enumerate(kinds)]
    seat_token = None
    if take is not None:
        seat_token = new_token()
        rows[take].name, rows[take].token_hash = name, token_hash(seat_token)
    table_id = secrets.token_urlsafe(12)
    row = TableRow(id=table_id, game=gid, players=players, seed=seed, options=resolved, status=OPEN,
                   creator_hash=token_hash(creator), created_at=now(), seats=rows,
                   clock=clean_clock(got.get("clock"), gid, settings), secret=new_secret(), creator_key=creator_key)
    await svc.storage.create_table(row, lobby_seats(rows))
    log.info("table created", extra={"event": "create", "table": table_id, "game": gid, "players": players})
    if all(r.kind != HUMAN or r.token_hash for r in rows):  # every seat taken: it starts now
        live = await svc.tables.get(table_id)
        if live is not None:
            await live.start()
    return JSONResponse({"id": table_id, "creator": creator, "seat": take, "token": seat_token,
                         "invites": invites(table_id, rows)}, status_code=201)


async def check_data(request: Request) -> Response:
    """A data file chosen in the lobby (its text, {"text": ...}), read as `reichsstadt data
    --check` reads a file: JSON that is not well formed is refused with the parser's words
    and its line and column, a key given twice with where its second one is, in the reader's
    language. The browser asks as soon as a file is chosen (its own JSON.parse says where in
    some browsers only, in words of its own); the table is made later with the file's JSON,
    where the game checks its parts. Each address may ask `check_rate` a second: a check
    reads up to the body's 2 MB, before the body is read."""
    wait = services(request).limits.checking.allow(client_address(request))
    if wait:
        raise ApiError(429, Message("server.error.check_rate"), "rate_limited", {"retry-after": str(int(wait) + 1)})
    got = await body(request)
    known_fields(got, "data", ("text",))
    text = got.get("text")
    if not isinstance(text, str):
        raise fail(400, "server.error.field_type", type="data", field="text")
    raw = text.encode("utf-8")  # (a lone surrogate cannot be here: body() refuses it)
    if len(raw) > BIG_BODY:
        await asyncio.to_thread(_read_data, raw)
    else:
        _read_data(raw)
    return JSONResponse({"ok": True})


def _read_data(raw: bytes) -> None:
    """DataFileError naming "the uploaded file" (the browser puts its name in) unless `raw`
    is a JSON object a game may be given: no NaN or Infinity, which Python reads and the
    browser's JSON.parse does not, and no lone surrogate (an escape "\\ud800" in the file)."""
    name = Message("data.file.uploaded")
    found = parse_json(raw, name)
    if not isinstance(found, dict):  # every game's data file is an object of named parts
        raise DataFileError(Message("data.file.not_object", file=name, kind=json_kind(found)))
    Check(name).values(found)


def invites(table_id: str, rows: list[SeatRow]) -> list[dict[str, Any]]:
    return [{"seat": r.seat, "invite": r.invite, "path": f"/t/{table_id}/join/{r.invite}"}
            for r in rows if r.kind == HUMAN and r.token_hash is None]


ROUTES = [
    Route("/api/games", guarded(games)),
    Route("/api/tables", guarded(list_tables), methods=["GET"]),
    Route("/api/tables", guarded(create_table), methods=["POST"]),
    Route("/api/data/check", guarded(check_data), methods=["POST"]),
]
