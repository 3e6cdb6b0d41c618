"""The review of a finished game: each player's estimated chance to win, move by move,
and for each player the three moves where their chance fell most, with the move the bot
would have made instead.

    review(record, seconds=12.0) -> dict (JSON-serialisable)

- **Chances.** After every move of a player, each seat's chance to win is estimated
  from the whole position (the game is over, nothing is hidden any more) by the game's
  learned evaluation (bots/learned.py): a logit model of the position's features fitted
  on self-play games. A game without one is judged by its heuristic's valuation
  (a softmax of each seat's points), and a game without a heuristic by short random
  playouts. The last point is the result itself (the winners share 1).
- **Costliest moves.** A player's move is judged by how their own chance changed from
  just before it to just after it (the draws that follow belong to luck, not to the
  move; a move that ends the game is judged by the evaluation of the end position, not
  by the result, so that settling who won is not counted as the last mover's fault).
  Forced moves are left out. For the three largest falls of each player, the
  search (the hard level, on that player's Seat: it sees only what the player saw then)
  says which move it would have made, with its estimate of both moves: the move played
  is searched too, even where the heuristic would not propose it (`search(also=)`), so
  that both estimates are on the search's own scale, which is not the chances'. Each
  estimate comes with the playouts it rests on: the rollout search (Norenberc) never
  races the move played out, so it and the bot's move are played out on the same
  determinizations, as often, and their mean final scores say which ends better where
  neither often wins.
- **Budget.** The searches share `seconds` (or take `iterations` each: the same record,
  seed and iterations give the same review); the chances cost a few milliseconds a
  move.
- **In parts.** `review` is `outline` (the chances and the moves to examine), then
  `examine` of each of those moves, then `assemble`: the server runs each part as a job of
  its own in its bot pool, so that a review never holds a worker for longer than one
  search, and caches the result with the game."""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Sequence

from ..core import CHANCE, BadOption, IllegalAction, Record, RecordError, Seat, State, game as find_game
from ..core.record import replay

WORST = 3
"""Moves reviewed per player."""


def chance_model(game_id: str) -> tuple[str, Callable[[State], list[float]]]:
    """How this game's positions are judged: (method, state -> each seat's chance to win)."""
    from .heuristic import has_heuristic, module

    if has_heuristic(game_id):
        mod = module(game_id)
        from .learned import load

        model = load(mod) if hasattr(mod, "features") else None
        if model is not None:
            features = mod.features
            return "learned", lambda s: model.chances(*features(s))
        judge, spread = mod.evaluate_state, float(mod.SPREAD)
        return "heuristic", lambda s: _softmax(judge(s), spread / 3.0)
    return "playouts", _playout_chances


def _softmax(values: Sequence[float], tau: float) -> list[float]:
    top = max(values)
    e = [math.exp((v - top) / tau) for v in values]
    total = sum(e)
    return [x / total for x in e]


def _playout_chances(state: State, playouts: int = 24) -> list[float]:
    """Win shares of uniformly random playouts from the position (a game with no heuristic)."""
    rng = random.Random(len(state.to_act()) * 7919 + state.players)
    wins = [0.0] * state.players
    for _ in range(playouts):
        s = state.clone()
        while s.to_act():
            seat = s.to_act()[0]
            if seat == CHANCE:
                from ..core import sample_chance

                s.apply(CHANCE, sample_chance(s, rng))
            else:
                legal = s.legal(seat)
                s.apply(seat, legal[rng.randrange(len(legal))])
        out = s.outcome()
        for w in out.winners:
            wins[w] += 1.0 / len(out.winners)
    return [w / playouts for w in wins]


def _final(state: State) -> list[float]:
    out = state.outcome()
    return [1.0 / len(out.winners) if p in out.winners else 0.0 for p in range(state.players)]


def review(record: Record | dict[str, Any], seconds: float = 12.0, iterations: int | None = None, seed: int = 0,
           lang: str = "en", names: Sequence[str] | None = None, worst: int = WORST) -> dict[str, Any]:
    """The review of a finished game (RecordError for a record that does not replay or
    a game not yet over). See the module's docstring; the result:

    {"game", "players", "names", "moves" (in the record), "method" {"chances", "bot",
     "seconds" or "iterations"}, "chances": [{"move" (record index, -1 the start),
     "seat" (who moved), "chances" [per seat]}], "seats": [{"seat", "name", "won",
     "worst": [{"move", "turn" (the player's nth decision), "before", "after", "drop",
     "played" {"action", "action_json", "words", "text"}, "bot" {the same, "win"
     (its estimate), "playouts" (that estimate rests on), "score" (its mean final score in
     them, null where the search cuts its playouts off), "same" (the move played),
     "better" (its search values its move above the move played; null where it is the
     same or the move played was not searched)},
     "played_win", "played_playouts", "played_score" (the same of the move played, null
     only if the search never reached it)}]}]}"""
    rec = record if isinstance(record, Record) else Record.from_json(record)
    if seconds <= 0 and iterations is None:
        raise BadOption(f"the review's budget must be positive, not {seconds} s")
    plan = outline(rec, worst)
    shown = list(names) if names else list(rec.names)
    budget = search_budget(plan, seconds, iterations)
    items = [examine(rec, item, budget, seed, lang, shown) for item in plan["examine"]]
    return assemble(plan, items, shown, budget)


def outline(record: Record | dict[str, Any], worst: int = WORST) -> dict[str, Any]:
    """The review's first part (a few milliseconds a move): {"game", "players", "moves",
    "method", "chances" (as in the review), "won" (per seat), "examine": the moves to
    search, each {"seat", "move" (record index), "turn", "position" (the index among the
    game's decisions, for the seed), "before", "after"}, each seat's in order of their
    fall}. RecordError for a record that does not replay or a game not yet over."""
    rec = record if isinstance(record, Record) else Record.from_json(record)
    positions, chances, final_state = _walk(rec)
    if not final_state.over():
        raise RecordError("the game in this record is not over: a review is of a finished game")
    method, _ = chance_model(rec.game)
    falls = _worst_moves(positions, rec.players, worst)
    return {"game": rec.game, "players": rec.players, "moves": len(rec.moves), "method": method,
            "chances": [{"move": m, "seat": s, "chances": [round(x, 4) for x in c]} for m, s, c in chances],
            "won": _final(final_state),
            "examine": [{"seat": p, "move": positions[k][0], "turn": turn, "position": k,
                         "before": positions[k][4], "after": positions[k][5]}
                        for p in range(rec.players) for k, turn in falls[p]]}


def search_budget(plan: dict[str, Any], seconds: float, iterations: int | None = None) -> dict[str, Any]:
    """Each examined move's search budget: `iterations` playouts, or a share of `seconds`."""
    if iterations is not None:
        return {"iterations": iterations}
    return {"seconds": seconds / max(1, len(plan["examine"]))}


def examine(record: Record | dict[str, Any], item: dict[str, Any], budget: dict[str, Any], seed: int = 0,
            lang: str = "en", names: Sequence[str] | None = None) -> dict[str, Any]:
    """One of the outline's moves (`item`), searched: what was played, what the bot would
    have played instead (the review's "worst" entry)."""
    rec = record if isinstance(record, Record) else Record.from_json(record)
    index = int(item["move"])
    if not 0 <= index < len(rec.moves):
        raise RecordError(f"the record has no move {index + 1} to examine")
    before = replay(rec, upto=index)
    seat, move = rec.moves[index]
    action = find_game(rec.game).action_from_json(move, rec.players)
    position = (index, seat, before, action, float(item["before"]), float(item["after"]))
    return _examine(position, int(item["turn"]), budget, seed + 31 * int(item["position"]), lang,
                    list(names) if names else list(rec.names))


def assemble(plan: dict[str, Any], items: Sequence[dict[str, Any]], names: Sequence[str],
             budget: dict[str, Any]) -> dict[str, Any]:
    """The review from its outline and its examined moves (in the outline's order)."""
    seats = []
    for p in range(plan["players"]):
        worst = [found for found, item in zip(items, plan["examine"]) if item["seat"] == p]
        seats.append({"seat": p, "name": names[p] if p < len(names) else f"Player {p + 1}",
                      "won": plan["won"][p], "worst": worst})
    bot = f"mcts:{budget['iterations']}" if "iterations" in budget else f"mcts:{budget['seconds']:.3g}s"
    return {"game": plan["game"], "players": plan["players"], "names": list(names), "moves": plan["moves"],
            "method": {"chances": plan["method"], "bot": bot, **budget}, "chances": plan["chances"], "seats": seats}


Position = tuple[int, int, State, Any, float, float]
"""A player's decision: (record index, seat, a copy of the state before the move, the
action, the seat's chance just before it, and just after it)."""


def _walk(rec: Record) -> tuple[list[Position], list[tuple[int, int, list[float]]], State]:
    """Replay the record: every player decision with a choice, the chances after each
    player move (the start first), and the final state."""
    g = find_game(rec.game)
    _, judge = chance_model(rec.game)
    state = replay(rec, upto=0)
    chances: list[tuple[int, int, list[float]]] = [(-1, -1, judge(state))]
    positions: list[Position] = []
    for i, (seat, move) in enumerate(rec.moves):
        try:
            action = g.action_from_json(move, rec.players)
            choice = seat != CHANCE and len(state.legal(seat)) > 1
            before = (state.clone(), judge(state)[seat]) if choice else None
            state.apply(seat, action)
        except (IllegalAction, BadOption) as exc:
            raise RecordError(f"record move {i + 1} does not replay: {exc}") from None
        if seat == CHANCE:
            continue
        now = judge(state)
        chances.append((i, seat, _final(state) if state.over() else now))
        if before is not None:   # judged alike on both sides, even at the end (not by the result)
            positions.append((i, seat, before[0], action, before[1], now[seat]))
    return positions, chances, state


def _worst_moves(positions: list[Position], players: int, worst: int) -> dict[int, list[tuple[int, int]]]:
    """Per seat: (position index, the seat's nth decision) of its `worst` largest falls."""
    falls: dict[int, list[tuple[float, int, int]]] = {p: [] for p in range(players)}
    turns = [0] * players
    for k, (_, seat, _, _, before, after) in enumerate(positions):
        turns[seat] += 1
        if before - after > 1e-6:
            falls[seat].append((before - after, k, turns[seat]))
    return {p: [(k, turn) for _, k, turn in sorted(f, key=lambda x: -x[0])[:worst]] for p, f in falls.items()}


def _examine(position: Position, turn: int, budget: dict[str, Any], seed: int, lang: str,
             names: Sequence[str]) -> dict[str, Any]:
    """One costly move: what was played, what the search would have played instead, and
    the playouts each of its estimates rests on."""
    from .hint import move_json
    from .mcts import MCTSBot

    index, seat, before, action, was, became = position
    bot = MCTSBot(seed=seed, stop_early=False, **budget)
    view = Seat(before.clone(), seat)
    decision = bot.search(view, also=action)   # the move played searched too (and never raced out)
    played_stat = next((a for a in decision.actions if a.action is action), None)
    chosen = decision.action
    how = bot.settings(view.game_id)
    to_the_end = how.search == "rollout" and how.horizon == "game"   # every playout has a final score
    return {
        "move": index, "turn": turn, "before": round(was, 4), "after": round(became, 4),
        "drop": round(was - became, 4),
        "played": move_json(before, seat, action, lang, names),
        "played_win": None if played_stat is None else round(played_stat.win, 4),
        "played_playouts": None if played_stat is None else played_stat.visits,
        "played_score": None if played_stat is None else _score(played_stat.score, to_the_end),
        "bot": {**move_json(before, seat, chosen, lang, names), "win": round(decision.win, 4),
                "playouts": decision.visits, "score": _score(decision.score, to_the_end), "same": chosen is action,
                # whether the search values its move above the move played: its rollouts may rate the move played
                # higher yet keep the heuristic's move (the confidence gate), which is then no advice
                "better": None if played_stat is None or chosen is action else decision.value > played_stat.value},
    }


def _score(mean: float, to_the_end: bool) -> float | None:
    """A move's mean final score in the search's playouts, where each of them reached the
    game's end (a cut-off playout has none, and a mean of the others would mislead)."""
    return round(mean, 2) if to_the_end and mean == mean else None
