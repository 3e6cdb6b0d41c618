"""How long games really are: the bounds OpenSpiel's `max_game_length` and
`max_chance_nodes_in_history` take, per game and player count.

An engine's `GameInfo.max_game_length` is a proven bound, and a loose one (Siedler with 3
players: 228,815 moves, where random games take a few hundred): algorithms that size
buffers or tensors by it would waste all but a sliver. The bounds here are measured:
the longest of `GAMES` random games (uniformly random legal moves, chance drawn by its
probabilities), player decisions and chance draws counted apart, times 1.5, rounded up
to a hundred. The OpenSpiel adapter ends a game that reaches the decision bound as a
draw (every return 0), so the bound holds; a game of bots or of a learning agent is far
shorter than a random one. `python3 -m reichsstadt.interop.lengths` measures again and
prints the table to paste below (a title without a row uses its engine's bound)."""

from __future__ import annotations

import math
import random
import sys

GAMES = 2000
MARGIN = 1.5

# (game, players): (longest random game's decisions, chance draws), then the bounds
MEASURED: dict[tuple[str, int], tuple[int, int]] = {
    ("colonia", 3): (284, 302),
    ("colonia", 4): (324, 310),
    ("colonia", 5): (346, 315),
    ("colonia", 6): (361, 322),
    ("norenberc", 2): (141, 41),
    ("norenberc", 3): (223, 55),
    ("norenberc", 4): (269, 73),
    ("norenberc", 5): (347, 85),
    ("siedler", 3): (894, 132),
    ("siedler", 4): (924, 137),
}


def bounds(game_id: str, players: int) -> tuple[int, int] | None:
    """(decisions, chance draws) a game of `game_id` with `players` is held to, or None
    when it was not measured."""
    found = MEASURED.get((game_id, players))
    if found is None:
        return None
    return tuple(_round_up(x * MARGIN) for x in found)  # type: ignore[return-value]


def _round_up(x: float) -> int:
    return int(math.ceil(x / 100) * 100)


def measure(game_id: str, players: int, games: int = GAMES, seed: int = 0) -> tuple[int, int]:
    """The most decisions and the most chance draws of `games` random games."""
    from ..core import CHANCE, sample_chance
    from ..core import game as find_game

    game = find_game(game_id)
    most = [0, 0]
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        state = game.new(players, g)
        counts = [0, 0]
        while True:
            to_act = state.to_act()
            if not to_act:
                break
            if to_act[0] == CHANCE:
                state.apply(CHANCE, sample_chance(state, rng))
                counts[1] += 1
            else:
                seat = to_act[rng.randrange(len(to_act))]
                legal = state.legal(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
                counts[0] += 1
        most = [max(most[0], counts[0]), max(most[1], counts[1])]
    return most[0], most[1]


def main(argv: list[str]) -> int:
    import argparse

    from ..core import game as find_game
    from ..core import game_ids

    parser = argparse.ArgumentParser(prog="python3 -m reichsstadt.interop.lengths", description=(
        "Measure how long random games are, per game and player count, and print the rows of MEASURED "
        "(reichsstadt/interop/lengths.py) that OpenSpiel's max_game_length is taken from."))
    parser.add_argument("games", nargs="?", type=int, default=GAMES,
                        help=f"random games per game and player count (default {GAMES})")
    games = parser.parse_args(argv).games   # --help, or a bad count: argparse's words, not a traceback
    if games < 1:
        parser.error(f"games must be 1 or more, not {games}")
    for gid in game_ids():
        for n in find_game(gid).players:
            d, c = measure(gid, n, games)
            print(f'    ("{gid}", {n}): ({d}, {c}),', flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
