"""Information-set Monte Carlo tree search, generic over the contract.

In the style of OpenSpiel's `ismcts.ISMCTSBot` and of Cowling, Powley and Whitehouse's
SO-ISMCTS (2012):

- every iteration searches one **determinization**: a full state drawn with
  `seat.sample(rng)`, so hidden cards are guessed afresh each time and the bot never reads
  what its seat cannot see (it receives a `core.Seat`, never the state);
- tree nodes are **information sets**: a node is found by what the seat acting there
  knows, its view (`state.view(actor)`, hashed), or a game's cheaper `info_key(seat)`
  if its State offers one. Positions that look the same to the actor share statistics,
  whatever the hidden truth of the determinization;
- selection is UCB1 over the actions **available in this determinization**, with
  availability counts in place of the parent's visits (an action that is rarely legal is
  not punished for it); untried actions first, in random order;
- **chance** nodes are not tree nodes: their outcome is drawn from `chance_outcomes()`
  with the search's random source and the search goes on to the next decision; forced
  moves (one legal action) are made without a node either;
- **simultaneous** decisions are taken one seat at a time: at the root the bot's seat
  first, further down in seat order. A seat deciding later sees only what its view shows
  of the others' pending choices (their choices hidden by the engine), so it cannot react
  to them;
- **heuristic guidance** (`policy="heuristic"`, the default, for games with a heuristic
  player: bots/heuristic): the root's candidates are the heuristic's `root_k` best-scored
  moves (it is asked on the same Seat, so it sees no more than the bot), its own move
  gets a progressive bias (`prior / sqrt(visits + 1)`) and is tried first; the
  **playout** lets the heuristic player decide for every seat on its view of the
  determinization, and after `max_playout` decisions the game's **evaluation** of the
  determinization takes over (each seat's expected points, turned into a reward like a
  finished game's). `policy="fast"` plays out with the game's cheap playout policy
  instead (a later cut-off); `policy="random"` plays uniformly random moves to the end
  with no guidance; an injected `playout` and `evaluator` replace either;
- the **reward** of a finished playout is each seat's normalized score margin
  (`0.5 + 0.5 * (own score - best other score) / spread`) blended with its win
  (ties split), both in [0, 1]; the spread is the largest score range seen so far in
  this search.

`MCTSBot.search(seat)` returns the move with its estimate (win probability, expected
score, visits), which `reichsstadt hint` and the server's hints show."""

from __future__ import annotations

import hashlib
import marshal
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..core import CHANCE, Action, IllegalAction, Outcome, Seat, State

PlayoutPolicy = Callable[[State, int, random.Random], Action]
"""(state, seat, rng) -> one of state.legal(seat): the move a playout makes."""

Evaluator = Callable[[State], Sequence[float]]
"""state -> each seat's value in [0, 1] (the playout's cut-off evaluation)."""

# slots of one action's statistics at a node (a list, for speed)
VISITS, TOTAL, AVAIL, ACTION, WINS, SCORE, SCORED = range(7)


@dataclass
class ActionStat:
    """What the search learned of one of the root's actions."""

    action: Action
    visits: int
    value: float          # mean reward in [0, 1]
    win: float            # share of playouts won (ties split)
    score: float          # mean final score of the bot's seat (NaN: every playout cut off)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.to_json(), "visits": self.visits, "value": round(self.value, 4),
                "win": round(self.win, 4), "score": _num(self.score, 3)}


@dataclass
class Decision:
    """A searched move and its estimate."""

    action: Action
    win: float            # estimated probability of winning after this move (ties split)
    score: float          # expected final score of the bot's seat
    value: float          # mean search reward (the blend the search maximizes)
    visits: int           # playouts through this move
    iterations: int       # playouts in all
    seconds: float
    nodes: int            # information sets in the tree (root included)
    actions: list[ActionStat] = field(default_factory=list)   # every root action, most visited first

    def estimate(self) -> dict[str, Any]:
        return {"win": round(self.win, 4), "score": _num(self.score, 2), "value": round(self.value, 4),
                "visits": self.visits, "iterations": self.iterations, "seconds": round(self.seconds, 3)}


def _num(x: float, digits: int) -> float | None:
    return None if x != x else round(x, digits)


def _view_key(state: State, seat: int) -> bytes:
    """A seat's information set, as a digest of its view (marshal format 2 writes no
    back-references, so equal views give equal bytes)."""
    return hashlib.blake2b(marshal.dumps(state.view(seat), 2), digest_size=16).digest()


class MCTSBot:
    """ISMCTS with a budget of `iterations` or `seconds` a move (one of them; both: the
    first reached).

    Defaults as measured on Norenberc (4 players, 100 playouts a move, 40 seat-rotated
    games of four variants against each other, random playouts): exploration c = 0.35
    (mean rank 2.20, openskill mu 30.0 ± 4.4, against 2.48 and 20.8 ± 4.4 at c = 0.7); a
    reward that is the win alone played far worse (mean rank 3.00, 7.5 % of wins) than
    the blend with the score margin (win weight 0.5), the margin alone about as well as
    the blend. The heuristic guidance (prior 0.3, 4 root candidates, heuristic playouts
    cut off by the evaluation) against three heuristic players: benchmarks/strength.md;
    without it (playouts by the cheap policy, 40 decisions, 100 playouts a move) the
    search lost all 12 seat-rotated Norenberc games to them (mean score 18 against 31)."""

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int = 0,
        c: float = 0.35,
        win_weight: float = 0.5,
        playout: PlayoutPolicy | None = None,
        evaluator: Evaluator | None = None,
        max_playout: int | None = None,
        observer: str = "actor",
        policy: str = "heuristic",
        prior: float = 0.3,
        root_k: int = 4,
    ) -> None:
        if observer not in ("actor", "root"):
            raise ValueError(f"observer is 'actor' or 'root', not {observer!r}")
        if policy not in ("heuristic", "fast", "random"):
            raise ValueError(f"policy is 'heuristic', 'fast' or 'random', not {policy!r}")
        if iterations is None and seconds is None:
            seconds = 1.0
        self.iterations = iterations
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.c = c
        self.win_weight = win_weight
        self.playout = playout
        self.evaluator = evaluator
        self.max_playout = max_playout
        self.observer = observer
        self.policy = policy
        self._aids: dict[str, Any] = {}       # game id -> its heuristic's SearchAids (or None)
        self._playout: PlayoutPolicy | None = playout     # what this search plays out with
        self._evaluator: Evaluator | None = evaluator
        self._cutoff: int | None = max_playout
        self.prior = prior
        self.root_k = root_k
        self._advise: Any = None              # the game's heuristic advice (the root's prior)
        self._prior = -1                      # id() of the move it would make at this root
        self._allowed: set[int] | None = None  # id()s of the root's candidates (None: all)
        self.name = f"mcts:{iterations}" if iterations is not None else f"mcts:{seconds:g}s"
        self.last: Decision | None = None     # the last search (for hints and studies)
        self.searches = 0                     # searches made (forced moves need none)
        self.searched_iterations = 0          # their playouts in all
        self.searched_seconds = 0.0           # and their time
        self._spread = 1.0                    # the widest score range seen in this search

    def thinking(self) -> dict[str, Any]:
        """How hard the bot has thought so far (the arena records it per game)."""
        return {"searches": self.searches, "iterations": self.searched_iterations,
                "seconds": round(self.searched_seconds, 3)}

    # -- the bot interface ----------------------------------------------------------------
    def act(self, seat: Seat) -> Action:
        legal = seat.legal()
        if len(legal) == 1:  # a forced move needs no search
            return legal[0]
        return self.search(seat).action

    # -- the search -----------------------------------------------------------------------
    def search(self, seat: Seat) -> Decision:
        legal = seat.legal()
        if not legal:
            raise IllegalAction(f"seat {seat.seat + 1} has no decision to make now")
        me = seat.seat
        rng = self.rng
        self._choose_playout(getattr(seat, "game_id", ""))
        self._prior = -1
        self._allowed = None
        if self._advise is not None and (self.prior > 0 or self.root_k):
            # the game's heuristic player on the same Seat: its move is the prior, its
            # best-scored moves the root's candidates
            guess, scores = self._advise(seat, rng)
            self._prior = id(guess)
            if self.root_k and scores is not None and len(legal) > self.root_k:
                ranked = sorted(range(len(legal)), key=lambda i: -scores[i])[:self.root_k]
                self._allowed = {id(legal[i]) for i in ranked} | {id(guess)}
        root: dict[int, list[Any]] = {}
        nodes: dict[Any, dict[int, list[Any]]] = {}
        self._spread = 1.0
        limit = self.iterations if self.iterations is not None else 1 << 62
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else math.inf
        clock = time.perf_counter
        iterate = self._iterate
        sample = seat.sample
        done = 0
        while done < limit:
            iterate(sample(rng), me, root, nodes, rng)
            done += 1
            if clock() >= deadline:
                break
        elapsed = time.perf_counter() - start
        stats = [st for st in root.values() if st[VISITS]]
        stats.sort(key=lambda st: (-st[VISITS], -st[TOTAL]))
        if not stats:  # cannot happen with one iteration or more; kept for safety
            stats = [[0, 0.0, 0, legal[0], 0.0, 0.0, 0]]
        out = [ActionStat(st[ACTION], st[VISITS], st[TOTAL] / max(1, st[VISITS]), st[WINS] / max(1, st[VISITS]),
                          st[SCORE] / st[SCORED] if st[SCORED] else math.nan) for st in stats]
        best = out[0]
        decision = Decision(best.action, best.win, best.score, best.value, best.visits, done, elapsed,
                            len(nodes) + 1, out)
        self.last = decision
        self.searches += 1
        self.searched_iterations += done
        self.searched_seconds += elapsed
        return decision

    def _choose_playout(self, game_id: str) -> None:
        """This search's playout policy, evaluation and cut-off: the injected ones, else
        the game's heuristic aids (policy "heuristic" or "fast"), else uniformly random
        to the end."""
        self._playout, self._evaluator, self._cutoff = self.playout, self.evaluator, self.max_playout
        self._advise = None
        if self.policy == "random":
            return
        if game_id not in self._aids:
            from .heuristic import search_aids

            self._aids[game_id] = search_aids(game_id, self.policy, self.win_weight)
        aids = self._aids[game_id]
        if aids is None:
            return
        self._advise = aids.advise
        if self.playout is None and self.evaluator is None:  # an injected one is used as given
            self._playout, self._evaluator = aids.playout, aids.evaluator
            if self._cutoff is None:
                self._cutoff = aids.cutoff

    def _iterate(self, state: State, me: int, root: dict[int, list[Any]],
                 nodes: dict[Any, dict[int, list[Any]]], rng: random.Random) -> None:
        """One determinization: select down the tree, add one node, play out, back up."""
        c = self.c
        log = math.log
        sqrt = math.sqrt
        rand = rng.random
        key_of = getattr(state, "info_key", None)
        by_root = self.observer == "root"
        path: list[tuple[list[Any], int]] = []
        node = root
        actor = me
        prior = self._prior
        bias = self.prior
        allowed = self._allowed
        while True:
            # -- select among the actions available in this determinization
            legal = state.legal(actor)
            pick: list[Any] | None = None
            fresh = 0
            best = -1.0
            for a in legal:
                if allowed is not None and node is root and id(a) not in allowed:
                    continue
                st = node.get(id(a))
                if st is None:
                    st = node[id(a)] = [0, 0.0, 0, a, 0.0, 0.0, 0]
                st[AVAIL] += 1
                n = st[VISITS]
                if n == 0:
                    # untried: one of them, uniformly (reservoir sampling); the prior first
                    if prior == id(a) and node is root:
                        fresh = 1 << 30
                        pick = st
                    else:
                        fresh += 1
                        if rand() * fresh < 1.0:
                            pick = st
                    best = math.inf
                elif best != math.inf:
                    u = st[TOTAL] / n + c * sqrt(log(st[AVAIL]) / n)
                    if prior == id(a) and node is root:
                        u += bias / (n + 1) ** 0.5   # progressive bias towards the heuristic's move
                    if u > best:
                        best = u
                        pick = st
            assert pick is not None
            path.append((pick, actor))
            state.apply(actor, pick[ACTION])
            # -- chance is drawn, and forced moves made, without a node
            to_act = state.to_act()
            while to_act:
                actor = to_act[0]
                if actor == CHANCE:
                    state.apply(CHANCE, _draw(state, rand))
                else:
                    legal = state.legal(actor)
                    if len(legal) > 1:
                        break
                    state.apply(actor, legal[0])
                to_act = state.to_act()
            if not to_act:
                break
            key: Any
            if by_root:  # SO-ISMCTS: every node as the searching seat sees it
                key = (actor, key_of(me) if key_of is not None else _view_key(state, me))
            else:
                key = key_of(actor) if key_of is not None else _view_key(state, actor)
            child = nodes.get(key)
            if child is None:
                nodes[key] = {}      # expansion: the new node's actions get stats on its next visit
                break
            node = child
        rewards, win, score = self._play_out(state, rng, me)
        for st, seat in path:
            st[VISITS] += 1
            st[TOTAL] += rewards[seat]
        first = path[0][0]
        first[WINS] += win
        if score == score:  # not NaN: the playout reached the end
            first[SCORE] += score
            first[SCORED] += 1

    def _play_out(self, state: State, rng: random.Random, me: int) -> tuple[Sequence[float], float, float]:
        """Play on to the end (or the cut-off): each seat's reward, and the bot's win share
        and score (a cut-off evaluation estimates both by the bot's value)."""
        rand = rng.random
        policy = self._playout
        evaluator = self._evaluator
        cutoff = self._cutoff if evaluator is not None else None
        depth = 0
        while True:
            to_act = state.to_act()
            if not to_act:
                break
            p = to_act[0]
            if p == CHANCE:
                state.apply(CHANCE, _draw(state, rand))
                continue
            if cutoff is not None and depth >= cutoff:
                values = evaluator(state)  # type: ignore[misc]
                return values, values[me], math.nan
            if policy is None:
                legal = state.legal(p)
                state.apply(p, legal[int(rand() * len(legal))])
            else:
                state.apply(p, policy(state, p, rng))
            depth += 1
        return self._rewards(state.outcome(), me)

    def _rewards(self, out: Outcome, me: int) -> tuple[list[float], float, float]:
        scores = out.scores
        top = max(scores)
        spread = top - min(scores)
        if spread > self._spread:
            self._spread = spread
        half = 0.5 / self._spread
        w = self.win_weight
        winners = out.ranks.count(1)
        rewards = []
        for i, s in enumerate(scores):
            other = max(x for j, x in enumerate(scores) if j != i)
            margin = 0.5 + (s - other) * half
            won = 1.0 / winners if out.ranks[i] == 1 else 0.0
            rewards.append(w * won + (1 - w) * margin)
        return rewards, (1.0 / winners if out.ranks[me] == 1 else 0.0), float(scores[me])


def _draw(state: State, rand: Callable[[], float]) -> Action:
    """One chance outcome by its probability (core.sample_chance, inlined)."""
    outcomes = state.chance_outcomes()
    r = rand()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]
