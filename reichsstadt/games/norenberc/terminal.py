"""The Norenberc board in a terminal, drawn from a view (Rich). The only module of the
engine package that imports Rich.

At 120 columns and 5 players the board takes at most 21 lines, leaving a 40-line terminal
room for the play loop's log, moves and prompt. What matters now comes first: whose
decision it is, the guild called and the action under way; then the guilds (one line
each), the players in turn order (one line each), the tiles they own (one line each, for
those who own some) and a one-line key. Long cells and lines fold to a shorter form
where the width is short (`Fold`): the headline drops the names of those still to plan,
the line under it who acts after, a player's plan and owned artisans name guilds by
number; names are never cut. In a terminal too narrow for the guild table (80 columns)
it comes as two: the rooms, then the goods (`Guilds`), rather than with cut cells; the
players' table likewise (`Players`).

Every word comes from the catalog (ids norenberc.terminal.*, and the game's component
names), rendered by the `words` the caller hands in (core.messages.Say); this module
holds no sentence of any language, only symbols (★ ☾ ☀ ♛ ▶ ◀ ·) and numbers."""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from reichsstadt.core.messages import Message, Player, Say

from .present import artisan_name, citizen_name, good_name, goods_count, guild_name, phase_name, room_name

ROUNDS = 4
GUILD_STYLES = ("yellow", "magenta", "green", "cyan", "blue", "red")
SYMBOLS = {"star": "★", "moon": "☾", "sun": "☀"}
PRESTIGE = "♛"
NOTHING = "·"


def _t(part: str, **args: Any) -> Message:
    return Message(f"norenberc.terminal.{part}", **args)


class Fold:
    """Text that folds: the first of its forms that fits the width it is given on one
    line (the last one wraps if none does). In a table cell, the column may shrink to
    the shortest form."""

    def __init__(self, *forms: Text) -> None:
        self.forms = forms

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [f.cell_len for f in self.forms]
        return Measurement(min(min(widths), options.max_width), min(max(widths), options.max_width))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for form in self.forms:
            if form.cell_len <= options.max_width:
                yield form
                return
        yield self.forms[-1]


class Guilds:
    """The guild table where it fits the width; in a narrower terminal two tables, the
    rooms and the goods, rather than one whose cells end in "…" and whose store column
    vanishes."""

    def __init__(self, board: "Board") -> None:
        self.board = board

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # one table where it fits with the store's cells wrapped (only their first word kept
        # to a line), as at 120 columns
        least = self.board.guild_table(store_words=1)
        if Measurement.get(console, options.update_width(10_000), least).maximum <= options.max_width:
            yield self.board.guild_table()
            return
        # the rooms first (whom one may hire), each guild by its name where that fits, else
        # by its number; then the goods
        named = self.board.guild_table("rooms")
        fits = Measurement.get(console, options.update_width(10_000), named).maximum <= options.max_width
        yield named if fits else self.board.guild_table("numbered rooms")
        yield self.board.guild_table("goods")


class Players:
    """The players' table where it fits the width (its plans may wrap); in a narrower
    terminal two tables, the seats and then the goods, rather than cut headers ('Bi…')."""

    def __init__(self, board: "Board") -> None:
        self.board = board

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        least = self.board.player_table("measure")
        if Measurement.get(console, options.update_width(10_000), least).maximum + 12 <= options.max_width:
            yield self.board.player_table()
            return
        yield self.board.player_table("seats")
        yield self.board.player_table("goods")


class Board:
    """One reader's words for one view: `words` in the reader's language, the table's `names`."""

    def __init__(self, view: dict[str, Any], seat: int | None, names: Sequence[str], words: Say) -> None:
        self.view = view
        self.seat = seat
        self.names = list(names)
        self.r = words
        self.table = view["table"]
        self.guilds = self.table["guilds"]
        self.cur: dict[str, Any] = self.table["current"] or {}

    # -- words -----------------------------------------------------------------------------
    def say(self, value: Any, sentence: bool = False) -> str:
        return self.r(value, sentence)

    def name(self, p: int) -> str:
        """A seat as the table calls it (in tables: never cut)."""
        return self.names[p] if 0 <= p < len(self.names) else self.r(Message("core.player", number=p + 1))

    def guild(self, g: int) -> str:
        info = self.guilds[g]
        return self.say(guild_name(info["key"], info["name"]))

    def good(self, t: int) -> str:
        info = self.guilds[t]
        return self.say(good_name(info["good_key"], info["good"]))

    def goods(self, t: int, count: int) -> Message:
        info = self.guilds[t]
        return goods_count(info["good_key"], count, info["good"], info["goods"])

    def value(self, tile: dict[str, Any]) -> str:
        """An artisan as its value, with Agent+ ("2+")."""
        if tile.get("agent_plus"):
            return self.say(_t("agent_plus", value=tile["value"]))
        return str(tile["value"])

    def tile(self, tile: dict[str, Any] | None, home: int | None = None) -> str:
        """A tile in a few characters: an artisan of guild `home` as its value, another
        artisan with its name, a citizen with its symbol, name and number."""
        if not tile:
            return NOTHING
        if tile["kind"] == "artisan":
            if tile["guild"] == home:
                return self.value(tile)
            info = self.guilds[tile["guild"]] if tile["guild"] < len(self.guilds) else {"key": None, "name": None}
            return self.say(_t("artisan", artisan=artisan_name(info["key"], info["name"]), value=self.value(tile)))
        word = self.say(citizen_name(tile["kind"]))
        if "value" in tile:
            word = self.say(_t("valued", citizen=word, value=tile["value"]))
        return SYMBOLS.get(tile.get("symbol", ""), "") + word

    def guild_numbers(self, guilds: Iterable[int]) -> str:
        return " ".join(str(g + 1) for g in guilds)

    # -- the parts of the board ----------------------------------------------------------
    def headline(self) -> RenderableType:
        """Round and turn, and what the game waits for: whose decision, the guild called,
        the step of the action under way."""
        view, table, cur = self.view, self.table, self.cur
        head = Text(self.say(_t("title", round=table["round"], rounds=ROUNDS, turn=table["turn"]), sentence=True),
                    style="bold")
        phase = view["phase"]
        if view["over"]:
            now: list[Text] = [Text(self.say(_t("over")), style="bold")]
        elif phase == "planning":
            waiting = [Player(p) for p in view["to_act"]]
            now = [Text(self.say(_t("planning", players=waiting))),
                   Text(self.say(_t("planning_count", count=len(waiting))))]
        elif cur:
            g, actor, step = cur["guild"], cur["actor"], cur["step"]
            called = Text(self.say(_t("called", guild=self.guild(g))), style=self.style(g))
            decision = self.say(_t("to_act", player=Player(actor), step=_t(f"step.{step}")))
            now = [called + Text(" · ") + Text(decision, style="bold")]
        else:
            now = [Text(self.say(phase_name(phase)))]
        # on one line where it fits; else the shorter form, wrapped
        return Fold(*[head + Text(" · ") + n for n in now])

    def under_way(self) -> RenderableType | None:
        """The action under way, beyond its step: the guest being hired, the Thief's
        victim, the Guard's first artisan, the goods bought; the first turn's purchase
        limit; who acts after."""
        cur = self.cur
        if not cur:
            return None
        actor = cur["actor"]
        parts: list[str] = []
        if cur["hiring"]:
            room = room_name(cur["room"]) if cur["room"] is not None else "?"
            parts.append(self.say(_t("hiring", player=Player(actor), tile=self.tile(cur["hiring"]), room=room),
                                  sentence=True))
        if cur["victim"] is not None:
            parts.append(self.say(_t("victim", player=Player(cur["victim"])), sentence=True))
        if cur["guard_first"]:
            parts.append(self.say(_t("guard_first", tile=self.tile(cur["guard_first"])), sentence=True))
        if cur["step"] == "buy_more":
            parts.append(self.say(_t("bought", count=cur["bought"], limit=cur["buy_limit"]), sentence=True))
        elif cur["buy_limit"] < 3 and cur["step"] == "choose":
            parts.append(self.say(_t("buy_limit", count=cur["buy_limit"]), sentence=True))
        after = [Player(p) for p in cur["still_to_act"] if p != actor]
        full = parts + ([self.say(_t("after", players=after), sentence=True)] if after else [])
        if not full:
            return None
        forms = [Text(" · ".join(full), style="cyan")]
        if parts and after:
            forms.append(Text(" · ".join(parts), style="cyan"))
        return Fold(*forms)

    def style(self, g: int) -> str:
        return GUILD_STYLES[g % len(GUILD_STYLES)]

    def price(self, forms: list[list[int]]) -> str:
        """A room's price in the key's signs: "1G+1", "2G/1G+2"."""
        out = []
        for need_guild, need_any in forms:
            word = self.say(_t("price.guild", count=need_guild))
            if need_any:
                word = self.say(_t("price.any", guild=word, count=need_any))
            out.append(word)
        return "/".join(out)

    def guild_table(self, columns: str = "all", store_words: int | None = None) -> Table:
        """The guilds, one line each. `columns`: "all" (one table, as at 120 columns);
        "rooms" (the guild and its four rooms; "numbered rooms": the guild by its number)
        and "goods" (the guild, price, next masters, store, roof), the two tables a
        narrower terminal gets instead of cut cells.
        `store_words`: the store's cells cut to that many words (to measure the table)."""
        prices = self.table["room_prices"]
        goods, rooms = columns in ("all", "goods"), columns in ("all", "rooms", "numbered rooms")
        t = Table(box=None, pad_edge=False, padding=(0, 1), collapse_padding=True, header_style="bold underline")
        t.add_column(self.say(_t("col.guild"), sentence=True) if columns != "numbered rooms" else "", no_wrap=True)
        if goods:
            t.add_column(self.say(_t("col.price"), sentence=True), justify="center", no_wrap=True)
            t.add_column(self.say(_t("col.next"), sentence=True), justify="center", no_wrap=True)
        for r in range(4 if rooms else 0):
            price = self.price(prices[r]) if r < len(prices) else ""
            t.add_column(self.say(_t("col.room", room=room_name(r), price=price)), justify="center", no_wrap=True)
        if goods:
            t.add_column(self.say(_t("col.store"), sentence=True))
            t.add_column(self.say(_t("col.roof"), sentence=True), justify="center", no_wrap=True)
        for info in self.guilds:
            g = info["guild"]
            name, master, nxt, stock, roof = self.guild_cells(info)
            stock = " ".join(stock.split(" ")[:store_words])
            tiles = [self.tile(x, g) for x in info["rooms"]] if rooms else []
            if goods:
                t.add_row(name, master, nxt, *tiles, stock, roof)
            else:
                t.add_row(Text(str(g + 1), style=self.style(g)) if columns == "numbered rooms" else name, *tiles)
        return t

    def guild_cells(self, info: dict[str, Any]) -> tuple[Text, Text, str, str, str]:
        """A guild's name (with its marks), master, next masters, store and roof."""
        g, cur = info["guild"], self.cur
        name = Text(f"{g + 1} {self.guild(g)}", style=self.style(g))
        if info["prestige_crest"]:
            name.append(f" {PRESTIGE}", style="bold")
        if info["crests"] == 0:
            name.append(" " + self.say(_t("no_crest")), style="dim")
        if cur.get("guild") == g:
            name.append(" ◀", style="bold reverse")
        master = Text(self.value(info["master"]) if info["master"] else NOTHING, style="bold")
        if self.table["round"] == ROUNDS and info["covered"]:
            master.append("/" + self.value(info["covered"]))
        nxt = [self.value(x) for x in info["workshops"] if x]
        if info["top"]:
            nxt.append(self.value(info["top"]) + ("/" + self.value(info["covered"]) if info["covered"] else ""))
        store = info["store"]
        stock = [str(store[g])] + [self.say(_t("store.other", goods=self.goods(k, c)))
                                   for k, c in enumerate(store) if c and k != g]
        roof = str(info["roof"])
        if info["mayors"]:
            roof = self.say(_t("roof.mayors", agents=info["roof"], count=info["mayors"]))
        return name, master, " · ".join(nxt) or NOTHING, " ".join(stock), roof

    def plan(self, p: int) -> Fold:
        """Where a player's cards lie: planning, passed, on the moon, the guilds of the
        reader's own plan, how many face down for the others, "here" at the called guild."""
        view, cur = self.view, self.cur
        e = view["seats"][p]
        state = e.get("planning")
        if view["over"]:
            return Fold(Text(NOTHING))
        if e["moon"]:
            return Fold(Text(self.say(_t("plan.moon"))))
        if state == "passed":
            return Fold(Text(self.say(_t("plan.passes"))))
        if view["table"]["open_planning"] and state == "planning" and p not in view["to_act"]:
            return Fold(Text(self.say(_t("plan.later"))))
        here = bool(cur) and p in cur.get("still_to_act", [])
        mine = e["plan"]
        if mine is not None:
            if state == "planning" and not mine:
                return Fold(Text(self.say(_t("plan.choosing"))))
            guilds = ([cur["guild"]] if here else []) + list(mine)
            words = [self.guild(g) for g in guilds]
            numbers = [str(g + 1) for g in guilds]
            if here:  # the card of the guild called, still to be played
                words[0] = self.say(_t("plan.now", guild=words[0]))
                numbers[0] = self.say(_t("plan.now", guild=numbers[0]))
            key = "plan.choosing_these" if state == "planning" else "plan.these"
            return Fold(Text(self.say(_t(key, guilds=", ".join(words)))),
                        Text(self.say(_t(key, guilds=" ".join(numbers)))))
        cards = e["cards"] or 0
        if state == "planning":
            return Fold(Text(self.say(_t("plan.choosing_laid", count=cards) if cards else _t("plan.choosing"))))
        if here:
            return Fold(Text(self.say(_t("plan.here_more", count=cards) if cards else _t("plan.here"))))
        return Fold(Text(self.say(_t("plan.face_down", count=cards)) if cards else NOTHING))

    def money(self, p: int) -> str:
        e = self.view["seats"][p]
        if e["money"] is not None:
            return str(e["money"])
        seen = [m for m in self.table["revealed_money"] if m[2] == p]
        if seen:
            rnd, _, _, amount = seen[-1]
            return self.say(_t("money.seen", money=amount, round=rnd))
        return "?"

    def crests(self, p: int) -> str:
        """A player's crests: the guild numbers, then a sign per prestige crest."""
        e = self.view["seats"][p]
        crests = self.guild_numbers(g for g, c in enumerate(e["crests"]) if c)
        return (crests + " " + PRESTIGE * e["prestige_crests"]).strip() or NOTHING

    def yours(self) -> Text | None:
        """The reader's own purse, free agents, goods and crests, one line under the
        headline: the purse is behind the others' screens, and on a small terminal the
        players' table is cut off below the guilds' (None for a spectator)."""
        if self.seat is None:
            return None
        e = self.view["seats"][self.seat]
        held = [self.goods(t, n) for t, n in enumerate(e["goods"]) if n]
        return Text(self.say(_t("yours", money=self.money(self.seat), free=e["agents_free"], all=e["agents"],
                                goods=held or NOTHING, crests=self.crests(self.seat)), sentence=True), style="bold")

    def player_table(self, part: str = "all") -> Table:
        """The players in turn order, one line each. `part`: "all"; "seats" (money, agents,
        crests, plan) or "goods" (the goods they hold), the two tables a terminal too
        narrow for one gets; "measure": all but the plan."""
        view = self.view
        order = self.table["turn_order"] or list(range(view["players"]))
        seats, goods = part in ("all", "seats", "measure"), part in ("all", "goods", "measure")
        t = Table(box=None, pad_edge=False, padding=(0, 1), collapse_padding=True, header_style="bold underline")
        t.add_column("", no_wrap=True)
        width = max(cell_len(self.name(p)) for p in order)
        t.add_column(self.say(_t("col.player"), sentence=True), no_wrap=True, min_width=width)
        if seats:
            t.add_column(self.say(_t("col.money"), sentence=True), justify="right", no_wrap=True)
            t.add_column(self.say(_t("col.agents"), sentence=True), justify="center", no_wrap=True)
        for k in range(len(self.guilds) if goods else 0):
            t.add_column(self.good(k), justify="center", no_wrap=True)
        if seats:
            t.add_column(self.say(_t("col.crests"), sentence=True), no_wrap=True)
        if part in ("all", "seats"):
            t.add_column(self.say(_t("col.plan"), sentence=True))
        for p in order:
            e = view["seats"][p]
            who = Text(self.name(p), style="bold underline" if p == self.seat else "")
            mark = "▶" if p in view["to_act"] else ("☾" if e["moon"] else "")
            crests = self.crests(p)
            held = [str(c) if c else NOTHING for c in e["goods"]] if goods else []
            if not seats:
                t.add_row(mark, who, *held)
                continue
            row: list[RenderableType] = [mark, who, self.money(p),
                                         self.say(_t("agents", free=e["agents_free"], all=e["agents"])), *held, crests]
            t.add_row(*row, *([self.plan(p)] if part != "measure" else []))
        return t

    def owned(self) -> list[RenderableType]:
        """Each player's tiles, one line: artisans by guild (by name, or where the line is
        short by number) with their values, then citizens, with the good on a Peddler."""
        view = self.view
        order = self.table["turn_order"] or list(range(view["players"]))
        out: list[RenderableType] = []
        for p in order:
            e = view["seats"][p]
            if not e["tiles"]:
                continue
            by_guild: dict[int, list[dict[str, Any]]] = {}
            citizens: list[str] = []
            peddled = {tile: good for tile, good in e["peddler_goods"]}
            for tile in e["tiles"]:
                if tile["kind"] == "artisan":
                    by_guild.setdefault(tile["guild"], []).append(tile)
                else:
                    word = self.tile(tile)
                    good = peddled.get(tile["id"], -1)
                    if good >= 0:
                        word = self.say(_t("peddler_with", tile=word, good=self.good(good)))
                    citizens.append(word)
            full, short = [], []
            for g in sorted(by_guild):
                values = " ".join(self.value(x) for x in by_guild[g])
                full.append(self.say(_t("artisans", guild=self.guild(g), values=values)))
                short.append(self.say(_t("artisans_short", number=g + 1, values=values)))
            head = Text(self.name(p) + ": ", style="bold" if p == self.seat else "")
            tail = [" ".join(citizens)] if citizens else []
            out.append(Fold(head + Text(" · ".join(full + tail)), head + Text(" · ".join(short + tail))))
        return out

    def key(self) -> Text:
        """One line of signs explained, and the guest pile."""
        return Text(self.say(_t("key", count=self.table["pile_size"]), sentence=True), style="dim")


def render(view: dict[str, Any], seat: int | None, names: Sequence[str], words: Say) -> RenderableType:
    """The board for `seat` (None: a spectator) at a table whose seats are called `names`,
    in the reader's words (`words`: a renderer in the reader's language)."""
    b = Board(view, seat, names, words)
    parts: list[RenderableType] = [b.headline()]
    for line in (b.under_way(), b.yours()):
        if line is not None:
            parts.append(line)
    parts += [Guilds(b), Players(b), *b.owned(), b.key()]
    return Group(*parts)
