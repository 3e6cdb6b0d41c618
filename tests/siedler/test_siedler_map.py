"""The map data file: the bundled map passes, and every check of the validator names the
entry and the rulebook constraint a broken map breaks."""

from __future__ import annotations

import json

import pytest
from tests.siedler.siedler_helpers import raw_map, start

import reichsstadt
from reichsstadt.core import DataFileError
from reichsstadt.core.conformance import random_playout
from reichsstadt.games.siedler import load
from reichsstadt.games.siedler.svg import board_svg


def test_bundled_map_is_valid_and_shaped_as_the_notes_say():
    m = load()
    assert len(m.terrain_ids) == 29
    assert m.road_len == [9, 9, 9, 7, 7]  # I-III 9 segments, IV-V 7 (notes)
    assert sum(m.deck_counts) == 36
    assert len(m.red_ids) == 12 and m.wall_pieces == 26


def _terrain(raw, number, k=0):
    return [t for t in raw["terrains"] if t["number"] == number][k]


def _mut_number_count(raw):
    _terrain(raw, 3)["number"] = 11
    _terrain(raw, 4)["number"] = 3  # keeps 29 terrains, breaks the three-per-number rule


def _mut_seven(raw):
    raw["terrains"][0]["number"] = 7


def _mut_terrain_type(raw):
    raw["terrains"][0]["type"] = "desert"


def _mut_fours(raw):
    for t in raw["terrains"]:
        if t["number"] == 4 and t["type"] == "pasture":
            t["type"] = "forest"


def _mut_roads(raw):
    raw["roads"].pop()


def _mut_road_city(raw):
    raw["roads"][0]["city"] = "Prague"


def _mut_touches(raw):
    raw["roads"][0]["intersections"][3]["touches"] = []


def _mut_unknown_terrain(raw):
    raw["roads"][1]["intersections"][2]["touches"] = ["T99"]


def _mut_sectors(raw):
    raw["city"]["sectors"].pop()


def _mut_reds(raw):
    raw["city"]["red_intersections"].pop()


def _mut_good_spaces(raw):
    s = next(s for s in raw["city"]["sectors"] if s.get("good") == "Tand")
    s["good"] = "Papier"


def _mut_mark_off_market(raw):
    r = next(r for r in raw["city"]["red_intersections"] if not r.get("mark") and not any(
        x == "S6" for x in r["touches"]))
    r["mark"] = "wood"


def _mut_no_three_one(raw):
    for r in raw["city"]["red_intersections"]:
        if r.get("mark") == "3:1":
            r["mark"] = "wool"


def _mut_no_bauhof_red(raw):
    bauhof = next(s["id"] for s in raw["city"]["sectors"] if s["kind"] == "bauhof")
    for r in raw["city"]["red_intersections"]:
        r["touches"] = [x if x != bauhof else "S1" for x in r["touches"]]
        if len(set(r["touches"])) < len(r["touches"]):
            r["touches"] = ["S1", "S2"]


def _mut_wall(raw):
    raw["wall"]["pieces"] = 20


def _mut_time(raw):
    raw["time_track"]["reshuffle"] = [1370]


def _mut_deck_size(raw):
    raw["events"][0]["count"] += 1


def _mut_hourglass(raw):
    e = next(e for e in raw["events"] if e["event"] == "hourglass")
    e["event"] = "none"


def _mut_raubritter_number(raw):
    e = next(e for e in raw["events"] if e["event"] == "raubritter")
    e["number"] = 7


def _mut_zirkel(raw):
    next(g for g in raw["goods"] if g["name"] == "Zirkel")["price"] = 4


def _mut_goods(raw):
    raw["goods"].pop()


def _mut_beginner_city_spot(raw):
    raw["beginner"][0]["settlements"][1]["index"] = 0


def _mut_beginner_distance(raw):
    raw["beginner"][2]["settlements"][1]["index"] = 5  # next to blue's own settlement at 6 on road V


def _mut_beginner_no_toll(raw):
    raw["beginner"][1]["settlements"][1]["road"] = "I"


def _mut_beginner_rights(raw):
    orange = raw["beginner"][3]
    orange["tolls"] = ["III", "III"]  # orange outnumbers white on III (white holds it on a tie)
    for s in orange["settlements"]:
        if s["road"] == "IV":  # orange no longer has a toll on IV: its settlement moves to III
            s["road"], s["index"] = "III", 1


def _mut_white_star(raw):
    w = raw["beginner"][0]["settlements"]
    w[0]["star"], w[1]["star"] = False, True


CASES = [
    (_mut_number_count, "5.1.1"), (_mut_seven, "without 7"), (_mut_terrain_type, "1.2"), (_mut_fours, "1.5"),
    (_mut_roads, "five roads"), (_mut_road_city, "leads to Frankfurt"), (_mut_touches, "1 to 3 terrains"),
    (_mut_unknown_terrain, "unknown terrain"), (_mut_sectors, "12 sectors"), (_mut_reds, "12 red"),
    (_mut_good_spaces, "5.2.3 gives every good two"), (_mut_mark_off_market, "Hauptmarkt's corners"),
    (_mut_no_three_one, "3:1"), (_mut_no_bauhof_red, "Bauhof"), (_mut_wall, "26 wall"), (_mut_time, "6.4"),
    (_mut_deck_size, "36 event cards"), (_mut_hourglass, "8.1"), (_mut_raubritter_number, "no harvest number"),
    (_mut_zirkel, "1.12"), (_mut_goods, "five goods"), (_mut_beginner_city_spot, "touching the city"),
    (_mut_beginner_distance, "no free intersection"), (_mut_beginner_no_toll, "toll station there"),
    (_mut_beginner_rights, "right of way"), (_mut_white_star, "two grain and one wool"),
]


@pytest.mark.parametrize("mutate,expected", CASES, ids=[f.__name__[5:] for f, _ in CASES])
def test_validator_names_the_broken_constraint(mutate, expected):
    raw = raw_map()
    mutate(raw)
    with pytest.raises(DataFileError) as err:
        load(raw)
    assert expected in str(err.value)


@pytest.mark.parametrize("mutate,expected", [
    (lambda r: r["terrains"][3]["xy"].__setitem__(1, float("nan")),
     "terrains[3].xy[1]: must be a finite number, not nan"),
    (lambda r: r["roads"][1]["intersections"][2].update(xy=[float("inf"), 1.0]),
     "roads[1].intersections[2].xy[0]: must be a finite number, not inf"),
    (lambda r: r["roads"][1]["intersections"][2].update(xy=2.5), "roads[II].intersections[2].xy: must be list"),
    (lambda r: r["cities"][0].update(toll=float("-inf")), "cities[0].toll: must be a finite number, not -inf"),
    (lambda r: r["city"]["sectors"][0].update(rect=3), "city.sectors[0].rect: must be list, not int 3"),
    (lambda r: r["raubritterburg"].update(xy=[1.0]), "raubritterburg.xy: must be [x, y] (finite numbers)"),
    (lambda r: r["goods"][0].update(city="Frank\ud800furt"), "goods[0].city: holds a lone surrogate"),
])
def test_a_map_with_what_no_data_file_holds_is_refused_naming_the_entry(mutate, expected, tmp_path):
    """A number that is not finite, a string that is no text, a number where a pair or a
    rectangle belongs: refused before the game starts (the parsed map and a file on disk
    alike), the entry named."""
    raw = raw_map()
    mutate(raw)
    with pytest.raises(DataFileError) as err:
        load(raw)
    assert expected in str(err.value)
    (tmp_path / "mine.json").write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        reichsstadt.game("siedler").new(4, 1, {"map": str(tmp_path / "mine.json")})
    assert expected in str(err.value)


def test_malformed_map_is_a_data_file_error():
    with pytest.raises(DataFileError):
        load({"terrains": "nope"})
    with pytest.raises(DataFileError):
        load([])


def test_user_map_plays_through_the_option(tmp_path):
    """--map FILE: a user's own (valid) map is used for a whole game."""
    import json

    raw = raw_map()
    a, b = raw["terrains"][0], raw["terrains"][1]
    moved = list(b["xy"])
    a["xy"], b["xy"] = b["xy"], a["xy"]  # a different but valid drawing: each where the other was
    a["hex"], b["hex"] = b["hex"], a["hex"]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw))
    game = reichsstadt.game("siedler")
    match = random_playout(game, 3, 5, {"map": str(path)})
    assert match.state.over()
    assert match.state.components.raw["terrains"][0]["xy"] == moved
    bad = raw_map()
    bad["terrains"][0]["number"] = 7
    with pytest.raises(DataFileError):
        game.new(3, 1, {"map": bad})


def test_svg_draws_board_and_pieces():
    svg = board_svg()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count("<polygon") >= 29 and "road III, segment 9" in svg and "road IV, segment 8" not in svg
    assert "1385" in svg and "wall piece 26" in svg and "red intersection 12" in svg
    s = start()
    with_pieces = board_svg(None, s.view(None))
    assert with_pieces.count('data-piece="settlement"') == 8  # the 8 beginner settlements
    assert board_svg(raw_map()) == svg


# -- keys and format versions this engine does not know (issue 7) ------------------------
def _mut_unknown_top(raw):
    raw["terrian"] = []


def _mut_unknown_terrain_key(raw):
    raw["terrains"][3]["numbr"] = 5


def _mut_unknown_intersection_key(raw):
    raw["roads"][2]["intersections"][4]["owner"] = "white"


def _mut_unknown_red_key(raw):
    raw["city"]["red_intersections"][0]["port"] = "3:1"


def _mut_unknown_beginner_key(raw):
    raw["beginner"][1]["settlements"][0]["starred"] = True


def _mut_unknown_event_key(raw):
    raw["events"][0]["colour"] = "red"


def _mut_unknown_wall_key(raw):
    raw["wall"]["towers"] = 16


UNKNOWN = [
    (_mut_unknown_top, "top level: unknown key 'terrian'"),
    (_mut_unknown_terrain_key, "terrains[3]: unknown key 'numbr'"),
    (_mut_unknown_intersection_key, "roads[III].intersections[4]: unknown key 'owner'"),
    (_mut_unknown_red_key, "city.red_intersections[0]: unknown key 'port'"),
    (_mut_unknown_beginner_key, "beginner[red].settlements: unknown key 'starred'"),
    (_mut_unknown_event_key, "events[0]: unknown key 'colour'"),
    (_mut_unknown_wall_key, "wall: unknown key 'towers'"),
]


@pytest.mark.parametrize("mutate,expected", UNKNOWN, ids=[f.__name__[5:] for f, _ in UNKNOWN])
def test_validator_refuses_unknown_keys_naming_them(mutate, expected):
    raw = raw_map()
    mutate(raw)
    with pytest.raises(DataFileError) as err:
        load(raw)
    assert expected in str(err.value)


@pytest.mark.parametrize("version", [0, 2, "1", None, True])
def test_validator_refuses_other_format_versions(version):
    raw = raw_map()
    raw["version"] = version
    with pytest.raises(DataFileError, match=f"map format version {version!r} is not supported"):
        load(raw)
    del raw["version"]
    with pytest.raises(DataFileError, match="version None is not supported"):
        load(raw)


def test_validator_refuses_a_file_of_another_format():
    raw = raw_map()
    raw["format"] = "norenberc-components"
    with pytest.raises(DataFileError, match="format: must be 'siedler-map'"):
        load(raw)


def test_data_check_names_the_unknown_key(tmp_path):
    """`reichsstadt data siedler --check FILE` says which key it does not know."""
    import json
    import subprocess
    import sys

    raw = raw_map()
    raw["goods"][0]["colour"] = "gold"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw))
    out = subprocess.run([sys.executable, "-m", "reichsstadt", "data", "siedler", "--check", str(path)],
                         capture_output=True, text=True)
    assert out.returncode != 0
    assert "goods[Zirkel]: unknown key 'colour'" in " ".join((out.stdout + out.stderr).split())


def test_the_maps_note_is_at_most_2000_characters():
    """The map's free-text `note` is sent with every table that plays the map (s19-3)."""
    raw = raw_map()
    raw["note"] = "n" * 2000
    load(raw)
    raw["note"] = "n" * 100_000
    with pytest.raises(DataFileError) as err:
        load(raw)
    assert "note: must be at most 2000 characters, not 100000" in str(err.value)
