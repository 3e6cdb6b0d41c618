"""The end of Colonia (rulebook p. 23 "Fine del gioco e calcolo del punteggio"): relic
points (doubled in shrines) plus church windows; ties broken by money, then goods, then
materials. The church windows themselves are a rule of the game's last step
(rules.award_church_windows): they take money, which the tie-breaks then count."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import IllegalAction, Message, Outcome, rank_by
from .constants import N_CITIES, N_GOODS, N_MATERIALS

if TYPE_CHECKING:
    from .state import ColoniaState

ITEMS = ("relics", "shrines", "windows")
"""The scoring items of p. 23, in the rulebook's order."""


def score_items(s: "ColoniaState", p: int) -> dict[str, int]:
    """p. 23: relic points (each relic once), the shrines' doubling (the enshrined relic's
    points once more; an empty shrine scores 0), the church windows, and their total."""
    comp = s.components
    owner = s.relic_owner
    relics = sum(comp.relic_points[card] for card in range(len(owner)) if owner[card] == p)
    doubled = sum(comp.relic_points[card] for card in s.shrine_relic if card >= 0 and owner[card] == p)
    windows = s.window_owner.count(p) * comp.window_points
    return {"relics": relics, "shrines": doubled, "windows": windows, "total": relics + doubled + windows}


def tie_break(s: "ColoniaState", p: int) -> tuple[int, int, int]:
    """p. 23: equal points go to more money in all currencies (after the windows), then
    more goods, then more materials; then the tie stands."""
    return (sum(s.money[p * N_CITIES:(p + 1) * N_CITIES]), sum(s.goods[p * N_GOODS:(p + 1) * N_GOODS]),
            sum(s.materials[p * N_MATERIALS:(p + 1) * N_MATERIALS]))


def outcome(s: "ColoniaState") -> Outcome:
    if not s.over():
        raise IllegalAction(Message("colonia.refuse.not_over"))
    items = [score_items(s, p) for p in range(s.player_count)]
    scores = tuple(it["total"] for it in items)
    keys = [(scores[p], *tie_break(s, p)) for p in range(s.player_count)]
    breakdown = tuple(
        {"relics": items[p]["relics"], "shrines": items[p]["shrines"], "windows": items[p]["windows"],
         "money": keys[p][1], "goods": keys[p][2], "materials": keys[p][3]}
        for p in range(s.player_count)
    )
    return Outcome(scores, rank_by(keys), breakdown)
