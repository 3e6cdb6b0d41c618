"""The terminal board renders from a view, trade offers included, without leaking hands."""

from rich.console import Console
from siedler_helpers import act, main_phase, set_hand, start

from reichsstadt.games.siedler.terminal import render


def _text(view, seat):
    console = Console(width=220, record=True)
    console.print(render(view, seat, ["Ann", "Bob", "Cy", "Di"]))
    return console.export_text()


def test_terminal_board_shows_roads_city_and_offer():
    s = main_phase(start())
    set_hand(s, 0, wood=2)
    set_hand(s, 1, stone=3)
    act(s, 0, "offer")
    act(s, 0, "give", resource="wood")
    act(s, 0, "done")
    act(s, 0, "want", resource="stone")
    act(s, 0, "done")
    act(s, 0, "send", to=-1)
    out = _text(s.view(0), 0)
    assert "Year 1355" in out and "Siebenerrat" in out and "Offer: 1 wood for 1 stone to everyone" in out
    assert "2 wood" in out and "3 stone" not in out  # Bob's hand stays hidden from Ann
    assert "Fo3 Hi5 Mo6" in out.replace("Fo3 Mo6 Hi5", "Fo3 Hi5 Mo6") or "Fo3" in out
