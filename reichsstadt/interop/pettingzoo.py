"""PettingZoo AEC environments of every game and player count.

    from reichsstadt.interop import pettingzoo
    env = pettingzoo.env("norenberc", players=4)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

- Agents are "player_0" … "player_{n-1}" (seat 0 … n-1).
- Observations: {"observation": the game's encoding of the agent's view (float32, see
  docs/research.md), "action_mask": int8 over the game's integer actions}.
- A simultaneous decision (secret plans, votes) is taken one agent at a time, in seat
  order; an agent's pending choice is hidden from the others by the engine's views.
- Chance (draws, dice) is resolved inside the env from its random generator, seeded by
  `reset(seed=...)`; the same seed plays the same game.
- Rewards come once, at the end (`reward="rank"` or `"score"`, see common.REWARDS); an
  action outside the mask ends the game with the mover at the lowest reward
  (PettingZoo's TerminateIllegalWrapper), as in PettingZoo's classic games.
- render_mode "ansi" returns the table as text, "human" prints it."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..core import CHANCE, Match, game as find_game
from .common import check_reward, legal_mask, render_for, returns, reward_range
from .encoding import encoder as find_encoder


def env(game_id: str, players: int, render_mode: str | None = None, **kwargs: Any) -> AECEnv:
    """The AEC env of `game_id` for `players`, wrapped like PettingZoo's classic games
    (illegal moves end the game, out-of-range actions assert, order enforced)."""
    raw = raw_env(game_id, players, render_mode=render_mode, **kwargs)
    low, _ = reward_range(raw.info, raw.reward_kind)
    wrapped: AECEnv = wrappers.TerminateIllegalWrapper(raw, illegal_reward=low)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped env)
    """One game of `game_id` with `players` seats as a PettingZoo AEC env.

    options: the game's options (as for `reichsstadt play --option`); reward: "rank" or
    "score"; record: keep the game record (`self.match.record`) for `reichsstadt replay`."""

    RENDER_MODES = ("human", "ansi")
    metadata = {"render_modes": list(RENDER_MODES), "name": "reichsstadt_v0", "is_parallelizable": False}

    def __init__(self, game_id: str, players: int, render_mode: str | None = None,
                 options: Mapping[str, Any] | None = None, reward: str = "rank", record: bool = False) -> None:
        super().__init__()
        self.game = find_game(game_id)
        self.game_options = self.game.resolve(players, options)
        self.info = self.game.info(players, self.game_options)
        self.n = players
        self.space = self.game.action_space(players)
        self.encoder = find_encoder(game_id, players)
        self.reward_kind = check_reward(reward)
        self.record = record
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(self.RENDER_MODES)}, not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"reichsstadt_{game_id}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        enc = self.encoder
        n_act = len(self.space)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(enc.low, enc.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (n_act,), dtype=np.int8),
            }) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n_act) for a in self.possible_agents}
        self.np_random: np.random.Generator | None = None  # type: ignore[assignment]
        self.np_random_seed: int | None = None
        self.match: Match | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. `options` of reset are not used (game options are given to the env)."""
        if seed is not None or self.np_random is None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self.match = Match(self.game, self.n, game_seed, self.game_options, recording=self.record)
        self.match.advance({})  # chance until a player owes a decision
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.match is not None
        to_act = self.match.state.to_act()
        if to_act:
            self.agent_selection = self.possible_agents[to_act[0]]
        # at the end agent_selection stays on the last mover; dead steps walk the others

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.match is not None, "call reset() first"
        seat = self._seat[agent]
        state = self.match.state
        return {
            "observation": self.encoder.encode(state.view(seat)),
            "action_mask": legal_mask(state.legal(seat), self.space),
        }

    def action_mask(self, agent: str) -> np.ndarray:
        assert self.match is not None, "call reset() first"
        return legal_mask(self.match.state.legal(self._seat[agent]), self.space)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.match is not None
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        self.match.play(seat, self.space.decode(int(action)))
        state = self.match.state
        if state.to_act() == (CHANCE,):
            self.match.advance({})
        if state.over():
            paid = returns(state.outcome(), self.reward_kind)
            self.rewards = {a: paid[self._seat[a]] for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            result = state.outcome().to_json()
            self.infos = {a: {"result": result} for a in self.agents}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        return render_for(self.match.state if self.match is not None else None, self.render_mode)

    def close(self) -> None:
        pass
