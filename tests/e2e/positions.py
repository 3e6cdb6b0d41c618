"""Positions of random games, as the server sends them to the seat to act: its view, its
legal moves (index, action, words, confirmation) and its multi-part choice. The browser
tests draw boards from them without playing a whole game through the server."""

from __future__ import annotations

import random
from typing import Any, Callable

from reichsstadt.core import Message, State, game
from tests.walk import decisions


def words(value: Any) -> dict[str, Any]:
    return value.to_json() if isinstance(value, Message) else {"text": str(value)}


def seat_message(state: State, seat: int) -> dict[str, Any]:
    """What the server's state message holds for `seat` at `state` (view, legal, pick)."""
    g = game(state.game_id)
    space = g.action_space(state.players)
    legal = [{"index": space.encode(a), "action": a.to_json(), "words": words(state.describe(seat, a, seat)),
              "confirm": None if state.confirm(seat, a) is None else words(state.confirm(seat, a))}
             for a in state.legal(seat)] if seat in state.to_act() else []
    pick = state.pick(seat) if seat in state.to_act() else None
    return {"seat": seat, "players": state.players, "view": state.view(seat), "legal": legal,
            "pick": None if pick is None else {
        "parts": [space.encode(a) for a in pick.parts],
        "moves": [{"index": space.encode(a), "action": a.to_json(), "words": words(state.describe(seat, a, seat)),
                   "confirm": None} for a in pick.parts],
        "finish": None if pick.finish is None else space.encode(pick.finish),
        "most": pick.most, "least": pick.least, "repeat": pick.repeat}}


def decision_kind(view: dict[str, Any]) -> str:
    """The kind of a decision: the phase, and the step or the decision under way where
    the view says it (Norenberc's steps, Colonia's decisions)."""
    table = view.get("table") or {}
    current = table.get("current") if isinstance(table.get("current"), dict) else {}
    extra = current.get("step") or table.get("decision") or ""
    return f"{view['phase']}:{extra}" if extra else str(view["phase"])


def sample(game_id: str, players: list[int], per_phase: int, seed: int = 4,
           key: Callable[[dict[str, Any]], str] | None = None, games: int = 40) -> list[dict[str, Any]]:
    """Up to `per_phase` decisions of each kind (`key` of the view: its phase by default)
    along random games, with the last state of each game (its end) too."""
    g = game(game_id)
    rng = random.Random(seed)
    kind = key or decision_kind
    taken: dict[str, int] = {}
    out: list[dict[str, Any]] = []
    for _ in range(games):
        s = g.new(rng.choice(players), rng.randrange(1 << 30))
        for _, p in decisions(s, rng):
            k = kind(s.view(p))
            if taken.get(k, 0) < per_phase and rng.random() < 0.3:
                taken[k] = taken.get(k, 0) + 1
                out.append({"kind": k, **seat_message(s, p)})
        if taken.get("end", 0) < 1:
            taken["end"] = 1
            out.append({"kind": "end", **seat_message(s, 0)})
    return out
