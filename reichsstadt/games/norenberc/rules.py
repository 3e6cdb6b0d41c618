"""The rules of Norenberc, one function per rule, each named after it with its section of
the rulebook (White Goblin Games 2010, its French translation) in the docstring; readings where the
text is silent are in docs/rules/norenberc.md (*notes*).

- the legal moves of each step: `legal_planning`, `legal_choose`, ... (LEGAL, by step);
- one handler per kind of action (HANDLERS, indexed by the action's kind): `sell`, `buy`,
  `hire`, `pay_any_goods`, `thief_rob`, ...; chance: `draw_turn_order`, `draw_tile`;
- the automatic steps they set off: `call_next_guild`, `finish_action`, `end_of_turn`,
  `end_of_round` (with `choose_favourites`, `collect_income`, ...), `choose_prestige_guild`.

Handlers take (state, seat, a, b): the action's code (constants: K_*) says what a and b
are. They change the state in place; the core has already checked the move is legal."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Callable, Sequence

from reichsstadt.core.actions import Action

from .constants import (
    ACTIONS, ARTISAN, ARTISANS, ARTISANS_PER_GUILD, BUY_LIMIT, BUY_MORE, CHOOSE, COUNCILLOR, COVERED_SLOT, FIRST_PLACE,
    GUARD, GUARD_FIRST, GUARD_SECOND, KINDS, K_BUY, K_BUY_END, K_DECLINE, K_DRAW, K_FRONT, K_GUARD, K_HIRE, K_MAYOR,
    K_NOTHING, K_ORDER, K_PASS, K_PAY, K_PEDDLER, K_PLAN, K_PLAN_DONE, K_ROB, K_SELL, K_STEAL, MASTER_SLOT, MAYOR,
    MAYOR_ROOF, MUSICIAN, OVER, PASSED, PAY_ANY, PEDDLER, PEDDLER_GOOD, PLANNED, PLANNING, PLANNING_NOW, REFILL, ROOMS,
    ROUNDS, R_BUY, R_BUY_MORE, R_CHOOSE, R_GUARD, R_HIRE_EMPTY, R_HIRE_PRICE, R_OK, R_PASS, R_PAY, R_PLAN, R_PLANNING,
    R_PLAN_DONE, R_SELL, R_STEAL, R_STEP, SETUP_GUESTS, SETUP_WORKSHOPS, STEAL_LIMIT, THIEF, THIEF_GOODS, THIEF_VICTIM,
    TOP_SLOT, WHY_GOODS, WHY_MONEY, WHY_ORDER, WORKSHOP_SLOTS,
)
from .events import (
    AgentGained, AgentsHome, BackToPile, CrestWon, FavouriteChosen, FavouriteTie, GameOver, GoodReturned, GuildCalled,
    Income, LeavesRoom, NewMaster, NoFavourite, PeddlerBack, PrestigeCrestOut, PrestigeCrestWon, PrestigeGuild,
    RoundEnds, TileWon, TokenToMoon, TurnEnds,
)

if TYPE_CHECKING:
    from .state import NorenbercState as S


# == "Mise en place" H-K: the setup draws (chance) =========================================

def draw_turn_order(s: "S", seat: int, player: int, _: int) -> None:
    """"Mise en place" H: the turn order markers in random order; the last one drawn
    is no draw at all."""
    order = s.turn_order
    order.append(player)
    if len(order) == s.player_count - 1:
        order.append(next(p for p in range(s.player_count) if p not in order))
        s.phase = SETUP_WORKSHOPS
        s.setup_slot = 0


def draw_tile(s: "S", seat: int, tile: int, _: int) -> None:
    """A tile drawn: a workshop artisan during setup I, else a guest from the pile."""
    if s.phase == SETUP_WORKSHOPS:
        lay_workshop_artisan(s, tile)
    else:
        draw_guest(s, tile)


def lay_workshop_artisan(s: "S", tile: int) -> None:
    """"Mise en place" I: four artisans of the guild into its workshop windows from the
    bottom right upwards, the fifth on top of the fourth; J: the artisans left over join
    the citizens kept in one face-down pile of guests."""
    s.workshops[s.setup_slot] = tile
    s.setup_slot += 1
    if s.setup_slot == s.guild_count * WORKSHOP_SLOTS:
        placed = set(s.workshops)
        s.pile_known = [t for t in range(s.guild_count * ARTISANS_PER_GUILD) if t not in placed]
        s.pile_unseen = s.components.citizens_kept[s.player_count]
        s.citizens_unseen = list(range(ARTISANS, ARTISANS + s.components.citizens))
        s.phase = SETUP_GUESTS


def draw_guest(s: "S", tile: int) -> None:
    """"Mise en place" J and "Fin d'une Manche" 6: the next guest of the face-down pile
    goes into the next empty room (guild by guild, left to right)."""
    if tile in s.pile_known:
        s.pile_known.remove(tile)
    else:
        s.citizens_unseen.remove(tile)
        s.pile_unseen -= 1
    room = s.next_room()
    s.rooms[room] = tile
    finish_guest_draws(s, room + 1)


def finish_guest_draws(s: "S", start: int = 0) -> None:
    """When no room from `start` on is empty, or the pile is empty ("Fin d'une Manche" 6:
    « certaines resteront inoccupées »): the prestige guild is chosen (setup K, step 7)
    and the first turn of the round begins."""
    if s.pile_unseen + len(s.pile_known) > 0 and s.next_room(start) >= 0:
        return
    choose_prestige_guild(s)
    s.turn = 1
    start_planning(s)


def prestige_choice(s: "S", previous: int) -> int:
    """"Mise en place" K and "Fin d'une Manche" 7: the guild with the highest master,
    never the prestige guild of the round before (`previous`); ties go to the lower
    guild number."""
    best, best_value = -1, -1
    for g in range(s.guild_count):
        if g == previous:
            continue
        v = s.master_value(g)
        if v > best_value:
            best, best_value = g, v
    return best


def choose_prestige_guild(s: "S") -> None:
    """"Mise en place" K and "Fin d'une Manche" 7: the new prestige guild takes a
    prestige crest from the reserve, if one is left."""
    g = s.prestige_guild = prestige_choice(s, s.prestige_guild)
    if s.prestige_reserve > 0:
        s.prestige_reserve -= 1
        s.prestige_guild_crest = 1
    else:
        s.prestige_guild_crest = 0
    s._event((PrestigeGuild, g, bool(s.prestige_guild_crest)))


# == "Phase de Planification" ==============================================================

def start_planning(s: "S") -> None:
    """"Phase de Planification": a new turn; players on the moon sit it out."""
    s.phase = PLANNING
    s.called_guild = -1
    s.revealed = s.still_to_act = 0
    s.actor = -1
    moon, plans, status = s.moon, s.plans, s.plan_status
    for p in range(s.player_count):
        plans[p] = 0
        status[p] = PASSED if moon[p] else PLANNING_NOW


def legal_planning(s: "S", p: int) -> list[Action]:
    """"Phase de Planification": one card per guild in play, no more cards than available
    agents; a plan of no guild is a pass (*notes*). Guilds are added in number order, so
    each plan has exactly one chain of moves."""
    table = s.action_table
    mask = s.plans[p]
    count = mask.bit_count()
    out: list[Action] = [table.plan_done if count else table.pass_round]
    if count < s.agents_free[p]:
        out.extend(table.plan[mask.bit_length():s.guild_count])
    return out


def plan_guild(s: "S", p: int, guild: int, _: int) -> None:
    """"Phase de Planification": an action card laid face down for `guild`."""
    s.plans[p] |= 1 << guild


def finish_plan(s: "S", p: int, _: int, __: int) -> None:
    """"Phase de Planification": the plan is laid; when every player has planned or
    passed, the action phase begins."""
    s.plan_status[p] = PLANNED
    _planning_over_if_all_done(s)


def pass_round(s: "S", p: int, _: int, __: int) -> None:
    """"Phase de Planification": passing turns the token to the moon: « a fini de jouer
    pour toute la manche »."""
    s.plan_status[p] = PASSED
    _planning_over_if_all_done(s)


def _planning_over_if_all_done(s: "S") -> None:
    moon, status = s.moon, s.plan_status
    for p in range(s.player_count):
        if not moon[p] and status[p] == PLANNING_NOW:
            return  # someone is still planning
    for p in range(s.player_count):
        if status[p] == PASSED and not moon[p]:
            moon[p] = 1
            s.plans[p] = 0
    s.phase = ACTIONS
    s.called_guild = -1
    call_next_guild(s)


# == "Phase d'Action": "Appel d'une Guilde" ================================================

def call_next_guild(s: "S") -> None:
    """"Appel d'une Guilde": guilds in number order; those who planned the guild reveal
    their card and put an available agent on it, then act one by one in turn order. A
    guild nobody planned is skipped; after the last guild, the end of the turn."""
    plans = s.plans
    n = s.player_count
    for g in range(s.called_guild + 1, s.guild_count):
        bit = 1 << g
        revealed = 0
        for p in range(n):
            if plans[p] & bit:
                revealed |= 1 << p
                plans[p] ^= bit
                s.agents_free[p] -= 1
        if revealed:
            # news() lists who revealed in turn order, which no step of this apply changes
            # after the call (the apply stops at the first actor)
            s._event((GuildCalled, g, revealed))
            s.called_guild = g
            s.revealed = s.still_to_act = revealed
            s.buy_limit = first_turn_buy_limit(s, revealed.bit_count())
            next_actor(s)
            return
    end_of_turn(s)


def first_turn_buy_limit(s: "S", revealed: int) -> int:
    """"Acheter", special rule: in the first turn of round 1 only, with 5 players 4-5
    cards revealed in a guild allow 1 good, 3 cards 2; with 4 players 3-4 cards 2."""
    if s.round == 1 and s.turn == 1:
        if s.player_count == 5:
            if revealed >= 4:
                return 1
            if revealed == 3:
                return 2
        elif s.player_count == 4 and revealed >= 3:
            return 2
    return BUY_LIMIT


def next_actor(s: "S") -> None:
    """"Appel d'une Guilde": the next to act is first in turn order as it stands now (a
    hire may have moved someone to the front; who has acted does not act again, *notes*)."""
    still = s.still_to_act
    for p in s.turn_order:
        if still >> p & 1:
            s.actor = p
            s.step = CHOOSE
            return


def finish_action(s: "S") -> None:
    """End of every action ("Vendre" 3, "Embaucher" 5, "Acheter" 3, "Ne rien faire"): the
    agent goes up on the roof, the card goes back under the token; the next player, or
    the next guild."""
    s.roof_agents[s.called_guild] += 1
    s.still_to_act &= ~(1 << s.actor)
    s.hired_tile = s.hired_room = s.hire_form = s.thief_victim = s.guard_first = s.paid_any = -1
    s.bought = s.last_bought = s.stolen = s.last_stolen = 0
    if s.still_to_act:
        next_actor(s)
    else:
        s.actor = -1
        call_next_guild(s)


def legal_choose(s: "S", p: int) -> list[Action]:
    """The four actions of a called guild: "Vendre" (goods of the guild's own type, any
    number), "Embaucher" (`affordable_hires`), "Acheter" (a good of the store, if the
    player can pay the master's value), "Ne rien faire"."""
    table = s.action_table
    G = s.guild_count
    g = s.called_guild
    out: list[Action] = []
    have_guild = s.goods_held[p * G + g]
    if have_guild:
        out.extend(table.sell[1:have_guild + 1])
        affordable_hires(s, p, g, out)
    if may_buy(s, p):
        buy = table.buy
        t = 0
        for in_store in s.stores[g * G:g * G + G]:  # a slice: cheaper than an index per type
            if in_store:
                out.append(buy[t])
            t += 1
    out.append(table.nothing)
    return out


def may_buy(s: "S", p: int) -> bool:
    """"Acheter": goods are bought while under the buy limit, with money for the master's
    value (money never goes below zero, *notes*)."""
    return s.buy_limit > s.bought and s.money[p] >= s.master_value(s.called_guild)


def paying_forms(held_guild: int, held_total: int, forms: Sequence[tuple[int, int]]) -> list[int]:
    """"Embaucher": the ways of paying a room's price (`forms`: goods of the guild's type,
    goods of any type) that goods held pay ("any" may be of the guild's own type, *notes*),
    by their index. One call per room: the legal moves ask it for every room with a guest."""
    out = []
    f = 0
    for need_guild, need_any in forms:
        if held_guild >= need_guild and held_total >= need_guild + need_any:
            out.append(f)
        f += 1
    return out


def affordable_hires(s: "S", p: int, g: int, out: list[Action]) -> None:
    """"Embaucher": the rooms of guild g with a guest, each way of paying its price the
    player can afford (A = 1 guild good; B = 1 guild + 1 any; C = 2 guild or 1 guild + 2
    any; D = 3 guild or 2 guild + 2 any; "any" may be of the guild's own type, *notes*),
    appended to `out`."""
    G = s.guild_count
    held = s.goods_held
    have_guild = held[p * G + g]
    total = sum(held[p * G:p * G + G])
    rooms = s.rooms
    prices = s.components.rooms
    hire = s.action_table.hire
    r = 0
    for guest in rooms[g * ROOMS:g * ROOMS + ROOMS]:
        if guest >= 0:
            row = hire[r]
            for f in paying_forms(have_guild, total, prices[r]):
                out.append(row[f])
        r += 1


# -- A) "Vendre des Marchandises" -----------------------------------------------------------

def sell(s: "S", p: int, count: int, _: int) -> None:
    """"Vendre": `count` goods of the guild's own type go to its store; the bank pays the
    master's value for each."""
    G = s.guild_count
    g = s.called_guild
    s.goods_held[p * G + g] -= count
    s.stores[g * G + g] += count
    s.money[p] += count * s.master_value(g)
    finish_action(s)


# -- C) "Acheter des Marchandises" --------------------------------------------------------

def buy(s: "S", p: int, good: int, _: int) -> None:
    """"Acheter": one good of the store, any type, for the master's value; up to the buy
    limit, in type order (so that each purchase has one chain of moves)."""
    G = s.guild_count
    g = s.called_guild
    s.goods_held[p * G + good] += 1
    s.stores[g * G + good] -= 1
    s.money[p] -= s.master_value(g)
    s.bought += 1
    s.last_bought = good
    if can_buy_more(s, p, good):
        s.step = BUY_MORE
    else:
        finish_action(s)


def can_buy_more(s: "S", p: int, low: int) -> bool:
    """"Acheter": another good (of type `low` or later) while under the limit, with money
    for the master's value (money never goes below zero, *notes*) and goods in the store."""
    g = s.called_guild
    if s.bought >= s.buy_limit or s.money[p] < s.master_value(g):
        return False
    base = g * s.guild_count
    store = s.stores
    return any(store[base + t] for t in range(low, s.guild_count))


def legal_buy_more(s: "S", p: int) -> list[Action]:
    """"Acheter": stop, or another good of the store, of the last type bought or later."""
    table = s.action_table
    out: list[Action] = [table.buy_end]
    G = s.guild_count
    base = s.called_guild * G
    store = s.stores
    for t in range(s.last_bought, G):
        if store[base + t]:
            out.append(table.buy[t])
    return out


def stop_buying(s: "S", p: int, _: int, __: int) -> None:
    """"Acheter": the player buys no more."""
    finish_action(s)


# -- D) "Ne rien faire" ---------------------------------------------------------------------

def do_nothing(s: "S", p: int, _: int, __: int) -> None:
    """"Ne rien faire": nothing happens, but the agent still goes up on the roof."""
    finish_action(s)


# -- B) "Embaucher un Invité et changer l'ordre du tour de jeu" ---------------------------

def hire(s: "S", p: int, room: int, form: int) -> None:
    """"Embaucher" step 1: the price of the room; the goods of the guild's type go to its
    store first, then the player chooses the goods of any type (PAY_ANY), if any."""
    G = s.guild_count
    g = s.called_guild
    s.hired_room, s.hire_form = room, form
    need_guild, need_any = s.components.rooms[room][form]
    s.goods_held[p * G + g] -= need_guild
    s.stores[g * G + g] += need_guild
    if need_any:
        s.step = PAY_ANY
    else:
        take_guest(s, p)


def legal_pay_any(s: "S", p: int) -> list[Action]:
    """"Embaucher" step 1: which goods pay the part "of any type" (the payer chooses,
    *notes*), one at a time; of two, the second is of the first one's type or later, so
    that each pair has one chain of moves. The guild's own goods of the price are already
    in the store."""
    pay = s.action_table.pay
    G = s.guild_count
    left = s.goods_held[p * G:(p + 1) * G]
    if s.paid_any >= 0 or s.components.rooms[s.hired_room][s.hire_form][1] == 1:
        return [pay[t] for t in range(max(s.paid_any, 0), G) if left[t]]
    # the first of two: a type that leaves a second good of it or of a later type
    return [pay[t] for t in range(G) if left[t] >= 2 or left[t] and any(left[t + 1:])]


def pay_any_good(s: "S", p: int, good: int, _: int) -> None:
    """"Embaucher" step 1: « toutes les marchandises … même d'un autre type » go to that
    guild's store; when the price's goods of any type are all paid, the guest is taken."""
    G = s.guild_count
    g = s.called_guild
    s.goods_held[p * G + good] -= 1
    s.stores[g * G + good] += 1
    need_any = s.components.rooms[s.hired_room][s.hire_form][1]
    if need_any == 2 and s.paid_any < 0:
        s.paid_any = good
        return
    s.paid_any = -1
    take_guest(s, p)


def take_guest(s: "S", p: int) -> None:
    """"Embaucher" step 2: the guest joins the player. An artisan stays (Agent +: one more
    agent); a star citizen acts at once and goes back into the pile; the Peddler and the
    Mayor ask where their good / the Mayor goes; other citizens stay until they act."""
    g = s.called_guild
    room = g * ROOMS + s.hired_room
    t = s.rooms[room]
    s.rooms[room] = -1
    s.hired_tile = t
    comp = s.components
    kind = comp.tile_kind[t]
    if kind == ARTISAN:
        s.tiles_owned[p].append(t)
        if comp.tile_agent[t]:
            gain_agent(s, p)
    elif kind == COUNCILLOR:
        gain_agent(s, p)
        back_to_pile(s, t)
    elif kind == THIEF:
        back_to_pile(s, t)
        if any(v != p and s.goods_count(v) for v in range(s.player_count)):
            s.step = THIEF_VICTIM
            return
    elif kind == GUARD:
        back_to_pile(s, t)
        if len(legal_guard_first(s, p)) > 1:  # a swap is possible, not just "decline"
            s.step = GUARD_FIRST
            return
    elif kind == PEDDLER:
        if s.goods_count(p):
            s.tiles_owned[p].append(t)
            s.step = PEDDLER_GOOD
            return
        # « si le joueur ne possède pas de marchandises … immédiatement remélangé »
        back_to_pile(s, t)
    elif kind == MAYOR:
        s.step = MAYOR_ROOF
        return
    else:
        s.tiles_owned[p].append(t)
    hire_bonus(s, p)


def gain_agent(s: "S", p: int) -> None:
    """"Embaucher" (Agent +), "Conseiller", "Fin d'une Manche" 1.1: one more agent « s'il
    en reste, car le maximum d'agents par joueur est 8 »; usable from the next planning
    (the plan under way is fixed)."""
    if s.agents[p] < s.components.agents_max:
        s.agents[p] += 1
        s.agents_free[p] += 1
        s._event((AgentGained, p, True))
    else:
        s._event((AgentGained, p, False))


def back_to_pile(s: "S", t: int) -> None:
    """Symbole Etoile: the citizen is shuffled back into the guest pile (« pourra revenir
    plus tard »). The pile keeps no order: sorted, it is a multiset."""
    insort(s.pile_known, t)
    s._event((BackToPile, t))


def hire_bonus_amount(s: "S", g: int) -> int:
    """"Embaucher" step 3: one thaler per agent already on guild g's roof, all colours
    (the hiring player's own agent goes up only at step 5)."""
    return s.roof_agents[g]


def hire_bonus(s: "S", p: int) -> None:
    """"Embaucher" steps 3 and 4: the bonus (`hire_bonus_amount`), then the choice of
    moving to first place in turn order (none for the first)."""
    s.money[p] += hire_bonus_amount(s, s.called_guild)
    if s.turn_order[0] == p:
        finish_action(s)
    else:
        s.step = FIRST_PLACE


def legal_first_place(s: "S", p: int) -> list[Action]:
    """"Embaucher" step 4: « peut » — keep the place or move first."""
    return list(s.action_table.front)


def move_to_first_place(s: "S", p: int, move: int, _: int) -> None:
    """"Embaucher" step 4: the player's marker first, those above slide down; step 5."""
    if move:
        s.turn_order.remove(p)
        s.turn_order.insert(0, p)
    finish_action(s)


# -- "Citadins" ------------------------------------------------------------------------------

def legal_thief_victim(s: "S", p: int) -> list[Action]:
    """"Voleur": any other player with goods; or take nothing (*notes*)."""
    table = s.action_table
    out: list[Action] = [table.rob[v] for v in range(s.player_count) if v != p and s.goods_count(v)]
    out.append(table.decline)
    return out


def thief_rob(s: "S", p: int, victim: int, _: int) -> None:
    """"Voleur": the player the Thief robs."""
    s.thief_victim = victim
    s.stolen = 0
    s.last_stolen = 0
    s.step = THIEF_GOODS


def legal_thief_goods(s: "S", p: int) -> list[Action]:
    """"Voleur": a good the victim holds, of the last type taken or later."""
    steal = s.action_table.steal
    G = s.guild_count
    v = s.thief_victim
    held = s.goods_held
    return [steal[t] for t in range(s.last_stolen, G) if held[v * G + t]]


def thief_take_good(s: "S", p: int, good: int, _: int) -> None:
    """"Voleur": « 2 marchandises de son choix » from one player (fewer if the victim has
    fewer); the bank pays the victim each good's guild master value."""
    G = s.guild_count
    v = s.thief_victim
    held = s.goods_held
    held[v * G + good] -= 1
    held[p * G + good] += 1
    s.money[v] += s.master_value(good)
    s.stolen += 1
    s.last_stolen = good
    if s.stolen >= STEAL_LIMIT or not any(held[v * G + t] for t in range(good, G)):
        hire_bonus(s, p)


def decline(s: "S", p: int, _: int, __: int) -> None:
    """"Voleur" and "Garde": the citizen « peut »: the player takes / swaps nothing."""
    hire_bonus(s, p)


def guard_movable(s: "S") -> list[int]:
    """"Garde": the artisans it may move, sorted by id: those in rooms, and the visible
    workshop tiles above the master — « Un Maître de Guilde ne peut être déplacé », nor
    the tile covered in the doubled top workshop (*notes*)."""
    slots = guard_slots(s.round)
    kind = s.components.tile_kind
    tiles = []
    ws, rooms = s.workshops, s.rooms
    for g in range(s.guild_count):
        for k in slots:
            t = ws[g * WORKSHOP_SLOTS + k]
            if t >= 0:
                tiles.append(t)
        for r in range(ROOMS):
            t = rooms[g * ROOMS + r]
            if t >= 0 and kind[t] == ARTISAN:
                tiles.append(t)
    tiles.sort()
    return tiles


def guard_slots(rnd: int) -> tuple[int, ...]:
    """"Garde": the workshop slots above round `rnd`'s master, still to become masters."""
    master = MASTER_SLOT[rnd - 1]
    return tuple(k for k in (1, 2) if k > master) + ((TOP_SLOT,) if master < TOP_SLOT else ())


def legal_guard_first(s: "S", p: int) -> list[Action]:
    """"Garde": « deux artisans du même type »: the first of the two (the lower id: each
    swap has one chain of moves), or no swap (*notes*)."""
    table = s.action_table
    tiles = guard_movable(s)
    guild = s.components.tile_guild
    out: list[Action] = [table.guard[a] for a in tiles if any(b > a and guild[b] == guild[a] for b in tiles)]
    out.append(table.decline)
    return out


def guard_partners(s: "S") -> list[int]:
    """"Garde": the movable artisans that have a partner of their type (each can be one of
    the two), sorted by id: the order in which the two are chosen."""
    tiles = guard_movable(s)
    guild = s.components.tile_guild
    return [a for a in tiles if any(b != a and guild[b] == guild[a] for b in tiles)]


def legal_guard_second(s: "S", p: int) -> list[Action]:
    """"Garde": an artisan of the same type (a higher id) to change places with."""
    a = s.guard_first
    guild = s.components.tile_guild
    guard = s.action_table.guard
    return [guard[b] for b in guard_movable(s) if b > a and guild[b] == guild[a]]


def guard_move(s: "S", p: int, tile: int, _: int) -> None:
    """"Garde": the first artisan chosen (GUARD_FIRST), then the one it changes places
    with (GUARD_SECOND): « inverser les positions de deux artisans du même type » — in
    workshops, rooms, or different guilds."""
    if s.step == GUARD_FIRST:
        s.guard_first = tile
        s.step = GUARD_SECOND
        return
    places = []
    for t in (s.guard_first, tile):
        if t in s.workshops:
            places.append((s.workshops, s.workshops.index(t)))
        else:
            places.append((s.rooms, s.rooms.index(t)))
    (first_list, i), (second_list, j) = places
    first_list[i], second_list[j] = tile, s.guard_first
    hire_bonus(s, p)


def legal_peddler_good(s: "S", p: int) -> list[Action]:
    """"Colporteur": one of the player's goods goes on it."""
    peddler = s.action_table.peddler
    G = s.guild_count
    held = s.goods_held
    return [peddler[t] for t in range(G) if held[p * G + t]]


def peddler_good(s: "S", p: int, good: int, _: int) -> None:
    """"Colporteur": the good lies on the tile (it counts as 4 of its type for the
    favourite, and only for that, until it returns)."""
    s.goods_held[p * s.guild_count + good] -= 1
    s.peddlers.extend((s.hired_tile, p, good))
    hire_bonus(s, p)


def legal_mayor_roof(s: "S", p: int) -> list[Action]:
    """"Maire": the roof of any guild in play."""
    return s.action_table.mayor[:s.guild_count]


def mayor_roof(s: "S", p: int, guild: int, _: int) -> None:
    """"Maire": on the roof of the chosen guild until the end of the game."""
    s.mayors.extend((s.hired_tile, guild))
    hire_bonus(s, p)


# == "Phase de fin de tour" and "Fin d'une Manche" =========================================

def end_of_turn(s: "S") -> None:
    """"Phase de fin de tour": a player with no agent left turns the token to the moon;
    when every token shows the moon the round ends, else a new turn begins."""
    s.called_guild = -1
    s.revealed = 0
    s.actor = -1
    record = s._records().append
    record((TurnEnds, s.turn))
    for p in range(s.player_count):
        if not s.moon[p] and s.agents_free[p] == 0:
            s.moon[p] = 1
            record((TokenToMoon, p))
    if all(s.moon):
        end_of_round(s)
    else:
        s.turn += 1
        start_planning(s)


def end_of_round(s: "S") -> None:
    """"Fin d'une Manche": 1 favourites, then the Peddlers come back; 2 agents home;
    3 income; after round 4 the game ends; else 4 tokens back, 5 new masters, 6 the
    rooms (a refill by chance draws), 7 the prestige guild (after the refill)."""
    rnd = s.round
    s._event((RoundEnds, rnd))
    choose_favourites(s)
    peddlers_come_back(s)
    agents_come_home(s)
    collect_income(s)
    if rnd == ROUNDS:
        s.phase = OVER
        s.actor = -1
        s._event((GameOver,))
        return
    # 4) tokens back to the agent side; 5) the next artisan becomes master
    s.moon = [0] * s.player_count
    s.round = rnd + 1
    record = s._records().append
    for g in range(s.guild_count):
        record((NewMaster, g, s.master_tile(g)))
    rooms_move_left(s)
    s.phase = REFILL
    finish_guest_draws(s)


def favourite_counts(s: "S", g: int) -> list[int]:
    """"Fin d'une Manche" 1: each player's goods of guild g's type « à ce moment », a
    Peddler with its good counting as 4 (`peddler_worth`)."""
    G = s.guild_count
    held = s.goods_held
    count = [held[p * G + g] for p in range(s.player_count)]
    peddlers = s.peddlers
    for i in range(0, len(peddlers), 3):
        if peddlers[i + 2] == g:
            count[peddlers[i + 1]] += s.components.peddler_worth
    return count


def choose_favourites(s: "S") -> None:
    """"Fin d'une Manche" 1, guild by guild in number order: the favourite holds the most
    goods of the type (`favourite_of`). Nobody with the goods: no favourite; the master
    (and its prestige crest, *notes*) leaves the game."""
    rnd = s.round
    master_slot = MASTER_SLOT[rnd - 1]
    slots = (master_slot, COVERED_SLOT) if rnd == ROUNDS else (master_slot,)
    for g in range(s.guild_count):
        count = favourite_counts(s, g)
        tiles = [s.workshops[g * WORKSHOP_SLOTS + k] for k in slots]
        for k in slots:
            s.workshops[g * WORKSHOP_SLOTS + k] = -1
        if max(count) == 0:
            s.out_of_game.extend(tiles)
            s._event((NoFavourite, g, tuple(tiles)))
            if s.prestige_guild == g and s.prestige_guild_crest:
                s.prestige_guild_crest = 0
                s.prestige_out += 1
                s._event((PrestigeCrestOut, g))
            s.favourite_log.append([rnd, g, -1])
            continue
        f = favourite_of(s, g, count)
        s.favourite_log.append([rnd, g, f])
        reward_favourite(s, g, f, tiles)


def favourite_of(s: "S", g: int, count: list[int]) -> int:
    """"Fin d'une Manche" 1: the most goods of the type; a tie goes to the richest (the
    tied players reveal their money), then to turn order."""
    best = max(count)
    tied = [p for p in range(s.player_count) if count[p] == best]
    why = WHY_GOODS
    if len(tied) > 1:
        for p in tied:
            s.money_revealed.append([s.round, g, p, s.money[p]])
        s._event((FavouriteTie, g, tuple((p, s.money[p]) for p in tied)))
        most = max(s.money[p] for p in tied)
        tied = [p for p in tied if s.money[p] == most]
        why = WHY_MONEY
        if len(tied) > 1:
            tied = [next(p for p in s.turn_order if p in tied)]
            why = WHY_ORDER
    s._event((FavouriteChosen, g, tied[0], why, best))
    return tied[0]


def reward_favourite(s: "S", g: int, f: int, tiles: list[int]) -> None:
    """"Fin d'une Manche" 1: the favourite returns one good of the type (one on their
    Peddler may serve) and takes 1.1 the master (round 4: with the tile under it), an
    agent per Agent +; 1.2 a crest of the guild; 1.3 the prestige crest."""
    G = s.guild_count
    held, peddlers = s.goods_held, s.peddlers
    record = s._records().append  # three or four events a favourite
    if held[f * G + g]:
        held[f * G + g] -= 1
        record((GoodReturned, f, g, False))
    else:
        for i in range(0, len(peddlers), 3):
            if peddlers[i + 1] == f and peddlers[i + 2] == g:
                peddlers[i + 2] = -1
                break
        record((GoodReturned, f, g, True))
    s.stores[g * G + g] += 1
    for t in tiles:
        s.tiles_owned[f].append(t)
        record((TileWon, f, t))
        if s.components.tile_agent[t]:
            gain_agent(s, f)
    if s.crests_left[g] > 0:
        s.crests_left[g] -= 1
        s.guild_crests[f * G + g] += 1
        record((CrestWon, f, g))
    if s.prestige_guild == g and s.prestige_guild_crest:
        s.prestige_guild_crest = 0
        s.prestige_crests[f] += 1
        record((PrestigeCrestWon, f, g))


def peddlers_come_back(s: "S") -> None:
    """"Colporteur": after the favourites, the good goes back to its owner and the tile
    is shuffled into the guest pile."""
    G = s.guild_count
    peddlers = s.peddlers
    record = s._records().append
    for i in range(0, len(peddlers), 3):
        t, p, good = peddlers[i], peddlers[i + 1], peddlers[i + 2]
        if good >= 0:
            s.goods_held[p * G + good] += 1
        s.tiles_owned[p].remove(t)
        insort(s.pile_known, t)
        record((PeddlerBack, p, t, good))
    s.peddlers = []


def agents_come_home(s: "S") -> None:
    """"Fin d'une Manche" 2: every agent comes back from the roofs."""
    for p in range(s.player_count):
        s.agents_free[p] = s.agents[p]
    s._event((AgentsHome,))
    s.roof_agents = [0] * s.guild_count


def income(s: "S", p: int) -> int:
    """"Fin d'une Manche" 3 with "Musicien" and "Maire": 3 thalers, each Musician's value,
    and per Mayor 1 per artisan the player owns of the Mayor's guild."""
    comp = s.components
    kind, guild, value = comp.tile_kind, comp.tile_guild, comp.tile_value
    owned = s.tiles_owned[p]
    gain = comp.income
    for t in owned:
        if kind[t] == MUSICIAN:
            gain += value[t]
    mayors = s.mayors
    for i in range(1, len(mayors), 2):
        mg = mayors[i]
        gain += sum(1 for t in owned if kind[t] == ARTISAN and guild[t] == mg)
    return gain


def collect_income(s: "S") -> None:
    """"Fin d'une Manche" 3: every player's income from the bank."""
    record = s._records().append
    for p in range(s.player_count):
        gain = income(s, p)
        s.money[p] += gain
        record((Income, p, gain))


def rooms_move_left(s: "S") -> None:
    """"Fin d'une Manche" 6: the guest of each leftmost room leaves the game, the others
    slide left; the refill follows (chance draws, `draw_guest`)."""
    rooms = s.rooms
    record = s._records().append
    for g in range(s.guild_count):
        row = rooms[g * ROOMS:g * ROOMS + ROOMS]
        if row[0] >= 0:
            s.out_of_game.append(row[0])
            record((LeavesRoom, g, row[0]))
        kept = [t for t in row[1:] if t >= 0]
        rooms[g * ROOMS:g * ROOMS + ROOMS] = kept + [-1] * (ROOMS - len(kept))


# == dispatch ==============================================================================

# == why a move is refused (the same rules as the legal moves) ==============================

def refusal(s: "S", p: int, kind: int, a: int, b: int) -> int:
    """Why the move (kind, a, b) is not legal for `p` now (constants R_*): the rule of
    the moment it breaks, from the predicates the legal moves are built with."""
    if s.phase == PLANNING:
        return _planning_refusal(s, p, kind)
    if s.step == CHOOSE:
        return _choice_refusal(s, p, kind, a, b)
    if s.step == BUY_MORE:
        return R_BUY_MORE
    return {(PAY_ANY, K_PAY): R_PAY, (THIEF_GOODS, K_STEAL): R_STEAL, (GUARD_FIRST, K_GUARD): R_GUARD,
            (GUARD_SECOND, K_GUARD): R_GUARD}.get((s.step, kind), R_STEP)


def _planning_refusal(s: "S", p: int, kind: int) -> int:
    """"Phase de Planification" (legal_planning): guilds in play in number order, at most
    one per free agent; a plan with no guild is a pass, a pass plans no guild."""
    if kind == K_PLAN:
        return R_PLAN
    if kind == K_PASS:
        return R_PASS if s.plans[p] else R_OK
    if kind == K_PLAN_DONE:
        return R_PLAN_DONE if not s.plans[p] else R_OK
    return R_PLANNING


def _choice_refusal(s: "S", p: int, kind: int, a: int, b: int) -> int:
    """The action at a called guild (legal_choose): what makes a sale, a purchase or a
    hire impossible."""
    G, g = s.guild_count, s.called_guild
    if kind == K_SELL:
        return R_SELL
    if kind == K_BUY:
        return R_BUY if not may_buy(s, p) or a >= G or not s.stores[g * G + a] else R_OK
    if kind == K_HIRE:
        if s.rooms[g * ROOMS + a] < 0:
            return R_HIRE_EMPTY
        held = s.goods_held[p * G:(p + 1) * G]
        forms = s.components.rooms[a]
        return R_OK if b in paying_forms(held[g], sum(held), forms) else R_HIRE_PRICE
    return R_CHOOSE


Handler = Callable[["S", int, int, int], None]

HANDLERS: tuple[Handler, ...] = tuple(
    {
        K_DRAW: draw_tile, K_ORDER: draw_turn_order, K_PLAN: plan_guild, K_PLAN_DONE: finish_plan,
        K_PASS: pass_round, K_SELL: sell, K_BUY: buy, K_BUY_END: stop_buying, K_NOTHING: do_nothing,
        K_HIRE: hire, K_PAY: pay_any_good, K_FRONT: move_to_first_place, K_ROB: thief_rob,
        K_STEAL: thief_take_good, K_DECLINE: decline, K_GUARD: guard_move,
        K_PEDDLER: peddler_good, K_MAYOR: mayor_roof,
    }[k] for k in range(KINDS))
"""The handler of each kind of action (indexed by K_*)."""

LEGAL: tuple[Callable[["S", int], list[Action]], ...] = (
    legal_choose, legal_buy_more, legal_pay_any, legal_thief_victim, legal_thief_goods, legal_guard_first,
    legal_guard_second, legal_peddler_good, legal_mayor_roof, legal_first_place,
)
"""The legal moves of each step of an action (indexed by the step, constants)."""
