"""Every game as an OpenSpiel Python game.

    import pyspiel
    from reichsstadt.interop import openspiel
    game = openspiel.load("norenberc", players=4)   # or, once registered,
    game = pyspiel.load_game("reichsstadt_norenberc(players=4)")

- Importing this module registers every installed game as `reichsstadt_<id>` with the
  parameter `players` (default: the fewest the game allows) and the game's own options
  that are true/false, numbers or choices (`reichsstadt_siedler(players=4,setup=expert)`;
  data-file options are for `load(..., options=)`); `register(game_id)` does it for a
  title added at run time.
- Dynamics SEQUENTIAL with explicit chance: every draw, die and shuffle step is a chance
  node with its probabilities. A simultaneous decision (secret plans, votes) is played as
  moves in seat order whose content the engine's views keep hidden from the other
  seats until it is revealed, which is what IS-MCTS and the other sequential algorithms
  need (OpenSpiel's search refuses SIMULTANEOUS dynamics).
- Actions are the game's fixed integer indices for the player count
  (`Game.encode`/`decode`); chance outcomes are indices of the same space, so
  `max_chance_outcomes` is the size of the whole space.
- Returns: ZERO_SUM, at the end only, in [-1, 1]: (seats you beat − seats that beat you)
  / (players − 1).
- Observer (`make_py_observer`): the observation tensor is the game's encoding of the
  seat's view (docs/research.md), with a named view (`.dict`) per slice; its string is
  the view as canonical JSON followed by the seat's legal actions. The information state
  (perfect recall) adds the seat's own history (history.py): the last `history` moves
  (a game parameter, 8 by default) and every move it saw counted, in the tensor; every
  move as it saw it (whole, or only its kind), in the string. `private_info=NONE` gives
  the spectator's (public) observation; ALL_PLAYERS is not offered.
- `max_game_length` is measured, not the engine's proven bound (lengths.py): a game that
  reaches it ends as a draw (every return 0). The parameter `max_decisions` (0: the
  measured length) shortens it: outcome-sampling MCCFR multiplies one probability per
  move, which underflows over a whole game of Colonia or Siedler (NaN regrets).
- States serialize (`serialize()`, `game.deserialize_state`, pickle, deep copy): the
  engine's snapshot and the history.
- `resample_from_infostate(player, sampler)` is the engine's `sample(seat, rng)`, so
  OpenSpiel's Python `ismcts.ISMCTSBot` plays every game. (OpenSpiel's C++ MCTS and
  IS-MCTS bots crash on every Python game, OpenSpiel's own included: use the Python ones.)"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as exc:   # the research extra is not installed
    from . import missing_extra

    raise missing_extra(exc) from None

from ..core import CHANCE, Action, BadOption, Game, IllegalAction, State, game_ids
from ..core import game as find_game
from .common import action_text, legal_indices, returns
from .encoding import encoder as find_encoder
from .history import History, HistoryEncoding
from .incremental import Rewriter, Tracker, tracker
from .lengths import bounds

PREFIX = "reichsstadt_"
RECENT = 8
"""Recent moves the information-state tensor shows by default (game parameter `history`)."""
_registered: dict[str, pyspiel.GameType] = {}
_creators: dict[str, type] = {}


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def game_type(game: Game) -> pyspiel.GameType:
    """OpenSpiel's description of a title (the same for every player count)."""
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"reichsstadt {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.players.stop - 1,
        min_num_players=game.players.start,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.players.start, "history": RECENT, "max_decisions": 0,
                                 **_option_params(game)},
    )


def _option_params(game: Game) -> dict[str, Any]:
    """The game's options OpenSpiel can carry as parameters, with their defaults."""
    return {name: opt.default for name, opt in game.options.items()
            if opt.kind in ("bool", "int", "choice") and opt.default is not None}


def register(game_id: str) -> str:
    """Register `game_id` with OpenSpiel (once); its short name."""
    if game_id not in _registered:
        gtype = game_type(find_game(game_id))
        # A class per title, kept here: OpenSpiel's registry holds the creator until the
        # process ends, and releasing a Python object then (a functools.partial, say)
        # crashes the interpreter at exit.
        creator = _creators[game_id] = type(f"ReichsstadtGame_{game_id}", (ReichsstadtGame,), {"game_id": game_id})
        pyspiel.register_game(gtype, creator)
        _registered[game_id] = gtype
    return short_name(game_id)


def load(game_id: str, players: int | None = None, options: Mapping[str, Any] | None = None,
         history: int = RECENT, max_decisions: int = 0) -> ReichsstadtGame:
    """The OpenSpiel game of `game_id` for `players` with the game's `options` (any of
    them, data files included), its information state showing the last `history` moves,
    its episodes ending as draws after `max_decisions` decisions (0: the measured
    length), registering it if needed."""
    name = register(game_id)
    params: dict[str, Any] = {"history": history, "max_decisions": max_decisions}
    if players is not None:
        params["players"] = players
    carried = _option_params(find_game(game_id))
    extra = {k: v for k, v in (options or {}).items() if k not in carried}
    params.update({k: v for k, v in (options or {}).items() if k in carried})
    game = pyspiel.load_game(name, params)
    if extra:  # options OpenSpiel cannot carry (data files): a game object of their own
        game = _creators[game_id](game.get_parameters(), extra)
    return game  # type: ignore[no-any-return]


class _Shared:
    """What every state of one (game, players, options) shares; deep copies keep the same
    one, and it pickles as what rebuilds it."""

    __slots__ = (
        "encoder",
        "game",
        "history_encoding",
        "initial",
        "initial_codes",
        "cap",
        "max_decisions",
        "options",
        "players",
        "recent",
        "space",
    )

    def __init__(self, game: Game, players: int, options: dict[str, Any], recent: int, cap: int = 0) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.space = game.action_space(players)
        self.encoder = find_encoder(game.id, players)
        self.recent = recent
        self.history_encoding = HistoryEncoding(self.space, players, recent)
        measured = bounds(game.id, players)
        self.max_decisions = measured[0] if measured else game.info(players, options).max_game_length
        self.cap = cap
        if cap:   # the game parameter max_decisions: episodes end (as draws) sooner
            self.max_decisions = cap
        self.initial = game.new(players, 0, options)  # the state draws nothing: every game starts here
        self.initial_codes: dict[int | None, np.ndarray] = {}

    def initial_code(self, seat: int | None) -> np.ndarray:
        """The encoding of the initial state for `seat` (computed once)."""
        found = self.initial_codes.get(seat)
        if found is None:
            found = self.initial_codes[seat] = self.encoder.encode(self.initial, seat)
        return found

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _shared, (self.game.id, self.players, self.options, self.recent, self.cap)


def _shared(game_id: str, players: int, options: dict[str, Any], recent: int, cap: int = 0) -> _Shared:
    return _Shared(find_game(game_id), players, options, recent, cap)


class _Engine:
    """Holds the engine's state and what OpenSpiel asks of it. OpenSpiel's Clone() deep
    copies the Python attributes of a state: this copies with the engine's cheap clone().
    Keeps each seat's view and encoding until the next move (OpenSpiel asks for strings
    and tensors of every player several times a step); the encodings come from a
    Tracker (incremental.py), which writes again only what the moves since the last one
    changed. The history is brought up to date only when an information state is asked
    for: until then a move costs a list append (`pending`: the moves since `replay`, the
    state the history has reached)."""

    __slots__ = ("_shared", "_state", "codes", "decisions", "history", "moves", "pending", "player", "replay",
                 "texts", "tracker", "views")

    def __init__(self, state: State | None, shared: _Shared) -> None:
        self._state = state
        self._shared = shared
        self.views: dict[int | None, dict[str, Any]] = {}
        self.codes: dict[int | None, np.ndarray] = {}
        self.texts: dict[Any, str] = {}
        self.decisions = 0
        self.history: History | None = None
        self.replay: State | None = None
        self.pending: list[tuple[int, Action]] = []
        self.moves = 0
        self.tracker: Tracker | Rewriter | None = None   # made on the first encoding
        self.player: int | None = None   # current_player() until the next move (OpenSpiel asks it often)

    @property
    def state(self) -> State:
        s = self._state
        if s is None:  # built on first use: Clone() makes a new initial state only to overwrite it
            s = self._state = self._shared.initial.clone()
        return s

    def apply(self, seat: int, action: Action) -> None:
        self.state.apply(seat, action)
        self.pending.append((seat, action))
        self.moves += 1
        self.player = None
        if seat != CHANCE:
            self.decisions += 1
        if self.views or self.codes or self.texts:
            self.views = {}
            self.codes = {}
            self.texts = {}

    def truncated(self) -> bool:
        """The game reached the measured length without ending (a draw)."""
        return self.decisions >= self._shared.max_decisions and not self.state.over()

    def view(self, seat: int | None) -> dict[str, Any]:
        v = self.views.get(seat)
        if v is None:
            v = self.views[seat] = self.state.view(seat)
        return v

    def code(self, seat: int | None) -> np.ndarray:
        c = self.codes.get(seat)
        if c is None:
            if self._state is None:  # an untouched initial state: OpenSpiel sizes every tensor on one
                return self._shared.initial_code(seat)
            if self.tracker is None:
                self.tracker = tracker(self._shared.encoder)
            c = self.codes[seat] = self.tracker.observe(self._state, seat, None, self.moves)
        return c

    def seen(self) -> History:
        """The history, brought up to date (replaying the moves made since)."""
        sh = self._shared
        if self.history is None:
            self.history = History(sh.space, sh.players)
        if self.pending:
            past = self.replay if self.replay is not None else sh.initial.clone()
            for seat, action in self.pending:
                self.history(seat, action, past)
                past.apply(seat, action)
            self.replay = past
            self.pending = []
        return self.history

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        other = _Engine(self.state.clone(), self._shared)
        other.decisions = self.decisions
        other.history = self.history.copy() if self.history is not None else None
        other.replay = self.replay.clone() if self.replay is not None else None
        other.pending = self.pending[:]
        return other

    def __getstate__(self) -> dict[str, Any]:
        history = self.seen()
        return {"shared": self._shared, "snapshot": self.state.to_json(), "decisions": self.decisions,
                "moves": history.moves}

    def __setstate__(self, data: dict[str, Any]) -> None:
        sh: _Shared = data["shared"]
        self.__init__(sh.game.from_json(data["snapshot"]), sh)  # type: ignore[misc]
        self.decisions = data["decisions"]
        self.history = History(sh.space, sh.players)
        for actor, _, index, mask in data["moves"]:
            self.history.add(actor, index, mask)
        self.replay = self.state.clone()


class ReichsstadtGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no stubs
    """One reichsstadt title for one player count, as an OpenSpiel game."""

    game_id: str  # set by register() on the class of each title

    def __init__(self, params: dict[str, Any] | None = None, extra_options: Mapping[str, Any] | None = None) -> None:
        game_id = self.game_id
        game = find_game(game_id)
        params = dict(params or {})
        players = int(params.pop("players", game.players.start))
        recent = int(params.pop("history", RECENT))
        cap = params.pop("max_decisions", 0)
        if isinstance(cap, bool) or not isinstance(cap, int) or cap < 0:
            raise BadParameter(f"max_decisions must be 0 (the measured length) or a number of decisions, not {cap!r}")
        try:
            options = game.resolve(players, {**params, **(extra_options or {})})
            game.info(players, options)
            shared = _Shared(game, players, options, recent, cap)
        except (BadOption, ValueError) as exc:
            raise BadParameter(str(exc)) from None
        n = len(shared.space)
        measured = bounds(game_id, players)
        super().__init__(
            _registered[game_id] if game_id in _registered else game_type(game),
            pyspiel.GameInfo(
                num_distinct_actions=n,
                max_chance_outcomes=n,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=shared.max_decisions,
            ),
            {"players": players, "history": recent, "max_decisions": cap,
             **{k: options[k] for k in _option_params(game)}},
        )
        self.shared = shared
        self.extra_options = dict(extra_options or {})
        self.chance_bound = measured[1] if measured else shared.max_decisions

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle finds no class per title by name (each is made by register()): a game
        # pickles as what rebuilds it, so solvers holding one checkpoint and it reaches
        # spawned processes, with its parameters and data-file options
        return _game, (self.game_id, self.get_parameters(), self.extra_options)

    def new_initial_state(self) -> ReichsstadtState:
        return ReichsstadtState(self)

    def max_chance_nodes_in_history(self) -> int:
        return self.chance_bound

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ReichsstadtObserver:
        return ReichsstadtObserver(self.shared, iig_obs_type, params)


def _game(game_id: str, params: dict[str, Any], extra_options: dict[str, Any]) -> ReichsstadtGame:
    """The game a pickled ReichsstadtGame was (registering its title in this process)."""
    register(game_id)
    return _creators[game_id](params, extra_options)  # type: ignore[no-any-return]


class ReichsstadtState(pyspiel.State):  # type: ignore[misc]
    """A position: the engine's state behind OpenSpiel's State API."""

    def __init__(self, game: ReichsstadtGame, engine: State | None = None) -> None:
        super().__init__(game)
        self._shared = game.shared
        self._engine = _Engine(engine, game.shared)

    @property
    def engine(self) -> State:
        """The reichsstadt state (for inspection; change it only through apply_action)."""
        return self._engine.state

    def current_player(self) -> int:
        engine = self._engine
        player = engine.player
        if player is None:
            to_act = engine.state.to_act()
            if not to_act or engine.truncated():
                player = int(pyspiel.PlayerId.TERMINAL)
            else:
                player = CHANCE if to_act[0] == CHANCE else to_act[0]
            engine.player = player
        return player

    def _legal_actions(self, player: int) -> list[int]:
        found: list[int] = legal_indices(self._shared.space).of(self._engine.state.legal(player)).tolist()
        found.sort()
        return found

    def chance_outcomes(self) -> list[tuple[int, float]]:
        space = self._shared.space
        by_id, encode = legal_indices(space).by_id, space.encode   # the space's own objects: by identity
        found = []
        for a, p in self._engine.state.chance_outcomes():
            index = by_id.get(id(a))
            found.append((encode(a) if index is None else index, p))
        found.sort()
        return found

    def _apply_action(self, action: int) -> None:
        engine = self._engine
        to_act = engine.state.to_act()
        if not to_act or engine.decisions >= self._shared.max_decisions:   # is_terminal(): OpenSpiel does not
            # ask it first (a finished game raised IndexError, one cut short played on past its bound)
            why = "" if not to_act else f", cut short as a draw after {self._shared.max_decisions} decisions"
            raise IllegalAction(f"the game is over{why} (is_terminal()): no action applies, not {action}")
        engine.apply(to_act[0], self._shared.space.decode(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        return action_text(self._shared.space.decode(int(action)))

    def is_terminal(self) -> bool:
        return self._engine.state.over() or self._engine.truncated()

    def returns(self) -> list[float]:
        state = self._engine.state
        if not state.over():
            return [0.0] * self._shared.players
        return returns(state.outcome(), "rank")

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ReichsstadtState:
        """A state `player_id` cannot tell apart from this one, drawn by the engine's
        sample() from a generator seeded by `probability_sampler()` (a float in [0, 1)),
        with the history as `player_id` knows it (history.History.believed_by)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        engine = self._engine
        other = ReichsstadtState(self.get_game(), engine.state.sample(player_id, rng))
        other._engine.decisions = engine.decisions
        other._engine.history = engine.seen().believed_by(player_id)
        other._engine.replay = other._engine.state.clone()
        return other

    def __str__(self) -> str:
        engine = self._engine
        text = engine.texts.get(None)
        if text is None:
            text = engine.texts[None] = json.dumps(engine.view(None), sort_keys=True, separators=(",", ":"))
        return text


class BadParameter(BadOption, ValueError):
    """A game parameter refused: a BadOption, as the other adapters and the engine raise,
    and a ValueError, as OpenSpiel's Python games raise (pyspiel.load_game passes it on)."""


class ReichsstadtObserver:
    """OpenSpiel's PyObserver: `.tensor` (the encoding, and for an information state the
    history after it), `.dict` ({"observation": …} and, for an information state,
    "history": the two parts of the tensor), `.slices` (a named view of each slice),
    `set_from(state, player)`, `string_from(state, player)`. OpenSpiel's C++ side copies
    every entry of `.dict` at every `observation_tensor()` call, so `.dict` holds the two
    parts only; the slices are in `.slices`."""

    def __init__(self, shared: _Shared, iig_obs_type: Any = None, params: Any = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        private = iig_obs_type.private_info if iig_obs_type is not None else pyspiel.PrivateInfoType.SINGLE_PLAYER
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("reichsstadt games offer no observation of all players' private information")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        if self.recall and self.public_only:
            raise ValueError("reichsstadt games offer no public information state (a history is a seat's)")
        enc = shared.encoder
        self.encoder = enc
        self.history = shared.history_encoding if self.recall else None
        size = enc.size + (self.history.size if self.history else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[:enc.size]}
        self.slices = enc.split(self.tensor[:enc.size])
        if self.history is not None:
            self.dict["history"] = self.tensor[enc.size:]
            at = enc.size
            for s in self.history.slices:
                self.slices[s.name] = self.tensor[at:at + s.size]
                at += s.size

    def set_from(self, state: ReichsstadtState, player: int) -> None:
        engine = state._engine
        size = self.encoder.size
        self.tensor[:size] = engine.code(None if self.public_only else player)
        if self.history is not None:
            rest = self.tensor[size:]
            rest.fill(0.0)
            self.history.fill(engine.seen(), player, rest)

    def string_from(self, state: ReichsstadtState, player: int) -> str:
        """The view as canonical JSON; for a seat, followed by its legal actions (what a
        seat may do is part of what it knows, and an engine's view may not spell out
        every step of a chain of decisions); for an information state, then the seat's
        history."""
        engine = state._engine
        key: Any = None if self.public_only else player
        if self.recall:
            key = ("recall", player)
        text = engine.texts.get(key)
        if text is None:
            seat = None if self.public_only else player
            text = json.dumps(engine.view(seat), sort_keys=True, separators=(",", ":"))
            if seat is not None:
                text += f" legal:{sorted(state._shared.space.encode(a) for a in engine.state.legal(player))}"
            if self.recall:
                text += f" history:{engine.seen().text(player)}"
            engine.texts[key] = text
        return text


def register_installed() -> dict[str, str]:
    """Register every installed game that loads; {game id: why not} for those that do not."""
    failed: dict[str, str] = {}
    for gid in game_ids():
        try:
            register(gid)
        except Exception as exc:  # noqa: BLE001 (a broken title must not hide the others)
            failed[gid] = f"{type(exc).__name__}: {exc}"
    return failed


UNAVAILABLE = register_installed()
"""Installed games that could not be registered, with the reason (`load()` raises it)."""
