"""The terminal replay reads like the browser's log: an offer put together card by card
is one line stating the whole offer; stepping through the game still stops at each step."""

from __future__ import annotations

import io

import pytest

from rich.console import Console

from reichsstadt.bots import make_bot
from reichsstadt.core import Match, Record
from reichsstadt.terminal.replay import print_replay, step_replay
from reichsstadt.terminal.words import Words

STEP = "finish this side of the offer"


@pytest.fixture(scope="module")
def record() -> Record:
    """A whole Siedler game of medium bots (they make offers to each other)."""
    match = Match("siedler", 3, seed=11, names=["Ann", "Medium bot 1", "Medium bot 2"])
    match.run({seat: make_bot("greedy", seed=seat) for seat in range(3)})
    return match.record


def printed(show: object) -> str:
    out = io.StringIO()
    show(Console(file=out, width=200, color_system=None))  # type: ignore[operator]
    return out.getvalue()


def test_an_offer_is_one_line_stating_the_whole_offer(record: Record) -> None:
    words = Words("en", record.names)
    text = printed(lambda c: print_replay(record, c, words))
    offers = [line for line in text.splitlines() if ": offer " in line and " for " in line]
    assert offers, "the bots made no offer to each other"
    assert STEP not in text and " more" not in text.replace("no more", ""), text[:2000]


def test_stepping_through_still_stops_at_every_step_of_an_offer(record: Record) -> None:
    words = Words("en", record.names)
    answers = iter([""] * len(record.moves) + ["q"])
    text = printed(lambda c: step_replay(record, c, words, lambda _prompt: next(answers)))
    assert STEP in text
