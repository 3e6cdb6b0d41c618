"""What each seat saw of every move so far: the history behind OpenSpiel's information
state and the adapters' opt-in history encoding.

A move is seen whole by a seat, or only as "a move of this kind by that player": the
game's own words decide, the same words its log gives each reader (`state.describe(seat,
action, viewer)`, which the hidden-information audit of the server checks):

- a seat always sees its own moves;
- another player's move is seen whole when the viewer's words for it are the mover's own
  (a secret plan, a vote, a family card chosen face down read "… face down" to the
  others: their content is hidden);
- a chance draw is seen whole by everyone when every reader gets the same words, and
  otherwise by those whose words say more than a spectator's (a stolen card, a blind
  draw: the thief and the victim, the drawer).

`History` listens to a `core.Match` (or is told each move by an adapter) and keeps, per
move, who made it, its kind, its action index and which seats saw it whole. The encoding
(`HistoryEncoding`) is documented in docs/research.md with the observations."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..core import CHANCE, Action, ActionSpace
from .encoding import Slice

if TYPE_CHECKING:
    from ..core import State

SEEN_TOP = 20          # counts of seen moves are divided by this, 20 or more as 1


class History:
    """Every move of one game: (actor, kind, action index, bit mask of the seats that saw
    it whole), and per seat the counts the encoding reads."""

    def __init__(self, space: ActionSpace, players: int) -> None:
        self.space = space
        self.players = players
        self.kinds = action_kinds(space)
        self.kind_of = [self.kinds.index(a.type) for a in space]
        self.moves: list[tuple[int, int, int, int]] = []
        n, width = players + 1, len(space)
        self.seen = np.zeros((players, n, width), np.int32)
        self.hidden = np.zeros((players, n, len(self.kinds)), np.int32)

    def __call__(self, seat: int, action: Action, state: State) -> None:
        """A move about to be made (the signature of `Match.listeners`)."""
        self.add(seat, self.space.encode(action), seen_by(state, seat, action))

    def add(self, actor: int, index: int, mask: int) -> None:
        kind = self.kind_of[index]
        self.moves.append((actor, kind, index, mask))
        n = self.players
        for v in range(n):
            who = n if actor == CHANCE else (actor - v) % n
            if mask >> v & 1:
                self.seen[v, who, index] += 1
            else:
                self.hidden[v, who, kind] += 1

    def believed_by(self, seat: int) -> History:
        """The history as `seat` knows it: what it did not see whole is hidden from every
        seat (the history of a state drawn by `sample(seat)`: the other seats' private
        sightings are unknown to `seat`)."""
        other = History.__new__(History)
        other.space, other.players, other.kinds, other.kind_of = self.space, self.players, self.kinds, self.kind_of
        other.moves = []
        other.seen = np.zeros_like(self.seen)
        other.hidden = np.zeros_like(self.hidden)
        for actor, _, index, mask in self.moves:
            other.add(actor, index, mask if mask >> seat & 1 else 0)
        return other

    def copy(self) -> History:
        other = History.__new__(History)
        other.__dict__.update(self.__dict__)
        other.moves = self.moves[:]
        other.seen = self.seen.copy()
        other.hidden = self.hidden.copy()
        return other

    def text(self, seat: int) -> str:
        """What `seat` saw, one token per move: who (you, +1, …, C for chance), then the
        action's index, or its kind and "?" when its content was hidden."""
        n = self.players
        out = []
        for actor, kind, index, mask in self.moves:
            who = "C" if actor == CHANCE else ("you" if actor == seat else f"+{(actor - seat) % n}")
            out.append(f"{who}:{index}" if mask >> seat & 1 else f"{who}:{self.kinds[kind]}?")
        return " ".join(out)


def action_kinds(space: ActionSpace) -> list[str]:
    """The kinds (`Action.type`) of a game's actions, in the order they first appear."""
    return list(dict.fromkeys(a.type for a in space))


def seen_by(state: State, seat: int, action: Action) -> int:
    """The seats that see `action` of `seat` whole (a bit mask), by the game's words."""
    n = state.players
    everyone = (1 << n) - 1
    describe = state.describe
    if seat == CHANCE:
        public = describe(CHANCE, action, None)
        words = [describe(CHANCE, action, v) for v in range(n)]
        if all(w == public for w in words):
            return everyone
        return sum(1 << v for v in range(n) if words[v] != public)
    own = describe(seat, action, seat)
    mask = 1 << seat
    for v in range(n):
        if v != seat and describe(seat, action, v) == own:
            mask |= 1 << v
    return mask


class HistoryEncoding:
    """The history slices of an encoding (after the observation's): the last `recent`
    moves, and every move seen so far counted per player and action."""

    def __init__(self, space: ActionSpace, players: int, recent: int) -> None:
        if isinstance(recent, bool) or not isinstance(recent, int) or recent < 1:
            raise ValueError(f"history must be a number of recent moves, 1 or more, not {recent!r}")
        self.players = players
        self.recent = recent
        self.kinds = action_kinds(space)
        self.actions = len(space)
        self.token = players + 1 + len(self.kinds) + self.actions
        who = ("you", *(f"+{k}" for k in range(1, players)), "chance")
        n = players + 1
        self.slices = [
            Slice("history_recent", recent * self.token, 0, 1,
                  f"the last {recent} moves, the latest first, each as {self.token} numbers: who made it, one-hot "
                  f"({', '.join(who)}); its kind, one-hot ({', '.join(self.kinds)}); the action, one-hot over the "
                  f"{self.actions} action indices (all zero when you did not see it whole: another player's secret "
                  f"choice, a card drawn for someone else); all zero before the game's first moves"),
            Slice("history_seen", n * self.actions, 0, 1,
                  f"every move you saw whole since the start, counted per player ({', '.join(who)}) and action "
                  f"index, ÷ {SEEN_TOP} ({SEEN_TOP} or more as 1)"),
            Slice("history_hidden", n * len(self.kinds), 0, 1,
                  f"every move whose content was hidden from you, counted per player ({', '.join(who)}) and kind, "
                  f"÷ {SEEN_TOP} ({SEEN_TOP} or more as 1)"),
        ]
        self.size = sum(s.size for s in self.slices)

    def fill(self, history: History, seat: int, out: np.ndarray) -> None:
        """Write `seat`'s history into `out` (this encoding's entries only, zeroed)."""
        n, token = self.players, self.token
        at = 0
        for actor, kind, index, mask in reversed(history.moves[-self.recent:]):
            out[at + (n if actor == CHANCE else (actor - seat) % n)] = 1.0
            out[at + n + 1 + kind] = 1.0
            if mask >> seat & 1:
                out[at + n + 1 + len(self.kinds) + index] = 1.0
            at += token
        at = self.recent * token
        seen = history.seen[seat].ravel()
        np.minimum(seen / SEEN_TOP, 1.0, out=out[at:at + seen.size])
        at += seen.size
        hidden = history.hidden[seat].ravel()
        np.minimum(hidden / SEEN_TOP, 1.0, out=out[at:at + hidden.size])
