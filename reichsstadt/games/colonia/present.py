"""Everything said about a Colonia state, in one place: the view (the common envelope and
Colonia's body, described in schema.py), describe() of a move, news() of what a move set
in motion, why() a move is refused, confirm() before giving something up, and the message
helpers for names that the terminal and the browser use.

Words are messages (core.messages.Message); their English is in
reichsstadt/i18n/en.colonia.po. Views carry stable keys: component indices (a material,
a good, a craftsman, a city and its currency, as listed in the components file, whose
names the view's table repeats under "components"), day, phase and decision ids.

What a seat may know: the board is public; each screen (money, materials, goods, relics)
only to its owner, all of them once the game is over; secret choices (family cards,
votes) only once revealed; a blind draw only to the drawer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from ...core import Action, Message, Player
from ...core.contract import Pick
from ...core.events import Event
from ...core.views import envelope
from .actions import CODE, PASS
from .constants import (
    BUNDLED_NAMES, CARDS_PER_CITY, DAYS, DECISIONS, DIE_FACES, DRAWS, D_AMOUNT, D_DRAW, D_ENSHRINE, D_EXCHANGE,
    D_FAMILY, D_GOOD, D_NONE, D_RECALL, D_TURN, D_VOTE, K_BUY_RELIC, K_BUY_STALL, K_CHOOSE_GOOD, K_COMMISSION,
    K_DRAW_MATERIAL, K_DRAW_ORDINANCE, K_DRAW_RELIC, K_DRAW_SHIP, K_DRAW_WEEK, K_ENSHRINE, K_EXCHANGE,
    K_EXCHANGE_AMOUNT, K_FAMILY, K_KEEP_MONEY, K_LEAVE_SHRINE, K_LOAD, K_LOAD_EXTRA, K_PASS, K_RECALL, K_ROLL,
    K_SECURE, K_TAKE_MATERIALS, K_TIE_FIRST, K_VOTE, MAX_HOLDS, N_CITIES, N_CRAFTSMEN, N_GOODS, N_MATERIALS, N_STREETS,
    ORDINANCES_PER_WEEK, PORT, Q_GOOD_DIE, Q_SHIP, Q_STALL_MATERIAL, RELICS_PER_CITY, R_ALREADY_SECURED,
    R_EXCHANGE_MOST, R_FAMILY_CARD_USED, R_FEW_MEMBERS, R_FIELDS_FULL, R_MISSING_GOODS, R_MISSING_MATERIALS, R_NOT_NOW,
    R_NOT_ON_DISPLAY, R_NOT_YOURS_TO_ENSHRINE, R_NO_EXTRA_HOLD, R_NO_GOOD_LEFT, R_NO_HOLD, R_NO_MONEY, R_NO_STALL,
    R_OK, R_RECALL_MOST, R_TAKEN, R_TAKE_COUNT, R_TOO_LITTLE_MONEY, STEP_DAY, STREET_DAYS, STREET_EVENING, SUNDAY,
    S_FRI_LOAD, S_OVER, S_SAT_SAIL, S_SUN_BUY, S_SUN_SECURE, S_THU_CONTRACT, S_TUE_CHOOSE, S_WED_BUY, TUESDAY,
)
from .data import Components, Ordinance
from .events import (
    AutoPass, ContractsCarried, FamilyCardRevealed, GameOver, GoodDelivered, HoldPaid, MembersHome, NoVote, RelicGone,
    ShipSails, StallBack, TurnOrder, VoteCounted, WindowAwarded,
)
from .rules import (
    can_act, contract_cost, contract_moves, exchange_most, family_card_counts_zero, family_card_members,
    loading_moves, market_moves, recall_most, refusal, securing_moves, tie_candidates,
)
from .scoring import score_items

if TYPE_CHECKING:
    from .state import ColoniaState

ROMAN = ("I", "II", "III", "IV")
"""The port's places, as printed on the board."""

# == names: message helpers (the terminal and the browser use these) ======================

_SLUGS = {kind: {name: name.lower().replace(" ", "_").replace("ü", "u") for name in names}
          for kind, names in BUNDLED_NAMES.items()}


def component_name(kind: str, key: str) -> Message | str:
    """The name of a component ("material", "good", "craftsman", "city", "currency") by
    its key, the name in the components file: a catalog message for the bundled names,
    the file's own name for a user's component the catalog does not know."""
    slug = _SLUGS[kind].get(key)
    return Message(f"colonia.{kind}.{slug}") if slug is not None else key


def material_name(key: str) -> Message | str:
    return component_name("material", key)


def good_name(key: str) -> Message | str:
    return component_name("good", key)


def craftsman_name(key: str) -> Message | str:
    return component_name("craftsman", key)


def city_name(key: str) -> Message | str:
    return component_name("city", key)


def currency_name(key: str) -> Message | str:
    return component_name("currency", key)


def one_of(kind: str, key: str) -> Message:
    """One material or good, with its article ("an iron", "a pair of shoes")."""
    slug = _SLUGS[kind].get(key)
    return Message(f"colonia.{kind}.one.{slug}") if slug is not None else Message("colonia.named.one", name=key)


def count_of(kind: str, key: str, count: int) -> Message:
    """A number of materials or goods, or an amount of money ("2 leather", "9 Gulden")."""
    slug = _SLUGS[kind].get(key)
    if slug is None:
        return Message("colonia.named.count", count=count, name=key)
    return Message(f"colonia.{kind}.count.{slug}", count=count)


def money_words(currency_key: str, amount: int) -> Message:
    return count_of("currency", currency_key, amount)


def day_name(day: str) -> Message:
    """A day by its id (constants.DAYS)."""
    return Message(f"colonia.day.{day}")


def phase_name(phase: str) -> Message:
    """A phase by its id (constants.PHASES), as views name it."""
    return Message(f"colonia.phase.{phase}")


def decision_name(decision: str) -> Message:
    """What the game asks for, by its id (constants.DECISIONS and "over")."""
    return Message(f"colonia.decision.{decision}")


def street_home_words(day: str, when: str) -> Message:
    """When the members on a street field come home (the view's street_home: "today",
    "this_week", "next_week", "game_end")."""
    if when == "game_end":
        return Message("colonia.street_home.game_end")
    if day == "tuesday":
        return Message(f"colonia.street_home.tuesday_{when}")
    return Message(f"colonia.street_home.{when}", day=day_name(day))


def series(items: Sequence[Any], sep: str = "comma") -> Any:
    """Items one after another ("a, b, c"; sep "semicolon": "a; b"; "plus": "a + b"),
    with no "and": an order, a tally, a table's row."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = Message(f"colonia.series.{sep}", first=item, rest=out)
    return out


def ordinance_words(effect: str, amount: int, craftsman: str | None = None, street: str | None = None) -> Message:
    """An ordinance's text by its effect and numbers (as the view lists them)."""
    args: dict[str, Any] = {"count": amount}
    if craftsman is not None:
        args["craftsman"] = craftsman_name(craftsman)
    if street is not None:
        args["street"] = day_name(street)
    return Message(f"colonia.ordinance.{effect}", **args)


def _ordinance(comp: Components, o: int) -> Message:
    od: Ordinance = comp.ordinances[o]
    return ordinance_words(od.effect, od.amount, comp.craftsmen[od.craftsman] if od.craftsman >= 0 else None,
                           STREET_DAYS[od.street] if od.street >= 0 else None)


def relic_words(comp: Components, card: int) -> Message:
    """A relic card with its city, points and price ("a Bergen relic worth 2 points (9 Mark)")."""
    city = card // CARDS_PER_CITY
    price = money_words(comp.currencies[city], comp.relic_price[card])
    if card % CARDS_PER_CITY == RELICS_PER_CITY:
        return Message("colonia.relic.shrine", city=city_name(comp.cities[city]), price=price)
    return Message("colonia.relic.relic", city=city_name(comp.cities[city]), price=price,
                   points=Message("colonia.count.point", count=comp.relic_points[card]))


def _goods(comp: Components, goods: Sequence[int]) -> Any:
    return series([good_name(comp.goods[g]) for g in goods], "plus")


def _contents(comp: Components, counts: Sequence[int]) -> Any:
    return series([count_of("material", comp.materials[m], k) for m, k in enumerate(counts) if k])


# == describe: a move in words, as a viewer may know it ======================================

def describe(s: "ColoniaState", seat: int, action: Action, viewer: int | None) -> Message:
    """A phrase for `action` by `seat` (a sentence for a chance outcome), called before
    the move: what it will do, as `viewer` may know it."""
    kind, a, b = CODE[action]
    return DESCRIBE[kind](s, seat, a, b, viewer)


def _draw_week(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    comp = s.components
    wc = comp.week_cards[a]
    ships = PORT if s.week == comp.weeks else wc.ships
    contracts = series([Message("colonia.describe.craftsman_contracts", craftsman=craftsman_name(comp.craftsmen[c]),
                                count=wc.contracts[c]) for c in range(N_CRAFTSMEN)])
    return Message("colonia.describe.draw_week", week=s.week, card=a + 1, stalls=series(list(wc.stalls)),
                   contracts=contracts, dice=wc.dice, ships=ships)


def _draw_ordinance(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return Message("colonia.describe.draw_ordinance", day=day_name(DAYS[s.components.ordinances[a].day]),
                   ordinance=_ordinance(s.components, a))


def _draw_material(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    qkind, arg = s.chance_queue[0] if s.chance_queue else (Q_STALL_MATERIAL, 0)
    material = one_of("material", s.components.materials[a])
    if qkind == Q_STALL_MATERIAL:
        return Message("colonia.describe.draw_stall_material", material=material, stall=arg + 1)
    if viewer == arg:
        return Message("colonia.describe.draw_own_material", player=Player(arg), material=material)
    return Message("colonia.describe.draw_blind_material", player=Player(arg))


def _draw_ship(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    comp = s.components
    ship = comp.ships[a]
    qkind, arg = s.chance_queue[0] if s.chance_queue else (Q_SHIP, 0)
    place = arg if qkind == Q_SHIP else 0   # a ship named while another draw is due (a refusal of it)
    holds = series([Message("colonia.describe.hold", goods=_goods(comp, need), value=value)
                    for need, value in ship.holds], "semicolon")
    return Message("colonia.describe.draw_ship", city=city_name(comp.cities[ship.city]), holds=holds,
                   currency=currency_name(comp.currencies[ship.city]), place=ROMAN[place])


def _draw_relic(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return Message("colonia.describe.draw_relic", relic=relic_words(s.components, a))


def _roll(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    comp = s.components
    qkind, arg = s.chance_queue[0] if s.chance_queue else (Q_GOOD_DIE, 0)
    if qkind == Q_GOOD_DIE:
        if a == DIE_FACES:
            return Message("colonia.describe.roll_good_six", player=Player(arg))
        return Message("colonia.describe.roll_good", player=Player(arg), face=a,
                       good=one_of("good", comp.goods[comp.products[a - 1]]))
    if a == DIE_FACES:
        return Message("colonia.describe.roll_extra_six")
    return Message("colonia.describe.roll_extra", face=a, craftsman=craftsman_name(comp.craftsmen[a - 1]))


def _tie_first(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    value = s.chance_queue[0][1] if s.chance_queue else 0
    return Message("colonia.describe.tie_first", value=value,
                   tied=series([Player(q) for q in tie_candidates(s, value)]), player=Player(a))


def _family(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    if viewer != seat:
        return Message("colonia.describe.family_secret")
    members = Message("colonia.count.member", count=family_card_members(s, a))
    if family_card_counts_zero(s, seat, a):
        return Message("colonia.describe.family_zero", value=a, members=members, home=s.home[seat])
    return Message("colonia.describe.family", value=a, members=members)


def _vote(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    if s.vote_index >= len(s.week_ordinances):
        return Message("colonia.describe.vote_plain" if viewer == seat else "colonia.describe.vote_secret_plain",
                       ballot=Message(f"colonia.ballot.{'yes' if a else 'no'}"))
    ordinance = _ordinance(s.components, s.week_ordinances[s.vote_index])
    if viewer != seat:
        return Message("colonia.describe.vote_secret", ordinance=ordinance)
    return Message(f"colonia.describe.vote_{'yes' if a else 'no'}", ordinance=ordinance)


def _choose_good(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return Message("colonia.describe.choose_good", good=one_of("good", s.components.goods[a]))


def _buy_stall(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    base = a * N_MATERIALS
    k = s.stall_size[a]
    return Message("colonia.describe.buy_stall", materials=Message("colonia.count.material", count=k), stall=a + 1,
                   contents=_contents(s.components, s.stall_materials[base:base + N_MATERIALS]),
                   members=Message("colonia.count.member", count=k))


def _commission(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    comp = s.components
    r0, r1 = comp.recipes[a]
    field = s.contracts_placed[a] + 1
    where = "above" if field <= s.sticks[a] else "below"
    return Message(f"colonia.describe.commission_{where}", good=one_of("good", comp.goods[comp.products[a]]),
                   craftsman=craftsman_name(comp.craftsmen[a]), first=material_name(comp.materials[r0]),
                   second=material_name(comp.materials[r1]),
                   members=Message("colonia.count.member", count=s.commissioned[a] + 1), field=field)


def _paid_when(s: "ColoniaState", place: int) -> Message:
    """When a hold of the ship at `place` pays (p. 21): this Saturday if the ship is above
    the port's stick, else when it sails in a later week."""
    if place < s.ships_sailing:
        return Message("colonia.describe.paid_saturday")
    return Message("colonia.describe.paid_later")


def _load(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    """p. 20-21: the goods shown on the hold for 1 member; the hold pays its printed value
    in the ship's currency when the ship sails."""
    comp = s.components
    ship = s.port[a]
    if ship < 0 or b >= len(comp.ships[ship].holds):
        return Message("colonia.describe.load_plain", hold=b + 1, place=ROMAN[a])
    need, value = comp.ships[ship].holds[b]
    city = comp.ships[ship].city
    return Message("colonia.describe.load", hold=b + 1, city=city_name(comp.cities[city]), place=ROMAN[a],
                   goods=_goods(comp, need), money=money_words(comp.currencies[city], value), when=_paid_when(s, a))


def _load_extra(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    """The extra-hold ordinance (p. 24): any one good, paying the ordinance's value."""
    comp = s.components
    ship = s.port[a]
    good = one_of("good", comp.goods[b])
    if ship < 0:
        return Message("colonia.describe.load_extra_plain", good=good, place=ROMAN[a])
    city = comp.ships[ship].city
    return Message("colonia.describe.load_extra", good=good, city=city_name(comp.cities[city]), place=ROMAN[a],
                   money=money_words(comp.currencies[city], comp.extra_hold_value), when=_paid_when(s, a))


def _buy_relic(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    relic = relic_words(s.components, a)
    owner = s.secured_by[s.display.index(a)] if a in s.display else -1
    if owner >= 0:
        return Message("colonia.describe.buy_secured_relic", relic=relic, player=Player(owner))
    return Message("colonia.describe.buy_relic", relic=relic)


def _enshrine(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return Message("colonia.describe.enshrine", relic=relic_words(s.components, a),
                   city=city_name(s.components.cities[a // CARDS_PER_CITY]))


def _leave_shrine(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return Message("colonia.describe.leave_shrine")


def _secure(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return Message("colonia.describe.secure", relic=relic_words(s.components, a))


_PASS_STEP = {S_WED_BUY: "market", S_THU_CONTRACT: "contracts", S_FRI_LOAD: "loading", S_SUN_BUY: "relic_buying",
              S_SUN_SECURE: "relic_securing"}


def _pass(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return Message(f"colonia.describe.pass.{_PASS_STEP.get(s.step, 'other')}")


def _recall(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    street = STREET_DAYS[s.recall_street] if s.recall_street >= 0 else None
    members = Message("colonia.count.member", count=a)
    if street is None:
        return Message("colonia.describe.recall_plain", members=members)
    return Message("colonia.describe.recall", members=members, street=day_name(street))


def _exchange(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    cur = s.components.currencies
    return Message("colonia.describe.exchange", give=currency_name(cur[a]), take=currency_name(cur[b]))


def _exchange_amount(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    cur = s.components.currencies
    if s.exchange_give < 0:
        return Message("colonia.describe.exchange_amount_plain", amount=a)
    if viewer != seat:  # the coins come from behind the screen: the table sees the currencies only
        return Message("colonia.describe.exchange_amount_hidden", give=currency_name(cur[s.exchange_give]),
                       take=currency_name(cur[s.exchange_take]))
    return Message("colonia.describe.exchange_amount", give=money_words(cur[s.exchange_give], a),
                   take=money_words(cur[s.exchange_take], a))


def _keep_money(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    return Message("colonia.describe.keep_money")


def _take_materials(s: "ColoniaState", seat: int, a: int, b: int, viewer: int | None) -> Message:
    if a == 0:
        return Message("colonia.describe.take_none")
    return Message("colonia.describe.take", materials=Message("colonia.count.material", count=a))


DESCRIBE = {
    K_FAMILY: _family, K_VOTE: _vote, K_CHOOSE_GOOD: _choose_good, K_BUY_STALL: _buy_stall,
    K_COMMISSION: _commission, K_LOAD: _load, K_LOAD_EXTRA: _load_extra, K_BUY_RELIC: _buy_relic,
    K_ENSHRINE: _enshrine, K_LEAVE_SHRINE: _leave_shrine, K_SECURE: _secure, K_PASS: _pass, K_RECALL: _recall,
    K_EXCHANGE: _exchange, K_EXCHANGE_AMOUNT: _exchange_amount, K_KEEP_MONEY: _keep_money,
    K_TAKE_MATERIALS: _take_materials, K_DRAW_WEEK: _draw_week, K_DRAW_ORDINANCE: _draw_ordinance,
    K_DRAW_MATERIAL: _draw_material, K_DRAW_SHIP: _draw_ship, K_DRAW_RELIC: _draw_relic, K_ROLL: _roll,
    K_TIE_FIRST: _tie_first,
}


# == news: what the last move set in motion ===================================================

def news(s: "ColoniaState", viewer: int | None) -> list[Message]:
    """The events of the last apply() (state.events) in words. Everything told here is
    public at the table: revealed family cards, counted votes, materials going back from
    the stalls, goods delivered, ships' payments (the coins are handed over openly; the
    totals behind the screens stay unsaid), members coming home, automatic passes, relics
    discarded, church windows and the final scoring. What a seat drew blind is told by
    describe() of the draw itself, never here. Events told together (the cards revealed
    at once, a ship and its payments, members home from one street field, the families
    that pass in one round) are one sentence."""
    out: list[Message] = []
    for run in _runs(s.events):
        out.extend(NEWS[type(run[0])](s, run))
    return out


def _runs(events: Sequence[Event]) -> list[list[Event]]:
    """The events in runs told as one sentence each (see news)."""
    runs: list[list[Event]] = []
    for e in events:
        if runs and _joins(runs[-1][0], e):
            runs[-1].append(e)
        else:
            runs.append([e])
    return runs


def _joins(head: Event, e: Event) -> bool:
    if isinstance(e, HoldPaid):
        return isinstance(head, ShipSails)
    if isinstance(e, MembersHome):
        return isinstance(head, MembersHome) and head.street == e.street
    if isinstance(e, AutoPass):
        return isinstance(head, AutoPass) and head.step == e.step
    return isinstance(e, FamilyCardRevealed) and isinstance(head, FamilyCardRevealed)


def _news_cards(s: "ColoniaState", run: Sequence[FamilyCardRevealed]) -> list[Message]:
    cards, zeros = [], []
    for e in run:
        cards.append(Message("colonia.news.card", player=Player(e.player), value=e.value))
        if e.face_down:
            # p. 16: the card's members went to the town hall all the same, the
            # missing ones from the street fields (or as many as there were)
            members = Message("colonia.count.member", count=e.members)
            if e.members >= family_card_members(s, e.value):
                zeros.append(Message("colonia.news.counts_zero", player=Player(e.player), value=e.value,
                                     members=members))
            else:
                zeros.append(Message("colonia.news.counts_zero_short", player=Player(e.player), value=e.value,
                                     members=members))
    return [Message("colonia.news.cards_revealed", cards=series(cards)), *zeros]


def _news_home(s: "ColoniaState", run: Sequence[MembersHome]) -> list[Message]:
    homes = [Message("colonia.news.home_of", player=Player(e.player), count=e.members) for e in run]
    return [Message("colonia.news.home", street=day_name(STREET_DAYS[run[0].street]), who=series(homes))]


def _news_sail(s: "ColoniaState", run: Sequence[Event]) -> list[Message]:
    comp = s.components
    sails = run[0]
    assert isinstance(sails, ShipSails)
    city = comp.ships[sails.ship].city
    pays = []
    for e in run[1:]:
        assert isinstance(e, HoldPaid)
        hold = Message("colonia.news.extra_hold") if e.hold < 0 else Message("colonia.news.hold", number=e.hold + 1)
        money = money_words(comp.currencies[city], e.value)
        pays.append(Message("colonia.news.pay", player=Player(e.player), money=money, hold=hold))
    where = {"city": city_name(comp.cities[city]), "place": ROMAN[sails.place]}
    if pays:
        return [Message("colonia.news.sails", payments=series(pays), **where)]
    return [Message("colonia.news.sails_empty", **where)]


def _news_autopass(s: "ColoniaState", run: Sequence[AutoPass]) -> list[Message]:
    what = _PASS_STEP.get(run[0].step, "other")
    if len(run) == 1:
        return [Message(f"colonia.news.autopass.{what}", player=Player(run[0].player))]
    return [Message(f"colonia.news.autopass_many.{what}", players=[Player(e.player) for e in run])]


def _news_order(s: "ColoniaState", run: Sequence[TurnOrder]) -> list[Message]:
    return [Message("colonia.news.turn_order", order=series([Player(p) for p in e.order]), mayor=Player(e.order[0]))
            for e in run]


def _news_vote(s: "ColoniaState", run: Sequence[VoteCounted]) -> list[Message]:
    out = []
    for e in run:
        ballots = [Message(f"colonia.news.ballot_{'yes' if v == 1 else 'no'}", player=Player(p))
                   for p, v in enumerate(e.ballots) if v >= 0]
        result = Message(f"colonia.news.{'passed' if e.passed else 'rejected'}")
        if e.yes == e.no:
            result = Message("colonia.news.tie", mayor=Player(e.mayor), ballot=Message(
                f"colonia.ballot.{'yes' if e.passed else 'no'}"), result=result)
        out.append(Message("colonia.news.vote", ordinance=_ordinance(s.components, e.ordinance), yes=e.yes, no=e.no,
                           result=result, ballots=series(ballots)))
    return out


def _news_no_vote(s: "ColoniaState", run: Sequence[NoVote]) -> list[Message]:
    return [Message("colonia.news.no_vote", ordinance=_ordinance(s.components, e.ordinance)) for e in run]


def _news_stall_back(s: "ColoniaState", run: Sequence[StallBack]) -> list[Message]:
    return [Message("colonia.news.stall_back", stall=e.stall + 1, contents=_contents(s.components, e.materials))
            for e in run]


def _news_good(s: "ColoniaState", run: Sequence[GoodDelivered]) -> list[Message]:
    comp = s.components
    out = []
    for e in run:
        craftsman = craftsman_name(comp.craftsmen[e.craftsman])
        if e.received:
            out.append(Message("colonia.news.delivers", craftsman=craftsman, good=one_of("good", comp.goods[e.good]),
                               player=Player(e.player)))
        else:
            out.append(Message("colonia.news.cannot_deliver", craftsman=craftsman,
                               good=good_name(comp.goods[e.good]), player=Player(e.player)))
    return out


def _news_carry(s: "ColoniaState", run: Sequence[ContractsCarried]) -> list[Message]:
    return [Message("colonia.news.carry", craftsman=craftsman_name(s.components.craftsmen[e.craftsman]),
                    contracts=Message("colonia.count.contract", count=e.contracts)) for e in run]


def _news_relic_gone(s: "ColoniaState", run: Sequence[RelicGone]) -> list[Message]:
    return [Message("colonia.news.relic_gone", relic=relic_words(s.components, e.card)) for e in run]


def _news_window(s: "ColoniaState", run: Sequence[WindowAwarded]) -> list[Message]:
    out = []
    for e in run:
        city = city_name(s.components.cities[e.city])
        cur = s.components.currencies[e.city]
        if e.player >= 0:
            out.append(Message("colonia.news.window", city=city, player=Player(e.player),
                               money=money_words(cur, e.money)))
        elif e.money > 0:
            out.append(Message("colonia.news.window_tie", city=city, money=money_words(cur, e.money)))
        else:
            out.append(Message("colonia.news.window_none", city=city, currency=currency_name(cur)))
    return out


def _news_over(s: "ColoniaState", run: Sequence[GameOver]) -> list[Message]:
    parts = []
    for p in range(s.player_count):
        it = score_items(s, p)
        parts.append(Message("colonia.news.score", player=Player(p),
                             points=Message("colonia.count.point", count=it["total"]), relics=it["relics"],
                             shrines=it["shrines"], windows=it["windows"]))
    return [Message("colonia.news.final", day=day_name(DAYS[SUNDAY]), week=s.week, scores=series(parts, "semicolon"))]


NEWS: dict[type[Event], Callable[["ColoniaState", Any], list[Message]]] = {
    FamilyCardRevealed: _news_cards, MembersHome: _news_home, ShipSails: _news_sail, AutoPass: _news_autopass,
    TurnOrder: _news_order, VoteCounted: _news_vote, NoVote: _news_no_vote, StallBack: _news_stall_back,
    GoodDelivered: _news_good, ContractsCarried: _news_carry, RelicGone: _news_relic_gone,
    WindowAwarded: _news_window, GameOver: _news_over,
}
"""The words of each run of events (events.py), by the kind of its first event."""


# == why a move is refused, and second thoughts =================================================

_ASKED = {D_FAMILY: "family_cards", D_VOTE: "vote", D_GOOD: "choose_good", D_ENSHRINE: "shrine", D_RECALL: "recall",
          D_EXCHANGE: "exchange", D_AMOUNT: "exchange_amount", D_DRAW: "draw_materials"}


def asked(s: "ColoniaState") -> Message:
    """What the game asks for now, in words."""
    if s.step == S_OVER:
        return decision_name("over")
    if s.decision == D_TURN:
        return Message(f"colonia.ask.{_PASS_STEP[s.step]}")
    if s.decision == D_NONE:
        return decision_name("chance")
    return decision_name(_ASKED[s.decision])


def why(s: "ColoniaState", seat: int, action: Action) -> Message:
    """The rule a move breaks now (for a seat that is to act): the reason its rule gives
    (rules.refusal: not the moment for that kind of move, or the rule of that move), in
    words."""
    kind, a, b = s.action_table.code[action]
    return REASON_WORDS[refusal(s, seat, kind, a, b)](s, seat, kind, a, b)


def _few_members(s: "ColoniaState", p: int, kind: int, a: int, b: int) -> Message:
    """The members the move needs from home: a stall's size, a contract's cost, else 1."""
    need = s.stall_size[a] if kind == K_BUY_STALL else contract_cost(s, a) if kind == K_COMMISSION else 1
    return Message("colonia.why.few_members", members=Message("colonia.count.member", count=need), home=s.home[p])


def _missing_materials(s: "ColoniaState", p: int, kind: int, a: int, b: int) -> Message:
    comp = s.components
    r0, r1 = comp.recipes[a]
    return Message("colonia.why.missing_materials", craftsman=craftsman_name(comp.craftsmen[a]),
                   first=material_name(comp.materials[r0]), second=material_name(comp.materials[r1]))


def _missing_goods(s: "ColoniaState", p: int, kind: int, a: int, b: int) -> Message:
    """The goods a hold shows (K_LOAD), or the one good of an extra hold (K_LOAD_EXTRA)."""
    comp = s.components
    if kind == K_LOAD_EXTRA:
        return Message("colonia.why.missing_goods", place=ROMAN[a], goods=good_name(comp.goods[b]))
    ship = s.port[a]
    goods = _goods(comp, comp.ships[ship].holds[b][0]) if ship >= 0 and b < len(comp.ships[ship].holds) else ""
    return Message("colonia.why.missing_goods", hold=b + 1, place=ROMAN[a], goods=goods)


def _too_little_money(s: "ColoniaState", p: int, kind: int, a: int, b: int) -> Message:
    currency = s.components.currencies[a // CARDS_PER_CITY]
    return Message("colonia.why.too_little_money", price=money_words(currency, s.components.relic_price[a]),
                   currency=currency_name(currency))


Words = Callable[["ColoniaState", int, int, int, int], Message]
REASON_WORDS: dict[int, Words] = {
    R_OK: lambda s, p, kind, a, b: Message("core.refuse.not_legal"),
    R_NOT_NOW: lambda s, p, kind, a, b: Message("colonia.why.not_now", asked=asked(s)),
    R_NO_STALL: lambda s, p, kind, a, b: Message("colonia.why.no_stall", stall=a + 1),
    R_TAKEN: lambda s, p, kind, a, b: Message("colonia.why.taken"),
    R_FEW_MEMBERS: _few_members,
    R_MISSING_MATERIALS: _missing_materials,
    R_FIELDS_FULL: lambda s, p, kind, a, b: Message("colonia.why.fields_full",
                                                    craftsman=craftsman_name(s.components.craftsmen[a])),
    R_NO_HOLD: lambda s, p, kind, a, b: Message("colonia.why.no_hold", hold=b + 1, place=ROMAN[a]),
    R_MISSING_GOODS: _missing_goods,
    R_NO_EXTRA_HOLD: lambda s, p, kind, a, b: Message("colonia.why.no_extra_hold", place=ROMAN[a]),
    R_NOT_ON_DISPLAY: lambda s, p, kind, a, b: Message("colonia.why.not_on_display"),
    R_TOO_LITTLE_MONEY: _too_little_money,
    R_ALREADY_SECURED: lambda s, p, kind, a, b: Message("colonia.why.already_secured"),
    R_NOT_YOURS_TO_ENSHRINE: lambda s, p, kind, a, b: Message("colonia.why.not_enshrinable"),
    R_FAMILY_CARD_USED: lambda s, p, kind, a, b: Message("colonia.why.family_card_used", value=a),
    R_RECALL_MOST: lambda s, p, kind, a, b: Message(
        "colonia.why.recall_most", members=Message("colonia.count.member", count=recall_most(s, p))),
    R_NO_MONEY: lambda s, p, kind, a, b: Message("colonia.why.no_money",
                                                 currency=currency_name(s.components.currencies[a])),
    R_EXCHANGE_MOST: lambda s, p, kind, a, b: Message("colonia.why.exchange_most", most=exchange_most(s, p)),
    R_TAKE_COUNT: lambda s, p, kind, a, b: Message(
        "colonia.why.take", materials=Message("colonia.count.material", count=s.draw_count)),
    R_NO_GOOD_LEFT: lambda s, p, kind, a, b: Message("colonia.why.no_good_left",
                                                     good=good_name(s.components.goods[a])),
}
"""The words of each refusal reason (constants.R_*): (state, seat, kind, a, b) -> a message."""


def pick(s: "ColoniaState", seat: int) -> Pick | None:
    """A round of turns takes one stall, contract, hold or securing per turn, in turn
    order (p. 17: "Il giocatore di turno si prende tutte le materie prime di una
    bancarella"; p. 18: "Ad ogni mossa, ciascun giocatore può commissionare 1 solo
    incarico"; p. 20, p. 22 likewise): while another family is still in the round, each
    turn is a decision of its own, answered by the others' turns in between. Once every
    other family has passed, the seat's remaining turns follow one another with nobody in
    between and nothing drawn, and what it takes is a set whose order changes nothing:
    stalls, holds and securings are independent of each other, and a craftsman's
    contracts cost 1, 2, 3... members whoever's they are, so the members a set of
    contracts takes is the same in any order. That set is a Pick finished by the pass
    (which the seat would be asked to confirm if it could still act after the set).

    Not the Sunday relic purchases: a shrine bought, or a relic for an empty shrine, asks
    at once whether to fill it (p. 22), so those purchases are not a set."""
    if s.decision != D_TURN or s.actor != seat:
        return None
    if any(not s.passed[q] for q in range(s.player_count) if q != seat):
        return None
    step = s.step
    repeat = False
    if step == S_WED_BUY:
        parts = tuple(market_moves(s, seat))
        most = _stalls_most(s, seat)
    elif step == S_THU_CONTRACT:
        parts = tuple(contract_moves(s, seat))
        most = _contracts_most(s, seat)
        repeat = True
    elif step == S_FRI_LOAD:
        parts = tuple(loading_moves(s, seat))
        holds = {(a.ship, a.hold if a.type == "load" else -1) for a in parts}
        most = min(s.home[seat], len(holds))
    elif step == S_SUN_SECURE:
        parts = tuple(securing_moves(s, seat))
        most = min(s.home[seat], len(parts))
    else:
        return None
    if most < 2:
        return None  # nothing to combine: the moves one at a time
    return Pick(parts, PASS, most=most, least=1, repeat=repeat)


def _stalls_most(s: "ColoniaState", p: int) -> int:
    """The most stalls p can take with the members at home (the smallest first)."""
    home, count = s.home[p], 0
    for size in sorted(s.stall_size[st] for st in range(s.stall_count)
                       if s.stall_buyer[st] < 0 and s.stall_size[st] > 0):
        if size > home:
            break
        home -= size
        count += 1
    return count


def _contracts_most(s: "ColoniaState", p: int) -> int:
    """The most contracts p can commission one after another: each takes its craftsman's
    two materials, a free field and its cost in members from home (contract_cost, then
    one more for each further contract of the same craftsman)."""
    comp = s.components
    base = p * N_MATERIALS
    best = 0

    def more(c: int, mats: list[int], home: int, count: int) -> None:
        nonlocal best
        if c == N_CRAFTSMEN:
            best = max(best, count)
            return
        r0, r1 = comp.recipes[c]
        free = comp.contract_fields - s.contracts_placed[c]
        cost = contract_cost(s, c)
        left = list(mats)
        k = 0
        while True:
            more(c + 1, left, home, count + k)
            if k >= free or left[r0] < 1 or left[r1] < 1 or home < cost + k:
                return
            left = list(left)
            left[r0] -= 1
            left[r1] -= 1
            home -= cost + k
            k += 1

    more(0, s.materials[base:base + N_MATERIALS], s.home[p], 0)
    return best


def confirm(s: "ColoniaState", seat: int, action: Action) -> Message | None:
    """Moves that give something up for good: a pass while something could still be done
    ends the seat's round for the week (p. 17-22); an empty shrine stays empty until its
    owner buys another relic of its city (p. 22); a family card without its members at
    home counts 0 (p. 16); declining what an ordinance offers (p. 24-25: drawing
    materials, bringing members home, exchanging money) cannot be asked for later."""
    kind, a, _b = CODE[action]
    d = s.decision
    if kind == K_PASS and d == D_TURN and can_act(s, seat):
        return Message("colonia.confirm.pass")
    if kind == K_LEAVE_SHRINE and d == D_ENSHRINE:
        return Message("colonia.confirm.leave_shrine")
    if kind == K_FAMILY and d == D_FAMILY and family_card_counts_zero(s, seat, a):
        return Message("colonia.confirm.family_zero", home=s.home[seat],
                       members=Message("colonia.count.member", count=family_card_members(s, a)))
    if kind == K_TAKE_MATERIALS and d == D_DRAW and a == 0 and s.draw_count > 0 and any(s.bag):
        return Message("colonia.confirm.take_none",
                       materials=Message("colonia.count.material", count=min(s.draw_count, sum(s.bag))))
    if kind == K_RECALL and d == D_RECALL and a < recall_most(s, seat):
        return Message("colonia.confirm.recall_fewer",
                       members=Message("colonia.count.member", count=recall_most(s, seat)))
    if kind == K_KEEP_MONEY and d == D_EXCHANGE:
        return Message("colonia.confirm.keep_money", most=s.exchange_limit)
    return None


# == the view ======================================================================================

def view(s: "ColoniaState", seat: int | None) -> dict[str, Any]:
    """What `seat` may know (None: a spectator), in the common envelope; the body is
    described field by field in schema.py."""
    over = s.step == S_OVER
    seats = [_seat(s, p, seat, over) for p in range(s.player_count)]
    return envelope(s, seat, s.phase(), seats, _table(s))


def relic_json(comp: Components, card: int) -> dict[str, Any]:
    return {"card": card, "city": card // CARDS_PER_CITY,
            "kind": "shrine" if card % CARDS_PER_CITY == RELICS_PER_CITY else "relic",
            "price": comp.relic_price[card], "points": comp.relic_points[card]}


def members_json(s: "ColoniaState", p: int) -> dict[str, Any]:
    """Where the family's members are, all public: at home, in the town hall, on today's
    stalls or early-sailed ships (onto the street field tonight), on contract fields
    (above the stick: served on Thursday evening; below: waiting), aboard ships, on
    secured relics, on the four street fields; and the total, which is the family's
    members for this player count."""
    fields = s.components.contract_fields
    above = below = 0
    for c in range(N_CRAFTSMEN):
        stick = s.sticks[c]
        for i in range(s.contracts_placed[c]):
            if s.contract_owner[c * fields + i] == p:
                if i < stick:
                    above += s.contract_members[c * fields + i]
                else:
                    below += s.contract_members[c * fields + i]
    ships = s.hold_owner.count(p) + s.extra_hold_owner.count(p)
    relics = s.secured_by.count(p)
    street = {STREET_DAYS[d]: s.street[p * N_STREETS + d] for d in range(N_STREETS)}
    total = s.home[p] + s.town_hall[p] + s.placed_today[p] + above + below + ships + relics + sum(street.values())
    return {"home": s.home[p], "town_hall": s.town_hall[p], "today": s.placed_today[p],
            "contracts_above_stick": above, "contracts_below_stick": below, "ships": ships, "secured_relics": relics,
            "street": street, "total": total}


def street_home(s: "ColoniaState") -> dict[str, str]:
    """When the members now on each street field come home: "today" (tonight, or on
    Tuesday after the town hall), "this_week" (their evening is still ahead), "next_week",
    or "game_end" (not before the game ends)."""
    step = s.step
    last_week = s.week >= s.components.weeks
    out = {}
    for d in range(N_STREETS):
        if step > STREET_EVENING[d]:
            out[STREET_DAYS[d]] = "game_end" if last_week else "next_week"
        elif STEP_DAY[step] == d + TUESDAY:
            out[STREET_DAYS[d]] = "today"
        else:
            out[STREET_DAYS[d]] = "this_week"
    return out


def _seat(s: "ColoniaState", p: int, seat: int | None, over: bool) -> dict[str, Any]:
    comp = s.components
    mine = seat == p
    revealed = s.decision != D_FAMILY and s.family_card[p] >= 0
    shown = mine or over
    return {
        "seat": p,
        "home": s.home[p],
        "street": {STREET_DAYS[d]: s.street[p * N_STREETS + d] for d in range(N_STREETS)},
        "town_hall": s.town_hall[p],
        "placed_today": s.placed_today[p],
        "members": members_json(s, p),
        "out_of_game": s.out_of_play[p],
        "family_cards_left": s.family_cards_left(p),
        "card": s.family_card[p] if (revealed or mine) and s.family_card[p] >= 0 else None,
        "card_face_down": bool(revealed and s.card_face_down[p]),
        "chosen": s.family_card[p] >= 0,
        "votes": s.vote_weight[p] if revealed and not s.card_face_down[p] else 0,
        "passed": bool(s.passed[p]) if s.decision == D_TURN else None,
        "voted": s.ballots[p] >= 0 if s.decision == D_VOTE else None,
        "vote": ("yes" if s.ballots[p] else "no") if s.decision == D_VOTE and mine and s.ballots[p] >= 0 else None,
        "shrines": [{"city": c, "relic": relic_json(comp, s.shrine_relic[c]) if s.shrine_relic[c] >= 0 else None}
                    for c in range(N_CITIES) if s.relic_owner[c * CARDS_PER_CITY + RELICS_PER_CITY] == p],
        "windows": [c for c in range(N_CITIES) if s.window_owner[c] == p],
        "money": s.money[p * N_CITIES:(p + 1) * N_CITIES] if shown else None,
        "materials": s.materials[p * N_MATERIALS:(p + 1) * N_MATERIALS] if shown else None,
        "goods": s.goods[p * N_GOODS:(p + 1) * N_GOODS] if shown else None,
        "relics": [relic_json(comp, c) for c in range(len(s.relic_owner)) if s.relic_owner[c] == p] if shown else None,
        # what the whole table knows of the screen's materials: those seen taken from a
        # stall (less those spent), and how many were drawn blind
        "materials_seen": s.materials_seen[p * N_MATERIALS:(p + 1) * N_MATERIALS],
        "materials_blind": s.materials_blind[p],
    }


def _vote_json(s: "ColoniaState", o: int, passed: int, ballots: Sequence[int]) -> dict[str, Any]:
    return {"ordinance": o, "passed": bool(passed), "votes": [{-1: None, 0: "no", 1: "yes"}[v] for v in ballots],
            "yes": sum(s.vote_weight[p] for p in range(s.player_count) if ballots[p] == 1),
            "no": sum(s.vote_weight[p] for p in range(s.player_count) if ballots[p] == 0)}


def _ship_json(s: "ColoniaState", place: int) -> dict[str, Any] | None:
    comp = s.components
    ship = s.port[place]
    if ship < 0:
        return None
    data = comp.ships[ship]
    holds = []
    for h, (need, value) in enumerate(data.holds):
        owner = s.hold_owner[place * MAX_HOLDS + h]
        holds.append({"goods": list(need), "value": value, "loaded_by": owner if owner >= 0 else None})
    extra = s.extra_hold_owner[place]
    return {
        "ship": ship, "city": data.city,
        # the port's stick stands from Monday's week card until the ships sail on Saturday
        "sails": place < s.ships_sailing and S_TUE_CHOOSE <= s.step <= S_SAT_SAIL, "holds": holds,
        "extra_hold": ({"loaded_by": extra if extra >= 0 else None, "value": comp.extra_hold_value}
                       if s.extra_holds_open or extra >= 0 else None),
    }


def _table(s: "ColoniaState") -> dict[str, Any]:
    comp = s.components
    fields = comp.contract_fields
    week_card = None
    if s.week_card >= 0:
        wc = comp.week_cards[s.week_card]
        week_card = {"card": s.week_card, "stalls": list(wc.stalls), "contracts": list(wc.contracts),
                     "dice": wc.dice, "ships": wc.ships}
    votes = {i: _vote_json(s, s.week_ordinances[i], s.ordinance_result[i], s.ordinance_ballots[i])
             for i in range(len(s.week_ordinances)) if s.ordinance_ballots[i]}
    ordinances = []
    for i, o in enumerate(s.week_ordinances):
        od = comp.ordinances[o]
        ordinances.append({
            "ordinance": o, "day": DAYS[od.day], "effect": od.effect, "amount": od.amount,
            "craftsman": od.craftsman if od.craftsman >= 0 else None,
            "street": STREET_DAYS[od.street] if od.street >= 0 else None,
            "result": {-1: "pending", 0: "rejected", 1: "passed"}[s.ordinance_result[i]], "vote": votes.get(i),
        })
    last = max(votes) if votes else None
    own_stalls = len(comp.week_cards[s.week_card].stalls) if s.week_card >= 0 else 0
    stalls = [{"materials": s.stall_materials[st * N_MATERIALS:(st + 1) * N_MATERIALS], "size": s.stall_size[st],
               "taken_by": s.stall_buyer[st] if s.stall_buyer[st] >= 0 else None, "foreign": st >= own_stalls}
              for st in range(s.stall_count)]
    craftsmen = [{"craftsman": c, "good": comp.products[c], "materials": list(comp.recipes[c]), "stick": s.sticks[c],
                  "commissioned": s.commissioned[c],
                  "fields": [[s.contract_owner[c * fields + i], s.contract_members[c * fields + i]]
                             for i in range(s.contracts_placed[c])]}
                 for c in range(N_CRAFTSMEN)]
    mayor = s.mayor()
    d = s.decision
    return {
        "week": s.week, "weeks": comp.weeks, "day": s.day(),
        "decision": "over" if s.step == S_OVER else DECISIONS[d],
        "components": {"materials": list(comp.materials), "goods": list(comp.goods),
                       "craftsmen": list(comp.craftsmen), "cities": list(comp.cities),
                       "currencies": list(comp.currencies)},
        "order": list(s.order) if mayor >= 0 else [], "mayor": mayor if mayor >= 0 else None,
        "week_card": week_card, "extra_contract_dice": list(s.extra_faces), "ordinances": ordinances,
        # everyone sees what is about to be drawn or rolled, and for whom
        "last_sailed": [{"ship": entry[0], "extra_hold": entry[1] if entry[1] >= 0 else None,
                         "holds": [o if o >= 0 else None for o in entry[2:]]} for entry in s.last_sailed],
        "tie_order": list(s.tie_order),  # week 1: the seats the tie dice put first, in order
        "draws_pending": [{"draw": DRAWS[kind], "argument": arg} for kind, arg in s.chance_queue],
        "last_vote": votes[last] if last is not None else None,
        "fewer_members": s.fewer_members, "fewer_members_next_week": s.fewer_members_next_week,
        "stalls": stalls, "bag": sum(s.bag), "craftsmen": craftsmen,
        "port": [_ship_json(s, place) for place in range(PORT)], "ships_sailing": s.ships_sailing,
        "ship_deck": sum(s.ship_deck), "ship_discards": sum(s.ship_discard),
        "relics": [dict(relic_json(comp, card), secured_by=(owner if owner >= 0 else None))
                   for card, owner in zip(s.display, s.secured_by)],
        "relic_deck": sum(s.relic_deck),
        "relic_discards": [relic_json(comp, c) for c in range(len(s.relic_discard)) if s.relic_discard[c]],
        "goods_supply": s.goods_supply[:],
        "street_home": street_home(s),
        "members_per_player": comp.members_by_players[s.player_count],
        "shrine_choice": relic_json(comp, s.bought_card) if d == D_ENSHRINE else None,
        "recall": {"street": STREET_DAYS[s.recall_street], "up_to": s.recall_most} if d == D_RECALL else None,
        "draw": s.draw_count if d == D_DRAW else None,
        "exchange_limit": s.exchange_limit if d in (D_EXCHANGE, D_AMOUNT) else None,
        "exchange": {"give": s.exchange_give, "take": s.exchange_take} if d == D_AMOUNT else None,
    }


# == the glossary: the game's pieces for a newcomer (Game.glossary) ==============================

def _name(value: Message | str) -> Message:
    """A component's name as a message (a user's own name, which the catalog does not
    know, as it is written)."""
    return value if isinstance(value, Message) else Message("colonia.glossary.named", name=value)


def glossary(comp: Components) -> list[tuple[Message, Message]]:
    """(name, one sentence) for every piece of the game, in the order a newcomer meets
    them: the goal and the families' members, the week and its week card, the council
    (family cards, town hall, mayor, votes, every ordinance), Wednesday's market and its
    materials, Thursday's craftsmen and their goods, Friday's port and ships, the cities
    and their currencies, Sunday's relics and shrines, the church windows and the end.
    Numbers come from the components file `comp`, so the words follow the box in use.
    Pages are those of the Italian rulebook."""
    return [*_glossary_family_and_week(comp), *_glossary_ordinances(comp), *_glossary_market_and_craftsmen(comp),
            *_glossary_port_and_cities(comp), *_glossary_relics_and_end(comp)]


Entry = tuple[Message, Message]
"""A glossary entry: the name, and one sentence."""


def _entry(key: str, **args: Any) -> Entry:
    return Message(f"colonia.glossary.{key}.name"), Message(f"colonia.glossary.{key}", **args)


def _points(k: int) -> Message:
    return Message("colonia.count.point", count=k)


def _glossary_family_and_week(comp: Components) -> list[Entry]:
    """The goal, the families' members, the week and its card, the council."""
    members = comp.members_by_players
    return [
        _entry("goal", weeks=comp.weeks),
        _entry("members", players=series([Message("colonia.glossary.members_for", players=n, count=members[n])
                                          for n in sorted(members)])),
        _entry("screen", money=comp.start_money, materials=comp.start_materials, goods=comp.start_goods),
        _entry("street_fields"),
        _entry("week", weeks=comp.weeks),
        _entry("week_card", cards=len(comp.week_cards),
               stalls=f"{min(len(w.stalls) for w in comp.week_cards)}-{max(len(w.stalls) for w in comp.week_cards)}",
               dice=f"{min(w.dice for w in comp.week_cards)}-{max(w.dice for w in comp.week_cards)}",
               ships=f"{min(w.ships for w in comp.week_cards)}-{max(w.ships for w in comp.week_cards)}"),
        _entry("family_cards", low=min(comp.family_cards), high=max(comp.family_cards)),
        _entry("town_hall"),
        _entry("mayor"),
        _entry("vote_cards"),
        _entry("ordinances", cards=len(comp.ordinances), week=ORDINANCES_PER_WEEK),
    ]


def _glossary_ordinances(comp: Components) -> list[Entry]:
    """Every kind of ordinance card once, with how many cards of it the box holds."""
    out: list[Entry] = []
    seen: dict[tuple[int, str, int, int, int], int] = {}
    for od in comp.ordinances:
        kind = (od.day, od.effect, od.amount, od.craftsman, od.street)
        seen[kind] = seen.get(kind, 0) + 1
    for (day, effect, amount, craftsman, street), cards in seen.items():
        args: dict[str, Any] = {"day": day_name(DAYS[day]), "cards": Message("colonia.glossary.cards", count=cards)}
        if craftsman >= 0:
            args["craftsman"] = craftsman_name(comp.craftsmen[craftsman])
        if street >= 0:
            args["street"] = day_name(STREET_DAYS[street])
        args.update(_ORDINANCE_ARGS[effect](amount))
        out.append((_ordinance_of(comp, day, effect, amount, craftsman, street),
                    Message(f"colonia.glossary.ordinance.{effect}", **args)))
    return out


def _glossary_market_and_craftsmen(comp: Components) -> list[Entry]:
    """Wednesday's market and its materials, Thursday's craftsmen and their goods."""
    out = [
        _entry("market", most=max(max(w.stalls) for w in comp.week_cards)),
        _entry("bag", materials=comp.materials_per_type * N_MATERIALS),
    ]
    for m, key in enumerate(comp.materials):
        users = [craftsman_name(comp.craftsmen[c]) for c in range(N_CRAFTSMEN) if m in comp.recipes[c]]
        out.append((_name(material_name(key)), Message("colonia.glossary.material", count=comp.materials_per_type,
                                                         craftsmen=users)))
    out += [
        _entry("craftsmen"),
        _entry("contract_fields", fields=comp.contract_fields),
        _entry("extra_contract_die"),
    ]
    for c, key in enumerate(comp.craftsmen):
        r0, r1 = comp.recipes[c]
        out.append((_name(craftsman_name(key)), Message(
            "colonia.glossary.craftsman", first=material_name(comp.materials[r0]),
            second=material_name(comp.materials[r1]), good=one_of("good", comp.goods[comp.products[c]]), face=c + 1)))
    for g, key in enumerate(comp.goods):
        maker = craftsman_name(comp.craftsmen[comp.products.index(g)])
        holds = sum(1 for ship in comp.ships for need, _ in ship.holds if g in need)
        out.append((_name(good_name(key)), Message("colonia.glossary.good", craftsman=maker, count=comp.goods_per_type,
                                                     holds=holds)))
    return out


def _glossary_port_and_cities(comp: Components) -> list[Entry]:
    """Friday's port and ships, the cities and their currencies."""
    hold_sizes = [len(ship.holds) for ship in comp.ships]
    values = [value for ship in comp.ships for _, value in ship.holds]
    out = [
        _entry("port", places=PORT),
        _entry("ships", ships=len(comp.ships), low=min(hold_sizes), high=max(hold_sizes)),
        _entry("hold", low=min(values), high=max(values)),
    ]
    for c, key in enumerate(comp.cities):
        ships = sum(1 for ship in comp.ships if ship.city == c)
        out.append((_name(city_name(key)), Message("colonia.glossary.city", currency=currency_name(comp.currencies[c]),
                                                     ships=ships)))
    for c, key in enumerate(comp.currencies):
        out.append((_name(currency_name(key)), Message("colonia.glossary.currency", city=city_name(comp.cities[c]),
                                                         money=comp.start_money)))
    return out


def _glossary_relics_and_end(comp: Components) -> list[Entry]:
    """Sunday's relics and shrines, the church windows, the end."""
    relic_points = [comp.relic_points[c] for c in range(len(comp.relic_points)) if not comp.is_shrine(c)]
    relic_prices = [comp.relic_price[c] for c in range(len(comp.relic_price)) if not comp.is_shrine(c)]
    shrine_prices = sorted({comp.relic_price[c] for c in range(len(comp.relic_price)) if comp.is_shrine(c)})
    return [
        _entry("relics", cards=len(relic_points), cities=N_CITIES, low=_points(min(relic_points)),
               high=_points(max(relic_points)), cheapest=min(relic_prices), dearest=max(relic_prices),
               display=comp.relic_display),
        _entry("shrine", price=series([str(p) for p in shrine_prices])),
        _entry("securing"),
        _entry("extra_relic_places", places=comp.extra_relic_places),
        _entry("windows", points=_points(comp.window_points)),
        _entry("end", weeks=comp.weeks),
        _entry("die"),
    ]

_ORDINANCE_ARGS: dict[str, Any] = {
    "more_per_stall": lambda k: {}, "roll_good": lambda k: {},
    "foreign_merchants": lambda k: {"materials": Message("colonia.count.material", count=k)},
    "draw_materials": lambda k: {"materials": Message("colonia.count.material", count=k)},
    "extra_contracts": lambda k: {"contracts": Message("colonia.count.contract", count=k)},
    "recall": lambda k: {"members": Message("colonia.count.member", count=k)},
    "extra_hold": lambda k: {"value": k},
    "sail_now": lambda k: {"sailing": Message("colonia.glossary.ships_at", count=k, places=list(ROMAN[:k]))},
    "extra_relics": lambda k: {"relics": Message("colonia.glossary.relic_cards", count=k)},
    "fewer_members": lambda k: {"members": Message("colonia.count.member", count=k)},
    "exchange": lambda k: {"money": k},
}
"""The numbers each ordinance's glossary sentence names, from the amount on its card."""


def _ordinance_of(comp: Components, day: int, effect: str, amount: int, craftsman: int, street: int) -> Message:
    return ordinance_words(effect, amount, comp.craftsmen[craftsman] if craftsman >= 0 else None,
                           STREET_DAYS[street] if street >= 0 else None)
