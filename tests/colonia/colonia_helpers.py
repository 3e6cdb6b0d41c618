"""Helpers for the Colonia tests: positions built through the public way (state.edited,
then run_on() for a position set just before an automatic step), chance resolved by
choice, and the conservation invariants checked independently of the engine's own."""

from __future__ import annotations

from typing import Any

from reichsstadt.core import CHANCE, Action
from reichsstadt.i18n import render
from reichsstadt.games.colonia import GAME, ColoniaState
from reichsstadt.games.colonia.constants import (
    CARDS_PER_CITY, D_FAMILY, D_NONE, D_TURN, MAX_HOLDS, N_CITIES, N_GOODS, N_MATERIALS, PORT, S_FRI_LOAD,
    S_SUN_BUY, S_THU_CONTRACT, S_TUE_ORDER, S_WED_BUY, TURN_STEPS, VOTE_STEPS,
)
from reichsstadt.games.colonia.data import bundled

COMP = bundled()


def fresh(players: int = 4, seed: int = 0) -> ColoniaState:
    return GAME.new(players, seed)


def text(words: Any, viewer: int | None = None) -> str:
    """A message in English, read by `viewer` (None: nobody in particular: every seat by
    its number), as a sentence."""
    return render(words, viewer=viewer, sentence=True)


def news_text(s: ColoniaState, viewer: int | None) -> list[str]:
    """What `viewer` is told of the last move, rendered with every seat named by number."""
    return [text(m) for m in s.news(viewer)]


def put(values: list, start: int, *new: Any) -> list:
    """A copy of `values` with `new` written from index `start` on."""
    out = list(values)
    out[start:start + len(new)] = new
    return out


def members_in(fields: dict[str, Any], p: int) -> int:
    """Every member of seat p in a snapshot's fields wherever it stands (home, box, town
    hall, streets, today's places, contract fields, holds, secured relics)."""
    f = COMP.contract_fields
    members = fields["home"][p] + fields["out_of_play"][p] + fields["town_hall"][p] + fields["placed_today"][p]
    members += sum(fields["street"][p * 4:(p + 1) * 4])
    members += sum(fields["contract_members"][i] for i in range(len(fields["contract_members"]))
                   if fields["contract_owner"][i] == p and i % f < fields["contracts_placed"][i // f])
    members += fields["hold_owner"].count(p) + fields["extra_hold_owner"].count(p) + fields["secured_by"].count(p)
    return members


def edit(s: ColoniaState, box: bool = False, **fields: Any) -> ColoniaState:
    """s.edited(**fields); with box=True the box (members out of play) takes up the
    difference of members a test moved by hand, so that 38 per colour stay accounted for."""
    if box:
        snap = s.to_json()["fields"]
        snap.update(fields)
        out = list(snap["out_of_play"])
        for p in range(s.players):
            out[p] += COMP.members_per_colour - members_in(snap, p)
            assert out[p] >= 0, f"seat {p} would have more members than its colour"
        fields["out_of_play"] = out
    state = s.edited(**fields)
    assert isinstance(state, ColoniaState)
    return state


def with_materials(s: ColoniaState, p: int, counts: list[int], **fields: Any) -> ColoniaState:
    """Seat p holds exactly `counts` materials, all drawn blind (the bag gives or takes
    the difference)."""
    base = p * N_MATERIALS
    mats = put(fields.pop("materials", s.materials), base, *counts)
    bag = [COMP.materials_per_type - sum(mats[m::N_MATERIALS]) - sum(s.stall_materials[m::N_MATERIALS])
           for m in range(N_MATERIALS)]
    seen = put(fields.pop("materials_seen", s.materials_seen), base, *[0] * N_MATERIALS)
    blind = put(fields.pop("materials_blind", s.materials_blind), p, sum(counts))
    return edit(s, materials=mats, bag=bag, materials_seen=seen, materials_blind=blind, **fields)


def resolve_chance(s: ColoniaState, prefer: dict[str, int] | None = None) -> None:
    """Resolve chance nodes until a player must act, taking the first listed outcome, or
    for a given action type the outcome whose first field equals prefer[type]."""
    prefer = prefer or {}
    while s.to_act() == (CHANCE,):
        outs = [a for a, _ in s.chance_outcomes()]
        pick = outs[0]
        t = outs[0].type
        if t in prefer:
            for a in outs:
                if list(a.fields.values())[0] == prefer[t]:
                    pick = a
                    break
        s.apply(CHANCE, pick)


def play(s: ColoniaState, seat: int, kind: str, **fields) -> None:
    s.apply(seat, GAME.action_from_json({"type": kind, **fields}, s.players))


def until(s: ColoniaState, cond, policy=None, limit: int = 5000) -> None:
    """Play on (chance: first outcome; players: `policy(state, seat)` or pass/first legal)
    until cond(s) holds."""
    for _ in range(limit):
        if cond(s):
            return
        to_act = s.to_act()
        assert to_act, "the game ended before the condition held"
        if to_act == (CHANCE,):
            s.apply(CHANCE, s.chance_outcomes()[0][0])
            continue
        seat = to_act[0]
        a = policy(s, seat) if policy else None
        if a is None:
            legal = s.legal(seat)
            a = Action("pass") if Action("pass") in legal else legal[-1]
        s.apply(seat, a)
    raise AssertionError("condition never held")


def check_invariants(s: ColoniaState) -> None:
    comp = s.components
    n = s.player_count
    for m in range(N_MATERIALS):
        total = s.bag[m] + sum(s.stall_materials[m::N_MATERIALS]) + sum(s.materials[p * N_MATERIALS + m]
                                                                       for p in range(n))
        assert total == comp.materials_per_type, f"material {m}: {total}"
    for g in range(N_GOODS):
        total = s.goods_supply[g] + sum(s.goods[p * N_GOODS + g] for p in range(n))
        assert total == comp.goods_per_type, f"good {g}: {total}"
    snap = s.to_json()["fields"]
    for p in range(n):
        members = members_in(snap, p)
        assert members == comp.members_per_colour, f"seat {p} has {members} members"
        assert min(s.home[p], s.out_of_play[p], *s.street[p * 4:(p + 1) * 4]) >= 0
    assert min(s.money) >= 0, "money is never negative"
    for p in range(n):
        base = p * N_MATERIALS
        for m in range(N_MATERIALS):
            assert s.materials[base + m] >= s.materials_seen[base + m] >= 0, "publicly known materials are held"
        assert sum(s.materials[base:base + N_MATERIALS]) == (sum(s.materials_seen[base:base + N_MATERIALS])
                                                             + s.materials_blind[p])
    assert min(s.goods) >= 0 and min(s.materials) >= 0 and min(s.bag) >= 0 and min(s.goods_supply) >= 0
    places = [0] * len(s.relic_owner)
    for c in range(len(s.relic_owner)):
        places[c] = s.relic_deck[c] + s.relic_discard[c] + (c in s.display) + (s.relic_owner[c] >= 0)
    assert places == [1] * len(places), "every relic card is in exactly one place"
    ships = [s.ship_deck[i] + s.ship_discard[i] + (i in s.port) for i in range(len(s.ship_deck))]
    assert ships == [1] * len(ships), "every ship is in exactly one place"
    for c in range(N_CITIES):
        if s.shrine_relic[c] >= 0:
            assert s.shrine_relic[c] // CARDS_PER_CITY == c
            assert s.relic_owner[s.shrine_relic[c]] == s.relic_owner[c * CARDS_PER_CITY + CARDS_PER_CITY - 1]
    assert len(s.port) == PORT and len(s.hold_owner) == PORT * MAX_HOLDS


def at_step(step: int, players: int = 4, seed: int = 0, week: int = 1) -> ColoniaState:
    """A position of the given week just before `step` runs. Tuesday and Wednesday's
    market are reached by play (chance: first outcome; players pass); later steps by
    jumping from Wednesday's market (pending draws dropped), and a round of turns is
    started with everyone able to act (goods for Friday, money for Sunday, materials
    for Thursday moved from the supply, the bank or the bag: drawn blind). A position
    before an automatic step is returned before it runs: edit it, then run_on()."""
    s = fresh(players, seed)
    if step == S_TUE_ORDER:
        until(s, lambda st: st.week == week and st.decision == D_FAMILY)
        return s
    until(s, lambda st: st.week == week and st.step == S_WED_BUY and st.decision == D_TURN)
    if step == S_WED_BUY:
        return s
    bag, stalls = s.bag[:], s.stall_materials[:]
    if step > S_WED_BUY + 1:  # the market closed: its leftovers are back in the bag
        for i in range(len(stalls)):
            bag[i % N_MATERIALS] += stalls[i]
            stalls[i] = 0
    fields: dict[str, Any] = dict(chance_queue=[], bag=bag, stall_materials=stalls, step=step, decision=D_NONE,
                                  actor=-1, passed=[False] * players)
    if step in TURN_STEPS:
        fields.update(_able_to_act(s, step, bag))
        return edit(s, **fields).run_on()
    return edit(s, **fields)


def _able_to_act(s: ColoniaState, step: int, bag: list[int]) -> dict[str, Any]:
    """Fields giving every family something to do in the round of turns of `step`: two
    of each good for Friday, 20 of each currency for Sunday, a material of each kind the
    bag (`bag`, changed in place) still has for Thursday, drawn blind."""
    goods, supply, money = s.goods[:], s.goods_supply[:], s.money[:]
    mats, blind = s.materials[:], s.materials_blind[:]
    for p in range(s.player_count):
        if step == S_FRI_LOAD:
            for g in range(N_GOODS):
                if supply[g] >= 2:
                    supply[g] -= 2
                    goods[p * N_GOODS + g] += 2
        elif step == S_SUN_BUY:
            for c in range(N_CITIES):
                money[p * N_CITIES + c] += 20
        elif step == S_THU_CONTRACT:
            for m in range(N_MATERIALS):
                if bag[m]:
                    bag[m] -= 1
                    mats[p * N_MATERIALS + m] += 1
                    blind[p] += 1
    return dict(goods=goods, goods_supply=supply, money=money, materials=mats, materials_blind=blind)


def ordinance_id(effect: str, craftsman: int | None = None, street: int | None = None,
                 amount: int | None = None) -> int:
    for i, o in enumerate(COMP.ordinances):
        if o.effect == effect and all(want is None or got == want for want, got in (
                (craftsman, o.craftsman), (street, o.street), (amount, o.amount))):
            return i
    raise KeyError(effect)


def put_to_vote(s: ColoniaState, effects: list[str], **fields: Any) -> ColoniaState:
    """The week's ordinances replaced by these (all of one day, that day's vote step now)."""
    ords = [ordinance_id(e) for e in effects]
    day = COMP.ordinances[ords[0]].day
    step = next(k for k, v in VOTE_STEPS.items() if v == day)
    return edit(s, week_ordinances=ords, ordinance_result=[-1] * len(ords), ordinance_ballots=[()] * len(ords),
                vote_index=0, step=step, decision=D_NONE, **fields).run_on()


def vote_on(s: ColoniaState, effect: str, ballots: dict[int, bool] | None = None, craftsman: int | None = None,
            street: int | None = None, amount: int | None = None, **fields: Any) -> ColoniaState:
    """Put one ordinance of `effect` before the council on its day and vote (default: all
    yes). `s` must be at the start of the week's Wednesday (S_WED_START) or later; the
    position after the vote is returned."""
    o = ordinance_id(effect, craftsman, street, amount)
    day = COMP.ordinances[o].day
    step = next(k for k, v in VOTE_STEPS.items() if v == day)
    s = edit(s, week_ordinances=[o], ordinance_result=[-1], ordinance_ballots=[()], vote_index=0, step=step,
             decision=D_NONE, **fields).run_on()
    for p in list(s.to_act()):
        if p >= 0:
            yes = True if ballots is None else ballots.get(p, True)
            s.apply(p, Action("vote", yes=yes))
    return s


def give_relic(s: ColoniaState, p: int, card: int, **fields: Any) -> ColoniaState:
    """A relic card behind player p's screen, taken out of the deck, discards and display."""
    deck, discard = put(s.relic_deck, card, False), put(s.relic_discard, card, False)
    display, secured = s.display[:], s.secured_by[:]
    if card in display:
        i = display.index(card)
        del display[i]
        del secured[i]
    return edit(s, relic_deck=deck, relic_discard=discard, display=display, secured_by=secured,
                relic_owner=put(s.relic_owner, card, p), **fields)


def offer_relic(s: ColoniaState, card: int, **fields: Any) -> ColoniaState:
    """A relic card laid out on the display (taken from wherever it was)."""
    deck, discard = put(s.relic_deck, card, False), put(s.relic_discard, card, False)
    display, secured = s.display[:], s.secured_by[:]
    if card not in display:
        display.append(card)
        secured.append(-1)
    return edit(s, relic_deck=deck, relic_discard=discard, display=display, secured_by=secured,
                relic_owner=put(s.relic_owner, card, -1), **fields)
