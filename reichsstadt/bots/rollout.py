"""Rollout search: the heuristic player, improved by looking ahead with itself.

A policy-improvement search in the style of Bertsekas' rollout algorithm and of Tesauro
and Galperin's Monte Carlo backgammon player (1996), on information sets:

- the **candidates** are the heuristic's move and its best-scored others (`root_k`; where
  it does not score every move, all of them), never a move it marks as one to avoid
  while it would not make it itself (`avoid`: Norenberc's pass, which sits a seat out of
  the whole round); with `kinds`, also the best-scored move of every kind (action type)
  the others leave out, an avoided one too: a ranking that scores a kind below the rest
  by its shape (Norenberc's "nothing" at a called guild, its pass) then still has it
  tried;
- every iteration draws one **determinization** with `seat.sample(rng)` (nothing hidden
  is read; with `believe`, the game's heuristic then redraws what the others hide as it
  would have chosen it, on that sample alone: a model of the field) and plays each
  candidate on a copy of it, every seat then moving by the heuristic player's plan
  (`greedy_playout`) on its own view of that copy, to the **horizon** (the end of the
  game, or of the game's current stage, e.g. a round, where the evaluation takes over).
  The candidates share the determinization and the random source of the playout
  (**common random numbers**): what differs between their results is what the candidate
  changed, not the luck of the draw;
- candidates **race**: one whose mean paired gain over the heuristic's move is clearly
  below zero (`race` standard errors, after RACE_AFTER playouts) leaves, and the search
  ends when none is left (`race=inf`: only a candidate that plays the very game of the
  heuristic's move leaves; the others get the whole budget); `also`, the move a review
  asks about, never leaves;
- the move played is the candidate with the best mean paired gain, but the heuristic's
  own move is left only for one that beats it **significantly**: its gain exceeds
  `confidence` standard errors. So the search plays no worse than the heuristic where it
  cannot tell, and better where it can.

Cheaper than a tree (no node per information set), and each playout is a strong
player's game, so a few dozen playouts a candidate decide what thousands of weak ones
could not. MCTSBot uses it for the games whose `SEARCH` says `"search": "rollout"`."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..core import CHANCE, Action, Seat, State


@dataclass(frozen=True)
class Rollouts:
    """What the rollout search needs of a game's heuristic and of the bot's settings."""

    policy: Callable[[State, int, random.Random], Action]   # the heuristic player on a sampled state
    advise: Callable[[Seat, random.Random], tuple[Action, list[float] | None]]
    evaluator: Callable[[State], Sequence[float]] | None    # each seat's reward at a stage's end
    stage: Callable[[State], Any] | None                    # state -> its stage (None: play to the end)
    avoid: Callable[[Action], bool]                         # moves never tried unless the heuristic makes them
    root_k: int
    win_weight: float
    spread: float                                           # the score gap that counts as a sure win
    confidence: float                                       # standard errors a move must beat the heuristic's by
    race: float = 1.0                                       # standard errors below it at which a candidate leaves
    kinds: bool = False                                     # the best move of every kind a candidate too
    believe: Callable[[State, int, random.Random], None] | None = None
    """(sample, seat, rng): redraws in place what the others hide, as the heuristic would have chosen it"""


@dataclass
class Found:
    """One candidate's results: the paired sums against the heuristic's move."""

    action: Action
    n: int = 0
    total: float = 0.0
    wins: float = 0.0
    score: float = 0.0
    scored: int = 0
    gain: float = 0.0       # sum of (this reward - the heuristic move's reward), same determinizations
    gain2: float = 0.0      # and of its square


def candidates(seat: Seat, legal: Sequence[Action], r: Rollouts, rng: random.Random,
               also: Action | None = None) -> tuple[Action, list[Action]]:
    """The heuristic's move and the moves worth trying beside it (it first), `also` among
    them whatever the heuristic thinks of it."""
    guess, scores = r.advise(seat, rng)
    if scores is not None and r.root_k and len(legal) > r.root_k:
        ranked = sorted(range(len(legal)), key=lambda i: -scores[i])[:r.root_k]
        pool = [legal[i] for i in ranked]
    else:
        pool = list(legal)
    out = [guess] + [a for a in pool if a is not guess and not r.avoid(a)]
    if r.kinds:
        out += _other_kinds(legal, scores, out)
    if also is not None and all(a is not also for a in out):
        out.append(also)
    return guess, out


def _other_kinds(legal: Sequence[Action], scores: list[float] | None, taken: list[Action]) -> list[Action]:
    """The best-scored legal move of every action type none of `taken` has (the first
    of its type where the heuristic scored none), in the order of `legal`."""
    have = {a.type for a in taken}
    best: dict[str, int] = {}
    for i, a in enumerate(legal):
        j = best.get(a.type)
        if a.type not in have and (j is None or (scores is not None and scores[i] > scores[j])):
            best[a.type] = i
    return [legal[i] for i in sorted(best.values())]


def play_to_horizon(state: State, me: int, r: Rollouts, rng: random.Random) -> tuple[float, float, float]:
    """Every seat by the heuristic to the horizon: the bot's reward, win share and final
    score (NaN where the evaluation took over)."""
    rand = rng.random
    stage = r.stage
    start = stage(state) if stage is not None else None
    policy = r.policy
    while True:
        to_act = state.to_act()
        if not to_act:
            break
        p = to_act[0]
        if p == CHANCE:
            state.apply(CHANCE, draw_chance(state, rand))
            continue
        if stage is not None and r.evaluator is not None and stage(state) != start:
            values = r.evaluator(state)
            return values[me], values[me], math.nan
        state.apply(p, policy(state, p, rng))
    out = state.outcome()
    scores = out.scores
    other = max(x for j, x in enumerate(scores) if j != me)
    margin = min(1.0, max(0.0, 0.5 + 0.5 * (scores[me] - other) / r.spread))
    won = 1.0 / out.ranks.count(1) if out.ranks[me] == 1 else 0.0
    return r.win_weight * won + (1 - r.win_weight) * margin, won, float(scores[me])


def search(seat: Seat, r: Rollouts, rng: random.Random, budget: Callable[[int], bool],
           fixed: State | None, estimate: bool = True, also: Action | None = None) -> tuple[Action, list[Found], int]:
    """Roll out every candidate on the same determinizations while `budget(done)` allows
    (at least one round of them): the move to play, every candidate's results (the
    heuristic's first) and the playouts made. Without `estimate` (a move to play, not a
    hint to give) the search ends as soon as the heuristic's move is the only one left."""
    legal = seat.legal()
    guess, moves = candidates(seat, legal, r, rng, also)
    found = [Found(a) for a in moves]
    if len(moves) == 1 and not estimate:
        return guess, found, 0
    me = seat.seat
    done = 0
    live = found[:]          # the heuristic's move and the candidates still in the race
    while True:
        if fixed is not None:
            base = fixed
        else:
            base = seat.sample(rng)
            if r.believe is not None:
                r.believe(base, me, rng)
        seed = rng.getrandbits(64)
        first = 0.0
        for i, f in enumerate(live):
            state = base.clone()
            state.apply(me, f.action)
            value, won, score = play_to_horizon(state, me, r, random.Random(seed))
            if i == 0:
                first = value
            d = value - first
            f.n += 1
            f.total += value
            f.wins += won
            f.gain += d
            f.gain2 += d * d
            if score == score:
                f.score += score
                f.scored += 1
            done += 1
        # `also` (a review's move played) stays: its estimate rests on as many playouts as the heuristic's
        live = [live[0]] + [f for f in live[1:] if f.action is also or not _beaten(f, r.race)]
        if (len(live) == 1 and not estimate) or not budget(done):
            break
    return choose(found, r.confidence), found, done


RACE_AFTER = 4
"""Paired playouts before a candidate may leave the race."""


def _beaten(f: Found, z: float) -> bool:
    """Whether a candidate is clearly no better than the heuristic's move (racing: the
    budget goes to the others): its mean gain over it is `z` standard errors below zero,
    or it has never differed from it (it plays the same game)."""
    if f.n < RACE_AFTER:
        return False
    mean, se = _gain(f)
    return mean + z * se < 0 or (mean == 0 and se == 0)


def _gain(f: Found) -> tuple[float, float]:
    """A candidate's mean paired gain over the heuristic's move and its standard error."""
    n = f.n
    mean = f.gain / n
    var = max(0.0, f.gain2 / n - mean * mean)
    return mean, (math.sqrt(var / (n - 1)) if n > 1 else math.inf)


def choose(found: Sequence[Found], confidence: float) -> Action:
    """The best candidate by mean reward if it beats the heuristic's move (found[0])
    significantly, else the heuristic's move."""
    if len(found) == 1:
        return found[0].action
    best = max(found[1:], key=lambda f: f.gain / f.n if f.n else -math.inf)
    if not best.n:
        return found[0].action
    mean, se = _gain(best)
    return best.action if mean > 0 and mean > confidence * se else found[0].action


def draw_chance(state: State, rand: Callable[[], float]) -> Action:
    """One chance outcome by its probability (core.sample_chance, inlined for the
    playouts of this search and of the tree search)."""
    outcomes = state.chance_outcomes()
    x = rand()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[-1][0]
