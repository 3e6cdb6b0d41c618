"""Bots, found by spec: `make_bot("random", seed)`, `make_bot("mcts:1s", seed)`,
`make_bot("mcts:2000")`, `make_bot("greedy", seed, game="norenberc")`; `bot_names()`
lists what the lobby and the command line offer (specs.py says what each spec means)."""

from __future__ import annotations

from .base import Bot
from .random_bot import RandomBot
from .heuristic import has_heuristic, heuristic_games
from .specs import GreedyBot, bot_names, check_bot, make_bot, parse_mcts


def __getattr__(name: str) -> object:
    if name in ("MCTSBot", "Decision"):  # the search loads on first use
        from . import mcts

        return getattr(mcts, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Bot", "Decision", "GreedyBot", "MCTSBot", "RandomBot", "bot_names", "check_bot", "has_heuristic",
           "heuristic_games", "make_bot", "parse_mcts"]
