"""Section "Fin de la Partie": final scoring in the rulebook's order, and the winner's
tie-breaks (most artisans, then the highest total artisan value)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reichsstadt.core.contract import Outcome, rank_by

from .constants import (
    ALL_TYPES_VP, APPRENTICE, ARTISAN, CREST_VP, ENGRAVER, FOREMAN, MAJORITY, MAJORITY_TIED, NOBLE, RICHEST_TIED_VP,
    RICHEST_VP, SCORE_ITEMS, TAX_COLLECTOR, TAX_UNIT, THIRTY, THIRTY_VP,
)

if TYPE_CHECKING:
    from .state import NorenbercState


def majority_points(keys: dict[int, tuple[int, int]]) -> tuple[dict[int, int], dict[int, int]]:
    """"Majorité des Artisans", one guild: keys are (total value, tile count) of the
    players owning at least one artisan of it. Returns (points, place) per player; place
    1..3 or 0.

    Ties on value go to more tiles; still tied for first: 4 each and no second place;
    tied for second: 2 each and no third; tied for third: 0. A sole first-placed player
    also takes the points of places nobody claims (fewer than three placing)."""
    seats = sorted(keys)
    ranks = rank_by([keys[p] for p in seats])
    points: dict[int, int] = {}
    place: dict[int, int] = {}
    claimed: set[int] = set()
    for p, r in zip(seats, ranks):
        size = sum(1 for q in ranks if q == r)
        claimed.update(range(r, r + size))
        place[p] = r if r <= 3 else 0
        if r <= 3:
            points[p] = MAJORITY[r - 1] if size == 1 else MAJORITY_TIED[r - 1]
        else:
            points[p] = 0
    firsts = [p for p, r in zip(seats, ranks) if r == 1]
    if len(firsts) == 1:
        for u in (2, 3):
            if u not in claimed:
                points[firsts[0]] += MAJORITY[u - 1]
    return points, place


def breakdown(state: "NorenbercState") -> list[dict[str, int]]:
    """Every player's points per scoring item (constants.SCORE_ITEMS), in the rulebook's
    order: the sun citizens first (the Apprentice and the Engraver change later items)."""
    comp = state.components
    n, G = state.player_count, state.guild_count
    out = [dict.fromkeys(SCORE_ITEMS, 0) for _ in range(n)]
    artisans = [[t for t in state.tiles_owned[p] if comp.tile_kind[t] == ARTISAN] for p in range(n)]
    _sun_citizens(state, artisans, out)
    totals = [[0] * G for _ in range(n)]
    counts = [[0] * G for _ in range(n)]
    for p in range(n):
        for a in artisans[p]:
            totals[p][comp.tile_guild[a]] += comp.tile_value[a]
            counts[p][comp.tile_guild[a]] += 1
    _majorities(state, totals, counts, out)
    # "Valeur des artisans de 30+" and "Tous les types"
    for p in range(n):
        out[p]["thirty_plus"] = THIRTY_VP * sum(1 for g in range(G) if totals[p][g] >= THIRTY)
        if all(counts[p][g] for g in range(G)):
            out[p]["all_types"] = ALL_TYPES_VP
    # "Joueur le plus riche"
    most = max(state.money)
    rich = [p for p in range(n) if state.money[p] == most]
    for p in rich:
        out[p]["richest"] = RICHEST_VP if len(rich) == 1 else RICHEST_TIED_VP
    # "Collection de blasons": distinct guild crests, each prestige crest, each Engraver
    for p in range(n):
        distinct = sum(1 for g in range(G) if state.guild_crests[p * G + g]) + state.prestige_crests[p]
        distinct += sum(1 for t in state.tiles_owned[p] if comp.tile_kind[t] == ENGRAVER)
        out[p]["crests"] = CREST_VP[min(distinct, len(CREST_VP) - 1)]
    return out


def _sun_citizens(state: "NorenbercState", artisans: list[list[int]], out: list[dict[str, int]]) -> None:
    """"Citadins" with the sun: the Noble's points, the Tax Collector's per 10 thalers,
    the Foreman's per artisan of his value."""
    kind, value = state.components.tile_kind, state.components.tile_value
    for p, owned in enumerate(state.tiles_owned):
        for t in owned:
            k = kind[t]
            if k == NOBLE:
                out[p]["nobles"] += value[t]
            elif k == TAX_COLLECTOR:
                out[p]["tax_collectors"] += state.money[p] // TAX_UNIT
            elif k == FOREMAN:
                out[p]["foremen"] += sum(1 for a in artisans[p] if value[a] == value[t])


def _majorities(state: "NorenbercState", totals: list[list[int]], counts: list[list[int]],
                out: list[dict[str, int]]) -> None:
    """"Majorité des Artisans", guild by guild; the Apprentice: +1 per second or third place."""
    kind = state.components.tile_kind
    for g in range(state.guild_count):
        keys = {p: (totals[p][g], counts[p][g]) for p in range(state.player_count) if counts[p][g]}
        if not keys:
            continue
        points, place = majority_points(keys)
        for p, v in points.items():
            out[p]["majorities"] += v
            if place[p] in (2, 3):
                out[p]["apprentices"] += sum(1 for t in state.tiles_owned[p] if kind[t] == APPRENTICE)


def outcome(state: "NorenbercState") -> Outcome:
    """Scores, ranks and breakdown. "Fin de la Partie": the most VP wins; a tie goes to the
    most artisans, then the highest total artisan value; still tied, a shared win (*notes*)."""
    parts = breakdown(state)
    scores = tuple(sum(b.values()) for b in parts)
    comp = state.components
    keys = []
    for p in range(state.player_count):
        arts = [t for t in state.tiles_owned[p] if comp.tile_kind[t] == ARTISAN]
        keys.append((scores[p], len(arts), sum(comp.tile_value[t] for t in arts)))
    return Outcome(scores=scores, ranks=rank_by(keys), breakdown=tuple(parts))
