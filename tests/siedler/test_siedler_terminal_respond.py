"""An offer the reader cannot pay for (they lack cards it asks for) has no accept among the
terminal's moves, as in the browser; "Your decision" then asks them to decline or make a
counter-offer, not to "accept, decline or make a counter-offer" (the browser's prompt
shares these words: tests/e2e/test_siedler_cannot_accept.py). In five languages; along
random games the words offer accept exactly when the engine does."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from tests.siedler.siedler_helpers import legal_types, main_phase, offer, set_hand, start

import reichsstadt
from reichsstadt.core import Message, Player
from tests.walk import decisions
from reichsstadt.games.siedler.terminal import render
from reichsstadt.i18n import Renderer

NAMES = ["Ann", "Bob", "Cy", "Di"]
LANGS = ["en", "de", "fr", "it", "ru"]


def _text(view: dict, seat: int, lang: str = "en", names: list[str] = NAMES) -> str:
    console = Console(width=200, record=True, color_system=None, file=io.StringIO())
    console.print(render(view, seat, names, Renderer(lang, names, viewer=seat)))
    return " ".join(console.export_text().split())


def _asked(key: str, lang: str, seat: int, names: list[str] = NAMES, active: int = 0) -> str:
    said = Renderer(lang, names, viewer=seat)(Message(f"siedler.terminal.{key}", player=Player(active)))
    return " ".join(said.split())


def _wood_for_stone():
    """Ann offers everyone 1 wood for 1 stone: Bob holds stone, Di none."""
    s = main_phase(start())
    s = set_hand(s, 0, wood=2)
    s = set_hand(s, 1, stone=3)
    s = set_hand(s, 3, grain=1)
    offer(s, 0, ["wood"], ["stone"], to=-1)
    return s


@pytest.mark.parametrize("lang", LANGS)
def test_who_cannot_pay_is_not_asked_to_accept(lang: str) -> None:
    s = _wood_for_stone()
    assert "accept" in legal_types(s, 1) and "accept" not in legal_types(s, 3)
    bob, di = _text(s.view(1), 1, lang), _text(s.view(3), 3, lang)
    assert _asked("ask.respond", lang, 1) in bob
    assert _asked("ask.respond_no_accept", lang, 3) in di
    assert _asked("ask.respond", lang, 3) not in di
    assert _asked("ask.respond", lang, 3) != _asked("ask.respond_no_accept", lang, 3)


def test_the_english_words_offer_what_the_engine_offers() -> None:
    di = _text(_wood_for_stone().view(3), 3)
    assert "Your decision: answer Ann's trade offer: decline or make a counter-offer" in di, di


def test_along_random_games_the_words_offer_accept_exactly_when_it_is_legal() -> None:
    rng = random.Random(4)
    seen = {True: 0, False: 0}
    for _ in range(40):
        s = reichsstadt.game("siedler").new(3, rng.randrange(1 << 30))
        names = NAMES[:3]
        for _, p in decisions(s, rng):
            if min(seen.values()) >= 3:
                break
            v = s.view(p)
            if v["phase"] == "respond" and v["table"]["offer"]["answers"][p] == "pending":
                can = any(a.type == "accept" for a in s.legal(p))
                active = v["table"]["active"]
                text = _text(v, p, names=names)
                assert _asked("ask.respond" if can else "ask.respond_no_accept", "en", p, names, active) in text, text
                seen[can] += 1
        if min(seen.values()) >= 3:
            break
    assert min(seen.values()) >= 3, seen
