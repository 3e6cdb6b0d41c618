"""The game's German names (Kostenloser Lehm, Wegezoll, Raubritter and its Burg, the
Hauptmarkt, the Bauhof, the council cards, the Markgraf's card) stay German in every
language: they are the game's proper names. A reader of English, French, Italian or
Russian meets each with a short gloss in brackets (`siedler.gloss.*`: "Wegezoll (road
toll)"), in the board's tooltips and in the guide; a German reader sees the name alone
(the newcomer's browser review, L11)."""

from __future__ import annotations

import re

import pytest

from reichsstadt.core import Message
from reichsstadt.i18n import render
from reichsstadt.terminal.guide import read_guide

from ..terminal.test_terminal_guide import messages

NAMES = {"siebenerrat": "Siebenerrat", "kleiner_rat": "Kleiner Rat", "grosser_rat": "Großer Rat",
         "lehm": "Kostenloser Lehm", "wegezoll": "Wegezoll", "raubritter": "Raubritter",
         "raubritterburg": "Raubritterburg", "markgraf": "Der Markgraf greift ein", "hauptmarkt": "Hauptmarkt",
         "bauhof": "Bauhof"}
GLOSSED = ("en", "fr", "it", "ru")


@pytest.mark.parametrize("lang", GLOSSED)
def test_each_german_name_has_a_gloss_in_brackets_beside_it(lang: str) -> None:
    for key, name in NAMES.items():
        said = render(Message(f"siedler.gloss.{key}"), lang)
        # the name, and beside it a gloss in brackets (or the name in brackets after a translation)
        assert re.fullmatch(rf"{re.escape(name)} \([^()]+\)|[^()]+ \({re.escape(name)}\)", said), (lang, said)


def test_a_german_reader_sees_the_names_alone() -> None:
    for key, name in NAMES.items():
        assert render(Message(f"siedler.gloss.{key}"), "de") == name


def _guide(lang: str) -> str:
    guide = read_guide("siedler")
    return "\n".join(render(Message.from_json(m), lang) for m in messages(guide))


@pytest.mark.parametrize("lang", GLOSSED)
def test_every_german_name_in_the_guide_comes_with_its_gloss(lang: str) -> None:
    """Each time the guide names one, in brackets after it or as the bracket after its
    translation (a Russian translation declined as the sentence needs)."""
    text = _guide(lang)
    bare = []
    for name in NAMES.values():
        found = list(re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text))
        assert found, (lang, name)
        for m in found:
            after = text.startswith(" (", m.end())
            inside = text[m.start() - 1:m.start()] == "(" and text.startswith(")", m.end())
            if not (after or inside):
                bare.append(text[max(0, m.start() - 30):m.end() + 30])
    assert not bare, (lang, bare)
    # the same gloss as the board's tooltips where the language does not decline it
    if lang != "ru":
        for key in ("lehm", "wegezoll", "siebenerrat", "kleiner_rat", "grosser_rat", "bauhof"):
            gloss = render(Message(f"siedler.gloss.{key}"), lang)
            assert gloss in text, (lang, gloss)
