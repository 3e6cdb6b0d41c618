"""Bots, found by name: `make_bot("random", seed)`."""

from __future__ import annotations

from typing import Callable

from ..core import BadOption
from .base import Bot
from .random_bot import RandomBot

_FACTORIES: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
}


def bot_names() -> list[str]:
    return sorted(_FACTORIES)


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        return _FACTORIES[name](seed)
    except KeyError:
        raise BadOption(f"unknown bot {name!r}; bots: {', '.join(bot_names())}") from None


__all__ = ["Bot", "RandomBot", "bot_names", "make_bot"]
