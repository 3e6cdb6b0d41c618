"""One test (or more) per rule of the Colonia week, each naming the rulebook passage
(the Italian translation of the rulebook, page numbers as printed) it checks."""

from __future__ import annotations

import pytest

from reichsstadt.core import CHANCE, Action, IllegalAction
from reichsstadt.games.colonia.constants import (
    D_FAMILY, D_TURN, D_VOTE, FRI, Q_EXTRA_DIE, Q_ORDINANCE, Q_SHIP, Q_WEEK_CARD, S_FRI_LOAD, S_SAT_SAIL,
    S_SUN_BUY, S_SUN_SECURE, S_THU_CONTRACT, S_THU_DICE, S_THU_GOODS, S_TUE_ORDER, S_WED_BUY, S_WED_START, THU, TUE,
    WED,
)

from tests.colonia.colonia_helpers import (
    COMP, at_step, check_invariants, edit, give_relic, fresh, offer_relic, play, put, put_to_vote, resolve_chance,
    text, until, vote_on, with_materials,
)


def test_setup_start_money_materials_good_members_ships_relics() -> None:
    """Setup (notes, public reviews): 5 of each currency, 4 materials from the bag, 1 good
    by a die; 38/30/25/21 members at home for 3/4/5/6 players; 4 ships; 10 relics shown."""
    for players, members in ((3, 38), (4, 30), (5, 25), (6, 21)):
        s = fresh(players)
        resolve_chance(s)
        while s.to_act() != (CHANCE,) and s.step <= 2 and s.decision != D_FAMILY:
            s.apply(s.to_act()[0], s.legal(s.to_act()[0])[0])  # a die's 6: choose a good
            resolve_chance(s)
        for p in range(players):
            assert s.money[p * 4:(p + 1) * 4] == [5, 5, 5, 5]
            assert sum(s.materials[p * 5:(p + 1) * 5]) == 4
            assert sum(s.goods[p * 5:(p + 1) * 5]) == 1
            assert s.home[p] == members and s.out_of_play[p] == 38 - members
        assert all(ship >= 0 for ship in s.port) and len(s.display) == 10
        check_invariants(s)


def test_start_good_die_six_is_the_players_choice() -> None:
    """Start good by die; on a 6 the player chooses (notes: reconstructed)."""
    s = fresh(3)
    resolve_chance(s, {"roll": 6})
    assert s.to_act() == (0,)
    assert [a.type for a in s.legal(0)] == ["choose_good"] * 5
    play(s, 0, "choose_good", good=3)
    assert s.goods[3] == 1


def test_monday_week_card_fills_stalls_sets_sticks_dice_and_ships() -> None:
    """p. 14-15, Monday: materials from the bag onto the stalls as the card shows; each
    craftsman's stick moved down by its ordinary contracts (the example: saddler 1,
    wainwright 2, painter 1, tailor 2, shoemaker 1; the die rolled 5 times); the stick
    of the port below the ships that sail (3 in the example)."""
    s = fresh(4)
    until(s, lambda st: st.chance_queue and st.chance_queue[0][0] == Q_WEEK_CARD)  # the week card is due
    bag_before = sum(s.bag)
    resolve_chance(s, {"draw_week": 0})
    card = COMP.week_cards[0]
    assert s.sticks == [1, 2, 1, 2, 1] and s.extra_dice == 5 and s.ships_sailing == 3
    assert s.stall_size[:len(card.stalls)] == list(card.stalls)
    assert bag_before - sum(s.bag) == sum(card.stalls)
    assert len(s.week_ordinances) == 3


def test_week_six_all_four_ships_sail() -> None:
    """p. 15: in the sixth (last) week all 4 ships leave, whatever the week card says."""
    s = fresh(4)
    until(s, lambda st: st.week == 6 and st.chance_queue and st.chance_queue[0][0] == Q_WEEK_CARD)
    resolve_chance(s, {"draw_week": [i for i in range(14) if not s.week_cards_used[i]][0]})
    assert s.ships_sailing == 4


def test_ordinances_sorted_by_day_equal_days_in_drawing_order() -> None:
    """p. 15: the three ordinances lie in ascending order of their numbers; equal numbers
    in the order they were drawn."""
    s = fresh(4)
    until(s, lambda st: st.chance_queue and st.chance_queue[0][0] == Q_ORDINANCE)  # ordinance draws due
    sat_a = next(i for i, o in enumerate(COMP.ordinances) if o.effect == "exchange")
    wed = next(i for i, o in enumerate(COMP.ordinances) if o.effect == "foreign_merchants")
    sat_b = next(i for i, o in enumerate(COMP.ordinances) if o.effect == "extra_relics")
    for o in (sat_a, wed, sat_b):
        s.apply(CHANCE, Action("draw_ordinance", card=o))
    assert s.week_ordinances == [wed, sat_a, sat_b]


def _tuesday(players: int = 4, week: int = 1):
    s = at_step(S_TUE_ORDER, players, week=week)
    assert s.decision == D_FAMILY
    return s


def test_family_card_sends_members_to_town_hall_and_gives_votes() -> None:
    """p. 16: green must put 6 members into the town hall and may then give 6 votes."""
    s = _tuesday()
    home = s.home[:]
    for p, v in enumerate((6, 4, 3, 8)):
        play(s, p, "family", value=v)
    resolve_chance(s)
    assert s.home[0] == home[0] - 6 and s.vote_weight[0] == 6
    assert s.street[0 * 4 + TUE] == 6  # the town hall empties onto the Tuesday street field
    assert s.order == [3, 0, 1, 2] and s.order[0] == 3  # highest card: mayor, first to play


def test_family_cards_choice_is_simultaneous_and_each_card_used_once() -> None:
    """p. 16: all choose one of their remaining cards face down and reveal together;
    p. 17 the played cards leave the game."""
    s = _tuesday()
    assert s.to_act() == (0, 1, 2, 3)
    play(s, 2, "family", value=5)
    assert s.to_act() == (0, 1, 3)
    with pytest.raises(IllegalAction):
        play(s, 2, "family", value=6)
    for p in (0, 1, 3):
        play(s, p, "family", value=3)
    until(s, lambda st: st.week == 2 and st.decision == D_FAMILY)
    assert Action("family", value=5) not in s.legal(2)
    assert Action("family", value=3) not in s.legal(0) and len(s.legal(0)) == 5


def test_shortfall_takes_from_street_fields_tuesday_first_and_card_counts_zero() -> None:
    """p. 16, Eccezione: without enough members at home a player takes them from the
    Tuesday street field, then the following ones; the card then counts 0: turned face
    down, no votes, last in turn order."""
    s = _tuesday(week=2)
    s = edit(s, box=True, family_cards_used=[False] * 24, home=put(s.home, 1, 2), street=put(s.street, 4, 3, 5, 0, 0))
    values = {0: 4, 1: 8, 2: 5, 3: 6}
    for p in range(4):
        value = values[p] if Action("family", value=values[p]) in s.legal(p) else s.legal(p)[0].value
        play(s, p, "family", value=value)
    resolve_chance(s)
    assert s.card_face_down[1] and s.card_value[1] == 0 and s.vote_weight[1] == 0
    assert s.order[-1] == 1
    # 2 from home, 3 from Tuesday, 3 from Wednesday; the 2 left on the Wednesday field
    # stay there until Wednesday evening
    assert s.step == S_WED_BUY
    assert s.home[1] == 0 and s.street[1 * 4 + WED] == 2
    assert s.street[1 * 4 + TUE] == 8      # the town hall's 8 go to the Tuesday street field
    assert s.view(0)["seats"][1]["card_face_down"]


def test_equal_family_cards_play_in_reverse_of_previous_order() -> None:
    """p. 17 example: violet 7, green 3, yellow and red 5; last week yellow played second
    and red last, so this week: violet, red, yellow, green."""
    yellow, red, green, violet = 0, 1, 2, 3
    s = _tuesday(week=2)
    s = edit(s, previous_order=[green, yellow, violet, red], family_cards_used=[False] * 24)
    cards = {violet: 7, green: 3, yellow: 5, red: 5}
    for p, v in cards.items():
        play(s, p, "family", value=v)
    resolve_chance(s)
    assert s.order == [violet, red, yellow, green]


def test_week_one_equal_cards_decided_by_a_die() -> None:
    """p. 17 N.B.: in the first week a die decides between equal cards."""
    s = _tuesday()
    for p, v in enumerate((5, 5, 8, 3)):
        play(s, p, "family", value=v)
    assert s.to_act() == (CHANCE,)
    outs = s.chance_outcomes()
    assert sorted(a.seat for a, _ in outs) == [0, 1] and all(abs(pr - 0.5) < 1e-12 for _, pr in outs)
    s.apply(CHANCE, Action("tie_first", seat=1))
    resolve_chance(s)
    assert s.order == [2, 1, 0, 3]


def test_several_zero_cards_play_last_in_reverse_order() -> None:
    """p. 16 N.B.: several players with cards worth 0 play last, in reversed order."""
    s = _tuesday(week=2)
    s = edit(s, box=True, previous_order=[0, 1, 2, 3], home=put(s.home, 0, 0, 0),
             street=put(s.street, 0, *[0] * 8))
    for p, v in enumerate((6, 7, 4, 3)):
        play(s, p, "family", value=v if Action("family", value=v) in s.legal(p) else s.legal(p)[0].value)
    resolve_chance(s)
    assert s.order[2:] == [1, 0]


def test_tuesday_street_members_come_home_after_the_town_hall() -> None:
    """p. 17 'Spostamenti': the Tuesday street field's members come home (not in week 1),
    only then the town hall's members go onto it, until next Tuesday."""
    s = _tuesday(week=2)
    s = edit(s, box=True, street=put(s.street, 0 * 4 + TUE, 2), home=put(s.home, 0, s.home[0] - 2))
    home = s.home[0]
    for p in range(4):
        play(s, p, "family", value=s.legal(p)[0].value)
    v = s.family_card[0]
    resolve_chance(s)
    assert s.home[0] == home - v + 2 and s.street[0 * 4 + TUE] == v


def test_vote_11_to_7_is_rejected() -> None:
    """p. 16 example: violet (5) and green (3) vote yes, red (7) and yellow (4) no: 11 to
    7 for no, the ordinance is rejected."""
    yellow, red, green, violet = 0, 1, 2, 3
    s = at_step(S_WED_START, 4)
    size = s.stall_size[:]
    s = vote_on(s, "more_per_stall", {violet: True, green: True, red: False, yellow: False},
                vote_weight=[4, 7, 3, 5], card_face_down=[False] * 4, order=[red, violet, yellow, green])
    assert s.ordinance_result == [0] and s.stall_size == size
    last = s.view(None)["table"]["last_vote"]
    assert last["passed"] is False and (last["yes"], last["no"]) == (8, 11)


def test_mayor_breaks_a_tie_and_yes_majority_applies_at_once() -> None:
    """p. 17 Votazione: a tie is decided by the mayor's vote; a yes majority passes the
    ordinance (the Wednesday one then draws a material more for every stall)."""
    s = at_step(S_WED_START, 4)
    stalls = s.stall_count
    before = sum(s.stall_size)
    s = vote_on(s, "more_per_stall", {0: True, 1: False, 2: False, 3: True},
                vote_weight=[5, 5, 3, 3], card_face_down=[False] * 4, order=[0, 1, 2, 3])
    assert s.ordinance_result == [1]
    resolve_chance(s)
    assert sum(s.stall_size) == before + stalls
    s2 = at_step(S_WED_START, 4)
    s2 = vote_on(s2, "more_per_stall", {0: True, 1: False, 2: False, 3: True},
                 vote_weight=[5, 5, 3, 3], card_face_down=[False] * 4, order=[1, 0, 2, 3])
    assert s2.ordinance_result == [0]


def test_face_down_cards_do_not_vote_and_votes_are_secret_until_all_are_in() -> None:
    """p. 17: players with a face-down family card do not vote; the cards are revealed
    together."""
    s = at_step(S_WED_START, 4)
    s = put_to_vote(s, ["foreign_merchants"], card_face_down=[False, True, False, False], vote_weight=[3, 0, 4, 5])
    assert s.decision == D_VOTE and s.to_act() == (0, 2, 3)
    assert s.legal(1) == ()
    play(s, 2, "vote", yes=True)
    assert s.view(0)["seats"][2]["vote"] is None and s.view(0)["seats"][2]["voted"]
    assert s.view(2)["seats"][2]["vote"] == "yes"
    assert "secret" in text(s.describe(3, Action("vote", yes=False), 0), 0)


def test_market_purchase_of_six_materials_with_six_members() -> None:
    """p. 17 example: yellow takes the 6 materials of the first stall behind the screen
    and puts 6 family members on the empty stall."""
    s = at_step(S_WED_BUY, 4)
    assert s.decision == D_TURN
    p = s.actor
    # the stall's old materials back into the bag, then 2+1+1+1+1 out
    bag = [s.bag[m] + s.stall_materials[m] - [2, 1, 1, 1, 1][m] for m in range(5)]
    s = edit(s, bag=bag, stall_materials=put(s.stall_materials, 0, 2, 1, 1, 1, 1),
             stall_size=put(s.stall_size, 0, 6))
    mats, home = s.materials[p * 5:(p + 1) * 5], s.home[p]
    words = text(s.describe(p, Action("buy_stall", stall=0), None))
    assert "6 materials of stall 1" in words and "6 members" in words
    play(s, p, "buy_stall", stall=0)
    assert s.materials[p * 5:(p + 1) * 5] == [a + b for a, b in zip(mats, [2, 1, 1, 1, 1])]
    assert s.home[p] == home - 6 and s.placed_today[p] == 6  # on the stall until the evening
    assert s.stall_buyer[0] == p and s.stall_materials[0:5] == [0] * 5


def test_passing_ends_buying_for_the_week_and_leftovers_return_to_the_bag() -> None:
    """p. 17-18: a player who passes buys no more this week; buying goes on until all
    have passed; materials left on the stalls go back into the bag."""
    s = at_step(S_WED_BUY, 4)
    p = s.actor
    play(s, p, "pass")
    assert s.passed[p] and p not in s.to_act()
    until(s, lambda st: st.step > S_WED_BUY)
    assert s.stall_materials == [0] * len(s.stall_materials)
    check_invariants(s)


def test_a_stall_needs_as_many_members_at_home_as_materials() -> None:
    """p. 17: the buyer puts as many members from home as the materials taken; p. 16 N.B.
    without members at home there is no action."""
    s = at_step(S_WED_BUY, 4)
    p = s.actor
    s = edit(s, box=True, home=put(s.home, p, 3))
    for a in s.legal(p):
        if a.type == "buy_stall":
            assert s.stall_size[a.stall] <= 3
    big = next(i for i in range(s.stall_count) if s.stall_size[i] > 3)
    with pytest.raises(IllegalAction):
        play(s, p, "buy_stall", stall=big)


def _thursday():
    s = at_step(S_THU_CONTRACT, 4)
    assert s.decision == D_TURN
    return s


def test_saddle_contracts_cost_one_then_two_members() -> None:
    """p. 18 example: violet commissions a saddle first: returns 1 leather and 1 iron to
    the bag and puts 1 member on the topmost free field; green then puts 2 members on
    the next field; a third contract would cost 3."""
    s = _thursday()
    first, second = s.order[0], s.order[1]
    for p, mats in ((first, [1, 1, 0, 0, 0]), (second, [1, 1, 0, 0, 0]), (s.order[2], [0] * 5), (s.order[3], [0] * 5)):
        s = with_materials(s, p, mats)
    s = edit(s, passed=[False] * 4, actor=first)
    bag = s.bag[:]
    home = s.home[first]
    play(s, first, "commission", craftsman=0)
    assert s.bag[0] == bag[0] + 1 and s.bag[1] == bag[1] + 1
    assert s.contract_owner[0] == first and s.contract_members[0] == 1 and s.home[first] == home - 1
    assert s.to_act() == (second,)
    assert "2 members on contract field 2" in text(s.describe(second, Action("commission", craftsman=0), None))
    play(s, second, "commission", craftsman=0)
    assert s.contract_owner[1] == second and s.contract_members[1] == 2 and s.commissioned[0] == 2


def test_extra_contract_dice_move_one_stick_or_all_on_a_six() -> None:
    """p. 19: the die is rolled as often as the week card shows; 1-5 moves that
    craftsman's stick down a field, a 6 moves all five."""
    s = at_step(S_THU_DICE, 4)
    s = edit(s, extra_dice=3, sticks=[0, 1, 2, 3, 4]).run_on()
    assert s.chance_queue[0] == (Q_EXTRA_DIE, 0) and len(s.chance_queue) == 3
    assert s.to_act() == (CHANCE,) and len(s.chance_outcomes()) == 6
    s.apply(CHANCE, Action("roll", face=4))
    assert s.sticks == [0, 1, 2, 4, 4]
    s.apply(CHANCE, Action("roll", face=6))
    assert s.sticks[:4] == [1, 2, 3, 5]


def test_goods_one_per_field_above_the_stick_rest_slides_up_and_waits() -> None:
    """p. 19: each occupied field above the stick gives its owner one good, however many
    members; those members go to the Thursday street field; the sticks return to the
    top; fields below move up keeping their order, and the next week's first new
    contract again costs 1 member (example: red gets 2 paintings, green 1, yellow 0)."""
    red, green, yellow = 0, 1, 2
    s = at_step(S_THU_GOODS, 4)
    f = COMP.contract_fields
    painter = 2
    owners = [red, green, red, yellow, yellow]
    counts = [1, 2, 3, 4, 5]
    home = s.home[:]
    for o, k in zip(owners, counts):
        home[o] -= k
    goods = s.goods[:]
    street = s.street[:]
    s = edit(s, contract_owner=put(s.contract_owner, painter * f, *owners),
             contract_members=put(s.contract_members, painter * f, *counts), home=home,
             contracts_placed=put(s.contracts_placed, painter, 5), sticks=[0, 0, 3, 0, 0]).run_on()
    g = COMP.products[painter]
    assert s.goods[red * 5 + g] == goods[red * 5 + g] + 2
    assert s.goods[green * 5 + g] == goods[green * 5 + g] + 1
    assert s.goods[yellow * 5 + g] == goods[yellow * 5 + g]
    assert s.street[red * 4 + THU] == street[red * 4 + THU] + 4
    assert s.contracts_placed[painter] == 2 and s.contract_owner[painter * f:painter * f + 2] == [yellow, yellow]
    assert s.contract_members[painter * f:painter * f + 2] == [4, 5] and s.sticks == [0] * 5
    until(s, lambda st: st.step == S_WED_BUY and st.week == 2)
    assert s.commissioned == [0] * 5
    assert s.sticks[painter] == COMP.week_cards[s.week_card].contracts[painter]
    check_invariants(s)


def test_no_good_when_the_supply_is_exhausted() -> None:
    """Notes, Thursday: a good whose supply (12) is exhausted is not received."""
    s = at_step(S_THU_GOODS, 4)
    f = COMP.contract_fields
    g = COMP.products[0]
    before = s.goods[1 * 5 + g]
    s = edit(s, contract_owner=put(s.contract_owner, 0, 1), contract_members=put(s.contract_members, 0, 1),
             home=put(s.home, 1, s.home[1] - 1), contracts_placed=put(s.contracts_placed, 0, 1),
             sticks=[1, 0, 0, 0, 0], goods=put(s.goods, 2 * 5 + g, s.goods[2 * 5 + g] + s.goods_supply[g]),
             goods_supply=put(s.goods_supply, g, 0)).run_on()
    assert s.goods[1 * 5 + g] == before and s.street[1 * 4 + THU] >= 1
    assert f == 8


def test_loading_a_hold_returns_its_goods_and_takes_one_member() -> None:
    """p. 20: the player returns exactly the goods shown on the hold and puts 1 member
    from home on it; each hold is filled once."""
    s = at_step(S_FRI_LOAD, 4)
    assert s.decision == D_TURN
    p = s.actor
    ship = s.port[0]
    need, value = COMP.ships[ship].holds[0]
    goods, supply = s.goods[:], s.goods_supply[:]
    for g in need:
        goods[p * 5 + g] += 1
        supply[g] -= 1
    s = edit(s, goods=goods, goods_supply=supply)
    goods, home = s.goods[:], s.home[p]
    play(s, p, "load", ship=0, hold=0)
    for g in need:
        assert s.goods[p * 5 + g] == goods[p * 5 + g] - 1
    assert s.home[p] == home - 1 and s.hold_owner[0] == p
    for q in range(4):
        assert Action("load", ship=0, hold=0) not in s.legal(q)


def test_ships_above_the_stick_sail_and_pay_in_their_currency() -> None:
    """p. 21: from place I, each marked hold pays its value in the ship's currency (red
    receives 9 Gulden for a Brügge ship); those members go to the Friday street field;
    ships that stay keep their members; the rest move up and the port is refilled."""
    s = at_step(S_SAT_SAIL, 4)
    sailing, staying = s.port[0], s.port[1]
    city = COMP.ships[sailing].city
    value = COMP.ships[sailing].holds[0][1]
    money = s.money[:]
    fri = s.street[1 * 4 + FRI]
    s = edit(s, ships_sailing=1, hold_owner=put(s.hold_owner, 0, 1, -1, -1, -1, 2),
             home=put(s.home, 1, s.home[1] - 1, s.home[2] - 1)).run_on()
    assert s.money[1 * 4 + city] == money[1 * 4 + city] + value
    assert s.street[1 * 4 + FRI] == fri + 1
    assert s.port[0] == staying and s.hold_owner[0] == 2   # moved up, member aboard
    assert s.ship_discard[sailing] == 1
    assert s.to_act() == (CHANCE,) and s.chance_queue[0] == (Q_SHIP, 3)  # place IV refilled from the deck
    resolve_chance(s)
    assert all(x >= 0 for x in s.port)
    check_invariants(s)


def test_friday_street_members_come_home_on_friday_evening() -> None:
    """p. 20 'Spostamenti': after the loading, the members on the Friday street field come
    home (not in week 1): they cannot load a ship that Friday."""
    s = at_step(S_FRI_LOAD, 4, week=2)
    p = s.actor
    s = edit(s, box=True, home=put(s.home, p, 0), street=put(s.street, p * 4 + FRI, 2))
    assert s.legal(p) == (Action("pass"),) or all(a.type == "pass" for a in s.legal(p))
    until(s, lambda st: st.step > S_FRI_LOAD)
    assert s.street[p * 4 + FRI] == 0 and s.home[p] == 2


def test_relics_are_paid_in_their_own_currency() -> None:
    """p. 21: the relic's price is paid in the currency of its city."""
    s = at_step(S_SUN_BUY, 4)
    p = s.actor
    card = s.display[0]
    city = card // 12
    s = edit(s, money=put(s.money, p * 4, *[50 if c == (city + 1) % 4 else 0 for c in range(4)]))
    assert Action("buy_relic", card=card) not in s.legal(p)
    s = edit(s, money=put(s.money, p * 4 + city, COMP.relic_price[card]))
    play(s, p, "buy_relic", card=card)
    assert s.money[p * 4 + city] == 0 and s.relic_owner[card] == p and card not in s.display


def test_shrine_holds_one_relic_of_its_city_and_doubles_it() -> None:
    """p. 22: a shrine may take one relic of its own city, chosen when either card is
    bought, and keeps it to the end; it doubles that relic's points (green: 8 instead of 4)."""
    s = at_step(S_SUN_BUY, 4)
    p = s.actor
    brugge = 1
    relic = brugge * 12 + 9  # price 14, 4 points
    shrine = brugge * 12 + 11
    twin = brugge * 12 + 8       # another relic of 4 points: a card of its own
    s = give_relic(s, p, relic)
    s = give_relic(s, p, twin)
    s = offer_relic(s, shrine, money=put(s.money, p * 4 + brugge, 9))   # the shrine for sale
    play(s, p, "buy_relic", card=shrine)
    assert s.to_act() == (p,)
    # 'associare direttamente una reliquia in suo possesso': any one card of the city
    assert set(s.legal(p)) == {Action("enshrine", card=relic), Action("enshrine", card=twin),
                               Action("leave_shrine_empty")}
    play(s, p, "enshrine", card=relic)
    assert s.shrine_relic[brugge] == relic
    assert s.score_items(p)["shrines"] == 4 and s.score_items(p)["relics"] == 8
    check_invariants(s)


def test_securing_relics_and_buying_a_secured_one_returns_the_member() -> None:
    """p. 22: a member from home secures one displayed relic; unsecured relics go to the
    face-up discard pile; a secured card stays until bought, and its buyer returns the
    member to its owner; the display is refilled to 10, secured cards included."""
    s = at_step(S_SUN_SECURE, 4)
    assert s.decision == D_TURN
    p = s.actor
    card = s.display[0]
    home = s.home[p]
    play(s, p, "secure", card=card)
    assert s.home[p] == home - 1 and s.secured_by[0] == p
    until(s, lambda st: st.week == 2 and st.decision == D_FAMILY)
    assert card in s.display and s.secured_by[s.display.index(card)] == p
    assert len(s.display) == 10
    assert sum(s.relic_discard) >= 1
    until(s, lambda st: st.step == S_SUN_BUY and st.decision == D_TURN)
    buyer = s.actor
    s = edit(s, money=put(s.money, buyer * 4 + card // 12, 99))
    owner_home = s.home[p]
    play(s, buyer, "buy_relic", card=card)
    assert s.home[p] == owner_home + 1 + (0 if buyer != p else 0)
    check_invariants(s)


def test_members_locked_until_the_same_day_next_week() -> None:
    """p. 17 N.B.: used members stay on the street field and can be used again only 8 days
    later; p. 18 'Spostamenti': on Wednesday the street field's members come home after
    the market, and only then the stall members go onto it."""
    s = at_step(S_WED_BUY, 4)
    p = s.actor
    stall = next(a.stall for a in s.legal(p) if a.type == "buy_stall")
    k = s.stall_size[stall]
    play(s, p, "buy_stall", stall=stall)
    until(s, lambda st: st.step > S_WED_BUY)
    assert s.street[p * 4 + WED] == k and s.placed_today[p] == 0  # Wednesday evening
    until(s, lambda st: st.week == 2 and st.decision == D_FAMILY)
    assert s.street[p * 4 + WED] == k  # still locked on next Tuesday
    until(s, lambda st: st.week == 2 and st.step == S_WED_BUY and st.decision == D_TURN)
    assert s.street[p * 4 + WED] == k  # still locked during next Wednesday's market
    home = s.home[p]
    until(s, lambda st: st.step > S_WED_BUY)
    assert s.street[p * 4 + WED] == 0 and s.home[p] == home + k  # home on the 8th day's evening
