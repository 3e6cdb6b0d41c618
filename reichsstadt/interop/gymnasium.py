"""Gymnasium: one seat against bots (`ReichsstadtEnv`), and N games stepped at once in
one process (`ReichsstadtVectorEnv`, Gymnasium's VectorEnv API).

    from reichsstadt.interop.gymnasium import ReichsstadtEnv
    env = ReichsstadtEnv("norenberc", players=4, opponents="random")
    obs, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(env.action_masks().astype("int8"))
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

or `gymnasium.make("reichsstadt/norenberc-v0", players=4)` once this module is imported
(it registers an id per installed game; Gymnasium 1.x loads no plug-ins, so a fresh
script imports it, or names it in the id:
"reichsstadt.interop.gymnasium:reichsstadt/norenberc-v0"), and `gymnasium.make_vec(...)`
(its sync and async modes) or our own `ReichsstadtVectorEnv` (one process, stacked arrays).

- Observation: the game's encoding of your view (float32 Box, docs/research.md),
  `history=K` appends your history; action: Discrete over the game's integer actions for
  the player count, a whole number (anything else is refused); `action_masks()` (bool)
  for maskable policies (sb3-contrib's MaskablePPO reads it, through Gymnasium's
  wrappers too), and `info["action_mask"]` (int8) as well; a finished episode's mask
  allows every action (its action is ignored by a vector env's autoreset).
- The other seats are played by bots (`reichsstadt.bots.make_bot` names, one for all or
  one per other seat in seat order, or your own objects with `act(seat)`), chance is
  drawn from the env's generator: `reset(seed=...)` fixes the whole game.
- `seat`: the seat you play (0-based), or None for a seat drawn at each reset.
- Reward at the end only ("rank": +1 lone winner … −1 lone last; "score": your points).
  An action outside the mask ends the episode at the lowest reward with
  `info["illegal"] = True` (`illegal="lose"`), or raises IllegalAction
  (`illegal="raise"`). `max_steps` truncates an episode after that many of your steps.
- The envs pickle and deep-copy mid-game and continue identically."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib.metadata import entry_points
from typing import Any

try:
    import gymnasium as gym
    import numpy as np
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ModuleNotFoundError as exc:   # the research extra is not installed
    from . import missing_extra

    raise missing_extra(exc) from None

from ..bots import check_bot, make_bot
from ..bots.plugins import is_bot, no_bot
from ..core import Agent, BadOption, IllegalAction
from ..core.registry import GROUP
from .common import action_index, render_for
from .session import Session


class _Seat:
    """One game of a learner seat against bots: what the env and each sub-env of the
    vectorised env play."""

    def __init__(self, session: Session, seat: int | None, opponents: str | Sequence[Any], illegal: str) -> None:
        n = session.players
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise BadOption(f"seat must be 0..{n - 1} or None (a seat drawn each game), not {seat!r}")
        self.session = session
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.opponents = _opponents(opponents, n, session.game.id)
        if illegal not in ("lose", "raise"):
            raise BadOption(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self.agents: dict[int, Agent] = {}
        self.done = True

    def start(self, rng: np.random.Generator) -> None:
        n = self.session.players
        if self.fixed_seat is None:
            self.seat = int(rng.integers(n))
        others = [s for s in range(n) if s != self.seat]
        self.agents = {s: make_bot(o, int(rng.integers(2**62))) if isinstance(o, str) else o
                       for s, o in zip(others, self.opponents)}
        self.session.start(int(rng.integers(2**62)), self.agents)
        self.done = False

    def step(self, action: Any) -> tuple[float, bool, bool, bool]:
        """(reward, terminated, truncated, illegal)."""
        session = self.session
        if session.match is None:
            raise IllegalAction("no game yet: call reset() first")
        if self.done:
            raise IllegalAction("the game is over: call reset()")
        index = action_index(action)
        if not session.allows(self.seat, index):
            if self.illegal == "raise":
                raise session.refusal(self.seat, index)
            self.done = True
            return session.reward_range[0], True, False, True
        session.play(self.seat, index, self.agents)
        session.steps += 1
        if session.over():
            self.done = True
            return session.rewards()[self.seat], True, False, False
        if session.truncated():
            self.done = True
            return 0.0, False, True, False
        return 0.0, False, False, False


def _opponents(opponents: Any, players: int, game_id: str) -> list[Any]:
    """One opponent per other seat: a bot's name or an object with act(seat), given once
    for every other seat or as a list of one per other seat; BadOption at once (not at
    reset) for an unknown name, a wrong count or an object that is no bot."""
    one = isinstance(opponents, str) or is_bot(opponents)
    if not one and not isinstance(opponents, Sequence):
        raise BadOption(f"opponents must be a bot's name, an object with act(seat) or a list of them, "
                        f"not {opponents!r}")
    out: list[Any] = [opponents] * (players - 1) if one else list(opponents)
    if len(out) != players - 1:
        raise BadOption(f"{players - 1} opponents for {players} players, not {len(out)}")
    for i, o in enumerate(out):
        if isinstance(o, str):
            check_bot(o, game_id)   # an unknown name (or one the game has no such bot for) is refused now
        elif not is_bot(o):
            raise no_bot(f"opponent {i + 1} ({type(o).__name__})")
    return out


class ReichsstadtEnv(gym.Env):
    metadata = {"render_modes": ["human", "ansi"], "render_fps": 4}  # noqa: RUF012 (Gymnasium's attribute)

    def __init__(self, game_id: str, players: int | None = None, seat: int | None = 0,
                 opponents: str | Sequence[Any] = "random", render_mode: str | None = None,
                 options: Mapping[str, Any] | None = None, reward: str = "rank", illegal: str = "lose",
                 record: bool = False, max_steps: int | None = None, history: int = 0) -> None:
        from ..core import game as find_game

        n = find_game(game_id).players.start if players is None else players
        self.session = Session(game_id, n, options, reward, record, max_steps, history)
        self.play = _Seat(self.session, seat, opponents, illegal)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self.players = n
        self.game = self.session.game
        self.space = self.session.space
        self.encoder = self.session.encoder
        self.observation_space = spaces.Box(self.session.low, self.session.high, dtype=np.float32)
        self.action_space = spaces.Discrete(len(self.space))

    @property
    def seat(self) -> int:
        return self.play.seat

    @property
    def match(self) -> Any:
        return self.session.match

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.play.start(self.np_random)
        if self.render_mode == "human":
            self.render()
        return self.session.observe(self.seat), self._info()

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat, "action_mask": self.action_masks().astype(np.int8)}

    def action_masks(self) -> np.ndarray:
        """True for every legal action of your seat now; all True once the episode has
        ended (however it ended): an action chosen there is ignored (a vector env's
        autoreset drops it), and a masked sampler must find one to draw."""
        if self.play.done and self.session.match is not None:
            return np.ones(len(self.space), bool)
        return self.session.mask(self.seat, dtype=bool)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        reward, terminated, truncated, illegal = self.play.step(action)
        info = self._info()
        if illegal:
            info["illegal"] = True
        elif terminated:
            info["result"] = self.session.outcome().to_json()
        if self.render_mode == "human":
            self.render()
        return self.session.observe(self.seat), reward, terminated, truncated, info

    def render(self) -> str | None:
        return render_for(self.match.state if self.match is not None else None, self.render_mode)

    def close(self) -> None:
        pass


class ReichsstadtVectorEnv(VectorEnv):
    """`num_envs` games of a learner seat against bots, stepped together in one process:
    observations (num_envs, size) float32, rewards float32, terminations and truncations
    bool, `infos["action_mask"]` (num_envs, actions) bool and `infos["seat"]`;
    `action_masks()` for maskable policies. A finished sub-env starts a new game at the
    next step (Gymnasium's NEXT_STEP autoreset: its action is ignored then, its reward
    0, and its mask on the finishing step all True, so any action may be drawn), or in
    the same step with `autoreset_mode=AutoresetMode.SAME_STEP` (the last observation in
    `infos["final_obs"]`). `reset(seed=s)` seeds sub-env i with s + i;
    a list gives one seed per sub-env; `reset()` without one goes on from each sub-env's
    generator, so a run seeded once replays exactly. Arguments as ReichsstadtEnv's; `copy=False`
    returns the env's own observation buffer (overwritten at the next step)."""

    def __init__(self, game_id: str, players: int | None = None, num_envs: int = 8, seat: int | None = 0,
                 opponents: str | Sequence[Any] = "random", options: Mapping[str, Any] | None = None,
                 reward: str = "rank", max_steps: int | None = None, history: int = 0,
                 autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP, copy: bool = True) -> None:
        from ..core import game as find_game

        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise BadOption(f"num_envs must be 1 or more, not {num_envs!r}")
        mode = AutoresetMode(autoreset_mode)
        if mode == AutoresetMode.DISABLED:
            raise BadOption("autoreset_mode must be NEXT_STEP or SAME_STEP")
        n = find_game(game_id).players.start if players is None else players
        self.games = [_Seat(Session(game_id, n, options, reward, False, max_steps, history), seat, opponents, "lose")
                      for _ in range(num_envs)]
        first = self.games[0].session
        self.num_envs = num_envs
        self.metadata = {"autoreset_mode": mode, "render_modes": []}
        self.single_observation_space = spaces.Box(first.low, first.high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(len(first.space))
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.copy = copy
        self._obs = np.zeros((num_envs, first.size), np.float32)
        self._masks = np.zeros((num_envs, len(first.space)), bool)
        self._rewards = np.zeros(num_envs, np.float32)
        self._terminated = np.zeros(num_envs, bool)
        self._truncated = np.zeros(num_envs, bool)
        self._restart = np.zeros(num_envs, bool)
        self._rngs: list[np.random.Generator] = [np.random.default_rng() for _ in range(num_envs)]

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        for i, s in enumerate(_seeds(seed, self.num_envs)):
            if s is not None:   # no seed: the sub-env's generator goes on, as Gymnasium's reset(seed=None)
                self._rngs[i] = np.random.default_rng(s)
            self._start(i)
        self._restart[:] = False
        return self._out(), self._infos()

    def _start(self, i: int) -> None:
        g = self.games[i]
        g.start(self._rngs[i])
        g.session.observe(g.seat, self._obs[i])
        g.session.mask(g.seat, self._masks[i], bool)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):   # a short one raised IndexError, a long one was cut silently
            raise BadOption(f"actions must have the shape ({self.num_envs},), one per sub-env, not {actions.shape}")
        same_step = self.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
        final_obs: list[Any] = [None] * self.num_envs
        for i, g in enumerate(self.games):
            if self._restart[i]:
                self._start(i)
                self._rewards[i], self._terminated[i], self._truncated[i] = 0.0, False, False
                continue
            reward, terminated, truncated, _ = g.step(actions[i])
            self._rewards[i], self._terminated[i], self._truncated[i] = reward, terminated, truncated
            g.session.observe(g.seat, self._obs[i])
            g.session.mask(g.seat, self._masks[i], bool)
            if (terminated or truncated) and same_step:
                final_obs[i] = self._obs[i].copy()
                self._start(i)
        self._restart[:] = (self._terminated | self._truncated) & (not same_step)
        # the next step's action of a finished sub-env is ignored: any action may be drawn
        # for it (an all-False row would break a masked sampler: NaN logits, empty choice)
        self._masks[self._restart] = True
        infos = self._infos()
        if same_step and any(x is not None for x in final_obs):
            infos["final_obs"] = np.array(final_obs, dtype=object)
            infos["_final_obs"] = np.array([x is not None for x in final_obs])
        return (self._out(), self._rewards.copy(), self._terminated.copy(), self._truncated.copy(), infos)

    def _out(self) -> np.ndarray:
        return self._obs.copy() if self.copy else self._obs

    def _infos(self) -> dict[str, Any]:
        return {"action_mask": self._masks.copy(), "seat": np.array([g.seat for g in self.games])}

    def action_masks(self) -> np.ndarray:
        """(num_envs, actions) bool: each sub-env's legal actions now."""
        return self._masks.copy()

    def close_extras(self, **kwargs: Any) -> None:
        pass


def _seeds(seed: int | Sequence[int | None] | None, count: int) -> list[int | None]:
    if seed is None:
        return [None] * count
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        return [int(seed) + i for i in range(count)]
    if isinstance(seed, (bool, float, str, bytes)) or not isinstance(seed, (Sequence, np.ndarray)):
        raise BadOption(f"seed must be a whole number, a list of one per sub-env (each a whole number or None) "
                        f"or None, not {seed!r}")
    seeds = list(seed)
    if len(seeds) != count:
        raise BadOption(f"{count} seeds for {count} sub-envs, not {len(seeds)}")
    return seeds


def env_id(game_id: str) -> str:
    return f"reichsstadt/{game_id}-v0"


def register_envs(ids: Sequence[str] | None = None) -> list[str]:
    """Register `reichsstadt/<game>-v0` with Gymnasium for the installed games (or `ids`);
    the ids registered. `gymnasium.make(id, players=N, opponents=..., seat=...)`, and
    `gymnasium.make_vec(id, num_envs, vectorization_mode="vector_entry_point")` for
    ReichsstadtVectorEnv."""
    if ids is None:
        ids = [ep.name for ep in entry_points(group=GROUP)]
    done = []
    for gid in ids:
        name = env_id(gid)
        if name not in gym.registry:
            gym.register(id=name, entry_point=f"{__name__}:ReichsstadtEnv",
                         vector_entry_point=f"{__name__}:ReichsstadtVectorEnv", kwargs={"game_id": gid})
        done.append(name)
    return done


register_envs()
