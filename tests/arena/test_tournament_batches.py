"""Every game of a possibly slow bot reaches results.jsonl as it ends (a task a game):
the searching levels (hard, expert), any mcts spec, and bots of one's own or plug-ins,
whose speed nobody knows. Only the fast bots' games go in batches."""

import pytest

from reichsstadt.arena.tournament import _batches, schedule
from reichsstadt.arena.workers import batch_size


@pytest.mark.parametrize("bots", [["hard", "medium", "medium", "medium"], ["expert", "easy", "easy", "easy"],
                                  ["mcts:200", "random", "random", "random"],
                                  ["reichsstadt.interop.bots:first_legal", "random", "random", "random"]])
def test_a_possibly_slow_bot_plays_a_game_a_task(bots):
    tasks = schedule("colonia", bots, 4, 96)
    assert {len(b) for b in _batches(tasks, 2)} == {1}
    assert batch_size(bots, "colonia", 96, 2) == 1     # simulate's chunks too


def test_fast_bots_are_still_batched():
    tasks = schedule("colonia", ["medium", "easy", "greedy", "random"], 4, 96)
    assert len(_batches(tasks, 2)[0]) == 6
    assert batch_size(["random", "greedy"], "norenberc", 1000, 2) == 50
