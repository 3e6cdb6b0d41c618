"""The browser boards the games bring: each game's declared "web" folder (Game.parts),
served at /games/<id>/<file>, read from the game's own installed package, so a game
installed as its own distribution brings its board with it."""

from __future__ import annotations

from functools import lru_cache

from starlette.requests import Request
from starlette.responses import Response

from ..core import ReichsstadtError, game_ids
from ..core.registry import files, has_part

TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".json": "application/json"}
"""The kinds of file a board folder may serve; anything else is not found."""


def board_url(game_id: str) -> str | None:
    """Where the browser imports a game's board module from (None: the game has none, or
    its declared board cannot be found: the browser then shows the moves as a list)."""
    try:
        return f"/games/{game_id}/board.js" if _read(game_id, "board.js") is not None else None
    except ReichsstadtError:
        return None


@lru_cache(maxsize=256)
def _read(game_id: str, name: str) -> bytes | None:
    if not has_part(game_id, "web"):
        return None
    folder = files(game_id, "web")
    entry = folder.joinpath(name)
    return entry.read_bytes() if entry.is_file() else None


async def board_file(request: Request) -> Response:
    """GET /games/{id}/{name}: one file of a game's board folder (no subfolders)."""
    game_id = request.path_params["id"]
    name = request.path_params["name"]
    kind = TYPES.get(name[name.rfind("."):] if "." in name else "")
    body = None
    if kind is not None and "/" not in name and not name.startswith(".") and game_id in game_ids():
        try:
            body = _read(game_id, name)
        except ReichsstadtError:  # a broken installation: its board is simply not there
            body = None
    if body is None:
        return Response("not found", status_code=404, media_type="text/plain")
    return Response(body, media_type=kind, headers={"cache-control": "max-age=300"})
