"""The rules of Die Siedler von Nürnberg, each written once and named after the rule, with
its section of the rulebook (Kosmos 1999, its Italian translation):

- the legal moves of each phase (`LEGAL`, by phase);
- one handler per kind of action (`HANDLERS`, by kind), each a function
  `(state, seat, a, b)` with the action's small-int arguments (actions.py);
- the automatic steps they set in motion (harvest, events, prestige, the end);
- the bookkeeping of what each seat cannot know (stolen and Wegezoll cards).

The presentation (present.py) calls the same functions, so a rule is never written twice
(the right of way, the harvest, a sale's price and toll, the Wegezoll dues)."""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING, Callable, Sequence, TypeVar

from ...core.actions import Action
from .constants import (
    A_ACCEPT, A_COUNTERED, A_COUNTER_GIVE, A_COUNTER_WANT, A_DECLINE, A_NONE, A_PENDING, CARD_KINDS, COST_LEHM_WALL,
    COST_SETTLEMENT, COST_TOLL, COST_TOWER, COST_WALL, COST_WORKSHOP, COUNCIL_AT, COUNCIL_LOCK, EVERYONE, EV_HOURGLASS,
    EV_LEHM, EV_MARKGRAF, EV_RAUBRITTER, EV_WEGEZOLL, GOLD, HAND_LIMIT, K_ACCEPT, K_BANK, K_CANCEL, K_CARD, K_CLOSE,
    K_COUNCIL, K_COUNTER, K_DECLINE, K_DISCARD, K_DONE, K_DRAW, K_END, K_FIRST, K_GIVE, K_OFFER, K_PASS, K_PRODUCE,
    K_ROBBER, K_SEND, K_SETTLE, K_STEAL, K_TAKE_COUNTER, K_TOLL, K_TOWER, K_WALL, K_WANT, K_WITHDRAW, K_WORKSHOP,
    NOBODY, N_KINDS, N_REDS, N_ROADS, PHASE_IDS, PIECE_COSTS, P_CLOSE, P_COUNCIL, P_DISCARD, P_DRAW, P_LEHM, P_MAIN,
    P_OFFER_GIVE, P_OFFER_SEND, P_OFFER_WANT, P_OVER, P_RESPOND, P_ROBBER, P_SETUP_SETTLE, P_SETUP_TOLL, P_START,
    P_STEAL, P_STEAL_CARD, P_WEGEZOLL_CARD, RAUBRITTERBURG, R_BANK_LIMIT, R_BANK_RATE, R_CANNOT_GIVE,
    R_CITY_INTERSECTION, R_DISCARD_HELD, R_DISTANCE, R_LACKS, R_NEEDS_TOLL, R_NOTHING_TO_OFFER, R_NOT_NOW,
    R_NOT_YOUR_WALL, R_NOWHERE, R_NO_BAUHOF, R_NO_INTERSECTION, R_NO_PARTNER, R_NO_SETTLEMENTS_LEFT, R_NO_TOLLS_LEFT,
    R_NO_TRIANGLE, R_NO_WORKSHOPS_LEFT, R_OFFER_LIMIT, R_OFFER_SIDE, R_OK, R_ROAD_FULL, R_ROBBER_MOVES, R_SETTLED,
    R_SETUP_ROAD, R_SETUP_ROAD_FULL, R_STEAL_FROM, R_SUPPLY_EMPTY, R_TOWER_TAKEN, R_TRIANGLE_CLOSED, R_WALL_COMPLETE,
    R_WORKSHOP_TAKEN, TARGET_VP, TOWER_PRESTIGE, WALL_PRESTIGE,
)
from .affordability import affordability
from .events import FreeClay, Harvested, MarkgrafIntervenes, TollDue, YearPasses

if TYPE_CHECKING:
    from .data import Components
    from .state import SiedlerState

Handler = Callable[["SiedlerState", int, int, int], None]
Legal = Callable[["SiedlerState", int], list[Action]]


# ======================================================================================
# Setup (3., 9.)
# ======================================================================================
def place_beginner_positions(s: SiedlerState) -> None:
    """3.: each colour's two toll stations and two settlements from the map file; one
    card per terrain beside the starred settlement."""
    for p in range(s.player_count):
        inters, star, tolls = s.components.beginner[p]
        for road in tolls:
            place_toll(s, p, road)
        for gi in inters:
            s.settlement_owner[gi] = p
            s.settlements_left[p] -= 1
        give_starting_cards(s, p, star)


def give_starting_cards(s: SiedlerState, p: int, gi: int) -> None:
    """3., 9.: one card per terrain next to the starred (or the second) settlement."""
    m = s.components
    for terrain in m.inter_terrains[gi]:
        r = m.terrain_res[terrain]
        if s.supply[r] > 0:
            s.supply[r] -= 1
            s.hands[p * 5 + r] += 1


def choose_first_player(s: SiedlerState, seat: int, first: int, _: int) -> None:
    """4.: the first player is chosen at random; 9.: by the highest event card, which
    gives each seat the same chance (the deck is reshuffled after, so it stays whole).
    The expert setup then places in snake order: first to last, last to first."""
    n = s.player_count
    s.first_player = s.active = first
    if s.setup == "expert":
        order = [(first + i) % n for i in range(n)]
        s.setup_order = order + order[::-1]
        s.setup_step = 0
        s.active = order[0]
        s.phase = P_SETUP_TOLL
    else:
        s.phase = P_DRAW


def legal_setup_toll(s: SiedlerState, seat: int) -> list[Action]:
    """9.: a toll station on any road with a free segment and a free intersection left
    for the settlement that follows."""
    return [s.action_table.toll[k] for k in range(N_ROADS) if setup_road_open(s, k)]


def setup_road_open(s: SiedlerState, road: int) -> bool:
    """9.: a free segment, and a free intersection for the settlement that follows."""
    return road_has_room(s, road) and bool(s.free_spots(road))


def legal_setup_settlement(s: SiedlerState, seat: int) -> list[Action]:
    """9.: the settlement goes on the road of the toll station just placed."""
    k = s.setup_road
    off = s.components.road_offset[k]
    row = s.action_table.settle[k]
    return [row[gi - off] for gi in s.free_spots(k)]


def place_setup_settlement(s: SiedlerState, gi: int) -> None:
    """9.: snake placement; the second settlement brings one card per terrain beside it;
    after the last placement the first player's turn begins."""
    if s.setup_step >= s.player_count:
        give_starting_cards(s, s.active, gi)
    s.setup_step += 1
    s.setup_road = -1
    if s.setup_step == len(s.setup_order):
        s.active = s.first_player
        s.phase = P_DRAW
    else:
        s.active = s.setup_order[s.setup_step]
        s.phase = P_SETUP_TOLL


# ======================================================================================
# The event card (5.1, 6.1, 6.4, 8.)
# ======================================================================================
def draw_event_card(s: SiedlerState, seat: int, kind: int, _: int) -> None:
    """5.1: the card goes face up on the discard pile; the harvest first, then the event.
    A Raubritter (6.1) has no harvest."""
    s.deck[kind] -= 1
    s.deck_left -= 1
    s.discards[kind] += 1
    s.last_card = kind
    number, event, road = CARD_KINDS[kind]
    s.phase = P_MAIN
    if event == EV_RAUBRITTER:
        raubritter(s)
    else:
        harvest(s, number)
        if event == EV_HOURGLASS:
            if years_pass(s):
                return
        elif event == EV_MARKGRAF:
            s._event((MarkgrafIntervenes, s.robber != RAUBRITTERBURG))
            s.robber = RAUBRITTERBURG  # 8.2
        elif event == EV_LEHM:
            kostenloser_lehm(s)
        elif event == EV_WEGEZOLL:
            wegezoll(s, road)
    if s.deck_left == 0:
        reshuffle(s)  # only on a user map whose time track outlasts the deck


def harvest_claims(s: SiedlerState, number: int) -> list[int]:
    """5.1.1: one card per settlement next to each terrain showing `number`, of that
    terrain's resource, except where the robber knight stands (6.1); claims[seat * 5 + r]."""
    m = s.components
    claims = [0] * (5 * s.player_count)
    owner = s.settlement_owner
    for terrain in m.terrains_of_number[number]:
        if terrain == s.robber:
            continue
        r = m.terrain_res[terrain]
        for gi in m.terrain_inters[terrain]:
            o = owner[gi]
            if o >= 0:
                claims[o * 5 + r] += 1
    return claims


def harvest(s: SiedlerState, number: int) -> None:
    """5.1.1 with the 20-card supply: nobody gets a type the supply cannot pay in full."""
    claims = harvest_claims(s, number)
    h, supply = s.hands, s.supply
    short: list[int] = []
    for r in range(5) if any(claims) else ():  # nothing claimed: the supply is untouched
        mine = claims[r::5]  # each seat's claim on resource r (claims[seat * 5 + r])
        total = sum(mine)
        if total > supply[r]:
            short.append(r)
            claims[r::5] = _NO_CLAIMS[len(mine)]
        elif total:
            supply[r] -= total
            q = r
            for c in mine:
                h[q] += c
                q += 5
    robber = s.robber
    s._event((Harvested, number, tuple(claims), tuple(short),
              robber if robber in s.components.terrains_of_number[number] else -1))


_NO_CLAIMS = tuple((0,) * n for n in range(8))  # claims[r::5] cleared, by player count


def years_pass(s: SiedlerState) -> bool:
    """6.4, 8.1: the hourglass moves the time stone one space; reaching 1400 ends the game
    at once (7b); reaching a red space shuffles the discards back. True when it ended."""
    m = s.components
    s.time_stone += 1
    ended = s.time_stone == len(m.years) - 1
    reshuffled = not ended and s.time_stone in m.reshuffle_at
    s._event((YearPasses, m.years[s.time_stone], reshuffled, ended))
    if ended:
        s.phase = P_OVER
        return True
    if reshuffled:
        reshuffle(s)
    return False


def reshuffle(s: SiedlerState) -> None:
    """6.4: the discard pile is shuffled back into the deck (the order is drawn lazily)."""
    for i, c in enumerate(s.discards):
        if c:
            s.deck[i] += c
            s.discards[i] = 0
    s.deck_left = sum(s.deck)


def raubritter(s: SiedlerState) -> None:
    """6.1: everyone with more than 7 resource cards discards half, rounded down; then the
    active player moves the robber knight."""
    owed = s.discards_owed
    for q in range(s.player_count):
        c = s.cards(q)
        owed[q] = c // 2 if c > HAND_LIMIT else 0
    s.phase = P_DISCARD if any(owed) else P_ROBBER


def can_build_lehm_wall(s: SiedlerState, q: int) -> bool:
    """8.3: a wall piece for 3 gold and no brick, while the wall is not complete."""
    return s.gold[q] >= COST_LEHM_WALL[GOLD] and wall_has_room(s)


def kostenloser_lehm(s: SiedlerState) -> None:
    """8.3: from the active player clockwise, each may build one wall piece for 3 gold."""
    n = s.player_count
    s.lehm_queue = [(s.active + i) % n for i in range(n)]
    next_lehm_builder(s)
    s._event((FreeClay, tuple(s.lehm_queue), not wall_has_room(s)))


def next_lehm_builder(s: SiedlerState) -> None:
    """8.3: those who cannot pay 3 gold (or find the wall complete) are passed over."""
    queue = s.lehm_queue
    while queue and not can_build_lehm_wall(s, queue[0]):
        queue.pop(0)
    s.phase = P_LEHM if queue else P_MAIN


def settlements_on_road(s: SiedlerState, q: int, road: int) -> int:
    owner = s.settlement_owner
    return sum(1 for gi in s.components.road_intersections(road) if owner[gi] == q)


def wegezoll_dues(s: SiedlerState, road: int) -> list[tuple[int, int, int]]:
    """8.4: what each opponent of the road's right-of-way holder pays, from the active
    player clockwise: (payer, gold, cards owed), 1 gold per settlement on the road and a
    random card per missing gold (what the payer's hand cannot cover is lost)."""
    holder = s.right_of_way[road]
    out = []
    n = s.player_count
    for i in range(n):
        q = (s.active + i) % n
        if q == holder:
            continue
        owed = settlements_on_road(s, q, road)
        if owed:
            pay = min(owed, s.gold[q])
            out.append((q, pay, owed - pay))
    return out


def wegezoll(s: SiedlerState, road: int) -> None:
    """8.4: every opponent of the holder pays 1 gold per settlement on the road; the holder
    draws a random card per missing gold; the rest is lost."""
    holder = s.right_of_way[road]
    if holder < 0:
        s._event((TollDue, road, holder, ()))
        return
    s.wegezoll_owed = []
    s.wegezoll_road = road
    told = []
    for q, gold, cards in wegezoll_dues(s, road):
        s.gold[q] -= gold
        s.gold[holder] += gold
        if cards and s.cards(q):
            s.wegezoll_owed.append((q, cards))
        taken = min(cards, s.cards(q))  # what the payer's hand cannot cover is lost
        told.append((q, gold, taken, cards - taken))
    s._event((TollDue, road, holder, tuple(sorted(told))))
    next_wegezoll_card(s)


def next_wegezoll_card(s: SiedlerState) -> None:
    if s.wegezoll_owed:
        s.phase = P_WEGEZOLL_CARD
    else:
        s.phase = P_MAIN
        s.wegezoll_road = -1


def take_random_card(s: SiedlerState, seat: int, r: int, _: int) -> None:
    """A card taken at random from a hand: stolen by the active player (6.1) or drawn by
    the right-of-way holder for the Wegezoll (8.4)."""
    if s.phase == P_STEAL_CARD:
        move_hidden_card(s, s.steal_victim, s.active, r)
        s.steal_victim = NOBODY
        s.phase = P_MAIN
        return
    payer, owed = s.wegezoll_owed[0]
    move_hidden_card(s, payer, s.right_of_way[s.wegezoll_road], r)
    if owed == 1 or not s.cards(payer):
        del s.wegezoll_owed[0]
    else:
        s.wegezoll_owed[0] = (payer, owed - 1)
    next_wegezoll_card(s)


# -- the Raubritter's decisions (6.1) ---------------------------------------------------
def discard_refusal(s: SiedlerState, seat: int, r: int) -> int:
    """6.1: a card one holds."""
    return R_OK if s.hands[seat * 5 + r] else R_DISCARD_HELD


def _unrefused(s: SiedlerState, seat: int, actions: Sequence[Action],
               refusal: Callable[[SiedlerState, int, int], int]) -> list[Action]:
    """The moves of a kind whose argument is their place in `actions` (a card, a
    terrain) that `refusal` finds no reason against (a plain loop: these lists are short,
    and a comprehension's frame cost more)."""
    out = []
    i = 0
    for a in actions:
        if not refusal(s, seat, i):
            out.append(a)
        i += 1
    return out


def legal_discard(s: SiedlerState, seat: int) -> list[Action]:
    return _unrefused(s, seat, s.action_table.discard, discard_refusal)


def discard_card(s: SiedlerState, seat: int, r: int, _: int) -> None:
    """6.1: discard one card of one's choice, to the supply."""
    pay(s, seat, _ONE_CARD[r])
    s.discards_owed[seat] -= 1
    if not any(s.discards_owed):
        s.phase = P_ROBBER


def robber_refusal(s: SiedlerState, seat: int, terrain: int) -> int:
    """6.1: the robber knight moves to a different terrain."""
    return R_ROBBER_MOVES if terrain == s.robber else R_OK


def legal_robber(s: SiedlerState, seat: int) -> list[Action]:
    return _unrefused(s, seat, s.action_table.robber, robber_refusal)


def move_robber(s: SiedlerState, seat: int, terrain: int, _: int) -> None:
    """6.1: then a card is stolen from an opponent holding one (who need not be near)."""
    s.robber = terrain
    p = s.active
    s.phase = P_STEAL if any(q != p and s.cards(q) for q in range(s.player_count)) else P_MAIN


def steal_refusal(s: SiedlerState, seat: int, victim: int) -> int:
    """6.1: from another player holding a card (gold is no card)."""
    return R_OK if victim != seat and s.cards(victim) else R_STEAL_FROM


def legal_steal(s: SiedlerState, seat: int) -> list[Action]:
    return [s.action_table.steal[q] for q in range(s.player_count) if not steal_refusal(s, seat, q)]


def choose_victim(s: SiedlerState, seat: int, victim: int, _: int) -> None:
    s.steal_victim = victim
    s.phase = P_STEAL_CARD


# -- Kostenloser Lehm's decisions (8.3) -------------------------------------------------
def legal_lehm(s: SiedlerState, seat: int) -> list[Action]:
    return [s.action_table.wall, s.action_table.pass_]


def pass_lehm(s: SiedlerState, seat: int, _a: int, _b: int) -> None:
    s.lehm_queue.pop(0)
    next_lehm_builder(s)


# ======================================================================================
# The turn (4., 5.2)
# ======================================================================================
affordable_pieces = affordability(PIECE_COSTS)
"""(wood, wool, grain, brick, stone, gold) -> whether they pay a toll station, a
settlement, a workshop, a wall piece, a tower (constants.PIECE_COSTS)."""


def lacks(s: SiedlerState, p: int, cost: Sequence[int]) -> list[int]:
    """What p lacks of `cost` (per tradable); all zero when p can pay it."""
    return [max(0, c - s.holding(p, x)) for x, c in enumerate(cost)]


def roads_with_room(s: SiedlerState) -> list[int]:
    """5.2.2.1: the roads with a free segment: tolls fill from the city outward, so those
    whose last segment is free."""
    owner, out = s.toll_owner, []
    k = 0
    for last in s.components.road_last_segment:
        if owner[last] < 0:
            out.append(k)
        k += 1
    return out


def road_has_room(s: SiedlerState, road: int) -> bool:
    """`roads_with_room` for one road (IndexError for a road the map does not have)."""
    if not 0 <= road < N_ROADS:
        raise IndexError(road)
    return road in roads_with_room(s)


def wall_has_room(s: SiedlerState) -> bool:
    """5.2.2.4: the wall is not complete."""
    return len(s.wall_builders) < s.components.wall_pieces


def triangle_open(s: SiedlerState, i: int) -> bool:
    """5.2.2.5: the tower triangle is free and the wall pieces beside it stand."""
    return s.tower_owner[i] < 0 and len(s.wall_builders) >= triangle_opens_at(s.components, i)


def toll_refusal(s: SiedlerState, p: int, road: int) -> int:
    """5.2.2.1: a toll station on the next free segment of a road, for wood and brick,
    while p has one left; in the expert setup (9.) free, on a road that leaves a free
    intersection for the settlement that follows."""
    if s.phase == P_SETUP_TOLL:
        return R_OK if setup_road_open(s, road) else (R_ROAD_FULL if not road_has_room(s, road) else R_SETUP_ROAD_FULL)
    if not road_has_room(s, road):
        return R_ROAD_FULL
    if not s.tolls_left[p]:
        return R_NO_TOLLS_LEFT
    return R_LACKS if any(lacks(s, p, COST_TOLL)) else R_OK


def settlement_refusal(s: SiedlerState, p: int, road: int, at: int) -> int:
    """5.2.2.2: a settlement on a free intersection with a free one on both sides along the
    road, not the one touching the city, on a road with a toll station of p's own, for
    wood, wool, grain and brick; in the expert setup (9.) free, on the road of the toll
    station just placed."""
    m = s.components
    if s.phase == P_SETUP_SETTLE and road != s.setup_road:
        return R_SETUP_ROAD
    if at > m.road_len[road]:
        return R_NO_INTERSECTION
    if at == 0:
        return R_CITY_INTERSECTION
    gi = m.road_offset[road] + at
    if s.settlement_owner[gi] >= 0:
        return R_SETTLED
    if gi not in s.free_spots(road):
        return R_DISTANCE
    if s.phase == P_SETUP_SETTLE:
        return R_OK
    if not s.settlements_left[p]:
        return R_NO_SETTLEMENTS_LEFT
    if not s.road_tolls[road * s.player_count + p]:
        return R_NEEDS_TOLL
    return R_LACKS if any(lacks(s, p, COST_SETTLEMENT)) else R_OK


def workshop_refusal(s: SiedlerState, p: int, spot: int) -> int:
    """5.2.2.3: a workshop on a free red intersection, for 2 grain and 3 stone."""
    if s.workshop_owner[spot] >= 0:
        return R_WORKSHOP_TAKEN
    if not s.workshops_left[p]:
        return R_NO_WORKSHOPS_LEFT
    return R_LACKS if any(lacks(s, p, COST_WORKSHOP)) else R_OK


def wall_refusal(s: SiedlerState, p: int) -> int:
    """5.2.2.4: the next wall piece, for a brick and 3 gold; Kostenloser Lehm (8.3): for
    the gold only, each player in turn."""
    if not wall_has_room(s):
        return R_WALL_COMPLETE
    if s.phase == P_LEHM:
        if s.lehm_queue[0] != p:
            return R_NOT_YOUR_WALL
        return R_LACKS if any(lacks(s, p, COST_LEHM_WALL)) else R_OK
    return R_LACKS if any(lacks(s, p, COST_WALL)) else R_OK


def tower_refusal(s: SiedlerState, p: int, triangle: int) -> int:
    """5.2.2.5: a tower in an open triangle of the wall, with a workshop of p's next to
    the Bauhof, for wood, brick and 3 gold."""
    if triangle >= len(s.components.triangle_after):
        return R_NO_TRIANGLE
    if s.tower_owner[triangle] >= 0:
        return R_TOWER_TAKEN
    if not triangle_open(s, triangle):
        return R_TRIANGLE_CLOSED
    if not s.builds_towers(p):
        return R_NO_BAUHOF
    return R_LACKS if any(lacks(s, p, COST_TOWER)) else R_OK


def production_refusal(s: SiedlerState, p: int, good: int) -> int:
    """5.2.3: a good for its recipe's resources (Q1: no workshop needed)."""
    return R_LACKS if any(lacks(s, p, (*s.components.good_recipe[good], 0))) else R_OK


def bank_refusal(s: SiedlerState, p: int, give: int, get: int) -> int:
    """5.2.1: the bank's rate of one tradable for one card of the supply (or a gold), up
    to `bank_trades_per_turn` a turn (option)."""
    if s.bank_trades >= s.bank_trades_per_turn:
        return R_BANK_LIMIT
    if s.holding(p, give) < s.bank_rate(p, give):
        return R_BANK_RATE
    if get != GOLD and not s.supply[get]:
        return R_SUPPLY_EMPTY
    return R_OK


def offer_refusal(s: SiedlerState, p: int) -> int:
    """5.2.1: a trade offer, up to `offers_per_turn` a turn (option), with something to give."""
    if s.offers_made >= s.offers_per_turn:
        return R_OFFER_LIMIT
    return R_OK if s.gold[p] or s.cards(p) else R_NOTHING_TO_OFFER


def legal_main(s: SiedlerState, p: int) -> list[Action]:
    """5.2: trade, build, produce and sell in any order, as often as affordable; or end
    the turn. The refusal functions above, asked here once per player where their test
    is the player's and once per place where it is the place's."""
    table, m, h = s.action_table, s.components, s.hands
    b = p * 5
    wood, wool, grain, brick, stone = h[b:b + 5]
    gold = s.gold[p]
    toll, settle, workshop, wall, tower = affordable_pieces(wood, wool, grain, brick, stone, gold)
    out = [table.end]
    if toll or settle:
        _legal_road_pieces(s, p, toll, settle, out)
    if workshop or wall or tower:
        _legal_city_pieces(s, p, workshop, wall, tower, out)
    m.append_producible(out, table.produce, wood, wool, grain, brick, stone, gold)  # production_refusal
    if s.bank_trades < s.bank_trades_per_turn:
        legal_bank_trades(s, p, (wood, wool, grain, brick, stone, gold), out)
    if s.offers_made < s.offers_per_turn and (gold or wood or wool or grain or brick or stone):
        out.append(table.offer)
    return out


# plain loops that append: in these hottest functions a comprehension's own frame costs more
def _legal_road_pieces(s: SiedlerState, p: int, toll: bool, settle: bool, out: list[Action]) -> None:
    """legal_main's toll stations and settlements (`toll_refusal`, `settlement_refusal`),
    those p can afford (toll, settle) appended to `out`."""
    table = s.action_table
    if toll and s.tolls_left[p]:
        row = table.toll
        for k in roads_with_room(s):
            out.append(row[k])
    if settle and s.settlements_left[p]:
        tolls, n, offsets = s.road_tolls, s.player_count, s.components.road_offset
        for k in range(N_ROADS):
            if tolls[k * n + p]:
                off, spots = offsets[k], table.settle[k]
                for gi in s.free_spots(k):
                    out.append(spots[gi - off])


def _legal_city_pieces(s: SiedlerState, p: int, workshop: bool, wall: bool, tower: bool, out: list[Action]) -> None:
    """legal_main's workshops, wall piece and towers (`workshop_refusal`, `wall_refusal`,
    `tower_refusal`), those p can afford appended to `out`."""
    table = s.action_table
    if workshop and s.workshops_left[p]:
        wo, spots = s.workshop_owner, table.workshop
        for j in range(N_REDS):
            if wo[j] < 0:
                out.append(spots[j])
    if wall and wall_has_room(s):
        out.append(table.wall)
    if tower and s.builds_towers(p):
        for i in range(len(s.components.triangle_after)):
            if triangle_open(s, i):
                out.append(table.tower[i])


def legal_bank_trades(s: SiedlerState, p: int, held: Sequence[int], out: list[Action]) -> None:
    """5.2.1: every trade of `bank_refusal` p may make, appended to `out`; `held` is what
    p holds per tradable (s.holding), the limit of the turn is asked by the caller."""
    rates = s.bank_rates(p)
    supply, bank = s.supply, s.action_table.bank
    x = 0
    for have in held:
        if have >= rates[x]:
            y = 0
            for a in bank[x]:  # None only for y == x
                if a is not None and (y == GOLD or supply[y]):
                    out.append(a)
                y += 1
        x += 1


def end_turn(s: SiedlerState, seat: int, _a: int, _b: int) -> None:
    """4.: the next player clockwise draws an event card."""
    s.active = (s.active + 1) % s.player_count
    s.offers_made = s.bank_trades = 0
    s.phase = P_DRAW


def check_thirteen(s: SiedlerState) -> None:
    """7a: a player who has 13 victory points during their own turn wins at once (also
    one who reached them outside it, when the turn comes)."""
    if s.phase != P_OVER and s.phase >= P_DRAW and s.victory_points(s.active) >= TARGET_VP:
        s.winner = s.active
        s.phase = P_OVER


# -- paying and the cards' knowledge ------------------------------------------------------
_ONE_CARD = tuple(tuple(1 if r == x else 0 for r in range(5)) for x in range(5))


def pay(s: SiedlerState, p: int, cost: Sequence[int]) -> None:
    """p pays resource cards to the supply and gold to the bank (5.2.2: prices are paid
    to the bank); `cost` per resource, then gold if it has a sixth entry."""
    h, supply = s.hands, s.supply
    b = p * 5
    cards = False
    for r in range(5):
        c = cost[r]
        if c:
            h[b + r] -= c
            supply[r] += c
            cards = True
    if len(cost) > GOLD:
        s.gold[p] -= cost[GOLD]
    if cards and s.any_hidden:  # gold alone leaves what others may be unsure of as it was
        shrink_unknown(s, p)


# ======================================================================================
# Building (5.2.2)
# ======================================================================================
def right_of_way_after_toll(s: SiedlerState, p: int, road: int) -> int:
    """Who holds the right-of-way card of `road` once p puts a toll station on it.

    5.2.2.1, 6.2: in the game the first toll station on a road takes the card, which then
    moves only to a player with strictly more toll stations than its holder. 3., 9.: in
    the setup the most toll stations take it, a tie going to the one who placed first
    (tolls fill from the city, so the first placed is the nearest)."""
    n = s.player_count
    base = road * n
    counts = s.road_tolls[base: base + n]
    counts[p] += 1
    if s.phase == P_SETUP_TOLL or s.phase == P_START:
        best = max(counts)
        off = s.components.seg_offset[road]
        used = sum(counts) - 1
        for i in range(used + 1):
            o = s.toll_owner[off + i] if i < used else p
            if counts[o] == best:
                return o
        return NOBODY
    holder = s.right_of_way[road]
    if holder < 0 or (holder != p and counts[p] > counts[holder]):
        return p
    return holder


def place_toll(s: SiedlerState, p: int, road: int) -> None:
    """5.2.2.1: the free segment nearest the city; the right of way follows
    (right_of_way_after_toll)."""
    holder = right_of_way_after_toll(s, p, road)
    s.toll_owner[s.components.seg_offset[road] + s.tolls_on(road)] = p
    s.road_tolls[road * s.player_count + p] += 1
    s.tolls_left[p] -= 1
    s.right_of_way[road] = holder


def build_toll(s: SiedlerState, seat: int, road: int, _: int) -> None:
    """5.2.2.1 (wood + brick); in the expert setup (9.) free, and a settlement follows on
    the same road."""
    p = s.active
    if s.phase == P_SETUP_TOLL:
        place_toll(s, p, road)
        s.setup_road = road
        s.phase = P_SETUP_SETTLE
    else:
        pay(s, p, COST_TOLL)
        place_toll(s, p, road)


def build_settlement(s: SiedlerState, seat: int, road: int, at: int) -> None:
    """5.2.2.2 (wood + wool + grain + brick), on a free spot of a road with a toll station
    of one's own; in the expert setup free (9.)."""
    p = s.active
    gi = s.components.road_offset[road] + at
    s.settlement_owner[gi] = p
    s.settlements_left[p] -= 1
    if s.phase == P_SETUP_SETTLE:
        place_setup_settlement(s, gi)
    else:
        pay(s, p, COST_SETTLEMENT)


def build_workshop(s: SiedlerState, seat: int, spot: int, _: int) -> None:
    """5.2.2.3: 2 grain + 3 stone, on a free red intersection; no distance rule."""
    p = s.active
    pay(s, p, COST_WORKSHOP)
    s.workshop_owner[spot] = p
    s.workshops_left[p] -= 1


def build_wall(s: SiedlerState, seat: int, _a: int, _b: int) -> None:
    """5.2.2.4: brick + 3 gold, the next piece in order, 1 prestige; Kostenloser Lehm
    (8.3): 3 gold and no brick, one piece each, in turn."""
    if s.phase == P_LEHM:
        pay(s, seat, COST_LEHM_WALL)
        s.wall_builders.append(seat)
        s.lehm_queue.pop(0)
        gain_prestige(s, seat, WALL_PRESTIGE, P_LEHM)
        if s.phase == P_LEHM:
            next_lehm_builder(s)
        return
    p = s.active
    pay(s, p, COST_WALL)
    s.wall_builders.append(p)
    gain_prestige(s, p, WALL_PRESTIGE, P_MAIN)


def triangle_opens_at(m: Components, i: int) -> int:
    """5.2.2.5: the tower triangle after wall piece k opens once piece k + 1 stands (the
    last one with the last piece): the wall length it needs, on map `m`."""
    after = m.triangle_after[i]
    return after + 1 if after < m.wall_pieces else m.wall_pieces


def build_tower(s: SiedlerState, seat: int, triangle: int, _: int) -> None:
    """5.2.2.5: wood + brick + 3 gold, in an open triangle, with a workshop next to the
    Bauhof; 2 prestige."""
    p = s.active
    pay(s, p, COST_TOWER)
    s.tower_owner[triangle] = p
    gain_prestige(s, p, TOWER_PRESTIGE, P_MAIN)


# ======================================================================================
# Produce and sell (5.2.3)
# ======================================================================================
def sale_price(s: SiedlerState, p: int, g: int) -> int:
    """5.2.3, 1.13: the good's price in its city, doubled with a workshop of p's next to
    one of its spaces."""
    return s.components.good_price[g] * (2 if s.doubles(p, g) else 1)


def sale_toll_to(s: SiedlerState, p: int, g: int) -> int:
    """5.2.3: the holder of the right of way of the road to the good's city, who takes the
    toll from any seller but themself; NOBODY when no toll is due."""
    holder = s.right_of_way[s.components.good_road[g]]
    return holder if holder >= 0 and holder != p else NOBODY


def produce_and_sell(s: SiedlerState, seat: int, g: int, _: int) -> None:
    """5.2.3: pay the good's resources, sell it at once, pay the toll (as far as the gold
    goes); Q1: no workshop needed."""
    p = s.active
    m = s.components
    pay(s, p, m.good_recipe[g])
    s.gold[p] += sale_price(s, p, g)
    holder = sale_toll_to(s, p, g)
    if holder >= 0:
        toll = min(m.good_toll[g], s.gold[p])
        s.gold[p] -= toll
        s.gold[holder] += toll


# ======================================================================================
# Trade (5.2.1)
# ======================================================================================
def trade_with_bank(s: SiedlerState, seat: int, give: int, get: int) -> None:
    """5.2.1: 4 of a kind (gold included) for 1 of another; 3:1 or 2:1 with a workshop on
    the Hauptmarkt's corners; at most `bank_trades_per_turn` a turn (option)."""
    p = s.active
    rate = s.bank_rate(p, give)
    if give == GOLD:
        s.gold[p] -= rate
    else:
        s.hands[p * 5 + give] -= rate
        s.supply[give] += rate
        if s.any_hidden:
            shrink_unknown(s, p)
    if get == GOLD:
        s.gold[p] += 1
    else:
        s.hands[p * 5 + get] += 1
        s.supply[get] -= 1
    s.bank_trades += 1


def start_offer(s: SiedlerState, seat: int, _a: int, _b: int) -> None:
    """5.2.1: the active player puts an offer together, what to give first."""
    s.offers_made += 1
    s.offer_give, s.offer_want = [0] * 6, [0] * 6
    s.phase = P_OFFER_GIVE


def counter_side(s: SiedlerState, seat: int, side: list[int]) -> list[int]:
    return side[seat * 6: seat * 6 + 6]


def offer_sides(s: SiedlerState, seat: int) -> tuple[list[int], list[int]]:
    """The side `seat` is putting together now and the other side of that offer: what the
    active player gives and asks for, or what a counter-offer's maker gives and asks for
    (its give side first: (giving, asking), else (asking, giving))."""
    ph = s.phase
    if ph == P_OFFER_GIVE:
        return s.offer_give, s.offer_want
    if ph == P_OFFER_WANT:
        return s.offer_want, s.offer_give
    give, want = counter_side(s, seat, s.counter_give), counter_side(s, seat, s.counter_want)
    return (give, want) if ph == P_RESPOND and s.answers[seat] == A_COUNTER_GIVE else (want, give)


def side_allows(s: SiedlerState, seat: int, kind: int, x: int, side: list[int], other: list[int]) -> bool:
    """5.2.1: an offer (or counter-offer) is put together one card or gold at a time, at
    most `offer_cards` per side (option), each card as `card_fits`; a side with something
    on it can be finished (K_DONE)."""
    if kind == K_DONE:
        return sum(side) > 0
    return sum(side) < s.offer_cards and x in fitting_cards(s, seat, kind, side, other, _TRADABLES)


_TRADABLES = range(6)
_T = TypeVar("_T")


def fitting_cards(s: SiedlerState, seat: int, kind: int, side: list[int], other: list[int],
                  row: Sequence[_T]) -> list[_T]:
    """5.2.1: the tradables of which one more fits the side, as row[tradable] (row: the
    actions, or _TRADABLES for the numbers): what one gives is held and not asked for on
    the other side; what one asks for is not given."""
    out = []  # plain loops: asked on every card of an offer, where a comprehension's frame costs more
    if kind == K_WANT:
        for x in _TRADABLES:
            if not other[x]:
                out.append(row[x])
        return out
    held = s.hands[seat * 5:seat * 5 + 5]
    held.append(s.gold[seat])  # per tradable, as s.holding(seat, x) gives it
    for x in _TRADABLES:
        if not other[x] and held[x] > side[x]:
            out.append(row[x])
    return out


def side_refusal(s: SiedlerState, seat: int, kind: int, x: int) -> int:
    """`side_allows` for the side `seat` puts together now (the giving side first)."""
    ph, answer = s.phase, s.answers[seat]
    giving = ph == P_OFFER_GIVE or (ph == P_RESPOND and answer == A_COUNTER_GIVE)
    asking = ph == P_OFFER_WANT or (ph == P_RESPOND and answer == A_COUNTER_WANT)
    if not (giving or asking) or (kind == K_GIVE and not giving) or (kind == K_WANT and not asking):
        return R_OFFER_SIDE
    side, other = offer_sides(s, seat)
    return R_OK if side_allows(s, seat, kind, x, side, other) else R_OFFER_SIDE


def _legal_side(kind: int, s: SiedlerState, seat: int) -> list[Action]:
    """side_allows for each card, with the side's size counted once."""
    side, other = offer_sides(s, seat)
    cards = sum(side)
    table = s.action_table
    if cards < s.offer_cards:
        out = fitting_cards(s, seat, kind, side, other, table.give if kind == K_GIVE else table.want)
    else:
        out = []
    if cards:  # side_allows(K_DONE)
        out.append(table.done)
    out.append(table.cancel)
    return out


# (a partial is called without a Python frame of its own: these are asked on every card of an offer)
legal_give_side: Legal = functools.partial(_legal_side, K_GIVE)
"""One card (or gold) more to give, or the side finished (`side_allows`), or the offer
dropped."""
legal_want_side: Legal = functools.partial(_legal_side, K_WANT)
"""One card (or gold) more to ask for, or the side finished (`side_allows`), or the offer
dropped."""


def legal_offer_send(s: SiedlerState, seat: int) -> list[Action]:
    send = s.action_table.send
    return [send[0], *(send[q + 1] for q in range(s.player_count) if q != seat), s.action_table.cancel]


def accept_refusal(s: SiedlerState, seat: int) -> int:
    """5.2.1: accepting gives what the offer asks for: it must be in hand; a seat putting
    a counter-offer together finishes or drops it first (R_NOT_NOW)."""
    if s.answers[seat] != A_PENDING:
        return R_NOT_NOW
    return R_OK if s.can_pay(seat, s.offer_want) else R_CANNOT_GIVE


def legal_respond(s: SiedlerState, seat: int) -> list[Action]:
    """Accept (`accept_refusal`), decline, or make a counter-offer, put together like an
    offer."""
    answer = s.answers[seat]
    if answer == A_COUNTER_GIVE:
        return legal_give_side(s, seat)
    if answer == A_COUNTER_WANT:
        return legal_want_side(s, seat)
    table = s.action_table
    if not accept_refusal(s, seat):
        return [table.accept, table.decline, table.counter]
    return [table.decline, table.counter]


def close_refusal(s: SiedlerState, seat: int, kind: int, partner: int) -> int:
    """5.2.1: the active player trades with one who accepted, or takes a counter-offer,
    if it can still pay its side. What a partner committed to give was checked when it
    answered and cannot change since."""
    answer = s.answers[partner]
    if kind == K_CLOSE:
        return R_OK if answer == A_ACCEPT and s.can_pay(seat, s.offer_give) else R_NO_PARTNER
    return R_OK if answer == A_COUNTERED and s.can_pay(seat, counter_side(s, partner, s.counter_want)) else R_NO_PARTNER


def legal_close(s: SiedlerState, seat: int) -> list[Action]:
    """Trade with a partner (`close_refusal`), or withdraw."""
    table = s.action_table
    out = []
    for q in range(s.player_count):
        if not close_refusal(s, seat, K_CLOSE, q):
            out.append(table.close[q])
        elif not close_refusal(s, seat, K_TAKE_COUNTER, q):
            out.append(table.take_counter[q])
    out.append(table.withdraw)
    return out


def add_give(s: SiedlerState, seat: int, x: int, _: int) -> None:
    if s.phase == P_OFFER_GIVE:
        s.offer_give[x] += 1
    else:
        s.counter_give[seat * 6 + x] += 1


def add_want(s: SiedlerState, seat: int, x: int, _: int) -> None:
    if s.phase == P_OFFER_WANT:
        s.offer_want[x] += 1
    else:
        s.counter_want[seat * 6 + x] += 1


def finish_side(s: SiedlerState, seat: int, _a: int, _b: int) -> None:
    """An offer: give, then want, then whom to send it to; a counter-offer: give, then
    want, then it stands (its maker shows it holds what it gives)."""
    ph = s.phase
    if ph == P_OFFER_GIVE:
        s.phase = P_OFFER_WANT
    elif ph == P_OFFER_WANT:
        s.phase = P_OFFER_SEND
    elif s.answers[seat] == A_COUNTER_GIVE:
        s.answers[seat] = A_COUNTER_WANT
    else:
        s.answers[seat] = A_COUNTERED
        if s.any_hidden:
            reveal_cards(s, seat, counter_side(s, seat, s.counter_give))
        answers_complete(s)


def cancel_offer(s: SiedlerState, seat: int, _a: int, _b: int) -> None:
    """The active player drops the offer; a responder drops its counter-offer and declines."""
    if s.phase == P_RESPOND:
        s.answers[seat] = A_DECLINE
        clear_counter(s, seat)
        answers_complete(s)
    else:
        s.phase = P_MAIN


def send_offer(s: SiedlerState, seat: int, to: int, _: int) -> None:
    """The offer goes to one player or to every other (EVERYONE); they answer at once."""
    p = s.active
    n = s.player_count
    s.offer_to = to
    for q in range(n):
        s.answers[q] = A_PENDING if q != p and (to == EVERYONE or to == q) else A_NONE
    s.counter_give, s.counter_want = [0] * (6 * n), [0] * (6 * n)
    s.phase = P_RESPOND


def accept_offer(s: SiedlerState, seat: int, _a: int, _b: int) -> None:
    s.answers[seat] = A_ACCEPT
    if s.any_hidden:
        reveal_cards(s, seat, s.offer_want)
    answers_complete(s)


def decline_offer(s: SiedlerState, seat: int, _a: int, _b: int) -> None:
    s.answers[seat] = A_DECLINE
    answers_complete(s)


def make_counter_offer(s: SiedlerState, seat: int, _a: int, _b: int) -> None:
    s.answers[seat] = A_COUNTER_GIVE


def answers_complete(s: SiedlerState) -> None:
    """Once all have answered: the active player closes if anyone accepted or countered;
    otherwise the offer lapses."""
    answers = s.answers
    for q in range(s.player_count):
        a = answers[q]
        if a == A_PENDING or a == A_COUNTER_GIVE or a == A_COUNTER_WANT:
            return
    if any(a == A_ACCEPT or a == A_COUNTERED for a in answers):
        s.phase = P_CLOSE
    else:
        end_trade(s)


def clear_counter(s: SiedlerState, q: int) -> None:
    for i in range(6):
        s.counter_give[q * 6 + i] = 0
        s.counter_want[q * 6 + i] = 0


def close_trade(s: SiedlerState, seat: int, partner: int, _: int) -> None:
    """The active player trades the offer with one who accepted."""
    p = s.active
    gave, got = list(s.offer_give), list(s.offer_want)
    transfer(s, p, partner, gave)
    transfer(s, partner, p, got)
    end_trade(s)
    s.last_trade = [p, partner, *gave, *got]  # a trade is made in the open


def take_counter_offer(s: SiedlerState, seat: int, partner: int, _: int) -> None:
    p = s.active
    got, gave = counter_side(s, partner, s.counter_give), counter_side(s, partner, s.counter_want)
    transfer(s, partner, p, got)
    transfer(s, p, partner, gave)
    end_trade(s)
    s.last_trade = [p, partner, *gave, *got]  # a trade is made in the open


def withdraw_offer(s: SiedlerState, seat: int, _a: int, _b: int) -> None:
    end_trade(s)


def end_trade(s: SiedlerState) -> None:
    n = s.player_count
    s.last_trade = []
    s.offer_give, s.offer_want, s.offer_to = [0] * 6, [0] * 6, NOBODY
    s.answers = [A_NONE] * n
    s.counter_give, s.counter_want = [0] * (6 * n), [0] * (6 * n)
    s.phase = P_MAIN


def transfer(s: SiedlerState, a: int, b: int, vec: list[int]) -> None:
    """A public transfer of cards and gold from a to b (trades)."""
    h = s.hands
    for r in range(5):
        x = vec[r]
        if x:
            h[a * 5 + r] -= x
            h[b * 5 + r] += x
    if vec[5]:
        s.gold[a] -= vec[5]
        s.gold[b] += vec[5]
    if s.any_hidden:
        shrink_unknown(s, a)


# ======================================================================================
# Prestige and council cards (6.3, Q3)
# ======================================================================================
def gain_prestige(s: SiedlerState, p: int, points: int, resume: int) -> None:
    """Q3: prestige counts one point at a time; each point may take a council card. When
    one point passes several holders, p chooses (phase council) and the rest follows."""
    while points:
        points -= 1
        s.prestige[p] += 1
        candidates = council_step(s, p)
        if len(candidates) > 1:
            s.council_points_pending = points
            s.council_chooser = p
            s.council_resume_phase = resume
            s.council_candidates = candidates
            s.phase = P_COUNCIL
            return
        if candidates:
            swap_council(s, p, candidates[0])
    s.phase = resume


def council_step(s: SiedlerState, p: int) -> list[int]:
    """6.3: reaching 3 prestige takes the highest free card; passing the prestige of the
    holder of a better unlocked card (or of any card, without one) takes it: the holders
    one may take a card from. 12 prestige makes a held card permanent."""
    x = s.prestige[p]
    own = s.council_of(p)
    c = s.council_holder
    if own < 0 and x >= COUNCIL_AT:
        for i in range(3):
            if c[i] == NOBODY:
                c[i] = p
                return []
    if own >= 0 and x - 1 >= COUNCIL_LOCK:
        return []  # a locked card is never given away
    out = []
    for q in range(s.player_count):
        if q == p:
            continue
        theirs = s.council_of(q)
        if theirs >= 0 and s.prestige[q] == x - 1 and s.prestige[q] < COUNCIL_LOCK and (own < 0 or theirs < own):
            out.append(q)
    return out


def swap_council(s: SiedlerState, p: int, q: int) -> None:
    """6.3: p takes q's card and gives back its own, if any."""
    own = s.council_of(p)
    theirs = s.council_of(q)
    s.council_holder[theirs] = p
    if own >= 0:
        s.council_holder[own] = q


def legal_council(s: SiedlerState, seat: int) -> list[Action]:
    return [s.action_table.council[q] for q in s.council_candidates]


def take_council_card(s: SiedlerState, seat: int, holder: int, _: int) -> None:
    swap_council(s, seat, holder)
    pending, resume = s.council_points_pending, s.council_resume_phase
    s.council_points_pending, s.council_chooser, s.council_resume_phase = 0, NOBODY, P_MAIN
    s.council_candidates = []
    gain_prestige(s, seat, pending, resume)
    if s.phase == P_LEHM:
        next_lehm_builder(s)


# ======================================================================================
# What each seat cannot know (3.: hands are secret; 6.1, 8.4: cards taken at random)
# ======================================================================================
def shrink_unknown(s: SiedlerState, p: int) -> None:
    """After p loses cards publicly, nobody can be unsure of more cards than p holds."""
    unknown, h, n = s.unknown_cards, s.hands, s.player_count
    for v in range(n):
        if v != p:
            base = (v * n + p) * 5
            for r in range(5):
                if unknown[base + r] > h[p * 5 + r]:
                    unknown[base + r] = h[p * 5 + r]


def reveal_cards(s: SiedlerState, p: int, vec: list[int]) -> None:
    """p commits publicly to give vec: everyone now knows p holds those cards."""
    unknown, h, n = s.unknown_cards, s.hands, s.player_count
    for v in range(n):
        if v != p:
            base = (v * n + p) * 5
            for r in range(5):
                if unknown[base + r] > h[p * 5 + r] - vec[r]:
                    unknown[base + r] = h[p * 5 + r] - vec[r]


def move_hidden_card(s: SiedlerState, a: int, b: int, r: int) -> None:
    """One card of type r from a to b, seen only by a and b (a steal, a Wegezoll card)."""
    n, unknown, h = s.player_count, s.unknown_cards, s.hands
    for v in range(n):
        if v == a or v == b:
            continue
        base = (v * n + a) * 5
        for x in range(5):
            known = h[a * 5 + x] - unknown[base + x]
            known_after = known - 1 if known > 0 else 0  # any one card may have gone
            unknown[base + x] = h[a * 5 + x] - (1 if x == r else 0) - known_after
        unknown[(v * n + b) * 5 + r] += 1
    h[a * 5 + r] -= 1
    h[b * 5 + r] += 1
    s.any_hidden = True
    shrink_unknown(s, a)  # b saw the card: b's uncertainty about a shrinks with a's hand


def redeal_unknown_cards(s: SiedlerState, seat: int, rng: random.Random) -> None:
    """For sample(): the cards `seat` cannot place are dealt again at random among the
    hands they may be in; every other card stays where `seat` knows it is."""
    n = s.player_count
    pool: list[int] = []
    counts = []
    unknown = s.unknown_cards
    for p in range(n):
        if p == seat:
            counts.append(0)
            continue
        base = (seat * n + p) * 5
        c = 0
        for r in range(5):
            u = unknown[base + r]
            pool += [r] * u
            c += u
            s.hands[p * 5 + r] -= u
        counts.append(c)
    pool.sort()   # in a canonical order: the shuffle must not depend on whose the cards really are
    rng.shuffle(pool)
    i = 0
    for p in range(n):
        if p == seat:
            continue
        base = (seat * n + p) * 5
        for r in range(5):
            unknown[base + r] = 0
        for _ in range(counts[p]):
            r = pool[i]
            i += 1
            s.hands[p * 5 + r] += 1
            unknown[base + r] += 1
    for p in range(n):
        shrink_unknown(s, p)
    s.any_hidden = True


# ======================================================================================
# Dispatch
# ======================================================================================
def _no_moves(s: SiedlerState, seat: int) -> list[Action]:
    return []


_HANDLERS: dict[int, Handler] = {
    K_FIRST: choose_first_player, K_DRAW: draw_event_card, K_CARD: take_random_card, K_END: end_turn,
    K_TOLL: build_toll, K_SETTLE: build_settlement, K_WORKSHOP: build_workshop, K_WALL: build_wall,
    K_TOWER: build_tower, K_PRODUCE: produce_and_sell, K_BANK: trade_with_bank, K_OFFER: start_offer,
    K_GIVE: add_give, K_WANT: add_want, K_DONE: finish_side, K_CANCEL: cancel_offer, K_SEND: send_offer,
    K_ACCEPT: accept_offer, K_DECLINE: decline_offer, K_COUNTER: make_counter_offer, K_CLOSE: close_trade,
    K_TAKE_COUNTER: take_counter_offer, K_WITHDRAW: withdraw_offer, K_DISCARD: discard_card,
    K_ROBBER: move_robber, K_STEAL: choose_victim, K_PASS: pass_lehm, K_COUNCIL: take_council_card,
}
HANDLERS: tuple[Handler, ...] = tuple(_HANDLERS[k] for k in range(N_KINDS))
"""The handler of each kind of action, by kind."""

Refusal = Callable[["SiedlerState", int, int, int], int]
REFUSALS: dict[int, Refusal] = {
    K_TOLL: lambda s, p, road, _: toll_refusal(s, p, road),
    K_SETTLE: settlement_refusal,
    K_WORKSHOP: lambda s, p, spot, _: workshop_refusal(s, p, spot),
    K_WALL: lambda s, p, _a, _b: wall_refusal(s, p),
    K_TOWER: lambda s, p, triangle, _: tower_refusal(s, p, triangle),
    K_PRODUCE: lambda s, p, good, _: production_refusal(s, p, good),
    K_BANK: bank_refusal,
    K_OFFER: lambda s, p, _a, _b: offer_refusal(s, p),
    K_GIVE: lambda s, p, x, _: side_refusal(s, p, K_GIVE, x),
    K_WANT: lambda s, p, x, _: side_refusal(s, p, K_WANT, x),
    K_DONE: lambda s, p, _a, _b: side_refusal(s, p, K_DONE, 0),
    K_ACCEPT: lambda s, p, _a, _b: accept_refusal(s, p),
    K_CLOSE: lambda s, p, partner, _: close_refusal(s, p, K_CLOSE, partner),
    K_TAKE_COUNTER: lambda s, p, partner, _: close_refusal(s, p, K_TAKE_COUNTER, partner),
    K_DISCARD: lambda s, p, r, _: discard_refusal(s, p, r),
    K_ROBBER: lambda s, p, terrain, _: robber_refusal(s, p, terrain),
    K_STEAL: lambda s, p, victim, _: steal_refusal(s, p, victim),
}
"""The rule each kind of move must keep, as a refusal reason (R_OK: kept): the same
functions the legal moves are built from."""

_MAIN_KINDS = frozenset((K_END, K_TOLL, K_SETTLE, K_WORKSHOP, K_WALL, K_TOWER, K_PRODUCE, K_BANK, K_OFFER))
KINDS_BY_PHASE: dict[int, frozenset[int]] = {
    P_MAIN: _MAIN_KINDS, P_SETUP_TOLL: frozenset((K_TOLL,)), P_SETUP_SETTLE: frozenset((K_SETTLE,)),
    P_LEHM: frozenset((K_WALL, K_PASS)), P_OFFER_GIVE: frozenset((K_GIVE, K_WANT, K_DONE, K_CANCEL)),
    P_OFFER_WANT: frozenset((K_GIVE, K_WANT, K_DONE, K_CANCEL)), P_OFFER_SEND: frozenset((K_SEND, K_CANCEL)),
    P_RESPOND: frozenset((K_ACCEPT, K_DECLINE, K_COUNTER, K_GIVE, K_WANT, K_DONE, K_CANCEL)),
    P_CLOSE: frozenset((K_CLOSE, K_TAKE_COUNTER, K_WITHDRAW)), P_DISCARD: frozenset((K_DISCARD,)),
    P_ROBBER: frozenset((K_ROBBER,)), P_STEAL: frozenset((K_STEAL,)), P_COUNCIL: frozenset((K_COUNCIL,)),
}
"""The kinds of move each phase takes (a phase not listed: none, it waits for chance)."""


def refusal(s: SiedlerState, p: int, kind: int, a: int, b: int) -> int:
    """Why the move (kind, a, b) is not legal for `p` now: R_NOT_NOW when the game waits for
    another kind of move, R_NOWHERE for a place this map does not have, else the reason
    of its rule (REFUSALS; R_OK if it names none)."""
    if kind not in KINDS_BY_PHASE.get(s.phase, frozenset()):
        return R_NOT_NOW
    check = REFUSALS.get(kind)
    try:
        return check(s, p, a, b) if check is not None else R_OK
    except IndexError:
        return R_NOWHERE


_LEGAL: dict[int, Legal] = {
    P_MAIN: legal_main, P_SETUP_TOLL: legal_setup_toll, P_SETUP_SETTLE: legal_setup_settlement,
    P_DISCARD: legal_discard, P_ROBBER: legal_robber, P_STEAL: legal_steal, P_LEHM: legal_lehm,
    P_OFFER_GIVE: legal_give_side, P_OFFER_WANT: legal_want_side, P_OFFER_SEND: legal_offer_send,
    P_RESPOND: legal_respond, P_CLOSE: legal_close, P_COUNCIL: legal_council,
}
LEGAL: tuple[Legal, ...] = tuple(_LEGAL.get(ph, _no_moves) for ph in range(len(PHASE_IDS)))
"""The legal moves of a seat that is to act, by phase (chance phases have none)."""
