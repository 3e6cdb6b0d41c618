"""How to play (issue 19): each game's guide (the goal, a turn or a round, costs and
prices, scoring, the rulebook's sections) is one file, the game's `guide.json`, which the
browser's "How to play" panel and the terminal's `h` both show. Its figures are the
engines' own (a cost, a score, a price in the guide is the one the rules charge), and it
reads in every language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import reichsstadt
from reichsstadt.core import Message
from reichsstadt.i18n import render
from reichsstadt.terminal.guide import guide_renderables, read_guide
from reichsstadt.terminal.words import Words

from .helpers import run, table

GAMES = ("norenberc", "siedler", "colonia")
LANGS = ("en", "de", "it", "fr", "ru")


def messages(node: Any) -> list[dict[str, Any]]:
    """Every message in a guide (JSON), the nested ones too."""
    if isinstance(node, dict):
        own = [node] if "id" in node else []
        return own + [m for v in node.values() for m in messages(v)]
    if isinstance(node, list):
        return [m for v in node for m in messages(v)]
    return []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_word_of_a_guide_is_in_every_catalog(game: str, lang: str) -> None:
    guide = read_guide(game)
    assert guide is not None and len(guide["sections"]) >= 4
    for m in messages(guide):
        said = render(Message.from_json(m), lang)
        assert "⟨" not in said, f"{game} guide, {lang}: {said}"
    # every section says where in the rulebook it comes from
    assert all(section["rules"] for section in guide["sections"]), game


def _table(guide: dict[str, Any], title: str) -> list[list[Any]]:
    section = next(s for s in guide["sections"] if s["title"]["id"].endswith(title))
    return next(b["table"]["rows"] for b in section["blocks"] if "table" in b)


def _cost(cell: dict[str, Any]) -> dict[str, int]:
    return {part["id"].rsplit(".", 1)[1]: part["args"]["count"] for part in cell["sum"]}


def test_siedler_building_costs_are_the_rules_costs() -> None:
    """5.2.2: the costs card of the guide is what building charges (constants.COST_*)."""
    from reichsstadt.games.siedler import constants as c

    rows = {row[0]["id"].rsplit(".", 1)[1]: _cost(row[1]) for row in _table(read_guide("siedler"), "costs.title")}
    names = (*c.RESOURCES, "gold")  # a cost lists the five resources, then gold (constants.GOLD)
    assert names.index("gold") == c.GOLD

    def want(cost: tuple[int, ...]) -> dict[str, int]:
        return {names[i]: n for i, n in enumerate(cost) if n}

    assert rows == {"toll": want(c.COST_TOLL), "settlement": want(c.COST_SETTLEMENT), "workshop": want(c.COST_WORKSHOP),
                    "wall": want(c.COST_WALL), "tower": want(c.COST_TOWER)}
    goal = read_guide("siedler")["sections"][0]["blocks"][0]["text"]
    assert goal["args"]["target"] == c.TARGET_VP
    council = messages(read_guide("siedler"))
    vp = next(m for m in council if m["id"].endswith("vp.council"))["args"]
    assert (vp["first"], vp["second"], vp["third"]) == c.COUNCIL_VP
    at = next(m for m in council if m["id"] == "siedler.guide.council")["args"]
    assert (at["at"], at["lock"]) == (c.COUNCIL_AT, c.COUNCIL_LOCK)


def test_norenberc_hire_costs_and_scoring_are_the_rules() -> None:
    """"Embaucher": the rooms' prices; "Fin de la Partie": the scoring table."""
    from reichsstadt.games.norenberc import constants as c

    def form(cell: dict[str, Any]) -> list[list[int]]:
        if cell["id"] == "norenberc.guide.or":
            return form(cell["args"]["first"]) + form(cell["args"]["second"])
        if cell["id"] == "norenberc.price.with_any":
            return [[cell["args"]["goods"]["args"]["count"], cell["args"]["count"]]]
        return [[cell["args"]["count"], 0]]

    prices = [form(row[1]) for row in _table(read_guide("norenberc"), "prices.title")]
    view = reichsstadt.game("norenberc").new(4, 1).view(0)
    assert prices == view["table"]["room_prices"]
    said = {m["id"].rsplit(".", 1)[1]: m.get("args", {}) for m in messages(read_guide("norenberc"))}
    assert (said["majority"]["first"], said["majority"]["second"], said["majority"]["third"]) == c.MAJORITY
    assert (said["thirty"]["at"], said["thirty"]["vp"]) == (c.THIRTY, c.THIRTY_VP)
    assert said["all_types"]["vp"] == c.ALL_TYPES_VP
    assert (said["richest"]["vp"], said["richest"]["tied"]) == (c.RICHEST_VP, c.RICHEST_TIED_VP)
    crests = said["crests"]
    assert [crests[k] for k in ("three", "four", "five", "six", "seven")] == list(c.CREST_VP[3:8])
    assert said["buy"]["most"] == c.BUY_LIMIT
    assert said["goal"]["rounds"] == c.ROUNDS


def test_colonia_week_and_craftsmen_are_the_components() -> None:
    """p. 18: each craftsman's two materials and his good; p. 23: the windows' points."""
    comp = reichsstadt.game("colonia").new(4, 1).components
    rows = _table(read_guide("colonia"), "prices.title")
    for (craftsman, takes, makes), recipe, product, name in zip(rows, comp.recipes, comp.products, comp.craftsmen):
        assert craftsman["id"] == f"colonia.craftsman.{name}"
        assert [p["id"] for p in takes["sum"]] == [f"colonia.material.{comp.materials[i]}" for i in recipe]
        assert makes["id"] == f"colonia.good.{comp.goods[product].replace(' ', '_')}"
    said = {m["id"].rsplit(".", 1)[1]: m.get("args", {}) for m in messages(read_guide("colonia"))}
    assert said["goal"]["weeks"] == comp.weeks
    assert said["windows"]["points"] == comp.window_points
    assert (said["tuesday"]["least"], said["tuesday"]["most"]) == (min(comp.family_cards), max(comp.family_cards))


@pytest.mark.parametrize("game", GAMES)
def test_h_shows_how_to_play(game: str, tmp_path: Path) -> None:
    """The terminal's help has the guide: its sections in the reader's language."""
    s = table(["h"] + [""] * 40 + ["q"], tmp_path, game=game, players=3, lang="de")
    run(s)
    text = " ".join(s.text.split())
    words = Words("de", ["A", "B", "C"])
    guide = read_guide(game)
    assert guide is not None
    for section in guide["sections"]:
        assert words.say(Message.from_json(section["title"]), sentence=True) in text
    assert "Spielregel" in text


def test_the_guide_renders_in_rich_without_missing_words() -> None:
    from rich.console import Console

    console = Console(width=100, record=True, color_system=None)
    for game in GAMES:
        for r in guide_renderables(read_guide(game) or {}, Words("ru", ["A", "B", "C"])):
            console.print(r)
    assert "⟨" not in console.export_text()


@pytest.mark.parametrize("lang, one, more", [
    ("en", "Rulebook, page 17", "Rulebook, pages 14–22"), ("de", "Spielregel, Seite 17", "Spielregel, Seiten 14–22"),
    ("fr", "Règle du jeu, page 17", "Règle du jeu, pages 14–22"),
    ("it", "Regolamento, pagina 17", "Regolamento, pagine 14–22"),
    ("ru", "Правила, страница 17", "Правила, страницы 14–22")])
def test_one_page_of_the_rulebook_is_a_page_and_a_range_pages(lang: str, one: str, more: str) -> None:
    """Colonia's guide cites pages: one page is "page 17" (it read "pages 17"), a range or
    several pages keep the plural."""
    from rich.text import Text

    said = [r.plain for r in guide_renderables(read_guide("colonia") or {}, Words(lang, ["A", "B", "C"]))
            if isinstance(r, Text)]
    assert one in said and more in said and one.replace("17", "23") in said, said
    assert any(s.endswith(" 13, 14, 23") and s != one.replace("17", "13, 14, 23") for s in said), said


@pytest.mark.parametrize("lang, first", [
    ("ru", "Правила: Обзор игры, Конец игры"), ("it", "Regolamento: Introduzione, Fine del gioco"),
    ("fr", "Règle du jeu\u00a0: Présentation, Fin de la Partie"),
    ("de", "Französische Spielregel: Présentation, Fin de la Partie"),
    ("en", "French rulebook: Présentation, Fin de la Partie")])
def test_norenberc_cites_the_readers_own_rulebook_edition_or_names_the_one_it_quotes(lang: str, first: str) -> None:
    """Norenberc's rulebook has French, Italian and Russian editions, whose section titles
    differ: a reader of one of them is sent to their own edition's titles; a German or
    English reader gets the French titles with the edition named ("Französische Spielregel:
    Présentation", not "Spielregel: Présentation", as if the German rulebook said so).
    Siedler's section numbers stay as they are."""
    from rich.text import Text

    said = [r.plain for r in guide_renderables(read_guide("norenberc") or {}, Words(lang, ["A", "B", "C"]))
            if isinstance(r, Text)]
    lines = [s for s in said if "Présentation" in s or "Обзор" in s or "Introduzione" in s]
    assert lines == [first], said
    assert len([s for s in said if s.startswith(first.split(":")[0].split(" (")[0])]) == 6, said
    siedler = [r.plain for r in guide_renderables(read_guide("siedler") or {}, Words("de", ["A", "B", "C"]))
               if isinstance(r, Text)]
    assert "Spielregel: 5.2.2" in siedler, siedler
