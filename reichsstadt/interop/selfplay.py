"""Self-play, batched: `num_envs` games in one process, every seat played by your policy.

    from reichsstadt.interop.selfplay import SelfPlayVectorEnv
    env = SelfPlayVectorEnv("colonia", players=4, num_envs=16)
    obs, info = env.reset(seed=1)                     # obs: (16, 4, size)
    while True:
        actions = policy(obs, info["action_mask"])    # (16, 4) ints; seats not to act: ignored
        obs, rewards, terminated, truncated, info = env.step(actions)

- `info["to_act"]` (num_envs, players) bool: the seats that decide now (several at a
  simultaneous decision: they all decide in this step); `info["action_mask"]`
  (num_envs, players, actions) bool, all False for a seat that need not decide.
- Observations (num_envs, players, size) float32: with `observe="to_act"` (default) the
  rows of the seats that decide now are written and the others are zero; `observe="all"`
  writes every seat's row at every step (what a centralised critic wants; costs one
  encoding per seat).
- Rewards (num_envs, players) float32, at the end of a game only; terminations and
  truncations (num_envs,) bool. A finished game starts anew at the next step (its
  actions are ignored then), like Gymnasium's NEXT_STEP autoreset.
- An action outside a deciding seat's mask ends that game: the seat gets the lowest
  reward, the others 0, and `info["illegal"]` holds the seat (−1 where none).
- `reset(seed=s)`: game i is seeded with s + i (a list: one seed per game); `reset()`
  without a seed goes on from each game's generator, so a run seeded once replays.
- It pickles and deep-copies mid-game and continues identically."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

try:
    import numpy as np
except ModuleNotFoundError as exc:   # the research extra is not installed
    from . import missing_extra

    raise missing_extra(exc) from None

from ..core import CHANCE, BadOption, IllegalAction
from .session import Session

OBSERVE = ("to_act", "all")


class SelfPlayVectorEnv:
    def __init__(self, game_id: str, players: int, num_envs: int = 8, observe: str = "to_act",
                 options: Mapping[str, Any] | None = None, reward: str = "rank", max_steps: int | None = None,
                 history: int = 0, copy: bool = True) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise BadOption(f"num_envs must be 1 or more, not {num_envs!r}")
        if observe not in OBSERVE:
            raise BadOption(f"observe must be one of {', '.join(OBSERVE)}, not {observe!r}")
        self.sessions = [Session(game_id, players, options, reward, False, max_steps, history)
                         for _ in range(num_envs)]
        first = self.sessions[0]
        self.num_envs, self.players, self.observe = num_envs, players, observe
        self.observation_size, self.actions = first.size, len(first.space)
        self.low, self.high = first.low, first.high
        self.copy = copy
        self._obs = np.zeros((num_envs, players, first.size), np.float32)
        self._masks = np.zeros((num_envs, players, self.actions), bool)
        self._to_act = np.zeros((num_envs, players), bool)
        self._rewards = np.zeros((num_envs, players), np.float32)
        self._terminated = np.zeros(num_envs, bool)
        self._truncated = np.zeros(num_envs, bool)
        self._illegal = np.full(num_envs, -1)
        self._restart = np.zeros(num_envs, bool)
        self._deciding: list[tuple[int, ...]] = [() for _ in range(num_envs)]   # the seats game i asks now
        self._rngs = [np.random.default_rng() for _ in range(num_envs)]
        self._rows()

    _VIEWS = ("_obs_rows", "_mask_rows", "_to_act_rows", "_obs_cells", "_mask_cells", "_to_act_cells", "_no_obs",
              "_no_mask")
    """What _rows makes: views of the arrays, left out of a pickle and made anew after it."""

    def _rows(self) -> None:
        """Each seat's row of the observations and of the masks, as views made once (an
        index into a 3-D array costs as much as writing a short row)."""
        self._obs_rows = [list(game) for game in self._obs]
        self._mask_rows = [list(game) for game in self._masks]
        self._to_act_rows = list(self._to_act)
        # the same rows as memoryviews: writing a row there is a memcpy, a third of NumPy's
        # fill() or copyto() (the masks' rows as int8, the bytes of the kept int8 masks)
        self._obs_cells = [[row.data for row in game] for game in self._obs]
        self._mask_cells = [[row.view(np.int8).data for row in game] for game in self._masks]
        self._to_act_cells = [row.data for row in self._to_act]
        self._no_obs = np.zeros(self.observation_size, np.float32).data
        self._no_mask = np.zeros(self.actions, np.int8).data

    def __getstate__(self) -> dict[str, Any]:
        out = dict(self.__dict__)
        for views in self._VIEWS:
            del out[views]   # views: pickled, they would be copies (memoryviews do not pickle)
        return out

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)
        self._rows()

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        from .gymnasium import _seeds

        for i, s in enumerate(_seeds(seed, self.num_envs)):
            if s is not None:   # no seed: game i's generator goes on, as Gymnasium's reset(seed=None)
                self._rngs[i] = np.random.default_rng(s)
            self._start(i)
        self._restart[:] = False
        self._terminated[:] = self._truncated[:] = False
        self._rewards[:] = 0.0
        return self._out(), self._infos()

    def _start(self, i: int) -> None:
        self.sessions[i].start(int(self._rngs[i].integers(2**62)))
        self._look(i)

    def _look(self, i: int) -> None:
        """Write game i's masks, who decides, and the observations asked for."""
        session, rows, obs = self.sessions[i], self._obs_rows[i], self._obs_cells[i]
        masks, to_act = self._mask_cells[i], self._to_act_cells[i]
        match = session.match
        assert match is not None, "start() first"
        state = match.state
        acting = () if session.max_steps is not None and session.truncated() else state.to_act()
        deciding = acting if not acting or acting[0] != CHANCE else ()   # (CHANCE,) alone, never with seats
        only = self.observe == "to_act"
        before = self._deciding[i]
        for seat in before:   # the rows written last time that no seat rewrites now
            if seat not in deciding:
                to_act[seat] = False
                masks[seat][:] = self._no_mask
                if only:
                    obs[seat][:] = self._no_obs
        self._deciding[i] = deciding
        # session.mask and session.observe, inlined (every decision passes here); the key as Session.observe makes it
        legal, mask_of = state.legal, session.legal_indices.mask
        track = session.tracker if only and session.history_encoding is None else None
        key = (match, match.decisions, match.chance_steps)
        for seat in deciding:
            if seat not in before:
                to_act[seat] = True
            masks[seat][:] = mask_of(legal(seat))   # int8 0/1 into the bool row's bytes: the same bools
            if track is not None:
                track.observe(state, seat, rows[seat], key)
            elif only:
                session.observe(seat, rows[seat])
        if self.observe == "all":
            for seat in range(self.players):
                session.observe(seat, rows[seat])

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if self.sessions[0].match is None:
            raise IllegalAction("no game yet: call reset() first")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs, self.players):
            raise BadOption(f"actions must have the shape ({self.num_envs}, {self.players}), not {actions.shape}")
        if actions.dtype.kind not in "iu":   # int() would play 1.5 as 1, True as 1
            raise IllegalAction(f"actions are whole numbers (indices of the action space), not {actions.dtype}")
        self._rewards[:] = 0.0
        self._illegal[:] = -1
        restart = self._restart.tolist()
        chosen = actions.tolist()   # Python numbers: read faster than NumPy's, one by one
        for i, session in enumerate(self.sessions):
            if restart[i]:
                self._start(i)
                self._terminated[i] = self._truncated[i] = False
                continue
            self._play(i, session, chosen[i])
        self._restart[:] = self._terminated | self._truncated
        return self._out(), self._rewards.copy(), self._terminated.copy(), self._truncated.copy(), self._infos()

    def _play(self, i: int, session: Session, chosen: list[Any]) -> None:
        """Game i's deciding seats play `chosen` (a game played was neither terminated nor
        truncated: it would have started anew)."""
        deciding = self._deciding[i]
        masks = self._mask_cells[i]
        for seat in deciding:
            a = int(chosen[seat])
            if not (0 <= a < self.actions and masks[seat][a]):
                self._illegal[i] = seat
                self._rewards[i, seat] = session.reward_range[0]
                self._terminated[i], self._truncated[i] = True, False
                return
        session.play(deciding[0], int(chosen[deciding[0]]))   # in its mask, checked above: played as is
        for seat in deciding[1:]:   # an earlier answer may have settled the decision
            session.play_if_still_asked(seat, int(chosen[seat]))
        session.steps += 1
        if not session.state.to_act():   # session.over()
            self._terminated[i] = True
            self._rewards[i] = session.rewards()
        elif session.max_steps is not None and session.truncated():
            self._truncated[i] = True
        self._look(i)

    def _out(self) -> np.ndarray:
        return self._obs.copy() if self.copy else self._obs

    def _infos(self) -> dict[str, Any]:
        return {"action_mask": self._masks.copy(), "to_act": self._to_act.copy(), "illegal": self._illegal.copy()}

    def close(self) -> None:
        pass
