"""Who sits at a table, as the lobby and the seats bar say it: people and bots, bots by
level (easy, medium, hard, expert) where their spec is one (reichsstadt.bots.levels), and
every bot with a name of its own ("Medium bot 1", "Medium bot 2"), never two alike at
one table."""

from __future__ import annotations

import unicodedata
from typing import Any, Sequence

from ..bots import levels as bot_levels
from .schema import HUMAN, SeatRow

PERSON_KINDS = (HUMAN, "person")


def seat_level(kind: str, game_id: str | None = None) -> str | None:
    """The level a seat's bot plays (at the game, where given; None for a person or another
    bot): the browser names the seat by it, so a game's own spec of a level needs no copy
    there."""
    return None if kind in PERSON_KINDS else bot_levels.level_of(kind, game_id)


def bot_spec(value: str, game_id: str | None = None) -> str:
    """A level name or a bot spec -> the bot spec (lower case, trimmed): a level's at the
    game where one is given (a game may play a level with a spec of its own)."""
    v = value.strip().lower()
    return bot_levels.spec(v, game_id) if bot_levels.is_level(v) else v


def bot_names(kinds: Sequence[str], taken: Sequence[str | None] = ()) -> list[str | None]:
    """A distinct name for every bot seat of `kinds` (None for people's seats), by the
    bots' own naming ("Medium bot 1", "Medium bot 2"), apart from the names `taken`."""
    people = [HUMAN if k in PERSON_KINDS else k for k in kinds]
    given = [n if people[i] == HUMAN else None for i, n in enumerate([*taken, *[None] * len(kinds)][:len(kinds)])]
    named = bot_levels.seat_names(people, "en", [g or None for g in given])
    used = {n for n in taken if n}
    out: list[str | None] = []
    for kind, name in zip(people, named):
        if kind == HUMAN:
            out.append(None)
            continue
        base, k = name, 1
        while name in used:  # a person already called that
            k += 1
            name = f"{base} ({k})"
        used.add(name)
        out.append(name)
    return out


def name_taken(name: str, names: Sequence[str | None]) -> bool:
    """Whether `name` is one of `names` as people read it: whatever the case, and the
    same letter however written ("ＨOST" is "host")."""
    def key(n: str) -> str:
        return unicodedata.normalize("NFKC", n).casefold()

    return any(n is not None and key(n) == key(name) for n in names)


def lobby_seats(rows: Sequence[SeatRow]) -> list[dict[str, Any]]:
    """A table's seats as the lobby lists them (seats counted from 1)."""
    out = []
    for r in rows:
        bot = None if r.kind == HUMAN else r.kind
        out.append({"seat": r.seat + 1, "name": r.name, "kind": "bot" if bot else "person",
                    "level": seat_level(r.kind), "bot": bot,
                    "taken": bot is not None or r.token_hash is not None})
    return out
