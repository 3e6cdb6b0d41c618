"""Everything said about a Norenberc state: the view (the common envelope and this game's
body, described in schema.py), describe, news, refusal reasons, picks and confirmations,
and the names of components and phases — all as catalog messages
(reichsstadt/i18n/en.norenberc.po), never English in the code.

It asks the rules (rules.py) and the state's queries for every fact it states, so that
what the table reads is what the rules do.

Hidden: other players' money (except what a favourite tie reveals, and all of it at the
end), the guilds of plans not yet revealed, and the guest pile (only its size is shown;
the state never orders it). As at the table, everyone sees how many cards a player has
laid face down and whose token shows the moon, during planning too: the log (describe)
says as much, and a view must not know less than the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from reichsstadt.core.actions import Action
from reichsstadt.core.contract import Pick
from reichsstadt.core.events import Event
from reichsstadt.core.messages import Message, Player
from reichsstadt.core.views import envelope

from .constants import (
    ACTIONS, BUY_MORE, CHOOSE, COVERED_SLOT, GUARD_FIRST, GUARD_SECOND, K_BUY, K_BUY_END, K_DECLINE, K_DRAW, K_FRONT,
    K_GUARD, K_HIRE, K_MAYOR, K_NOTHING, K_ORDER, K_PASS, K_PAY, K_PEDDLER, K_PLAN, K_PLAN_DONE, K_ROB, K_SELL, K_STEAL,
    MASTER_SLOT, OVER, PASSED, PAY_ANY, PLANNED, PLANNING, PLANNING_NOW, REFILL, ROOMS, R_BUY, R_BUY_MORE, R_CHOOSE,
    R_GUARD, R_HIRE_EMPTY, R_HIRE_PRICE, R_OK, R_PASS, R_PAY, R_PLAN, R_PLANNING, R_PLAN_DONE, R_SELL, R_STEAL, R_STEP,
    SETUP_GUESTS, SETUP_WORKSHOPS, STEAL_LIMIT, THIEF_GOODS, THIEF_VICTIM, TOP_SLOT, WHY_GOODS, WHY_MONEY,
    WORKSHOP_SLOTS,
)
from .events import (
    AgentGained, AgentsHome, BackToPile, CrestWon, FavouriteChosen, FavouriteTie, GameOver, GoodReturned, GuildCalled,
    Income, LeavesRoom, NewMaster, NoFavourite, PeddlerBack, PrestigeCrestOut, PrestigeCrestWon, PrestigeGuild,
    RoundEnds, TileWon, TokenToMoon, TurnEnds,
)
from .data import Components
from .rules import can_buy_more, guard_partners, hire_bonus_amount, legal_planning, refusal

if TYPE_CHECKING:
    from .state import NorenbercState as S

GAME = "norenberc"
PLANNING_IDS = {PLANNING_NOW: "planning", PLANNED: "done", PASSED: "passed"}


def _m(part: str, **args: Any) -> Message:
    return Message(f"{GAME}.{part}", **args)


# == names of components, phases and steps (the terminal and the browser use these too) ====

def guild_name(key: str | None, own: str | None = None) -> Message | str:
    """A guild's name: the catalog's (norenberc.guild.<key>), or the data file's own words
    for a guild the catalog does not know (`key` None)."""
    return _m(f"guild.{key}") if key is not None else own or "?"


def good_name(key: str | None, own: str | None = None) -> Message | str:
    """One good of a type, as a noun ("beer")."""
    return _m(f"good.{key}") if key is not None else own or "?"


def goods_name(key: str | None, own: str | None = None) -> Message | str:
    """Goods of a type, as a plural noun ("beers")."""
    return _m(f"goods.{key}") if key is not None else own or "?"


def goods_count(key: str | None, count: int, one: str | None = None, many: str | None = None) -> Message:
    """A number of goods of one type ("1 beer", "3 beers"), one plural message."""
    if key is not None:
        return _m(f"count.{key}", count=count)
    return _m("count.own", count=count, one=one or "?", many=many or one or "?")


def artisan_name(key: str | None, own_guild: str | None = None) -> Message | str:
    """An artisan of a guild ("Brewer"); a guild of the user's own file: its name, a
    final "s" dropped."""
    if key is not None:
        return _m(f"artisan.{key}")
    name = own_guild or "?"
    return name[:-1] if name.endswith("s") and len(name) > 1 else name


def citizen_name(kind: str) -> Message:
    """A citizen's kind ("councillor", "tax_collector") as its name."""
    return _m(f"citizen.{kind}")


def tile_name(tile: dict[str, Any] | None, guild_keys: Sequence[str | None] = (),
              guild_names: Sequence[str | None] = ()) -> Message | str:
    """A tile of a view (or None: nobody) in words: "Baker 7", "Brewer 2, Agent+",
    "Musician (5)". `guild_keys` and `guild_names` give the guilds' catalog keys and own
    names (a view's table.guilds)."""
    if tile is None:
        return _m("tile.nobody")
    kind = tile["kind"]
    if kind == "artisan":
        g = tile["guild"]
        key = guild_keys[g] if g < len(guild_keys) else None
        own = guild_names[g] if g < len(guild_names) else None
        return _m("tile.artisan_plus" if tile.get("agent_plus") else "tile.artisan",
                  artisan=artisan_name(key, own), value=tile["value"])
    if "value" in tile:
        return _m("tile.valued", citizen=citizen_name(kind), value=tile["value"])
    return citizen_name(kind)


def room_name(room: int) -> Message:
    """A guest room by its letter (0-3: A-D, as each rulebook letters them)."""
    return _m(f"room.{'abcd'[room]}")


def phase_name(phase: str) -> Message:
    """A phase id of the view ("planning") in words."""
    return _m(f"phase.{phase}")


def step_name(step: str) -> Message:
    """A step id of the view ("thief_victim") in words."""
    return _m(f"step.{step}")


# the same, from the state's components
def _guild(comp: Components, g: int) -> Message | str:
    return guild_name(comp.guild_keys[g], comp.guild_names[g])


def _good(comp: Components, t: int) -> Message | str:
    return good_name(comp.good_keys[t], comp.good_names[t])


def _goods(comp: Components, t: int) -> Message | str:
    return goods_name(comp.good_keys[t], comp.goods_names[t])


def _count(comp: Components, t: int, count: int) -> Message:
    return goods_count(comp.good_keys[t], count, comp.good_names[t], comp.goods_names[t])


def tile_name_of(s: "S", t: int) -> Message | str:
    comp = s.components
    if not 0 <= t < comp.tile_count:
        return _m("tile.nobody")
    return tile_name(comp.tiles[t], comp.guild_keys, comp.guild_names)


def _thalers(count: int) -> Message:
    return _m("thalers", count=count)


def place_words(s: "S", t: int) -> Message:
    """Where tile t lies, in words: a workshop slot (which round it is master), the
    covered tile, a room, or elsewhere."""
    where, g, k = s.place_of(t)
    if where == "workshop":
        if k == COVERED_SLOT:
            return _m("place.covered", guild=_guild(s.components, g))
        return _m("place.workshop", guild=_guild(s.components, g), round=MASTER_SLOT.index(k) + 1)
    if where == "room":
        return _m("place.room", guild=_guild(s.components, g), room=room_name(k))
    return _m("place.elsewhere")


# == view ======================================================================================

def view(s: "S", seat: int | None) -> dict[str, Any]:
    """What `seat` may know (None: a spectator), in the common envelope; fresh objects."""
    tiles = s.components.tiles

    def tile(t: int) -> dict[str, Any] | None:
        return dict(tiles[t]) if t >= 0 else None

    guilds = [_guild_view(s, g, tile) for g in range(s.guild_count)]
    seats = [_seat_view(s, p, seat, tile) for p in range(s.player_count)]
    comp, mayors = s.components, s.mayors
    table = {
        "round": s.round,
        "turn": s.turn,
        "turn_order": s.turn_order[:],
        "open_planning": s.open_planning,
        "guilds": guilds,
        "current": _action_view(s, tile) if s.phase == ACTIONS else None,
        "prestige_guild": s.prestige_guild,
        "prestige_reserve": s.prestige_reserve,
        "prestige_out": s.prestige_out,
        "pile_size": len(s.pile_known) + s.pile_unseen,
        "citizens_unseen": len(s.citizens_unseen),
        "out_of_game": [tile(t) for t in s.out_of_game],
        "mayors_on_roofs": [[mayors[i], mayors[i + 1]] for i in range(0, len(mayors), 2)],
        "revealed_money": [list(e) for e in s.money_revealed],
        "favourites": [list(e) for e in s.favourite_log],
        "room_prices": [[list(f) for f in forms] for forms in comp.rooms],
    }
    return envelope(s, seat, s.phase_id, seats, table)


TileView = Callable[[int], dict[str, Any] | None]
"""A tile's public face (its data), None for -1: what the view shows of a tile."""


def _guild_view(s: "S", g: int, tile: TileView) -> dict[str, Any]:
    """Guild `g`: its names, master, workshops, rooms, store, roof and crests (all public)."""
    comp, G, mayors = s.components, s.guild_count, s.mayors
    master_slot = MASTER_SLOT[s.round - 1]
    stack = s.workshops[g * WORKSHOP_SLOTS:(g + 1) * WORKSHOP_SLOTS]
    master = stack[master_slot]
    custom_guild = comp.guild_keys[g] is None
    custom_goods = comp.good_keys[g] is None
    return {
        "guild": g,
        "key": comp.guild_keys[g],
        "name": comp.guild_names[g] if custom_guild else None,
        "good_key": comp.good_keys[g],
        "good": comp.good_names[g] if custom_goods else None,
        "goods": comp.goods_names[g] if custom_goods else None,
        "master": tile(master),
        "master_value": comp.tile_value[master] if master >= 0 else None,
        # the workshops above the master, bottom to top; the doubled top workshop
        # shows its upper tile and, under it, the covered one (laid face up at setup,
        # so known to all); in round 4 the master itself covers it and the favourite
        # wins both
        "workshops": [tile(stack[k]) for k in (1, 2) if k > master_slot],
        "top": tile(stack[TOP_SLOT]) if master_slot < TOP_SLOT else None,
        "covered": tile(stack[COVERED_SLOT]),
        "rooms": [tile(t) for t in s.rooms[g * ROOMS:(g + 1) * ROOMS]],
        "store": s.stores[g * G:(g + 1) * G],
        "roof": s.roof_agents[g],
        "crests": s.crests_left[g],
        "mayors": sum(1 for i in range(1, len(mayors), 2) if mayors[i] == g),
        "prestige": s.prestige_guild == g,
        "prestige_crest": s.prestige_guild == g and bool(s.prestige_guild_crest),
    }


def _seat_view(s: "S", p: int, seat: int | None, tile: TileView) -> dict[str, Any]:
    """Player `p` as `seat` sees it: money and plan only its own (money for all once over)."""
    G, over = s.guild_count, s.phase == OVER
    mine = seat == p
    planning = None
    if s.phase == PLANNING:
        planning = "moon" if s.moon[p] else PLANNING_IDS[s.plan_status[p]]
    return {
        "seat": p,
        "money": s.money[p] if (mine or over) else None,
        "agents": s.agents[p],
        "agents_free": s.agents_free[p],
        "moon": bool(s.moon[p]),
        "goods": s.goods_of(p),
        "tiles": [tile(t) for t in s.tiles_owned[p]],
        "crests": s.guild_crests[p * G:(p + 1) * G],
        "prestige_crests": s.prestige_crests[p],
        "peddler_goods": [[s.peddlers[i], s.peddlers[i + 2]]
                          for i in range(0, len(s.peddlers), 3) if s.peddlers[i + 1] == p],
        "turn_position": s.turn_order.index(p) if p in s.turn_order else None,
        "planning": planning,
        "cards": s.cards_laid(p),  # face down on the table: countable, guilds unknown
        "plan": _bits(s.plans[p]) if mine else None,
    }


def _action_view(s: "S", tile: TileView) -> dict[str, Any]:
    """The guild called and the action under way (phase ACTIONS)."""
    n = s.player_count
    return {
        "guild": s.called_guild,
        "revealed": [p for p in range(n) if s.revealed >> p & 1],
        "still_to_act": [p for p in s.turn_order if s.still_to_act >> p & 1],
        "actor": s.actor,
        "step": s.step_id,
        "buy_limit": s.buy_limit,
        "bought": s.bought,
        "hiring": tile(s.hired_tile),
        "room": s.hired_room if s.hired_room >= 0 else None,
        "victim": s.thief_victim if s.thief_victim >= 0 else None,
        "guard_first": tile(s.guard_first),
    }


def _bits(mask: int) -> list[int]:
    return [g for g in range(mask.bit_length()) if mask >> g & 1]


# == describe ===================================================================================

def describe(s: "S", seat: int, action: Action, viewer: int | None) -> Message:
    """Words for `action` of `seat` before it is applied, as `viewer` may know it: another
    player's card is "an action card face down"."""
    code = s.action_table.code.get(action)
    if code is None:
        return _m("describe.unknown", action=repr(action))
    kind, a, b = code
    return DESCRIBE[kind](s, seat, a, b, viewer)


def _d_order(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return _m("describe.order", place=len(s.turn_order) + 1, player=Player(a))


def _d_draw(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    comp = s.components
    name = tile_name_of(s, a)
    if s.phase == SETUP_WORKSHOPS:
        g, k = divmod(s.setup_slot, WORKSHOP_SLOTS)
        if k == TOP_SLOT:
            return _m("describe.draw_workshop_top", tile=name, guild=_guild(comp, g))
        return _m("describe.draw_workshop", tile=name, guild=_guild(comp, g), window=k + 1)
    if s.phase in (SETUP_GUESTS, REFILL):
        r = s.next_room()
        if r >= 0:
            return _m("describe.draw_guest", tile=name, room=room_name(r % ROOMS), guild=_guild(comp, r // ROOMS))
    return _m("describe.draw", tile=name)


def _d_plan(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    if viewer != seat:
        return _m("describe.plan_hidden")
    return _m("describe.plan", guild=_guild(s.components, a))


def _d_plan_done(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return _m("describe.plan_done", count=s.cards_laid(seat))


def _d_pass(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return _m("describe.pass")


def _called(s: "S") -> int:
    g = s.called_guild
    return g if 0 <= g < s.guild_count else -1


def _d_sell(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    g = _called(s)
    if g < 0:
        return _m("describe.sell_any", count=a)
    price = s.master_value(g)
    return _m("describe.sell", goods=_count(s.components, g, a), guild=_guild(s.components, g), price=price,
              total=_thalers(a * price))


def _d_buy(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    comp = s.components
    g = _called(s)
    if g < 0 or a >= s.guild_count:
        return _m("describe.buy_any")
    price = s.master_value(g)
    if s.step == BUY_MORE:
        return _m("describe.buy_more", good=_good(comp, a), price=_thalers(price), number=s.bought + 1,
                  limit=s.buy_limit)
    return _m("describe.buy", goods=_count(comp, a, 1), guild=_guild(comp, g), price=_thalers(price))


def _d_buy_end(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return _m("describe.buy_end")


def _d_nothing(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    g = _called(s)
    return _m("describe.nothing", guild=_guild(s.components, g)) if g >= 0 else _m("describe.nothing_any")


def _d_hire(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    comp = s.components
    g = _called(s)
    if g < 0:
        return _m("describe.hire_any", room=room_name(a))
    forms = comp.rooms[a]
    need_guild, need_any = forms[b] if b < len(forms) else (0, 0)
    price: Message = _count(comp, g, need_guild)
    if need_any:
        price = _m("price.with_any", goods=price, count=need_any)
    return _m("describe.hire", guest=tile_name_of(s, s.rooms[g * ROOMS + a]), room=room_name(a),
              guild=_guild(comp, g), price=price, bonus=_thalers(hire_bonus_amount(s, g)))


def _d_pay(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    comp = s.components
    room, form = s.hired_room, s.hire_form
    need_any = comp.rooms[room][form][1] if 0 <= room < len(comp.rooms) and 0 <= form < len(comp.rooms[room]) else 1
    if need_any == 2:
        return _m("describe.pay_of_two", goods=_count(comp, a, 1))
    return _m("describe.pay_one", goods=_count(comp, a, 1))


def _d_front(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return _m("describe.front_move" if a else "describe.front_keep")


def _d_rob(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return _m("describe.rob", player=Player(a))


def _d_steal(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    v = s.thief_victim
    victim: Player | Message = Player(v) if v >= 0 else _m("the_victim")
    return _m("describe.steal", good=_good(s.components, a), player=victim, price=_thalers(s.master_value(a)))


def _d_decline(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    if s.phase == ACTIONS and s.step == THIEF_VICTIM:
        return _m("describe.decline_thief")
    if s.phase == ACTIONS and s.step == GUARD_FIRST:
        return _m("describe.decline_guard")
    return _m("describe.decline")


def _d_guard(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    first = s.guard_first
    if s.phase == ACTIONS and s.step == GUARD_SECOND and first >= 0:
        return _m("describe.swap", first=tile_name_of(s, first), first_place=place_words(s, first),
                  tile=tile_name_of(s, a), place=place_words(s, a))
    return _m("describe.guard", tile=tile_name_of(s, a), place=place_words(s, a))


def _d_peddler(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return _m("describe.peddler", goods=_count(s.components, a, 1), worth=s.components.peddler_worth)


def _d_mayor(s: "S", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return _m("describe.mayor", guild=_guild(s.components, a))


DESCRIBE = {
    K_DRAW: _d_draw, K_ORDER: _d_order, K_PLAN: _d_plan, K_PLAN_DONE: _d_plan_done, K_PASS: _d_pass,
    K_SELL: _d_sell, K_BUY: _d_buy, K_BUY_END: _d_buy_end, K_NOTHING: _d_nothing, K_HIRE: _d_hire,
    K_PAY: _d_pay, K_FRONT: _d_front, K_ROB: _d_rob, K_STEAL: _d_steal, K_DECLINE: _d_decline,
    K_GUARD: _d_guard, K_PEDDLER: _d_peddler, K_MAYOR: _d_mayor,
}


# == news =====================================================================================

def news(s: "S", viewer: int | None) -> list[Message]:
    """What the last apply() set in motion (state.events), for `viewer`."""
    return news_of(s, s.events, viewer)


def news_of(s: "S", events: Sequence[Event], viewer: int | None) -> list[Message]:
    """`events` in words for `viewer`: only what the table shows (revealed cards, tiles,
    crests, goods) and, of money, only the viewer's own income, the amounts a favourite
    tie makes the tied players reveal, and all of it once the game is over (when every
    chest is opened). Seats are never the subject of a sentence ("for Player 1")."""
    return [NEWS[type(e)](s, e, viewer) for e in events]


def _n_called(s: "S", e: GuildCalled, viewer: int | None) -> Message:
    who = [Player(p) for p in s.turn_order if e.revealed >> p & 1]
    guild = _guild(s.components, e.guild)
    if len(who) == 1:
        return _m("news.called_one", guild=guild, player=who[0])
    return _m("news.called_many", guild=guild, players=who)


def _n_tie(s: "S", e: FavouriteTie, viewer: int | None) -> Message:
    comp = s.components
    return _m("news.tie", guild=_guild(comp, e.guild), goods=_goods(comp, e.guild),
              players=[Player(p) for p, _ in e.money],
              amounts=[_m("news.money_shown", player=Player(p), money=_thalers(m)) for p, m in e.money])


def _n_favourite(s: "S", e: FavouriteChosen, viewer: int | None) -> Message:
    comp = s.components
    reason = (_m("news.why_goods", goods=_goods(comp, e.guild), count=e.goods) if e.why == WHY_GOODS else
              _m("news.why_money") if e.why == WHY_MONEY else _m("news.why_order"))
    return _m("news.favourite", guild=_guild(comp, e.guild), player=Player(e.player), reason=reason)


def _n_no_favourite(s: "S", e: NoFavourite, viewer: int | None) -> Message:
    comp = s.components
    guild, goods = _guild(comp, e.guild), _goods(comp, e.guild)
    if len(e.tiles) == 1:
        return _m("news.no_favourite", guild=guild, goods=goods, tile=tile_name_of(s, e.tiles[0]))
    return _m("news.no_favourite_two", guild=guild, goods=goods, tile=tile_name_of(s, e.tiles[0]),
              under=tile_name_of(s, e.tiles[1]))


def _n_good_returned(s: "S", e: GoodReturned, viewer: int | None) -> Message:
    comp = s.components
    return _m("news.good_returned_peddler" if e.from_peddler else "news.good_returned",
              goods=_count(comp, e.good, 1), player=Player(e.player), guild=_guild(comp, e.good))


def _n_peddler_back(s: "S", e: PeddlerBack, viewer: int | None) -> Message:
    if e.good >= 0:
        return _m("news.peddler_back_good", player=Player(e.player), good=_good(s.components, e.good))
    return _m("news.peddler_back", player=Player(e.player))


def _n_income(s: "S", e: Income, viewer: int | None) -> Message:
    if viewer == e.player or s.phase == OVER:
        return _m("news.income", player=Player(e.player), money=_thalers(e.thalers))
    return _m("news.income_hidden", player=Player(e.player))


NEWS: dict[type[Event], Callable[["S", Any, "int | None"], Message]] = {
    GuildCalled: _n_called,
    TurnEnds: lambda s, e, viewer: _m("news.turn_end", turn=e.turn),
    TokenToMoon: lambda s, e, viewer: _m("news.moon", player=Player(e.player)),
    RoundEnds: lambda s, e, viewer: _m("news.round_end", round=e.round),
    FavouriteTie: _n_tie,
    FavouriteChosen: _n_favourite,
    NoFavourite: _n_no_favourite,
    PrestigeCrestOut: lambda s, e, viewer: _m("news.prestige_crest_out", guild=_guild(s.components, e.guild)),
    GoodReturned: _n_good_returned,
    TileWon: lambda s, e, viewer: _m("news.tile_won", tile=tile_name_of(s, e.tile), player=Player(e.player)),
    AgentGained: lambda s, e, viewer: _m("news.agent_gained" if e.gained else "news.agent_at_most",
                                         player=Player(e.player)),
    CrestWon: lambda s, e, viewer: _m("news.crest_won", guild=_guild(s.components, e.guild), player=Player(e.player)),
    PrestigeCrestWon: lambda s, e, viewer: _m("news.prestige_crest_won", guild=_guild(s.components, e.guild),
                                              player=Player(e.player)),
    PeddlerBack: _n_peddler_back,
    AgentsHome: lambda s, e, viewer: _m("news.agents_home"),
    Income: _n_income,
    GameOver: lambda s, e, viewer: _m("news.game_over"),
    NewMaster: lambda s, e, viewer: _m("news.new_master", guild=_guild(s.components, e.guild),
                                       tile=tile_name_of(s, e.tile)),
    LeavesRoom: lambda s, e, viewer: _m("news.leaves_room", tile=tile_name_of(s, e.tile),
                                        guild=_guild(s.components, e.guild)),
    PrestigeGuild: lambda s, e, viewer: _m("news.prestige_guild" if e.with_crest else "news.prestige_guild_no_crest",
                                           guild=_guild(s.components, e.guild)),
    BackToPile: lambda s, e, viewer: _m("news.back_to_pile", tile=tile_name_of(s, e.tile)),
}
"""The words of each kind of event (events.py): (state, event, viewer) -> a message."""


# == refusals, picks, confirmations ===========================================================

def why(s: "S", seat: int, action: Action) -> Message:
    """The rule `action` breaks for `seat` now (the core has found it is not legal), with
    the phase and step it was tried in."""
    kind, a, b = s.action_table.code[action]
    context: Message = phase_name(s.phase_id)
    if s.phase == ACTIONS:
        context = _m("why.phase_step", phase=context, step=step_name(s.step_id))
    reason = refusal(s, seat, kind, a, b)
    words = _hire_price_words(s, seat, a, b) if reason == R_HIRE_PRICE else REASON_WORDS[reason](s, seat, a)
    return _m("why.rule", rule=words, context=context)


def _hire_price_words(s: "S", seat: int, room: int, form: int) -> Message:
    """Why a hire cannot be paid that way: the price of that way, and the goods the seat
    holds (its own, which it sees)."""
    comp, g, G = s.components, s.called_guild, s.guild_count
    if form >= len(comp.rooms[room]):   # a way of paying this room does not have (a raw action index)
        return _m("why.hire_form")
    need_guild, need_any = comp.rooms[room][form]
    price: Message = _count(comp, g, need_guild)
    if need_any:
        price = _m("price.with_any", goods=price, count=need_any)
    held = s.goods_held[seat * G:(seat + 1) * G]
    return _m("why.hire_price", room=room_name(room), price=price, held=_count(comp, g, held[g]), count=sum(held))


REASON_WORDS: dict[int, Callable[["S", int, int], Message]] = {
    R_OK: lambda s, p, a: Message("core.refuse.not_legal"),
    R_PLANNING: lambda s, p, a: _m("why.planning"),
    R_PLAN: lambda s, p, a: _m("why.plan", count=s.agents_free[p]),
    R_PASS: lambda s, p, a: _m("why.pass"),
    R_PLAN_DONE: lambda s, p, a: _m("why.plan_done"),
    R_CHOOSE: lambda s, p, a: _m("why.choose"),
    R_SELL: lambda s, p, a: _m("why.sell"),
    R_BUY: lambda s, p, a: _m("why.buy"),
    R_HIRE_EMPTY: lambda s, p, a: _m("why.hire_empty", room=room_name(a)),
    R_BUY_MORE: lambda s, p, a: _m("why.buy_more", limit=s.buy_limit),
    R_PAY: lambda s, p, a: _m("why.pay"),
    R_STEAL: lambda s, p, a: _m("why.steal"),
    R_GUARD: lambda s, p, a: _m("why.guard"),
    R_STEP: lambda s, p, a: _m("why.step", step=step_name(s.step_id)),
}
"""The words of each refusal reason (constants R_*): (state, seat, the action's first
argument) -> a message. R_HIRE_PRICE needs the way of paying too: `_hire_price_words`."""


def pick(s: "S", seat: int) -> Pick | None:
    """The decisions that are a set whose order does not matter, with the parts in the
    order the rules take them (rules.py: purchases, payments, thefts in type order, the
    Guard's two artisans lower id first):

    - a plan: guilds, at least one, at most the free agents ("Phase de Planification");
    - a purchase: goods of the store, repeats allowed, 1 up to the limit ("Acheter"), from
      the choice of the action (selling, hiring and doing nothing stay moves of their own)
      or after the first good;
    - the goods of any type of a hire's price ("Embaucher" 1), repeats allowed;
    - the Thief's goods: two (fewer if the victim has fewer), repeats allowed ("Voleur");
    - the Guard's two artisans of one type ("Garde"; declining stays a move of its own),
      grouped by trade so that a screen offers only pairs of one trade."""
    table = s.action_table
    if s.phase == PLANNING and seat in s.to_act() and not s.plans[seat]:
        parts = tuple(a for a in legal_planning(s, seat) if a is not table.plan_done and a is not table.pass_round)
        if parts:
            return Pick(parts=parts, finish=table.plan_done, most=min(s.agents_free[seat], len(parts)), least=1)
    if s.phase != ACTIONS or seat != s.actor:
        return None
    G = s.guild_count
    step = s.step
    if step == CHOOSE or step == BUY_MORE and can_buy_more(s, seat, s.last_bought):
        low = 0 if step == CHOOSE else s.last_bought
        base = s.called_guild * G
        stocked = [t for t in range(low, G) if s.stores[base + t]]
        # as many as the limit, the money (at the master's value each) and the store allow
        most = min(s.buy_limit - s.bought, s.money[seat] // s.master_value(s.called_guild),
                   sum(s.stores[base + t] for t in stocked))
        if most < 1:
            return None  # no purchase at all (legal_choose offers none)
        return Pick(parts=tuple(table.buy[t] for t in stocked), finish=table.buy_end, most=most,
                    least=1 if step == CHOOSE else 0, repeat=True)
    if step == PAY_ANY:
        need = s.components.rooms[s.hired_room][s.hire_form][1] - (1 if s.paid_any >= 0 else 0)
        held = s.goods_held[seat * G:(seat + 1) * G]
        parts = tuple(table.pay[t] for t in range(max(s.paid_any, 0), G) if held[t])
        return Pick(parts=parts, finish=None, most=need, least=need, repeat=True)
    if step == THIEF_GOODS:
        v = s.thief_victim
        held = s.goods_held[v * G:(v + 1) * G]
        parts = tuple(table.steal[t] for t in range(s.last_stolen, G) if held[t])
        count = min(STEAL_LIMIT - s.stolen, sum(held[s.last_stolen:]))
        return Pick(parts=parts, finish=None, most=count, least=count, repeat=True)
    if step == GUARD_FIRST:
        partners = guard_partners(s)
        trade = s.components.tile_guild
        groups = tuple(tuple(table.guard[t] for t in partners if trade[t] == g)
                       for g in sorted({trade[t] for t in partners}))
        return Pick(parts=tuple(table.guard[t] for t in partners), finish=None, most=2, least=2, groups=groups)
    return None


def confirm(s: "S", seat: int, action: Action) -> Message | None:
    """Moves that give something up for good: a pass with agents left gives up the rest
    of the round; doing nothing spends an agent for nothing; the Thief or the Guard
    declined loses the star citizen's ability (it goes back into the pile all the same)."""
    table = s.action_table
    if action is table.pass_round and s.agents_free[seat] > 0:
        return _m("confirm.pass", count=s.agents_free[seat])
    if action is table.nothing:
        return _m("confirm.nothing")
    if action is table.decline and s.phase == ACTIONS:
        if s.step == THIEF_VICTIM:
            return _m("confirm.decline_thief")
        if s.step == GUARD_FIRST:
            return _m("confirm.decline_guard")
    return None
