"""Game records (JSON) and the runner that writes them.

A record holds every action taken, chance outcomes included, so replaying it needs no
random source and reaches the same state on every machine."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .actions import Action
from .chance import make_rng, sample_chance
from .contract import CHANCE, Game, State
from .errors import IllegalAction, ReichsstadtError, RecordError
from .registry import game as find_game

RECORD_FORMAT = 1


def _engine_version() -> str:
    from .. import __version__

    return __version__


@dataclass
class Record:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    moves: list[tuple[int, dict]] = field(default_factory=list)
    engine: str = field(default_factory=_engine_version)

    def to_json(self) -> dict:
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
        for key, kind in (("game", str), ("players", int), ("seed", int), ("options", dict), ("names", list), ("moves", list)):
            if not isinstance(obj.get(key), kind) or (kind is int and isinstance(obj.get(key), bool)):
                raise RecordError(f"record field {key!r} must be {kind.__name__}, got {obj.get(key)!r}")
        moves: list[tuple[int, dict]] = []
        for i, m in enumerate(obj["moves"]):
            if (
                not isinstance(m, list) or len(m) != 2 or not isinstance(m[0], int)
                or isinstance(m[0], bool) or not isinstance(m[1], dict)
            ):
                raise RecordError(f"record move {i} must be [seat, action], got {m!r}")
            moves.append((m[0], m[1]))
        return Record(
            game=obj["game"], players=obj["players"], seed=obj["seed"], options=obj["options"],
            names=[str(n) for n in obj["names"]], moves=moves, engine=str(obj.get("engine", "")),
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")

    @staticmethod
    def load(path: str | Path) -> "Record":
        try:
            obj = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise RecordError(f"record file {str(path)!r} does not exist") from None
        except json.JSONDecodeError as exc:
            raise RecordError(f"record file {str(path)!r} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
        return Record.from_json(obj)


def replay(record: Record | dict, upto: int | None = None) -> State:
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
            raise RecordError(f"record move {i} (seat {seat}, {move}) does not replay: {exc}") from None
    return state


Listener = Callable[[int, Action, State], None]


class Match:
    """A live game: the state, its seeded random source, and the record being written.

    Every change goes through play() or resolve_chance(), so the record is complete."""

    def __init__(
        self,
        game: Game | str,
        players: int,
        seed: int,
        options: dict[str, Any] | None = None,
        names: list[str] | None = None,
    ) -> None:
        self.game = find_game(game) if isinstance(game, str) else game
        resolved = self.game.resolve(players, options)
        self.state = self.game.new(players, seed, resolved)
        self.rng: random.Random = make_rng(seed)
        self.record = Record(
            game=self.game.id, players=players, seed=seed,
            options={k: v for k, v in resolved.items() if v != self.game.options[k].default},
            names=list(names) if names else [f"Player {i + 1}" for i in range(players)],
        )
        self.listeners: list[Listener] = []   # called before each move is applied
        self.after: list[Listener] = []       # called after it (to read State.news)

    @staticmethod
    def from_record(record: Record) -> "Match":
        """Continue a recorded game (its random source continues from a fresh seed
        derived from the record, since the record does not hold the RNG's position)."""
        m = Match(record.game, record.players, record.seed, record.options, record.names)
        m.state = replay(record)
        m.record.moves = list(record.moves)
        m.rng = make_rng(record.seed * 1_000_003 + len(record.moves))
        return m

    def play(self, seat: int, action: Action) -> None:
        """Apply a player's action (IllegalAction leaves everything as it was)."""
        if seat == CHANCE:
            raise IllegalAction("chance outcomes are drawn by the match, not played")
        self._apply(seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        for listen in self.listeners:  # before apply: describe() reads the state as it was
            listen(seat, action, self.state)
        self.state.apply(seat, action)
        self.record.moves.append((seat, action.to_json()))
        for listen in self.after:
            listen(seat, action, self.state)

    def resolve_chance(self) -> None:
        """Draw chance outcomes until a player must act or the game is over."""
        state = self.state
        while state.to_act() == (CHANCE,):
            self._apply(CHANCE, sample_chance(state, self.rng))
