"""The JSON Schema of a Siedler view (present.view): the common envelope with the typed
`seats` items and `table`, every field described. `view_schema()` gives it;
the browser client is written against it."""

from __future__ import annotations

from typing import Any

from ...core.views import schema
from .constants import ANSWER_IDS, COUNCIL_KEYS, EVENTS, GOODS, RESOURCES, ROAD_NAMES, TRADABLES


def _seat(what: str) -> dict[str, Any]:
    return {"type": ["integer", "null"], "minimum": 0, "description": what}


def _counts(names: tuple[str, ...], what: str) -> dict[str, Any]:
    return {"type": "object", "description": what, "additionalProperties": False, "required": list(names),
            "properties": {n: {"type": "integer", "minimum": 0, "description": f"{n}"} for n in names}}


def _object(what: str, properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "description": what, "additionalProperties": False, "required": list(properties),
            "properties": properties}


SEAT = _object("what the viewer may know of one player", {
    "hand": {**_counts(RESOURCES, "the player's resource cards per resource"), "type": ["object", "null"],
             "description": "the player's resource cards per resource: only in that player's own view (3.), "
                            "null otherwise"},
    "cards": {"type": "integer", "minimum": 0, "description": "how many resource cards the player holds (public)"},
    "gold": {"type": "integer", "minimum": 0, "description": "the player's gold (public; gold is no card, 6.1)"},
    "prestige": {"type": "integer", "minimum": 0, "description": "prestige points (6.3)"},
    "victory_points": {"type": "integer", "minimum": 0,
                       "description": "settlements + workshops + rights of way + council card (2.)"},
    "council": {"enum": [*COUNCIL_KEYS, None],
                "description": "the council card held (siedler.council.<key>), or null"},
    "pieces_left": _object("pieces not yet built (0.: 5 settlements, 4 workshops, 15 toll stations each)", {
        "settlements": {"type": "integer", "minimum": 0, "description": "settlements left"},
        "workshops": {"type": "integer", "minimum": 0, "description": "workshops left"},
        "tolls": {"type": "integer", "minimum": 0, "description": "toll stations left"},
    }),
    "discards_owed": {"type": "integer", "minimum": 0,
                      "description": "cards the player still has to discard after a Raubritter (6.1)"},
})

_SIDE = _counts(TRADABLES, "cards and gold per tradable")

TABLE: dict[str, Any] = {
    "additionalProperties": False,
    "properties": {
        "active": {"type": "integer", "minimum": 0, "description": "whose turn it is (4.)"},
        "first_player": _seat("the seat that began (4., 9.); null before it is drawn"),
        "year": {"type": "integer", "description": "the year under the time stone (6.4)"},
        "time_stone": {"type": "integer", "minimum": 0, "description": "the time stone's space (index of map.years)"},
        "robber": {"type": ["string", "null"],
                   "description": "the terrain id under the robber knight; null: at the Raubritterburg (8.2)"},
        "last_card": {
            "type": ["object", "null"],
            "description": "the event card drawn last (face up, 5.1); null before the first",
            "additionalProperties": False, "required": ["number", "event", "road"],
            "properties": {
                "number": {"type": ["integer", "null"], "description": "its harvest number; null on a Raubritter"},
                "event": {"enum": list(EVENTS), "description": "its event (siedler.card.<event>)"},
                "road": {"enum": [*ROAD_NAMES, None], "description": "the road of a Wegezoll card, else null"},
            }},
        "deck_left": {"type": "integer", "minimum": 0, "description": "event cards face down"},
        "discards": {"type": "integer", "minimum": 0, "description": "event cards on the discard pile"},
        "supply": _counts(RESOURCES, "resource cards left in the supply, per resource (public, 3.)"),
        "roads": {
            "type": "object", "description": "the five roads by name, from the city gate outward",
            "additionalProperties": False, "required": list(ROAD_NAMES),
            "properties": {name: _object(f"road {name}", {
                "tolls": {"type": "array", "items": _seat("the seat of the toll station on this segment, or null"),
                          "description": "per segment from the city: its toll station's seat, or null (5.2.2.1)"},
                "settlements": {"type": "array", "items": _seat("the seat of the settlement here, or null"),
                                "description": "per intersection from the one touching the city: its settlement's "
                                               "seat, or null (5.2.2.2)"},
                "right_of_way": _seat("the holder of the road's right-of-way card, or null (6.2)"),
            }) for name in ROAD_NAMES}},
        "workshops": {"type": "array", "items": _seat("the seat of the workshop here, or null"),
                      "description": "per red intersection (map.red_intersections): its workshop's seat, or null"},
        "walls": {"type": "array", "items": {"type": "integer", "minimum": 0},
                  "description": "the seat that built each wall piece, in building order (5.2.2.4)"},
        "towers": {"type": "array", "items": _seat("the seat of the tower here, or null"),
                   "description": "per tower triangle (map.triangles_after): its tower's seat, or null (5.2.2.5)"},
        "council": {
            "type": "object", "description": "each council card's holder (6.3): a seat, null if free, "
                                             "\"removed\" (the Kleiner Rat with three players, 3.)",
            "additionalProperties": False, "required": list(COUNCIL_KEYS),
            "properties": {key: {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}, {"const": "removed"}],
                                 "description": f"the holder of the {key} card"} for key in COUNCIL_KEYS}},
        "offer": {
            "type": ["object", "null"], "description": "the trade offer under negotiation (5.2.1); null if none",
            "additionalProperties": False, "required": ["give", "want", "to", "answers", "counters"],
            "properties": {
                "give": {**_SIDE, "description": "what the active player gives"},
                "want": {**_SIDE, "description": "what the active player asks for"},
                "to": _seat("the seat asked; null: everyone (also while the offer is being made)"),
                "answers": {"type": "array", "items": {"enum": sorted(set(ANSWER_IDS))},
                            "description": "each seat's answer (siedler.answer.<id>)"},
                "counters": {"type": "array", "description": "each seat's counter-offer (zero while it has none)",
                             "items": _object("a counter-offer", {
                                 "give": {**_SIDE, "description": "what its maker gives"},
                                 "want": {**_SIDE, "description": "what its maker asks for"}})},
            }},
        "last_trade": {
            "type": ["object", "null"], "description": "the last trade between players (5.2.1), until an offer "
                                                       "ends without one; null if none",
            "additionalProperties": False, "required": ["player", "partner", "gave", "got"],
            "properties": {
                "player": _seat("the player whose turn it was"), "partner": _seat("the player who traded with them"),
                "gave": {**_SIDE, "description": "what the player gave"},
                "got": {**_SIDE, "description": "what the player got"}}},
        "offers_left": {"type": "integer", "minimum": 0,
                        "description": "trade offers the active player may still make"},
        "bank_trades_left": {"type": "integer", "minimum": 0, "description": "bank trades left this turn"},
        "offer_cards": {"type": "integer", "minimum": 1, "description": "cards per side of an offer (option)"},
        "lehm_queue": {"type": "array", "items": {"type": "integer", "minimum": 0},
                       "description": "seats yet to decide on a wall piece for 3 gold (Kostenloser Lehm, 8.3)"},
        "council_candidates": {"type": "array", "items": {"type": "integer", "minimum": 0},
                               "description": "holders whose council card the player to act may take (6.3)"},
        "steal_victim": _seat("the seat being robbed of a random card (6.1), or null"),
        "winner": _seat("the seat that reached 13 victory points in its own turn (7a), or null"),
        "ending": {
            "type": ["object", "null"], "description": "how the game ended (7.); null while it goes on",
            "additionalProperties": False, "required": ["reason", "tied_on_most", "councils"],
            "properties": {
                "reason": {"enum": ["thirteen", "year_1400"],
                           "description": "13 victory points in one's own turn (7a), or the time stone at 1400 (7b)"},
                "tied_on_most": {"type": "array", "items": {"type": "integer"},
                                 "description": "the seats sharing the most victory points, if several"},
                "councils": {"type": "array", "items": {"enum": [*COUNCIL_KEYS, None]},
                             "description": "each seat's council card (the tie-break of 7b)"},
            }},
        "map": _object("what the board says of itself", {
            "goods": {"type": "array", "description": "the five goods (5.2.3)", "items": _object("a good", {
                "key": {"enum": list(GOODS), "description": "the good (siedler.good.<key, lower case>)"},
                "recipe": {"type": "object", "description": "resources per unit",
                           "additionalProperties": {"type": "integer"}},
                "city": {"type": "string", "description": "where it sells (siedler.city.<city, lower case>)"},
                "price": {"type": "integer", "description": "gold it sells for"},
                "toll": {"type": "integer", "description": "gold to the holder of the city's road"},
            })},
            "red_intersections": {"type": "array", "description": "the 12 workshop places (5.2.2.3)",
                                  "items": _object("a red intersection", {
                                      "goods": {"type": "array", "items": {"enum": list(GOODS)},
                                                "description": "goods whose space it touches (doubles the sale)"},
                                      "trade": {"enum": ["3:1", *RESOURCES, None],
                                                "description": "its Hauptmarkt mark: 3:1, 2:1 on a resource, or none"},
                                      "bauhof": {"type": "boolean", "description": "whether it touches the Bauhof"},
                                  })},
            "roads": {"type": "object", "description": "each road's city and length",
                      "additionalProperties": _object("a road", {
                          "city": {"type": ["string", "null"], "description": "the city it leads to, or null"},
                          "segments": {"type": "integer", "description": "its segments"}})},
            "triangles_after": {"type": "array", "items": {"type": "integer"},
                                "description": "the wall piece after which each tower triangle lies"},
            "wall_pieces": {"type": "integer", "description": "the wall's length"},
            "years": {"type": "array", "items": {"type": "integer"}, "description": "the time track"},
            "reshuffle_years": {"type": "array", "items": {"type": "integer"},
                                "description": "the red spaces: the discards go back into the deck (6.4)"},
        }),
    },
}
TABLE["required"] = list(TABLE["properties"])


def view_schema() -> dict[str, Any]:
    """The whole view's JSON Schema."""
    return schema("siedler", SEAT, TABLE)
