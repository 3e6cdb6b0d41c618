"""Bots built on the research side: fixed-index baselines and a learned linear policy.

A bot is anything whose `act(seat)` returns one of `seat.legal()`; it gets a
`reichsstadt.Seat`, never the state. These take their place anywhere ours play, by
import path (`--bots reichsstadt.interop.bots:first_legal`) or installed:

- `first_legal` / `last_legal`: always the legal move with the lowest (highest) index of
  the game's action space: the baselines a learned policy should beat before the random
  bot's figures mean anything (docs/research.md, "Baselines");
- `LinearPolicyBot`: a softmax over the legal moves of W · observation + b, the policy
  the worked example trains (examples/reinforce_numpy.py), loaded from the file it saves.
  It observes through the game's encoder without the state: a state drawn by
  `seat.sample(rng)` encodes exactly like the true one for that seat (the encoders' leak
  test checks this at every decision), so its observation is the one it was trained on."""

from __future__ import annotations

import random
from pathlib import Path

try:
    import numpy as np
except ModuleNotFoundError as exc:   # the research extra is not installed
    from . import missing_extra

    raise missing_extra(exc) from None

from ..core import Action, BadOption, Seat
from ..core import game as find_game
from .encoding import encoder as find_encoder

POLICY_FORMAT = 1


class FirstLegal:
    """The legal move with the lowest action index."""

    name = "first-legal"

    def act(self, seat: Seat) -> Action:
        space = find_game(seat.game_id).action_space(seat.players)
        return min(seat.legal(), key=space.encode)


class LastLegal:
    """The legal move with the highest action index."""

    name = "last-legal"

    def act(self, seat: Seat) -> Action:
        space = find_game(seat.game_id).action_space(seat.players)
        return max(seat.legal(), key=space.encode)


def first_legal() -> FirstLegal:
    return FirstLegal()


def last_legal() -> LastLegal:
    return LastLegal()


def save_policy(path: str | Path, weights: np.ndarray, bias: np.ndarray, game_id: str, players: int) -> Path:
    """Write a linear policy (logits = weights · observation + bias) for `game_id` with
    `players` seats, with what it was trained on (the encoding's size, the actions)."""
    out = Path(path)
    np.savez(out, weights=weights, bias=bias, game=game_id, players=players, format=POLICY_FORMAT,
             observation=find_encoder(game_id, players).size, actions=len(bias))
    return out if out.suffix == ".npz" else out.with_name(out.name + ".npz")


class LinearPolicyBot:
    """A linear softmax policy over the legal moves, loaded from `save_policy`'s file:
    its likeliest move (`greedy`, the default) or one drawn from its probabilities."""

    def __init__(self, path: str | Path, seed: int = 0, greedy: bool = True) -> None:
        try:
            with np.load(path) as data:
                if int(data["format"]) != POLICY_FORMAT:
                    raise BadOption(f"policy file {path}: format {int(data['format'])}, not {POLICY_FORMAT}")
                self.weights, self.bias = data["weights"], data["bias"]
                self.game, self.players = str(data["game"]), int(data["players"])
        except (OSError, KeyError, ValueError) as exc:
            raise BadOption(f"policy file {path}: {type(exc).__name__}: {exc}") from None
        self.encoder = find_encoder(self.game, self.players)
        self.space = find_game(self.game).action_space(self.players)
        if self.weights.shape != (len(self.space), self.encoder.size):
            raise BadOption(f"policy file {path}: weights of shape {self.weights.shape}, but {self.game} with "
                            f"{self.players} players has {len(self.space)} actions and {self.encoder.size} "
                            f"observation entries (trained on another encoding?)")
        self.rng = random.Random(seed)
        self.greedy = greedy
        self.name = f"policy:{Path(path).stem}"

    def act(self, seat: Seat) -> Action:
        if seat.game_id != self.game or seat.players != self.players:
            raise BadOption(f"{self.name} plays {self.game} with {self.players} players, not {seat.game_id} with "
                            f"{seat.players}")
        observation = self.encoder.encode(seat.sample(self.rng), seat.seat)
        legal = seat.legal()
        index = [self.space.encode(a) for a in legal]
        logits = self.weights[index] @ observation + self.bias[index]
        if self.greedy:
            return legal[int(np.argmax(logits))]
        p = np.exp(logits - logits.max())
        return legal[self.rng.choices(range(len(legal)), weights=p.tolist())[0]]


def linear_policy(seed: int = 0, game: str | None = None, path: str | None = None) -> LinearPolicyBot:
    """The bot of a saved linear policy: `path`, else $REICHSSTADT_POLICY, else
    `reinforce-<game>.npz` in the current folder (what the worked example saves)."""
    import os

    chosen = path or os.environ.get("REICHSSTADT_POLICY") or (f"reinforce-{game}.npz" if game else None)
    if chosen is None:
        raise BadOption("which policy? set REICHSSTADT_POLICY to the file examples/reinforce_numpy.py saved")
    if not Path(chosen).exists():
        raise BadOption(f"no policy file {chosen}: train one with python3 examples/reinforce_numpy.py --game "
                        f"{game or 'GAME'} (it saves reinforce-GAME.npz), or set REICHSSTADT_POLICY")
    return LinearPolicyBot(chosen, seed)


__all__ = ["FirstLegal", "LastLegal", "LinearPolicyBot", "first_legal", "last_legal", "linear_policy",
           "save_policy"]

