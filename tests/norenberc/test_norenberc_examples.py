"""The rulebook's worked examples (norenberc.fr.txt), each built as a position and
played through the engine. The three-player example game: Yellow, Blue and Orange,
guilds 1-4 (Brewers, Bakers, Shoemakers, Printers); Orange is first in turn order."""

from __future__ import annotations


from tests.norenberc.norenberc_helpers import (
    ARTISAN, BAKERS, BEER, BREWERS, PASTRY, PRINTERS, SHOE, SHOEMAKERS, check_invariants,
    find, owning, plan, put, ready, run_nothing, set_goods, set_master, with_crests,
)

from reichsstadt.games.norenberc.constants import (
    ACTIONS, APPRENTICE, COUNCILLOR, ENGRAVER, FOREMAN, MUSICIAN, NOBLE, OVER, PLANNING, REFILL, TAX_COLLECTOR,
)
from reichsstadt.games.norenberc.rules import prestige_choice
from reichsstadt.games.norenberc.scoring import outcome

YELLOW, BLUE, ORANGE = 0, 1, 2


def example_start():
    """Setup as in the examples: Brewers' master 6 (the prestige guild), Bakers' master 2;
    the Brewers' rooms: A empty, B a Councillor, C a Printer 7, D a Musician."""
    s = ready(3, order=[ORANGE, BLUE, YELLOW])
    s = set_master(s, BREWERS, 6)
    s = set_master(s, BREWERS, 4, slot=1)   # the next master (round 2)
    s = set_master(s, BAKERS, 2)
    s = set_master(s, SHOEMAKERS, 5)
    s = set_master(s, PRINTERS, 5)
    councillor = find(s, COUNCILLOR)
    printer7 = find(s, ARTISAN, PRINTERS, 7)
    musician = find(s, MUSICIAN)
    s = put(s, councillor, "rooms", BREWERS * 4 + 1)
    s = put(s, printer7, "rooms", BREWERS * 4 + 2)
    s = put(s, musician, "rooms", BREWERS * 4 + 3)
    # setup K again with these masters (the prestige crest taken at setup stays on it)
    s = s.edited(prestige_guild=prestige_choice(s, previous=-1))
    return s, councillor, printer7, musician


def planned_example():
    """Section "Phase de Planification", example: Yellow plans Bakers, Shoemakers and
    Printers; Blue plans Brewers and Shoemakers; Orange plans all four guilds."""
    s, *tiles = example_start()
    plan(s, YELLOW, [BAKERS, SHOEMAKERS, PRINTERS])
    plan(s, BLUE, [BREWERS, SHOEMAKERS])
    plan(s, ORANGE, [BREWERS, BAKERS, SHOEMAKERS, PRINTERS])
    return s, tiles


def test_setup_prestige_goes_to_the_highest_master():
    """Section "Mise en place" K: the Brewers' master is 6, the highest: Brewers are the
    first prestige guild and take a prestige crest."""
    s, *_ = example_start()
    assert s.prestige_guild == BREWERS and s.prestige_guild_crest == 1
    check_invariants(s)


def test_planning_example():
    """Section "Phase de Planification", example (all have 4 agents; Yellow 3 cards,
    Blue 2, Orange 4); then "Appel d'une Guilde": the Brewers are called first and only
    Blue and Orange reveal a card and put an agent on it."""
    s, _ = planned_example()
    assert s.phase == ACTIONS and s.called_guild == BREWERS
    assert s.view(None)["table"]["current"]["revealed"] == [BLUE, ORANGE]
    assert s.agents_free == [4, 3, 3]  # an agent on each revealed card
    assert s.actor == ORANGE     # Orange is first in turn order
    # the unrevealed cards: their number is public, the guilds are not
    assert s.view(YELLOW)["seats"][ORANGE]["cards"] == 3
    assert s.view(YELLOW)["seats"][ORANGE]["plan"] is None
    check_invariants(s)


def test_planning_is_limited_by_available_agents():
    """Section "Phase de Planification": at most one card per guild and no more cards
    than available agents; a plan of no guild is a pass."""
    s, *_ = example_start()
    s = s.edited(agents_free=[2 if p == YELLOW else a for p, a in enumerate(s.agents_free)])
    s.apply(YELLOW, s.action_table.plan[BREWERS])
    s.apply(YELLOW, s.action_table.plan[PRINTERS])
    assert [a.type for a in s.legal(YELLOW)] == ["plan_done"]
    blue = s.legal(BLUE)
    assert s.action_table.pass_round in blue and s.action_table.plan_done not in blue  # nothing planned yet
    assert s.action_table.plan[BREWERS] in blue


def test_selling_one_beer_at_6():
    """Section "Vendre", example: Orange sells his only beer to the Brewers (master 6):
    the beer goes to the store, Orange gets 6 thalers, his agent goes up on the roof."""
    s, _ = planned_example()
    G = s.guild_count
    store_before = s.stores[BREWERS * G + BEER]
    assert [a.to_json() for a in s.legal(ORANGE) if a.type == "sell"] == [{"type": "sell", "count": 1}]
    s.apply(ORANGE, s.action_table.sell[1])
    assert s.money[ORANGE] == 31
    assert s.goods_held[ORANGE * G + BEER] == 0
    assert s.stores[BREWERS * G + BEER] == store_before + 1
    assert s.roof_agents[BREWERS] == 1
    assert s.actor == BLUE
    check_invariants(s)


def test_hiring_the_councillor_with_a_beer_and_a_shoe():
    """Section "Embaucher", example: Blue may hire the Councillor (room B: 1 beer + 1 any)
    or the Printer 7 (room C) only as 1 beer + 2 any (she has no second beer), never
    the Musician (room D). She pays a beer and a shoe, gains an agent, the Councillor
    is shuffled back into the pile, she gets 1 thaler (Orange's agent on the roof) and
    moves to first place, pushing Orange to second."""
    s, (councillor, printer7, musician) = planned_example()
    G = s.guild_count
    s.apply(ORANGE, s.action_table.sell[1])
    hires = sorted((a.room, a.form) for a in s.legal(BLUE) if a.type == "hire")
    assert hires == [(1, 0), (2, 1)]
    store_before = s.stores[BREWERS * G:(BREWERS + 1) * G]
    s.apply(BLUE, s.action_table.hire[1][0])
    s.apply(BLUE, s.action_table.pay[SHOE])
    assert s.agents[BLUE] == 5 and s.agents_free[BLUE] == 4
    assert councillor in s.pile_known and councillor not in s.tiles_owned[BLUE]
    assert s.rooms[BREWERS * 4 + 1] == -1
    assert s.money[BLUE] == 26
    assert s.stores[BREWERS * G + BEER] == store_before[BEER] + 1
    assert s.stores[BREWERS * G + SHOE] == store_before[SHOE] + 1
    s.apply(BLUE, s.action_table.front[1])
    assert s.turn_order[:2] == [BLUE, ORANGE]
    assert s.roof_agents[BREWERS] == 2
    check_invariants(s)


def _through_brewers():
    s, tiles = planned_example()
    s.apply(ORANGE, s.action_table.sell[1])
    s.apply(BLUE, s.action_table.hire[1][0])
    s.apply(BLUE, s.action_table.pay[SHOE])
    s.apply(BLUE, s.action_table.front[1])
    return s, tiles


def test_buying_3_pastries_for_6():
    """Section "Acheter", example: at the Bakers (master 2) Orange, with 31 thalers,
    buys 3 pastries for 6 thalers; 3 is the most one action buys."""
    s, _ = _through_brewers()
    G = s.guild_count
    assert s.called_guild == BAKERS and s.actor == ORANGE
    for _ in range(3):
        assert s.action_table.buy[PASTRY] in s.legal(ORANGE)
        s.apply(ORANGE, s.action_table.buy[PASTRY])
    assert s.money[ORANGE] == 25
    assert s.goods_held[ORANGE * G + PASTRY] == 4
    assert s.actor == YELLOW  # the fourth good is not offered: the action is over
    check_invariants(s)


def test_doing_nothing_still_puts_the_agent_on_the_roof():
    """Section "Ne rien faire", example: Yellow does nothing at the Bakers; his agent
    still goes up on the roof."""
    s, _ = _through_brewers()
    s.apply(ORANGE, s.action_table.nothing)
    roof = s.roof_agents[BAKERS]
    s.apply(YELLOW, s.action_table.nothing)
    assert s.roof_agents[BAKERS] == roof + 1
    assert s.called_guild == SHOEMAKERS


def _first_turn_done():
    s, tiles = _through_brewers()
    run_nothing(s)
    return s, tiles


def test_end_of_turn_example():
    """Section "Phase de fin de tour", example: Yellow (3 actions) has one agent left,
    Blue (2 actions and a Councillor) three; Orange (4 actions) has none and turns to
    the moon. A new turn starts without Orange."""
    s, _ = _first_turn_done()
    assert s.phase == PLANNING and s.turn == 2
    assert s.agents_free == [1, 3, 0]
    assert s.moon == [0, 0, 1]
    assert s.to_act() == (YELLOW, BLUE)
    assert s.legal(ORANGE) == ()


def test_next_turn_ends_the_round_and_the_favourite_example():
    """"Fin du tour suivant" and "Exemple pour le choix des favoris": Yellow passes, Blue
    acts in 3 guilds (selling a beer at the Brewers) and runs out of agents: the round
    ends. Only Yellow still has a beer: he is the Brewers' favourite, returns one beer,
    takes the master, a Brewers crest and the prestige crest (the Brewers are the
    prestige guild)."""
    s, _ = _first_turn_done()
    G = s.guild_count
    s = set_goods(s, BLUE, BEER, 1)
    master = s.master_tile(BREWERS)
    plan(s, YELLOW, [])
    plan(s, BLUE, [BREWERS, BAKERS, SHOEMAKERS])
    assert s.moon[YELLOW] == 1
    store = s.stores[BREWERS * G + BEER]
    s.apply(BLUE, s.action_table.sell[1])
    assert [s.goods_held[p * G + BEER] for p in range(3)] == [1, 0, 0]
    run_nothing(s)
    # the round ended: favourites chosen, agents home, income, rooms being refilled
    assert s.round == 2 and s.phase in (REFILL, PLANNING)
    assert [1, BREWERS, YELLOW] in s.favourite_log
    assert master in s.tiles_owned[YELLOW]
    assert s.goods_held[YELLOW * G + BEER] == 0
    assert s.stores[BREWERS * G + BEER] == store + 1 + 1
    assert s.guild_crests[YELLOW * G + BREWERS] == 1
    assert s.prestige_crests[YELLOW] == 1
    check_invariants(s)


def test_new_master_and_rooms_example():
    """"Exemple étapes 5 et 6": the Brewers' artisan of value 4 slides down and becomes
    master; room A was empty so nobody leaves; the two remaining guests (Printer 7,
    Musician) slide into the leftmost rooms and two new guests fill rooms C and D."""
    s, (councillor, printer7, musician) = _first_turn_done()
    plan(s, YELLOW, [])
    plan(s, BLUE, [BAKERS, SHOEMAKERS, PRINTERS])
    run_nothing(s)
    assert s.round == 2
    assert s.master_value(BREWERS) == 4
    assert s.rooms[BREWERS * 4:BREWERS * 4 + 2] == [printer7, musician]
    assert s.phase == REFILL
    assert s.rooms[BREWERS * 4 + 2:BREWERS * 4 + 4] == [-1, -1]
    pile = len(s.pile_known) + s.pile_unseen
    empty = s.rooms.count(-1)
    while s.phase == REFILL:
        s.apply(-1, s.chance_outcomes()[0][0])
    assert s.rooms[BREWERS * 4:BREWERS * 4 + 2] == [printer7, musician]
    assert all(t >= 0 for t in s.rooms[BREWERS * 4:BREWERS * 4 + 4])
    assert printer7 not in s.out_of_game and musician not in s.out_of_game
    assert len(s.pile_known) + s.pile_unseen == pile - empty
    check_invariants(s)


def test_prestige_tie_example():
    """"Exemple de désignation d'une nouvelle Guilde de Prestige": leaving out the Brewers
    (prestige guild of the round), the Shoemakers' and Printers' masters tie for the
    highest value: the lower number, the Shoemakers, becomes the prestige guild."""
    s, _ = _first_turn_done()
    s = set_master(s, BAKERS, 3, slot=1)
    s = set_master(s, SHOEMAKERS, 6, slot=1)
    s = set_master(s, PRINTERS, 6, slot=1)
    s = set_master(s, BREWERS, 7, slot=1)   # higher, but the Brewers may not be chosen twice
    plan(s, YELLOW, [])
    plan(s, BLUE, [BAKERS, SHOEMAKERS, PRINTERS])
    run_nothing(s)
    while s.phase == REFILL:
        s.apply(-1, s.chance_outcomes()[0][0])
    assert s.phase == PLANNING and s.round == 2
    assert s.prestige_guild == SHOEMAKERS and s.prestige_guild_crest == 1
    assert s.prestige_reserve == 2


def end_of_game_position():
    """Section "Fin de la Partie", example. Blue: Foreman (4), Apprentice, 5 distinct
    crests, Printers worth 31; Orange: Engraver, 5 crests; Yellow: Noble (3), Tax
    Collector, 35 thalers, 4 distinct crests."""
    s = ready(3, order=[YELLOW, BLUE, ORANGE]).edited(phase=OVER, money=[35, 20, 22])
    taken: list[int] = []

    def art(g: int, *values: int) -> list[int]:
        out = []
        for v in values:
            t = find(s, ARTISAN, g, v, avoid=tuple(taken))
            out.append(t)
            taken.append(t)
        return out

    owned = {
        YELLOW: art(BREWERS, 7, 6) + art(BAKERS, 7, 6) + art(SHOEMAKERS, 2) + art(PRINTERS, 4, 3),
        ORANGE: art(BREWERS, 6, 5) + art(BAKERS, 5) + art(SHOEMAKERS, 6, 5) + art(PRINTERS, 4, 3),
        BLUE: art(BREWERS, 4) + art(SHOEMAKERS, 4, 7, 6) + art(PRINTERS, 7, 6, 6, 5, 5, 2),
    }
    owned[BLUE] += [find(s, FOREMAN, value=4), find(s, APPRENTICE)]
    owned[ORANGE] += [find(s, ENGRAVER)]
    owned[YELLOW] += [find(s, NOBLE, value=3), find(s, TAX_COLLECTOR)]
    s = owning(s, owned)
    crests = {(p, g): 1 for p in (BLUE, ORANGE) for g in range(4)}
    crests[YELLOW, BREWERS] = crests[YELLOW, BAKERS] = 1
    return with_crests(s, crests, prestige=[2, 1, 1])


def test_end_of_game_example():
    """Section "Fin de la Partie", example: Blue 25, Orange 30, Yellow 35 (the notes: the
    French and Italian total of 41 for Orange is a misprint; its items sum to 30)."""
    s = end_of_game_position()
    out = outcome(s)
    b = out.breakdown
    assert b[BLUE]["foremen"] == 2
    assert b[YELLOW]["nobles"] == 3 and b[YELLOW]["tax_collectors"] == 3
    assert b[BLUE]["majorities"] + b[BLUE]["apprentices"] == 12 and b[BLUE]["apprentices"] == 1
    assert b[ORANGE]["majorities"] == 11
    assert b[YELLOW]["majorities"] == 14
    assert b[BLUE]["thirty_plus"] == 2 and b[ORANGE]["thirty_plus"] == b[YELLOW]["thirty_plus"] == 0
    assert b[YELLOW]["all_types"] == b[ORANGE]["all_types"] == 5 and b[BLUE]["all_types"] == 0
    assert b[YELLOW]["richest"] == 5
    assert (b[BLUE]["crests"], b[ORANGE]["crests"], b[YELLOW]["crests"]) == (9, 14, 5)
    assert out.scores[BLUE] == 25 and out.scores[ORANGE] == 30 and out.scores[YELLOW] == 35
    assert out.winners == (YELLOW,)
    assert out.ranks == (1, 3, 2)
    assert s.outcome().scores == out.scores
