"""The terminal board renders from a view within 120 columns: whose turn and what is
asked, one's own hand against the others' counts, the roads from the gate, the offer
under negotiation with every answer; no hand leaks."""

from __future__ import annotations

import random

from rich.console import Console
from tests.siedler.siedler_helpers import act, main_phase, set_hand, start

import reichsstadt
from reichsstadt.core import CHANCE
from reichsstadt.games.siedler.terminal import render

NAMES = ["Ann", "Bob", "Cy", "Di"]


def _text(view, seat, width=200):
    console = Console(width=width, record=True, color_system=None)
    console.print(render(view, seat, NAMES))
    return console.export_text()


def _offer(s):
    s = set_hand(s, 0, wood=2)
    s = set_hand(s, 1, stone=3)
    s = set_hand(s, 2, stone=1)
    s = set_hand(s, 3, grain=1)
    act(s, 0, "offer")
    act(s, 0, "give", resource="wood")
    act(s, 0, "done")
    act(s, 0, "want", resource="stone")
    act(s, 0, "done")
    act(s, 0, "send", to=-1)
    return s


def test_terminal_board_shows_turn_roads_city_and_own_hand_only():
    s = main_phase(start())
    s = set_hand(s, 0, wood=2, gold=3)
    s = set_hand(s, 1, stone=3)
    out = _text(s.view(0), 0)
    assert "Year 1355" in out and "Turn: Ann" in out
    assert "Your decision: trade, build, produce and sell" in out
    assert "2 wood (2 cards)" in out and "3 cards" in out and "3 stone" not in out  # Bob's hand stays hidden
    assert "III → Venice (toll 2)" in out and "IV  → forest" in out and "gate" in out
    assert "⌂1" in out and "▮1" in out and "⌂4" in out  # white's and orange's beginner pieces
    assert "Siebenerrat" in out and "Wall 0/26" in out and "Zirkel wood+stone → Frankfurt 3 gold" in out
    assert "bank 2:1 wood" in out and "Bauhof" in out
    spectator = _text(s.view(None), None)
    assert "2 wood" not in spectator and "Now: Ann may trade" in spectator


def test_trade_offer_panel_shows_the_offer_and_every_answer():
    s = main_phase(start())
    s = _offer(s)
    out = _text(s.view(1), 1)
    assert "Ann gives 1 wood and asks for 1 stone — offered to everyone" in out
    assert "Your decision: answer Ann's trade offer" in out
    assert "Bob: you have not answered yet" in out
    act(s, 1, "accept")
    act(s, 2, "counter")
    act(s, 2, "give", resource="stone")
    act(s, 2, "done")
    act(s, 2, "want", resource="wood")
    act(s, 2, "want", resource="wood")
    act(s, 2, "done")
    act(s, 3, "decline")
    out = _text(s.view(0), 0)
    assert "You give 1 wood and ask for 1 stone" in out
    assert "Bob: accepts" in out and "Di: declines" in out
    assert "Cy: counter-offer: gives 1 stone and asks for 2 wood" in out
    assert "Your decision: trade with one who accepted" in out


def test_every_line_fits_in_120_columns_through_a_random_game():
    game = reichsstadt.game("siedler")
    s = game.new(4, 9)
    rng = random.Random(9)
    for step in range(3000):
        if s.over():
            break
        to_act = s.to_act()
        if to_act == (CHANCE,):
            outs = s.chance_outcomes()
            s.apply(CHANCE, rng.choices([a for a, _ in outs], [p for _, p in outs])[0])
        else:
            seat = to_act[0]
            legal = s.legal(seat)
            s.apply(seat, legal[rng.randrange(len(legal))])
        if step % 37 == 0:
            seat = s.to_act()[0] if s.to_act() and s.to_act() != (CHANCE,) else None
            for line in _text(s.view(seat), seat).splitlines():
                assert len(line.rstrip()) <= 120, line


def test_discard_and_lehm_say_what_is_asked():
    s = start()
    s = set_hand(s, 1, wood=9)
    for p in (0, 2, 3):
        s = set_hand(s, p)
    from tests.siedler.siedler_helpers import draw

    draw(s, None, "raubritter")
    out = _text(s.view(1), 1)
    assert "Your decision: discard half of your cards" in out and "must discard 4" in out
    assert "Now: Raubritter! Bob must discard" in _text(s.view(0), 0)
