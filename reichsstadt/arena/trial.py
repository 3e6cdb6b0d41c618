"""A trial move for every bot of one's own, before a tournament makes its folder.

A bot of one's own may find out only at the table that it cannot play there (a policy
trained for another game or player count says so at its first act()); found at the first
game, that left a folder with no games. So each such bot is made once more (seed 0, as
the spec check makes it) and plays its first decision of a game of the tournament's
first seed, alone at its seat; what it raises there is refused before anything is written."""

from __future__ import annotations

from typing import Any, Sequence

from ..bots import make_bot, plugins
from ..core import Match, Message, game as find_game
from .results import in_game


def own(spec: str) -> bool:
    """Whether `spec` names a bot of one's own (an import path or an installed bot)."""
    raw = spec.strip()
    return plugins.is_import_path(raw) or raw in plugins.installed()


def try_bots(game_id: str, players: int, seed: int, options: dict[str, Any], specs: Sequence[str]) -> None:
    """Every bot of one's own among `specs` plays a move of the game (BadOption, saying it
    was a trial before the games, if it fails there)."""
    title = find_game(game_id).title
    for spec in dict.fromkeys(s for s in specs if own(s)):
        bot = make_bot(spec, 0, game_id)
        match = Match(game_id, players, seed, options, recording=False)
        waiting = match.advance({})   # chance drawn up to the first decision
        if not waiting:
            continue
        with in_game(Message("commands.in_game.trial", game=title, players=players, seed=seed)):
            match.advance({waiting[0]: bot}, max_moves=10_000)
