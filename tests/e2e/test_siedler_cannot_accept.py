"""A bot's offer the person cannot afford (they lack cards it asks for): the trade panel
showed Decline and Counter and no word on why Accept was missing (the newcomer's review).
It now says why, above the buttons, in the person's language, naming the cards as the
game's catalog does: "You cannot accept: you have 0 of the 2 wool asked for"; and "Your
decision" no longer asks them to "accept, decline or make a counter-offer", only to decline
or make a counter-offer. An offer the person can accept shows Accept and no such line.
Positions of random games drawn in Debian's Chromium (tests/e2e/drawing.py)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from reichsstadt.core import Message, Player, State, game
from tests.walk import decisions
from reichsstadt.i18n import render
from tests.server.process import Server

from .conftest import BROWSER
from .drawing import INSTALL, table_data
from .positions import seat_message

pytestmark = BROWSER
LANGS = ["en", "de", "fr", "it", "ru"]
RESOURCES = ["wood", "wool", "grain", "brick", "stone", "gold"]


def answering(want_short: bool, seed: int = 1) -> tuple[dict[str, Any], dict[str, int]]:
    """A seat asked to answer another's offer along random games of 3 players, the offer
    asking for one kind of card the seat lacks (`want_short`) or one it can give: its state
    message, and what it lacks (kind -> how many it holds)."""
    rng = random.Random(seed)
    for _ in range(200):
        s: State = game("siedler").new(3, rng.randrange(1 << 30))
        for _, p in decisions(s, rng):
            v = s.view(p)
            if v["phase"] == "respond" and v["table"]["offer"]["answers"][p] == "pending":
                me = v["seats"][p]
                held = {x: me["gold"] if x == "gold" else me["hand"][x] for x in RESOURCES}
                want = v["table"]["offer"]["want"]
                short = {x: held[x] for x in RESOURCES if want[x] > held[x]}
                if (len(short) == 1) if want_short else not short:
                    return seat_message(s, p), short
    raise AssertionError("no such offer in 200 random games")


# the position drawn in each language: the trade panel's line of why, and its buttons; then
# the maps panned to their right end (on a phone): the prompt's and the trade lines' edges
DRAW = """async ([pos, data, langs]) => {
  const i18n = await import('/static/i18n.js');
  const page = window.tablePage();
  const out = {};
  for (const lang of langs) {
    await i18n.load(lang);
    await window.drawPosition(page, pos, 'siedler', data, ['Ann', 'Bo', 'Cy']);
    const trade = page.querySelector('.sdl-trade');
    const line = trade.querySelector('.sdl-cannot');
    out[lang] = { line: line ? line.textContent : null,
      before: line ? Boolean(line.compareDocumentPosition(trade.querySelector('[data-move=decline]')) & 4) : null,
      moves: [...trade.querySelectorAll('[data-move]')].map((b) => b.getAttribute('data-move')),
      prompt: page.querySelector('.sdl-prompt').textContent };
  }
  await i18n.load('en');
  await window.drawPosition(page, pos, 'siedler', data, ['Ann', 'Bo', 'Cy']);
  const maps = page.querySelector('.sdl-boards');
  maps.scrollLeft = maps.scrollWidth;
  out.edges = [...page.querySelectorAll('.sdl-prompt, .sdl-offer, .sdl-cannot, .sdl-trade [data-move]')].map((e) => {
    const r = e.getBoundingClientRect();
    return [e.className, Math.round(r.left), Math.round(r.right)];
  });
  out.screen = document.documentElement.clientWidth;
  out.panned = maps.scrollLeft;
  return out;
}"""


def asked(lang: str, pos: dict[str, Any], key: str) -> str:
    """What "Your decision" asks, as the catalogs say it (the active player by name)."""
    said = Message(f"siedler.terminal.ask.{key}", player=Player(pos["view"]["table"]["active"]))
    return render(said, lang, names=["Ann", "Bo", "Cy"], viewer=pos["seat"], sentence=True)


def expected(lang: str, pos: dict[str, Any], short: dict[str, int]) -> str:
    """The line as the catalogs say it (rendered by Python: the same messages)."""
    want = pos["view"]["table"]["offer"]["want"]
    lacks = [Message("siedler.cannot_accept.short", have=n, asked=Message(f"siedler.count.{x}", count=want[x]))
             for x, n in short.items()]
    text = render(Message("siedler.cannot_accept", short=lacks), lang)
    return text[0].upper() + text[1:]


@pytest.mark.parametrize("size", [{"width": 1280, "height": 900}, {"width": 390, "height": 844}])
def test_an_offer_the_person_cannot_afford_says_why_there_is_no_accept(size: dict[str, int], server: Server,
                                                                        chromium: Any, tmp_path: Path) -> None:
    pos, short = answering(want_short=True)
    assert not any(m["action"]["type"] == "accept" for m in pos["legal"]), "the engine offers no Accept"
    context = chromium.new_context(viewport=size)
    problems: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        page.goto(server.base + "/")
        page.wait_for_selector(".lobby .game-card")
        page.evaluate(INSTALL)
        got = page.evaluate(DRAW, [pos, table_data("siedler"), LANGS])
        page.screenshot(path=str(tmp_path / f"cannot-accept-{size['width']}.png"), full_page=True)
        for lang in LANGS:
            assert got[lang]["line"] == expected(lang, pos, short), (lang, got[lang])
            assert got[lang]["before"], f"{lang}: the line stands above Decline"
            assert "accept" not in got[lang]["moves"] and "decline" in got[lang]["moves"], got[lang]
            # "Your decision" offers no Accept either: decline or make a counter-offer
            assert got[lang]["prompt"].endswith(asked(lang, pos, "respond_no_accept")), (lang, got[lang]["prompt"])
        assert got["en"]["prompt"].endswith(": decline or make a counter-offer"), got["en"]["prompt"]
        # the maps panned to their right end (a phone's only): the prompt and the trade lines stay on the screen
        assert (got["panned"] > 0) == (size["width"] < 800), got["panned"]
        off = [e for e in got["edges"] if e[1] < 0 or e[2] > got["screen"]]
        assert len(got["edges"]) >= 4 and not off, off
        assert not problems, problems
    finally:
        context.close()


def test_an_offer_the_person_can_accept_has_accept_and_no_such_line(server: Server, chromium: Any) -> None:
    pos, short = answering(want_short=False)
    assert not short and any(m["action"]["type"] == "accept" for m in pos["legal"])
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        page.wait_for_selector(".lobby .game-card")
        page.evaluate(INSTALL)
        got = page.evaluate(DRAW, [pos, table_data("siedler"), ["en"]])
        assert got["en"]["line"] is None and "accept" in got["en"]["moves"], got
        assert got["en"]["prompt"].endswith(asked("en", pos, "respond")), got
        assert "accept, decline or make a counter-offer" in got["en"]["prompt"], got
    finally:
        context.close()
