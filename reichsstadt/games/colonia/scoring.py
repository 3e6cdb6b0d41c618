"""The end of Colonia (rulebook p. 23): church windows, then relic points (doubled in
shrines) plus windows; ties broken by money, then goods, then materials."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import IllegalAction, Outcome, rank_by
from .data import N_CITIES, N_GOODS, N_MATERIALS

if TYPE_CHECKING:
    from .state import ColoniaState


def award_windows(s: "ColoniaState") -> None:
    """Each church window goes to the one player with strictly the most money of its
    currency, who pays that money to the bank; on a tie nobody gets it."""
    n = s.n
    for c in range(N_CITIES):
        amounts = [s.money[p * N_CITIES + c] for p in range(n)]
        best = max(amounts)
        if best > 0 and amounts.count(best) == 1:
            p = amounts.index(best)
            s.windows[c] = p
            s.money[p * N_CITIES + c] = 0
            s.ev.append((12, c, p, best))   # E_WINDOW (state.py)
        else:
            s.ev.append((12, c, -1, best))


def score_items(s: "ColoniaState", p: int) -> dict[str, int]:
    """Relic points (each relic once), the shrines' doubling (the enshrined relic's points
    once more), the church windows, and their total."""
    comp = s.comp
    owner = s.relic_owner
    relics = sum(comp.relic_points[card] for card in range(len(owner)) if owner[card] == p)
    doubled = sum(comp.relic_points[card] for card in s.shrine if card >= 0 and owner[card] == p)
    windows = sum(1 for w in s.windows if w == p) * comp.window_points
    return {"relics": relics, "shrines": doubled, "windows": windows, "total": relics + doubled + windows}


def outcome(s: "ColoniaState") -> Outcome:
    if not s.over():
        raise IllegalAction("the game is not over yet")
    n = s.n
    items = [score_items(s, p) for p in range(n)]
    scores = tuple(it["total"] for it in items)
    keys = [
        (
            scores[p],
            sum(s.money[p * N_CITIES:(p + 1) * N_CITIES]),
            sum(s.goods[p * N_GOODS:(p + 1) * N_GOODS]),
            sum(s.mats[p * N_MATERIALS:(p + 1) * N_MATERIALS]),
        )
        for p in range(n)
    ]
    breakdown = tuple(
        {"relics": items[p]["relics"], "shrines": items[p]["shrines"], "windows": items[p]["windows"],
         "money": keys[p][1], "goods": keys[p][2], "materials": keys[p][3]}
        for p in range(n)
    )
    return Outcome(scores, rank_by(keys), breakdown)
