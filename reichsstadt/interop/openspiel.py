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
- Observer (`make_py_observer`): tensors are the game's encoding of the seat's view
  (docs/research.md), with a named view (`.dict`) per slice; strings are the view as
  canonical JSON followed by the seat's legal actions. The information state is the
  view: by the contract it holds everything the seat may know (it does not recall the
  order of past events the view no longer shows). `private_info=NONE` gives the
  spectator's (public) view; ALL_PLAYERS is not offered.
- `resample_from_infostate(player, sampler)` is the engine's `sample(seat, rng)`, so
  OpenSpiel's Python `ismcts.ISMCTSBot` plays every game. (OpenSpiel's C++ MCTS and
  IS-MCTS bots crash on every Python game, OpenSpiel's own included: use the Python ones.)"""

from __future__ import annotations

import json
import random
from typing import Any, Mapping

import numpy as np
import pyspiel

from ..core import CHANCE, BadOption, Game, State, game as find_game, game_ids
from .common import action_text, returns
from .encoding import Encoder, encoder as find_encoder

PREFIX = "reichsstadt_"
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
        parameter_specification={"players": game.players.start, **_option_params(game)},
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


def load(game_id: str, players: int | None = None, options: Mapping[str, Any] | None = None
         ) -> "ReichsstadtGame":
    """The OpenSpiel game of `game_id` for `players` with the game's `options` (any of
    them, data files included), registering it if needed."""
    name = register(game_id)
    params: dict[str, Any] = {} if players is None else {"players": players}
    carried = _option_params(find_game(game_id))
    extra = {k: v for k, v in (options or {}).items() if k not in carried}
    params.update({k: v for k, v in (options or {}).items() if k in carried})
    game = pyspiel.load_game(name, params)
    if extra:  # options OpenSpiel cannot carry (data files): a game object of their own
        game = _creators[game_id](game.get_parameters(), extra)
    return game  # type: ignore[no-any-return]


class _Shared:
    """What every state of one (game, players) shares; deep copies keep the same one."""

    __slots__ = ("game", "players", "options", "space", "encoder")

    def __init__(self, game: Game, players: int, options: dict[str, Any], enc: Encoder) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.space = game.action_space(players)
        self.encoder = enc

    def __deepcopy__(self, memo: dict) -> "_Shared":
        return self


class _Engine:
    """Holds the engine's state; OpenSpiel's Clone() deep-copies the Python attributes of
    a state, and this copies with the engine's cheap clone(). Keeps each seat's view and
    encoding until the next move (OpenSpiel asks for strings and tensors of every player
    several times a step)."""

    __slots__ = ("_state", "_shared", "views", "codes", "texts")

    def __init__(self, state: State | None, shared: _Shared) -> None:
        self._state = state
        self._shared = shared
        self.views: dict[int | None, dict[str, Any]] = {}
        self.codes: dict[int | None, np.ndarray] = {}
        self.texts: dict[int | None, str] = {}

    @property
    def state(self) -> State:
        s = self._state
        if s is None:  # built on first use: Clone() makes a new initial state only to overwrite it
            sh = self._shared
            s = self._state = sh.game.new(sh.players, 0, sh.options)
        return s

    def moved(self) -> None:
        if self.views:
            self.views = {}
            self.codes = {}
            self.texts = {}

    def view(self, seat: int | None) -> dict[str, Any]:
        v = self.views.get(seat)
        if v is None:
            v = self.views[seat] = self.state.view(seat)
        return v

    def code(self, seat: int | None) -> np.ndarray:
        c = self.codes.get(seat)
        if c is None:
            c = self.codes[seat] = self._shared.encoder.encode(self.view(seat))
        return c

    def __deepcopy__(self, memo: dict) -> "_Engine":
        return _Engine(self.state.clone(), self._shared)


class ReichsstadtGame(pyspiel.Game):
    """One reichsstadt title for one player count, as an OpenSpiel game."""

    game_id: str  # set by register() on the class of each title

    def __init__(self, params: dict[str, Any] | None = None, extra_options: Mapping[str, Any] | None = None) -> None:
        game_id = self.game_id
        game = find_game(game_id)
        params = dict(params or {})
        players = int(params.pop("players", game.players.start))
        try:
            options = game.resolve(players, {**params, **(extra_options or {})})
            info = game.info(players, options)
        except BadOption as exc:
            raise ValueError(str(exc)) from None
        shared = _Shared(game, players, options, find_encoder(game_id, players))
        n = info.num_actions
        super().__init__(
            _registered[game_id] if game_id in _registered else game_type(game),
            pyspiel.GameInfo(
                num_distinct_actions=n,
                max_chance_outcomes=n,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=info.max_game_length,
            ),
            {"players": players, **{k: options[k] for k in _option_params(game)}},
        )
        self.shared = shared

    def new_initial_state(self) -> "ReichsstadtState":
        return ReichsstadtState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "ReichsstadtObserver":
        return ReichsstadtObserver(self.shared.encoder, iig_obs_type, params)


class ReichsstadtState(pyspiel.State):
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
        to_act = self._engine.state.to_act()
        if not to_act:
            return pyspiel.PlayerId.TERMINAL
        return CHANCE if to_act[0] == CHANCE else to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        encode = self._shared.space.encode
        return sorted(encode(a) for a in self._engine.state.legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        encode = self._shared.space.encode
        return sorted((encode(a), p) for a, p in self._engine.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        engine = self._engine
        state = engine.state
        state.apply(state.to_act()[0], self._shared.space.decode(int(action)))
        engine.moved()

    def _action_to_string(self, player: int, action: int) -> str:
        return action_text(self._shared.space.decode(int(action)))

    def is_terminal(self) -> bool:
        return self._engine.state.over()

    def returns(self) -> list[float]:
        state = self._engine.state
        if not state.over():
            return [0.0] * self._shared.players
        return returns(state.outcome(), "rank")

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "ReichsstadtState":
        """A state `player_id` cannot tell apart from this one, drawn by the engine's
        sample() from a generator seeded by `probability_sampler()` (a float in [0, 1))."""
        rng = random.Random(int(probability_sampler() * 2**53))
        return ReichsstadtState(self.get_game(), self._engine.state.sample(player_id, rng))

    def __str__(self) -> str:
        engine = self._engine
        text = engine.texts.get(None)
        if text is None:
            text = engine.texts[None] = json.dumps(engine.view(None), sort_keys=True, separators=(",", ":"))
        return text


class ReichsstadtObserver:
    """OpenSpiel's PyObserver: `.tensor` (the encoding), `.dict` (a named view per slice),
    `set_from(state, player)`, `string_from(state, player)`."""

    def __init__(self, enc: Encoder, iig_obs_type: Any = None, params: Any = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        private = iig_obs_type.private_info if iig_obs_type is not None else pyspiel.PrivateInfoType.SINGLE_PLAYER
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("reichsstadt games offer no observation of all players' private information")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.encoder = enc
        self.tensor = np.zeros(enc.size, np.float32)
        self.dict = enc.split(self.tensor)

    def set_from(self, state: ReichsstadtState, player: int) -> None:
        self.tensor[:] = state._engine.code(None if self.public_only else player)

    def string_from(self, state: ReichsstadtState, player: int) -> str:
        """The view as canonical JSON; for a seat, followed by its legal actions (what a
        seat may do is part of what it knows, and an engine's view may not spell out
        every step of a chain of decisions)."""
        engine = state._engine
        key = None if self.public_only else player
        text = engine.texts.get(key)
        if text is None:
            text = json.dumps(engine.view(key), sort_keys=True, separators=(",", ":"))
            if key is not None:
                text += f" legal:{sorted(state._shared.space.encode(a) for a in engine.state.legal(player))}"
            engine.texts[key] = text
        return text


def register_installed() -> dict[str, str]:
    """Register every installed game that loads; {game id: why not} for those that do not."""
    failed: dict[str, str] = {}
    for gid in game_ids():
        try:
            register(gid)
        except Exception as exc:  # a broken title must not hide the others
            failed[gid] = f"{type(exc).__name__}: {exc}"
    return failed


UNAVAILABLE = register_installed()
"""Installed games that could not be registered, with the reason (`load()` raises it)."""
