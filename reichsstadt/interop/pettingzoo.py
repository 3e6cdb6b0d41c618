"""PettingZoo environments of every game and player count: AEC and parallel.

    from reichsstadt.interop import pettingzoo
    env = pettingzoo.env("norenberc", players=4)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

- Agents are "player_0" … "player_{n-1}" (seat 0 … n-1).
- Observations (`obs_type`): "dict" (default) is {"observation": the game's encoding of
  the agent's view (float32, docs/research.md), "action_mask": int8 over the game's
  integer actions}, as in PettingZoo's classic games; "flat" is the encoding alone (a
  Box), with the mask in `info["action_mask"]`, for wrappers that take Box observations
  (SuperSuit's). `history=K` appends the agent's own history (the last K moves as it saw
  them, and counts of all it saw).
- AEC (`env`): a simultaneous decision (secret plans, votes) is taken one agent at a
  time, in seat order; an agent's pending choice is hidden from the others by the
  engine's views. Parallel (`parallel_env`): every seat that owes a decision decides in
  the same step; the others send the no-op, the one action their mask allows.
- Chance (draws, dice) is resolved inside the env from its random generator, seeded by
  `reset(seed=...)`; the same seed plays the same game.
- Rewards come once, at the end (`reward="rank"` or `"score"`, see common.REWARDS); an
  action outside the mask ends the game with the mover at the lowest reward, as in
  PettingZoo's classic games. `max_steps` truncates an episode after that many steps.
- `state()` is every seat's observation, one after the other (for centralised critics).
- The envs pickle and deep-copy mid-game and continue identically.
- render_mode "ansi" returns the table as text, "human" prints it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv, ParallelEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
except ModuleNotFoundError as exc:   # the research extra is not installed
    from . import missing_extra

    raise missing_extra(exc) from None

from ..core import BadOption, IllegalAction
from .common import action_index, render_for
from .session import Session

OBS_TYPES = ("dict", "flat")


def env(game_id: str, players: int, render_mode: str | None = None, **kwargs: Any) -> AECEnv:
    """The AEC env of `game_id` for `players`, guarded like PettingZoo's classic games
    (illegal moves end the game, out-of-range actions assert, order enforced: see Guarded)."""
    return Guarded(raw_env(game_id, players, render_mode=render_mode, **kwargs))


def in_range(action: Any, size: int) -> bool:
    """What Discrete(size).contains says of an action, without its NumPy checks."""
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
        return bool(0 <= action < size)
    return isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu" and bool(
        0 <= action < size)


class Guarded(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """What PettingZoo's classic games stack three wrappers for, in one: the order of
    calls enforced (OrderEnforcingWrapper, which this is), an action outside the action
    space asserted (AssertOutOfBoundsWrapper), and an action outside the mask ending the
    game with the mover at the lowest reward (TerminateIllegalWrapper). One layer, whose
    hot attributes are read from the env directly instead of through `__getattr__`, costs
    a fifth of the three (benchmarks/README.md)."""

    def __init__(self, env: raw_env) -> None:
        super().__init__(env)
        self._raw = env
        self._illegal_value = env.session.reward_range[0]
        self._terminated = False

    def _ready(self, name: str) -> raw_env:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return self._raw

    agent_selection = property(lambda self: self._ready("agent_selection").agent_selection)
    agents = property(lambda self: self._ready("agents").agents)
    terminations = property(lambda self: self._ready("terminations").terminations)
    truncations = property(lambda self: self._ready("truncations").truncations)
    rewards = property(lambda self: self._ready("rewards").rewards)
    infos = property(lambda self: self._ready("infos").infos)
    _cumulative_rewards = property(lambda self: self._raw._cumulative_rewards)
    possible_agents = property(lambda self: self._raw.possible_agents)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._raw.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._raw.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._terminated = False
        super().reset(seed=seed, options=options)

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self._raw.observe(agent)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """AECEnv.last, read from the env directly (the hot path of every AEC loop)."""
        if not self._has_reset:   # self._ready, inlined
            raise AttributeError("agent_selection cannot be accessed before reset")
        raw = self._raw
        agent = raw.agent_selection
        return (raw.observe(agent) if observe else None, raw._cumulative_rewards[agent], raw.terminations[agent],
                raw.truncations[agent], raw.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> _Turns:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Turns(self, max_iter)

    def step(self, action: Any) -> None:
        raw = self._raw
        if not self._has_reset or not raw.agents:
            super().step(action)  # PettingZoo's error before reset, its warning after the end
            return
        agent = raw.agent_selection
        dead = raw.terminations[agent] or raw.truncations[agent]
        if dead or type(action) is not int:
            assert (action is None and dead) or in_range(action, raw.n_actions), "action is not in action space"
        else:   # the common case, a plain int, without a call
            assert 0 <= action < raw.n_actions, "action is not in action space"
        self._has_updated = True
        if dead:
            raw.step(action)
            return
        index = action if type(action) is int else int(action)
        session = raw.session   # raw.allows, inlined: the mask of the engine's own legal moves, kept
        match = session.match
        assert match is not None, "reset() first"   # _has_reset, checked above
        if 0 <= index < raw.n_actions and session.legal_indices.mask(match.state.legal(raw.seat_of[agent]))[index]:
            raw.play(agent, index)
            return
        EnvLogger.warn_on_illegal_move()
        raw._cumulative_rewards[agent] = 0
        raw.terminations = dict.fromkeys(raw.agents, True)
        raw.truncations = dict.fromkeys(raw.agents, True)
        raw.rewards = dict.fromkeys(raw.agents, 0.0)
        raw.rewards[agent] = float(self._illegal_value)
        raw._accumulate_rewards()
        raw._deads_step_first()
        self._terminated = True


class _Turns(wrappers.order_enforcing.AECOrderEnforcingIterable):  # type: ignore[misc]
    """PettingZoo's agent_iter() of an order-enforced env, reading the env directly."""

    def __iter__(self) -> _Turn:
        return _Turn(self.env, self.max_iter)


class _Turn(wrappers.order_enforcing.AECOrderEnforcingIterator):  # type: ignore[misc]
    def __next__(self) -> str:
        env = self.env
        raw = env._raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        return raw.agent_selection  # type: ignore[no-any-return]


class _Spaces:
    """What the AEC and parallel envs share: the session, the agents, their spaces."""

    RENDER_MODES = ("human", "ansi")

    def _set_up(self, game_id: str, players: int, render_mode: str | None, options: Mapping[str, Any] | None,
                reward: str, record: bool, obs_type: str, history: int, max_steps: int | None,
                no_op: bool) -> None:
        self.session = Session(game_id, players, options, reward, record, max_steps, history)
        if obs_type not in OBS_TYPES:
            raise BadOption(f"obs_type must be one of {', '.join(OBS_TYPES)}, not {obs_type!r}")
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(self.RENDER_MODES)}, not {render_mode!r}")
        self.obs_type = obs_type
        self.render_mode = render_mode
        self.n = players
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        s = self.session
        self.n_actions = len(s.space) + (1 if no_op else 0)
        box = spaces.Box(s.low, s.high, dtype=np.float32)
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            a: (box if obs_type == "flat" else spaces.Dict({
                "observation": box, "action_mask": spaces.Box(0, 1, (self.n_actions,), dtype=np.int8)}))
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.n_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(np.tile(s.low, players), np.tile(s.high, players), dtype=np.float32)
        self.np_random: np.random.Generator | None = None
        self.np_random_seed: int | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def match(self) -> Any:
        """The game under way (None before reset); with `record=True`, `match.record` is
        its record for `reichsstadt replay` (`match.record.save(path)`)."""
        return self.session.match

    def _new_game(self, seed: int | None) -> None:
        if seed is not None or self.np_random is None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        self.session.start(int(self.np_random.integers(0, 2**62)))

    def state(self) -> np.ndarray:
        """Every seat's observation, seat 0 first (`state_space`)."""
        return self.session.global_state()

    def render(self) -> str | None:
        return render_for(self.session.match.state if self.session.match is not None else None, self.render_mode)

    def close(self) -> None:
        pass


class raw_env(_Spaces, AECEnv):  # type: ignore[misc]  # PettingZoo's classes are untyped here
    """One game of `game_id` with `players` seats as a PettingZoo AEC env.

    options: the game's options (as for `reichsstadt play --option`); reward: "rank" or
    "score"; record: keep the game record (`self.match.record`) for `reichsstadt replay`;
    obs_type: "dict" or "flat"; history: recent moves shown (0: none); max_steps: steps
    (of all agents) before the episode is truncated (None: never)."""

    metadata = {"render_modes": list(_Spaces.RENDER_MODES), "name": "reichsstadt_v0",  # noqa: RUF012
                "is_parallelizable": False}

    def __init__(self, game_id: str, players: int, render_mode: str | None = None,
                 options: Mapping[str, Any] | None = None, reward: str = "rank", record: bool = False,
                 obs_type: str = "dict", history: int = 0, max_steps: int | None = None) -> None:
        AECEnv.__init__(self)
        self._set_up(game_id, players, render_mode, options, reward, record, obs_type, history, max_steps, False)
        self.metadata = {**type(self).metadata, "name": f"reichsstadt_{game_id}_v0"}
        self._seen: dict[str, Any] = {}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. `options` of reset are not used (game options are given to the env)."""
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._seen = {}
        self._paid = False
        self._select()

    def _select(self) -> None:
        to_act = self.session.state.to_act()
        if to_act:
            self.agent_selection = self.possible_agents[to_act[0]]
        # at the end agent_selection stays on the last mover; dead steps walk the others

    def observe(self, agent: str) -> Any:
        found = self._seen.get(agent)
        if found is None:
            seat = self.seat_of[agent]
            session = self.session
            match = session.match
            if session.history_encoding is None and match is not None:   # session.observe and mask, inlined
                obs = session.tracker.observe(match.state, seat, None, (match, match.decisions, match.chance_steps))
                mask = session.legal_indices.mask(match.state.legal(seat)).copy()
            else:
                obs = session.observe(seat)
                mask = session.mask(seat)
            if self.obs_type == "flat":
                self.infos[agent]["action_mask"] = mask
                found = obs
            else:
                found = {"observation": obs, "action_mask": mask}
            self._seen[agent] = found
        return found

    def action_mask(self, agent: str) -> np.ndarray:
        return self.session.mask(self.seat_of[agent])

    def allows(self, agent: str, action: int) -> bool:
        """Whether `action` is in `agent`'s mask now."""
        return self.session.allows(self.seat_of[agent], action)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.play(agent, action)

    def play(self, agent: str, action: Any) -> None:
        """The step of `agent`, the agent selected and alive, with `action`."""
        session = self.session
        self._cumulative_rewards[agent] = 0.0
        to_act = session.play(self.seat_of[agent], int(action))
        session.steps += 1
        if self._seen:
            self._seen = {}
        if not to_act:
            paid = session.rewards()
            self.rewards = {a: paid[self.seat_of[a]] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            result = session.outcome().to_json()
            self.infos = {a: {"result": result} for a in self.agents}
            self._paid = True
        else:
            self.agent_selection = self.possible_agents[to_act[0]]
            if self._paid:  # rewards are paid once, at the end (or by an illegal move's wrapper)
                self.rewards = dict.fromkeys(self.agents, 0.0)
            if session.max_steps is not None and session.truncated():
                self.truncations = dict.fromkeys(self.agents, True)
        if self._paid:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


def parallel_env(game_id: str, players: int, render_mode: str | None = None, **kwargs: Any) -> ReichsstadtParallel:
    """The parallel env of `game_id` for `players` (see ReichsstadtParallel)."""
    return ReichsstadtParallel(game_id, players, render_mode=render_mode, **kwargs)


class ReichsstadtParallel(_Spaces, ParallelEnv):  # type: ignore[misc]
    """One game as a PettingZoo ParallelEnv: at each step every seat that owes a decision
    acts at once (a simultaneous decision is one step), the others send the no-op (the
    last index, `no_op`), the only action their mask allows. All agents stay until the
    game ends or is truncated. An action outside an agent's mask ends the game: each
    agent that sent one gets the lowest reward, the others 0; `info["illegal"]` names
    the first in seat order, `info["illegal_agents"]` lists them all (or
    `illegal="raise"` raises IllegalAction with the reason). Same options as raw_env;
    `max_steps` counts joint steps."""

    metadata = {"render_modes": list(_Spaces.RENDER_MODES), "name": "reichsstadt_parallel_v0",  # noqa: RUF012
                "is_parallelizable": True}

    def __init__(self, game_id: str, players: int, render_mode: str | None = None,
                 options: Mapping[str, Any] | None = None, reward: str = "rank", record: bool = False,
                 obs_type: str = "dict", history: int = 0, max_steps: int | None = None,
                 illegal: str = "lose") -> None:
        self._set_up(game_id, players, render_mode, options, reward, record, obs_type, history, max_steps, True)
        if illegal not in ("lose", "raise"):
            raise BadOption(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self.no_op = len(self.session.space)
        self.metadata = {**type(self).metadata, "name": f"reichsstadt_{game_id}_parallel_v0"}
        self.agents: list[str] = []

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos()

    def _mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(self.n_actions, np.int8)
        if seat in self.session.state.to_act():
            self.session.mask(seat, mask[:-1])
        else:
            mask[-1] = 1
        return mask

    def _observations(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for agent in self.agents:
            seat = self.seat_of[agent]
            obs = self.session.observe(seat)
            out[agent] = obs if self.obs_type == "flat" else {"observation": obs, "action_mask": self._mask(seat)}
        return out

    def _infos(self, **extra: Any) -> dict[str, dict[str, Any]]:
        infos: dict[str, dict[str, Any]] = {a: dict(extra) for a in self.agents}
        if self.obs_type == "flat":
            for agent in self.agents:
                infos[agent]["action_mask"] = self._mask(self.seat_of[agent])
        return infos

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                      dict[str, bool], dict[str, Any]]:
        session = self.session
        if not self.agents:   # it would play on a game whose episode ended (an illegal move leaves it unfinished)
            raise IllegalAction("no game yet: call reset() first" if session.match is None
                                else "the game is over: call reset()")
        acting = [s for s in session.state.to_act() if s >= 0]
        culprits = self._refused(actions, acting)
        culprit = culprits[0] if culprits else None
        if culprit is None:
            for seat in acting:
                session.play_if_still_asked(seat, int(actions[self.possible_agents[seat]]))
            session.steps += 1
        agents = self.agents
        rewards = dict.fromkeys(agents, 0.0)
        if culprit is not None:
            for agent in culprits:   # each agent that sent an action outside its mask, not the first alone
                rewards[agent] = session.reward_range[0]
            terminated = dict.fromkeys(agents, True)
        else:
            if session.over():
                paid = session.rewards()
                rewards = {a: paid[self.seat_of[a]] for a in agents}
            terminated = dict.fromkeys(agents, session.over())
        truncated = dict.fromkeys(agents, culprit is None and session.truncated())
        observations = self._observations()
        infos = self._infos(**({"illegal": culprit, "illegal_agents": culprits} if culprit else {}))
        if session.over():
            result = session.outcome().to_json()
            for agent in agents:
                infos[agent]["result"] = result
        if culprit is not None or session.over() or session.truncated():
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminated, truncated, infos

    def _refused(self, actions: dict[str, Any], acting: list[int]) -> list[str]:
        """The agents whose action their mask does not allow, in seat order (with
        `illegal="raise"`, the first raises)."""
        refused = []
        for agent in self.agents:
            if agent not in actions:
                raise IllegalAction(f"no action for {agent}: every agent sends one (the no-op, {self.no_op}, "
                                    f"when it need not decide)")
            action = actions[agent]
            seat = self.seat_of[agent]
            index = action_index(action) if action is not None else -1   # 1.5 refused, not played as 1
            allowed = bool(0 <= index < self.n_actions and self._mask(seat)[index])
            if not allowed:
                if self.illegal == "raise":
                    raise self._refusal(agent, action, index, seat in acting)
                refused.append(agent)
        return refused

    def _refusal(self, agent: str, action: Any, index: int, deciding: bool) -> IllegalAction:
        """Why `agent`'s action is refused (`illegal="raise"`), in this env's terms: its
        action space has the no-op, which the game's space has not."""
        if not deciding:
            return IllegalAction(f"{agent} need not decide now: send the no-op {self.no_op}, not {action!r}")
        if action is None or index == self.no_op:
            return IllegalAction(f"{agent} must decide now: send one of the actions its mask allows, not "
                                 f"{'the no-op ' if action is not None else ''}{action!r} (the no-op is for "
                                 f"agents that need not decide)")
        if not 0 <= index < self.n_actions:
            return IllegalAction(f"{agent}: action {index} is outside the action space 0..{self.n_actions - 1}")
        return IllegalAction(f"{agent}: {self.session.refusal(self.seat_of[agent], index)}")
