"""A bot of one's own that fails inside an env is a BotError (a BadOption, as before),
naming the bot and its line, with the bot's own exception as the cause, so that an
agent's training loop can tell a broken opponent from a bad option."""

from __future__ import annotations

import numpy as np
import pytest

from reichsstadt import BadOption, BotError
from reichsstadt.interop import gymnasium as rgym


class Breaks:
    name = "breaks"

    def act(self, seat):
        raise RuntimeError("my opponent blew up")


def test_an_opponent_that_raises_is_a_bot_error_caused_by_its_exception() -> None:
    env = rgym.ReichsstadtEnv("norenberc", 2, seat=0, opponents=[Breaks()])
    with pytest.raises(BotError) as failed:
        env.reset(seed=3)   # the opponent may move first
        for _ in range(500):
            mask = env.action_masks()
            env.step(int(np.flatnonzero(mask)[0]))
    assert isinstance(failed.value, BadOption)
    assert isinstance(failed.value.__cause__, RuntimeError)
    said = str(failed.value)
    assert "bot 'breaks'" in said and "RuntimeError: my opponent blew up" in said and "test_bot_errors.py" in said, said
