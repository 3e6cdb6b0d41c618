"""Markt's rules (RULES.md), each test citing its section. They test the installed
package: `pip install -e .` first (README.md), then `python -m pytest`."""

from __future__ import annotations

import pytest

from reichsstadt.core import CHANCE, IllegalAction
from reichsstadt.i18n import render
from reichsstadt_markt import GAME
from reichsstadt_markt.actions import ACTIONS
from reichsstadt_markt.state import MarktState

CLOTH, SALT, WINE, PEPPER = range(4)


def at_first_turn(hands: list[list[int]], demand: int = PEPPER, days: int = 6) -> MarktState:
    """A game at the first merchant's first turn: `hands` dealt (two goods each, in seat
    order) and the crier's call for `demand`."""
    state = GAME.new(len(hands), seed=1, options={"days": days})
    assert isinstance(state, MarktState)
    for hand in hands:
        for good in range(4):
            for _ in range(hand[good]):
                state.apply(CHANCE, ACTIONS.draw[good])
    state.apply(CHANCE, ACTIONS.demand[demand])
    return state


def edited(state: MarktState, **fields: object) -> MarktState:
    """The position with some fields changed (checked by the platform: State.edited)."""
    out = state.edited(**fields)
    assert isinstance(out, MarktState)
    return out


def english(message: object, viewer: int | None = None) -> str:
    return render(message, "en", viewer=viewer)


def refusal(state: MarktState, seat: int, action: object) -> str:
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)  # type: ignore[arg-type]
    return english(caught.value.message, viewer=seat)


def test_setup_prices_purses_and_a_deal_nobody_else_sees() -> None:
    """§2: every price 3, every purse 2 thalers; each merchant draws two goods in seat
    order, and only they learn which."""
    state = GAME.new(3, seed=1)
    view = state.view(None)
    assert view["phase"] == "deal" and view["table"]["prices"] == [3, 3, 3, 3]
    assert [s["thalers"] for s in view["seats"]] == [2, 2, 2]
    assert english(state.describe(CHANCE, ACTIONS.draw[SALT], 0), viewer=0) == "you draw 1 sack of salt"
    assert english(state.describe(CHANCE, ACTIONS.draw[SALT], 1), viewer=1) == "Player 1 draws a good, unseen"
    state = at_first_turn([[0, 2, 0, 0], [1, 0, 1, 0], [0, 0, 0, 2]])
    assert state.view(1)["seats"][1]["hand"] == [1, 0, 1, 0]
    assert [s["hand"] for s in state.view(1)["seats"]] == [None, [1, 0, 1, 0], None]
    assert [s["goods"] for s in state.view(None)["seats"]] == [2, 2, 2]
    assert state.view(None)["table"]["warehouse"] == 28 - 6


def test_the_crier_raises_the_good_called_for_to_six_at_most() -> None:
    """§3.1: each good alike; its price rises by one, to 6 at most."""
    state = GAME.new(2, seed=1)
    for good in (CLOTH, SALT, CLOTH, WINE):
        state.apply(CHANCE, ACTIONS.draw[good])
    assert state.view(None)["phase"] == "crier"
    assert state.chance_outcomes() == [(ACTIONS.demand[g], 0.25) for g in range(4)]
    capped = edited(state, prices=[6, 3, 3, 3])
    state.apply(CHANCE, ACTIONS.demand[SALT])
    assert state.view(None)["table"]["prices"] == [3, 4, 3, 3]
    assert english(state.news(None)[0]) == "salt now sells at 4 thalers"
    capped.apply(CHANCE, ACTIONS.demand[CLOTH])
    assert capped.view(None)["table"]["prices"][CLOTH] == 6


def test_selling_pays_the_price_each_then_the_price_falls_to_one_at_least() -> None:
    """§3.2 sell: the price each, then the price falls by the number sold (to 1), and
    the goods go to the sold pile, face up."""
    state = at_first_turn([[0, 2, 0, 0], [2, 0, 0, 0]], demand=SALT)
    assert english(state.describe(0, ACTIONS.sell[SALT][2], 0)) == \
        "sell 2 sacks of salt at 4 thalers each, for 8 thalers"
    state.apply(0, ACTIONS.sell[SALT][2])
    view = state.view(1)
    assert view["seats"][0]["thalers"] == 2 + 8 and view["seats"][0]["goods"] == 0
    assert view["table"]["prices"][SALT] == 2 and view["table"]["sold"][SALT] == 2
    cheap = edited(at_first_turn([[2, 0, 0, 0], [0, 0, 2, 0]]), prices=[2, 3, 3, 3])
    cheap.apply(0, ACTIONS.sell[CLOTH][2])
    assert cheap.view(None)["table"]["prices"][CLOTH] == 1


def test_only_goods_in_hand_can_be_sold() -> None:
    """§3.2 sell: a merchant sells goods they hold; the refusal says how many they hold."""
    state = at_first_turn([[0, 2, 0, 0], [2, 0, 0, 0]])
    assert ACTIONS.sell[CLOTH][1] not in state.legal(0)
    assert refusal(state, 0, ACTIONS.sell[CLOTH][1]) == \
        "you cannot sell 1 bolt of cloth at 3 thalers each, for 3 thalers now: " \
        "there are only 0 bolts of cloth in hand (§3.2)"
    assert "only 2 sacks of salt in hand" in refusal(state, 0, ACTIONS.sell[SALT][3])


def test_fetching_pays_the_toll_and_draws_a_good_only_its_merchant_sees() -> None:
    """§3.2 fetch: 1 thaler toll, then a good drawn from the warehouse, each kind as
    often as the warehouse holds it."""
    state = at_first_turn([[2, 0, 0, 0], [2, 0, 0, 0]])
    state.apply(0, ACTIONS.fetch)
    assert state.view(None)["seats"][0]["thalers"] == 1 and state.to_act() == (CHANCE,)
    assert state.chance_outcomes() == [(ACTIONS.draw[CLOTH], 3 / 24)] + [(ACTIONS.draw[g], 7 / 24) for g in (1, 2, 3)]
    state.apply(CHANCE, ACTIONS.draw[WINE])
    assert state.view(0)["seats"][0]["hand"] == [2, 0, 1, 0] and state.view(1)["seats"][0]["hand"] is None
    assert state.to_act() == (1,)


@pytest.mark.parametrize("fields, reason", [
    ({"thalers": [0, 2]}, "the toll at the gate is 1 thaler (§3.2)"),
    ({"hands": [[2, 3, 0, 0], [2, 0, 0, 0]], "warehouse": [3, 4, 7, 7]}, "a merchant holds at most 5 goods (§3.2)"),
    ({"hands": [[2, 0, 0, 0], [2, 0, 0, 0]], "warehouse": [0, 0, 0, 0], "sold": [3, 7, 7, 7]},
     "the warehouse is empty (§3.2)"),
])
def test_fetching_needs_a_thaler_room_and_goods_left(fields: dict[str, object], reason: str) -> None:
    """§3.2 fetch: only a merchant who can pay, holds fewer than 5 goods, and finds goods left."""
    state = edited(at_first_turn([[2, 0, 0, 0], [2, 0, 0, 0]]), **fields)
    assert ACTIONS.fetch not in state.legal(0) and ACTIONS.wait in state.legal(0)
    assert refusal(state, 0, ACTIONS.fetch).endswith(reason)


def test_each_merchant_takes_one_turn_and_the_next_day_opens_with_the_next_merchant() -> None:
    """§3.2: one turn each, from the day's first merchant on, in seat order; §3.3: the
    next day's first merchant is the one after; the crier opens it."""
    state = at_first_turn([[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0]])
    order = []
    for _ in range(3):
        order.append(state.to_act()[0])
        state.apply(state.to_act()[0], ACTIONS.wait)
    assert order == [0, 1, 2] and state.view(None)["phase"] == "crier"
    assert english(state.news(1)[0], viewer=1) == "market day 2 of 6: you open"
    state.apply(CHANCE, ACTIONS.demand[WINE])
    assert state.to_act() == (1,) and refusal(state, 0, ACTIONS.wait).startswith("it is not your turn")


def test_after_the_last_day_thalers_score_and_goods_are_worth_nothing() -> None:
    """§4: the game ends after the last market day; thalers score, goods in hand count
    nothing, equal thalers share a rank."""
    state = at_first_turn([[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0]], days=3)
    state = edited(state, day=3, thalers=[5, 4, 2])
    assert state.confirm(0, ACTIONS.wait) is not None and state.confirm(0, ACTIONS.sell[CLOTH][2]) is None
    state.apply(0, ACTIONS.wait)
    state.apply(1, ACTIONS.sell[SALT][1])      # 4 + 3 = 7
    state.apply(2, ACTIONS.sell[WINE][1])      # 2 + 3 = 5
    assert state.over() and english(state.news(None)[-1]) == "the last market day is over: the market is closed"
    outcome = state.outcome()
    assert outcome.scores == (5, 7, 5) and outcome.ranks == (2, 1, 2)
    assert outcome.breakdown[0] == {"thalers": 5}
