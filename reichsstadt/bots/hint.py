"""Hints: the move a bot would make for a seat, with its estimate, as JSON (for the
server, the terminal's ? and `reichsstadt hint RECORD`)."""

from __future__ import annotations

from typing import Any, Sequence

from ..core import CHANCE, IllegalAction, Message, Seat, State
from ..core.runner import foreign_failure
from .levels import HINT_LEVEL
from .specs import bounded, make_bot

DEFAULT_HINT_BOT = HINT_LEVEL
"""Hints ask the hard level (levels.py) unless told otherwise."""

PRIOR_PLAYOUTS = 4
"""A player is shown the chance to win of a hint's move as its playouts' win rate drawn
toward the fair share (one in `players`), as if this many more playouts had ended there.
The move shown is the best of a few candidates after a dozen playouts or so (a
Norenberc plan at 1 s: 10 of 11 won), and its raw rate reads far too sure ("91 %" on
the first move); with hundreds of playouts the pull is negligible. The estimate keeps
the raw figures."""


def shown_chance(win: float, visits: int, players: int) -> float:
    """The chance to win a person is shown for a hint (see PRIOR_PLAYOUTS)."""
    return (win * visits + PRIOR_PLAYOUTS / players) / (visits + PRIOR_PLAYOUTS)


def words_json(value: Any) -> dict[str, Any]:
    """describe() output as JSON: a message, or plain text from an engine that has not
    moved to messages yet (the server's protocol.words)."""
    if isinstance(value, Message):
        return value.to_json()
    return {"text": str(value)}


def hint_for(state: State, seat: int, bot: str = DEFAULT_HINT_BOT, seed: int = 0, lang: str = "en",
             names: Sequence[str] | None = None, alternatives: int = 3,
             seconds: float | None = None) -> dict[str, Any]:
    """What `bot` would play for `seat` now, and why it likes it.

    The bot sees only `seat`'s Seat (view, legal moves, sampled states), so a hint never
    tells a player anything their own view does not hold. Give the live table's snapshot
    (a clone) when the table may move on while the bot thinks. Returns
    {"seat", "bot", "action" (index in the game's action space), "action_json", "words"
    (message JSON), "text" (rendered in `lang`), "estimate" (win probability, expected
    score, playouts; None for a bot that does not search), "alternatives" (the next best
    moves, same fields)}; IllegalAction if `seat` has no decision to make now. `seconds`
    caps the search whatever the bot's own budget (the server's cap on a hint). "chance":
    what a player is shown of the move's chance to win (shown_chance), None without an
    estimate."""
    to_act = state.to_act()
    if not to_act:
        raise IllegalAction("the game is over: there is no move to hint")
    if to_act == (CHANCE,):
        raise IllegalAction("a chance draw is due, not a decision: there is no move to hint")
    if seat not in to_act:
        raise IllegalAction(f"seat {seat + 1} has no decision to make now (waiting for "
                            f"{', '.join(str(s + 1) for s in to_act)})")
    agent = bounded(make_bot(bot, seed, state.game_id), seconds)
    view = Seat(state, seat)
    search = getattr(agent, "search", None)
    others: list[dict[str, Any]] = []
    if search is not None:
        decision = search(view)
        action = decision.action
        estimate: dict[str, Any] | None = decision.estimate()
        for st in decision.actions[1:1 + alternatives]:
            others.append({**move_json(state, seat, st.action, lang, names), "visits": st.visits,
                           "win": round(st.win, 4), "score": None if st.score != st.score else round(st.score, 2)})
    else:
        try:
            action = agent.act(view)
        except BaseException as exc:
            failure = foreign_failure(exc, [agent])
            if failure is None:
                raise
            raise failure from exc
        estimate = None
    chance = None if estimate is None else round(shown_chance(estimate["win"], estimate["visits"], state.players), 4)
    return {"seat": seat, "bot": bot, **move_json(state, seat, action, lang, names), "estimate": estimate,
            "win": None if estimate is None else estimate["win"], "chance": chance, "alternatives": others}


def move_json(state: State, seat: int, action: Any, lang: str = "en",
              names: Sequence[str] | None = None) -> dict[str, Any]:
    """A move as hints and reviews give it: its index in the game's action space, its
    JSON, its words (message JSON) and its text in `lang` (as `seat` says it)."""
    from ..i18n import render

    said = state.describe(seat, action, seat)
    return {"action": state.game.encode(action, state.players), "action_json": action.to_json(),
            "words": words_json(said), "text": render(said, lang, names, seat)}
