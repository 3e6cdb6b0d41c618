"""One test (or more) per rule of the rulebook, named by its section; positions are built
directly with the helpers, and the rulebook's worked examples are tests."""

from __future__ import annotations

import pytest
from tests.siedler.siedler_helpers import (
    act, draw, edit, gi, give_settlement, hand, has, legal_types, main_phase, offer, put, set_hand, set_settlement,
    set_workshop, start, words,
)

from reichsstadt.core import CHANCE, IllegalAction
from reichsstadt.i18n import render
from reichsstadt.games.siedler.constants import (
    P_COUNCIL, P_DISCARD, P_DRAW, P_LEHM, P_MAIN, P_OVER, P_ROBBER, P_STEAL, P_STEAL_CARD, P_WEGEZOLL_CARD, REMOVED,
)

WHITE, RED, BLUE, ORANGE = 0, 1, 2, 3


# -- 3. setup (beginner) ---------------------------------------------------------------
def test_3_beginner_setup_cards_gold_and_rights_of_way():
    """3.: two gold, one card per terrain of the starred settlement (white: two grain and
    one wool); white holds Venice (III), red Prague (II), blue V, orange IV."""
    s = start()
    assert s.gold == [2, 2, 2, 2]
    assert hand(s, WHITE) == {"grain": 2, "wool": 1}
    assert s.right_of_way == [-1, RED, WHITE, ORANGE, BLUE]
    assert s.robber == -1 and s.components.years[s.time_stone] == 1355
    assert [s.victory_points(p) for p in range(4)] == [3, 3, 3, 3]


def test_3_kleiner_rat_removed_with_three_players():
    """3. and 6.3: the Kleiner Rat is not used with three players."""
    assert start(3).council_holder == [-1, REMOVED, -1]
    assert start(4).council_holder == [-1, -1, -1]


def test_4_turn_sequence_draw_then_actions_then_next_clockwise():
    """4.: draw an event card, then trade/build/produce in any order, then the next player."""
    s = start(first=2)
    assert s.to_act() == (CHANCE,) and s.phase == P_DRAW
    draw(s, 3)
    assert s.to_act() == (BLUE,) and s.phase == P_MAIN
    act(s, BLUE, "end")
    assert s.phase == P_DRAW
    draw(s, 6)
    assert s.to_act() == (ORANGE,)
    act(s, ORANGE, "end")
    draw(s, 8)
    assert s.to_act() == (WHITE,)


# -- 5.1 harvest ---------------------------------------------------------------------------
def test_5_1_1_harvest_each_settlement_next_to_the_numbered_terrains():
    """5.1.1, 1.6: white's lower settlement touches forest 3, hills 5, mountains 6; a 3
    gives white one wood. A 6 pays every settlement on its three terrains (white touches
    fields 6 and mountains 6)."""
    s = start()
    for p in range(4):
        s = set_hand(s, p)
    draw(s, 3)
    assert hand(s, WHITE) == {"wood": 1}
    assert hand(s, RED) == {"stone": 1} and hand(s, ORANGE) == {} and hand(s, BLUE) == {"wood": 1}
    s = start()
    for p in range(4):
        s = set_hand(s, p)
    draw(s, 6, "none")
    assert hand(s, WHITE) == {"grain": 1, "stone": 1}
    assert hand(s, BLUE) == {"wool": 1} and hand(s, RED) == {"stone": 1} and hand(s, ORANGE) == {}


def test_5_1_1_two_settlements_on_one_terrain_harvest_twice():
    """5.1.1: every settlement next to the numbered terrain yields one card, so a player with
    two settlements on it gets two. White's starred settlement III 3 touches fields 6 (and
    III 7 mountains 6); a second white settlement on fields 6 makes a 6 pay white two grain
    and one stone."""
    s = start()
    for p in range(4):
        s = set_hand(s, p)
    star = gi(s, "III", 3)
    fields6 = next(t for t in s.components.inter_terrains[star]
                   if s.components.terrain_type[t] == "fields" and s.components.terrain_num[t] == 6)
    other = next(i for i in s.components.terrain_inters[fields6] if s.settlement_owner[i] < 0)
    s = give_settlement(s, WHITE, other)
    draw(s, 6)
    assert hand(s, WHITE) == {"grain": 2, "stone": 1}


def test_5_1_1_only_two_terrains_carry_a_2():
    s = start()
    assert len(s.components.terrains_of_number[2]) == 2
    assert all(len(s.components.terrains_of_number[n]) == 3 for n in (3, 4, 5, 6, 8, 9, 10, 11, 12))


def test_6_1_robber_blocks_harvest():
    """6.1: a terrain holding the robber knight produces nothing."""
    s = start()
    for p in range(4):
        s = set_hand(s, p)
    s = edit(s, robber=s.components.terrain_ids.index("T27"))
    draw(s, 6, "none")
    assert hand(s, WHITE) == {"grain": 1} and hand(s, BLUE) == {"wool": 1}  # mountains 6 gives nothing


def test_5_1_1_supply_limit_nobody_gets_a_type_the_supply_cannot_pay():
    """Supply of 20 per type (notes): two stone claims on a 6 (white 1, red 1), one stone
    left: nobody gets stone."""
    s = start()
    for p in range(4):
        s = set_hand(s, p)
    s = set_hand(s, ORANGE, stone=19)
    left = sum(s.supply)
    draw(s, 6, "none")
    assert hand(s, RED) == {} and hand(s, ORANGE) == {"stone": 19}
    assert hand(s, WHITE) == {"grain": 1} and hand(s, BLUE) == {"wool": 1}  # the other types are paid
    assert sum(s.supply) == left - 2  # only the grain and the wool left the supply


# -- 5.2.1 trade -------------------------------------------------------------------------------
def test_5_2_1_bank_four_to_one_gold_both_ways():
    s = main_phase(start())
    s = set_hand(s, WHITE, gold=4, wood=4)
    assert not has(s, WHITE, "bank", give="grain")
    act(s, WHITE, "bank", give="wood", get="stone")
    assert hand(s, WHITE) == {"stone": 1}
    act(s, WHITE, "bank", give="gold", get="brick")
    assert s.gold[WHITE] == 0 and hand(s, WHITE) == {"stone": 1, "brick": 1}
    s = set_hand(s, WHITE, gold=0, wool=4)
    act(s, WHITE, "bank", give="wool", get="gold")
    assert s.gold[WHITE] == 1


def test_5_2_1_hauptmarkt_workshops_give_three_to_one_and_two_to_one():
    s = main_phase(start())
    s = set_hand(s, WHITE, wood=2, wool=3)
    assert not has(s, WHITE, "bank")
    s = set_workshop(s, 1, WHITE)  # the wood 2:1 corner
    assert has(s, WHITE, "bank", give="wood", get="grain") and not has(s, WHITE, "bank", give="wool")
    s = set_workshop(s, 0, WHITE)  # the 3:1 corner
    act(s, WHITE, "bank", give="wool", get="grain")
    act(s, WHITE, "bank", give="wood", get="grain")
    assert hand(s, WHITE) == {"grain": 2}


def test_5_2_1_player_trade_offer_accept_close():
    """5.2.1: the active player offers; others accept or decline; closing with one partner."""
    s = main_phase(start())
    s = set_hand(s, WHITE, gold=2, wood=2)
    s = set_hand(s, RED, stone=1)
    s = set_hand(s, BLUE, stone=2)
    s = set_hand(s, ORANGE)
    offer(s, WHITE, give=["wood", "gold"], want=["stone"], to=-1)
    assert set(s.to_act()) == {RED, BLUE, ORANGE}  # a simultaneous answer
    assert not has(s, ORANGE, "accept")  # no one may give what they lack
    act(s, RED, "accept")
    act(s, BLUE, "accept")
    act(s, ORANGE, "decline")
    assert s.to_act() == (WHITE,) and legal_types(s, WHITE) == {"close", "withdraw"}
    act(s, WHITE, "close", partner=BLUE)
    assert hand(s, WHITE) == {"wood": 1, "stone": 1} and s.gold[WHITE] == 1
    assert hand(s, BLUE) == {"stone": 1, "wood": 1} and s.gold[BLUE] == 3 and hand(s, RED) == {"stone": 1}
    assert s.phase == P_MAIN


def test_5_2_1_counter_offer_and_withdraw():
    s = main_phase(start())
    s = set_hand(s, WHITE, wood=2, grain=1)
    s = set_hand(s, RED, stone=2)
    offer(s, WHITE, give=["wood"], want=["stone"], to=RED)
    assert s.to_act() == (RED,)
    act(s, RED, "counter")
    act(s, RED, "give", resource="stone")
    act(s, RED, "done")
    act(s, RED, "want", resource="wood")
    act(s, RED, "want", resource="grain")
    act(s, RED, "done")
    assert has(s, WHITE, "take_counter", partner=RED)
    act(s, WHITE, "take_counter", partner=RED)
    assert hand(s, WHITE) == {"wood": 1, "stone": 1} and hand(s, RED) == {"stone": 1, "wood": 1, "grain": 1}
    offer(s, WHITE, give=["wood"], want=["grain"], to=RED)
    act(s, RED, "accept")
    act(s, WHITE, "withdraw")
    assert hand(s, WHITE) == {"wood": 1, "stone": 1}


def test_5_2_1_an_offer_and_a_counter_offer_are_one_line_of_the_log_each():
    """5.2.1: the active player "says what they want and what they give"; the log says so in
    one line when the offer goes out, and a counter-offer in one line once it stands. The
    steps that put them together card by card say nothing in the log (issue 19), while
    the list of moves keeps each step's own words."""
    s = main_phase(start())
    s = set_hand(s, WHITE, wood=2, grain=1)
    s = set_hand(s, RED, stone=2)

    def logged(seat: int, kind: str, viewer: int = BLUE, **fields) -> str | None:
        action = next(a for a in s.legal(seat)
                      if a.type == kind and all(a.fields.get(k) == v for k, v in fields.items()))
        said = s.log_words(seat, action, viewer)
        s.apply(seat, action)
        return None if said is None else render(said, viewer=viewer)

    assert logged(WHITE, "offer") is None
    assert words(s, WHITE, s.action_table.give[0], WHITE) == "offer 1 wood more"  # the list's words stay
    assert logged(WHITE, "give", resource="wood") is None
    assert logged(WHITE, "give", resource="wood") is None
    assert logged(WHITE, "done") is None
    assert logged(WHITE, "want", resource="stone") is None
    assert logged(WHITE, "done") is None
    assert logged(WHITE, "send", to=RED) == "offer 2 wood for 1 stone to Player 2"
    assert logged(RED, "counter") is None
    assert logged(RED, "give", resource="stone") is None
    assert logged(RED, "done") is None
    assert logged(RED, "want", resource="wood") is None
    assert logged(RED, "want", resource="grain") is None
    assert logged(RED, "done") == "counter-offer: 1 stone for 1 wood, 1 grain"
    assert logged(WHITE, "take_counter", partner=RED) == ("take Player 2's counter-offer: receive 1 stone for 1 wood, "
                                                          "1 grain")


def test_5_2_1_only_the_active_player_trades_and_offers_are_bounded():
    s = main_phase(start(offers_per_turn=1))
    s = set_hand(s, WHITE, wood=1)
    assert all(s.legal(p) == () for p in (RED, BLUE, ORANGE))
    act(s, WHITE, "offer")
    act(s, WHITE, "cancel")
    assert not has(s, WHITE, "offer")  # one offer per turn with this option
    assert not has(main_phase(start(offers_per_turn=0)), WHITE, "offer")


def test_5_2_1_declined_by_everyone_returns_to_the_turn():
    s = main_phase(start())
    s = set_hand(s, WHITE, wood=1)
    offer(s, WHITE, give=["wood"], want=["gold"], to=-1)
    for p in (RED, BLUE, ORANGE):
        act(s, p, "decline")
    assert s.phase == P_MAIN and hand(s, WHITE) == {"wood": 1}


# -- 5.2.2.1 toll stations ----------------------------------------------------------------------
def test_5_2_2_1_tolls_fill_from_the_city_and_right_of_way():
    """First toll next to the city, later ones on the nearest free segment; the first takes
    the right-of-way card, which moves only to a strict majority."""
    s = main_phase(start(), RED)
    s = set_hand(s, RED, wood=5, brick=5)
    assert s.right_of_way[0] == -1
    act(s, RED, "toll", road="I")
    assert s.toll_owner[s.components.seg_offset[0]] == RED and s.right_of_way[0] == RED
    s = main_phase(s, BLUE)
    s = set_hand(s, BLUE, wood=5, brick=5)
    act(s, BLUE, "toll", road="I")
    assert s.toll_owner[s.components.seg_offset[0] + 1] == BLUE and s.right_of_way[0] == RED  # a tie keeps the card
    act(s, BLUE, "toll", road="I")
    assert s.right_of_way[0] == BLUE  # strict majority
    assert hand(s, BLUE) == {"wood": 3, "brick": 3}


def test_q2_the_stub_is_no_segment():
    """Q2: a road of 9 segments takes 9 toll stations, not 10."""
    s = main_phase(start(), RED)
    for _ in range(7):
        s = set_hand(s, RED, wood=1, brick=1)
        act(s, RED, "toll", road="I")
    s = main_phase(s, BLUE)
    s = set_hand(s, BLUE, wood=1, brick=1)
    act(s, BLUE, "toll", road="I")
    act(s, BLUE, "end")
    s = main_phase(s, ORANGE)
    s = set_hand(s, ORANGE, wood=1, brick=1)
    act(s, ORANGE, "toll", road="I")
    s = set_hand(s, ORANGE, wood=1, brick=1)
    assert not has(s, ORANGE, "toll", road="I")
    assert all(o >= 0 for o in s.toll_owner[s.components.seg_offset[0]: s.components.seg_offset[0] + 9])


# -- 5.2.2.2 settlements ---------------------------------------------------------------------------
def test_5_2_2_2_settlement_needs_own_toll_and_the_distance_rule():
    s = main_phase(start(), RED)
    s = set_hand(s, RED, wood=1, wool=1, grain=1, brick=1)
    spots = {(a.road, a.at) for a in s.legal(RED) if a.type == "settle"}
    assert spots and {r for r, _ in spots} == {"II", "III"}  # red has tolls on roads II and III only
    assert ("II", 0) not in spots and ("III", 0) not in spots  # not the intersection touching the city
    # occupied: II 4 (red); III 3, 7 (white), 5 (red), 9 (orange): their neighbours are blocked
    assert spots == {("II", 1), ("II", 2), ("II", 6), ("II", 7), ("II", 8), ("II", 9), ("III", 1)}
    act(s, RED, "settle", road="II", at=2)
    assert s.settlement_owner[gi(s, "II", 2)] == RED and hand(s, RED) == {}
    s = set_hand(s, RED, wood=1, wool=1, grain=1, brick=1)
    assert not has(s, RED, "settle", road="II", at=1) and not has(s, RED, "settle", road="II", at=3)


def test_5_2_2_2_adjacent_intersections_of_different_roads_are_fine():
    """The distance rule counts along the road only."""
    s = main_phase(start(), WHITE)
    s = set_hand(s, WHITE, wood=2, brick=1, wool=1, grain=1)
    act(s, WHITE, "toll", road="IV")
    s = set_hand(s, WHITE, wood=1, wool=1, grain=1, brick=1)
    # orange's settlement on IV at 1: its neighbours 0 (the city) and 2 are blocked, 3+ are open
    spots = {a.at for a in s.legal(WHITE) if a.type == "settle" and a.road == "IV"}
    assert spots == {3, 4, 5, 6, 7}
    m = s.components
    near_iv = set(m.inter_terrains[gi(s, "IV", 1)])
    assert near_iv & set(m.inter_terrains[gi(s, "I", 1)]) or near_iv & set(m.inter_terrains[gi(s, "II", 1)])


# -- 5.2.2.3 workshops ----------------------------------------------------------------------------
def test_5_2_2_3_workshops_on_red_intersections_one_each_no_distance_rule():
    s = main_phase(start(), BLUE)
    s = set_hand(s, BLUE, grain=2, stone=3)
    assert sum(1 for a in s.legal(BLUE) if a.type == "workshop") == 12
    act(s, BLUE, "workshop", spot=6)
    assert s.workshop_owner[6] == BLUE and hand(s, BLUE) == {} and s.victory_points(BLUE) == 4
    s = set_hand(s, BLUE, grain=2, stone=3)
    assert not has(s, BLUE, "workshop", spot=6)
    act(s, BLUE, "workshop", spot=7)  # next to the first: allowed


# -- 5.2.2.4 walls and 5.2.2.5 towers ------------------------------------------------------------
def test_5_2_2_4_wall_in_order_one_prestige_from_the_start_q1():
    """5.2.2.4, Q1: wall pieces need no workshop; brick + 3 gold; 1 prestige each."""
    s = main_phase(start())
    s = set_hand(s, WHITE, gold=6, brick=2)
    act(s, WHITE, "wall")
    act(s, WHITE, "wall")
    assert s.wall_builders == [WHITE, WHITE] and s.prestige[WHITE] == 2 and s.gold[WHITE] == 0
    assert not has(s, WHITE, "wall")


def test_5_2_2_5_tower_needs_open_triangle_and_bauhof_workshop():
    s = main_phase(start())
    s = set_hand(s, WHITE, gold=30, brick=10, wood=2)
    for _ in range(3):
        act(s, WHITE, "wall")
    s = set_workshop(s, 4, WHITE)  # next to the Bauhof
    assert not has(s, WHITE, "tower")  # the triangle after piece 3 opens with piece 4
    act(s, WHITE, "wall")
    assert has(s, WHITE, "tower", triangle=0)
    s = set_workshop(s, 4, None)
    assert not has(s, WHITE, "tower")
    s = set_workshop(s, 5, WHITE)
    act(s, WHITE, "tower", triangle=0)
    assert s.prestige[WHITE] == 6 and s.tower_owner[0] == WHITE
    assert not has(s, WHITE, "tower", triangle=0)


# -- 5.2.3 produce and sell ------------------------------------------------------------------------
def test_5_2_3_produce_and_sell_with_toll_and_doubling():
    """1.12/5.2.3: Zirkel (wood + stone) sell in Frankfurt for 3; the right-of-way holder of
    road I gets the toll; 1.13: a workshop on a Zirkel space doubles to 6, toll unchanged.
    Q1: no workshop needed to produce; repeatable."""
    s = main_phase(start())
    s = put(s, "right_of_way", 0, RED)
    s = set_hand(s, WHITE, gold=0, wood=2, stone=2)
    s = set_hand(s, RED, gold=0)
    act(s, WHITE, "produce", good="Zirkel")
    assert s.gold[WHITE] == 2 and s.gold[RED] == 1
    s = set_workshop(s, 6, WHITE)  # touches a Zirkel space
    act(s, WHITE, "produce", good="Zirkel")
    assert s.gold[WHITE] == 2 + 5 and s.gold[RED] == 2 and hand(s, WHITE) == {}


def test_5_2_3_no_toll_to_oneself():
    s = main_phase(start())
    s = set_hand(s, WHITE, gold=0, grain=1, wool=1)
    act(s, WHITE, "produce", good="Tand")  # Venice: white holds road III
    assert s.gold[WHITE] == 2


# -- 6.1 / 8.5 Raubritter ----------------------------------------------------------------------------
def test_6_1_raubritter_discard_move_steal():
    s = start()
    s = set_hand(s, WHITE, wood=4, stone=5)  # 9 cards: discards 4
    s = set_hand(s, RED, wood=8)             # 8 cards: discards 4
    s = set_hand(s, BLUE, wood=7)            # 7 cards: keeps them
    s = set_hand(s, ORANGE, gold=5)
    draw(s, None, "raubritter")
    assert s.phase == P_DISCARD and set(s.to_act()) == {WHITE, RED}
    for _ in range(4):
        act(s, WHITE, "discard", resource="stone")
        act(s, RED, "discard", resource="wood")
    assert hand(s, WHITE) == {"wood": 4, "stone": 1} and hand(s, RED) == {"wood": 4}
    assert s.phase == P_ROBBER and s.to_act() == (WHITE,)
    assert len(s.legal(WHITE)) == 29
    act(s, WHITE, "robber", terrain=5)
    assert s.robber == 5 and s.view(None)["table"]["robber"] == s.components.terrain_ids[5]
    assert not any(a.type == "robber" for a in s.legal(WHITE)), "the robber knight moves once per Raubritter"
    assert s.phase == P_STEAL and not has(s, WHITE, "steal", victim=ORANGE)  # gold is no card
    act(s, WHITE, "steal", victim=BLUE)
    assert s.phase == P_STEAL_CARD and s.chance_outcomes() == [(s.action_table.card[0], 1.0)]
    s.apply(CHANCE, s.action_table.card[0])
    assert hand(s, WHITE) == {"wood": 5, "stone": 1} and s.gold[ORANGE] == 5 and s.phase == P_MAIN


def test_6_1_robber_moves_to_a_different_terrain():
    s = start()
    s = edit(s, robber=3)
    for p in range(4):
        s = set_hand(s, p)
    draw(s, None, "raubritter")
    assert s.phase == P_ROBBER and not has(s, WHITE, "robber", terrain=3) and len(s.legal(WHITE)) == 28
    act(s, WHITE, "robber", terrain=4)
    assert s.phase == P_MAIN  # nobody holds a card: no steal


# -- 6.3 council cards, Q3 ---------------------------------------------------------------------------
def _walls(s, p, k):
    s = main_phase(s, p)
    s = set_hand(s, p, gold=3 * k, brick=k)
    for _ in range(k):
        act(s, p, "wall")
    return s


def test_6_3_council_cards_in_order_of_reaching_three():
    s = start()
    s = _walls(s, WHITE, 3)
    s = _walls(s, RED, 3)
    s = _walls(s, BLUE, 3)
    assert s.council_holder == [WHITE, RED, BLUE]
    assert s.victory_points(WHITE) == 3 + 4 and s.victory_points(RED) == 3 + 3 and s.victory_points(BLUE) == 3 + 2
    s3 = start(3)
    s3 = _walls(s3, WHITE, 3)
    s3 = _walls(s3, RED, 3)
    assert s3.council_holder == [WHITE, REMOVED, RED]  # the second takes the Grosser Rat with 3 players


@pytest.mark.parametrize("players", [3, 4])
def test_q3_prestige_counts_one_point_at_a_time(players):
    """Q3: A reaches 3 and takes the top card; B reaches 4 with a tower: at 3 B takes the
    highest remaining card, at 4 B passes A and they swap."""
    s = start(players)
    s = _walls(s, WHITE, 3)
    s = _walls(s, RED, 2)
    s = set_workshop(s, 4, RED)
    s = set_hand(s, RED, gold=6, brick=2, wood=1)
    act(s, RED, "wall")  # piece 6 ... the triangle after piece 3 is open
    assert s.prestige[RED] == 3
    second = 1 if players == 4 else 2
    assert s.council_holder[second] == RED
    act(s, RED, "tower", triangle=0)
    assert s.prestige[RED] == 5 and s.council_holder[0] == RED and s.council_holder[second] == WHITE


def test_q3_exact_example_with_two_points_from_a_tower():
    s = start()
    s = _walls(s, WHITE, 5)  # opens the first triangle; white: 5 prestige, Siebenerrat
    s = _walls(s, WHITE, 0)
    s = put(s, "prestige", WHITE, 3)
    s = set_workshop(s, 4, RED)
    s = _walls(s, RED, 2)
    s = set_hand(s, RED, gold=3, brick=1, wood=1)
    act(s, RED, "tower", triangle=0)  # 2 -> 3 (Kleiner Rat) -> 4 (passes white: swap)
    assert s.council_holder[0] == RED and s.council_holder[1] == WHITE


def test_6_3_passing_two_holders_lets_the_player_choose():
    s = start()
    s = _walls(s, WHITE, 3)
    s = _walls(s, RED, 3)
    s = _walls(s, BLUE, 3)
    s = _walls(s, BLUE, 1)  # 3 -> 4 passes white and red at once
    assert s.phase == P_COUNCIL and s.to_act() == (BLUE,)
    assert {a.take_from for a in s.legal(BLUE)} == {WHITE, RED}
    act(s, BLUE, "council", take_from=RED)
    assert s.council_holder == [WHITE, BLUE, RED] and s.phase == P_MAIN


def test_6_3_twelve_prestige_locks_the_card():
    s = start()
    s = _walls(s, WHITE, 3)
    s = _walls(s, RED, 3)
    s = put(s, "prestige", WHITE, 12)
    s = put(s, "prestige", RED, 12)
    s = _walls(s, RED, 1)  # red passes white at 13, but white's card is permanent
    assert s.council_holder[0] == WHITE and s.council_holder[1] == RED
    s2 = start()
    s2 = _walls(s2, WHITE, 3)
    s2 = _walls(s2, RED, 3)
    s2 = put(s2, "prestige", WHITE, 11)
    s2 = put(s2, "prestige", RED, 11)
    s2 = _walls(s2, RED, 1)  # white at 11 is not locked: red takes the card
    assert s2.council_holder[0] == RED


# -- 6.2 right of way, VP --------------------------------------------------------------------------
def test_6_2_right_of_way_is_a_victory_point():
    s = main_phase(start(), RED)
    before = s.victory_points(RED)
    s = set_hand(s, RED, wood=1, brick=1)
    act(s, RED, "toll", road="I")
    assert s.victory_points(RED) == before + 1


# -- 6.4 / 8.1 time ---------------------------------------------------------------------------------
def test_6_4_8_1_hourglass_moves_time_and_reshuffles_at_1370_and_1385():
    s = start()
    draw(s, 4, "hourglass")
    assert s.components.years[s.time_stone] == 1360 and s.deck_left == 35
    act(s, WHITE, "end")
    draw(s, 6, "hourglass")
    act(s, RED, "end")
    draw(s, 3, "none")
    act(s, BLUE, "end")
    assert s.deck_left == 33
    draw(s, 9, "hourglass")
    assert s.components.years[s.time_stone] == 1370 and s.deck_left == 36 and sum(s.discards) == 0


def test_7b_1400_ends_the_game_at_once_with_council_tie_break():
    s = start()
    s = edit(s, time_stone=len(s.components.years) - 2)
    s = edit(s, council_holder=[RED, -1, WHITE])
    assert s.settlements_left[WHITE] == s.settlements_left[RED] == 3  # two settlements each
    draw(s, 4, "hourglass")
    assert s.phase == P_OVER and s.to_act() == ()
    out = s.outcome()
    assert out.scores[RED] > out.scores[WHITE]
    s2 = start()
    s2 = edit(s2, time_stone=len(s2.components.years) - 2)
    s2 = edit(s2, council_holder=[-1, -1, -1])
    s2 = set_workshop(s2, 0, WHITE)  # white 4 VP
    s2 = put(s2, "council_holder", 2, RED)
    # red: 1 settlement + 1 right of way + 2 council = 4 VP
    s2 = set_settlement(s2, s2.settlement_owner.index(RED), None)
    draw(s2, 4, "hourglass")
    out = s2.outcome()
    assert out.scores[WHITE] == out.scores[RED] == 4
    assert out.ranks[RED] == 1 and out.ranks[WHITE] == 2  # the higher council card wins the tie


def test_7a_thirteen_points_during_ones_own_turn_wins():
    s = main_phase(start())
    s = put(s, "council_holder", 0, WHITE)          # 4
    for j in (6, 7, 8, 9):        # 4 workshops
        s = set_workshop(s, j, WHITE)
    assert s.workshops_left[WHITE] == 0           # white: 2 settlements + III + 4 + 4 = 11
    s = set_hand(s, WHITE, wood=2, brick=2, wool=1, grain=1)
    act(s, WHITE, "toll", road="I")  # 12
    assert not s.over()
    act(s, WHITE, "settle", road="III", at=1)  # 13
    assert s.over() and s.outcome().winners == (WHITE,)


def test_7a_thirteen_outside_ones_turn_wins_when_the_turn_comes():
    s = main_phase(start())
    s = put(s, "council_holder", 0, RED)
    for j in (6, 7, 8, 9):
        s = set_workshop(s, j, RED)
    for _ in range(3):
        s = give_settlement(s, RED)
    assert s.settlements_left[RED] == s.workshops_left[RED] == 0  # red: 5 settlements + II + 4 + 4 = 14
    s = set_hand(s, WHITE, wood=4)
    act(s, WHITE, "bank", give="wood", get="stone")
    assert not s.over()
    act(s, WHITE, "end")
    assert s.over() and s.outcome().winners == (RED,)


# -- 8.2, 8.3, 8.4 events ----------------------------------------------------------------------------
def test_8_2_markgraf_returns_the_robber():
    s = start()
    s = edit(s, robber=7)
    draw(s, 4, "markgraf")
    assert s.robber == -1


def test_8_3_kostenloser_lehm_one_wall_each_for_three_gold_clockwise():
    s = start(first=RED)
    s = set_hand(s, WHITE, gold=6)
    s = set_hand(s, RED, gold=3)
    s = set_hand(s, BLUE, gold=2)  # cannot pay: passed over
    s = set_hand(s, ORANGE, gold=3)
    draw(s, 2, "lehm")
    assert s.phase == P_LEHM and s.to_act() == (RED,)
    act(s, RED, "wall")
    assert s.to_act() == (ORANGE,)
    act(s, ORANGE, "pass")
    assert s.to_act() == (WHITE,)
    act(s, WHITE, "wall")
    assert s.phase == P_MAIN and s.to_act() == (RED,)
    assert s.wall_builders == [RED, WHITE] and s.gold == [3, 0, 2, 3] and s.prestige == [1, 1, 0, 0]


def test_8_4_wegezoll_gold_per_settlement_then_random_cards_then_lost():
    """8.4: the holder of road III (white) gets 1 gold per settlement of each opponent on
    it; a random card per missing gold; what still lacks is lost. Red (III 5) and orange
    (III 9) each have one settlement on III from the setup and 2 gold: they pay 1 each."""
    s = start(first=RED)
    s = give_settlement(s, BLUE, gi(s, "III", 2))  # blue: two settlements on III (fields 6, mountains 6)
    s = give_settlement(s, BLUE, gi(s, "III", 6))
    s = set_hand(s, BLUE, gold=1)
    s = set_hand(s, WHITE, gold=0)
    draw(s, 6, "wegezoll", "III")  # the harvest gives blue a wool, a grain and a stone first (5.1)
    assert s.gold[WHITE] == 3 and s.gold[BLUE] == 0 and s.gold[RED] == 1 and s.gold[ORANGE] == 1
    assert s.phase == P_WEGEZOLL_CARD
    assert dict((a.resource, p) for a, p in s.chance_outcomes()) == pytest.approx(
        {"wool": 1 / 3, "grain": 1 / 3, "stone": 1 / 3})
    s.apply(CHANCE, s.action_table.card[4])
    assert s.phase == P_MAIN and hand(s, BLUE) == {"wool": 1, "grain": 1}
    s = start(first=RED)
    s = give_settlement(s, BLUE, gi(s, "III", 2))
    s = give_settlement(s, BLUE, gi(s, "III", 6))
    s = give_settlement(s, BLUE, gi(s, "III", 8))  # three settlements, no gold, two cards after harvest
    s = edit(s, robber=s.components.terrain_ids.index("T25"))  # fields 6 (III 2's grain) pays nothing
    s = set_hand(s, BLUE, gold=0)
    s = set_hand(s, WHITE, gold=0)
    draw(s, 6, "wegezoll", "III")
    cards = s.cards(BLUE)
    assert 1 <= cards < 3
    steps = 0
    while s.phase == P_WEGEZOLL_CARD:
        s.apply(CHANCE, s.chance_outcomes()[0][0])
        steps += 1
    assert steps == cards and hand(s, BLUE) == {} and s.gold[WHITE] == 2  # red's and orange's gold; blue's rest is lost
    s = start(first=RED)
    s = give_settlement(s, BLUE, gi(s, "III", 2))
    s = give_settlement(s, BLUE, gi(s, "III", 6))
    s = edit(s, robber=s.components.terrain_ids.index("T25"))
    s = set_hand(s, BLUE, gold=0, wool=1, stone=3)
    s = set_hand(s, WHITE, gold=0)
    draw(s, 6, "wegezoll", "III")  # the harvest: blue 2 wool and 4 stone
    assert s.phase == P_WEGEZOLL_CARD
    assert dict((a.resource, p) for a, p in s.chance_outcomes()) == pytest.approx({"wool": 1 / 3, "stone": 2 / 3})
    s.apply(CHANCE, s.action_table.card[1])
    s.apply(CHANCE, s.action_table.card[4])
    assert s.phase == P_MAIN and hand(s, BLUE) == {"wool": 1, "stone": 3}
    assert hand(s, WHITE).get("wool") == 1 and hand(s, WHITE).get("stone") == 2  # 1 from the harvest


def test_8_4_wegezoll_without_holder_does_nothing():
    s = start()
    draw(s, 3, "wegezoll", "I")
    assert s.phase == P_MAIN and s.gold == [2, 2, 2, 2]


# -- 9. expert setup ----------------------------------------------------------------------------------
def test_9_expert_snake_setup():
    s = start(3, "expert", first=1)
    order = []
    while s.phase != P_DRAW:
        p = s.to_act()[0]
        order.append(p)
        act(s, p, "toll", road="III" if len(order) <= 2 else "II")
        spots = [a for a in s.legal(p) if a.type == "settle"]
        s.apply(p, spots[-1])
    assert order == [1, 2, 0, 0, 2, 1]
    assert s.active == 1 and s.right_of_way[2] == 1  # first toll on III; 1-1 tie stays with the first
    assert s.right_of_way[1] == 0
    assert all(s.gold[p] == 2 for p in range(3))
    assert all(s.settlements_left[p] == 3 and s.tolls_left[p] == 13 for p in range(3))


def test_9_setup_tie_two_to_two_goes_to_the_first_placer():
    """9.: "Per ognuna delle cinque strade, il giocatore con più stazioni di pedaggio riceve
    la relativa carta 'diritti di passaggio', risolvendo eventuali parità in favore del
    giocatore che ha collocato la prima stazione" (and 3.: "Durante la preparazione del
    gioco, eventuali parità sono risolte in favore del giocatore che ha piazzato per primo
    la stazione di pedaggio"). Snake A, B, C, C, B, A: A and B each put both tolls on road
    I; B passes A 2 to 1 on the way, but after the setup it is 2 to 2 and A placed first."""
    s = start(3, "expert", first=0)
    roads = iter(["I", "I", "II", "III", "I", "I"])
    texts = []
    while s.phase != P_DRAW:
        p = s.to_act()[0]
        road = next(roads)
        texts.append(next(words(s, p, a, p) for a in s.legal(p) if a.type == "toll" and a.road == road))
        act(s, p, "toll", road=road)
        s.apply(p, [a for a in s.legal(p) if a.type == "settle"][-1])
    assert s.road_tolls[0 * 3 + 0] == s.road_tolls[0 * 3 + 1] == 2
    assert s.right_of_way[0] == 0
    assert texts[-1].endswith("takes the right of way from Player 2 (1 VP)")
    # in the game proper the card moves only to strictly more tolls (5.2.2.1)
    s = main_phase(s, 1)
    s = set_hand(s, 1, wood=1, brick=1)
    act(s, 1, "toll", road="I")
    assert s.right_of_way[0] == 1


def test_9_expert_cards_for_the_second_settlement():
    s = start(3, "expert", first=0)
    placed = {}
    while s.phase != P_DRAW:
        p = s.to_act()[0]
        act(s, p, "toll", road=["I", "II", "III"][p])
        spot = [a for a in s.legal(p) if a.type == "settle"][0]
        s.apply(p, spot)
        placed.setdefault(p, []).append(s.components.road_offset[p] + spot.at)
    for p in range(3):
        second = placed[p][1]
        want = [0] * 5
        for terr in s.components.inter_terrains[second]:
            want[s.components.terrain_res[terr]] += 1
        assert s.hands[p * 5: p * 5 + 5] == want


# -- piece limits and illegal actions --------------------------------------------------------------
def test_piece_limits_settlements_workshops_tolls():
    """0.: 5 settlements, 4 workshops, 15 toll stations each: red builds all it has."""
    s = main_phase(start(), RED)
    for p in (WHITE, BLUE, ORANGE):
        s = set_hand(s, p)
    for _ in range(13):  # two of red's 15 toll stations stand from the setup
        s = set_hand(s, RED, wood=1, brick=1)
        s.apply(RED, next(a for a in s.legal(RED) if a.type == "toll"))
    for _ in range(3):
        s = set_hand(s, RED, wood=1, wool=1, grain=1, brick=1)
        s.apply(RED, next(a for a in s.legal(RED) if a.type == "settle"))
    for _ in range(4):
        s = set_hand(s, RED, grain=2, stone=3)
        s.apply(RED, next(a for a in s.legal(RED) if a.type == "workshop"))
    assert (s.settlements_left[RED], s.workshops_left[RED], s.tolls_left[RED]) == (0, 0, 0)
    s = set_hand(s, RED, wood=5, wool=5, grain=5, brick=5, stone=5)
    assert not {"settle", "workshop", "toll"} & legal_types(s, RED)


def test_illegal_actions_raise_and_change_nothing():
    s = main_phase(start())
    snap = s.to_json()
    s = set_hand(s, WHITE)
    snap = s.to_json()
    table = s.action_table
    for seat, action in ((WHITE, table.wall), (RED, table.end), (WHITE, table.draw[0]), (CHANCE, table.draw[0]),
                         (WHITE, table.settle[0][1]), (9, table.end)):
        with pytest.raises(IllegalAction):
            s.apply(seat, action)
        assert s.to_json() == snap
