"""Section 3 (Preparazione del gioco): the beginner positions of the rule sheet's figure
are a start for everyone's first game, so no colour may be favoured by them. The printed
figure is lost; the positions in map.json are reconstructed so that, with uniformly random
bots in every seat, each seat wins its fair share at 3 and at 4 players (issue 7; why the
positions are where they are: reichsstadt/games/siedler/beginner_positions.md; the
1,000-game table: benchmarks/siedler_beginner_fairness.md).

The first player is drawn at random (4.), so seat order itself favours no one: what is
measured here is the positions. A shared win counts as a fraction to each sharer, as in
`reichsstadt simulate`.
"""

from __future__ import annotations

import pytest

from reichsstadt.arena.simulate import simulate

GAMES = 600
SEED = 900001  # seeds 900001..900600: not among those the positions were tuned on
# Binomial standard error of one seat's share over 600 games: 1.8 points at the fair 25 %
# (4 players), 1.9 points at 33.3 % (3 players). A tolerance of 5 points is about 2.7
# standard errors. The positions before issue 7 miss it by far (seat 1 won about 70 % at 4
# players and 77 % at 3, seat 4 about 6 %); the previous positions of issue 7 fail it at 4
# players (red 32.3 %, orange 17.8 % at these seeds, checked); the current ones stay within 3.4 points of fair on
# every seed set measured (benchmarks/siedler_beginner_fairness.md).
TOLERANCE = 0.05


def win_shares(players: int) -> list[float]:
    wins = [0.0] * players
    for r in simulate("siedler", GAMES, players, seed=SEED, options={"setup": "beginner"}):
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
    return [w / GAMES for w in wins]


@pytest.mark.parametrize("players", [3, 4])
def test_3_beginner_positions_give_every_seat_a_fair_share_of_wins(players: int) -> None:
    """3.: the beginner positions (white, red, blue, orange; orange sits out with three
    players) leave each seat within 5 points of 1/players over 600 random-bot games."""
    shares = win_shares(players)
    fair = 1 / players
    assert abs(sum(shares) - 1) < 1e-9
    off = {seat + 1: round(100 * s, 1) for seat, s in enumerate(shares) if abs(s - fair) > TOLERANCE}
    assert not off, f"seats outside {100 * fair:.1f} % ± {100 * TOLERANCE:.0f} points: {off} (shares {shares})"

