"""Information-set Monte Carlo tree search, generic over the contract.

In the style of OpenSpiel's `ismcts.ISMCTSBot` and of Cowling, Powley and Whitehouse's
SO-ISMCTS (2012):

- every iteration searches one **determinization**: a full state drawn with
  `seat.sample(rng)`, so hidden cards are guessed afresh each time and the bot never reads
  what its seat cannot see (it receives a `core.Seat`, never the state). Where the seat's
  view shows that nothing is hidden from it (the game's `hidden(view)` says so), the one
  state a sample can be is drawn once and copied for every iteration;
- tree nodes are **information sets**: a node is found by what the seat acting there
  knows: the state's fields with the private ones reduced to what that seat sees of them
  (the game's heuristic names them: bots/infokey.py), else its view (`state.view(actor)`,
  hashed), or a game's own `info_key(seat)` if its State offers one. Positions that
  look the same to the actor share statistics, whatever the hidden truth of the
  determinization;
- selection is UCB1 over the actions **available in this determinization**, with
  availability counts in place of the parent's visits (an action that is rarely legal is
  not punished for it). A node tries a new action only while it has tried fewer than
  `1 + widen * sqrt(visits)` (**progressive widening**; `widen=0`: every action at
  once), the playout policy's choice first (the heuristic's move ordering), then at
  random;
- **chance** nodes are not tree nodes: their outcome is drawn from `chance_outcomes()`
  with the search's random source and the search goes on to the next decision; forced
  moves (one legal action) are made without a node either;
- **simultaneous** decisions are taken one seat at a time: at the root the bot's seat
  first, further down in seat order. A seat deciding later sees only what its view shows
  of the others' pending choices (their choices hidden by the engine), so it cannot react
  to them;
- **guidance** from the game's heuristic (bots/heuristic), where it has one: the root's
  candidates are the heuristic's `root_k` best-scored moves (it is asked on the same
  Seat, so it sees no more than the bot), its own move gets a progressive bias (`prior /
  sqrt(visits + 1)`) and is tried first. The **playout** policy decides for every seat
  on the determinization: `fast`, the game's cheap policy (its plan's habits without its
  sums), or `heuristic`, the plan itself (ten times slower); after `playout` decisions
  the **evaluation** takes over: `learned` (each seat's chance to win and expected score,
  fitted on self-play games: bots/learned.py) or `hand` (the heuristic's own valuation).
  `policy="random"` plays uniformly random moves to the end with no guidance; an
  injected `playout` and `evaluator` replace either;
- the **reward** of a finished playout is each seat's normalized score margin
  (`0.5 + 0.5 * (own score - best other score) / spread`) blended with its win
  (ties split), both in [0, 1]; the spread is the largest score range seen so far in
  this search;
- in the phases a game's `SEARCH` names "plain" (Siedler's trade offers, which the
  playouts never make) the bot plays its heuristic's move without a search;
- a time budget is an upper bound: the search stops as soon as no other root move could
  overtake the most visited one in the time left (`stop_early`), and `clock="cpu"`
  counts this process's CPU time instead of the wall clock (fair on a loaded machine).

Each game's tuned settings (exploration, reward blend, playout length, root candidates,
widening, policy and evaluation) are its heuristic module's `SEARCH`; a spec overrides
any of them (`mcts:1s:c=0.5`). `MCTSBot.search(seat)` returns the move with its
estimate (win probability, expected score, visits), which hints and reviews show."""

from __future__ import annotations

import hashlib
import marshal
import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from ..core import CHANCE, Action, IllegalAction, Outcome, Seat, State
from . import rollout
from .rollout import Rollouts
from .rollout import draw_chance as _draw

PlayoutPolicy = Callable[[State, int, random.Random], Action]
"""(state, seat, rng) -> one of state.legal(seat): the move a playout makes."""

Evaluator = Callable[[State], Sequence[float]]
"""state -> each seat's value in [0, 1] (the playout's cut-off evaluation)."""

# slots of one action's statistics at a node (a list, for speed)
VISITS, TOTAL, AVAIL, ACTION, WINS, SCORE, SCORED = range(7)

@dataclass(frozen=True)
class Settings:
    """How the search plays a game (MCTSBot's arguments; a game's `SEARCH` tunes them)."""

    c: float = 0.35                  # UCB1's exploration constant
    win_weight: float = 0.5          # the reward: this much the win, the rest the score margin
    cutoff: int | None = None        # playout decisions before the evaluation (None: the policy's own)
    root_k: int = 4                  # the root's candidates: the heuristic's k best moves (0: all)
    prior: float = 0.3               # progressive bias towards the heuristic's move at the root
    widen: float = 0.0               # progressive widening below the root (0: every move at once)
    policy: str = "heuristic"        # playouts: "fast", "heuristic" or "random"
    evaluation: str = "hand"         # at the cut-off: "learned" or "hand"
    plain: tuple[str, ...] = ()      # phases played by the heuristic's move, without a search
    search: str = "tree"             # "tree" (ISMCTS) or "rollout" (the heuristic improved by rollouts)
    horizon: str = "game"            # rollouts: to the "game"'s end, or the "stage"'s (then the evaluation)
    confidence: float = 1.0          # rollouts: standard errors a move must beat the heuristic's by
    race: float = 1.0                # rollouts: standard errors below it at which a candidate leaves (inf: never)
    kinds: bool = False              # rollouts: the best move of every kind a candidate too (a pass included)
    belief: bool = False             # rollouts: the others' hidden choices drawn by the heuristic's model of them
    trust: bool = False              # moves the playouts do not model (the heuristic's UNMODELLED): its call


GENERIC = Settings()
"""Settings of a game whose heuristic declares none (and of a game without a heuristic)."""

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


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


class _Node:
    """An information set: its visits and one statistics list per action seen there."""

    __slots__ = ("visits", "stats")

    def __init__(self) -> None:
        self.visits = 0
        self.stats: dict[int, list[Any]] = {}


_DERIVED = frozenset({"_playout", "_evaluator", "_cutoff", "_advise", "_unmodelled", "_rollouts", "_hidden",
                      "_order", "_key"})
"""MCTSBot's attributes that `_setup` derives from a game's aids (closures: not pickled)."""


class MCTSBot:
    """ISMCTS with a budget of `iterations` or `seconds` a move (one of them; both: the
    first reached). Settings left None take the game's tuned values (its heuristic's
    `SEARCH`); how they were measured: benchmarks/strength.md."""

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int = 0,
        c: float | None = None,
        win_weight: float | None = None,
        playout: PlayoutPolicy | None = None,
        evaluator: Evaluator | None = None,
        max_playout: int | None = None,
        observer: str = "actor",
        policy: str | None = None,
        prior: float | None = None,
        root_k: int | None = None,
        widen: float | None = None,
        evaluation: str | None = None,
        mode: str | None = None,
        horizon: str | None = None,
        confidence: float | None = None,
        race: float | None = None,
        kinds: bool | None = None,
        belief: bool | None = None,
        clock: str | Callable[[], float] = "wall",
        stop_early: bool = True,
        trust: bool | None = None,
    ) -> None:
        if observer not in ("actor", "root"):
            raise ValueError(f"observer is 'actor' or 'root', not {observer!r}")
        if policy not in (None, "heuristic", "fast", "random"):
            raise ValueError(f"policy is 'heuristic', 'fast' or 'random', not {policy!r}")
        if evaluation not in (None, "learned", "hand"):
            raise ValueError(f"evaluation is 'learned' or 'hand', not {evaluation!r}")
        if mode not in (None, "tree", "rollout"):
            raise ValueError(f"mode is 'tree' or 'rollout', not {mode!r}")
        if horizon not in (None, "game", "stage"):
            raise ValueError(f"horizon is 'game' or 'stage', not {horizon!r}")
        if not callable(clock) and clock not in CLOCKS:
            raise ValueError(f"clock is 'wall', 'cpu' or a function giving seconds, not {clock!r}")
        if iterations is None and seconds is None:
            seconds = 1.0
        self.iterations = iterations
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.given: dict[str, Any] = {"c": c, "win_weight": win_weight, "cutoff": max_playout, "root_k": root_k,
                                      "prior": prior, "widen": widen, "policy": policy, "evaluation": evaluation,
                                      "search": mode, "horizon": horizon, "confidence": confidence,
                                      "race": race, "trust": trust, "kinds": kinds,
                                      "belief": belief}
        self.playout = playout
        self.evaluator = evaluator
        self.observer = observer
        self.clock = clock
        self.stop_early = stop_early
        self.name = f"mcts:{iterations}" if iterations is not None else f"mcts:{seconds:g}s"
        self.last: Decision | None = None     # the last search (for hints and studies)
        self.searches = 0                     # searches made (forced moves need none)
        self.searched_iterations = 0          # their playouts in all
        self.searched_seconds = 0.0           # and their time
        self._games: dict[str, tuple[Settings, Any]] = {}   # game id -> (settings, aids)
        self._setup("")

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle keeps (an environment with this bot as an opponent, sent to another
        process): everything but what the game's aids derive, whose playouts and evaluations
        are closures; the next search finds them again (`_game`, `_setup`)."""
        state = {k: v for k, v in self.__dict__.items() if k not in _DERIVED}
        state["_games"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._setup("")

    def thinking(self) -> dict[str, Any]:
        """How hard the bot has thought so far (the arena records it per game)."""
        return {"searches": self.searches, "iterations": self.searched_iterations,
                "seconds": round(self.searched_seconds, 3)}

    # -- the bot interface ----------------------------------------------------------------
    def act(self, seat: Seat) -> Action:
        legal = seat.legal()
        if len(legal) == 1:  # a forced move needs no search
            return legal[0]
        game_id = getattr(seat, "game_id", "")
        if game_id:
            chosen, aids = self._game(game_id)
            plain = aids is not None and chosen.plain and seat.view()["phase"] in chosen.plain
            if aids is not None and chosen.search == "rollout" and not aids.searched(seat.view()):
                plain = True   # a step the rollout search leaves to the heuristic
            if plain:
                assert aids is not None
                # a step the playouts do not model (a trade offer's parts): the heuristic's move
                move: Action = aids.advise(seat, self.rng)[0]
                return move
        return self.search(seat, estimate=False).action

    # -- settings -------------------------------------------------------------------------
    def settings(self, game_id: str) -> Settings:
        """The settings this bot searches `game_id` with: its own, else the game's tuned ones."""
        return self._game(game_id)[0]

    def _chosen(self, tuned: dict[str, Any]) -> Settings:
        """GENERIC, then the game's tuned settings, then this bot's own."""
        mine = {k: v for k, v in self.given.items() if v is not None}
        return replace(GENERIC, **{**tuned, **mine})

    def _game(self, game_id: str) -> tuple[Settings, Any]:
        found = self._games.get(game_id)
        if found is None:
            from .heuristic import search_aids, tuned

            chosen = self._chosen(tuned(game_id))
            aids = None
            if chosen.policy != "random":
                aids = search_aids(game_id, chosen.policy, chosen.win_weight, chosen.evaluation)
            found = self._games[game_id] = (chosen, aids)
        return found

    def _setup(self, game_id: str) -> None:
        """This search's settings, playout policy, evaluation and cut-off: the injected
        ones, else the game's heuristic aids, else uniformly random to the end."""
        chosen, aids = self._game(game_id) if game_id else (self._chosen({}), None)
        self.c = chosen.c
        self.win_weight = chosen.win_weight
        self.prior = chosen.prior
        self.root_k = chosen.root_k
        self.widen = chosen.widen
        self.policy = chosen.policy
        self._playout, self._evaluator, self._cutoff = self.playout, self.evaluator, chosen.cutoff
        self._advise = aids.advise if aids is not None else None
        self._unmodelled = aids.unmodelled if aids is not None and chosen.trust else ()
        self._rollouts: Rollouts | None = None
        if aids is not None and chosen.search == "rollout":
            self._rollouts = Rollouts(aids.greedy, aids.advise, aids.evaluator if chosen.horizon == "stage" else None,
                                      aids.stage if chosen.horizon == "stage" else None, aids.avoid, chosen.root_k,
                                      chosen.win_weight, aids.spread, chosen.confidence, chosen.race,
                                      chosen.kinds, aids.believe if chosen.belief else None)
        self._hidden = aids.hidden if aids is not None else None
        self._order = aids.playout if aids is not None else None   # the move ordering of wide nodes
        self._key = aids.info_key if aids is not None else None     # the information sets' key
        if aids is not None and self.playout is None and self.evaluator is None:
            self._playout, self._evaluator = aids.playout, aids.evaluator
            if self._cutoff is None:
                self._cutoff = aids.cutoff

    # -- the search -----------------------------------------------------------------------
    def search(self, seat: Seat, estimate: bool = True, also: Action | None = None) -> Decision:
        """The move to play with its estimate. A rollout search asked for a move to play
        only (`estimate=False`, as `act` does) ends once no other move can beat the
        heuristic's; asked for an estimate (hints) it uses its whole budget. `also`: a
        legal move searched as a candidate even where the heuristic would not propose it
        (a review asks how the bot rates the move that was played)."""
        legal = seat.legal()
        if not legal:
            raise IllegalAction(f"seat {seat.seat + 1} has no decision to make now")
        rng = self.rng
        self._setup(getattr(seat, "game_id", ""))
        if self._rollouts is not None:
            return self._rollout(seat, self._rollouts, estimate, also)
        trusted = self._root_candidates(seat, legal, rng)
        if also is not None and self._allowed is not None:
            self._allowed.add(id(also))
        if trusted is not None and not estimate:
            return self._trusted(trusted)
        root = _Node()
        nodes: dict[Any, _Node] = {}
        self._spread = 1.0
        clock = self.clock if callable(self.clock) else CLOCKS[self.clock]
        start = clock()
        done = self._loop(seat, root, nodes, start, clock)
        elapsed = clock() - start
        stats = [st for st in root.stats.values() if st[VISITS]]
        stats.sort(key=lambda st: (-st[VISITS], -st[TOTAL]))
        out = [ActionStat(st[ACTION], st[VISITS], st[TOTAL] / st[VISITS], st[WINS] / st[VISITS],
                          st[SCORE] / st[SCORED] if st[SCORED] else math.nan) for st in stats]
        best = out[0]
        decision = Decision(best.action, best.win, best.score, best.value, best.visits, done, elapsed,
                            len(nodes) + 1, out)
        self.last = decision
        self.searches += 1
        self.searched_iterations += done
        self.searched_seconds += elapsed
        return decision

    def _rollout(self, seat: Seat, r: Rollouts, estimate: bool, also: Action | None = None) -> Decision:
        """The heuristic's move, improved by rollouts (bots/rollout.py), in the same budget."""
        clock = self.clock if callable(self.clock) else CLOCKS[self.clock]
        start = clock()
        limit = self.iterations if self.iterations is not None else 1 << 62
        deadline = start + self.seconds if self.seconds is not None else math.inf
        fixed = None
        if self._hidden is not None and not self._hidden(seat.view()):
            fixed = seat.sample(self.rng)   # nothing hidden from this seat: every sample is this state
        move, found, done = rollout.search(seat, r, self.rng, lambda n: n < limit and clock() < deadline, fixed,
                                           estimate, also)
        elapsed = clock() - start
        out = [ActionStat(f.action, f.n, f.total / f.n if f.n else 0.0, f.wins / f.n if f.n else 0.0,
                          f.score / f.scored if f.scored else math.nan) for f in found]
        best = next(x for x in out if x.action is move)
        out.sort(key=lambda x: (x.action is not move, -x.value))
        decision = Decision(move, best.win, best.score, best.value, best.visits, done, elapsed, 1, out)
        self.last = decision
        self.searches += 1
        self.searched_iterations += done
        self.searched_seconds += elapsed
        return decision

    def _root_candidates(self, seat: Seat, legal: Sequence[Action], rng: random.Random) -> Action | None:
        """The heuristic's move (the prior) and its best-scored moves (the candidates).
        With `trust`, moves the playouts do not model are no candidates, and the
        heuristic's move is returned when it is one: the search cannot value it (the
        caller plays it unsearched)."""
        self._prior = -1
        self._allowed: set[int] | None = None
        if self._advise is None or not (self.prior > 0 or self.root_k or self._unmodelled):
            return None
        guess, scores = self._advise(seat, rng)
        self._prior = id(guess)
        unmodelled = self._unmodelled
        pool = [i for i in range(len(legal)) if legal[i].type not in unmodelled]
        if self.root_k and scores is not None and len(pool) > self.root_k:
            pool = sorted(pool, key=lambda i: -scores[i])[:self.root_k]
        if len(pool) < len(legal):
            self._allowed = {id(legal[i]) for i in pool} | {id(guess)}
        return guess if guess.type in unmodelled else None

    def _trusted(self, move: Action) -> Decision:
        """The heuristic's move played without a search (`trust`: a move the playouts do not model)."""
        decision = Decision(move, math.nan, math.nan, math.nan, 0, 0, 0.0, 1, [])
        self.last = decision
        return decision

    def _loop(self, seat: Seat, root: _Node, nodes: dict[Any, _Node], start: float,
              clock: Callable[[], float]) -> int:
        """Iterate until the budget is spent (or no other root move can catch up); the
        iterations made."""
        rng = self.rng
        me = seat.seat
        limit = self.iterations if self.iterations is not None else 1 << 62
        deadline = start + self.seconds if self.seconds is not None else math.inf
        early = self.stop_early and self.seconds is not None
        fixed = None
        if self._hidden is not None and not self._hidden(seat.view()):
            fixed = seat.sample(rng)   # nothing hidden from this seat: every sample is this state
        sample = seat.sample
        iterate = self._iterate
        done = 0
        while done < limit:
            iterate(fixed.clone() if fixed is not None else sample(rng), me, root, nodes, rng)
            done += 1
            now = clock()
            if now >= deadline:
                break
            if early and done % 32 == 0 and _settled(root, (deadline - now) * done / max(now - start, 1e-9)):
                break
        return done

    def _iterate(self, state: State, me: int, root: _Node, nodes: dict[Any, _Node], rng: random.Random) -> None:
        """One determinization: select down the tree, add one node, play out, back up."""
        keyed = self._key
        key_of = getattr(state, "info_key", None)
        if keyed is not None:
            key_of = lambda seat: keyed(state, seat)  # noqa: E731 - bound to this determinization
        by_root = self.observer == "root"
        path: list[tuple[list[Any], int]] = []
        visited: list[_Node] = []
        node = root
        actor = me
        rand = rng.random
        while True:
            pick = self._select(node, state, actor, rng, node is root)
            path.append((pick, actor))
            visited.append(node)
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
                nodes[key] = _Node()   # expansion: the new node's actions get stats on its next visit
                break
            node = child
        rewards, win, score = self._play_out(state, rng, me)
        for st, seat in path:
            st[VISITS] += 1
            st[TOTAL] += rewards[seat]
        for n in visited:
            n.visits += 1
        first = path[0][0]
        first[WINS] += win
        if score == score:  # not NaN: the playout reached the end
            first[SCORE] += score
            first[SCORED] += 1

    def _select(self, node: _Node, state: State, actor: int, rng: random.Random, at_root: bool) -> list[Any]:
        """The action to follow at `node`: UCB1 over the tried actions available here, or
        a new one while the node may still widen (the prior first at the root, else the
        playout policy's choice, else one at random)."""
        c = self.c
        stats = node.stats
        allowed = self._allowed if at_root else None
        prior = self._prior if at_root else -1
        legal = state.legal(actor)
        pick: list[Any] | None = None
        best = -1.0
        untried: list[list[Any]] = []
        tried = 0
        for a in legal:
            if allowed is not None and id(a) not in allowed:
                continue
            st = stats.get(id(a))
            if st is None:
                st = stats[id(a)] = [0, 0.0, 0, a, 0.0, 0.0, 0]
            st[AVAIL] += 1
            n = st[VISITS]
            if n == 0:
                untried.append(st)
                continue
            tried += 1
            u = st[TOTAL] / n + c * math.sqrt(math.log(st[AVAIL]) / n)
            if prior == id(a):
                u += self.prior / math.sqrt(n + 1)   # progressive bias towards the heuristic's move
            if u > best:
                best = u
                pick = st
        if untried and (pick is None or at_root or not self.widen
                        or tried < 1 + self.widen * math.sqrt(node.visits)):
            return self._new_action(untried, state, actor, rng, prior)
        assert pick is not None
        return pick

    def _new_action(self, untried: list[list[Any]], state: State, actor: int, rng: random.Random,
                    prior: int) -> list[Any]:
        """Which untried action to try: the heuristic's at the root, the playout policy's
        (when it is untried here) further down, else one at random."""
        if len(untried) == 1:
            return untried[0]
        if prior >= 0:
            for st in untried:
                if id(st[ACTION]) == prior:
                    return st
        elif self._order is not None and self.widen:
            wanted = self._order(state, actor, rng)
            for st in untried:
                if st[ACTION] is wanted:
                    return st
        return untried[int(rng.random() * len(untried))]

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


def _settled(root: _Node, left: float) -> bool:
    """Whether the most visited root move stays first whatever the `left` iterations do."""
    top = second = 0
    for st in root.stats.values():
        n = st[VISITS]
        if n > top:
            top, second = n, top
        elif n > second:
            second = n
    return top - second > left
