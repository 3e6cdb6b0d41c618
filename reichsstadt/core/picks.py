"""Multi-part choices as people make them: a set of parts picked at once, turned into the
engine's chain of small actions (in the engine's canonical order), checked on a copy so
that a set the rules refuse changes nothing."""

from __future__ import annotations

from typing import Sequence

from .actions import Action
from .contract import Pick, State
from .errors import IllegalAction
from .messages import Message


def chain(state: State, seat: int, pick: Pick, chosen: Sequence[Action]) -> list[Action]:
    """The engine's chain for the parts `chosen` (any order; repeats where allowed), tried
    on a clone: IllegalAction with the engine's reason if the rules refuse any step."""
    if len(chosen) < pick.least or len(chosen) > pick.most:
        raise IllegalAction(Message("core.pick.count", least=pick.least, most=pick.most, count=len(chosen)))
    order = {a: i for i, a in enumerate(pick.parts)}
    if any(a not in order for a in chosen):
        raise IllegalAction(Message("core.pick.unknown"))
    if not pick.repeat and len(set(chosen)) != len(chosen):
        raise IllegalAction(Message("core.pick.twice"))
    steps = sorted(chosen, key=order.__getitem__)
    trial = state.clone()
    out: list[Action] = []
    for a in steps:
        trial.apply(seat, a)
        out.append(a)
    if pick.finish is not None and seat in trial.to_act() and pick.finish in trial.legal(seat):
        trial.apply(seat, pick.finish)
        out.append(pick.finish)
    return out
