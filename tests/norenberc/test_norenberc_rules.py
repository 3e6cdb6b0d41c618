"""One test (or more) per rule, each naming the rulebook section (norenberc.fr.txt) it
checks; readings from the reading notes (docs/rules/norenberc.md) where the text is ambiguous."""

from __future__ import annotations


import pytest

from tests.norenberc.norenberc_helpers import (
    refill, to_round_end, words,
    ARTISAN, BAKERS, BEER, BREWERS, GAME, PAGE, PASTRY, PRINTERS, SHOE, SHOEMAKERS,
    check_invariants, find, give, move_goods, plan, put, ready, run_nothing, set_goods, set_master,
)

from reichsstadt.core import CHANCE, IllegalAction
from reichsstadt.games.norenberc.constants import (
    ACTIONS, COUNCILLOR, FIRST_PLACE, GUARD, GUARD_FIRST, MAYOR, MUSICIAN, OVER, PAY_ANY, PEDDLER,
    PEDDLER_GOOD, PLANNING, THIEF, THIEF_VICTIM,
)
from reichsstadt.games.norenberc.rules import prestige_choice


# -- Mise en place ----------------------------------------------------------------------

@pytest.mark.parametrize("players,guilds,citizens", [(2, 3, 8), (3, 4, 12), (4, 5, 16), (5, 6, 20)])
def test_setup_guilds_and_citizens_by_player_count(players, guilds, citizens):
    """"Mise en place": guilds 1..n+1 and 8/12/16/20 citizens kept; 25 thalers, 4 agents
    and one good of each guild in play per player; 5 artisans per workshop stack; three
    guests per guild with the first room left empty (A-J)."""
    s = ready(players)
    assert s.guild_count == guilds
    assert s.pile_unseen + sum(1 for t in s.rooms if t >= 66) == citizens
    assert s.money == [25] * players and s.agents == [4] * players and s.agents_free == [4] * players
    assert s.goods_held == [1] * (players * guilds)
    assert all(s.stores[g * guilds + g] == 12 - players for g in range(guilds))
    assert all(t >= 0 for t in s.workshops)
    assert [s.rooms[g * 4] for g in range(guilds)] == [-1] * guilds
    assert all(t >= 0 for g in range(guilds) for t in s.rooms[g * 4 + 1:g * 4 + 4])
    assert sorted(s.turn_order) == list(range(players))
    check_invariants(s)


def test_setup_prestige_tie_goes_to_lower_number():
    """"Mise en place" K: the first prestige guild is the highest master; ties go to the
    lower guild number."""
    s = ready(3)
    s = set_master(s, SHOEMAKERS, 6)
    s = set_master(s, PRINTERS, 6)
    assert prestige_choice(s, previous=-1) == SHOEMAKERS


def test_turn_order_is_random():
    """"Mise en place" H: the turn order markers are placed at random (a chance node)."""
    orders = {tuple(GAME.new(4, seed).chance_outcomes()[i][0].seat for i in range(4)) for seed in range(3)}
    assert orders == {(0, 1, 2, 3)}  # every seat is a possible first draw
    s = GAME.new(4, 0)
    assert [p for _, p in s.chance_outcomes()] == [0.25] * 4


# -- Planification ----------------------------------------------------------------------

def test_planning_is_simultaneous_and_secret():
    """"Phase de Planification": every player plans at once, cards « face cachée »: the
    others see how many cards lie face down and whose token turned to the moon, never
    the guilds."""
    s = ready(3)
    assert s.to_act() == (0, 1, 2)
    s.apply(1, s.action_table.plan[BAKERS])
    assert s.view(0)["seats"][1]["planning"] == "planning"
    s.apply(1, s.action_table.plan_done)
    v = s.view(0)["seats"][1]
    assert v["planning"] == "done" and v["cards"] == 1 and v["plan"] is None
    assert s.view(1)["seats"][1]["plan"] == [BAKERS]
    assert s.to_act() == (0, 2)
    s.apply(2, s.action_table.pass_round)
    assert s.view(0)["seats"][2]["planning"] == "passed"
    assert words(s.describe(1, s.action_table.plan[BAKERS], 0)) == "lay an action card face down"


def test_passing_turns_to_the_moon_for_the_round():
    """"Phase de Planification": a pass turns the token to the moon: no more planning in
    this round."""
    s = ready(3)
    plan(s, 0, [])
    plan(s, 1, [BREWERS])
    plan(s, 2, [BREWERS])
    assert s.moon == [1, 0, 0]
    run_nothing(s)
    assert s.phase == PLANNING and s.to_act() == (1, 2)


def test_open_planning_goes_in_reverse_turn_order():
    """"Phase de Planification", the open variant (notes: reverse turn order, each sees how
    many cards the earlier players laid face down)."""
    s = ready(3, order=[2, 0, 1], open_planning=True)
    assert s.to_act() == (1,)
    plan(s, 1, [BREWERS, PRINTERS])
    assert s.to_act() == (0,)
    v = s.view(0)["seats"][1]
    assert v["cards"] == 2 and v["plan"] is None
    plan(s, 0, [])
    assert s.to_act() == (2,)
    assert s.view(2)["seats"][0]["planning"] == "passed"
    plan(s, 2, [BAKERS])
    assert s.phase == ACTIONS


# -- Appel d'une Guilde -----------------------------------------------------------------

def test_guilds_are_called_in_number_order_and_players_in_turn_order():
    """"Appel d'une Guilde": guild by guild in number order; in a guild, players act in
    turn order as it stands when each acts (a hire moving someone first does not make
    those who acted act again)."""
    s = ready(3, order=[0, 1, 2])
    s = put(s, find(s, ARTISAN, PRINTERS, 7), "rooms", BREWERS * 4 + 1)
    s = set_goods(s, 1, BEER, 2)
    for p in range(3):
        plan(s, p, [BREWERS, PRINTERS])
    assert s.called_guild == BREWERS and s.actor == 0
    s.apply(0, s.action_table.nothing)
    assert s.actor == 1
    s.apply(1, s.action_table.hire[1][0])
    s.apply(1, s.action_table.pay[BEER])
    s.apply(1, s.action_table.front[1])
    assert s.turn_order == [1, 0, 2]
    assert s.actor == 2  # player 0 already acted here
    s.apply(2, s.action_table.nothing)
    assert s.called_guild == PRINTERS and s.actor == 1  # the new turn order from now on


# -- Vendre / Acheter -------------------------------------------------------------------

def test_sell_any_number_of_the_guilds_own_goods():
    """"Vendre": any number (at least one) of the guild's own goods, master value each."""
    s = ready(2)
    s = set_goods(s, 0, BAKERS, 4)
    plan(s, 0, [BAKERS])
    plan(s, 1, [])
    sells = [a.count for a in s.legal(0) if a.type == "sell"]
    assert sells == [1, 2, 3, 4]
    v = s.master_value(BAKERS)
    s.apply(0, s.action_table.sell[3])
    assert s.money[0] == 25 + 3 * v and s.goods_held[0 * s.guild_count + BAKERS] == 1


def test_buy_any_goods_in_the_store_up_to_3_and_never_below_zero_money():
    """"Acheter": up to 3 goods of any types present in the store at the master's value;
    money cannot go negative."""
    s = ready(2)
    s = set_master(s, BREWERS, 5)
    s = move_goods(s, SHOE, SHOEMAKERS, BREWERS, 1)   # a shoe paid into the Brewers' store earlier
    s = s.edited(money=[12, s.money[1]])
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    assert {a.good for a in s.legal(0) if a.type == "buy"} == {BEER, SHOE}
    s.apply(0, s.action_table.buy[BEER])
    s.apply(0, s.action_table.buy[SHOE])
    assert s.money[0] == 2
    assert s.phase != ACTIONS or s.actor != 0  # cannot afford a third: the action ended
    check_invariants(s)


@pytest.mark.parametrize("players,cards,limit", [(5, 5, 1), (5, 4, 1), (5, 3, 2), (5, 2, 3), (4, 4, 2), (4, 3, 2),
                                                 (4, 2, 3), (3, 3, 3)])
def test_first_turn_buy_limits(players, cards, limit):
    """"Acheter", special rule: first turn of round 1 only; 5 players: 4-5 cards in a guild
    -> 1 good, 3 cards -> 2; 4 players: 3-4 cards -> 2."""
    s = ready(players)
    for p in range(players):
        plan(s, p, [BREWERS] if p < cards else [])
    assert s.buy_limit == limit
    s2 = ready(players).edited(turn=2)
    for p in range(players):
        plan(s2, p, [BREWERS] if p < cards else [])
    assert s2.buy_limit == 3


# -- Embaucher ----------------------------------------------------------------------------

def hire_position(goods: dict[int, int], room: int, guest: int | None = None):
    s = ready(3, order=[0, 1, 2])
    for t in range(s.guild_count):
        s = set_goods(s, 0, t, goods.get(t, 0))
    if guest is not None:
        s = put(s, guest, "rooms", BREWERS * 4 + room)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    return s


@pytest.mark.parametrize("room,goods,forms", [
    (0, {BEER: 1}, [0]),
    (0, {PAGE: 3}, []),
    (1, {BEER: 1}, []),
    (1, {BEER: 2}, [0]),
    (1, {BEER: 1, PAGE: 1}, [0]),
    (2, {BEER: 2}, [0]),
    (2, {BEER: 1, SHOE: 2}, [1]),
    (2, {BEER: 3}, [0, 1]),
    (3, {BEER: 3}, [0]),
    (3, {BEER: 2, PAGE: 2}, [1]),
    (3, {BEER: 4}, [0, 1]),
    (3, {BEER: 2, PAGE: 1}, []),
])
def test_room_prices(room, goods, forms):
    """"Embaucher": A = 1 guild good; B = 1 guild + 1 any; C = 2 guild or 1 guild + 2 any;
    D = 3 guild or 2 guild + 2 any ("any" may be of the guild's own type)."""
    s = hire_position(goods, room, guest=find(ready(3), ARTISAN, PRINTERS, 7))
    got = sorted(a.form for a in s.legal(0) if a.type == "hire" and a.room == room)
    assert got == forms


def test_hire_payment_choice_goes_to_the_store():
    """"Embaucher" step 1: the payer picks which goods; all go to that guild's store."""
    printer = find(ready(3), ARTISAN, PRINTERS, 7)
    s = hire_position({BEER: 2, SHOE: 1, PAGE: 1}, 3, guest=printer)
    G = s.guild_count
    before = s.stores[BREWERS * G:(BREWERS + 1) * G]
    s.apply(0, s.action_table.hire[3][1])
    assert s.step == PAY_ANY
    # one good at a time, in type order: the shoe first (a page is left to follow it),
    # not the page (no good of a later type would be left)
    assert [a.good for a in s.legal(0)] == [SHOE]
    s.apply(0, s.action_table.pay[SHOE])
    assert s.step == PAY_ANY and [a.good for a in s.legal(0)] == [PAGE]
    s.apply(0, s.action_table.pay[PAGE])
    after = s.stores[BREWERS * G:(BREWERS + 1) * G]
    assert [after[t] - before[t] for t in range(G)] == [2, 0, 1, 1]
    assert printer in s.tiles_owned[0]
    check_invariants(s)


def test_hire_bonus_counts_every_colour_on_the_roof():
    """"Embaucher" step 3: one thaler per agent already on the roof, all colours, not
    counting the hiring player's own agent."""
    s = hire_position({BEER: 2}, 1, guest=find(ready(3), ARTISAN, PRINTERS, 7))
    s = s.edited(roof_agents=[3 if g == BREWERS else r for g, r in enumerate(s.roof_agents)])
    s.apply(0, s.action_table.hire[1][0])
    s.apply(0, s.action_table.pay[BEER])
    assert s.money[0] == 25 + 3
    assert s.roof_agents[BREWERS] == 4


def test_moving_to_first_place_is_optional():
    """"Embaucher" step 4: the player may put their marker first (those above slide down)."""
    for move in (False, True):
        s = ready(3, order=[2, 1, 0])
        s = set_goods(s, 0, BEER, 2)
        artisan = find(s, ARTISAN, PRINTERS, 7)
        s = put(s, artisan, "rooms", BREWERS * 4 + 1)
        plan(s, 0, [BREWERS])
        plan(s, 1, [])
        plan(s, 2, [])
        s.apply(0, s.action_table.hire[1][0])
        s.apply(0, s.action_table.pay[BEER])
        assert s.step == FIRST_PLACE
        s.apply(0, s.action_table.front[int(move)])
        assert s.turn_order == ([0, 2, 1] if move else [2, 1, 0])


def test_agent_plus_gives_an_agent_usable_next_planning_and_never_above_8():
    """"Embaucher": an Agent+ artisan gives an agent at once (at most 8 per player),
    usable from the next planning phase."""
    s = ready(3, order=[0, 1, 2])
    plus = find(s, ARTISAN, PRINTERS, agent=True)
    # another Printer takes its workshop slot, then the Agent+ Printer lodges in room A
    s = put(s, find(s, ARTISAN, PRINTERS, agent=False, avoid=tuple(s.workshops)), "workshops", s.workshops.index(plus))
    s = put(s, plus, "rooms", BREWERS * 4 + 0)
    plan(s, 0, [BREWERS, BAKERS, SHOEMAKERS, PRINTERS])
    plan(s, 1, [])
    plan(s, 2, [])
    s.apply(0, s.action_table.hire[0][0])
    # 4 agents, one per revealed card (Brewers, then at once the Bakers), one gained
    assert s.agents[0] == 5 and s.called_guild == BAKERS and s.agents_free[0] == 4 - 2 + 1
    run_nothing(s)
    assert s.phase == PLANNING and s.agents_free[0] == 1 and not s.moon[0]
    s2 = ready(3, order=[0, 1, 2])
    s2 = put(s2, find(s2, ARTISAN, PRINTERS, agent=False, avoid=tuple(s2.workshops)), "workshops",
             s2.workshops.index(plus))
    s2 = put(s2, plus, "rooms", BREWERS * 4 + 0)
    s2 = s2.edited(agents=[8, 4, 4], agents_free=[8, 4, 4])
    plan(s2, 0, [BREWERS])
    plan(s2, 1, [])
    plan(s2, 2, [])
    s2.apply(0, s2.action_table.hire[0][0])
    assert s2.agents[0] == 8


# -- Citadins ---------------------------------------------------------------------------

def citizen_hire(kind: int, goods: dict[int, int] | None = None):
    s = ready(3, order=[0, 1, 2])
    tile = find(s, kind)
    s = put(s, tile, "rooms", BREWERS * 4 + 0)
    for t, k in (goods or {}).items():
        s = set_goods(s, 0, t, k)
    plan(s, 0, [BREWERS])
    plan(s, 1, [])
    plan(s, 2, [])
    s.apply(0, s.action_table.hire[0][0])
    return s, tile


def test_councillor_gives_an_agent_and_goes_back_to_the_pile():
    """"Citadins", Conseiller (star): one more agent (max 8), then shuffled into the pile."""
    s, tile = citizen_hire(COUNCILLOR)
    assert s.agents[0] == 5 and tile in s.pile_known and tile not in s.tiles_owned[0]
    check_invariants(s)


def test_thief_takes_two_goods_from_one_player_who_is_paid_by_the_bank():
    """"Citadins", Voleur (star): two goods of the thief's choice from one other player;
    the victim gets each good's guild master value from the bank; back into the pile."""
    s, tile = citizen_hire(THIEF)
    G = s.guild_count
    assert s.step == THIEF_VICTIM and tile in s.pile_known
    s = set_goods(s, 1, SHOE, 2)
    s = set_master(s, SHOEMAKERS, 5)
    s = set_master(s, PRINTERS, 3)
    s.apply(0, s.action_table.rob[1])
    steals = [a.good for a in s.legal(0)]
    assert steals == [BEER, PASTRY, SHOE, PAGE]
    money = s.money[1]
    s.apply(0, s.action_table.steal[SHOE])
    s.apply(0, s.action_table.steal[PAGE])
    assert s.goods_held[1 * G + SHOE] == 1 and s.goods_held[1 * G + PAGE] == 0
    assert s.goods_held[0 * G + SHOE] == 2 and s.goods_held[0 * G + PAGE] == 2
    assert s.money[1] == money + 5 + 3
    check_invariants(s)


def test_thief_takes_fewer_from_a_poor_victim_and_may_take_nothing():
    """"Citadins", Voleur: fewer goods if the victim has fewer; the thief "may" steal."""
    s, _ = citizen_hire(THIEF)
    for t in range(s.guild_count):
        s = set_goods(s, 1, t, 1 if t == BAKERS else 0)
    s.apply(0, s.action_table.rob[1])
    s.apply(0, s.action_table.steal[PASTRY])
    assert s.step != THIEF_VICTIM and (s.actor != 0 or s.step == FIRST_PLACE or s.phase != ACTIONS)
    s2, _ = citizen_hire(THIEF)
    before = list(s2.goods_held)
    s2.apply(0, s2.action_table.decline)
    assert s2.goods_held == before


def test_guard_swaps_two_visible_artisans_of_one_type_never_a_master():
    """"Citadins", Garde (star): swap two artisans of the same type anywhere (workshops,
    rooms, other guilds), never a master, never the tile covered in the top workshop."""
    s, tile = citizen_hire(GUARD)
    assert s.step == GUARD_FIRST and tile in s.pile_known
    cands = [a.tile for a in s.legal(0) if a.type == "guard"]
    masters = {s.master_tile(g) for g in range(s.guild_count)}
    covered = {s.workshops[g * 5 + 3] for g in range(s.guild_count)}
    assert cands and not (set(cands) & (masters | covered))
    a = cands[0]
    s.apply(0, s.action_table.guard[a])
    partners = [x.tile for x in s.legal(0)]
    guild = s.components.tile_guild
    assert all(guild[b] == guild[a] and b not in masters | covered for b in partners)
    b = partners[0]
    ia, ib = s.workshops.index(a), s.workshops.index(b)
    s.apply(0, s.action_table.guard[b])
    assert s.workshops[ia] == b and s.workshops[ib] == a
    check_invariants(s)


def test_guard_swap_may_be_declined():
    """"Citadins", Garde: "peut" — the swap may be declined (notes)."""
    s, _ = citizen_hire(GUARD)
    ws = list(s.workshops)
    s.apply(0, s.action_table.decline)
    assert s.workshops == ws


def test_musician_and_mayor_income():
    """"Collecte des Revenus" with Musicien and Maire: 3 thalers each, plus the Musician's
    value, plus 1 per owned artisan of the Mayor's guild per Mayor, for every player."""
    s, mayor = citizen_hire(MAYOR)
    assert s.step != PAY_ANY and [a.type for a in s.legal(0)][0] == "mayor"
    s.apply(0, s.action_table.mayor[BAKERS])
    assert mayor not in s.tiles_owned[0] and s.mayors == [mayor, BAKERS]
    musician = find(s, MUSICIAN, value=5)
    s = give(s, 0, musician)
    s = give(s, 1, find(s, ARTISAN, BAKERS, 6, avoid=tuple(s.workshops)))
    s = give(s, 1, find(s, ARTISAN, BAKERS, 7, avoid=tuple(s.workshops)))
    while s.phase == ACTIONS:
        s.apply(s.actor, s.legal(s.actor)[0] if s.step == FIRST_PLACE else s.action_table.nothing)
    money = list(s.money)
    to_round_end(s)
    kind, guild = s.components.tile_kind, s.components.tile_guild
    bakers = [sum(1 for t in s.tiles_owned[p] if kind[t] == ARTISAN and guild[t] == BAKERS) for p in range(3)]
    assert bakers[1] >= 2  # the two given, plus any master won as a favourite
    assert s.money[0] - money[0] == 3 + 5 + bakers[0]
    assert s.money[1] - money[1] == 3 + bakers[1]
    assert s.money[2] - money[2] == 3 + bakers[2]


def test_peddler_good_counts_4_for_favourite_then_returns():
    """"Citadins", Colporteur (moon): one of the player's goods goes on it and counts as 4
    of its type when favourites are chosen; then the good returns and the Peddler is
    shuffled into the pile."""
    s, ped = citizen_hire(PEDDLER, {SHOE: 1})
    G = s.guild_count
    assert s.step == PEDDLER_GOOD
    s.apply(0, s.action_table.peddler[SHOE])
    assert s.goods_held[0 * G + SHOE] == 0 and s.peddlers == [ped, 0, SHOE]
    s = set_goods(s, 1, SHOE, 3)
    s = set_goods(s, 2, SHOE, 0)
    s = s.edited(money=[s.money[0], 99, s.money[2]])
    while s.phase == ACTIONS:
        s.apply(s.actor, s.legal(s.actor)[0] if s.step == FIRST_PLACE else s.action_table.nothing)
    to_round_end(s)
    assert [1, SHOEMAKERS, 0] in s.favourite_log
    assert s.goods_held[0 * G + SHOE] == 0   # its good paid the favourite's due... and none is left
    assert ped in s.pile_known and ped not in s.tiles_owned[0] and s.peddlers == []
    check_invariants(s)


def test_peddler_returns_its_good_after_favourites():
    """"Citadins", Colporteur: after the favourites are chosen the owner gets the good back."""
    s, ped = citizen_hire(PEDDLER, {SHOE: 1, PAGE: 2})
    s.apply(0, s.action_table.peddler[PAGE])
    for p in (1, 2):
        s = set_goods(s, p, PAGE, 0)
    while s.phase == ACTIONS:
        s.apply(s.actor, s.legal(s.actor)[0] if s.step == FIRST_PLACE else s.action_table.nothing)
    to_round_end(s)
    G = s.guild_count
    # favourite of the Printers with 1 page + Peddler (1 + 4): pays a page, gets the other back
    assert [1, PRINTERS, 0] in s.favourite_log
    assert s.goods_held[0 * G + PAGE] == 1


def test_peddler_without_goods_goes_straight_back():
    """"Citadins", Colporteur: with no goods the Peddler is shuffled back at once (the
    hire still happened)."""
    s, ped = citizen_hire(PEDDLER, {BEER: 1, PASTRY: 0, SHOE: 0, PAGE: 0})
    assert s.goods_count(0) == 0
    assert ped in s.pile_known and s.step != PEDDLER_GOOD and ped not in s.tiles_owned[0]


# -- Fin d'une Manche ---------------------------------------------------------------------

def test_favourite_ties_money_then_turn_order_and_money_is_revealed():
    """"Fin d'une Manche" 1: most goods of the type; tie -> more money (the tied players
    reveal it); still tied -> better turn-order position."""
    s = ready(3, order=[2, 1, 0]).edited(money=[30, 30, 12])
    to_round_end(s)
    fav = {g: p for r, g, p in s.favourite_log}
    assert fav[BREWERS] == 1  # 0 and 1 tie on money: 1 is ahead in turn order
    revealed = s.view(0)
    assert [1, BREWERS, 2, 12] in revealed["table"]["revealed_money"]
    assert [1, BREWERS, 0, 30] in revealed["table"]["revealed_money"]
    assert s.view(0)["seats"][1]["money"] is None


def test_no_goods_of_a_type_no_favourite():
    """"Fin d'une Manche" 1: nobody has the guild's goods: no favourite; the master leaves
    the game, and so does that guild's prestige crest (notes)."""
    s = ready(2)
    for p in range(2):
        s = set_goods(s, p, s.prestige_guild, 0)
    g = s.prestige_guild
    master = s.master_tile(g)
    to_round_end(s)
    assert [1, g, -1] in s.favourite_log and master in s.out_of_game
    assert s.prestige_out == 1 and sum(s.prestige_crests) == 0
    check_invariants(s)


def test_end_of_round_agents_home_income_tokens_and_new_masters():
    """"Fin d'une Manche" 2-5: agents come home, 3 thalers each, tokens back to the agent
    side, the next artisan in each workshop becomes master."""
    s = ready(2)
    nxt = [s.workshops[g * 5 + 1] for g in range(s.guild_count)]
    plan(s, 0, [BREWERS])
    plan(s, 1, [BREWERS, BAKERS])
    run_nothing(s)
    money = list(s.money)
    to_round_end(s)
    assert s.money == [m + 3 for m in money]
    assert s.agents_free == s.agents and s.moon == [0, 0] and s.roof_agents == [0] * s.guild_count
    assert [s.master_tile(g) for g in range(s.guild_count)] == nxt
    refill(s)
    assert s.phase == PLANNING and s.round == 2 and s.turn == 1


def test_rooms_leftmost_leaves_rest_slide_and_refill_guild_by_guild():
    """"Fin d'une Manche" 6: the leftmost guest leaves the game, the others slide left,
    new guests fill the rooms left to right, guild by guild; an empty pile leaves rooms
    empty."""
    s = ready(2)
    leaving = find(s, ARTISAN, BAKERS, 7)
    s = put(s, leaving, "rooms", BREWERS * 4)
    # the same position with an empty guest pile (its tiles out of the game)
    empty = s.edited(pile_known=[], pile_unseen=0, out_of_game=s.out_of_game + s.pile_known)
    row = s.rooms[0:4]
    to_round_end(s)
    assert leaving in s.out_of_game
    assert s.rooms[0:3] == row[1:4] and s.rooms[3] == -1
    draw = s.chance_outcomes()
    assert "room D of the Brewers" in words(s.describe(CHANCE, draw[0][0], None))
    for p in empty.to_act():  # everyone passes: the round ends, with nothing to draw
        plan(empty, p, [])
    assert empty.phase == PLANNING and empty.round == 2 and empty.rooms.count(-1) >= 1


def test_round_four_gives_both_tiles_and_ends_after_income():
    """"Fin d'une Manche" with the 4th round: the favourite takes both tiles of the stack
    (an agent for each Agent+), and steps 4-7 are skipped: the game is over."""
    s = ready(2)
    for _ in range(3):
        to_round_end(s)
        refill(s)
    assert s.round == 4
    g = BREWERS
    top, under = s.workshops[g * 5 + 4], s.workshops[g * 5 + 3]
    assert s.master_tile(g) == top
    money = list(s.money)
    s = set_goods(s, 0, BEER, 2)
    to_round_end(s)
    fav = [p for r, gg, p in s.favourite_log if r == 4 and gg == g][0]
    assert top in s.tiles_owned[fav] and under in s.tiles_owned[fav]
    assert s.phase == OVER and s.to_act() == () and s.money[0] >= money[0] + 3
    with pytest.raises(IllegalAction):
        s.apply(0, s.action_table.nothing)
    check_invariants(s)


def test_wrong_seat_and_wrong_phase_are_refused_with_reasons():
    """Errors: not your turn, a chance draw at a decision, an action of another phase."""
    s = ready(2)
    plan(s, 0, [BREWERS])
    with pytest.raises(IllegalAction, match="it is not Player 1's turn: waiting for Player 2"):
        s.apply(0, s.action_table.plan[BAKERS])
    with pytest.raises(IllegalAction, match="no chance draw"):
        s.apply(CHANCE, s.action_table.draw[0])
    with pytest.raises(IllegalAction, match="cannot"):
        s.apply(1, s.action_table.sell[1])


def test_a_hire_the_goods_cannot_pay_says_the_price_and_what_the_player_holds():
    """"Embaucher": a room's price paid one way (goods of the guild's type, goods of any
    type). A way the player's goods cannot pay is refused with that way's price and the
    goods the player holds (the guild's kind, and in all): a click on such a room in the
    browser, or the move typed in the terminal, says what is lacking, not only "not that
    way"."""
    import json
    import random

    from reichsstadt.core import Message, game, sample_chance
    from reichsstadt.i18n import render

    rng = random.Random(8)
    hires = [a for a in game("norenberc").action_space(3).actions if a.type == "hire"]
    for game_seed in range(40):
        s = game("norenberc").new(3, 700 + game_seed)
        while s.to_act():
            seat = s.to_act()[0]
            if seat == CHANCE:
                s.apply(CHANCE, sample_chance(s, rng))
                continue
            for a in hires:
                refused = s.refusal(seat, a)
                if isinstance(refused, Message) and "norenberc.why.hire_price" in json.dumps(refused.to_json()):
                    said = render(refused, "en")
                    held = sum(s.goods_held[seat * s.guild_count:(seat + 1) * s.guild_count])
                    assert " asks " in said and "; you hold " in said and f" and {held} good" in said, said
                    return
            legal = s.legal(seat)
            s.apply(seat, legal[rng.randrange(len(legal))])
    raise AssertionError("no hire the goods could not pay came up")
