"""Each of the 18 ordinances does what its card says (rulebook p. 24-25, 'Übersicht
Erlasse' and the Italian captions), once voted yes."""

from __future__ import annotations

from reichsstadt.core import CHANCE, Action
from reichsstadt.games.colonia import GAME
from reichsstadt.games.colonia.state import D_RECALL, D_EXCHANGE, FRI, S_FRI_LOAD, S_SAT_SAIL, THU, WED, S_WED_BUY

from tests.colonia.colonia_helpers import at_step, check_invariants, fix_box, play, resolve_chance, vote_on

COMP = GAME.components(None)[0]


def test_the_bundled_file_has_the_18_ordinances_by_day() -> None:
    """p. 24-25: 2 x one more material per stall, foreign merchants (Wed); two materials
    each, 5 x two extra contracts, recall from Wednesday (Thu); recall from Thursday,
    extra hold, two ships, one ship, die for a good (Fri); extra relics, one member
    fewer, exchange (Sat)."""
    effects = [(o.day, o.effect) for o in COMP.ordinances]
    assert len(effects) == 18
    assert effects.count((2, "more_per_stall")) == 2
    assert effects.count((3, "extra_contracts")) == 5
    assert sorted({o.arg // 100 for o in COMP.ordinances if o.effect == "extra_contracts"}) == [0, 1, 2, 3, 4]
    for day, e in ((2, "foreign_merchants"), (3, "draw_materials"), (4, "extra_hold"), (4, "roll_good"),
                   (5, "extra_relics"), (5, "fewer_members"), (5, "exchange")):
        assert effects.count((day, e)) == 1
    assert effects.count((3, "recall")) == 1 and effects.count((4, "recall")) == 1
    assert sorted(o.arg for o in COMP.ordinances if o.effect == "sail_now") == [1, 2]


def test_each_merchant_offers_one_more_material() -> None:
    s = at_step(S_WED_BUY, 4)
    sizes = s.stall_size[:s.scalars[9]]
    vote_on(s, "more_per_stall")
    resolve_chance(s)
    assert s.stall_size[:len(sizes)] == [k + 1 for k in sizes]
    check_invariants(s)


def test_two_foreign_merchants_offer_four_materials_each() -> None:
    s = at_step(S_WED_BUY, 4)
    n = s.scalars[9]
    vote_on(s, "foreign_merchants")
    resolve_chance(s)
    assert s.scalars[9] == n + 2 and s.stall_size[n:n + 2] == [4, 4]
    assert s.view(None)["stalls"][n]["foreign"]


def test_every_player_may_draw_two_materials_hidden_from_the_others() -> None:
    """'Jeder Spieler darf sofort zwei Rohstoffe aus dem Beutel ziehen' / 'Each player may
    draw two resources from the bag immediately' / 'Ciascun giocatore può ... pescare':
    each player, in turn order, draws two or declines; the draws are hidden."""
    from reichsstadt.games.colonia.state import D_DRAW

    s = at_step(S_WED_BUY, 4)
    before = [sum(s.mats[p * 5:(p + 1) * 5]) for p in range(4)]
    vote_on(s, "draw_materials")
    order = s.order[:]
    for i, p in enumerate(order):
        assert s.scalars[2] == D_DRAW and s.to_act() == (p,)
        assert [a.count for a in s.legal(p)] == [2, 0]
        play(s, p, "take_materials", count=0 if i == 1 else 2)
    kind, p = s.queue[0]
    assert p == order[0]
    a = s.chance_outcomes()[0][0]
    assert "hidden" in s.describe(CHANCE, a, (p + 1) % 4) and "hidden" not in s.describe(CHANCE, a, p)
    resolve_chance(s)
    assert [sum(s.mats[q * 5:(q + 1) * 5]) - before[q] for q in range(4)] == [0 if q == order[1] else 2 for q in range(4)]
    check_invariants(s)


def test_one_craftsman_fulfils_two_extra_contracts() -> None:
    for c in range(5):
        s = at_step(S_WED_BUY, 4)
        s.sticks = [1, 1, 1, 1, 1]
        o = next(i for i, x in enumerate(COMP.ordinances) if x.effect == "extra_contracts" and x.arg // 100 == c)
        vote_on(s, "extra_contracts", arg=COMP.ordinances[o].arg)
        assert s.sticks == [3 if k == c else 1 for k in range(5)]


def test_up_to_three_members_come_home_from_the_wednesday_street_field() -> None:
    s = at_step(S_WED_BUY, 4)
    for p in range(4):
        s.street[p * 4 + WED] = 5
    fix_box(s)
    vote_on(s, "recall", arg=WED * 100 + 3)
    assert s.scalars[2] == D_RECALL and s.to_act() == (s.order[0],)
    p = s.order[0]
    assert [a.count for a in s.legal(p)] == [3, 2, 1, 0]
    home = s.home[p]
    play(s, p, "recall", count=3)
    assert s.home[p] == home + 3 and s.street[p * 4 + WED] == 2
    assert s.to_act() == (s.order[1],)


def test_up_to_three_members_come_home_from_the_thursday_street_field() -> None:
    s = at_step(S_WED_BUY, 4)
    for p in range(4):
        s.street[p * 4 + THU] = 1 if p == s.order[0] else 0
    fix_box(s)
    vote_on(s, "recall", arg=THU * 100 + 3)
    p = s.order[0]
    assert [a.count for a in s.legal(p)] == [1, 0]
    play(s, p, "recall", count=1)
    assert s.street[p * 4 + THU] == 0
    assert s.scalars[2] != D_RECALL  # nobody else has members there


def test_each_ship_gets_an_extra_hold_for_any_one_good_worth_2() -> None:
    s = at_step(S_FRI_LOAD, 4)
    vote_on(s, "extra_hold")
    resolve_chance(s)
    p = s.scalars[3]
    assert any(a.type == "load_extra" for a in s.legal(p))
    g = next(a.good for a in s.legal(p) if a.type == "load_extra" and a.ship == 0)
    play(s, p, "load_extra", ship=0, good=g)
    assert s.extra_owner[0] == p
    city = COMP.ships[s.port[0]].city
    money = s.money[p * 4 + city]
    s.scalars[1] = S_SAT_SAIL
    s.scalars[2] = 0
    s.scalars[7] = 1
    s._advance()
    assert s.money[p * 4 + city] == money + 2 and s.street[p * 4 + FRI] >= 1


def test_two_ships_sail_at_once_and_the_port_is_refilled() -> None:
    s = at_step(S_FRI_LOAD, 4)
    first, second, third = s.port[:3]
    s.hold_owner[0] = 0
    s.home[0] -= 1
    city = COMP.ships[first].city
    money = s.money[city]
    vote_on(s, "sail_now", arg=2)
    assert s.money[city] == money + COMP.ships[first].holds[0][1]
    assert s.port[0] == third and s.ship_discard[first] and s.ship_discard[second]
    resolve_chance(s)
    assert min(s.port) >= 0
    check_invariants(s)


def test_the_ship_at_place_one_sails_at_once() -> None:
    s = at_step(S_FRI_LOAD, 4)
    first, second = s.port[:2]
    vote_on(s, "sail_now", arg=1)
    assert s.port[0] == second and s.ship_discard[first]


def test_every_player_rolls_the_die_for_a_good() -> None:
    s = at_step(S_FRI_LOAD, 4)
    vote_on(s, "roll_good")
    p = s.queue[0][1]
    assert p == s.order[0]
    before = s.goods[:]
    s.apply(CHANCE, Action("roll", face=3))
    assert s.goods[p * 5 + COMP.products[2]] == before[p * 5 + COMP.products[2]] + 1
    s.apply(CHANCE, Action("roll", face=6))
    assert s.to_act() == (s.order[1],) and s.legal(s.order[1])[0].type == "choose_good"


def test_two_more_relics_on_the_extra_places() -> None:
    s = at_step(S_SAT_SAIL, 4)
    vote_on(s, "extra_relics")
    assert s.queue[:2] == [(5, 0), (5, 0)]
    resolve_chance(s)
    assert len(s.display) >= 12 or s.scalars[1] > S_SAT_SAIL


def test_next_week_each_family_places_one_member_fewer() -> None:
    from tests.colonia.colonia_helpers import until
    from reichsstadt.games.colonia.state import D_FAMILY

    s = at_step(S_SAT_SAIL, 4)
    vote_on(s, "fewer_members")
    until(s, lambda st: st.scalars[0] == 2 and st.scalars[2] == D_FAMILY)
    home = s.home[0]
    for p in range(4):
        play(s, p, "family", value=s.legal(p)[0].value)
    v = s.choice[0]
    assert s.votes_w[0] == v - 1
    assert s.street[0 * 4 + 0] == v - 1 and s.home[0] >= home - (v - 1)


def test_exchange_up_to_five_of_one_currency_into_another() -> None:
    s = at_step(S_SAT_SAIL, 4)
    vote_on(s, "exchange")
    p = s.order[0]
    assert s.scalars[2] == D_EXCHANGE and s.to_act() == (p,)
    s.money[p * 4:(p + 1) * 4] = [9, 0, 0, 0]
    s._legal = None
    play(s, p, "exchange", give=0, take=2)
    assert [a.amount for a in s.legal(p)] == [1, 2, 3, 4, 5]
    play(s, p, "exchange_amount", amount=5)
    assert s.money[p * 4:(p + 1) * 4] == [4, 0, 5, 0]
    assert s.to_act() == (s.order[1],)
    play(s, s.order[1], "keep_money")
    assert s.to_act() == (s.order[2],)


def test_a_rejected_ordinance_changes_nothing() -> None:
    s = at_step(S_WED_BUY, 4)
    sizes = s.stall_size[:]
    vote_on(s, "foreign_merchants", {0: False, 1: False, 2: False, 3: False})
    assert s.stall_size == sizes and s.ord_result == [0]


def test_one_more_material_only_for_the_week_cards_stalls() -> None:
    """'Per ciascuna bancarella viene estratta dal sacco 1 materia prima in più rispetto a
    quelle indicate nella carta settimana': the foreign merchants' stalls (4 each, not on
    the week card) get no extra material, even when they arrived first."""
    s = at_step(S_WED_BUY, 4)
    n = s.scalars[9]
    sizes = s.stall_size[:n]
    from reichsstadt.games.colonia.state import VOTE_STEPS
    from tests.colonia.colonia_helpers import ordinance_id

    s.ords = [ordinance_id("foreign_merchants"), ordinance_id("more_per_stall")]
    s.ord_result = [-1, -1]
    s.scalars[8] = 0
    s.scalars[1] = next(k for k, v in VOTE_STEPS.items() if v == 2)
    s.scalars[2] = 0
    s._legal = None
    s._advance()
    for _ in range(2):
        for p in list(s.to_act()):
            if p >= 0:
                play(s, p, "vote", yes=True)
        resolve_chance(s)
    assert s.scalars[9] == n + 2
    assert s.stall_size[:n] == [k + 1 for k in sizes] and s.stall_size[n:n + 2] == [4, 4]
    check_invariants(s)


def test_ships_sailing_early_in_the_last_week_are_replaced() -> None:
    """'Zwei Schiffe verlassen sofort den Hafen ... Schiffe werden aufgefüllt' / 'the ships
    are being replenished': also in week 6, so that there are ships to load that Friday."""
    s = at_step(S_FRI_LOAD, 4, week=6)
    assert s.scalars[0] == 6
    vote_on(s, "sail_now", arg=2)
    assert s.to_act() == (CHANCE,)
    resolve_chance(s)
    assert min(s.port) >= 0
    check_invariants(s)


def test_members_of_ships_sailing_early_wait_a_week_on_the_friday_street_field() -> None:
    """The early ships 'vengono conteggiate come tutte le barche in partenza': their members
    go onto the Friday street field that evening, after last week's members went home,
    and stay until next Friday evening (p. 17: usable again 8 days later)."""
    s = at_step(S_FRI_LOAD, 4, week=2)
    s.hold_owner[0] = 1
    s.street[1 * 4 + FRI] = 2
    s.home[1] -= 3
    fix_box(s)
    home = s.home[1]
    vote_on(s, "sail_now", arg=1)
    assert s.pending[1] == 1 and s.street[1 * 4 + FRI] == 2
    from tests.colonia.colonia_helpers import until

    until(s, lambda st: st.scalars[1] > S_FRI_LOAD)
    assert s.street[1 * 4 + FRI] == 1 and s.pending[1] == 0
    assert s.home[1] >= home + 2 - 4
    check_invariants(s)
