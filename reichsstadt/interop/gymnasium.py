"""One seat of a game against bots, as a Gymnasium env.

    from reichsstadt.interop.gymnasium import ReichsstadtEnv
    env = ReichsstadtEnv("norenberc", players=4, opponents="random")
    obs, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(env.action_masks().astype("int8"))
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

or `gymnasium.make("reichsstadt/norenberc-v0", players=4)` once this module is imported
(it registers an id per installed game).

- Observation: the game's encoding of your view (float32 Box, docs/research.md);
  action: Discrete over the game's integer actions for the player count;
  `action_masks()` (bool) for maskable policies (sb3-contrib's MaskablePPO reads it), and
  `info["action_mask"]` (int8) as well.
- The other seats are played by bots (`reichsstadt.bots.make_bot` names, one for all or
  one per other seat in seat order, or your own objects with `act(seat)`), chance is
  drawn from the env's generator: `reset(seed=...)` fixes the whole game.
- `seat`: the seat you play (0-based), or None for a seat drawn at each reset.
- Reward at the end only ("rank": +1 lone winner … −1 lone last; "score": your points).
  An action outside the mask ends the episode at the lowest reward with
  `info["illegal"] = True` (`illegal="lose"`), or raises IllegalAction
  (`illegal="raise"`)."""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any, Mapping, Sequence

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..bots import make_bot
from ..core import Agent, BadOption, IllegalAction, Match, game as find_game
from ..core.registry import GROUP
from .common import check_reward, legal_mask, render_for, returns, reward_range
from .encoding import encoder as find_encoder


class ReichsstadtEnv(gym.Env):
    metadata = {"render_modes": ["human", "ansi"], "render_fps": 4}

    def __init__(self, game_id: str, players: int | None = None, seat: int | None = 0,
                 opponents: str | Sequence[Any] = "random", render_mode: str | None = None,
                 options: Mapping[str, Any] | None = None, reward: str = "rank", illegal: str = "lose",
                 record: bool = False) -> None:
        self.game = find_game(game_id)
        n = self.game.players.start if players is None else players
        self.game_options = self.game.resolve(n, options)
        self.info = self.game.info(n, self.game_options)
        self.players = n
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise BadOption(f"seat must be 0..{n - 1} or None (a seat drawn each game), not {seat!r}")
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        if isinstance(opponents, str):
            self.opponents: list[Any] = [opponents] * (n - 1)
        else:
            self.opponents = list(opponents)
            if len(self.opponents) != n - 1:
                raise BadOption(f"{n - 1} opponents for {n} players, not {len(self.opponents)}")
        for o in self.opponents:
            if isinstance(o, str):
                make_bot(o)  # an unknown name is refused now, not at reset
        if illegal not in ("lose", "raise"):
            raise BadOption(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self.reward_kind = check_reward(reward)
        self.reward_range_ = reward_range(self.info, self.reward_kind)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self.record = record
        self.space = self.game.action_space(n)
        self.encoder = find_encoder(game_id, n)
        self.observation_space = spaces.Box(self.encoder.low, self.encoder.high, dtype=np.float32)
        self.action_space = spaces.Discrete(len(self.space))
        self.match: Match | None = None
        self._agents: dict[int, Agent] = {}
        self._done = True

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        rng = self.np_random
        if self.fixed_seat is None:
            self.seat = int(rng.integers(self.players))
        others = [s for s in range(self.players) if s != self.seat]
        self._agents = {}
        for s, o in zip(others, self.opponents):
            self._agents[s] = make_bot(o, int(rng.integers(2**62))) if isinstance(o, str) else o
        self.match = Match(self.game, self.players, int(rng.integers(2**62)), self.game_options,
                           recording=self.record)
        self._done = False
        self.match.advance(self._agents)
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._info()

    def _obs(self) -> np.ndarray:
        assert self.match is not None
        return self.encoder.encode(self.match.state.view(self.seat))

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat, "action_mask": self.action_masks().astype(np.int8)}

    def action_masks(self) -> np.ndarray:
        """True for every legal action of your seat now (all False once the game is over)."""
        assert self.match is not None, "call reset() first"
        return legal_mask(self.match.state.legal(self.seat), self.space, bool)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self.match is None or self._done:
            raise IllegalAction("the game is over: call reset()")
        state = self.match.state
        chosen = self.space.decode(int(action)) if 0 <= int(action) < len(self.space) else None
        if chosen is None or chosen not in state.legal(self.seat):
            if self.illegal == "raise":
                if chosen is None:
                    self.space.decode(int(action))  # the index's own refusal
                self.match.play(self.seat, chosen)  # type: ignore[arg-type]  # raises with the reason
            self._done = True
            info = self._info()
            info["illegal"] = True
            return self._obs(), self.reward_range_[0], True, False, info
        self.match.play(self.seat, chosen)
        self.match.advance(self._agents)
        reward = 0.0
        info = self._info()
        if state.over():
            self._done = True
            reward = returns(state.outcome(), self.reward_kind)[self.seat]
            info["result"] = state.outcome().to_json()
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, self._done, False, info

    def render(self) -> str | None:
        return render_for(self.match.state if self.match is not None else None, self.render_mode)

    def close(self) -> None:
        pass


def env_id(game_id: str) -> str:
    return f"reichsstadt/{game_id}-v0"


def register_envs(ids: Sequence[str] | None = None) -> list[str]:
    """Register `reichsstadt/<game>-v0` with Gymnasium for the installed games (or `ids`);
    the ids registered. `gymnasium.make(id, players=N, opponents=..., seat=...)`."""
    if ids is None:
        ids = [ep.name for ep in entry_points(group=GROUP)]
    done = []
    for gid in ids:
        name = env_id(gid)
        if name not in gym.registry:
            gym.register(id=name, entry_point=f"{__name__}:ReichsstadtEnv", kwargs={"game_id": gid})
        done.append(name)
    return done


register_envs()
