"""Does a nonlinear evaluation predict the winner better than the shipped linear one?

    python3 benchmarks/strength_evaluation_probe.py GAME [--games 8000] [--seed 710000] [--every 5]
                                                    [--hidden 32] [--epochs 8] [--jobs 2]

A probe for issue 21's lead "a better evaluation" (benchmarks/strength/diagnosis/README.md):
self-play positions as `reichsstadt.bots.training` makes them (greedy players, 15 % of
decisions by the cheap playout policy; seeds from `--seed`, tuning seeds kept apart from
the report seeds), the last 20 % of each player count's positions held out. Two models
of each seat's chance to win, on the same features of the game's heuristic:

- the linear conditional logit the search ships (`training.fit`);
- a small network: per seat, the features, their product with the progress, their
  difference from the best other seat's, and the progress, through `--hidden` tanh units
  (plus a linear skip) to one strength; the seats' softmax is the chance to win. Fitted
  with Adam on the held-in positions.

It prints each one's held-out log loss (nats a position; 3 players at even odds: 1.099,
4 players: 1.386) and how often its likeliest seat won. The network is not shipped: a
probe says whether one is worth building into the search (pure Python at play time)."""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from reichsstadt.bots.training import Positions, fit, generate


def _arrays(part: Positions, lo: int, hi: int) -> tuple[Any, Any, Any]:
    """Inputs (positions, 4 seats, features), a mask of the seats in play, win shares."""
    x = np.asarray(part.rows[lo:hi], dtype=np.float64)
    n, seats, _ = x.shape
    t = np.asarray(part.progress[lo:hi])[:, None, None] * np.ones((n, seats, 1))
    best_other = np.stack([np.delete(x, p, axis=1).max(axis=1) for p in range(seats)], axis=1)
    inputs = np.concatenate([x, x * t, x - best_other, t], axis=2)
    if seats < 4:
        inputs = np.concatenate([inputs, np.zeros((n, 4 - seats, inputs.shape[2]))], axis=1)
    mask = np.zeros((n, 4))
    mask[:, :seats] = 1
    wins = np.zeros((n, 4))
    wins[:, :seats] = np.asarray(part.wins[lo:hi])
    return inputs, mask, wins


class Network:
    """One hidden tanh layer and a linear skip, to a seat's strength; softmax over seats."""

    def __init__(self, inputs: int, hidden: int, rng: Any) -> None:
        self.params = [rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden)), np.zeros(hidden),
                       rng.normal(0, 1 / np.sqrt(hidden), hidden), np.zeros(inputs)]

    def forward(self, x: Any, mask: Any) -> tuple[Any, Any]:
        w1, b1, w2, skip = self.params
        hidden = np.tanh(x @ w1 + b1)
        z = np.where(mask > 0, hidden @ w2 + x @ skip, -1e9)
        z = z - z.max(axis=1, keepdims=True)
        return hidden, z - np.log(np.exp(z).sum(axis=1, keepdims=True))

    def gradients(self, x: Any, mask: Any, wins: Any) -> list[Any]:
        w1, _, w2, _ = self.params
        hidden, logp = self.forward(x, mask)
        g = (np.exp(logp) * mask - wins) / len(x)
        back = g[..., None] * w2 * (1 - hidden ** 2)
        return [np.einsum("nph,npd->dh", back, x) + 1e-5 * w1, back.sum(axis=(0, 1)),
                np.einsum("np,nph->h", g, hidden) + 1e-5 * w2, np.einsum("np,npd->d", g, x)]

    def quality(self, x: Any, mask: Any, wins: Any) -> tuple[float, float]:
        _, logp = self.forward(x, mask)
        loss = float(-(wins * np.where(mask > 0, logp, 0)).sum() / len(x))
        return round(loss, 4), round(float(wins[np.arange(len(x)), logp.argmax(axis=1)].mean()), 4)


def train(net: Network, x: Any, mask: Any, wins: Any, epochs: int, rng: Any, held: tuple[Any, ...]) -> None:
    """Adam, batches of 512, the step shrinking by 0.7 an epoch; prints the held-out quality."""
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in net.params]
    lr, step = 3e-3, 0
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        for i in range(0, len(x), 512):
            idx = order[i:i + 512]
            step += 1
            for j, (p, g) in enumerate(zip(net.params, net.gradients(x[idx], mask[idx], wins[idx]))):
                m, v = moments[j]
                m[...] = 0.9 * m + 0.1 * g
                v[...] = 0.999 * v + 0.001 * g ** 2
                p -= lr * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
        lr *= 0.7
        loss, top = net.quality(*held)
        print(f"  network, epoch {epoch + 1}: held-out log loss {loss}, likeliest seat won {top}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=8000)
    ap.add_argument("--seed", type=int, default=710_000)
    ap.add_argument("--every", type=int, default=5, help="note every Nth decision")
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    started = time.time()
    data = generate(args.game, [3, 4], args.games, args.seed, 0.15, args.every, args.jobs)
    print(f"{args.game}: {sum(len(d.progress) for d in data)} positions from {args.games} games "
          f"(seeds {args.seed}-{args.seed + args.games - 1}), {time.time() - started:.0f} s", flush=True)
    _, quality = fit(args.game, data)
    print(f"  linear (shipped form): held-out log loss {quality['learned']['log_loss']}, "
          f"likeliest seat won {quality['learned']['top_seat_won']}", flush=True)
    parts = [(_arrays(d, 0, int(len(d.progress) * 0.8)), _arrays(d, int(len(d.progress) * 0.8), len(d.progress)))
             for d in data]
    x, mask, wins = (np.concatenate([p[0][i] for p in parts]) for i in range(3))
    hx, hmask, hwins = (np.concatenate([p[1][i] for p in parts]) for i in range(3))
    mean, sd = x[mask > 0].mean(axis=0), x[mask > 0].std(axis=0)
    sd[sd < 1e-9] = 1.0
    x, hx = (x - mean) / sd * mask[..., None], (hx - mean) / sd * hmask[..., None]
    rng = np.random.default_rng(1)
    train(Network(x.shape[2], args.hidden, rng), x, mask, wins, args.epochs, rng, (hx, hmask, hwins))


if __name__ == "__main__":
    main()
