"""`arena.bench.measure`, the throughput that `reichsstadt bench` and the side-by-side
benchmarks print: timed by the clock it is given (CPU seconds on a busy machine)."""

import itertools

from reichsstadt.arena.bench import measure


def test_measure_plays_random_games_for_as_long_as_its_clock_says() -> None:
    ticks = itertools.count()   # a clock that moves one "second" each time it is read
    result = measure("norenberc", 2, seconds=2.5, seed=3, clock=lambda: float(next(ticks)))
    # read at 0 (start), 1 and 2 (play on), 3 (stop), 4 (the elapsed time)
    assert result.games == 2
    assert result.seconds == 4.0
    assert result.decisions > 0 and result.decisions_per_second == round(result.decisions / 4.0, 1)
    assert result.clone_microseconds > 0 and result.bytes_per_state > 0
