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

and optionally:

    features            state -> (progress 0..1, one row of FEATURES a seat): what a learned
    FEATURES, HAND      evaluation weighs (bots/learned.py), and the hand valuation's weights
    <module>.weights.json   the learned evaluation's weights, beside the module (package data)
    SEARCH              the search's tuned settings for the game (MCTSBot: c, win_weight,
                        cutoff, root_k, prior, widen, policy, evaluation, plain)
    PRIVATE             the state's fields a seat does not see whole -> what it sees of them:
                        the search keys its tree by fields, not views (bots/infokey.py)
    hidden              view -> whether anything is hidden from that seat (else the search
                        samples its one possible state once)
    stage               state -> its stage (e.g. the round): a rollout search's horizon
                        (SEARCH "horizon": "stage") ends where it changes
    avoid               action -> whether a rollout search tries it only when the heuristic
                        itself makes it (bots/rollout.py)
    searched            view -> whether a rollout search looks at the decision (else the
                        heuristic's move is played)
    believe             (sample, seat, rng) -> None: redraws in place, on a determinization,
                        what the others hide as the plan would have chosen it (a rollout
                        search with `belief`: the model of the field in its determinizations)
    UNMODELLED          the action types the cheap playouts never make (Siedler's trade
                        offers): a search with `trust` leaves them to the heuristic
    LEVELS              {level: bot spec}: the levels this game plays with a spec of its own
                        instead of the generic one (bots/levels.py), each measured as such
                        in benchmarks/strength.md (Colonia's expert plays its playouts to
                        the end, Siedler's by the heuristic player)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Sequence

from ...core import game_ids, has_part, part
from .. import learned
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


PLAYER = ("Greedy",)
"""What the greedy bot reads of a heuristic module."""

SEARCH_AIDS = ("Board", "choose", "greedy_playout", "playout", "evaluate_state", "CUTOFF", "SPREAD")
"""What the search (mcts) reads of a heuristic module besides the player."""


def module(game_id: str, needs: Sequence[str] = (), purpose: str = "") -> ModuleType:
    """The heuristic module the game declares (imported on first use); FrontendError if it
    declares none, it cannot be loaded, or it lacks a name in `needs` (naming the part
    and the names, for the caller `purpose`)."""
    found: ModuleType = part(game_id, "heuristic", needs, purpose)
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
    hidden: Callable[[dict[str, Any]], bool]    # view -> whether anything is hidden from that seat
    info_key: Callable[[Any, int], Any] | None  # (state, seat) -> the seat's information set, or None: its view
    greedy: Callable[[Any, int, Any], Any]      # the heuristic player on a sampled state (rollouts)
    stage: Callable[[Any], Any] | None          # state -> its stage (a round): a rollout's horizon
    avoid: Callable[[Any], bool]                # moves a rollout search tries only when the heuristic makes them
    spread: float                               # the score gap that counts as a sure win
    searched: Callable[[dict[str, Any]], bool]  # view -> whether a rollout search looks at the decision
    unmodelled: tuple[str, ...] = ()            # action types the playouts never make (the search cannot value them)
    believe: Callable[[Any, int, Any], None] | None = None   # redraws the others' hidden choices on a sample


def tuned(game_id: str) -> dict[str, Any]:
    """The search settings a game's heuristic declares (its `SEARCH`), {} for a game
    without a heuristic."""
    if not has_heuristic(game_id):
        return {}
    return dict(getattr(module(game_id), "SEARCH", {}))


def search_aids(game_id: str, policy: str = "heuristic", win_weight: float = 0.5,
                evaluation: str = "hand") -> SearchAids | None:
    """What the heuristic of a game lends the search (None for a game without one):

    - policy "heuristic": playouts by the plan itself (the greedy player on each seat's
      view of the sampled state, without trade offers of its own);
    - policy "fast": the game's cheap playout policy (the plan's habits without its
      sums);

    cut off by an evaluation of the sampled state (a determinization, so nothing hidden
    is learnt): "hand", the heuristic's valuation `evaluate_state` turned into rewards,
    or "learned", the evaluation fitted on self-play games (bots/learned.py; the hand
    one where the game ships no weights); and the greedy player's advice for the root."""
    if not has_heuristic(game_id):
        return None
    mod = module(game_id, SEARCH_AIDS, "the search (mcts; the protocol: reichsstadt/bots/heuristic/__init__.py)")
    model = learned.load(mod) if evaluation == "learned" and hasattr(mod, "features") else None
    evaluate: Callable[[Any], list[float]]
    if model is not None:
        features = mod.features

        def evaluate(state: Any) -> list[float]:
            progress, rows = features(state)
            return model.rewards(progress, rows, win_weight)
    else:
        judge = mod.evaluate_state
        spread = mod.SPREAD

        def evaluate(state: Any) -> list[float]:
            return rewards(judge(state), spread, win_weight)

    def advise(seat: Any, rng: Any) -> tuple[Any, list[float] | None]:
        legal = seat.legal()
        board = mod.Board(seat.view())
        return scored(lambda: mod.choose(board, legal, rng), legal)

    play = mod.greedy_playout if policy == "heuristic" else mod.playout
    return SearchAids(play, evaluate, mod.CUTOFF[policy], advise, getattr(mod, "hidden", _always_hidden),
                      _keyer(game_id, mod), mod.greedy_playout, getattr(mod, "stage", None),
                      getattr(mod, "avoid", _never), float(mod.SPREAD), getattr(mod, "searched", _always),
                      tuple(getattr(mod, "UNMODELLED", ())), getattr(mod, "believe", None))


def _keyer(game_id: str, mod: ModuleType) -> Callable[[Any, int], Any] | None:
    """The information-set key of the game's states, where its heuristic names their
    private fields (bots/infokey.py); None: the search keys nodes by views."""
    private = getattr(mod, "PRIVATE", None)
    if private is None:
        return None
    from ...core import game as find_game
    from ..infokey import keyer

    g = find_game(game_id)
    return keyer(type(g.new(g.players.start, 0)), private)


def _always_hidden(view: dict[str, Any]) -> bool:
    return True


def _always(view: dict[str, Any]) -> bool:
    return True


def _never(action: Any) -> bool:
    return False
