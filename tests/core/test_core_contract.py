"""The core contract on a toy game: actions, spaces, options, records, replay, Match,
Seat, the conformance checks themselves."""

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

import reichsstadt
from reichsstadt.core import (
    CHANCE, Action, ActionSpace, BadOption, DataFileError, IllegalAction, Match, Record,
    RecordError, Seat, rank_by, replay,
)
from reichsstadt.core.conformance import check_replay, check_step, random_playout
from reichsstadt.core.datafile import Check, load_json
from reichsstadt.core.registry import game_ids, register, unregister

from tests.core.toygame import BIDS, DIE, GAME as TOY, ROLL, STOP

register(TOY)


def test_entry_points_exist():
    assert reichsstadt.CHANCE == CHANCE == -1
    assert "toy" in reichsstadt.game_ids()
    assert reichsstadt.game("toy") is TOY
    with pytest.raises(BadOption, match="unknown game 'nope'"):
        reichsstadt.game("nope")


def test_action_json_round_trip_and_identity():
    a = Action("buy", guild=2, goods=[2, 2, 0])
    assert a.to_json() == {"type": "buy", "guild": 2, "goods": [2, 2, 0]}
    b = Action.from_json(json.loads(json.dumps(a.to_json())))
    assert a == b and hash(a) == hash(b)
    assert a.guild == 2 and a.goods == (2, 2, 0)
    assert Action("buy", guild=2, goods=[2, 2, 1]) != a
    with pytest.raises(AttributeError):
        a.guild = 3


@pytest.mark.parametrize("bad, message", [
    ([1, 2], "JSON object"),
    ({"guild": 2}, "non-empty string 'type'"),
    ({"type": ""}, "non-empty string 'type'"),
    ({"type": "buy", "guild": {"x": 1}}, "field 'guild'"),
])
def test_malformed_action_json_is_named(bad, message):
    with pytest.raises(IllegalAction, match=message):
        Action.from_json(bad)


def test_action_space_encodes_and_refuses():
    space = TOY.action_space(2)
    assert TOY.num_actions(2) == len(space) == 11
    for i in range(len(space)):
        assert space.encode(space.decode(i)) == i
    with pytest.raises(IllegalAction, match="outside 0..10"):
        space.decode(11)
    with pytest.raises(IllegalAction, match="not an action"):
        space.encode(Action("fly"))
    with pytest.raises(ValueError, match="twice"):
        ActionSpace([Action("x"), Action("x")])
    assert TOY.action_from_json({"type": "die", "face": 3}, 2) is space.decode(5 + 2)
    with pytest.raises(IllegalAction, match="not an action of Toy dice"):
        TOY.action_from_json({"type": "die", "face": 7})


def test_options_are_checked():
    assert TOY.resolve(2, None) == {"target": 10}
    assert TOY.resolve(3, {"target": "12"}) == {"target": 12}
    with pytest.raises(BadOption, match="no option 'colour'; its options are: target"):
        TOY.resolve(2, {"colour": "red"})
    with pytest.raises(BadOption, match="at most 30, not 99"):
        TOY.resolve(2, {"target": 99})
    with pytest.raises(BadOption, match="whole number, not 'ten'"):
        TOY.resolve(2, {"target": "ten"})
    with pytest.raises(BadOption, match="for 2–3 players, not 5"):
        TOY.new(5, 1)


def test_data_files_report_path_and_position(tmp_path):
    bad = tmp_path / "c.json"
    bad.write_text('{"guilds": [1, 2,]}')
    with pytest.raises(DataFileError, match=r"c.json.*line 1, column 18"):
        load_json(bad)
    with pytest.raises(DataFileError, match="does not exist"):
        load_json(tmp_path / "missing.json")
    for text, words in (("null", "must hold a JSON object .* not null"), ("[1]", "not an array"),
                        ("[" * 100_000 + "]" * 100_000, "nested too deep")):
        bad.write_text(text)
        with pytest.raises(DataFileError, match=words):
            load_json(bad)
    bad.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(DataFileError, match="is not UTF-8 text: byte 0xff at line 1, column 8"):
        load_json(bad)
    with pytest.raises(DataFileError, match="cannot be read"):
        load_json(tmp_path)   # a folder
    check = Check("toy components")
    with pytest.raises(DataFileError, match="toy components: guilds: must be list, not int 3"):
        check.get({"guilds": 3}, "guilds", list)


def test_rank_by_shares_ties_competition_style():
    assert rank_by([(5,), (9,), (5,), (1,)]) == (2, 1, 2, 4)
    assert rank_by([(5, 2), (5, 1)]) == (1, 2)


def test_simultaneous_bids_hidden_until_all_in():
    s = TOY.new(3, 1)
    assert s.to_act() == (0, 1, 2)
    s.apply(1, Action("bid", amount=2))
    assert s.to_act() == (0, 2)
    assert [e["bid"] for e in s.view(0)["seats"]] == [None, True, False]   # only *whether* seat 1 bid
    assert [e["bid"] for e in s.view(1)["seats"]] == [False, 2, False]
    with pytest.raises(IllegalAction, match="it is not Player 2's turn: waiting for Player 1 and Player 3"):
        s.apply(1, Action("bid", amount=0))


def test_refusals_speak_one_style_and_change_nothing():
    """The core checks every move for every game, with one wording; players are named
    as people see them (from 1), and the state is untouched."""
    s = TOY.new(2, 1)
    before = s.to_json()
    cases = [
        (0, Action("fly"), r"\{'type': 'fly'\} is not an action of Toy dice with 2 players"),
        (0, {"type": "bid"}, "is not an action of Toy dice"),
        (CHANCE, DIE[0], "no chance draw is due now: waiting for Player 1 and Player 2"),
        (5, BIDS[0], "there is no seat 5 at this table of 2"),
        ("0", BIDS[0], "there is no seat '0'"),
        (0, ROLL, "Player 1 cannot roll now: bids come first, then rolls"),
    ]
    for seat, action, message in cases:
        with pytest.raises(IllegalAction, match=message):
            s.apply(seat, action)
        assert s.to_json() == before
    for seat in (0, 1):
        s.apply(seat, BIDS[1])
    with pytest.raises(IllegalAction, match=r"\{'type': 'die', 'face': 3\} is not a possible outcome|no chance"):
        s.apply(CHANCE, DIE[2])
    s.apply(0, ROLL)
    with pytest.raises(IllegalAction, match="it is not Player 2's turn: waiting for a chance draw"):
        s.apply(1, STOP)
    s.apply(CHANCE, DIE[2])


def test_refusal_carries_a_message_for_every_language():
    from reichsstadt.core import Message
    from reichsstadt.i18n import render

    s = TOY.new(2, 1)
    with pytest.raises(IllegalAction) as caught:
        s.apply(0, ROLL)
    msg = caught.value.message
    assert isinstance(msg, Message) and msg.id == "core.refuse.illegal"
    assert render(msg, names=["Ann", "Bo"], viewer=0) == "you cannot roll now: bids come first, then rolls"
    assert render(msg, names=["Ann", "Bo"], viewer=1) == "Ann cannot roll now: bids come first, then rolls"


def test_legal_is_a_tuple_the_caller_cannot_change():
    s = TOY.new(2, 1)
    legal = s.legal(0)
    assert isinstance(legal, tuple) and legal == tuple(BIDS)
    with pytest.raises(TypeError):
        legal[0] = ROLL  # type: ignore[index]
    assert s.legal(0) == tuple(BIDS) and s.legal(0) is legal  # cached until the next move
    s.apply(0, BIDS[0])
    assert s.legal(0) == ()


def test_edited_positions_are_checked():
    """A public, checked way to build a position: fields by their declared names."""
    s = TOY.new(2, 1)
    t = s.edited(bids=[2, 1], totals=[7, 3], turn=1)
    assert t.to_act() == (1,) and t.legal(1) == (ROLL, STOP)
    assert s.to_act() == (0, 1), "the original is not touched"
    with pytest.raises(RecordError, match="no field 'money'; the fields are: bids, totals, turn, rolling"):
        s.edited(money=[1, 2])
    with pytest.raises(RecordError, match="field 'totals' must be a list"):
        s.edited(totals=7)
    with pytest.raises(RecordError, match="field 'turn' must be int, not 'x'"):
        s.edited(turn="x")
    with pytest.raises(RecordError, match="one entry per player"):
        s.edited(totals=[1, 2, 3])


def test_snapshots_are_checked_field_by_field():
    s = TOY.new(3, 4)
    snap = s.to_json()
    assert set(snap) == {"game", "version", "players", "seed", "options", "fields"}
    assert TOY.from_json(json.loads(json.dumps(snap))).to_json() == snap
    with pytest.raises(RecordError, match="field 'rolling' is missing"):
        TOY.from_json({**snap, "fields": {k: v for k, v in snap["fields"].items() if k != "rolling"}})
    with pytest.raises(RecordError, match="for 2–3 players, not 9"):
        TOY.from_json({**snap, "players": 9})
    with pytest.raises(RecordError, match="version 7"):
        TOY.from_json({**snap, "version": 7})


def test_game_info_states_the_bounds():
    info = TOY.info(3)
    assert info.num_actions == TOY.num_actions(3) and info.simultaneous and info.max_chance_outcomes == 6
    assert info.to_json()["information"] == "imperfect"
    for seed in range(30):
        m = random_playout(TOY, 3, seed)
        assert len(m.record.moves) <= info.max_game_length
    with pytest.raises(BadOption, match="for 2–3 players"):
        TOY.info(7)


def test_advance_stops_for_seats_without_an_agent():
    """The one runner loop: bots answer for their seats, people are waited for."""
    from reichsstadt.bots import RandomBot

    m = Match(TOY, 3, seed=2)
    waiting = m.advance({1: RandomBot(1), 2: RandomBot(2)})
    assert waiting == (0,), "the bots bid; seat 0's person is waited for"
    assert m.state.to_act() == (0,) and m.decisions == 2
    m.play(0, BIDS[1])
    while m.advance({1: RandomBot(1), 2: RandomBot(2)}):
        m.play(0, m.state.legal(0)[0])
    assert m.state.over() and len(m.record.moves) == m.decisions + m.chance_steps


def test_parts_are_declared_and_errors_are_named():
    from reichsstadt.core import FrontendError, files, has_part, part

    with pytest.raises(FrontendError, match="Toy dice has no terminal part"):
        part("toy", "terminal")
    assert not has_part("toy", "terminal") and has_part("toy", "encoder")
    assert callable(part("norenberc", "terminal"))
    assert files("norenberc", "web").joinpath("board.js").is_file()
    with pytest.raises(FrontendError, match="has no web part"):
        files("toy", "web")


def test_a_declared_part_that_cannot_load_is_an_error_naming_it():
    from reichsstadt.core import FrontendError, files, part
    from tests.core.toygame import ToyGame

    class Broken(ToyGame):
        id = "toy_broken"
        title = "Broken toy"
        parts = {"terminal": "tests.core.no_such_module:render", "web": "tests.core:no_such_folder",
                 "svg": "tests.core.toygame:no_such_function"}

    register(Broken())
    try:
        with pytest.raises(FrontendError, match=r"Broken toy's terminal part tests\.core\.no_such_module:render "
                                                r"cannot be loaded: ModuleNotFoundError"):
            part("toy_broken", "terminal")
        with pytest.raises(FrontendError, match="cannot be loaded: AttributeError"):
            part("toy_broken", "svg")
        with pytest.raises(FrontendError, match="is not a folder of package tests.core"):
            files("toy_broken", "web")
    finally:
        unregister("toy_broken")
    assert "toy_broken" not in game_ids()


def test_match_records_every_step_and_replays():
    m = random_playout(TOY, 3, seed=6)
    assert m.state.over()
    assert any(seat == CHANCE for seat, _ in m.record.moves)
    check_replay(m)
    again = random_playout(TOY, 3, seed=6)
    assert again.record.moves == m.record.moves


def test_record_errors_are_named(tmp_path, monkeypatch):
    m = random_playout(TOY, 2, seed=3)
    obj = m.record.to_json()
    broken = json.loads(json.dumps(obj))
    broken["moves"][0] = [0, {"type": "bid", "amount": 9}]
    with pytest.raises(RecordError, match="record move 1 .* does not replay"):
        replay(broken)
    with pytest.raises(RecordError, match="field 'players'"):
        Record.from_json({**obj, "players": "two"})
    with pytest.raises(RecordError, match="format"):
        Record.from_json({**obj, "format": 99})
    with pytest.raises(RecordError, match="field 'names' must list 2 names"):
        Record.from_json({**obj, "names": ["Ann"]})
    with pytest.raises(RecordError, match="field 'names' must list 2 names"):
        Record.from_json({**obj, "names": ["Ann", None]})
    assert Record.from_json({**obj, "names": []}).names == ["Player 1", "Player 2"]   # as a Match names them
    path = tmp_path / "r.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.load(path)
    path.write_bytes(b"\xff\xfe{}")
    with pytest.raises(RecordError, match="is not UTF-8 text: byte 0xff at line 1, column 1"):
        Record.load(path)
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="is not valid JSON: nested too deep"):
        Record.load(path)
    with pytest.raises(RecordError, match="cannot be read"):
        Record.load(tmp_path)   # a folder
    monkeypatch.setattr("reichsstadt.core.datafile.MOST_BYTES", 100)
    path.write_text(" " * 101)
    with pytest.raises(RecordError, match="cannot be read: larger than"):
        Record.load(path)
    monkeypatch.undo()
    m.record.save(path)
    assert Record.load(path).moves == m.record.moves


def test_match_refuses_chance_from_players():
    m = Match(TOY, 2, seed=1)
    with pytest.raises(IllegalAction, match="drawn by the match"):
        m.play(CHANCE, Action("die", face=6))
    assert m.record.moves == []


def test_seat_gives_view_legal_and_samples_only():
    s = TOY.new(2, 1)
    s.apply(0, Action("bid", amount=2))
    seat = Seat(s, 1)
    assert seat.view() == s.view(1) and seat.legal() == s.legal(1)
    assert not hasattr(seat, "state")
    sampled = seat.sample(random.Random(0))
    assert sampled.view(1) == s.view(1)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]))
def test_conformance_checks_hold_on_the_toy_game(seed, players):
    rng = random.Random(seed)
    random_playout(TOY, players, seed, on_step=lambda s: check_step(TOY, s, rng))


def test_conformance_check_catches_a_leaky_clone():
    s = TOY.new(2, 1)

    class Leaky(type(s)):
        __slots__ = ()

        def clone(self):
            c = super().clone()
            c.totals[0] += 1
            return c

    leaky = s.clone()
    leaky.__class__ = Leaky
    with pytest.raises(AssertionError, match="clone"):
        check_step(TOY, leaky, random.Random(0))


def test_conformance_check_catches_a_shared_view():
    s = TOY.new(2, 1)
    table = {"turn": 0, "target": 10}

    class Sharing(type(s)):
        __slots__ = ()

        def view(self, seat):
            v = super().view(seat)
            v["table"] = table  # the same dict every time
            return v

    sharing = s.clone()
    sharing.__class__ = Sharing
    with pytest.raises(AssertionError, match="views must be copies"):
        check_step(TOY, sharing, random.Random(0))


def test_match_tells_after_listeners_what_a_move_set_in_motion():
    """State.news() is read after apply(): here, a 1 on the die wipes the turn's total."""
    m = Match(TOY, 2, seed=1)
    heard: list[tuple[int, list[str]]] = []
    m.after.append(lambda seat, action, state: heard.append((seat, state.news(None))))
    for seat in (0, 1):
        m.play(seat, Action("bid", amount=0))
    m.play(0, Action("roll"))
    m._apply(CHANCE, DIE[0])
    assert heard[-1] == (CHANCE, ["Player 1 loses everything rolled this turn"])
    assert heard[0] == (0, [])
    assert m.state.news(0) == ["Player 1 loses everything rolled this turn"]
