"""Who sits at a table, as the lobby and the seats bar say it: people and bots, bots by
level (easy, medium, hard, expert) where their spec is one, and every bot with a name of
its own ("Greedy 1", "Greedy 2"), never two alike at one table."""

from __future__ import annotations

import importlib
from typing import Any, Sequence

from .schema import HUMAN, SeatRow

PERSON_KINDS = (HUMAN, "person")
_FALLBACK_LEVELS = {"easy": "random", "medium": "greedy", "hard": "mcts:1s", "expert": "mcts:5s"}


def levels() -> dict[str, str]:
    """Level name -> bot spec: the bots package's table where it has one."""
    try:
        bot_levels = importlib.import_module("reichsstadt.bots.levels")
        table = getattr(bot_levels, "LEVELS", None)
        if isinstance(table, dict) and table:
            return {str(k): str(getattr(v, "spec", v)) for k, v in table.items()}
    except ImportError:
        pass
    return dict(_FALLBACK_LEVELS)


def level_of(spec: str) -> str | None:
    """The level a bot spec plays at, if it is one of the levels' specs."""
    for level, s in levels().items():
        if s == spec:
            return level
    return None


def bot_spec(value: str) -> str:
    """A level name or a bot spec -> the bot spec (lower case, trimmed)."""
    v = value.strip().lower()
    return levels().get(v, v)


def bot_label(spec: str) -> str:
    """The bot's word before its number: "Random", "Greedy", "MCTS 1s"."""
    head, _, rest = spec.partition(":")
    if head == "mcts":
        return f"MCTS {rest.split(':')[0]}".strip()
    return head.capitalize()


def bot_names(kinds: Sequence[str], taken: Sequence[str | None] = ()) -> list[str | None]:
    """A distinct name for every bot seat of `kinds` (None for people's seats): the bots
    package's helper where it has one, else the bot's label, numbered when it repeats."""
    try:
        named = importlib.import_module("reichsstadt.bots.levels").bot_names
        got = named(list(kinds))
        if isinstance(got, list) and len(got) == len(kinds):
            return [None if k in PERSON_KINDS else str(n) for k, n in zip(kinds, got)]
    except ImportError:
        pass
    labels = [None if k in PERSON_KINDS else bot_label(k) for k in kinds]
    counts: dict[str, int] = {}
    for label in labels:
        if label is not None:
            counts[label] = counts.get(label, 0) + 1
    seen: dict[str, int] = {}
    used = {n for n in taken if n}
    out: list[str | None] = []
    for label in labels:
        if label is None:
            out.append(None)
            continue
        if counts[label] == 1 and label not in used:
            out.append(label)
            continue
        seen[label] = seen.get(label, 0) + 1
        name = f"{label} {seen[label]}"
        while name in used:
            seen[label] += 1
            name = f"{label} {seen[label]}"
        out.append(name)
    return out


def lobby_seats(rows: Sequence[SeatRow]) -> list[dict[str, Any]]:
    """A table's seats as the lobby lists them (seats counted from 1)."""
    out = []
    for r in rows:
        bot = None if r.kind == HUMAN else r.kind
        out.append({"seat": r.seat + 1, "name": r.name, "kind": "bot" if bot else "person",
                    "level": level_of(bot) if bot else None, "bot": bot,
                    "taken": bot is not None or r.token_hash is not None})
    return out
