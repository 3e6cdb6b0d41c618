"""The heuristic (`greedy`) players, one per game, registered in `specs.HEURISTICS`; and
what they lend the search: a fast playout policy and a cut-off evaluation per game
(`playout_policy`, `evaluator`). Each game's module loads on first use."""

from __future__ import annotations

from importlib import import_module
from typing import Any, Callable

from ..specs import HEURISTICS

GAMES = ("norenberc", "siedler", "colonia")
"""The games with a heuristic player."""

_BOT_CLASS = {"norenberc": "NorenbercGreedy", "siedler": "SiedlerGreedy",
              "colonia": "ColoniaGreedy"}


def module(game_id: str) -> Any:
    """The heuristic module of a game (imported on first use)."""
    return import_module(f"{__name__}.{game_id}")


def _factory(game_id: str) -> Callable[[int], Any]:
    def make(seed: int) -> Any:
        return getattr(module(game_id), _BOT_CLASS[game_id])(seed)

    make.__name__ = f"greedy_{game_id}"
    return make


for _gid in GAMES:
    HEURISTICS.setdefault(_gid, _factory(_gid))
