"""Game records (JSON) and replay.

A record holds every action taken, chance outcomes included, so replaying it needs no
random source and reaches the same state on every machine. The runner that writes
records is core/runner.py (Match)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .contract import State
from .datafile import cut, in_record, json_kind, quoted, read_json, type_words
from .errors import DataFileError, IllegalAction, ReichsstadtError, RecordError
from .messages import Message
from .registry import game as find_game
from .version import __version__

RECORD_FORMAT = 1


def _engine_version() -> str:
    return __version__


@dataclass
class Record:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    engine: str = field(default_factory=_engine_version)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "engine": self.engine,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "names": list(self.names),
            "moves": [[seat, move] for seat, move in self.moves],
        }

    @staticmethod
    def from_json(obj: Any) -> "Record":
        if not isinstance(obj, dict):
            raise RecordError(Message("core.record.not_object", kind=json_kind(obj)))
        if obj.get("format") != RECORD_FORMAT:
            raise RecordError(Message("core.record.format", found=quoted(obj.get("format")), supported=RECORD_FORMAT))
        for key, kind in (("game", str), ("players", int), ("seed", int), ("options", dict), ("names", list),
                          ("moves", list)):
            if not isinstance(obj.get(key), kind) or (kind is int and isinstance(obj.get(key), bool)):
                raise RecordError(Message("core.record.field", key=repr(key), kind=type_words(kind),
                                          found=quoted(obj.get(key))))
        moves: list[tuple[int, dict[str, Any]]] = []
        for i, m in enumerate(obj["moves"]):
            if (
                not isinstance(m, list) or len(m) != 2 or not isinstance(m[0], int)
                or isinstance(m[0], bool) or not isinstance(m[1], dict)
            ):
                raise RecordError(Message("core.record.move_shape", number=i + 1, example='[0, {"type": "pass"}]',
                                          found=cut(json.dumps(m, ensure_ascii=False), 200)))
            moves.append((m[0], m[1]))
        names = obj["names"] or [f"Player {i + 1}" for i in range(obj["players"])]   # none given: as Match names them
        if len(names) != obj["players"] or not all(isinstance(n, str) for n in names):
            raise RecordError(Message("core.record.names", players=obj["players"],
                                      found=cut(json.dumps(obj["names"], ensure_ascii=False), 200)))
        return Record(
            game=obj["game"], players=obj["players"], seed=obj["seed"], options=obj["options"],
            names=list(names), moves=moves, engine=str(obj.get("engine", "")),
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")

    @staticmethod
    def load(path: str | Path) -> "Record":
        """The record in a file; RecordError, in words for any language, naming the file
        and what is wrong (missing, unreadable, not JSON with its line and column, no game
        record at all, a field or a move of the wrong shape)."""
        try:
            obj = read_json(Path(path), Message("core.record.file", path=repr(str(path))))
        except DataFileError as exc:
            raise RecordError(exc.message or str(exc)) from None
        if isinstance(obj, dict) and "game" not in obj and "moves" not in obj:   # a data file, say
            raise RecordError(Message("core.record.not_a_record", path=repr(str(path))))
        record = Record.from_json(obj)
        # a data file it carries (the only options that are objects) is refused as the record's
        record.options = {k: in_record(v, str(path)) if isinstance(v, dict) else v for k, v in record.options.items()}
        return record


def replay(record: Record | dict[str, Any], upto: int | None = None) -> State:
    """The state a record reaches (after its first `upto` moves, or all of them)."""
    if isinstance(record, dict):
        record = Record.from_json(record)
    game = find_game(record.game)
    try:
        state = game.new(record.players, record.seed, record.options)
    except ReichsstadtError as exc:
        raise RecordError(Message("core.record.start", why=exc.message or str(exc))) from None
    moves = record.moves if upto is None else record.moves[:upto]
    for i, (seat, move) in enumerate(moves):
        try:
            state.apply(seat, game.action_from_json(move, record.players))
        except IllegalAction as exc:
            raise RecordError(Message("core.record.move", number=i + 1, found=cut(json.dumps([seat, move]), 200),
                                      why=exc.message or str(exc))) from None
    return state
