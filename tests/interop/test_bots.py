"""The research side's bots: the fixed-index baselines and the learned linear policy, which
plays from a Seat (never the state) and sees exactly the observation it was trained on."""

from __future__ import annotations

import numpy as np
import pytest

import reichsstadt
from reichsstadt.core import registry
from reichsstadt.core import Match
from reichsstadt.interop.bots import (
    FirstLegal, LastLegal, LinearPolicyBot, first_legal, last_legal, linear_policy, save_policy,
)
from reichsstadt.interop.encoding import encoder

GAMES = [(gid, reichsstadt.game(gid).players.start) for gid in registry.installed_ids()]


@pytest.mark.parametrize("gid, players", GAMES)
def test_first_and_last_legal_take_the_extreme_indices_through_whole_games(gid, players):
    space = reichsstadt.game(gid).action_space(players)
    for make, pick in ((first_legal, min), (last_legal, max)):
        bot = make()
        match = Match(gid, players, 3, recording=False)

        def check(seat, action, state, bot=bot, pick=pick):
            if seat >= 0 and isinstance(bot, (FirstLegal, LastLegal)):
                assert space.encode(action) == pick(space.encode(a) for a in state.legal(seat))
        match.listeners.append(check)
        outcome = match.run({s: bot for s in range(players)}, max_moves=100_000)
        assert len(outcome.ranks) == players


def policy_file(tmp_path, gid: str, players: int, seed: int = 0):
    enc = encoder(gid, players)
    actions = len(reichsstadt.game(gid).action_space(players))
    rng = np.random.default_rng(seed)
    return save_policy(tmp_path / f"p-{gid}", rng.normal(size=(actions, enc.size)), rng.normal(size=actions),
                       gid, players)


@pytest.mark.parametrize("gid, players", GAMES)
def test_the_policy_bot_sees_the_observation_and_takes_its_likeliest_legal_move(gid, players, tmp_path):
    path = policy_file(tmp_path, gid, players)
    bot = LinearPolicyBot(path, seed=1)
    enc, space = encoder(gid, players), reichsstadt.game(gid).action_space(players)
    match = Match(gid, players, 5, recording=False)
    decided = 0
    while decided < 60:
        waiting = match.advance({})
        if not waiting:
            break
        seat = waiting[0]
        state = match.state
        true_obs = enc.encode(state, seat)
        legal = state.legal(seat)
        expected = max(legal, key=lambda a: bot.weights[space.encode(a)] @ true_obs + bot.bias[space.encode(a)])
        assert bot.act(match.seat(seat)) is expected
        match.play(seat, expected)
        decided += 1
    assert decided > 10


def test_a_policy_file_that_does_not_fit_is_refused_in_one_line(tmp_path, monkeypatch):
    path = policy_file(tmp_path, "norenberc", 2)
    bot = LinearPolicyBot(path)
    with pytest.raises(reichsstadt.BadOption, match="plays norenberc with 2 players, not norenberc with 3"):
        bot.act(Match("norenberc", 3, 1).seat(0))
    bad = tmp_path / "bad.npz"
    np.savez(bad, weights=np.zeros((3, 4)), bias=np.zeros(3), game="norenberc", players=2, format=1)
    with pytest.raises(reichsstadt.BadOption, match="trained on another encoding"):
        LinearPolicyBot(bad)
    with pytest.raises(reichsstadt.BadOption, match="policy file"):
        LinearPolicyBot(tmp_path / "missing.npz")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("REICHSSTADT_POLICY", raising=False)
    with pytest.raises(reichsstadt.BadOption, match="no policy file reinforce-siedler.npz"):
        linear_policy(game="siedler")
    monkeypatch.setenv("REICHSSTADT_POLICY", str(path))
    assert linear_policy(seed=2, game="norenberc").game == "norenberc"
