"""The observation encoding of Norenberc, from the view only.

Tiles are encoded by what they are (an artisan's guild, value and Agent+, or a citizen's
kind and value), not by their id, so a policy generalises across tiles; what a player owns
is summed up the way scoring and income count it."""

from __future__ import annotations

from typing import Any

from ...core import game as find_game
from ..encoding import (
    Encoder, Slice, game_phases, count, envelope_slices, number, numbers, onehot, per_seat, seat_field, seat_flags,
)

VALUED = ("musician", "noble", "foreman")        # citizens whose printed number counts (schema: "value")
ROUNDS = 4
ROOMS = 4
WORKSHOPS = 3          # windows above the master (the doubled top apart): at most three, in round 1


def tile_values(t: dict[str, Any] | None, kinds: dict[str, int], guilds: int) -> list[float]:
    """A tile as len(kinds) + guilds + 2 numbers: kind one-hot, an artisan's guild
    one-hot, its printed value ÷ 10, Agent+; all zero for no tile."""
    k = len(kinds)
    out = [0.0] * (k + guilds + 2)
    if t is None:
        return out
    out[kinds[t["kind"]]] = 1.0
    if "guild" in t:
        out[k + t["guild"]] = 1.0
    out[-2] = t.get("value", 0) / 10
    out[-1] = 1.0 if t.get("agent_plus") else 0.0
    return out


def build(players: int) -> Encoder:
    game = find_game("norenberc")
    # the view's vocabularies, from its schema: tile kinds, steps of an action, planning states
    schema = game.view_schema()["properties"]
    seat_schema = schema["seats"]["items"]["properties"]
    KINDS = tuple(seat_schema["tiles"]["items"]["properties"]["kind"]["enum"])
    CITIZENS = KINDS[1:]
    STEPS = tuple(schema["table"]["properties"]["current"]["properties"]["step"]["enum"])
    PLANNING = tuple(p for p in seat_schema["planning"]["enum"] if p is not None)
    kind_index = {k: i for i, k in enumerate(KINDS)}
    start = game.new(players, 0).view(None)
    G = len(start["table"]["guilds"])            # guilds in play: one more than players
    n = players
    tile_size = len(KINDS) + G + 2
    guild_names = [g["key"] or f"guild {g['guild']}" for g in start["table"]["guilds"]]

    def seat(v: dict, s: int) -> dict:
        return v["seats"][s]

    def holdings(v: dict, s: int) -> list[float]:
        """Per guild: artisans owned, their value, Agent+ among them; per citizen kind the
        number owned; the valued citizens' summed numbers."""
        arts, value, plus = [0] * G, [0] * G, [0] * G
        citizens = dict.fromkeys(CITIZENS, 0)
        worth = dict.fromkeys(VALUED, 0)
        for t in seat(v, s)["tiles"]:
            if t["kind"] == "artisan":
                arts[t["guild"]] += 1
                value[t["guild"]] += t["value"]
                plus[t["guild"]] += 1 if t["agent_plus"] else 0
            else:
                citizens[t["kind"]] += 1
                if t["kind"] in worth:
                    worth[t["kind"]] += t.get("value", 0)
        return ([a / 5 for a in arts] + [x / 30 for x in value] + [p / 5 for p in plus]
                + [citizens[k] / 3 for k in CITIZENS] + [worth[k] / 10 for k in VALUED])

    def peddlers(v: dict, s: int) -> list[int]:
        per = [0] * (G + 1)
        for _, good in seat(v, s)["peddler_goods"]:
            per[good if good >= 0 else G] += 1
        return per

    def plan(v: dict, s: int) -> list[Any]:
        cards = seat(v, s)["plan"]
        if cards is None:
            return [None] * G
        per = [0] * G
        for g in cards:
            per[g] += 1
        return per

    def revealed_money(v: dict, s: int) -> list[Any]:
        last = None
        for _, _, who, money in v["table"]["revealed_money"]:
            if who == s:
                last = money
        return [last]

    def guild_tiles(v: dict) -> list[float]:
        out: list[float] = []
        for g in v["table"]["guilds"]:
            works = g["workshops"]
            for t in [g["master"], *works, *[None] * (WORKSHOPS - len(works)), g["top"], g["covered"], *g["rooms"]]:
                out += tile_values(t, kind_index, G)
        return out

    def guild_numbers(v: dict) -> list[float]:
        out: list[float] = []
        for g in v["table"]["guilds"]:
            out += [x / 10 for x in g["store"]]
            out += [g["roof"] / 5, g["crests"] / 5, g["mayors"] / 3, g["prestige"], g["prestige_crest"],
                    (g["master_value"] or 0) / 10]
        return [x if x <= 3 else 3 for x in out]

    def current(v: dict) -> dict:
        return v["table"]["current"] or {}

    def current_numbers(v: dict) -> list[float]:
        c = current(v)
        if not c:
            return [0.0] * 3
        return [1.0, c["buy_limit"] / 3, c["bought"] / 3]

    per_guild_tiles = 1 + WORKSHOPS + 2 + ROOMS
    slices: list[Slice] = [
        *envelope_slices(n, game_phases("norenberc")),
        # the players
        seat_field("money", n, "money", low=0, high=2, scale=50, cap=True, hidden=-1,
                   meaning="thalers (your own; the others' only once the game is over), 100 or more as 2"),
        seat_field("agents", n, "agents", low=0, high=1, scale=8, cap=True, meaning="agents owned (8 or more as 1)"),
        seat_field("agents_free", n, "agents_free", low=0, high=1, scale=8, cap=True,
                   meaning="agents not on a card or a roof this round"),
        seat_field("moon", n, "moon", low=0, high=1, meaning="1 if done for the round (the moon)"),
        per_seat("goods", n, G, lambda v, s: seat(v, s)["goods"], low=0, high=2, scale=10, cap=True,
                 meaning="goods held per type (the type of each guild's good), 20 or more as 2",
                 labels=guild_names),
        per_seat("holdings", n, 3 * G + len(CITIZENS) + len(VALUED), holdings, low=0, high=4, cap=True,
                 meaning="tiles owned: artisans per guild ÷ 5, their summed value per guild ÷ 30, Agent+ artisans "
                         "per guild ÷ 5, citizens per kind ÷ 3, the summed numbers of Musicians, Nobles and "
                         "Foremen ÷ 10; each entry 4 at most",
                 labels=[f"artisans {x}" for x in guild_names] + [f"value {x}" for x in guild_names]
                 + [f"agent+ {x}" for x in guild_names] + list(CITIZENS) + [f"{k} numbers" for k in VALUED]),
        per_seat("crests", n, G, lambda v, s: seat(v, s)["crests"], low=0, high=1, scale=5, cap=True,
                 meaning="crests won per guild (5 or more as 1)", labels=guild_names),
        seat_field("prestige_crests", n, "prestige_crests", low=0, high=1, scale=5, cap=True,
                   meaning="prestige crests won (5 or more as 1)"),
        per_seat("peddler_goods", n, G + 1, peddlers, low=0, high=2, scale=5, cap=True,
                 meaning="goods lying on the player's Peddlers per type, then Peddlers already paid (÷ 5)",
                 labels=[*guild_names, "paid"]),
        per_seat("turn_position", n, n,
                 lambda v, s: [int(seat(v, s)["turn_position"] == k) for k in range(n)], low=0, high=1,
                 meaning="place in turn order (all zero before it is drawn)",
                 labels=[f"place {k + 1}" for k in range(n)]),
        per_seat("planning", n, len(PLANNING), lambda v, s: [int(seat(v, s)["planning"] == p) for p in PLANNING],
                 low=0, high=1, meaning="during planning: still planning, done, passed this turn, on the moon",
                 labels=PLANNING),
        seat_field("cards", n, "cards", low=0, high=1, scale=8, cap=True,
                   meaning="face-down planned cards not yet revealed (8 or more as 1)"),
        per_seat("plan", n, G, plan, low=0, high=8, hidden=-1,
                 meaning="the guilds of those cards, counted per guild (your own only)", labels=guild_names),
        per_seat("revealed_money", n, 1, revealed_money, low=0, high=2, scale=50, cap=True, hidden=-1,
                 meaning="the money a player last had to reveal at a favourite tie (-1: never), 100 or more as 2"),
        # the round
        count("round", ROUNDS - 1, lambda v: v["table"]["round"] - 1, meaning="the round (0 = the first)"),
        number("turn", lambda v: v["table"]["turn"], low=0, high=1, scale=10, cap=True,
               meaning="the turn of the round (10 or more as 1)"),
        number("open_planning", lambda v: v["table"]["open_planning"], low=0, high=1,
               meaning="1 in the open planning variant"),
        onehot("prestige_guild", guild_names, lambda v: v["table"]["prestige_guild"] if v["table"]["prestige_guild"] >= 0
               else None, meaning="the prestige guild of the round"),
        number("prestige_reserve", lambda v: v["table"]["prestige_reserve"], low=0, high=1, scale=10, cap=True,
               meaning="prestige crests not yet used"),
        number("prestige_out", lambda v: v["table"]["prestige_out"], low=0, high=1, scale=10, cap=True,
               meaning="prestige crests that left the game"),
        number("pile_size", lambda v: v["table"]["pile_size"], low=0, high=2, scale=50, cap=True,
               meaning="tiles in the face-down guest pile"),
        number("citizens_unseen", lambda v: v["table"]["citizens_unseen"], low=0, high=1, scale=40, cap=True,
               meaning="citizens nobody has seen yet"),
        numbers("out_of_game", len(KINDS), lambda v: [sum(t["kind"] == k for t in v["table"]["out_of_game"])
                                                       for k in KINDS],
                low=0, high=2, scale=10, cap=True, meaning="tiles that left the game, per kind", labels=KINDS),
        # the guilds, in number order
        Slice("guild_tiles", G * per_guild_tiles * tile_size, 0.0, 2.0,
              f"per guild ({', '.join(guild_names)}), {per_guild_tiles} tiles: the master, the workshop windows "
              f"above it (bottom to top, {WORKSHOPS} places), the top of the doubled workshop, the tile under it, "
              f"the guests of rooms A-D; each tile as {tile_size} numbers: its kind one-hot "
              f"({', '.join(KINDS)}), an artisan's guild one-hot, its printed value ÷ 10, Agent+ "
              f"(all zero: no tile)", guild_tiles),
        Slice("guild_numbers", G * (G + 6), 0.0, 3.0,
              "per guild: its store per type of good ÷ 10, agents on the roof ÷ 5, crests left ÷ 5, Mayors on the "
              "roof ÷ 3, 1 if the prestige guild, 1 if its prestige crest still lies there, the master's value ÷ 10; "
              "each entry 3 at most",
              guild_numbers),
        # the action under way
        onehot("current_guild", guild_names, lambda v: current(v).get("guild"),
               meaning="the guild being called (all zero outside the action phase)"),
        seat_flags("revealed", n, lambda v: current(v).get("revealed", []),
                   meaning="the seats that revealed a card in the called guild"),
        seat_flags("still_to_act", n, lambda v: current(v).get("still_to_act", []),
                   meaning="those that have not acted there yet"),
        seat_flags("actor", n, lambda v: [current(v).get("actor")], meaning="the seat acting now"),
        onehot("step", list(STEPS), lambda v: current(v).get("step"), values=list(STEPS),
               meaning="the step of the action under way"),
        numbers("current_numbers", 3, current_numbers, low=0, high=2,
                meaning="1 during an action; the most goods one purchase may take here ÷ 3; goods bought in the "
                        "purchase under way ÷ 3",
                labels=("action", "buy limit", "bought")),
        Slice("hiring", tile_size, 0.0, 2.0, "the guest being hired, as a tile (see guild_tiles)",
              lambda v: tile_values(current(v).get("hiring"), kind_index, G)),
        onehot("room", list("ABCD"), lambda v: current(v).get("room"), meaning="the room of the hire under way"),
        seat_flags("victim", n, lambda v: [current(v).get("victim")], meaning="the Thief's victim"),
        Slice("guard_first", tile_size, 0.0, 2.0, "the first artisan the Guard moves, as a tile",
              lambda v: tile_values(current(v).get("guard_first"), kind_index, G)),
    ]
    return Encoder("norenberc", players, slices,
                   summary="Every player's public holdings (goods, tiles summed per guild and kind, crests, agents, "
                           "turn order, planning) and your own money and plan; every guild's master, workshops, "
                           "rooms, store and roof; the action under way.")
