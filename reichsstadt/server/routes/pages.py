"""The browser client: its pages (one HTML file; the client routes itself), its static
ES modules, the games' own boards (boards.py), and the message catalogs as JSON."""

from __future__ import annotations

from importlib import resources

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from ...i18n import export_json, languages
from ..boards import board_file
from .common import fail, guarded

WEB = resources.files("reichsstadt") / "web"


async def page(request: Request) -> Response:
    # an invite link's code is in the page's address: no Referer carries it to other sites
    return FileResponse(str(WEB / "index.html"), media_type="text/html", headers={"referrer-policy": "same-origin"})


async def catalog(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in languages():
        raise fail(404, "server.error.no_language", "not_found", lang=lang[:12], known=", ".join(languages()))
    return JSONResponse(export_json(lang), headers={"cache-control": "max-age=300"})


ROUTES: list[BaseRoute] = [
    Route("/", page), Route("/t/{id}", page), Route("/t/{id}/join/{invite}", page),
    Route("/t/{id}/watch", page), Route("/t/{id}/replay", page), Route("/t/{id}/review", page),
    Route("/i18n/{lang}.json", guarded(catalog)),
    Route("/games/{id}/{name}", board_file),
    Mount("/static", StaticFiles(directory=str(WEB)), name="static"),
]
