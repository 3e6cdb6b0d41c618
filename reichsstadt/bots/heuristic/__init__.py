"""The heuristic (`greedy`) players and what they lend the search (ISMCTS): a fast
playout policy and a cut-off evaluation per game (`search_aids`).

A game that has a heuristic player declares its module as the "heuristic" part of its
Game (`Game.parts`); nothing here names a game. The module provides:

    Greedy              the player: Greedy(seed) has act(seat) (common.HeuristicPlayer)
    Board, choose       the plan: Board(view), choose(board, legal, rng) -> one of legal
    greedy_playout      (state, seat, rng) -> a move: the plan on the seat's view of a sampled state
    playout             (state, seat, rng) -> a move: the plan's cheap habits, for long playouts
    evaluate_state      state -> each seat's value in the plan's points (read from a sampled state)
    CUTOFF              {"heuristic": N, "fast": M}: decisions a playout makes before the evaluation
    SPREAD              the gap in the evaluation's points that counts as a sure win
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Sequence

from ...core import game_ids, has_part, part
from .common import scored


def has_heuristic(game_id: str) -> bool:
    """Whether the game declares a heuristic player."""
    return has_part(game_id, "heuristic")


def heuristic_games() -> list[str]:
    """The installed games with a heuristic player (those that declare one and load)."""
    out = []
    for gid in game_ids():
        try:
            if has_heuristic(gid):
                out.append(gid)
        except Exception:  # a game that cannot be loaded has no heuristic to offer
            continue
    return out


def module(game_id: str) -> ModuleType:
    """The heuristic module the game declares (imported on first use); FrontendError if it
    declares none or it cannot be loaded."""
    found: ModuleType = part(game_id, "heuristic")
    return found


def rewards(values: Sequence[float], spread: float, win_weight: float = 0.5) -> list[float]:
    """Each seat's reward in [0, 1] from its evaluation, in the shape of a finished
    playout's (MCTSBot._rewards): a win share (softmax) blended with the score margin."""
    tau = spread / 3.0
    top = max(values)
    exps = [math.exp((v - top) / tau) for v in values]
    total = sum(exps)
    out = []
    for i, v in enumerate(values):
        other = max(x for j, x in enumerate(values) if j != i) if len(values) > 1 else v
        margin = min(1.0, max(0.0, 0.5 + 0.5 * (v - other) / spread))
        out.append(win_weight * exps[i] / total + (1 - win_weight) * margin)
    return out


@dataclass(frozen=True)
class SearchAids:
    """What a game's heuristic lends ISMCTS."""

    playout: Callable[[Any, int, Any], Any]     # (state, seat, rng) -> one of state.legal(seat)
    evaluator: Callable[[Any], list[float]]     # state -> each seat's reward in [0, 1]
    cutoff: int                                 # decisions before the evaluation
    advise: Callable[[Any, Any], tuple[Any, list[float] | None]]
    """(seat, rng) -> the heuristic's move for that Seat and its score of each legal move
    (None where it does not score them all): the root's prior and candidates."""


def search_aids(game_id: str, policy: str = "heuristic", win_weight: float = 0.5) -> SearchAids | None:
    """What the heuristic of a game lends the search (None for a game without one):

    - policy "heuristic": playouts by the plan itself (the greedy player on each seat's
      view of the sampled state, without trade offers of its own), cut off after a few
      decisions;
    - policy "fast": the game's cheap playout policy (the plan's habits without its
      sums), cut off later;

    both with the evaluation `evaluate_state` (the fast twin of `evaluate_view`, read
    from the sampled state: a determinization, so nothing hidden is learnt) turned into
    rewards, and the greedy player's advice for the root."""
    if not has_heuristic(game_id):
        return None
    mod = module(game_id)
    judge = mod.evaluate_state
    spread = mod.SPREAD

    def evaluate(state: Any) -> list[float]:
        return rewards(judge(state), spread, win_weight)

    def advise(seat: Any, rng: Any) -> tuple[Any, list[float] | None]:
        legal = seat.legal()
        board = mod.Board(seat.view())
        return scored(lambda: mod.choose(board, legal, rng), legal)

    play = mod.greedy_playout if policy == "heuristic" else mod.playout
    return SearchAids(play, evaluate, mod.CUTOFF[policy], advise)
