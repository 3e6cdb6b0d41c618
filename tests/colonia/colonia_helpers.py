"""Helpers for the Colonia tests: positions built directly, chance resolved by choice,
and the conservation invariants."""

from __future__ import annotations

from reichsstadt.core import CHANCE, Action
from reichsstadt.games.colonia import GAME, ColoniaState
from reichsstadt.games.colonia.data import CARDS_PER_CITY, MAX_HOLDS, N_CITIES, N_GOODS, N_MATERIALS, PORT


def fresh(players: int = 4, seed: int = 0) -> ColoniaState:
    return GAME.new(players, seed)


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
    comp = s.comp
    n = s.n
    for m in range(N_MATERIALS):
        total = s.bag[m] + sum(s.stall_mats[m::N_MATERIALS]) + sum(s.mats[p * N_MATERIALS + m] for p in range(n))
        assert total == comp.materials_per_type, f"material {m}: {total}"
    for g in range(N_GOODS):
        total = s.supply[g] + sum(s.goods[p * N_GOODS + g] for p in range(n))
        assert total == comp.goods_per_type, f"good {g}: {total}"
    f = comp.contract_fields
    for p in range(n):
        members = s.home[p] + s.box[p] + s.hall[p] + sum(s.street[p * 4:(p + 1) * 4])
        members += sum(s.cf_n[i] for i in range(len(s.cf_n)) if s.cf_owner[i] == p and i % f < s.cf_len[i // f])
        members += sum(1 for o in s.hold_owner if o == p) + sum(1 for o in s.extra_owner if o == p)
        members += sum(1 for o in s.secured_by if o == p) + s.pending[p]
        assert members == comp.members_per_colour, f"seat {p} has {members} members"
        assert min(s.home[p], s.box[p], *s.street[p * 4:(p + 1) * 4]) >= 0
    assert min(s.money) >= 0, "money is never negative"
    for p in range(n):
        base = p * N_MATERIALS
        for m in range(N_MATERIALS):
            assert s.mats[base + m] >= s.mknown[base + m] >= 0, "publicly known materials are held"
        assert sum(s.mats[base:base + N_MATERIALS]) == sum(s.mknown[base:base + N_MATERIALS]) + s.msecret[p]
    assert min(s.goods) >= 0 and min(s.mats) >= 0 and min(s.bag) >= 0 and min(s.supply) >= 0
    places = [0] * len(s.relic_owner)
    for c in range(len(s.relic_owner)):
        places[c] = s.relic_deck[c] + s.relic_discard[c] + (c in s.display) + (s.relic_owner[c] >= 0)
    assert places == [1] * len(places), "every relic card is in exactly one place"
    ships = [s.ship_deck[i] + s.ship_discard[i] + (i in s.port) for i in range(len(s.ship_deck))]
    assert ships == [1] * len(ships), "every ship is in exactly one place"
    for c in range(N_CITIES):
        if s.shrine[c] >= 0:
            assert s.shrine[c] // CARDS_PER_CITY == c
            assert s.relic_owner[s.shrine[c]] == s.relic_owner[c * CARDS_PER_CITY + CARDS_PER_CITY - 1]
    assert len(s.port) == PORT and len(s.hold_owner) == PORT * MAX_HOLDS


def members_of(s: ColoniaState, p: int) -> int:
    """Every member of seat p wherever it stands (home, box, town hall, streets, contract
    fields, holds, secured relics)."""
    f = s.comp.contract_fields
    members = s.home[p] + s.box[p] + s.hall[p] + sum(s.street[p * 4:(p + 1) * 4])
    members += sum(s.cf_n[i] for i in range(len(s.cf_n)) if s.cf_owner[i] == p and i % f < s.cf_len[i // f])
    members += sum(1 for o in s.hold_owner if o == p) + sum(1 for o in s.extra_owner if o == p)
    members += sum(1 for o in s.secured_by if o == p) + s.pending[p]
    return members


def fix_box(s: ColoniaState) -> None:
    """After a test moved members by hand: the box (members out of play) takes up the
    difference so that 38 per colour stay accounted for."""
    for p in range(s.n):
        s.box[p] += s.comp.members_per_colour - members_of(s, p)
        assert s.box[p] >= 0
    s._legal = None


def at_step(step: int, players: int = 4, seed: int = 0, week: int = 1) -> ColoniaState:
    """A position of the given week just before `step` runs. Tuesday and Wednesday's
    market are reached by play (chance: first outcome; players pass); later steps by
    jumping from Wednesday's market (pending draws dropped), and a turn phase is
    started with everyone able to act (goods for Friday, money for Sunday, materials
    for Thursday moved from the supply, the bag or the bank)."""
    from reichsstadt.games.colonia.state import D_FAMILY, D_TURN, S_FRI_LOAD, S_SUN_BUY, S_THU_CONTRACT, S_TUE_ORDER, S_WED_BUY, TURN_STEPS

    s = fresh(players, seed)
    if step == S_TUE_ORDER:
        until(s, lambda st: st.scalars[0] == week and st.scalars[2] == D_FAMILY)
        return s
    until(s, lambda st: st.scalars[0] == week and st.scalars[1] == S_WED_BUY and st.scalars[2] == D_TURN)
    if step == S_WED_BUY:
        return s
    s.queue.clear()
    if step > S_WED_BUY + 1:  # the market closed: its leftovers are back in the bag
        for i in range(len(s.stall_mats)):
            s.bag[i % N_MATERIALS] += s.stall_mats[i]
            s.stall_mats[i] = 0
    s.scalars[1] = step
    s.scalars[2] = 0
    s.scalars[3] = -1
    s.passed = [0] * players
    s._legal = None
    if step in TURN_STEPS:
        for p in range(players):
            if step == S_FRI_LOAD:
                for g in range(N_GOODS):
                    if s.supply[g] >= 2:
                        s.supply[g] -= 2
                        s.goods[p * N_GOODS + g] += 2
            elif step == S_SUN_BUY:
                for c in range(N_CITIES):
                    s.money[p * N_CITIES + c] += 20
            elif step == S_THU_CONTRACT:
                for m in range(N_MATERIALS):
                    if s.bag[m]:
                        s.bag[m] -= 1
                        s.mats[p * N_MATERIALS + m] += 1
        s._advance()
    return s


def ordinance_id(effect: str, arg: int | None = None) -> int:
    comp = GAME.components(None)[0]
    for i, o in enumerate(comp.ordinances):
        if o.effect == effect and (arg is None or o.arg == arg):
            return i
    raise KeyError(effect)


def vote_on(s: ColoniaState, effect: str, ballots: dict[int, bool] | None = None, arg: int | None = None) -> None:
    """Put one ordinance of `effect` before the council on its day and vote (default: all
    yes). `s` must be at the start of the week's Wednesday (S_WED_START) or later."""
    from reichsstadt.games.colonia.state import VOTE_STEPS

    o = ordinance_id(effect, arg)
    day = s.comp.ordinances[o].day
    step = next(k for k, v in VOTE_STEPS.items() if v == day)
    s.ords = [o]
    s.ord_result = [-1]
    s.scalars[8] = 0
    s.scalars[1] = step
    s.scalars[2] = 0
    s._legal = None
    s._advance()
    for p in list(s.to_act()):
        if p >= 0:
            yes = True if ballots is None else ballots.get(p, True)
            s.apply(p, Action("vote", yes=yes))


def give_relic(s: ColoniaState, p: int, card: int) -> None:
    """Put a relic card behind player p's screen, taking it out of the deck, discards and display."""
    for lst in (s.relic_deck, s.relic_discard):
        lst[card] = 0
    if card in s.display:
        i = s.display.index(card)
        del s.display[i]
        del s.secured_by[i]
    s.relic_owner[card] = p
