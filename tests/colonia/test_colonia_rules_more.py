"""Rule sentences of the rulebook (rulebooks/colonia.it.txt, pages as printed) that the
first test files did not check on their own; see RULES.md for the whole map."""

from __future__ import annotations

import random

import pytest

from reichsstadt.core import CHANCE, Action, IllegalAction
from reichsstadt.core.conformance import random_playout
from reichsstadt.games.colonia import GAME
from reichsstadt.games.colonia.state import (
    D_FAMILY, D_TURN, D_VOTE, S_FRI_LOAD, S_SAT_SAIL, S_SAT_VOTES, S_SUN_BUY, S_SUN_SECURE,
    S_THU_CONTRACT, S_THU_DICE, S_TUE_ORDER, S_WED_BUY, THU, VOTE_STEPS,
)

from tests.colonia.colonia_helpers import at_step, give_relic, check_invariants, fix_box, ordinance_id, play, resolve_chance, until

COMP = GAME.components(None)[0]


def _put_to_vote(s, effects: list[str], day: int) -> None:
    s.ords = [ordinance_id(e) for e in effects]
    s.ord_result = [-1] * len(effects)
    s.scalars[8] = 0
    s.scalars[1] = next(k for k, v in VOTE_STEPS.items() if v == day)
    s.scalars[2] = 0
    s._legal = None
    s._advance()


def _all_vote(s, yes: bool) -> None:
    for p in list(s.to_act()):
        if p >= 0:
            play(s, p, "vote", yes=yes)


def test_same_day_ordinances_are_voted_one_after_another_left_to_right() -> None:
    """p. 15 and p. 17: several ordinances of one day are voted in their order, left to
    right, one after the other; each leaves the game whatever the result."""
    s = at_step(S_WED_BUY, 4)
    _put_to_vote(s, ["foreign_merchants", "more_per_stall"], 2)
    assert s.scalars[2] == D_VOTE and s.scalars[8] == 0
    _all_vote(s, False)
    assert s.view(None)["last_vote"]["ordinance"] == s.ords[0] and s.ord_result == [0, -1]
    assert s.scalars[2] == D_VOTE and s.scalars[8] == 1  # the second is voted next
    _all_vote(s, False)
    assert s.ord_result == [0, 0] and s.scalars[2] == D_TURN
    # the board keeps both votes of the day, each with its ordinance
    votes = [o["vote"] for o in s.view(0)["ordinances"]]
    assert all(v is not None and v["passed"] is False for v in votes)


def test_every_ordinance_is_drawn_once_and_leaves_the_game() -> None:
    """p. 17: after the vote the ordinance leaves the game: 3 a week, 18 in 6 weeks, none
    twice."""
    match = random_playout(GAME, 4, 31)
    drawn = [mv["card"] for seat, mv in match.record.moves if mv["type"] == "draw_ordinance"]
    assert len(drawn) == 18 and sorted(drawn) == list(range(18))
    s = at_step(S_WED_BUY, 4)
    used = [i for i in range(18) if s.ord_used[i]]
    until(s, lambda st: st.scalars[0] == 2 and st.queue and st.queue[0][0] == 1)
    assert not any(a.card in used for a, _ in s.chance_outcomes())


def test_turn_order_stays_until_next_tuesday() -> None:
    """p. 16: the coats of arms keep this order until the next Tuesday."""
    s = at_step(S_TUE_ORDER, 4)
    for p, v in enumerate((3, 8, 5, 6)):
        play(s, p, "family", value=v)
    resolve_chance(s)
    order = s.order[:]
    assert order == [1, 3, 2, 0]
    until(s, lambda st: st.scalars[0] == 2 and st.scalars[2] == D_FAMILY)
    assert s.order == order and s.view(0)["mayor"] == 1


def test_played_family_cards_are_shown_until_the_week_ends() -> None:
    """p. 17: the played family cards stay face up in front of the players until the end
    of the week, then leave the game."""
    s = at_step(S_TUE_ORDER, 4)
    for p, v in enumerate((3, 8, 5, 6)):
        play(s, p, "family", value=v)
    resolve_chance(s)
    until(s, lambda st: st.scalars[1] == S_SUN_BUY)
    assert [s.view(0)["players_info"][p]["card"] for p in range(4)] == [3, 8, 5, 6]
    until(s, lambda st: st.scalars[0] == 2)
    assert [s.view(0)["players_info"][p]["card"] for p in range(4)] == [None] * 4
    assert 8 not in s.view(0)["players_info"][1]["family_cards_left"]


@pytest.mark.parametrize("step", [S_WED_BUY, S_THU_CONTRACT, S_FRI_LOAD, S_SUN_BUY])
def test_the_mayor_acts_first_then_turn_order(step: int) -> None:
    """p. 17-22: each day's actions begin with the mayor and follow the turn order."""
    s = at_step(step, 4)
    assert s.scalars[2] == D_TURN
    assert s.scalars[3] == s.order[0]
    play(s, s.order[0], "pass")
    assert s.scalars[3] == s.order[1]


@pytest.mark.parametrize("step", [S_WED_BUY, S_THU_CONTRACT, S_FRI_LOAD, S_SUN_SECURE])
def test_without_members_at_home_a_family_can_do_nothing_that_day(step: int) -> None:
    """p. 17 N.B.: a player who wants to act but has no member at home must go without."""
    s = at_step(step, 4)
    p = s.scalars[3]
    s.home[p] = 0
    fix_box(s)
    assert s.legal(p) == [Action("pass")]
    play(s, p, "pass")
    assert p not in s.to_act()


@pytest.mark.parametrize("step", [S_WED_BUY, S_THU_CONTRACT, S_FRI_LOAD, S_SUN_BUY, S_SUN_SECURE])
def test_a_pass_is_for_the_rest_of_the_week_and_the_phase_runs_until_all_passed(step: int) -> None:
    """p. 17, 18, 20, 21, 22: who passes may not act again this week in that phase; the
    others go on until everybody has passed."""
    s = at_step(step, 4)
    first = s.scalars[3]
    play(s, first, "pass")
    for _ in range(200):
        if s.scalars[1] != step or s.scalars[2] != D_TURN:
            break
        assert s.scalars[3] != first
        p = s.scalars[3]
        legal = s.legal(p)
        play(s, p, legal[0].type, **legal[0].fields) if legal[0].type != "pass" else play(s, p, "pass")
        if s.scalars[2] not in (D_TURN,) and s.scalars[1] == step:
            legal = s.legal(s.to_act()[0])  # a shrine choice after a purchase
            s.apply(s.to_act()[0], legal[-1])
    assert s.scalars[1] != step or s.scalars[2] != D_TURN


def test_a_second_contract_of_a_craftsman_needs_two_members_at_home() -> None:
    """p. 18: the second contract of a craftsman this week takes 2 members (the third 3)."""
    s = at_step(S_THU_CONTRACT, 4)
    p = s.scalars[3]
    s.commissioned[0] = 1
    s.cf_owner[0], s.cf_n[0], s.cf_len[0] = (p + 1) % 4, 1, 1
    s.home[(p + 1) % 4] -= 1
    s.mats[p * 5:(p + 1) * 5] = [1, 1, 0, 0, 0]
    s.home[p] = 1
    for m in range(5):
        s.bag[m] = 18 - sum(s.mats[m::5]) - sum(s.stall_mats[m::5])
    s.mknown = s.mats[:]
    s.msecret = [0] * 4
    fix_box(s)
    assert Action("commission", craftsman=0) not in s.legal(p)
    snap = s.to_json()
    with pytest.raises(IllegalAction):
        play(s, p, "commission", craftsman=0)
    assert s.to_json() == snap
    s.home[p] = 2
    fix_box(s)
    play(s, p, "commission", craftsman=0)
    assert s.cf_n[1] == 2 and s.home[p] == 0


def test_contracts_below_the_stick_can_be_served_by_the_extra_dice() -> None:
    """p. 18 N.B.: members may go on contract fields above or below the stick; the extra
    dice may then move the stick down so that those contracts are served the same day."""
    s = at_step(S_THU_CONTRACT, 4)
    p = s.scalars[3]
    s.sticks = [0, 0, 0, 0, 0]
    s.mats[p * 5:(p + 1) * 5] = [1, 1, 0, 0, 0]
    for m in range(5):
        s.bag[m] = 18 - sum(s.mats[m::5]) - sum(s.stall_mats[m::5])
    s.mknown = s.mats[:]
    s.msecret = [0] * 4
    s._legal = None
    assert "below the stick" in s.describe(p, Action("commission", craftsman=0), p)
    play(s, p, "commission", craftsman=0)
    until(s, lambda st: st.scalars[1] > S_THU_CONTRACT)
    s.queue.clear()
    s.scalars[6] = 1
    s.scalars[1] = S_THU_DICE
    s._advance()
    good = COMP.products[0]
    before = s.goods[p * 5 + good]
    s.apply(CHANCE, Action("roll", face=1))
    resolve_chance(s)
    assert s.goods[p * 5 + good] == before + 1


def test_thursday_street_members_come_home_in_the_evening() -> None:
    """p. 19 'Spostamenti': after the goods, the Thursday street field's members come home
    (not in week 1); only then the members served go onto it."""
    s = at_step(S_THU_CONTRACT, 4, week=2)
    p = s.scalars[3]
    s.street[p * 4 + THU] = 3
    s.home[p] -= 3
    fix_box(s)
    home = s.home[p]
    assert s.street[p * 4 + THU] == 3
    until(s, lambda st: st.scalars[1] > S_THU_CONTRACT + 2)
    assert s.home[p] == home + 3 and s.street[p * 4 + THU] == 0


def test_ships_sail_loaded_or_not_and_the_port_moves_up() -> None:
    """p. 21 N.B.: the ships sail whether their holds are full or not; the sailed ships
    are set aside; the rest move towards place I and the empty places are filled."""
    s = at_step(S_SAT_SAIL, 4)
    s.scalars[7] = 2
    first, second, third, fourth = s.port
    money = s.money[:]
    s._advance()
    assert s.money == money
    assert s.ship_discard[first] and s.ship_discard[second]
    assert s.port[:2] == [third, fourth] and s.queue[:2] == [(4, 2), (4, 3)]


def test_the_ship_deck_is_reshuffled_when_empty() -> None:
    """p. 21: if the ship deck is exhausted, the set-aside ships are shuffled into a new
    deck."""
    s = at_step(S_SAT_SAIL, 4)
    s.scalars[7] = 1
    s.ship_discard = [x for x in s.ship_deck]
    s.ship_deck = [0] * 16
    first = s.port[0]
    s._advance()
    assert s.to_act() == (CHANCE,)
    outs = [a.card for a, _ in s.chance_outcomes()]
    assert first in outs and len(outs) == 13  # the 12 set aside before and the one just sailed
    check_invariants(s)


def test_the_relic_deck_is_reshuffled_when_empty() -> None:
    """p. 22: if the relic deck is exhausted, the face-up discards are shuffled into a new
    deck to refill the display."""
    s = at_step(S_SUN_BUY, 4)
    for c in range(48):
        if s.relic_deck[c]:
            s.relic_deck[c] = 0
            s.relic_discard[c] = 1
    s.passed = [1] * 4
    s.scalars[2] = 0
    s.scalars[1] = S_SUN_SECURE + 1
    s._legal = None
    s._advance()
    assert s.to_act() == (CHANCE,)
    assert sum(s.relic_deck) > 0 and sum(s.relic_discard) == 0
    resolve_chance(s)
    assert len(s.display) == 10
    check_invariants(s)


def test_nothing_to_secure_when_every_relic_is_sold() -> None:
    """p. 22 N.B.: when all relic cards have been sold, none can be secured."""
    s = at_step(S_SUN_BUY, 4)
    for card in s.display:
        s.relic_discard[card] = 1
    s.display, s.secured_by = [], []
    s.passed = [1] * 4
    s.scalars[2] = 0
    s.scalars[1] = S_SUN_SECURE
    s._legal = None
    s._advance()
    assert s.scalars[0] == 2 and s.scalars[1] < S_SUN_SECURE  # everybody passed at once


def test_secured_cards_on_the_extra_places_count_towards_the_ten() -> None:
    """p. 22 N.B.: secured relics from the ordinance's extra places count when the display
    is refilled to 10."""
    s = at_step(S_SUN_SECURE, 4)
    extra = [c for c in range(48) if s.relic_deck[c]][:2]
    for c in extra:
        s.relic_deck[c] = 0
        s.display.append(c)
        s.secured_by.append(-1)
    assert len(s.display) == 12
    s.secured_by = [0, 1, -1, -1, -1, -1, -1, -1, -1, -1, 2, 3]
    for p in range(4):
        s.home[p] -= 1
    s.passed = [1] * 4
    s.scalars[2] = 0
    s.scalars[1] = S_SUN_SECURE + 1
    s._legal = None
    s._advance()
    assert s.queue.count((5, 0)) == 6  # 4 secured stay: 6 new cards make 10
    resolve_chance(s)
    assert len(s.display) == 10 and sum(1 for o in s.secured_by if o >= 0) == 4
    check_invariants(s)


def test_shrines_lie_in_front_of_the_screen_relics_behind_it() -> None:
    """p. 22: a shrine with its relic lies in front of the screen (public); relics are kept
    behind the screen without being shown."""
    s = at_step(S_SUN_BUY, 4)
    p = s.scalars[3]
    s.relic_owner[0] = p
    s.relic_owner[11] = p
    for c in (0, 11):
        s.relic_deck[c] = s.relic_discard[c] = 0
        if c in s.display:
            i = s.display.index(c)
            del s.display[i]
            del s.secured_by[i]
    s.shrine[0] = 0
    other = (p + 1) % 4
    seen = s.view(other)["players_info"][p]
    assert seen["relics"] is None
    assert seen["shrines"] == [{"city": "Bergen", "relic": seen["shrines"][0]["relic"]}]
    assert seen["shrines"][0]["relic"]["card"] == 0


def test_the_saturday_vote_comes_before_the_ships_sail() -> None:
    """p. 21: on Saturday the ordinance is voted first, then the ships sail."""
    s = at_step(S_WED_BUY, 4)
    s.queue.clear()
    port = s.port[:]
    _put_to_vote(s, ["exchange"], 5)
    assert s.scalars[1] == S_SAT_VOTES and s.scalars[2] == D_VOTE
    assert s.port == port
    _all_vote(s, False)
    assert s.scalars[1] > S_SAT_VOTES


def test_loading_puts_the_goods_back_in_the_supply() -> None:
    """p. 20: the goods shown on the hold go back to the general supply."""
    s = at_step(S_FRI_LOAD, 4)
    p = s.scalars[3]
    a = next(x for x in s.legal(p) if x.type == "load")
    need = COMP.ships[s.port[a.ship]].holds[a.hold][0]
    supply = s.supply[:]
    s.apply(p, a)
    for g in set(need):
        assert s.supply[g] == supply[g] + need.count(g)
    check_invariants(s)


def test_materials_go_behind_the_screen_and_their_origin_is_public() -> None:
    """p. 17: the materials taken go behind the screen: others do not see the screen, but
    they saw the stall; p. 13 the bag holds the materials not on the board."""
    s = at_step(S_WED_BUY, 4)
    p = s.scalars[3]
    stall = next(a.stall for a in s.legal(p) if a.type == "buy_stall")
    on_stall = s.stall_mats[stall * 5:(stall + 1) * 5]
    play(s, p, "buy_stall", stall=stall)
    other = s.view((p + 1) % 4)["players_info"][p]
    assert other["materials"] is None
    assert list(other["materials_seen"].values()) == on_stall
    assert other["materials_blind"] == COMP.start_materials


def test_random_games_never_leave_a_seat_without_a_move() -> None:
    """The contract behind 'pass' everywhere: a seat to act always has a legal move."""
    rng = random.Random(9)
    for seed in range(3):
        match = random_playout(GAME, rng.choice((3, 4, 5, 6)), seed)
        assert match.state.over()



def _offer(s, card: int) -> None:
    for lst in (s.relic_deck, s.relic_discard):
        lst[card] = 0
    if card not in s.display:
        s.display.append(card)
        s.secured_by.append(-1)


def test_an_empty_shrine_is_filled_only_when_a_relic_is_bought_and_then_stays() -> None:
    """p. 22: a shrine may be left empty; each time its owner buys a relic of its city he
    decides at once whether to put it in; the relic stays in the shrine to the end; a
    shrine alone scores nothing (p. 23: 2 x 0)."""
    s = at_step(S_SUN_BUY, 4)
    p = s.scalars[3]
    london = 2
    shrine, old, new, later = london * 12 + 11, london * 12 + 0, london * 12 + 10, london * 12 + 9
    give_relic(s, p, old)
    for c in (shrine, new, later):
        _offer(s, c)
    s.money[p * 4 + london] = 100
    s._legal = None
    play(s, p, "buy_relic", card=shrine)
    assert set(s.legal(p)) == {Action("enshrine", card=old), Action("leave_shrine_empty")}
    play(s, p, "leave_shrine_empty")
    assert s.shrine[london] == -1 and s.score_items(p)["shrines"] == 0
    s.scalars[3] = p
    s.scalars[2] = D_TURN
    s.passed[p] = 0
    s._legal = None
    play(s, p, "buy_relic", card=new)
    # only the relic just bought may go in, not the old one
    assert set(s.legal(p)) == {Action("enshrine", card=new), Action("leave_shrine_empty")}
    play(s, p, "enshrine", card=new)
    assert s.shrine[london] == new
    s.scalars[3] = p
    s.scalars[2] = D_TURN
    s.passed[p] = 0
    s._legal = None
    play(s, p, "buy_relic", card=later)
    from reichsstadt.games.colonia.state import D_ENSHRINE

    assert s.shrine[london] == new and s.scalars[2] != D_ENSHRINE  # no second choice
    assert s.score_items(p)["shrines"] == COMP.relic_points[new]
    check_invariants(s)
