"""Properties under random legal play (Hypothesis): games end, the contract holds at every
step (deep checks on a sample), 20 cards per resource are conserved, pieces stay within
limits, gold is never negative, illegal actions change nothing, views hide hands,
records replay and do not depend on the hash seed."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.siedler.siedler_helpers import act, draw, main_phase, put, set_hand, start, words

import reichsstadt
from reichsstadt.core import CHANCE, IllegalAction
from reichsstadt.core.conformance import check_replay, check_step, random_playout, record_in_subprocess
from reichsstadt.games.siedler.constants import SETTLEMENTS, TOLLS, TOWERS, WORKSHOPS
from reichsstadt.i18n import render

GAME = reichsstadt.game("siedler")


def invariants(s) -> None:
    n = s.players
    for r in range(5):
        assert s.supply[r] + sum(s.hands[p * 5 + r] for p in range(n)) == 20, "20 cards per resource"
        assert s.supply[r] >= 0
    assert min(s.hands) >= 0 and min(s.gold) >= 0, "no negative cards or gold"
    for p in range(n):
        assert sum(1 for o in s.settlement_owner if o == p) == SETTLEMENTS - s.settlements_left[p] <= SETTLEMENTS
        assert sum(1 for o in s.workshop_owner if o == p) == WORKSHOPS - s.workshops_left[p] <= WORKSHOPS
        assert sum(1 for o in s.toll_owner if o == p) == TOLLS - s.tolls_left[p] <= TOLLS
        assert s.settlements_left[p] >= 0 and s.workshops_left[p] >= 0 and s.tolls_left[p] >= 0
    assert len(s.wall_builders) <= 26 and sum(1 for o in s.tower_owner if o >= 0) <= TOWERS
    holders = [h for h in s.council_holder if h >= 0]
    assert len(holders) == len(set(holders)), "one council card per player"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4]), setup=st.sampled_from(["beginner", "expert"]),
       offers=st.sampled_from([0, 1, 3]))
def test_random_play_keeps_every_promise(seed, players, setup, offers):
    rng = random.Random(seed)
    steps = [0]
    space = GAME.action_space(players)

    def on_step(state):
        steps[0] += 1
        invariants(state)
        deep = steps[0] % 23 == 0
        check_step(GAME, state, rng, deep=deep)
        if deep and state.to_act() and state.to_act() != (CHANCE,):
            seat = state.to_act()[0]
            legal = state.legal(seat)
            bad = next((a for a in rng.sample(space.actions, 40) if a not in legal), None)
            if bad is not None:
                snap = state.to_json()
                with pytest.raises(IllegalAction):
                    state.apply(seat, bad)
                assert state.to_json() == snap

    match = random_playout(GAME, players, seed, {"setup": setup, "offers_per_turn": offers}, on_step=on_step)
    assert match.state.over()
    out = match.state.outcome()
    assert min(out.ranks) == 1 and len(out.breakdown) == players
    check_replay(match)


def test_views_hide_hands_and_stolen_cards():
    s = start()
    s = set_hand(s, 1, wood=1, stone=1)
    v = s.view(0)
    assert v["seats"][0]["hand"] is not None and v["seats"][1]["hand"] is None and v["seats"][1]["cards"] == 2
    assert all(seat["hand"] is None for seat in s.view(None)["seats"])
    assert "wood" not in json.dumps(s.view(2)["seats"][1])
    for p in range(4):
        if p != 1:
            s = set_hand(s, p)
    draw(s, None, "raubritter")
    s.apply(0, s.action_table.robber[5])
    s.apply(0, s.action_table.steal[1])
    card = s.action_table.card[0]
    assert "wood" in words(s, CHANCE, card, 0) and "wood" in words(s, CHANCE, card, 1)
    assert "wood" not in words(s, CHANCE, card, 2) and "wood" not in words(s, CHANCE, card, None)
    s.apply(CHANCE, card)
    # a third player's sampled worlds place the stolen card anywhere it could be
    seen = set()
    for i in range(40):
        w = s.sample(2, random.Random(i))
        assert w.view(2) == s.view(2)
        seen.add(tuple(w.hands[0:5]))
    assert len(seen) > 1


def test_sample_never_reads_hidden_cards_for_the_thief():
    s = start()
    s = set_hand(s, 1, wood=1, stone=1)
    for p in (0, 2, 3):
        s = set_hand(s, p)
    draw(s, None, "raubritter")
    s.apply(0, s.action_table.robber[5])
    s.apply(0, s.action_table.steal[1])
    s.apply(CHANCE, s.action_table.card[4])
    for i in range(10):
        w = s.sample(0, random.Random(i))
        assert w.hands == s.hands  # the thief and the victim both know everything here


def test_describe_is_plain_words():
    s = main_phase(start())
    s = set_hand(s, 0, wood=2, brick=1, gold=3)
    texts = [words(s, 0, a, 0) for a in s.legal(0)]
    assert "build a toll station on road I, segment 1 (1 wood, 1 brick): takes the right of way (1 VP)" in texts
    assert "build a toll station on road IV, segment 2 (1 wood, 1 brick)" in texts  # a tie: orange keeps it
    assert "build wall piece 1 (1 brick, 3 gold): 1 prestige" in texts
    assert "start a trade offer (1 of 3 this turn)" in texts


def test_move_words_say_what_the_move_does():
    """Play-testing: a player must see what a card or a build does without digging it out
    of the board: the harvest and the event of a card (5.1.1, 8.), whose settlements a
    robber terrain touches (6.1), a council card won by prestige (6.3)."""
    s = main_phase(start())
    s = put(s, "prestige", 0, 2)
    s = set_hand(s, 0, brick=1, gold=3)
    table = s.action_table
    assert words(s, 0, table.wall, 0) == "build wall piece 1 (1 brick, 3 gold): 1 prestige, take the Siebenerrat (4 VP)"
    assert words(s, 0, table.wall, 1) == ("build wall piece 1 (1 brick, 3 gold): 1 prestige, takes the Siebenerrat "
                                          "(4 VP)")
    robber = [words(s, 0, a, 0) for a in table.robber]
    assert "move the robber knight to T25 (fields 6; settlements of you)" in robber
    assert "move the robber knight to T22 (hills 11; settlements of Player 2, Player 3)" in robber
    s.apply(0, table.end)
    card = next(a for a, _ in s.chance_outcomes() if a.fields["number"] == 3 and a.fields["event"] == "none")
    raub = next(a for a, _ in s.chance_outcomes() if a.fields["event"] == "raubritter")
    assert words(s, CHANCE, raub, 2) == "event card for Player 2's turn: Raubritter (no harvest)"
    # the card, then what it brings (the news right after it)
    assert words(s, CHANCE, card, 0) == "event card for Player 2's turn: harvest 3"
    after = s.clone()
    after.apply(CHANCE, card)
    assert [render(m, viewer=0) for m in after.news(0)] == [
        "Harvest 3: you get 1 wood; Player 2 gets 1 stone; Player 3 gets 1 wood"]
    s = set_hand(main_phase(s, 1), 1, wood=1)
    s = set_hand(s, 2, wood=1)
    s.apply(1, table.offer)
    assert words(s, 1, table.give[0], 1) == "offer 1 wood more"
    act(s, 1, "give", resource="wood")
    act(s, 1, "done")
    act(s, 1, "want", resource="gold")
    act(s, 1, "done")
    act(s, 1, "send", to=2)
    act(s, 2, "counter")  # a counter-offer's words say so
    assert words(s, 2, table.give[0], 2) == "counter-offer: give 1 wood more"


@pytest.mark.parametrize("players,setup", [(4, "beginner"), (3, "expert")])
def test_records_do_not_depend_on_the_hash_seed(players, setup):
    a = record_in_subprocess("siedler", players, 5, {"setup": setup}, hashseed=1)
    b = record_in_subprocess("siedler", players, 5, {"setup": setup}, hashseed=2)
    assert a == b and len(a) > 100


def test_snapshots_reject_malformed_input():
    from reichsstadt.core import RecordError

    s = start()
    snap = s.to_json()
    no_hands = {k: v for k, v in snap["fields"].items() if k != "hands"}
    for bad in ({**snap, "version": 99}, {**snap, "game": "colonia"}, {**snap, "fields": no_hands},
                {**snap, "fields": {**snap["fields"], "hands": [1] * 20}}, []):
        with pytest.raises(RecordError):
            GAME.from_json(bad)
    assert GAME.from_json(json.loads(json.dumps(snap))).to_json() == snap
