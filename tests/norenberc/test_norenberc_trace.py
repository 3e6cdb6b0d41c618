"""Rules that had no test of their own when tests/norenberc/RULES.md was written (see that
table): each test builds the position a player meets and asserts what the rulebook
(norenberc.fr.txt) says must happen there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.norenberc.norenberc_helpers import (
    finished,
    refill, to_round_end,
    ARTISAN, BAKERS, BEER, BREWERS, PAGE, PASTRY, PRINTERS, SHOE, SHOEMAKERS,
    check_invariants, find, give, move_goods, owning, plan, put, ready, set_goods, set_master, with_crests,
)

from reichsstadt.core import Action, IllegalAction
from reichsstadt.games.norenberc.constants import (
    ACTIONS, ARTISANS_PER_GUILD, COUNCILLOR, ENGRAVER, FIRST_PLACE, GUARD, GUARD_FIRST, GUARD_SECOND, MASTER_SLOT,
    MAYOR, MUSICIAN, NOBLE, OVER, PEDDLER, REFILL, TAX_COLLECTOR, THIEF, THIEF_GOODS, THIEF_VICTIM,
)
from reichsstadt.games.norenberc.scoring import outcome


def snapshot(s) -> str:
    return json.dumps(s.to_json(), sort_keys=True)




def finish_actions(s) -> None:
    """Every pending action of the phase ends (do nothing, keep the turn order)."""
    while s.phase == ACTIONS:
        step_front = s.step == FIRST_PLACE
        s.apply(s.actor, s.action_table.front[0] if step_front else s.action_table.nothing)


def hire_from_room_a(kind_or_tile: int, goods: dict[int, int] | None = None, order=(0, 1, 2),
                     is_tile: bool = False, roof: int = 0):
    """Seat 0 plans the Brewers alone and, when called, hires the guest in room A (price:
    one beer). Returns the state and the guest's tile id."""
    s = ready(3, order=list(order))
    tile = kind_or_tile if is_tile else find(s, kind_or_tile)
    s = put(s, tile, "rooms", BREWERS * 4 + 0)
    for t, k in (goods or {}).items():
        s = set_goods(s, 0, t, k)
    s = s.edited(roof_agents=[roof if g == BREWERS else r for g, r in enumerate(s.roof_agents)])
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    s.apply(0, s.action_table.hire[0][0])
    return s, tile


# -- Mise en place ------------------------------------------------------------------------

def test_guilds_in_number_order_and_unused_guilds_stay_in_the_box():
    """"Mise en place" A and the table: guilds 1..n+1 in the order Brewers, Bakers,
    Shoemakers, Printers, Tailors, Hatters; an unused guild's artisans, goods and action
    cards stay in the box (F: "les cartes des autres guildes sont remises dans la boîte")."""
    s = ready(2)
    assert s.components.guild_names == ("Brewers", "Bakers", "Shoemakers", "Printers", "Tailors", "Hatters")
    assert s.guild_count == 3
    in_play = set(range(3 * ARTISANS_PER_GUILD))
    artisans_seen = [t for t in s.workshops + s.rooms + s.pile_known if 0 <= t < 6 * ARTISANS_PER_GUILD]
    assert artisans_seen and set(artisans_seen) <= in_play
    assert len(s.goods_held) == 2 * 3 and len(s.stores) == 3 * 3  # no printers' pages at all
    with pytest.raises(IllegalAction):
        s.apply(0, Action("plan", guild=PRINTERS))
    assert [a.guild for a in s.legal(0) if a.type == "plan"] == [BREWERS, BAKERS, SHOEMAKERS]


def test_setup_crests_prestige_reserve_and_agents():
    """"Mise en place" C-E: 4 crests on each guild, the prestige crests in reserve (one
    goes at once to the first prestige guild, K); 4 agents each, 4 more in reserve (8
    at most), 25 thalers."""
    s = ready(4)
    assert s.crests_left == [4] * 5
    assert s.prestige_reserve == 3 and s.prestige_guild_crest == 1 and s.prestige_guild >= 0
    assert s.agents == [4] * 4 and s.components.agents_max == 8
    assert s.money == [25] * 4


def test_workshop_stacks_hold_the_guilds_own_artisans_and_the_master_moves_up():
    """"Mise en place" I: each guild's five workshop tiles are its own artisans, drawn
    from its own pile; the bottom right one is the master; each round the next one up
    takes the title, and in round 4 the fifth tile (on top of the fourth)."""
    s = ready(5)
    for g in range(s.guild_count):
        stack = s.workshops[g * 5:g * 5 + 5]
        assert all(s.components.tile_guild[t] == g for t in stack)
        assert s.master_tile(g) == stack[0]
    expected = [[s.workshops[g * 5 + k] for g in range(s.guild_count)] for k in MASTER_SLOT]
    for rnd in range(4):
        assert [s.master_tile(g) for g in range(s.guild_count)] == expected[rnd]
        if rnd < 3:
            to_round_end(s)
            refill(s)


# -- Planification -------------------------------------------------------------------------

def test_planning_empty_plan_is_refused_and_one_card_per_guild():
    """"Phase de Planification": one action at most per guild; laying no card is not a
    plan (passing is the way to play nothing)."""
    s = ready(3)
    with pytest.raises(IllegalAction, match="at least one guild"):
        s.apply(0, s.action_table.plan_done)
    s.apply(0, s.action_table.plan[BAKERS])
    snap = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply(0, s.action_table.plan[BAKERS])   # a second Bakers card does not exist
    with pytest.raises(IllegalAction):
        s.apply(0, s.action_table.pass_round)           # cards are already laid
    assert snapshot(s) == snap


# -- Vendre / Acheter ----------------------------------------------------------------------

def test_no_sale_without_the_guilds_goods_and_no_purchase_from_an_empty_store():
    """"Vendre": the guild buys only goods it produced (none held: no sale). "Acheter":
    "S'il n'y a plus de marchandises dans un magasin, les joueurs ne pourront rien acheter"."""
    s = ready(2, order=[0, 1])
    G = s.guild_count
    s = set_goods(s, 0, BEER, 0)
    assert not any(s.stores[BREWERS * G + t] for t in range(G) if t != BEER)
    s = move_goods(s, BEER, BREWERS, SHOEMAKERS, s.stores[BREWERS * G + BEER])  # the beers wait elsewhere
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    kinds = {a.type for a in s.legal(0)}
    assert "sell" not in kinds and "buy" not in kinds
    with pytest.raises(IllegalAction, match="only goods of this guild's type"):
        s.apply(0, s.action_table.sell[1])
    with pytest.raises(IllegalAction, match="only goods in this store"):
        s.apply(0, s.action_table.buy[BEER])
    check_invariants(s)


def _buy_all_you_may(players: int, cards: int, turn: int = 1, rnd: int = 1) -> int:
    s = ready(players, order=list(range(players)))
    s = s.edited(turn=turn, round=rnd)
    for p in range(players):
        plan(s, p, [BREWERS] if p < cards else [])
    first = s.actor
    assert first == 0
    bought = 0
    while s.phase == ACTIONS and s.actor == first and s.action_table.buy[BEER] in s.legal(first):
        s.apply(first, s.action_table.buy[BEER])
        bought += 1
    assert s.goods_held[first * s.guild_count + BEER] == 1 + bought
    return bought


@pytest.mark.parametrize("players,cards,limit", [
    (5, 5, 1), (5, 4, 1), (5, 3, 2), (5, 2, 3), (5, 1, 3),
    (4, 4, 2), (4, 3, 2), (4, 2, 3), (4, 1, 3),
    (3, 3, 3), (2, 2, 3),
])
def test_first_turn_buy_limit_is_what_a_player_can_actually_buy(players, cards, limit):
    """"Acheter", special rule: in the first turn of round 1 only, with 5 players 4-5 cards
    in a guild -> 1 good, 3 cards -> 2; with 4 players 3-4 cards -> 2; otherwise 3. The
    player really cannot buy more (the action ends), and in the second turn 3 again."""
    assert _buy_all_you_may(players, cards) == limit
    assert _buy_all_you_may(players, cards, turn=2) == 3
    assert _buy_all_you_may(players, cards, turn=1, rnd=2) == 3


# -- Embaucher -----------------------------------------------------------------------------

def test_star_moon_and_sun_citizens_where_they_go_after_the_hire():
    """"Embaucher" step 2: star citizens act and are shuffled back into the pile; moon
    citizens (but the Peddler) stay with the player; sun citizens stay until the end."""
    s, musician = hire_from_room_a(MUSICIAN, {BEER: 1})
    assert musician in s.tiles_owned[0] and musician not in s.pile_known
    s, noble = hire_from_room_a(NOBLE, {BEER: 1})
    assert noble in s.tiles_owned[0] and noble not in s.pile_known
    s, councillor = hire_from_room_a(COUNCILLOR, {BEER: 1})
    assert councillor in s.pile_known and councillor not in s.tiles_owned[0]


def test_hire_steps_run_in_order_bonus_after_the_guest_then_turn_order():
    """"Embaucher" steps 1-5: price to the store, the guest, the bonus (agents on the roof),
    the optional move to first place, then the agent goes up and the card comes back."""
    printer = find(ready(3), ARTISAN, PRINTERS, 7)
    s, _ = hire_from_room_a(printer, {BEER: 1}, order=(2, 0, 1), is_tile=True, roof=2)
    assert s.step == FIRST_PLACE and s.money[0] == 25 + 2 and printer in s.tiles_owned[0]
    assert s.roof_agents[BREWERS] == 2       # the agent is not up yet: the action is not over
    s.apply(0, s.action_table.front[1])
    assert s.turn_order == [0, 2, 1] and s.roof_agents[BREWERS] == 3


def test_councillor_at_eight_agents_gives_none():
    """"Citadins", Conseiller: "s'il en reste, car le maximum d'agents par joueur est 8"."""
    s = ready(3, order=[0, 1, 2])
    s = s.edited(agents=[8, 4, 4], agents_free=[8, 4, 4])
    s = put(s, find(s, COUNCILLOR), "rooms", BREWERS * 4)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    s.apply(0, s.action_table.hire[0][0])
    assert s.agents[0] == 8 and s.agents_free[0] == 7
    check_invariants(s)


def test_thief_on_a_victim_with_one_good_takes_it_and_the_hire_goes_on():
    """"Citadins", Voleur: the victim has fewer than two goods: the Thief takes the one
    there is (the victim is paid its guild's master value) and the hire continues
    (bonus, turn order); players with no goods cannot be chosen."""
    s, thief = hire_from_room_a(THIEF, {BEER: 1}, order=(1, 0, 2), roof=1)
    G = s.guild_count
    for t in range(G):
        s = set_goods(s, 1, t, 1 if t == SHOE else 0)
        s = set_goods(s, 2, t, 0)
    s = set_master(s, SHOEMAKERS, 5)
    assert s.step == THIEF_VICTIM
    assert [a.to_json() for a in s.legal(0)] == [{"type": "rob", "victim": 1}, {"type": "decline"}]
    with pytest.raises(IllegalAction):
        s.apply(0, s.action_table.rob[2])
    money1 = s.money[1]
    s.apply(0, s.action_table.rob[1])
    assert s.step == THIEF_GOODS and [a.good for a in s.legal(0)] == [SHOE]
    s.apply(0, s.action_table.steal[SHOE])
    assert s.goods_held[1 * G + SHOE] == 0 and s.goods_held[0 * G + SHOE] == 2
    assert s.money[1] == money1 + 5
    assert s.step == FIRST_PLACE and s.money[0] == 25 + 1   # the bonus came after the Thief
    assert thief in s.pile_known
    check_invariants(s)


def test_thief_with_nobody_to_rob_goes_back_and_the_hire_goes_on():
    """"Citadins", Voleur: nobody else has a good: nothing to take; the Thief is
    shuffled back and the hire goes on."""
    s = ready(3, order=[0, 1, 2])
    thief = find(s, THIEF)
    s = put(s, thief, "rooms", BREWERS * 4)
    for p in (1, 2):
        for t in range(s.guild_count):
            s = set_goods(s, p, t, 0)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    s.apply(0, s.action_table.hire[0][0])
    assert s.phase != ACTIONS or s.step != THIEF_VICTIM
    assert thief in s.pile_known
    check_invariants(s)


def guard_position():
    """Seat 0 hires a Guard at the Brewers. A Printer 7 lodges in the Bakers' room B;
    the Printers' stack is master M (slot 0), then Y (1), Z (2), C (3, covered) under T."""
    s = ready(3, order=[0, 1, 2])
    guard = find(s, GUARD)
    s = put(s, guard, "rooms", BREWERS * 4)
    stack = s.workshops[PRINTERS * 5:PRINTERS * 5 + 5]
    room_printer = find(s, ARTISAN, PRINTERS, 7, avoid=tuple(stack))
    s = put(s, room_printer, "rooms", BAKERS * 4 + 1)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    s.apply(0, s.action_table.hire[0][0])
    assert s.step == GUARD_FIRST
    return s, guard, stack, room_printer


def test_guard_swaps_a_room_artisan_with_a_workshop_artisan_of_another_guild():
    """"Citadins", Garde: "inverser les positions de deux artisans du même type ... Peu
    importe si ces artisans sont dans des ateliers, dans des chambres ou même dans des
    guildes différentes": the Printer 7 in the Bakers' room trades places with the
    Printers' next master."""
    s, guard, stack, room_printer = guard_position()
    m, y, z, c, top = stack
    cands = {a.tile for a in s.legal(0) if a.type == "guard"} | {room_printer, y}
    first, second = min(room_printer, y), max(room_printer, y)
    assert first in cands
    s.apply(0, s.action_table.guard[first])
    assert s.step == GUARD_SECOND and s.action_table.guard[second] in s.legal(0)
    s.apply(0, s.action_table.guard[second])
    assert s.workshops[PRINTERS * 5 + 1] == room_printer and s.rooms[BAKERS * 4 + 1] == y
    assert s.workshops[PRINTERS * 5] == m
    assert guard in s.pile_known
    check_invariants(s)
    # the swap decides the next master: round 2's Printers master is the 7
    finish_actions(s)
    to_round_end(s)
    refill(s)
    assert s.master_tile(PRINTERS) == room_printer and s.master_value(PRINTERS) == 7


def test_guard_refuses_a_current_master_and_a_covered_tile():
    """"Citadins", Garde: "Un Maître de Guilde ne peut être déplacé par le Garde"; the tile
    covered in the doubled top workshop cannot be reached either (notes); a refused
    choice changes nothing."""
    s, _, stack, room_printer = guard_position()
    m, y, z, c, top = stack
    firsts = {a.tile for a in s.legal(0) if a.type == "guard"}
    masters = {s.master_tile(g) for g in range(s.guild_count)}
    assert not firsts & masters and c not in firsts
    snap = snapshot(s)
    for bad in (m, c):
        with pytest.raises(IllegalAction):
            s.apply(0, s.action_table.guard[bad])
        assert snapshot(s) == snap
    low = min(room_printer, y, z, top)
    s.apply(0, s.action_table.guard[low])
    partners = {a.tile for a in s.legal(0)}
    assert m not in partners and c not in partners
    assert partners == {room_printer, y, z, top} - {low}
    snap = snapshot(s)
    for bad in (m, c):
        with pytest.raises(IllegalAction):
            s.apply(0, s.action_table.guard[bad])
        assert snapshot(s) == snap


def test_guard_in_round_two_leaves_the_new_master_alone():
    """"Citadins", Garde, later rounds: the master has moved up; it is protected, the tiles
    still above it are not."""
    s = ready(3, order=[0, 1, 2])
    to_round_end(s)
    refill(s)
    assert s.round == 2
    s = put(s, find(s, GUARD), "rooms", BREWERS * 4)
    s = set_goods(s, 0, BEER, 1)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    s.apply(0, s.action_table.hire[0][0])
    assert s.step == GUARD_FIRST
    movable = set()
    for a in s.legal(0):
        if a.type == "guard":
            twin = s.clone()
            twin.apply(0, a)
            movable |= {a.tile} | {b.tile for b in twin.legal(0)}
    for g in range(s.guild_count):
        assert s.workshops[g * 5 + 1] not in movable           # the round-2 masters
        assert s.workshops[g * 5 + 3] not in movable           # covered
        assert s.workshops[g * 5 + 2] in movable and s.workshops[g * 5 + 4] in movable


def test_peddler_with_no_goods_goes_back_but_the_hire_still_happened():
    """"Citadins", Colporteur: "si le joueur ne possède pas de marchandises au moment de
    l'embauche, le Colporteur est immédiatement remélangé dans la pile des invités"; the
    price is paid, the bonus is received and the turn order may change all the same."""
    s0 = ready(3)
    G = s0.guild_count
    store_beer = s0.stores[BREWERS * G + BEER]
    s, ped = hire_from_room_a(PEDDLER, {BEER: 1, PASTRY: 0, SHOE: 0, PAGE: 0}, order=(1, 0, 2), roof=1)
    assert s.goods_count(0) == 0
    assert ped in s.pile_known and ped not in s.tiles_owned[0] and s.peddlers == []
    assert s.stores[BREWERS * G + BEER] == store_beer + 1
    assert s.money[0] == 25 + 1
    assert s.step == FIRST_PLACE
    check_invariants(s)


def test_two_mayors_on_one_guild_pay_two_per_artisan_every_round():
    """"Citadins", Maire: it stays on the roof until the end; at each round's income every
    player gets 1 thaler per artisan of that type, per Mayor (two Mayors on the Bakers:
    2 per Baker)."""
    s = ready(3, order=[0, 1, 2])
    mayor1 = find(s, MAYOR)
    mayor2 = find(s, MAYOR, avoid=(mayor1,))
    s = put(s, mayor1, "rooms", BREWERS * 4 + 0)
    s = put(s, mayor2, "rooms", BAKERS * 4 + 1)
    s = set_goods(s, 1, PASTRY, 2)
    plan(s, 0, [BREWERS])
    plan(s, 1, [BAKERS])
    plan(s, 2, [])
    s.apply(0, s.action_table.hire[0][0])                      # room A: a beer
    assert [a.type for a in s.legal(0)] == ["mayor"] * s.guild_count
    s.apply(0, s.action_table.mayor[BAKERS])
    s.apply(1, s.action_table.hire[1][0])                      # room B: a pastry and any good
    s.apply(1, s.action_table.pay[PASTRY])
    s.apply(1, s.action_table.mayor[BAKERS])
    assert s.mayors == [mayor1, BAKERS, mayor2, BAKERS]
    assert mayor1 not in s.tiles_owned[0] and mayor2 not in s.tiles_owned[1]
    finish_actions(s)
    for v in (6, 7):
        s = give(s, 2, find(s, ARTISAN, BAKERS, v, avoid=tuple(s.workshops)))
    for p in range(3):  # nobody is anyone's favourite: no master changes hands
        for t in range(s.guild_count):
            s = set_goods(s, p, t, 0)
    comp = s.components
    bakers = lambda p: sum(1 for t in s.tiles_owned[p]  # noqa: E731
                           if comp.tile_kind[t] == ARTISAN and comp.tile_guild[t] == BAKERS)
    assert [bakers(p) for p in range(3)] == [0, 0, 2]
    money = list(s.money)
    to_round_end(s)
    assert [s.money[p] - money[p] for p in range(3)] == [3, 3, 3 + 2 * 2]
    refill(s)
    money = list(s.money)
    to_round_end(s)                                     # round 2: the Mayors still pay
    assert s.money[2] - money[2] == 3 + 2 * 2
    check_invariants(s)


def test_musician_pays_at_the_end_of_every_round():
    """"Citadins", Musicien: at the income of each round the player gets its 3 or 5
    thalers more."""
    s = ready(2)
    s = give(s, 0, find(s, MUSICIAN, value=3))
    s = give(s, 0, find(s, MUSICIAN, value=5))
    for _ in range(4):
        money = list(s.money)
        to_round_end(s)
        assert s.money[0] - money[0] == 3 + 3 + 5
        assert s.money[1] - money[1] == 3
        refill(s)
    assert s.phase == OVER


# -- Fin d'une Manche -----------------------------------------------------------------------

def test_favourite_master_with_agent_plus_gives_an_agent():
    """"Fin d'une Manche" 1: "Pour chaque tuile récupérée pendant cette phase ... le joueur
    prend immédiatement un nouvel agent" (usable from the next round)."""
    s = ready(2, order=[0, 1])
    plus = find(s, ARTISAN, BREWERS, agent=True)
    s = put(s, plus, "workshops", BREWERS * 5)
    s = set_goods(s, 0, BEER, 3)
    for g in range(1, s.guild_count):      # the other masters go elsewhere
        s = set_goods(s, 0, g, 0)
    to_round_end(s)
    assert [1, BREWERS, 0] in s.favourite_log and plus in s.tiles_owned[0]
    assert s.agents[0] == 5 and s.agents_free[0] == 5
    assert s.agents[1] == 4 + sum(1 for t in s.tiles_owned[1] if s.components.tile_agent[t])


@pytest.mark.parametrize("agents,after", [(5, 7), (6, 8), (7, 8), (8, 8)])
def test_agent_plus_cap_at_8_on_a_favourites_two_tiles_in_round_4(agents, after):
    """"Fin d'une Manche" 1, round 4: the favourite takes the master and the tile under it;
    one agent per Agent+ tile, "s'il en reste, car le maximum ... est de 8"."""
    s = ready(2, order=[0, 1])
    for _ in range(3):
        to_round_end(s)
        refill(s)
    assert s.round == 4
    two = find(s, ARTISAN, BREWERS, 2, agent=True)
    three = find(s, ARTISAN, BREWERS, 3, agent=True)
    s = put(s, two, "workshops", BREWERS * 5 + 4)     # the master, on top
    s = put(s, three, "workshops", BREWERS * 5 + 3)   # the tile under it
    for g in range(s.guild_count):
        s = set_goods(s, 0, g, 2 if g == BREWERS else 0)
        s = set_goods(s, 1, g, 0 if g == BREWERS else 2)
    s = s.edited(agents=[agents, s.agents[1]], agents_free=[agents, s.agents_free[1]])
    to_round_end(s)
    assert s.phase == OVER
    assert two in s.tiles_owned[0] and three in s.tiles_owned[0]
    assert s.agents[0] == after
    check_invariants(s)


def test_favourite_pays_exactly_one_good_of_the_type():
    """"Fin d'une Manche" 1: "Le joueur désigné comme favori doit remettre dans le magasin
    1 marchandise du type produit par la guilde"; the others keep theirs."""
    s = ready(3, order=[0, 1, 2])
    G = s.guild_count
    s = set_goods(s, 0, SHOE, 4)
    s = set_goods(s, 1, SHOE, 3)
    store = s.stores[SHOEMAKERS * G + SHOE]
    to_round_end(s)
    assert [1, SHOEMAKERS, 0] in s.favourite_log
    assert s.goods_held[0 * G + SHOE] == 3 and s.goods_held[1 * G + SHOE] == 3
    assert s.stores[SHOEMAKERS * G + SHOE] == store + 1


def test_round_four_no_favourite_both_tiles_leave():
    """"Fin d'une Manche" 1: no goods of a type: "le Maître de Guilde est retiré du jeu
    (4ème manche : ainsi que la tuile artisan qu'il recouvre)"."""
    s = ready(2)
    for _ in range(3):
        to_round_end(s)
        refill(s)
    top, under = s.workshops[BAKERS * 5 + 4], s.workshops[BAKERS * 5 + 3]
    for p in range(2):
        s = set_goods(s, p, PASTRY, 0)
    to_round_end(s)
    assert top in s.out_of_game and under in s.out_of_game
    assert [4, BAKERS, -1] in s.favourite_log


# -- Fin de la Partie ------------------------------------------------------------------------



@pytest.mark.parametrize("money,richest", [
    ([30, 20, 10], [5, 0, 0]),
    ([30, 30, 10], [2, 2, 0]),
    ([12, 12, 12], [2, 2, 2]),
    ([0, 0, 1], [0, 0, 5]),
])
def test_richest_player_and_ties(money, richest):
    """"Joueur le plus riche": 5 VP; "en cas d'égalité, chaque joueur concerné gagne 2 PV"."""
    s = finished().edited(money=money)
    assert [b["richest"] for b in outcome(s).breakdown] == richest


@pytest.mark.parametrize("money,vp", [(0, 0), (9, 0), (10, 1), (19, 1), (29, 2), (30, 3), (101, 10)])
def test_tax_collector_counts_full_tens_only(money, vp):
    """"Citadins", Collecteur d'impôt: 1 VP per full 10 thalers ("on ignore l'argent
    supplémentaire"); two Tax Collectors count twice."""
    s = finished().edited(money=[money, 0, 0])
    one = find(s, TAX_COLLECTOR)
    s = owning(s, {0: [one]})
    assert outcome(s).breakdown[0]["tax_collectors"] == vp
    s = owning(s, {0: [one, find(s, TAX_COLLECTOR, avoid=(one,))]})
    assert outcome(s).breakdown[0]["tax_collectors"] == 2 * vp


@pytest.mark.parametrize("distinct,vp", [(0, 0), (1, 0), (2, 0), (3, 2), (4, 5), (5, 9), (6, 14), (7, 20), (8, 20),
                                         (10, 20)])
def test_crest_table(distinct, vp):
    """"Collection de blasons": 0-2 distinct: 0; 3: 2; 4: 5; 5: 9; 6: 14; 7 or more: 20.
    Guild crests count once per guild; each prestige crest is distinct."""
    s = finished(5)
    guilds = min(distinct, s.guild_count)
    # a second crest of a guild adds nothing
    s = with_crests(s, {(0, g): 2 for g in range(guilds)}, prestige=[distinct - guilds, 0, 0, 0, 0])
    assert outcome(s).breakdown[0]["crests"] == vp


def test_engraver_counts_as_one_more_distinct_crest():
    """"Citadins", Graveur: "la tuile Graveur compte par elle-même comme un Blason de
    Prestige supplémentaire": 2 distinct crests (0 VP) become 3 (2 VP); two Engravers, 4."""
    s = with_crests(finished(), {(0, BREWERS): 1, (0, BAKERS): 1})
    assert outcome(s).breakdown[0]["crests"] == 0
    e1 = find(s, ENGRAVER)
    s = owning(s, {0: [e1]})
    assert outcome(s).breakdown[0]["crests"] == 2
    e2 = find(s, ENGRAVER, avoid=(e1,))
    s = owning(s, {0: [e1, e2]})
    assert outcome(s).breakdown[0]["crests"] == 5
    s = owning(s, {0: [], 1: [e1]})              # an Engraver alone: 1 distinct, 0 VP
    assert outcome(s).breakdown[1]["crests"] == 0


def test_noble_scores_its_printed_value():
    """"Citadins", Noble: "le joueur gagne le nombre de PV inscrit sur sa tuile (2 ou 3)"."""
    s = finished()
    s = owning(s, {0: [find(s, NOBLE, value=2), find(s, NOBLE, value=3)]})
    assert outcome(s).breakdown[0]["nobles"] == 5


def test_majority_only_counts_players_owning_that_type_and_the_missing_places():
    """"Majorité des Artisans": only players with artisans of a guild place in it; "S'il
    n'y a pas de joueur en 2ème et/ou 3ème place, le joueur en 1ère place gagne ces PV"
    (alone in the Hatters with 5 players: 5 + 3 + 1)."""
    s = finished(5)
    s = owning(s, {4: [find(s, ARTISAN, 5, 2)]})
    b = outcome(s).breakdown
    assert [x["majorities"] for x in b] == [0, 0, 0, 0, 9]


def test_goods_left_score_nothing():
    """"Fin de la Partie": goods are not among the scoring items."""
    s = finished(2)
    base = outcome(s).scores
    for t in range(s.guild_count):
        s = set_goods(s, 0, t, 9)
    assert outcome(s).scores == base


def test_a_star_citizen_can_come_back_later():
    """"Embaucher", Symbole Etoile: "Cela signifie que ce citadin pourra revenir plus tard
    dans la partie": once shuffled back, it is among the next draws of the guest pile."""
    s, councillor = hire_from_room_a(COUNCILLOR, {BEER: 1})
    finish_actions(s)
    to_round_end(s)
    assert s.phase == REFILL
    assert s.action_table.draw[councillor] in [a for a, _ in s.chance_outcomes()]


def test_round_four_view_shows_the_tile_under_the_master():
    """"Mise en place" I and "Fin d'une Manche" 1, round 4: the favourite wins the master
    and the tile it covers (laid face up at setup, so known to all): every view names
    both, in every round."""
    s = ready(2)
    for rnd in range(1, 5):
        for seat in (0, 1, None):
            g = s.view(seat)["table"]["guilds"][BREWERS]
            assert g["covered"]["id"] == s.workshops[BREWERS * 5 + 3]
            if rnd == 4:
                assert g["master"]["id"] == s.workshops[BREWERS * 5 + 4] and g["top"] is None
            else:
                assert g["top"]["id"] == s.workshops[BREWERS * 5 + 4]
        if rnd < 4:
            to_round_end(s)
            refill(s)


def test_rules_table_names_only_tests_that_exist():
    """tests/norenberc/RULES.md maps each rule sentence to tests: every test it names
    exists, and every test of this file appears in it."""
    import re

    here = Path(__file__).parent
    files = {"examples": "test_norenberc_examples.py", "rules": "test_norenberc_rules.py",
             "trace": "test_norenberc_trace.py", "scoring": "test_norenberc_scoring_data.py",
             "properties": "test_norenberc_properties.py", "hidden": "test_norenberc_hidden.py",
             "translations": "test_norenberc_translations.py", "news": "test_norenberc_news.py",
             "contract": "test_norenberc_contract.py"}
    table = (here / "RULES.md").read_text()
    named = re.findall(r"`(\w+)::(test_\w+)`", table)
    assert len(named) > 100
    for short, name in named:
        assert f"def {name}(" in (here / files[short]).read_text(), f"{short}::{name} does not exist"
    mine = re.findall(r"^def (test_\w+)\(", Path(__file__).read_text(), re.M)
    listed = {name for short, name in named if short == "trace"}
    assert set(mine) - listed == {"test_rules_table_names_only_tests_that_exist"}


def test_sample_during_planning_keeps_card_counts_and_passes_and_redraws_guilds():
    """"Phase de Planification": cards lie « face cachée » — a seat sees how many each
    other player laid and who turned to the moon, not which guilds: sample() keeps the
    first two and draws the guilds again."""
    import random

    s = ready(4)
    plan(s, 1, [BREWERS, BAKERS])
    plan(s, 2, [])
    s.apply(3, s.action_table.plan[SHOEMAKERS])          # still planning
    seen = set()
    for i in range(40):
        t = s.sample(0, random.Random(i))
        assert t.view(0) == s.view(0) and t.legal(0) == s.legal(0)
        assert [bin(t.plans[q]).count("1") for q in range(4)] == [0, 2, 0, 1]
        assert t.plan_status == s.plan_status
        seen.add((t.plans[1], t.plans[3]))
    assert len(seen) > 5
