"""What the three adapters share: rewards from an outcome, action masks, action names and
a text picture of the table. Reads the contract only."""

from __future__ import annotations

import io
import json
from typing import Any, Sequence

import numpy as np

from ..core import Action, ActionSpace, BadOption, GameInfo, Outcome, State, part

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


def legal_mask(legal: Sequence[Action], space: ActionSpace, dtype: Any = np.int8) -> np.ndarray:
    """1 at the index of every legal action, 0 elsewhere (length: the action space)."""
    mask = np.zeros(len(space), dtype)
    for a in legal:
        mask[space.encode(a)] = 1
    return mask


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

        draw = part(state.game.id, "terminal")
        buf = io.StringIO()
        console = Console(file=buf, width=width, force_terminal=color, color_system="standard" if color else None,
                          legacy_windows=False)
        console.print(draw(view, None, [f"Player {i + 1}" for i in range(state.players)]))
        return buf.getvalue()
    lines = [f"{state.game.title}, {state.players} players, phase {view['phase']}, "
             f"to act: {', '.join('chance' if s < 0 else f'Player {s + 1}' for s in view['to_act']) or 'nobody'}"]
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
