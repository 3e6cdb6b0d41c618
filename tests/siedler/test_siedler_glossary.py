"""The glossary (issue 7's help, `h`): every terrain and resource, good, event card of the
map file, city, piece, the robber knight, the Bauhof, the council cards and the time
track, each a name and one sentence from the catalog, in the order a newcomer meets them."""

from __future__ import annotations

import json
from pathlib import Path

import reichsstadt
from reichsstadt.core.messages import Message
from reichsstadt.games.siedler.constants import COUNCIL_KEYS, GOODS, NAMED_ROAD_CITIES, TERRAIN_TYPES
from reichsstadt.games.siedler.present import city_name, council_name, good_name, terrain_type_name
from reichsstadt.i18n import catalog, render

GAME = reichsstadt.game("siedler")
MAP = json.loads((Path(reichsstadt.__file__).parent / "games" / "siedler" / "map.json").read_text("utf-8"))
PIECES = ("settlement", "toll", "workshop", "wall", "tower")


def _entries():
    out = GAME.glossary()
    assert all(isinstance(n, Message) and isinstance(s, Message) for n, s in out)
    return out


def test_every_event_kind_of_the_map_and_every_piece_has_an_entry():
    said = [s.id for _, s in _entries()]
    for kind in sorted({e["event"] for e in MAP["events"]}):
        assert f"siedler.glossary.event.{kind}" in said, kind
    for piece in PIECES:
        assert f"siedler.glossary.piece.{piece}" in said, piece
    for key in ("robber", "raubritterburg", "bauhof", "hauptmarkt", "time_track", "right_of_way", "gold",
                "prestige", "harvest_number", "victory_points", "trade_offer", "bank"):
        assert f"siedler.glossary.{key}" in said, key


def test_every_terrain_good_city_and_council_card_is_named_as_the_game_names_it():
    names = [n.id for n, _ in _entries()]
    for kind in TERRAIN_TYPES:
        assert terrain_type_name(kind).id in names
    for good in GOODS:
        assert good_name(good).id in names
    for city in NAMED_ROAD_CITIES.values():
        assert city_name(city).id in names
    for key in COUNCIL_KEYS:
        assert council_name(key).id in names
    assert len(names) == len(set(names))  # no piece twice


def test_each_entry_renders_a_name_and_one_sentence_with_no_missing_id():
    english = catalog("en").messages
    for name, sentence in _entries():
        assert name.id in english and sentence.id in english
        n, s = render(name), render(sentence)
        assert n and "⟨" not in n and "{" not in n
        assert "⟨" not in s and "{" not in s and s.endswith(".")
        assert s.count(". ") == 0, s  # one sentence
        assert 30 < len(s) < 320, s


def test_the_entries_follow_a_newcomers_order_and_the_maps_numbers():
    ids = [s.id for _, s in _entries()]
    order = ["siedler.glossary.victory_points", "siedler.glossary.piece.settlement", "siedler.glossary.terrain.forest",
             "siedler.glossary.event.none", "siedler.glossary.event.raubritter", "siedler.glossary.robber",
             "siedler.glossary.bank", "siedler.glossary.good", "siedler.glossary.piece.workshop",
             "siedler.glossary.piece.wall", "siedler.glossary.council.siebenerrat"]
    assert [ids.index(i) for i in order] == sorted(ids.index(i) for i in order)
    said = {s.id: render(s) for _, s in _entries()}
    lehm = sum(e["count"] for e in MAP["events"] if e["event"] == "lehm")
    assert f"({lehm} cards)" in said["siedler.glossary.event.lehm"]
    assert "1370 and 1385" in said["siedler.glossary.time_track"]
    zirkel = render(next(s for n, s in _entries() if n.id == good_name("Zirkel").id))
    assert "1 wood, 1 stone" in zirkel and "Frankfurt for 3 gold" in zirkel
