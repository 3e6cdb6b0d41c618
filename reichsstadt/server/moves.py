"""The move pipeline's pure part: a seat's actions and the chance draws that follow,
played on a copy of the live state with each viewer's log entry, encoded once.

A move is planned here (anything the engine refuses is refused before anything is
stored), committed by the table, and only then adopted as the live state. The log is
kept per viewer (every seat, and None for spectators) as encoded JSON entries: the words
of each move as that viewer may read them (said before the move) and its news (after)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ..core import CHANCE, Action, Game, State, sample_chance
from . import keys
from .messages import dumps
from .protocol import words

Viewer = int | None
Entries = dict[Viewer, bytes]


def step(state: State, seat: int, action: Action, n: int, viewers: Sequence[Viewer]) -> Entries:
    """Apply move `n` to `state`; its log entry as each viewer may read it (the words
    before the move, the news after it), encoded."""
    said: dict[Viewer, tuple[dict[str, Any], bool]] = {}
    for v in viewers:
        line = state.log_words(seat, action, v)  # None: a step inside a chain the log folds
        said[v] = (words(state.describe(seat, action, v) if line is None else line), line is None)
    state.apply(seat, action)
    out: Entries = {}
    for v in viewers:
        entry: dict[str, Any] = {"n": n, "seat": seat, "words": said[v][0], "news": [words(x) for x in state.news(v)]}
        if said[v][1]:
            entry["folded"] = True  # its chain's last step states the whole of it
        out[v] = dumps(entry)
    return out


def note_entry(at: int, seat: int, message: dict[str, Any]) -> bytes:
    """A note's log entry (no move: a clock ran out, a bot took over, a person came back)."""
    return dumps({"n": at, "seat": seat, "words": message, "news": [], "note": True})


@dataclass
class Step:
    seat: int
    action: Action
    entries: Entries


@dataclass
class Plan:
    """Moves played on a copy of the live state, not yet committed."""

    state: State
    first: int                 # the number of the first move
    steps: list[Step]

    def records(self) -> list[tuple[int, dict[str, Any]]]:
        return [(s.seat, s.action.to_json()) for s in self.steps]

    def result(self) -> dict[str, Any] | None:
        return self.state.outcome().to_json() if self.state.over() else None


def plan(state: State, seat: int | None, actions: Sequence[Action], first: int, secret: str,
         viewers: Sequence[Viewer]) -> Plan:
    """`seat`'s actions and the chance draws that follow, on a copy: anything the engine
    refuses or fails at happens here. Chance draws come from the table's secret and the
    move's number, so a table rebuilt after a crash continues exactly as it would have."""
    trial = state.clone()
    steps: list[Step] = []
    n = first
    for a in actions:
        assert seat is not None
        steps.append(Step(seat, a, step(trial, seat, a, n, viewers)))
        n += 1
    while trial.to_act() == (CHANCE,):
        draw = sample_chance(trial, keys.chance_rng(secret, n))
        steps.append(Step(CHANCE, draw, step(trial, CHANCE, draw, n, viewers)))
        n += 1
    return Plan(trial, first, steps)


def replay_plan(game: Game, state: State, players: int, moves: Sequence[tuple[int, Any]], first: int,
                viewers: Sequence[Viewer]) -> Plan:
    """Committed moves (seat, action JSON) played on a copy: another process's moves, or
    a table rebuilt from the database."""
    trial = state.clone()
    steps = []
    for i, (seat, obj) in enumerate(moves):
        action = game.action_from_json(obj, players)
        steps.append(Step(seat, action, step(trial, seat, action, first + i, viewers)))
    return Plan(trial, first, steps)


def applied_plan(game: Game, state: State, players: int, moves: Sequence[tuple[int, Any]], first: int,
                 entries: Sequence[Entries]) -> Plan:
    """Committed moves played on a copy, their log entries as the process that committed
    them made them (carried in its NOTIFY)."""
    trial = state.clone()
    steps = []
    for (seat, obj), said in zip(moves, entries):
        action = game.action_from_json(obj, players)
        trial.apply(seat, action)
        steps.append(Step(seat, action, said))
    return Plan(trial, first, steps)


@dataclass
class TableLog:
    """Every viewer's log as encoded entries, and the move count."""

    players: int
    moves: int = 0
    notes: int = 0                                         # notes so far (the next one's number)
    last_move: dict[int, int] = field(default_factory=dict)  # seat -> the number of its last move
    entries: dict[Viewer, list[bytes]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.entries = {v: [] for v in self.viewers()}

    def viewers(self) -> list[Viewer]:
        return [None, *range(self.players)]

    def adopt(self, steps: Sequence[Step]) -> None:
        for s in steps:
            for v, entry in s.entries.items():
                self.entries[v].append(entry)
            self.last_move[s.seat] = self.moves
            self.moves += 1

    def add_note(self, k: int, at: int, seat: int, message: dict[str, Any]) -> None:
        entry = note_entry(at, seat, message)
        for v in self.entries:
            self.entries[v].append(entry)
        self.notes = max(self.notes, k + 1)

    def upto(self, viewer: Viewer, move: int) -> list[bytes]:
        """The viewer's log as it stood after `move` moves (for a replay)."""
        import orjson

        out = []
        for e in self.entries[viewer]:
            d = orjson.loads(e)
            if (d["n"] <= move) if d.get("note") else (d["n"] < move):
                out.append(e)
        return out
