"""End of the game and scoring (rulebook p. 23): church windows, relic points doubled
in shrines, the tie-breaks; the examples of the London window and of the 23 points."""

from __future__ import annotations

import pytest

from reichsstadt.core import IllegalAction
from reichsstadt.games.colonia.constants import D_NONE, S_OVER, S_SUN_BUY

from tests.colonia.colonia_helpers import COMP, at_step, check_invariants, edit, give_relic, put, until

BERGEN, BRUGGE, LONDON, NOWGOROD = range(4)


def _final(players: int = 4):
    """The last Sunday's relic market, every family's screen emptied."""
    s = at_step(S_SUN_BUY, players, week=6)
    return edit(s, money=[0] * (4 * players), passed=[True] * players)


def _finish(s, **fields):
    """The game's end from the last Sunday's market, with `fields` changed first."""
    # Sunday's end: the last week has no securing
    s = edit(s, decision=D_NONE, step=S_SUN_BUY + 2, **fields).run_on()
    assert s.step == S_OVER and s.over()
    return s



def test_the_game_ends_after_the_sixth_sunday_purchases() -> None:
    """p. 23: the game ends when the sixth week's Sunday purchases are over."""
    s = at_step(S_SUN_BUY, 4, week=6)
    with pytest.raises(IllegalAction):
        s.outcome()
    until(s, lambda st: st.over())
    assert s.week == 6 and s.to_act() == ()
    check_invariants(s)


def test_london_window_example() -> None:
    """p. 23: green 10, violet 3, yellow 2, red 4 Pfund Sterling: green gets the London
    window and pays his 10 to the bank; had another player 10 too, nobody would get it."""
    green, violet, yellow, red = range(4)
    s = _final()
    money = s.money[:]
    for p, k in ((green, 10), (violet, 3), (yellow, 2), (red, 4)):
        money[p * 4 + LONDON] = k
    s = _finish(s, money=money)
    assert s.window_owner[LONDON] == green and s.money[green * 4 + LONDON] == 0
    assert s.money[red * 4 + LONDON] == 4
    assert s.outcome().breakdown[green]["windows"] == COMP.window_points
    s = _final()
    money = s.money[:]
    for p, k in ((green, 10), (violet, 10), (yellow, 2), (red, 4)):
        money[p * 4 + LONDON] = k
    s = _finish(s, money=money)
    assert s.window_owner[LONDON] == -1 and s.money[green * 4 + LONDON] == 10


def test_23_point_scoring_example() -> None:
    """p. 23: relics 1 + 2 + 2 + 3 + 3 = 11, a relic of 5 in a shrine 2 x 5 = 10, an
    empty shrine 0, one church window 2: 23 points."""
    green = 0
    s = _final()
    # Bergen relics worth 1, 2, 2, 3; a London relic worth 3; the Brügge 5 in its shrine;
    # the Nowgorod shrine empty
    for card in (BERGEN * 12 + 0, BERGEN * 12 + 3, BERGEN * 12 + 4, BERGEN * 12 + 6, LONDON * 12 + 6,
                 BRUGGE * 12 + 10, BRUGGE * 12 + 11, NOWGOROD * 12 + 11):
        s = give_relic(s, green, card)
    s = _finish(s, shrine_relic=put(s.shrine_relic, BRUGGE, BRUGGE * 12 + 10),
                money=put(s.money, green * 4 + BERGEN, 7))
    out = s.outcome()
    assert out.breakdown[green]["relics"] == 11 + 5
    assert out.breakdown[green]["shrines"] == 5
    assert out.breakdown[green]["windows"] == 2
    assert out.scores[green] == 23 and out.ranks[green] == 1
    check_invariants(s)


@pytest.mark.parametrize("item", ["money", "goods", "materials"])
def test_tie_breaks_money_then_goods_then_materials(item: str) -> None:
    """p. 23: equal points: more money in all currencies (after the windows), then more
    goods, then more materials; otherwise the tie stands."""
    s = _final()
    s = give_relic(s, 0, 0)
    s = give_relic(s, 1, 1)
    goods, mats, money = [0] * 20, [0] * 20, [1] * 16  # equal money: no windows
    if item == "money":
        money[1 * 4 + 0] = 0
        money[1 * 4 + 1] = 0
        money[0 * 4 + 0] = 0
    elif item == "goods":
        goods[1 * 5 + 2] = 1
    else:
        mats[1 * 5 + 4] = 1
    s = _finish(s, **_screens(s, goods, mats), money=money)
    out = s.outcome()
    assert out.scores[0] == out.scores[1] == 1
    if item == "money":
        # seat 0 had 3 left, seat 1 had 2: seat 0 first
        assert out.ranks[0] == 1 and out.ranks[1] == 2
    else:
        assert out.ranks[1] == 1 and out.ranks[0] == 2


def _screens(s, goods: list[int], mats: list[int]) -> dict:
    """The screens' goods and materials set (all drawn blind), the rest in the supply and the bag."""
    supply = [COMP.goods_per_type - sum(goods[g::5]) for g in range(5)]
    bag = [COMP.materials_per_type - sum(mats[m::5]) - sum(s.stall_materials[m::5]) for m in range(5)]
    blind = [sum(mats[p * 5:(p + 1) * 5]) for p in range(4)]
    return dict(goods=goods, goods_supply=supply, materials=mats, bag=bag, materials_seen=[0] * 20,
                materials_blind=blind)


def test_a_full_tie_is_shared() -> None:
    s = _final()
    s = _finish(s, **_screens(s, [0] * 20, [0] * 20))
    assert s.outcome().ranks == (1, 1, 1, 1)
