"""news(viewer): what a move set in motion beyond itself, in plain words, as each viewer
may know it (rulebook p. 16-23: cards revealed, votes counted, stalls emptied, goods
delivered, ships paid, members home, windows, final scoring)."""

from __future__ import annotations

from reichsstadt.core import CHANCE, Action
from reichsstadt.games.colonia.constants import D_FAMILY, Q_BLIND_MATERIAL, S_SAT_SAIL, S_TUE_ORDER, S_WED_START

from tests.colonia.colonia_helpers import (
    COMP, at_step, edit, fresh, news_text, play, put, text, until, vote_on,
)


def news_text_for(s, viewer: int) -> list[str]:
    """What `viewer` is told, read as that player ("you")."""
    return [text(m, viewer) for m in s.news(viewer)]


def everyone(s, players: int) -> list[list[str]]:
    """What each viewer and the spectator are told, every seat named by its number."""
    return [news_text(s, v) for v in [*range(players), None]]


def test_a_vote_passed_11_to_7_is_told_to_every_viewer() -> None:
    """p. 16-17: the votes are revealed together and counted; everyone reads the tally."""
    s = at_step(S_WED_START, 4)
    s = vote_on(s, "more_per_stall", {1: True, 0: True, 2: False, 3: False},
                vote_weight=[4, 7, 3, 4], card_face_down=[False] * 4, order=[1, 3, 0, 2])
    assert s.ordinance_result == [1]
    for news in everyone(s, 4):
        line = next(t for t in news if t.startswith("Vote on"))
        assert "11 yes to 7 no, passed" in line
        assert "Player 2 yes" in line and "Player 4 no" in line


def test_the_mayors_tie_break_is_told() -> None:
    """p. 17 Votazione: on a tie the mayor's vote decides."""
    s = at_step(S_WED_START, 4)
    s = vote_on(s, "more_per_stall", {0: True, 1: False, 2: False, 3: True},
                vote_weight=[5, 5, 3, 3], card_face_down=[False] * 4, order=[1, 0, 2, 3])
    line = next(t for t in news_text(s, 0) if t.startswith("Vote on"))
    assert "8 yes to 8 no, a tie, decided by the mayor (Player 2), who voted no: rejected" in line
    # the mayor reads it about himself
    line = next(t for t in news_text_for(s, 1) if t.startswith("Vote on"))
    assert "decided by the mayor (you), who voted no: rejected" in line


def test_tuesday_reveal_tells_cards_zeros_order_and_mayor() -> None:
    """p. 16: cards revealed together; a card without its members counts 0; the highest
    card is mayor and plays first."""
    s = at_step(S_TUE_ORDER, 4, week=2)
    s = edit(s, box=True, family_cards_used=[False] * 24, home=put(s.home, 1, 2), street=put(s.street, 4, 3, 5, 0, 0))
    for p, v in enumerate((4, 8, 5, 6)):
        play(s, p, "family", value=v)
    assert s.card_face_down[1]
    for news in everyone(s, 4):
        text = "\n".join(news)
        assert "Family cards revealed: Player 1 4, Player 2 8, Player 3 5, Player 4 6" in text
        assert "Turn order: Player 4, Player 3, Player 1, Player 2 (mayor: Player 4)" in text
    # p. 16 Eccezione: 2 from home, the other 6 from the street fields: the town hall holds
    # the card's 8 all the same (as the board shows), and the card counts 0
    assert s.view(0)["seats"][1]["card"] == 8 and s.view(0)["seats"][1]["votes"] == 0
    others = "\n".join(news_text(s, 0))
    assert ("Player 2's family card 8 counts 0: too few members were at home, so the rest of its 8 members came "
            "from the street fields; no votes this week, last in turn order") in others
    assert "only" not in others
    own = "\n".join(news_text_for(s, 1))
    assert ("Your family card 8 counts 0: too few of your members were at home, so the rest of its 8 members came "
            "from the street fields; you have no votes this week and play last") in own


def test_week_one_tie_die_then_the_order() -> None:
    """p. 17 N.B.: in week 1 a die decides between equal cards; the order follows it."""
    s = at_step(S_TUE_ORDER, 4)
    for p, v in enumerate((5, 5, 8, 3)):
        play(s, p, "family", value=v)
    assert any(t.startswith("Family cards revealed") for t in news_text(s, 0))
    assert not any(t.startswith("Turn order") for t in news_text(s, 0))  # the die comes first
    words = text(s.describe(CHANCE, Action("tie_first", seat=1), 0))
    assert "Player 1, Player 2" in words and "Player 2" in words
    s.apply(CHANCE, Action("tie_first", seat=1))
    assert "Turn order: Player 3, Player 2, Player 1, Player 4 (mayor: Player 3)" in news_text(s, 2)


def test_a_sailing_ship_pays_each_owner_in_its_currency() -> None:
    """p. 21: each loaded hold pays its value in the ship's currency; payments are public,
    the totals behind the screens are not told."""
    s = at_step(S_SAT_SAIL, 4)
    ship = s.port[0]
    city = COMP.ships[ship].city
    v0, v2 = COMP.ships[ship].holds[0][1], COMP.ships[ship].holds[2][1]
    cur = COMP.currencies[city]
    s = edit(s, ships_sailing=1, hold_owner=put(s.hold_owner, 0, 1, -1, 3),
             home=put(s.home, 1, s.home[1] - 1, s.home[2], s.home[3] - 1)).run_on()
    for news in everyone(s, 4):
        line = next(t for t in news if "sails" in t)
        assert line == (f"The ship to {COMP.cities[city]} at place I sails; pays Player 2 {v0} {cur} (hold 1), "
                        f"Player 4 {v2} {cur} (hold 3)")
        assert not any("Mark," in t for t in news)  # no money totals


def test_another_players_blind_draw_is_a_material_to_the_others() -> None:
    """p. 13: the starting materials are drawn blind behind each screen."""
    s = fresh(3, 0)
    until(s, lambda st: st.chance_queue and st.chance_queue[0] == (Q_BLIND_MATERIAL, 1))
    a = s.chance_outcomes()[0][0]
    name = COMP.materials[a.material]
    told = {v: text(s.describe(CHANCE, a, v), v) for v in (0, 1, 2, None)}
    s.apply(CHANCE, a)
    for v in (0, 2, None):
        words = " ".join([told[v], *[text(m, v) for m in s.news(v)]])
        assert "a material" in words and name not in words
    assert name in told[1] and "You draw" in told[1]


def test_thursday_goods_carry_over_and_stalls_back_to_the_bag() -> None:
    """p. 18-20: the leftovers of untaken stalls go back to the bag; on Thursday evening
    each field above the stick yields a good, the others carry over."""
    s = fresh(4, 3)
    until(s, lambda st: st.decision != D_FAMILY and any(t.startswith("Stall") for t in news_text(st, 0)))
    assert any("go back to the bag" in t for t in news_text(s, None))
    s = fresh(4, 3)
    seen: set[str] = set()
    for _ in range(20000):
        if s.over():
            break
        for t in news_text(s, 0):
            seen.add(t.split(" ")[0] + (" delivers" if " delivers " in t else "")
                     + (" carried" if "carried over" in t else ""))
        to_act = s.to_act()
        if to_act == (CHANCE,):
            s.apply(CHANCE, s.chance_outcomes()[0][0])
        else:
            s.apply(to_act[0], s.legal(to_act[0])[0])  # never pass when something can be done
    assert s.over()
    assert "The delivers" in seen and "Members" in seen and "Family" in seen and "Turn" in seen
    final = news_text(s, 1)
    assert any(t.startswith("Final scoring") for t in final)
    assert sum(1 for t in final if "church window" in t) == 4


def test_automatic_passes_are_told() -> None:
    """A seat with no possible move is passed at once; the log says so."""
    s = fresh(3, 1)
    found = []
    for _ in range(3000):
        found += [t for t in news_text(s, 0) if " pass" in t and " can " in t]
        if found:
            break
        to_act = s.to_act()
        if to_act == (CHANCE,):
            s.apply(CHANCE, s.chance_outcomes()[0][0])
        else:
            legal = s.legal(to_act[0])
            s.apply(to_act[0], Action("pass") if Action("pass") in legal else legal[0])
    assert found and found[0].startswith("Player ")
