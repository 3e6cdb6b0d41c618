"""The same seeded random games through the research adapters in two or more trees of
the project, every output hashed: a speed change to the encoders or the envs keeps every
digest. Per game and tree, two digests:

- **session**: along six random games per player count, every seat's and the spectator's
  observation as the adapters keep it (incremental), the same written from scratch
  (`Encoder.encode`), and every seat's action mask;
- **envs**: PettingZoo's AEC loop (observations, masks, rewards), the self-play vector
  env and the Gymnasium vector env (observations, rewards, terminations, truncations,
  masks), OpenSpiel's observation and information-state tensors and string.

    python3 benchmarks/adapters_same_observations.py --tree before=../baseline --tree after=.

A tree without the vectorised envs (older than issue 20) digests the rest and says so.
Nothing is asserted: it prints the digests and whether they agree."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from engines_side_by_side import named_trees  # benchmarks/ is the script's folder: sys.path[0]

_DIGEST = r"""
import hashlib, json, random, sys
import numpy as np
from reichsstadt.interop.session import Session
from reichsstadt.interop import pettingzoo as pz, openspiel as osp
from reichsstadt.core import ReichsstadtError
gid = sys.argv[1]
session = hashlib.sha256()
for players in range(2, 7):
    try:
        s = Session(gid, players)
    except ReichsstadtError:
        continue
    rng = random.Random(7)
    for seed in (11, 12, 13, 14, 15, 16):
        s.start(seed)
        while not s.over():
            st = s.state
            for seat in [None, *range(players)]:
                session.update(s.observe(seat).tobytes())
                session.update(s.encoder.encode(st, seat).tobytes())
                if seat is not None:
                    session.update(s.mask(seat).tobytes())
            seat = [x for x in st.to_act() if x >= 0][0]
            legal = st.legal(seat)
            s.play(seat, int(s.legal_indices.of(legal)[rng.randrange(len(legal))]))
envs = hashlib.sha256()
env, rng = pz.env(gid, 4), random.Random(2)
for seed in (1, 2):
    env.reset(seed=seed)
    for agent in env.agent_iter():
        obs, reward, done, cut, _ = env.last()
        envs.update(obs["observation"].tobytes() + obs["action_mask"].tobytes() + repr(reward).encode())
        if done or cut:
            env.step(None)
            continue
        legal = obs["action_mask"].nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))
vectors = "yes"
try:
    from reichsstadt.interop.selfplay import SelfPlayVectorEnv
    from reichsstadt.interop.gymnasium import ReichsstadtVectorEnv
except ImportError:
    vectors = "none in this tree"
if vectors == "yes":
    pick = np.random.default_rng(1)
    for make, steps in ((lambda: SelfPlayVectorEnv(gid, 4, num_envs=4), 300),
                        (lambda: ReichsstadtVectorEnv(gid, 4, num_envs=3, seat=0, opponents="random"), 200)):
        v = make()
        _, info = v.reset(seed=5)
        for _ in range(steps):
            masks = info["action_mask"]
            out = v.step(np.argmax(masks * pick.random(masks.shape, np.float32), axis=-1))
            info = out[-1]
            for x in (*out[:4], masks):
                envs.update(np.ascontiguousarray(x).tobytes())
game, rng = osp.load(gid, 4), random.Random(4)
for _ in range(2):
    st = game.new_initial_state()
    while not st.is_terminal():
        if st.is_chance_node():
            actions, probs = zip(*st.chance_outcomes())
            st.apply_action(rng.choices(actions, probs)[0])
            continue
        p = st.current_player()
        envs.update(np.array(st.observation_tensor(p), np.float32).tobytes())
        envs.update(np.array(st.information_state_tensor(p), np.float32).tobytes())
        envs.update(st.information_state_string(p).encode())
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
print(json.dumps({"session": session.hexdigest()[:16], "envs": envs.hexdigest()[:16], "vector envs": vectors}))
"""


def digest(tree: Path, game: str) -> dict[str, str]:
    """The digests of `game` played through the adapters of `tree`, in a subprocess."""
    run = subprocess.run([sys.executable, "-c", _DIGEST, game], cwd=tree,   # `-c` puts the folder it runs in first
                         env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise SystemExit(f"{tree}: {game} failed: {run.stderr.strip().splitlines()[-1:]}")
    found: dict[str, str] = json.loads(run.stdout.strip().splitlines()[-1])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tree", action="append", required=True, metavar="NAME=PATH",
                        help="a checkout to digest (twice or more)")
    parser.add_argument("--games", nargs="*", default=["norenberc", "siedler", "colonia"])
    args = parser.parse_args()
    trees = named_trees(args.tree)
    agree = True
    for game in args.games:
        found = {name: digest(path, game) for name, path in trees.items()}
        for name, d in found.items():
            print(f"{game:10s} {name:10s} session {d['session']}  envs {d['envs']}  (vector envs: {d['vector envs']})")
        firsts = next(iter(found.values()))
        same = all(d == firsts for d in found.values())
        agree &= same
        print(f"{game:10s} {'the same in every tree' if same else 'DIFFERENT'}")
    print("all the same" if agree else "some differ")


if __name__ == "__main__":
    main()
