"""The registry of games: ids to Game objects, imported on first use."""

from __future__ import annotations

import importlib

from .contract import Game
from .errors import BadOption

# id -> module holding a module-level GAME (a Game instance)
_MODULES: dict[str, str] = {
    "norenberc": "reichsstadt.games.norenberc",
    "siedler": "reichsstadt.games.siedler",
    "colonia": "reichsstadt.games.colonia",
}
_loaded: dict[str, Game] = {}


def _load(game_id: str) -> Game | None:
    if game_id in _loaded:
        return _loaded[game_id]
    module = importlib.import_module(_MODULES[game_id])
    found = getattr(module, "GAME", None)
    if found is None:
        return None
    _loaded[game_id] = found
    return found


def register(found: Game, module: str | None = None) -> None:
    """Add a game from outside the project (a researcher's own title, a test's toy game)."""
    _MODULES.setdefault(found.id, module or type(found).__module__)
    _loaded[found.id] = found


def games() -> list[str]:
    """The ids of the games this installation plays."""
    return [gid for gid in _MODULES if _load(gid) is not None]


def game(game_id: str) -> Game:
    """The Game with this id; BadOption naming the known ids otherwise."""
    found = _load(game_id) if game_id in _MODULES else None
    if found is None:
        raise BadOption(f"unknown game {game_id!r}; this installation plays: {', '.join(games())}")
    return found
