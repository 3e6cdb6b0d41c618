"""One game as the adapters play it: the runner's `Match`, the game's encoder, the
optional history, a step counter for truncation, and a pickled form that continues the
game exactly (the state's snapshot, the random source's position, the history).

PettingZoo's AEC and parallel envs, the Gymnasium env and the vectorised envs all drive
a `Session`; the encoding of a seat is written straight into the caller's array."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..core import CHANCE, Agent, BadOption, IllegalAction, Match, Message, Outcome, State
from ..core import game as find_game
from ..i18n import render
from .common import (
    check_reward,
    legal_indices,
    pack_match,
    returns,
    reward_range,
    unpack_match,
)
from .encoding import encoder as find_encoder
from .history import History, HistoryEncoding
from .incremental import tracker


class Session:
    """A game of `game_id` for `players` seats, played move by move.

    options: the game's options; reward: "rank" or "score" (common.REWARDS); record:
    keep the game record (`match.record`); max_steps: the env truncates the episode after
    that many steps (None: never); history: the number of recent moves the observation
    shows after the encoding (0: no history; see history.HistoryEncoding)."""

    def __init__(self, game_id: str, players: int, options: Mapping[str, Any] | None = None,
                 reward: str = "rank", record: bool = False, max_steps: int | None = None,
                 history: int = 0) -> None:
        self.game = find_game(game_id)
        self.options = self.game.resolve(players, options)
        self.info = self.game.info(players, self.options)
        self.players = players
        self.space = self.game.action_space(players)
        self.legal_indices = legal_indices(self.space)
        self.encoder = find_encoder(game_id, players)
        self.reward_kind = check_reward(reward)
        self.reward_range = reward_range(self.info, self.reward_kind)
        self.record = record
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                      or max_steps < 1):
            raise BadOption(f"max_steps must be a whole number of steps, 1 or more, or None, not {max_steps!r}")
        self.max_steps = max_steps
        if isinstance(history, bool) or not isinstance(history, int) or history < 0:
            raise BadOption(f"history must be a number of recent moves (0 for none), not {history!r}")
        self.history_encoding = HistoryEncoding(self.space, players, history) if history else None
        extra = self.history_encoding.size if self.history_encoding else 0
        self.size = self.encoder.size + extra
        self.low = np.concatenate([self.encoder.low, np.zeros(extra, np.float32)])
        self.high = np.concatenate([self.encoder.high, np.ones(extra, np.float32)])
        self.match: Match | None = None
        self.history: History | None = None
        self.steps = 0
        self.tracker = tracker(self.encoder)
        self._outcome: tuple[Any, Outcome] | None = None

    # -- a game ----------------------------------------------------------------------------
    def start(self, seed: int, agents: Mapping[int, Agent] | None = None) -> tuple[int, ...]:
        """A new game from `seed`, played on by `agents` (and chance) until a seat without
        one must decide; the seats that must."""
        self.match = Match(self.game, self.players, seed, self.options, recording=self.record)
        self.tracker.forget()
        if self.history_encoding is not None:
            self.history = History(self.space, self.players)
            self.match.listeners.append(self.history)
        self.steps = 0
        return self.match.advance(agents or {})

    @property
    def state(self) -> State:
        assert self.match is not None, "call reset() first"
        return self.match.state

    def play(self, seat: int, index: int, agents: Mapping[int, Agent] | None = None) -> tuple[int, ...]:
        """`seat` takes the action with this index; then chance and `agents` play on. The
        seats that must decide now (() at the end)."""
        assert self.match is not None, "call reset() first"
        self.match.play(seat, self.space.decode(index))
        to_act = self.match.state.to_act()
        if agents or to_act == (CHANCE,):
            return self.match.advance(agents or {})
        return to_act

    def allows(self, seat: int, index: int) -> bool:
        """Whether the action with this index is legal for `seat` now (its mask, kept per
        set of legal actions)."""
        if not 0 <= index < len(self.space.actions):
            return False
        assert self.match is not None, "call reset() first"
        return bool(self.legal_indices.mask(self.match.state.legal(seat))[index])

    def refusal(self, seat: int, index: int) -> IllegalAction:
        """Why the action with this index is not `seat`'s to take now, in words that fit
        any index (IllegalAction, to raise). The space holds the chance outcomes too (a
        card drawn, a die rolled: never a seat's move, always masked), which the engine's
        "Player 1 cannot {move} now" worded as if the seat played them ("cannot first
        player, chosen at random: ..."). An index outside the space raises its own refusal."""
        state = self.state
        action = self.space.decode(index)
        refused = state.refusal(seat, action)
        why = refused.args["why"] if isinstance(refused, Message) and refused.id == "core.refuse.illegal" else refused
        said = render(state.describe(seat, action, seat), viewer=seat)
        because = "" if why is None else ": " + render(why, viewer=seat)
        return IllegalAction(f"action {index} ({said}) is not one of your legal moves now{because}")

    def play_if_still_asked(self, seat: int, index: int) -> bool:
        """One seat's part of a simultaneous decision, played if the seat still owes it
        and may still take it: an earlier seat's answer may have settled the decision
        (whether the move was played)."""
        state = self.state
        if seat in state.to_act() and self.allows(seat, index):
            self.play(seat, index)
            return True
        return False

    def over(self) -> bool:
        return self.match is not None and self.match.state.over()

    def truncated(self) -> bool:
        """The step limit is reached and the game goes on."""
        return self.max_steps is not None and self.steps >= self.max_steps and not self.over()

    def rewards(self) -> list[float]:
        """Each seat's reward: the game's returns once over, 0 before."""
        return returns(self.outcome(), self.reward_kind) if self.state.over() else [0.0] * self.players

    def outcome(self) -> Outcome:
        """The game's outcome (the state's), worked out once per position: the envs read it
        twice at the end (the rewards and the result in `info`), and scoring a Norenberc
        game takes ~46 µs, as long as two decisions through an env."""
        match = self.match
        assert match is not None, "call reset() first"
        key = (match, match.decisions, match.chance_steps)
        if self._outcome is None or self._outcome[0] != key:
            self._outcome = (key, match.state.outcome())
        return self._outcome[1]

    # -- what a seat sees ----------------------------------------------------------------------
    def observe(self, seat: int | None, out: np.ndarray | None = None) -> np.ndarray:
        """What `seat` knows, encoded (float32, `size` entries): into `out`, or a new array."""
        match = self.match
        assert match is not None, "call reset() first"
        key = (match, match.decisions, match.chance_steps)  # changes with every move (the envs' hot paths too)
        if self.history_encoding is None:
            return self.tracker.observe(match.state, seat, out, key)
        if out is None:
            out = np.empty(self.size, np.float32)
        if seat is None:
            raise BadOption("the history encoding is a seat's: a spectator has none")
        assert self.history is not None
        size = self.encoder.size
        self.tracker.observe(match.state, seat, out[:size], key)
        rest = out[size:]
        rest.fill(0.0)
        self.history_encoding.fill(self.history, seat, rest)
        return out

    def mask(self, seat: int, out: np.ndarray | None = None, dtype: Any = np.int8) -> np.ndarray:
        """1 at every action `seat` may take now (all 0 when it need not decide)."""
        assert self.match is not None, "call reset() first"
        found = self.legal_indices.mask(self.match.state.legal(seat))
        if out is None:
            return found.astype(dtype) if dtype is not np.int8 else found.copy()
        np.copyto(out, found, casting="unsafe")
        return out

    def global_state(self, out: np.ndarray | None = None) -> np.ndarray:
        """Every seat's observation, one after the other (seat 0 first): all that any seat
        knows, for a centralised critic."""
        size = self.size
        if out is None:
            out = np.zeros(size * self.players, np.float32)
        for seat in range(self.players):
            self.observe(seat, out[seat * size:(seat + 1) * size])
        return out

    # -- pickle: continue exactly --------------------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        out = dict(self.__dict__)
        out["game"] = self.game.id
        out["encoder"] = None
        out["space"] = None
        out["legal_indices"] = None
        out["tracker"] = None
        out["_outcome"] = None   # worked out again: it would carry the match twice
        if self.match is not None:
            out["match"] = pack_match(self.match)
        return out

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)
        self._outcome = None   # not in pickles made before it was kept
        self.game = find_game(data["game"])
        self.space = self.game.action_space(self.players)
        self.legal_indices = legal_indices(self.space)
        self.encoder = find_encoder(self.game.id, self.players)
        self.tracker = tracker(self.encoder)
        if data["match"] is not None:
            self.match = unpack_match(data["match"])
            if self.history is not None:
                self.history.space = self.space
                self.match.listeners.append(self.history)
