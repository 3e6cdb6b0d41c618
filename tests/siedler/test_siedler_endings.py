"""The two endings of section 7 in played games, and the final screen that explains them.

7. "Il gioco termina quando: a. un giocatore durante il suo turno ottiene il suo
tredicesimo punto vittoria; oppure b. il segnalino tempo raggiunge l'anno 1400; in questo
caso il gioco termina immediatamente e il giocatore con più punti vittoria vince,
risolvendo eventuali parità in favore di chi detiene la carta consiglio più alta."

Random players reach 13 VP in few games, so each test plays a seeded random game to a
point, then builds the deciding position from it (the rest of the game is as played)."""

from __future__ import annotations

import io
import random

from rich.console import Console

from tests.siedler.siedler_helpers import edit, give_settlement, put, set_hand, set_workshop

from reichsstadt.core import CHANCE, sample_chance
from reichsstadt.i18n import Renderer
from reichsstadt.games.siedler import GAME
from reichsstadt.games.siedler.constants import CARD_KINDS, EV_HOURGLASS, P_DRAW, P_MAIN, RESOURCES, SETTLEMENTS
from reichsstadt.games.siedler.terminal import render
from reichsstadt.i18n import render as english

NAMES = ["Ann", "Bo", "Cy", "Di"]


def screen(s, seat) -> str:
    console = Console(record=True, width=130, file=io.StringIO(), color_system=None)
    console.print(render(s.view(seat), seat, NAMES[: s.players], Renderer("en", NAMES[: s.players], viewer=seat)))
    return " ".join(console.export_text().split())


def play_until(s, rng, stop, limit=5000):
    for _ in range(limit):
        if s.over() or stop(s):
            return s
        to_act = s.to_act()
        s.apply(to_act[0], sample_chance(s, rng) if to_act == (CHANCE,) else rng.choice(s.legal(to_act[0])))
    raise AssertionError("the position was not reached")


def give_workshops(s, p, k):
    """p gets k more workshops on free red intersections (a built position)."""
    for j in range(12):
        if k and s.workshop_owner[j] < 0 and s.workshops_left[p]:
            s = set_workshop(s, j, p)
            k -= 1
    assert k == 0
    return s


def give_point(s, p, spare=()):
    """One victory point more for p: a workshop, else a settlement, else the right of way
    of a road held by no one in `spare` (a built position; no piece beyond the box's)."""
    if s.workshops_left[p]:
        return give_workshops(s, p, 1)
    if s.settlements_left[p]:
        return give_settlement(s, p)
    road = next(k for k in range(5) if s.right_of_way[k] != p and s.right_of_way[k] not in spare)
    return put(s, "right_of_way", road, p)


def draw_an_hourglass(s) -> None:
    """The next event card is an hourglass (one is put on the deck): time moves on."""
    hourglass = next(k for k, (_, ev, _) in enumerate(CARD_KINDS) if ev == EV_HOURGLASS)
    deck = list(s.deck)
    deck[hourglass] += 1
    s = edit(s, deck=deck, deck_left=s.deck_left + 1)
    s.apply(CHANCE, s.action_table.draw[hourglass])
    return s


def test_7a_the_thirteenth_point_in_ones_own_turn_ends_a_played_game():
    rng = random.Random(21)
    s = play_until(GAME.new(4, 21), rng,
                   lambda s: s.phase == P_MAIN and s.time_stone >= 2 and s.settlements_left[s.active] >= 1
                   and any(s.road_tolls[k * 4 + s.active] and s.free_spots(k) for k in range(5)))
    p = s.active
    # p one point short of 13, holding a settlement's price
    need = 12 - s.victory_points(p)
    s = give_workshops(s, p, min(need, s.workshops_left[p]))
    while s.victory_points(p) < 12:  # one point at a time, one settlement kept for the winning move
        if s.settlements_left[p] > 1:
            s = give_settlement(s, p)
        else:
            road = next(k for k in range(5) if s.right_of_way[k] != p)
            s = put(s, "right_of_way", road, p)
    assert s.victory_points(p) == 12
    s = set_hand(s, p, **{name: max(1, c) if r < 4 else c for r, (name, c) in enumerate(zip(RESOURCES, s.hand(p)))})
    settle = next(a for a in s.legal(p) if a.type == "settle")
    others = [s.victory_points(q) for q in range(4) if q != p]
    s.apply(p, settle)
    assert s.over() and s.to_act() == ()
    out = s.outcome()
    assert out.winners == (p,) and out.scores[p] == 13 and all(v < 13 for v in others)
    assert s.view(None)["table"]["ending"]["reason"] == "thirteen"
    assert f"{NAMES[p]} reached 13 victory points during their own turn and wins (7a)." in screen(s, None)
    assert out.breakdown[p]["settlements"] == SETTLEMENTS - s.settlements_left[p]


def test_7b_1400_in_a_played_game_most_vp_wins_and_a_tie_goes_to_the_higher_council_card():
    rng = random.Random(5)
    s = play_until(GAME.new(4, 5), rng, lambda s: s.phase == P_DRAW and s.time_stone == len(s.components.years) - 2)
    # two players tie on the most VP; the lower of them in seat order holds the lower card
    a, b = 1, 3
    s = edit(s, council_holder=[b, -1, a])
    top = max(s.victory_points(q) for q in range(4)) + 1
    for p in (a, b):
        while s.victory_points(p) < top:
            s = give_point(s, p, spare=(a, b))
        assert s.victory_points(p) == top
    assert all(s.victory_points(q) < top for q in (0, 2))
    hourglass = next(k for k, (_, ev, _) in enumerate(CARD_KINDS) if ev == EV_HOURGLASS and s.deck[k] + s.discards[k])
    if not s.deck[hourglass]:
        deck, discards = list(s.deck), list(s.discards)
        deck[hourglass], discards[hourglass] = 1, discards[hourglass] - 1
        s = edit(s, deck=deck, discards=discards, deck_left=s.deck_left + 1)
    card = s.action_table.draw[hourglass]
    s.apply(CHANCE, card)
    assert "the time stone reaches 1400: the game ends now (7b)" in [english(m, viewer=0) for m in s.news(0)]
    assert s.over() and s.view(0)["table"]["year"] == 1400
    out = s.outcome()
    assert out.winners == (b,), "the Siebenerrat (4) beats the Grosser Rat (2)"
    assert out.ranks[a] == 2
    res = s.view(0)["table"]["ending"]
    assert res["reason"] == "year_1400" and res["tied_on_most"] == [a, b]
    text = screen(s, 0)
    assert "The time stone reached 1400: the game ends at once (7b)." in text
    assert (f"{NAMES[a]} and {NAMES[b]} tie on {top} victory points; {NAMES[b]} holds the higher council card "
            f"(Siebenerrat) and wins.") in text
    assert f"{NAMES[a]} and you tie on {top} victory points; you hold the higher council card (Siebenerrat) and win." \
        in screen(s, b)


def test_7b_1400_without_council_cards_the_tie_is_shared_and_said_so():
    rng = random.Random(8)
    s = play_until(GAME.new(3, 8), rng, lambda s: s.phase == P_DRAW and s.time_stone == len(s.components.years) - 2)
    s = edit(s, council_holder=[-1, -2, -1])
    s = edit(s, prestige=[0, 0, 0])
    top = max(s.victory_points(q) for q in range(3)) + 1
    for p in (0, 2):
        while s.victory_points(p) < top:
            s = give_point(s, p, spare=(0, 2))
    s = draw_an_hourglass(s)
    out = s.outcome()
    assert out.winners == (0, 2)
    text = screen(s, 1)
    assert f"{NAMES[0]} and {NAMES[2]} tie on {top} victory points; none of them holds a council card: " \
           f"{NAMES[0]} and {NAMES[2]} share the win." in text


def test_7b_a_clear_leader_at_1400_wins_and_the_screen_says_so():
    rng = random.Random(3)
    s = play_until(GAME.new(4, 3), rng, lambda s: s.phase == P_DRAW and s.time_stone == len(s.components.years) - 2)
    leader = 2
    while any(s.victory_points(q) >= s.victory_points(leader) for q in range(4) if q != leader):
        s = give_point(s, leader)
    s = draw_an_hourglass(s)
    out = s.outcome()
    assert out.winners == (leader,)
    assert f"{NAMES[leader]} wins with the most victory points ({out.scores[leader]})." in screen(s, None)
    assert f"You win with the most victory points ({out.scores[leader]})." in screen(s, leader)
