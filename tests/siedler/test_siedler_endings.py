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

from reichsstadt.core import CHANCE, sample_chance
from reichsstadt.games.siedler import GAME
from reichsstadt.games.siedler.mapdata import EV_HOURGLASS
from reichsstadt.games.siedler.state import P_DRAW, P_MAIN, SETTLEMENTS
from reichsstadt.games.siedler.terminal import render

NAMES = ["Ann", "Bo", "Cy", "Di"]


def screen(s, seat) -> str:
    console = Console(record=True, width=130, file=io.StringIO(), color_system=None)
    console.print(render(s.view(seat), seat, NAMES[: s.n]))
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
        if k and s.red_owner[j] < 0 and s.work_left[p]:
            s.red_owner[j] = p
            s.work_left[p] -= 1
            k -= 1
    assert k == 0



def give_settlement(s, p: int) -> None:
    """A settlement of p's on the first free intersection (a VP without playing for it)."""
    gi = next(gi for gi in range(s.m.n_inters) if s.settle_owner[gi] < 0)
    s.settle_owner[gi] = p
    s.set_left[p] -= 1


def draw_an_hourglass(s) -> None:
    """The next event card is an hourglass (one is put on the deck): time moves on."""
    hourglass = next(k for k, (_, ev, _) in enumerate(s.t.kinds) if ev == EV_HOURGLASS)
    s.deck[hourglass] += 1
    s.deck_left += 1
    s.apply(CHANCE, s.t.draw[hourglass])

def test_7a_the_thirteenth_point_in_ones_own_turn_ends_a_played_game():
    rng = random.Random(21)
    s = play_until(GAME.new(4, 21), rng, lambda s: s.phase == P_MAIN and s.time >= 2 and s.set_left[s.cur] >= 1
                   and any(s.tolls_on[k * 4 + s.cur] and s._free_spots(k) for k in range(5)))
    p = s.cur
    # p one point short of 13, holding a settlement's price
    need = 12 - s.vp(p)
    give_workshops(s, p, min(need, s.work_left[p]))
    while s.vp(p) < 12:
        q = next(c for c in range(3) if s.council[c] != p and s.council[c] != -2)
        s.council = [x if x != p else -1 for x in s.council]
        s.council[q] = p
    assert s.vp(p) == 12
    for r in range(4):
        if not s.hand[p * 5 + r]:
            s.hand[p * 5 + r] += 1
            s.supply[r] -= 1
    s._cache_seat = -99
    settle = next(a for a in s.legal(p) if a.type == "settle")
    others = [s.vp(q) for q in range(4) if q != p]
    s.apply(p, settle)
    assert s.over() and s.to_act() == ()
    out = s.outcome()
    assert out.winners == (p,) and out.scores[p] == 13 and all(v < 13 for v in others)
    assert s.view(None)["result"]["reason"] == "thirteen"
    assert f"{NAMES[p]} reached 13 victory points during their own turn and wins (7a)." in screen(s, None)
    assert out.breakdown[p]["settlements"] == SETTLEMENTS - s.set_left[p]


def test_7b_1400_in_a_played_game_most_vp_wins_and_a_tie_goes_to_the_higher_council_card():
    rng = random.Random(5)
    s = play_until(GAME.new(4, 5), rng, lambda s: s.phase == P_DRAW and s.time == len(s.m.years) - 2)
    # two players tie on the most VP; the lower of them in seat order holds the lower card
    a, b = 1, 3
    s.council = [b, -1, a]
    top = max(s.vp(q) for q in range(4)) + 1
    for p in (a, b):
        while s.vp(p) < top:
            if s.work_left[p]:
                give_workshops(s, p, 1)
            else:
                give_settlement(s, p)
        assert s.vp(p) == top
    assert all(s.vp(q) < top for q in (0, 2))
    hourglass = next(k for k, (_, ev, _) in enumerate(s.t.kinds) if ev == EV_HOURGLASS and s.deck[k] + s.dpile[k])
    if not s.deck[hourglass]:
        s.deck[hourglass] += 1
        s.dpile[hourglass] -= 1
        s.deck_left += 1
    card = s.t.draw[hourglass]
    assert "the game ends now (7b)" in s.describe(CHANCE, card, 0)
    s.apply(CHANCE, card)
    assert s.over() and s.view(0)["year"] == 1400
    out = s.outcome()
    assert out.winners == (b,), "the Siebenerrat (4) beats the Grosser Rat (2)"
    assert out.ranks[a] == 2
    res = s.view(0)["result"]
    assert res["reason"] == "year_1400" and res["tied_on_most"] == [a, b]
    text = screen(s, 0)
    assert "The time stone reached 1400: the game ends at once (7b)." in text
    assert f"{NAMES[a]}, {NAMES[b]} tie on {top} victory points; {NAMES[b]} holds the higher council card (Siebenerrat) and wins." in text


def test_7b_1400_without_council_cards_the_tie_is_shared_and_said_so():
    rng = random.Random(8)
    s = play_until(GAME.new(3, 8), rng, lambda s: s.phase == P_DRAW and s.time == len(s.m.years) - 2)
    s.council = [-1, -2, -1]
    s.prestige = [0, 0, 0]
    top = max(s.vp(q) for q in range(3)) + 1
    for p in (0, 2):
        while s.vp(p) < top:
            if s.work_left[p]:
                give_workshops(s, p, 1)
            else:
                give_settlement(s, p)
    draw_an_hourglass(s)
    out = s.outcome()
    assert out.winners == (0, 2)
    text = screen(s, 1)
    assert f"{NAMES[0]}, {NAMES[2]} tie on {top} victory points; none of them holds a council card: " \
           f"{NAMES[0]} and {NAMES[2]} share the win." in text


def test_7b_a_clear_leader_at_1400_wins_and_the_screen_says_so():
    rng = random.Random(3)
    s = play_until(GAME.new(4, 3), rng, lambda s: s.phase == P_DRAW and s.time == len(s.m.years) - 2)
    leader = 2
    while any(s.vp(q) >= s.vp(leader) for q in range(4) if q != leader):
        give_settlement(s, leader)
    draw_an_hourglass(s)
    out = s.outcome()
    assert out.winners == (leader,)
    assert f"{NAMES[leader]} wins with the most victory points ({out.scores[leader]})." in screen(s, leader)
