"""Norenberc component data: the bundled components.json (or a user's own file),
validated on load, turned into flat per-tile tables the rules read.

Tile ids: artisans first, guild by guild (guild g owns ids 11*g .. 11*g+10), then the
citizens in file order (ids 66, 67, ...)."""

from __future__ import annotations

from typing import Any

from reichsstadt.core.datafile import Check, load_packaged_json
from reichsstadt.core.errors import DataFileError

GUILDS = 6
ARTISANS_PER_GUILD = 11
ARTISANS = GUILDS * ARTISANS_PER_GUILD
MAX_CITIZENS = 40
MAX_TILES = ARTISANS + MAX_CITIZENS
MAX_GOODS = 24          # per guild; bounds the sell action's count

# Citizen kinds (tile_kind codes; 0 is an artisan).
ARTISAN = 0
COUNCILLOR, THIEF, GUARD, MUSICIAN, PEDDLER, MAYOR = 1, 2, 3, 4, 5, 6
NOBLE, TAX_COLLECTOR, ENGRAVER, FOREMAN, APPRENTICE = 7, 8, 9, 10, 11

KIND_CODES = {
    "councillor": COUNCILLOR, "thief": THIEF, "guard": GUARD, "musician": MUSICIAN,
    "peddler": PEDDLER, "mayor": MAYOR, "noble": NOBLE, "tax_collector": TAX_COLLECTOR,
    "engraver": ENGRAVER, "foreman": FOREMAN, "apprentice": APPRENTICE,
}
KIND_NAMES = {code: name for name, code in KIND_CODES.items()}
KIND_TITLES = {
    COUNCILLOR: "Councillor", THIEF: "Thief", GUARD: "Guard", MUSICIAN: "Musician",
    PEDDLER: "Peddler", MAYOR: "Mayor", NOBLE: "Noble", TAX_COLLECTOR: "Tax Collector",
    ENGRAVER: "Engraver", FOREMAN: "Foreman", APPRENTICE: "Apprentice",
}
# When a citizen's ability works: star = at once, moon = end of round, sun = end of game.
SYMBOL = {
    COUNCILLOR: "star", THIEF: "star", GUARD: "star", MUSICIAN: "moon", PEDDLER: "moon",
    MAYOR: "moon", NOBLE: "sun", TAX_COLLECTOR: "sun", ENGRAVER: "sun", FOREMAN: "sun",
    APPRENTICE: "sun",
}
# Kinds whose printed number matters (and so must be given in the file).
VALUED = {MUSICIAN: "thalers of income", NOBLE: "victory points", FOREMAN: "artisan value"}
ROOM_LETTERS = "ABCD"


class Components:
    """Validated component data, as flat tuples indexed by tile id or guild."""

    __slots__ = (
        "raw", "bundled", "guild_names", "good_names", "goods_names", "tile_kind", "tile_guild",
        "tile_value", "tile_agent", "citizens", "goods_per_guild", "crests_per_guild",
        "prestige_crests", "agents_start", "agents_max", "start_money", "income",
        "peddler_worth", "citizens_kept", "rooms", "tiles",
    )

    raw: dict[str, Any]
    bundled: bool
    guild_names: tuple[str, ...]
    good_names: tuple[str, ...]
    goods_names: tuple[str, ...]
    # per tile id
    tile_kind: tuple[int, ...]
    tile_guild: tuple[int, ...]    # -1 for citizens
    tile_value: tuple[int, ...]
    tile_agent: tuple[bool, ...]
    citizens: int
    goods_per_guild: int
    crests_per_guild: int
    prestige_crests: int
    agents_start: int
    agents_max: int
    start_money: int
    income: int
    peddler_worth: int
    citizens_kept: dict[int, int]  # by player count
    # per room: the ways to pay, each (goods of the guild, goods of any type)
    rooms: tuple[tuple[tuple[int, int], ...], ...]
    tiles: tuple[dict[str, Any], ...]

    def __init__(self, raw: dict[str, Any], bundled: bool) -> None:
        self.raw = raw
        self.bundled = bundled
        c = Check("norenberc components")
        if not isinstance(raw, dict):
            c.fail("top level", f"must be an object, not {type(raw).__name__}")
        guilds = c.get(raw, "guilds", list)
        c.require(len(guilds) == GUILDS, "guilds", f"must list exactly {GUILDS} guilds, not {len(guilds)}")
        names, goods, goods_pl = [], [], []
        kind, guild, value, agent = [], [], [], []
        for g, entry in enumerate(guilds):
            at = f"guilds[{g}]"
            for key in ("name", "good", "goods"):
                text = c.get(entry, key, str, at)
                c.require(bool(text.strip()), f"{at}.{key}", "must not be empty")
            names.append(entry["name"])
            goods.append(entry["good"])
            goods_pl.append(entry["goods"])
            artisans = c.get(entry, "artisans", list, at)
            c.require(
                len(artisans) == ARTISANS_PER_GUILD, f"{at}.artisans",
                f"must list exactly {ARTISANS_PER_GUILD} artisans, not {len(artisans)}",
            )
            for i, a in enumerate(artisans):
                where = f"{at}.artisans[{i}]"
                v = c.get(a, "value", int, where)
                c.require(1 <= v <= 20, f"{where}.value", f"must be between 1 and 20, not {v}")
                plus = c.get(a, "agent_plus", bool, where)
                kind.append(ARTISAN)
                guild.append(g)
                value.append(v)
                agent.append(plus)
        citizens = c.get(raw, "citizens", list)
        c.require(
            20 <= len(citizens) <= MAX_CITIZENS, "citizens",
            f"must list between 20 and {MAX_CITIZENS} citizens (5 players keep 20), not {len(citizens)}",
        )
        for i, entry in enumerate(citizens):
            where = f"citizens[{i}]"
            k = c.get(entry, "kind", str, where)
            c.require(k in KIND_CODES, f"{where}.kind", f"must be one of {', '.join(KIND_CODES)}, not {k!r}")
            code = KIND_CODES[k]
            v = 0
            if code in VALUED:
                v = c.get(entry, "value", int, where)
                c.require(1 <= v <= 20, f"{where}.value", f"({VALUED[code]}) must be between 1 and 20, not {v}")
            kind.append(code)
            guild.append(-1)
            value.append(v)
            agent.append(False)
        self.guild_names = tuple(names)
        self.good_names = tuple(goods)
        self.goods_names = tuple(goods_pl)
        self.tile_kind = tuple(kind)
        self.tile_guild = tuple(guild)
        self.tile_value = tuple(value)
        self.tile_agent = tuple(agent)
        self.citizens = len(citizens)

        def number(key: str, low: int, high: int) -> int:
            v: int = c.get(raw, key, int)
            c.require(low <= v <= high, key, f"must be between {low} and {high}, not {v}")
            return v

        self.goods_per_guild = number("goods_per_guild", 1, MAX_GOODS)
        self.crests_per_guild = number("crests_per_guild", 0, 20)
        self.prestige_crests = number("prestige_crests", 0, 20)
        self.agents_max = number("agents_max", 1, 20)
        self.agents_start = number("agents_start", 1, self.agents_max)
        self.start_money = number("start_money", 0, 1000)
        self.income = number("income", 0, 1000)
        self.peddler_worth = number("peddler_worth", 1, 100)
        kept = c.get(raw, "citizens_kept", dict)
        self.citizens_kept = {}
        for n in range(2, 6):
            v = c.get(kept, str(n), int, "citizens_kept")
            c.require(
                0 <= v <= len(citizens), f"citizens_kept.{n}",
                f"must be between 0 and the {len(citizens)} citizens listed, not {v}",
            )
            self.citizens_kept[n] = v
        rooms = c.get(raw, "rooms", list)
        c.require(len(rooms) == 4, "rooms", f"must give the prices of exactly 4 rooms, not {len(rooms)}")
        parsed = []
        for r, forms in enumerate(rooms):
            at = f"rooms[{r}]"
            c.require(isinstance(forms, list) and 1 <= len(forms) <= 2, at, "must list 1 or 2 ways to pay")
            ways = []
            for f, form in enumerate(forms):
                w = f"{at}[{f}]"
                ok = (
                    isinstance(form, list) and len(form) == 2
                    and all(isinstance(x, int) and not isinstance(x, bool) for x in form)
                )
                c.require(ok, w, "must be [goods of the guild, goods of any type]")
                c.require(1 <= form[0] <= 6, w, f"must ask 1 to 6 goods of the guild, not {form[0]}")
                c.require(0 <= form[1] <= 2, w, f"must ask 0 to 2 goods of any type, not {form[1]}")
                ways.append((form[0], form[1]))
            parsed.append(tuple(ways))
        self.rooms = tuple(parsed)
        self.tiles = tuple(self._tile_json(t) for t in range(len(kind)))

    def _tile_json(self, t: int) -> dict[str, Any]:
        k = self.tile_kind[t]
        if k == ARTISAN:
            g = self.tile_guild[t]
            return {
                "id": t, "kind": "artisan", "guild": g, "value": self.tile_value[t],
                "agent_plus": self.tile_agent[t], "name": f"{self.guild_names[g]} artisan {self.tile_value[t]}",
            }
        out = {"id": t, "kind": KIND_NAMES[k], "symbol": SYMBOL[k], "name": self.tile_name(t)}
        if k in VALUED:
            out["value"] = self.tile_value[t]
        return out

    def tile_name(self, t: int) -> str:
        k = self.tile_kind[t]
        if k == ARTISAN:
            g = self.tile_guild[t]
            plus = ", Agent+" if self.tile_agent[t] else ""
            return f"{self.guild_names[g][:-1]} {self.tile_value[t]}{plus}"
        if k in VALUED:
            return f"{KIND_TITLES[k]} ({self.tile_value[t]})"
        return KIND_TITLES[k]

    def goods_word(self, t: int, count: int) -> str:
        return f"{count} {self.good_names[t] if count == 1 else self.goods_names[t]}"

    @property
    def tile_count(self) -> int:
        return ARTISANS + self.citizens


_BUNDLED: Components | None = None


def bundled() -> Components:
    global _BUNDLED
    if _BUNDLED is None:
        _BUNDLED = Components(load_packaged_json(__package__, "components.json"), bundled=True)
    return _BUNDLED


def load(raw: Any) -> Components:
    """The components to play with: the bundled file for None, else the user's data."""
    if raw is None:
        return bundled()
    if not isinstance(raw, dict):
        raise DataFileError(f"norenberc components: top level: must be an object, not {type(raw).__name__}")
    return Components(raw, bundled=False)
