"""What a move sets in motion beyond itself (a card revealed, a guild called, a ship's
payments), for `State.news()`: small named frozen dataclasses, one class per kind of
event, each game's in its `events.py`, read by name (`event.guild`), never by position.

A rule records an event while it runs, as the event's class followed by its field values
in their declared order:

    s._event((GuildCalled, guild, revealed))

The state keeps that tuple, so a move made by a search (which never reads the news) pays
for a tuple and nothing more; `State.events` builds the dataclasses when someone reads
them (the log, the terminal, the server), and a record that does not fit its class fails
there, in every game's conformance checks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

EventRecord = tuple[Any, ...]
"""An event as a rule records it: (its Event class, its field values in declared order)."""


@dataclass(frozen=True, slots=True)
class Event:
    """The base of every event class: `@dataclass(frozen=True, slots=True)` subclasses
    with a docstring saying what happened and a comment per field."""


def build(records: list[EventRecord]) -> list[Event]:
    """The events of `records`, as their dataclasses; TypeError naming a record that does
    not fit its class (an engine's mistake, caught by its conformance checks)."""
    out: list[Event] = []
    for record in records:
        kind = record[0] if record else None
        if not (isinstance(kind, type) and issubclass(kind, Event)):
            raise TypeError(f"an event record starts with its Event class, not {record!r}")
        try:
            out.append(kind(*record[1:]))
        except TypeError as exc:
            raise TypeError(f"event record {record!r} does not fit {kind.__name__}: {exc}") from None
    return out
