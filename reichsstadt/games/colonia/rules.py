"""Colonia's rules, each written once and named after the rule, with its page in the
Italian translation of the rulebook (Queen Games 2009, pages as printed, 13-25; the day
sections quoted by their titles) or in the reading notes (docs/rules/colonia.md).

The state (state.py) holds the fields and dispatches: a player's action to one handler
per kind of action (HANDLERS), a chance outcome to one rule per kind of draw
(DRAW_RULES), an automatic part of the week to one rule per step (STEP_RULES), a passed
ordinance to one rule per effect (ENACT). The legal moves of each decision are listed
here too (LEGAL), built from the same predicates that present.why() uses to say which
rule a refused move breaks (the *_refusal functions: R_OK or the reason).

Chance is a queue of pending draws (`chance_queue`); its head is the chance node now.
`advance()` runs the week on until a decision or a draw is due."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterator

from ...core import Action
from .actions import (
    BUY_RELIC, BUY_STALL, CHOOSE_GOOD, COMMISSION, DRAW_MATERIAL, DRAW_ORDINANCE, DRAW_RELIC, DRAW_SHIP, DRAW_WEEK,
    ENSHRINE, EXCHANGE, EXCHANGE_AMOUNT, FAMILY, KEEP_MONEY, LEAVE_SHRINE, LOAD, LOAD_EXTRA, PASS, RECALL, ROLL, SECURE,
    TAKE_MATERIALS, TIE_FIRST, VOTE,
)
from .constants import (
    CARDS_PER_CITY, DIE_FACES, DRAW_KIND, D_AMOUNT, D_DRAW, D_ENSHRINE, D_EXCHANGE, D_FAMILY, D_GOOD, D_NONE, D_RECALL,
    D_TURN, D_VOTE, EXTRA_STALLS, FAMILY_VALUES, FRI, K_BUY_RELIC, K_BUY_STALL, K_CHOOSE_GOOD, K_COMMISSION,
    K_ENSHRINE, K_EXCHANGE, K_EXCHANGE_AMOUNT, K_FAMILY, K_KEEP_MONEY, K_LEAVE_SHRINE, K_LOAD, K_LOAD_EXTRA, K_PASS,
    K_RECALL, K_SECURE, K_TAKE_MATERIALS, K_VOTE, LOWEST_FAMILY_CARD, MAX_HOLDS, N_CITIES, N_CRAFTSMEN, N_FAMILY_CARDS,
    N_GOODS, N_MATERIALS, N_ORDINANCES, N_RELIC_CARDS, N_SHIPS, N_STREETS, N_WEEK_CARDS, ORDINANCES_PER_WEEK, PORT,
    Q_BLIND_MATERIAL, Q_EXTRA_DIE, Q_GOOD_DIE, Q_ORDINANCE, Q_RELIC, Q_SHIP, Q_STALL_MATERIAL, Q_TIE_DIE, Q_WEEK_CARD,
    RELICS_PER_CITY, R_ALREADY_SECURED, R_EXCHANGE_MOST, R_FAMILY_CARD_USED, R_FEW_MEMBERS, R_FIELDS_FULL,
    R_MISSING_GOODS, R_MISSING_MATERIALS, R_NOT_NOW, R_NOT_ON_DISPLAY, R_NOT_YOURS_TO_ENSHRINE, R_NO_EXTRA_HOLD,
    R_NO_GOOD_LEFT, R_NO_HOLD, R_NO_MONEY, R_NO_STALL, R_OK, R_RECALL_MOST, R_TAKEN, R_TAKE_COUNT, R_TOO_LITTLE_MONEY,
    STALL_SLOTS, S_FRI_END, S_FRI_LOAD, S_FRI_START, S_FRI_VOTES, S_MON, S_OVER, S_SAT_SAIL, S_SAT_VOTES, S_SETUP,
    S_SUN_BUY, S_SUN_END, S_SUN_SECURE, S_THU_CONTRACT, S_THU_DICE, S_THU_GOODS, S_THU_START, S_THU_VOTES,
    S_TUE_CHOOSE, S_TUE_ORDER, S_WED_BUY, S_WED_END, S_WED_START, S_WED_VOTES, THU, TUE, VOTE_STEPS, WED,
)
from .data import Ordinance
from .events import (
    AutoPass, ContractsCarried, FamilyCardRevealed, GameOver, GoodDelivered, HoldPaid, MembersHome, NoVote, RelicGone,
    ShipSails, StallBack, TurnOrder, VoteCounted, WindowAwarded,
)

if TYPE_CHECKING:
    from .state import ColoniaState


# == shared small rules ==================================================================

def family_card_used(s: "ColoniaState", p: int, value: int) -> bool:
    """p. 17: a played family card leaves the game; each card is played once."""
    return s.family_cards_used[p * N_FAMILY_CARDS + value - LOWEST_FAMILY_CARD]


def gain_good(s: "ColoniaState", p: int, g: int) -> bool:
    """A good from the supply behind p's screen; notes, Thursday: a good whose supply is
    exhausted is not received. Whether it was received."""
    if s.goods_supply[g] > 0:
        s.goods_supply[g] -= 1
        s.goods[p * N_GOODS + g] += 1
        return True
    return False


def tie_candidates(s: "ColoniaState", value: int) -> list[int]:
    """Week 1: the seats with family card `value` the tie die has not yet put first."""
    return [p for p in range(s.player_count) if s.card_value[p] == value and p not in s.tie_order]


def contract_cost(s: "ColoniaState", craftsman: int) -> int:
    """p. 18: the craftsman's first contract this week takes 1 member, the second 2, ...,
    whoever commissions them."""
    return s.commissioned[craftsman] + 1


def recall_most(s: "ColoniaState", p: int) -> int:
    """The recall ordinance (p. 24): up to its number of p's members on its street field."""
    return min(s.recall_most, s.street[p * N_STREETS + s.recall_street])


def exchange_most(s: "ColoniaState", p: int) -> int:
    """The exchange ordinance (p. 25): up to its limit, and no more than p has."""
    return min(s.exchange_limit, s.money[p * N_CITIES + s.exchange_give])


def enshrinable(s: "ColoniaState", p: int, bought: int) -> list[int]:
    """p. 22: buying a shrine, its owner may put in any one relic of its city he owns;
    buying a relic of a city whose empty shrine he owns, that relic."""
    if bought % CARDS_PER_CITY != RELICS_PER_CITY:
        return [bought]
    base = bought - RELICS_PER_CITY
    owner = s.relic_owner
    return [card for card in range(base, base + RELICS_PER_CITY) if owner[card] == p]


def shrine_choice_due(s: "ColoniaState", p: int, card: int) -> bool:
    """p. 22: each time he buys a fitting card, the owner of an empty shrine decides at
    once whether to fill it; a filled shrine stays as it is to the end."""
    city = card // CARDS_PER_CITY
    shrine_card = city * CARDS_PER_CITY + RELICS_PER_CITY
    if card == shrine_card:
        return bool(enshrinable(s, p, card))
    return s.relic_owner[shrine_card] == p and s.shrine_relic[city] < 0


# == what may be done now, and why not (the predicates of the legal moves) ===============

def stall_refusal(s: "ColoniaState", p: int, stall: int) -> int:
    """p. 17 "Mercoledì": a family takes all the materials of one stall still on offer,
    putting as many members from home on it as the stall holds materials."""
    if stall >= s.stall_count or s.stall_size[stall] == 0:
        return R_NO_STALL
    if s.stall_buyer[stall] >= 0:
        return R_TAKEN
    if s.stall_size[stall] > s.home[p]:
        return R_FEW_MEMBERS
    return R_OK


def contract_refusal(s: "ColoniaState", p: int, craftsman: int) -> int:
    """p. 18 "Giovedì": a contract needs the craftsman's two materials behind the screen,
    a free contract field, and the contract's members at home (contract_cost)."""
    r0, r1 = s.components.recipes[craftsman]
    base = p * N_MATERIALS
    if not (s.materials[base + r0] and s.materials[base + r1]):
        return R_MISSING_MATERIALS
    if s.contracts_placed[craftsman] >= s.components.contract_fields:
        return R_FIELDS_FULL
    if s.home[p] < contract_cost(s, craftsman):
        return R_FEW_MEMBERS
    return R_OK


def hold_refusal(s: "ColoniaState", p: int, place: int, hold: int) -> int:
    """p. 20 "Venerdì": a family loads one free hold of a ship in port, handing in exactly
    the goods shown on it and putting 1 member from home on it."""
    ship = s.port[place]
    holds = s.components.hold_need[ship] if ship >= 0 else ()
    if hold >= len(holds):
        return R_NO_HOLD
    if s.hold_owner[place * MAX_HOLDS + hold] >= 0:
        return R_TAKEN
    if s.home[p] <= 0:
        return R_FEW_MEMBERS
    goods = s.goods
    base = p * N_GOODS
    for g, k in holds[hold]:
        if goods[base + g] < k:
            return R_MISSING_GOODS
    return R_OK


def extra_hold_refusal(s: "ColoniaState", p: int, place: int, good: int) -> int:
    """The extra-hold ordinance (p. 24): this week each ship in port has one more hold,
    for any one good, loaded like the others with 1 member from home."""
    if not s.extra_holds_open or s.port[place] < 0:
        return R_NO_EXTRA_HOLD
    if s.extra_hold_owner[place] >= 0:
        return R_TAKEN
    if s.home[p] <= 0:
        return R_FEW_MEMBERS
    if s.goods[p * N_GOODS + good] <= 0:
        return R_MISSING_GOODS
    return R_OK


def relic_purchase_refusal(s: "ColoniaState", p: int, card: int) -> int:
    """p. 21 "Domenica": a family buys one displayed card (secured or not), paying its
    price in its city's currency; no other currency is accepted."""
    if card not in s.display:
        return R_NOT_ON_DISPLAY
    if s.money[p * N_CITIES + card // CARDS_PER_CITY] < s.components.relic_price[card]:
        return R_TOO_LITTLE_MONEY
    return R_OK


def securing_refusal(s: "ColoniaState", p: int, card: int) -> int:
    """p. 22: a family secures one displayed relic not yet secured with 1 member from home."""
    if card not in s.display:
        return R_NOT_ON_DISPLAY
    if s.secured_by[s.display.index(card)] >= 0:
        return R_ALREADY_SECURED
    if s.home[p] <= 0:
        return R_FEW_MEMBERS
    return R_OK


def enshrine_refusal(s: "ColoniaState", p: int, card: int) -> int:
    """p. 22: only a relic the shrine may take now (enshrinable)."""
    return R_OK if card in enshrinable(s, p, s.bought_card) else R_NOT_YOURS_TO_ENSHRINE


def family_card_refusal(s: "ColoniaState", p: int, value: int) -> int:
    """p. 17: a family card not played in an earlier week."""
    return R_FAMILY_CARD_USED if family_card_used(s, p, value) else R_OK


def recall_refusal(s: "ColoniaState", p: int, count: int) -> int:
    """The recall ordinance (p. 24): none up to recall_most members."""
    return R_RECALL_MOST if count > recall_most(s, p) else R_OK


def exchange_refusal(s: "ColoniaState", p: int, give: int) -> int:
    """The exchange ordinance (p. 25): a currency p holds some of, for another."""
    return R_NO_MONEY if s.money[p * N_CITIES + give] <= 0 else R_OK


def amount_refusal(s: "ColoniaState", p: int, amount: int) -> int:
    """The exchange ordinance (p. 25): 1 up to exchange_most."""
    return R_OK if 1 <= amount <= exchange_most(s, p) else R_EXCHANGE_MOST


def take_refusal(s: "ColoniaState", p: int, count: int) -> int:
    """The draw ordinance (p. 24): its number of materials, or none."""
    return R_OK if count in (0, s.draw_count) else R_TAKE_COUNT


def good_refusal(s: "ColoniaState", p: int, good: int) -> int:
    """Notes, Thursday: a good the supply still has."""
    return R_OK if s.goods_supply[good] > 0 else R_NO_GOOD_LEFT


# == the legal moves of each decision =====================================================
# A round of turns lists its moves with a generator: legal() takes them all, next_turn()
# only asks whether there is one (and stops at the first).

def market_moves(s: "ColoniaState", p: int) -> Iterator[Action]:
    for st in range(s.stall_count):
        if not stall_refusal(s, p, st):
            yield BUY_STALL[st]


def contract_moves(s: "ColoniaState", p: int) -> Iterator[Action]:
    for c in range(N_CRAFTSMEN):
        if not contract_refusal(s, p, c):
            yield COMMISSION[c]


def loading_moves(s: "ColoniaState", p: int) -> Iterator[Action]:
    if s.home[p] <= 0:  # the member every hold takes (hold_refusal), asked once for all
        return
    port = s.port
    need = s.components.hold_need
    for place in range(PORT):
        ship = port[place]
        if ship < 0:
            continue
        row = LOAD[place]
        for h in range(len(need[ship])):
            if not hold_refusal(s, p, place, h):
                yield row[h]
        if s.extra_holds_open:
            extra = LOAD_EXTRA[place]
            for g in range(N_GOODS):
                if not extra_hold_refusal(s, p, place, g):
                    yield extra[g]


def relic_buying_moves(s: "ColoniaState", p: int) -> Iterator[Action]:
    for card in s.display:
        if not relic_purchase_refusal(s, p, card):
            yield BUY_RELIC[card]


def securing_moves(s: "ColoniaState", p: int) -> Iterator[Action]:
    for card in s.display:
        if not securing_refusal(s, p, card):
            yield SECURE[card]


TURN_MOVES: dict[int, Callable[["ColoniaState", int], Iterator[Action]]] = {
    S_WED_BUY: market_moves, S_THU_CONTRACT: contract_moves, S_FRI_LOAD: loading_moves,
    S_SUN_BUY: relic_buying_moves, S_SUN_SECURE: securing_moves,
}


def can_act(s: "ColoniaState", p: int) -> bool:
    """Whether p has a move in this round of turns besides passing."""
    return next(TURN_MOVES[s.step](s, p), None) is not None


def _legal_family(s: "ColoniaState", p: int) -> list[Action]:
    return [FAMILY[v] for v in FAMILY_VALUES if not family_card_refusal(s, p, v)]


def _legal_vote(s: "ColoniaState", p: int) -> list[Action]:
    return [VOTE[1], VOTE[0]]


def _legal_turn(s: "ColoniaState", p: int) -> list[Action]:
    out = list(TURN_MOVES[s.step](s, p))
    out.append(PASS)  # p. 17-22: or pass, for the rest of the week
    return out


def _legal_good(s: "ColoniaState", p: int) -> list[Action]:
    return [CHOOSE_GOOD[g] for g in range(N_GOODS) if not good_refusal(s, p, g)]


def _legal_enshrine(s: "ColoniaState", p: int) -> list[Action]:
    return [ENSHRINE[card] for card in enshrinable(s, p, s.bought_card)] + [LEAVE_SHRINE]


def _legal_recall(s: "ColoniaState", p: int) -> list[Action]:
    return [RECALL[k] for k in range(recall_most(s, p), -1, -1)]


def _legal_exchange(s: "ColoniaState", p: int) -> list[Action]:
    out = [KEEP_MONEY]
    for give in range(N_CITIES):
        if not exchange_refusal(s, p, give):
            out += [EXCHANGE[give][take] for take in range(N_CITIES) if take != give]
    return out


def _legal_amount(s: "ColoniaState", p: int) -> list[Action]:
    return [EXCHANGE_AMOUNT[k] for k in range(1, exchange_most(s, p) + 1)]


def _legal_draw(s: "ColoniaState", p: int) -> list[Action]:
    return [TAKE_MATERIALS[s.draw_count], TAKE_MATERIALS[0]]


def _nothing(s: "ColoniaState", p: int) -> list[Action]:
    return []


LEGAL: tuple[Callable[["ColoniaState", int], list[Action]], ...] = tuple({
    D_NONE: _nothing, D_FAMILY: _legal_family, D_VOTE: _legal_vote, D_TURN: _legal_turn, D_GOOD: _legal_good,
    D_ENSHRINE: _legal_enshrine, D_RECALL: _legal_recall, D_EXCHANGE: _legal_exchange, D_AMOUNT: _legal_amount,
    D_DRAW: _legal_draw,
}[d] for d in range(D_DRAW + 1))
"""The legal moves of a seat to act, by decision (D_NONE ... D_DRAW)."""


# == why a move is refused (the same predicates as the legal moves) ==========================

KINDS_BY_DECISION: dict[int, frozenset[int]] = {
    D_FAMILY: frozenset((K_FAMILY,)), D_VOTE: frozenset((K_VOTE,)), D_GOOD: frozenset((K_CHOOSE_GOOD,)),
    D_ENSHRINE: frozenset((K_ENSHRINE, K_LEAVE_SHRINE)), D_RECALL: frozenset((K_RECALL,)),
    D_EXCHANGE: frozenset((K_EXCHANGE, K_KEEP_MONEY)), D_AMOUNT: frozenset((K_EXCHANGE_AMOUNT,)),
    D_DRAW: frozenset((K_TAKE_MATERIALS,)),
}
"""The kinds of move each decision takes (D_TURN: by its step, KINDS_BY_TURN_STEP)."""

KINDS_BY_TURN_STEP: dict[int, frozenset[int]] = {
    S_WED_BUY: frozenset((K_BUY_STALL, K_PASS)), S_THU_CONTRACT: frozenset((K_COMMISSION, K_PASS)),
    S_FRI_LOAD: frozenset((K_LOAD, K_LOAD_EXTRA, K_PASS)), S_SUN_BUY: frozenset((K_BUY_RELIC, K_PASS)),
    S_SUN_SECURE: frozenset((K_SECURE, K_PASS)),
}
"""The kinds of move each round of turns takes (TURN_MOVES, and the pass)."""

Refusal = Callable[["ColoniaState", int, int, int], int]
REFUSALS: dict[int, Refusal] = {
    K_FAMILY: lambda s, p, value, _: family_card_refusal(s, p, value),
    K_CHOOSE_GOOD: lambda s, p, good, _: good_refusal(s, p, good),
    K_BUY_STALL: lambda s, p, stall, _: stall_refusal(s, p, stall),
    K_COMMISSION: lambda s, p, craftsman, _: contract_refusal(s, p, craftsman),
    K_LOAD: hold_refusal,
    K_LOAD_EXTRA: extra_hold_refusal,
    K_BUY_RELIC: lambda s, p, card, _: relic_purchase_refusal(s, p, card),
    K_SECURE: lambda s, p, card, _: securing_refusal(s, p, card),
    K_ENSHRINE: lambda s, p, card, _: enshrine_refusal(s, p, card),
    K_RECALL: lambda s, p, count, _: recall_refusal(s, p, count),
    K_EXCHANGE: lambda s, p, give, _: exchange_refusal(s, p, give),
    K_EXCHANGE_AMOUNT: lambda s, p, amount, _: amount_refusal(s, p, amount),
    K_TAKE_MATERIALS: lambda s, p, count, _: take_refusal(s, p, count),
}
"""The rule each kind of move must keep, as a refusal reason (R_OK: kept): the same
functions the legal moves are built from. A vote, a pass, leaving a shrine empty and
keeping one's money are never refused at their moment."""


def refusal(s: "ColoniaState", p: int, kind: int, a: int, b: int) -> int:
    """Why the move (kind, a, b) is not legal for `p` now (constants R_*): R_NOT_NOW when
    the game waits for another kind of move, else the reason of its rule (REFUSALS)."""
    if s.decision == D_TURN:
        kinds = KINDS_BY_TURN_STEP.get(s.step, frozenset())
    else:
        kinds = KINDS_BY_DECISION.get(s.decision, frozenset())
    if kind not in kinds:
        return R_NOT_NOW
    check = REFUSALS.get(kind)
    return check(s, p, a, b) if check is not None else R_OK


# == chance: what each pending draw can give ==============================================

def _left(flags: list[bool]) -> list[int]:
    return [i for i, used in enumerate(flags) if not used]


def chance_outcomes(s: "ColoniaState") -> list[tuple[Action, float]]:
    """The outcomes of the draw at the head of the queue: decks and the bag drawn at
    random (each card left equally likely, each material by its count), dice fair."""
    if s.decision != D_NONE or not s.chance_queue:
        return []
    kind, arg = s.chance_queue[0]
    if kind == Q_WEEK_CARD:
        left = _left(s.week_cards_used)
        return [(DRAW_WEEK[i], 1.0 / len(left)) for i in left]
    if kind == Q_ORDINANCE:
        left = _left(s.ordinances_used)
        return [(DRAW_ORDINANCE[i], 1.0 / len(left)) for i in left]
    if kind == Q_STALL_MATERIAL or kind == Q_BLIND_MATERIAL:
        bag = s.bag
        total = sum(bag)
        return [(DRAW_MATERIAL[m], bag[m] / total) for m in range(N_MATERIALS) if bag[m]]
    if kind == Q_SHIP:
        left = [i for i in range(N_SHIPS) if s.ship_deck[i]]
        return [(DRAW_SHIP[i], 1.0 / len(left)) for i in left]
    if kind == Q_RELIC:
        left = [i for i in range(N_RELIC_CARDS) if s.relic_deck[i]]
        return [(DRAW_RELIC[i], 1.0 / len(left)) for i in left]
    if kind == Q_GOOD_DIE or kind == Q_EXTRA_DIE:
        return [(ROLL[f], 1.0 / DIE_FACES) for f in range(1, DIE_FACES + 1)]
    seats = tie_candidates(s, arg)
    return [(TIE_FIRST[p], 1.0 / len(seats)) for p in seats]


def is_possible_draw(s: "ColoniaState", kind: int, value: int) -> bool:
    """Whether an outcome (its action kind and value) can come of the draw now, without
    listing the outcomes."""
    if s.decision != D_NONE or not s.chance_queue:
        return False
    qkind, arg = s.chance_queue[0]
    if DRAW_KIND[qkind] != kind:
        return False
    if qkind == Q_WEEK_CARD:
        return value < N_WEEK_CARDS and not s.week_cards_used[value]
    if qkind == Q_ORDINANCE:
        return value < N_ORDINANCES and not s.ordinances_used[value]
    if qkind == Q_STALL_MATERIAL or qkind == Q_BLIND_MATERIAL:
        return s.bag[value] > 0
    if qkind == Q_SHIP:
        return s.ship_deck[value]
    if qkind == Q_RELIC:
        return s.relic_deck[value]
    if qkind == Q_GOOD_DIE or qkind == Q_EXTRA_DIE:
        return 1 <= value <= DIE_FACES
    return value in tie_candidates(s, arg)


# == the draws (one rule per kind of pending draw) =======================================

def reveal_week_card(s: "ColoniaState", _arg: int, i: int) -> None:
    """p. 14 "Lunedì": the week card is revealed: its stalls are filled from the bag, each
    craftsman's stick moves down by his ordinary contracts, it gives the number of
    extra-contract dice and of ships that sail on Saturday (p. 15: all four in the last
    week); then three ordinances are revealed."""
    comp = s.components
    s.week_cards_used[i] = True
    card = comp.week_cards[i]
    s.week_card = i
    s.extra_dice = card.dice
    s.ships_sailing = PORT if s.week == comp.weeks else card.ships
    s.stall_count = len(card.stalls)
    for st in range(STALL_SLOTS):
        s.stall_size[st] = 0
        s.stall_buyer[st] = -1
    for j in range(len(s.stall_materials)):
        s.stall_materials[j] = 0
    fields = comp.contract_fields
    for c in range(N_CRAFTSMEN):
        s.sticks[c] = min(fields, card.contracts[c])
        s.commissioned[c] = 0
    for st, size in enumerate(card.stalls):
        s.chance_queue.extend([(Q_STALL_MATERIAL, st)] * size)
    s.chance_queue.extend([(Q_ORDINANCE, 0)] * ORDINANCES_PER_WEEK)


def reveal_ordinance(s: "ColoniaState", _arg: int, o: int) -> None:
    """p. 15: the ordinances lie in ascending order of their day; equal days in the order
    they were drawn."""
    s.ordinances_used[o] = True
    day = s.components.ordinances[o].day
    j = len(s.week_ordinances)
    while j > 0 and s.components.ordinances[s.week_ordinances[j - 1]].day > day:
        j -= 1
    s.week_ordinances.insert(j, o)
    s.ordinance_result.insert(j, -1)
    s.ordinance_ballots.insert(j, ())


def draw_onto_stall(s: "ColoniaState", stall: int, m: int) -> None:
    """p. 14: the stalls are filled with materials drawn from the bag."""
    s.bag[m] -= 1
    s.stall_materials[stall * N_MATERIALS + m] += 1
    s.stall_size[stall] += 1


def draw_behind_screen(s: "ColoniaState", p: int, m: int) -> None:
    """Notes, setup (and the draw ordinance, p. 24): a material drawn blind from the bag
    goes behind the screen; nobody else sees which."""
    s.bag[m] -= 1
    s.materials[p * N_MATERIALS + m] += 1
    s.materials_blind[p] += 1


def ship_enters_port(s: "ColoniaState", place: int, ship: int) -> None:
    """p. 21: new ships fill the empty places of the port."""
    s.ship_deck[ship] = False
    s.port[place] = ship


def lay_out_relic(s: "ColoniaState", _arg: int, card: int) -> None:
    """p. 22: relic cards are laid out from the deck."""
    s.relic_deck[card] = False
    s.display.append(card)
    s.secured_by.append(-1)


def roll_for_good(s: "ColoniaState", p: int, face: int) -> None:
    """Notes, setup, and the die ordinance (p. 24): faces 1-5 give the good of that
    craftsman; a 6 lets the player choose any good left in the supply (reading)."""
    if face == DIE_FACES:
        if any(s.goods_supply):
            s.decision = D_GOOD
            s.actor = p
    else:
        gain_good(s, p, s.components.products[face - 1])


def roll_extra_contract(s: "ColoniaState", _arg: int, face: int) -> None:
    """p. 19: an extra-contract die moves that craftsman's stick down one field; a 6
    moves all five."""
    top = s.components.contract_fields
    s.extra_faces.append(face)  # everyone sees the die, even when no stick can move
    for c in range(N_CRAFTSMEN) if face == DIE_FACES else (face - 1,):
        if s.sticks[c] < top:
            s.sticks[c] += 1


def tie_die(s: "ColoniaState", _value: int, seat: int) -> None:
    """p. 17 N.B.: in the first week a die decides between equal family cards."""
    s.tie_order.append(seat)


DRAW_RULES: tuple[Callable[["ColoniaState", int, int], None], ...] = tuple({
    Q_WEEK_CARD: reveal_week_card, Q_ORDINANCE: reveal_ordinance, Q_STALL_MATERIAL: draw_onto_stall,
    Q_BLIND_MATERIAL: draw_behind_screen, Q_SHIP: ship_enters_port, Q_RELIC: lay_out_relic,
    Q_GOOD_DIE: roll_for_good, Q_EXTRA_DIE: roll_extra_contract, Q_TIE_DIE: tie_die,
}[kind] for kind in range(Q_TIE_DIE + 1))
"""The rule of each kind of pending draw (Q_WEEK_CARD ... Q_TIE_DIE): (state, argument, value)."""


def resolve_draw(s: "ColoniaState", value: int) -> None:
    """The draw at the head of the queue came out as `value` (a card, material, face, seat)."""
    kind, arg = s.chance_queue.pop(0)
    DRAW_RULES[kind](s, arg, value)


# == the players' moves (one handler per kind of action) =================================

def choose_family_card(s: "ColoniaState", p: int, value: int, _b: int) -> None:
    """p. 15 "Martedì": every family chooses one of its unused family cards face down;
    all are revealed together."""
    s.family_card[p] = value
    if min(s.family_card) >= 0:
        reveal_family_cards(s)


def cast_vote(s: "ColoniaState", p: int, yes: int, _b: int) -> None:
    """p. 16 "Votazione delle ordinanze": each family with a face-up card votes yes or no
    in secret; the votes are revealed together."""
    s.ballots[p] = yes
    if all(s.ballots[q] >= 0 or s.card_face_down[q] for q in range(s.player_count)):
        count_votes(s)


def choose_good(s: "ColoniaState", p: int, g: int, _b: int) -> None:
    """A 6 on a die for a good: the player takes the good of his choice (reading)."""
    gain_good(s, p, g)
    s.decision = D_NONE
    s.actor = -1


def take_stall(s: "ColoniaState", p: int, stall: int, _b: int) -> None:
    """p. 17 "Mercoledì": the buyer takes every material of the stall behind the screen
    (the table saw which) and puts as many members from home on the stall; they stand
    there until the evening, then on the Wednesday street field."""
    k = s.stall_size[stall]
    base = stall * N_MATERIALS
    mbase = p * N_MATERIALS
    for m in range(N_MATERIALS):
        x = s.stall_materials[base + m]
        if x:
            s.materials[mbase + m] += x
            s.materials_seen[mbase + m] += x
            s.stall_materials[base + m] = 0
    s.stall_buyer[stall] = p
    s.home[p] -= k
    s.placed_today[p] += k
    next_turn(s, p)


def commission_contract(s: "ColoniaState", p: int, craftsman: int, _b: int) -> None:
    """p. 18 "Giovedì": the two materials go back into the bag, and the contract's
    members (contract_cost) onto the craftsman's topmost free contract field."""
    r0, r1 = s.components.recipes[craftsman]
    mbase = p * N_MATERIALS
    for r in (r0, r1):
        s.materials[mbase + r] -= 1
        s.bag[r] += 1
        # a material nobody saw arrive was one of the blind draws
        if s.materials_seen[mbase + r]:
            s.materials_seen[mbase + r] -= 1
        else:
            s.materials_blind[p] -= 1
    k = contract_cost(s, craftsman)
    s.commissioned[craftsman] = k
    i = craftsman * s.components.contract_fields + s.contracts_placed[craftsman]
    s.contract_owner[i] = p
    s.contract_members[i] = k
    s.contracts_placed[craftsman] += 1
    s.home[p] -= k
    next_turn(s, p)


def load_hold(s: "ColoniaState", p: int, place: int, hold: int) -> None:
    """p. 20 "Venerdì": exactly the goods shown on the hold go back to the supply, and 1
    member from home onto the hold, until the ship sails."""
    for g in s.components.ships[s.port[place]].holds[hold][0]:
        s.goods[p * N_GOODS + g] -= 1
        s.goods_supply[g] += 1
    s.hold_owner[place * MAX_HOLDS + hold] = p
    s.home[p] -= 1
    next_turn(s, p)


def load_extra_hold(s: "ColoniaState", p: int, place: int, good: int) -> None:
    """The extra-hold ordinance (p. 24): any one good into the ship's extra hold, with 1
    member from home."""
    s.goods[p * N_GOODS + good] -= 1
    s.goods_supply[good] += 1
    s.extra_hold_owner[place] = p
    s.home[p] -= 1
    next_turn(s, p)


def buy_relic(s: "ColoniaState", p: int, card: int, _b: int) -> None:
    """p. 21 "Domenica": the price is paid in the card's currency and the card goes behind
    the screen (a shrine in front of it); p. 22: a member securing it goes back to its
    owner's home. A shrine choice may follow (shrine_choice_due)."""
    i = s.display.index(card)
    s.money[p * N_CITIES + card // CARDS_PER_CITY] -= s.components.relic_price[card]
    owner = s.secured_by[i]
    if owner >= 0:
        s.home[owner] += 1
    del s.display[i]
    del s.secured_by[i]
    s.relic_owner[card] = p
    if shrine_choice_due(s, p, card):
        s.decision = D_ENSHRINE
        s.bought_card = card
        return
    next_turn(s, p)


def enshrine(s: "ColoniaState", p: int, card: int, _b: int) -> None:
    """p. 22: the relic goes into its city's shrine and stays there to the end, its
    points doubled."""
    s.shrine_relic[card // CARDS_PER_CITY] = card
    s.decision = D_TURN
    next_turn(s, p)


def leave_shrine_empty(s: "ColoniaState", p: int, _a: int, _b: int) -> None:
    """p. 22: the shrine may stay empty (for now)."""
    s.decision = D_TURN
    next_turn(s, p)


def secure_relic(s: "ColoniaState", p: int, card: int, _b: int) -> None:
    """p. 22: 1 member from home on a displayed relic keeps it on display for next week."""
    s.secured_by[s.display.index(card)] = p
    s.home[p] -= 1
    next_turn(s, p)


def pass_turn(s: "ColoniaState", p: int, _a: int, _b: int) -> None:
    """p. 17, 18, 20, 21, 22: who passes does nothing more in this round this week."""
    s.passed[p] = True
    next_turn(s, p)


def recall_members(s: "ColoniaState", p: int, k: int, _b: int) -> None:
    """The recall ordinance (p. 24): k of p's members on its street field go home."""
    s.street[p * N_STREETS + s.recall_street] -= k
    s.home[p] += k
    next_in_chain(s)


def take_materials(s: "ColoniaState", p: int, count: int, _b: int) -> None:
    """The draw ordinance (p. 24: 'darf / may / può'): p draws its materials or none; the
    draws wait until every player has answered, then go in turn order."""
    s.chance_queue.extend([(Q_BLIND_MATERIAL, p)] * count)
    next_in_chain(s)


def choose_exchange(s: "ColoniaState", p: int, give: int, take: int) -> None:
    """The exchange ordinance (p. 25): p picks the currency to give and the one to take."""
    s.decision = D_AMOUNT
    s.exchange_give = give
    s.exchange_take = take


def exchange_money(s: "ColoniaState", p: int, amount: int, _b: int) -> None:
    """The exchange ordinance (p. 25): `amount` of one currency into another, 1:1."""
    s.money[p * N_CITIES + s.exchange_give] -= amount
    s.money[p * N_CITIES + s.exchange_take] += amount
    next_in_chain(s)


def keep_money(s: "ColoniaState", p: int, _a: int, _b: int) -> None:
    """The exchange ordinance is a 'may': p exchanges nothing."""
    next_in_chain(s)


HANDLERS: tuple[Callable[["ColoniaState", int, int, int], None], ...] = tuple({
    K_FAMILY: choose_family_card, K_VOTE: cast_vote, K_CHOOSE_GOOD: choose_good, K_BUY_STALL: take_stall,
    K_COMMISSION: commission_contract, K_LOAD: load_hold, K_LOAD_EXTRA: load_extra_hold, K_BUY_RELIC: buy_relic,
    K_ENSHRINE: enshrine, K_LEAVE_SHRINE: leave_shrine_empty, K_SECURE: secure_relic, K_PASS: pass_turn,
    K_RECALL: recall_members, K_EXCHANGE: choose_exchange, K_EXCHANGE_AMOUNT: exchange_money,
    K_KEEP_MONEY: keep_money, K_TAKE_MATERIALS: take_materials,
}[kind] for kind in range(K_TAKE_MATERIALS + 1))
"""The handler of each kind of action (K_FAMILY ... K_TAKE_MATERIALS): (state, seat, a, b)."""


# == Tuesday ===============================================================================

def family_card_members(s: "ColoniaState", value: int) -> int:
    """The members a family card sends to the town hall this week: its value, less the
    fewer-members ordinance's (p. 16, p. 25)."""
    return max(0, value - s.fewer_members)


def family_card_counts_zero(s: "ColoniaState", p: int, value: int) -> bool:
    """p. 16 "Eccezione": a card whose members are not all at home counts 0 (the rest come
    from the street fields)."""
    return s.home[p] < family_card_members(s, value)


def reveal_family_cards(s: "ColoniaState") -> None:
    """p. 16 "Martedì": each family sends its card's members from home into the town hall
    and gets as many votes; a family short of members at home takes the rest from the
    street fields, Tuesday's first, and its card is turned face down: it counts 0 (no
    votes, last in turn order). The fewer-members ordinance (p. 25) lowers the members.
    In week 1 a die decides between equal cards (p. 17 N.B.)."""
    for p in range(s.player_count):
        v = s.family_card[p]
        s.family_cards_used[p * N_FAMILY_CARDS + v - LOWEST_FAMILY_CARD] = True
        need = family_card_members(s, v)
        counts_zero = family_card_counts_zero(s, p, v)
        take = min(s.home[p], need)
        s.home[p] -= take
        short = need - take
        placed = take
        for d in (TUE, WED, THU, FRI):
            if short == 0:
                break
            t = min(s.street[p * N_STREETS + d], short)
            s.street[p * N_STREETS + d] -= t
            short -= t
            placed += t
        s.town_hall[p] = placed
        if counts_zero or placed < need:
            s.card_face_down[p] = True
            s.card_value[p] = 0
            s.vote_weight[p] = 0
        else:
            s.card_face_down[p] = False
            s.card_value[p] = v
            s.vote_weight[p] = placed
        s._event((FamilyCardRevealed, p, v, s.card_face_down[p], placed))
    s.decision = D_NONE
    s.tie_order = []
    if s.week == 1:
        for v in sorted(set(s.card_value), reverse=True):
            s.chance_queue.extend([(Q_TIE_DIE, v)] * (s.card_value.count(v) - 1))


def set_turn_order(s: "ColoniaState") -> None:
    """p. 16: the highest card plays first (the mayor) and so on; p. 17: equal cards play
    in the reverse of their previous relative order (week 1: the tie die), and so do
    several cards that count 0, last. The order holds until next Tuesday."""
    prev = s.previous_order
    first_week = s.week == 1
    keys = []
    for p in range(s.player_count):
        if first_week:
            tie = s.tie_order.index(p) if p in s.tie_order else len(s.tie_order)
        else:
            tie = -prev.index(p)
        keys.append((-s.card_value[p], tie, p))
    keys.sort()
    s.order = [k[2] for k in keys]
    s.previous_order = s.order[:]
    s._event((TurnOrder, tuple(s.order)))


# == votes and ordinances ===================================================================

def start_vote(s: "ColoniaState") -> None:
    """p. 16-17: the ordinance up next is voted by the families with a face-up card; with
    no such family nobody may vote and it does not pass."""
    if all(s.card_face_down):
        s._event((NoVote, s.week_ordinances[s.vote_index]))
        finish_vote(s, False)
        return
    for p in range(s.player_count):
        s.ballots[p] = -1
    s.decision = D_VOTE


def count_votes(s: "ColoniaState") -> None:
    """p. 17 "Votazione": each family's votes weigh as many as its town-hall members; more
    yes than no passes the ordinance; a tie goes the mayor's way."""
    yes = no = 0
    for p in range(s.player_count):
        if s.card_face_down[p]:
            continue
        if s.ballots[p] == 1:
            yes += s.vote_weight[p]
        else:
            no += s.vote_weight[p]
    mayor = s.order[0]
    passed = yes > no or (yes == no and s.ballots[mayor] == 1)
    s._event((VoteCounted, s.week_ordinances[s.vote_index], yes, no, passed, mayor,
              tuple(-1 if s.card_face_down[p] else s.ballots[p] for p in range(s.player_count))))
    finish_vote(s, passed)


def finish_vote(s: "ColoniaState", passed: bool) -> None:
    """p. 17: the ordinance leaves the game either way; a yes takes effect at once."""
    i = s.vote_index
    o = s.week_ordinances[i]
    s.ordinance_result[i] = 1 if passed else 0
    s.ordinance_ballots[i] = tuple([-1 if s.card_face_down[p] else s.ballots[p] for p in range(s.player_count)])
    for p in range(s.player_count):
        s.ballots[p] = -1
    s.decision = D_NONE
    s.actor = -1
    s.vote_index = i + 1
    if passed:
        ENACT[s.components.ordinances[o].effect](s, s.components.ordinances[o])


def one_more_material_per_stall(s: "ColoniaState", o: Ordinance) -> None:
    """p. 24 'Jeder Händler bietet einen Rohstoff mehr an als angegeben' / 'una materia
    prima in più rispetto a quelle indicate nella carta settimana': one more material for
    each of the week card's stalls still on offer (not the foreign merchants')."""
    for st in range(len(s.components.week_cards[s.week_card].stalls)):
        if s.stall_buyer[st] < 0:
            s.chance_queue.append((Q_STALL_MATERIAL, st))


def foreign_merchants_arrive(s: "ColoniaState", o: Ordinance) -> None:
    """p. 24: two foreign merchants arrive, each a stall of `amount` materials."""
    for _ in range(EXTRA_STALLS):
        st = s.stall_count
        if st >= STALL_SLOTS:
            break
        s.stall_count = st + 1
        s.chance_queue.extend([(Q_STALL_MATERIAL, st)] * o.amount)


def each_may_draw_materials(s: "ColoniaState", o: Ordinance) -> None:
    """p. 24 'Jeder Spieler darf sofort zwei Rohstoffe aus dem Beutel ziehen': in turn
    order each player draws `amount` materials blind, or declines."""
    if any(s.bag):
        s.draw_count = o.amount
        start_chain(s, D_DRAW, s.order[:])


def craftsman_fulfils_extra_contracts(s: "ColoniaState", o: Ordinance) -> None:
    """p. 24 'Der Sattler erledigt zwei zusätzliche Aufträge': that craftsman's stick moves
    `amount` fields further down this Thursday, before the contracts."""
    c = o.craftsman
    s.sticks[c] = min(s.components.contract_fields, s.sticks[c] + o.amount)


def members_come_home_from_street(s: "ColoniaState", o: Ordinance) -> None:
    """p. 24 'Bis zu 3 Familienmitglieder, die auf dem Straßenfeld stehen, gehen nach
    Hause': in turn order each player brings up to `amount` of its members home from the
    card's street field."""
    s.recall_street = o.street
    s.recall_most = o.amount
    start_chain(s, D_RECALL, s.order[:])


def extra_hold_on_each_ship(s: "ColoniaState", o: Ordinance) -> None:
    """p. 24: this week each ship in port has one more hold, for any one good, worth
    `amount` (reading: a member on it stays aboard while its ship stays in port)."""
    s.extra_holds_open = True
    for place in range(PORT):
        s.extra_hold_owner[place] = -1


def ships_sail_at_once(s: "ColoniaState", o: Ordinance) -> None:
    """p. 24 'Zwei Schiffe verlassen sofort den Hafen ... Schiffe werden aufgefüllt': the
    ships at places I.. sail now and the port is refilled (see sail)."""
    sail(s, o.amount, early=True)


def each_rolls_for_a_good(s: "ColoniaState", o: Ordinance) -> None:
    """p. 24: in turn order each player rolls the die for a good (roll_for_good)."""
    for p in s.order:
        s.chance_queue.append((Q_GOOD_DIE, p))


def extra_relics_on_display(s: "ColoniaState", o: Ordinance) -> None:
    """p. 25: `amount` more relics from the deck on the extra places of the display."""
    s.chance_queue.extend([(Q_RELIC, 0)] * o.amount)


def fewer_members_next_week(s: "ColoniaState", o: Ordinance) -> None:
    """p. 25: next week each family sends `amount` member fewer than its card shows (and
    has that many votes fewer); the card still sets the turn order."""
    s.fewer_members_next_week = o.amount


def each_may_exchange_money(s: "ColoniaState", o: Ordinance) -> None:
    """p. 25: in turn order each player may exchange up to `amount` of one currency into
    another, 1:1."""
    s.exchange_limit = o.amount
    start_chain(s, D_EXCHANGE, s.order[:])


ENACT: dict[str, Callable[["ColoniaState", Ordinance], None]] = {
    "more_per_stall": one_more_material_per_stall, "foreign_merchants": foreign_merchants_arrive,
    "draw_materials": each_may_draw_materials, "extra_contracts": craftsman_fulfils_extra_contracts,
    "recall": members_come_home_from_street, "extra_hold": extra_hold_on_each_ship,
    "sail_now": ships_sail_at_once, "roll_good": each_rolls_for_a_good, "extra_relics": extra_relics_on_display,
    "fewer_members": fewer_members_next_week, "exchange": each_may_exchange_money,
}
"""The rule of each ordinance effect, applied when it passes."""


def start_chain(s: "ColoniaState", decision: int, seats: list[int]) -> None:
    """An ordinance asks every player in turn order (recall, draw, exchange)."""
    s.seats_to_ask = seats
    s.decision = decision
    next_in_chain(s, first=True)


def next_in_chain(s: "ColoniaState", first: bool = False) -> None:
    """The next player the ordinance asks; one who has nothing to answer with (no member
    on the street field, no money) is skipped."""
    kind = s.decision if s.decision != D_AMOUNT else D_EXCHANGE
    seats = s.seats_to_ask
    if not first:
        seats.pop(0)
    while seats:
        p = seats[0]
        if kind == D_RECALL and s.street[p * N_STREETS + s.recall_street] > 0:
            break
        if kind == D_EXCHANGE and any(s.money[p * N_CITIES:(p + 1) * N_CITIES]):
            break
        if kind == D_DRAW:
            break
        seats.pop(0)
    if seats:
        s.decision = kind
        s.actor = seats[0]
    else:
        s.decision = D_NONE
        s.actor = -1


# == rounds of turns =========================================================================

def next_turn(s: "ColoniaState", after: int) -> None:
    """p. 17-22: the turn goes round in turn order from the mayor, each taking one action
    or passing, until all have passed. A family that can do nothing passes at once
    (nothing later in the round could give it a move)."""
    order = s.order
    n = s.player_count
    start = order.index(after) + 1 if after >= 0 else 0
    for k in range(n):
        p = order[(start + k) % n]
        if s.passed[p]:
            continue
        if can_act(s, p):
            s.decision = D_TURN
            s.actor = p
            return
        s.passed[p] = True
        s._event((AutoPass, p, s.step))
    s.decision = D_NONE
    s.actor = -1
    s.step += 1


def start_round_of_turns(s: "ColoniaState") -> None:
    """A round of turns begins with the mayor (p. 17-22); p. 23: in the last week the
    game ends with the Sunday purchases, so there is no securing (reading)."""
    if s.step == S_SUN_SECURE and s.week == s.components.weeks:
        s.step = S_SUN_END
        return
    for p in range(s.player_count):
        s.passed[p] = False
    s.decision = D_TURN
    next_turn(s, -1)


# == the automatic parts of the week (one rule per step) ====================================

def setup(s: "ColoniaState") -> None:
    """Notes, setup (public reviews): four ships in the port, the relic display laid out,
    each family draws its start materials blind and rolls for its start good."""
    comp = s.components
    q = s.chance_queue
    for place in range(PORT):
        q.append((Q_SHIP, place))
    q.extend([(Q_RELIC, 0)] * comp.relic_display)
    for p in range(s.player_count):
        q.extend([(Q_BLIND_MATERIAL, p)] * comp.start_materials)
    for p in range(s.player_count):
        q.extend([(Q_GOOD_DIE, p)] * comp.start_goods)
    s.step = S_MON


def monday_new_week(s: "ColoniaState") -> None:
    """p. 14 "Lunedì": the week card is revealed (reveal_week_card)."""
    s.week_ordinances = []
    s.ordinance_result = []
    s.ordinance_ballots = []
    s.vote_index = 0
    s.extra_holds_open = False
    s.chance_queue.append((Q_WEEK_CARD, 0))
    s.step = S_TUE_CHOOSE


def tuesday_family_cards(s: "ColoniaState") -> None:
    """p. 15 "Martedì": every family chooses a family card (choose_family_card)."""
    for p in range(s.player_count):
        s.family_card[p] = -1
        s.ballots[p] = -1
    s.decision = D_FAMILY
    s.step = S_TUE_ORDER


def tuesday_turn_order(s: "ColoniaState") -> None:
    """p. 16-17: the turn order is set (set_turn_order); 'Spostamenti': last week's
    Tuesday members come home, then the town hall's members go onto the Tuesday street
    field, until next Tuesday."""
    set_turn_order(s)
    for p in range(s.player_count):
        i = p * N_STREETS + TUE
        if s.street[i]:
            s._event((MembersHome, p, s.street[i], TUE))
        s.home[p] += s.street[i]
        s.street[i] = s.town_hall[p]
        s.town_hall[p] = 0
    s.step = S_WED_START


def day_begins(s: "ColoniaState") -> None:
    """p. 17 N.B.: last week's members on this day's street field come home only in the
    evening, after the day's action (usable again 8 days later)."""
    s.step += 1


def vote_of_the_day(s: "ColoniaState") -> None:
    """p. 15: the ordinances of a day are voted on that day, left to right, before the
    day's action (start_vote)."""
    i = s.vote_index
    if i < len(s.week_ordinances) and s.components.ordinances[s.week_ordinances[i]].day == VOTE_STEPS[s.step]:
        start_vote(s)
    else:
        s.step += 1


def evening(s: "ColoniaState", d: int) -> None:
    """p. 18-20 "Spostamenti": at a day's end last week's members on its street field go
    home, then the members used today go onto it, until the same evening next week."""
    street = s.street
    home = s.home
    today = s.placed_today
    for p in range(s.player_count):
        i = p * N_STREETS + d
        if street[i]:
            s._event((MembersHome, p, street[i], d))
        home[p] += street[i]
        street[i] = today[p]
        today[p] = 0


def wednesday_evening(s: "ColoniaState") -> None:
    """p. 18: the materials left on the stalls go back into the bag; then the evening."""
    for st in range(STALL_SLOTS):
        if s.stall_buyer[st] < 0:
            base = st * N_MATERIALS
            if s.stall_size[st]:
                s._event((StallBack, st, tuple(s.stall_materials[base:base + N_MATERIALS])))
            for m in range(N_MATERIALS):
                s.bag[m] += s.stall_materials[base + m]
                s.stall_materials[base + m] = 0
    evening(s, WED)
    s.step = S_THU_START


def extra_contract_dice(s: "ColoniaState") -> None:
    """p. 19: the die is rolled as often as the week card shows (roll_extra_contract)."""
    s.chance_queue.extend([(Q_EXTRA_DIE, 0)] * s.extra_dice)
    s.extra_faces = []
    s.step = S_THU_GOODS


def thursday_goods(s: "ColoniaState") -> None:
    """p. 19: each occupied field above the stick yields its owner one good, however many
    members stand on it; last week's Thursday members go home, and the members of the
    fields served go onto the Thursday street field; the sticks go back to the top; the
    fields below move up, keeping their order, and wait for next week."""
    evening(s, THU)
    fields = s.components.contract_fields
    for c in range(N_CRAFTSMEN):
        g = s.components.products[c]
        base = c * fields
        length = s.contracts_placed[c]
        done = min(s.sticks[c], length)
        for i in range(base, base + done):
            p = s.contract_owner[i]
            got = gain_good(s, p, g)
            s._event((GoodDelivered, p, c, g, got))
            s.street[p * N_STREETS + THU] += s.contract_members[i]
        if length > done:
            s._event((ContractsCarried, c, length - done))
        rest_owner = s.contract_owner[base + done:base + length]
        rest_members = s.contract_members[base + done:base + length]
        for i in range(fields):
            if i < len(rest_owner):
                s.contract_owner[base + i] = rest_owner[i]
                s.contract_members[base + i] = rest_members[i]
            else:
                s.contract_owner[base + i] = -1
                s.contract_members[base + i] = 0
        s.contracts_placed[c] = len(rest_owner)
        s.sticks[c] = 0
    s.step = S_FRI_START


def friday_evening(s: "ColoniaState") -> None:
    """p. 20 "Spostamenti": after the loading, the Friday street field's members come home."""
    evening(s, FRI)
    s.step = S_SAT_VOTES


def sail(s: "ColoniaState", count: int, early: bool = False) -> None:
    """p. 21 "Sabato": the ships at places I.. sail, I first: each loaded hold pays its
    value in the ship's currency and its member goes to the Friday street field; the
    sailed ships are set aside, the rest move up with their members aboard, and new ships
    fill the port (p. 21 N.B.: loaded or not). Ships sailing early (an ordinance) put
    their members on the Friday street field that evening, after last week's members have
    gone home, and the port is refilled even in the last week."""
    comp = s.components
    s.last_sailed = []
    for place in range(min(count, PORT)):
        ship = s.port[place]
        if ship < 0:
            continue
        city = comp.ships[ship].city
        s._event((ShipSails, ship, place))
        s.last_sailed.append((ship, s.extra_hold_owner[place],
                              *s.hold_owner[place * MAX_HOLDS:place * MAX_HOLDS + len(comp.ships[ship].holds)]))
        for h, (_need, value) in enumerate(comp.ships[ship].holds):
            owner = s.hold_owner[place * MAX_HOLDS + h]
            if owner >= 0:
                s.money[owner * N_CITIES + city] += value
                s._event((HoldPaid, owner, value, city, h))
                if early:
                    s.placed_today[owner] += 1
                else:
                    s.street[owner * N_STREETS + FRI] += 1
                s.hold_owner[place * MAX_HOLDS + h] = -1
        owner = s.extra_hold_owner[place]
        if owner >= 0:
            s.money[owner * N_CITIES + city] += comp.extra_hold_value
            s._event((HoldPaid, owner, comp.extra_hold_value, city, -1))
            if early:
                s.placed_today[owner] += 1
            else:
                s.street[owner * N_STREETS + FRI] += 1
            s.extra_hold_owner[place] = -1
        s.ship_discard[ship] = True
        s.port[place] = -1
    keep = [place for place in range(PORT) if s.port[place] >= 0]
    ships = [s.port[place] for place in keep]
    holds = [s.hold_owner[place * MAX_HOLDS:(place + 1) * MAX_HOLDS] for place in keep]
    extras = [s.extra_hold_owner[place] for place in keep]
    for place in range(PORT):
        if place < len(keep):
            s.port[place] = ships[place]
            s.hold_owner[place * MAX_HOLDS:(place + 1) * MAX_HOLDS] = holds[place]
            s.extra_hold_owner[place] = extras[place]
        else:
            s.port[place] = -1
            s.hold_owner[place * MAX_HOLDS:(place + 1) * MAX_HOLDS] = [-1] * MAX_HOLDS
            s.extra_hold_owner[place] = -1
    if early or s.week < comp.weeks:
        for place in range(len(keep), PORT):
            s.chance_queue.append((Q_SHIP, place))


def saturday_ships_sail(s: "ColoniaState") -> None:
    """p. 21: the ships above the port's stick sail (sail); no new extra holds (a loaded
    one stays aboard until its ship sails)."""
    sail(s, s.ships_sailing)
    s.extra_holds_open = False
    s.step = S_SUN_BUY


def award_church_windows(s: "ColoniaState") -> None:
    """p. 23 "Fine del gioco": each church window goes to the one player with strictly
    the most money of its currency, who pays that money to the bank; on a tie nobody
    gets it."""
    for c in range(N_CITIES):
        amounts = [s.money[p * N_CITIES + c] for p in range(s.player_count)]
        best = max(amounts)
        if best > 0 and amounts.count(best) == 1:
            p = amounts.index(best)
            s.window_owner[c] = p
            s.money[p * N_CITIES + c] = 0
            s._event((WindowAwarded, c, p, best))
        else:
            s._event((WindowAwarded, c, -1, best))


def end_of_week(s: "ColoniaState") -> None:
    """p. 22: unsecured relics go to the face-up discards, secured ones stay (extra places
    included) and the display is refilled to its size; the played family cards leave the
    game; a new week begins on Monday. p. 23: after the last week's Sunday purchases the
    game ends with the church windows."""
    comp = s.components
    if s.week == comp.weeks:
        award_church_windows(s)
        s.step = S_OVER
        s.decision = D_NONE
        s._event((GameOver,))
        return
    display, secured = [], []
    for card, owner in zip(s.display, s.secured_by):
        if owner >= 0:
            display.append(card)
            secured.append(owner)
        else:
            s.relic_discard[card] = True
            s._event((RelicGone, card))
    s.display = display
    s.secured_by = secured
    s.chance_queue.extend([(Q_RELIC, 0)] * max(0, comp.relic_display - len(display)))
    for p in range(s.player_count):
        s.family_card[p] = -1
    s.fewer_members = s.fewer_members_next_week
    s.fewer_members_next_week = 0
    s.week += 1
    s.step = S_MON


STEP_RULES: tuple[Callable[["ColoniaState"], None], ...] = tuple({
    S_SETUP: setup, S_MON: monday_new_week, S_TUE_CHOOSE: tuesday_family_cards, S_TUE_ORDER: tuesday_turn_order,
    S_WED_START: day_begins, S_WED_VOTES: vote_of_the_day, S_WED_BUY: start_round_of_turns,
    S_WED_END: wednesday_evening,
    S_THU_START: day_begins, S_THU_VOTES: vote_of_the_day, S_THU_CONTRACT: start_round_of_turns,
    S_THU_DICE: extra_contract_dice, S_THU_GOODS: thursday_goods,
    S_FRI_START: day_begins, S_FRI_VOTES: vote_of_the_day, S_FRI_LOAD: start_round_of_turns,
    S_FRI_END: friday_evening,
    S_SAT_VOTES: vote_of_the_day, S_SAT_SAIL: saturday_ships_sail,
    S_SUN_BUY: start_round_of_turns, S_SUN_SECURE: start_round_of_turns, S_SUN_END: end_of_week,
}[step] for step in range(S_OVER))
"""The rule of each step but the last (S_SETUP ... S_SUN_END): S_OVER runs nothing."""


def draw_possible(s: "ColoniaState", kind: int, arg: int) -> bool:
    """Whether the draw `kind` (Q_*) can be made now: not from an empty bag, nor from an
    empty deck with no discards (an empty deck with discards is reshuffled from them
    first, p. 21, p. 22), nor a tie die with nobody left to order."""
    if kind == Q_STALL_MATERIAL or kind == Q_BLIND_MATERIAL:
        return any(s.bag)
    if kind == Q_SHIP:
        if not any(s.ship_deck):
            if not any(s.ship_discard):
                return False
            s.ship_deck, s.ship_discard = s.ship_discard, s.ship_deck
    elif kind == Q_RELIC:
        if not any(s.relic_deck):
            if not any(s.relic_discard):
                return False
            s.relic_deck, s.relic_discard = s.relic_discard, s.relic_deck
    elif kind == Q_TIE_DIE:
        return len(tie_candidates(s, arg)) > 1
    return True


def advance(s: "ColoniaState") -> None:
    """Run the week on until a player must decide or a draw is due: a pending draw that
    cannot be made is dropped (an empty bag), an empty deck is reshuffled from its
    discards (p. 21, p. 22), a tie die with nobody left to order is skipped."""
    q = s.chance_queue
    while s.decision == D_NONE:
        if q:
            if draw_possible(s, *q[0]):
                return
            q.pop(0)
            continue
        if s.step == S_OVER:
            return
        STEP_RULES[s.step](s)
        q = s.chance_queue  # a rule may have put a new list in its place
