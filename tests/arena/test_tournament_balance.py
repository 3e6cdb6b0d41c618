"""With more entrants than seats, every entrant meets every other equally often (every
combination of `players` of them plays, seat-rotated), so a win share does not depend on
the order of --bots. A tournament of as many entrants as seats (every measured strength,
benchmarks/strength/*) schedules the very games it did, and a results file written
under the old schedule (format 1) keeps it when resumed or reported."""

import itertools
import json
import math
from collections import Counter
from pathlib import Path

import pytest

from reichsstadt.arena.results import Header, read
from reichsstadt.arena.tournament import check_settings, report, schedule, seatings, tournament
from reichsstadt.core import BadOption
from reichsstadt.core.registry import register

from tests.core.toygame import GAME as TOY

register(TOY)
ROOT = Path(__file__).resolve().parents[2]


def old_schedule(bots, players, games, seed):
    """The schedule before: k seatings a block, entrant (r + s) mod k in seat s."""
    k = len(bots)
    out = []
    for b in range(max(1, math.ceil(games / k))):
        for r in range(k):
            seating = [(r + s) % k for s in range(players)]
            out.append((b, r, seed + b, tuple(bots[e] for e in seating), tuple(seating)))
    return out


def shape(tasks):
    return [(t.block, t.rotation, t.seed, t.bots, t.entrants) for t in tasks]


@pytest.mark.parametrize("k,players", [(4, 2), (5, 3), (3, 2), (6, 4)])
def test_every_entrant_meets_every_other_equally_often(k, players):
    tasks = schedule("toy", [f"b{i}" for i in range(k)], players, 1)
    meetings = Counter(frozenset(p) for t in tasks for p in itertools.combinations(t.entrants, 2))
    assert set(meetings) == {frozenset(p) for p in itertools.combinations(range(k), 2)}
    assert len(set(meetings.values())) == 1
    in_seat = Counter((e, s) for t in tasks for s, e in enumerate(t.entrants))
    assert len(in_seat) == k * players and len(set(in_seat.values())) == 1
    assert len(tasks) == math.comb(k, players) * players


def test_the_order_of_the_bots_does_not_choose_the_opponents():
    one = schedule("toy", ["a", "b", "c", "d"], 2, 12)
    two = schedule("toy", ["a", "c", "b", "d"], 2, 12)
    assert Counter(frozenset(t.bots) for t in one) == Counter(frozenset(t.bots) for t in two)


def test_as_many_entrants_as_seats_schedule_the_games_they_did():
    folders = sorted((ROOT / "benchmarks/strength").glob("*/results.jsonl"))
    assert folders
    for path in folders:
        header, _ = read(path.parent)
        assert len(header.bots) == header.players and header.format == 1, path
        want = old_schedule(header.bots, header.players, header.games, header.seed)
        assert shape(schedule(header.game, header.bots, header.players, header.games, header.seed)) == want
        assert shape(schedule(header.game, header.bots, header.players, header.games, header.seed,
                              format=header.format)) == want
    written, *_ = check_settings("toy", ["random", "random"], 2, 4)
    assert written.format == 1     # the file reads as before


def test_a_file_of_the_old_schedule_keeps_it(tmp_path):
    folder = tmp_path / "t"
    folder.mkdir()
    bots = ["random", "random", "random", "random"]
    header = Header("toy", 2, bots, 3, 8, {}, 8, format=1)
    (folder / "results.jsonl").write_text(json.dumps(header.to_json()) + "\n")
    found, tasks, _, _ = check_settings("toy", bots, 2, 8, seed=3, out=folder, resume=True)
    assert found.format == 1 and shape(tasks) == old_schedule(bots, 2, 8, 3)
    result = tournament("toy", bots, 2, 8, seed=3, jobs=1, out=folder, resume=True)
    assert sorted(tuple(g.entrants) for g in result.games) == sorted(t[4] for t in old_schedule(bots, 2, 8, 3))
    again, _ = report(folder)
    assert again.format == 1 and len(again.block()) == 4
    new, *_ = check_settings("toy", bots, 2, 8, seed=3, out=tmp_path / "new")
    assert new.format == 2 and new.scheduled == 12


def test_too_many_combinations_are_refused_at_once():
    with pytest.raises(BadOption, match="64 bots for 8 seats make"):
        seatings(64, 8)
