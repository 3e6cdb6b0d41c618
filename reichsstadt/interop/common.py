"""What the adapters share: rewards from an outcome, action masks, action names, a text
picture of the table, and a live game's pickled form. Reads the contract only."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core import Action, ActionSpace, BadOption, GameInfo, IllegalAction, Match, Outcome, Seat, State, part
from ..core import game as find_game

REWARDS = ("rank", "score")
"""How a finished game pays each seat:

- "rank" (default): (seats you beat − seats that beat you) / (players − 1), tie-breaks
  applied by the engine: +1 for a lone winner, −1 for a lone last, 0 for a tie of all;
  zero-sum, so OpenSpiel's zero-sum algorithms apply.
- "score": your final victory points (GameInfo.min_score … max_score)."""


def check_reward(kind: str) -> str:
    if kind not in REWARDS:
        raise BadOption(f"reward must be one of {', '.join(REWARDS)}, not {kind!r}")
    return kind


def returns(outcome: Outcome, kind: str = "rank") -> list[float]:
    """Each seat's reward for a finished game (see REWARDS)."""
    if kind == "score":
        return [float(s) for s in outcome.scores]
    ranks = outcome.ranks
    n = len(ranks)
    if n < 2:
        return [0.0] * n
    return [(sum(1 for o in ranks if o > r) - sum(1 for o in ranks if o < r)) / (n - 1) for r in ranks]


def reward_range(info: GameInfo, kind: str = "rank") -> tuple[float, float]:
    if kind == "score":
        return float(info.min_score), float(info.max_score)
    return -1.0, 1.0


def legal_mask(legal: Sequence[Action], space: ActionSpace, dtype: Any = np.int8,
               out: np.ndarray | None = None) -> np.ndarray:
    """1 at the index of every legal action, 0 elsewhere (length: the action space);
    written into `out` (zeroed first) when given."""
    if out is None:
        out = np.zeros(len(space), dtype)
    else:
        out.fill(0)
    out[legal_indices(space).of(legal)] = 1
    return out


class LegalIndices:
    """The indices of legal actions as a NumPy array, found by the identity of the
    action space's own objects (engines hand out those: no Python-level hash per action),
    kept per set of legal actions met (at most `most`), so that a mask is one NumPy
    assignment; and the mask itself (int8) per set met, so that a mask is one copy."""

    def __init__(self, space: ActionSpace, most: int = 8192) -> None:
        self.space = space
        self.by_id = {id(a): i for i, a in enumerate(space.actions)}
        self.kept: dict[tuple[int, ...], np.ndarray] = {}
        self.masks: dict[tuple[int, ...], np.ndarray] = {}
        self.last: tuple[Sequence[Action] | None, np.ndarray] = (None, np.zeros(0, np.int8))
        self.most = most

    def of(self, legal: Sequence[Action]) -> np.ndarray:
        key = tuple(map(id, legal))
        found = self.kept.get(key)
        if found is None:
            by_id = self.by_id
            if not all(k in by_id for k in key):  # an equal action, not the space's own object
                return np.array([self.space.encode(a) for a in legal], np.intp)
            found = np.array([by_id[k] for k in key], np.intp)
            if len(self.kept) >= self.most:
                self.kept.clear()
            self.kept[key] = found
        return found

    def mask(self, legal: Sequence[Action]) -> np.ndarray:
        """1 at every legal action (int8, the length of the space): the kept array, which
        the caller copies and never changes."""
        if legal is self.last[0]:   # the engine's own tuple asked again (an observation, then the step)
            return self.last[1]
        key = tuple(map(id, legal))
        found = self.masks.get(key)
        if found is None:
            found = self._new_mask(legal, key)
        if type(legal) is tuple:   # immutable: held, so that its id is not reused while it is kept
            self.last = (legal, found)
        return found

    def _new_mask(self, legal: Sequence[Action], key: tuple[int, ...]) -> np.ndarray:
        # a set not met before: 7 % of Colonia's masks in random play, so its cost counts
        # (bytes set one by one and taken as they are: half the time of np.zeros, an array
        # of the indices and NumPy's fancy assignment)
        cells = bytearray(len(self.space))
        try:
            for i in map(self.by_id.__getitem__, key):
                cells[i] = 1
        except KeyError:   # an equal action, not the space's own object: by value, and not kept (the
            found = np.zeros(len(self.space), np.int8)   # ids of other objects may be reused)
            found[[self.space.encode(a) for a in legal]] = 1
            return found
        found = np.frombuffer(cells, np.int8)
        if len(self.masks) >= self.most:
            self.masks.clear()
        self.masks[key] = found
        return found


_INDICES: dict[int, tuple[ActionSpace, LegalIndices]] = {}


def legal_indices(space: ActionSpace) -> LegalIndices:
    """The LegalIndices of an action space (one per space, kept while it lives)."""
    found = _INDICES.get(id(space))
    if found is None or found[0] is not space:
        found = _INDICES[id(space)] = (space, LegalIndices(space))
    return found[1]


def pack_match(match: Match) -> dict[str, Any]:
    """A live game as plain data for pickle: the state's snapshot (`State.to_json`, a few
    KB), the random source's position, the record and the counters."""
    return {"snapshot": match.state.to_json(), "rng": match.rng.getstate(), "record": match.record,
            "recording": match.recording, "decisions": match.decisions, "chance_steps": match.chance_steps}


def unpack_match(packed: dict[str, Any]) -> Match:
    """The game `pack_match` packed, continuing exactly where it was."""
    record = packed["record"]
    match = Match(record.game, record.players, record.seed, record.options, record.names, packed["recording"])
    match.state = find_game(record.game).from_json(packed["snapshot"])
    match._seats = [Seat(match.state, i) for i in range(record.players)]  # as Match.from_record does
    match.rng.setstate(packed["rng"])
    match.record = record
    match.decisions, match.chance_steps = packed["decisions"], packed["chance_steps"]
    return match


def action_text(action: Action) -> str:
    """A short unique name of an action: its JSON form, compact ("buy guild=2 goods=[2,2,0]")."""
    parts = [action.type]
    for k, v in action.to_json().items():
        if k != "type":
            parts.append(f"{k}={json.dumps(v, separators=(',', ':'))}")
    return " ".join(parts)


def render_text(state: State, color: bool = False, width: int = 100) -> str:
    """The table as a spectator sees it: the game's terminal board where it declares one,
    otherwise the spectator's view, one line per part."""
    view = state.view(None)
    if "terminal" in state.game.parts:
        from rich.console import Console

        from ..i18n import Renderer

        draw = part(state.game.id, "terminal")
        buf = io.StringIO()
        console = Console(file=buf, width=width, force_terminal=color, color_system="standard" if color else None,
                          legacy_windows=False)
        names = [f"Player {i + 1}" for i in range(state.players)]
        console.print(draw(view, None, names, Renderer("en", names)))
        return buf.getvalue()
    acting = ", ".join("chance" if s < 0 else f"Player {s + 1}" for s in view["to_act"]) or "nobody"
    lines = [f"{state.game.title}, {state.players} players, phase {view['phase']}, to act: {acting}"]
    for i, seat in enumerate(view["seats"]):
        lines.append(f"Player {i + 1}: {json.dumps(seat, sort_keys=True)}")
    lines.append(f"table: {json.dumps(view['table'], sort_keys=True)}")
    if view["result"]:
        lines.append(f"result: scores {view['result']['scores']}, ranks {view['result']['ranks']}")
    return "\n".join(lines) + "\n"


def render_for(state: State | None, render_mode: str | None) -> str | None:
    """Gymnasium's and PettingZoo's render(): the table as text for "ansi" (in colour),
    printed for "human", a warning without a render mode."""
    if render_mode is None:
        import gymnasium

        gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi' or 'human'")
        return None
    assert state is not None, "call reset() first"
    text = render_text(state, color=render_mode == "ansi")
    if render_mode == "human":
        print(text, end="")
        return None
    return text


def action_index(action: Any) -> int:
    """An action given to an env as an index: a whole number (int, NumPy integer, or a
    one-element integer array), never a float (int(1.5) would silently play action 1)
    nor a bool; IllegalAction naming what was given otherwise."""
    if isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)):
        return int(action)
    if isinstance(action, np.ndarray) and action.size == 1 and action.dtype.kind in "iu":
        return int(action.reshape(()))
    raise IllegalAction(f"an action is a whole number (an index of the action space), not {action!r}")
