"""The registry of games: ids to Game objects, found through package entry points
(group "reichsstadt.games"), so a researcher's own title installs like ours; and each
game's frontends (terminal renderer, SVG board, web renderer), loaded by declaration."""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from .contract import Game
from .errors import BadOption, FrontendError

GROUP = "reichsstadt.games"

_loaded: dict[str, Game] = {}
_extra: dict[str, Game] = {}      # registered at run time (a test's toy game)
_points: dict[str, Any] | None = None


def _entry_points() -> dict[str, Any]:
    global _points
    if _points is None:
        _points = {ep.name: ep for ep in entry_points(group=GROUP)}
    return _points


def register(found: Game) -> None:
    """Add a game at run time (a test's toy game, a title not installed as a package)."""
    _extra[found.id] = found
    _loaded[found.id] = found


def game_ids() -> list[str]:
    """The ids of the games this installation plays: installed ones in the order their
    package declares them, then any registered at run time."""
    return [*_entry_points(), *(gid for gid in _extra if gid not in _entry_points())]


def game(game_id: str) -> Game:
    """The Game with this id; BadOption naming the known ids otherwise."""
    found = _loaded.get(game_id)
    if found is not None:
        return found
    point = _entry_points().get(game_id) if isinstance(game_id, str) else None
    if point is None:
        raise BadOption(f"unknown game {game_id!r}; this installation plays: {', '.join(game_ids())}")
    try:
        loaded = point.load()
    except Exception as exc:  # a broken installation must say which game and why
        raise BadOption(f"game {game_id!r} is installed but cannot be loaded ({point.value}): "
                        f"{type(exc).__name__}: {exc}") from exc
    if not isinstance(loaded, Game) or loaded.id != game_id:
        raise BadOption(f"entry point {game_id!r} ({point.value}) is not the Game {game_id!r}")
    _loaded[game_id] = loaded
    return loaded


def frontend(game_id: str, kind: str) -> Any:
    """A game's declared frontend of `kind` ("terminal", "svg"): the object its
    declaration names. FrontendError if the game declares none of that kind, or if the
    declared one cannot be loaded (never a silent fallback)."""
    g = game(game_id)
    target = g.frontends.get(kind)
    if target is None:
        raise FrontendError(f"{g.title} has no {kind} frontend (it declares: {', '.join(g.frontends) or 'none'})")
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
        return getattr(module, attr) if attr else module
    except Exception as exc:
        raise FrontendError(f"{g.title}'s {kind} frontend {target} cannot be loaded: "
                            f"{type(exc).__name__}: {exc}") from exc
