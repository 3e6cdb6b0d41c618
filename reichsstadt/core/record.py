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
from .datafile import read_limited
from .errors import IllegalAction, ReichsstadtError, RecordError
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
            raise RecordError(f"a game record is a JSON object, not {type(obj).__name__}")
        if obj.get("format") != RECORD_FORMAT:
            raise RecordError(f"record format {obj.get('format')!r} is not the supported {RECORD_FORMAT}")
        for key, kind in (("game", str), ("players", int), ("seed", int), ("options", dict), ("names", list),
                          ("moves", list)):
            if not isinstance(obj.get(key), kind) or (kind is int and isinstance(obj.get(key), bool)):
                raise RecordError(f"record field {key!r} must be {kind.__name__}, got {obj.get(key)!r}")
        moves: list[tuple[int, dict[str, Any]]] = []
        for i, m in enumerate(obj["moves"]):
            if (
                not isinstance(m, list) or len(m) != 2 or not isinstance(m[0], int)
                or isinstance(m[0], bool) or not isinstance(m[1], dict)
            ):
                raise RecordError(f"record move {i + 1} must be [seat, action]: the seat's number (0 for the first "
                                  f"seat, -1 for a chance draw) and the action as a JSON object, as in "
                                  f"[0, {{\"type\": \"pass\"}}]; it is {json.dumps(m)}")
            moves.append((m[0], m[1]))
        names = obj["names"] or [f"Player {i + 1}" for i in range(obj["players"])]   # none given: as Match names them
        if len(names) != obj["players"] or not all(isinstance(n, str) for n in names):
            raise RecordError(f"record field 'names' must list {obj['players']} names (one per player), got "
                              f"{json.dumps(obj['names'], ensure_ascii=False)[:200]}")
        return Record(
            game=obj["game"], players=obj["players"], seed=obj["seed"], options=obj["options"],
            names=list(names), moves=moves, engine=str(obj.get("engine", "")),
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")

    @staticmethod
    def load(path: str | Path) -> "Record":
        try:
            obj = json.loads(read_limited(path))
        except FileNotFoundError:
            raise RecordError(f"record file {str(path)!r} does not exist") from None
        except json.JSONDecodeError as exc:
            raise RecordError(f"record file {str(path)!r} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
        except (OSError, ValueError, RecursionError) as exc:   # a folder, not UTF-8, too large, nested too deep
            raise RecordError(f"record file {str(path)!r} cannot be read: {_why(exc)}") from None
        return Record.from_json(obj)


def _why(exc: BaseException) -> str:
    if isinstance(exc, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(exc, RecursionError):
        return "nested too deep"
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)


def replay(record: Record | dict[str, Any], upto: int | None = None) -> State:
    """The state a record reaches (after its first `upto` moves, or all of them)."""
    if isinstance(record, dict):
        record = Record.from_json(record)
    game = find_game(record.game)
    try:
        state = game.new(record.players, record.seed, record.options)
    except ReichsstadtError as exc:
        raise RecordError(f"record cannot start its game: {exc}") from None
    moves = record.moves if upto is None else record.moves[:upto]
    for i, (seat, move) in enumerate(moves):
        try:
            state.apply(seat, game.action_from_json(move, record.players))
        except IllegalAction as exc:
            raise RecordError(f"record move {i + 1} ({json.dumps([seat, move])} in the file) does not replay: "
                              f"{exc}") from None
    return state
