"""The JSON Schema of a Norenberc view (present.view): the common envelope with this
game's `seats` items and `table`, every field described. The browser client is written
against it; the tests validate views along random games with it."""

from __future__ import annotations

from typing import Any

from reichsstadt.core.views import schema

from .constants import PHASE_IDS, STEP_IDS, TILE_KIND_KEYS

INT = {"type": "integer"}
NULLABLE_INT = {"type": ["integer", "null"]}


def _obj(properties: dict[str, Any], description: str, nullable: bool = False) -> dict[str, Any]:
    return {
        "type": ["object", "null"] if nullable else "object",
        "description": description,
        "required": list(properties),
        "additionalProperties": False,
        "properties": properties,
    }


def _list(items: dict[str, Any], description: str) -> dict[str, Any]:
    return {"type": "array", "items": items, "description": description}


def _d(base: dict[str, Any], description: str) -> dict[str, Any]:
    return {**base, "description": description}


TILE: dict[str, Any] = {
    "type": "object",
    "description": "a tile: an artisan (kind 'artisan', with guild, value, agent_plus) or a citizen (its kind, "
                   "symbol and, for Musicians, Nobles and Foremen, value); names: present.tile_name",
    "required": ["id", "kind"],
    "additionalProperties": False,
    "properties": {
        "id": _d(INT, "the tile's id (artisans 11*guild .. 11*guild+10, then the citizens in data file order)"),
        "kind": {"enum": list(TILE_KIND_KEYS), "description": "artisan, or the citizen's kind "
                                                             "(catalog: norenberc.citizen.<kind>)"},
        "guild": _d(INT, "an artisan's guild"),
        "value": _d(INT, "the printed number: an artisan's value; a Musician's income, a Noble's VP, "
                         "a Foreman's artisan value"),
        "agent_plus": {"type": "boolean", "description": "the artisan shows Agent+ (one more agent)"},
        "symbol": {"enum": ["star", "moon", "sun"],
                   "description": "when the citizen acts: star at once, moon each end of round, sun at the end"},
    },
}
TILE_OR_NONE: dict[str, Any] = {"oneOf": [TILE, {"type": "null"}], "description": "a tile, or null: none"}

SEAT: dict[str, Any] = _obj({
    "seat": _d(INT, "the seat (0-based)"),
    "money": _d(NULLABLE_INT, "thalers behind the player's chest: null unless the viewer's own, or the game is over"),
    "agents": _d(INT, "agents the player owns (4 at start, 8 at most)"),
    "agents_free": _d(INT, "of those, not on a card or a roof this round"),
    "moon": {"type": "boolean", "description": "the token shows the moon: done for the round"},
    "goods": _list(INT, "goods held, per type (index = the guild that makes it)"),
    "tiles": _list(TILE, "the tiles in front of the player"),
    "crests": _list(INT, "crests won, per guild"),
    "prestige_crests": _d(INT, "prestige crests won"),
    "peddler_goods": _list(_list(INT, "[Peddler tile id, good type or -1 once paid]"),
                           "the goods lying on the player's Peddlers"),
    "turn_position": _d(NULLABLE_INT, "place in turn order (0 = first); null before it is drawn"),
    "planning": {"enum": ["planning", "done", "passed", "moon", None],
                 "description": "during planning: still planning, done, passed this turn, or on the moon; "
                                "null in other phases"},
    "cards": _d(INT, "face-down cards not yet revealed (their number is public)"),
    "plan": {"type": ["array", "null"], "items": INT,
             "description": "the guilds of those cards: the viewer's own only, else null"},
}, "what the viewer may know of one player")

GUILD: dict[str, Any] = _obj({
    "guild": _d(INT, "the guild's number (0 = Brewers, in play: 0 .. players)"),
    "key": {"type": ["string", "null"],
            "description": "the guild's catalog key (name: norenberc.guild.<key>, an artisan: "
                           "norenberc.artisan.<key>); null: a data file of the user's own names it (see name)"},
    "name": {"type": ["string", "null"], "description": "the data file's own name when key is null, else null"},
    "good_key": {"type": ["string", "null"],
                 "description": "its good's catalog key (norenberc.good.<key>, .goods., .count.); null: see good"},
    "good": {"type": ["string", "null"], "description": "the data file's own singular noun when good_key is null"},
    "goods": {"type": ["string", "null"], "description": "the data file's own plural noun when good_key is null"},
    "master": _d(TILE_OR_NONE, "the master of this round (its value is the price of one good here)"),
    "master_value": _d(NULLABLE_INT, "the master's value"),
    "workshops": _list(TILE_OR_NONE, "the windows above the master that become masters in later rounds, "
                                     "bottom to top (the doubled top workshop apart)"),
    "top": _d(TILE_OR_NONE, "the tile on top of the doubled top workshop (round 4's master); null in round 4, "
                            "when it is the master"),
    "covered": _d(TILE_OR_NONE, "the tile under it (face up, known to all; round 4's favourite wins both)"),
    "rooms": _list(TILE_OR_NONE, "the guests of rooms A-D, left to right"),
    "store": _list(INT, "goods in the guild's store, per type"),
    "roof": _d(INT, "agents on the roof this round (all colours): the bonus of a hire"),
    "crests": _d(INT, "crests still on the guild"),
    "mayors": _d(INT, "Mayors on the roof (each pays 1 per owned artisan of this guild at income)"),
    "prestige": {"type": "boolean", "description": "the prestige guild of the round"},
    "prestige_crest": {"type": "boolean", "description": "its prestige crest still lies on it"},
}, "one guild in play")

CURRENT: dict[str, Any] = _obj({
    "guild": _d(INT, "the guild called"),
    "revealed": _list(INT, "the seats that revealed a card there"),
    "still_to_act": _list(INT, "those that have not acted there yet, in turn order (the actor first)"),
    "actor": _d(INT, "the seat acting now"),
    "step": {"enum": list(STEP_IDS), "description": "the step of the action under way "
                                                    "(catalog: norenberc.step.<id>)"},
    "buy_limit": _d(INT, "the most goods one purchase may take here (first turn of the game: fewer)"),
    "bought": _d(INT, "goods bought in the purchase under way"),
    "hiring": _d(TILE_OR_NONE, "the guest being hired, while its ability is under way"),
    "room": _d(NULLABLE_INT, "the room (0-3 = A-D) of the hire under way"),
    "victim": _d(NULLABLE_INT, "the Thief's victim"),
    "guard_first": _d(TILE_OR_NONE, "the first artisan the Guard moves"),
}, "the guild being called and the action under way; null outside the action phase", nullable=True)

TABLE: dict[str, Any] = {
    "required": ["round", "turn", "turn_order", "open_planning", "guilds", "current", "prestige_guild",
                 "prestige_reserve", "prestige_out", "pile_size", "citizens_unseen", "out_of_game",
                 "mayors_on_roofs", "revealed_money", "favourites", "room_prices"],
    "additionalProperties": False,
    "properties": {
        "round": _d(INT, "the round, 1-4"),
        "turn": _d(INT, "the turn of the round, from 1"),
        "turn_order": _list(INT, "the seats, first to last (filled by the setup draws)"),
        "open_planning": {"type": "boolean", "description": "the variant: players plan one by one in reverse "
                                                            "turn order"},
        "guilds": _list(GUILD, "the guilds in play, in number order"),
        "current": CURRENT,
        "prestige_guild": _d(INT, "the prestige guild of the round (-1 before the setup chooses it)"),
        "prestige_reserve": _d(INT, "prestige crests not yet used"),
        "prestige_out": _d(INT, "prestige crests that left the game"),
        "pile_size": _d(INT, "tiles in the face-down guest pile (its contents are hidden)"),
        "citizens_unseen": _d(INT, "citizens nobody has seen yet (in the pile or in the box)"),
        "out_of_game": _list(TILE, "tiles that left the game"),
        "mayors_on_roofs": _list(_list(INT, "[Mayor tile id, guild]"), "the Mayors on the roofs"),
        "revealed_money": _list(_list(INT, "[round, guild, seat, money]"),
                                "money the favourite ties made players reveal"),
        "favourites": _list(_list(INT, "[round, guild, seat or -1: none]"), "every guild's favourite so far"),
        "room_prices": _list(_list(_list(INT, "[goods of the guild, goods of any type]"), "the ways to pay"),
                             "the price of rooms A-D"),
    },
}

PHASES = {"enum": list(PHASE_IDS)}


def view_schema() -> dict[str, Any]:
    """The full schema of a Norenberc view (JSON Schema draft 2020-12)."""
    out = schema("norenberc", SEAT, TABLE)
    out["properties"]["phase"] = {**out["properties"]["phase"], **PHASES}
    return out
