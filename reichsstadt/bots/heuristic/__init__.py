"""The heuristic (`greedy`) players, one per game, registered in `specs.HEURISTICS`; and
what they lend the search (ISMCTS): a fast playout policy and a cut-off evaluation per
game (`search_aids`). Each game's module loads on first use."""

from __future__ import annotations

import math
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable, Sequence

from ..specs import HEURISTICS
from .common import scored

GAMES = ("norenberc", "siedler", "colonia")
"""The games with a heuristic player."""

_BOT_CLASS = {"norenberc": "NorenbercGreedy", "siedler": "SiedlerGreedy", "colonia": "ColoniaGreedy"}

CUTOFF = {"heuristic": {"norenberc": 30, "siedler": 16, "colonia": 40},
          "fast": {"norenberc": 40, "siedler": 40, "colonia": 40}}
"""Decisions a playout makes before the evaluation takes over, by playout policy.
Measured (benchmarks/strength.md, mcts:1s against three greedy bots, 24 seat-rotated
games): Colonia's and Norenberc's steps are small (one stall, one hold, one vote, one
card at a time; ~320 decisions a game at 4 players), so a 12-decision playout did not
reach the end of a day or a round and the search mostly re-read the heuristic's own
valuation: 29 % (Colonia) and 37.5 % (Norenberc), intervals including the fair 25 %;
at 40 (Colonia) and 30 (Norenberc) both won 70.8 %. Siedler at 16: 45.8 %."""

SPREAD = {"norenberc": 12.0, "siedler": 4.0, "colonia": 6.0}
"""The score gap (in the evaluation's points) that counts as a sure win at a cut-off:
the evaluation's margin is (own - best other) / spread, its win share a softmax at this
temperature / 3."""


def module(game_id: str) -> Any:
    """The heuristic module of a game (imported on first use)."""
    return import_module(f"{__name__}.{game_id}")


def _factory(game_id: str) -> Callable[[int], Any]:
    def make(seed: int) -> Any:
        return getattr(module(game_id), _BOT_CLASS[game_id])(seed)

    make.__name__ = f"greedy_{game_id}"
    return make


for _gid in GAMES:
    HEURISTICS.setdefault(_gid, _factory(_gid))


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
    if game_id not in GAMES:
        return None
    mod = module(game_id)
    judge = mod.evaluate_state
    spread = SPREAD[game_id]

    def evaluate(state: Any) -> list[float]:
        return rewards(judge(state), spread, win_weight)

    def advise(seat: Any, rng: Any) -> tuple[Any, list[float] | None]:
        legal = seat.legal()
        board = mod.Board(seat.view())
        return scored(lambda: mod.choose(board, legal, rng), legal)

    play = mod.greedy_playout if policy == "heuristic" else mod.playout
    return SearchAids(play, evaluate, CUTOFF[policy][game_id], advise)
