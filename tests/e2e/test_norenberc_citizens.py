"""What Norenberc's citizens do (found in a browser review: the guide only sorted them into
star, moon and sun, and a room's tooltip gave a citizen's price, never its effect, so a
newcomer could not know what hiring a Thief or a Guard does). The How to play guide has a
line per citizen ("Citadins"), in the game's own name for it in each language, and a
citizen's tooltip on the board ends with that line. The rulebook's section titles, quoted
from the French edition for readers without their own, are labelled as the French
rulebook's ("French rulebook: Présentation"), not shown as untranslated words."""

from __future__ import annotations

from typing import Any

import pytest

import reichsstadt
from reichsstadt.core import Message
from reichsstadt.games.norenberc import constants as c
from reichsstadt.i18n import render
from reichsstadt.terminal.guide import read_guide
from tests.server.process import Server

from .conftest import BROWSER, Pages
from .newcomer import open_as, person_at

pytestmark = BROWSER

CITIZENS = [k for k in c.TILE_KIND_KEYS if k != "artisan"]
LANGS = ("en", "de", "it", "fr", "ru")
# the rulebook line under a section: the French edition named where the reader has none
LABEL = {"en": "French rulebook: ", "de": "Französische Spielregel: ", "it": "Regolamento: ",
         "fr": "Règle du jeu\u00a0: ", "ru": "Правила: "}


def citizen_lines() -> list[dict[str, Any]]:
    sections = read_guide("norenberc")["sections"]
    section = next(s for s in sections if s["title"]["id"] == "norenberc.guide.citizens.title")
    return [m for b in section["blocks"] for m in b.get("list", []) if m["id"] == "norenberc.guide.citizen"]


def name(kind: str, lang: str) -> str:
    return render(Message(f"norenberc.citizen.{kind}"), lang)


def test_every_citizen_has_a_line_and_its_figures_are_the_rules() -> None:
    lines = citizen_lines()
    assert [m["args"]["name"]["id"].rsplit(".", 1)[1] for m in lines] == CITIZENS
    figures = {m["args"]["name"]["id"].rsplit(".", 1)[1]: m["args"]["effect"].get("args", {}) for m in lines}
    comp = reichsstadt.game("norenberc").new(4, 1).components
    assert figures["councillor"]["most"] == comp.agents_max
    assert figures["thief"]["count"] == c.STEAL_LIMIT
    assert figures["peddler"]["worth"] == comp.peddler_worth


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_says_what_each_citizen_does_in_every_language(server: Server, pages: Pages, lang: str) -> None:
    page = pages.new(lang)
    page.goto(server.base + "/")
    page.evaluate("(lang) => localStorage.setItem('rs.lang', lang)", lang)
    page.goto(server.base + "/")
    page.click(".game-card[data-game=norenberc] button.guide-open")
    page.wait_for_selector("dialog.guide .guide-section")
    sections = page.locator("dialog.guide .guide-section")
    title = render(Message("norenberc.guide.citizens.title"), lang)
    citizens = sections.filter(has=page.locator("h3", has_text=title))
    said = citizens.locator("li").all_inner_texts()
    for kind in CITIZENS:
        line = next((x for x in said if x.startswith(name(kind, lang) + ("\u00a0: " if lang == "fr" else ": "))), None)
        assert line and len(line) > len(name(kind, lang)) + 30, f"{lang}: no line for {kind} in {said}"
    assert "⟨" not in citizens.inner_text()
    rules = page.locator("dialog.guide .guide-section p.rules").all_inner_texts()
    assert rules and all(r.startswith(LABEL[lang]) for r in rules), rules
    if lang in ("en", "de"):
        assert any("Présentation" in r for r in rules)  # the French edition's titles, said to be its


def test_a_citizens_tooltip_ends_with_what_it_does(server: Server, pages: Pages) -> None:
    page = pages.new()
    seen = 0
    for _ in range(4):  # the rooms are dealt at random: tables until a citizen is a guest
        made = person_at(server.base, "norenberc", ["random", "random", "random"])
        open_as(page, server.base, made)
        page.wait_for_selector(".board svg .piece")
        titles = page.evaluate("() => [...document.querySelectorAll('.board svg title')].map((t) => t.textContent)")
        for kind in CITIZENS:
            rooms = [x for x in titles if x.split("\n")[0].endswith(f": {name(kind, 'en')}")
                     or f": {name(kind, 'en')} (" in x.split("\n")[0]]
            for tip in rooms:
                assert tip.split("\n")[-1].startswith(f"{name(kind, 'en')}: "), tip
                seen += 1
        if seen:
            break
    assert seen, "no citizen among the guests of four tables"
