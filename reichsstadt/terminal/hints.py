"""The terminal's ? : the move a bot would make, as the numbers to type.

A hint names a move in words, but a newcomer types numbers: "Hint: move the robber to
T16" leaves them searching a list of 29 for it. So the hint says the keys too. Where the
move is a part of a set typed on one line (plan three guilds, discard four cards), one
hint is only the set's first part, and typing it alone would end the set there; the bot
is asked again for each further part on a copy of the position, so the keys are a whole
line that can be typed as it is."""

from __future__ import annotations

from typing import Any, Sequence

from ..core import Action, IllegalAction, Pick, State

FURTHER_SECONDS = 0.3
"""The search time for each part of a set after the first (the first has the hint bot's
whole budget): a set of four parts then costs under two seconds of waiting."""


def hinted_line(state: State, seat: int, keys: dict[Action, str], pick: Pick | None, lang: str,
                names: Sequence[str]) -> tuple[dict[str, Any], list[str], list[str]]:
    """The first hint (hint_for's answer), then the keys to type and each part's words:
    one key for a move of its own, one per part for a set; no keys where the hinted move
    is not in `keys` (the menu's actions and their keys)."""
    from ..bots.hint import hint_for

    found = hint_for(state.clone(), seat, lang=lang, names=names)
    first = Action.from_json(found["action_json"])
    if first not in keys:
        return found, [], [found["text"]]
    chosen, texts = [first], [found["text"]]
    if pick is not None and first in pick.parts:
        trial = state.clone()
        while len(chosen) < pick.most:
            trial.apply(seat, chosen[-1])
            if seat not in trial.to_act():   # the set ended by itself (its last part)
                break
            try:
                more = hint_for(trial.clone(), seat, lang=lang, names=names, seconds=FURTHER_SECONDS)
            except IllegalAction:
                break
            action = Action.from_json(more["action_json"])
            if action not in pick.parts or action not in trial.legal(seat):   # the bot would end the set here
                break
            chosen.append(action)
            texts.append(more["text"])
    # a set in the menu's order ("2 2 4 4"), as the heading's example is written; order does not matter
    pairs = sorted(zip([keys[a] for a in chosen], texts), key=lambda kt: int(kt[0]) if kt[0].isdigit() else 0)
    return found, [k for k, _ in pairs], [t for _, t in pairs]
