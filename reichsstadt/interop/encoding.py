"""Fixed-length NumPy encodings of a seat's view, for research adapters.

An encoder turns `state.view(seat)` (a JSON-ready dict in the common envelope) into a
float32 vector whose length depends only on the game and the player count. It reads the
view and nothing else, so it can never leak what the seat may not know: the view is the
contract's one door out of the engine.

An encoder is a list of named slices. Each slice declares its length, the range of its
entries and, in words, what each entry means; `Encoder.describe()` turns the
declarations into the documentation table (docs/research.md is generated from them), and
the adapters take their observation bounds from them. Per-seat slices list the seats
from the viewer onward (you, the next seat in turn order, ...), so one policy serves
every seat.

A game declares its encoder as the "encoder" part of its Game ("module:build", with
`build(players) -> Encoder`); ours live in `reichsstadt/interop/encoders/`, a title
installed from elsewhere brings its own. Everything here needs NumPy only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from ..core import ReichsstadtError, has_part, part

HIDDEN = -1.0
"""What an entry holds when the viewer may not know its value (another player's money
in a game that hides it): outside the range of every known value."""

View = dict[str, Any]
Reader = Callable[[View], Sequence[float]]


class EncodingError(ReichsstadtError):
    """A view the encoder cannot encode (a slice read the wrong number of values, an
    unknown phase or category, a value outside the declared range)."""


@dataclass(frozen=True)
class Slice:
    """A named run of entries of the encoding.

    `read(view)` returns exactly `size` numbers; `low`/`high` bound every entry (the
    adapters' observation spaces use them); `meaning` says in words what the entries are,
    for the docs. `labels`, when given, names each entry (one-hot categories)."""

    name: str
    size: int
    low: float
    high: float
    meaning: str
    read: Reader
    labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.size <= 0:
            raise ValueError(f"slice {self.name!r}: size must be positive, not {self.size}")
        if not self.low < self.high:
            raise ValueError(f"slice {self.name!r}: low {self.low} must be below high {self.high}")
        if self.labels and len(self.labels) != self.size:
            raise ValueError(f"slice {self.name!r}: {len(self.labels)} labels for {self.size} entries")


class Encoder:
    """The encoding of one game's views for one player count."""

    def __init__(self, game: str, players: int, slices: Sequence[Slice], summary: str = "") -> None:
        names = [s.name for s in slices]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"{game} encoder: slice names used twice: {', '.join(twice)}")
        self.game = game
        self.players = players
        self.summary = summary
        self.slices: tuple[Slice, ...] = tuple(slices)
        layout = []
        at = 0
        for s in self.slices:
            layout.append((s, at, at + s.size))
            at += s.size
        self._layout = tuple(layout)
        self._reads = tuple((s.read, s.size) for s in self.slices)
        self.size = at
        self.low = np.concatenate([np.full(s.size, s.low, np.float32) for s in self.slices])
        self.high = np.concatenate([np.full(s.size, s.high, np.float32) for s in self.slices])

    def __repr__(self) -> str:
        return f"<Encoder {self.game} {self.players}p: {self.size} entries in {len(self.slices)} slices>"

    def encode(self, view: View, out: np.ndarray | None = None) -> np.ndarray:
        """The view as a float32 vector of `size` entries (a new array unless `out`)."""
        values: list[float] = []
        extend = values.extend
        for read, size in self._reads:
            part = read(view)
            if len(part) != size:
                self._wrong_length(view)
            extend(part)
        if out is None:
            return np.array(values, np.float32)
        out[:] = values
        return out

    def _wrong_length(self, view: View) -> None:
        for s in self.slices:
            n = len(s.read(view))
            if n != s.size:
                raise EncodingError(f"{self.game} encoder, slice {s.name!r}: read {n} values, declared {s.size}")

    def offsets(self) -> dict[str, tuple[int, int]]:
        """Each slice's [start, end) in the vector."""
        return {s.name: (a, b) for s, a, b in self._layout}

    def split(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """Named views (not copies) of a vector's slices, in order."""
        return {s.name: vector[a:b] for s, a, b in self._layout}

    def check(self, vector: np.ndarray) -> None:
        """EncodingError naming the slice if the vector has the wrong shape or an entry
        outside its declared range (or not finite)."""
        if vector.shape != (self.size,) or vector.dtype != np.float32:
            raise EncodingError(f"{self.game} encoding: shape {vector.shape} {vector.dtype}, "
                                f"expected ({self.size},) float32")
        for s, a, b in self._layout:
            part = vector[a:b]
            if not np.all(np.isfinite(part)) or part.min() < s.low or part.max() > s.high:
                raise EncodingError(f"{self.game} encoding, slice {s.name!r}: {part.tolist()} outside "
                                    f"[{s.low}, {s.high}]")

    def describe(self) -> str:
        """The documentation table: offset, length, name, range and meaning of each slice."""
        lines = [f"{self.players} players: **{self.size}** entries.", "",
                 "| offset | length | slice | range | meaning |", "|---:|---:|---|---|---|"]
        for s, a, _ in self._layout:
            meaning = s.meaning
            if s.labels:
                meaning += " (" + ", ".join(s.labels) + ")"
            lines.append(f"| {a} | {s.size} | `{s.name}` | {_num(s.low)} … {_num(s.high)} | "
                         f"{meaning.replace('|', '/')} |")
        return "\n".join(lines)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


# -- building slices -------------------------------------------------------------------

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
            xs = [x if x <= high else high for x in xs]
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


# -- the registry ----------------------------------------------------------------------

_CACHE: dict[tuple[str, int], Encoder] = {}


def has_encoder(game_id: str) -> bool:
    """Whether the game is installed and declares an observation encoder (its "encoder" part)."""
    try:
        return has_part(game_id, "encoder")
    except ReichsstadtError:  # no such game
        return False


def _builder(game_id: str) -> Callable[[int], Encoder]:
    if not has_encoder(game_id):
        raise EncodingError(f"no observation encoder for game {game_id!r}: its Game declares none "
                            f"(parts[\"encoder\"] = \"module:build\")")
    try:
        build: Callable[[int], Encoder] = part(game_id, "encoder")
    except ReichsstadtError as exc:
        raise EncodingError(str(exc)) from None
    return build


def encoder(game_id: str, players: int) -> Encoder:
    """The encoder of `game_id` for `players` (built once, then cached)."""
    key = (game_id, players)
    found = _CACHE.get(key)
    if found is None:
        found = _builder(game_id)(players)
        if found.game != game_id or found.players != players:
            raise EncodingError(f"the encoder built for {game_id} with {players} players says it is "
                                f"for {found.game} with {found.players}")
        _CACHE[key] = found
    return found
