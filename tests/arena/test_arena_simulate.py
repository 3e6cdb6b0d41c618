"""Bulk simulation and its statistics, on the toy game (the real games have their own
runs in tests/cli)."""

import csv
import json

import pytest

from reichsstadt.arena.simulate import play_one, simulate, summarize, write_results
from reichsstadt.core import BadOption
from reichsstadt.core.registry import register

from tests.core.toygame import GAME as TOY

register(TOY)


def test_same_seed_same_game_and_processes_agree():
    one = simulate("toy", 40, 3, seed=7, jobs=1)
    two = simulate("toy", 40, 3, seed=7, jobs=2)
    assert [r.seed for r in two] == list(range(7, 47))
    assert [(r.scores, r.decisions) for r in one] == [(r.scores, r.decisions) for r in two]
    assert play_one("toy", 3, 9, {"target": 10}, ["random"] * 3) == one[2]


def test_summary_counts_every_win_once():
    results = simulate("toy", 60, 2, seed=1)
    s = summarize("toy", 2, ["random", "random"], results)
    assert s.games == 60
    assert sum(s.wins) == pytest.approx(60)
    assert s.mean_score == [pytest.approx(sum(r.scores[i] for r in results) / 60, abs=1e-3) for i in range(2)]
    assert s.mean_breakdown[0]["points"] == pytest.approx(s.mean_score[0], abs=1e-3)
    assert s.decisions["min"] <= s.decisions["mean"] <= s.decisions["max"]


def test_results_written_as_json_and_csv(tmp_path):
    results = simulate("toy", 5, 2, seed=3)
    s = summarize("toy", 2, ["random"] * 2, results)
    write_results(tmp_path / "r.json", s, results)
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["summary"]["games"] == 5 and len(data["games"]) == 5
    write_results(tmp_path / "r.csv", s, results)
    rows = list(csv.DictReader((tmp_path / "r.csv").open()))
    assert len(rows) == 10 and {"seed", "seat", "score", "rank", "won", "win_share", "vp_points"} <= set(rows[0])
    assert {r["seat"] for r in rows} == {"1", "2"}                       # seats count from 1, as on screen
    assert "counted from 1" in data["seats"]
    assert all(w in (1, 2) for g in data["games"] for w in g["winners"])
    with pytest.raises(BadOption, match=r"\.json or \.csv"):
        write_results(tmp_path / "r.txt", s, results)


@pytest.mark.parametrize("kwargs, message", [
    ({"bots": ["random"]}, "1 bots named for 2 players"),
    ({"bots": ["random", "genius"]}, "unknown bot 'genius'"),
    ({"jobs": 0}, "--jobs must be at least 1"),
    ({"options": {"speed": 3}}, "no option 'speed'"),
])
def test_bad_requests_are_named(kwargs, message):
    with pytest.raises(BadOption, match=message):
        simulate("toy", 3, 2, **kwargs)
