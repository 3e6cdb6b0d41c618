"""Fixed-length NumPy encodings of what a seat knows, for research adapters.

An encoder writes what `seat` may know of a state into a float32 vector whose length
depends only on the game and the player count. The vector is a list of named slices;
each slice declares its length, the range of its entries and, in words, what each entry
means. `Encoder.describe()` turns the declarations into the documentation table
(docs/research.md is generated from them), and the adapters take their observation
bounds from them. Per-seat slices list the seats from the viewer onward (you, the next
seat in turn order, ...), so one policy serves every seat. Every entry lies in −1 … 1:
numbers are divided by a stated maximum and capped there ("20 or more as 1"), and −1 is
"you may not know this".

Two kinds of encoder:

- the bundled games' own (`reichsstadt/interop/encoders/<game id>.py`, a `StateEncoder`) write
  straight from the state's fields into a preallocated array, at the engine's speed
  (building a view costs 60–350 µs, more than ten moves of the engine). They follow the
  game's `view(seat)` field by field and hide what it hides; a test plays random games
  and checks that a state drawn by `sample(seat)` (everything the seat cannot know drawn
  again) encodes exactly like the true one, for every seat at every decision;
- a title installed from elsewhere may write its encoder from views instead, with the
  slice helpers of `view_slices` (slower, leak-free by construction).

A game declares its encoder as the "encoder" part of its Game ("module:build", with
`build(players) -> Encoder`), found through `core.registry`; `encoder(game_id, players)`
builds and caches it, and an encoder pickles as a reference to it. Everything here needs
NumPy only."""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import getitem
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

try:
    import numpy as np
except ModuleNotFoundError as exc:   # the research extra is not installed
    from . import missing_extra

    raise missing_extra(exc) from None

from ..core import CHANCE, ReichsstadtError, has_part, part

if TYPE_CHECKING:
    from ..core import State

HIDDEN = -1.0
"""What an entry holds when the viewer may not know its value (another player's money
in a game that hides it): outside the range of every known value."""

View = dict[str, Any]
Reader = Callable[[View], Sequence[float]]


class EncodingError(ReichsstadtError):
    """A state or view the encoder cannot encode (a slice read the wrong number of
    values, an unknown phase or category, a value outside the declared range)."""


class SeatAxis(NamedTuple):
    """Where a slice holds entries per seat, from the viewer onward: entry
    `g * stride + offset + k * width + i` (group g < groups, i < width) belongs to the
    seat k places after the viewer. A slice of `width` entries per seat is
    `SeatAxis(width=w)`; one place after another, each one-hot over the seats, is
    `SeatAxis(groups=places, stride=players)`."""

    groups: int = 1
    stride: int = 0
    offset: int = 0
    width: int = 1


@dataclass(frozen=True)
class Slice:
    """A named run of entries of the encoding.

    `low`/`high` bound every entry (the adapters' observation spaces use them);
    `meaning` says in words what the entries are, for the docs; `labels`, when given,
    names each entry. `read(view)`, for encoders written from views only, returns
    exactly `size` numbers. `seats` says which entries are per seat, from the viewer
    onward (`SeatAxis`): a StateEncoder turns its public encoding to each viewer by it."""

    name: str
    size: int
    low: float
    high: float
    meaning: str
    read: Reader | None = None
    labels: tuple[str, ...] = ()
    seats: SeatAxis | None = None

    def __post_init__(self) -> None:
        if self.size <= 0:
            raise ValueError(f"slice {self.name!r}: size must be positive, not {self.size}")
        if not self.low < self.high:
            raise ValueError(f"slice {self.name!r}: low {self.low} must be below high {self.high}")
        if self.labels and len(self.labels) != self.size:
            raise ValueError(f"slice {self.name!r}: {len(self.labels)} labels for {self.size} entries")


class Encoder:
    """The encoding of one game for one player count, built from slices that read the
    view (see `view_slices`); `StateEncoder` is the fast kind that reads the state."""

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
        self.size = at
        self.at: dict[str, int] = {s.name: a for s, a, _ in layout}
        """Each slice's first entry, by name (what `fill` writes at)."""
        self.end: dict[str, int] = {s.name: b for s, _, b in layout}
        """Each slice's end (one past its last entry), by name."""
        self.low = np.concatenate([np.full(s.size, s.low, np.float32) for s in self.slices])
        self.high = np.concatenate([np.full(s.size, s.high, np.float32) for s in self.slices])
        self.envelope_at = tuple(self.at.get(name, -1) for name in ENVELOPE)
        """Where the envelope's slices start (-1: an encoding without them), for write_envelope."""
        self.turned = self._turns()
        """Per viewer seat, where each entry of the viewer's encoding comes from in seat 0's
        (the per-seat entries turned by the viewer's seat; None for seat 0: as it is)."""

    def _turns(self) -> list[np.ndarray | None]:
        n = self.players
        turned: list[np.ndarray | None] = [None]
        for me in range(1, n):
            order = np.arange(self.size, dtype=np.intp)
            for s, a, _ in self._layout:
                if s.seats is None:
                    continue
                g_count, stride, offset, width = s.seats
                if (g_count - 1) * stride + offset + n * width > s.size:
                    raise ValueError(f"{self.game} encoder, slice {s.name!r}: its seat axis {s.seats} does not fit "
                                     f"{s.size} entries")
                for g in range(g_count):
                    base = a + g * stride + offset
                    for k in range(n):
                        source = base + (k + me) % n * width
                        order[base + k * width:base + (k + 1) * width] = range(source, source + width)
            turned.append(order)
        return turned

    def __repr__(self) -> str:
        return f"<Encoder {self.game} {self.players}p: {self.size} entries in {len(self.slices)} slices>"

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        # an encoder is rebuilt from its game and player count (the registry caches it)
        return encoder, (self.game, self.players)

    def encode(self, state: State, seat: int | None, out: np.ndarray | None = None) -> np.ndarray:
        """What `seat` (None: a spectator) knows of `state` as a float32 vector of `size`
        entries: written into `out` (zeroed first) if given, else into a new array."""
        if out is None:
            out = np.zeros(self.size, np.float32)
        else:
            out.fill(0.0)
        self.fill(state, seat, out)
        return out

    def fill(self, state: State, seat: int | None, out: np.ndarray) -> None:
        """Write the encoding into `out`, which holds zeros (the fast path: no array is
        made). This kind reads the view."""
        self.encode_view(state.view(seat), out)

    def encode_view(self, view: View, out: np.ndarray | None = None) -> np.ndarray:
        """A view as a float32 vector (encoders built from view slices only)."""
        values: list[float] = []
        extend = values.extend
        for s in self.slices:
            if s.read is None:
                raise EncodingError(f"{self.game} encoder: slice {s.name!r} reads the state, not a view")
            part = s.read(view)
            if len(part) != s.size:
                raise EncodingError(f"{self.game} encoder, slice {s.name!r}: read {len(part)} values, "
                                    f"declared {s.size}")
            extend(part)
        if out is None:
            return np.array(values, np.float32)
        out[:] = values
        return out

    def offsets(self) -> dict[str, tuple[int, int]]:
        """Each slice's [start, end) in the vector."""
        return {s.name: (a, b) for s, a, b in self._layout}

    def split(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """Named views (not copies) of a vector's slices, in order (the last axis)."""
        return {s.name: vector[..., a:b] for s, a, b in self._layout}

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
            lines.append(f"| {a} | {s.size} | `{s.name}` | {number_text(s.low)} … {number_text(s.high)} | "
                         f"{meaning.replace('|', '/')} |")
        return "\n".join(lines)


def number_text(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


# -- the fast kind: written from the state --------------------------------------------------

T = TypeVar("T")

Writer = Callable[[Any, "int | None", int, np.ndarray], None]


@dataclass(frozen=True)
class Piece:
    """A few of a part's fields (`reads`) whose change alone the public encoding takes in
    by a small write: `write(state, out)` brings up to date, in the public encoding
    (seat None, `me` 0), every entry of the part those fields decide, over their old
    values. When only fields of its pieces changed since the last observation, the
    tracker calls those pieces instead of writing the whole part (tests check that the
    result is the part written whole)."""

    reads: tuple[str, ...]
    write: Callable[[Any, np.ndarray], None]


@dataclass(frozen=True)
class Part:
    """Slices a StateEncoder writes together, from the state's fields `reads` (None: the
    part is written anew for every observation; for what changes with nearly every move).

    `key(state)`, when given, is the rest of what the writer reads, boiled down to what
    the public encoding is written from: the part is written again when a field of
    `reads` changed or the key did (compared by equality with the last one, which is
    kept: a value of its own, never one of the state's lists). A field that changes at
    nearly every move but matters to the part only through a test (the phase: is an
    offer open?) goes into the key as that test, not into `reads`.

    `write(state, seat, me, out)` writes the slices' entries as `seat` (None: a
    spectator) sees them into `out`, which holds zeros there; `me` is the seat the
    per-seat slices start from (the viewer's, 0 for a spectator). `reads` names every
    field of the state the writer reads, through the state's methods too: the adapters
    write a part again only when one of them changed (tests check the list). `whole`:
    the writer writes every entry of its slices, so they need not be zeroed before it
    (tests check that a kept encoding equals one written from scratch). `pieces`: some of
    `reads` whose change alone a smaller write takes in (see Piece). `key_reads`: every
    field the key reads, when the key is worth computing only after one of them changed
    (None: computed for every observation; tests check the list)."""

    name: str
    slices: tuple[str, ...]
    reads: tuple[str, ...] | None
    write: Writer
    whole: bool = False
    key: Callable[[Any], Any] | None = None
    pieces: tuple[Piece, ...] = ()
    key_reads: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        taken: set[str] = set()
        for piece in self.pieces:
            if self.reads is None or not set(piece.reads) <= set(self.reads) or taken & set(piece.reads):
                raise TypeError(f"part {self.name!r}: a piece reads some of the part's fields, each in one piece "
                                f"at most, not {piece.reads!r}")
            taken |= set(piece.reads)
        for what, names in (("slices", self.slices), ("reads", self.reads or ())):
            if not isinstance(names, tuple) or not all(isinstance(n, str) for n in names):
                raise TypeError(f"part {self.name!r}: {what} must be a tuple of names, not {names!r}")
        if self.key is not None and self.reads is None:
            raise TypeError(f"part {self.name!r}: a key needs reads (a tuple, () for the key alone): a part "
                            f"without reads is written for every observation")
        if self.key_reads is not None and (self.key is None or not isinstance(self.key_reads, tuple)):
            raise TypeError(f"part {self.name!r}: key_reads names the fields of a key (a tuple), not "
                            f"{self.key_reads!r}")


class StateEncoder(Encoder, metaclass=ABCMeta):
    """An encoder that writes from the state's fields into the array, following the
    game's view: a game's own encoder subclasses it and declares its parts (`use`), which
    between them write every slice, and `private`.

    Two ways to the same vector: `fill` writes every part for the viewer (from scratch);
    the adapters keep, per game played, the spectator's (public) encoding up to date,
    writing again only the parts whose fields changed since the last observation, and
    give a seat that encoding turned to it (`turned`) with what only it knows written
    over it (`private`; incremental.Tracker). A test checks that both agree along random
    games, for every seat."""

    parts: tuple[Part, ...] = ()

    def use(self, parts: Sequence[Part]) -> None:
        """Declare the parts; every slice belongs to exactly one."""
        owner: dict[str, str] = {}
        for p in parts:
            for name in p.slices:
                if name not in self.at:
                    raise ValueError(f"{self.game} encoder, part {p.name!r}: no slice {name!r}")
                if name in owner:
                    raise ValueError(f"{self.game} encoder: slice {name!r} in parts {owner[name]!r} and {p.name!r}")
                owner[name] = p.name
        missing = [s.name for s in self.slices if s.name not in owner]
        if missing:
            raise ValueError(f"{self.game} encoder: slices in no part: {', '.join(missing)}")
        self.parts = tuple(parts)
        self.compiled: dict[type, Any] = {}
        """The comparison of the parts' fields, per State class (incremental.changes_of)."""

    def fill(self, state: State, seat: int | None, out: np.ndarray) -> None:
        me = 0 if seat is None else seat
        for p in self.parts:
            p.write(state, seat, me, out)

    @abstractmethod
    def private(self, state: State, seat: int, out: np.ndarray) -> None:
        """Write over `out`, the public encoding turned to `seat`, what only `seat` may know
        (its hand, its money, its plan): every entry where its encoding differs from
        that one, whole (the entries hold the public values, not zeros). The seat slice
        is written by the caller. Every game's encoder writes its own (a game whose seats
        know nothing the spectator does not writes nothing)."""

    def encode_view(self, view: View, out: np.ndarray | None = None) -> np.ndarray:
        raise EncodingError(f"the {self.game} encoder reads states: call encode(state, seat)")


def per_seat(players: int, name: str, inner: int, meaning: str, labels: Sequence[str] = (),
             low: float = 0) -> Slice:
    """A slice of `inner` entries per seat, from the viewer onward (the viewer's first),
    ranging `low` … 1; `labels` name one seat's entries, and the slice's labels are them
    per seat ("you: …", "+1: …", …)."""
    per = f"; {inner} per seat, from you onward" if inner > 1 else "; per seat, from you onward"
    full = tuple(f"{who}: {x}" for who in ["you", *(f"+{k}" for k in range(1, players))] for x in labels)
    return Slice(name, players * inner, low, 1, meaning + per, labels=full, seats=SeatAxis(width=inner))


ENVELOPE = ("seat", "to_act", "chance", "over", "phase")
"""The slices every encoding starts with (`envelope`)."""


def envelope(players: int, phases: Sequence[str]) -> list[Slice]:
    """The slices every game's encoding starts with (`write_envelope` fills them): the
    viewer's seat, who owes a decision, a chance draw, the end, the phase."""
    n = players
    return [
        Slice("seat", n, 0, 1, "your seat number (all zero for a spectator)",
              labels=tuple(f"seat {i + 1}" for i in range(n))),
        Slice("to_act", n, 0, 1, "1 if that seat owes a decision now; per seat, from you onward", seats=SeatAxis()),
        Slice("chance", 1, 0, 1, "1 at a chance draw"),
        Slice("over", 1, 0, 1, "1 once the game has ended"),
        Slice("phase", len(phases), 0, 1, "the phase", labels=tuple(phases)),
    ]


def write_envelope(enc: Encoder, state: State, seat: int | None, phase: int, out: np.ndarray) -> int:
    """Fill the envelope's slices (see `envelope`) for the phase numbered `phase`; the
    viewer's seat for seat-relative slices (0 for a spectator)."""
    at_seat, at_to_act, at_chance, at_over, at_phase = enc.envelope_at
    n = enc.players
    me = 0 if seat is None else seat
    cells: Any = out.data   # written for every observation: a number costs a third of NumPy's setitem there
    if seat is not None:
        cells[at_seat + seat] = 1.0
    acting = state.to_act()
    if not acting:
        cells[at_over] = 1.0
    elif acting[0] == CHANCE:
        cells[at_chance] = 1.0
    else:
        for s in acting:
            cells[at_to_act + (s - me) % n] = 1.0
    cells[at_phase + phase] = 1.0
    return me


class SeatFields:
    """Per-seat fields of a state (a list with `width` entries per seat, seat after seat),
    each divided by its maximum and capped at 1, written for every seat from the viewer
    onward with one NumPy scatter instead of an assignment per entry. Each field is
    (slice name, field name, width, maximum, its first entry within the slice's part of
    a seat, the entries of that part).

    Where a viewer's entries are one run (seat 0's, the public encoding's, whenever the
    fields' slices follow one another), the numbers are looked up in tables of what the
    NumPy stroke gives each small count, and the run written in one list assignment:
    three times as fast on twenty numbers, and the same float32 values."""

    TABLE = 64
    """Counts looked up (0 … TABLE-1; a larger one is capped at 1 anyway)."""

    def __init__(self, enc: Encoder, fields: Sequence[tuple[str, str, int, float, int, int]]) -> None:
        n = enc.players
        self.names = tuple(f[1] for f in fields)
        scale: list[float] = []
        where: list[tuple[int, int, int]] = []   # (slice start, entry within a seat's part, part size)
        for slice_name, _, width, top, offset, inner in fields:
            for p in range(n):
                for g in range(width):
                    scale.append(1.0 / top)
                    where.append((enc.at[slice_name] + offset + g, p, inner))
        self.scale = np.array(scale, np.float32)
        self.ones = np.ones(len(scale), np.float32)
        self.dest = [np.array([base + (p - me) % n * inner for base, p, inner in where], np.intp) for me in range(n)]
        self.runs = [(int(d[0]), int(d[-1]) + 1) if np.array_equal(d, np.arange(d[0], d[-1] + 1)) else None
                     for d in self.dest]
        """Per viewer, the run [start, end) its entries fill in order, or None: scattered."""
        counts = np.arange(self.TABLE, dtype=np.int64)
        covered = 2 * max(f[3] for f in fields) < self.TABLE
        self.tables = [np.minimum(np.multiply(counts, x, dtype=np.float32), 1.0).tolist()
                       for x in self.scale.tolist()] if covered else None
        """Per entry, the value of each count below TABLE, computed as `write` computes it
        (None when a maximum is too large for the tables to cover what is not capped)."""

    def write(self, state: Any, me: int, out: np.ndarray) -> None:
        raw: list[int] = []
        for name in self.names:
            raw += getattr(state, name)
        run, tables = self.runs[me], self.tables
        if run is not None and tables is not None and min(raw) >= 0:
            try:   # the lookups in C (map), not a Python loop: a table holds every count below TABLE
                out[run[0]:run[1]] = list(map(getitem, tables, raw))
            except IndexError:   # a count past the tables: 1
                top = self.TABLE
                out[run[0]:run[1]] = [t[x] if x < top else 1.0 for t, x in zip(tables, raw)]
            return
        # int64 first: NumPy reads a list of ints twice as fast into int64 as into float32; the
        # product of float32 numbers is exact in float64, so the values are float32's own
        values = np.multiply(np.array(raw, np.int64), self.scale, dtype=np.float32)
        np.minimum(values, self.ones, out=values)
        out[self.dest[me]] = values


class PerGame(Generic[T]):
    """What an encoder keeps for each game it follows (its private writer's memory: a
    seat's own treasury or hand, as at its last observation), found by the game's state
    object, which the adapters change in place move by move. The games of a vectorised
    env take turns: a memory per encoder, not per game, would be overwritten by the next
    one. The state is held so that its id is not reused while kept; after `most` games
    the memory starts anew."""

    def __init__(self, make: Callable[[], T], most: int = 64) -> None:
        self.make = make
        self.most = most
        self.kept: dict[int, tuple[Any, T]] = {}

    def of(self, state: Any) -> T:
        found = self.kept.get(id(state))
        if found is None or found[0] is not state:
            if len(self.kept) >= self.most:
                self.kept.clear()
            found = self.kept[id(state)] = (state, self.make())
        return found[1]


def scaled(x: float, top: float) -> float:
    """x ÷ top, capped at 1 (what "÷ top, top or more as 1" means in the docs)."""
    return 1.0 if x >= top else x / top


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
