"""Slices that read a view (`state.view(seat)`), for an encoder written from views only:
what a title installed from elsewhere may use (`Encoder(game, players, slices)`; the toy
game of the tests has one). Such an encoder is leak-free by construction, since the
view is the contract's one door out of the engine, but it builds a view per
observation: the bundled games' encoders write from the state (`encoding.StateEncoder`).
A view-reading encoder still pickles (as a reference to its registered builder)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .encoding import EncodingError, Slice, View, number_text

_num = number_text


def _value(v: Any, hidden: float | None, name: str, scale: float) -> float:
    if v is None:
        if hidden is None:
            raise EncodingError(f"slice {name!r}: a hidden value (null) where the view should show one")
        return hidden
    if isinstance(v, bool):
        return 1.0 if v else 0.0
    return float(v) / scale


def _suffix(meaning: str, scale: float, hidden: float | None) -> str:
    if scale != 1:
        meaning += f", ÷ {_num(scale)}"
    if hidden is not None:
        meaning += f" ({_num(hidden)} if hidden)"
    return meaning


def number(name: str, read: Callable[[View], Any], *, low: float, high: float, meaning: str,
           scale: float = 1.0, hidden: float | None = None, cap: bool = False) -> Slice:
    """One number read from the view (None: hidden), divided by `scale`. With `cap`, values
    above `high` are written as `high` (say so in `meaning`: "6 or more")."""
    lo = min(low, hidden) if hidden is not None else low

    def r(view: View) -> list[float]:
        x = _value(read(view), hidden, name, scale)
        return [min(x, high) if cap else x]
    return Slice(name, 1, lo, high, _suffix(meaning, scale, hidden), r)


def numbers(name: str, size: int, read: Callable[[View], Iterable[Any]], *, low: float, high: float,
            meaning: str, scale: float = 1.0, hidden: float | None = None, cap: bool = False,
            labels: Sequence[str] = ()) -> Slice:
    """`size` numbers read from the view (None entries: hidden), each divided by `scale`."""
    lo = min(low, hidden) if hidden is not None else low
    finish = _finisher(name, scale, hidden, cap, high)

    def r(view: View) -> list[Any]:
        return finish(list(read(view)))
    return Slice(name, size, lo, high, _suffix(meaning, scale, hidden), r, tuple(labels))


def onehot(name: str, labels: Sequence[str], read: Callable[[View], Any], *, meaning: str,
           values: Sequence[Any] | None = None) -> Slice:
    """One entry per category, 1 for the category the view shows. `read` returns the
    category's index, or its value when `values` lists them; None: all zero (none, or
    hidden: say which in `meaning`). An unknown value is an EncodingError."""
    size = len(labels)
    index = {v: i for i, v in enumerate(values)} if values is not None else None

    def r(view: View) -> list[float]:
        out = [0.0] * size
        v = read(view)
        if v is None:
            return out
        i = index.get(v) if index is not None else v
        if not isinstance(i, int) or not 0 <= i < size:
            raise EncodingError(f"slice {name!r}: {v!r} is none of {list(values or labels)}")
        out[i] = 1.0
        return out
    return Slice(name, size, 0.0, 1.0, meaning, r, tuple(labels))


def count(name: str, maximum: int, read: Callable[[View], Any], *, meaning: str,
          hidden: float | None = None) -> Slice:
    """A count as a one-hot of `maximum + 1` entries (0, 1, ..., `maximum` or more); a
    hidden count (None) fills every entry with `hidden`."""
    size = maximum + 1
    lo = min(0.0, hidden) if hidden is not None else 0.0

    def r(view: View) -> list[float]:
        v = read(view)
        if v is None:
            if hidden is None:
                raise EncodingError(f"slice {name!r}: a hidden count (null) where the view should show one")
            return [hidden] * size
        out = [0.0] * size
        out[min(int(v), maximum)] = 1.0
        return out
    labels = [str(i) for i in range(maximum)] + [f"{maximum}+"]
    return Slice(name, size, lo, 1.0, _suffix(f"{meaning}, one-hot by count up to {maximum} or more", 1, hidden),
                 r, tuple(labels))


def viewer_order(view: View) -> list[int]:
    """The seats from the viewer onward in turn order (a spectator: from seat 0)."""
    n = view["players"]
    me = view["seat"] or 0
    return [(me + k) % n for k in range(n)]


def _finisher(name: str, scale: float, hidden: float | None, cap: bool, high: float
              ) -> Callable[[list[Any]], list[Any]]:
    """Turns read values into entries: hidden (None) values, scale, cap. Ints and bools
    stay as they are (the encoder's final float32 array converts them)."""
    def finish(xs: list[Any]) -> list[Any]:
        if None in xs:
            if hidden is None:
                raise EncodingError(f"slice {name!r}: a hidden value (null) where the view should show one")
            xs = [hidden if x is None else x / scale for x in xs]
        elif scale != 1:
            xs = [x / scale for x in xs]
        if cap:
            xs = [min(x, high) for x in xs]
        return xs
    return finish


def per_seat(name: str, players: int, inner: int, read_seat: Callable[[View, int], Iterable[Any]], *,
             low: float, high: float, meaning: str, scale: float = 1.0, hidden: float | None = None,
             cap: bool = False, labels: Sequence[str] = ()) -> Slice:
    """`inner` numbers per seat, for every seat from the viewer onward (you first);
    `read_seat(view, seat)` gets the absolute seat number and returns them (None: hidden).
    (`seat_field` is the faster way to read a field of each seat's dict.)"""
    lo = min(low, hidden) if hidden is not None else low
    finish = _finisher(name, scale, hidden, cap, high)

    def r(view: View) -> list[Any]:
        out: list[Any] = []
        n = view["players"]
        me = view["seat"] or 0
        for k in range(n):
            seat = me + k if me + k < n else me + k - n
            xs = list(read_seat(view, seat))
            if len(xs) != inner:
                raise EncodingError(f"slice {name!r}: seat {seat} gave {len(xs)} values, declared {inner}")
            out += xs
        return finish(out)
    return Slice(name, players * inner, lo, high, _suffix(_per_seat_text(meaning, inner), scale, hidden), r,
                 _seat_labels(players, labels))


def seat_field(name: str, players: int, key: str, *, low: float, high: float, meaning: str,
               keys: Sequence[str] | None = None, scale: float = 1.0, hidden: float | None = None,
               cap: bool = False) -> Slice:
    """The field `key` of each seat's dict in the view (`view["seats"][s][key]`), for
    every seat from the viewer onward. With `keys`, the field is a dict (or None: all
    hidden) and each of `keys` is read from it."""
    lo = min(low, hidden) if hidden is not None else low
    finish = _finisher(name, scale, hidden, cap, high)
    inner = len(keys) if keys is not None else 1

    def r(view: View) -> list[Any]:
        seats = view["seats"]
        me = view["seat"] or 0
        order = seats[me:] + seats[:me] if me else seats
        if keys is None:
            return finish([s[key] for s in order])
        out: list[Any] = []
        for s in order:
            d = s[key]
            out += [None] * inner if d is None else [d[k] for k in keys]
        return finish(out)
    return Slice(name, players * inner, lo, high, _suffix(_per_seat_text(meaning, inner), scale, hidden), r,
                 _seat_labels(players, keys or ()))


def _per_seat_text(meaning: str, inner: int) -> str:
    return f"{meaning}; {inner} per seat, from you onward" if inner > 1 else f"{meaning}; per seat, from you onward"


def _seat_labels(players: int, labels: Sequence[str]) -> tuple[str, ...]:
    return tuple(f"{who}: {lab}" for who in _who(players) for lab in labels) if labels else ()


def owners(name: str, players: int, places: int, read: Callable[[View], Sequence[Any]], *, meaning: str) -> Slice:
    """Who holds each of `places` places (a road segment, a tile, a card): per place a
    one-hot over the seats from you onward, all zero for nobody. `read` returns one seat
    number or None per place; anything else (a marker such as "removed") is an
    EncodingError: map it first, and give it its own slice if it matters."""
    size = places * players

    def r(view: View) -> list[float]:
        held = read(view)
        if len(held) != places:
            raise EncodingError(f"slice {name!r}: {len(held)} places, declared {places}")
        n = view["players"]
        me = view["seat"] or 0
        out = [0.0] * size
        at = 0
        try:
            for seat in held:
                if seat is not None:
                    if not 0 <= seat < n:
                        raise TypeError
                    out[at + (seat - me) % n] = 1.0
                at += players
        except TypeError:
            raise EncodingError(f"slice {name!r}: place {at // players} is held by {held[at // players]!r}, "
                                f"not a seat") from None
        return out
    return Slice(name, size, 0.0, 1.0, f"{meaning}; per place, who holds it: one-hot over the seats from you "
                                       f"onward (all zero: nobody)", r)


def seat_flags(name: str, players: int, read: Callable[[View], Iterable[Any]], *, meaning: str) -> Slice:
    """1 for each seat that `read` lists (seat numbers; None entries are ignored), per seat
    from you onward."""
    def r(view: View) -> list[float]:
        n = view["players"]
        me = view["seat"] or 0
        out = [0.0] * players
        for seat in read(view):
            if seat is not None:
                out[(seat - me) % n] = 1.0
        return out
    return Slice(name, players, 0.0, 1.0, f"{meaning}; per seat, from you onward", r)


def _who(players: int) -> list[str]:
    return ["you"] + [f"+{k}" for k in range(1, players)]


def envelope_slices(players: int, phases: Sequence[str]) -> list[Slice]:
    """The slices every game's encoding starts with, read from the common envelope: the
    viewer's seat, who owes a decision, whether the game is over, and the phase."""
    return [
        onehot("seat", [f"seat {i + 1}" for i in range(players)], lambda v: v["seat"],
               meaning="your seat number (all zero for a spectator)"),
        per_seat("to_act", players, 1, lambda v, s: [s in v["to_act"]], low=0, high=1,
                 meaning="1 if that seat owes a decision now"),
        number("chance", lambda v: -1 in v["to_act"], low=0, high=1, meaning="1 at a chance draw"),
        number("over", lambda v: v["over"], low=0, high=1, meaning="1 once the game has ended"),
        onehot("phase", list(phases), lambda v: v["phase"], values=list(phases), meaning="the phase"),
    ]


def game_phases(game_id: str) -> list[str]:
    """The phase ids of a game: its view schema's enum where it gives one, else the
    order of its English catalog (every phase a view can show has a message
    `<game>.phase.<id>`, DESIGN.md "Views")."""
    from ..core import game as find_game

    enum = find_game(game_id).view_schema().get("properties", {}).get("phase", {}).get("enum")
    if enum:
        return list(enum)
    from ..i18n import catalog

    prefix = f"{game_id}.phase."
    ids = [k[len(prefix):] for k in catalog("en").messages if k.startswith(prefix) and not k.endswith(".you")]
    if not ids:
        raise EncodingError(f"{game_id}'s view schema lists no phases, nor does the English catalog ({prefix}<id>)")
    return ids
