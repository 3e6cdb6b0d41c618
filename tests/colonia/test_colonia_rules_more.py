"""Rule sentences of the rulebook (its Italian translation, pages as printed) that the
first test files did not check on their own; see RULES.md for the whole map."""

from __future__ import annotations

import random

import pytest

from reichsstadt.core import CHANCE, Action, IllegalAction
from reichsstadt.core.conformance import random_playout
from reichsstadt.games.colonia import GAME
from reichsstadt.games.colonia.constants import (
    D_ENSHRINE, D_FAMILY, D_NONE, D_TURN, D_VOTE, Q_ORDINANCE, Q_RELIC, Q_SHIP, S_FRI_LOAD, S_SAT_SAIL, S_SAT_VOTES,
    S_SUN_BUY, S_SUN_SECURE, S_THU_CONTRACT, S_THU_DICE, S_TUE_ORDER, S_WED_BUY, THU,
)

from tests.colonia.colonia_helpers import (
    COMP, at_step, check_invariants, edit, give_relic, offer_relic, play, put, put_to_vote, resolve_chance, text,
    until, with_materials,
)


def _all_vote(s, yes: bool) -> None:
    for p in list(s.to_act()):
        if p >= 0:
            play(s, p, "vote", yes=yes)


def test_same_day_ordinances_are_voted_one_after_another_left_to_right() -> None:
    """p. 15 and p. 17: several ordinances of one day are voted in their order, left to
    right, one after the other; each leaves the game whatever the result."""
    s = at_step(S_WED_BUY, 4)
    s = put_to_vote(s, ["foreign_merchants", "more_per_stall"])
    assert s.decision == D_VOTE and s.vote_index == 0
    _all_vote(s, False)
    assert s.view(None)["table"]["last_vote"]["ordinance"] == s.week_ordinances[0]
    assert s.ordinance_result == [0, -1]
    assert s.decision == D_VOTE and s.vote_index == 1  # the second is voted next
    _all_vote(s, False)
    assert s.ordinance_result == [0, 0] and s.decision == D_TURN
    # the board keeps both votes of the day, each with its ordinance
    votes = [o["vote"] for o in s.view(0)["table"]["ordinances"]]
    assert all(v is not None and v["passed"] is False for v in votes)


def test_every_ordinance_is_drawn_once_and_leaves_the_game() -> None:
    """p. 17: after the vote the ordinance leaves the game: 3 a week, 18 in 6 weeks, none
    twice."""
    match = random_playout(GAME, 4, 31)
    drawn = [mv["card"] for seat, mv in match.record.moves if mv["type"] == "draw_ordinance"]
    assert len(drawn) == 18 and sorted(drawn) == list(range(18))
    s = at_step(S_WED_BUY, 4)
    used = [i for i in range(18) if s.ordinances_used[i]]
    until(s, lambda st: st.week == 2 and st.chance_queue and st.chance_queue[0][0] == Q_ORDINANCE)
    assert not any(a.card in used for a, _ in s.chance_outcomes())


def test_turn_order_stays_until_next_tuesday() -> None:
    """p. 16: the coats of arms keep this order until the next Tuesday."""
    s = at_step(S_TUE_ORDER, 4)
    for p, v in enumerate((3, 8, 5, 6)):
        play(s, p, "family", value=v)
    resolve_chance(s)
    order = s.order[:]
    assert order == [1, 3, 2, 0]
    until(s, lambda st: st.week == 2 and st.decision == D_FAMILY)
    assert s.order == order and s.view(0)["table"]["mayor"] == 1


def test_played_family_cards_are_shown_until_the_week_ends() -> None:
    """p. 17: the played family cards stay face up in front of the players until the end
    of the week, then leave the game."""
    s = at_step(S_TUE_ORDER, 4)
    for p, v in enumerate((3, 8, 5, 6)):
        play(s, p, "family", value=v)
    resolve_chance(s)
    until(s, lambda st: st.step == S_SUN_BUY)
    assert [s.view(0)["seats"][p]["card"] for p in range(4)] == [3, 8, 5, 6]
    until(s, lambda st: st.week == 2)
    assert [s.view(0)["seats"][p]["card"] for p in range(4)] == [None] * 4
    assert 8 not in s.view(0)["seats"][1]["family_cards_left"]


@pytest.mark.parametrize("step", [S_WED_BUY, S_THU_CONTRACT, S_FRI_LOAD, S_SUN_BUY])
def test_the_mayor_acts_first_then_turn_order(step: int) -> None:
    """p. 17-22: each day's actions begin with the mayor and follow the turn order."""
    s = at_step(step, 4)
    assert s.decision == D_TURN
    assert s.actor == s.order[0]
    play(s, s.order[0], "pass")
    assert s.actor == s.order[1]


@pytest.mark.parametrize("step", [S_WED_BUY, S_THU_CONTRACT, S_FRI_LOAD, S_SUN_SECURE])
def test_without_members_at_home_a_family_can_do_nothing_that_day(step: int) -> None:
    """p. 17 N.B.: a player who wants to act but has no member at home must go without."""
    s = at_step(step, 4)
    p = s.actor
    s = edit(s, box=True, home=put(s.home, p, 0))
    assert s.legal(p) == (Action("pass"),)
    play(s, p, "pass")
    assert p not in s.to_act()


@pytest.mark.parametrize("step", [S_WED_BUY, S_THU_CONTRACT, S_FRI_LOAD, S_SUN_BUY, S_SUN_SECURE])
def test_a_pass_is_for_the_rest_of_the_week_and_the_phase_runs_until_all_passed(step: int) -> None:
    """p. 17, 18, 20, 21, 22: who passes may not act again this week in that phase; the
    others go on until everybody has passed."""
    s = at_step(step, 4)
    first = s.actor
    play(s, first, "pass")
    for _ in range(200):
        if s.step != step or s.decision != D_TURN:
            break
        assert s.actor != first
        p = s.actor
        legal = s.legal(p)
        play(s, p, legal[0].type, **legal[0].fields) if legal[0].type != "pass" else play(s, p, "pass")
        if s.decision not in (D_TURN,) and s.step == step:
            legal = s.legal(s.to_act()[0])  # a shrine choice after a purchase
            s.apply(s.to_act()[0], legal[-1])
    assert s.step != step or s.decision != D_TURN


def test_a_second_contract_of_a_craftsman_needs_two_members_at_home() -> None:
    """p. 18: the second contract of a craftsman this week takes 2 members (the third 3)."""
    s = at_step(S_THU_CONTRACT, 4)
    p = s.actor
    other = (p + 1) % 4
    home = put(s.home, other, s.home[other] - 1)
    s = with_materials(s, p, [1, 1, 0, 0, 0], commissioned=put(s.commissioned, 0, 1),
                       contract_owner=put(s.contract_owner, 0, other), contract_members=put(s.contract_members, 0, 1),
                       contracts_placed=put(s.contracts_placed, 0, 1), home=put(home, p, 1), box=True)
    assert Action("commission", craftsman=0) not in s.legal(p)
    snap = s.to_json()
    with pytest.raises(IllegalAction):
        play(s, p, "commission", craftsman=0)
    assert s.to_json() == snap
    s = edit(s, box=True, home=put(s.home, p, 2))
    play(s, p, "commission", craftsman=0)
    assert s.contract_members[1] == 2 and s.home[p] == 0


def test_contracts_below_the_stick_can_be_served_by_the_extra_dice() -> None:
    """p. 18 N.B.: members may go on contract fields above or below the stick; the extra
    dice may then move the stick down so that those contracts are served the same day."""
    s = at_step(S_THU_CONTRACT, 4)
    p = s.actor
    s = with_materials(s, p, [1, 1, 0, 0, 0], sticks=[0, 0, 0, 0, 0])
    assert "below the stick" in text(s.describe(p, Action("commission", craftsman=0), p), p)
    play(s, p, "commission", craftsman=0)
    until(s, lambda st: st.step > S_THU_CONTRACT)
    s = edit(s, chance_queue=[], extra_dice=1, step=S_THU_DICE, decision=D_NONE).run_on()
    good = COMP.products[0]
    before = s.goods[p * 5 + good]
    s.apply(CHANCE, Action("roll", face=1))
    resolve_chance(s)
    assert s.goods[p * 5 + good] == before + 1


def test_thursday_street_members_come_home_in_the_evening() -> None:
    """p. 19 'Spostamenti': after the goods, the Thursday street field's members come home
    (not in week 1); only then the members served go onto it."""
    s = at_step(S_THU_CONTRACT, 4, week=2)
    p = s.actor
    s = edit(s, box=True, street=put(s.street, p * 4 + THU, 3), home=put(s.home, p, s.home[p] - 3))
    home = s.home[p]
    assert s.street[p * 4 + THU] == 3
    until(s, lambda st: st.step > S_THU_CONTRACT + 2)
    assert s.home[p] == home + 3 and s.street[p * 4 + THU] == 0


def test_ships_sail_loaded_or_not_and_the_port_moves_up() -> None:
    """p. 21 N.B.: the ships sail whether their holds are full or not; the sailed ships
    are set aside; the rest move towards place I and the empty places are filled."""
    s = at_step(S_SAT_SAIL, 4)
    first, second, third, fourth = s.port
    money = s.money[:]
    s = edit(s, ships_sailing=2).run_on()
    assert s.money == money
    assert s.ship_discard[first] and s.ship_discard[second]
    assert s.port[:2] == [third, fourth] and s.chance_queue[:2] == [(Q_SHIP, 2), (Q_SHIP, 3)]


def test_the_ship_deck_is_reshuffled_when_empty() -> None:
    """p. 21: if the ship deck is exhausted, the set-aside ships are shuffled into a new
    deck."""
    s = at_step(S_SAT_SAIL, 4)
    first = s.port[0]
    s = edit(s, ships_sailing=1, ship_discard=[x for x in s.ship_deck], ship_deck=[False] * 16).run_on()
    assert s.to_act() == (CHANCE,)
    outs = [a.card for a, _ in s.chance_outcomes()]
    assert first in outs and len(outs) == 13  # the 12 set aside before and the one just sailed
    check_invariants(s)


def test_the_relic_deck_is_reshuffled_when_empty() -> None:
    """p. 22: if the relic deck is exhausted, the face-up discards are shuffled into a new
    deck to refill the display."""
    s = at_step(S_SUN_BUY, 4)
    s = edit(s, relic_discard=[a or b for a, b in zip(s.relic_deck, s.relic_discard)], relic_deck=[False] * 48,
             passed=[True] * 4, decision=D_NONE, step=S_SUN_SECURE + 1).run_on()
    assert s.to_act() == (CHANCE,)
    assert sum(s.relic_deck) > 0 and sum(s.relic_discard) == 0
    resolve_chance(s)
    assert len(s.display) == 10
    check_invariants(s)


def test_nothing_to_secure_when_every_relic_is_sold() -> None:
    """p. 22 N.B.: when all relic cards have been sold, none can be secured."""
    s = at_step(S_SUN_BUY, 4)
    discard = s.relic_discard[:]
    for card in s.display:
        discard[card] = True
    s = edit(s, relic_discard=discard, display=[], secured_by=[], passed=[True] * 4, decision=D_NONE,
             step=S_SUN_SECURE).run_on()
    assert s.week == 2 and s.step < S_SUN_SECURE  # everybody passed at once


def test_secured_cards_on_the_extra_places_count_towards_the_ten() -> None:
    """p. 22 N.B.: secured relics from the ordinance's extra places count when the display
    is refilled to 10."""
    s = at_step(S_SUN_SECURE, 4)
    extra = [c for c in range(48) if s.relic_deck[c]][:2]
    deck = s.relic_deck[:]
    for c in extra:
        deck[c] = False
    display = s.display + extra
    assert len(display) == 12
    s = edit(s, relic_deck=deck, display=display, secured_by=[0, 1, -1, -1, -1, -1, -1, -1, -1, -1, 2, 3],
             home=[h - 1 for h in s.home], passed=[True] * 4, decision=D_NONE, step=S_SUN_SECURE + 1).run_on()
    assert s.chance_queue.count((Q_RELIC, 0)) == 6  # 4 secured stay: 6 new cards make 10
    resolve_chance(s)
    assert len(s.display) == 10 and sum(1 for o in s.secured_by if o >= 0) == 4
    check_invariants(s)


def test_shrines_lie_in_front_of_the_screen_relics_behind_it() -> None:
    """p. 22: a shrine with its relic lies in front of the screen (public); relics are kept
    behind the screen without being shown."""
    s = at_step(S_SUN_BUY, 4)
    p = s.actor
    s = give_relic(s, p, 0)
    s = give_relic(s, p, 11, shrine_relic=put(s.shrine_relic, 0, 0))
    other = (p + 1) % 4
    seen = s.view(other)["seats"][p]
    assert seen["relics"] is None
    bergen = 0
    assert seen["shrines"] == [{"city": bergen, "relic": seen["shrines"][0]["relic"]}]
    assert seen["shrines"][0]["relic"]["card"] == 0


def test_the_saturday_vote_comes_before_the_ships_sail() -> None:
    """p. 21: on Saturday the ordinance is voted first, then the ships sail."""
    s = at_step(S_WED_BUY, 4)
    port = s.port[:]
    s = put_to_vote(s, ["exchange"], chance_queue=[])
    assert s.step == S_SAT_VOTES and s.decision == D_VOTE
    assert s.port == port
    _all_vote(s, False)
    assert s.step > S_SAT_VOTES


def test_loading_puts_the_goods_back_in_the_supply() -> None:
    """p. 20: the goods shown on the hold go back to the general supply."""
    s = at_step(S_FRI_LOAD, 4)
    p = s.actor
    a = next(x for x in s.legal(p) if x.type == "load")
    need = COMP.ships[s.port[a.ship]].holds[a.hold][0]
    supply = s.goods_supply[:]
    s.apply(p, a)
    for g in set(need):
        assert s.goods_supply[g] == supply[g] + need.count(g)
    check_invariants(s)


def test_materials_go_behind_the_screen_and_their_origin_is_public() -> None:
    """p. 17: the materials taken go behind the screen: others do not see the screen, but
    they saw the stall; p. 13 the bag holds the materials not on the board."""
    s = at_step(S_WED_BUY, 4)
    p = s.actor
    stall = next(a.stall for a in s.legal(p) if a.type == "buy_stall")
    on_stall = s.stall_materials[stall * 5:(stall + 1) * 5]
    play(s, p, "buy_stall", stall=stall)
    other = s.view((p + 1) % 4)["seats"][p]
    assert other["materials"] is None
    assert other["materials_seen"] == on_stall
    assert other["materials_blind"] == COMP.start_materials


def test_random_games_never_leave_a_seat_without_a_move() -> None:
    """The contract behind 'pass' everywhere: a seat to act always has a legal move."""
    rng = random.Random(9)
    for seed in range(3):
        match = random_playout(GAME, rng.choice((3, 4, 5, 6)), seed)
        assert match.state.over()


def test_an_empty_shrine_is_filled_only_when_a_relic_is_bought_and_then_stays() -> None:
    """p. 22: a shrine may be left empty; each time its owner buys a relic of its city he
    decides at once whether to put it in; the relic stays in the shrine to the end; a
    shrine alone scores nothing (p. 23: 2 x 0)."""
    s = at_step(S_SUN_BUY, 4)
    p = s.actor
    london = 2
    shrine, old, new, later = london * 12 + 11, london * 12 + 0, london * 12 + 10, london * 12 + 9
    s = give_relic(s, p, old)
    for c in (shrine, new, later):
        s = offer_relic(s, c)
    s = edit(s, money=put(s.money, p * 4 + london, 100))
    play(s, p, "buy_relic", card=shrine)
    assert set(s.legal(p)) == {Action("enshrine", card=old), Action("leave_shrine_empty")}
    play(s, p, "leave_shrine_empty")
    assert s.shrine_relic[london] == -1 and s.score_items(p)["shrines"] == 0
    s = edit(s, actor=p, decision=D_TURN, passed=put(s.passed, p, False))
    play(s, p, "buy_relic", card=new)
    # only the relic just bought may go in, not the old one
    assert set(s.legal(p)) == {Action("enshrine", card=new), Action("leave_shrine_empty")}
    play(s, p, "enshrine", card=new)
    assert s.shrine_relic[london] == new
    s = edit(s, actor=p, decision=D_TURN, passed=put(s.passed, p, False))
    play(s, p, "buy_relic", card=later)
    assert s.shrine_relic[london] == new and s.decision != D_ENSHRINE  # no second choice
    assert s.score_items(p)["shrines"] == COMP.relic_points[new]
    check_invariants(s)
