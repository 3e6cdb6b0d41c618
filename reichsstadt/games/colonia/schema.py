"""The JSON Schema of a Colonia view (`reichsstadt.core.views.envelope` around Colonia's
body: `seats`, one entry per family, and `table`, the board), every field described.
The browser client is written against it; the tests check views of every seat and the
spectator along random games against it.

Components are named by their index in the components file (materials, goods,
craftsmen, cities with their currencies); the table repeats the file's names under
"components" (keys for the catalog: present.component_name). Days, phases and decisions
are ids (constants.DAYS, PHASES, DECISIONS)."""

from __future__ import annotations

import copy
from typing import Any

from ...core.views import schema as envelope_schema
from .constants import (
    DAYS, DECISIONS, DRAWS, EFFECTS, FAMILY_VALUES, N_CITIES, N_GOODS, N_MATERIALS, PHASES, PORT, STREET_DAYS,
)


def _int(description: str, minimum: int | None = 0) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "integer", "description": description}
    if minimum is not None:
        out["minimum"] = minimum
    return out


def _nullable(description: str, **kind: Any) -> dict[str, Any]:
    return {"type": [kind.pop("type", "integer"), "null"], "description": description, **kind}


def _counts(what: str, size: int) -> dict[str, Any]:
    return {"type": "array", "description": what, "minItems": size, "maxItems": size,
            "items": {"type": "integer", "minimum": 0}}


def _object(description: str, properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "description": description, "required": list(properties),
            "additionalProperties": False, "properties": properties}


SEAT = _int("a seat (0-based)")
NULL_SEAT = _nullable("a seat (0-based), or null")
STREETS = _object("members on each street field (a day's id, tuesday to friday)",
                  {d: _int(f"members on the {d} street field") for d in STREET_DAYS})

RELIC = _object("a relic card", {
    "card": _int("the card's id: city * 12 + k, k = 11 the city's shrine"),
    "city": _int("its city (index in components.cities); it is paid in that city's currency"),
    "kind": {"type": "string", "enum": ["relic", "shrine"], "description": "a relic, or the city's shrine"},
    "price": _int("its price, in its city's currency"),
    "points": _int("its points (0 for a shrine)"),
})

VOTE = _object("a vote held this week", {
    "ordinance": _int("the ordinance card voted on"),
    "passed": {"type": "boolean", "description": "whether it passed"},
    "votes": {"type": "array", "description": "each seat's vote: 'yes', 'no', or null (no vote: a face-down card)",
              "items": {"type": ["string", "null"], "enum": ["yes", "no", None]}},
    "yes": _int("the votes for (town-hall members of the families voting yes)"),
    "no": _int("the votes against"),
})

SEAT_ITEM = _object("one family: what the viewer may know of it", {
    "seat": SEAT,
    "home": _int("members at home (only these can be used)"),
    "street": STREETS,
    "town_hall": _int("members in the town hall (Tuesday)"),
    "placed_today": _int("members used today, onto today's street field tonight"),
    "members": _object("where every member of the family is; the places add up to members_per_player", {
        "home": _int("at home"), "town_hall": _int("in the town hall"),
        "today": _int("on today's stalls or on ships that sailed early (onto the street field tonight)"),
        "contracts_above_stick": _int("on contract fields served this Thursday"),
        "contracts_below_stick": _int("on contract fields waiting below the stick"),
        "ships": _int("aboard ships in port"), "secured_relics": _int("securing displayed relics"),
        "street": STREETS, "total": _int("all of them: the family's members at this player count"),
    }),
    "out_of_game": _int("members of the colour not used at this player count"),
    "family_cards_left": {"type": "array", "description": "the family cards not yet played (3-8, each once)",
                          "items": {"type": "integer", "enum": list(FAMILY_VALUES)}},
    "card": _nullable("this week's family card once revealed (the viewer's own as soon as chosen), else null",
                      enum=[*FAMILY_VALUES, None]),
    "card_face_down": {"type": "boolean", "description": "the card counts 0: the family lacked its members "
                                                         "(no votes, last in turn order)"},
    "chosen": {"type": "boolean", "description": "the family has chosen this week's card"},
    "votes": _int("its votes this week (0 before the reveal and for a face-down card)"),
    "passed": _nullable("in a round of turns: whether it passed; null outside one", type="boolean"),
    "voted": _nullable("during a vote: whether it has voted; null outside one", type="boolean"),
    "vote": _nullable("during a vote, to the voter only: its vote; else null", type="string",
                      enum=["yes", "no", None]),
    "shrines": {"type": "array", "description": "the shrines it owns (they lie in front of the screen)",
                "items": _object("a shrine", {"city": _int("its city"),
                                              "relic": {"anyOf": [RELIC, {"type": "null"}],
                                                        "description": "the relic in it, or null: empty"}})},
    "windows": {"type": "array", "description": "the cities whose church window it won (at the end)",
                "items": _int("a city")},
    "money": {"anyOf": [_counts("coins per currency (index of components.currencies)", N_CITIES),
                        {"type": "null"}], "description": "behind the screen: the owner's, or everyone's at the end"},
    "materials": {"anyOf": [_counts("per material", N_MATERIALS), {"type": "null"}],
                  "description": "behind the screen (see money)"},
    "goods": {"anyOf": [_counts("per good", N_GOODS), {"type": "null"}],
              "description": "behind the screen (see money)"},
    "relics": {"anyOf": [{"type": "array", "items": RELIC}, {"type": "null"}],
               "description": "the relic cards it owns, shrines included (see money)"},
    "materials_seen": _counts("per material: what the table saw it take from stalls, less what it spent",
                              N_MATERIALS),
    "materials_blind": _int("how many of its materials were drawn blind from the bag"),
})

SHIP = _object("a ship in port", {
    "ship": _int("the ship card"),
    "city": _int("its destination: it pays in that city's currency"),
    "sails": {"type": "boolean", "description": "it is above the port's stick: it sails on Saturday"},
    "holds": {"type": "array", "description": "its holds, in order",
              "items": _object("a hold", {
                  "goods": {"type": "array", "items": _int("a good"), "description": "the goods it takes"},
                  "value": _int("what it pays when the ship sails"),
                  "loaded_by": NULL_SEAT})},
    "extra_hold": {"anyOf": [_object("the extra hold of an ordinance", {
        "loaded_by": NULL_SEAT, "value": _int("what it pays")}), {"type": "null"}],
        "description": "an extra hold for any one good (an ordinance this week, or still loaded), else null"},
})

TABLE = _object("the board and what lies on it", {
    "week": _int("the week, 1 to weeks", 1), "weeks": _int("weeks in the game", 1),
    "day": {"type": "string", "enum": list(DAYS), "description": "the day of the week"},
    "decision": {"type": "string", "enum": [*DECISIONS, "over"],
                 "description": "what the game waits for (catalog: colonia.decision.<id>)"},
    "components": _object("the names in the components file, by index (catalog keys)", {
        k: {"type": "array", "items": {"type": "string"}, "description": f"the {k}' names"}
        for k in ("materials", "goods", "craftsmen", "cities", "currencies")}),
    "order": {"type": "array", "items": SEAT, "description": "turn order, the mayor first (empty before the "
                                                              "first Tuesday's reveal)"},
    "mayor": NULL_SEAT,
    "week_card": {"anyOf": [_object("this week's card", {
        "card": _int("its id"), "stalls": {"type": "array", "items": _int("materials"),
                                           "description": "its stalls' sizes"},
        "contracts": {"type": "array", "items": _int("contracts"), "description": "ordinary contracts per craftsman"},
        "dice": _int("extra-contract dice on Thursday"), "ships": _int("ships that sail on Saturday")}),
        {"type": "null"}], "description": "this week's card, or null before the first"},
    "last_sailed": {"type": "array", "description": "the ships of the last sailing, with who had loaded them",
                    "items": _object("a ship that sailed", {
                        "ship": _int("the ship"), "extra_hold": NULL_SEAT,
                        "holds": {"type": "array", "items": NULL_SEAT, "description": "who loaded each hold"}})},
    "tie_order": {"type": "array", "items": SEAT,
                  "description": "week 1: the seats the tie dice put first among equal family cards, in order"},
    "draws_pending": {"type": "array", "description": "the draws and rolls the table waits for, in order",
                      "items": _object("a draw", {
                          "draw": {"type": "string", "enum": list(DRAWS), "description": "what is drawn or rolled"},
                          "argument": _int("its stall, seat, place or card value (week cards, ordinances, relics, "
                                           "extra dice: 0)")})},
    "extra_contract_dice": {"type": "array", "items": _int("a face, 1-6 (6: every craftsman)", 1),
                            "description": "the faces of this week's extra-contract dice, as rolled on Thursday"},
    "ordinances": {"type": "array", "description": "this week's ordinances, in voting order", "items": _object(
        "an ordinance", {
            "ordinance": _int("the ordinance card"),
            "day": {"type": "string", "enum": list(DAYS), "description": "the day it is voted"},
            "effect": {"type": "string", "enum": list(EFFECTS), "description": "what it does (catalog: "
                                                                               "colonia.ordinance.<effect>)"},
            "amount": _int("the number on the card (materials, contracts, members, ships, relics, money)"),
            "craftsman": _nullable("extra contracts: the craftsman; else null"),
            "street": _nullable("recall: the street field's day; else null", type="string",
                                enum=[*STREET_DAYS, None]),
            "result": {"type": "string", "enum": ["pending", "rejected", "passed"], "description": "the result"},
            "vote": {"anyOf": [VOTE, {"type": "null"}], "description": "its vote, once held"}})},
    "last_vote": {"anyOf": [VOTE, {"type": "null"}], "description": "the last vote held this week, or null"},
    "fewer_members": _int("members every family sends fewer this Tuesday (an ordinance)"),
    "fewer_members_next_week": _int("... and next Tuesday"),
    "stalls": {"type": "array", "description": "this week's market stalls", "items": _object("a stall", {
        "materials": _counts("materials on offer, per material", N_MATERIALS),
        "size": _int("materials it had: the members its buyer puts on it"),
        "taken_by": NULL_SEAT,
        "foreign": {"type": "boolean", "description": "a foreign merchant's stall (an ordinance)"}})},
    "bag": _int("materials in the bag"),
    "craftsmen": {"type": "array", "description": "the five craftsmen", "items": _object("a craftsman", {
        "craftsman": _int("its index (components.craftsmen)"),
        "good": _int("the good it makes"),
        "materials": {"type": "array", "items": _int("a material"), "description": "the two materials it needs"},
        "stick": _int("contract fields served this Thursday"),
        "commissioned": _int("contracts commissioned this week (the next costs one member more)"),
        "fields": {"type": "array", "description": "occupied contract fields from the top: [seat, members]",
                   "items": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}}})},
    "port": {"type": "array", "minItems": PORT, "maxItems": PORT, "description": "places I-IV",
             "items": {"anyOf": [SHIP, {"type": "null"}]}},
    "ships_sailing": _int("ships above the port's stick"),
    "ship_deck": _int("ships in the deck"),
    "ship_discards": _int("ships set aside"),
    "relics": {"type": "array", "description": "the relic display", "items": _object("a displayed relic card", {
        **RELIC["properties"], "secured_by": NULL_SEAT})},
    "relic_deck": _int("relic cards in the deck"),
    "relic_discards": {"type": "array", "items": RELIC, "description": "the face-up discards"},
    "goods_supply": _counts("goods left in the supply, per good", N_GOODS),
    "street_home": _object("when each street field's members come home", {
        d: {"type": "string", "enum": ["today", "this_week", "next_week", "game_end"],
            "description": f"the {d} street field (catalog: present.street_home_words)"} for d in STREET_DAYS}),
    "members_per_player": _int("members each family has at this player count"),
    "shrine_choice": {"anyOf": [RELIC, {"type": "null"}],
                      "description": "the card just bought whose shrine choice is asked now, else null"},
    "recall": {"anyOf": [_object("a recall ordinance asking now", {
        "street": {"type": "string", "enum": list(STREET_DAYS), "description": "its street field"},
        "up_to": _int("the most members each may bring home")}), {"type": "null"}],
        "description": "a recall ordinance asking now, else null"},
    "draw": _nullable("a draw ordinance asking now: the materials each may draw; else null"),
    "exchange_limit": _nullable("an exchange ordinance asking now: the most each may exchange; else null"),
    "exchange": {"anyOf": [_object("the currencies the actor chose", {
        "give": _int("the currency given"), "take": _int("the currency taken")}), {"type": "null"}],
        "description": "an exchange under way: the currencies chosen, else null"},
})

SCHEMA: dict[str, Any] = envelope_schema("colonia", SEAT_ITEM, TABLE)
SCHEMA["properties"]["phase"] = {**SCHEMA["properties"]["phase"], "enum": list(PHASES)}


def view_schema() -> dict[str, Any]:
    """The schema of a Colonia view (a fresh copy)."""
    return copy.deepcopy(SCHEMA)
