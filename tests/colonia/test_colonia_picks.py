"""Multi-part choices (issue 7): a round of turns takes one stall, contract, hold or
securing per turn (p. 17, 18, 20, 22), so a family's purchases are separate decisions
while another family is still in the round. Once all the others have passed, the
family's remaining turns follow one another with nobody in between: the stalls (or
contracts, holds, securings) it takes then are a set whose order changes nothing, offered
as a Pick and finished by the pass. The Sunday relic purchases are not: a shrine asks at
once whether to fill it (p. 22)."""

from __future__ import annotations

import itertools

from reichsstadt.core import Action
from reichsstadt.core.picks import chain
from reichsstadt.games.colonia.constants import S_FRI_LOAD, S_SUN_BUY, S_SUN_SECURE, S_THU_CONTRACT, S_WED_BUY

from tests.colonia.colonia_helpers import at_step, edit, put, text, with_materials

PASS = Action("pass")


def _alone(step: int, **fields):
    s = at_step(step, 4)
    p = s.actor
    return edit(s, passed=[q != p for q in range(4)], **fields), p


def _after(s, p, actions):
    t = s.clone()
    for a in actions:
        t.apply(p, a)
    return t.to_json()


def test_no_pick_while_another_family_is_still_in_the_round() -> None:
    for step in (S_WED_BUY, S_THU_CONTRACT, S_FRI_LOAD, S_SUN_SECURE):
        s = at_step(step, 4)
        assert s.pick(s.actor) is None, step


def test_the_last_family_in_the_market_takes_its_stalls_as_a_set() -> None:
    s, p = _alone(S_WED_BUY)
    sizes = [s.stall_size[i] for i in range(s.stall_count)]
    s = edit(s, box=True, home=put(s.home, p, 9))
    pk = s.pick(p)
    assert pk is not None and pk.finish == PASS and not pk.repeat and pk.least == 1
    assert pk.parts == tuple(a for a in s.legal(p) if a != PASS)
    # the smallest stalls first: as many as 9 members at home can take
    most, left = 0, 9
    for size in sorted(sizes):
        if size <= left:
            left -= size
            most += 1
    assert pk.most == most
    small = sorted(range(len(sizes)), key=lambda i: sizes[i])[:2]
    chosen = [Action("buy_stall", stall=i) for i in small]
    results = {str(_after(s, p, chain(s, p, pk, order))) for order in itertools.permutations(chosen)}
    assert len(results) == 1  # the same in any order
    steps = chain(s, p, pk, list(reversed(chosen)))
    assert steps[:2] == sorted(chosen, key=lambda a: a.stall)
    t = s.clone()
    for a in steps[:2]:
        t.apply(p, a)
    if p in t.to_act():
        assert steps[-1] == PASS and text(t.confirm(p, PASS)).startswith("You could still act")


def test_the_last_family_commissions_its_contracts_as_a_set_with_repeats() -> None:
    """p. 18: each further contract of a craftsman costs one member more, whoever's: two
    saddles cost 1 + 2 in either order."""
    s, p = _alone(S_THU_CONTRACT)
    s = with_materials(s, p, [5, 2, 1, 1, 1])      # leather, iron, wood, linen, fur
    s = edit(s, box=True, home=put(s.home, p, 20))
    pk = s.pick(p)
    assert pk is not None and pk.repeat and pk.finish == PASS
    # saddler twice (leather + iron), painter (wood + linen), shoemaker (fur + leather): 4
    assert pk.most == 4
    saddle, paint, shoes = (Action("commission", craftsman=c) for c in (0, 2, 4))
    runs = [[saddle, paint, saddle, shoes], [shoes, saddle, saddle, paint], [paint, shoes, saddle, saddle]]
    results = {str(_after(s, p, chain(s, p, pk, run))) for run in runs}
    assert len(results) == 1
    t = s.clone()
    for a in chain(s, p, pk, runs[0]):
        if p in t.to_act():
            t.apply(p, a)
    assert t.commissioned[0] == 2 and t.home[p] == 20 - (1 + 2) - 1 - 1


def test_the_most_contracts_count_the_members_they_take() -> None:
    s, p = _alone(S_THU_CONTRACT)
    s = with_materials(s, p, [4, 4, 0, 0, 0])
    s = edit(s, box=True, home=put(s.home, p, 6))
    # four saddles would cost 1 + 2 + 3 + 4 = 10 members; 6 pay for three
    assert s.pick(p).most == 3


def test_holds_and_securings_of_the_last_family_are_sets_too() -> None:
    s, p = _alone(S_FRI_LOAD)
    pk = s.pick(p)
    assert pk is not None and pk.finish == PASS and all(a.type in ("load", "load_extra") for a in pk.parts)
    assert 2 <= pk.most <= s.home[p]
    s, p = _alone(S_SUN_SECURE)
    s = edit(s, box=True, home=put(s.home, p, 3))
    pk = s.pick(p)
    assert pk is not None and pk.most == 3 and {a.type for a in pk.parts} == {"secure"}


def test_relic_purchases_stay_one_at_a_time() -> None:
    s, p = _alone(S_SUN_BUY)
    assert len(s.legal(p)) > 2 and s.pick(p) is None


def test_one_possible_purchase_is_no_set() -> None:
    s, p = _alone(S_WED_BUY)
    smallest = min(s.stall_size[i] for i in range(s.stall_count))
    s = edit(s, box=True, home=put(s.home, p, smallest))
    assert s.pick(p) is None
