"""The observation encoding of Die Siedler von Nürnberg (bundled map), written from the
state as `present.view` shows it.

The board's fixed facts (terrain numbers, goods, trade marks, road lengths) are the same
in every game with the bundled map and are left out; sizes (road segments, red
intersections, tower places, terrains) come from a fresh game of that map. Hidden from
other seats, as in the view: the resources in a hand (its size is public)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

from ...games.siedler.constants import (
    ANSWER_IDS,
    CARD_KINDS,
    COUNCIL_KEYS,
    EVENTS,
    EVERYONE,
    NOBODY,
    OFFER_PHASES,
    P_COUNCIL,
    P_OVER,
    PHASE_IDS,
    RAUBRITTERBURG,
    REMOVED,
    RESOURCES,
    ROAD_NAMES,
)
from ..encoding import ENVELOPE, HIDDEN, Part, PerGame, Piece, SeatAxis, Slice, StateEncoder, envelope, per_seat
from ..encoding import write_envelope

if TYPE_CHECKING:
    from ...games.siedler.state import SiedlerState

TRADABLES = RESOURCES + ("gold",)
NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
ANSWERS = tuple(dict.fromkeys(ANSWER_IDS))          # the answers' ids, each once
ANSWER_INDEX = [ANSWERS.index(a) for a in ANSWER_IDS]
ENDINGS = ("thirteen", "year_1400")


def top(x: int, most: int) -> float:
    return x / most if x < most else 1.0


class SiedlerEncoder(StateEncoder):
    def __init__(self, players: int) -> None:
        from ...core import game as find_game

        start: SiedlerState = find_game("siedler").new(players, 0)  # type: ignore[assignment]
        m = start.components
        self.players = players
        self.segments = list(m.road_len)
        self.crossings = [k + 1 for k in m.road_len]
        self.reds, self.towers, self.wall = len(start.workshop_owner), len(start.tower_owner), m.wall_pieces
        self.years = len(m.years)
        self.terrains = list(m.terrain_ids)
        self.hands_kept: PerGame[list[tuple[list[int], list[float]] | None]] = PerGame(lambda: [None] * players)
        """Per game and seat, its hand last encoded (the cards, their encoding), for `private`."""
        super().__init__("siedler", players, [*envelope(players, PHASE_IDS), *self._player_slices(),
                                              *self._table_slices(), *self._board_slices(), *self._trade_slices(),
                                              *self._waiting_slices()],
                         summary="Every player's public counts and your own hand; the event cards; every piece on "
                                 "the roads, the red intersections, the wall and its towers; the council cards; the "
                                 "trade offer under negotiation and the last trade made.")
        self.use(self._parts())

    # -- the slices ----------------------------------------------------------------------
    def _owners(self, name: str, places: int, meaning: str) -> Slice:
        n = self.players
        return Slice(name, places * n, 0, 1, f"{meaning}; per place, who holds it: one-hot over the seats from you "
                                             f"onward (all zero: nobody)", seats=SeatAxis(groups=places, stride=n))

    def _seats(self, name: str, meaning: str) -> Slice:
        return Slice(name, self.players, 0, 1, meaning + "; per seat, from you onward", seats=SeatAxis())

    def _player_slices(self) -> list[Slice]:
        each = partial(per_seat, self.players)
        return [
            each("hand", 5, "resource cards held per resource ÷ 10, 10 or more as 1 (your own; the others' are "
                            "secret: -1)", RESOURCES, low=HIDDEN),
            each("cards", 1, "resource cards held (public) ÷ 20, 20 or more as 1"),
            each("gold", 1, "gold ÷ 30, 30 or more as 1"),
            each("prestige", 1, "prestige points ÷ 20, 20 or more as 1"),
            each("victory_points", 1, "victory points ÷ 13 (13 wins), 13 or more as 1"),
            each("council", 3, "the council card held", COUNCIL_KEYS),
            each("pieces_left", 3, "pieces not yet built: settlements ÷ 5, workshops ÷ 4, toll stations ÷ 15",
                 ("settlements", "workshops", "tolls")),
            each("discards_owed", 1, "cards still to discard after a Raubritter ÷ 20, 20 or more as 1"),
        ]

    def _table_slices(self) -> list[Slice]:
        return [
            self._seats("active", "whose turn it is"),
            self._seats("first_player", "who began"),
            Slice("time_stone", self.years, 0, 1, "the time stone's space, one-hot",
                  labels=tuple(str(k) for k in range(self.years))),
            Slice("robber", 1 + len(self.terrains), 0, 1, "where the robber knight stands",
                  labels=("Raubritterburg", *self.terrains)),
            Slice("last_number", len(NUMBERS), 0, 1, "the harvest number of the last event card (all zero: none "
                                                     "yet, or a Raubritter)", labels=tuple(map(str, NUMBERS))),
            Slice("last_event", len(EVENTS), 0, 1, "the event of the last event card (all zero before the first)",
                  labels=EVENTS),
            Slice("last_road", len(ROAD_NAMES), 0, 1, "the road of the last card if a Wegezoll", labels=ROAD_NAMES),
            Slice("deck_left", 1, 0, 1, "event cards face down ÷ 36"),
            Slice("discards", 1, 0, 1, "event cards on the discard pile ÷ 36"),
            Slice("supply", 5, 0, 1, "resource cards left in the supply ÷ 20", labels=RESOURCES),
        ]

    def _board_slices(self) -> list[Slice]:
        roads = ", ".join(f"{r}: {k}" for r, k in zip(ROAD_NAMES, self.segments))
        inters = ", ".join(f"{r}: {k}" for r, k in zip(ROAD_NAMES, self.crossings))
        return [
            self._owners("tolls", sum(self.segments), f"toll stations, road by road ({roads} segments) from the city "
                                                      f"gate outward"),
            self._owners("settlements", sum(self.crossings), f"settlements, road by road ({inters} intersections) "
                                                             f"from the city outward"),
            self._owners("right_of_way", len(ROAD_NAMES), f"the holder of each road's right of way "
                                                          f"({', '.join(ROAD_NAMES)})"),
            self._owners("workshops", self.reds, "workshops on the red intersections, in the map's order"),
            self._owners("walls", self.wall, "the builder of each wall piece, in building order"),
            self._owners("towers", self.towers, "towers, per tower triangle"),
            self._owners("council_holders", 3, "the holder of each council card (siebenerrat, kleiner_rat, "
                                               "grosser_rat)"),
            Slice("council_removed", 3, 0, 1, "1 if that council card is out of the game (Kleiner Rat with 3 "
                                              "players)", labels=COUNCIL_KEYS),
        ]

    def _trade_slices(self) -> list[Slice]:
        each = partial(per_seat, self.players)
        sides = "÷ 10, 10 or more as 1"
        return [
            Slice("offer_open", 1, 0, 1, "1 while a trade offer is made"),
            Slice("offer_give", 6, 0, 1, f"what the active player gives {sides}", labels=TRADABLES),
            Slice("offer_want", 6, 0, 1, f"what the active player asks for {sides}", labels=TRADABLES),
            self._seats("offer_to", "the seat the offer is made to (all zero: everyone)"),
            each("answers", len(ANSWERS), "each seat's answer to the offer", ANSWERS),
            each("counters", 12, f"each seat's counter-offer: gives, then asks for, {sides}",
                 [f"give {k}" for k in TRADABLES] + [f"want {k}" for k in TRADABLES]),
            Slice("last_trade", 1, 0, 1, "1 while the last trade between players is shown (until an offer ends "
                                         "without one)"),
            self._seats("last_trade_player", "the player whose turn it was in the last trade"),
            self._seats("last_trade_partner", "the player who traded with them"),
            Slice("last_trade_gave", 6, 0, 1, f"what the player gave in the last trade {sides}", labels=TRADABLES),
            Slice("last_trade_got", 6, 0, 1, f"what the player got in the last trade {sides}", labels=TRADABLES),
            Slice("offers_left", 1, 0, 1, "trade offers the active player may still make ÷ 3 (3 or more as 1)"),
            Slice("bank_trades_left", 1, 0, 1, "bank trades left this turn ÷ 30 (30 or more as 1)"),
            Slice("offer_cards", 1, 0, 1, f"cards per side of an offer {sides}"),
        ]

    def _waiting_slices(self) -> list[Slice]:
        seats = self._seats
        return [
            seats("lehm_queue", "seats yet to decide on a wall piece for 3 gold (Kostenloser Lehm)"),
            seats("council_candidates", "holders whose council card the player to act may take"),
            seats("steal_victim", "the seat being robbed"),
            seats("winner", "who reached 13 in their own turn"),
            Slice("ending", len(ENDINGS), 0, 1, "how the game ended (all zero while it goes on)", labels=ENDINGS),
        ]

    # -- writing -------------------------------------------------------------------------
    def _parts(self) -> list[Part]:
        return [
            Part("envelope", ENVELOPE, None, self._envelope),
            # the public encoding hides every hand: a change of the hands alone leaves it
            Part("hand", ("hand",), ("hands",), self._hand, whole=True, pieces=(Piece(("hands",), _unchanged),)),
            Part("cards", ("cards",), ("hands",), self._cards, whole=True),
            Part("gold", ("gold",), ("gold",), self._gold, whole=True),   # changes ten times as often as the rest
            Part("players", ("prestige", "victory_points", "council", "pieces_left", "discards_owed"),
                 ("prestige", "settlements_left", "workshops_left", "tolls_left", "right_of_way", "council_holder",
                  "discards_owed"), self._players,
                 pieces=(Piece(("tolls_left",), lambda s, out: self._tolls_left(s, 0, out)),
                         Piece(("discards_owed",), lambda s, out: self._discards_owed(s, 0, out)),
                         Piece(("prestige",), lambda s, out: self._prestige(s, 0, out)))),
            Part("table", ("active", "first_player", "time_stone", "robber", "last_number", "last_event", "last_road",
                           "deck_left", "discards"),
                 ("active", "first_player", "time_stone", "robber", "last_card", "deck_left", "discards"),
                 self._table),
            Part("supply", ("supply",), ("supply",), self._supply, whole=True),
            # the board, a part per kind of piece: a toll station built rewrites the tolls alone
            *(Part(name, (name,), (field,), partial(self._owners_of, name, field))
              for name, field in (("tolls", "toll_owner"), ("settlements", "settlement_owner"),
                                  ("right_of_way", "right_of_way"), ("workshops", "workshop_owner"),
                                  ("walls", "wall_builders"), ("towers", "tower_owner"))),
            Part("council", ("council_holders", "council_removed"), ("council_holder",), self._council),
            # an offer's terms change at every other move of a negotiation, the answers and
            # counter-offers seldom; the phase matters only as "an offer is open"
            Part("offer", ("offer_open", "offer_give", "offer_want", "offer_to"),
                 ("offer_give", "offer_want", "offer_to"), self._offer, key=_offer_open, key_reads=("phase",)),
            Part("answers", ("answers", "counters"), ("answers", "counter_give", "counter_want"), self._answers,
                 key=_offer_open, key_reads=("phase",)),
            Part("trade", ("last_trade", "last_trade_player", "last_trade_partner", "last_trade_gave", "last_trade_got",
                           "offers_left", "bank_trades_left", "offer_cards"),
                 ("last_trade", "offers_per_turn", "offers_made", "bank_trades_per_turn", "bank_trades", "offer_cards"),
                 self._trade),
            Part("waiting", ("lehm_queue", "council_candidates", "steal_victim", "winner", "ending"),
                 ("lehm_queue", "council_candidates", "steal_victim", "winner"), self._waiting, key=_council_or_over,
                 key_reads=("phase",)),
        ]

    def private(self, state: Any, seat: int, out: np.ndarray) -> None:
        s: SiedlerState = state
        hand, held = self.at["hand"], s.hands[seat * 5:seat * 5 + 5]
        kept = self.hands_kept.of(s)
        last = kept[seat]   # a seat's own hand, mostly as at its last observation
        if last is None or last[0] != held:
            last = kept[seat] = (held, [x / 10 if x < 10 else 1.0 for x in held])
        out[hand:hand + 5] = last[1]

    def _envelope(self, s: SiedlerState, seat: int | None, me: int, out: np.ndarray) -> None:
        write_envelope(self, s, seat, s.phase, out)

    def _hand(self, s: SiedlerState, seat: int | None, me: int, out: np.ndarray) -> None:
        hand, n = self.at["hand"], self.players
        out[hand:hand + 5 * n] = HIDDEN
        if seat is not None:
            hands = s.hands
            for r in range(5):
                out[hand + r] = top(hands[seat * 5 + r], 10)

    def _cards(self, s: SiedlerState, seat: int | None, me: int, out: np.ndarray) -> None:
        cards, n, hands = self.at["cards"], self.players, s.hands
        for k in range(n):   # entry by entry: cheaper than lists for a few seats
            p = me + k if me + k < n else me + k - n
            x = sum(hands[p * 5:p * 5 + 5])   # as s.cards(p)
            out[cards + k] = x / 20 if x < 20 else 1.0

    def _gold(self, s: SiedlerState, seat: int | None, me: int, out: np.ndarray) -> None:
        gold, n = self.at["gold"], self.players
        for k in range(n):   # entry by entry: cheaper than a list for a few seats
            x = s.gold[me + k if me + k < n else me + k - n]
            out[gold + k] = x / 30 if x < 30 else 1.0

    def _players(self, s: SiedlerState, seat: int | None, me: int, out: np.ndarray) -> None:
        at, n = self.at, self.players
        vp, council, pieces = at["victory_points"], at["council"], at["pieces_left"]
        for k in range(n):
            p = me + k if me + k < n else me + k - n
            out[vp + k] = top(s.victory_points(p), 13)
            c = s.council_of(p)
            if c >= 0:
                out[council + 3 * k + c] = 1.0
            out[pieces + 3 * k] = s.settlements_left[p] / 5
            out[pieces + 3 * k + 1] = s.workshops_left[p] / 4
        self._tolls_left(s, me, out)
        self._discards_owed(s, me, out)
        self._prestige(s, me, out)

    # what of _players changes alone (its pieces, with `me` 0)
    def _tolls_left(self, s: SiedlerState, me: int, out: np.ndarray) -> None:
        pieces, n = self.at["pieces_left"], self.players
        for k in range(n):
            out[pieces + 3 * k + 2] = s.tolls_left[me + k if me + k < n else me + k - n] / 15

    def _discards_owed(self, s: SiedlerState, me: int, out: np.ndarray) -> None:
        owed, n = self.at["discards_owed"], self.players
        out[owed:owed + n] = [top(x, 20) for x in s.discards_owed[me:] + s.discards_owed[:me]]

    def _prestige(self, s: SiedlerState, me: int, out: np.ndarray) -> None:
        prestige, n = self.at["prestige"], self.players
        out[prestige:prestige + n] = [top(x, 20) for x in s.prestige[me:] + s.prestige[:me]]

    def _table(self, s: SiedlerState, seat: int | None, me: int, out: np.ndarray) -> None:
        at, n = self.at, self.players
        out[at["active"] + (s.active - me) % n] = 1.0
        if s.first_player >= 0:
            out[at["first_player"] + (s.first_player - me) % n] = 1.0
        out[at["time_stone"] + s.time_stone] = 1.0
        out[at["robber"] + (0 if s.robber == RAUBRITTERBURG else 1 + s.robber)] = 1.0
        if s.last_card >= 0:
            number, event, road = CARD_KINDS[s.last_card]
            if number:
                out[at["last_number"] + NUMBERS.index(number)] = 1.0
            out[at["last_event"] + event] = 1.0
            if road >= 0:
                out[at["last_road"] + road] = 1.0
        out[at["deck_left"]] = s.deck_left / 36
        out[at["discards"]] = sum(s.discards) / 36

    def _supply(self, s: SiedlerState, seat: int | None, me: int, out: np.ndarray) -> None:
        base = self.at["supply"]
        for r in range(5):   # entry by entry: cheaper than a list for five
            x = s.supply[r]
            out[base + r] = x / 20 if x < 20 else 1.0

    def _owners_of(self, name: str, field: str, s: SiedlerState, seat: int | None, me: int,
                   out: np.ndarray) -> None:
        """The slice `name`: per place, its owner in `field` one-hot from the viewer onward."""
        at, n = self.at[name], self.players
        for i, owner in enumerate(getattr(s, field)):
            if owner >= 0:
                out[at + i * n + (owner - me) % n] = 1.0

    def _council(self, s: SiedlerState, seat: int | None, me: int, out: np.ndarray) -> None:
        holders, removed, n = self.at["council_holders"], self.at["council_removed"], self.players
        for i, h in enumerate(s.council_holder):
            if h >= 0:
                out[holders + i * n + (h - me) % n] = 1.0
            elif h == REMOVED:
                out[removed + i] = 1.0

    def _offer(self, s: SiedlerState, seat: int | None, me: int, out: np.ndarray) -> None:
        if s.phase not in OFFER_PHASES:
            return
        at, n = self.at, self.players
        out[at["offer_open"]] = 1.0
        give = at["offer_give"]   # offer_want follows; lists assigned at once: an offer changes often
        out[give:give + 12] = [x / 10 if x < 10 else 1.0 for x in s.offer_give + s.offer_want]
        if s.offer_to != EVERYONE:
            out[at["offer_to"] + (s.offer_to - me) % n] = 1.0

    def _answers(self, s: SiedlerState, seat: int | None, me: int, out: np.ndarray) -> None:
        if s.phase not in OFFER_PHASES:
            return
        at, n = self.at, self.players
        answers, counters, size = at["answers"], at["counters"], len(ANSWERS)
        gives, wants = s.counter_give, s.counter_want
        for k in range(n):
            out[answers + k * size + ANSWER_INDEX[s.answers[me + k if me + k < n else me + k - n]]] = 1.0
        if any(gives) or any(wants):   # mostly no counter-offer at all: the zeros are there
            raw: list[int] = []
            for k in range(n):
                q = me + k if me + k < n else me + k - n
                raw += gives[q * 6:q * 6 + 6]
                raw += wants[q * 6:q * 6 + 6]
            out[counters:counters + 12 * n] = [x / 10 if x < 10 else 1.0 for x in raw]   # every seat's at once

    def _trade(self, s: SiedlerState, seat: int | None, me: int, out: np.ndarray) -> None:
        at, n = self.at, self.players
        last = s.last_trade
        if last:
            out[at["last_trade"]] = 1.0
            out[at["last_trade_player"] + (last[0] - me) % n] = 1.0
            out[at["last_trade_partner"] + (last[1] - me) % n] = 1.0
            for x in range(6):
                out[at["last_trade_gave"] + x] = top(last[2 + x], 10)
                out[at["last_trade_got"] + x] = top(last[8 + x], 10)
        out[at["offers_left"]] = top(max(0, s.offers_per_turn - s.offers_made), 3)
        out[at["bank_trades_left"]] = top(max(0, s.bank_trades_per_turn - s.bank_trades), 30)
        out[at["offer_cards"]] = top(s.offer_cards, 10)

    def _waiting(self, s: SiedlerState, seat: int | None, me: int, out: np.ndarray) -> None:
        at, n = self.at, self.players
        for q in s.lehm_queue:
            out[at["lehm_queue"] + (q - me) % n] = 1.0
        if s.phase == P_COUNCIL:
            for q in s.council_candidates:
                out[at["council_candidates"] + (q - me) % n] = 1.0
        if s.steal_victim >= 0:
            out[at["steal_victim"] + (s.steal_victim - me) % n] = 1.0
        if s.phase == P_OVER:
            if s.winner >= 0:
                out[at["winner"] + (s.winner - me) % n] = 1.0
            out[at["ending"] + (0 if s.winner != NOBODY else 1)] = 1.0


def _unchanged(s: SiedlerState, out: np.ndarray) -> None:
    """A piece whose fields the public encoding does not show."""


def _offer_open(s: SiedlerState) -> bool:
    return s.phase in OFFER_PHASES


def _council_or_over(s: SiedlerState) -> tuple[bool, bool]:
    return s.phase == P_COUNCIL, s.phase == P_OVER


def build(players: int) -> SiedlerEncoder:
    return SiedlerEncoder(players)
