"""Colonia's component data: loaded from one JSON file and validated on load.

The counts of every component (5 materials, 14 week cards, 16 ships, 48 relic cards,
18 ordinances, ...) are fixed because the action space is; the values on them (stall
sizes, hold values, prices, points, member counts) and the names may be corrected by the
user. The file says its format (`"format": 1`); a file of another format, or with a key
this format does not know (a typo such as "shrine_prize" would otherwise be ignored and
the default silently kept), is refused with the key's place in the file."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.datafile import TOP, Check, Words, either, file_words, load_packaged_json, not_object, quoted, too_long
from ...core.messages import Message
from .constants import (
    CARDS_PER_CITY, DAYS, EFFECT_DAYS, EFFECTS, EXTRA_HOLD_VALUE, EXTRA_STALLS, FAMILY_VALUES, MAX_DISPLAY,
    MAX_EXCHANGE, MAX_HOLDS, MAX_PLAYERS, MAX_RECALL, MAX_STALLS, MAX_TAKE, N_CITIES, N_CRAFTSMEN, N_GOODS,
    N_MATERIALS, N_ORDINANCES, N_SHIPS, N_WEEK_CARDS, PORT, RELICS_PER_CITY, STREET_DAYS,
)

FORMAT = 1
"""The one format of components file this version reads."""

# every key each object of the file may hold ("_about": a note for the reader of the file)
_TOP_KEYS = ("format", "_about", "materials", "materials_per_type", "goods", "goods_per_type", "craftsmen",
             "contract_fields", "cities", "family_cards", "members_per_colour", "members_by_players", "start",
             "weeks", "port_places", "relic_display", "extra_relic_places", "week_cards", "ships", "relics",
             "church_windows", "ordinances")
# an ordinance's own keys besides day, effect and its printed text (en, de)
_EFFECT_KEYS = {
    "more_per_stall": (), "foreign_merchants": ("stalls", "size"), "draw_materials": ("count",),
    "extra_contracts": ("craftsman", "count"), "recall": ("street", "count"), "extra_hold": ("value",),
    "sail_now": ("count",), "roll_good": (), "extra_relics": ("count",), "fewer_members": ("count",),
    "exchange": ("limit",),
}


@dataclass(frozen=True)
class WeekCard:
    stalls: tuple[int, ...]      # materials on each market stall
    contracts: tuple[int, ...]   # ordinary contracts per craftsman
    dice: int                    # extra-contract dice
    ships: int                   # ships that sail on Saturday


@dataclass(frozen=True)
class Ship:
    city: int                                        # its destination, whose currency it pays
    holds: tuple[tuple[tuple[int, ...], int], ...]   # (goods as indices, value) per hold


@dataclass(frozen=True)
class Ordinance:
    day: int                     # index into DAYS: the day it is voted on
    effect: str                  # one of EFFECTS
    amount: int                  # the number on the card: materials per foreign stall, materials
                                 # drawn, extra contracts, members recalled, the extra hold's value,
                                 # ships sailing, relics added, members fewer, money exchanged
    craftsman: int = -1          # extra_contracts: the craftsman
    street: int = -1             # recall: the street field (index into STREET_DAYS)


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
    extra_hold_value: int                  # what an extra hold pays (its ordinance card's value)
    hold_need: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = ()
    """per ship, per hold: (good, how many) pairs (derived from `ships`)"""

    @staticmethod
    def card_city(card: int) -> int:
        return card // CARDS_PER_CITY

    @staticmethod
    def is_shrine(card: int) -> bool:
        return card % CARDS_PER_CITY == RELICS_PER_CITY


def _keys(c: Check, obj: Any, allowed: tuple[str, ...], where: str) -> None:
    """Refuse a key the format does not know, naming it and where it is."""
    if isinstance(obj, dict):
        for key in obj:
            c.require(key in allowed, f"{where}.{key}" if where else str(key),
                      Message("data.colonia.unknown_key", known=", ".join(allowed)))


def _int(c: Check, obj: Any, key: str, where: str, lo: int, hi: int) -> int:
    v: int = c.get(obj, key, int, where)
    at = f"{where}.{key}" if where else key
    if lo == hi:   # a number the format fixes
        c.require(v == lo, at, Message("data.must_be_not", want=lo, value=v))
    c.require(lo <= v <= hi, at, Message("data.between", low=lo, high=hi, value=v))
    return v


def _names(c: Check, obj: Any, key: str, count: int) -> tuple[str, ...]:
    v = c.get(obj, key, list)
    c.require(len(v) == count, key, Message("data.colonia.names", count=count, found=len(v)))
    for i, name in enumerate(v):
        _name(c, name, f"{key}[{i}]")
    _different(c, v, key, "data.colonia.names_differ")
    return tuple(v)


def _different(c: Check, names: list[Any], where: str, message: str) -> None:
    """Refuse a name given twice in `names`, saying which (`message`: whose names they are)."""
    twice = next((x for i, x in enumerate(names) if x in names[:i]), None)
    c.require(twice is None, where, Message(message, value=quoted(twice)))


MAX_NAME = 40
"""The most characters of a name in the file (the board and the screens have room for them)."""


def _name(c: Check, name: Any, where: str) -> None:
    c.require(isinstance(name, str) and name.strip() != "", where, Message("data.colonia.name", value=quoted(name)))
    c.require(len(name) <= MAX_NAME, where, too_long(name, MAX_NAME))


def _format(c: Check, raw: Any) -> None:
    c.require(isinstance(raw, dict), TOP, not_object(raw))
    c.values(raw)
    c.of_this_game(raw, ("materials", "craftsmen", "week_cards"))
    version = c.get(raw, "format", int)
    c.require(version == FORMAT, "format", Message("data.colonia.format", found=version, format=FORMAT))
    _keys(c, raw, _TOP_KEYS, "")
    c.note(raw, "_about")


MOST_MEMBERS = 200
"""The most family members of one colour (the box has 38)."""
MOST_FIELDS = 20
"""The most contract fields of a craftsman (the board has 5)."""


def validate(raw: Any, what: Words | None = None) -> Components:
    """The components of a data file, or DataFileError naming the broken entry (the file
    as `what` says, else as file_words says)."""
    c = Check(file_words(raw) if what is None else what)
    _format(c, raw)
    materials = _names(c, raw, "materials", N_MATERIALS)
    goods = _names(c, raw, "goods", N_GOODS)
    per_mat = _int(c, raw, "materials_per_type", "", 1, 1000)
    per_good = _int(c, raw, "goods_per_type", "", 1, 1000)
    names, recipes, products = _craftsmen(c, raw, materials, goods)
    fields = _int(c, raw, "contract_fields", "", 1, MOST_FIELDS)
    cities, currencies = _cities(c, raw)
    fam = c.get(raw, "family_cards", list)
    c.require(tuple(fam) == FAMILY_VALUES, "family_cards",
              Message("data.must_be_not", want=str(list(FAMILY_VALUES)), value=quoted(fam)))
    per_colour = _int(c, raw, "members_per_colour", "", 1, MOST_MEMBERS)
    mbp = c.get(raw, "members_by_players", dict)
    _keys(c, mbp, ("3", "4", "5", "6"), "members_by_players")
    members = {n: _int(c, mbp, str(n), "members_by_players", 1, MOST_MEMBERS) for n in range(3, 7)}
    for n, count in members.items():   # the members a family plays with come out of its colour's
        c.at_most(count, f"members_by_players.{n}", per_colour, "members_per_colour")
    start = c.get(raw, "start", dict)
    _keys(c, start, ("money_per_currency", "materials", "goods_by_die"), "start")
    start_money = _int(c, start, "money_per_currency", "start", 0, 1000)
    start_mats = _int(c, start, "materials", "start", 0, 10)
    start_goods = _int(c, start, "goods_by_die", "start", 0, 5)
    weeks = _int(c, raw, "weeks", "", 1, 6)
    _int(c, raw, "port_places", "", PORT, PORT)
    display = _int(c, raw, "relic_display", "", 1, 10)
    extra_places = _int(c, raw, "extra_relic_places", "", 0, MAX_DISPLAY - 10)
    c.agree(start_mats * MAX_PLAYERS <= per_mat * N_MATERIALS,
            Message("data.colonia.bag", per_type=per_mat, bag=per_mat * N_MATERIALS, value=start_mats,
                    players=MAX_PLAYERS, need=start_mats * MAX_PLAYERS))
    week_cards = _week_cards(c, raw, fields)
    ships_out = _ships(c, raw, cities, goods)
    relic_price, relic_points = _relics(c, raw)
    windows = c.get(raw, "church_windows", dict)
    _keys(c, windows, ("points",), "church_windows")
    window_points = _int(c, windows, "points", "church_windows", 0, 100)
    ords = c.get(raw, "ordinances", list)
    c.require(len(ords) == N_ORDINANCES, "ordinances",
              Message("data.colonia.ordinances", count=N_ORDINANCES, found=len(ords)))
    ord_out = [_ordinance(c, o, f"ordinances[{i}]", names, fields, extra_places) for i, o in enumerate(ords)]
    return Components(
        raw=raw, materials=materials, materials_per_type=per_mat, goods=goods, goods_per_type=per_good,
        craftsmen=tuple(names), recipes=tuple(recipes), products=tuple(products), contract_fields=fields,
        cities=cities, currencies=currencies, family_cards=tuple(fam), members_per_colour=per_colour,
        members_by_players=members, start_money=start_money, start_materials=start_mats,
        start_goods=start_goods, weeks=weeks, relic_display=display, extra_relic_places=extra_places,
        week_cards=tuple(week_cards), ships=tuple(ships_out), relic_price=relic_price,
        relic_points=relic_points, window_points=window_points, ordinances=tuple(ord_out),
        extra_hold_value=next((o.amount for o in ord_out if o.effect == "extra_hold"), EXTRA_HOLD_VALUE),
        hold_need=tuple(
            tuple(tuple((g, need.count(g)) for g in sorted(set(need))) for need, _value in ship.holds)
            for ship in ships_out
        ),
    )


def _craftsmen(c: Check, raw: Any, materials: tuple[str, ...],
               goods: tuple[str, ...]) -> tuple[list[str], list[tuple[int, int]], list[int]]:
    """p. 18: each craftsman takes two different materials and makes one good; each good
    has one craftsman."""
    crafts = c.get(raw, "craftsmen", list)
    c.require(len(crafts) == N_CRAFTSMEN, "craftsmen",
              Message("data.colonia.craftsmen", count=N_CRAFTSMEN, found=len(crafts)))
    names, recipes, products = [], [], []
    for i, cr in enumerate(crafts):
        w = f"craftsmen[{i}]"
        names.append(c.get(cr, "name", str, w))
        _name(c, names[-1], f"{w}.name")
        _keys(c, cr, ("name", "inputs", "good"), w)
        inputs = c.get(cr, "inputs", list, w)
        c.require(len(inputs) == 2 and all(m in materials for m in inputs) and inputs[0] != inputs[1],
                  f"{w}.inputs", Message("data.colonia.inputs", value=quoted(inputs)))
        recipes.append((materials.index(inputs[0]), materials.index(inputs[1])))
        good = c.get(cr, "good", str, w)
        c.require(good in goods, f"{w}.good", Message("data.colonia.not_good", value=repr(good)))
        products.append(goods.index(good))
    unmade = next((g for g in range(N_GOODS) if g not in products), None)
    c.require(unmade is None, "craftsmen", Message("data.colonia.one_craftsman", good=quoted(goods[unmade or 0])))
    _different(c, names, "craftsmen", "data.colonia.craftsmen_differ")
    return names, recipes, products


def _cities(c: Check, raw: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The four cities and their currencies."""
    cities_raw = c.get(raw, "cities", list)
    c.require(len(cities_raw) == N_CITIES, "cities",
              Message("data.colonia.cities", count=N_CITIES, found=len(cities_raw)))
    for i, x in enumerate(cities_raw):
        _keys(c, x, ("city", "currency"), f"cities[{i}]")
    cities = tuple(c.get(x, "city", str, f"cities[{i}]") for i, x in enumerate(cities_raw))
    currencies = tuple(c.get(x, "currency", str, f"cities[{i}]") for i, x in enumerate(cities_raw))
    for i in range(N_CITIES):
        _name(c, cities[i], f"cities[{i}].city")
        _name(c, currencies[i], f"cities[{i}].currency")
    _different(c, list(cities), "cities", "data.colonia.cities_differ")
    _different(c, list(currencies), "cities", "data.colonia.currencies_differ")
    return cities, currencies


def _counts(c: Check, values: Any, where: str, low: int, high: int, what: str) -> None:
    """Each of `values` a whole number from `low` to `high`; the message `what` says so,
    with the value the file gives ({value}) and the highest ({most})."""
    for j, v in enumerate(values):
        ok = isinstance(v, int) and not isinstance(v, bool) and low <= v <= high
        c.require(ok, f"{where}[{j}]", Message(what, most=high, value=quoted(v)))


def _week_cards(c: Check, raw: Any, fields: int) -> list[WeekCard]:
    """p. 14: the week cards: stalls, each craftsman's ordinary contracts, dice, ships."""
    wc = c.get(raw, "week_cards", list)
    c.require(len(wc) == N_WEEK_CARDS, "week_cards",
              Message("data.colonia.week_cards", count=N_WEEK_CARDS, found=len(wc)))
    week_cards = []
    for i, card in enumerate(wc):
        w = f"week_cards[{i}]"
        _keys(c, card, ("stalls", "contracts", "dice", "ships"), w)
        stalls = c.get(card, "stalls", list, w)
        c.require(1 <= len(stalls) <= MAX_STALLS, f"{w}.stalls",
                  Message("data.colonia.stalls", most=MAX_STALLS, found=len(stalls)))
        _counts(c, stalls, f"{w}.stalls", 1, 10, "data.colonia.stall")
        con = c.get(card, "contracts", list, w)
        c.require(len(con) == N_CRAFTSMEN, f"{w}.contracts",
                  Message("data.colonia.contracts", count=N_CRAFTSMEN, found=len(con)))
        _counts(c, con, f"{w}.contracts", 0, MOST_FIELDS, "data.colonia.number")
        for j, n in enumerate(con):   # a craftsman's contracts lie on its contract fields
            c.at_most(n, f"{w}.contracts[{j}]", fields, "contract_fields")
        dice = _int(c, card, "dice", w, 0, 12)
        ships = _int(c, card, "ships", w, 0, PORT)
        week_cards.append(WeekCard(tuple(stalls), tuple(con), dice, ships))
    return week_cards


def _ships(c: Check, raw: Any, cities: tuple[str, ...], goods: tuple[str, ...]) -> list[Ship]:
    """p. 20-21: the ships, their cities and their holds (the goods shown, the value paid)."""
    sh = c.get(raw, "ships", list)
    c.require(len(sh) == N_SHIPS, "ships", Message("data.colonia.ships", count=N_SHIPS, found=len(sh)))
    ships_out = []
    for i, s in enumerate(sh):
        w = f"ships[{i}]"
        _keys(c, s, ("city", "holds"), w)
        city = c.get(s, "city", str, w)
        c.require(city in cities, f"{w}.city", Message("data.colonia.not_city", value=repr(city)))
        holds = c.get(s, "holds", list, w)
        c.require(1 <= len(holds) <= MAX_HOLDS, f"{w}.holds",
                  Message("data.colonia.holds", most=MAX_HOLDS, found=len(holds)))
        hs = []
        for j, h in enumerate(holds):
            hw = f"{w}.holds[{j}]"
            _keys(c, h, ("goods", "value"), hw)
            g = c.get(h, "goods", list, hw)
            c.require(1 <= len(g) <= 3 and all(x in goods for x in g), f"{hw}.goods",
                      Message("data.colonia.hold_goods", value=quoted(g)))
            value = _int(c, h, "value", hw, 1, 100)
            hs.append((tuple(sorted(goods.index(x) for x in g)), value))
        ships_out.append(Ship(cities.index(city), tuple(hs)))
    return ships_out


def _relics(c: Check, raw: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """p. 21-23: the relics' prices and points (the same in every city) and the shrine's
    price: per relic card, its price and its points (a shrine scores none of its own)."""
    rel = c.get(raw, "relics", dict)
    _keys(c, rel, ("prices", "points", "shrine_price"), "relics")
    prices = c.get(rel, "prices", list, "relics")
    points = c.get(rel, "points", list, "relics")
    c.require(len(prices) == RELICS_PER_CITY, "relics.prices",
              Message("data.colonia.prices", count=RELICS_PER_CITY, found=len(prices)))
    c.require(len(points) == RELICS_PER_CITY, "relics.points",
              Message("data.colonia.points", count=RELICS_PER_CITY, found=len(points)))
    _counts(c, prices, "relics.prices", 0, 1000, "data.colonia.whole")
    _counts(c, points, "relics.points", 0, 100, "data.colonia.whole")
    shrine_price = _int(c, rel, "shrine_price", "relics", 0, 1000)
    return tuple((list(prices) + [shrine_price]) * N_CITIES), tuple((list(points) + [0]) * N_CITIES)


def _ordinance(c: Check, o: Any, w: str, craftsmen: list[str], fields: int, extra_places: int) -> Ordinance:
    """One ordinance card: its day, its effect and the numbers its effect needs."""
    effect = c.get(o, "effect", str, w)
    c.require(effect in EFFECTS, f"{w}.effect",
              Message("data.not_one_of", value=repr(effect), known=", ".join(EFFECTS)))
    _keys(c, o, ("day", "effect", "en", "de", *_EFFECT_KEYS[effect]), w)
    day = c.get(o, "day", str, w)
    c.require(day in EFFECT_DAYS[effect], f"{w}.day",
              Message("data.colonia.day", effect=effect, days=either(EFFECT_DAYS[effect]), value=repr(day)))
    for text in ("en", "de"):  # the card's printed text, kept for the file's reader
        if text in o:
            c.get(o, text, str, w)
    d = DAYS.index(day)
    if effect == "extra_contracts":
        cr = c.get(o, "craftsman", str, w)
        c.require(cr in craftsmen, f"{w}.craftsman", Message("data.colonia.not_craftsman", value=repr(cr)))
        count = _int(c, o, "count", w, 1, MOST_FIELDS)
        c.at_most(count, f"{w}.count", fields, "contract_fields")
        return Ordinance(d, effect, count, craftsman=craftsmen.index(cr))
    if effect == "recall":
        st = c.get(o, "street", str, w)
        c.require(st in STREET_DAYS and DAYS.index(st) < d, f"{w}.street",
                  Message("data.colonia.street", value=quoted(st)))
        return Ordinance(d, effect, _int(c, o, "count", w, 1, MAX_RECALL), street=STREET_DAYS.index(st))
    if effect == "foreign_merchants":
        _int(c, o, "stalls", w, EXTRA_STALLS, EXTRA_STALLS)
        return Ordinance(d, effect, _int(c, o, "size", w, 1, 10))
    limits = {"draw_materials": ("count", MAX_TAKE), "extra_hold": ("value", 100), "sail_now": ("count", PORT),
              "extra_relics": ("count", MAX_DISPLAY - 10), "fewer_members": ("count", 3),
              "exchange": ("limit", MAX_EXCHANGE)}
    if effect in limits:
        key, top = limits[effect]
        low = 0 if effect == "extra_hold" else 1
        amount = _int(c, o, key, w, low, top)
        if effect == "extra_relics":   # the relics it adds lie on the extra places
            c.at_most(amount, f"{w}.{key}", extra_places, "extra_relic_places")
        return Ordinance(d, effect, amount)
    return Ordinance(d, effect, 1)   # more_per_stall: one more; roll_good: one die each


_BUNDLED: Components | None = None


def bundled() -> Components:
    """The components shipped with the package (validated once per process)."""
    global _BUNDLED
    if _BUNDLED is None:
        _BUNDLED = validate(load_packaged_json(__package__, "components.json"))
    return _BUNDLED


def load(raw: Any) -> Components:
    """The components of the `components` option: the bundled ones (None) or a user's file
    (already parsed), validated."""
    return bundled() if raw is None else validate(raw)
