"""Rule sentences of the rulebook that test_siedler_rules.py left unchecked (see RULES.md),
and the reasons given when a move is refused. Positions are built with the helpers."""

from __future__ import annotations

import pytest
from tests.siedler.siedler_helpers import (
    act, card, draw, edit, gi, hand, has, main_phase, offer, put, set_hand, set_workshop, start,
)

from reichsstadt.core import CHANCE, IllegalAction
from reichsstadt.games.siedler import GAME
from reichsstadt.games.siedler.constants import (
    GOODS, P_COUNCIL, P_DRAW, P_LEHM, P_MAIN, P_OVER, P_SETUP_SETTLE, RESOURCES,
)
from reichsstadt.games.siedler.present import card_words

WHITE, RED, BLUE, ORANGE = 0, 1, 2, 3


# -- 0. contents ---------------------------------------------------------------------------
def test_0_pieces_cards_and_tokens_in_the_box():
    """0.: 20 settlements, 16 workshops, 60 toll stations in 4 colours (5, 4, 15 each); 26
    wall pieces; 16 towers; 36 event cards; 100 resource cards (20 per type)."""
    s = start()
    assert s.settlements_left == [3, 3, 3, 3]  # 5 each, two on the board (1.3)
    assert s.workshops_left == [4] * 4 and s.tolls_left == [13] * 4
    assert s.components.wall_pieces == 26 and len(s.components.triangle_after) <= 16
    assert sum(s.components.deck_counts) == 36 and s.deck_left == 36
    for r in range(5):
        assert s.supply[r] + sum(s.hands[p * 5 + r] for p in range(4)) == 20


# -- 1.3 / 2. victory points --------------------------------------------------------------
def test_2_victory_points_come_from_settlements_workshops_rights_of_way_and_council():
    """2.: VP for settlements and workshops, rights of way and council cards; the
    outcome's breakdown adds up to the score."""
    s = main_phase(start())
    s = set_workshop(s, 6, WHITE)
    s = put(s, "council_holder", 0, WHITE)
    s = edit(s, time_stone=len(s.components.years) - 2, phase=P_DRAW)
    draw(s, 4, "hourglass")
    out = s.outcome()
    assert out.breakdown[WHITE] == {"settlements": 2, "workshops": 1, "rights_of_way": 1, "council": 4}
    assert all(sum(out.breakdown[p].values()) == out.scores[p] for p in range(4))


# -- 3. setup ----------------------------------------------------------------------------
def test_3_three_players_take_white_red_and_blue_positions():
    """3.: colours' positions from the rules sheet; with three players orange's pieces
    are not on the board, so road IV has no right of way yet and red alone holds II."""
    s = start(3)
    assert sorted({o for o in s.settlement_owner if o >= 0}) == [WHITE, RED, BLUE]
    assert s.right_of_way == [-1, RED, WHITE, -1, BLUE]
    assert s.gold == [2, 2, 2]


def test_3_hands_are_secret_the_supply_and_discards_are_public():
    """3.: hands kept secret; resource cards lie face up in five stacks (supply public)."""
    s = start()
    for viewer in (None, RED):
        v = s.view(viewer)
        assert v["seats"][WHITE]["hand"] is None and v["seats"][WHITE]["cards"] == 3
        assert sum(v["table"]["supply"].values()) == 100 - sum(s.hands)


# -- 4. first player -------------------------------------------------------------------
@pytest.mark.parametrize("setup", ["beginner", "expert"])
@pytest.mark.parametrize("players", [3, 4])
def test_4_and_9_first_player_is_chosen_at_random(players, setup):
    """4.: the first player is chosen at random. 9.: each draws an event card, the highest
    begins (Raubritter = 0), then the deck is reshuffled. Drawn without replacement the
    cards are exchangeable, so with ties redrawn every seat begins with probability
    1/players: the engine draws that outcome directly and the deck stays whole."""
    s = GAME.new(players, 1, {"setup": setup})
    outs = s.chance_outcomes()
    assert [a.seat for a, _ in outs] == list(range(players))
    assert all(abs(p - 1 / players) < 1e-12 for _, p in outs)
    s.apply(CHANCE, s.action_table.first[players - 1])
    assert s.active == players - 1 and s.deck_left == 36


# -- 5.1 the event card ----------------------------------------------------------------------
def test_5_1_the_card_goes_face_up_on_the_discard_pile_and_everyone_sees_it():
    s = start()
    draw(s, 8, "markgraf")
    k = card(8, "markgraf")
    assert s.discards[k] == 1 and s.deck[k] == 0 and s.deck_left == 35
    for viewer in (None, WHITE, ORANGE):
        assert s.view(viewer)["table"]["last_card"] == {"number": 8, "event": "markgraf", "road": None}
    assert str(card_words(k)) == "harvest 8, the Markgraf intervenes"


def test_5_1_harvest_first_then_the_event_kostenloser_lehm():
    """5.1: resources first, then the event: a 5 with Kostenloser Lehm pays white's
    brick (hills 5) before anyone builds a wall."""
    s = start()
    s = set_hand(s, WHITE, gold=3)
    for p in (RED, BLUE, ORANGE):
        s = set_hand(s, p, gold=0)
    draw(s, 5, "lehm")
    assert hand(s, WHITE).get("brick") == 1 and s.phase == P_LEHM


# -- 5.2 any order, repeated ----------------------------------------------------------------
def test_5_2_trade_build_produce_in_any_order_and_repeatedly():
    s = main_phase(start(), RED)
    s = set_hand(s, RED, gold=4, wood=4, brick=2, stone=2)
    act(s, RED, "produce", good="Zirkel")
    act(s, RED, "toll", road="I")
    act(s, RED, "bank", give="gold", get="brick")
    act(s, RED, "produce", good="Zirkel")
    act(s, RED, "toll", road="I")
    act(s, RED, "bank", give="gold", get="stone")
    assert s.toll_owner[s.components.seg_offset[0]: s.components.seg_offset[0] + 2] == [RED, RED]
    assert hand(s, RED) == {"brick": 1, "stone": 1} and s.phase == P_MAIN


def test_5_2_2_prices_are_paid_to_the_bank():
    s = main_phase(start(), RED)
    s = set_hand(s, RED, wood=1, wool=1, grain=3, brick=1, stone=3)
    before = list(s.supply)
    act(s, RED, "workshop", spot=0)
    assert s.supply == [before[0], before[1], before[2] + 2, before[3], before[4] + 3]


# -- 5.2.1 trade ----------------------------------------------------------------------------
def test_5_2_1_gold_is_traded_like_a_resource_between_players():
    s = main_phase(start())
    s = set_hand(s, WHITE, gold=0, wood=1)
    s = set_hand(s, RED, gold=5)
    offer(s, WHITE, give=["wood"], want=["gold", "gold"], to=RED)
    act(s, RED, "accept")
    act(s, WHITE, "close", partner=RED)
    assert s.gold[WHITE] == 2 and s.gold[RED] == 3 and hand(s, RED) == {"wood": 1}


def test_5_2_1_counter_offer_taken_only_if_the_active_player_can_pay():
    """A counter-offer may ask anything; the active player can take it only with the
    cards (and gold) it asks for."""
    s = main_phase(start())
    s = set_hand(s, WHITE, gold=0, wood=1)
    s = set_hand(s, RED, stone=1)
    offer(s, WHITE, give=["wood"], want=["stone"], to=RED)
    act(s, RED, "counter")
    act(s, RED, "give", resource="stone")
    act(s, RED, "done")
    act(s, RED, "want", resource="gold")
    act(s, RED, "done")
    assert not has(s, WHITE, "take_counter") and has(s, WHITE, "withdraw")
    with pytest.raises(IllegalAction, match="can no longer pay"):
        s.apply(WHITE, s.action_table.take_counter[RED])


def test_5_2_1_only_the_addressed_player_answers():
    s = main_phase(start())
    s = set_hand(s, WHITE, wood=1)
    offer(s, WHITE, give=["wood"], want=["gold"], to=BLUE)
    assert s.to_act() == (BLUE,)
    with pytest.raises(IllegalAction, match="not Player 2's turn"):
        s.apply(RED, s.action_table.accept)


# -- 5.2.2.2 settlements ------------------------------------------------------------------------
def test_5_2_2_2_one_toll_allows_any_number_of_settlements_on_its_road():
    s = main_phase(start(), RED)
    s = set_hand(s, RED, wood=2, brick=1)
    act(s, RED, "toll", road="I")
    for at in (1, 3, 5):
        s = set_hand(s, RED, wood=1, wool=1, grain=1, brick=1)
        act(s, RED, "settle", road="I", at=at)
    assert [s.settlement_owner[gi(s, "I", i)] for i in (1, 3, 5)] == [RED] * 3 and s.settlements_left[RED] == 0


# -- 5.2.2.4 walls ---------------------------------------------------------------------------
def test_5_2_2_4_the_26th_piece_closes_the_wall_and_lehm_is_skipped_then():
    s = main_phase(start())
    s = edit(s, wall_builders=[RED] * 25)
    s = set_hand(s, WHITE, gold=6, brick=2)
    act(s, WHITE, "wall")
    assert s.wall_builders[-1] == WHITE and len(s.wall_builders) == 26 and not has(s, WHITE, "wall")
    act(s, WHITE, "end")
    draw(s, 2, "lehm")
    assert s.phase == P_MAIN  # no piece left to build for 3 gold


# -- 5.2.3 produce and sell ---------------------------------------------------------------------
@pytest.mark.parametrize("good", GOODS)
def test_5_2_3_every_good_sells_in_its_city_paying_that_roads_toll(good):
    """Each good: its recipe, its city's price, the toll to the holder of the road leading
    there (white holds III to Venice, red II to Prague, orange holds I here)."""
    s = main_phase(start(), BLUE)
    s = put(s, "right_of_way", 0, ORANGE)
    g = GOODS.index(good)
    m = s.components
    s = set_hand(s, BLUE, gold=0, **{RESOURCES[r]: c for r, c in enumerate(m.good_recipe[g]) if c})
    holder = s.right_of_way[m.good_road[g]]
    before = s.gold[holder]
    act(s, BLUE, "produce", good=good)
    assert s.gold[BLUE] == m.good_price[g] - m.good_toll[g] and s.gold[holder] == before + m.good_toll[g]
    assert hand(s, BLUE) == {} and not has(s, BLUE, "produce", good=good)


def test_5_2_3_no_goods_without_their_resources():
    s = main_phase(start())
    s = set_hand(s, WHITE, wood=1)
    assert not has(s, WHITE, "produce")
    with pytest.raises(IllegalAction, match="you lack 1 stone"):
        s.apply(WHITE, s.action_table.produce[0])


# -- 6.1 Raubritter --------------------------------------------------------------------------------
def test_6_1_raubritter_no_one_harvests_and_the_victim_need_not_be_near_the_robber():
    s = start()
    for p in range(4):
        s = set_hand(s, p, gold=0)
    s = set_hand(s, ORANGE, wool=2)
    draw(s, None, "raubritter")
    assert s.hands == [0] * 15 + [0, 2, 0, 0, 0]  # nothing harvested
    far = s.components.terrain_ids.index("T1")  # orange has no settlement next to T1
    assert all(s.components.inter_terrains[x] and far not in s.components.inter_terrains[x]
               for x in range(s.components.n_inters) if s.settlement_owner[x] == ORANGE)
    act(s, WHITE, "robber", terrain=far)
    act(s, WHITE, "steal", victim=ORANGE)
    s.apply(CHANCE, s.action_table.card[1])
    assert hand(s, WHITE) == {"wool": 1} and hand(s, ORANGE) == {"wool": 1}


# -- 6.3 council cards -----------------------------------------------------------------------------
def _walls(s, p, k):
    s = main_phase(s, p)
    s = set_hand(s, p, gold=3 * k, brick=k)
    for _ in range(k):
        act(s, p, "wall")
    return s


def test_6_3_a_player_without_a_card_who_passes_a_holder_takes_the_card():
    """6.3: all three cards held at 3 prestige; orange reaches 3 (no free card), then 4,
    passing all three holders: orange chooses and the passed holder is left without."""
    s = start()
    for p in (WHITE, RED, BLUE):
        s = _walls(s, p, 3)
    s = _walls(s, ORANGE, 3)
    assert s.council_holder == [WHITE, RED, BLUE]
    s = _walls(s, ORANGE, 1)
    assert s.phase == P_COUNCIL and {a.take_from for a in s.legal(ORANGE)} == {WHITE, RED, BLUE}
    act(s, ORANGE, "council", take_from=WHITE)
    assert s.council_holder == [ORANGE, RED, BLUE] and s.council_of(WHITE) == -1


def test_6_3_a_holder_who_passes_holders_of_lower_cards_keeps_their_own():
    """Reading (RULES.md): taking a card means taking a better one; the top card's holder
    who passes two lower holders keeps the Siebenerrat."""
    s = start()
    for p in (WHITE, RED, BLUE):
        s = _walls(s, p, 3)
    s = _walls(s, WHITE, 1)
    assert s.phase == P_MAIN and s.council_holder == [WHITE, RED, BLUE] and s.prestige[WHITE] == 4


# -- 6.4 time ---------------------------------------------------------------------------------------
def test_6_4_the_second_red_space_1385_reshuffles_too():
    s = start()
    s = edit(s, time_stone=s.components.years.index(1380))
    draw(s, 3, "none")
    act(s, WHITE, "end")
    assert s.deck_left == 35
    draw(s, 9, "hourglass")
    assert s.components.years[s.time_stone] == 1385 and s.deck_left == 36 and sum(s.discards) == 0
    act(s, RED, "end")
    draw(s, 4, "hourglass")
    assert s.components.years[s.time_stone] == 1390 and s.deck_left == 35  # 1390 is no red space


# -- 7. end -----------------------------------------------------------------------------------------
def test_7b_a_tie_without_council_cards_is_shared():
    s = start()
    s = edit(s, time_stone=len(s.components.years) - 2)
    draw(s, 4, "hourglass")
    assert s.phase == P_OVER and s.outcome().ranks == (1, 1, 1, 1)


# -- 8.3 Kostenloser Lehm ------------------------------------------------------------------------------
def test_8_3_one_wall_piece_each_and_no_more():
    s = start()
    for p in range(4):
        s = set_hand(s, p, gold=9, brick=3)
    draw(s, 2, "lehm")
    order = []
    while s.phase == P_LEHM:
        p = s.to_act()[0]
        order.append(p)
        act(s, p, "wall")
    assert order == [WHITE, RED, BLUE, ORANGE] and s.gold == [6, 6, 6, 6]
    assert hand(s, WHITE) == {"brick": 3}  # no brick paid (8.3)
    assert s.phase == P_MAIN and s.to_act() == (WHITE,)


# -- 9. expert setup ----------------------------------------------------------------------------------
def test_9_the_settlement_goes_on_the_road_of_the_toll_just_placed():
    s = start(4, "expert", first=0)
    act(s, 0, "toll", road="IV")
    assert s.phase == P_SETUP_SETTLE and {a.road for a in s.legal(0)} == {"IV"}
    assert 0 not in {a.at for a in s.legal(0)}  # not the intersection touching the city
    with pytest.raises(IllegalAction, match="road IV, where you just placed"):
        s.apply(0, s.action_table.settle[0][2])
    assert s.hands == [0] * 20 and s.gold == [2] * 4  # cards only for the second settlement


# -- refusals say why ---------------------------------------------------------------------------------
@pytest.mark.parametrize("build,cards,message", [
    (lambda t: t.toll[0], {"wood": 1}, "you lack 1 brick"),
    (lambda t: t.settle[0][2], {"wood": 1, "wool": 1, "grain": 1, "brick": 1}, "toll station of your own on road I"),
    (lambda t: t.settle[2][0], {"wood": 1, "wool": 1, "grain": 1, "brick": 1}, "touching the city"),
    (lambda t: t.settle[2][4], {"wood": 1, "wool": 1, "grain": 1, "brick": 1}, "free intersection between"),
    (lambda t: t.settle[3][11], {}, "intersections 1 to 8 only"),
    (lambda t: t.tower[0], {"gold": 9, "wood": 1, "brick": 1}, "opens only when the wall reaches piece 4"),
    (lambda t: t.workshop[3], {"grain": 2, "stone": 2}, "you lack 1 stone"),
    (lambda t: t.bank[0][1], {"wood": 3}, "the bank takes 4 wood for 1; you have 3"),
    (lambda t: t.discard[0], {"wood": 9}, "the step where Player 1 trades, builds"),
])
def test_refused_moves_name_the_reason_and_change_nothing(build, cards, message):
    s = main_phase(start())
    gold = cards.pop("gold", 0)
    s = set_hand(s, WHITE, gold=gold, **cards)
    snap = s.to_json()
    with pytest.raises(IllegalAction, match=message):
        s.apply(WHITE, build(s.action_table))
    assert s.to_json() == snap


# -- RULES.md stays true ------------------------------------------------------------------------------
def test_rules_md_names_only_tests_that_exist():
    import re
    from pathlib import Path

    here = Path(__file__).parent
    short = {"rules": "rules", "book": "rulebook", "map": "map", "options": "options", "properties": "properties",
             "smoke": "smoke", "terminal": "terminal", "svg": "svg", "hidden": "hidden", "endings": "endings",
             "shape": "shape"}
    text = (here / "RULES.md").read_text(encoding="utf-8")
    refs = re.findall(r"\b(\w+)::(test_\w+)", text)
    assert len(refs) > 150
    for f, name in refs:
        src = (here / f"test_siedler_{short[f]}.py").read_text(encoding="utf-8")
        assert f"def {name}(" in src, f"RULES.md names {f}::{name}, which does not exist"
