"""The glossary (issue 7's help, `h`): every ordinance, the week card, relics, ships,
craftsmen, materials, goods, cities and currencies of the components file, the town hall,
market, port, shrines, church windows and family cards, each a name and one sentence
from the catalog, in the order a newcomer meets them, with the file's numbers."""

from __future__ import annotations

import copy
import re

import reichsstadt
from reichsstadt.core.datafile import load_packaged_json
from reichsstadt.core.messages import Message
from reichsstadt.games.colonia.data import load
from reichsstadt.games.colonia.present import (
    city_name, craftsman_name, currency_name, glossary, good_name, material_name, ordinance_words,
)
from reichsstadt.i18n import catalog, render

GAME = reichsstadt.game("colonia")
RAW = load_packaged_json("reichsstadt.games.colonia", "components.json")
PIECES = ("goal", "members", "screen", "street_fields", "week", "week_card", "family_cards", "town_hall", "mayor",
          "vote_cards", "ordinances", "market", "bag", "craftsmen", "contract_fields", "extra_contract_die", "port",
          "ships", "hold", "relics", "shrine", "securing", "extra_relic_places", "windows", "end", "die")


def _entries():
    out = GAME.glossary()
    assert all(isinstance(n, Message) and isinstance(s, Message) for n, s in out)
    return out


def test_every_component_of_the_components_file_has_its_entry() -> None:
    comp = load(None)
    names = [n for n, _ in _entries()]
    for kind, keys, name in (("materials", RAW["materials"], material_name), ("goods", RAW["goods"], good_name),
                             ("craftsmen", [c["name"] for c in RAW["craftsmen"]], craftsman_name),
                             ("cities", [c["city"] for c in RAW["cities"]], city_name),
                             ("currencies", [c["currency"] for c in RAW["cities"]], currency_name)):
        for key in keys:
            assert name(key) in names, (kind, key)
    for od in comp.ordinances:  # every ordinance card, by the words the board shows for it
        shown = ordinance_words(od.effect, od.amount, comp.craftsmen[od.craftsman] if od.craftsman >= 0 else None,
                                ("tuesday", "wednesday", "thursday", "friday")[od.street] if od.street >= 0 else None)
        assert shown in names, od
    said = [s.id for _, s in _entries()]
    for piece in PIECES:
        assert f"colonia.glossary.{piece}" in said, piece
    assert len(names) == len(set(names))  # no piece twice


def test_each_entry_is_a_name_and_one_sentence_with_no_missing_id() -> None:
    english = catalog("en").messages
    for name, sentence in _entries():
        assert name.id in english and sentence.id in english
        n, s = render(name), render(sentence)
        assert n and "⟨" not in n and "{" not in n
        assert "⟨" not in s and "{" not in s and s.endswith("."), s
        assert re.sub(r"\(p\. [^)]*\)", "", s).count(". ") == 0, s  # one sentence (a page cited aside)
        assert 30 < len(s) < 320, s
        assert "(p. " in s  # where the rulebook says it


def test_the_entries_follow_a_newcomers_order() -> None:
    ids = [s.id for _, s in _entries()]
    order = ["colonia.glossary.goal", "colonia.glossary.members", "colonia.glossary.street_fields",
             "colonia.glossary.week_card", "colonia.glossary.family_cards", "colonia.glossary.town_hall",
             "colonia.glossary.ordinances", "colonia.glossary.ordinance.more_per_stall", "colonia.glossary.market",
             "colonia.glossary.material", "colonia.glossary.craftsman", "colonia.glossary.good",
             "colonia.glossary.port", "colonia.glossary.hold", "colonia.glossary.city", "colonia.glossary.currency",
             "colonia.glossary.relics", "colonia.glossary.shrine", "colonia.glossary.windows", "colonia.glossary.end"]
    assert [ids.index(i) for i in order] == sorted(ids.index(i) for i in order)


def test_the_numbers_come_from_the_components_file() -> None:
    said = {s.id: render(s) for _, s in _entries()}
    assert "38 with 3 players, 30 with 4 players, 25 with 5 players, 21 with 6 players" in render(
        next(s for _, s in _entries() if s.id == "colonia.glossary.members"))
    assert "(2 cards)" in said["colonia.glossary.ordinance.more_per_stall"]
    assert "worth 2 points" in said["colonia.glossary.windows"]
    saddler = next(render(s) for n, s in _entries() if n == craftsman_name("saddler"))
    assert "leather and iron into a saddle" in saddler
    raw = copy.deepcopy(RAW)
    raw["church_windows"]["points"] = 3
    raw["relics"]["shrine_price"] = 11
    from reichsstadt.games.colonia.data import load as load_file

    own = {s.id: render(s) for _, s in glossary(load_file(raw))}
    assert "worth 3 points" in own["colonia.glossary.windows"] and "price 11" in own["colonia.glossary.shrine"]


def test_the_help_lists_the_glossary(tmp_path) -> None:
    from tests.terminal.helpers import run, table

    commands = ["h", "q"]

    def answer(prompt: str, _table) -> str | None:
        if prompt.startswith("Enter:"):
            return ""
        return commands.pop(0) if commands else None

    session = table(answer, tmp_path, game="colonia", players=3, seats=["human", "random", "random"], seed=2)
    run(session)
    assert "Church windows — At the end each city's window" in session.text
    assert "The saddler fulfils 2 additional contracts — Voted on Thursday (1 card)" in session.text
