"""Plain English for every Colonia action, as a given viewer may know it (called before
the action is applied: the state says what the action means)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action
from .data import CARDS_PER_CITY, DAYS, N_CITIES, N_MATERIALS, RELICS_PER_CITY
from .state import Q_GOOD_DIE, Q_STALL, STREET_NAMES, S_FRI_LOAD, S_SUN_BUY, S_SUN_SECURE, S_THU_CONTRACT, S_WED_BUY

if TYPE_CHECKING:
    from .state import ColoniaState

ROMAN = ("I", "II", "III", "IV")
PASS_WORDS = {
    S_WED_BUY: "buy no more materials this week",
    S_THU_CONTRACT: "commission no more contracts this week",
    S_FRI_LOAD: "load no more ships this week",
    S_SUN_BUY: "buy no more relics this week",
    S_SUN_SECURE: "secure no more relics this week",
}


def _a(word: str) -> str:
    if word == "shoes":
        return "a pair of shoes"
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


def _plural(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def relic_words(s: "ColoniaState", card: int) -> str:
    comp = s.comp
    city = card // CARDS_PER_CITY
    cur = comp.currencies[city]
    if card % CARDS_PER_CITY == RELICS_PER_CITY:
        return f"the {comp.cities[city]} shrine ({comp.relic_price[card]} {cur})"
    return f"a {comp.cities[city]} relic worth {_plural(comp.relic_points[card], 'point')} ({comp.relic_price[card]} {cur})"


def ship_words(s: "ColoniaState", ship: int) -> str:
    comp = s.comp
    data = comp.ships[ship]
    holds = "; ".join(f"{' + '.join(comp.goods[g] for g in need)} for {value}" for need, value in data.holds)
    return f"the ship to {comp.cities[data.city]} (holds: {holds} {comp.currencies[data.city]})"


def describe(s: "ColoniaState", seat: int, a: Action, viewer: int | None) -> str:
    comp = s.comp
    t = a.type
    if t.startswith("draw_") or t in ("roll", "tie_first"):
        kind, arg = s.queue[0] if s.queue else (-1, 0)
        if t == "draw_week":
            wc = comp.week_cards[a.card]
            sail = 4 if s.scalars[0] == comp.weeks else wc.ships
            contracts = ", ".join(f"{comp.craftsmen[c]} {wc.contracts[c]}" for c in range(len(wc.contracts)))
            return (f"Monday of week {s.scalars[0]}: week card {a.card + 1} is revealed: stalls of "
                    f"{', '.join(map(str, wc.stalls))} materials; ordinary contracts {contracts}; "
                    f"{wc.dice} extra-contract dice; {sail} ships will sail")
        if t == "draw_ordinance":
            o = comp.ordinances[a.card]
            return f"Ordinance for {DAYS[o.day].capitalize()} is revealed: {o.en}"
        if t == "draw_material":
            name = comp.materials[a.material]
            if kind == Q_STALL:
                return f"{_a(name).capitalize()} is drawn from the bag for stall {arg + 1}"
            if viewer == arg:
                return f"You draw {_a(name)} from the bag (the others do not see which)"
            return f"Player {arg + 1} draws a material from the bag (hidden)"
        if t == "draw_ship":
            return f"{ship_words(s, a.card)[0].upper()}{ship_words(s, a.card)[1:]} enters the port at place {ROMAN[arg]}"
        if t == "draw_relic":
            return f"Relic card laid out: {relic_words(s, a.card)}"
        if t == "roll":
            f = a.face
            if kind == Q_GOOD_DIE:
                who, rolls = ("You", "roll") if viewer == arg else (f"Player {arg + 1}", "rolls")
                if f == 6:
                    return f"{who} {rolls} a 6 and will choose a good"
                return f"{who} {rolls} a {f}: {_a(comp.goods[comp.products[f - 1]])}"
            if f == 6:
                return "Extra-contract die shows 6: every craftsman fulfils one more contract"
            return f"Extra-contract die shows {f}: the {comp.craftsmen[f - 1]} fulfils one more contract"
        if t == "tie_first":
            tied = [q for q in s._tie_candidates(arg)]
            names = ", ".join(f"Player {q + 1}" for q in tied)
            return f"A die decides among the equal family cards {arg} ({names}); the first of them to play: Player {a.seat + 1}"
        return f"Chance: {a.to_json()}"
    if t == "family":
        need = max(0, a.value - s.scalars[11])
        if viewer == seat:
            text = f"play family card {a.value}: send {need} members to the town hall"
        else:
            text = "choose a family card (hidden until all reveal)"
        return text
    if t == "vote":
        o = comp.ordinances[s.ords[s.scalars[8]]]
        if viewer == seat:
            text = f"vote {'yes' if a.yes else 'no'} on the ordinance \"{o.en.rstrip('.')}\""
        else:
            text = f"cast a secret vote on the ordinance \"{o.en.rstrip('.')}\""
        return text
    if t == "choose_good":
        return f"take {_a(comp.goods[a.good])} for the 6"
    if t == "buy_stall":
        base = a.stall * N_MATERIALS
        mats = ", ".join(f"{s.stall_mats[base + m]} {comp.materials[m]}" for m in range(N_MATERIALS) if s.stall_mats[base + m])
        k = s.stall_size[a.stall]
        return f"take the {_plural(k, 'material')} of stall {a.stall + 1} ({mats}) with {_plural(k, 'member')}"
    if t == "commission":
        c = a.craftsman
        r0, r1 = comp.recipes[c]
        k = s.commissioned[c] + 1
        field = s.cf_len[c] + 1
        where = "above" if field <= s.sticks[c] else "below"
        return (f"commission {_a(comp.goods[comp.products[c]])} from the {comp.craftsmen[c]}: return "
                f"{comp.materials[r0]} and {comp.materials[r1]} to the bag, put {_plural(k, 'member')} on contract "
                f"field {field} ({where} the stick)")
    if t == "load":
        ship = s.port[a.ship]
        need, value = comp.ships[ship].holds[a.hold]
        city = comp.ships[ship].city
        return (f"load hold {a.hold + 1} of the ship to {comp.cities[city]} at place {ROMAN[a.ship]} with "
                f"{' + '.join(comp.goods[g] for g in need)} for {value} {comp.currencies[city]}, with 1 member")
    if t == "load_extra":
        ship = s.port[a.ship]
        city = comp.ships[ship].city
        return (f"load {_a(comp.goods[a.good])} into the extra hold of the ship to {comp.cities[city]} "
                f"at place {ROMAN[a.ship]}, with 1 member")
    if t == "buy_relic":
        i = s.display.index(a.card) if a.card in s.display else -1
        owner = s.secured_by[i] if i >= 0 else -1
        extra = f" (secured by Player {owner + 1}, whose member goes home)" if owner >= 0 else ""
        return f"buy {relic_words(s, a.card)}{extra}"
    if t == "enshrine":
        city = a.card // CARDS_PER_CITY
        return f"put {relic_words(s, a.card)} in the {comp.cities[city]} shrine (its points double)"
    if t == "leave_shrine_empty":
        return "leave the shrine as it is"
    if t == "secure":
        return f"secure {relic_words(s, a.card)} with 1 member"
    if t == "pass":
        return f"pass ({PASS_WORDS.get(s.scalars[1], 'nothing more')})"
    if t == "recall":
        return f"bring {_plural(a.count, 'member')} home from the {STREET_NAMES[s.scalars[14]]} street field"
    if t == "exchange":
        return f"exchange {comp.currencies[a.give]} into {comp.currencies[a.take]}"
    if t == "exchange_amount":
        give, take = divmod(s.scalars[4], N_CITIES)
        return f"exchange {a.amount} {comp.currencies[give]} into {a.amount} {comp.currencies[take]}"
    if t == "keep_money":
        return "exchange no money"
    if t == "take_materials":
        if a.count == 0:
            return "draw no materials from the bag"
        return f"draw {_plural(a.count, 'material')} from the bag (the others do not see which)"
    return f"{a.to_json()}"

