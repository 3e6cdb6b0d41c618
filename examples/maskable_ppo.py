"""Optional: sb3-contrib's MaskablePPO against random bots (needs torch; not in any extra).

Install torch's CPU wheel first, or pip resolves sb3-contrib to a CUDA build of several GB:

    pip install 'reichsstadt[research]'
    pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu
    pip install sb3-contrib

then

    python3 examples/maskable_ppo.py [--game norenberc] [--players 2] [--steps 30000]

MaskablePPO reads the env's `action_masks()`; the observation is the game's encoding
(docs/research.md). The script trains, then reports the greedy policy's win rate over
fresh games beside a random policy's."""

from __future__ import annotations

import argparse

import numpy as np

from reichsstadt import ReichsstadtError
from reichsstadt.interop.gymnasium import ReichsstadtEnv


def win_rate(env: ReichsstadtEnv, choose, games: int) -> float:
    wins = 0
    for g in range(games):
        obs, info = env.reset(seed=10**6 + g)
        while True:
            obs, _, done, _, info = env.step(choose(obs, env.action_masks()))
            if done:
                wins += info["result"]["ranks"][info["seat"]] == 1
                break
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="norenberc")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=30_000)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    if args.steps < 1 or args.eval_games < 1:
        parser.error("--steps and --eval-games must be at least 1")
    try:
        from sb3_contrib import (
            MaskablePPO,  # imported here: the rest of the module needs no torch
        )
    except ImportError:
        parser.error("this example needs sb3-contrib and torch: see the install lines at the top of this file")

    try:
        env = ReichsstadtEnv(args.game, args.players, seat=None, opponents="random")
    except ReichsstadtError as e:
        parser.error(str(e))
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0)
    model.learn(total_timesteps=args.steps)

    rng = np.random.default_rng(1)
    random_rate = win_rate(env, lambda obs, mask: int(rng.choice(np.flatnonzero(mask))), args.eval_games)
    ppo_rate = win_rate(env, lambda obs, mask: int(model.predict(obs, action_masks=mask, deterministic=True)[0]),
                        args.eval_games)
    print(f"{args.game}, {args.players} players, vs random bots, {args.eval_games} games: "
          f"random policy wins {random_rate:.2f}, MaskablePPO after {args.steps} steps {ppo_rate:.2f}")


if __name__ == "__main__":
    main()
