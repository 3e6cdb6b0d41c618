"""What each seat may know of a Colonia state: the board is public; each screen (money,
materials, goods, relics) only to its owner; secret choices only once revealed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .data import CARDS_PER_CITY, DAYS, MAX_HOLDS, N_CITIES, N_GOODS, N_MATERIALS, PORT, RELICS_PER_CITY
from .state import (
    D_AMOUNT, D_DRAW, D_ENSHRINE, D_EXCHANGE, D_FAMILY, D_GOOD, D_NONE, D_RECALL, D_TURN, D_VOTE,
    STEP_DAY, STREET_NAMES, S_FRI_END, S_FRI_LOAD, S_OVER, S_SAT_SAIL, S_THU_GOODS, S_TUE_CHOOSE, S_TUE_ORDER, S_SUN_BUY,
    S_SUN_SECURE, S_THU_CONTRACT, S_WED_BUY, S_WED_END,
)

if TYPE_CHECKING:
    from .state import ColoniaState

PHASES = {S_WED_BUY: "market", S_THU_CONTRACT: "contracts", S_FRI_LOAD: "loading",
          S_SUN_BUY: "buying relics", S_SUN_SECURE: "securing relics"}
DECISIONS = {
    D_NONE: "chance", D_FAMILY: "family cards", D_VOTE: "vote", D_TURN: "turn", D_GOOD: "choose a good",
    D_ENSHRINE: "shrine", D_RECALL: "recall members", D_EXCHANGE: "exchange money", D_AMOUNT: "exchange amount",
    D_DRAW: "draw materials",
}


def relic_json(s: "ColoniaState", card: int) -> dict[str, Any]:
    comp = s.comp
    city = card // CARDS_PER_CITY
    return {
        "card": card, "city": comp.cities[city], "currency": comp.currencies[city],
        "kind": "shrine" if card % CARDS_PER_CITY == RELICS_PER_CITY else "relic",
        "price": comp.relic_price[card], "points": comp.relic_points[card],
    }


def ship_json(s: "ColoniaState", pos: int) -> dict[str, Any] | None:
    comp = s.comp
    ship = s.port[pos]
    if ship < 0:
        return None
    data = comp.ships[ship]
    holds = []
    for h, (need, value) in enumerate(data.holds):
        owner = s.hold_owner[pos * MAX_HOLDS + h]
        holds.append({"goods": [comp.goods[g] for g in need], "value": value, "loaded_by": owner if owner >= 0 else None})
    out: dict[str, Any] = {
        "ship": ship, "city": comp.cities[data.city], "currency": comp.currencies[data.city],
        # the port's stick stands from Monday's week card until the ships sail on Saturday
        "sails": pos < s.scalars[7] and S_TUE_CHOOSE <= s.scalars[1] <= S_SAT_SAIL, "holds": holds,
    }
    if s.scalars[10] or s.extra_owner[pos] >= 0:
        owner = s.extra_owner[pos]
        out["extra_hold"] = {"loaded_by": owner if owner >= 0 else None}
    return out


# the step at whose end each street field's members come home (Tuesday: after the town
# hall is filled; Wednesday, Thursday, Friday: in the evening)
STREET_EVENING = (S_TUE_ORDER, S_WED_END, S_THU_GOODS, S_FRI_END)


def members(s: "ColoniaState", p: int) -> dict[str, Any]:
    """Where the family's members are, all public: at home, in the town hall, on today's
    stalls or early-sailed ships (onto the street field tonight), on contract fields
    (above the stick: served on Thursday evening; below: waiting), aboard ships, on
    secured relics, on the four street fields; and the total, which is the family's
    members for this player count."""
    f = s.comp.contract_fields
    above = below = 0
    for c in range(len(s.sticks)):
        stick = s.sticks[c]
        for i in range(s.cf_len[c]):
            if s.cf_owner[c * f + i] == p:
                if i < stick:
                    above += s.cf_n[c * f + i]
                else:
                    below += s.cf_n[c * f + i]
    ships = sum(1 for o in s.hold_owner if o == p) + sum(1 for o in s.extra_owner if o == p)
    relics = sum(1 for o in s.secured_by if o == p)
    street = {STREET_NAMES[d]: s.street[p * 4 + d] for d in range(4)}
    total = s.home[p] + s.hall[p] + s.pending[p] + above + below + ships + relics + sum(street.values())
    return {"home": s.home[p], "town_hall": s.hall[p], "today": s.pending[p], "contracts_above_stick": above,
            "contracts_below_stick": below, "ships": ships, "secured_relics": relics, "street": street,
            "total": total}


def street_home(s: "ColoniaState") -> dict[str, str]:
    """When the members now on each street field come home: tonight, later this week
    (their day's evening is still ahead), next week, or not before the game ends."""
    step = s.scalars[1]
    last_week = s.scalars[0] >= s.comp.weeks
    out = {}
    for d in range(4):
        day = STREET_NAMES[d]
        when = "Tuesday after the town hall" if d == 0 else f"{day} evening"
        if step > STREET_EVENING[d]:
            out[day] = "not before the game ends" if last_week else f"next {when}"
        elif STEP_DAY[step] == d + 1:
            out[day] = "today after the town hall" if d == 0 else "tonight"
        else:
            out[day] = f"this {when}"
    return out


def view(s: "ColoniaState", seat: int | None) -> dict[str, Any]:
    comp = s.comp
    sc = s.scalars
    n = s.n
    f = comp.contract_fields
    week_card = None
    if sc[5] >= 0:
        wc = comp.week_cards[sc[5]]
        week_card = {"card": sc[5], "stalls": list(wc.stalls), "contracts": list(wc.contracts),
                     "dice": wc.dice, "ships": wc.ships}
    players = []
    for p in range(n):
        mine = seat == p
        revealed = s.scalars[2] != D_FAMILY and s.choice[p] >= 0
        entry: dict[str, Any] = {
            "seat": p,
            "home": s.home[p],
            "street": {STREET_NAMES[d]: s.street[p * 4 + d] for d in range(4)},
            "town_hall": s.hall[p],
            "placed_today": s.pending[p],
            "members": members(s, p),
            "out_of_game": s.box[p],
            "family_cards_left": [v for v in range(3, 9) if not s.fam_used[p * 6 + v - 3]],
            "card": (s.choice[p] if (revealed or mine) and s.choice[p] >= 0 else None),
            "card_face_down": bool(revealed and s.zero[p]),
            "chosen": s.choice[p] >= 0,
            "votes": s.votes_w[p] if revealed and not s.zero[p] else 0,
            "passed": bool(s.passed[p]) if sc[2] == D_TURN else None,
            "shrines": [
                {"city": comp.cities[c], "relic": relic_json(s, s.shrine[c]) if s.shrine[c] >= 0 else None}
                for c in range(N_CITIES) if s.relic_owner[c * CARDS_PER_CITY + RELICS_PER_CITY] == p
            ],
            "windows": [comp.cities[c] for c in range(N_CITIES) if s.windows[c] == p],
        }
        if mine or sc[1] == S_OVER:
            entry["money"] = {comp.currencies[c]: s.money[p * N_CITIES + c] for c in range(N_CITIES)}
            entry["materials"] = {comp.materials[m]: s.mats[p * N_MATERIALS + m] for m in range(N_MATERIALS)}
            entry["goods"] = {comp.goods[g]: s.goods[p * N_GOODS + g] for g in range(N_GOODS)}
            entry["relics"] = [relic_json(s, c) for c in range(len(s.relic_owner)) if s.relic_owner[c] == p]
        else:
            entry["money"] = entry["materials"] = entry["goods"] = entry["relics"] = None
        # what the whole table knows of the screen's materials: those seen taken from a
        # stall (less those spent), and how many were drawn blind
        entry["materials_seen"] = {comp.materials[m]: s.mknown[p * N_MATERIALS + m] for m in range(N_MATERIALS)}
        entry["materials_blind"] = s.msecret[p]
        if sc[2] == D_VOTE:
            entry["voted"] = s.votes[p] >= 0
            if mine and s.votes[p] >= 0:
                entry["vote"] = "yes" if s.votes[p] else "no"
        players.append(entry)
    width = n + 2
    records = [s.last_vote[i:i + width] for i in range(0, len(s.last_vote), width)]

    def vote_json(rec: list[int]) -> dict[str, Any]:
        ballots = [{-1: None, 0: "no", 1: "yes"}[v] for v in rec[2:]]
        return {"ordinance": rec[0], "text": comp.ordinances[rec[0]].en, "passed": bool(rec[1]), "votes": ballots,
                "yes": sum(s.votes_w[p] for p in range(n) if rec[2 + p] == 1),
                "no": sum(s.votes_w[p] for p in range(n) if rec[2 + p] == 0)}

    ordinances = []
    for i, o in enumerate(s.ords):
        od = comp.ordinances[o]
        entry_o: dict[str, Any] = {"ordinance": o, "day": DAYS[od.day], "text": od.en, "german": od.de,
                                   "result": {-1: "pending", 0: "rejected", 1: "passed"}[s.ord_result[i]]}
        rec = next((r for r in records if r[0] == o), None)
        entry_o["vote"] = vote_json(rec) if rec is not None else None
        ordinances.append(entry_o)
    last_vote = vote_json(records[-1]) if records else None
    stalls = []
    for st in range(sc[9]):
        stalls.append({
            "materials": {comp.materials[m]: s.stall_mats[st * N_MATERIALS + m] for m in range(N_MATERIALS)},
            "size": s.stall_size[st], "taken_by": s.stall_taker[st] if s.stall_taker[st] >= 0 else None,
            "foreign": st >= len(comp.week_cards[sc[5]].stalls) if sc[5] >= 0 else False,
        })
    craftsmen = []
    for c in range(len(comp.craftsmen)):
        craftsmen.append({
            "name": comp.craftsmen[c], "good": comp.goods[comp.products[c]],
            "materials": [comp.materials[m] for m in comp.recipes[c]],
            "stick": s.sticks[c], "commissioned": s.commissioned[c],
            "fields": [[s.cf_owner[c * f + i], s.cf_n[c * f + i]] for i in range(s.cf_len[c])],
        })
    to_act = s.to_act()
    out: dict[str, Any] = {
        "game": "colonia", "players": n, "seat": seat, "week": sc[0], "weeks": comp.weeks,
        "day": DAYS[STEP_DAY[sc[1]]], "over": sc[1] == S_OVER,
        "decision": DECISIONS[sc[2]] if sc[1] != S_OVER else "over",
        "phase": PHASES.get(sc[1]),
        "to_act": list(to_act),
        "order": list(s.order) if sc[0] > 1 or sc[1] > 3 else [],
        "mayor": s.order[0] if sc[0] > 1 or sc[1] > 3 else None,
        "week_card": week_card, "ordinances": ordinances, "last_vote": last_vote,
        "fewer_members": sc[11], "fewer_members_next_week": sc[12],
        "stalls": stalls, "bag": sum(s.bag), "craftsmen": craftsmen,
        "port": [ship_json(s, pos) for pos in range(PORT)], "ships_sailing": sc[7],
        "ship_deck": sum(s.ship_deck), "ship_discards": sum(s.ship_discard),
        "relics": [dict(relic_json(s, card), secured_by=(owner if owner >= 0 else None))
                   for card, owner in zip(s.display, s.secured_by)],
        "relic_deck": sum(s.relic_deck),
        "relic_discards": [relic_json(s, c) for c in range(len(s.relic_discard)) if s.relic_discard[c]],
        "goods_supply": {comp.goods[g]: s.supply[g] for g in range(N_GOODS)},
        "players_info": players,
        "street_home": street_home(s),
        "members_per_player": s.comp.members_by_players[n],
    }
    if sc[2] == D_ENSHRINE:
        out["bought"] = relic_json(s, sc[4])
    if sc[2] == D_RECALL:
        out["recall"] = {"street": STREET_NAMES[sc[14]], "up_to": sc[15]}
    if sc[2] == D_DRAW:
        out["draw"] = sc[15]
    if sc[2] in (D_EXCHANGE, D_AMOUNT):
        out["exchange_limit"] = sc[15]
    if sc[2] == D_AMOUNT:
        out["exchange"] = {"give": comp.currencies[sc[4] // N_CITIES], "take": comp.currencies[sc[4] % N_CITIES]}
    if sc[1] == S_OVER:
        res = s.outcome()
        out["outcome"] = res.to_json()
    return out
