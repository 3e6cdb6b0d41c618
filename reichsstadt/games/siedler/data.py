"""The Siedler von Nürnberg map file: loading it, checking every constraint the rulebook
states (naming the broken entry), refusing keys and format versions this engine does not
know, and compiling it into flat tuples the rules index by small ints."""

from __future__ import annotations

import json
import math

from typing import Any

from ...core.datafile import (TOP, Check, Words, commas, cut, file_words, load_packaged_json, not_object, quoted,
                              type_words)
from ...core.errors import DataFileError
from ...core.messages import Message
from .affordability import Appender, affordable_appender
from .constants import (
    BEGINNER_RIGHTS, CARD_KINDS, COLORS, EV_WEGEZOLL, EVENTS, GOODS, HARVEST_NUMBERS, MAP_FORMAT, MAP_VERSION,
    MAX_SEGMENTS, MAX_TRIANGLES, NAMED_ROAD_CITIES, RESOURCES, ROAD_NAMES, TERRAIN_TYPES,
)


class Components:
    """A validated map file (the game's components: the board, the goods, the event deck,
    the beginner positions), compiled to tuples indexed by small ints."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        self._terrains(raw["terrains"])
        self._roads(raw)
        self._goods(raw)
        self._city(raw)
        self.wall_pieces: int = raw["wall"]["pieces"]
        self.triangle_after: tuple[int, ...] = tuple(raw["wall"]["tower_triangles_after"])
        years = raw["time_track"]["years"]
        self.years: tuple[int, ...] = tuple(years)
        self.reshuffle_at: tuple[int, ...] = tuple(years.index(y) for y in raw["time_track"]["reshuffle"])
        # the event deck as counts per card kind of the fixed universe
        counts = [0] * len(CARD_KINDS)
        for c in raw["events"]:
            counts[CARD_KINDS.index(_card_key(c))] += c["count"]
        self.deck_counts: tuple[int, ...] = tuple(counts)
        # beginner positions: per color, settlements (global intersections), star, tolls (roads)
        self.beginner: list[tuple[tuple[int, ...], int, tuple[int, ...]]] = []
        for b in raw["beginner"]:
            inters = tuple(self.road_offset[ROAD_NAMES.index(s["road"])] + s["index"] for s in b["settlements"])
            star = next(inters[i] for i, s in enumerate(b["settlements"]) if s.get("star"))
            tolls = tuple(ROAD_NAMES.index(x) for x in b["tolls"])
            self.beginner.append((inters, star, tolls))

    def _terrains(self, t: list[dict[str, Any]]) -> None:
        self.terrain_ids: tuple[str, ...] = tuple(x["id"] for x in t)
        self.terrain_type: tuple[str, ...] = tuple(x["type"] for x in t)
        self.terrain_res: tuple[int, ...] = tuple(RESOURCES.index(TERRAIN_TYPES[x["type"]]) for x in t)
        self.terrain_num: tuple[int, ...] = tuple(x["number"] for x in t)
        by_num: list[list[int]] = [[] for _ in range(13)]
        for i, n in enumerate(self.terrain_num):
            by_num[n].append(i)
        self.terrains_of_number: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in by_num)

    def _roads(self, raw: dict[str, Any]) -> None:
        """The roads in the fixed order I..V; intersections numbered globally."""
        tindex = {tid: i for i, tid in enumerate(self.terrain_ids)}
        roads = {r["id"]: r for r in raw["roads"]}
        self.road_len: list[int] = []       # segments per road
        self.road_offset: list[int] = []    # first global intersection of each road
        inter_terr: list[tuple[int, ...]] = []
        inter_road: list[int] = []
        inter_idx: list[int] = []
        for k, name in enumerate(ROAD_NAMES):
            inters = roads[name]["intersections"]
            self.road_offset.append(len(inter_terr))
            self.road_len.append(len(inters) - 1)
            for j, it in enumerate(inters):
                inter_terr.append(tuple(tindex[x] for x in it["touches"]))
                inter_road.append(k)
                inter_idx.append(j)
        self.inter_terrains: tuple[tuple[int, ...], ...] = tuple(inter_terr)
        self.inter_road: tuple[int, ...] = tuple(inter_road)
        self.inter_idx: tuple[int, ...] = tuple(inter_idx)
        self.n_inters = len(inter_terr)
        self.n_segments = sum(self.road_len)
        self.seg_offset: tuple[int, ...] = tuple(sum(self.road_len[:k]) for k in range(5))
        # the segment farthest from the city, per road (toll stations fill from the city)
        self.road_last_segment: tuple[int, ...] = tuple(self.seg_offset[k] + self.road_len[k] - 1 for k in range(5))
        terr_inters: list[list[int]] = [[] for _ in self.terrain_ids]
        for gi, ts in enumerate(inter_terr):
            for x in ts:
                terr_inters[x].append(gi)
        self.terrain_inters: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in terr_inters)

    def _goods(self, raw: dict[str, Any]) -> None:
        """The cities at the roads' ends, and the goods sold there."""
        self.city_road: dict[str, int] = {c["name"]: ROAD_NAMES.index(c["road"]) for c in raw["cities"]}
        self.city_toll: dict[str, int] = {c["name"]: c["toll"] for c in raw["cities"]}
        goods = {g["name"]: g for g in raw["goods"]}
        self.good_recipe: tuple[tuple[int, ...], ...] = tuple(
            tuple(goods[name]["recipe"].get(r, 0) for r in RESOURCES) for name in GOODS)
        self.good_city: tuple[str, ...] = tuple(goods[name]["city"] for name in GOODS)
        self.good_road: tuple[int, ...] = tuple(self.city_road[c] for c in self.good_city)
        self.good_price: tuple[int, ...] = tuple(goods[name]["price"] for name in GOODS)
        self.good_toll: tuple[int, ...] = tuple(self.city_toll[c] for c in self.good_city)
        # (out, row, holdings...) -> row[g] appended for each good g the holdings can make
        self.append_producible: Appender = affordable_appender(self.good_recipe)

    def _city(self, raw: dict[str, Any]) -> None:
        """The old town: what each red intersection offers its workshop."""
        sectors = {s["id"]: s for s in raw["city"]["sectors"]}
        reds = raw["city"]["red_intersections"]
        self.red_ids: tuple[str, ...] = tuple(r["id"] for r in reds)
        port: list[int] = []       # -1 none, 5 = 3:1 on anything, r = 2:1 on resource r
        bauhof: list[bool] = []
        red_goods: list[tuple[int, ...]] = []
        for r in reds:
            mark = r.get("mark")
            port.append(-1 if mark is None else (5 if mark == "3:1" else RESOURCES.index(mark)))
            kinds = [sectors[s]["kind"] for s in r["touches"]]
            bauhof.append("bauhof" in kinds)
            red_goods.append(tuple(sorted({GOODS.index(sectors[s]["good"]) for s in r["touches"]
                                           if sectors[s]["kind"] == "goods"})))
        self.red_port: tuple[int, ...] = tuple(port)
        self.red_bauhof: tuple[bool, ...] = tuple(bauhof)
        self.red_goods: tuple[tuple[int, ...], ...] = tuple(red_goods)

    def road_intersections(self, road: int) -> range:
        """The global numbers of a road's intersections, from the one touching the city."""
        off = self.road_offset[road]
        return range(off, off + self.road_len[road] + 1)


def _card_key(c: dict[str, Any]) -> tuple[int, int, int]:
    ev = EVENTS.index(c["event"])
    road = ROAD_NAMES.index(c["road"]) if ev == EV_WEGEZOLL else -1
    return (c.get("number") or 0, ev, road)   # a Raubritter card may leave its number out


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# The keys each object of the file may have: a key this engine does not know is refused
# (a typo would otherwise be ignored in silence, a newer file's meaning lost).
KEYS: dict[str, frozenset[str]] = {
    "top level": frozenset(("format", "version", "note", "resources", "terrain_types", "terrains", "raubritterburg",
                            "roads", "cities", "goods", "city", "wall", "time_track", "events", "beginner")),
    "terrain": frozenset(("id", "type", "number", "xy", "hex")),
    "raubritterburg": frozenset(("xy",)),
    "road": frozenset(("id", "city", "intersections")),
    "intersection": frozenset(("touches", "xy")),
    "city entry": frozenset(("name", "road", "toll")),
    "good": frozenset(("name", "recipe", "city", "price")),
    "city": frozenset(("sectors", "red_intersections")),
    "sector": frozenset(("id", "kind", "good", "rect")),
    "red intersection": frozenset(("id", "touches", "mark", "xy")),
    "wall": frozenset(("pieces", "tower_triangles_after")),
    "time_track": frozenset(("years", "reshuffle")),
    "event": frozenset(("event", "number", "road", "count")),
    "beginner": frozenset(("color", "settlements", "tolls")),
    "beginner settlement": frozenset(("road", "index", "star")),
}
KIND_WORDS: dict[str, str] = {
    "top level": "data.siedler.kind.top", "terrain": "data.siedler.kind.terrain",
    "raubritterburg": "data.siedler.kind.raubritterburg", "road": "data.siedler.kind.road",
    "intersection": "data.siedler.kind.intersection", "city entry": "data.siedler.kind.city_entry",
    "good": "data.siedler.kind.good", "city": "data.siedler.kind.city", "sector": "data.siedler.kind.sector",
    "red intersection": "data.siedler.kind.red", "wall": "data.siedler.kind.wall",
    "time_track": "data.siedler.kind.time_track", "event": "data.siedler.kind.event",
    "beginner": "data.siedler.kind.beginner", "beginner settlement": "data.siedler.kind.settlement",
}
"""Each kind of object in a refusal of a key it does not have ("a terrain has: ...")."""
SHAPES = {"xy": "data.siedler.shape.xy", "rect": "data.siedler.shape.rect"}
"""The numbers a coordinate key holds, in the reader's words ("[x, y, width, height]")."""


def _numbers(c: Check, obj: Any, key: str, count: int, where: str) -> None:
    """`obj[key]` is a list of `count` finite numbers (a coordinate pair, a rectangle: SHAPES)."""
    v = c.get(obj, key, list, where)
    ok = len(v) == count and all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
                                 for x in v)
    c.require(ok, f"{where}.{key}", Message("data.siedler.numbers", shape=Message(SHAPES[key]), value=quoted(v)))


def _only(c: Check, obj: Any, kind: str, where: Words) -> None:
    """Refuse any key of `obj` (an object of the file's `kind`) this engine does not know."""
    if not isinstance(obj, dict):
        c.fail(where, Message("data.not_object", kind=type_words(type(obj)), value=quoted(obj)))
    unknown = sorted(k for k in obj if k not in KEYS[kind])
    c.require(not unknown, where, Message("data.siedler.unknown_key", keys=", ".join(map(repr, unknown)),
                                          kind=Message(KIND_WORDS[kind]), known=", ".join(sorted(KEYS[kind]))))


def validate(raw: Any) -> None:
    """Every constraint the rulebook states about the board and its components; raises
    DataFileError naming the entry and the section it breaks, or the key or format
    version this engine does not know."""
    c = Check(file_words(raw))
    _check_format(c, raw)
    terrains = _check_terrains(c, raw)
    roads = _check_roads(c, raw, [t["id"] for t in terrains])
    _check_connected(c, terrains, roads)
    _check_goods(c, raw, _check_cities(c, raw))
    _check_city(c, raw)
    _check_wall(c, raw)
    _check_time_track(c, raw)
    _check_events(c, raw)
    _check_beginner(c, raw, roads, terrains)
    rb = c.get(raw, "raubritterburg", dict)
    _only(c, rb, "raubritterburg", "raubritterburg")
    _numbers(c, rb, "xy", 2, "raubritterburg")


def _check_format(c: Check, raw: Any) -> None:
    """The file's format and version, its keys, and nothing no data file may hold."""
    c.require(isinstance(raw, dict), TOP, not_object(raw))
    c.values(raw)
    c.of_this_game(raw, ("terrains", "roads", "raubritterburg"))
    c.require(raw.get("format") == MAP_FORMAT, "format",
              Message("data.must_be_not", want=repr(MAP_FORMAT), value=quoted(raw.get("format"))))
    version = raw.get("version")
    c.require(version == MAP_VERSION and not isinstance(version, bool), "version",
              Message("data.siedler.version", found=quoted(version), version=MAP_VERSION))
    _only(c, raw, "top level", TOP)
    c.require(isinstance(raw.get("note", ""), str), "note", Message("data.string", value=quoted(raw.get("note"))))
    c.note(raw, "note")
    # the file restates the engine's resources and terrains for its reader: they must agree
    if "resources" in raw:
        c.require(raw["resources"] == list(RESOURCES), "resources",
                  Message("data.siedler.resources", resources=", ".join(RESOURCES), value=quoted(raw["resources"])))
    if "terrain_types" in raw:
        c.require(raw["terrain_types"] == TERRAIN_TYPES, "terrain_types",
                  Message("data.siedler.terrain_types", pairs=_yields(TERRAIN_TYPES),
                          value=_yields(raw["terrain_types"])))


def _yields(pairs: Any) -> Words:
    """Terrains and what they yield ("forest to wood, ..."), or the value as the file writes it."""
    if not isinstance(pairs, dict) or not pairs:
        return quoted(pairs)
    return commas([Message("data.siedler.yields", terrain=cut(str(t), 40), resource=cut(str(r), 40))
                   for t, r in pairs.items()])


def _json(value: Any) -> str:
    """An object of the file as JSON writes it, compact (no ": " to read as a sentence's colon)."""
    return cut(json.dumps(value, separators=(",", ":"), ensure_ascii=False), 150)


def _check_terrains(c: Check, raw: dict[str, Any]) -> list[dict[str, Any]]:
    """1.2, 5.1.1: the terrains, their types and harvest numbers."""
    terrains: list[dict[str, Any]] = c.get(raw, "terrains", list)
    ids: list[str] = []
    for i, t in enumerate(terrains):
        w = f"terrains[{i}]"
        _only(c, t, "terrain", w)
        tid = c.get(t, "id", str, w)
        c.require(tid not in ids, f"{w}.id", Message("data.siedler.terrain_twice", terrain=repr(tid)))
        ids.append(tid)
        ty = c.get(t, "type", str, w)
        c.require(ty in TERRAIN_TYPES, f"{w}.type",
                  Message("data.siedler.terrain_type", value=quoted(ty), known=", ".join(TERRAIN_TYPES)))
        n = c.get(t, "number", int, w)
        c.require(n in HARVEST_NUMBERS, f"{w}.number", Message("data.siedler.harvest_number", value=n))
        _numbers(c, t, "xy", 2, w)
        place = c.get(t, "hex", list, w)
        c.require(len(place) == 2 and all(_int(x) and 0 <= x <= MOST_HEX for x in place), f"{w}.hex",
                  Message("data.siedler.hex", most=MOST_HEX, value=quoted(place)))
    _check_apart(c, terrains)   # two centres on one another first: that names both terrains
    _check_places(c, terrains)
    for n in HARVEST_NUMBERS:
        have = [t["id"] for t in terrains if t["number"] == n]
        want = 2 if n == 2 else 3
        c.require(len(have) == want, "terrains", Message("data.siedler.harvest_count", number=n, count=len(have)))
    fours = sorted(TERRAIN_TYPES[t["type"]] for t in terrains if t["number"] == 4)
    c.require(fours == ["grain", "stone", "wool"], "terrains", Message("data.siedler.fours", found=", ".join(fours)))
    return terrains


HEX_APART = 1.7
"""The least distance between two terrains' centres ("xy", in a hex's radius): neighbours
are sqrt(3) apart; closer, their hexes overlap on the board."""


def _check_places(c: Check, terrains: list[dict[str, Any]]) -> None:
    """1.2: each terrain's place on the board's grid, "hex": [row, column] (odd rows half a
    hex to the right), is its own and is where its centre "xy" is. The engine draws from
    "xy"; a place that disagreed with it would be an edit that moved nothing."""
    places: dict[tuple[int, int], str] = {}   # a place: the entry that has it
    for i, t in enumerate(terrains):
        w = f"terrains[{i}]"
        row, column = place = t["hex"]
        c.require((row, column) not in places, f"{w}.hex",
                  Message("data.siedler.hex_twice", value=str(place), other=places.get((row, column), "")))
        places[row, column] = f"{w}.hex"
        want = [round((column + row % 2 / 2) * math.sqrt(3), 4), round(row * 1.5, 4)]
        c.agree(math.dist(want, t["xy"]) < 0.01,
                Message("data.siedler.hex_xy", hex=f"{w}.hex", place=str(place), xy=f"{w}.xy", value=str(t["xy"]),
                        want=str(want)))


MOST_HEX = 40
"""The most rows or columns of the board's grid (the box's board has 7 rows of 4 or 5 hexes)."""


def _check_apart(c: Check, terrains: list[dict[str, Any]]) -> None:
    """1.2: each terrain is a hex of its own on the board, no two in one place."""
    for i, t in enumerate(terrains):
        for j in range(i):
            u = terrains[j]
            near = math.dist(t["xy"], u["xy"])
            c.require(near >= HEX_APART, f"terrains[{i}].xy",
                      Message("data.siedler.overlap", terrain=t["id"], xy=str(t["xy"]), other=u["id"],
                              other_xy=str(u["xy"]), at=f"terrains[{j}]", apart=f"{math.sqrt(3):.4g}"))


def _check_connected(c: Check, terrains: list[dict[str, Any]], roads: dict[str, dict[str, Any]]) -> None:
    """1.6, 1.10: the roads run along the hexes' edges (one intersection to the next shares
    a terrain), and every terrain lies at a road, or its number would never yield."""
    touched: set[str] = set()
    for name, r in roads.items():
        inters = r["intersections"]
        for j, it in enumerate(inters):
            touched.update(it["touches"])
            if j:
                c.require(bool(set(it["touches"]) & set(inters[j - 1]["touches"])), f"roads[{name}].intersections[{j}]",
                          Message("data.siedler.broken_road", touches=", ".join(it["touches"]),
                                  before=", ".join(inters[j - 1]["touches"])))
    for i, t in enumerate(terrains):
        c.require(t["id"] in touched, f"terrains[{i}]", Message("data.siedler.cut_off", terrain=t["id"]))


def _check_roads(c: Check, raw: dict[str, Any], ids: list[str]) -> dict[str, dict[str, Any]]:
    """5.2.2.1, 5.2.2.2, Q2: the five roads, their intersections and where they lead."""
    roads = c.get(raw, "roads", list)
    names = [r.get("id") if isinstance(r, dict) else None for r in roads]
    c.require(sorted(map(str, names)) == sorted(ROAD_NAMES), "roads",
              Message("data.siedler.roads", found=quoted(names)))
    for r in roads:
        w = f"roads[{r['id']}]"
        _only(c, r, "road", w)
        inters = c.get(r, "intersections", list, w)
        c.require(2 <= len(inters) <= MAX_SEGMENTS + 1, f"{w}.intersections",
                  Message("data.siedler.segments", most=MAX_SEGMENTS, count=len(inters) - 1))
        for j, it in enumerate(inters):
            wj = f"{w}.intersections[{j}]"
            _only(c, it, "intersection", wj)
            touches = c.get(it, "touches", list, wj)
            c.require(all(x in ids for x in touches), f"{wj}.touches",
                      Message("data.siedler.unknown_terrain", touches=quoted(touches)))
            twice = next((x for k, x in enumerate(touches) if x in touches[:k]), None)
            c.require(twice is None, f"{wj}.touches",
                      Message("data.siedler.terrain_named_twice", terrain=quoted(twice)))
            c.require(1 <= len(touches) <= 3, f"{wj}.touches", Message("data.siedler.touches", count=len(touches)))
            _numbers(c, it, "xy", 2, wj)
        if r["id"] in NAMED_ROAD_CITIES:
            c.require(r.get("city") == NAMED_ROAD_CITIES[r["id"]], f"{w}.city",
                      Message("data.siedler.road_city", road=r["id"], city=NAMED_ROAD_CITIES[r["id"]],
                              value=quoted(r.get("city"))))
        else:
            c.require(r.get("city") is None, f"{w}.city", Message("data.siedler.no_city", value=quoted(r.get("city"))))
    return {r["id"]: r for r in roads}


MAX_GOLD = 99
"""The most gold a toll or price, or resources an ingredient, may be (the box's are 1-5)."""


def _check_cities(c: Check, raw: dict[str, Any]) -> list[str]:
    """1.12, 5.2.3: Frankfurt, Prague and Venice at the end of roads I-III, with their tolls."""
    cities = c.get(raw, "cities", list)
    cnames = []
    for i, ci in enumerate(cities):
        w = f"cities[{i}]"
        _only(c, ci, "city entry", w)
        name = c.get(ci, "name", str, w)
        road = c.get(ci, "road", str, w)
        c.require(NAMED_ROAD_CITIES.get(road) == name, f"{w}.road",
                  Message("data.siedler.city_road", city=name, road=quoted(road)))
        toll = c.get(ci, "toll", int, w)
        c.require(0 <= toll <= MAX_GOLD, f"{w}.toll", Message("data.siedler.toll", most=MAX_GOLD, value=toll))
        cnames.append(name)
    c.require(sorted(cnames) == sorted(NAMED_ROAD_CITIES.values()), "cities",
              Message("data.siedler.cities", found=quoted(cnames)))
    return cnames


def _check_goods(c: Check, raw: dict[str, Any], cnames: list[str]) -> None:
    """5.2.3, 1.12: the five goods, their recipes, cities and prices."""
    goods = c.get(raw, "goods", list)
    gnames = [g.get("name") if isinstance(g, dict) else None for g in goods]
    c.require(sorted(map(str, gnames)) == sorted(GOODS), "goods",
              Message("data.siedler.goods", goods=", ".join(GOODS), found=quoted(gnames)))
    for g in goods:
        w = f"goods[{g['name']}]"
        _only(c, g, "good", w)
        recipe = c.get(g, "recipe", dict, w)
        c.require(bool(recipe) and all(k in RESOURCES and _int(v) and 0 < v <= MAX_GOLD for k, v in recipe.items()),
                  f"{w}.recipe", Message("data.siedler.recipe", most=MAX_GOLD, value=_json(recipe)))
        city = c.get(g, "city", str, w)
        c.require(city in cnames, f"{w}.city", Message("data.siedler.not_city", value=quoted(city)))
        price = c.get(g, "price", int, w)
        c.require(0 < price <= MAX_GOLD, f"{w}.price", Message("data.siedler.price", most=MAX_GOLD, value=price))
    z = next(g for g in goods if g["name"] == "Zirkel")
    c.require(z["recipe"] == {"wood": 1, "stone": 1} and z["city"] == "Frankfurt" and z["price"] == 3, "goods[Zirkel]",
              Message("data.siedler.zirkel", recipe=_json(z["recipe"]), city=quoted(z["city"]), price=z["price"]))


ONE_SECTOR = {"hauptmarkt": "data.siedler.hauptmarkt", "bauhof": "data.siedler.bauhof"}
"""The sectors the old town has one of, and the words that say so."""


def _check_city(c: Check, raw: dict[str, Any]) -> None:
    """1.1, 5.2.1, 5.2.2.3, 5.2.2.5, 5.2.3: the old town's 12 sectors and 12 red
    intersections, the Hauptmarkt's trade marks and the Bauhof."""
    city = c.get(raw, "city", dict)
    _only(c, city, "city", "city")
    sectors = c.get(city, "sectors", list, "city")
    c.require(len(sectors) == 12, "city.sectors", Message("data.siedler.sectors", count=len(sectors)))
    skinds: dict[str, dict[str, Any]] = {}
    for i, s in enumerate(sectors):
        w = f"city.sectors[{i}]"
        _only(c, s, "sector", w)
        sid = c.get(s, "id", str, w)
        c.require(sid not in skinds, f"{w}.id", Message("data.siedler.sector_twice", sector=repr(sid)))
        kind = c.get(s, "kind", str, w)
        if "rect" in s:
            _numbers(c, s, "rect", 4, w)
        c.require(kind in ("goods", "hauptmarkt", "bauhof"), f"{w}.kind",
                  Message("data.siedler.sector_kind", value=quoted(kind)))
        if kind == "goods":
            c.require(s.get("good") in GOODS, f"{w}.good",
                      Message("data.siedler.not_good", value=quoted(s.get("good"))))
        skinds[sid] = s
    for g in GOODS:
        n = sum(1 for s in sectors if s.get("good") == g)
        c.require(n == 2, "city.sectors", Message("data.siedler.production", good=g, count=n))
    for kind in ("hauptmarkt", "bauhof"):
        n = sum(1 for s in sectors if s["kind"] == kind)
        c.require(n == 1, "city.sectors", Message(ONE_SECTOR[kind], count=n))
    _check_reds(c, c.get(city, "red_intersections", list, "city"), skinds)


def _check_reds(c: Check, reds: list[Any], skinds: dict[str, dict[str, Any]]) -> None:
    c.require(len(reds) == 12, "city.red_intersections", Message("data.siedler.reds", count=len(reds)))
    marks = []
    ids: list[str] = []
    for i, r in enumerate(reds):
        w = f"city.red_intersections[{i}]"
        _only(c, r, "red intersection", w)
        rid = c.get(r, "id", str, w)
        c.require(rid not in ids, f"{w}.id", Message("data.siedler.red_twice", red=repr(rid)))
        ids.append(rid)
        _numbers(c, r, "xy", 2, w)
        touches = c.get(r, "touches", list, w)
        c.require(all(isinstance(x, str) and x in skinds for x in touches), f"{w}.touches",
                  Message("data.siedler.unknown_sector", touches=quoted(touches)))
        c.require(2 <= len(set(touches)) == len(touches) <= 3, f"{w}.touches",
                  Message("data.siedler.red_touches", value=quoted(touches)))
        mark = r.get("mark")
        if mark is not None:
            c.require(mark == "3:1" or mark in RESOURCES, f"{w}.mark", Message("data.siedler.mark", value=quoted(mark)))
            c.require(any(skinds[x]["kind"] == "hauptmarkt" for x in touches), f"{w}.mark",
                      Message("data.siedler.mark_corner", touches=quoted(touches)))
            marks.append(mark)
    c.require("3:1" in marks, "city.red_intersections", Message("data.siedler.mark_3"))
    c.require(any(m in RESOURCES for m in marks), "city.red_intersections", Message("data.siedler.mark_2"))
    c.require(any(any(skinds[x]["kind"] == "bauhof" for x in r["touches"]) for r in reds), "city.red_intersections",
              Message("data.siedler.red_bauhof"))


def _check_wall(c: Check, raw: dict[str, Any]) -> None:
    """0., 5.2.2.4, 5.2.2.5: 26 wall pieces and the tower triangles between them."""
    wall = c.get(raw, "wall", dict)
    _only(c, wall, "wall", "wall")
    pieces = c.get(wall, "pieces", int, "wall")
    c.require(pieces == 26, "wall.pieces", Message("data.siedler.wall", value=pieces))
    tri = c.get(wall, "tower_triangles_after", list, "wall")
    c.require(1 <= len(tri) <= MAX_TRIANGLES and all(_int(x) and 1 <= x <= 26 for x in tri) and tri == sorted(set(tri)),
              "wall.tower_triangles_after",
              Message("data.siedler.triangles", most=MAX_TRIANGLES, value=quoted(tri)))


def _check_time_track(c: Check, raw: dict[str, Any]) -> None:
    """6.4, 7: the years from 1355 to 1400 and the red spaces 1370 and 1385."""
    tt = c.get(raw, "time_track", dict)
    _only(c, tt, "time_track", "time_track")
    years = c.get(tt, "years", list, "time_track")
    odd = next((y for y in years if not _int(y)), None)
    c.require(odd is None, "time_track.years", Message("data.siedler.years_whole", value=quoted(odd)))
    c.require(len(years) >= 2 and years[0] == 1355 and years[-1] == 1400 and years == sorted(set(years)),
              "time_track.years", Message("data.siedler.years", value=quoted(years, 80)))
    reshuffle = c.get(tt, "reshuffle", list, "time_track")
    c.require(reshuffle == [1370, 1385], "time_track.reshuffle",
              Message("data.siedler.reshuffle", value=quoted(reshuffle)))
    c.require(1370 in years and 1385 in years, "time_track.years", Message("data.siedler.years_red"))


def _check_events(c: Check, raw: dict[str, Any]) -> None:
    """0., 1.11, 8.: the 36 event cards, their numbers and events."""
    per_num: dict[int, int] = {}
    per_ev: dict[str, int] = {}
    for i, e in enumerate(c.get(raw, "events", list)):
        w = f"events[{i}]"
        _only(c, e, "event", w)
        ev = c.get(e, "event", str, w)
        c.require(ev in EVENTS, f"{w}.event", Message("data.not_one_of", value=quoted(ev), known=", ".join(EVENTS)))
        cnt = c.get(e, "count", int, w)
        c.require(cnt > 0, f"{w}.count", Message("data.positive", value=cnt))
        num = e.get("number")
        if ev == "raubritter":
            c.require(num is None, f"{w}.number", Message("data.siedler.raubritter_number", value=quoted(num)))
        else:
            c.require(num in HARVEST_NUMBERS, f"{w}.number", Message("data.siedler.event_number", value=quoted(num)))
            per_num[num] = per_num.get(num, 0) + cnt
        if ev == "wegezoll":
            c.require(e.get("road") in ROAD_NAMES, f"{w}.road",
                      Message("data.siedler.wegezoll_road", value=quoted(e.get("road"))))
        per_ev[ev] = per_ev.get(ev, 0) + cnt
    total = sum(per_ev.values())
    c.require(total == 36, "events", Message("data.siedler.deck", count=total))
    for n, want in ((6, 5), (8, 5), (2, 1), (12, 1)):
        c.require(per_num.get(n, 0) == want, "events",
                  Message("data.siedler.number_cards", number=n, count=per_num.get(n, 0), want=want))
    for ev, want, why in (("hourglass", 3, "8.1"), ("markgraf", 4, "8.2"), ("lehm", 14, "8.3")):
        c.require(per_ev.get(ev, 0) == want, "events",
                  Message("data.siedler.event_cards", count=per_ev.get(ev, 0), event=ev, rule=why, want=want))
    c.require(per_ev.get("raubritter", 0) >= 1 and per_ev.get("wegezoll", 0) >= 1, "events",
              Message("data.siedler.deck_kinds"))


def _check_beginner(c: Check, raw: dict[str, Any], roads_by: dict[str, dict[str, Any]],
                    terrains: list[dict[str, Any]]) -> None:
    """3., 1.6: the beginner positions of the four colours."""
    beg = c.get(raw, "beginner", list)
    for i, b in enumerate(beg):
        c.require(isinstance(b, dict), f"beginner[{i}]",
                  Message("data.not_object", kind=type_words(type(b)), value=quoted(b)))
    found = [b.get("color") for b in beg]
    c.require(found == list(COLORS), "beginner", Message("data.siedler.colors", colors=", ".join(COLORS),
                                                         found=quoted(found)))
    occupied: dict[str, list[int]] = {k: [] for k in ROAD_NAMES}
    tolls_on: dict[str, list[str]] = {k: [] for k in ROAD_NAMES}
    for b in beg:
        _check_beginner_colour(c, b, roads_by, occupied, tolls_on)
    for road, idxs in occupied.items():
        idxs.sort()
        for a, b2 in zip(idxs, idxs[1:]):
            c.require(b2 - a >= 2, "beginner", Message("data.siedler.apart", road=road, first=a + 1, second=b2 + 1))
    for road, owners in tolls_on.items():
        segments = len(roads_by[road]["intersections"]) - 1
        c.agree(len(owners) <= segments, Message("data.siedler.tolls", road=road, count=len(owners),
                                                 segments=segments, where=f"roads[{road}].intersections"))
    _check_beginner_rights(c, tolls_on)
    _check_white(c, beg[0], roads_by, {t["id"]: t for t in terrains})


def _check_beginner_colour(c: Check, b: dict[str, Any], roads_by: dict[str, dict[str, Any]],
                           occupied: dict[str, list[int]], tolls_on: dict[str, list[str]]) -> None:
    w = f"beginner[{b['color']}]"
    _only(c, b, "beginner", w)
    setl = c.get(b, "settlements", list, w)
    tolls = c.get(b, "tolls", list, w)
    c.require(len(setl) == 2 and len(tolls) == 2, w,
              Message("data.siedler.start_pieces", settlements=len(setl), tolls=len(tolls)))
    stars = sum(1 for s in setl if isinstance(s, dict) and s.get("star"))
    c.require(stars == 1, w, Message("data.siedler.star", count=stars))
    for x in tolls:
        c.require(x in ROAD_NAMES, f"{w}.tolls", Message("data.siedler.not_road", value=quoted(x)))
        tolls_on[x].append(b["color"])
    for s in setl:
        _only(c, s, "beginner settlement", f"{w}.settlements")
        road = c.get(s, "road", str, w)
        c.require(road in ROAD_NAMES, f"{w}.settlements", Message("data.siedler.not_road", value=quoted(road)))
        idx = c.get(s, "index", int, w)
        c.require(idx != 0, f"{w}.settlements", Message("data.siedler.by_city", road=road, number=idx + 1))
        length = len(roads_by[road]["intersections"])
        c.agree(0 <= idx < length, Message("data.siedler.off_road", where=f"{w}.settlements", value=idx, road=road,
                                           count=length, inters=f"roads[{road}].intersections"))
        c.require(road in tolls, f"{w}.settlements", Message("data.siedler.own_toll", road=road))
        occupied[road].append(idx)


def _check_beginner_rights(c: Check, tolls_on: dict[str, list[str]]) -> None:
    """3.: the rights of way of the beginner setup: first toll, then strict majority."""
    for road, color in BEGINNER_RIGHTS.items():
        holder = None
        per_color: dict[str, int] = {}
        for o in tolls_on[road]:
            per_color[o] = per_color.get(o, 0) + 1
            if holder is None or per_color[o] > per_color[holder]:
                holder = o
        c.require(holder == color, "beginner",
                  Message("data.siedler.right_of_way", color=color, road=road, holder=str(holder)))


def _check_white(c: Check, white: dict[str, Any], roads_by: dict[str, dict[str, Any]],
                 tid_type: dict[str, dict[str, Any]]) -> None:
    """3., 1.6: what the rulebook says of white's beginner settlements."""
    star = next(s for s in white["settlements"] if s.get("star"))
    touches = roads_by[star["road"]]["intersections"][star["index"]]["touches"]
    star_res = sorted(TERRAIN_TYPES[tid_type[x]["type"]] for x in touches)
    c.require(star_res == ["grain", "grain", "wool"], "beginner[white]",
              Message("data.siedler.white_star", found=", ".join(star_res)))
    found = False
    for s in white["settlements"]:
        ts = roads_by[s["road"]]["intersections"][s["index"]]["touches"]
        got = sorted((tid_type[x]["type"], tid_type[x]["number"]) for x in ts)
        found = found or got == [("forest", 3), ("hills", 5), ("mountains", 6)]
    c.require(found, "beginner[white]", Message("data.siedler.white_settlement"))


_BUNDLED: Components | None = None


def bundled() -> Components:
    """The bundled map.json, validated once per process."""
    global _BUNDLED
    if _BUNDLED is None:
        raw = load_packaged_json(__package__, "map.json")
        _check(raw)
        _BUNDLED = Components(raw)
    return _BUNDLED


def load(raw: Any = None) -> Components:
    """The components of the `map` option: the bundled map for None, else the given parsed
    JSON, validated (DataFileError naming the entry)."""
    if raw is None:
        return bundled()
    if isinstance(raw, Components):
        return raw
    _check(raw)
    return Components(raw)


def _check(raw: Any) -> None:
    try:
        validate(raw)
    except DataFileError:
        raise
    except (KeyError, TypeError, AttributeError, ValueError, IndexError) as exc:
        error = f"{type(exc).__name__}: {exc}"[:200]
        what = Message("data.malformed", error=error)
        raise DataFileError(Message("data.in_file", file=file_words(raw), what=what)) from None
