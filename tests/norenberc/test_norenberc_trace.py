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
    check_invariants, find, give, plan, put, ready, set_goods, set_master,
)

from reichsstadt.core import Action, IllegalAction
from reichsstadt.games.norenberc.data import (
    ARTISANS_PER_GUILD, COUNCILLOR, ENGRAVER, GUARD, MAYOR, MUSICIAN, NOBLE, PEDDLER,
    TAX_COLLECTOR, THIEF,
)
from reichsstadt.games.norenberc.scoring import outcome
from reichsstadt.games.norenberc.state import (
    ACT, FRONT, GUARD1, GUARD2, MASTER_INDEX, OVER, REFILL, ROB, STEAL,
)


def snapshot(s) -> str:
    return json.dumps(s.to_json(), sort_keys=True)




def finish_actions(s) -> None:
    """Every pending action of the phase ends (do nothing, keep the turn order)."""
    while s.phase == ACT:
        step_front = s.step == FRONT
        s.apply(s.actor, s.acts.front[0] if step_front else s.acts.nothing)


def hire_from_room_a(kind_or_tile: int, goods: dict[int, int] | None = None, order=(0, 1, 2),
                     is_tile: bool = False, roof: int = 0):
    """Seat 0 plans the Brewers alone and, when called, hires the guest in room A (price:
    one beer). Returns the state and the guest's tile id."""
    s = ready(3, order=list(order))
    tile = kind_or_tile if is_tile else find(s, kind_or_tile)
    put(s, tile, s.rooms, BREWERS * 4 + 0)
    for t, k in (goods or {}).items():
        set_goods(s, 0, t, k)
    s.roof[BREWERS] = roof
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    s.apply(0, s.acts.hire[0][0])
    return s, tile


# -- Mise en place ------------------------------------------------------------------------

def test_guilds_in_number_order_and_unused_guilds_stay_in_the_box():
    """"Mise en place" A and the table: guilds 1..n+1 in the order Brewers, Bakers,
    Shoemakers, Printers, Tailors, Hatters; an unused guild's artisans, goods and action
    cards stay in the box (F: "les cartes des autres guildes sont remises dans la boîte")."""
    s = ready(2)
    assert s.comp.guild_names == ("Brewers", "Bakers", "Shoemakers", "Printers", "Tailors", "Hatters")
    assert s.G == 3
    in_play = set(range(3 * ARTISANS_PER_GUILD))
    artisans_seen = [t for t in s.ws + s.rooms + s.pile if 0 <= t < 6 * ARTISANS_PER_GUILD]
    assert artisans_seen and set(artisans_seen) <= in_play
    assert len(s.hold) == 2 * 3 and len(s.store) == 3 * 3  # no printers' pages at all
    with pytest.raises(IllegalAction):
        s.apply(0, Action("plan", guild=PRINTERS))
    assert [a.guild for a in s.legal(0) if a.type == "plan"] == [BREWERS, BAKERS, SHOEMAKERS]


def test_setup_crests_prestige_reserve_and_agents():
    """"Mise en place" C-E: 4 crests on each guild, the prestige crests in reserve (one
    goes at once to the first prestige guild, K); 4 agents each, 4 more in reserve (8
    at most), 25 thalers."""
    s = ready(4)
    assert s.crests == [4] * 5
    assert s.pres_reserve == 3 and s.pg_crest == 1 and s.pg >= 0
    assert s.agents == [4] * 4 and s.comp.agents_max == 8
    assert s.money == [25] * 4


def test_workshop_stacks_hold_the_guilds_own_artisans_and_the_master_moves_up():
    """"Mise en place" I: each guild's five workshop tiles are its own artisans, drawn
    from its own pile; the bottom right one is the master; each round the next one up
    takes the title, and in round 4 the fifth tile (on top of the fourth)."""
    s = ready(5)
    for g in range(s.G):
        stack = s.ws[g * 5:g * 5 + 5]
        assert all(s.comp.tile_guild[t] == g for t in stack)
        assert s.master_tile(g) == stack[0]
    expected = [[s.ws[g * 5 + k] for g in range(s.G)] for k in MASTER_INDEX]
    for rnd in range(4):
        assert [s.master_tile(g) for g in range(s.G)] == expected[rnd]
        if rnd < 3:
            to_round_end(s)
            refill(s)


# -- Planification -------------------------------------------------------------------------

def test_planning_empty_plan_is_refused_and_one_card_per_guild():
    """"Phase de Planification": one action at most per guild; laying no card is not a
    plan (passing is the way to play nothing)."""
    s = ready(3)
    with pytest.raises(IllegalAction, match="at least one guild"):
        s.apply(0, s.acts.plan_done)
    s.apply(0, s.acts.plan[BAKERS])
    snap = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply(0, s.acts.plan[BAKERS])   # a second Bakers card does not exist
    with pytest.raises(IllegalAction):
        s.apply(0, s.acts.pass_)           # cards are already laid
    assert snapshot(s) == snap


# -- Vendre / Acheter ----------------------------------------------------------------------

def test_no_sale_without_the_guilds_goods_and_no_purchase_from_an_empty_store():
    """"Vendre": the guild buys only goods it produced (none held: no sale). "Acheter":
    "S'il n'y a plus de marchandises dans un magasin, les joueurs ne pourront rien acheter"."""
    s = ready(2, order=[0, 1])
    G = s.G
    set_goods(s, 0, BEER, 0)
    for t in range(G):
        s.store[BREWERS * G + t] = 0
    s.store[SHOEMAKERS * G + BEER] += 11  # the beers wait in another store (conserved)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    kinds = {a.type for a in s.legal(0)}
    assert "sell" not in kinds and "buy" not in kinds
    with pytest.raises(IllegalAction, match="only goods of this guild's type"):
        s.apply(0, s.acts.sell[1])
    with pytest.raises(IllegalAction, match="only goods in this store"):
        s.apply(0, s.acts.buy[BEER])
    check_invariants(s)


def _buy_all_you_may(players: int, cards: int, turn: int = 1, rnd: int = 1) -> int:
    s = ready(players, order=list(range(players)))
    s.turn, s.round = turn, rnd
    for p in range(players):
        plan(s, p, [BREWERS] if p < cards else [])
    first = s.actor
    assert first == 0
    bought = 0
    while s.phase == ACT and s.actor == first and s.acts.buy[BEER] in s.legal(first):
        s.apply(first, s.acts.buy[BEER])
        bought += 1
    assert s.hold[first * s.G + BEER] == 1 + bought
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
    assert musician in s.owned[0] and musician not in s.pile
    s, noble = hire_from_room_a(NOBLE, {BEER: 1})
    assert noble in s.owned[0] and noble not in s.pile
    s, councillor = hire_from_room_a(COUNCILLOR, {BEER: 1})
    assert councillor in s.pile and councillor not in s.owned[0]


def test_hire_steps_run_in_order_bonus_after_the_guest_then_turn_order():
    """"Embaucher" steps 1-5: price to the store, the guest, the bonus (agents on the roof),
    the optional move to first place, then the agent goes up and the card comes back."""
    printer = find(ready(3), ARTISAN, PRINTERS, 7)
    s, _ = hire_from_room_a(printer, {BEER: 1}, order=(2, 0, 1), is_tile=True, roof=2)
    assert s.step == FRONT and s.money[0] == 25 + 2 and printer in s.owned[0]
    assert s.roof[BREWERS] == 2       # the agent is not up yet: the action is not over
    s.apply(0, s.acts.front[1])
    assert s.order == [0, 2, 1] and s.roof[BREWERS] == 3


def test_councillor_at_eight_agents_gives_none():
    """"Citadins", Conseiller: "s'il en reste, car le maximum d'agents par joueur est 8"."""
    s = ready(3, order=[0, 1, 2])
    s.agents[0] = s.avail[0] = 8
    put(s, find(s, COUNCILLOR), s.rooms, BREWERS * 4)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    s.apply(0, s.acts.hire[0][0])
    assert s.agents[0] == 8 and s.avail[0] == 7
    check_invariants(s)


def test_thief_on_a_victim_with_one_good_takes_it_and_the_hire_goes_on():
    """"Citadins", Voleur: the victim has fewer than two goods: the Thief takes the one
    there is (the victim is paid its guild's master value) and the hire continues
    (bonus, turn order); players with no goods cannot be chosen."""
    s, thief = hire_from_room_a(THIEF, {BEER: 1}, order=(1, 0, 2), roof=1)
    G = s.G
    for t in range(G):
        set_goods(s, 1, t, 1 if t == SHOE else 0)
        set_goods(s, 2, t, 0)
    set_master(s, SHOEMAKERS, 5)
    s._changed()
    assert s.step == ROB
    assert [a.to_json() for a in s.legal(0)] == [{"type": "rob", "victim": 1}, {"type": "decline"}]
    with pytest.raises(IllegalAction):
        s.apply(0, s.acts.rob[2])
    money1 = s.money[1]
    s.apply(0, s.acts.rob[1])
    assert s.step == STEAL and [a.good for a in s.legal(0)] == [SHOE]
    s.apply(0, s.acts.steal[SHOE])
    assert s.hold[1 * G + SHOE] == 0 and s.hold[0 * G + SHOE] == 2
    assert s.money[1] == money1 + 5
    assert s.step == FRONT and s.money[0] == 25 + 1   # the bonus came after the Thief
    assert thief in s.pile
    check_invariants(s)


def test_thief_with_nobody_to_rob_goes_back_and_the_hire_goes_on():
    """"Citadins", Voleur: nobody else has a good: nothing to take; the Thief is
    shuffled back and the hire goes on."""
    s = ready(3, order=[0, 1, 2])
    thief = find(s, THIEF)
    put(s, thief, s.rooms, BREWERS * 4)
    for p in (1, 2):
        for t in range(s.G):
            set_goods(s, p, t, 0)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    s.apply(0, s.acts.hire[0][0])
    assert s.phase != ACT or s.step != ROB
    assert thief in s.pile
    check_invariants(s)


def guard_position():
    """Seat 0 hires a Guard at the Brewers. A Printer 7 lodges in the Bakers' room B;
    the Printers' stack is master M (slot 0), then Y (1), Z (2), C (3, covered) under T."""
    s = ready(3, order=[0, 1, 2])
    guard = find(s, GUARD)
    put(s, guard, s.rooms, BREWERS * 4)
    stack = s.ws[PRINTERS * 5:PRINTERS * 5 + 5]
    room_printer = find(s, ARTISAN, PRINTERS, 7, avoid=tuple(stack))
    put(s, room_printer, s.rooms, BAKERS * 4 + 1)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    s.apply(0, s.acts.hire[0][0])
    assert s.step == GUARD1
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
    s.apply(0, s.acts.guard[first])
    assert s.step == GUARD2 and s.acts.swap[second] in s.legal(0)
    s.apply(0, s.acts.swap[second])
    assert s.ws[PRINTERS * 5 + 1] == room_printer and s.rooms[BAKERS * 4 + 1] == y
    assert s.ws[PRINTERS * 5] == m
    assert guard in s.pile
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
    masters = {s.master_tile(g) for g in range(s.G)}
    assert not firsts & masters and c not in firsts
    snap = snapshot(s)
    for bad in (m, c):
        with pytest.raises(IllegalAction):
            s.apply(0, s.acts.guard[bad])
        assert snapshot(s) == snap
    low = min(room_printer, y, z, top)
    s.apply(0, s.acts.guard[low])
    partners = {a.tile for a in s.legal(0)}
    assert m not in partners and c not in partners
    assert partners == {room_printer, y, z, top} - {low}
    snap = snapshot(s)
    for bad in (m, c):
        with pytest.raises(IllegalAction):
            s.apply(0, s.acts.swap[bad])
        assert snapshot(s) == snap


def test_guard_in_round_two_leaves_the_new_master_alone():
    """"Citadins", Garde, later rounds: the master has moved up; it is protected, the tiles
    still above it are not."""
    s = ready(3, order=[0, 1, 2])
    to_round_end(s)
    refill(s)
    assert s.round == 2
    put(s, find(s, GUARD), s.rooms, BREWERS * 4)
    set_goods(s, 0, BEER, 1)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    s.apply(0, s.acts.hire[0][0])
    assert s.step == GUARD1
    movable = set()
    for a in s.legal(0):
        if a.type == "guard":
            twin = s.clone()
            twin.apply(0, a)
            movable |= {a.tile} | {b.tile for b in twin.legal(0)}
    for g in range(s.G):
        assert s.ws[g * 5 + 1] not in movable           # the round-2 masters
        assert s.ws[g * 5 + 3] not in movable           # covered
        assert s.ws[g * 5 + 2] in movable and s.ws[g * 5 + 4] in movable


def test_peddler_with_no_goods_goes_back_but_the_hire_still_happened():
    """"Citadins", Colporteur: "si le joueur ne possède pas de marchandises au moment de
    l'embauche, le Colporteur est immédiatement remélangé dans la pile des invités"; the
    price is paid, the bonus is received and the turn order may change all the same."""
    s0 = ready(3)
    G = s0.G
    store_beer = s0.store[BREWERS * G + BEER]
    s, ped = hire_from_room_a(PEDDLER, {BEER: 1, PASTRY: 0, SHOE: 0, PAGE: 0}, order=(1, 0, 2), roof=1)
    assert s.goods_of(0) == 0
    assert ped in s.pile and ped not in s.owned[0] and s.peds == []
    assert s.store[BREWERS * G + BEER] == store_beer + 1
    assert s.money[0] == 25 + 1
    assert s.step == FRONT
    check_invariants(s)


def test_two_mayors_on_one_guild_pay_two_per_artisan_every_round():
    """"Citadins", Maire: it stays on the roof until the end; at each round's income every
    player gets 1 thaler per artisan of that type, per Mayor (two Mayors on the Bakers:
    2 per Baker)."""
    s = ready(3, order=[0, 1, 2])
    mayor1 = find(s, MAYOR)
    mayor2 = find(s, MAYOR, avoid=(mayor1,))
    put(s, mayor1, s.rooms, BREWERS * 4 + 0)
    put(s, mayor2, s.rooms, BAKERS * 4 + 1)
    set_goods(s, 1, PASTRY, 2)
    plan(s, 0, [BREWERS])
    plan(s, 1, [BAKERS])
    plan(s, 2, [])
    s.apply(0, s.acts.hire[0][0])                      # room A: a beer
    assert [a.type for a in s.legal(0)] == ["mayor"] * s.G
    s.apply(0, s.acts.mayor[BAKERS])
    s.apply(1, s.acts.hire[1][0])                      # room B: a pastry and any good
    s.apply(1, s.acts.pay1[PASTRY])
    s.apply(1, s.acts.mayor[BAKERS])
    assert s.mayors == [mayor1, BAKERS, mayor2, BAKERS]
    assert mayor1 not in s.owned[0] and mayor2 not in s.owned[1]
    finish_actions(s)
    for v in (6, 7):
        give(s, 2, find(s, ARTISAN, BAKERS, v, avoid=tuple(s.ws)))
    for p in range(3):  # nobody is anyone's favourite: no master changes hands
        for t in range(s.G):
            set_goods(s, p, t, 0)
    bakers = lambda p: sum(1 for t in s.owned[p] if s.comp.tile_kind[t] == ARTISAN and s.comp.tile_guild[t] == BAKERS)  # noqa: E731
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
    give(s, 0, find(s, MUSICIAN, value=3))
    give(s, 0, find(s, MUSICIAN, value=5))
    for rnd in range(4):
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
    put(s, plus, s.ws, BREWERS * 5)
    set_goods(s, 0, BEER, 3)
    for g in range(1, s.G):      # the other masters go elsewhere
        set_goods(s, 0, g, 0)
    to_round_end(s)
    assert [1, BREWERS, 0] in s.favlog and plus in s.owned[0]
    assert s.agents[0] == 5 and s.avail[0] == 5
    assert s.agents[1] == 4 + sum(1 for t in s.owned[1] if s.comp.tile_agent[t])


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
    put(s, two, s.ws, BREWERS * 5 + 4)     # the master, on top
    put(s, three, s.ws, BREWERS * 5 + 3)   # the tile under it
    for g in range(s.G):
        set_goods(s, 0, g, 2 if g == BREWERS else 0)
        set_goods(s, 1, g, 0 if g == BREWERS else 2)
    s.agents[0] = s.avail[0] = agents
    to_round_end(s)
    assert s.phase == OVER
    assert two in s.owned[0] and three in s.owned[0]
    assert s.agents[0] == after
    check_invariants(s)


def test_favourite_pays_exactly_one_good_of_the_type():
    """"Fin d'une Manche" 1: "Le joueur désigné comme favori doit remettre dans le magasin
    1 marchandise du type produit par la guilde"; the others keep theirs."""
    s = ready(3, order=[0, 1, 2])
    G = s.G
    set_goods(s, 0, SHOE, 4)
    set_goods(s, 1, SHOE, 3)
    store = s.store[SHOEMAKERS * G + SHOE]
    to_round_end(s)
    assert [1, SHOEMAKERS, 0] in s.favlog
    assert s.hold[0 * G + SHOE] == 3 and s.hold[1 * G + SHOE] == 3
    assert s.store[SHOEMAKERS * G + SHOE] == store + 1


def test_round_four_no_favourite_both_tiles_leave():
    """"Fin d'une Manche" 1: no goods of a type: "le Maître de Guilde est retiré du jeu
    (4ème manche : ainsi que la tuile artisan qu'il recouvre)"."""
    s = ready(2)
    for _ in range(3):
        to_round_end(s)
        refill(s)
    top, under = s.ws[BAKERS * 5 + 4], s.ws[BAKERS * 5 + 3]
    for p in range(2):
        set_goods(s, p, PASTRY, 0)
    to_round_end(s)
    assert top in s.out and under in s.out
    assert [4, BAKERS, -1] in s.favlog


# -- Fin de la Partie ------------------------------------------------------------------------



@pytest.mark.parametrize("money,richest", [
    ([30, 20, 10], [5, 0, 0]),
    ([30, 30, 10], [2, 2, 0]),
    ([12, 12, 12], [2, 2, 2]),
    ([0, 0, 1], [0, 0, 5]),
])
def test_richest_player_and_ties(money, richest):
    """"Joueur le plus riche": 5 VP; "en cas d'égalité, chaque joueur concerné gagne 2 PV"."""
    s = finished()
    s.money = money
    assert [b["richest"] for b in outcome(s).breakdown] == richest


@pytest.mark.parametrize("money,vp", [(0, 0), (9, 0), (10, 1), (19, 1), (29, 2), (30, 3), (101, 10)])
def test_tax_collector_counts_full_tens_only(money, vp):
    """"Citadins", Collecteur d'impôt: 1 VP per full 10 thalers ("on ignore l'argent
    supplémentaire"); two Tax Collectors count twice."""
    s = finished()
    s.money = [money, 0, 0]
    s.owned[0] = [find(s, TAX_COLLECTOR)]
    assert outcome(s).breakdown[0]["tax_collectors"] == vp
    s.owned[0].append(find(s, TAX_COLLECTOR, avoid=tuple(s.owned[0])))
    assert outcome(s).breakdown[0]["tax_collectors"] == 2 * vp


@pytest.mark.parametrize("distinct,vp", [(0, 0), (1, 0), (2, 0), (3, 2), (4, 5), (5, 9), (6, 14), (7, 20), (8, 20), (10, 20)])
def test_crest_table(distinct, vp):
    """"Collection de blasons": 0-2 distinct: 0; 3: 2; 4: 5; 5: 9; 6: 14; 7 or more: 20.
    Guild crests count once per guild; each prestige crest is distinct."""
    s = finished(5)
    G = s.G
    guilds = min(distinct, G)
    for g in range(guilds):
        s.gcrest[0 * G + g] = 2          # a second crest of a guild adds nothing
    s.pcrest[0] = distinct - guilds
    assert outcome(s).breakdown[0]["crests"] == vp


def test_engraver_counts_as_one_more_distinct_crest():
    """"Citadins", Graveur: "la tuile Graveur compte par elle-même comme un Blason de
    Prestige supplémentaire": 2 distinct crests (0 VP) become 3 (2 VP); two Engravers, 4."""
    s = finished()
    G = s.G
    s.gcrest[0 * G + BREWERS] = 1
    s.gcrest[0 * G + BAKERS] = 1
    assert outcome(s).breakdown[0]["crests"] == 0
    e1 = find(s, ENGRAVER)
    s.owned[0] = [e1]
    assert outcome(s).breakdown[0]["crests"] == 2
    s.owned[0].append(find(s, ENGRAVER, avoid=(e1,)))
    assert outcome(s).breakdown[0]["crests"] == 5
    s.owned[1] = [e1]                       # an Engraver alone: 1 distinct, 0 VP
    assert outcome(s).breakdown[1]["crests"] == 0


def test_noble_scores_its_printed_value():
    """"Citadins", Noble: "le joueur gagne le nombre de PV inscrit sur sa tuile (2 ou 3)"."""
    s = finished()
    s.owned[0] = [find(s, NOBLE, value=2), find(s, NOBLE, value=3)]
    assert outcome(s).breakdown[0]["nobles"] == 5


def test_majority_only_counts_players_owning_that_type_and_the_missing_places():
    """"Majorité des Artisans": only players with artisans of a guild place in it; "S'il
    n'y a pas de joueur en 2ème et/ou 3ème place, le joueur en 1ère place gagne ces PV"
    (alone in the Hatters with 5 players: 5 + 3 + 1)."""
    s = finished(5)
    s.owned[4] = [find(s, ARTISAN, 5, 2)]
    b = outcome(s).breakdown
    assert [x["majorities"] for x in b] == [0, 0, 0, 0, 9]


def test_goods_left_score_nothing():
    """"Fin de la Partie": goods are not among the scoring items."""
    s = finished(2)
    base = outcome(s).scores
    s.hold[0:s.G] = [9] * s.G
    assert outcome(s).scores == base


def test_a_star_citizen_can_come_back_later():
    """"Embaucher", Symbole Etoile: "Cela signifie que ce citadin pourra revenir plus tard
    dans la partie": once shuffled back, it is among the next draws of the guest pile."""
    s, councillor = hire_from_room_a(COUNCILLOR, {BEER: 1})
    finish_actions(s)
    to_round_end(s)
    assert s.phase == REFILL
    assert s.acts.draw[councillor] in [a for a, _ in s.chance_outcomes()]


def test_round_four_view_shows_the_tile_under_the_master():
    """"Mise en place" I and "Fin d'une Manche" 1, round 4: the favourite wins the master
    and the tile it covers (laid face up at setup, so known to all): every view names
    both, in every round."""
    s = ready(2)
    for rnd in range(1, 5):
        for seat in (0, 1, None):
            g = s.view(seat)["guilds"][BREWERS]
            assert g["covered"]["id"] == s.ws[BREWERS * 5 + 3]
            if rnd == 4:
                assert g["master"]["id"] == s.ws[BREWERS * 5 + 4] and g["top"] is None
            else:
                assert g["top"]["id"] == s.ws[BREWERS * 5 + 4]
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
             "translations": "test_norenberc_translations.py", "news": "test_norenberc_news.py"}
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
    s.apply(3, s.acts.plan[SHOEMAKERS])          # still planning
    seen = set()
    for i in range(40):
        t = s.sample(0, random.Random(i))
        assert t.view(0) == s.view(0) and t.legal(0) == s.legal(0)
        assert [bin(t.plan[q]).count("1") for q in range(4)] == [0, 2, 0, 1]
        assert t.pstate == s.pstate
        seen.add((t.plan[1], t.plan[3]))
    assert len(seen) > 5
