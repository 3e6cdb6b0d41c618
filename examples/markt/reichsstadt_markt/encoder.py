"""Markt's observation encoding for the research adapters (PettingZoo, OpenSpiel,
Gymnasium): the "encoder" part of the game, `build(players) -> Encoder`.

An encoding is a list of named slices, each with its length, the range of its entries,
what they mean in words, and a reader of the seat's view. It is written with the slice
helpers the platform offers a title of its own (reichsstadt.interop.view_slices):
reading the view only makes it leak-free by construction, since the view is all a seat
may know. Every entry lies in −1 … 1: numbers are divided by a stated maximum, and −1
means "you may not know this". Per-seat entries go from the reader onward (you, the
next seat, ...), so one policy serves every seat. Needs NumPy (reichsstadt's `research`
extra)."""

from __future__ import annotations

from typing import Any

from reichsstadt.interop.encoding import Encoder
from reichsstadt.interop.view_slices import envelope_slices, number, numbers, onehot, per_seat, seat_field

from .constants import DAYS_MAX, GOODS, HAND_LIMIT, N_GOODS, PER_GOOD, PHASE_IDS, PRICE_MAX

RICH = 30
"""A purse of this many thalers or more is encoded as 1."""

View = dict[str, Any]


def _hand(view: View) -> list[int | None]:
    """The reader's own goods (a spectator's: hidden)."""
    seat = view["seat"]
    return list(view["seats"][seat]["hand"]) if seat is not None else [None] * N_GOODS


def build(players: int) -> Encoder:
    """The encoder for `players` seats."""
    return Encoder("markt", players, [
        *envelope_slices(players, PHASE_IDS),
        number("days_left", lambda v: v["table"]["days"] - v["table"]["day"], low=0, high=1, scale=DAYS_MAX,
               meaning="market days after today"),
        onehot("demand", GOODS, lambda v: v["table"]["demand"],
               meaning="the good the crier called for today (all zero before the crier)"),
        numbers("prices", N_GOODS, lambda v: v["table"]["prices"], low=0, high=1, scale=PRICE_MAX,
                meaning="each good's price", labels=GOODS),
        numbers("sold", N_GOODS, lambda v: v["table"]["sold"], low=0, high=1, scale=PER_GOOD,
                meaning="goods of each kind on the sold pile", labels=GOODS),
        number("warehouse", lambda v: v["table"]["warehouse"], low=0, high=1, scale=N_GOODS * PER_GOOD,
               meaning="goods left in the warehouse"),
        numbers("hand", N_GOODS, _hand, low=0, high=1, scale=HAND_LIMIT, hidden=-1,
                meaning="your goods of each kind (a spectator's: hidden)", labels=GOODS),
        seat_field("thalers", players, "thalers", low=0, high=1, scale=RICH, cap=True,
                   meaning=f"the merchant's thalers, {RICH} or more as 1"),
        seat_field("goods", players, "goods", low=0, high=1, scale=HAND_LIMIT,
                   meaning="how many goods the merchant holds"),
        per_seat("first", players, 1, lambda v, s: [s == v["table"]["first"]], low=0, high=1,
                 meaning="1 for the merchant who opens today"),
    ], summary="the market (prices, sold pile, warehouse, the crier's call), your hand, every purse and hand size")
