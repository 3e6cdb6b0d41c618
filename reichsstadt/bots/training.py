"""Fitting the learned evaluation (`reichsstadt.bots.learned`) on self-play games.

    python3 -m reichsstadt.bots.training GAME [--games 3000] [--seed 700000] [--players 3,4]
                                              [--explore 0.15] [--every 3] [--jobs 2] [--out FILE]

Games between the game's heuristic players (`greedy`), each decision replaced now and
then (`--explore`) by the cheap playout policy's, so that the positions a search's
playouts reach are in the data too. Every `--every`th decision the true state's features
are noted (`features(state)` of the heuristic module: progress and one row a seat), and
at the end each seat's win share (ties split) and final score. Then, with NumPy:

- the win model, a conditional logit (each seat's chance is the softmax of its weighted
  features), by Newton's method with a small ridge penalty;
- the score model, a ridge regression of each seat's final score on the same terms.

The weights and how they were made (games, seeds, player counts, held-out log loss and
accuracy against the hand valuation's) go to the heuristic module's weights file, which
the package ships. Seeds: the games use `seed`, `seed + 1`, ...; keep them apart from the
seeds strength is reported on (benchmarks/strength.py checks)."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from ..core import BadOption, CHANCE, Match, game as find_game
from .learned import FORMAT, LearnedEvaluation, weights_resource

RIDGE = 1e-3


@dataclass
class Positions:
    """Noted positions of some games at one player count: features, outcomes."""

    players: int
    progress: list[float]
    rows: list[list[list[float]]]       # per position: one feature row a seat
    wins: list[list[float]]             # per position: each seat's win share
    scores: list[list[float]]           # per position: each seat's final score


class Explorer:
    """A heuristic player that plays the cheap playout policy's move now and then."""

    def __init__(self, game_id: str, seed: int, explore: float) -> None:
        from .heuristic import module
        from .specs import make_bot

        self.greedy = make_bot("greedy", seed, game_id)
        self.policy = module(game_id).playout
        self.rng = random.Random(seed ^ 0x5EED)
        self.explore = explore

    def act(self, seat: Any) -> Any:
        if self.rng.random() < self.explore:
            return self.policy(seat.sample(self.rng), seat.seat, self.rng)
        return self.greedy.act(seat)


class _Noter:
    """A match listener noting the features of every `every`th decision's position."""

    def __init__(self, features: Any, every: int) -> None:
        self.features = features
        self.every = every
        self.count = 0
        self.noted: list[tuple[float, list[list[float]]]] = []

    def __call__(self, seat: int, action: Any, state: Any) -> None:
        if seat == CHANCE:
            return
        self.count += 1
        if self.count % self.every == 0:
            self.noted.append(self.features(state))


def self_play(game_id: str, players: int, seeds: Sequence[int], explore: float, every: int) -> Positions:
    """Play one game per seed and note every `every`th decision's position."""
    from .heuristic import module

    features = module(game_id).features
    out = Positions(players, [], [], [], [])
    for seed in seeds:
        match = Match(game_id, players, seed, recording=False)
        agents = {s: Explorer(game_id, seed * 16 + s, explore) for s in range(players)}
        noter = _Noter(features, every)
        match.after.append(noter)
        result = match.run(agents)
        shares = [1.0 / len(result.winners) if p in result.winners else 0.0 for p in range(players)]
        for progress, rows in noter.noted:
            out.progress.append(progress)
            out.rows.append(rows)
            out.wins.append(shares)
            out.scores.append([float(x) for x in result.scores])
    return out


def _design(np: Any, data: Positions) -> tuple[Any, Any, Any, Any]:
    """Arrays: X (positions, seats, 2k): each feature and its product with the progress;
    the progress; the win shares; the scores."""
    x = np.asarray(data.rows, dtype=np.float64)
    t = np.asarray(data.progress, dtype=np.float64)
    X = np.concatenate([x, x * t[:, None, None]], axis=2)
    return X, t, np.asarray(data.wins), np.asarray(data.scores)


def fit_win(np: Any, groups: Sequence[Any], ridge: float = RIDGE, steps: int = 30) -> Any:
    """The conditional logit's weights (on standardized columns) by Newton's method.
    `groups`: (X, Y) per player count; the penalty keeps the Hessian invertible."""
    d = groups[0][0].shape[2]
    theta = np.zeros(d)
    total = sum(X.shape[0] for X, _ in groups)
    for _ in range(steps):
        grad = ridge * theta * total
        hess = ridge * total * np.eye(d)
        for X, Y in groups:
            z = X @ theta
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            grad += np.einsum("np,npd->d", p - Y, X)
            mean = np.einsum("np,npd->nd", p, X)
            hess += np.einsum("np,npd,npe->de", p, X, X) - np.einsum("nd,ne->de", mean, mean)
        step = np.linalg.solve(hess, grad)
        theta -= step
        if float(np.abs(step).max()) < 1e-7:
            break
    return theta


def log_loss(np: Any, groups: Sequence[Any], theta: Any) -> tuple[float, float]:
    """Mean log loss of the winners' shares, and how often the likeliest seat won."""
    loss = hits = n = 0.0
    for X, Y in groups:
        z = X @ theta
        z -= z.max(axis=1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        loss += float(-(Y * logp).sum())
        hits += float(Y[np.arange(len(Y)), z.argmax(axis=1)].sum())
        n += len(Y)
    return loss / n, hits / n


def fit(game_id: str, data: Sequence[Positions], holdout: float = 0.2) -> tuple[LearnedEvaluation, dict[str, Any]]:
    """Both models from the noted positions (the last `holdout` of each player count's
    games held out to say how well they predict); the fit quality."""
    import numpy as np

    from .heuristic import module

    mod = module(game_id)
    names = tuple(mod.FEATURES)
    k = len(names)
    train, test = [], []
    for part in data:
        X, t, Y, S = _design(np, part)
        cut = int(len(t) * (1 - holdout))
        train.append((X[:cut], Y[:cut], S[:cut], t[:cut]))
        test.append((X[cut:], Y[cut:], S[cut:], t[cut:]))
    flat = np.concatenate([X.reshape(-1, 2 * k) for X, *_ in train])
    scale = flat.std(axis=0)
    scale[scale < 1e-9] = 1.0
    theta = fit_win(np, [(X / scale, Y) for X, Y, *_ in train]) / scale
    # the score model: ridge regression on the same terms plus an intercept and its slope
    rows = np.concatenate([np.concatenate([X.reshape(-1, 2 * k), np.ones((X.shape[0] * X.shape[1], 1)),
                                           np.repeat(t, X.shape[1])[:, None]], axis=1) for X, _, _, t in train])
    target = np.concatenate([S.reshape(-1) for _, _, S, _ in train])
    cols = np.concatenate([scale, [1.0, 1.0]])
    A = rows / cols
    beta = np.linalg.solve(A.T @ A + RIDGE * len(A) * np.eye(A.shape[1]), A.T @ target) / cols
    margins = [S.max(axis=1) - np.sort(S, axis=1)[:, -2] for _, _, S, _ in train]
    spread = float(max(1.0, 2.0 * np.concatenate(margins).mean()))
    hand = np.zeros(2 * k)
    hand[:k] = np.asarray(mod.HAND) / max(1.0, spread / 3.0)
    quality = {}
    for label, w in (("learned", theta), ("hand", hand)):
        loss, acc = log_loss(np, [(X, Y) for X, Y, *_ in test], w)
        quality[label] = {"log_loss": round(loss, 4), "top_seat_won": round(acc, 4)}
    out = LearnedEvaluation(game_id, names, tuple(float(v) for v in theta[:k]), tuple(float(v) for v in theta[k:]),
                            tuple(float(v) for v in [*beta[:k], beta[2 * k]]),
                            tuple(float(v) for v in [*beta[k:2 * k], beta[2 * k + 1]]), round(spread, 3))
    return out, quality


def _play_chunk(args: tuple[str, int, list[int], float, int]) -> Positions:
    return self_play(*args)


def generate(game_id: str, players: Sequence[int], games: int, seed: int, explore: float, every: int,
             jobs: int) -> list[Positions]:
    """Self-play games (seeds seed, seed + 1, ...; split over the player counts), in
    `jobs` processes."""
    seeds = list(range(seed, seed + games))
    chunks = [(game_id, players[i % len(players)], seeds[i::len(players)][j:j + 25], explore, every)
              for i in range(len(players)) for j in range(0, len(seeds[i::len(players)]), 25)]
    if jobs == 1:
        parts = [_play_chunk(c) for c in chunks]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            parts = list(pool.map(_play_chunk, chunks))
    merged: dict[int, Positions] = {}
    for part in parts:
        into = merged.setdefault(part.players, Positions(part.players, [], [], [], []))
        into.progress += part.progress
        into.rows += part.rows
        into.wins += part.wins
        into.scores += part.scores
    return [merged[p] for p in sorted(merged)]


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python3 -m reichsstadt.bots.training", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=700_000, help="the first game's seed (keep apart from reported seeds)")
    ap.add_argument("--players", default="3,4", help="player counts, comma-separated")
    ap.add_argument("--explore", type=float, default=0.15, help="share of decisions by the cheap policy")
    ap.add_argument("--every", type=int, default=3, help="note every Nth decision")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=None, help="default: the heuristic module's weights file")
    args = ap.parse_args(argv)
    try:
        g = find_game(args.game)
        players = [int(x) for x in args.players.split(",")]
        bad = [p for p in players if p not in g.players]
        if bad:
            raise BadOption(f"{g.title} is for {g.players.start}–{g.players.stop - 1} players, not {bad[0]}")
        from .heuristic import module

        out = args.out or Path(str(weights_resource(module(args.game))))
        started = time.time()
        data = generate(args.game, players, args.games, args.seed, args.explore, args.every, args.jobs)
        learned, quality = fit(args.game, data)
    except BadOption as exc:
        sys.exit(f"error: {exc}")
    trained = {"games": args.games, "seeds": [args.seed, args.seed + args.games - 1], "players": players,
               "explore": args.explore, "every": args.every,
               "positions": sum(len(d.progress) for d in data), "held_out": quality,
               "minutes": round((time.time() - started) / 60, 1),
               "command": f"python3 -m reichsstadt.bots.training {args.game} --games {args.games} --seed {args.seed} "
                          f"--players {args.players} --explore {args.explore} --every {args.every}"}
    obj = {**learned.to_json(), "trained": trained}
    assert obj["format"] == FORMAT
    out.write_text(json.dumps(obj, indent=1) + "\n", encoding="utf-8")
    print(f"{args.game}: {trained['positions']} positions; held out: {quality}; written {out}")


if __name__ == "__main__":
    main()
