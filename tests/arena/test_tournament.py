"""Seat-rotated tournaments: the schedule, the statistics, the ratings, the files, and
MCTS measured against random bots."""

import itertools
import json
import math
import random
import socket
from collections import Counter

import pytest

from reichsstadt.arena.tournament import (
    GameResult, ratings, schedule, seatings, tournament, wilson, write,
)
from reichsstadt.core import BadOption
from reichsstadt.core.registry import register

from tests.core.toygame import GAME as TOY

register(TOY)


def played(games):
    """The games as played: every field but the timings."""
    out = []
    for g in games:
        d = g.to_json()
        d["seconds"] = 0
        d["load"] = None
        d["thinking"] = [t and {**t, "seconds": 0} for t in d["thinking"]]
        out.append(d)
    return out


@pytest.mark.parametrize("k, p", list(itertools.product(range(1, 7), range(2, 6))))
def test_every_entrant_sits_in_every_seat_equally_often(k, p):
    plan = seatings(k, p)
    assert len(plan) == (k if k <= p else math.comb(k, p) * p)   # more entrants: every p of them, rotated
    for seat in range(p):
        assert Counter(s[seat] for s in plan) == Counter({e: len(plan) // k for e in range(k)})  # as often each
    # and each entrant fills the same number of seats overall
    assert len(set(Counter(e for s in plan for e in s).values())) == 1


def test_schedule_pairs_seeds_across_rotations():
    tasks = schedule("toy", ["mcts:5", "random", "random"], 3, 7, seed=40)
    assert len(tasks) == 9  # 7 games rounded up to three rotations of three seatings
    assert [t.index for t in tasks] == list(range(9))
    for block in range(3):
        games = [t for t in tasks if t.block == block]
        assert {t.seed for t in games} == {40 + block}          # one seed per block ...
        assert sorted(t.rotation for t in games) == [0, 1, 2]   # ... played in every seating
        for seat in range(3):
            assert sorted(t.entrants[seat] for t in games) == [0, 1, 2]
    assert tasks[1].bots == ("random", "random", "mcts:5")


def test_wilson_interval():
    low, high = wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)  # the textbook example
    assert wilson(0, 10)[0] == 0 and 0.27 < wilson(0, 10)[1] < 0.28
    a, b = wilson(3, 10)
    c, d = wilson(7, 10)
    assert a == pytest.approx(1 - d) and b == pytest.approx(1 - c)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(2.5, 10)[0] < 0.25 < wilson(2.5, 10)[1]  # split wins are fractional


def _fake_games(strength, players, n, rng):
    """Games whose ranks follow a Plackett-Luce draw with the given strengths."""
    names = list(strength)
    out = []
    for i in range(n):
        seated = rng.sample(names, players)
        order, left = [], list(seated)
        while left:
            pick = rng.choices(left, weights=[strength[b] for b in left])[0]
            order.append(pick)
            left.remove(pick)
        ranks = [order.index(b) + 1 for b in seated]
        out.append(GameResult(i, i, 0, i, seated, list(range(players)), [10 - r for r in ranks], ranks,
                              [ranks.index(1)], 0, 0.0))
    return out


def test_openskill_ratings_recover_a_known_order():
    strength = {"weak": 1.0, "fair": 2.0, "good": 4.0, "best": 8.0}
    games = _fake_games(strength, 3, 600, random.Random(5))
    rated = ratings(games)
    assert sorted(rated, key=lambda b: rated[b][0]) == ["weak", "fair", "good", "best"]
    for mu, sigma, ordinal in rated.values():
        assert 0 < sigma < 2 and ordinal == pytest.approx(mu - 3 * sigma)


def test_a_tournament_of_the_toy_game_adds_up_and_is_the_same_on_any_number_of_processes(tmp_path):
    one = tournament("toy", ["mcts:20", "random"], 2, 12, seed=3, jobs=1)
    two = tournament("toy", ["mcts:20", "random"], 2, 12, seed=3, jobs=2)
    assert played(one.games) == played(two.games)
    assert one.games[0].thinking[one.games[0].bots.index("mcts:20")]["searches"] > 0
    assert len(one.games) == 12 and [g.seed for g in one.games[:4]] == [3, 3, 4, 4]
    by = {s.bot: s for s in one.summary}
    assert by["mcts:20"].seats == by["random"].seats == 12
    assert by["mcts:20"].wins + by["random"].wins == pytest.approx(12)
    for s in one.summary:
        assert s.ci_low <= s.win_share <= s.ci_high and s.fair_share == 0.5
        assert 1 <= s.mean_rank <= 2 and len(s.by_seat) == 2
    written = write(one, tmp_path / "out")
    assert [p.name for p in written] == ["results.json", "ratings.png", "wins.png", "scores.png"]
    for png in written[1:]:
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = json.loads((tmp_path / "out" / "results.json").read_text())
    assert data["seatings"] == [[0, 1], [1, 0]] and len(data["games"]) == 12
    assert {"scores", "ranks", "winners", "bots", "seed", "rotation"} <= set(data["games"][0])


def test_a_name_given_twice_is_one_bot_in_the_statistics():
    result = tournament("toy", ["random", "mcts:5", "random"], 3, 3, seed=1, jobs=1)
    assert [s.bot for s in result.summary] == ["random", "mcts:5"]
    assert [s.seats for s in result.summary] == [6, 3]
    assert sum(s.wins for s in result.summary) == pytest.approx(3)


def _closed_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("kwargs, words", [
    ({"bots": ["random", "nobody"]}, "unknown bot 'nobody'"),
    ({"bots": ["random", "mcts:zero"]}, "neither a number of iterations"),
    ({"bots": []}, "at least one bot"),
    ({"games": 0}, "--games must be from 1 to 10,000,000, not 0"),
    ({"games": 10**23}, "--games must be from 1 to 10,000,000"),   # planned its schedule for ever before
    ({"jobs": 0}, "--jobs must be at least 1"),
    ({"backend": "dask"}, "--backend is local or ray"),
    ({"address": "127.0.0.1:1"}, "--address is for --backend ray"),
    ({"players": 9}, "toy is for 2–3 players"),
    ({"backend": "ray", "address": "headnode"}, "--address is HOST:PORT"),
    ({"backend": "ray", "address": f"127.0.0.1:{_closed_port()}"}, "no Ray cluster at 127.0.0.1:"),
])
def test_bad_tournaments_are_refused_before_anything_is_played(kwargs, words):
    args = {"game_id": "toy", "bots": ["random"], "players": 2, "games": 2} | kwargs
    with pytest.raises(BadOption, match=words):
        tournament(**args)


def test_mcts_beats_random_bots_on_norenberc_with_seat_rotation():
    """MCTS at 30 iterations a move against three random bots, every seat taken in turn
    (8 games: 2 seeds x 4 seatings). Measured: MCTS won 7 of 8 (Wilson 95 % interval
    0.53-0.98 against the fair 0.25), mean score 32.1 against 16.5, mean rank 1.13; 8.3 s of
    CPU in all (about 4-5 s on 2 jobs; 30 s under a load of 12 on the 2 cores)."""
    result = tournament("norenberc", ["mcts:30", "random", "random", "random"], 4, 8, seed=1, jobs=2)
    by = {s.bot: s for s in result.summary}
    assert by["mcts:30"].seats == 8 and by["random"].seats == 24
    assert by["mcts:30"].ci_low > 0.25 and by["mcts:30"].verdict == "above"
    assert by["mcts:30"].mu > by["random"].mu
    assert by["mcts:30"].mean_score > by["random"].mean_score
