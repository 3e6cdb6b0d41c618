"""The rules of Die Siedler von Nürnberg, each written once and named after the rule, with
its section of the rulebook (rules/rulebooks/siedler-von-nuernberg.it.txt):

- the legal moves of each phase (`LEGAL`, by phase);
- one handler per kind of action (`HANDLERS`, by kind), each a function
  `(state, seat, a, b)` with the action's small-int arguments (actions.py);
- the automatic steps they set in motion (harvest, events, prestige, the end);
- the bookkeeping of what each seat cannot know (stolen and Wegezoll cards).

The presentation (present.py) calls the same functions, so a rule is never written twice
(the right of way, the harvest, a sale's price and toll, the Wegezoll dues)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable

from ...core.actions import Action
from .constants import (
    A_ACCEPT, A_COUNTER_GIVE, A_COUNTER_WANT, A_COUNTERED, A_DECLINE, A_NONE, A_PENDING, COST_SETTLEMENT, COST_TOLL,
    COST_TOWER, COST_WALL, COST_WORKSHOP, COUNCIL_AT, COUNCIL_LOCK, EV_HOURGLASS, EV_LEHM, EV_MARKGRAF,
    EV_RAUBRITTER, EV_WEGEZOLL, CARD_KINDS, EVERYONE, GOLD, HAND_LIMIT, N_KINDS, N_REDS, N_ROADS, NOBODY,
    P_CLOSE, P_COUNCIL, P_DISCARD, P_DRAW, P_LEHM, P_MAIN, P_OFFER_GIVE, P_OFFER_SEND, P_OFFER_WANT, P_OVER,
    P_RESPOND, P_ROBBER, P_SETUP_SETTLE, P_SETUP_TOLL, P_START, P_STEAL, P_STEAL_CARD, P_WEGEZOLL_CARD, PHASE_IDS,
    RAUBRITTERBURG, REMOVED, SETTLEMENTS, SUPPLY_PER_RESOURCE, TARGET_VP, TOLLS, TOWER_GOLD, TOWER_PRESTIGE,
    WALL_GOLD, WALL_PRESTIGE, WORKSHOPS, K_ACCEPT, K_BANK, K_CANCEL, K_CARD, K_CLOSE, K_COUNCIL, K_COUNTER,
    K_DECLINE, K_DISCARD, K_DONE, K_DRAW, K_END, K_FIRST, K_GIVE, K_OFFER, K_PASS, K_PRODUCE, K_ROBBER, K_SEND,
    K_SETTLE, K_STEAL, K_TAKE_COUNTER, K_TOLL, K_TOWER, K_WALL, K_WANT, K_WITHDRAW, K_WORKSHOP,
)

if TYPE_CHECKING:
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
        inters, star, tolls = s.map.beginner[p]
        for road in tolls:
            place_toll(s, p, road)
        for gi in inters:
            s.settlement_owner[gi] = p
            s.settlements_left[p] -= 1
        give_starting_cards(s, p, star)


def give_starting_cards(s: SiedlerState, p: int, gi: int) -> None:
    """3., 9.: one card per terrain next to the starred (or the second) settlement."""
    m = s.map
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
    return s.tolls_on(road) < s.map.road_len[road] and bool(s.free_spots(road))


def legal_setup_settlement(s: SiedlerState, seat: int) -> list[Action]:
    """9.: the settlement goes on the road of the toll station just placed."""
    k = s.setup_road
    off = s.map.road_offset[k]
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
    m = s.map
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
    if not any(claims):
        return
    n = s.player_count
    h, supply = s.hands, s.supply
    for r in range(5):
        total = 0
        for q in range(n):
            total += claims[q * 5 + r]
        if total and total <= supply[r]:
            supply[r] -= total
            for q in range(n):
                h[q * 5 + r] += claims[q * 5 + r]


def years_pass(s: SiedlerState) -> bool:
    """6.4, 8.1: the hourglass moves the time stone one space; reaching 1400 ends the game
    at once (7b); reaching a red space shuffles the discards back. True when it ended."""
    s.time_stone += 1
    if s.time_stone == len(s.map.years) - 1:
        s.phase = P_OVER
        return True
    if s.time_stone in s.map.reshuffle_at:
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
    return s.gold[q] >= WALL_GOLD and len(s.wall_builders) < s.map.wall_pieces


def kostenloser_lehm(s: SiedlerState) -> None:
    """8.3: from the active player clockwise, each may build one wall piece for 3 gold."""
    n = s.player_count
    s.lehm_queue = [(s.active + i) % n for i in range(n)]
    next_lehm_builder(s)


def next_lehm_builder(s: SiedlerState) -> None:
    """8.3: those who cannot pay 3 gold (or find the wall complete) are passed over."""
    queue = s.lehm_queue
    while queue and not can_build_lehm_wall(s, queue[0]):
        queue.pop(0)
    s.phase = P_LEHM if queue else P_MAIN


def settlements_on_road(s: SiedlerState, q: int, road: int) -> int:
    owner = s.settlement_owner
    return sum(1 for gi in s.map.road_intersections(road) if owner[gi] == q)


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
        return
    s.wegezoll_owed = []
    s.wegezoll_road = road
    for q, gold, cards in wegezoll_dues(s, road):
        s.gold[q] -= gold
        s.gold[holder] += gold
        if cards and s.cards(q):
            s.wegezoll_owed.append((q, cards))
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
def legal_discard(s: SiedlerState, seat: int) -> list[Action]:
    h = s.hands
    return [s.action_table.discard[r] for r in range(5) if h[seat * 5 + r]]


def discard_card(s: SiedlerState, seat: int, r: int, _: int) -> None:
    """6.1: discard one card of one's choice, to the supply."""
    pay(s, seat, _ONE_CARD[r])
    s.discards_owed[seat] -= 1
    if not any(s.discards_owed):
        s.phase = P_ROBBER


def legal_robber(s: SiedlerState, seat: int) -> list[Action]:
    """6.1: the robber knight moves to a different terrain."""
    return [a for i, a in enumerate(s.action_table.robber) if i != s.robber]


def move_robber(s: SiedlerState, seat: int, terrain: int, _: int) -> None:
    """6.1: then a card is stolen from an opponent holding one (who need not be near)."""
    s.robber = terrain
    p = s.active
    s.phase = P_STEAL if any(q != p and s.cards(q) for q in range(s.player_count)) else P_MAIN


def legal_steal(s: SiedlerState, seat: int) -> list[Action]:
    return [s.action_table.steal[q] for q in range(s.player_count) if q != seat and s.cards(q)]


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
def legal_main(s: SiedlerState, p: int) -> list[Action]:
    """5.2: trade, build, produce and sell in any order, as often as affordable; or end
    the turn."""
    table, m, h = s.action_table, s.map, s.hands
    b = p * 5
    wood, wool, grain, brick, stone = h[b], h[b + 1], h[b + 2], h[b + 3], h[b + 4]
    gold = s.gold[p]
    n = s.player_count
    out = [table.end]
    road_tolls = s.road_tolls
    if wood and brick and s.tolls_left[p]:
        for k in range(N_ROADS):
            used = 0
            for q in range(n):
                used += road_tolls[k * n + q]
            if used < m.road_len[k]:
                out.append(table.toll[k])
    if wood and wool and grain and brick and s.settlements_left[p]:
        for k in range(N_ROADS):
            if road_tolls[k * n + p]:
                off = m.road_offset[k]
                row = table.settle[k]
                for gi in s.free_spots(k):
                    out.append(row[gi - off])
    if grain >= 2 and stone >= 3 and s.workshops_left[p]:
        wo = s.workshop_owner
        for j in range(N_REDS):
            if wo[j] < 0:
                out.append(table.workshop[j])
    if brick and gold >= WALL_GOLD and len(s.wall_builders) < m.wall_pieces:
        out.append(table.wall)
    if brick and wood and gold >= TOWER_GOLD and s.builds_towers(p):
        built = len(s.wall_builders)
        for i in range(len(m.triangle_after)):
            if s.tower_owner[i] < 0 and built >= triangle_opens_at(s, i):
                out.append(table.tower[i])
    for g in range(5):
        rec = m.good_recipe[g]
        if wood >= rec[0] and wool >= rec[1] and grain >= rec[2] and brick >= rec[3] and stone >= rec[4]:
            out.append(table.produce[g])
    if s.bank_trades < s.bank_trades_per_turn:
        rates = s.bank_rates(p)
        supply = s.supply
        for x in range(6):
            have = gold if x == GOLD else h[b + x]
            if have >= rates[x]:
                row2 = table.bank[x]
                for y in range(6):
                    a = row2[y]  # None only for y == x
                    if a is not None and (y == GOLD or supply[y]):
                        out.append(a)
    if s.offers_made < s.offers_per_turn and (gold or wood or wool or grain or brick or stone):
        out.append(table.offer)
    return out


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


def pay(s: SiedlerState, p: int, cost: tuple[int, ...] | list[int]) -> None:
    """p pays resource cards to the supply (5.2.2: prices are paid to the bank)."""
    h, supply = s.hands, s.supply
    b = p * 5
    for r in range(5):
        c = cost[r]
        if c:
            h[b + r] -= c
            supply[r] += c
    if s.any_hidden:
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
        off = s.map.seg_offset[road]
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
    s.toll_owner[s.map.seg_offset[road] + s.tolls_on(road)] = p
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
    gi = s.map.road_offset[road] + at
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
        s.gold[seat] -= WALL_GOLD
        s.wall_builders.append(seat)
        s.lehm_queue.pop(0)
        gain_prestige(s, seat, WALL_PRESTIGE, P_LEHM)
        if s.phase == P_LEHM:
            next_lehm_builder(s)
        return
    p = s.active
    pay(s, p, COST_WALL)
    s.gold[p] -= WALL_GOLD
    s.wall_builders.append(p)
    gain_prestige(s, p, WALL_PRESTIGE, P_MAIN)


def triangle_opens_at(s: SiedlerState, i: int) -> int:
    """5.2.2.5: the tower triangle after wall piece k opens once piece k + 1 stands (the
    last one with the last piece): the wall length it needs."""
    after = s.map.triangle_after[i]
    return after + 1 if after < s.map.wall_pieces else s.map.wall_pieces


def build_tower(s: SiedlerState, seat: int, triangle: int, _: int) -> None:
    """5.2.2.5: wood + brick + 3 gold, in an open triangle, with a workshop next to the
    Bauhof; 2 prestige."""
    p = s.active
    pay(s, p, COST_TOWER)
    s.gold[p] -= TOWER_GOLD
    s.tower_owner[triangle] = p
    gain_prestige(s, p, TOWER_PRESTIGE, P_MAIN)


# ======================================================================================
# Produce and sell (5.2.3)
# ======================================================================================
def sale_price(s: SiedlerState, p: int, g: int) -> int:
    """5.2.3, 1.13: the good's price in its city, doubled with a workshop of p's next to
    one of its spaces."""
    return s.map.good_price[g] * (2 if s.doubles(p, g) else 1)


def sale_toll_to(s: SiedlerState, p: int, g: int) -> int:
    """5.2.3: the holder of the right of way of the road to the good's city, who takes the
    toll from any seller but themself; NOBODY when no toll is due."""
    holder = s.right_of_way[s.map.good_road[g]]
    return holder if holder >= 0 and holder != p else NOBODY


def produce_and_sell(s: SiedlerState, seat: int, g: int, _: int) -> None:
    """5.2.3: pay the good's resources, sell it at once, pay the toll (as far as the gold
    goes); Q1: no workshop needed."""
    p = s.active
    m = s.map
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


def legal_give_side(s: SiedlerState, seat: int) -> list[Action]:
    """One card (or gold) more to give, up to `offer_cards`: held, and not asked for."""
    if s.phase == P_OFFER_GIVE:
        side, other = s.offer_give, s.offer_want
    else:
        side, other = counter_side(s, seat, s.counter_give), counter_side(s, seat, s.counter_want)
    table = s.action_table
    out = []
    if sum(side) < s.offer_cards:
        for x in range(6):
            if other[x] == 0 and s.holding(seat, x) > side[x]:
                out.append(table.give[x])
    if sum(side):
        out.append(table.done)
    out.append(table.cancel)
    return out


def legal_want_side(s: SiedlerState, seat: int) -> list[Action]:
    """One card (or gold) more to ask for, up to `offer_cards`: not one given."""
    if s.phase == P_OFFER_WANT:
        side, other = s.offer_want, s.offer_give
    else:
        side, other = counter_side(s, seat, s.counter_want), counter_side(s, seat, s.counter_give)
    table = s.action_table
    out = []
    if sum(side) < s.offer_cards:
        for x in range(6):
            if other[x] == 0:
                out.append(table.want[x])
    if sum(side):
        out.append(table.done)
    out.append(table.cancel)
    return out


def legal_offer_send(s: SiedlerState, seat: int) -> list[Action]:
    send = s.action_table.send
    return [send[0], *(send[q + 1] for q in range(s.player_count) if q != seat), s.action_table.cancel]


def legal_respond(s: SiedlerState, seat: int) -> list[Action]:
    """Accept (giving what is asked, if held), decline, or make a counter-offer."""
    answer = s.answers[seat]
    if answer == A_COUNTER_GIVE:
        return legal_give_side(s, seat)
    if answer == A_COUNTER_WANT:
        return legal_want_side(s, seat)
    table = s.action_table
    if s.can_pay(seat, s.offer_want):
        return [table.accept, table.decline, table.counter]
    return [table.decline, table.counter]


def legal_close(s: SiedlerState, seat: int) -> list[Action]:
    """Trade with one who accepted, or take a counter-offer, if the active player can
    still pay; or withdraw. What a partner committed to give was checked when it answered
    and cannot change since."""
    table = s.action_table
    out = []
    for q in range(s.player_count):
        answer = s.answers[q]
        if answer == A_ACCEPT and s.can_pay(seat, s.offer_give):
            out.append(table.close[q])
        elif answer == A_COUNTERED and s.can_pay(seat, counter_side(s, q, s.counter_want)):
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
# A position's consistency (for snapshots and edited positions)
# ======================================================================================
def check_position(s: SiedlerState) -> None:
    """Raise ValueError naming what is inconsistent: list sizes, the 20 cards of each
    resource, the pieces on the board against those left, the phase's own fields."""
    n, m = s.player_count, s.map
    sizes = {
        "hands": 5 * n, "gold": n, "supply": 5, "deck": len(m.deck_counts), "discards": len(m.deck_counts),
        "toll_owner": m.n_segments, "road_tolls": N_ROADS * n, "settlement_owner": m.n_inters,
        "right_of_way": N_ROADS, "workshop_owner": N_REDS, "tower_owner": len(m.triangle_after), "prestige": n,
        "council_holder": 3, "settlements_left": n, "workshops_left": n, "tolls_left": n, "offer_give": 6,
        "offer_want": 6, "answers": n, "counter_give": 6 * n, "counter_want": 6 * n, "discards_owed": n,
        "unknown_cards": 5 * n * n,
    }
    for name, size in sizes.items():
        got = len(getattr(s, name))
        if got != size:
            raise ValueError(f"siedler position: {name} has {got} entries, not {size}")

    def fail(what: str) -> None:
        raise ValueError(f"siedler position: {what}")

    if not 0 <= s.phase < len(PHASE_IDS):
        fail(f"phase {s.phase} is no phase (0 to {len(PHASE_IDS) - 1})")
    if not 0 <= s.active < n:
        fail(f"active seat {s.active} is no seat")
    seats = range(n)
    for name in ("hands", "gold", "supply", "deck", "discards", "prestige", "settlements_left", "workshops_left",
                 "tolls_left", "offer_give", "offer_want", "counter_give", "counter_want", "discards_owed",
                 "unknown_cards", "road_tolls"):
        if min(getattr(s, name)) < 0:
            fail(f"{name} holds a negative count")
    for r in range(5):
        held = sum(s.hands[p * 5 + r] for p in seats)
        if held + s.supply[r] != SUPPLY_PER_RESOURCE:
            fail(f"{held} {('wood', 'wool', 'grain', 'brick', 'stone')[r]} in hands and {s.supply[r]} in the supply: "
                 f"there are {SUPPLY_PER_RESOURCE} cards of each resource (0.)")
    if s.deck_left != sum(s.deck):
        fail(f"deck_left is {s.deck_left} but the deck holds {sum(s.deck)} cards")
    for name, owners, left, limit in (("settlement", s.settlement_owner, s.settlements_left, SETTLEMENTS),
                                      ("workshop", s.workshop_owner, s.workshops_left, WORKSHOPS),
                                      ("toll station", s.toll_owner, s.tolls_left, TOLLS)):
        for o in owners:
            if not (o == NOBODY or 0 <= o < n):
                fail(f"a {name} belongs to seat {o}")
        for p in seats:
            built = sum(1 for o in owners if o == p)
            if built + left[p] != limit:
                fail(f"seat {p} has {built} {name}s built and {left[p]} left; each has {limit} (0.)")
    for k in range(N_ROADS):
        segs = s.toll_owner[m.seg_offset[k]: m.seg_offset[k] + m.road_len[k]]
        used = sum(1 for o in segs if o >= 0)
        if any(o < 0 for o in segs[:used]):
            fail(f"road {k + 1}'s toll stations leave a gap: they fill from the city (5.2.2.1)")
        for p in seats:
            if s.road_tolls[k * n + p] != sum(1 for o in segs if o == p):
                fail(f"road_tolls of road {k + 1}, seat {p} disagree with toll_owner")
    for name, owners in (("right_of_way", s.right_of_way), ("tower_owner", s.tower_owner),
                         ("wall_builders", s.wall_builders)):
        if any(not (o == NOBODY or 0 <= o < n) for o in owners) or (name == "wall_builders" and NOBODY in owners):
            fail(f"{name} names a seat that is not at the table")
    if len(s.wall_builders) > m.wall_pieces:
        fail(f"{len(s.wall_builders)} wall pieces; the wall has {m.wall_pieces}")
    holders = [h for h in s.council_holder if h >= 0]
    if len(holders) != len(set(holders)) or any(h >= n for h in holders):
        fail("a council card is held twice by one seat, or by no seat at the table")
    if (s.council_holder[1] == REMOVED) != (n == 3) or REMOVED in (s.council_holder[0], s.council_holder[2]):
        fail("only the Kleiner Rat is removed, and only with three players (3.)")
    if not (s.robber == RAUBRITTERBURG or 0 <= s.robber < len(m.terrain_ids)):
        fail(f"the robber knight stands on terrain {s.robber}, which the map does not have")
    if not 0 <= s.time_stone < len(m.years):
        fail(f"the time stone is on space {s.time_stone}; the track has {len(m.years)}")
    ph = s.phase
    if ph == P_LEHM and not s.lehm_queue:
        fail("Kostenloser Lehm waits for nobody (lehm_queue is empty)")
    if ph == P_DISCARD and not any(s.discards_owed):
        fail("the discard phase, but nobody owes a card")
    if ph == P_COUNCIL and not (0 <= s.council_chooser < n and s.council_candidates):
        fail("the council phase needs council_chooser and council_candidates")
    if ph == P_STEAL_CARD and not (0 <= s.steal_victim < n and s.cards(s.steal_victim)):
        fail("a steal needs a victim holding a card")
    if ph == P_WEGEZOLL_CARD and not (s.wegezoll_owed and 0 <= s.wegezoll_road < N_ROADS
                                      and s.right_of_way[s.wegezoll_road] >= 0):
        fail("a Wegezoll card needs wegezoll_owed and the road's holder")
    if ph == P_SETUP_SETTLE and not 0 <= s.setup_road < N_ROADS:
        fail("a setup settlement needs setup_road")
    if ph == P_RESPOND and not any(a in (A_PENDING, A_COUNTER_GIVE, A_COUNTER_WANT) for a in s.answers):
        fail("the answers to an offer are all in, but the phase waits for them")
    if ph == P_DRAW and s.deck_left == 0:
        fail("an event card is due, but the deck is empty")


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

_LEGAL: dict[int, Legal] = {
    P_MAIN: legal_main, P_SETUP_TOLL: legal_setup_toll, P_SETUP_SETTLE: legal_setup_settlement,
    P_DISCARD: legal_discard, P_ROBBER: legal_robber, P_STEAL: legal_steal, P_LEHM: legal_lehm,
    P_OFFER_GIVE: legal_give_side, P_OFFER_WANT: legal_want_side, P_OFFER_SEND: legal_offer_send,
    P_RESPOND: legal_respond, P_CLOSE: legal_close, P_COUNCIL: legal_council,
}
LEGAL: tuple[Legal, ...] = tuple(_LEGAL.get(ph, _no_moves) for ph in range(len(PHASE_IDS)))
"""The legal moves of a seat that is to act, by phase (chance phases have none)."""
