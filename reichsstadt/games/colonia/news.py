"""What the last apply() set in motion beyond the move itself, in plain words: the
events apply() noted as small tuples (state.ev), put into sentences only when asked.

Everything told here is public at the table: revealed family cards, counted votes,
materials going back from the stalls, goods delivered, ships' payments (the coins are
handed over openly; the totals behind the screens stay unsaid), members coming home,
automatic passes, relics discarded, church windows and the final scoring. What a seat
drew blind is told by describe() of the draw itself, never here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import DAYS, N_MATERIALS
from .describe import ROMAN, _a, _plural, relic_words
from .state import (
    E_AUTOPASS, E_CARD, E_CARRY, E_GOOD, E_HOME, E_NO_VOTE, E_ORDER, E_OVER, E_PAY,
    E_RELIC_GONE, E_SAIL, E_STALL_BACK, E_VOTE, E_WINDOW, STREET_NAMES, S_FRI_LOAD,
    S_SUN_BUY, S_SUN_SECURE, S_THU_CONTRACT, S_WED_BUY,
)

if TYPE_CHECKING:
    from .state import ColoniaState

CANNOT = {
    S_WED_BUY: "can take no stall",
    S_THU_CONTRACT: "can commission no contract",
    S_FRI_LOAD: "can load no ship",
    S_SUN_BUY: "can buy no relic",
    S_SUN_SECURE: "can secure no relic",
}


def _names(seats: list[int]) -> str:
    names = [f"Player {p + 1}" for p in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def news(s: "ColoniaState", viewer: int | None) -> list[str]:
    comp = s.comp
    out: list[str] = []
    ev = s.ev
    i = 0
    while i < len(ev):
        e = ev[i]
        k = e[0]
        if k == E_CARD:
            cards = []
            zeros = []
            while i < len(ev) and ev[i][0] == E_CARD:
                _, p, v, zero, placed = ev[i]
                cards.append(f"Player {p + 1} {v}")
                if zero:
                    zeros.append(f"Player {p + 1}'s {v} counts 0 (only {_plural(placed, 'member')} in the town hall)")
                i += 1
            out.append("Family cards revealed: " + ", ".join(cards))
            if zeros:
                out.append("Too few members: " + "; ".join(zeros) + "; no vote this week")
            continue
        if k == E_ORDER:
            order = list(e[1:])
            out.append(f"Turn order: {', '.join(f'Player {p + 1}' for p in order)} "
                       f"(mayor: Player {order[0] + 1})")
        elif k == E_VOTE:
            o, yes, no, passed, mayor = e[1:6]
            votes = e[6:]
            text = comp.ordinances[o].en.rstrip(".")
            how = ", ".join(
                f"Player {p + 1} {'yes' if v == 1 else 'no'}" for p, v in enumerate(votes) if v >= 0)
            if yes == no:
                result = (f"a tie, the mayor Player {mayor + 1} voted {'yes' if passed else 'no'}: "
                          f"{'passed' if passed else 'rejected'}")
            else:
                result = "passed" if passed else "rejected"
            out.append(f"Vote on \"{text}\": {yes} yes to {no} no, {result} ({how})")
        elif k == E_NO_VOTE:
            text = comp.ordinances[e[1]].en.rstrip(".")
            out.append(f"Nobody may vote on \"{text}\" (no family card counts): rejected")
        elif k == E_STALL_BACK:
            mats = ", ".join(f"{e[2 + m]} {comp.materials[m]}" for m in range(N_MATERIALS) if e[2 + m])
            out.append(f"Stall {e[1] + 1} was not taken: its materials ({mats}) go back to the bag")
        elif k == E_HOME:
            homes = []
            d = e[3]
            while i < len(ev) and ev[i][0] == E_HOME and ev[i][3] == d:
                homes.append(f"Player {ev[i][1] + 1} {ev[i][2]}")
                i += 1
            out.append(f"Members come home from the {STREET_NAMES[d]} street field: {', '.join(homes)}")
            continue
        elif k == E_GOOD:
            _, p, c, g, got = e
            if got:
                out.append(f"The {comp.craftsmen[c]} delivers {_a(comp.goods[g])} to Player {p + 1}")
            else:
                out.append(f"The {comp.craftsmen[c]} cannot deliver to Player {p + 1}: no {comp.goods[g]} left")
        elif k == E_CARRY:
            out.append(f"The {comp.craftsmen[e[1]]}: {_plural(e[2], 'contract')} not fulfilled, "
                       "carried over to next week")
        elif k == E_SAIL:
            ship, pos = e[1], e[2]
            city = comp.ships[ship].city
            pays = []
            i += 1
            while i < len(ev) and ev[i][0] == E_PAY:
                _, p, value, _c, h = ev[i]
                hold = "extra hold" if h < 0 else f"hold {h + 1}"
                pays.append(f"Player {p + 1} {value} {comp.currencies[city]} ({hold})")
                i += 1
            paid = "; pays " + ", ".join(pays) if pays else ", empty"
            out.append(f"The ship to {comp.cities[city]} at place {ROMAN[pos]} sails{paid}")
            continue
        elif k == E_AUTOPASS:
            step = e[2]
            seats = []
            while i < len(ev) and ev[i][0] == E_AUTOPASS and ev[i][2] == step:
                seats.append(ev[i][1])
                i += 1
            out.append(f"{_names(seats)} {CANNOT.get(step, 'can do nothing more')} and "
                       f"{'passes' if len(seats) == 1 else 'pass'}")
            continue
        elif k == E_RELIC_GONE:
            out.append(f"Not secured, discarded: {relic_words(s, e[1])}")
        elif k == E_WINDOW:
            _, c, p, amount = e
            cur = comp.currencies[c]
            if p >= 0:
                out.append(f"The {comp.cities[c]} church window goes to Player {p + 1}, "
                           f"who pays {amount} {cur}")
            elif amount > 0:
                out.append(f"The {comp.cities[c]} church window: a tie at {amount} {cur}, nobody gets it")
            else:
                out.append(f"The {comp.cities[c]} church window: nobody has {cur}")
        elif k == E_OVER:
            parts = []
            for p in range(s.n):
                it = s.score_items(p)
                parts.append(f"Player {p + 1} {_plural(it['total'], 'point')} (relics {it['relics']}, "
                             f"shrines {it['shrines']}, windows {it['windows']})")
            out.append(f"Final scoring after {DAYS[6].capitalize()} of week {s.scalars[0]}: " + "; ".join(parts))
        i += 1
    return out
