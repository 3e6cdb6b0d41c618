"""The terminal's `h` lists Siedler's pieces by their German names (Wegezoll, Hauptmarkt,
Bauhof, the council cards...) with the gloss the browser's tooltips give them
(`siedler.gloss.*`: "Wegezoll (road toll)"), in English, French, Italian and Russian; a
German reader sees the names as the glossary gives them, without a gloss."""

from __future__ import annotations

from pathlib import Path

import pytest

import reichsstadt
from reichsstadt.core import Message
from reichsstadt.i18n import render

from .helpers import run, table

GLOSSED = ("siebenerrat", "kleiner_rat", "grosser_rat", "lehm", "wegezoll", "raubritter", "raubritterburg",
           "markgraf", "hauptmarkt", "bauhof")


def help_text(lang: str, tmp_path: Path) -> str:
    s = table(["h"] + [""] * 40 + ["q"], tmp_path, game="siedler", players=3, lang=lang)
    run(s)
    return " ".join(s.text.split())


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@pytest.mark.parametrize("lang", ["en", "fr", "it", "ru"])
def test_each_german_name_in_the_glossary_has_its_gloss(lang: str, tmp_path: Path) -> None:
    text = help_text(lang, tmp_path)
    glosses = [capital(render(Message(f"siedler.gloss.{key}"), lang)) for key in GLOSSED]
    assert all("(" in g for g in glosses), glosses
    missing = [g for g in glosses if f"{g} — " not in text]   # a list: a long text's diff takes minutes
    assert not missing and "⟨" not in text, (lang, missing)


def test_a_german_reader_sees_the_glossarys_own_names(tmp_path: Path) -> None:
    text = help_text("de", tmp_path)
    names = [f"{capital(render(name, 'de'))} — " for name, _ in reichsstadt.game("siedler").glossary()]
    # the card and the piece keep the glossary's own words for them, not the bare gloss
    names += ["Raubritter (Karte) — ", "Raubritter (Figur) — ", "Wegezoll — ", "Bauhof — ", "Siebenerrat — "]
    missing = [n for n in names if n not in text]
    assert not missing, missing


def test_names_without_a_gloss_are_as_the_glossary_gives_them(tmp_path: Path) -> None:
    text = help_text("en", tmp_path)
    missing = [n for n in ("Robber knight — ", "Workshop — ", "Frankfurt — ", "Compasses — ") if n not in text]
    assert not missing, missing
