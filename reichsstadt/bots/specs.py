"""Bots by name: the specs the command line, the lobby and the arena accept.

    random          a uniformly random legal move
    greedy          the game's own heuristic player (dispatched by game id)
    mcts            information-set MCTS at its default budget (1 second a move)
    mcts:2000       ... 2000 iterations a move
    mcts:1s         ... one second a move (mcts:0.5s, mcts:250ms likewise)

A spec may carry MCTS settings after the budget, comma-free so that a list of bots
stays a comma-separated list: `mcts:1s:c=0.5` (exploration constant), `mcts:2000:w=1`
(reward: the win only; w=0: the score margin only), `mcts:1s:policy=random` (uniformly
random playouts to the end instead of the game's heuristic playouts and cut-off
evaluation; `policy=fast`: the heuristic's cheap playout policy), `mcts:1s:playout=60`
(decisions before the cut-off), `mcts:1s:prior=0` (no bias towards the heuristic's move
at the root), `mcts:1s:k=0` (every legal move a root candidate, not only the
heuristic's k best)."""

from __future__ import annotations

import re
from typing import Any, Callable

from ..core import BadOption, game as find_game
from .base import Bot
from .heuristic import has_heuristic, heuristic_games, module as heuristic_module
from .random_bot import RandomBot

DEFAULT_MCTS = "1s"
"""The MCTS budget of a bare `mcts`: at most one second a move on the standard machine."""

OFFERED = ("random", "greedy", "mcts:0.5s", "mcts:1s", "mcts:2000")
"""What the lobby and the command line list (any other budget works too)."""

_BUDGET = re.compile(r"^(?:(\d+)|(\d+(?:\.\d+)?|\.\d+)(s|ms))$")


def bot_names(game_id: str | None = None) -> list[str]:
    """The bots to offer: for one game (`greedy` only where it has a heuristic), or any
    game (`greedy` as soon as some game has one)."""
    greedy = bool(heuristic_games()) if game_id is None else has_heuristic(game_id)
    return [n for n in OFFERED if n != "greedy" or greedy]


def parse_mcts(spec: str) -> dict[str, Any]:
    """`mcts[:BUDGET][:key=value...]` -> keyword arguments of MCTSBot; BadOption naming
    what is wrong otherwise."""
    parts = spec.split(":")
    if parts[0] != "mcts":
        raise BadOption(f"{spec!r} is not an MCTS spec (mcts, mcts:2000, mcts:1s)")
    out: dict[str, Any] = {}
    budget = parts[1] if len(parts) > 1 and "=" not in parts[1] else DEFAULT_MCTS
    settings = parts[2:] if len(parts) > 1 and "=" not in parts[1] else parts[1:]
    m = _BUDGET.match(budget.strip().lower())
    if not m:
        raise BadOption(f"bot {spec!r}: the budget {budget!r} is neither a number of iterations (mcts:2000) "
                        f"nor a time (mcts:1s, mcts:0.5s, mcts:250ms)")
    if m.group(1) is not None:
        iterations = int(m.group(1))
        if iterations < 1:
            raise BadOption(f"bot {spec!r}: at least 1 iteration a move")
        out["iterations"] = iterations
    else:
        seconds = float(m.group(2)) / (1000 if m.group(3) == "ms" else 1)
        if seconds <= 0:
            raise BadOption(f"bot {spec!r}: the time a move must be positive")
        out["seconds"] = seconds
    known = {"c": float, "w": float, "playout": int, "nodes": str, "policy": str, "prior": float, "k": int}
    target = {"c": "c", "w": "win_weight", "playout": "max_playout", "nodes": "observer", "policy": "policy",
              "prior": "prior", "k": "root_k"}
    for item in settings:
        key, eq, value = item.partition("=")
        if not eq or key not in known:
            raise BadOption(f"bot {spec!r}: {item!r} is no MCTS setting; settings: "
                            f"c=FLOAT (exploration), w=FLOAT (weight of the win in the reward), "
                            f"playout=N (decisions before the evaluation cut-off), policy=heuristic|random, "
                            f"prior=FLOAT (bias towards the heuristic's move at the root), k=N (the root's candidates: the "
                            f"heuristic's N best moves; 0: all), nodes=actor|root")
        if key == "policy" and value not in ("heuristic", "fast", "random"):
            raise BadOption(f"bot {spec!r}: policy=heuristic (playouts by the game's heuristic player, cut off "
                            f"by its evaluation), policy=fast (its cheap playout policy) or policy=random "
                            f"(uniformly random playouts to the end), not {value!r}")
        if key == "nodes" and value not in ("actor", "root"):
            raise BadOption(f"bot {spec!r}: nodes=actor (information sets of the seat to act) or nodes=root "
                            f"(as the searching seat sees them), not {value!r}")
        try:
            out[target[key]] = known[key](value)
        except ValueError:
            raise BadOption(f"bot {spec!r}: {key} takes a number, not {value!r}") from None
    return out


class GreedyBot:
    """The heuristic of whichever game it sits at (looked up by the seat's game id)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.name = "greedy"
        self._bots: dict[str, Bot] = {}

    def act(self, seat: Any) -> Any:
        gid = seat.game_id
        bot = self._bots.get(gid)
        if bot is None:
            check_greedy(gid)
            bot = self._bots[gid] = heuristic_module(gid).Greedy(self.seed)
        return bot.act(seat)


def check_greedy(game_id: str) -> None:
    if not has_heuristic(game_id):
        have = ", ".join(sorted(heuristic_games())) or "none yet"
        raise BadOption(f"no greedy (heuristic) bot for {game_id}; games with one: {have}")


def make_bot(spec: str, seed: int = 0, game: str | None = None) -> Bot:
    """A bot from its spec. `game`, if given, is checked too (greedy needs a heuristic
    for it). BadOption naming the bots for anything unknown or malformed."""
    if not isinstance(spec, str):
        raise BadOption(f"a bot is named by a string, not {spec!r}")
    name = spec.strip().lower()
    if game is not None:
        find_game(game)
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        if game is not None:
            check_greedy(game)
        return GreedyBot(seed)
    if name == "mcts" or name.startswith("mcts:"):
        from .mcts import MCTSBot

        bot = MCTSBot(seed=seed, **parse_mcts(name))
        bot.name = name
        return bot
    raise BadOption(f"unknown bot {spec!r}; bots: random, greedy, mcts (mcts:2000 iterations a move, "
                    f"mcts:1s or mcts:0.5s a move; bare mcts = mcts:{DEFAULT_MCTS})")


def check_bot(spec: str, game: str | None = None) -> str:
    """The spec, normalized, if it names a bot (for `game`, if given); BadOption otherwise."""
    make_bot(spec, 0, game)
    return spec.strip().lower()
