"""The end of the game (7.): the outcome, the score items, and how the game was decided."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.contract import Outcome, rank_by
from ...core.errors import IllegalAction
from ...core.messages import Message
from .constants import COUNCIL_VP, N_ROADS, NOBODY, P_OVER, SETTLEMENTS, WORKSHOPS

if TYPE_CHECKING:
    from .state import SiedlerState

THIRTEEN, YEAR_1400 = "thirteen", "year_1400"
"""How a game ended: 13 VP in one's own turn (7a), or the time stone at 1400 (7b)."""


def score_items(s: SiedlerState, p: int) -> dict[str, int]:
    """2.: the victory points of p, item by item, in the rulebook's order."""
    c = s.council_of(p)
    return {
        "settlements": SETTLEMENTS - s.settlements_left[p],
        "workshops": WORKSHOPS - s.workshops_left[p],
        "rights_of_way": sum(1 for k in range(N_ROADS) if s.right_of_way[k] == p),
        "council": COUNCIL_VP[c] if c >= 0 else 0,
    }


def outcome(s: SiedlerState) -> Outcome:
    """7.: who reached 13 VP in their own turn wins (7a); at 1400 the most VP win, ties to
    the higher council card, else shared (7b)."""
    if s.phase != P_OVER:
        raise IllegalAction(Message("siedler.refuse.not_over"))
    n = s.player_count
    scores = tuple(s.victory_points(p) for p in range(n))
    keys = []
    for p in range(n):
        c = s.council_of(p)
        keys.append((1 if p == s.winner else 0, scores[p], COUNCIL_VP[c] if c >= 0 else 0))
    return Outcome(scores, rank_by(keys), tuple(score_items(s, p) for p in range(n)))


def ending(s: SiedlerState) -> str:
    """THIRTEEN or YEAR_1400 (only once the game is over)."""
    return THIRTEEN if s.winner != NOBODY else YEAR_1400


def tied_on_most(s: SiedlerState) -> list[int]:
    """At 1400: the seats sharing the most victory points, if more than one (7b)."""
    scores = [s.victory_points(p) for p in range(s.player_count)]
    top = max(scores)
    tied = [p for p in range(s.player_count) if scores[p] == top]
    return tied if len(tied) > 1 else []
