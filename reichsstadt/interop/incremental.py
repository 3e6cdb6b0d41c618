"""Observations of one game kept up to date move by move: what the adapters encode with.

A move changes a few of the state's fields, and a seat's observation changes little
from one decision to the next. A `Tracker` (one per game played: a Session, an OpenSpiel
state) keeps the public encoding of the game, the spectator's, and before an observation
writes again only the parts of a StateEncoder (encoding.Part) whose fields changed since
the last one: it keeps a copy of every field a part reads and compares them (a
comparison of two lists of small ints is one C loop). A seat's observation is then the
public encoding turned to the seat (`Encoder.turned`: its per-seat entries start from
it; one NumPy gather) with what only the seat knows written over it
(`StateEncoder.private`).

The comparisons are generated once per encoder and State class as straight-line code
from the state's declared fields (core/fields.py), the way the core generates clone():
a flat list is compared and copied by slice, a list of lists two deep, a value by
equality, a SHARED field (fixed for the game) by identity; then, one `if` per part (no
loop over the parts), the changed parts are zeroed and written again. A part may add a
key (`Part.key`: what it reads of fields that change more often than it does, boiled
down), compared like a value. A part may name pieces (`Part.pieces`): when only fields
of its pieces changed, those pieces write the few entries their fields decide instead
of the whole part being written again (the fields set bits in a second mask, `q`). A
key may name the fields it reads (`Part.key_reads`): it is computed again only after one
of them changed (bits in a third mask, `r`). The copies of the fields are the cells of
the generated function's closure, one closure per Tracker: a field costs five bytecodes
when it has not changed (read it, read its copy, compare, jump).

Encoders that read views, and StateEncoders without parts, get a `Rewriter`: the whole
encoding written for every observation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..core.fields import FLAT, NESTED, SHARED, VALUE, field_specs
from .encoding import Encoder, StateEncoder

Changes = Callable[[Any, np.ndarray], None]
Maker = Callable[[memoryview], Changes]

_NEVER = object()
"""What the copies of the fields hold before the first observation: equal to nothing."""


class Rewriter:
    """Writes the whole encoding for every observation (`Encoder.fill`)."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder

    def observe(self, state: Any, seat: int | None, out: np.ndarray | None, key: Any = None) -> np.ndarray:
        """What `seat` (None: a spectator) knows of `state`, written over all of `out`
        (None: a new array); the array."""
        if out is None:
            out = np.zeros(self.encoder.size, np.float32)
        else:
            out.fill(0.0)
        self.encoder.fill(state, seat, out)
        return out

    def forget(self) -> None:
        pass


class Tracker:
    """The public encoding of one game, kept up to date by parts (see the module)."""

    def __init__(self, encoder: StateEncoder) -> None:
        self.encoder = encoder
        self.public = np.zeros(encoder.size, np.float32)
        self.cells = self.public.data
        self.changes: Changes | None = None
        self.kind: type | None = None
        self.key: Any = _NEVER
        self.seat_at = encoder.at["seat"]
        self.turned = encoder.turned   # read at every observation: one attribute, not two
        self.private = encoder.private

    def forget(self) -> None:
        """Another game from now on (a new one, or one restored): compare everything."""
        self.key = _NEVER

    def observe(self, state: Any, seat: int | None, out: np.ndarray | None, key: Any = None) -> np.ndarray:
        """What `seat` (None: a spectator) knows of `state`, written over all of `out` (None:
        a new array, made by the copy itself); the array. `key`, when given, changes
        whenever the state may have changed (a count of the moves made): the same key as
        last time skips the comparison of the fields."""
        if key is None or key != self.key:
            if type(state) is self.kind:   # update(), inlined: every observation passes here
                self.changes(state, self.public)  # type: ignore[misc]
            else:
                self.update(state)
            self.key = key
        public = self.public
        order = None if seat is None else self.turned[seat]
        if order is None:
            if out is None:
                out = public.copy()
            else:
                try:   # a memcpy between memoryviews, a fifth of np.copyto's cost
                    out.data[:] = self.cells
                except (ValueError, TypeError):   # another dtype or shape: NumPy casts or says what is wrong
                    np.copyto(out, public)
        elif out is None:   # "wrap": no buffering, and a third cheaper than "clip" (every index is in range)
            out = public.take(order, None, None, "wrap")
        else:
            public.take(order, None, out, "wrap")
        if seat is not None:
            out[self.seat_at + seat] = 1.0
            self.private(state, seat, out)
        return out

    def update(self, state: Any) -> None:
        """Bring the public encoding up to date with `state`."""
        if type(state) is not self.kind:   # the first state: copy every field, write every part
            self.kind = type(state)
            self.changes = changes_of(self.encoder, self.kind, self.public)
            self.changes(state, self.public)
            self.public.fill(0.0)
            self.encoder.fill(state, None, self.public)
            return
        assert self.changes is not None
        self.changes(state, self.public)


def tracker(encoder: Encoder) -> Tracker | Rewriter:
    """What keeps the observations of one game played with `encoder`."""
    if isinstance(encoder, StateEncoder) and encoder.parts:
        return Tracker(encoder)
    return Rewriter(encoder)


def _plan(encoder: StateEncoder) -> tuple[int, tuple[tuple[int, tuple[tuple[int, int], ...], Any], ...]]:
    """(the bits of the parts written for every observation, and per part: its bit, the
    runs of entries to zero before it writes (none for a part that writes them whole),
    its writer)."""
    always = 0
    steps = []
    for i, part in enumerate(encoder.parts):
        if part.reads is None:
            always |= 1 << i
        spans = sorted((encoder.at[s], encoder.end[s]) for s in part.slices)
        runs: list[tuple[int, int]] = []
        for a, b in spans:
            if runs and runs[-1][1] == a:
                runs[-1] = (runs[-1][0], b)
            else:
                runs.append((a, b))
        steps.append((1 << i, () if part.whole else tuple(runs), part.write))
    return always, tuple(steps)


def changes_of(encoder: StateEncoder, kind: type, public: np.ndarray) -> Changes:
    """A new update of a public encoding for states of class `kind`: a function (state,
    public) that compares every field the parts read with its copy, copies the changed
    ones, and writes again (over zeros) the parts whose fields changed and those written
    every time, into `public` (float32, one dimension). The copies live in the function's
    closure (its own: one per Tracker), read by LOAD_DEREF, cheaper than an index into a
    list; so does a memoryview of `public`, through which runs of entries are zeroed (a
    third of NumPy's cost for a slice). The source is built once per class."""
    make: Maker | None = encoder.compiled.get(kind)
    if make is None:
        make = encoder.compiled[kind] = _build(encoder, kind)
    return make(public.data)


def _bits(encoder: StateEncoder, specs: dict[str, str],
          kind: type) -> tuple[dict[str, list[int]], list[list[tuple[int, Any]]], dict[Any, list[int]]]:
    """Per field read, [the parts it makes write again (bits in c), the pieces it makes
    write (bits in q), the keys it makes compute again (bits in r)]; per part, its pieces
    as (bit in q, writer); and per key, [the parts it makes write again, its bit in r (0:
    computed for every observation)]."""
    every = (1 << len(encoder.parts)) - 1
    bits: dict[str, list[int]] = {name: [every, 0, 0] for name, how in specs.items() if how == SHARED}
    pieces: list[list[tuple[int, Any]]] = []
    keys: dict[Any, list[int]] = {}   # a key shared by parts: computed once
    for i, part in enumerate(encoder.parts):
        covered: dict[str, int] = {}
        mine: list[tuple[int, Any]] = []
        for piece in part.pieces:
            bit = 1 << sum(len(p) for p in pieces) + len(mine)
            covered.update(dict.fromkeys(piece.reads, bit))
            mine.append((bit, piece.write))
        pieces.append(mine)
        for name in (*(part.reads or ()), *(part.key_reads or ())):
            if name not in specs:
                raise ValueError(f"{encoder.game} encoder, part {part.name!r}: {kind.__name__} declares no field "
                                 f"{name!r}")
        for name in part.reads or ():
            found = bits.setdefault(name, [0, 0, 0])
            if name in covered:   # its change alone: the piece (a bit in q), not the whole part
                found[1] |= covered[name]
            else:
                found[0] |= 1 << i
        if part.key is not None:
            key = keys.setdefault(part.key, [0, 0])
            key[0] |= 1 << i
            if part.key_reads is not None and not key[1]:
                key[1] = 1 << sum(1 for k in keys.values() if k[1])
                for name in part.key_reads:
                    bits.setdefault(name, [0, 0, 0])[2] |= key[1]
    return bits, pieces, keys


def _build(encoder: StateEncoder, kind: type) -> Maker:
    specs = {spec.name: spec.kind for spec in field_specs(kind)}
    every = (1 << len(encoder.parts)) - 1
    bits, pieces, keys = _bits(encoder, specs, kind)
    always, steps = _plan(encoder)
    copies = [f"k{slot}" for slot in range(len(bits) + len(keys))]
    lines = ["def make(cells):", f"    {' = '.join(copies)} = NEVER", "    def changes(s, public):",
             f"        nonlocal {', '.join(copies)}", f"        c = {always}", "        q = r = 0"]
    body: list[str] = []
    for slot, (name, (bit, qbit, rbit)) in enumerate(bits.items()):
        if specs[name] == SHARED:  # fixed for a game (components, options): another game, every part anew
            body += [f"if s.{name} is not k{slot}:", f"    k{slot} = s.{name}", f"    c |= {every}"]
            continue
        copy = {VALUE: f"s.{name}", FLAT: f"s.{name}[:]", NESTED: f"[row[:] for row in s.{name}]"}[specs[name]]
        body += [f"if s.{name} != k{slot}:", f"    k{slot} = {copy}"]   # read again only when it changed
        body += [f"    c |= {bit}"] * bool(bit) + [f"    q |= {qbit}"] * bool(qbit) + [f"    r |= {rbit}"] * bool(rbit)
    scope: dict[str, Any] = {"NEVER": _NEVER}
    slot = len(bits)
    for k, (key, (bit, rbit)) in enumerate(keys.items()):   # compared like a value field
        scope[f"key{k}"] = key
        pad = "    " if rbit else ""   # a key with reads: computed again only after one of them changed
        body += [f"if r & {rbit}:"] * bool(rbit) + [
            f"{pad}v = key{k}(s)", f"{pad}if v != k{slot}:", f"{pad}    k{slot} = v", f"{pad}    c |= {bit}"]
        slot += 1
    for i, (bit, runs, write) in enumerate(steps):   # straight-line: no loop over the parts
        scope[f"write{i}"] = write
        body.append(f"if c & {bit}:")
        body += [f"    cells[{a}:{b}] = zeros{b - a}" for a, b in runs]
        scope.update({f"zeros{b - a}": np.zeros(b - a, np.float32).data for a, b in runs})
        body.append(f"    write{i}(s, None, 0, public)")
        if pieces[i]:   # only fields of its pieces changed: those pieces write
            body.append(f"elif q & {sum(b for b, _ in pieces[i])}:")
            for b, piece in pieces[i]:
                scope[f"piece{b}"] = piece
                body += [f"    if q & {b}:", f"        piece{b}(s, public)"]
    lines += ["        " + line for line in body] + ["    return changes"]
    exec("\n".join(lines), scope)  # noqa: S102 - our own generated source, as core/fields.py does
    make: Maker = scope["make"]
    return make
