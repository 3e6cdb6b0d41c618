"""A data file's refusals read alike, whatever is wrong and wherever the file is loaded:
each names the file as the owner gave it ("data file 'mine.json'", as a file that is not
JSON is named; "the uploaded file" for contents sent without a name), names the entry the
owner can change, with the value the file gives, and names both entries, each with its
value, where two do not agree. Found by the research review (L4): "norenberc components:
start_money: is missing" beside "data file 'n_badjson.json' is not valid JSON"; a
`members_per_colour` of 1 blamed on `members_by_players.3`; Siedler's `wall.pieces: -1`
refused without the -1; a terrain's `hex` never checked."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any, Callable

import pytest

import reichsstadt
from reichsstadt.core import Message
from reichsstadt.core.errors import DataFileError

from tests.cli.clihelpers import run
from tests.i18n.test_data_refusals import _set
from tests.server.helpers import serve

DATA = {"norenberc": ("components", "components.json"), "siedler": ("map", "map.json"),
        "colonia": ("components", "components.json")}
PLAYERS = {"norenberc": 3, "siedler": 3, "colonia": 3}


def bundled(game: str) -> dict[str, Any]:
    text = resources.files(f"reichsstadt.games.{game}").joinpath(DATA[game][1]).read_text("utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


def changed(game: str, change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    raw = copy.deepcopy(bundled(game))
    change(raw)
    return raw


def refusal(game: str, given: Any) -> str:
    """The English line a game refuses `given` (a path or the parsed contents) with."""
    with pytest.raises(DataFileError) as got:
        reichsstadt.game(game).new(PLAYERS[game], 0, {DATA[game][0]: given})
    return str(got.value)


MISSING = {"norenberc": "start_money", "siedler": "beginner", "colonia": "weeks"}
"""A part each game's file must have: deleted, the file is refused naming it."""


@pytest.mark.parametrize("game", sorted(DATA))
def test_a_refusal_of_a_files_parts_names_the_file_as_a_refusal_of_its_json_does(game: str, tmp_path: Path) -> None:
    key = MISSING[game]
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(changed(game, lambda raw: raw.pop(key))), encoding="utf-8")
    assert refusal(game, str(mine)) == f"data file '{mine}': {key}: is missing"
    mine.write_text('{"format": 1,}', encoding="utf-8")
    assert refusal(game, str(mine)).startswith(f"data file '{mine}' is not valid JSON")
    # the same contents sent without a name (the lobby's upload, a record's copy)
    assert refusal(game, changed(game, lambda raw: raw.pop(key))) == f"the uploaded file: {key}: is missing"


def test_every_command_that_loads_a_file_names_it_as_given(tmp_path: Path) -> None:
    """`data --check`, `simulate`, `tournament`, `play` and `board`: one line, the file as
    typed (relative here), the entry, the rule and the value."""
    (tmp_path / "wall.json").write_text(json.dumps(changed("siedler", _set("wall.pieces", -1))), encoding="utf-8")
    (tmp_path / "members.json").write_text(json.dumps(changed("colonia", _set("members_per_colour", 1))),
                                           encoding="utf-8")
    wall = "Error: data file 'wall.json': wall.pieces: the box has 26 wall pieces (0.), not -1"
    members = "Error: data file 'members.json': members_per_colour (1) is too few for members_by_players.3 (38)"
    for args, said in (
        (("data", "siedler", "--check", "wall.json"), wall),
        (("board", "siedler", "--svg", "board.svg", "--map", "wall.json"), wall),
        (("tournament", "siedler", "--bots", "random,random,random", "-n", "3", "--map", "wall.json",
          "--out", "run"), wall),
        (("simulate", "colonia", "-n", "1", "--components", "members.json"), members),
        (("play", "colonia", "--components", "members.json"), members),
    ):
        out = run(*args, cwd=tmp_path, env={"LANG": "en_US.UTF-8", "LANGUAGE": "", "LC_ALL": ""})
        assert out.returncode == 2 and out.stdout.strip() == said, (args, out.stdout, out.stderr)
    assert not (tmp_path / "run").exists() and not (tmp_path / "board.svg").exists()


def test_a_file_that_loads_plays_a_tournament_that_writes_its_settings(tmp_path: Path) -> None:
    """The file read remembers its name, and is still a dict to every copy made of it (the
    tournament's settings are written with dataclasses.asdict, which rebuilds each dict)."""
    (tmp_path / "mine.json").write_text(json.dumps(bundled("colonia")), encoding="utf-8")
    out = run("tournament", "colonia", "--bots", "random,random,random", "-n", "3", "--components", "mine.json",
              "--out", "run", cwd=tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
    assert (tmp_path / "run" / "results.json").exists()


def test_a_file_uploaded_to_the_lobby_is_the_uploaded_file(tmp_path: Path) -> None:
    with serve(tmp_path) as c:
        r = c.post("/api/tables", json={"game": "colonia", "players": 3, "seats": ["random"] * 3,
                                         "options": {"components": changed("colonia", _set("materials_per_type", 1))}})
        assert r.status_code == 400, r.text
        assert r.json()["error"]["args"]["reason"]["args"]["file"] == Message("data.file.uploaded").to_json()
        assert r.json()["text"] == ("refused: the uploaded file: materials_per_type (1) puts 5 "
                                    "materials in the bag, too few for start.materials (4) for each of 6 players (24)")


def _drop_wegezoll_road(raw: dict[str, Any]) -> None:
    next(e for e in raw["events"] if e["event"] == "wegezoll")["road"] = "VI"


DISAGREE = {   # two entries that do not agree: both named, each with its value
    "members": ("colonia", _set("members_per_colour", 1),
                "members_per_colour (1) is too few for members_by_players.3 (38)"),
    "members, the other way": ("colonia", _set("members_by_players.5", 39),
                               "members_per_colour (38) is too few for members_by_players.5 (39)"),
    "the bag": ("colonia", _set("materials_per_type", 1),
                "materials_per_type (1) puts 5 materials in the bag, too few for start.materials (4) for each of 6 "
                "players (24)"),
    "contract fields": ("colonia", _set("contract_fields", 1),
                        "contract_fields (1) is too few for week_cards[0].contracts[1] (2)"),
    "extra relic places": ("colonia", _set("extra_relic_places", 0),
                           "extra_relic_places (0) is too few for ordinances[15].count (2)"),
    "agents": ("norenberc", _set("agents_max", 3), "agents_max (3) is too few for agents_start (4)"),
    "citizens kept": ("norenberc", _set("citizens_kept.4", 27),
                      "citizens lists 26 citizens, too few for citizens_kept.4 (27)"),
    "a settlement beyond its road": ("siedler", _set("beginner.1.settlements.0.index", 12),
                                     "beginner[red].settlements: index 12 is not on road II: roads[II].intersections "
                                     "lists 10 intersections, counted from 0"),
}


@pytest.mark.parametrize("case", sorted(DISAGREE))
def test_two_entries_that_do_not_agree_are_both_named_with_their_values(case: str) -> None:
    game, change, said = DISAGREE[case]
    assert refusal(game, changed(game, change)) == f"the uploaded file: {said}"


VALUES = {   # a value the rule refuses, said
    "wall pieces": ("siedler", _set("wall.pieces", -1), "wall.pieces: the box has 26 wall pieces (0.), not -1"),
    "a relic's price": ("colonia", _set("relics.prices.0", -1),
                        "relics.prices[0]: must be a whole number from 0 to 1000, not -1"),
    "a stall": ("colonia", _set("week_cards.0.stalls.0", 0),
                "week_cards[0].stalls[0]: must be a number of materials from 1 to 10, not 0"),
    "a contract": ("colonia", _set("week_cards.0.contracts.0", 21),
                   "week_cards[0].contracts[0]: must be a number from 0 to 20, not 21"),
    "a hold": ("colonia", _set("ships.0.holds.0.goods", ["gold"]),
               "ships[0].holds[0].goods: must name 1 to 3 goods of the 'goods' list, not ['gold']"),
    "a city twice": ("colonia", lambda raw: raw["cities"][1].update(city=raw["cities"][0]["city"]),
                     "cities: city names must be different: 'Bergen' is there twice"),
    "the port": ("colonia", _set("port_places", 5), "port_places: must be 4, not 5"),
    "ways to pay": ("norenberc", _set("rooms.0", []), "rooms[0]: must list 1 or 2 ways to pay, not []"),
    "a way to pay": ("norenberc", _set("rooms.0.0", 2),
                     "rooms[0][0]: must be [goods of the guild, goods of any type], not 2"),
    "a guild that is no object": ("norenberc", _set("guilds.0", 3), "guilds[0]: must be an object, not int 3"),
    "the reshuffle": ("siedler", _set("time_track.reshuffle", [1370]),
                      "time_track.reshuffle: the red spaces are 1370 and 1385 (6.4), not [1370]"),
    "a Wegezoll card's road": ("siedler", _drop_wegezoll_road,
                               "a Wegezoll card names one of the five roads (8.4), not 'VI'"),
    "a star too many": ("siedler", lambda raw: raw["beginner"][0]["settlements"][1].update(star=True),
                        "beginner[white]: exactly one settlement carries the star (3.), not 2"),
    "two Hauptmarkts": ("siedler", lambda raw: next(x for x in raw["city"]["sectors"] if x["kind"] == "bauhof")
                        .update(kind="hauptmarkt"), "city.sectors: needs one Hauptmarkt (5.2.1), not 2"),
}


@pytest.mark.parametrize("case", sorted(VALUES))
def test_a_refused_value_is_said(case: str) -> None:
    game, change, said = VALUES[case]
    assert refusal(game, changed(game, change)).endswith(said)


HEXES = {   # a terrain's place on the grid: there, well formed, its own, where its centre is
    "no hex": (lambda raw: raw["terrains"][0].pop("hex"), "terrains[0].hex: is missing"),
    "not a place": (_set("terrains.0.hex", [1]),
                    "terrains[0].hex: must be [row, column], two whole numbers from 0 to 40, not [1]"),
    "a fraction": (_set("terrains.0.hex", [0, 0.5]),
                   "terrains[0].hex: must be [row, column], two whole numbers from 0 to 40, not [0, 0.5]"),
    "two on one place": (_set("terrains.1.hex", [0, 0]),
                         "terrains[1].hex: [0, 0] is already the place of terrains[0].hex: each terrain is a hex "
                         "of its own (1.2)"),
    "away from its centre": (_set("terrains.0.hex", [6, 3]),
                             "terrains[0].hex ([6, 3]) is not where terrains[0].xy ([0.0, 0.0]) is: that hex's "
                             "centre is [5.1962, 9.0] (odd rows lie half a hex to the right)"),
}


@pytest.mark.parametrize("case", sorted(HEXES))
def test_a_terrains_hex_is_checked(case: str) -> None:
    change, said = HEXES[case]
    assert refusal("siedler", changed("siedler", change)) == f"the uploaded file: {said}"


def test_every_shipped_terrain_lies_at_its_hex() -> None:
    """The bundled map passes (each hex is [row, column], odd rows shifted), and a terrain
    moved with its hex is a map of one's own that plays."""
    raw = bundled("siedler")
    a, b = raw["terrains"][0], raw["terrains"][1]
    a["xy"], b["xy"], a["hex"], b["hex"] = b["xy"], a["xy"], b["hex"], a["hex"]
    assert reichsstadt.game("siedler").new(3, 0, {"map": raw}).components.raw["terrains"][0]["hex"] == [0, 1]
