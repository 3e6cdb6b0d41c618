"""Hidden information audit (3.: "le carte delle mani devono essere mantenute segrete";
6.1 and 8.4: a card is stolen or drawn at random from a hand).

Along random games, for each seat, a twin state is built that differs from the real one
only in what that seat cannot know: `sample(seat)`, another two players' cards swapped
(counts and the public supply kept), the contents of the face-down event deck changed
(its size kept), and the type of a card stolen or drawn for the Wegezoll between two
other players. The seat must not be able to tell the twins apart: its view, its legal
moves, the words of every move any seat to act may make (and of every chance outcome)
as that seat reads them, and the terminal board drawn from its view are the same."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from tests.siedler.siedler_helpers import act, draw, edit, main_phase, set_hand, start, words

from reichsstadt.core import CHANCE, sample_chance
from reichsstadt.i18n import Renderer
from reichsstadt.games.siedler import GAME
from reichsstadt.games.siedler.constants import CARD_KINDS, EV_WEGEZOLL
from reichsstadt.games.siedler.constants import P_STEAL_CARD, P_WEGEZOLL_CARD
from reichsstadt.games.siedler.terminal import render

NAMES = ["Ann", "Bo", "Cy", "Di"]


def screen(s, seat) -> str:
    console = Console(record=True, width=130, file=io.StringIO(), color_system=None)
    console.print(render(s.view(seat), seat, NAMES[: s.players], Renderer("en", NAMES[: s.players], viewer=seat)))
    return console.export_text()


def moves(s, q) -> list:
    return [a for a, _ in s.chance_outcomes()] if q == CHANCE else s.legal(q)


def same_for(a, b, seat, board: bool) -> None:
    assert a.view(seat) == b.view(seat), f"seat {seat} can tell the twins apart by its view"
    assert a.legal(seat) == b.legal(seat), f"seat {seat}'s legal moves depend on what it cannot know"
    # other seats' move lists may differ with their hidden hands (a responder who can
    # pay may accept); what `seat` reads of each move the real state offers must not
    for q in a.to_act():
        for x in moves(a, q):
            assert a.describe(q, x, seat) == b.describe(q, x, seat), f"seat {seat} reads {x} of seat {q} differently"
    if board:
        assert screen(a, seat) == screen(b, seat), f"the board drawn for seat {seat} leaks"


def swapped_hands(s, seat, rng):
    """Two other players exchange one card each (counts and supply unchanged)."""
    others = [q for q in range(s.players) if q != seat and s.cards(q)]
    rng.shuffle(others)
    for i, q1 in enumerate(others):
        for q2 in others[i + 1:]:
            r1 = [r for r in range(5) if s.hands[q1 * 5 + r]]
            r2 = [r for r in range(5) if s.hands[q2 * 5 + r]]
            pairs = [(x, y) for x in r1 for y in r2 if x != y]
            if pairs:
                x, y = rng.choice(pairs)
                hands = list(s.hands)
                hands[q1 * 5 + x] -= 1
                hands[q2 * 5 + x] += 1
                hands[q2 * 5 + y] -= 1
                hands[q1 * 5 + y] += 1
                return edit(s, hands=hands)
    return None


def other_deck(s, rng):
    """The face-down deck holds other cards (same number of cards)."""
    full = [k for k, c in enumerate(s.deck) if c]
    if not full:
        return None
    k = rng.choice(full)
    j = rng.choice([x for x in range(len(s.deck)) if x != k])
    deck = list(s.deck)
    deck[k] -= 1
    deck[j] += 1
    return edit(s, deck=deck)


def twins(s, seat, rng):
    yield s.sample(seat, rng)
    for t in (swapped_hands(s, seat, rng), other_deck(s, rng)):
        if t is not None:
            yield t


def hidden_card_twins(s):
    """At a steal or Wegezoll draw: the states after each possible card."""
    outs = []
    for a, _ in s.chance_outcomes():
        t = s.clone()
        t.apply(CHANCE, a)
        outs.append(t)
    return outs


def audit(s, rng, board: bool) -> int:
    checks = 0
    for seat in range(s.players):
        assert s.view(None)["seats"][seat]["hand"] is None, "a spectator sees no hand"
        for t in twins(s, seat, rng):
            same_for(s, t, seat, board)
            checks += 1
    if s.phase in (P_STEAL_CARD, P_WEGEZOLL_CARD):
        thief = s.active if s.phase == P_STEAL_CARD else s.right_of_way[s.wegezoll_road]
        victim = s.steal_victim if s.phase == P_STEAL_CARD else s.wegezoll_owed[0][0]
        outs = hidden_card_twins(s)
        for v in range(s.players):
            if v not in (thief, victim):
                assert len({s.describe(CHANCE, a, v) for a, _ in s.chance_outcomes()}) == 1, \
                    f"seat {v} reads which card was taken"
                for t in outs[1:]:
                    same_for(outs[0], t, v, board)
                    checks += 1
    return checks


@pytest.mark.parametrize("seed,players,setup", [(1, 4, "beginner"), (2, 3, "beginner"), (3, 4, "expert"),
                                                (4, 3, "expert"), (5, 4, "beginner"), (6, 4, "beginner")])
def test_no_seat_can_tell_apart_what_it_cannot_know(seed, players, setup):
    rng = random.Random(seed)
    s = GAME.new(players, seed, {"setup": setup})
    checks = hidden_moves = step = 0
    while not s.over() and step < 1500:
        step += 1
        if s.phase in (P_STEAL_CARD, P_WEGEZOLL_CARD):
            hidden_moves += 1
            checks += audit(s, rng, board=hidden_moves % 2 == 1)
        elif step % 12 == 0:
            checks += audit(s, rng, board=step % 36 == 0)
        to_act = s.to_act()
        if to_act == (CHANCE,):
            s.apply(CHANCE, sample_chance(s, rng))
        else:
            seat = to_act[0]
            s.apply(seat, rng.choice(s.legal(seat)))
    assert checks > 50
    assert hidden_moves > 0, "the game had a steal or a Wegezoll draw to audit"


def test_a_stolen_card_is_known_to_thief_and_victim_only():
    """6.1: the stolen card's type reaches the thief's hand; a third player sees one card
    move, of a type it cannot know, in the view, the log words and the board."""
    s = start(4)
    for p in range(4):
        s = set_hand(s, p, wood=1, wool=1, grain=1, brick=1, stone=1)
    draw(s, None, "raubritter")
    act(s, 0, "robber", terrain=5)
    act(s, 0, "steal", victim=1)
    assert s.phase == P_STEAL_CARD
    outs = hidden_card_twins(s)
    assert len(outs) == 5
    for v in (2, 3):
        for t in outs[1:]:
            same_for(outs[0], t, v, board=True)
    texts = {words(s, CHANCE, a, 2, sentence=True) for a, _ in s.chance_outcomes()}
    assert texts == {"Player 1 steals a resource card from Player 2"}
    assert {words(s, CHANCE, a, 0, sentence=True) for a, _ in s.chance_outcomes()} == {
        f"You steal {r} from Player 2" for r in ("wood", "wool", "grain", "brick", "stone")}
    assert outs[0].view(0)["seats"][0]["hand"] != outs[1].view(0)["seats"][0]["hand"], "the thief sees the card"


def test_a_wegezoll_card_is_known_to_holder_and_payer_only():
    """8.4: a player without gold gives random cards to the right-of-way holder; the
    others learn only that cards moved."""
    s = start(4)
    s = main_phase(s, 0)
    # a road whose right-of-way holder is not alone on it (III: white holds Venice, red and
    # orange have settlements there in the beginner positions)
    road, holder, payer = next(
        (r, s.right_of_way[r], q) for r in range(5) for q in range(4)
        if s.right_of_way[r] >= 0 and q != s.right_of_way[r] and any(
            s.settlement_owner[gi] == q for gi in s.components.road_intersections(r))
        and any(ev == EV_WEGEZOLL and rd == r for _, ev, rd in CARD_KINDS))
    s = set_hand(s, payer, gold=0, wood=1, stone=2)
    act(s, 0, "end")
    card = next(k for k, (_, ev, rd) in enumerate(CARD_KINDS) if ev == EV_WEGEZOLL and rd == road and s.deck[k])
    s.apply(CHANCE, s.action_table.draw[card])
    assert s.phase == P_WEGEZOLL_CARD
    outs = hidden_card_twins(s)
    assert len(outs) == 2
    for v in range(4):
        if v not in (holder, payer):
            same_for(outs[0], outs[1], v, board=True)


def test_spectator_sees_no_hand_and_the_same_board_whatever_the_hands():
    rng = random.Random(7)
    s = GAME.new(4, 7)
    for _ in range(400):
        if s.over():
            break
        to_act = s.to_act()
        s.apply(to_act[0], sample_chance(s, rng) if to_act == (CHANCE,) else rng.choice(s.legal(to_act[0])))
    assert all(p["hand"] is None for p in s.view(None)["seats"])
    cards = [p for p in range(4) if s.cards(p)]
    # the spectator knows no hand: move every card of one player to another type
    q = cards[0]
    r = next(r for r in range(5) if s.hands[q * 5 + r])
    hands, supply = list(s.hands), list(s.supply)
    hands[q * 5 + r] -= 1
    hands[q * 5 + (r + 1) % 5] += 1
    supply[r] += 1
    supply[(r + 1) % 5] -= 1
    t = edit(s, hands=hands, supply=supply)
    assert s.view(None)["seats"] == t.view(None)["seats"]
