"""What each seat may see (view) and plain words for actions (describe).

Hidden: other players' money (except what the favourite tie-break revealed), the guilds
of plans not yet revealed, and the guest pile (only its size is shown; the state never
orders it). As at the table, everyone sees how many cards a player has laid face down
and whose token shows the moon, during planning too: the log (describe) says as much,
and a view must not know less than the log."""

from __future__ import annotations

from typing import Any

from reichsstadt.core.actions import Action

from .actions import (
    K_BUY, K_BUY_END, K_DECLINE, K_DRAW, K_FRONT, K_GUARD, K_HIRE, K_MAYOR, K_NOTHING,
    K_ORDER, K_PASS, K_PAY, K_PEDDLER, K_PLAN, K_PLAN_DONE, K_ROB, K_SELL, K_STEAL, K_SWAP,
)
from .data import ROOM_LETTERS
from .state import (
    ACT, BUY, GUARD1, MASTER_INDEX, N_AGENT, N_BACK, N_CALL, N_CREST, N_FAV, N_HOME, N_INCOME,
    N_LEAVE, N_MASTER, N_MOON, N_NOFAV, N_OVER, N_PCREST, N_PCREST_OUT, N_PED, N_PRESTIGE,
    N_RETURN, N_ROUND_END, N_TIE, N_TILE, N_TURN_END, OVER, PHASE_NAMES, PLAN, REFILL, ROB,
    SETUP_GUESTS, SETUP_STACK, STEP_NAMES, WHY_GOODS, WHY_MONEY, NorenbercState,
)


def _player(seat: int) -> str:
    return f"Player {seat + 1}"


def view(s: NorenbercState, seat: int | None) -> dict[str, Any]:
    comp = s.comp
    G, n = s.G, s.n
    tiles = comp.tiles

    def tile(t: int) -> dict[str, Any] | None:
        return dict(tiles[t]) if t >= 0 else None

    over = s.phase == OVER
    mi = MASTER_INDEX[s.round - 1]
    guilds = []
    for g in range(G):
        ws = s.ws[g * 5:g * 5 + 5]
        master = ws[mi]
        guilds.append({
            "guild": g,
            "name": comp.guild_names[g],
            "good": comp.good_names[g],
            "master": tile(master),
            "master_value": comp.tile_value[master] if master >= 0 else None,
            # the workshops above the master, bottom to top; the doubled top workshop
            # shows its upper tile and, under it, the covered one (laid face up at setup,
            # so known to all); in round 4 the master itself covers it and the favourite
            # wins both
            "workshops": [tile(ws[k]) for k in (1, 2) if k > mi],
            "top": tile(ws[4]) if mi < 4 else None,
            "covered": tile(ws[3]),
            "rooms": [tile(t) for t in s.rooms[g * 4:g * 4 + 4]],
            "store": s.store[g * G:(g + 1) * G],
            "roof": s.roof[g],
            "crests": s.crests[g],
            "mayors": sum(1 for i in range(1, len(s.mayors), 2) if s.mayors[i] == g),
            "prestige": s.pg == g,
            "prestige_crest": s.pg == g and bool(s.pg_crest),
        })
    players = []
    for p in range(n):
        mine = seat == p
        entry: dict[str, Any] = {
            "seat": p,
            "money": s.money[p] if (mine or over) else None,
            "agents": s.agents[p],
            "available": s.avail[p],
            "moon": bool(s.moon[p]),
            "goods": s.hold[p * G:(p + 1) * G],
            "tiles": [tile(t) for t in s.owned[p]],
            "crests": s.gcrest[p * G:(p + 1) * G],
            "prestige_crests": s.pcrest[p],
            "peddler_goods": [
                [s.peds[i], s.peds[i + 2]] for i in range(0, len(s.peds), 3) if s.peds[i + 1] == p
            ],
            "turn_position": s.order.index(p) if p in s.order else None,
        }
        cards = bin(s.plan[p]).count("1")
        if s.phase == PLAN:
            state = ("passed" if s.pstate[p] == 2 else "done" if s.pstate[p] == 1 else "planning")
            if s.moon[p]:
                state = "moon"
            entry["planning"] = state
        else:
            entry["planning"] = None
        entry["cards"] = cards  # face down on the table: countable, guilds unknown
        entry["plan"] = _bits(s.plan[p]) if mine else None
        players.append(entry)
    current = None
    if s.phase == ACT:
        current = {
            "guild": s.cg,
            "revealed": [p for p in range(n) if s.rev >> p & 1],
            "still_to_act": [p for p in s.order if s.acting >> p & 1],
            "actor": s.actor,
            "step": STEP_NAMES[s.step],
            "buy_limit": s.buy_limit,
            "bought": s.bcount,
            "hiring": tile(s.htile) if s.htile >= 0 else None,
            "room": s.hroom if s.hroom >= 0 else None,
            "victim": s.victim if s.victim >= 0 else None,
            "guard_first": tile(s.gfirst) if s.gfirst >= 0 else None,
        }
    return {
        "game": "norenberc",
        "seat": seat,
        "players": n,
        "round": s.round,
        "turn": s.turn,
        "phase": PHASE_NAMES[s.phase],
        "to_act": list(s.to_act()),
        "order": s.order[:],
        "open_planning": s.open_planning,
        "guilds": guilds,
        "seats": players,
        "current": current,
        "prestige_guild": s.pg,
        "prestige_reserve": s.pres_reserve,
        "prestige_out": s.pres_out,
        "pile_size": len(s.pile) + s.pile_unknown,
        "citizens_unseen": len(s.unseen),
        "out_of_game": [tile(t) for t in s.out],
        "mayors_on_roofs": [[s.mayors[i], s.mayors[i + 1]] for i in range(0, len(s.mayors), 2)],
        "revealed_money": [list(e) for e in s.moneylog],
        "favourites": [list(e) for e in s.favlog],
        "room_prices": [[list(f) for f in forms] for forms in comp.rooms],
        "over": over,
    }


def _bits(mask: int) -> list[int]:
    return [g for g in range(mask.bit_length()) if mask >> g & 1]


def _goods_list(s: NorenbercState, types: list[int]) -> str:
    counts: dict[int, int] = {}
    for t in types:
        counts[t] = counts.get(t, 0) + 1
    parts = [s.comp.goods_word(t, c) for t, c in sorted(counts.items())]
    return " and ".join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe(s: NorenbercState, seat: int, action: Action, viewer: int | None) -> str:
    code = s.acts.code.get(action)
    if code is None:
        return f"unknown action {action!r}"
    kind, a, b = code
    comp = s.comp
    gname = comp.guild_names
    g = s.cg
    if kind == K_ORDER:
        return f"place {len(s.order) + 1} in turn order goes to {_player(a)}"
    if kind == K_DRAW:
        name = comp.tile_name(a) if a < comp.tile_count else f"tile {a}"
        if s.phase == SETUP_STACK:
            gg, k = divmod(s.cursor, 5)
            where = "on top of the fourth (the doubled top workshop)" if k == 4 else f"window {k + 1}"
            return f"{name} goes to the {gname[gg]}' workshop, {where}"
        if s.phase in (SETUP_GUESTS, REFILL):
            r = s._next_room()
            if r >= 0:
                return f"{name} is drawn from the guest pile into room {ROOM_LETTERS[r % 4]} of the {gname[r // 4]}"
        return f"draw {name}"
    if kind == K_PLAN:
        if viewer != seat:
            return "lay an action card face down"
        return f"plan an action at the {gname[a]}"
    if kind == K_PLAN_DONE:
        count = bin(s.plan[seat]).count("1")
        return f"finish planning ({count} action card{'s' if count != 1 else ''})"
    if kind == K_PASS:
        return "pass for the rest of the round (token to the moon)"
    mv = s.master_value(g) if 0 <= g < s.G else 0
    if kind == K_SELL:
        return (f"sell {comp.goods_word(g, a)} to the {gname[g]} at {mv} thalers each "
                f"({a * mv} thalers)")
    if kind == K_BUY:
        if s.step == BUY:
            return (f"buy another {comp.good_names[a]} for {mv} thalers "
                    f"(good {s.bcount + 1} of at most {s.buy_limit})")
        return f"buy 1 {comp.good_names[a]} from the {gname[g]}' store for {mv} thalers"
    if kind == K_BUY_END:
        return "stop buying"
    if kind == K_NOTHING:
        return f"do nothing at the {gname[g]} (the agent still goes up on the roof)"
    if kind == K_HIRE:
        t = s.rooms[g * 4 + a] if 0 <= g < s.G else -1
        guest = comp.tile_name(t) if t >= 0 else "nobody"
        forms = comp.rooms[a]
        need_g, need_any = forms[b] if b < len(forms) else (0, 0)
        price = comp.goods_word(g, need_g)
        if need_any:
            price += f" and {need_any} good{'s' if need_any > 1 else ''} of any type"
        bonus = s.roof[g] if 0 <= g < s.G else 0
        return (f"hire the {guest} from room {ROOM_LETTERS[a]} of the {gname[g]}, paying {price}"
                f" (bonus {bonus} thaler{'s' if bonus != 1 else ''})")
    if kind == K_PAY:
        types = [a] if b < 0 else [a, b]
        what = "the good of any type" if b < 0 else "the 2 goods of any type"
        return f"pay {_goods_list(s, types)} as {what}"
    if kind == K_FRONT:
        return "move to first place in turn order" if a else "keep the same place in turn order"
    if kind == K_ROB:
        return f"send the Thief to {_player(a)}"
    if kind == K_STEAL:
        v = s.victim
        return (f"take 1 {comp.good_names[a]} from {_player(v) if v >= 0 else 'the victim'} "
                f"(who gets {s.master_value(a)} thalers from the bank)")
    if kind == K_DECLINE:
        if s.step == ROB:
            return "let the Thief take nothing"
        if s.step == GUARD1:
            return "let the Guard swap nothing"
        return "decline"
    if kind == K_GUARD:
        return f"the Guard moves the {comp.tile_name(a)} ({_place(s, a)})"
    if kind == K_SWAP:
        first = s.gfirst
        return (f"swap it with the {comp.tile_name(a)} ({_place(s, a)})"
                if first < 0 else
                f"swap the {comp.tile_name(first)} ({_place(s, first)}) with the "
                f"{comp.tile_name(a)} ({_place(s, a)})")
    if kind == K_PEDDLER:
        return f"put 1 {comp.good_names[a]} on the Peddler (it counts as 4 for the favourite)"
    if kind == K_MAYOR:
        return f"put the Mayor on the roof of the {gname[a]} for the rest of the game"
    return f"{action.type}"


def _place(s: NorenbercState, t: int) -> str:
    names = s.comp.guild_names
    if t in s.ws:
        i = s.ws.index(t)
        g, k = divmod(i, 5)
        if k == 3:
            return f"under the {names[g]}' top workshop tile"
        rnd = 4 if k == 4 else k + 1
        return f"{names[g]} workshop: master in round {rnd}"
    if t in s.rooms:
        i = s.rooms.index(t)
        return f"{names[i // 4]} room {ROOM_LETTERS[i % 4]}"
    return "elsewhere"



def _names(seats: list[int] | tuple[int, ...]) -> str:
    parts = [_player(p) for p in seats]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def news(s: NorenbercState, viewer: int | None) -> list[str]:
    """The events of the last apply() in words for `viewer`: only what the table shows
    (revealed cards, tiles, crests, goods) and, of money, only the viewer's own income,
    the amounts a favourite tie makes the tied players reveal, and all of it once the
    game is over (when every chest is opened)."""
    comp = s.comp
    gname = comp.guild_names
    tname = comp.tile_name
    over = s.phase == OVER
    out: list[str] = []
    for e in s.events:
        # seats are named as sentence objects only ("for Player 1"), never as subjects:
        # the terminal puts "You" in their place
        k = e[0]
        if k == N_CALL:
            who = [p for p in s.order if e[2] >> p & 1]
            if len(who) == 1:
                out.append(f"the {gname[e[1]]} are called: card revealed there by {_player(who[0])}")
            else:
                out.append(f"the {gname[e[1]]} are called: cards revealed there by {_names(who)}, "
                           f"who act in that order (turn order)")
        elif k == N_TURN_END:
            out.append(f"end of turn {e[1]}")
        elif k == N_MOON:
            out.append(f"no agent left for {_player(e[1])}: the token turns to the moon")
        elif k == N_ROUND_END:
            out.append(f"end of round {e[1]}: the guilds choose their favourites")
        elif k == N_TIE:
            pairs = [(e[i], e[i + 1]) for i in range(2, len(e), 2)]
            out.append(f"{gname[e[1]]}: tie for the most {comp.goods_names[e[1]]} between "
                       f"{_names([p for p, _ in pairs])}; money revealed: "
                       + ", ".join(f"{_player(p)} {m} thalers" for p, m in pairs))
        elif k == N_FAV:
            g, f, why, count = e[1], e[2], e[3], e[4]
            reason = (f"the most {comp.goods_names[g]}: {count}" if why == WHY_GOODS else
                      "tie broken by the most money" if why == WHY_MONEY else
                      "tie of goods and money broken by turn order")
            out.append(f"{gname[g]}: the favourite is {_player(f)} ({reason})")
        elif k == N_NOFAV:
            gone = (f"the master, the {tname(e[2])}, leaves the game" if len(e) == 3 else
                    f"the master, the {tname(e[2])}, and the tile under it, the {tname(e[3])}, leave the game")
            out.append(f"{gname[e[1]]}: nobody holds {comp.goods_names[e[1]]}, no favourite; {gone}")
        elif k == N_PCREST_OUT:
            out.append(f"the prestige crest of the {gname[e[1]]} leaves the game")
        elif k == N_RETURN:
            src = " from the Peddler" if e[3] else ""
            out.append(f"1 {comp.good_names[e[2]]} of {_player(e[1])}{src} goes back to the {gname[e[2]]}' store")
        elif k == N_TILE:
            out.append(f"the {tname(e[2])} goes to {_player(e[1])}")
        elif k == N_AGENT:
            out.append(f"one more agent for {_player(e[1])}" if e[2] else
                       f"no more agent for {_player(e[1])}: the most agents already")
        elif k == N_CREST:
            out.append(f"a crest of the {gname[e[2]]} goes to {_player(e[1])}")
        elif k == N_PCREST:
            out.append(f"the prestige crest of the {gname[e[2]]} goes to {_player(e[1])}")
        elif k == N_PED:
            good = f"the {comp.good_names[e[3]]} on it goes back to its owner, " if e[3] >= 0 else ""
            out.append(f"Peddler of {_player(e[1])}: {good}the tile goes back into the guest pile")
        elif k == N_HOME:
            out.append("all agents come home")
        elif k == N_INCOME:
            if viewer == e[1] or over:
                out.append(f"income for {_player(e[1])}: {e[2]} thalers")
            else:
                out.append(f"income for {_player(e[1])} (behind the chest)")
        elif k == N_OVER:
            out.append("the game is over")
        elif k == N_MASTER:
            out.append(f"the new master of the {gname[e[1]]} is the {tname(e[2])}")
        elif k == N_LEAVE:
            out.append(f"the {tname(e[2])} leaves the {gname[e[1]]}' leftmost room and the game")
        elif k == N_PRESTIGE:
            crest = " (with a prestige crest)" if e[2] else " (no prestige crest left)"
            out.append(f"the {gname[e[1]]} become the prestige guild{crest}")
        elif k == N_BACK:
            out.append(f"the {tname(e[1])} goes back into the guest pile")
    return [t[0].upper() + t[1:] for t in out]
