"""How much better could any evaluation of a position be than the shipped linear one?

    python3 benchmarks/strength_evaluation_room.py GAME [--games 200] [--per-game 2]
                                                   [--rollouts 64] [--seed 720000] [--jobs 2]
                                                   [--policy greedy|cheap|cheapN|heuristicN]

A probe for issue 21's lead "a better evaluation" (benchmarks/strength/diagnosis/README.md),
after `strength_evaluation_probe.py` found that a network on the same features gains about
1 % of the log loss. Are the features the limit, or the game's own chance? For positions
of self-play games (the players and the mix `reichsstadt.bots.training` fits on: greedy,
15 % of decisions by the cheap playout policy; seeds from `--seed`, tuning seeds kept apart
from the report seeds; 3 and 4 players), it plays `--rollouts` continuations of each to the
end, each with fresh chance outcomes and fresh players of the same kind: their win shares
`v` are what the position is worth to each seat under that play, the target every
evaluation of the search is fitted to, whatever its features. Per position it compares:

- the shipped linear evaluation `p` (`LearnedEvaluation.chances` on the heuristic's features);
- even odds `u`.

The information a position holds about the winner is `KL(v || u)`; what the evaluation
misses of it is `KL(v || p)`; their ratio's complement is the share the evaluation
captures. A finite number of rollouts makes `v` noisier than the true worth and both
divergences larger; the noise part is estimated from the rollouts' spread (Miller-Madow:
(seats with a win - 1) / (2 rollouts)) and taken off both. The tool also gives each one's
log loss against the game's own result (as the probe measures it), `v` smoothed by half a
win a seat.

`--policy` says who plays the continuations: `greedy` (the default, as above: the worth
under the play the evaluation is fitted to), `cheap` (every seat by the game's cheap
playout policy, as the tree search's playouts play, to the end), `cheapN` (that policy
for N decisions, then the shipped linear evaluation's chances: what the tree search's
playouts with their cut-off estimate; `cheap12` is the shipped cut-off), or `heuristicN`
(the heuristic player on every seat's view, as `policy=heuristic` playouts play, for N
decisions, then the linear evaluation). The same seeds give the same positions and
results, so the log losses of runs with different policies compare position by position."""

from __future__ import annotations

import argparse
import math
import random
import re
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Sequence

from reichsstadt.bots.heuristic import module
from reichsstadt.bots.learned import load
from reichsstadt.bots.training import Explorer
from reichsstadt.core import CHANCE
from reichsstadt.core.runner import Match
from reichsstadt.core.seat import Seat

EXPLORE = 0.15   # the mix `reichsstadt.bots.training` fits on


def _agents(game: str, players: int, seed: int) -> dict[int, Any]:
    return {s: Explorer(game, seed * 16 + s, EXPLORE) for s in range(players)}


def _shares(outcome: Any, players: int) -> list[float]:
    return [1.0 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(players)]


def _positions(game: str, players: int, seed: int, per_game: int) -> list[tuple[Any, float, Any, list[float]]]:
    """`per_game` positions of one game, at decisions drawn uniformly: (state, progress,
    rows, the game's own result)."""
    features = module(game).features
    length = Match(game, players, seed, recording=False)
    length.run(_agents(game, players, seed))
    picks = set(random.Random(seed).sample(range(1, length.decisions), per_game))
    match = Match(game, players, seed, recording=False)
    noted: list[tuple[Any, float, Any]] = []

    def note(seat: int, action: Any, state: Any) -> None:
        if seat != CHANCE and match.decisions in picks and not state.over():
            progress, rows = features(state)
            noted.append((state.clone(), progress, rows))
    match.after.append(note)
    result = _shares(match.run(_agents(game, players, seed)), players)
    return [(s, t, r, result) for s, t, r in noted]


def _continued(game: str, state: Any, seed: int, policy: str) -> list[float]:
    """One continuation by a playout policy ("cheap" or "heuristic"; with a number of
    decisions, "cheap12"): the win shares at the end, or the linear evaluation's chances
    after that many decisions."""
    from reichsstadt.core.chance import sample_chance

    mod = module(game)
    kind = policy.rstrip("0123456789")
    cutoff = int(policy[len(kind):]) if policy != kind else None
    play = mod.greedy_playout if kind == "heuristic" else mod.playout
    rng = random.Random(seed)
    s = state.clone()
    decisions = 0
    while not s.over():
        if cutoff is not None and decisions >= cutoff:
            progress, rows = mod.features(s)
            return load(mod).chances(progress, rows)
        seat = s.to_act()[0]
        if seat == CHANCE:
            s.apply(CHANCE, sample_chance(s, rng))
            continue
        s.apply(seat, play(s, seat, rng))
        decisions += 1
    return _shares(s.outcome(), s.players)


def _worth(game: str, state: Any, rollouts: int, seed: int, policy: str = "greedy") -> list[float]:
    """Each seat's win share over `rollouts` continuations of `state`."""
    players = state.players
    total = [0.0] * players
    if policy != "greedy":
        for r in range(rollouts):
            for p, share in enumerate(_continued(game, state, seed + r, policy)):
                total[p] += share
        return [x / rollouts for x in total]
    for r in range(rollouts):
        m = Match(game, players, seed + r, recording=False)
        m.state = state.clone()
        m._seats = [Seat(m.state, i) for i in range(players)]   # the match's windows on the new state
        for p, share in enumerate(_shares(m.run(_agents(game, players, (seed + r) * 7 + 1)), players)):
            total[p] += share
    return [x / rollouts for x in total]


def _measure(args: tuple[str, int, int, int, int, str]) -> list[dict[str, Any]]:
    game, players, seed, per_game, rollouts, policy = args
    evaluation = load(module(game))
    out = []
    for i, (state, progress, rows, result) in enumerate(_positions(game, players, seed, per_game)):
        out.append({"players": players, "progress": progress, "result": result,
                    "worth": _worth(game, state, rollouts, seed * 1000 + i * rollouts, policy),
                    "linear": evaluation.chances(progress, rows)})
    return out


def _kl(v: Sequence[float], q: Sequence[float]) -> float:
    return sum(a * math.log(a / b) for a, b in zip(v, q) if a > 0)


def _loss(result: Sequence[float], q: Sequence[float]) -> float:
    return -sum(a * math.log(b) for a, b in zip(result, q) if a > 0)


def report(rows: list[dict[str, Any]], rollouts: int) -> list[str]:
    """The summary lines: per player count and progress third, then overall."""
    lines = []
    groups: dict[str, list[dict[str, Any]]] = {"all": rows}
    for n in sorted({r["players"] for r in rows}):
        groups[f"{n} players"] = [r for r in rows if r["players"] == n]
    for third, name in enumerate(("first third", "middle third", "last third")):
        groups[name] = [r for r in rows if min(2, int(r["progress"] * 3)) == third]
    for name, group in groups.items():
        if not group:
            continue
        info = missed = noise = loss_lin = loss_worth = loss_even = 0.0
        for r in group:
            n = r["players"]
            even = [1.0 / n] * n
            noise += (sum(1 for x in r["worth"] if x > 0) - 1) / (2 * rollouts)
            info += _kl(r["worth"], even)
            missed += _kl(r["worth"], r["linear"])
            smoothed = [(x * rollouts + 0.5) / (rollouts + 0.5 * n) for x in r["worth"]]
            loss_lin += _loss(r["result"], r["linear"])
            loss_worth += _loss(r["result"], smoothed)
            loss_even += _loss(r["result"], even)
        k = len(group)
        info_c, missed_c = max(info - noise, 1e-9), max(missed - noise, 0.0)
        lines.append(f"  {name}: {k} positions; information {info_c / k:.4f} nats, linear misses "
                     f"{missed_c / k:.4f} (captures {1 - missed_c / info_c:.0%}); rollout noise {noise / k:.4f} taken "
                     f"off both; log loss against the game's result: even {loss_even / k:.4f}, linear "
                     f"{loss_lin / k:.4f}, rollouts' worth {loss_worth / k:.4f}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=200, help="games, split over 3 and 4 players")
    ap.add_argument("--per-game", type=int, default=2, help="positions taken from each game")
    ap.add_argument("--rollouts", type=int, default=64, help="continuations of each position")
    ap.add_argument("--seed", type=int, default=720_000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--policy", default="greedy",
                    help="who plays the continuations: greedy, cheap, cheapN or heuristicN (see above)")
    args = ap.parse_args()
    if not re.fullmatch(r"greedy|cheap|cheap\d+|heuristic\d+", args.policy):
        ap.error(f"--policy is greedy, cheap, cheapN or heuristicN (N decisions before the evaluation), "
                 f"not {args.policy!r}")
    if load(module(args.game)) is None:
        ap.error(f"{args.game} ships no learned evaluation")
    started = time.time()
    tasks = [(args.game, 3 + i % 2, args.seed + i, args.per_game, args.rollouts, args.policy)
             for i in range(args.games)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        rows = [r for part in pool.map(_measure, tasks) for r in part]
    print(f"{args.game}: {len(rows)} positions of {args.games} games (seeds {args.seed}-{args.seed + args.games - 1}), "
          f"{args.rollouts} {args.policy} rollouts each, {time.time() - started:.0f} s", flush=True)
    print("\n".join(report(rows, args.rollouts)), flush=True)


if __name__ == "__main__":
    main()
