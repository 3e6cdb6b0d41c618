"""The registry of games: ids to Game objects, found through package entry points
(group "reichsstadt.games"), so a researcher's own title installs like ours; and each
game's parts (terminal renderer, SVG board, browser board, catalogs, heuristic player,
observation encoder), loaded by the game's own declaration (Game.parts) and never by
building a path from the game's id."""

from __future__ import annotations

import importlib
from importlib import resources
from importlib.resources.abc import Traversable
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


_generation = 0


def register(found: Game) -> None:
    """Add a game at run time (a test's toy game, a title not installed as a package)."""
    global _generation
    _extra[found.id] = found
    _loaded[found.id] = found
    _generation += 1


def unregister(game_id: str) -> None:
    """Take back a game registered at run time (a test's toy game); installed games stay."""
    global _generation
    if _extra.pop(game_id, None) is not None:
        _loaded.pop(game_id, None)
        _generation += 1


def generation() -> int:
    """A number that changes whenever a game is registered at run time: what caches of
    every game's parts (the catalogs) are keyed by."""
    return _generation


def game_ids() -> list[str]:
    """The ids of the games this installation plays: installed ones in the order their
    package declares them, then any registered at run time."""
    return [*_entry_points(), *(gid for gid in _extra if gid not in _entry_points())]


def installed_ids() -> list[str]:
    """The ids of the installed games only (their entry points), without the titles
    registered at run time: what a test of "every game we ship" iterates, whatever
    other tests registered before it in the same process."""
    return list(_entry_points())


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


def has_part(game_id: str, kind: str) -> bool:
    """Whether the game declares a part of this kind (see Game.parts)."""
    return kind in game(game_id).parts


def _declared(game_id: str, kind: str) -> tuple[Game, str]:
    g = game(game_id)
    target = g.parts.get(kind)
    if target is None:
        raise FrontendError(f"{g.title} has no {kind} part (it declares: {', '.join(g.parts) or 'none'})")
    return g, target


def part(game_id: str, kind: str) -> Any:
    """A game's declared part of `kind` ("terminal", "svg", "heuristic", "encoder", ...):
    the object its "module:attr" declaration names (the module itself for "module").
    FrontendError if the game declares none of that kind, or if the declared one cannot
    be loaded (never a silent fallback)."""
    g, target = _declared(game_id, kind)
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
        return getattr(module, attr) if attr else module
    except Exception as exc:
        raise FrontendError(f"{g.title}'s {kind} part {target} cannot be loaded: "
                            f"{type(exc).__name__}: {exc}") from exc


def files(game_id: str, kind: str) -> Traversable:
    """A game's declared folder of files of `kind` ("web": its browser board, "catalogs":
    its message catalogs), declared as "package:folder" and read from the installed
    package (importlib.resources), so a game in its own distribution brings its own."""
    g, target = _declared(game_id, kind)
    package, _, folder = target.partition(":")
    try:
        found = resources.files(package)
    except Exception as exc:
        raise FrontendError(f"{g.title}'s {kind} folder {target} cannot be found: "
                            f"{type(exc).__name__}: {exc}") from exc
    for step in filter(None, folder.split("/")):
        found = found.joinpath(step)
    if not found.is_dir():
        raise FrontendError(f"{g.title}'s {kind} folder {target} is not a folder of package {package}")
    return found
