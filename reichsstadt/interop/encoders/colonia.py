"""The observation encoding of Colonia (bundled components), from the view only.

Sizes (materials, goods, craftsmen, cities, market stalls, port places, relic places) come
from a fresh game's view and the view schema; the vocabularies (days, decisions,
ordinance effects, family cards) from the schema. The components' fixed facts (what each
craftsman needs, the relic prices of the bundled file) are left out."""

from __future__ import annotations

from typing import Any

from ...core import game as find_game
from ..encoding import Encoder, EncodingError, Slice
from ..view_slices import (
    count,
    envelope_slices,
    game_phases,
    number,
    numbers,
    onehot,
    owners,
    per_seat,
    seat_field,
    seat_flags,
)

VOTES = ("yes", "no")
RESULTS = ("pending", "rejected", "passed")
HOMECOMING = ("today", "this_week", "next_week", "game_end")
ORDINANCE_SLOTS = 3
MAX_STALLS = 9         # a week card's stalls (7 at most) and the foreign merchants' two
MAX_HOLDS = 4
MAX_DISPLAY = 12       # 10 relic places and 2 extra ones (an ordinance)
MAX_WEEK_STALLS = 7
N_SHIPS = 16           # the ships of the bundled components (the ship deck of a fresh game)
SEAT_DRAWS = ("blind_material", "good_die")   # draws whose argument is a seat


def _enum(schema: dict[str, Any], *path: str) -> list[Any]:
    node: Any = schema
    for key in path:
        node = node[key]
    return [x for x in node["enum"] if x is not None]


def build(players: int) -> Encoder:
    game = find_game("colonia")
    schema = game.view_schema()["properties"]
    seat_s = schema["seats"]["items"]["properties"]
    table_s = schema["table"]["properties"]
    days = _enum(table_s, "day")
    decisions = _enum(table_s, "decision")
    effects = _enum(table_s, "ordinances", "items", "properties", "effect")
    family = _enum(seat_s, "card")
    draws = _enum(table_s, "draws_pending", "items", "properties", "draw")
    streets = list(seat_s["street"]["properties"])
    start = game.new(players, 0).view(None)
    comp = start["table"]["components"]
    M, Gd, C, K = len(comp["materials"]), len(comp["goods"]), len(comp["craftsmen"]), len(comp["cities"])
    port = len(start["table"]["port"])
    n = players
    per_member = start["table"]["members_per_player"]

    def seat(v: dict, s: int) -> dict:
        return v["seats"][s]

    def members(v: dict, s: int) -> list[float]:
        m = seat(v, s)["members"]
        return [m[k] / per_member for k in ("home", "town_hall", "today", "contracts_above_stick",
                                             "contracts_below_stick", "ships", "secured_relics")] + \
               [m["street"][d] / per_member for d in streets]

    def family_cards(v: dict, s: int) -> list[Any]:
        x = seat(v, s)
        left = x["family_cards_left"]
        card = x["card"]
        return ([int(f in left) for f in family] + [int(card == f) for f in family]
                + [x["chosen"], x["card_face_down"], x["votes"] / 10])

    def turns(v: dict, s: int) -> list[Any]:
        x = seat(v, s)
        return [x["passed"] is not None, bool(x["passed"]), x["voted"] is not None, bool(x["voted"]),
                x["vote"] == "yes", x["vote"] == "no"]

    def treasury(v: dict, s: int) -> list[Any]:
        x = seat(v, s)
        if x["money"] is None:
            return [None] * (K + M + Gd)
        return [m / 10 for m in x["money"]] + [m / 5 for m in x["materials"]] + [g / 5 for g in x["goods"]]

    def relics_owned(v: dict, s: int) -> list[Any]:
        rel = seat(v, s)["relics"]
        if rel is None:
            return [None] * (2 * K)
        cnt, pts = [0] * K, [0] * K
        for r in rel:
            if r["kind"] == "relic":
                cnt[r["city"]] += 1
                pts[r["city"]] += r["points"]
        return [c / 5 for c in cnt] + [p / 20 for p in pts]

    def shrines(v: dict, s: int) -> list[float]:
        out = [0.0] * (2 * K)
        for sh in seat(v, s)["shrines"]:
            out[sh["city"]] = 1.0
            if sh["relic"] is not None:
                out[K + sh["city"]] = 1.0
        return out

    def windows(v: dict, s: int) -> list[int]:
        won = seat(v, s)["windows"]
        return [int(c in won) for c in range(K)]

    def seen(v: dict, s: int) -> list[float]:
        x = seat(v, s)
        return [m / 5 for m in x["materials_seen"]] + [x["materials_blind"] / 5]

    def order(v: dict, s: int) -> list[int]:
        o = v["table"]["order"]
        return [int(k < len(o) and o[k] == s) for k in range(n)]

    def extra_dice(v: dict) -> list[int]:
        faces = t(v)["extra_contract_dice"]
        return [faces.count(f) for f in range(1, 7)]

    def tie_place(v: dict, s: int) -> list[float]:
        order = t(v)["tie_order"]
        return [(order.index(s) + 1) / n if s in order else 0.0]

    def sailed(v: dict) -> list[float]:
        out: list[float] = []
        ships = t(v)["last_sailed"]
        if len(ships) > port:
            raise EncodingError(f"slice 'last_sailed': {len(ships)} ships sailed, declared {port} at most")
        for k in range(port):
            out += [1.0, (ships[k]["ship"] + 1) / N_SHIPS] if k < len(ships) else [0.0, 0.0]
        return out

    def sailed_loaders(v: dict) -> list[Any]:
        out: list[Any] = []
        ships = t(v)["last_sailed"]
        for k in range(port):
            if k < len(ships):
                holds = list(ships[k]["holds"])
                if len(holds) > MAX_HOLDS:
                    raise EncodingError(f"slice 'last_sailed_loaders': a ship with {len(holds)} holds, "
                                        f"declared {MAX_HOLDS} at most")
                out += holds + [None] * (MAX_HOLDS - len(holds)) + [ships[k]["extra_hold"]]
            else:
                out += [None] * (MAX_HOLDS + 1)
        return out

    def draws_waiting(v: dict) -> list[int]:
        kinds = [d["draw"] for d in t(v)["draws_pending"]]
        return [kinds.count(k) for k in draws]

    def head(v: dict) -> dict | None:
        q = t(v)["draws_pending"]
        return q[0] if q else None

    def head_argument(v: dict) -> float:
        h = head(v)
        if h is None or h["draw"] in SEAT_DRAWS:
            return 0.0
        return h["argument"] / 10

    t = lambda v: v["table"]

    def week_card(v: dict) -> list[float]:
        wc = t(v)["week_card"]
        if wc is None:
            return [0.0] * (MAX_WEEK_STALLS + C + 2)
        stalls = wc["stalls"] + [0] * (MAX_WEEK_STALLS - len(wc["stalls"]))
        return [x / 5 for x in stalls] + [x / 3 for x in wc["contracts"]] + [wc["dice"] / 6, wc["ships"] / 4]

    ord_size = 1 + len(effects) + len(days) + 1 + C + len(streets) + len(RESULTS) + 2

    def ordinances(v: dict) -> list[float]:
        out: list[float] = []
        ords = t(v)["ordinances"]
        for k in range(ORDINANCE_SLOTS):
            if k >= len(ords):
                out += [0.0] * ord_size
                continue
            o = ords[k]
            part = [0.0] * ord_size
            part[0] = 1.0
            at = 1
            part[at + effects.index(o["effect"])] = 1.0
            at += len(effects)
            part[at + days.index(o["day"])] = 1.0
            at += len(days)
            part[at] = o["amount"] / 10
            at += 1
            if o["craftsman"] is not None:
                part[at + o["craftsman"]] = 1.0
            at += C
            if o["street"] is not None:
                part[at + streets.index(o["street"])] = 1.0
            at += len(streets)
            part[at + RESULTS.index(o["result"])] = 1.0
            at += len(RESULTS)
            vote = o["vote"]
            if vote is not None:
                part[at], part[at + 1] = vote["yes"] / 20, vote["no"] / 20
            out += part
        return out

    def stalls(v: dict) -> list[float]:
        out: list[float] = []
        st = t(v)["stalls"]
        for k in range(MAX_STALLS):
            if k >= len(st):
                out += [0.0] * (M + 3)
                continue
            x = st[k]
            out += [m / 5 for m in x["materials"]] + [x["size"] / 5, x["taken_by"] is not None, x["foreign"]]
        return out

    def stall_buyers(v: dict) -> list[Any]:
        st = t(v)["stalls"]
        return [st[k]["taken_by"] if k < len(st) else None for k in range(MAX_STALLS)]

    def craftsmen(v: dict) -> list[float]:
        out: list[float] = []
        me = v["seat"] or 0
        for c in t(v)["craftsmen"]:
            by_seat = [0] * n
            for who, count_ in c["fields"]:
                by_seat[(who - me) % n] += count_
            out += [c["stick"] / 5, c["commissioned"] / 5, len(c["fields"]) / 5] + [x / 5 for x in by_seat]
        return out

    ship_size = 1 + K + 1 + MAX_HOLDS * (Gd + 2) + 3

    def ships(v: dict) -> list[float]:
        out: list[float] = []
        for sh in t(v)["port"]:
            part = [0.0] * ship_size
            if sh is not None:
                part[0] = 1.0
                part[1 + sh["city"]] = 1.0
                part[1 + K] = 1.0 if sh["sails"] else 0.0
                at = 2 + K
                for h in sh["holds"][:MAX_HOLDS]:
                    for g in h["goods"]:
                        part[at + g] = 1.0
                    part[at + Gd] = h["value"] / 10
                    part[at + Gd + 1] = 1.0 if h["loaded_by"] is not None else 0.0
                    at += Gd + 2
                at = 2 + K + MAX_HOLDS * (Gd + 2)
                extra = sh["extra_hold"]
                if extra is not None:
                    part[at] = 1.0
                    part[at + 1] = 1.0 if extra["loaded_by"] is not None else 0.0
                    part[at + 2] = extra["value"] / 10
            out += part
        return out

    def hold_loaders(v: dict) -> list[Any]:
        out: list[Any] = []
        for sh in t(v)["port"]:
            holds = sh["holds"] if sh is not None else []
            out += [h["loaded_by"] for h in holds[:MAX_HOLDS]] + [None] * (MAX_HOLDS - len(holds[:MAX_HOLDS]))
            out.append(sh["extra_hold"]["loaded_by"] if sh is not None and sh["extra_hold"] else None)
        return out

    relic_size = 1 + K + 1 + 2

    def display(v: dict) -> list[float]:
        out: list[float] = []
        rel = t(v)["relics"]
        for k in range(MAX_DISPLAY):
            part = [0.0] * relic_size
            if k < len(rel):
                r = rel[k]
                part[0] = 1.0
                part[1 + r["city"]] = 1.0
                part[1 + K] = 1.0 if r["kind"] == "shrine" else 0.0
                part[2 + K], part[3 + K] = r["price"] / 20, r["points"] / 5
            out += part
        return out

    def securers(v: dict) -> list[Any]:
        rel = t(v)["relics"]
        return [rel[k]["secured_by"] if k < len(rel) else None for k in range(MAX_DISPLAY)]

    def discards(v: dict) -> list[float]:
        cnt, pts = [0] * K, [0] * K
        for r in t(v)["relic_discards"]:
            cnt[r["city"]] += 1
            pts[r["city"]] += r["points"]
        return [c / 5 for c in cnt] + [p / 20 for p in pts]

    def asking(v: dict) -> list[float]:
        tb = t(v)
        out = [0.0] * (relic_size + len(streets) + 3 + 2 * K)
        sc = tb["shrine_choice"]
        if sc is not None:
            out[0], out[1 + sc["city"]] = 1.0, 1.0
            out[1 + K] = 1.0 if sc["kind"] == "shrine" else 0.0
            out[2 + K], out[3 + K] = sc["price"] / 20, sc["points"] / 5
        at = relic_size
        if tb["recall"] is not None:
            out[at + streets.index(tb["recall"]["street"])] = 1.0
            out[at + len(streets)] = tb["recall"]["up_to"] / 10
        at += len(streets) + 1
        out[at] = (tb["draw"] or 0) / 5
        out[at + 1] = (tb["exchange_limit"] or 0) / 5
        at += 2
        if tb["exchange"] is not None:
            out[at + tb["exchange"]["give"]] = 1.0
            out[at + K + tb["exchange"]["take"]] = 1.0
        return out

    slices: list[Slice] = [
        *envelope_slices(n, game_phases("colonia")),
        # the families
        seat_field("home", n, "home", low=0, high=1, scale=per_member, meaning="members at home (usable)"),
        per_seat("members", n, 7 + len(streets), members, low=0, high=1,
                 meaning=f"where the family's members are, as a share of its {per_member}: home, town hall, "
                         f"today's stalls, contracts served, contracts waiting, ships, securing relics, then each "
                         f"street field", labels=["home", "town hall", "today", "contracts above", "contracts below",
                                                  "ships", "relics", *streets]),
        per_seat("family_cards", n, 2 * len(family) + 3, family_cards, low=0, high=2,
                 meaning="family cards not yet played (one per value), this week's card once revealed (one-hot; "
                         "your own as soon as chosen), chosen this week, played face down, its votes ÷ 10",
                 labels=[f"left {f}" for f in family] + [f"card {f}" for f in family]
                 + ["chosen", "face down", "votes"]),
        per_seat("turns", n, 6, turns, low=0, high=1,
                 meaning="in a round of turns, passed; during a vote, voted; its vote yes, no (your own only)",
                 labels=["in a round", "passed", "in a vote", "voted", "votes yes", "votes no"]),
        per_seat("treasury", n, K + M + Gd, treasury, low=0, high=4, hidden=-1, cap=True,
                 meaning="behind the screen (your own; everyone's at the end): coins per currency ÷ 10, materials "
                         "÷ 5, goods ÷ 5, each 4 at most",
                 labels=[*comp["currencies"], *comp["materials"], *comp["goods"]]),
        per_seat("relics_owned", n, 2 * K, relics_owned, low=0, high=4, hidden=-1, cap=True,
                 meaning="relics owned (behind the screen, see treasury), per city: how many ÷ 5, their points ÷ 20",
                 labels=[f"relics {c}" for c in comp["cities"]] + [f"points {c}" for c in comp["cities"]]),
        per_seat("shrines", n, 2 * K, shrines, low=0, high=1,
                 meaning="per city: owns its shrine, the shrine holds a relic",
                 labels=[f"shrine {c}" for c in comp["cities"]] + [f"filled {c}" for c in comp["cities"]]),
        per_seat("windows", n, K, windows, low=0, high=1, meaning="church windows won (at the end), per city",
                 labels=comp["cities"]),
        per_seat("materials_seen", n, M + 1, seen, low=0, high=4, cap=True,
                 meaning="materials the table saw the family take from stalls, less what it spent, ÷ 5; those "
                         "drawn blind ÷ 5", labels=[*comp["materials"], "blind"]),
        per_seat("order", n, n, order, low=0, high=1, meaning="place in turn order (the mayor first)",
                 labels=[f"place {k + 1}" for k in range(n)]),
        seat_flags("mayor", n, lambda v: [t(v)["mayor"]], meaning="the mayor"),
        # the week
        numbers("extra_contract_dice", 6, extra_dice, low=0, high=1, scale=6, cap=True,
                meaning="this week's extra-contract dice showing each face 1-6 (6: every craftsman), ÷ 6",
                labels=[str(f) for f in range(1, 7)]),
        per_seat("tie_order", n, 1, tie_place, low=0, high=1,
                 meaning="week 1: place among the seats the tie dice put first (1 ÷ players: first; 0: not put)"),
        numbers("draws_pending", len(draws), draws_waiting, low=0, high=1, scale=20, cap=True,
                meaning="the draws and rolls the table waits for, per kind, ÷ 20 (20 or more as 1)",
                labels=list(draws)),
        onehot("next_draw", list(draws), lambda v: (head(v) or {}).get("draw"), values=list(draws),
               meaning="the kind of the next draw (all zero: none waits)"),
        seat_flags("next_draw_seat", n,
                   lambda v: [h["argument"] if (h := head(v)) and h["draw"] in SEAT_DRAWS else None],
                   meaning="the seat the next draw is for (blind material, good die)"),
        number("next_draw_argument", head_argument, low=0, high=1, cap=True,
               meaning="the next draw's stall, place or card value ÷ 10 (10 or more as 1; 0 for a seat's draw)"),
        number("week", lambda v: t(v)["week"] / t(v)["weeks"], low=0, high=1, meaning="the week ÷ the weeks"),
        count("weeks_left", 6, lambda v: t(v)["weeks"] - t(v)["week"], meaning="weeks after this one"),
        onehot("day", days, lambda v: t(v)["day"], values=days, meaning="the day"),
        onehot("decision", [*decisions], lambda v: t(v)["decision"], values=decisions,
               meaning="what the game waits for"),
        numbers("week_card", MAX_WEEK_STALLS + C + 2, week_card, low=0, high=2,
                meaning="this week's card (all zero before the first): its stalls' sizes ÷ 5, ordinary contracts "
                        "per craftsman ÷ 3, extra-contract dice ÷ 6, ships that sail ÷ 4",
                labels=[f"stall {k + 1}" for k in range(MAX_WEEK_STALLS)] + list(comp["craftsmen"])
                + ["dice", "ships"]),
        Slice("ordinances", ORDINANCE_SLOTS * ord_size, 0.0, 2.0,
              f"this week's ordinances in voting order ({ORDINANCE_SLOTS} places, all zero: none), each "
              f"{ord_size} numbers: present, its effect one-hot ({', '.join(effects)}), its day one-hot, its "
              f"number ÷ 10, the craftsman of extra contracts one-hot, the street field of a recall one-hot, "
              f"the result one-hot ({', '.join(RESULTS)}), its vote's yes and no ÷ 20", ordinances),
        number("fewer_members", lambda v: t(v)["fewer_members"], low=0, high=1, scale=5, cap=True,
               meaning="members every family sends fewer this Tuesday"),
        number("fewer_members_next_week", lambda v: t(v)["fewer_members_next_week"], low=0, high=1, scale=5,
               cap=True, meaning="... and next Tuesday"),
        Slice("stalls", MAX_STALLS * (M + 3), 0.0, 2.0,
              f"the market stalls ({MAX_STALLS} places): materials on offer per material ÷ 5, its size ÷ 5, taken, "
              f"a foreign merchant's", stalls),
        owners("stall_buyers", n, MAX_STALLS, stall_buyers, meaning="who took each stall"),
        number("bag", lambda v: t(v)["bag"], low=0, high=2, scale=50, cap=True, meaning="materials in the bag"),
        Slice("craftsmen", C * (3 + n), 0.0, 2.0,
              "per craftsman: contract fields served this Thursday ÷ 5, contracts commissioned this week ÷ 5, "
              "occupied fields ÷ 5, then each seat's members on its fields (from you onward) ÷ 5",
              lambda v: [x if x <= 2 else 2.0 for x in craftsmen(v)]),
        Slice("port", port * ship_size, 0.0, 2.0,
              f"the port's places I-{'IV' if port == 4 else port}, each {ship_size} numbers: a ship, its city "
              f"one-hot, it sails on Saturday, {MAX_HOLDS} holds (the goods it takes, what it pays ÷ 10, "
              f"loaded), an extra hold (present, loaded, what it pays ÷ 10)", ships),
        owners("hold_loaders", n, port * (MAX_HOLDS + 1), hold_loaders,
               meaning=f"who loaded each hold, per port place its {MAX_HOLDS} holds and the extra hold"),
        numbers("last_sailed", 2 * port, sailed, low=0, high=1,
                meaning=f"the ships of the last sailing, up to {port}: each sailed (1), which ship (its number + 1, "
                        f"÷ {N_SHIPS})"),
        owners("last_sailed_loaders", n, port * (MAX_HOLDS + 1), sailed_loaders,
               meaning=f"who had loaded each hold of the last sailing's ships, per ship its {MAX_HOLDS} holds and "
                       f"the extra hold"),
        number("ships_sailing", lambda v: t(v)["ships_sailing"], low=0, high=1, scale=4,
               meaning="ships above the port's stick"),
        number("ship_deck", lambda v: t(v)["ship_deck"], low=0, high=1, scale=16, meaning="ships in the deck"),
        number("ship_discards", lambda v: t(v)["ship_discards"], low=0, high=1, scale=16,
               meaning="ships set aside"),
        Slice("relic_display", MAX_DISPLAY * relic_size, 0.0, 1.0,
              f"the relic display ({MAX_DISPLAY} places): a card, its city one-hot, a shrine, its price ÷ 20, its "
              f"points ÷ 5", display),
        owners("relic_securers", n, MAX_DISPLAY, securers, meaning="who secured each displayed relic"),
        number("relic_deck", lambda v: t(v)["relic_deck"], low=0, high=1, scale=48, meaning="relic cards in the deck"),
        numbers("relic_discards", 2 * K, discards, low=0, high=4, cap=True,
                meaning="the face-up discards per city: how many ÷ 5, their points ÷ 20",
                labels=[f"cards {c}" for c in comp["cities"]] + [f"points {c}" for c in comp["cities"]]),
        numbers("goods_supply", Gd, lambda v: t(v)["goods_supply"], low=0, high=2, scale=10, cap=True,
                meaning="goods left in the supply", labels=comp["goods"]),
        numbers("street_home", len(streets) * len(HOMECOMING),
                lambda v: [int(t(v)["street_home"][d] == h) for d in streets for h in HOMECOMING], low=0, high=1,
                meaning="when each street field's members come home",
                labels=[f"{d} {h}" for d in streets for h in HOMECOMING]),
        numbers("asking", relic_size + len(streets) + 3 + 2 * K, asking, low=0, high=2, cap=True,
                meaning="what a decision now is about: the card whose shrine choice is asked (as a displayed "
                        "relic), a recall's street field one-hot and the members it allows ÷ 10, the materials a "
                        "draw allows ÷ 5, the most an exchange allows ÷ 5, the currencies of an exchange under way "
                        "(given, taken)"),
    ]
    return Encoder("colonia", players, slices,
                   summary="Every family's members and cards, what it has behind its screen (yours; everyone's at "
                           "the end) and what the table saw it take; the week, its ordinances and votes, the market, "
                           "the craftsmen, the port and the relic display.")
