"""What each client is told, built once and kept as encoded JSON (bytes).

`seat_parts` is everything of a state message that depends on the game state, as one
seat may know it (its view, its legal moves in its words, its multi-part choice): a pure
function of the state, which the hidden-information audit runs on twin states. The rest
of a state message (the seats bar, the log since the client last read it) is put around
those parts by `state_message` without decoding anything."""

from __future__ import annotations

import io
from typing import Any, Sequence

import orjson

from ..core import Game, State
from .protocol import words
from .schema import RUNNING, OPEN


def dumps(value: Any) -> bytes:
    """orjson, with the json module's answer for what orjson refuses (an integer beyond
    64 bits)."""
    try:
        return orjson.dumps(value)
    except TypeError:
        import json

        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def legal_moves(game: Game, players: int, state: State,
                seat: int) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """`seat`'s legal moves (index, action, words, confirmation reason) and its multi-part
    choice, if any: what a seat to act is offered."""
    space = game.action_space(players)
    legal: list[dict[str, Any]] = []
    said: dict[Any, dict[str, Any]] = {}   # action -> its words (a pick's parts are often legal moves too)
    for a in state.legal(seat):
        reason = state.confirm(seat, a)
        said[a] = words(state.describe(seat, a, seat))
        legal.append({"index": space.encode(a), "action": a.to_json(), "words": said[a],
                      "confirm": words(reason) if reason is not None else None})
    p = state.pick(seat)
    pick = None
    if p is not None:
        # every part with its words: a part need not be a legal move on its own right now
        # (a payment's goods are taken in type order), only the set is checked
        pick = {"parts": [space.encode(a) for a in p.parts],
                "moves": [{"index": space.encode(a), "action": a.to_json(),
                           "words": said[a] if a in said else words(state.describe(seat, a, seat)), "confirm": None}
                          for a in p.parts],
                "finish": space.encode(p.finish) if p.finish is not None else None,
                "most": p.most, "least": p.least, "repeat": p.repeat,
                "groups": [[space.encode(a) for a in g] for g in p.groups]}
    return legal, pick


def draws_board(game: Game) -> bool:
    """Whether the server draws this game's board (a game without a web renderer)."""
    return "web" not in game.parts and "terminal" in game.parts


def board_html(game: Game, view: dict[str, Any], seat: int | None, names: Sequence[str],
               lang: str = "en") -> str | None:
    """For a game without a web renderer: its terminal board, as HTML (the browser shows
    the board in words, never raw data)."""
    if not draws_board(game):
        return None
    from rich.console import Console

    from ..core import part
    from ..i18n import Renderer

    console = Console(record=True, width=120, file=io.StringIO(), color_system="truecolor")
    console.print(part(game.id, "terminal")(view, seat, list(names), Renderer(lang, list(names), viewer=seat)))
    return console.export_html(inline_styles=True, code_format='<pre class="board-text">{code}</pre>')


def seat_parts(game: Game, players: int, state: State, status: str, seat: int | None,
               names: Sequence[str], board: bool = True, acting: bool = True) -> dict[str, Any]:
    """Everything of a state message that depends on the game state, as `seat` may know
    it: its view, the board drawn from that view, its legal moves in its words, its
    multi-part choice. `acting` False: a bot plays for the seat's person, who is offered
    no moves meanwhile."""
    legal: list[dict[str, Any]] = []
    pick = None
    if acting and status == RUNNING and seat is not None and seat in state.to_act():
        legal, pick = legal_moves(game, players, state, seat)
    view = state.view(seat) if status != OPEN else None
    return {"view": view,
            "board_html": board_html(game, view, seat, names) if view is not None and board else None,
            "legal": legal, "pick": pick}


def encode_parts(parts: dict[str, Any]) -> bytes:
    """The parts as the inside of a JSON object (no braces): spliced into messages."""
    return b'"view":' + dumps(parts["view"]) + b',"legal":' + dumps(parts["legal"]) + b',"pick":' + dumps(parts["pick"])


def state_message(table: bytes, game: bytes, status: bytes, move: int, you: int | None, seats: bytes,
                  result: bytes, parts: bytes, board: bytes, log: Sequence[bytes], log_from: int) -> bytes:
    """A state message from its encoded pieces: `table`, `game`, `status`, `result`,
    `board` are JSON values, `parts` the inside of an object, `log` encoded entries."""
    return b"".join((b'{"type":"state","table":', table, b',"game":', game, b',"status":', status,
                     b',"move":', str(move).encode(), b',"you":', b"null" if you is None else str(you).encode(),
                     b',"seats":', seats, b',"result":', result, b",", parts, b',"board_html":', board,
                     b',"log":[', b",".join(log), b'],"log_from":', str(log_from).encode(), b"}"))
