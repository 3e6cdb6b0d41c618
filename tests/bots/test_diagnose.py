"""benchmarks/strength_diagnose.py: the positions it asks about (`--searched`: only the
decisions a rollout search looks at in play) and its summaries pooled over runs."""

import json

import pytest

from reichsstadt.bots.heuristic import search_aids
from tests.bots.benchmark_tools import load

diagnose = load("strength_diagnose")


def test_searched_positions_are_only_the_decisions_the_rollout_search_looks_at():
    """Norenberc's payments and first places are the heuristic's in play: with
    `searched` they are never asked about, without it some are."""
    aids = search_aids("norenberc", "fast")
    every = diagnose.positions("norenberc", 4, 12, 4, 600_000)
    only = diagnose.positions("norenberc", 4, 12, 4, 600_000, searched=True)
    assert len(only) == 12
    assert all(aids.searched(s.view(s.to_act()[0])) for s in only)
    assert not all(aids.searched(s.view(s.to_act()[0])) for s in every)


def _run(path, specs, moves):
    """A run's --out file: per position, each spec's move (the last spec values them)."""
    with path.open("w", encoding="utf-8") as f:
        for i, chosen in enumerate(moves):
            values = [{"move": {"type": "plan", "guild": g}, "visits": 10, "value": 0.5 + 0.1 * g} for g in range(3)]
            answers = [{"spec": s, "move": {"type": "plan", "guild": g}, "heuristic": g == 0, "iterations": 10,
                        "cpu": 1.0, "candidates": 3, "share": 0.5, "gap": 0.1, "actions": values}
                       for s, g in zip(specs, chosen)]
            f.write(json.dumps({"position": i, "phase": "planning", "heuristic": {"type": "plan", "guild": 0},
                                "answers": answers}) + "\n")


def test_runs_of_the_same_specs_are_pooled_and_others_refused(tmp_path, capsys):
    specs = ["mcts:3s", "mcts:3s:kinds=1", "mcts:12s:race=inf"]
    _run(tmp_path / "a.jsonl", specs, [(0, 1, 2), (0, 0, 2)])
    _run(tmp_path / "b.jsonl", specs, [(0, 2, 2)])
    diagnose.summarize([tmp_path / "a.jsonl", tmp_path / "b.jsonl"], tmp_path / "s.md", 2)
    out = capsys.readouterr().out
    assert out.startswith("3 positions")
    # [1]'s moves above the heuristic's: +0.1, 0, +0.2 (mean +0.1), paired with [0]'s (all 0)
    assert "[1] mcts:3s:kinds=1: the reference's best move 1/3, its moves above the heuristic's +0.1000" in out
    assert "a.jsonl b.jsonl --reference 2" in (tmp_path / "s.md").read_text(encoding="utf-8")
    _run(tmp_path / "c.jsonl", ["mcts:3s", "mcts:3s:k=8", "mcts:12s:race=inf"], [(0, 1, 2)])
    with pytest.raises(SystemExit, match="c.jsonl: other specs than"):
        diagnose.summarize([tmp_path / "a.jsonl", tmp_path / "c.jsonl"], None, 2)
