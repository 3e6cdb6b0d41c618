"""The toy game's encoder: what a game's encoder looks like, small enough to read at once."""

from reichsstadt.interop.encoding import Encoder
from reichsstadt.interop.view_slices import envelope_slices, number, per_seat


def _bid(view, seat):
    bid = view["seats"][seat]["bid"]
    if bid is None or bid is False:      # not made yet
        return [0, 0]
    if bid is True:                      # made, kept secret from this viewer
        return [1, None]
    return [1, bid]


def build(players: int) -> Encoder:
    return Encoder("toy", players, [
        *envelope_slices(players, ["bidding", "rolling", "over"]),
        per_seat("total", players, 1, lambda v, s: [v["seats"][s]["total"]], low=0, high=4,
                 scale=10, meaning="the seat's total so far"),
        per_seat("bid", players, 2, _bid, low=0, high=2, hidden=-1,
                 meaning="whether the seat has bid, and its bid", labels=["made", "amount"]),
        number("turn", lambda v: v["table"]["turn"], low=0, high=players, meaning="whose turn to roll (seat number)"),
        number("target", lambda v: v["table"]["target"], low=0, high=3, scale=10, meaning="the total to reach"),
    ], summary="seats, totals and bids of the toy dice game")

