"""The observation encoding of Die Siedler von Nürnberg (bundled map), from the view only.

The board's fixed facts (terrain numbers, goods, trade marks, road lengths) are the same
in every game with the bundled map and are left out; sizes (road segments, red
intersections, tower places, terrains) are read from a fresh game's view of that map."""

from __future__ import annotations

from ...core import game as find_game
from ..encoding import (
    Encoder, game_phases, count, envelope_slices, number, numbers, onehot, owners, per_seat, seat_field,
    seat_flags,
)

RESOURCES = ("wood", "wool", "grain", "brick", "stone")
TRADABLES = RESOURCES + ("gold",)
COUNCILS = ("siebenerrat", "kleiner_rat", "grosser_rat")
EVENTS = ("none", "hourglass", "markgraf", "lehm", "wegezoll", "raubritter")
NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
ANSWERS = ("none", "pending", "accept", "decline", "countering", "countered")
ENDINGS = ("thirteen", "year_1400")


def build(players: int) -> Encoder:
    game = find_game("siedler")
    start = game.new(players, 0).view(None)
    t = start["table"]
    roads = list(t["roads"])
    segments = [len(t["roads"][r]["tolls"]) for r in roads]
    crossings = [len(t["roads"][r]["settlements"]) for r in roads]
    reds = len(t["workshops"])
    towers = len(t["towers"])
    wall = t["map"]["wall_pieces"]
    years = len(t["map"]["years"])
    terrains = [f"T{i}" for i in range(1, 30)]
    n = players

    def seat(v: dict, s: int) -> dict:
        return v["seats"][s]

    def offer(v: dict) -> dict | None:
        return v["table"]["offer"]

    def side(which: str):
        def read(v: dict) -> list:
            o = offer(v)
            return [0] * 6 if o is None else [o[which][k] for k in TRADABLES]
        return read

    def traded(which: str):
        def read(v: dict) -> list:
            t = v["table"]["last_trade"]
            return [0] * 6 if t is None else [t[which][k] for k in TRADABLES]
        return read

    def counter(v: dict, s: int) -> list:
        o = offer(v)
        if o is None:
            return [0] * 12
        c = o["counters"][s]
        return [c["give"][k] for k in TRADABLES] + [c["want"][k] for k in TRADABLES]

    def answer(v: dict, s: int) -> list:
        o = offer(v)
        out = [0] * len(ANSWERS)
        if o is not None:
            out[ANSWERS.index(o["answers"][s])] = 1
        return out

    def council_of(v: dict, s: int) -> list:
        c = seat(v, s)["council"]
        return [int(c == k) for k in COUNCILS]

    def last(v: dict) -> dict:
        return v["table"]["last_card"] or {"number": None, "event": None, "road": None}

    slices = [
        *envelope_slices(n, game_phases("siedler")),
        # the players
        seat_field("hand", n, "hand", keys=RESOURCES, low=0, high=2, scale=10, hidden=-1,
                   meaning="resource cards held per resource (your own; the others' are secret)"),
        seat_field("cards", n, "cards", low=0, high=10, scale=10, meaning="resource cards held (public)"),
        seat_field("gold", n, "gold", low=0, high=3, scale=10, cap=True, meaning="gold (30 or more as 3)"),
        seat_field("prestige", n, "prestige", low=0, high=6, scale=10, meaning="prestige points"),
        seat_field("victory_points", n, "victory_points", low=0, high=2, scale=13,
                   meaning="victory points (13 wins)"),
        per_seat("council", n, 3, council_of, low=0, high=1, meaning="the council card held", labels=COUNCILS),
        seat_field("pieces_left", n, "pieces_left", keys=("settlements", "workshops", "tolls"), low=0, high=3,
                   scale=5, meaning="pieces not yet built (of 5 settlements, 4 workshops, 15 toll stations)"),
        seat_field("discards_owed", n, "discards_owed", low=0, high=5, scale=10,
                   meaning="cards still to discard after a Raubritter"),
        # whose turn, the time
        seat_flags("active", n, lambda v: [v["table"]["active"]], meaning="whose turn it is"),
        seat_flags("first_player", n, lambda v: [v["table"]["first_player"]], meaning="who began"),
        count("time_stone", years - 1, lambda v: v["table"]["time_stone"], meaning="the time stone's space"),
        onehot("robber", ["Raubritterburg", *terrains], lambda v: v["table"]["robber"] or "Raubritterburg",
               values=["Raubritterburg", *terrains], meaning="where the robber knight stands"),
        onehot("last_number", [str(x) for x in NUMBERS], lambda v: last(v)["number"], values=list(NUMBERS),
               meaning="the harvest number of the last event card (all zero: none yet, or a Raubritter)"),
        onehot("last_event", list(EVENTS), lambda v: last(v)["event"], values=list(EVENTS),
               meaning="the event of the last event card (all zero before the first)"),
        onehot("last_road", roads, lambda v: last(v)["road"], values=roads,
               meaning="the road of the last card if a Wegezoll"),
        number("deck_left", lambda v: v["table"]["deck_left"], low=0, high=1, scale=36,
               meaning="event cards face down"),
        number("discards", lambda v: v["table"]["discards"], low=0, high=1, scale=36,
               meaning="event cards on the discard pile"),
        numbers("supply", 5, lambda v: [v["table"]["supply"][r] for r in RESOURCES], low=0, high=1, scale=20,
                meaning="resource cards left in the supply", labels=RESOURCES),
        # the board
        owners("tolls", n, sum(segments),
               lambda v: [x for r in roads for x in v["table"]["roads"][r]["tolls"]],
               meaning=f"toll stations, road by road ({', '.join(f'{r}: {k}' for r, k in zip(roads, segments))} "
                       f"segments) from the city gate outward"),
        owners("settlements", n, sum(crossings),
               lambda v: [x for r in roads for x in v["table"]["roads"][r]["settlements"]],
               meaning=f"settlements, road by road ({', '.join(f'{r}: {k}' for r, k in zip(roads, crossings))} "
                       f"intersections) from the city outward"),
        owners("right_of_way", n, len(roads), lambda v: [v["table"]["roads"][r]["right_of_way"] for r in roads],
               meaning=f"the holder of each road's right of way ({', '.join(roads)})"),
        owners("workshops", n, reds, lambda v: v["table"]["workshops"],
               meaning="workshops on the red intersections, in the map's order"),
        owners("walls", n, wall, lambda v: [*v["table"]["walls"], *[None] * (wall - len(v["table"]["walls"]))],
               meaning="the builder of each wall piece, in building order"),
        owners("towers", n, towers, lambda v: v["table"]["towers"], meaning="towers, per tower triangle"),
        owners("council_holders", n, 3,
               lambda v: [h if isinstance(h, int) else None for h in (v["table"]["council"][k] for k in COUNCILS)],
               meaning="the holder of each council card (siebenerrat, kleiner_rat, grosser_rat)"),
        numbers("council_removed", 3, lambda v: [v["table"]["council"][k] == "removed" for k in COUNCILS],
                low=0, high=1, meaning="1 if that council card is out of the game (Kleiner Rat with 3 players)",
                labels=COUNCILS),
        # trading
        number("offer_open", lambda v: offer(v) is not None, low=0, high=1, meaning="1 while a trade offer is made"),
        numbers("offer_give", 6, side("give"), low=0, high=2, scale=5, cap=True,
                meaning="what the active player gives (10 or more as 2)", labels=TRADABLES),
        numbers("offer_want", 6, side("want"), low=0, high=2, scale=5, cap=True,
                meaning="what the active player asks for (10 or more as 2)", labels=TRADABLES),
        seat_flags("offer_to", n, lambda v: [(offer(v) or {}).get("to")],
                   meaning="the seat the offer is made to (all zero: everyone)"),
        per_seat("answers", n, len(ANSWERS), answer, low=0, high=1, meaning="each seat's answer to the offer",
                 labels=ANSWERS),
        per_seat("counters", n, 12, counter, low=0, high=2, scale=5, cap=True,
                 meaning="each seat's counter-offer: gives, then asks for (10 or more as 2)",
                 labels=[f"give {k}" for k in TRADABLES] + [f"want {k}" for k in TRADABLES]),
        number("last_trade", lambda v: v["table"]["last_trade"] is not None, low=0, high=1,
               meaning="1 while the last trade between players is shown (until an offer ends without one)"),
        seat_flags("last_trade_player", n, lambda v: [(v["table"]["last_trade"] or {}).get("player")],
                   meaning="the player whose turn it was in the last trade"),
        seat_flags("last_trade_partner", n, lambda v: [(v["table"]["last_trade"] or {}).get("partner")],
                   meaning="the player who traded with them"),
        numbers("last_trade_gave", 6, traded("gave"), low=0, high=2, scale=5, cap=True,
                meaning="what the player gave in the last trade (10 or more as 2)", labels=TRADABLES),
        numbers("last_trade_got", 6, traded("got"), low=0, high=2, scale=5, cap=True,
                meaning="what the player got in the last trade (10 or more as 2)", labels=TRADABLES),
        number("offers_left", lambda v: v["table"]["offers_left"], low=0, high=1, scale=3, cap=True,
               meaning="trade offers the active player may still make (3 or more as 1)"),
        number("bank_trades_left", lambda v: v["table"]["bank_trades_left"], low=0, high=1, scale=30, cap=True,
               meaning="bank trades left this turn (30 or more as 1)"),
        number("offer_cards", lambda v: v["table"]["offer_cards"], low=0, high=2, scale=5, cap=True,
               meaning="cards per side of an offer (10 or more as 2)"),
        # what the game waits for
        seat_flags("lehm_queue", n, lambda v: v["table"]["lehm_queue"],
                   meaning="seats yet to decide on a wall piece for 3 gold (Kostenloser Lehm)"),
        seat_flags("council_candidates", n, lambda v: v["table"]["council_candidates"],
                   meaning="holders whose council card the player to act may take"),
        seat_flags("steal_victim", n, lambda v: [v["table"]["steal_victim"]], meaning="the seat being robbed"),
        seat_flags("winner", n, lambda v: [v["table"]["winner"]], meaning="who reached 13 in their own turn"),
        onehot("ending", list(ENDINGS), lambda v: (v["table"]["ending"] or {}).get("reason"), values=list(ENDINGS),
               meaning="how the game ended (all zero while it goes on)"),
    ]
    return Encoder("siedler", players, slices,
                   summary="Every player's public counts and your own hand; the event cards; every piece on the "
                           "roads, the red intersections, the wall and its towers; the council cards; the trade "
                           "offer under negotiation and the last trade made.")
