"""Helpers that build Siedler positions directly, for the rulebook tests."""

from __future__ import annotations

import copy

from reichsstadt.core import CHANCE
from reichsstadt.games.siedler import GAME
from reichsstadt.games.siedler.mapdata import EVENTS, RESOURCES, ROAD_NAMES, load_map
from reichsstadt.games.siedler.state import P_MAIN, SiedlerState


def start(players: int = 4, setup: str = "beginner", first: int = 0, **options) -> SiedlerState:
    """A new game whose first player is `first`, at the first event card draw."""
    s = GAME.new(players, 1, {"setup": setup, **options})
    s.apply(CHANCE, s.t.first[first])
    return s


def draw(s: SiedlerState, number: int | None, event: str = "none", road: str | None = None) -> None:
    key = (number or 0, EVENTS.index(event), ROAD_NAMES.index(road) if road else -1)
    s.apply(CHANCE, s.t.draw[s.t.kinds.index(key)])


def set_hand(s: SiedlerState, p: int, gold: int | None = None, **cards: int) -> None:
    """p's hand becomes exactly `cards` (missing types 0); the supply keeps 20 per type."""
    for r, name in enumerate(RESOURCES):
        want = cards.get(name, 0)
        s.supply[r] += s.hand[p * 5 + r] - want
        s.hand[p * 5 + r] = want
    if gold is not None:
        s.gold[p] = gold
    s._cache_seat = -99


def main_phase(s: SiedlerState, p: int = 0) -> SiedlerState:
    """p's turn, after the event card."""
    s.cur = p
    s.phase = P_MAIN
    s._cache_seat = -99
    return s


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
    return s.m.road_offset[ROAD_NAMES.index(road)] + index


def raw_map() -> dict:
    return copy.deepcopy(load_map().raw)


def hand(s: SiedlerState, p: int) -> dict[str, int]:
    return {r: s.hand[p * 5 + i] for i, r in enumerate(RESOURCES) if s.hand[p * 5 + i]}


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
