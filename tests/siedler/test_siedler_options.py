"""The engine bounds the rulebook does not state are declared options, not hidden
constants: bank trades per turn, cards per side of an offer, offers per turn."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from tests.siedler.siedler_helpers import act, edit, has, main_phase, set_hand, start

import reichsstadt
from reichsstadt.core import BadOption, Match
from reichsstadt.core.conformance import check_replay, random_playout

GAME = reichsstadt.game("siedler")
WHITE, RED = 0, 1


def test_bank_trades_per_turn_is_a_declared_int_option_with_a_reason():
    opt = GAME.options["bank_trades_per_turn"]
    assert (opt.kind, opt.default, opt.minimum) == ("int", 30, 1)
    assert "no limit" in opt.help and "loop" in opt.help and "finite" in opt.help
    for bad in (0, -3, "many", True):
        with pytest.raises(BadOption):
            GAME.new(4, 1, {"bank_trades_per_turn": bad})
    assert GAME.new(4, 1, {"bank_trades_per_turn": "7"}).bank_trades_per_turn == 7  # as the CLI passes it


def test_bank_trades_per_turn_bounds_the_active_players_bank_trades_and_resets_next_turn():
    s = main_phase(start(bank_trades_per_turn=2))
    s = set_hand(s, WHITE, gold=0, wood=12)
    assert s.view(WHITE)["table"]["bank_trades_left"] == 2
    act(s, WHITE, "bank", give="wood", get="stone")
    act(s, WHITE, "bank", give="wood", get="stone")
    assert not has(s, WHITE, "bank") and s.view(WHITE)["table"]["bank_trades_left"] == 0
    refused = s.action_table.bank[0][4]
    snap = s.to_json()
    with pytest.raises(reichsstadt.core.IllegalAction):
        s.apply(WHITE, refused)
    assert s.to_json() == snap
    s = main_phase(s, RED)
    s = edit(s, bank_trades=0)  # what "end" does at the turn change (tested below through play)
    s = set_hand(s, RED, wood=4)
    assert has(s, RED, "bank", give="wood", get="stone")
    s2 = main_phase(start(bank_trades_per_turn=1))
    s2 = set_hand(s2, WHITE, wood=8)
    act(s2, WHITE, "bank", give="wood", get="grain")
    assert not has(s2, WHITE, "bank")
    act(s2, WHITE, "end")
    assert s2.bank_trades == 0


def test_default_allows_thirty_bank_trades():
    s = main_phase(start())
    s = set_hand(s, WHITE, gold=200)
    for _ in range(30):
        act(s, WHITE, "bank", give="gold", get="wood")
        s = set_hand(s, WHITE, gold=200)
    assert not has(s, WHITE, "bank")


def test_offer_cards_bounds_each_side_of_an_offer():
    opt = GAME.options["offer_cards"]
    assert (opt.kind, opt.default, opt.minimum) == ("int", 5, 1)
    s = main_phase(start(offer_cards=2))
    s = set_hand(s, WHITE, gold=5, wood=5)
    act(s, WHITE, "offer")
    act(s, WHITE, "give", resource="wood")
    act(s, WHITE, "give", resource="gold")
    assert {a.type for a in s.legal(WHITE)} == {"done", "cancel"}
    act(s, WHITE, "done")
    act(s, WHITE, "want", resource="stone")
    act(s, WHITE, "want", resource="stone")
    assert {a.type for a in s.legal(WHITE)} == {"done", "cancel"}


def test_options_survive_snapshots_records_and_clones():
    opts = {"bank_trades_per_turn": 4, "offer_cards": 3, "offers_per_turn": 1}
    match = random_playout(GAME, 3, 5, opts)
    check_replay(match)
    s = match.state
    again = GAME.from_json(s.to_json())
    assert (again.bank_trades_per_turn, again.offer_cards, again.offers_per_turn) == (4, 3, 1)
    assert (s.clone().bank_trades_per_turn, s.clone().offer_cards) == (4, 3)
    assert Match(GAME, 3, 5, opts).record.options == opts
    snap = s.to_json()
    assert snap["options"] == opts  # the options that differ from their defaults
    del snap["options"]["bank_trades_per_turn"]  # an option a snapshot leaves out has its default
    assert GAME.from_json(snap).bank_trades_per_turn == 30


def test_reichsstadt_games_lists_the_options():
    env = dict(os.environ, COLUMNS="200", NO_COLOR="1")
    out = subprocess.run([sys.executable, "-m", "reichsstadt", "games"], capture_output=True, text=True,
                         env=env, check=True).stdout
    flat = " ".join(out.replace("│", " ").split())
    assert "bank_trades_per_turn" in flat and "offer_cards" in flat and "offers_per_turn" in flat


@pytest.mark.parametrize("name, most", [("offers_per_turn", 20), ("bank_trades_per_turn", 100), ("offer_cards", 20)])
def test_the_trade_bounds_have_a_maximum_far_above_any_real_game(name, most):
    """A table of a million offers or bank trades a turn was taken (finding s19-10): each
    bound is at most what a game can use (offer_cards and the bank: the 100 resource cards)."""
    assert GAME.options[name].maximum == most
    assert getattr(GAME.new(3, 1, {name: most}), name) == most
    for bad in (most + 1, 1_000_000):
        with pytest.raises(BadOption, match=f"'{name}' is at most {most}, not {bad}"):
            GAME.new(3, 1, {name: bad})
