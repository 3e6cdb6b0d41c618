"""Markt's observation encoding for the research adapters (PettingZoo, OpenSpiel,
Gymnasium): the "encoder" part of the game, `build(players) -> Encoder`.

An encoding is a list of named slices (reichsstadt.interop.encoding.Slice), each with
its length, the range of its entries, what they mean in words, and a reader that takes
the seat's view and returns the entries. Reading the view only makes it leak-free by
construction: the view is all a seat may know. Every entry lies in −1 … 1: numbers are
divided by a stated maximum, and −1 means "you may not know this". Per-seat entries go
from the reader onward (you, the next seat, ...), so one policy serves every seat.
Needs NumPy (reichsstadt's `research` extra)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from reichsstadt.interop.encoding import Encoder, Slice

from .constants import DAYS_MAX, GOODS, HAND_LIMIT, N_GOODS, PER_GOOD, PHASE_IDS, PRICE_MAX

RICH = 30
"""A purse of this many thalers or more is encoded as 1."""
HIDDEN = -1.0

View = dict[str, Any]


def _onehot(index: int | None, size: int) -> list[float]:
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def _from_reader(view: View) -> list[int]:
    """The seats from the reader onward (a spectator reads from seat 0)."""
    n, me = view["players"], view["seat"] or 0
    return [(me + k) % n for k in range(n)]


def _per_seat(name: str, players: int, meaning: str, read: Callable[[View, int], float]) -> Slice:
    return Slice(name, players, 0.0, 1.0, f"{meaning}; per seat, from you onward",
                 lambda v: [read(v, p) for p in _from_reader(v)])


def _hand(view: View) -> Sequence[float]:
    if view["seat"] is None:
        return [HIDDEN] * N_GOODS
    return [n / HAND_LIMIT for n in view["seats"][view["seat"]]["hand"]]


def build(players: int) -> Encoder:
    """The encoder for `players` seats."""
    n = players
    phase = {p: i for i, p in enumerate(PHASE_IDS)}
    return Encoder("markt", players, [
        Slice("seat", n, 0.0, 1.0, "your seat number (all zero for a spectator)", lambda v: _onehot(v["seat"], n),
              tuple(f"seat {i + 1}" for i in range(n))),
        _per_seat("to_act", n, "1 if that seat owes a decision now", lambda v, p: float(p in v["to_act"])),
        Slice("chance", 1, 0.0, 1.0, "1 at a chance draw", lambda v: [float(-1 in v["to_act"])]),
        Slice("over", 1, 0.0, 1.0, "1 once the game has ended", lambda v: [float(v["over"])]),
        Slice("phase", len(PHASE_IDS), 0.0, 1.0, "the phase", lambda v: _onehot(phase[v["phase"]], len(PHASE_IDS)),
              PHASE_IDS),
        Slice("days_left", 1, 0.0, 1.0, f"market days after today, ÷ {DAYS_MAX}",
              lambda v: [(v["table"]["days"] - v["table"]["day"]) / DAYS_MAX]),
        Slice("demand", N_GOODS, 0.0, 1.0, "the good the crier called for today (all zero before the crier)",
              lambda v: _onehot(v["table"]["demand"], N_GOODS), GOODS),
        Slice("prices", N_GOODS, 0.0, 1.0, f"each good's price, ÷ {PRICE_MAX}",
              lambda v: [p / PRICE_MAX for p in v["table"]["prices"]], GOODS),
        Slice("sold", N_GOODS, 0.0, 1.0, f"goods of each kind on the sold pile, ÷ {PER_GOOD}",
              lambda v: [s / PER_GOOD for s in v["table"]["sold"]], GOODS),
        Slice("warehouse", 1, 0.0, 1.0, f"goods left in the warehouse, ÷ {N_GOODS * PER_GOOD}",
              lambda v: [v["table"]["warehouse"] / (N_GOODS * PER_GOOD)]),
        Slice("hand", N_GOODS, HIDDEN, 1.0, f"your goods of each kind, ÷ {HAND_LIMIT} (−1 for a spectator)", _hand,
              GOODS),
        _per_seat("thalers", n, f"the merchant's thalers, ÷ {RICH}, {RICH} or more as 1",
                  lambda v, p: min(1.0, v["seats"][p]["thalers"] / RICH)),
        _per_seat("goods", n, f"how many goods the merchant holds, ÷ {HAND_LIMIT}",
                  lambda v, p: v["seats"][p]["goods"] / HAND_LIMIT),
        _per_seat("first", n, "1 for the merchant who opens today", lambda v, p: float(p == v["table"]["first"])),
    ], summary="the market (prices, sold pile, warehouse, the crier's call), your hand, every purse and hand size")
