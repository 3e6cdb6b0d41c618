"""Observations kept up to date move by move (interop/incremental.py) are exactly the
encodings written from scratch, for every game, player count and seat, whatever moves
lie between two observations; each part of an encoder declares every field it reads."""

from __future__ import annotations

import copy
import random
from types import FunctionType
from typing import Any

import numpy as np
import pytest

import reichsstadt
from reichsstadt.core.fields import SHARED, field_specs
from reichsstadt.interop.encoding import Part, PerGame, Piece, SeatAxis, Slice, StateEncoder, encoder
from reichsstadt.interop.incremental import Rewriter, Tracker, tracker
from tests.interop.conftest import GAME_COUNTS, loaded
from tests.interop.play import walk

STATE_ENCODED = [c for c in GAME_COUNTS if isinstance(encoder(c.values[0], c.values[1]), StateEncoder)]


def _observed(track: Tracker | Rewriter, state: Any, seat: int | None, size: int) -> np.ndarray:
    out = np.full(size, 7.0, np.float32)   # the tracker writes every entry: no zeros assumed
    track.observe(state, seat, out)
    return out


@pytest.mark.parametrize("gid, players", STATE_ENCODED)
def test_kept_up_to_date_equals_written_from_scratch(gid, players):
    """Three trackers follow random games: one observes every state for every seat and
    the spectator, one only the seat to act now and then (several moves apart, as in an
    AEC loop), one the spectator every third state; each observation equals the
    encoding written from scratch."""
    players = loaded(gid, players)
    enc = encoder(gid, players)
    rng = random.Random(3)
    compared = 0
    for seed in (1, 2):
        every, sometimes, spectator = tracker(enc), tracker(enc), tracker(enc)
        assert isinstance(every, Tracker)
        for i, state in enumerate(walk(gid, players, seed)):
            for seat in [*range(players), None]:
                assert np.array_equal(_observed(every, state, seat, enc.size), enc.encode(state, seat)), (
                    f"{gid} {players}p, seed {seed}, state {i}, seat {seat}")
            acting = [s for s in state.to_act() if s >= 0]
            if acting and rng.random() < 0.4:
                seat = rng.choice(acting)
                assert np.array_equal(_observed(sometimes, state, seat, enc.size), enc.encode(state, seat))
            if i % 3 == 0:
                assert np.array_equal(_observed(spectator, state, None, enc.size), enc.encode(state, None))
            compared += 1
    assert compared > 20


@pytest.mark.parametrize("gid, players", STATE_ENCODED)
def test_a_part_said_whole_writes_every_entry_of_its_slices(gid, players):
    """The tracker does not zero the slices of a part that says it writes them whole
    (`Part.whole`): along random games, such a part overwrites every entry of its slices,
    for the spectator and for every seat."""
    players = loaded(gid, players)
    enc = encoder(gid, players)
    whole = [p for p in enc.parts if p.whole]
    checked = 0
    for state in walk(gid, players, 4):
        for part in whole:
            for seat in [None, *range(players)]:
                out = np.full(enc.size, 7.0, np.float32)
                part.write(state, seat, 0 if seat is None else seat, out)
                for name in part.slices:
                    assert not (out[enc.at[name]:enc.end[name]] == 7.0).any(), (gid, players, part.name, name, seat)
                checked += 1
    assert checked or not whole


def test_an_observation_into_no_array_is_a_new_one():
    """observe(..., out=None) returns a new array (the copy that turns the public encoding
    to the seat makes it), equal to the encoding written from scratch; changing it
    changes neither the tracker's encoding nor the next observation."""
    enc = encoder("colonia", 4)
    for track in (tracker(enc), Rewriter(enc)):
        for i, state in enumerate(walk("colonia", 4, 5)):
            if i > 30:
                break
            for seat in (None, 0, 2):
                first = track.observe(state, seat, None, key=i)
                assert first.dtype == np.float32 and np.array_equal(first, enc.encode(state, seat))
                first[:] = 9.0
                assert np.array_equal(track.observe(state, seat, None, key=i), enc.encode(state, seat))


def test_one_tracker_follows_one_game_then_another():
    """A tracker told nothing (no key) follows any state: a new game, an older position."""
    enc = encoder("norenberc", 3)
    track = tracker(enc)
    games = [list(walk("norenberc", 3, seed)) for seed in (4, 5)]
    for state in [*games[0][:40], *games[1][:40], games[0][10], games[1][0]]:
        for seat in (0, 2, None):
            assert np.array_equal(_observed(track, state, seat, enc.size), enc.encode(state, seat))


def test_a_key_skips_the_comparison_until_it_changes():
    """The same key means the same state (the caller's promise): the kept encoding is
    given again; a new key, or forget(), compares the fields again."""
    enc = encoder("siedler", 3)
    states = list(walk("siedler", 3, 2))
    first, later = states[5], states[60]
    track = tracker(enc)
    out = np.zeros(enc.size, np.float32)
    track.observe(first, 1, out, key=1)
    track.observe(later, 1, out, key=1)
    assert np.array_equal(out, enc.encode(first, 1))
    track.observe(later, 1, out, key=2)
    assert np.array_equal(out, enc.encode(later, 1))
    track.forget()
    track.observe(first, 1, out, key=2)
    assert np.array_equal(out, enc.encode(first, 1))


def test_an_encoder_of_views_is_written_anew_for_every_observation():
    enc = encoder("toy", 2)
    track = tracker(enc)
    assert isinstance(track, Rewriter)
    for state in walk("toy", 2, 1):
        assert np.array_equal(_observed(track, state, 1, enc.size), enc.encode(state, 1))


# -- the declarations the tracker relies on -----------------------------------------------------

class Reading:
    """A state that notes the names read from it, through its own methods too (they are
    called with this object as `self`)."""

    def __init__(self, state: Any) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "names", set())

    def __getattr__(self, name: str) -> Any:
        self.names.add(name)
        found = getattr(type(self._state), name, None)
        if isinstance(found, FunctionType):
            return found.__get__(self)
        if isinstance(found, property):
            return found.fget(self)  # type: ignore[misc]
        return getattr(self._state, name)


@pytest.mark.parametrize("gid, players", STATE_ENCODED)
def test_every_part_declares_the_fields_it_reads(gid, players):
    """Each part writes from the fields it names and no other (SHARED fields, fixed for
    a game, aside: another game means every part anew): a part that read an undeclared
    field would keep a stale encoding when only that field changed."""
    players = loaded(gid, players)
    enc = encoder(gid, players)
    out = np.zeros(enc.size, np.float32)
    read: dict[str, set[str]] = {p.name: set() for p in enc.parts}
    keyed: dict[str, set[str]] = {p.name: set() for p in enc.parts}
    fields: set[str] = set()
    for state in walk(gid, players, 6):
        fields = {f.name for f in field_specs(type(state)) if f.kind != SHARED}
        for part in enc.parts:
            if part.reads is None:
                continue
            for seat in (None, players - 1):
                reading = Reading(state)
                part.write(reading, seat, 0 if seat is None else seat, out)
                read[part.name] |= reading.names & fields
            if part.key is not None:   # what the key reads, the writer may read undeclared
                reading = Reading(state)
                part.key(reading)
                keyed[part.name] |= reading.names & fields
    for part in enc.parts:
        if part.reads is not None:
            undeclared = read[part.name] - set(part.reads) - keyed[part.name]
            assert not undeclared, f"{gid}: part {part.name!r} reads {sorted(undeclared)} without declaring them"
        if part.key_reads is not None:   # the key is computed again only after one of these changed
            unnamed = keyed[part.name] - set(part.key_reads)
            assert not unnamed, f"{gid}: the key of part {part.name!r} reads {sorted(unnamed)}, not in key_reads"


PIECED = [c for c in STATE_ENCODED if any(p.pieces for p in encoder(c.values[0], c.values[1]).parts)]


@pytest.mark.parametrize("gid, players", PIECED)
def test_pieces_bring_a_part_up_to_date_as_writing_it_whole_does(gid, players):
    """Along random games, whenever only fields of a part's pieces changed from one state
    to the next, the part written whole for the first state, with those pieces written
    over it for the second, is the part written whole for the second (the public
    encoding); every piece is tried, alone and with others; and a piece reads no field
    its part does not declare (or its key read)."""
    players = loaded(gid, players)
    enc = encoder(gid, players)
    tried: dict[int, int] = {}
    for part in [p for p in enc.parts if p.pieces]:
        covered = {name for piece in part.pieces for name in piece.reads}
        before: dict[str, Any] | None = None
        written = np.zeros(enc.size, np.float32)
        for seed in (7, 8):
            for state in walk(gid, players, seed):
                now = {name: copy.deepcopy(getattr(state, name)) for name in part.reads or ()}
                now[" key"] = copy.deepcopy(part.key(state)) if part.key is not None else None   # a change: whole
                whole = np.zeros(enc.size, np.float32)
                part.write(state, None, 0, whole)
                changed = {name for name in now if before is not None and now[name] != before[name]}
                if changed and changed <= covered:
                    out = written.copy()
                    for piece in part.pieces:
                        if changed & set(piece.reads):
                            reading = Reading(state)
                            piece.write(reading, out)
                            fields = {f.name for f in field_specs(type(state)) if f.kind != SHARED}
                            keyed = Reading(state)
                            if part.key is not None:   # what the key reads, the part may read undeclared
                                part.key(keyed)
                            assert reading.names & fields <= {*(part.reads or ()), *keyed.names}, (part.name,
                                                                                                  piece.reads)
                            tried[id(piece)] = tried.get(id(piece), 0) + 1
                    assert np.array_equal(out, whole), (gid, players, part.name, sorted(changed))
                before, written = now, whole
            before = None
    assert all(tried.get(id(piece)) for part in enc.parts for piece in part.pieces), "a piece never tried"


def test_a_piece_reads_fields_of_its_part_each_in_one_piece():
    def write(state: Any, seat: int | None, me: int, out: np.ndarray) -> None:
        pass

    def piece(state: Any, out: np.ndarray) -> None:
        pass

    with pytest.raises(TypeError, match="part 'p': a piece reads some of the part's fields"):
        Part("p", ("a",), ("money",), write, pieces=(Piece(("goods",), piece),))
    with pytest.raises(TypeError, match="part 'p': a piece reads some of the part's fields"):
        Part("p", ("a",), ("money", "goods"), write, pieces=(Piece(("goods",), piece), Piece(("goods",), piece)))
    with pytest.raises(TypeError, match="part 'p': a piece reads some of the part's fields"):
        Part("p", ("a",), None, write, pieces=(Piece(("goods",), piece),))


@pytest.mark.parametrize("gid, players", STATE_ENCODED)
def test_slices_per_seat_from_the_viewer_say_where_their_seats_are(gid, players):
    """A slice described as per seat "from you onward" declares its seat axis (by which
    the public encoding is turned to a viewer), and only those do."""
    enc = encoder(gid, loaded(gid, players))
    for s in enc.slices:
        if s.name == "seat":
            continue
        assert ("from you onward" in s.meaning) == (s.seats is not None), s.name


def test_parts_and_seat_axes_are_checked_when_declared():
    class Two(StateEncoder):
        def __init__(self, parts: list[Part], slices: list[Slice] | None = None) -> None:
            super().__init__("x", 2, slices or [Slice("a", 2, 0, 1, "a", seats=SeatAxis()), Slice("b", 1, 0, 1, "b")])
            self.use(parts)

        def private(self, state: Any, seat: int, out: np.ndarray) -> None:
            """Nothing is private in this encoding."""

    def write(state: Any, seat: int | None, me: int, out: np.ndarray) -> None:
        pass

    with pytest.raises(ValueError, match="slices in no part: b"):
        Two([Part("p", ("a",), (), write)])
    with pytest.raises(ValueError, match="slice 'a' in parts 'p' and 'q'"):
        Two([Part("p", ("a", "b"), (), write), Part("q", ("a",), (), write)])
    with pytest.raises(ValueError, match="part 'p': no slice 'c'"):
        Two([Part("p", ("a", "b", "c"), (), write)])
    with pytest.raises(TypeError, match="part 'p': reads must be a tuple of names, not 'money'"):
        Part("p", ("a",), "money", write)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="part 'p': a key needs reads"):
        Part("p", ("a",), None, write, key=lambda s: s.phase)
    with pytest.raises(ValueError, match="slice 'a': its seat axis .* does not fit 2 entries"):
        Two([], [Slice("a", 2, 0, 1, "a", seats=SeatAxis(width=2))])
    assert Two([Part("p", ("a", "b"), (), write)]).turned[1].tolist() == [1, 0, 2]


def test_a_state_encoder_must_say_what_only_a_seat_knows():
    class Public(StateEncoder):
        pass

    with pytest.raises(TypeError, match="abstract method.*private"):
        Public("x", 2, [Slice("a", 1, 0, 1, "a")])


def test_a_part_reading_no_field_of_the_state_is_named():
    enc = encoder("siedler", 3)
    bad = type(enc).__new__(type(enc))
    bad.__dict__.update(enc.__dict__)
    bad.use([*enc.parts[:-1], Part("waiting", enc.parts[-1].slices, ("lehm_queue", "nonsense"),
                                   enc.parts[-1].write)])
    with pytest.raises(ValueError, match="part 'waiting': SiedlerState declares no field 'nonsense'"):
        tracker(bad).observe(reichsstadt.game("siedler").new(3, 1), 0, np.zeros(enc.size, np.float32))


def test_an_encoder_keeps_a_memory_per_game_followed():
    """PerGame: each game's state object finds its own memory (the games of a vectorised
    env take turns), a state met again finds it again, and past `most` games it starts
    anew."""
    memory: PerGame[list[int]] = PerGame(list, most=3)
    first, second = reichsstadt.game("siedler").new(3, 1), reichsstadt.game("siedler").new(3, 2)
    memory.of(first).append(1)
    memory.of(second).append(2)
    assert memory.of(first) == [1] and memory.of(second) == [2]
    for seed in (3, 4):
        memory.of(reichsstadt.game("siedler").new(3, seed))
    assert memory.of(first) == []
