"""The observation encodings: the framework, every game's encoder at every player count
(declared length, finite values inside the declared ranges, no leak), and the docs."""

from __future__ import annotations

import random

import numpy as np
import pytest

import reichsstadt
from reichsstadt.interop import docs
from reichsstadt.interop.encoding import (
    HIDDEN,
    Encoder,
    EncodingError,
    SeatFields,
    encoder,
    has_encoder,
)
from reichsstadt.interop.view_slices import (
    count,
    envelope_slices,
    number,
    numbers,
    onehot,
    owners,
    per_seat,
    seat_field,
    seat_flags,
    viewer_order,
)
from tests.interop.conftest import GAME_COUNTS, loaded
from tests.interop.play import walk

# -- the framework -----------------------------------------------------------------------

def _view(seat=1, players=3, **table):
    return {"game": "x", "seat": seat, "players": players, "to_act": [2], "phase": "b", "over": False,
            "result": None, "seats": [{"coins": 10 * i, "hand": None if i != seat else 3} for i in range(players)],
            "table": table}


def _enc(players=3):
    return Encoder("x", players, [
        *envelope_slices(players, ["a", "b"]),
        per_seat("coins", players, 1, lambda v, s: [v["seats"][s]["coins"]], low=0, high=3, scale=10,
                 meaning="coins"),
        per_seat("hand", players, 1, lambda v, s: [v["seats"][s]["hand"]], low=0, high=5, hidden=HIDDEN,
                 meaning="cards in hand"),
        count("round", 3, lambda v: v["table"].get("round", 0), meaning="the round"),
        onehot("weather", ["sun", "rain"], lambda v: v["table"].get("weather"), values=["sun", "rain"],
               meaning="the weather (all zero before the first)"),
        number("pot", lambda v: v["table"].get("pot", 0), low=0, high=1, scale=50, cap=True,
               meaning="the pot, 50 or more as 1"),
        numbers("dice", 2, lambda v: v["table"].get("dice", [0, 0]), low=0, high=6, meaning="the dice"),
    ], summary="a made-up game")


def test_layout_offsets_and_bounds():
    enc = _enc()
    assert enc.size == 3 + 3 + 1 + 1 + 2 + 3 + 3 + 4 + 2 + 1 + 2
    assert enc.offsets()["coins"] == (10, 13)
    assert enc.low.dtype == enc.high.dtype == np.float32 and enc.low.shape == (enc.size,)
    assert enc.split(enc.low)["hand"].tolist() == [HIDDEN] * 3
    assert enc.split(enc.high)["pot"].tolist() == [1.0]


def test_encode_reads_the_view_relative_to_the_viewer():
    enc = _enc()
    vec = enc.encode_view(_view(seat=1, round=5, weather="rain", pot=80, dice=[3, 4]))
    part = enc.split(vec)
    assert vec.dtype == np.float32 and vec.shape == (enc.size,)
    assert part["seat"].tolist() == [0, 1, 0]
    assert part["to_act"].tolist() == [0, 1, 0]          # seat 2 is the next after seat 1
    assert part["coins"].tolist() == [1.0, 2.0, 0.0]      # you, +1, +2
    assert part["hand"].tolist() == [3, HIDDEN, HIDDEN]
    assert part["round"].tolist() == [0, 0, 0, 1]         # 3 or more
    assert part["weather"].tolist() == [0, 1]
    assert part["pot"].tolist() == [1.0]                  # capped
    assert part["dice"].tolist() == [3, 4]
    enc.check(vec)
    assert viewer_order(_view(seat=None)) == [0, 1, 2]


def test_encoding_errors_name_the_slice():
    enc = _enc()
    with pytest.raises(EncodingError, match="'weather': 'snow' is none of"):
        enc.encode_view(_view(weather="snow"))
    with pytest.raises(EncodingError, match="'phase'"):
        enc.encode_view({**_view(), "phase": "z"})
    with pytest.raises(EncodingError, match="'dice': read 3 values, declared 2"):
        enc.encode_view(_view(dice=[1, 2, 3]))
    with pytest.raises(EncodingError, match="'coins': a hidden value"):
        enc.encode_view({**_view(), "seats": [{"coins": None, "hand": 1}] * 3})
    with pytest.raises(EncodingError, match="slice 'dice'"):
        enc.check(enc.encode_view(_view(dice=[7, 0])))
    with pytest.raises(ValueError, match="used twice: chance, over, phase, seat, to_act"):
        Encoder("x", 2, envelope_slices(2, ["a"]) * 2)
    with pytest.raises(EncodingError, match="no observation encoder for game 'nope'"):
        encoder("nope", 2)


def test_seat_fields_read_each_seats_dict_from_the_viewer_on():
    enc = Encoder("x", 3, [
        seat_field("coins", 3, "coins", low=0, high=2, scale=10, meaning="coins"),
        seat_field("purse", 3, "purse", keys=["gold", "silver"], low=0, high=9, hidden=HIDDEN, meaning="purse"),
    ])
    view = _view(seat=2)
    for i, s in enumerate(view["seats"]):
        s["purse"] = {"gold": i, "silver": 2 * i} if i != 0 else None
    part = enc.split(enc.encode_view(view))
    assert part["coins"].tolist() == [2.0, 0.0, 1.0]
    assert part["purse"].tolist() == [2, 4, HIDDEN, HIDDEN, 1, 2]
    assert "you: gold, you: silver, +1: gold" in enc.describe()


def test_owners_and_seat_flags_are_relative_to_the_viewer():
    enc = Encoder("x", 3, [
        owners("fields", 3, 4, lambda v: v["table"]["fields"], meaning="the fields"),
        seat_flags("waiting", 3, lambda v: v["table"]["waiting"], meaning="seats waiting"),
    ])
    part = enc.split(enc.encode_view(_view(seat=2, fields=[None, 2, 0, 1], waiting=[1, None])))
    assert part["fields"].reshape(4, 3).tolist() == [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]
    assert part["waiting"].tolist() == [0, 0, 1]
    with pytest.raises(EncodingError, match="'fields': place 1 is held by 'removed', not a seat"):
        enc.encode_view(_view(fields=[None, "removed", 0, 1], waiting=[]))
    with pytest.raises(EncodingError, match="'fields': 3 places, declared 4"):
        enc.encode_view(_view(fields=[None, 0, 1], waiting=[]))


def test_describe_is_a_table_of_every_slice():
    text = _enc().describe()
    assert text.startswith("3 players: **25** entries.")
    assert "| 10 | 3 | `coins` | 0 … 3 | coins; per seat, from you onward, ÷ 10 |" in text
    assert "cards in hand; per seat, from you onward (-1 if hidden)" in text
    assert "one-hot by count up to 3 or more (0, 1, 2, 3+)" in text


# -- every game ----------------------------------------------------------------------------

@pytest.mark.parametrize("gid", reichsstadt.game_ids())
def test_every_game_has_an_encoder(gid):
    assert has_encoder(gid), f"{gid} has no observation encoder (reichsstadt/interop/encoders/{gid}.py)"


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_every_view_encodes_to_the_declared_length_in_range(gid, players):
    players = loaded(gid, players)
    enc = encoder(gid, players)
    assert enc.size > 0 and enc.players == players
    steps = 0
    for state in walk(gid, players, 1):
        for viewer in [*range(players), None]:
            enc.check(enc.encode(state, viewer))
        steps += 1
    assert steps > 2


@pytest.mark.parametrize("gid, players", GAME_COUNTS)
def test_no_leak_twins_a_seat_cannot_tell_apart_encode_alike(gid, players):
    """Along random games, at every decision, a state drawn by sample(seat) (everything
    the seat cannot know redrawn) encodes exactly like the true one for every seat, and
    the seats' encodings differ from one another (the encoding says whose view it is)."""
    players = loaded(gid, players)
    enc = encoder(gid, players)
    rng = random.Random(7)
    checked = 0
    for state in walk(gid, players, 11):
        if state.to_act() in ((), (reichsstadt.CHANCE,)):
            continue  # where a seat decides is where its observation is read
        mine = [enc.encode(state, s) for s in range(players)]
        for seat in range(players):
            twin = state.sample(seat, rng)
            assert np.array_equal(enc.encode(twin, seat), mine[seat]), (
                f"{gid}: seat {seat}'s encoding changed when only what it cannot know was redrawn")
            checked += 1
        assert not np.array_equal(mine[0], mine[1])
    assert checked > players


def test_docs_list_every_encoding_as_declared():
    text = docs.PAGE.read_text(encoding="utf-8")
    assert docs.page_with_encodings(text, docs.encodings_markdown()) == text, (
        "docs/research.md is out of date: run python3 -m reichsstadt.interop.docs")


# -- fields added to the views after the encoders: each one reaches the vector ------------------

def _tradables(**kw):
    return {**dict.fromkeys(["wood", "wool", "grain", "brick", "stone", "gold"], 0), **kw}


def test_siedler_last_trade_lands_in_its_slots_relative_to_the_viewer():
    from reichsstadt.core import game
    enc = encoder("siedler", 3)
    state = game("siedler").new(3, 0)
    assert state.last_trade == []
    before = enc.encode(state, 1)
    # seat 2 gave 2 wood to seat 0 for 1 gold
    traded = state.edited(last_trade=[2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
    after = enc.encode(traded, 1)
    enc.check(after)
    assert not np.array_equal(before, after)
    part = enc.split(after)
    assert part["last_trade"].tolist() == [1.0]
    assert part["last_trade_player"].tolist() == [0, 1, 0]     # seat 2 is +1 from seat 1
    assert part["last_trade_partner"].tolist() == [0, 0, 1]    # seat 0 is +2
    assert part["last_trade_gave"].tolist() == pytest.approx([0.2, 0, 0, 0, 0, 0])
    assert part["last_trade_got"].tolist() == pytest.approx([0, 0, 0, 0, 0, 0.1])
    assert enc.split(before)["last_trade"].tolist() == [0.0]


def test_colonia_late_fields_land_in_their_slots_relative_to_the_viewer():
    from reichsstadt.core import game
    from reichsstadt.games.colonia.constants import DRAWS, Q_GOOD_DIE, Q_RELIC
    enc = encoder("colonia", 3)
    state = game("colonia").new(3, 0)
    base = enc.encode(state, 1)
    changes = {
        "extra_faces": [6, 2, 6],
        "last_sailed": [(3, 0, 2, -1, 1)],          # ship 3, extra hold seat 0, holds: seat 2, -, seat 1
        "tie_order": [2, 0],
        "chance_queue": [(Q_GOOD_DIE, 0), (Q_RELIC, 0), (Q_RELIC, 0)],
    }
    for key, value in changes.items():
        vec = enc.encode(state.edited(**{key: value}), 1)
        enc.check(vec)
        assert not np.array_equal(vec, base), f"colonia's {key} does not reach the encoding"
    part = enc.split(enc.encode(state.edited(**changes), 1))
    assert part["extra_contract_dice"].tolist() == pytest.approx([0, 1 / 6, 0, 0, 0, 2 / 6])
    assert part["last_sailed"].tolist()[:4] == pytest.approx([1, 4 / 16, 0, 0])
    loaders = part["last_sailed_loaders"].reshape(-1, 3).tolist()
    assert loaders[:5] == [[0, 1, 0], [0, 0, 0], [1, 0, 0], [0, 0, 0], [0, 0, 1]]  # seats 2, -, 1, -, extra 0
    assert part["tie_order"].tolist() == pytest.approx([0, 1 / 3, 2 / 3])            # you (1), +1 (2), +2 (0)
    assert part["next_draw"].tolist() == [float(d == "good_die") for d in DRAWS]
    assert part["draws_pending"].tolist() == pytest.approx([{"good_die": 1, "relic": 2}.get(d, 0) / 20 for d in DRAWS])
    assert part["next_draw_seat"].tolist() == [0, 0, 1]                             # seat 0 is +2 from seat 1
    assert part["next_draw_argument"].tolist() == [0.0]


def test_seat_fields_tables_give_the_numpy_strokes_values():
    """SeatFields writes a viewer's run of entries from lookup tables: every count, small,
    capped or negative, gets the float32 value of the NumPy stroke it stands for, for
    every viewer (the public encoding's run and the scattered ones)."""
    enc = encoder("norenberc", 4)
    fields = SeatFields(enc, [("agents", "agents", 1, 3, 0, 1), ("agents_free", "agents_free", 1, 7, 0, 1),
                              ("moon", "moon", 1, 1, 0, 1)])   # thirds and sevenths: float32 rounding shows
    assert fields.runs[0] is not None and fields.tables is not None
    rng = random.Random(5)
    for values in ([0, 1, 2, 3], [7, 8, 9, 63], [64, 65, 500, 10**6], [-1, 0, 3, 8]):
        state = type("S", (), {"agents": values, "agents_free": rng.sample(range(12), 4),
                               "moon": [True, False, True, False]})()
        for me in range(4):
            fast, slow = np.full(enc.size, 7.0, np.float32), np.full(enc.size, 7.0, np.float32)
            fields.write(state, me, fast)
            raw = np.array([*state.agents, *state.agents_free, *state.moon], np.int64)
            slow[fields.dest[me]] = np.minimum(np.multiply(raw, fields.scale, dtype=np.float32), fields.ones)
            assert fast.tobytes() == slow.tobytes(), (values, me)
