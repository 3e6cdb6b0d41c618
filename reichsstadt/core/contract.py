"""The contract every game engine keeps (see DESIGN.md): Game, State, Outcome, CHANCE.

Bots, the arena, the server and the research adapters are written against these names
only, and reach games through the registry."""

from __future__ import annotations

import abc
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping, Sequence

from .actions import Action, ActionSpace
from .errors import BadOption, IllegalAction, RecordError
from .options import Option, resolve_options

CHANCE = -1
"""The seat that acts at a chance node (draws, shuffles, dice)."""


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    scores: victory points per seat; ranks: 1 = first, tied seats share a rank (tie-breaks
    already applied); breakdown: per seat, the scoring items in the rulebook's order."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    breakdown: tuple[dict[str, int], ...] = field(default_factory=tuple)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(i for i, r in enumerate(self.ranks) if r == 1)

    def to_json(self) -> dict:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "breakdown": [dict(b) for b in self.breakdown],
        }


def rank_by(keys: Sequence[tuple]) -> tuple[int, ...]:
    """Competition ranks (1, 1, 3, ...) from per-seat sort keys, higher keys better."""
    ranks = []
    for k in keys:
        ranks.append(1 + sum(1 for other in keys if other > k))
    return tuple(ranks)


class State(abc.ABC):
    """One position of one game. Mutable: apply() changes it in place; clone() copies."""

    __slots__ = ()

    game_id: ClassVar[str]

    @property
    @abc.abstractmethod
    def players(self) -> int:
        """How many seats the game has (seats are 0..players-1)."""

    @abc.abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that owe a decision now; (CHANCE,) at a chance node; () when over.
        Several seats: a simultaneous decision, each seat applies its own action."""

    @abc.abstractmethod
    def legal(self, seat: int) -> list[Action]:
        """The actions `seat` may take now: never empty for a seat in to_act(); [] otherwise.
        The list may be the engine's own cache: read it, never modify it."""

    @abc.abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, every outcome with its probability (they sum to 1)."""

    @abc.abstractmethod
    def apply(self, seat: int, action: Action) -> None:
        """Take `action` for `seat` (CHANCE for a chance outcome). Raises IllegalAction
        with a clear reason, leaving the state untouched, for anything not legal now."""

    @abc.abstractmethod
    def view(self, seat: int | None) -> dict:
        """JSON-ready: exactly what `seat` may know (None: a spectator)."""

    @abc.abstractmethod
    def over(self) -> bool:
        """True when the game has ended."""

    @abc.abstractmethod
    def outcome(self) -> Outcome:
        """Scores, ranks and breakdown; raises IllegalAction before the game is over."""

    @abc.abstractmethod
    def clone(self) -> "State":
        """An independent copy; cheap, because search depends on it."""

    @abc.abstractmethod
    def sample(self, seat: int, rng: random.Random) -> "State":
        """A full state `seat` cannot tell apart from this one: everything `seat` may not
        know is drawn at random with `rng`, never read from this state."""

    @abc.abstractmethod
    def to_json(self) -> dict:
        """A versioned snapshot; Game.from_json() restores it."""

    @abc.abstractmethod
    def describe(self, seat: int, action: Action, viewer: int | None) -> str:
        """Plain words for `action` taken by `seat` in this state (call before applying),
        as `viewer` may know it: a hidden card another player draws stays hidden.

        A phrase that does not name the actor ("sell 2 beers to the Brewers at 6 thalers
        each"): the caller puts the player's name in front, in a log, or lists it as a
        choice. Other seats are named "Player N" (1-based)."""


    def news(self, viewer: int | None) -> list[str]:
        """What the last apply() set in motion beyond the move itself (cards revealed, votes
        counted, ships paid, income), in plain words as `viewer` may know it, seats named
        "Player N". Read right after apply(); describe() cannot say it, because before the
        move it may not be known yet. Engines with automatic steps override this."""
        return []


class Game(abc.ABC):
    """One title. Found by id in the registry; stateless apart from caches."""

    id: ClassVar[str]
    title: ClassVar[str]
    players: ClassVar[range]
    options: ClassVar[Mapping[str, Option]] = {}
    version: ClassVar[int] = 1
    """Snapshot format version; from_json refuses other versions."""

    def __init__(self) -> None:
        self._spaces: dict[int, ActionSpace] = {}

    # -- creating and restoring states -------------------------------------------------
    def resolve(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Check the player count and options; returns all options with defaults filled."""
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.players:
            raise BadOption(
                f"{self.id} is for {self.players.start}–{self.players.stop - 1} players, not {players!r}"
            )
        return resolve_options(self.id, self.options, options)

    @abc.abstractmethod
    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        """A new game at its first decision or chance node. `seed` is kept in the state
        for the record; the state draws nothing itself (chance nodes are explicit)."""

    @abc.abstractmethod
    def from_json(self, obj: dict) -> State:
        """Restore a snapshot made by State.to_json(); RecordError if it is not one."""

    def check_snapshot(self, obj: Any) -> None:
        """Common checks of a snapshot's envelope; games call this first in from_json."""
        if not isinstance(obj, dict):
            raise RecordError(f"a {self.id} snapshot is a JSON object, not {type(obj).__name__}")
        if obj.get("game") != self.id:
            raise RecordError(f"this snapshot is of game {obj.get('game')!r}, not {self.id!r}")
        if obj.get("version") != self.version:
            raise RecordError(f"{self.id} snapshot version {obj.get('version')!r} is not the supported {self.version}")

    # -- actions -----------------------------------------------------------------------
    @abc.abstractmethod
    def build_action_space(self, players: int) -> ActionSpace:
        """Every action (chance outcomes included) the game can offer with `players`."""

    def action_space(self, players: int) -> ActionSpace:
        space = self._spaces.get(players)
        if space is None:
            if players not in self.players:
                raise BadOption(f"{self.id} is for {self.players.start}–{self.players.stop - 1} players, not {players!r}")
            space = self._spaces[players] = self.build_action_space(players)
        return space

    def num_actions(self, players: int) -> int:
        return len(self.action_space(players))

    def encode(self, action: Action, players: int) -> int:
        return self.action_space(players).encode(action)

    def decode(self, index: int, players: int) -> Action:
        return self.action_space(players).decode(index)

    def action_from_json(self, obj: Any, players: int | None = None) -> Action:
        """Parse an action's JSON form; IllegalAction if it is no action of this game."""
        action = Action.from_json(obj)
        counts = [players] if players is not None else list(self.players)
        for n in counts:
            space = self.action_space(n)
            if action in space:
                return space.canonical(action)
        raise IllegalAction(f"{obj!r} is not an action of {self.id}")
