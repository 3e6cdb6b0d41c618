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
4 players: 1.386) and how often its likeliest seat won.

`--inputs encoder` asks whether richer inputs would help: each seat's observation as the
research adapters encode it (`reichsstadt.interop.encoding`, everything the seat knows,
seat-relative) joins the network's inputs; positions are noted in this tool's own games
(fewer: `--every` 20 keeps them in memory), and the shipped linear evaluation is scored on
the same held-out positions. The network is not shipped: a
probe says whether one is worth building into the search (pure Python at play time)."""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from reichsstadt.bots.heuristic import module
from reichsstadt.bots.learned import load
from reichsstadt.bots.training import Explorer, Positions, fit, generate
from reichsstadt.core import CHANCE
from reichsstadt.core.runner import Match


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


def _encoded_chunk(args: tuple[str, int, list[int], int]) -> tuple[Any, ...]:
    """Positions of some games with every seat's encoded observation: progress, feature
    rows, encodings (positions, seats, size; float32), win shares."""
    from reichsstadt.interop.encoding import encoder

    game, players, seeds, every = args
    features, enc = module(game).features, encoder(game, players)
    progress, rows, codes, wins = [], [], [], []
    for seed in seeds:
        match = Match(game, players, seed, recording=False)
        noted: list[tuple[float, Any, Any]] = []

        def note(seat: int, action: Any, state: Any, match: Any = match, noted: list[Any] = noted) -> None:
            if seat != CHANCE and match.decisions % every == 0 and not state.over():
                t, r = features(state)
                noted.append((t, r, np.stack([enc.encode(state, p) for p in range(players)])))
        match.after.append(note)
        result = match.run({s: Explorer(game, seed * 16 + s, 0.15) for s in range(players)})
        shares = [1.0 / len(result.winners) if p in result.winners else 0.0 for p in range(players)]
        for t, r, c in noted:
            progress.append(t)
            rows.append(r)
            codes.append(c)
            wins.append(shares)
    return players, progress, rows, np.asarray(codes, np.float32), wins


def _encoded(game: str, games: int, seed: int, every: int, jobs: int) -> list[tuple[Any, ...]]:
    """`_encoded_chunk` over 3 and 4 players (seeds alternating), merged per player count."""
    from concurrent.futures import ProcessPoolExecutor

    chunks = [(game, 3 + i % 2, list(range(seed + i, seed + games, 2))[j:j + 25], every)
              for i in range(2) for j in range(0, (games + 1) // 2, 25)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        parts = [p for p in pool.map(_encoded_chunk, chunks) if p[1]]
    out = []
    for n in (3, 4):
        mine = [p for p in parts if p[0] == n]
        out.append((n, sum((p[1] for p in mine), []), sum((p[2] for p in mine), []),
                    np.concatenate([p[3] for p in mine]), sum((p[4] for p in mine), [])))
    return out


def _with_encodings(game: str, args: Any) -> None:
    """The network on the features and on the features with the encodings, and the
    shipped linear evaluation, on the same held-out positions."""
    started = time.time()
    parts = _encoded(game, args.games, args.seed, args.every, args.jobs)
    print(f"{game}: {sum(len(p[1]) for p in parts)} positions from {args.games} games "
          f"(seeds {args.seed}-{args.seed + args.games - 1}), {time.time() - started:.0f} s", flush=True)
    shipped = load(module(game))
    width = max(p[3].shape[2] for p in parts)
    sets: dict[str, list[Any]] = {"features": [], "encoder": []}
    held_linear = []
    for n, progress, rows, codes, wins in parts:
        cut = int(len(progress) * 0.8)
        positions = Positions(n, progress, rows, wins, [[0.0] * n for _ in progress])
        for lo, hi in ((0, cut), (cut, len(progress))):
            x, mask, w = _arrays(positions, lo, hi)
            c = np.zeros((hi - lo, 4, width), np.float32)
            c[:, :n, :codes.shape[2]] = codes[lo:hi]
            sets["features"].append((x, mask, w))
            sets["encoder"].append((np.concatenate([x.astype(np.float32), c], axis=2), mask, w))
        for i in range(cut, len(progress)):
            p = shipped.chances(progress[i], rows[i])
            held_linear.append(-sum(s * np.log(q) for s, q in zip(wins[i], p) if s > 0))
    print(f"  linear (shipped), held-out log loss {np.mean(held_linear):.4f}", flush=True)
    for name, chunks in sets.items():
        train_part = [chunks[0], chunks[2]]
        held_part = [chunks[1], chunks[3]]
        x, mask, wins = (np.concatenate([c[i] for c in train_part]) for i in range(3))
        hx, hmask, hwins = (np.concatenate([c[i] for c in held_part]) for i in range(3))
        mean, sd = x[mask > 0].mean(axis=0), x[mask > 0].std(axis=0)
        sd[sd < 1e-6] = 1.0
        kind = x.dtype
        x, hx = ((x - mean) / sd * mask[..., None]).astype(kind), ((hx - mean) / sd * hmask[..., None]).astype(kind)
        print(f"  network on the {name} ({x.shape[2]} inputs a seat):", flush=True)
        rng = np.random.default_rng(1)
        train(Network(x.shape[2], args.hidden, rng), x, mask, wins, args.epochs, rng, (hx, hmask, hwins))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=8000)
    ap.add_argument("--seed", type=int, default=710_000)
    ap.add_argument("--every", type=int, default=5, help="note every Nth decision")
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--inputs", choices=["features", "encoder"], default="features")
    args = ap.parse_args()
    if args.inputs == "encoder":
        _with_encodings(args.game, args)
        return
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
