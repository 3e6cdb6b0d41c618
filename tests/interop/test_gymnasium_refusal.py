"""Gymnasium's `illegal="raise"` says why an index is refused in a sentence that fits any
index (s19 research L7). The action space holds the chance outcomes too (always masked),
and the engine's "Player 1 cannot {move} now" read "Player 1 cannot first player, chosen
at random: Player 1 now: …" for one of them."""

import numpy as np
import pytest

import reichsstadt
from reichsstadt.interop import gymnasium as rgym


def _index(env, kind):
    return next(i for i, a in enumerate(env.play.session.space.actions) if a.type == kind)


def test_a_chance_outcome_chosen_by_the_learner_is_refused_in_a_sentence():
    env = rgym.ReichsstadtEnv("siedler", 4, illegal="raise")
    env.reset(seed=1)
    first = _index(env, "first")                  # the draw of the first player: chance's, never a seat's
    assert not env.action_masks()[first]
    with pytest.raises(reichsstadt.IllegalAction) as refused:
        env.step(first)
    said = str(refused.value)
    assert said.startswith(f"action {first} (first player, chosen at random: you) is not one of your legal "
                           "moves now: "), said
    assert "cannot first player" not in said


def test_a_move_of_the_game_is_refused_with_the_rule_it_breaks():
    env = rgym.ReichsstadtEnv("siedler", 4, illegal="raise")
    env.reset(seed=1)
    workshop = next(i for i in np.flatnonzero(~env.action_masks())
                    if env.play.session.space.actions[i].type == "workshop")
    with pytest.raises(reichsstadt.IllegalAction, match=rf"^action {workshop} \(build a workshop on .*\) is not one "
                                                          r"of your legal moves now: a workshop costs .*you lack"):
        env.step(int(workshop))


def test_a_card_drawn_outside_its_moment_names_no_seat():
    """A Siedler card drawn when no card is owed (an index the learner chose at the
    game's start) is described as a random card, not as a draw "from Player 0" (the
    seat of nobody, counted from 0)."""
    env = rgym.ReichsstadtEnv("siedler", 4, illegal="raise")
    env.reset(seed=1)
    card = _index(env, "card")
    with pytest.raises(reichsstadt.IllegalAction) as refused:
        env.step(card)
    said = str(refused.value)
    assert said.startswith(f"action {card} (a random resource card) is not one of your legal moves now"), said
    assert "Player 0" not in said
