"""The contract every game engine keeps (see DESIGN.md): Game, State, Outcome, GameInfo,
CHANCE.

Bots, the arena, the server and the research adapters are written against these names
only, and reach games through the registry.

The core owns the bookkeeping every engine would otherwise write again (the way
OpenSpiel's `State.apply_action` checks and records before calling the game's
`_apply_action`, and python-chess's `Board` owns `push` for every variant):

- `apply()` checks the seat, the turn and legality with one wording for every game,
  then clears the caches and calls the engine's one hook, `_apply()`;
- `to_act()` and `legal()` are cached until the next apply; `legal()` is a tuple;
- `clone()`, `to_json()` and `Game.from_json()` follow from the fields the engine's
  State declares (core/fields.py);
- `edited(**fields)` is the public, checked way to build a position.

An engine writes `_to_act`, `_legal`, `_apply`, `chance_outcomes`, `view`, `describe`,
`outcome`, `sample` (and, where it has something to say, `news` and `_why`)."""

from __future__ import annotations

import abc
import random
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Sequence

from .actions import Action, ActionSpace
from .errors import BadOption, IllegalAction, RecordError, ReichsstadtError
from .fields import build_clone, fields_json, own_field_names, restore_fields
from .messages import Message, Player
from .options import Option, resolve_options

if TYPE_CHECKING:
    from .messages import Message as Words

CHANCE = -1
"""The seat that acts at a chance node (draws, shuffles, dice)."""

NO_EVENTS: list[tuple[int, ...]] = []
"""The shared empty event list apply() starts from (no allocation on the hot path)."""

_NO_SEAT = -99
_CHANCE_ONLY = (CHANCE,)


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

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "breakdown": [dict(b) for b in self.breakdown],
        }


@dataclass(frozen=True)
class GameInfo:
    """What search and research adapters need to know of a game before playing it, for
    one player count (OpenSpiel's GameType and GameInfo together)."""

    game: str
    players: int
    num_actions: int             # the size of the fixed integer action space (chance included)
    max_chance_outcomes: int     # the most outcomes one chance node can list
    max_game_length: int         # a proven upper bound on the moves of one game (chance included)
    min_score: int               # the lowest final score a player can have
    max_score: int               # an upper bound on a player's final score
    simultaneous: bool           # whether several seats can owe a decision at once
    information: str = "imperfect"  # "imperfect": hidden cards; "perfect" otherwise
    chance: str = "explicit"     # chance nodes are listed with their probabilities
    reward: str = "terminal"     # scores and ranks come at the end only
    reasons: dict[str, str] = field(default_factory=dict)  # how each bound is derived

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Pick:
    """A decision of several parts whose order does not matter to the player (plan three
    guilds, buy two beers and a shoe, discard four cards, build one side of an offer).

    The engine takes such a decision as a chain of small actions in its own canonical
    order; a person picks the whole set at once from parts that keep their numbers, and
    `core.picks.chain()` turns the set into the engine's chain."""

    parts: tuple[Action, ...]      # one action per part, in the engine's canonical order
    finish: Action | None          # the action that ends the chain (None: it ends by itself)
    most: int                      # at most this many parts
    least: int = 0                 # at least this many
    repeat: bool = False           # a part may be picked more than once (two beers)


def rank_by(keys: Sequence[tuple]) -> tuple[int, ...]:
    """Competition ranks (1, 1, 3, ...) from per-seat sort keys, higher keys better."""
    return tuple(1 + sum(1 for other in keys if other > k) for k in keys)


class StateMeta(abc.ABCMeta):
    """Gives each State class `__slots__` from the fields its body declares (annotations
    that are not ClassVars); see core/fields.py. A class that writes `__slots__` itself
    (the base State, whose slots are the core's bookkeeping) declares no fields."""

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kw: Any) -> Any:
        if "__slots__" in namespace:
            declared: tuple[str, ...] = ()
        else:
            declared = own_field_names(namespace)
            namespace["__slots__"] = declared
        namespace["_declared_fields"] = declared
        return super().__new__(mcls, name, bases, namespace, **kw)


class State(metaclass=StateMeta):
    """One position of one game. Mutable: apply() changes it in place; clone() copies."""

    __slots__ = ("game", "seed", "options", "events", "_own", "_acting", "_legal_seat", "_legal_moves")

    game: "Game"                      # the title this state is of (its options, its action space)
    seed: int                         # kept for the record; the state draws nothing itself
    options: dict[str, Any]           # every option, resolved (data options as parsed JSON)
    events: list[tuple[int, ...]]     # what the last apply() set in motion, read by news()
    _own: dict[Action, Action]        # the action space's own objects, by equality
    _acting: tuple[int, ...] | None   # cached to_act()
    _legal_seat: int                  # the seat whose legal moves are cached
    _legal_moves: tuple[Action, ...]

    game_id: ClassVar[str]

    def _init_base(self, game: "Game", players: int, seed: int, options: Mapping[str, Any]) -> None:
        """Engines call this first when they build a new state."""
        self.game = game
        self._own = game.action_space(players).own_objects
        self.seed = seed
        self.options = dict(options)
        self.events = NO_EVENTS
        self._acting = None
        self._legal_seat = _NO_SEAT
        self._legal_moves = ()

    # -- the engine's hooks --------------------------------------------------------------
    @property
    @abc.abstractmethod
    def players(self) -> int:
        """How many seats the game has (seats are 0..players-1)."""

    @abc.abstractmethod
    def _to_act(self) -> tuple[int, ...]:
        """to_act(), computed (the core caches it)."""

    @abc.abstractmethod
    def _legal(self, seat: int) -> Sequence[Action]:
        """The legal actions of `seat`, a player seat in to_act() (the core caches them and
        hands out a tuple). Each must be the action space's own object."""

    @abc.abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Carry out `action`: the core has checked that it is legal for `seat` now (or a
        possible chance outcome, seat CHANCE) and that it is the action space's own object.
        Record what it sets in motion with `_event()`."""

    def _is_outcome(self, action: Action) -> bool:
        """Whether `action` is a possible outcome of the chance node (engines with a cheaper
        test than listing the outcomes override this)."""
        return any(a is action for a, _ in self.chance_outcomes())

    def _why(self, seat: int, action: Action) -> "str | Words":
        """Why `action` (an action of this game) is not legal for `seat` now, for the
        refusal; the rule it breaks, in the engine's words."""
        return Message("core.refuse.not_legal")

    def _check_position(self) -> None:
        """Raise ValueError naming what is inconsistent in this state (called on every
        snapshot restored and every edited position). Engines add their invariants."""

    # -- what the core owns --------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        """Seats that owe a decision now; (CHANCE,) at a chance node; () when over.
        Several seats: a simultaneous decision, each seat applies its own action."""
        acting = self._acting
        if acting is None:
            acting = self._acting = self._to_act()
        return acting

    def legal(self, seat: int) -> tuple[Action, ...]:
        """The actions `seat` may take now: never empty for a seat in to_act(); () otherwise.
        A tuple: callers cannot change the engine's cache through it."""
        if seat == self._legal_seat:
            return self._legal_moves
        acting = self._acting  # to_act(), inlined: this is the hottest path of search
        if acting is None:
            acting = self._acting = self._to_act()
        if seat != CHANCE and seat in acting:
            moves = tuple(self._legal(seat))
        else:
            moves = ()
        self._legal_seat = seat
        self._legal_moves = moves
        return moves

    def over(self) -> bool:
        """True when the game has ended."""
        return not self.to_act()

    def apply(self, seat: int, action: Action) -> None:
        """Take `action` for `seat` (CHANCE for a chance outcome). Raises IllegalAction
        with a clear reason, leaving the state untouched, for anything not legal now."""
        try:
            own = self._own.get(action)
        except TypeError:  # not hashable: no action at all
            own = None
        if own is None:
            raise IllegalAction(Message("core.refuse.unknown", action=_shown(action), game=self.game.title,
                                        players=self.players))
        if seat == CHANCE:
            acting = self.to_act()
            if acting != _CHANCE_ONLY:
                if not acting:
                    raise IllegalAction(Message("core.refuse.over"))
                raise IllegalAction(Message("core.refuse.no_chance", waiting=_waiting(acting)))
            if not self._is_outcome(own):
                raise IllegalAction(Message("core.refuse.not_outcome", action=_shown(own)))
        else:
            # legal() is () for a seat not to act, so this one test covers the turn too
            for x in (self._legal_moves if seat == self._legal_seat else self.legal(seat)):
                if x is own:
                    break
            else:
                raise IllegalAction(self._refusal(seat, own, self.to_act()))
        self._acting = None
        self._legal_seat = _NO_SEAT
        self.events = NO_EVENTS
        self._apply(seat, own)

    def _refusal(self, seat: Any, action: Action, acting: tuple[int, ...]) -> Message:
        if not acting:
            return Message("core.refuse.over")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            return Message("core.refuse.no_seat", seat=repr(seat), players=self.players)
        if seat not in acting:
            return Message("core.refuse.not_turn", player=Player(seat), waiting=_waiting(acting))
        return Message("core.refuse.illegal", player=Player(seat), move=self.describe(seat, action, seat),
                       why=self._why(seat, action))

    def _event(self, event: tuple[int, ...]) -> None:
        """Note what a move set in motion, for news(); small tuples of ints."""
        events = self.events
        if events is NO_EVENTS:
            self.events = [event]
        else:
            events.append(event)

    def _changed(self) -> None:
        """Forget the cached to_act() and legal() (after a change made outside apply)."""
        self._acting = None
        self._legal_seat = _NO_SEAT

    def clone(self) -> "State":
        """An independent copy; cheap, because search depends on it. Generated on first
        use from the declared fields (core/fields.py)."""
        cls = type(self)
        fn = build_clone(cls, ("c.game = self.game", "c.seed = self.seed", "c.options = self.options",
                               "c._own = self._own", "c.events = self.events", "c._acting = self._acting",
                               "c._legal_seat = self._legal_seat", "c._legal_moves = self._legal_moves"))
        type.__setattr__(cls, "clone", fn)
        return fn(self)  # type: ignore[no-any-return]

    def to_json(self) -> dict[str, Any]:
        """A versioned snapshot: the game, its options and every declared field;
        Game.from_json() restores it."""
        return {
            "game": self.game.id,
            "version": self.game.version,
            "players": self.players,
            "seed": self.seed,
            "options": self.game.record_options(self.options),
            "fields": fields_json(self),
        }

    def edited(self, **fields: Any) -> "State":
        """A new state like this one with some fields changed (by their declared names),
        checked like a snapshot: RecordError names a wrong or unknown field, or what the
        engine finds inconsistent. The way for tests and studies to set up positions."""
        snap = self.to_json()
        unknown = sorted(k for k in fields if k not in snap["fields"])
        if unknown:
            raise RecordError(f"{self.game.id} position: no field {', '.join(map(repr, unknown))}; "
                              f"the fields are: {', '.join(snap['fields'])}")
        snap["fields"].update(fields)
        return self.game.from_json(snap)

    # -- what each engine writes ---------------------------------------------------------
    @abc.abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, every outcome with its probability (they sum to 1)."""

    @abc.abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """A fresh JSON-ready dict: exactly what `seat` may know (None: a spectator), in
        the common envelope (core.views.envelope)."""

    @abc.abstractmethod
    def outcome(self) -> Outcome:
        """Scores, ranks and breakdown; raises IllegalAction before the game is over."""

    @abc.abstractmethod
    def sample(self, seat: int, rng: random.Random) -> "State":
        """A full state `seat` cannot tell apart from this one: everything `seat` may not
        know is drawn at random with `rng`, never read from this state."""

    @abc.abstractmethod
    def describe(self, seat: int, action: Action, viewer: int | None) -> "str | Words":
        """Words for `action` taken by `seat` in this state (call before applying), as
        `viewer` may know it: a hidden card another player draws stays hidden.

        A phrase that does not name the actor ("sell 2 beers to the Brewers at 6 thalers
        each"): the caller puts the player's name in front, in a log, or lists it as a
        choice."""

    def pick(self, seat: int) -> Pick | None:
        """If `seat`'s decision now is the start of a multi-part choice whose order does not
        matter, its parts (for a person's screen); None otherwise."""
        return None

    def confirm(self, seat: int, action: Action) -> "Words | None":
        """Why `action` deserves a second thought before it is sent (it cannot be undone
        and gives something up: passing for the rest of the round, ending a turn with
        resources unspent), or None."""
        return None

    def news(self, viewer: int | None) -> "list[str | Words]":
        """What the last apply() set in motion beyond the move itself (cards revealed, votes
        counted, ships paid, income), as `viewer` may know it. Read right after apply();
        describe() cannot say it, because before the move it may not be known yet."""
        return []


def _shown(action: Any) -> str:
    return repr(action.to_json()) if isinstance(action, Action) else repr(action)


def _waiting(acting: tuple[int, ...]) -> Any:
    if acting == _CHANCE_ONLY:
        return Message("core.chance")
    return [Player(s) for s in acting]


class Game(abc.ABC):
    """One title. Found by id in the registry; stateless apart from caches."""

    id: ClassVar[str]
    title: ClassVar[str]
    players: ClassVar[range]
    options: ClassVar[Mapping[str, Option]] = {}
    version: ClassVar[int] = 1
    """Snapshot format version; from_json refuses other versions."""
    frontends: ClassVar[Mapping[str, str]] = {}
    """What presents this game, by kind: "terminal" (and "terminal_map"): "module:function"
    taking (view, seat, names, lang="en") and returning a Rich renderable; "svg":
    (data file contents or None, view or None) -> SVG text; "web": the browser renderer,
    `reichsstadt/web/games/<id>.js` (its value is that file's name). Loaded by
    core.registry.frontend(); a declared frontend that fails to load is an error."""

    def __init__(self) -> None:
        self._spaces: dict[int, ActionSpace] = {}

    # -- creating and restoring states -------------------------------------------------
    def resolve(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Check the player count and options; returns all options with defaults filled."""
        self.check_players(players)
        return resolve_options(self.id, self.options, options)

    def check_players(self, players: Any) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.players:
            raise BadOption(
                f"{self.id} is for {self.players.start}–{self.players.stop - 1} players, not {players!r}"
            )

    def record_options(self, resolved: Mapping[str, Any]) -> dict[str, Any]:
        """The options that differ from their defaults (what a record or snapshot keeps)."""
        return {k: v for k, v in resolved.items() if k in self.options and v != self.options[k].default}

    @abc.abstractmethod
    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        """A new game at its first decision or chance node. `seed` is kept in the state
        for the record; the state draws nothing itself (chance nodes are explicit)."""

    def from_json(self, obj: Any) -> State:
        """Restore a snapshot made by State.to_json(), every field checked; RecordError
        naming what is wrong otherwise."""
        if not isinstance(obj, dict):
            raise RecordError(f"a {self.id} snapshot is a JSON object, not {type(obj).__name__}")
        if obj.get("game") != self.id:
            raise RecordError(f"this snapshot is of game {obj.get('game')!r}, not {self.id!r}")
        if obj.get("version") != self.version:
            raise RecordError(f"{self.id} snapshot version {obj.get('version')!r} is not the supported {self.version}")
        players, seed, options, fields = (obj.get(k) for k in ("players", "seed", "options", "fields"))
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError(f"{self.id} snapshot: 'seed' must be a whole number, not {seed!r}")
        if not isinstance(options, dict) or not isinstance(fields, dict):
            raise RecordError(f"{self.id} snapshot: 'options' and 'fields' must be JSON objects")
        if isinstance(players, bool) or not isinstance(players, int):
            raise RecordError(f"{self.id} snapshot: 'players' must be a whole number, not {players!r}")
        try:
            state = self.new(players, seed, options)
        except ReichsstadtError as exc:  # a bad option, or a data option the engine refuses
            raise RecordError(f"{self.id} snapshot: {exc}") from None
        try:
            restore_fields(state, fields, f"{self.id} snapshot")
            state._changed()
            state._check_position()
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        return state

    # -- what it is --------------------------------------------------------------------
    def glossary(self) -> "list[tuple[Words, Words]]":
        """The game's pieces for a newcomer: (name, one sentence saying what it is or does)
        for every citizen, ordinance, event card, tile... in the order a player meets them."""
        return []

    def info(self, players: int, options: Mapping[str, Any] | None = None) -> GameInfo:
        """Bounds and kinds of this game for `players` and `options` (defaults where not
        given): a game-length bound can depend on options such as trade limits."""
        return self._info(players, self.resolve(players, options))

    @abc.abstractmethod
    def _info(self, players: int, options: dict[str, Any]) -> GameInfo:
        """The engine's GameInfo for a valid player count and resolved options."""

    def view_schema(self) -> dict[str, Any]:
        """The JSON Schema of this game's views (the envelope with the game's typed body,
        every field described): what the browser client and the adapters are written
        against. Engines give their body (core.views.schema); this default leaves the
        body untyped."""
        from .views import schema

        return schema(self.id, {"type": "object"}, {})

    # -- actions -----------------------------------------------------------------------
    @abc.abstractmethod
    def build_action_space(self, players: int) -> ActionSpace:
        """Every action (chance outcomes included) the game can offer with `players`."""

    def action_space(self, players: int) -> ActionSpace:
        space = self._spaces.get(players)
        if space is None:
            self.check_players(players)
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
