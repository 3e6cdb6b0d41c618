"""The envelope every game's view shares, so a client reads any game the same way:

    {"game": "norenberc", "seat": 2, "players": 4, "to_act": [0, 2], "phase": "planning",
     "over": false, "result": null, "seats": [...], "table": {...}}

`seats` holds one entry per seat (what the viewer may know of that player), `table` the
board; both are the game's typed body, described field by field in the game's JSON
Schema (`Game.view_schema()`). `result` is the outcome once the game is over."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .contract import State


def envelope(state: State, seat: int | None, phase: str, seats: list[dict[str, Any]],
             table: dict[str, Any]) -> dict[str, Any]:
    """A fresh view dict; `seats` and `table` must be fresh objects too."""
    over = state.over()
    return {
        "game": state.game.id,
        "seat": seat,
        "players": state.players,
        "to_act": list(state.to_act()),
        "phase": phase,
        "over": over,
        "result": state.outcome().to_json() if over else None,
        "seats": seats,
        "table": table,
    }


ENVELOPE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "seat", "players", "to_act", "phase", "over", "result", "seats", "table"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string", "description": "the game's id"},
        "seat": {"type": ["integer", "null"], "description": "whose view this is (0-based); null: a spectator"},
        "players": {"type": "integer", "description": "how many seats the game has"},
        "to_act": {"type": "array", "items": {"type": "integer"},
                   "description": "seats that owe a decision now (-1: a chance draw; several: a simultaneous "
                                  "decision; empty: the game is over)"},
        "phase": {"type": "string", "description": "the game's phase, a stable id (catalog: <game>.phase.<id>)"},
        "over": {"type": "boolean", "description": "whether the game has ended"},
        "result": {
            "type": ["object", "null"],
            "description": "once over: scores, ranks (1 = first), winners and the scoring breakdown per seat",
            "properties": {
                "scores": {"type": "array", "items": {"type": "integer"},
                           "description": "final victory points per seat"},
                "ranks": {"type": "array", "items": {"type": "integer"},
                          "description": "1 = first, per seat; tied seats share a rank (tie-breaks applied)"},
                "winners": {"type": "array", "items": {"type": "integer"},
                            "description": "the seats ranked first"},
                "breakdown": {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "integer"}},
                              "description": "per seat, the scoring items in the rulebook's order "
                                             "(catalog: <game>.score.<item>)"},
            },
        },
        "seats": {"type": "array", "description": "one entry per seat: what the viewer may know of that player"},
        "table": {"type": "object", "description": "the board and everything on it that the viewer may see"},
    },
}


def schema(game_id: str, seats_item: dict[str, Any], table: dict[str, Any]) -> dict[str, Any]:
    """A game's full view schema: the envelope with its typed `seats` items and `table`."""
    out: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{game_id} view",
        **{k: v for k, v in ENVELOPE_SCHEMA.items()},
    }
    props = dict(ENVELOPE_SCHEMA["properties"])
    props["game"] = {**props["game"], "const": game_id}
    props["seats"] = {**props["seats"], "items": seats_item}
    props["table"] = {**props["table"], **table}
    out["properties"] = props
    return out
