"""A masked policy learns to beat random bots, with NumPy alone (a few minutes on a laptop CPU).

    python3 examples/reinforce_numpy.py [--game norenberc] [--players 2] [--episodes 3000]
                                        [--png docs/research-learning-curve.png]

The policy is linear: logits = W · observation + b over the game's integer actions,
softmax over the legal ones only (the env's action mask). REINFORCE with a running-mean
baseline, a small entropy bonus and Adam updates it every `--batch` games from the final
reward (+1 win … −1 last, see docs/research.md). Every `--eval-every` games the policy (sampling its moves, as it
trains) plays `--eval-games` fresh games against the same bots; the learning curve (its
win rate; at 0 it is the uniformly random policy) goes to a CSV and, with matplotlib
installed, a PNG. The greedy policy (always its likeliest move) is measured at the end,
and the policy is saved (`--save`, default reinforce-GAME.npz) for
`reichsstadt.interop.bots.linear_policy`, the bot that plays it in tournaments."""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

import numpy as np

from reichsstadt import ReichsstadtError
from reichsstadt.interop.bots import save_policy
from reichsstadt.interop.gymnasium import ReichsstadtEnv


class MaskedLinearPolicy:
    def __init__(self, n_obs: int, n_act: int, rng: np.random.Generator, lr: float = 0.01) -> None:
        self.W = np.zeros((n_act, n_obs))
        self.b = np.zeros(n_act)
        self.rng = rng
        self.lr = lr
        self.m = [np.zeros_like(self.W), np.zeros_like(self.b)]  # Adam moments
        self.v = [np.zeros_like(self.W), np.zeros_like(self.b)]
        self.t = 0

    def probs(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.W @ obs + self.b
        logits = np.where(mask, logits, -np.inf)
        p = np.exp(logits - logits[mask].max())
        return p / p.sum()

    def act(self, obs: np.ndarray, mask: np.ndarray, greedy: bool = False) -> int:
        p = self.probs(obs, mask)
        return int(np.argmax(p)) if greedy else int(self.rng.choice(len(p), p=p))

    def gradient(self, episode: list[tuple[np.ndarray, np.ndarray, int]], advantage: float,
                 entropy: float) -> tuple[np.ndarray, np.ndarray]:
        """The gradient of advantage · mean log π(a|s) + entropy · mean H(π(·|s)) over
        the game's steps (every step gets the final reward)."""
        gW = np.zeros_like(self.W)
        gb = np.zeros_like(self.b)
        for obs, mask, a in episode:
            p = self.probs(obs, mask)
            g = -advantage * p
            g[a] += advantage                # ∂ log softmax / ∂ logits, times the advantage
            if entropy:
                logp = np.log(np.where(mask, p, 1.0))
                h = -(p * logp).sum()
                g -= entropy * p * (logp + h)   # ∂ H / ∂ logits
            gW += np.outer(g, obs)
            gb += g
        n = max(1, len(episode))
        return gW / n, gb / n

    def step(self, gW: np.ndarray, gb: np.ndarray) -> None:
        """One Adam step up the gradient."""
        self.t += 1
        for i, (param, grad) in enumerate(((self.W, gW), (self.b, gb))):
            self.m[i] = 0.9 * self.m[i] + 0.1 * grad
            self.v[i] = 0.999 * self.v[i] + 0.001 * grad * grad
            m_hat = self.m[i] / (1 - 0.9 ** self.t)
            v_hat = self.v[i] / (1 - 0.999 ** self.t)
            param += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def play(env: ReichsstadtEnv, policy: MaskedLinearPolicy, seed: int, greedy: bool = False
         ) -> tuple[float, bool, list]:
    """One game; (reward, ranked first (alone or tied), the steps taken)."""
    obs, info = env.reset(seed=seed)
    steps = []
    while True:
        mask = env.action_masks()
        a = policy.act(obs, mask, greedy)
        steps.append((obs, mask, a))
        obs, reward, done, _, info = env.step(a)
        if done:
            return reward, info["result"]["ranks"][info["seat"]] == 1, steps


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="norenberc")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--eval-every", type=int, default=200)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--batch", type=int, default=8, help="games per update")
    parser.add_argument("--entropy", type=float, default=0.01, help="weight of the entropy bonus")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--csv", default="learning-curve.csv")
    parser.add_argument("--png", default=None, help="write the learning curve here (needs matplotlib)")
    parser.add_argument("--save", default=None, help="where to save the trained policy (default reinforce-GAME.npz)")
    args = parser.parse_args()
    for name in ("episodes", "eval_every", "eval_games", "batch"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.png:
        try:
            import matplotlib  # noqa: F401  (checked before training, not after)
        except ImportError:
            parser.error("--png needs matplotlib: pip install matplotlib (or the research extra)")
    try:
        args.env = ReichsstadtEnv(args.game, args.players, seat=None, opponents="random")
    except ReichsstadtError as e:
        parser.error(str(e))
    return args


def train(args: argparse.Namespace) -> tuple[MaskedLinearPolicy, list[tuple[int, float, float]]]:
    """REINFORCE for `--episodes` games; the learning curve (episode, CPU s, win rate)."""
    env = args.env
    policy = MaskedLinearPolicy(env.observation_space.shape[0], env.action_space.n, np.random.default_rng(args.seed),
                                args.lr)
    evaluate_on = [10**6 + i for i in range(args.eval_games)]  # the same fresh games each time
    args.win_rate = lambda p, greedy=False: float(np.mean([play(env, p, s, greedy=greedy)[1] for s in evaluate_on]))
    rows = [(0, 0.0, args.win_rate(policy))]    # all weights zero: every legal move equally likely
    print(f"{args.game}, {args.players} players, seat drawn each game, vs random bots")
    print(f"episode 0: win rate {rows[0][2]:.2f} (the random policy)")
    start, cpu_start = time.perf_counter(), time.process_time()
    mean_reward = 0.0
    gW, gb = np.zeros_like(policy.W), np.zeros_like(policy.b)
    for episode in range(1, args.episodes + 1):
        reward, _, steps = play(env, policy, seed=episode)
        dW, db = policy.gradient(steps, reward - mean_reward, args.entropy)
        gW += dW
        gb += db
        mean_reward += 0.01 * (reward - mean_reward)
        if episode % args.batch == 0:
            policy.step(gW / args.batch, gb / args.batch)
            gW[:] = 0.0
            gb[:] = 0.0
        if episode % args.eval_every == 0:
            rows.append((episode, time.process_time() - cpu_start, args.win_rate(policy)))
            print(f"episode {episode}: win rate {rows[-1][2]:.2f} ({rows[-1][1]:.0f} s of CPU)", flush=True)
    print(f"trained and evaluated in {time.perf_counter() - start:.0f} s ({time.process_time() - cpu_start:.0f} s of "
          f"CPU); the greedy policy wins {args.win_rate(policy, True):.2f}")
    return policy, rows


def write_curve(args: argparse.Namespace, rows: list[tuple[int, float, float]]) -> None:
    with open(args.csv, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["episode", "cpu_seconds", "win_rate", "random_policy_win_rate"])
        for e, s, r in rows:
            w.writerow([e, f"{s:.1f}", f"{r:.3f}", f"{rows[0][2]:.3f}"])
    print(f"wrote {args.csv}")
    if not args.png:
        return
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.6), dpi=100)
    ax.plot([r[0] for r in rows], [r[2] for r in rows], marker="o", label="masked linear policy")
    ax.axhline(rows[0][2], color="grey", linestyle="--", label="uniformly random policy")
    ax.set_xlabel("training games")
    ax.set_ylabel(f"win rate over {args.eval_games} games")
    ax.set_ylim(0, 1)
    ax.set_title(f"{args.game}, {args.players} players, vs random bots (REINFORCE, NumPy)")
    ax.legend(loc="lower right")
    fig.tight_layout()
    Path(args.png).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.png)
    print(f"wrote {args.png}")


def main() -> None:
    args = arguments()
    policy, rows = train(args)
    write_curve(args, rows)
    saved = save_policy(args.save or f"reinforce-{args.game}.npz", policy.W, policy.b, args.game, args.players)
    print(f"saved the policy to {saved}; rank its greedy version (its likeliest move) against random and greedy "
          f"bots, every seating played:\n"
          f"  REICHSSTADT_POLICY={saved} python3 -m reichsstadt tournament {args.game} -p {args.players} -n 40 "
          f"--bots reichsstadt.interop.bots:linear_policy,random --out {args.game}-vs-random\n"
          f"  REICHSSTADT_POLICY={saved} python3 -m reichsstadt tournament {args.game} -p {args.players} -n 40 "
          f"--bots reichsstadt.interop.bots:linear_policy,greedy --out {args.game}-vs-greedy")


if __name__ == "__main__":
    main()
