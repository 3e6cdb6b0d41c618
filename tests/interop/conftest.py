"""The research adapters' tests run on every game this installation plays (and on the
core's toy game, registered here; it declares its encoder, tests/interop/toy_encoder.py), at every player count."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

import reichsstadt
from reichsstadt.core import register
from tests.core.toygame import GAME as TOY

register(TOY)


def game_counts() -> list:
    """(game id, players) for every game and player count; a game that cannot be loaded
    gives one case whose test fails with the reason (never a skip)."""
    cases = []
    for gid in reichsstadt.game_ids():
        try:
            counts = list(reichsstadt.game(gid).players)
        except Exception:  # noqa: BLE001
            cases.append(pytest.param(gid, None, id=f"{gid}-unloadable"))
            continue
        cases += [pytest.param(gid, n, id=f"{gid}-{n}") for n in counts]
    return cases


GAME_COUNTS = game_counts()


def loaded(gid: str, players: int | None) -> int:
    """The player count, after loading the game (its own error if it cannot be loaded)."""
    game = reichsstadt.game(gid)
    assert players is not None, f"{gid} loaded this time but not at collection"
    game.info(players)  # the GameInfo the adapters need
    return players


@contextmanager
def only_warnings(*allowed: str) -> Iterator[None]:
    """Run a suite and fail on any warning but those whose text contains one of `allowed`."""
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        yield
    unexpected = sorted({str(w.message) for w in seen if not any(a in str(w.message) for a in allowed)})
    assert not unexpected, f"unexpected warnings: {unexpected}"
