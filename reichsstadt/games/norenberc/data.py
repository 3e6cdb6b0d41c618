"""Norenberc component data: the bundled components.json (or a user's own file),
validated on load with errors naming the entry, turned into flat per-tile tables the rules
read.

Tile ids: artisans first, guild by guild (guild g owns ids 11*g .. 11*g+10), then the
citizens in file order (ids 66, 67, ...).

Names: the bundled guilds and goods have catalog entries (norenberc.guild.<key>,
norenberc.good.<key>); a guild or good that a user's file names differently keeps the
file's own words (`guild_keys[g]` / `good_keys[g]` is None for it)."""

from __future__ import annotations

from typing import Any

from reichsstadt.core.datafile import TOP, Check, file_words, load_packaged_json, quoted, too_long, type_words
from reichsstadt.core.messages import Message

from .constants import (
    ARTISAN, ARTISANS, ARTISANS_PER_GUILD, FOREMAN, GUILDS, MAX_AGENTS, MAX_CITIZENS, MAX_CRESTS, MAX_GOODS,
    MAX_MONEY, MAX_PEDDLER_WORTH, MAX_TILE_VALUE, MUSICIAN, NOBLE, ROOMS, SYMBOL, TILE_KIND_KEYS, VALUED,
)

FORMAT = 1
"""The data file format this engine reads ("format" in the file)."""

GUILD_KEYS = ("brewers", "bakers", "shoemakers", "printers", "tailors", "hatters")
GOOD_KEYS = ("beer", "pastry", "shoe", "page", "clothing", "hat")
"""The catalog keys of the bundled guilds and goods, in guild order."""

KIND_CODES = {key: code for code, key in enumerate(TILE_KIND_KEYS) if code != ARTISAN}

# The keys each object of the file may have (anything else is refused: a misspelt key
# would otherwise be ignored in silence).
TOP_KEYS = ("format", "_about", "guilds", "citizens", "goods_per_guild", "crests_per_guild", "prestige_crests",
            "agents_start", "agents_max", "start_money", "income", "peddler_worth", "citizens_kept", "rooms")
GUILD_FIELDS = ("name", "good", "goods", "artisans")
ARTISAN_FIELDS = ("value", "agent_plus")
KEPT_KEYS = ("2", "3", "4", "5")

VALUE_WORDS = {MUSICIAN: "data.norenberc.value.income", NOBLE: "data.norenberc.value.points",
               FOREMAN: "data.norenberc.value.artisan"}
"""What a valued citizen's printed number is (constants.VALUED, in the reader's words)."""


class Components:
    """Validated component data, as flat tuples indexed by tile id or guild."""

    __slots__ = (
        "raw", "bundled", "guild_names", "good_names", "goods_names", "guild_keys", "good_keys", "tile_kind",
        "tile_guild", "tile_value", "tile_agent", "citizens", "goods_per_guild", "crests_per_guild",
        "prestige_crests", "agents_start", "agents_max", "start_money", "income", "peddler_worth",
        "citizens_kept", "rooms", "tiles",
    )

    raw: dict[str, Any]              # the file as read (a record keeps a user's file whole)
    bundled: bool                    # the bundled components.json
    guild_names: tuple[str, ...]     # per guild, the file's words: "Brewers"
    good_names: tuple[str, ...]      # "beer"
    goods_names: tuple[str, ...]     # "beers"
    guild_keys: tuple[str | None, ...]   # the catalog key of each guild's name; None: the file's own
    good_keys: tuple[str | None, ...]    # the catalog key of each good's name; None: the file's own
    # per tile id
    tile_kind: tuple[int, ...]       # ARTISAN or a citizen kind (constants)
    tile_guild: tuple[int, ...]      # an artisan's guild; -1 for citizens
    tile_value: tuple[int, ...]      # the printed number (0 for a citizen without one)
    tile_agent: tuple[bool, ...]     # the artisan shows "Agent +"
    citizens: int                    # how many citizens the file lists
    goods_per_guild: int
    crests_per_guild: int
    prestige_crests: int
    agents_start: int
    agents_max: int
    start_money: int
    income: int
    peddler_worth: int               # what a Peddler with its good counts for the favourite
    citizens_kept: dict[int, int]    # by player count: the citizens kept in the pile
    # per room: the ways to pay, each (goods of the guild, goods of any type)
    rooms: tuple[tuple[tuple[int, int], ...], ...]
    tiles: tuple[dict[str, Any], ...]    # per tile id, its JSON form for views (keys, no words)

    def __init__(self, raw: dict[str, Any], bundled: bool) -> None:
        self.raw = raw
        self.bundled = bundled
        c = Check(file_words(raw))
        if not isinstance(raw, dict):
            c.fail(TOP, Message("data.not_object", kind=type_words(type(raw)), value=quoted(raw)))
        c.values(raw)
        c.of_this_game(raw, ("guilds", "citizens", "rooms"))
        _only(c, raw, TOP_KEYS, TOP)
        c.note(raw, "_about")
        version = c.get(raw, "format", int)
        c.require(version == FORMAT, "format", Message("data.norenberc.format", found=version, format=FORMAT))
        kind, guild, value, agent = _artisans(c, raw)
        citizens = c.get(raw, "citizens", list)
        c.require(20 <= len(citizens) <= MAX_CITIZENS, "citizens",
                  Message("data.norenberc.citizens", most=MAX_CITIZENS, count=len(citizens)))
        for i, entry in enumerate(citizens):
            code, v = _citizen(c, entry, f"citizens[{i}]")
            kind.append(code)
            guild.append(-1)
            value.append(v)
            agent.append(False)
        self._names(raw["guilds"], bundled)
        self.tile_kind = tuple(kind)
        self.tile_guild = tuple(guild)
        self.tile_value = tuple(value)
        self.tile_agent = tuple(agent)
        self.citizens = len(citizens)
        self._numbers(c, raw)
        self.rooms = _rooms(c, raw)
        self.tiles = tuple(self._tile_json(t) for t in range(len(kind)))

    def _names(self, guilds: list[dict[str, Any]], bundled: bool) -> None:
        """The guilds' and goods' names, and their catalog keys where the names are the
        bundled file's (a file's own names are shown as written)."""
        names = [g["name"] for g in guilds]
        goods = [g["good"] for g in guilds]
        goods_pl = [g["goods"] for g in guilds]
        self.guild_names = tuple(names)
        self.good_names = tuple(goods)
        self.goods_names = tuple(goods_pl)
        catalog = _catalog_names() if not bundled else None
        self.guild_keys = tuple(
            GUILD_KEYS[g] if catalog is None or catalog[g][0] == names[g] else None for g in range(GUILDS))
        self.good_keys = tuple(
            GOOD_KEYS[g] if catalog is None or catalog[g][1:] == (goods[g], goods_pl[g]) else None
            for g in range(GUILDS))

    def _numbers(self, c: Check, raw: dict[str, Any]) -> None:
        """The box's numbers: goods, crests, agents, money, the Peddler, citizens kept."""
        def number(key: str, low: int, high: int) -> int:
            v: int = c.get(raw, key, int)
            c.require(low <= v <= high, key, Message("data.between", low=low, high=high, value=v))
            return v

        self.goods_per_guild = number("goods_per_guild", 1, MAX_GOODS)
        self.crests_per_guild = number("crests_per_guild", 0, MAX_CRESTS)
        self.prestige_crests = number("prestige_crests", 0, MAX_CRESTS)
        self.agents_max = number("agents_max", 1, MAX_AGENTS)
        self.agents_start = number("agents_start", 1, MAX_AGENTS)
        c.at_most(self.agents_start, "agents_start", self.agents_max, "agents_max")
        self.start_money = number("start_money", 0, MAX_MONEY)
        self.income = number("income", 0, MAX_MONEY)
        self.peddler_worth = number("peddler_worth", 1, MAX_PEDDLER_WORTH)
        kept = c.get(raw, "citizens_kept", dict)
        _only(c, kept, KEPT_KEYS, "citizens_kept")
        self.citizens_kept = {}
        for n in range(2, 6):
            v = c.get(kept, str(n), int, "citizens_kept")
            c.require(0 <= v <= MAX_CITIZENS, f"citizens_kept.{n}",
                      Message("data.between", low=0, high=MAX_CITIZENS, value=v))
            c.agree(v <= self.citizens,   # the pile is drawn from the citizens the file lists
                    Message("data.norenberc.kept", count=self.citizens, field=f"citizens_kept.{n}", value=v))
            self.citizens_kept[n] = v

    def _tile_json(self, t: int) -> dict[str, Any]:
        k = self.tile_kind[t]
        if k == ARTISAN:
            return {"id": t, "kind": "artisan", "guild": self.tile_guild[t], "value": self.tile_value[t],
                    "agent_plus": self.tile_agent[t]}
        out: dict[str, Any] = {"id": t, "kind": TILE_KIND_KEYS[k], "symbol": SYMBOL[k]}
        if k in VALUED:
            out["value"] = self.tile_value[t]
        return out

    @property
    def tile_count(self) -> int:
        return ARTISANS + self.citizens


def _artisans(c: Check, raw: dict[str, Any]) -> tuple[list[int], list[int], list[int], list[bool]]:
    """The six guilds and their eleven artisans each: (kind, guild, value, Agent +) per tile."""
    guilds = c.get(raw, "guilds", list)
    c.require(len(guilds) == GUILDS, "guilds", Message("data.norenberc.guilds", count=GUILDS, found=len(guilds)))
    kind: list[int] = []
    guild: list[int] = []
    value: list[int] = []
    agent: list[bool] = []
    for g, entry in enumerate(guilds):
        at = f"guilds[{g}]"
        for key in ("name", "good", "goods"):
            text = c.get(entry, key, str, at)
            c.require(bool(text.strip()), f"{at}.{key}", Message("data.empty", value=quoted(text)))
            c.require(len(text) <= MAX_NAME, f"{at}.{key}", too_long(text, MAX_NAME))
        _only(c, entry, GUILD_FIELDS, at)
        artisans = c.get(entry, "artisans", list, at)
        c.require(len(artisans) == ARTISANS_PER_GUILD, f"{at}.artisans",
                  Message("data.norenberc.artisans", count=ARTISANS_PER_GUILD, found=len(artisans)))
        for i, a in enumerate(artisans):
            where = f"{at}.artisans[{i}]"
            v = c.get(a, "value", int, where)
            c.require(1 <= v <= MAX_TILE_VALUE, f"{where}.value",
                      Message("data.between", low=1, high=MAX_TILE_VALUE, value=v))
            plus = c.get(a, "agent_plus", bool, where)
            _only(c, a, ARTISAN_FIELDS, where)
            kind.append(ARTISAN)
            guild.append(g)
            value.append(v)
            agent.append(plus)
    _distinct(c, guilds)
    return kind, guild, value, agent


MAX_NAME = 40
"""The most characters of a guild's or a good's name (the board and the screens have room for them)."""


def _distinct(c: Check, guilds: list[dict[str, Any]]) -> None:
    """Each guild and its good have names of their own: two alike could not be told apart."""
    for key in ("name", "good", "goods"):
        seen: dict[str, int] = {}
        for g, entry in enumerate(guilds):
            word = entry[key].strip().casefold()
            c.require(word not in seen, f"guilds[{g}].{key}",
                      Message("data.norenberc.twice", name=repr(entry[key]), other=f"guilds[{seen.get(word)}].{key}"))
            seen[word] = g


def _citizen(c: Check, entry: Any, where: str) -> tuple[int, int]:
    """A citizen tile: its kind's code and its printed number (0 for a kind without one)."""
    k = c.get(entry, "kind", str, where)
    c.require(k in KIND_CODES, f"{where}.kind", Message("data.one_of", known=", ".join(KIND_CODES), value=repr(k)))
    code = KIND_CODES[k]
    if code not in VALUED:
        _only(c, entry, ("kind",), where, unnumbered=k)
        return code, 0
    v: int = c.get(entry, "value", int, where)
    c.require(1 <= v <= MAX_TILE_VALUE, f"{where}.value",
              Message("data.norenberc.citizen_value", number=Message(VALUE_WORDS[code]), most=MAX_TILE_VALUE, value=v))
    _only(c, entry, ("kind", "value"), where)
    return code, v


def _rooms(c: Check, raw: dict[str, Any]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """"Embaucher": the four rooms' prices, each one or two ways to pay [goods of the
    guild, goods of any type]."""
    rooms = c.get(raw, "rooms", list)
    c.require(len(rooms) == ROOMS, "rooms", Message("data.norenberc.rooms", count=ROOMS, found=len(rooms)))
    parsed = []
    for r, forms in enumerate(rooms):
        at = f"rooms[{r}]"
        c.require(isinstance(forms, list) and 1 <= len(forms) <= 2, at,
                  Message("data.norenberc.ways", value=quoted(forms)))
        ways = []
        for f, form in enumerate(forms):
            w = f"{at}[{f}]"
            ok = (
                isinstance(form, list) and len(form) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in form)
            )
            c.require(ok, w, Message("data.norenberc.price", value=quoted(form)))
            c.require(1 <= form[0] <= 6, w, Message("data.norenberc.price_guild", value=form[0]))
            c.require(0 <= form[1] <= 2, w, Message("data.norenberc.price_any", value=form[1]))
            ways.append((form[0], form[1]))
        parsed.append(tuple(ways))
    return tuple(parsed)


def _only(c: Check, obj: dict[str, Any], known: tuple[str, ...], where: str | Message,
          unnumbered: str = "") -> None:
    """Refuse a key the format does not have, naming it and the keys there may be (and, for
    a citizen whose kind is `unnumbered`, that it has no printed number)."""
    for key in obj:
        if key not in known:
            at = f"{where}.{key}" if where != TOP else key
            if unnumbered:
                c.fail(at, Message("data.norenberc.unknown_key_unnumbered", kind=unnumbered, known=", ".join(known)))
            c.fail(at, Message("data.norenberc.unknown_key", known=", ".join(known)))


_BUNDLED: Components | None = None
_CATALOG_NAMES: tuple[tuple[str, str, str], ...] | None = None


def _catalog_names() -> tuple[tuple[str, str, str], ...]:
    """The bundled file's (guild, good, goods) words: those the catalog has entries for."""
    global _CATALOG_NAMES
    if _CATALOG_NAMES is None:
        raw = load_packaged_json(__package__, "components.json")
        _CATALOG_NAMES = tuple((g["name"], g["good"], g["goods"]) for g in raw["guilds"])
    return _CATALOG_NAMES


def bundled() -> Components:
    global _BUNDLED
    if _BUNDLED is None:
        _BUNDLED = Components(load_packaged_json(__package__, "components.json"), bundled=True)
    return _BUNDLED


def load(raw: Any) -> Components:
    """The components to play with: the bundled file for None, else the user's data."""
    if raw is None:
        return bundled()
    return Components(raw, bundled=False)   # refused as "must be an object" if it is not one
