"""Each of the 18 ordinances does what its card says (rulebook p. 24-25, 'Übersicht
Erlasse' and the Italian captions), once voted yes."""

from __future__ import annotations

from reichsstadt.core import CHANCE, Action
from reichsstadt.games.colonia.constants import (
    D_DRAW, D_EXCHANGE, D_FAMILY, D_NONE, D_RECALL, FRI, Q_RELIC, S_FRI_LOAD, S_SAT_SAIL, S_WED_BUY, THU, WED,
)

from tests.colonia.colonia_helpers import (
    COMP, at_step, check_invariants, edit, play, put, put_to_vote, resolve_chance, text, until, vote_on,
)


def test_the_bundled_file_has_the_18_ordinances_by_day() -> None:
    """p. 24-25: 2 x one more material per stall, foreign merchants (Wed); two materials
    each, 5 x two extra contracts, recall from Wednesday (Thu); recall from Thursday,
    extra hold, two ships, one ship, die for a good (Fri); extra relics, one member
    fewer, exchange (Sat)."""
    effects = [(o.day, o.effect) for o in COMP.ordinances]
    assert len(effects) == 18
    assert effects.count((2, "more_per_stall")) == 2
    assert effects.count((3, "extra_contracts")) == 5
    assert sorted({o.craftsman for o in COMP.ordinances if o.effect == "extra_contracts"}) == [0, 1, 2, 3, 4]
    for day, e in ((2, "foreign_merchants"), (3, "draw_materials"), (4, "extra_hold"), (4, "roll_good"),
                   (5, "extra_relics"), (5, "fewer_members"), (5, "exchange")):
        assert effects.count((day, e)) == 1
    assert effects.count((3, "recall")) == 1 and effects.count((4, "recall")) == 1
    assert sorted(o.amount for o in COMP.ordinances if o.effect == "sail_now") == [1, 2]


def test_each_merchant_offers_one_more_material() -> None:
    s = at_step(S_WED_BUY, 4)
    sizes = s.stall_size[:s.stall_count]
    s = vote_on(s, "more_per_stall")
    resolve_chance(s)
    assert s.stall_size[:len(sizes)] == [k + 1 for k in sizes]
    check_invariants(s)


def test_two_foreign_merchants_offer_four_materials_each() -> None:
    s = at_step(S_WED_BUY, 4)
    n = s.stall_count
    s = vote_on(s, "foreign_merchants")
    resolve_chance(s)
    assert s.stall_count == n + 2 and s.stall_size[n:n + 2] == [4, 4]
    assert s.view(None)["table"]["stalls"][n]["foreign"]


def test_every_player_may_draw_two_materials_hidden_from_the_others() -> None:
    """'Jeder Spieler darf sofort zwei Rohstoffe aus dem Beutel ziehen' / 'Each player may
    draw two resources from the bag immediately' / 'Ciascun giocatore può ... pescare':
    each player, in turn order, draws two or declines; the draws are hidden."""
    s = at_step(S_WED_BUY, 4)
    before = [sum(s.materials[p * 5:(p + 1) * 5]) for p in range(4)]
    s = vote_on(s, "draw_materials")
    order = s.order[:]
    for i, p in enumerate(order):
        assert s.decision == D_DRAW and s.to_act() == (p,)
        assert [a.count for a in s.legal(p)] == [2, 0]
        play(s, p, "take_materials", count=0 if i == 1 else 2)
    kind, p = s.chance_queue[0]
    assert p == order[0]
    a = s.chance_outcomes()[0][0]
    assert "hidden" in text(s.describe(CHANCE, a, (p + 1) % 4)) and "hidden" not in text(s.describe(CHANCE, a, p), p)
    resolve_chance(s)
    drawn = [sum(s.materials[q * 5:(q + 1) * 5]) - before[q] for q in range(4)]
    assert drawn == [0 if q == order[1] else 2 for q in range(4)]
    check_invariants(s)


def test_one_craftsman_fulfils_two_extra_contracts() -> None:
    for c in range(5):
        s = at_step(S_WED_BUY, 4)
        s = vote_on(s, "extra_contracts", craftsman=c, sticks=[1, 1, 1, 1, 1])
        assert s.sticks == [3 if k == c else 1 for k in range(5)]


def test_up_to_three_members_come_home_from_the_wednesday_street_field() -> None:
    s = at_step(S_WED_BUY, 4)
    street = s.street[:]
    for p in range(4):
        street[p * 4 + WED] = 5
    s = edit(s, box=True, street=street)
    s = vote_on(s, "recall", street=WED)
    assert s.decision == D_RECALL and s.to_act() == (s.order[0],)
    p = s.order[0]
    assert [a.count for a in s.legal(p)] == [3, 2, 1, 0]
    home = s.home[p]
    play(s, p, "recall", count=3)
    assert s.home[p] == home + 3 and s.street[p * 4 + WED] == 2
    assert s.to_act() == (s.order[1],)


def test_up_to_three_members_come_home_from_the_thursday_street_field() -> None:
    s = at_step(S_WED_BUY, 4)
    street = s.street[:]
    for p in range(4):
        street[p * 4 + THU] = 1 if p == s.order[0] else 0
    s = edit(s, box=True, street=street)
    s = vote_on(s, "recall", street=THU)
    p = s.order[0]
    assert [a.count for a in s.legal(p)] == [1, 0]
    play(s, p, "recall", count=1)
    assert s.street[p * 4 + THU] == 0
    assert s.decision != D_RECALL  # nobody else has members there


def test_each_ship_gets_an_extra_hold_for_any_one_good_worth_2() -> None:
    s = at_step(S_FRI_LOAD, 4)
    s = vote_on(s, "extra_hold")
    resolve_chance(s)
    p = s.actor
    assert any(a.type == "load_extra" for a in s.legal(p))
    g = next(a.good for a in s.legal(p) if a.type == "load_extra" and a.ship == 0)
    play(s, p, "load_extra", ship=0, good=g)
    assert s.extra_hold_owner[0] == p
    city = COMP.ships[s.port[0]].city
    money = s.money[p * 4 + city]
    s = edit(s, step=S_SAT_SAIL, decision=D_NONE, ships_sailing=1).run_on()
    assert s.money[p * 4 + city] == money + 2 and s.street[p * 4 + FRI] >= 1


def test_two_ships_sail_at_once_and_the_port_is_refilled() -> None:
    s = at_step(S_FRI_LOAD, 4)
    first, second, third = s.port[:3]
    city = COMP.ships[first].city
    money = s.money[city]
    s = vote_on(s, "sail_now", amount=2, hold_owner=put(s.hold_owner, 0, 0), home=put(s.home, 0, s.home[0] - 1))
    assert s.money[city] == money + COMP.ships[first].holds[0][1]
    assert s.port[0] == third and s.ship_discard[first] and s.ship_discard[second]
    resolve_chance(s)
    assert min(s.port) >= 0
    check_invariants(s)


def test_the_ship_at_place_one_sails_at_once() -> None:
    s = at_step(S_FRI_LOAD, 4)
    first, second = s.port[:2]
    s = vote_on(s, "sail_now", amount=1)
    assert s.port[0] == second and s.ship_discard[first]


def test_every_player_rolls_the_die_for_a_good() -> None:
    s = at_step(S_FRI_LOAD, 4)
    s = vote_on(s, "roll_good")
    p = s.chance_queue[0][1]
    assert p == s.order[0]
    before = s.goods[:]
    s.apply(CHANCE, Action("roll", face=3))
    assert s.goods[p * 5 + COMP.products[2]] == before[p * 5 + COMP.products[2]] + 1
    s.apply(CHANCE, Action("roll", face=6))
    assert s.to_act() == (s.order[1],) and s.legal(s.order[1])[0].type == "choose_good"


def test_two_more_relics_on_the_extra_places() -> None:
    s = at_step(S_SAT_SAIL, 4)
    s = vote_on(s, "extra_relics")
    assert s.chance_queue[:2] == [(Q_RELIC, 0), (Q_RELIC, 0)]
    resolve_chance(s)
    assert len(s.display) >= 12 or s.step > S_SAT_SAIL


def test_next_week_each_family_places_one_member_fewer() -> None:
    s = at_step(S_SAT_SAIL, 4)
    s = vote_on(s, "fewer_members")
    until(s, lambda st: st.week == 2 and st.decision == D_FAMILY)
    home = s.home[0]
    for p in range(4):
        play(s, p, "family", value=s.legal(p)[0].value)
    v = s.family_card[0]
    assert s.vote_weight[0] == v - 1
    assert s.street[0 * 4 + 0] == v - 1 and s.home[0] >= home - (v - 1)


def test_exchange_up_to_five_of_one_currency_into_another() -> None:
    s = at_step(S_SAT_SAIL, 4)
    s = vote_on(s, "exchange")
    p = s.order[0]
    assert s.decision == D_EXCHANGE and s.to_act() == (p,)
    s = edit(s, money=put(s.money, p * 4, 9, 0, 0, 0))
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
    s = vote_on(s, "foreign_merchants", {0: False, 1: False, 2: False, 3: False})
    assert s.stall_size == sizes and s.ordinance_result == [0]


def test_one_more_material_only_for_the_week_cards_stalls() -> None:
    """'Per ciascuna bancarella viene estratta dal sacco 1 materia prima in più rispetto a
    quelle indicate nella carta settimana': the foreign merchants' stalls (4 each, not on
    the week card) get no extra material, even when they arrived first."""
    s = at_step(S_WED_BUY, 4)
    n = s.stall_count
    sizes = s.stall_size[:n]
    s = put_to_vote(s, ["foreign_merchants", "more_per_stall"])
    for _ in range(2):
        for p in list(s.to_act()):
            if p >= 0:
                play(s, p, "vote", yes=True)
        resolve_chance(s)
    assert s.stall_count == n + 2
    assert s.stall_size[:n] == [k + 1 for k in sizes] and s.stall_size[n:n + 2] == [4, 4]
    check_invariants(s)


def test_ships_sailing_early_in_the_last_week_are_replaced() -> None:
    """'Zwei Schiffe verlassen sofort den Hafen ... Schiffe werden aufgefüllt' / 'the ships
    are being replenished': also in week 6, so that there are ships to load that Friday."""
    s = at_step(S_FRI_LOAD, 4, week=6)
    assert s.week == 6
    s = vote_on(s, "sail_now", amount=2)
    assert s.to_act() == (CHANCE,)
    resolve_chance(s)
    assert min(s.port) >= 0
    check_invariants(s)


def test_members_of_ships_sailing_early_wait_a_week_on_the_friday_street_field() -> None:
    """The early ships 'vengono conteggiate come tutte le barche in partenza': their members
    go onto the Friday street field that evening, after last week's members went home,
    and stay until next Friday evening (p. 17: usable again 8 days later)."""
    s = at_step(S_FRI_LOAD, 4, week=2)
    s = edit(s, box=True, hold_owner=put(s.hold_owner, 0, 1), street=put(s.street, 1 * 4 + FRI, 2),
             home=put(s.home, 1, s.home[1] - 3))
    home = s.home[1]
    s = vote_on(s, "sail_now", amount=1)
    assert s.placed_today[1] == 1 and s.street[1 * 4 + FRI] == 2
    until(s, lambda st: st.step > S_FRI_LOAD)
    assert s.street[1 * 4 + FRI] == 1 and s.placed_today[1] == 0
    assert s.home[1] >= home + 2 - 4
    check_invariants(s)
