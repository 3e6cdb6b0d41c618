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


def test_results_are_written_whole_or_not_at_all(tmp_path, monkeypatch):
    """A write that fails (a full disk, a file size limit) leaves the previous results as
    they were and names the file; a new file gets the mode a plain open() gives."""
    import os
    import stat

    results = simulate("toy", 3, 2, seed=3)
    s = summarize("toy", 2, ["random"] * 2, results)
    out = tmp_path / "r.json"
    write_results(out, s, results)
    before = out.read_text()
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~umask

    class FullDisk:   # a file whose every write fails, as on a full disk
        def __init__(self, fd, *args, **kwargs):
            self.fd = fd

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            os.close(self.fd)

        def write(self, text):
            raise OSError(28, "No space left on device")

    (tmp_path / "r.csv").write_text(before)
    for name in ("r.json", "r.csv"):
        with monkeypatch.context() as m, pytest.raises(OSError) as failed:
            m.setattr(os, "fdopen", FullDisk)
            write_results(tmp_path / name, s, simulate("toy", 6, 2, seed=4))
        assert failed.value.filename == str(tmp_path / name) and "No space left" in str(failed.value)
        assert (tmp_path / name).read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv", "r.json"]   # no temporary file left


@pytest.mark.parametrize("kwargs, message", [
    ({"bots": ["random"]}, "1 bots named for 2 players"),
    ({"bots": ["random", "genius"]}, "unknown bot 'genius'"),
    ({"jobs": 0}, "--jobs must be at least 1"),
    ({"options": {"speed": 3}}, "no option 'speed'"),
])
def test_bad_requests_are_named(kwargs, message):
    with pytest.raises(BadOption, match=message):
        simulate("toy", 3, 2, **kwargs)


def test_a_huge_number_of_games_is_refused_and_jobs_are_capped():
    """A typo of a huge --games is refused at once (it failed deep inside, or planned for
    ever); more --jobs than games or cores start no more processes than are of use."""
    with pytest.raises(BadOption, match="--games must be from 1 to 10,000,000, not 0"):
        simulate("toy", 0, 2)
    with pytest.raises(BadOption, match="--games must be from 1 to 10,000,000"):
        simulate("toy", 10**23, 2)
    assert len(simulate("toy", 2, 2, jobs=100_000)) == 2
