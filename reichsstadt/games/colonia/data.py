"""Colonia's component data: loaded from one JSON file and validated on load.

The counts of every component (5 materials, 14 week cards, 16 ships, 48 relic cards,
18 ordinances, ...) are fixed because the action space is; the values on them (stall
sizes, hold values, prices, points, member counts) may be corrected by the user."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.datafile import Check, load_packaged_json

N_MATERIALS = 5
N_GOODS = 5
N_CRAFTSMEN = 5
N_CITIES = 4
N_WEEK_CARDS = 14
N_SHIPS = 16
N_ORDINANCES = 18
RELICS_PER_CITY = 11          # plus one shrine per city
CARDS_PER_CITY = RELICS_PER_CITY + 1
N_RELIC_CARDS = N_CITIES * CARDS_PER_CITY
MAX_STALLS = 7                # of a week card
EXTRA_STALLS = 2              # the foreign merchants' places
MAX_HOLDS = 4
PORT = 4
MAX_DISPLAY = 12              # 10 places + 2 extra places
FAMILY_VALUES = (3, 4, 5, 6, 7, 8)
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
STREET_DAYS = ("tuesday", "wednesday", "thursday", "friday")
EFFECTS = (
    "more_per_stall", "foreign_merchants", "draw_materials", "extra_contracts", "recall",
    "extra_hold", "sail_now", "roll_good", "extra_relics", "fewer_members", "exchange",
)
# the day on which each effect can be voted: the rules act on that day's board
EFFECT_DAYS = {
    "more_per_stall": ("wednesday",), "foreign_merchants": ("wednesday",),
    "draw_materials": ("thursday",), "extra_contracts": ("thursday",),
    "recall": ("thursday", "friday"), "extra_hold": ("friday",), "sail_now": ("friday",),
    "roll_good": ("friday",), "extra_relics": ("saturday",), "fewer_members": ("saturday",),
    "exchange": ("saturday",),
}


@dataclass(frozen=True)
class WeekCard:
    stalls: tuple[int, ...]
    contracts: tuple[int, ...]   # ordinary contracts per craftsman
    dice: int                    # extra-contract dice
    ships: int                   # ships that sail on Saturday


@dataclass(frozen=True)
class Ship:
    city: int
    holds: tuple[tuple[tuple[int, ...], int], ...]   # (goods as indices, value)


@dataclass(frozen=True)
class Ordinance:
    day: int                     # index into DAYS
    effect: str
    arg: int                     # craftsman / street day / count / limit / value, by effect
    en: str
    de: str


@dataclass(frozen=True)
class Components:
    raw: Any
    materials: tuple[str, ...]
    materials_per_type: int
    goods: tuple[str, ...]
    goods_per_type: int
    craftsmen: tuple[str, ...]
    recipes: tuple[tuple[int, int], ...]   # the two materials per craftsman
    products: tuple[int, ...]              # the good per craftsman
    contract_fields: int
    cities: tuple[str, ...]
    currencies: tuple[str, ...]
    family_cards: tuple[int, ...]
    members_per_colour: int
    members_by_players: dict[int, int]
    start_money: int
    start_materials: int
    start_goods: int
    weeks: int
    relic_display: int
    extra_relic_places: int
    week_cards: tuple[WeekCard, ...]
    ships: tuple[Ship, ...]
    relic_price: tuple[int, ...]           # per relic card id (city * 12 + k, k = 11 the shrine)
    relic_points: tuple[int, ...]          # 0 for shrines
    window_points: int
    ordinances: tuple[Ordinance, ...]
    hold_need: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = ()
    """per ship, per hold: (good, how many) pairs (derived from `ships`)"""

    @staticmethod
    def card_city(card: int) -> int:
        return card // CARDS_PER_CITY

    @staticmethod
    def is_shrine(card: int) -> bool:
        return card % CARDS_PER_CITY == RELICS_PER_CITY


def _int(c: Check, obj: Any, key: str, where: str, lo: int, hi: int) -> int:
    v: int = c.get(obj, key, int, where)
    c.require(lo <= v <= hi, f"{where}.{key}" if where else key, f"must be between {lo} and {hi}, not {v}")
    return v


def _names(c: Check, obj: Any, key: str, count: int) -> tuple[str, ...]:
    v = c.get(obj, key, list)
    c.require(len(v) == count, key, f"must list {count} names, not {len(v)}")
    for i, name in enumerate(v):
        c.require(isinstance(name, str) and name != "", f"{key}[{i}]", "must be a non-empty string")
    c.require(len(set(v)) == count, key, "names must be different")
    return tuple(v)


def validate(raw: Any, what: str = "colonia components") -> Components:
    """The components of a data file, or DataFileError naming the broken entry."""
    c = Check(what)
    c.require(isinstance(raw, dict), "top level", "must be a JSON object")
    materials = _names(c, raw, "materials", N_MATERIALS)
    goods = _names(c, raw, "goods", N_GOODS)
    per_mat = _int(c, raw, "materials_per_type", "", 1, 1000)
    per_good = _int(c, raw, "goods_per_type", "", 1, 1000)

    crafts = c.get(raw, "craftsmen", list)
    c.require(len(crafts) == N_CRAFTSMEN, "craftsmen", f"must list {N_CRAFTSMEN} craftsmen, not {len(crafts)}")
    names, recipes, products = [], [], []
    for i, cr in enumerate(crafts):
        w = f"craftsmen[{i}]"
        names.append(c.get(cr, "name", str, w))
        inputs = c.get(cr, "inputs", list, w)
        c.require(len(inputs) == 2 and all(m in materials for m in inputs) and inputs[0] != inputs[1],
                  f"{w}.inputs", "must name two different materials of the 'materials' list")
        recipes.append((materials.index(inputs[0]), materials.index(inputs[1])))
        good = c.get(cr, "good", str, w)
        c.require(good in goods, f"{w}.good", f"{good!r} is not one of the goods")
        products.append(goods.index(good))
    c.require(sorted(products) == list(range(N_GOODS)), "craftsmen", "each good must be made by exactly one craftsman")
    fields = _int(c, raw, "contract_fields", "", 1, 20)

    cities_raw = c.get(raw, "cities", list)
    c.require(len(cities_raw) == N_CITIES, "cities", f"must list {N_CITIES} cities, not {len(cities_raw)}")
    cities = tuple(c.get(x, "city", str, f"cities[{i}]") for i, x in enumerate(cities_raw))
    currencies = tuple(c.get(x, "currency", str, f"cities[{i}]") for i, x in enumerate(cities_raw))
    c.require(len(set(cities)) == N_CITIES, "cities", "city names must be different")

    fam = c.get(raw, "family_cards", list)
    c.require(tuple(fam) == FAMILY_VALUES, "family_cards", f"must be {list(FAMILY_VALUES)}")
    per_colour = _int(c, raw, "members_per_colour", "", 1, 200)
    mbp = c.get(raw, "members_by_players", dict)
    members: dict[int, int] = {}
    for n in range(3, 7):
        members[n] = _int(c, mbp, str(n), "members_by_players", 1, per_colour)

    start = c.get(raw, "start", dict)
    start_money = _int(c, start, "money_per_currency", "start", 0, 1000)
    start_mats = _int(c, start, "materials", "start", 0, 10)
    start_goods = _int(c, start, "goods_by_die", "start", 0, 5)
    weeks = _int(c, raw, "weeks", "", 1, 6)
    c.require(_int(c, raw, "port_places", "", PORT, PORT) == PORT, "port_places", f"must be {PORT}")
    display = _int(c, raw, "relic_display", "", 1, 10)
    extra_places = _int(c, raw, "extra_relic_places", "", 0, MAX_DISPLAY - 10)
    c.require(start_mats * 6 <= per_mat * N_MATERIALS, "start.materials", "the bag cannot give every player that many")

    wc = c.get(raw, "week_cards", list)
    c.require(len(wc) == N_WEEK_CARDS, "week_cards", f"must list {N_WEEK_CARDS} cards, not {len(wc)}")
    week_cards = []
    for i, card in enumerate(wc):
        w = f"week_cards[{i}]"
        stalls = c.get(card, "stalls", list, w)
        c.require(1 <= len(stalls) <= MAX_STALLS, f"{w}.stalls", f"must list 1 to {MAX_STALLS} stalls, not {len(stalls)}")
        for j, s in enumerate(stalls):
            c.require(isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= 10, f"{w}.stalls[{j}]", "must be a number of materials from 1 to 10")
        con = c.get(card, "contracts", list, w)
        c.require(len(con) == N_CRAFTSMEN, f"{w}.contracts", f"must give {N_CRAFTSMEN} numbers, one per craftsman")
        for j, s in enumerate(con):
            c.require(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= fields, f"{w}.contracts[{j}]", f"must be a number from 0 to {fields}")
        dice = _int(c, card, "dice", w, 0, 12)
        ships = _int(c, card, "ships", w, 0, PORT)
        week_cards.append(WeekCard(tuple(stalls), tuple(con), dice, ships))

    sh = c.get(raw, "ships", list)
    c.require(len(sh) == N_SHIPS, "ships", f"must list {N_SHIPS} ships, not {len(sh)}")
    ships_out = []
    for i, s in enumerate(sh):
        w = f"ships[{i}]"
        city = c.get(s, "city", str, w)
        c.require(city in cities, f"{w}.city", f"{city!r} is not one of the cities")
        holds = c.get(s, "holds", list, w)
        c.require(1 <= len(holds) <= MAX_HOLDS, f"{w}.holds", f"must list 1 to {MAX_HOLDS} holds, not {len(holds)}")
        hs = []
        for j, h in enumerate(holds):
            hw = f"{w}.holds[{j}]"
            g = c.get(h, "goods", list, hw)
            c.require(1 <= len(g) <= 3 and all(x in goods for x in g), f"{hw}.goods", "must name 1 to 3 goods of the 'goods' list")
            value = _int(c, h, "value", hw, 1, 100)
            hs.append((tuple(sorted(goods.index(x) for x in g)), value))
        ships_out.append(Ship(cities.index(city), tuple(hs)))

    rel = c.get(raw, "relics", dict)
    prices = c.get(rel, "prices", list, "relics")
    points = c.get(rel, "points", list, "relics")
    c.require(len(prices) == RELICS_PER_CITY, "relics.prices", f"must give {RELICS_PER_CITY} prices (the relics of one city)")
    c.require(len(points) == RELICS_PER_CITY, "relics.points", f"must give {RELICS_PER_CITY} points (the relics of one city)")
    for j in range(RELICS_PER_CITY):
        c.require(isinstance(prices[j], int) and not isinstance(prices[j], bool) and prices[j] >= 0, f"relics.prices[{j}]", "must be a whole number, 0 or more")
        c.require(isinstance(points[j], int) and not isinstance(points[j], bool) and points[j] >= 0, f"relics.points[{j}]", "must be a whole number, 0 or more")
    shrine_price = _int(c, rel, "shrine_price", "relics", 0, 1000)
    relic_price = tuple((list(prices) + [shrine_price]) * N_CITIES)
    relic_points = tuple((list(points) + [0]) * N_CITIES)
    window_points = _int(c, c.get(raw, "church_windows", dict), "points", "church_windows", 0, 100)

    ords = c.get(raw, "ordinances", list)
    c.require(len(ords) == N_ORDINANCES, "ordinances", f"must list {N_ORDINANCES} ordinances, not {len(ords)}")
    ord_out = []
    for i, o in enumerate(ords):
        w = f"ordinances[{i}]"
        effect = c.get(o, "effect", str, w)
        c.require(effect in EFFECTS, f"{w}.effect", f"{effect!r} is not one of {', '.join(EFFECTS)}")
        day = c.get(o, "day", str, w)
        c.require(day in EFFECT_DAYS[effect], f"{w}.day", f"a {effect} ordinance is voted on {' or '.join(EFFECT_DAYS[effect])}, not {day!r}")
        arg = 0
        if effect == "extra_contracts":
            cr = c.get(o, "craftsman", str, w)
            c.require(cr in names, f"{w}.craftsman", f"{cr!r} is not one of the craftsmen")
            arg = names.index(cr)
            arg = arg * 100 + _int(c, o, "count", w, 1, fields)
        elif effect == "recall":
            st = c.get(o, "street", str, w)
            c.require(st in STREET_DAYS and DAYS.index(st) < DAYS.index(day), f"{w}.street", "must be the street field of an earlier day (tuesday to thursday)")
            arg = STREET_DAYS.index(st) * 100 + _int(c, o, "count", w, 1, 10)
        elif effect == "foreign_merchants":
            c.require(_int(c, o, "stalls", w, EXTRA_STALLS, EXTRA_STALLS) == EXTRA_STALLS, f"{w}.stalls", f"must be {EXTRA_STALLS}")
            arg = _int(c, o, "size", w, 1, 10)
        elif effect == "draw_materials":
            arg = _int(c, o, "count", w, 1, 5)
        elif effect == "extra_hold":
            arg = _int(c, o, "value", w, 0, 100)
        elif effect == "sail_now":
            arg = _int(c, o, "count", w, 1, PORT)
        elif effect == "extra_relics":
            arg = _int(c, o, "count", w, 1, extra_places)
        elif effect == "fewer_members":
            arg = _int(c, o, "count", w, 1, 3)
        elif effect == "exchange":
            arg = _int(c, o, "limit", w, 1, 5)
        ord_out.append(Ordinance(DAYS.index(day), effect, arg, c.get(o, "en", str, w), c.get(o, "de", str, w)))

    return Components(
        raw=raw, materials=materials, materials_per_type=per_mat, goods=goods, goods_per_type=per_good,
        craftsmen=tuple(names), recipes=tuple(recipes), products=tuple(products), contract_fields=fields,
        cities=cities, currencies=currencies, family_cards=tuple(fam), members_per_colour=per_colour,
        members_by_players=members, start_money=start_money, start_materials=start_mats,
        start_goods=start_goods, weeks=weeks, relic_display=display, extra_relic_places=extra_places,
        week_cards=tuple(week_cards), ships=tuple(ships_out), relic_price=relic_price,
        relic_points=relic_points, window_points=window_points, ordinances=tuple(ord_out),
        hold_need=tuple(
            tuple(tuple((g, need.count(g)) for g in sorted(set(need))) for need, _value in ship.holds)
            for ship in ships_out
        ),
    )


_BUNDLED: Components | None = None


def bundled() -> Components:
    """The components shipped with the package (validated once per process)."""
    global _BUNDLED
    if _BUNDLED is None:
        _BUNDLED = validate(load_packaged_json("reichsstadt.games.colonia", "components.json"), "colonia components.json")
    return _BUNDLED
