"""The learned evaluation: each seat's chance to win and final score, from the features
of its game's heuristic (`features(state) -> (progress, rows)`), with weights fitted on
self-play games (`reichsstadt.bots.training`) and shipped as package data beside the
heuristic module (`<game>.weights.json`), read without network access.

The model is a conditional logit: seat p's strength is `z_p = sum_i (a_i + b_i * t) *
x_pi` over its features x_p at progress t (0 at the start of the game, 1 at its end),
and its chance to win is `exp(z_p) / sum_q exp(z_q)`: only differences between the seats
matter, as in the game. The final score is a linear regression on the same terms. Pure
Python at play time (a few dozen products a seat: cheaper than a NumPy call); NumPy only
to fit."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Sequence

from ..core import BadOption

FORMAT = 1
"""The weights file's format version (a file of another version is refused, never guessed)."""


@dataclass(frozen=True)
class LearnedEvaluation:
    """Fitted weights of one game's features, and how they were fitted."""

    game: str
    features: tuple[str, ...]
    win_base: tuple[float, ...]       # a_i: weight of feature i at the start
    win_slope: tuple[float, ...]      # b_i: its change by the end
    score_base: tuple[float, ...]     # the score regression, likewise (last entry: the intercept)
    score_slope: tuple[float, ...]
    spread: float                     # the final score margin that counts as a sure win
    trained: dict[str, Any] = field(default_factory=dict)   # games, seeds, fit quality

    def weights_at(self, progress: float) -> tuple[list[float], list[float]]:
        """The win and score weights at this progress."""
        t = progress
        win = [a + b * t for a, b in zip(self.win_base, self.win_slope)]
        score = [a + b * t for a, b in zip(self.score_base, self.score_slope)]
        return win, score

    def chances(self, progress: float, rows: Sequence[Sequence[float]]) -> list[float]:
        """Each seat's chance to win (they sum to 1)."""
        win, _ = self.weights_at(progress)
        z = [sum(w * x for w, x in zip(win, row)) for row in rows]
        top = max(z)
        e = [math.exp(v - top) for v in z]
        total = sum(e)
        return [v / total for v in e]

    def scores(self, progress: float, rows: Sequence[Sequence[float]]) -> list[float]:
        """Each seat's expected final score."""
        _, score = self.weights_at(progress)
        bias = score[-1]
        return [bias + sum(w * x for w, x in zip(score, row)) for row in rows]

    def rewards(self, progress: float, rows: Sequence[Sequence[float]], win_weight: float) -> list[float]:
        """Each seat's reward in [0, 1], in the shape of a finished playout's (the search's
        blend of the win and the score margin): the chance to win, blended with the
        expected margin over the best other seat."""
        win, score = self.weights_at(progress)
        z = [sum(w * x for w, x in zip(win, row)) for row in rows]
        top = max(z)
        e = [math.exp(v - top) for v in z]
        total = sum(e)
        bias = score[-1]
        s = [bias + sum(w * x for w, x in zip(score, row)) for row in rows]
        half = 0.5 / self.spread
        out = []
        for p, v in enumerate(s):
            other = max(x for q, x in enumerate(s) if q != p) if len(s) > 1 else v
            margin = min(1.0, max(0.0, 0.5 + (v - other) * half))
            out.append(win_weight * e[p] / total + (1 - win_weight) * margin)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "features": list(self.features),
                "win": {"base": list(self.win_base), "slope": list(self.win_slope)},
                "score": {"base": list(self.score_base), "slope": list(self.score_slope)},
                "spread": self.spread, "trained": self.trained}

    @staticmethod
    def from_json(obj: dict[str, Any], where: str = "weights") -> "LearnedEvaluation":
        """Read a weights file's JSON; BadOption naming what is wrong with it."""
        try:
            if obj.get("format") != FORMAT:
                raise ValueError(f"format {obj.get('format')!r}, expected {FORMAT}")
            names = tuple(str(x) for x in obj["features"])
            out = LearnedEvaluation(
                game=str(obj["game"]), features=names,
                win_base=tuple(float(x) for x in obj["win"]["base"]),
                win_slope=tuple(float(x) for x in obj["win"]["slope"]),
                score_base=tuple(float(x) for x in obj["score"]["base"]),
                score_slope=tuple(float(x) for x in obj["score"]["slope"]),
                spread=float(obj["spread"]), trained=dict(obj.get("trained", {})))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise BadOption(f"{where}: not a weights file of the learned evaluation ({exc})") from None
        k = len(names)
        if not (len(out.win_base) == len(out.win_slope) == k and len(out.score_base) == len(out.score_slope) == k + 1):
            raise BadOption(f"{where}: {k} features but weights of other lengths")
        if out.spread <= 0:
            raise BadOption(f"{where}: the spread must be positive, not {out.spread}")
        return out


def weights_resource(module: Any) -> Any:
    """The weights file of a heuristic module: `<module name>.weights.json` in its package."""
    package, _, name = module.__name__.rpartition(".")
    return resources.files(package) / f"{name}.weights.json"


@lru_cache(maxsize=None)
def _load(module_name: str) -> LearnedEvaluation | None:
    import importlib

    module = importlib.import_module(module_name)
    found = weights_resource(module)
    if not found.is_file():
        return None
    where = f"{module_name} weights"
    try:
        obj = json.loads(found.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BadOption(f"{where}: cannot be read ({exc})") from None
    out = LearnedEvaluation.from_json(obj, where)
    declared = tuple(getattr(module, "FEATURES", ()))
    if out.features != declared:
        raise BadOption(f"{where}: fitted on features {', '.join(out.features)}; the heuristic now measures "
                        f"{', '.join(declared)}: fit them again (python3 -m reichsstadt.bots.training)")
    return out


def load(module: Any) -> LearnedEvaluation | None:
    """The learned evaluation shipped with a heuristic module (None if it ships none)."""
    return _load(module.__name__)
