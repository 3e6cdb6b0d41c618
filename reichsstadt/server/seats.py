"""A table's seats and clocks: who sits where (a person with a token, or a bot), who
plays for an absent person, how long each person has thought, and when a clock runs out.

A table may give a thinking time per decision ("move"), per game ("game") and how long a
person may be gone ("absent"); `deadlines()` says when each runs out. The time used is
stored with each move, so a restart keeps the clocks."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from ..core import Message
from ..i18n import render
from .schema import HUMAN, SeatRow
from .storage import token_hash

CLOCK_GRACE = 30.0   # seconds a person who comes back with a spent game clock gets per decision


@dataclass
class SeatInfo:
    kind: str                  # "human" or a bot spec
    name: str | None
    invite: str
    token_hash: str | None
    stand_in: str | None       # a bot playing for an absent person
    auto: bool = False         # the stand-in came with a clock (gone when the person returns)
    time_used: float = 0.0     # seconds thought, for a game clock

    @property
    def bot(self) -> str | None:
        """The bot that plays this seat now, if any."""
        return self.kind if self.kind != HUMAN else self.stand_in

    @property
    def joined(self) -> bool:
        return self.kind != HUMAN or self.token_hash is not None

    def row(self, seat: int) -> SeatRow:
        return SeatRow(seat, self.kind, self.name, self.invite, self.token_hash, self.stand_in, self.auto,
                       self.time_used)


class Seats:
    """The seats of one table, with its clock."""

    def __init__(self, rows: Sequence[SeatRow], clock: dict[str, Any] | None,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.list = [SeatInfo(r.kind, r.name, r.invite, r.token_hash, r.stand_in, bool(r.auto_stand_in),
                              float(r.time_used or 0.0)) for r in rows]
        self.clock = dict(clock) if clock else None
        self.now = now
        self.deciding_since: dict[int, float] = {}    # clocked seats owing a decision, since when
        t = now()
        self.away_since: dict[int, float] = {i: t for i, s in enumerate(self.list) if s.kind == HUMAN}

    def __getitem__(self, seat: int) -> SeatInfo:
        return self.list[seat]

    def __len__(self) -> int:
        return len(self.list)

    def __iter__(self) -> Any:
        return iter(self.list)

    def rows(self) -> list[SeatRow]:
        return [s.row(i) for i, s in enumerate(self.list)]

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token acts for; None for no token (a spectator). KeyError for a
        token that is no seat's."""
        if token is None:
            return None
        h = token_hash(token)
        for i, s in enumerate(self.list):
            if s.token_hash is not None and s.token_hash == h:
                return i
        raise KeyError("token")

    def names(self, lang: str = "en") -> list[str]:
        """The seats' names for what the server words itself (a board it draws, a record):
        a person who gave none (a quick game's) is "Player N" in `lang`."""
        return [s.name or (render(Message("core.player", number=i + 1), lang) if s.kind == HUMAN else s.kind)
                for i, s in enumerate(self.list)]

    def update(self, rows: Iterable[SeatRow]) -> None:
        """The seats as another process stored them."""
        for s, r in zip(self.list, rows):
            s.kind, s.name, s.token_hash, s.stand_in, s.auto = r.kind, r.name, r.token_hash, r.stand_in, bool(
                r.auto_stand_in)
            s.time_used = max(s.time_used, float(r.time_used or 0.0))

    # -- clocks ------------------------------------------------------------------------
    def clocked(self, seat: int) -> bool:
        s = self.list[seat]
        return self.clock is not None and s.kind == HUMAN and s.stand_in is None

    def thought(self, seat: int) -> float:
        """Seconds `seat` has thought in this game, the decision under way included."""
        since = self.deciding_since.get(seat)
        return self.list[seat].time_used + (self.now() - since if since is not None else 0.0)

    def tick(self, to_act: Iterable[int]) -> None:
        """Start the clock of every clocked seat that now owes a decision; stop the others'
        (their time thought so far is kept)."""
        t = self.now()
        acting = set(to_act)
        for seat in list(self.deciding_since):
            if seat not in acting or not self.clocked(seat):
                self.list[seat].time_used += t - self.deciding_since.pop(seat)
        for seat in acting:
            if seat >= 0 and self.clocked(seat) and seat not in self.deciding_since:
                self.deciding_since[seat] = t

    def moved(self, seat: int, used: float) -> None:
        """`seat` made a move after thinking `used` seconds in all: its clock restarts."""
        self.list[seat].time_used = used
        self.deciding_since[seat] = self.now()

    def deadlines(self, connected: Callable[[int], bool]) -> list[tuple[float, int, str]]:
        """(when, seat, why) of every clock that can run out: a decision's thinking time
        ("move"), a seat's time for the game ("game"), a person gone too long ("absent")."""
        if self.clock is None:
            return []
        out = []
        per_move, per_game, absent = self.clock.get("move"), self.clock.get("game"), self.clock.get("absent")
        for seat, since in self.deciding_since.items():
            if per_move:
                out.append((since + per_move, seat, "move"))
            if per_game:
                out.append((since + max(0.0, per_game - self.list[seat].time_used), seat, "game"))
        if absent:
            for seat, since in self.away_since.items():
                if self.clocked(seat) and not connected(seat):
                    out.append((since + absent, seat, "absent"))
        return out

    def comeback_time(self, seat: int) -> float | None:
        """The time used to store when a person with a spent game clock returns: each
        decision gets a short grace from then on (None: the clock is not spent)."""
        per_game = (self.clock or {}).get("game")
        if per_game and self.list[seat].time_used >= per_game:
            return float(per_game - min(float((self.clock or {}).get("move") or CLOCK_GRACE), CLOCK_GRACE))
        return None

    def clock_of(self, seat: int) -> dict[str, Any] | None:
        """What a seat's clock shows: seconds left for the decision under way and for the
        game (None where the table sets no such limit)."""
        if self.clock is None or self.list[seat].kind != HUMAN:
            return None
        t = self.now()
        since = self.deciding_since.get(seat)
        per_move, per_game = self.clock.get("move"), self.clock.get("game")
        return {"move_left": round(max(0.0, since + per_move - t), 1) if per_move and since is not None else None,
                "game_left": round(max(0.0, per_game - self.thought(seat)), 1) if per_game else None,
                "running": since is not None}
