"""The server's routes, one module per part, each over the app's explicit services
(`request.app.state.services`). The contracts the browser client is written against:

HTTP (JSON; every error is {"error": message, "code": str, "text": English words}):
    GET  /healthz                   liveness and database check
    GET  /metrics                   Prometheus text: moves, move latency, live tables, bot
                                    queue, commits, garbage collection pauses
    GET  /api/games                 games, player counts, declared options, bots
    GET  /api/tables?status=open|running|finished&limit=N&cursor=C
        -> {"tables": [{"id", "game", "title", "players", "status", "created", "started",
                        "seats": [{"seat": 1..n, "name", "kind": "person"|"bot",
                                   "level": "easy"|"medium"|"hard"|"expert"|null,
                                   "bot": spec|null, "taken": bool}]}],
            "next": C|null}
        newest first, from the tables' summary columns (no data file is read); open =
        waiting for people; limit 1..100 (default 50); `next` is the cursor of the next page
    POST /api/tables                create a table: {"game", "players", "options", "seats":
                                    ["human" | a bot spec | a level, ...], "take_seat",
                                    "name", "clock"}; the creator's token comes back once.
                                    Without "name" (or null) the seat taken is "Player N".
                                    A table starts by itself when its last seat is taken.
                                    Limits per client address: creations per minute, open
                                    tables at once (429 with words and retry-after)
    POST /api/data/check            {"text": a data file's text} -> {"ok": true}, or the
                                    refusal `reichsstadt data --check` gives (JSON that is
                                    not well formed with its line and column, a key given
                                    twice): the lobby asks as soon as a file is chosen; per
                                    client address `check_rate` a second (429 with words)
    GET  /api/tables/{id}           a table's public facts
    GET  /api/tables/{id}/invites   the seats' invite codes (creator only)
    POST /api/tables/{id}/join      {"invite", "name"} -> the seat's token; the last seat
                                    taken starts the game
    POST /api/tables/{id}/start     (creator) start now: {"fill": bot spec or level}
                                    fills the empty seats with bots (default: medium, greedy)
    POST /api/tables/{id}/close     (creator) close a table that has not started
    POST /api/tables/{id}/seats/{seat}/stand-in  {"bot": spec | null}: the creator hands
                                    an absent person's seat to a bot, a person (their
                                    token) their own seat ("let a bot play for me"); the
                                    person takes it back with null
    GET  /api/tables/{id}/data      the component data it plays with (map, tiles, cards)
    GET  /api/tables/{id}/record    the game record (finished games)
    GET  /api/tables/{id}/replay?seat=&move=   the game as a seat saw it after `move` moves
    GET  /api/tables/{id}/review    a finished game's review: 202 {"status": "pending"}
                                    while it is worked out in the bot pool, then 200 with
                                    the review (kept with the game)
    GET  /i18n/{lang}.json          a catalog for the browser
    GET  /games/{id}/{file}         a game's browser board (board.js, ...), from its package
WS   /ws/{id}                       live play (protocol.py); a hint's answer carries
                                    "chance" (0..1, the bot's estimated chance to win)
                                    when the bot gives one. {"type": "why", "action":
                                    <action JSON>} from a seated player (a click on a
                                    piece it cannot use) is answered to that client only:
                                    {"type": "why", "action", "legal": bool, "message"},
                                    the engine's refusal words for the seat (what the
                                    terminal shows it; never what it cannot see) or that
                                    the move is possible; it changes nothing, is rate-
                                    limited like any message; an action the game does
                                    not have is a "malformed" error
Tokens travel in the `Authorization: Bearer` header or the websocket's hello, never in
URLs. Bot seats have distinct names ("Greedy 1", "Greedy 2"); an absent or timed-out
person's stand-in is greedy (medium) unless the table's clock names another."""

from __future__ import annotations

from starlette.routing import BaseRoute

from . import lobby, ops, pages, play, tables


def all_routes() -> list[BaseRoute]:
    return [*ops.ROUTES, *lobby.ROUTES, *tables.ROUTES, *play.ROUTES, *pages.ROUTES]
