"""Helpers that build Siedler positions for the rulebook tests, through the public way:
moves applied, or `state.edited(...)` (checked like a snapshot). A helper that changes a
position returns the new state: `s = set_hand(s, WHITE, wood=2)`."""

from __future__ import annotations

import copy
from typing import Any

from reichsstadt.core import CHANCE
from reichsstadt.games.siedler import GAME
from reichsstadt.games.siedler.constants import (
    CARD_KINDS, EVENTS, NOBODY, P_MAIN, RESOURCES, ROAD_NAMES, SUPPLY_PER_RESOURCE,
)
from reichsstadt.games.siedler.data import bundled
from reichsstadt.games.siedler.state import SiedlerState
from reichsstadt.i18n import render


def start(players: int = 4, setup: str = "beginner", first: int = 0, **options) -> SiedlerState:
    """A new game whose first player is `first`, at the first event card draw."""
    s = GAME.new(players, 1, {"setup": setup, **options})
    s.apply(CHANCE, s.action_table.first[first])
    return s


def card(number: int | None, event: str = "none", road: str | None = None) -> int:
    """The card kind (constants.CARD_KINDS) of an event card."""
    return CARD_KINDS.index((number or 0, EVENTS.index(event), ROAD_NAMES.index(road) if road else -1))


def draw(s: SiedlerState, number: int | None, event: str = "none", road: str | None = None) -> None:
    s.apply(CHANCE, s.action_table.draw[card(number, event, road)])


def edit(s: SiedlerState, **fields: Any) -> SiedlerState:
    """s with some fields changed (checked; the type for the caller)."""
    out = s.edited(**fields)
    assert isinstance(out, SiedlerState)
    return out


def put(s: SiedlerState, field: str, index: int, value: Any) -> SiedlerState:
    """s with one entry of a list field changed."""
    items = list(getattr(s, field))
    items[index] = value
    return edit(s, **{field: items})


def set_hand(s: SiedlerState, p: int, gold: int | None = None, **cards: int) -> SiedlerState:
    """p's hand becomes exactly `cards` (missing types 0); the supply keeps 20 per type."""
    hands, supply = list(s.hands), list(s.supply)
    for r, name in enumerate(RESOURCES):
        want = cards.get(name, 0)
        supply[r] += hands[p * 5 + r] - want
        hands[p * 5 + r] = want
    assert all(0 <= x <= SUPPLY_PER_RESOURCE for x in supply), "more cards than the box holds"
    gold_list = list(s.gold)
    if gold is not None:
        gold_list[p] = gold
    return edit(s, hands=hands, supply=supply, gold=gold_list)


def main_phase(s: SiedlerState, p: int = 0) -> SiedlerState:
    """p's turn, after the event card."""
    return edit(s, active=p, phase=P_MAIN)


def set_workshop(s: SiedlerState, spot: int, p: int | None) -> SiedlerState:
    """A workshop of p's on red intersection `spot` (None: the spot emptied), the pieces
    left kept in step."""
    owners, left = list(s.workshop_owner), list(s.workshops_left)
    if owners[spot] != NOBODY:
        left[owners[spot]] += 1
    owners[spot] = NOBODY if p is None else p
    if p is not None:
        left[p] -= 1
    return edit(s, workshop_owner=owners, workshops_left=left)


def set_settlement(s: SiedlerState, gi: int, p: int | None) -> SiedlerState:
    """A settlement of p's on intersection gi (None: the intersection emptied), the pieces
    left kept in step."""
    owners, left = list(s.settlement_owner), list(s.settlements_left)
    if owners[gi] != NOBODY:
        left[owners[gi]] += 1
    owners[gi] = NOBODY if p is None else p
    if p is not None:
        left[p] -= 1
    return edit(s, settlement_owner=owners, settlements_left=left)


def give_settlement(s: SiedlerState, p: int, gi: int | None = None) -> SiedlerState:
    """A settlement of p's on intersection gi (default: the first free one), the pieces
    left kept in step (a VP without playing for it)."""
    owners, left = list(s.settlement_owner), list(s.settlements_left)
    if gi is None:
        gi = next(i for i in range(s.components.n_inters) if owners[i] < 0)
    assert owners[gi] == NOBODY
    owners[gi] = p
    left[p] -= 1
    return edit(s, settlement_owner=owners, settlements_left=left)


def act(s: SiedlerState, seat: int, kind: str, **fields) -> None:
    """Apply the legal action of this type and fields (fails if it is not legal)."""
    for a in s.legal(seat):
        if a.type == kind and all(a.fields.get(k) == v for k, v in fields.items()):
            s.apply(seat, a)
            return
    raise AssertionError(f"no legal {kind} {fields} for seat {seat}: {[a for a in s.legal(seat)]}")


def legal_types(s: SiedlerState, seat: int) -> set[str]:
    return {a.type for a in s.legal(seat)}


def has(s: SiedlerState, seat: int, kind: str, **fields) -> bool:
    return any(a.type == kind and all(a.fields.get(k) == v for k, v in fields.items()) for a in s.legal(seat))


def gi(s: SiedlerState, road: str, index: int) -> int:
    return s.components.road_offset[ROAD_NAMES.index(road)] + index


def raw_map() -> dict:
    return copy.deepcopy(bundled().raw)


def hand(s: SiedlerState, p: int) -> dict[str, int]:
    return {r: c for r, c in zip(RESOURCES, s.hand(p)) if c}


def words(s: SiedlerState, seat: int, action, viewer: int | None, sentence: bool = False) -> str:
    """The English words of a move as `viewer` reads them ("you" for the viewer's seat)."""
    return render(s.describe(seat, action, viewer), viewer=viewer, sentence=sentence)


def offer(s: SiedlerState, seat: int, give: list[str], want: list[str], to: int) -> None:
    """5.2.1: the active player builds an offer card by card and sends it (to=-1: everyone)."""
    act(s, seat, "offer")
    for r in give:
        act(s, seat, "give", resource=r)
    act(s, seat, "done")
    for r in want:
        act(s, seat, "want", resource=r)
    act(s, seat, "done")
    act(s, seat, "send", to=to)
