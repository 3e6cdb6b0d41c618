"""Everything said about a Siedler state: the view (the common envelope and its typed body,
described in schema.py), the words of every move (`describe`), why a move is refused
(`why`), what the game waits for (`asked`), and the names of components and phases, all as
catalog messages (English in reichsstadt/i18n/en.siedler.po).

What a move will do is worked out by the rules' own functions (rules.py), on a copy where
the rule changes the state, so nothing is written twice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from ...core.actions import Action
from ...core.contract import Pick
from ...core.events import Event
from ...core.messages import Arg, Message, Player
from ...core.views import envelope
from . import rules, scoring
from .constants import (
    ANSWER_IDS, ANY_PORT, A_COUNTER_GIVE, A_COUNTER_WANT, BANK_RATE, CARD_KINDS, COST_LEHM_WALL, COST_SETTLEMENT,
    COST_TOLL, COST_TOWER, COST_WALL, COST_WORKSHOP, COUNCIL_AT, COUNCIL_KEYS, COUNCIL_LOCK, COUNCIL_VP, EVENTS,
    EVERYONE, EV_RAUBRITTER, EV_WEGEZOLL, GOLD, GOODS, HAND_LIMIT, K_ACCEPT, K_BANK, K_CANCEL, K_CARD, K_CLOSE,
    K_COUNCIL, K_COUNTER, K_DECLINE, K_DISCARD, K_DONE, K_DRAW, K_END, K_FIRST, K_GIVE, K_OFFER, K_PASS, K_PRODUCE,
    K_ROBBER, K_SEND, K_SETTLE, K_STEAL, K_TAKE_COUNTER, K_TOLL, K_TOWER, K_WALL, K_WANT, K_WITHDRAW, K_WORKSHOP,
    MARKET_RATE, NOBODY, OFFER_PHASES, PHASE_IDS, PORT_RATE, P_CLOSE, P_COUNCIL, P_DISCARD, P_LEHM, P_MAIN,
    P_OFFER_GIVE, P_OFFER_SEND, P_OFFER_WANT, P_OVER, P_RESPOND, P_ROBBER, P_SETUP_SETTLE, P_SETUP_TOLL, P_STEAL,
    P_STEAL_CARD, RAUBRITTERBURG, REMOVED, RESOURCES, ROAD_NAMES, R_BANK_LIMIT, R_BANK_RATE, R_CANNOT_GIVE,
    R_CITY_INTERSECTION, R_DISCARD_HELD, R_DISTANCE, R_LACKS, R_NEEDS_TOLL, R_NOTHING_TO_OFFER, R_NOT_NOW,
    R_NOT_YOUR_WALL, R_NOWHERE, R_NO_BAUHOF, R_NO_INTERSECTION, R_NO_PARTNER, R_NO_SETTLEMENTS_LEFT, R_NO_TOLLS_LEFT,
    R_NO_TRIANGLE, R_NO_WORKSHOPS_LEFT, R_OFFER_LIMIT, R_OFFER_SIDE, R_OK, R_ROAD_FULL, R_ROBBER_MOVES, R_SETTLED,
    R_SETUP_ROAD, R_SETUP_ROAD_FULL, R_STEAL_FROM, R_SUPPLY_EMPTY, R_TOWER_TAKEN, R_TRIANGLE_CLOSED, R_WALL_COMPLETE,
    R_WORKSHOP_TAKEN, SETTLEMENTS, TARGET_VP, TERRAIN_TYPES, TOLLS, TOWER_PRESTIGE, TRADABLES, WALL_PRESTIGE, WORKSHOPS,
)

from .data import Components
from .events import FreeClay, Harvested, MarkgrafIntervenes, TollDue, YearPasses

if TYPE_CHECKING:
    from .state import SiedlerState


# ======================================================================================
# Names (for the terminal, the browser and the words below)
# ======================================================================================
def resource_name(r: int) -> Message:
    """A resource's (or gold's) name: "wood"."""
    return Message(f"siedler.tradable.{TRADABLES[r]}")


def count(x: int, n: int) -> Message:
    """n of tradable x: "2 wood", "3 gold" (a plural message)."""
    return Message(f"siedler.count.{TRADABLES[x]}", count=n)


def good_name(key: str) -> Message:
    """A good's name by its key ("Ruestungen" -> "Rüstungen")."""
    return Message(f"siedler.good.{key.lower()}")


def council_name(key: str) -> Message:
    """A council card's name by its key ("siebenerrat" -> "Siebenerrat")."""
    return Message(f"siedler.council.{key}")


def phase_name(phase_id: str) -> Message:
    """A phase's name by its id (the view's `phase`)."""
    return Message(f"siedler.phase.{phase_id}")


def terrain_type_name(kind: str) -> Message:
    return Message(f"siedler.terrain.{kind}")


def city_name(city: str) -> Message:
    return Message(f"siedler.city.{city.lower()}")


def answer_name(answer_id: str) -> Message:
    """An answer to a trade offer by its id (the view's offer.answers)."""
    return Message(f"siedler.answer.{answer_id}")


def card_words(kind: int) -> Message:
    """An event card: "harvest 8, the Markgraf intervenes", "Raubritter"."""
    number, event, road = CARD_KINDS[kind]
    if event == EV_RAUBRITTER:
        return Message("siedler.card.raubritter")
    if event == EV_WEGEZOLL:
        return Message("siedler.card.wegezoll", number=number, road=ROAD_NAMES[road])
    return Message(f"siedler.card.{EVENTS[event]}", number=number)


def joined(items: Sequence[Arg], glue: str = "comma", empty: str = "siedler.nothing") -> Arg:
    """Items joined with ", " (glue "comma") or "; " ("semicolon"), as messages a
    translator can reorder; the `empty` message for none."""
    if not items:
        return Message(empty)
    out = items[-1]
    for item in reversed(items[:-1]):
        out = Message(f"siedler.join.{glue}", head=item, tail=out)
    return out


def cards(vec: Sequence[int]) -> Arg:
    """Counts per tradable: "1 wood, 2 gold"; "nothing"."""
    return joined([count(x, c) for x, c in enumerate(vec) if c])


def _cost(price: Sequence[int]) -> Arg:
    """A price per tradable (a recipe of resources only: no gold) in words."""
    return cards([*price, 0][:6] if len(price) == 5 else price)


# ======================================================================================
# The view
# ======================================================================================
def _seat(o: int) -> int | None:
    return o if o >= 0 else None


def _seats(owners: Sequence[int]) -> list[int | None]:
    return [o if o >= 0 else None for o in owners]


def _tradables(vec: Sequence[int]) -> dict[str, int]:
    return dict(zip(TRADABLES, vec))


def view(s: SiedlerState, seat: int | None) -> dict[str, Any]:
    """What `seat` may know (None: a spectator): its own hand, everyone's card counts, the
    board, the offer under negotiation; in the common envelope. A fresh object."""
    m, n = s.components, s.player_count
    seats = []
    for p in range(n):
        c = s.council_of(p)
        seats.append({
            "hand": dict(zip(RESOURCES, s.hand(p))) if seat == p else None,
            "cards": s.cards(p), "gold": s.gold[p], "prestige": s.prestige[p],
            "victory_points": s.victory_points(p),
            "council": COUNCIL_KEYS[c] if c >= 0 else None,
            "pieces_left": {"settlements": s.settlements_left[p], "workshops": s.workshops_left[p],
                            "tolls": s.tolls_left[p]},
            "discards_owed": s.discards_owed[p],
        })
    roads = {}
    for k, name in enumerate(ROAD_NAMES):
        off, soff = m.road_offset[k], m.seg_offset[k]
        roads[name] = {
            "tolls": _seats(s.toll_owner[soff: soff + m.road_len[k]]),
            "settlements": _seats(s.settlement_owner[off: off + m.road_len[k] + 1]),
            "right_of_way": _seat(s.right_of_way[k]),
        }
    offer = None
    if s.phase in OFFER_PHASES:
        offer = {"give": _tradables(s.offer_give), "want": _tradables(s.offer_want),
                 "to": None if s.offer_to == EVERYONE else _seat(s.offer_to),
                 "answers": [ANSWER_IDS[a] for a in s.answers],
                 "counters": [{"give": _tradables(s.counter_give[q * 6: q * 6 + 6]),
                               "want": _tradables(s.counter_want[q * 6: q * 6 + 6])} for q in range(n)]}
    last = None
    if s.last_card >= 0:
        number, event, road = CARD_KINDS[s.last_card]
        last = {"number": number or None, "event": EVENTS[event], "road": ROAD_NAMES[road] if road >= 0 else None}
    over = s.phase == P_OVER
    ending = None
    if over:
        ending = {"reason": scoring.ending(s), "tied_on_most": scoring.tied_on_most(s),
                  "councils": [COUNCIL_KEYS[c] if (c := s.council_of(p)) >= 0 else None for p in range(n)]}
    table = {
        "active": s.active, "first_player": _seat(s.first_player), "year": m.years[s.time_stone],
        "time_stone": s.time_stone,
        "robber": m.terrain_ids[s.robber] if s.robber != RAUBRITTERBURG else None,
        "last_card": last, "deck_left": s.deck_left, "discards": sum(s.discards),
        "supply": dict(zip(RESOURCES, s.supply)),
        "roads": roads, "workshops": _seats(s.workshop_owner), "walls": list(s.wall_builders),
        "towers": _seats(s.tower_owner),
        "council": {key: None if h == NOBODY else ("removed" if h == REMOVED else h)
                    for key, h in zip(COUNCIL_KEYS, s.council_holder)},
        "offer": offer,
        "last_trade": ({"player": s.last_trade[0], "partner": s.last_trade[1],
                        "gave": _tradables(s.last_trade[2:8]), "got": _tradables(s.last_trade[8:14])}
                       if s.last_trade else None),
        "offers_left": max(0, s.offers_per_turn - s.offers_made),
        "bank_trades_left": max(0, s.bank_trades_per_turn - s.bank_trades), "offer_cards": s.offer_cards,
        "lehm_queue": list(s.lehm_queue),
        "council_candidates": list(s.council_candidates) if s.phase == P_COUNCIL else [],
        "steal_victim": _seat(s.steal_victim),
        "winner": _seat(s.winner) if over else None, "ending": ending,
        "map": map_view(s.components),
    }
    return envelope(s, seat, PHASE_IDS[s.phase], seats, table)


def map_view(m: Components) -> dict[str, Any]:
    """What the board of map `m` says of itself, by stable keys (the view's table.map):
    goods, red intersections, roads, the wall's tower triangles, the time track. A
    function of the map alone: a bot or a terminal tells which map a view shows by it."""
    goods = [{"key": GOODS[g], "recipe": {RESOURCES[r]: c for r, c in enumerate(m.good_recipe[g]) if c},
              "city": m.good_city[g], "price": m.good_price[g], "toll": m.good_toll[g]} for g in range(len(GOODS))]
    reds = []
    for j in range(len(m.red_ids)):
        port = m.red_port[j]
        reds.append({"goods": [GOODS[g] for g in m.red_goods[j]],
                     "trade": "3:1" if port == ANY_PORT else (RESOURCES[port] if port >= 0 else None),
                     "bauhof": m.red_bauhof[j]})
    cities = {ROAD_NAMES[k]: c for c, k in m.city_road.items()}
    return {
        "goods": goods, "red_intersections": reds,
        "roads": {name: {"city": cities.get(name), "segments": m.road_len[k]} for k, name in enumerate(ROAD_NAMES)},
        "triangles_after": list(m.triangle_after), "wall_pieces": m.wall_pieces, "years": list(m.years),
        "reshuffle_years": [m.years[i] for i in m.reshuffle_at],
    }


# ======================================================================================
# What the game waits for
# ======================================================================================
_ASKED_OF_ACTIVE = {P_MAIN: "siedler.asked.main", P_OFFER_GIVE: "siedler.asked.offer",
                    P_OFFER_WANT: "siedler.asked.offer", P_OFFER_SEND: "siedler.asked.offer",
                    P_CLOSE: "siedler.asked.close", P_ROBBER: "siedler.asked.robber", P_STEAL: "siedler.asked.steal",
                    P_SETUP_TOLL: "siedler.asked.setup_toll"}
"""The phases that wait for the active player, and their words."""
_ASKED_OF_NOBODY = {P_RESPOND: "siedler.asked.respond", P_DISCARD: "siedler.asked.discard",
                    P_OVER: "siedler.asked.over"}
"""The phases whose words name nobody (several may act, or none); chance otherwise."""


def asked(s: SiedlerState) -> Message:
    """What the game waits for, in words."""
    ph = s.phase
    key = _ASKED_OF_ACTIVE.get(ph)
    if key is not None:
        return Message(key, player=Player(s.active))
    if ph == P_LEHM:
        return Message("siedler.asked.lehm", player=Player(s.lehm_queue[0]))
    if ph == P_COUNCIL:
        return Message("siedler.asked.council", player=Player(s.council_chooser))
    if ph == P_SETUP_SETTLE:
        return Message("siedler.asked.setup_settlement", player=Player(s.active), road=ROAD_NAMES[s.setup_road])
    return Message(_ASKED_OF_NOBODY.get(ph, "siedler.asked.chance"))


# ======================================================================================
# Describing a move (before it is applied), as a viewer may know it
# ======================================================================================
def describe(s: SiedlerState, seat: int, action: Action, viewer: int | None) -> Message:
    code = s.action_table.code.get(action)
    if code is None:
        return Message("siedler.describe.unknown", action=repr(action.to_json()))
    kind, a, b = code
    try:
        return DESCRIBE[kind](s, seat, a, b, viewer)
    except IndexError:  # a position this map does not have (an illegal action)
        return Message("siedler.describe.nowhere", action=repr(action.to_json()))


def _first(s: SiedlerState, seat: int, first: int, _: int, viewer: int | None) -> Message:
    how = "expert" if s.setup == "expert" else "random"  # 9.: the highest card; 4.: at random
    return Message(f"siedler.describe.first.{how}", player=Player(first))


def _draw(s: SiedlerState, seat: int, kind: int, _: int, viewer: int | None) -> Message:
    no_harvest = Message("siedler.effects.no_harvest") if CARD_KINDS[kind][1] == EV_RAUBRITTER else ""
    return Message("siedler.describe.draw", player=Player(s.active), card=card_words(kind), effects=no_harvest)


# ======================================================================================
# What a move set in motion (news, from the events of rules.py)
# ======================================================================================
def news(s: SiedlerState, viewer: int | None) -> list[Message]:
    """What the last apply() set in motion (state.events), all of it public: the harvest,
    the time stone, the robber knight's return, who may build a wall piece for gold, the
    Wegezoll's dues."""
    return [NEWS[type(e)](s, e) for e in s.events]


def _news_harvest(s: SiedlerState, e: Harvested) -> Message:
    n = s.player_count
    gains: list[Arg] = []
    for q in range(n):
        got = list(e.gains[q * 5: q * 5 + 5])
        if any(got):
            gains.append(Message("siedler.harvest.gets", player=Player(q), cards=cards(got)))
    harvest: Arg = joined(gains, "semicolon", "siedler.harvest.nobody")
    if e.blocked >= 0:
        harvest = Message("siedler.harvest.blocked", harvest=harvest, terrain=s.components.terrain_ids[e.blocked])
    if e.short:
        short = joined([resource_name(r) for r in e.short])
        harvest = Message("siedler.harvest.short", harvest=harvest, resources=short)
    return Message("siedler.news.harvest", number=e.number, harvest=harvest)


def _news_year(s: SiedlerState, e: YearPasses) -> Message:
    if e.ended:
        return Message("siedler.hourglass.end", year=e.year)
    if e.reshuffled:
        return Message("siedler.hourglass.reshuffle", year=e.year)
    return Message("siedler.hourglass.moves", year=e.year)


def _news_markgraf(s: SiedlerState, e: MarkgrafIntervenes) -> Message:
    return Message("siedler.markgraf.returns" if e.returned else "siedler.markgraf.stays")


def _news_clay(s: SiedlerState, e: FreeClay) -> Message:
    if e.wall_complete:
        what = Message("siedler.lehm.complete")
    elif e.players:
        what = Message("siedler.lehm.can", cost=cards(COST_LEHM_WALL), players=joined([Player(q) for q in e.players]))
    else:
        what = Message("siedler.lehm.nobody")
    return Message("siedler.news.lehm", what=what)


def _news_toll(s: SiedlerState, e: TollDue) -> Message:
    road = ROAD_NAMES[e.road]
    if e.holder < 0:
        return Message("siedler.news.wegezoll", road=road, what=Message("siedler.wegezoll.no_holder", road=road))
    pays: list[Arg] = []
    for q, gold, taken, lost in e.dues:
        bits: list[Arg] = [count(GOLD, gold)] if gold else []
        if taken:
            bits.append(Message("siedler.count.random_card", count=taken))
        what = (Message("siedler.join.and", head=bits[0], tail=bits[1]) if len(bits) == 2
                else bits[0] if bits else Message("siedler.nothing"))
        pays.append(Message("siedler.wegezoll.pays_lost", player=Player(q), what=what, lost=lost) if lost
                    else Message("siedler.wegezoll.pays", player=Player(q), what=what))
    if not pays:
        return Message("siedler.news.wegezoll", road=road,
                       what=Message("siedler.wegezoll.nobody_else", player=Player(e.holder)))
    return Message("siedler.news.wegezoll", road=road,
                   what=Message("siedler.wegezoll.to", player=Player(e.holder), pays=joined(pays, "semicolon")))


NEWS: dict[type[Event], Callable[["SiedlerState", Any], Message]] = {
    Harvested: _news_harvest, YearPasses: _news_year, MarkgrafIntervenes: _news_markgraf, FreeClay: _news_clay,
    TollDue: _news_toll,
}
"""The words of each kind of event (events.py)."""


def _card(s: SiedlerState, seat: int, r: int, _: int, viewer: int | None) -> Message:
    if s.phase == P_STEAL_CARD:
        thief, victim = s.active, s.steal_victim
        what = resource_name(r) if viewer in (thief, victim) else Message("siedler.card.a_resource_card")
        return Message("siedler.describe.steal_card", player=Player(thief), card=what, victim=Player(victim))
    holder = s.right_of_way[s.wegezoll_road] if s.wegezoll_road >= 0 else NOBODY
    payer = s.wegezoll_owed[0][0] if s.wegezoll_owed else NOBODY
    if NOBODY in (holder, payer):   # no card is drawn now (a learner's masked index described): no one named
        return Message("siedler.card.a_random_card")
    what = resource_name(r) if viewer in (holder, payer) else Message("siedler.card.a_random_card")
    return Message("siedler.describe.wegezoll_card", player=Player(holder), card=what, victim=Player(payer))


def _end(s: SiedlerState, seat: int, _a: int, _b: int, viewer: int | None) -> Message:
    return Message("siedler.describe.end")


def _toll(s: SiedlerState, seat: int, road: int, _: int, viewer: int | None) -> Message:
    segment = s.tolls_on(road) + 1
    if s.phase == P_SETUP_TOLL:
        move = Message("siedler.describe.toll.setup", road=ROAD_NAMES[road], segment=segment)
    else:
        move = Message("siedler.describe.toll", road=ROAD_NAMES[road], segment=segment, cost=_cost(COST_TOLL))
    p = seat if 0 <= seat < s.player_count else s.active
    holder = s.right_of_way[road]
    if holder == p or rules.right_of_way_after_toll(s, p, road) != p:
        return move
    gain = (Message("siedler.right_of_way.takes") if holder < 0
            else Message("siedler.right_of_way.takes_from", player=Player(holder)))
    return Message("siedler.join.colon", head=move, tail=gain)


def _settle(s: SiedlerState, seat: int, road: int, at: int, viewer: int | None) -> Message:
    m = s.components
    if at <= m.road_len[road]:
        gi = m.road_offset[road] + at
        near = joined([Message("siedler.terrain.named", type=terrain_type_name(m.terrain_type[x]),
                               number=m.terrain_num[x]) for x in m.inter_terrains[gi]])
        move = Message("siedler.describe.settle", road=ROAD_NAMES[road], index=at + 1, near=near)
    else:
        move = Message("siedler.describe.settle.nowhere", road=ROAD_NAMES[road], index=at + 1)
    if s.phase != P_SETUP_SETTLE:
        return Message("siedler.join.paren", head=move, tail=_cost(COST_SETTLEMENT))
    if s.setup_step >= s.player_count:
        return Message("siedler.join.colon", head=move, tail=Message("siedler.settle.second_cards"))
    return move


def _workshop(s: SiedlerState, seat: int, spot: int, _: int, viewer: int | None) -> Message:
    m = s.components
    goods = joined([good_name(GOODS[g]) for g in m.red_goods[spot]], empty="siedler.red.no_goods")
    extra: list[Arg] = []
    port = m.red_port[spot]
    if port == ANY_PORT:
        extra.append(Message("siedler.red.market"))
    elif port >= 0:
        extra.append(Message("siedler.red.port", resource=resource_name(port)))
    if m.red_bauhof[spot]:
        extra.append(Message("siedler.red.bauhof"))
    place = Message("siedler.join.semicolon", head=goods, tail=joined(extra)) if extra else goods
    return Message("siedler.describe.workshop", index=spot + 1, place=place, cost=_cost(COST_WORKSHOP))


def council_effect(s: SiedlerState, p: int, points: int) -> Message | None:
    """What `points` more prestige do to p's council card (6.3): the rule itself on a copy."""
    if not 0 <= p < s.player_count:
        return None
    after: SiedlerState = s.clone()  # type: ignore[assignment]
    before = s.council_of(p)
    rules.gain_prestige(after, p, points, P_MAIN)
    if after.phase == P_COUNCIL:
        return Message("siedler.council_effect.choose", player=Player(p))
    card = after.council_of(p)
    if card == before or card < 0:
        return None
    name = council_name(COUNCIL_KEYS[card])
    previous = s.council_holder[card]
    if previous >= 0:
        return Message("siedler.council_effect.take_from", player=Player(p), card=name, vp=COUNCIL_VP[card],
                       holder=Player(previous))
    return Message("siedler.council_effect.take", player=Player(p), card=name, vp=COUNCIL_VP[card])


def _with_council(s: SiedlerState, move: Message, p: int, points: int) -> Message:
    effect = council_effect(s, p, points)
    return Message("siedler.join.comma", head=move, tail=effect) if effect is not None else move


def _wall(s: SiedlerState, seat: int, _a: int, _b: int, viewer: int | None) -> Message:
    piece = len(s.wall_builders) + 1
    prestige = Message("siedler.count.prestige", count=WALL_PRESTIGE)
    if s.phase == P_LEHM:
        gold = count(GOLD, COST_LEHM_WALL[GOLD])
        move = Message("siedler.describe.wall.lehm", piece=piece, gold=gold, prestige=prestige)
    else:
        move = Message("siedler.describe.wall", piece=piece, cost=_cost(COST_WALL), prestige=prestige)
    return _with_council(s, move, seat, WALL_PRESTIGE)


def _tower(s: SiedlerState, seat: int, triangle: int, _: int, viewer: int | None) -> Message:
    move = Message("siedler.describe.tower", after=s.components.triangle_after[triangle], cost=_cost(COST_TOWER),
                   prestige=Message("siedler.count.prestige", count=TOWER_PRESTIGE))
    return _with_council(s, move, seat, TOWER_PRESTIGE)


def _produce(s: SiedlerState, seat: int, g: int, _: int, viewer: int | None) -> Message:
    m = s.components
    p = s.active
    move = Message("siedler.describe.produce", good=good_name(GOODS[g]), recipe=_cost(m.good_recipe[g]),
                   city=city_name(m.good_city[g]), price=count(GOLD, rules.sale_price(s, p, g)))
    holder = rules.sale_toll_to(s, p, g)
    if holder < 0:
        return move
    return Message("siedler.join.comma", head=move,
                   tail=Message("siedler.produce.toll", toll=count(GOLD, m.good_toll[g]), player=Player(holder)))


def _bank(s: SiedlerState, seat: int, give: int, get: int, viewer: int | None) -> Message:
    return Message("siedler.describe.bank", give=count(give, s.bank_rate(s.active, give)), get=count(get, 1))


def _offer(s: SiedlerState, seat: int, _a: int, _b: int, viewer: int | None) -> Message:
    return Message("siedler.describe.offer", number=s.offers_made + 1, limit=s.offers_per_turn)


def _give(s: SiedlerState, seat: int, x: int, _: int, viewer: int | None) -> Message:
    return Message("siedler.describe.counter_give" if s.phase == P_RESPOND else "siedler.describe.give",
                   cards=count(x, 1))


def _want(s: SiedlerState, seat: int, x: int, _: int, viewer: int | None) -> Message:
    return Message("siedler.describe.counter_want" if s.phase == P_RESPOND else "siedler.describe.want",
                   cards=count(x, 1))


def _done(s: SiedlerState, seat: int, _a: int, _b: int, viewer: int | None) -> Message:
    return Message("siedler.describe.done")


def _cancel(s: SiedlerState, seat: int, _a: int, _b: int, viewer: int | None) -> Message:
    return Message("siedler.describe.cancel_counter" if s.phase == P_RESPOND else "siedler.describe.cancel")


def _send(s: SiedlerState, seat: int, to: int, _: int, viewer: int | None) -> Message:
    target: Arg = Message("siedler.everyone") if to == EVERYONE else Player(to)
    return Message("siedler.describe.send", give=cards(s.offer_give), want=cards(s.offer_want), target=target)


def _accept(s: SiedlerState, seat: int, _a: int, _b: int, viewer: int | None) -> Message:
    return Message("siedler.describe.accept", give=cards(s.offer_want), get=cards(s.offer_give))


def _decline(s: SiedlerState, seat: int, _a: int, _b: int, viewer: int | None) -> Message:
    return Message("siedler.describe.decline")


def _counter(s: SiedlerState, seat: int, _a: int, _b: int, viewer: int | None) -> Message:
    return Message("siedler.describe.counter")


def _close(s: SiedlerState, seat: int, partner: int, _: int, viewer: int | None) -> Message:
    return Message("siedler.describe.close", give=cards(s.offer_give), want=cards(s.offer_want),
                   partner=Player(partner))


def _take_counter(s: SiedlerState, seat: int, partner: int, _: int, viewer: int | None) -> Message:
    return Message("siedler.describe.take_counter", player=Player(partner),
                   get=cards(s.counter_give[partner * 6: partner * 6 + 6]),
                   give=cards(s.counter_want[partner * 6: partner * 6 + 6]))


def _withdraw(s: SiedlerState, seat: int, _a: int, _b: int, viewer: int | None) -> Message:
    return Message("siedler.describe.withdraw")


def _discard(s: SiedlerState, seat: int, r: int, _: int, viewer: int | None) -> Message:
    return Message("siedler.describe.discard", cards=count(r, 1))


def _robber(s: SiedlerState, seat: int, terrain: int, _: int, viewer: int | None) -> Message:
    m = s.components
    settled = [0] * s.player_count
    for gi in m.terrain_inters[terrain]:
        o = s.settlement_owner[gi]
        if o >= 0:
            settled[o] += 1
    owners: list[Arg] = [Player(q) if c == 1 else Message("siedler.robber.times", player=Player(q), count=c)
                         for q, c in enumerate(settled) if c]
    beside = (Message("siedler.robber.settlements_of", players=joined(owners)) if owners
              else Message("siedler.robber.no_settlement"))
    return Message("siedler.describe.robber", terrain=m.terrain_ids[terrain],
                   type=terrain_type_name(m.terrain_type[terrain]), number=m.terrain_num[terrain], beside=beside)


def _steal(s: SiedlerState, seat: int, victim: int, _: int, viewer: int | None) -> Message:
    return Message("siedler.describe.steal", victim=Player(victim))


def _pass(s: SiedlerState, seat: int, _a: int, _b: int, viewer: int | None) -> Message:
    return Message("siedler.describe.pass")


def _council(s: SiedlerState, seat: int, holder: int, _: int, viewer: int | None) -> Message:
    c = s.council_of(holder)
    if c < 0:   # asked of a player who holds none (a refused move): no card to name
        return Message("siedler.describe.council_any", holder=Player(holder))
    return Message("siedler.describe.council", card=council_name(COUNCIL_KEYS[c]), holder=Player(holder))


Describer = Callable[["SiedlerState", int, int, int, "int | None"], Message]
DESCRIBE: dict[int, Describer] = {
    K_FIRST: _first, K_DRAW: _draw, K_CARD: _card, K_END: _end, K_TOLL: _toll, K_SETTLE: _settle,
    K_WORKSHOP: _workshop, K_WALL: _wall, K_TOWER: _tower, K_PRODUCE: _produce, K_BANK: _bank, K_OFFER: _offer,
    K_GIVE: _give, K_WANT: _want, K_DONE: _done, K_CANCEL: _cancel, K_SEND: _send, K_ACCEPT: _accept,
    K_DECLINE: _decline, K_COUNTER: _counter, K_CLOSE: _close, K_TAKE_COUNTER: _take_counter,
    K_WITHDRAW: _withdraw, K_DISCARD: _discard, K_ROBBER: _robber, K_STEAL: _steal, K_PASS: _pass,
    K_COUNCIL: _council,
}
"""The words of each kind of move (constants.K_*), before it is made."""


# ======================================================================================
# Why a move is refused (only called on refusal)
# ======================================================================================
def why(s: SiedlerState, p: int, action: Action) -> Message:
    """The rule a move that is not legal now breaks: the reason its rule gives
    (rules.refusal), in words."""
    kind, a, b = s.action_table.code[action]
    reason = rules.refusal(s, p, kind, a, b)
    try:
        return REASON_WORDS[reason](s, p, kind, a, b)
    except IndexError:  # a place this map does not have
        return Message("siedler.why.nowhere")


_PIECE = {K_TOLL: ("toll", COST_TOLL), K_SETTLE: ("settlement", COST_SETTLEMENT),
          K_WORKSHOP: ("workshop", COST_WORKSHOP), K_WALL: ("wall", COST_WALL), K_TOWER: ("tower", COST_TOWER)}


def _lacks(s: SiedlerState, p: int, kind: int, a: int, b: int) -> Message:
    """"{what} costs {cost}; you lack {short}"."""
    if kind == K_PRODUCE:
        what, cost = good_name(GOODS[a]), (*s.components.good_recipe[a], 0)
    elif kind == K_WALL and s.phase == P_LEHM:
        what, cost = Message("siedler.piece.the_wall_piece"), COST_LEHM_WALL
    else:
        piece, cost = _PIECE[kind]
        what = Message(f"siedler.piece.{piece}")
    return Message("siedler.why.lacks", what=what, cost=cards(cost), short=cards(rules.lacks(s, p, cost)))


def _road(a: int) -> str:
    return ROAD_NAMES[a]


Words = Callable[["SiedlerState", int, int, int, int], Message]
REASON_WORDS: dict[int, Words] = {
    R_OK: lambda s, p, kind, a, b: Message("siedler.why.not_allowed"),
    R_NOT_NOW: lambda s, p, kind, a, b: Message("siedler.why.not_now", asked=asked(s)),
    R_NOWHERE: lambda s, p, kind, a, b: Message("siedler.why.nowhere"),
    R_ROAD_FULL: lambda s, p, kind, a, b: Message("siedler.why.road_full", road=_road(a),
                                                  count=s.components.road_len[a]),
    R_SETUP_ROAD_FULL: lambda s, p, kind, a, b: Message("siedler.why.setup_road_full", road=_road(a)),
    R_NO_TOLLS_LEFT: lambda s, p, kind, a, b: Message("siedler.why.no_tolls_left", limit=TOLLS),
    R_LACKS: _lacks,
    R_SETUP_ROAD: lambda s, p, kind, a, b: Message("siedler.why.setup_settlement_road", road=_road(s.setup_road)),
    R_NO_INTERSECTION: lambda s, p, kind, a, b: Message("siedler.why.no_intersection", road=_road(a),
                                                        last=s.components.road_len[a] + 1),
    R_CITY_INTERSECTION: lambda s, p, kind, a, b: Message("siedler.why.city_intersection"),
    R_SETTLED: lambda s, p, kind, a, b: Message("siedler.why.settled"),
    R_DISTANCE: lambda s, p, kind, a, b: Message("siedler.why.distance"),
    R_NO_SETTLEMENTS_LEFT: lambda s, p, kind, a, b: Message("siedler.why.no_settlements_left", limit=SETTLEMENTS),
    R_NEEDS_TOLL: lambda s, p, kind, a, b: Message("siedler.why.needs_toll", road=_road(a)),
    R_WORKSHOP_TAKEN: lambda s, p, kind, a, b: Message("siedler.why.workshop_taken"),
    R_NO_WORKSHOPS_LEFT: lambda s, p, kind, a, b: Message("siedler.why.no_workshops_left", limit=WORKSHOPS),
    R_WALL_COMPLETE: lambda s, p, kind, a, b: Message("siedler.why.wall_complete", count=s.components.wall_pieces),
    R_NOT_YOUR_WALL: lambda s, p, kind, a, b: Message("siedler.why.not_your_wall"),
    R_NO_TRIANGLE: lambda s, p, kind, a, b: Message("siedler.why.no_triangle",
                                                    count=len(s.components.triangle_after)),
    R_TOWER_TAKEN: lambda s, p, kind, a, b: Message("siedler.why.tower_taken"),
    R_TRIANGLE_CLOSED: lambda s, p, kind, a, b: Message("siedler.why.triangle_closed",
                                                        after=s.components.triangle_after[a],
                                                        piece=rules.triangle_opens_at(s.components, a)),
    R_NO_BAUHOF: lambda s, p, kind, a, b: Message("siedler.why.no_bauhof"),
    R_BANK_LIMIT: lambda s, p, kind, a, b: Message("siedler.why.bank_limit", limit=s.bank_trades_per_turn),
    R_BANK_RATE: lambda s, p, kind, a, b: Message("siedler.why.bank_rate", cards=count(a, s.bank_rate(p, a)),
                                                  have=s.holding(p, a)),
    R_SUPPLY_EMPTY: lambda s, p, kind, a, b: Message("siedler.why.supply_empty", resource=resource_name(b)),
    R_OFFER_LIMIT: lambda s, p, kind, a, b: Message("siedler.why.offer_limit", limit=s.offers_per_turn),
    R_NOTHING_TO_OFFER: lambda s, p, kind, a, b: Message("siedler.why.nothing_to_offer"),
    R_CANNOT_GIVE: lambda s, p, kind, a, b: Message("siedler.why.cannot_give", want=cards(s.offer_want)),
    R_OFFER_SIDE: lambda s, p, kind, a, b: Message("siedler.why.offer_side", limit=s.offer_cards),
    R_NO_PARTNER: lambda s, p, kind, a, b: Message("siedler.why.no_partner", player=Player(a)),
    R_ROBBER_MOVES: lambda s, p, kind, a, b: Message("siedler.why.robber_moves"),
    R_STEAL_FROM: lambda s, p, kind, a, b: Message("siedler.why.steal_from"),
    R_DISCARD_HELD: lambda s, p, kind, a, b: Message("siedler.why.discard_held"),
}
"""The words of each refusal reason (constants.R_*): (state, seat, kind, a, b) -> a message."""


# ======================================================================================
# The log: an offer is one line
# ======================================================================================
_FOLDED = frozenset((K_OFFER, K_GIVE, K_WANT, K_COUNTER))


def log_words(s: SiedlerState, seat: int, action: Action, viewer: int | None) -> Message | None:
    """What the log says of a move (State.log_words). An offer or counter-offer is put
    together card by card (5.2.1): those steps say nothing (None); the offer is one line
    when it is sent (the words of `send` state it whole), a counter-offer one line when
    its asking side is finished; a counter-offer dropped is a refusal. Every other move
    reads as describe() says it."""
    kind = s.action_table.code[action][0]
    if kind in _FOLDED:
        return None
    if kind == K_DONE:
        if s.phase == P_RESPOND and s.answers[seat] == A_COUNTER_WANT:
            return Message("siedler.log.counter", give=cards(rules.counter_side(s, seat, s.counter_give)),
                           want=cards(rules.counter_side(s, seat, s.counter_want)))
        return None
    if kind == K_CANCEL and s.phase == P_RESPOND:
        return Message("siedler.describe.decline")
    return describe(s, seat, action, viewer)


# ======================================================================================
# Multi-part choices and moves to think twice about
# ======================================================================================
def pick(s: SiedlerState, seat: int) -> Pick | None:
    """A side of an offer or counter-offer (5.2.1: cards and gold, one at a time, then
    `done`) and the cards to discard at a Raubritter (6.1) are sets whose order does not
    matter: their parts, for a person's screen."""
    table = s.action_table
    ph = s.phase
    if seat not in s.to_act():
        return None
    answer = s.answers[seat] if ph == P_RESPOND else -1
    if ph == P_OFFER_GIVE or answer == A_COUNTER_GIVE:
        other = s.offer_want if ph == P_OFFER_GIVE else rules.counter_side(s, seat, s.counter_want)
        parts = tuple(table.give[x] for x in range(len(TRADABLES)) if not other[x] and s.holding(seat, x))
        return Pick(parts, table.done, most=s.offer_cards, least=1, repeat=True) if parts else None
    if ph == P_OFFER_WANT or answer == A_COUNTER_WANT:
        other = s.offer_give if ph == P_OFFER_WANT else rules.counter_side(s, seat, s.counter_give)
        parts = tuple(table.want[x] for x in range(len(TRADABLES)) if not other[x])
        return Pick(parts, table.done, most=s.offer_cards, least=1, repeat=True)
    if ph == P_DISCARD:
        owed = s.discards_owed[seat]
        parts = tuple(table.discard[r] for r in range(len(RESOURCES)) if s.hands[seat * 5 + r])
        return Pick(parts, None, most=owed, least=owed, repeat=True)
    return None


def confirm(s: SiedlerState, seat: int, action: Action) -> Message | None:
    """Ending the turn over the hand limit (a Raubritter may take half, 6.1), and passing
    on Kostenloser Lehm (the cheap wall piece is gone for good, 8.3)."""
    kind = s.action_table.code[action][0]
    if kind == K_END and s.cards(seat) > HAND_LIMIT:
        return Message("siedler.confirm.end_over_limit", count=s.cards(seat), limit=HAND_LIMIT)
    if kind == K_PASS and s.phase == P_LEHM:
        return Message("siedler.confirm.pass_lehm")
    return None


# ======================================================================================
# The glossary: the game's pieces for a newcomer (Game.glossary)
# ======================================================================================
def glossary(m: Components) -> list[tuple[Message, Message]]:
    """(name, one sentence) for every piece, terrain, good, city, event card, council
    card and track of the game, in the order a newcomer meets them: the goal, the pieces
    of the setup, the harvest, the event cards, trade, the city. Numbers come from the
    map `m` and the rule constants, so the words follow the box in use."""
    def entry(key: str, name: Message | None = None, **args: Arg) -> tuple[Message, Message]:
        return (name or Message(f"siedler.glossary.{key}.name"), Message(f"siedler.glossary.{key}", **args))

    events = {e["event"] for e in m.raw["events"]}
    cards_of = {e["event"]: 0 for e in m.raw["events"]}
    for e in m.raw["events"]:
        cards_of[e["event"]] += e["count"]
    years = m.years
    reds = [years[i] for i in m.reshuffle_at]
    out = [
        entry("victory_points", target=TARGET_VP),
        entry("piece.settlement", cost=_cost(COST_SETTLEMENT), limit=SETTLEMENTS),
        entry("piece.toll", cost=_cost(COST_TOLL), limit=TOLLS),
        entry("right_of_way"),
    ]
    for kind, res in TERRAIN_TYPES.items():
        out.append(entry(f"terrain.{kind}", terrain_type_name(kind), resource=resource_name(RESOURCES.index(res))))
    out += [
        entry("harvest_number", cards=sum(e["count"] for e in m.raw["events"])),
        entry("event_card", cards=sum(e["count"] for e in m.raw["events"])),
    ]
    for ev in EVENTS:  # in the rulebook's order (8.), the plain harvest first
        if ev in events:
            out.append(entry(f"event.{ev}", count=cards_of[ev]))
    out += [
        entry("robber"),
        entry("raubritterburg"),
        entry("time_track", first=years[0], last=years[-1], reds=[str(y) for y in reds]),
        entry("gold", rate=BANK_RATE),
        entry("trade_offer"),
        entry("bank", rate=BANK_RATE, market=MARKET_RATE, port=PORT_RATE),
    ]
    for city in sorted(m.city_road, key=lambda c: m.city_road[c]):
        goods = [good_name(GOODS[g]) for g in range(len(GOODS)) if m.good_city[g] == city]
        out.append((city_name(city), Message("siedler.glossary.city", road=ROAD_NAMES[m.city_road[city]],
                                              goods=goods, toll=count(GOLD, m.city_toll[city]))))
    out.append(entry("roads_iv_v"))
    for g, key in enumerate(GOODS):
        out.append((good_name(key), Message("siedler.glossary.good", recipe=_cost(m.good_recipe[g]),
                                             city=city_name(m.good_city[g]), price=count(GOLD, m.good_price[g]),
                                             road=ROAD_NAMES[m.good_road[g]])))
    out += [
        entry("piece.workshop", cost=_cost(COST_WORKSHOP), limit=WORKSHOPS, spots=len(m.red_ids)),
        entry("hauptmarkt", market=MARKET_RATE, port=PORT_RATE),
        entry("bauhof"),
        entry("piece.wall", cost=_cost(COST_WALL), pieces=m.wall_pieces,
              prestige=Message("siedler.count.prestige", count=WALL_PRESTIGE)),
        entry("piece.tower", cost=_cost(COST_TOWER),
              prestige=Message("siedler.count.prestige", count=TOWER_PRESTIGE)),
        entry("prestige", at=COUNCIL_AT, lock=COUNCIL_LOCK),
    ]
    for c, key in enumerate(COUNCIL_KEYS):
        out.append((council_name(key), Message(f"siedler.glossary.council.{key}", vp=COUNCIL_VP[c], at=COUNCIL_AT,
                                                lock=COUNCIL_LOCK)))
    return out
