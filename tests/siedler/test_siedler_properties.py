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
from tests.siedler.siedler_helpers import draw, main_phase, set_hand, start

import reichsstadt
from reichsstadt.core import CHANCE, IllegalAction
from reichsstadt.core.conformance import check_replay, check_step, random_playout, record_in_subprocess
from reichsstadt.games.siedler.state import P_DRAW, P_RESPOND, SETTLEMENTS, TOLLS, TOWERS, WORKSHOPS

GAME = reichsstadt.game("siedler")


def invariants(s) -> None:
    n = s.n
    for r in range(5):
        assert s.supply[r] + sum(s.hand[p * 5 + r] for p in range(n)) == 20, "20 cards per resource"
        assert s.supply[r] >= 0
    assert min(s.hand) >= 0 and min(s.gold) >= 0, "no negative cards or gold"
    for p in range(n):
        assert sum(1 for o in s.settle_owner if o == p) == SETTLEMENTS - s.set_left[p] <= SETTLEMENTS
        assert sum(1 for o in s.red_owner if o == p) == WORKSHOPS - s.work_left[p] <= WORKSHOPS
        assert sum(1 for o in s.seg_owner if o == p) == TOLLS - s.toll_left[p] <= TOLLS
        assert s.set_left[p] >= 0 and s.work_left[p] >= 0 and s.toll_left[p] >= 0
    assert len(s.wall_owner) <= 26 and sum(1 for o in s.tower_owner if o >= 0) <= TOWERS
    holders = [h for h in s.council if h >= 0]
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
    set_hand(s, 1, wood=1, stone=1)
    v = s.view(0)
    assert v["seats"][0]["hand"] is not None and v["seats"][1]["hand"] is None and v["seats"][1]["cards"] == 2
    assert all(seat["hand"] is None for seat in s.view(None)["seats"])
    assert "wood" not in json.dumps(s.view(2)["seats"][1])
    for p in range(4):
        if p != 1:
            set_hand(s, p)
    draw(s, None, "raubritter")
    s.apply(0, s.t.robber[5])
    s.apply(0, s.t.steal[1])
    card = s.t.card[0]
    assert "wood" in s.describe(CHANCE, card, 0) and "wood" in s.describe(CHANCE, card, 1)
    assert "wood" not in s.describe(CHANCE, card, 2) and "wood" not in s.describe(CHANCE, card, None)
    s.apply(CHANCE, card)
    # a third player's sampled worlds place the stolen card anywhere it could be
    seen = set()
    for i in range(40):
        w = s.sample(2, random.Random(i))
        assert w.view(2) == s.view(2)
        seen.add(tuple(w.hand[0:5]))
    assert len(seen) > 1


def test_sample_never_reads_hidden_cards_for_the_thief():
    s = start()
    set_hand(s, 1, wood=1, stone=1)
    for p in (0, 2, 3):
        set_hand(s, p)
    draw(s, None, "raubritter")
    s.apply(0, s.t.robber[5])
    s.apply(0, s.t.steal[1])
    s.apply(CHANCE, s.t.card[4])
    for i in range(10):
        w = s.sample(0, random.Random(i))
        assert w.hand == s.hand  # the thief and the victim both know everything here


def test_describe_is_plain_words():
    s = main_phase(start())
    set_hand(s, 0, wood=2, brick=1, gold=3)
    texts = [s.describe(0, a, 0) for a in s.legal(0)]
    assert "build a toll station on road I, segment 1 (1 wood, 1 brick): takes the right of way (1 VP)" in texts
    assert "build a toll station on road IV, segment 2 (1 wood, 1 brick)" in texts  # a tie: orange keeps it
    assert "build wall piece 1 (1 brick, 3 gold): 1 prestige" in texts
    assert "start a trade offer (1 of 3 this turn)" in texts


def test_move_words_say_what_the_move_does():
    """Play-testing: a player must see what a card or a build does without digging it out
    of the board: the harvest and the event of a card (5.1.1, 8.), whose settlements a
    robber terrain touches (6.1), a council card won by prestige (6.3)."""
    s = main_phase(start())
    s.prestige[0] = 2
    set_hand(s, 0, brick=1, gold=3)
    assert s.describe(0, s.t.wall, 0) == "build wall piece 1 (1 brick, 3 gold): 1 prestige, take the Siebenerrat (4 VP)"
    assert s.describe(0, s.t.wall, 1) == "build wall piece 1 (1 brick, 3 gold): 1 prestige, takes the Siebenerrat (4 VP)"
    robber = [s.describe(0, a, 0) for a in s.t.robber]
    assert "move the robber knight to T23 (forest 3; settlements of you)" in robber
    assert "move the robber knight to T11 (forest 8; settlements of Player 2, Player 4 x2)" in robber
    s.apply(0, s.t.end)
    card = next(a for a, _ in s.chance_outcomes() if a.fields["number"] == 3 and a.fields["event"] == "none")
    assert s.describe(CHANCE, card, 0) == ("event card for Player 2's turn: harvest 3: you get 1 wood; "
                                           "Player 2 gets 1 stone; Player 4 gets 1 stone")
    main_phase(s, 1)
    s.apply(1, s.t.offer)
    assert s.describe(1, s.t.give[0], 1) == "offer 1 wood more"
    s.phase = P_RESPOND  # a counter-offer's words say so
    assert s.describe(2, s.t.give[0], 2) == "counter-offer: give 1 wood more"
    s.phase = P_DRAW
    raub = next(a for a, _ in s.chance_outcomes() if a.fields["event"] == "raubritter")
    assert s.describe(CHANCE, raub, 2) == "event card for Player 2's turn: Raubritter (no harvest)"


@pytest.mark.parametrize("players,setup", [(4, "beginner"), (3, "expert")])
def test_records_do_not_depend_on_the_hash_seed(players, setup):
    a = record_in_subprocess("siedler", players, 5, {"setup": setup}, hashseed=1)
    b = record_in_subprocess("siedler", players, 5, {"setup": setup}, hashseed=2)
    assert a == b and len(a) > 100


def test_snapshots_reject_malformed_input():
    from reichsstadt.core import RecordError

    s = start()
    snap = s.to_json()
    for bad in ({**snap, "version": 99}, {**snap, "game": "colonia"}, {k: v for k, v in snap.items() if k != "hand"}, []):
        with pytest.raises(RecordError):
            GAME.from_json(bad)
    assert GAME.from_json(json.loads(json.dumps(snap))).to_json() == snap
