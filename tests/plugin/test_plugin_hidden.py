"""The hidden-information check a game of one's own can run in its own tests
(`reichsstadt.core.conformance.check_hidden`), without a checkout of reichsstadt: the
twin-state audit of tests/server/test_server_hidden.py at the engine's level.

`check_step`, which examples/markt/README.md gave an outsider, asks `sample()` only of
the seats to act: a game whose finished view showed every secret while its `sample`
went on drawing them anew (the first version of a dice-and-bid game written as an
outsider did exactly that with its last cards) passed it, and was caught only by the
server's audit, which a plug-in's author does not have. The test game is the one the
server's audit uses (tests/server/marketgame.py: purses secret until the end)."""

from __future__ import annotations

import random
from typing import Any, Callable

import pytest

import reichsstadt
from reichsstadt.core import CHANCE, State
from reichsstadt.core.conformance import check_hidden, check_step, random_playout
from reichsstadt.core.registry import installed_ids
from tests.server.marketgame import GAME, MarketState


def _along(game: Any, check: Callable[[State], None], every: int = 1, seed: int = 3, players: int = 3) -> int:
    """`check` at every `every`-th state of a random game; how many states it saw."""
    seen = [0]

    def step(state: State) -> None:
        seen[0] += 1
        if seen[0] % every == 0:
            check(state)
    random_playout(game, players, seed, on_step=step)
    return seen[0]


def test_an_honest_game_passes_at_every_state() -> None:
    rng = random.Random(1)
    assert _along(GAME, lambda s: check_hidden(s, rng)) > 10


@pytest.mark.parametrize("gid", installed_ids())
def test_every_installed_game_passes(gid: str) -> None:
    """No false alarm on the games the server's audit passes (every 7th state of a game)."""
    rng = random.Random(2)
    _along(reichsstadt.game(gid), lambda s: check_hidden(s, rng), every=7, seed=5,
           players=max(3, reichsstadt.game(gid).players.start))


def _redraws_even_at_the_end(self: MarketState, seat: int, rng: random.Random) -> MarketState:
    c = self.clone()
    assert isinstance(c, MarketState)
    c.purse = [p if i == seat else rng.randrange(0, 6 * self.rounds + 1) for i, p in enumerate(self.purse)]
    return c


def test_a_finished_view_that_shows_what_a_sample_draws_anew_is_caught_where_check_step_is_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(MarketState, "sample", _redraws_even_at_the_end)
    rng = random.Random(1)
    _along(GAME, lambda s: check_step(GAME, s, rng))  # the old route's check sees nothing
    with pytest.raises(AssertionError, match="view depends on what it cannot know"):
        _along(GAME, lambda s: check_hidden(s, rng))


@pytest.mark.parametrize("leak, said", [
    ("spectator", "the spectator's view changes on a sample"),
    ("describe", "tells seat . something it cannot know"),
    ("confirm", "the confirmation of .* tells seat . something it cannot know"),
    ("news", "the news of .* tell .* something it cannot know"),
])
def test_each_way_of_telling_a_secret_is_caught(monkeypatch: pytest.MonkeyPatch, leak: str, said: str) -> None:
    if leak == "spectator":
        shown = MarketState.view

        def view(self: MarketState, seat: int | None) -> dict[str, Any]:
            v = shown(self, seat)
            if seat is None:
                v["table"]["purses"] = list(self.purse)
            return v
        monkeypatch.setattr(MarketState, "view", view)
    elif leak == "describe":
        monkeypatch.setattr(MarketState, "describe", lambda self, seat, action, viewer: (
            f"{action.amount} coins" if seat == CHANCE else f"{action.type} ({sum(self.purse)} in the purses)"))
    elif leak == "confirm":
        monkeypatch.setattr(MarketState, "confirm", lambda self, seat, action: f"{sum(self.purse)} coins in all")
    else:
        monkeypatch.setattr(MarketState, "news", lambda self, viewer: [f"{sum(self.purse)} coins in the purses"])
    rng = random.Random(1)
    with pytest.raises(AssertionError, match=said):
        _along(GAME, lambda s: check_hidden(s, rng))
