"""The same seeded games in two or more trees of the project, decision by decision: a
digest of every legal-move list (in its order), every chance node's outcomes and
probabilities, and every move made, per game; and, apart, a digest of the events each
move recorded (news). A speed change that keeps the rules gives the same move digest in
every tree; one that keeps the events too gives the same event digest (a tree from
before the engines recorded events gives another one).

    python3 benchmarks/engines_same_decisions.py --tree before=../baseline --tree after=. \\
        --games norenberc=200,siedler=200,colonia=60

The games are those of the fixed work of engines_side_by_side.py: 4 players, seeds
1000.., a random bot seeded like the game. Nothing is asserted: it prints the digests
and whether they agree."""

from __future__ import annotations

import argparse
from pathlib import Path

from engines_side_by_side import game_counts, named_trees, run_in  # benchmarks/ is the script's folder: sys.path[0]

_DIGEST = """
import hashlib, json, sys
from reichsstadt.bots.random_bot import RandomBot
from reichsstadt.core import CHANCE, Match, game
g, games = game(sys.argv[1]), int(sys.argv[2])
moves, news = hashlib.sha256(), hashlib.sha256()
decisions = chance = 0
def before(seat, action, state):
    global decisions, chance
    if seat == CHANCE:
        chance += 1
        moves.update(repr([(a.to_json(), p) for a, p in state.chance_outcomes()]).encode())
    else:
        decisions += 1
        moves.update(repr([a.to_json() for a in state.legal(seat)]).encode())
    moves.update(repr((seat, action.to_json())).encode())
def after(seat, action, state):
    news.update(repr(state.events).encode())
for seed in range(1000, 1000 + games):
    match = Match(g, 4, seed, recording=False)
    match.listeners.append(before)
    match.after.append(after)
    bot = RandomBot(seed)
    match.advance({s: bot for s in range(4)})
print(json.dumps({"decisions": decisions, "chance_steps": chance, "moves": moves.hexdigest()[:16],
                  "events": news.hexdigest()[:16]}))
"""


def digest(tree: Path, game: str, games: int) -> dict[str, object]:
    return run_in(tree, ["-c", _DIGEST, game, str(games)])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tree", action="append", required=True, metavar="NAME=PATH",
                    help="a tree to play the games in (a checkout of the project); give two or more")
    ap.add_argument("--games", default="norenberc=200,siedler=200,colonia=60", help="seeded games per game")
    args = ap.parse_args()
    trees = named_trees(args.tree)
    games = game_counts(args.games)
    print("| game | tree | decisions | chance steps | moves digest | events digest |")
    print("|---|---|---:|---:|---|---|")
    for game, count in games.items():
        seen = {name: digest(tree, game, count) for name, tree in trees.items()}
        for name, d in seen.items():
            print(f"| {game} | {name} | {d['decisions']:,} | {d['chance_steps']:,} | {d['moves']} | {d['events']} |")
        same = len({d["moves"] for d in seen.values()}) == 1
        print(f"| {game} | | | | {'the same in every tree' if same else 'DIFFERENT'} | |", flush=True)


if __name__ == "__main__":
    main()
