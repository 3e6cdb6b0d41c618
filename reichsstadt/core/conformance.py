"""Checks of the contract that hold for every game, for the games' own test suites:
random legal play with every contract promise verified at every step."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any, Callable

from .actions import Action
from .chance import make_rng
from .contract import CHANCE, Game, State
from .errors import IllegalAction
from .messages import Message
from .record import replay
from .runner import Match
from .seat import Seat
from .views import ENVELOPE_SCHEMA


def _words_ok(value: Any, what: str) -> None:
    """describe()/news() give a non-empty string or a Message whose every id is in the
    English catalog."""
    assert isinstance(value, (str, Message)), f"{what} is a str or a Message, not {type(value).__name__}"
    shown = str(value)  # English, through the catalogs the package installs (core.messages)
    assert shown and "⟨" not in shown, f"{what} has a message id missing from the English catalog: {shown!r}"


def _scramble(obj: Any) -> None:
    """Change every list and dict inside a view in place (to prove views are copies)."""
    if isinstance(obj, dict):
        for v in obj.values():
            _scramble(v)
        obj["scrambled"] = True
    elif isinstance(obj, list):
        for v in obj:
            _scramble(v)
        obj.append("scrambled")


def check_view(state: State, viewer: int | None) -> None:
    """A view is fresh, JSON-ready, in the common envelope; changing it changes nothing."""
    view = state.view(viewer)
    frozen = json.loads(json.dumps(view))
    assert frozen == view, "a view is plain JSON (no tuples, no sets, string keys)"
    missing = [k for k in ENVELOPE_SCHEMA["required"] if k not in view]
    assert not missing, f"the view lacks the envelope's {missing}"
    assert view["game"] == state.game.id and view["seat"] == viewer and view["players"] == state.players
    assert view["to_act"] == list(state.to_act()) and view["over"] == state.over()
    assert isinstance(view["phase"], str) and view["phase"], "phase is a non-empty string id"
    assert isinstance(view["seats"], list) and len(view["seats"]) == state.players
    assert isinstance(view["table"], dict)
    _scramble(view)
    assert state.view(viewer) == frozen, "changing a view changed the state's next view: views must be copies"


def check_step(game: Game, state: State, rng: random.Random, deep: bool = True) -> None:
    """Every promise of the contract at one state (raises AssertionError on a breach)."""
    to_act = state.to_act()
    assert state.over() == (to_act == ()), "over() must agree with to_act() == ()"
    if to_act == (CHANCE,):
        _check_chance(state)
    else:
        _check_legal(game, state, to_act)
    for viewer in [None, *range(state.players)]:
        check_view(state, viewer)
        news = state.news(viewer)
        assert isinstance(news, list), "news() is a list"
        for item in news:
            _words_ok(item, "a news item")
    if not deep:
        return
    snap = _check_snapshot(game, state, to_act)
    _check_refusals(state, to_act, snap)
    if to_act and to_act != (CHANCE,):
        for s in to_act:
            _check_seat(state, s, to_act, rng)


def _check_chance(state: State) -> None:
    """A chance node: outcomes with positive probabilities summing to 1, no seat to act,
    words for each outcome as each reader may know it."""
    outcomes = state.chance_outcomes()
    assert outcomes, "a chance node lists at least one outcome"
    total = sum(p for _, p in outcomes)
    assert abs(total - 1.0) < 1e-9, f"chance probabilities sum to {total}"
    assert all(p > 0 for _, p in outcomes), "chance outcomes have positive probability"
    for seat in range(state.players):
        assert state.legal(seat) == (), "no seat acts at a chance node"
    for action, _ in outcomes[:6]:  # what each reader is told of a draw
        for viewer in [None, *range(state.players)]:
            _words_ok(state.describe(CHANCE, action, viewer), f"describe() of the chance outcome {action}")


def _check_legal(game: Game, state: State, to_act: tuple[int, ...]) -> None:
    """legal() is a tuple, never empty for a seat to act, empty for the others; every
    legal action round-trips its index and its JSON."""
    players = state.players
    space = game.action_space(players)
    for seat in range(players):
        legal = state.legal(seat)
        assert isinstance(legal, tuple), "legal() is a tuple"
        if seat not in to_act:
            assert legal == (), f"seat {seat} is not to act but has legal actions"
            continue
        assert legal, f"seat {seat} is to act but has no legal action"
        for a in legal:
            assert space.decode(space.encode(a)) == a, f"{a} does not round-trip its index"
            assert game.action_from_json(json.loads(json.dumps(a.to_json())), players) == a


def _check_snapshot(game: Game, state: State, to_act: tuple[int, ...]) -> dict[str, Any]:
    """The snapshot is JSON, restores the state, and equals a clone's; the snapshot."""
    snap = state.to_json()
    assert json.loads(json.dumps(snap)) == snap, "snapshots are plain JSON"
    restored = game.from_json(json.loads(json.dumps(snap)))
    assert restored.to_json() == snap, "from_json(to_json()) restores the state"
    assert restored.to_act() == to_act and all(restored.legal(s) == state.legal(s) for s in range(state.players))
    assert state.clone().to_json() == snap, "clone() equals the original"
    return snap


def _check_refusals(state: State, to_act: tuple[int, ...], snap: dict[str, Any]) -> None:
    """An unknown action and a move out of turn are refused in words and change nothing."""
    seat = to_act[0] if to_act else 0
    try:
        state.apply(seat, Action("no-such-action"))
    except IllegalAction as exc:
        _words_ok(exc.message or str(exc), "a refusal")
    else:
        raise AssertionError("an unknown action was accepted")
    assert state.to_json() == snap, "a refused action changed the state"
    if not to_act or to_act == (CHANCE,):
        return
    wrong = next((s for s in range(state.players) if s not in to_act), None)
    if wrong is None:
        return
    try:
        state.apply(wrong, state.legal(to_act[0])[0])
    except IllegalAction as exc:
        _words_ok(exc.message or str(exc), "a refusal")
    else:
        raise AssertionError(f"seat {wrong} acted out of turn")
    assert state.to_json() == snap, "a refused action changed the state"


def _check_seat(state: State, s: int, to_act: tuple[int, ...], rng: random.Random) -> None:
    """A seat to act: words for its moves (in the list and in the log), and samples that
    keep what it knows, its legal moves and the words it reads of any move now possible."""
    for a in state.legal(s)[:8]:
        _words_ok(state.describe(s, a, s), f"describe() of {a}")
        logged = state.log_words(s, a, s)
        if logged is not None:
            _words_ok(logged, f"log_words() of {a}")
    sampled = state.sample(s, rng)
    assert sampled.view(s) == state.view(s), "sample() keeps what the seat knows"
    assert sampled.legal(s) == state.legal(s), "sample() keeps the seat's legal actions"
    # words are information too: what `s` reads of any move now possible (in the list of
    # moves and in the log) must not depend on what `s` cannot know
    for actor in to_act:
        for a in state.legal(actor):
            assert sampled.describe(actor, a, s) == state.describe(actor, a, s), (
                f"describe() of seat {actor}'s {a} tells seat {s} something hidden")
            assert sampled.log_words(actor, a, s) == state.log_words(actor, a, s), (
                f"log_words() of seat {actor}'s {a} tells seat {s} something hidden")


def check_hidden(state: State, rng: random.Random, moves: int = 6) -> None:
    """Hidden information at one state, for every seat and the spectator (the audit the
    server runs over whole games, tests/server/test_server_hidden.py, at the engine's
    level, for a game's own tests): a state drawn with `sample(seat, rng)`, everything
    `seat` cannot know drawn anew, must look the same to `seat` (who is to act, its view,
    its legal moves, their confirmations, its pick, the words it reads of any move now
    possible, chance outcomes included), and the spectator, who knows less than any seat,
    must see the same view on every seat's sample. A move only its mover sees (a card
    drawn, a card laid face down) must be told to every other viewer in the same words
    as any other move that leaves that viewer the same view, and so must what it set in
    motion (news), also on samples of the position after it. `moves`: how many moves or
    outcomes of each seat to act are tried."""
    spectator = state.view(None)
    for seat in range(state.players):
        twin = state.sample(seat, rng)
        _looks_the_same(state, twin, seat, rng, moves)
        assert twin.view(None) == spectator, (
            f"the spectator's view changes on a sample for seat {seat}: it shows what seat {seat} cannot know")
    for actor in state.to_act():
        options = [a for a, _ in state.chance_outcomes()] if actor == CHANCE else list(state.legal(actor))
        for action in rng.sample(options, min(moves, len(options))):
            _told_alike(state, actor, action, options, rng, moves)


def _looks_the_same(state: State, twin: State, seat: int, rng: random.Random, moves: int) -> None:
    """`twin` (a sample for `seat`) looks to `seat` as `state` does."""
    assert twin.to_act() == state.to_act(), f"who is to act tells seat {seat} something it cannot know"
    assert twin.view(seat) == state.view(seat), f"seat {seat}'s view depends on what it cannot know"
    assert twin.legal(seat) == state.legal(seat), f"seat {seat}'s legal moves depend on what it cannot know"
    assert twin.pick(seat) == state.pick(seat), f"seat {seat}'s pick depends on what it cannot know"
    for a in state.legal(seat):
        assert twin.confirm(seat, a) == state.confirm(seat, a), (
            f"the confirmation of {a} tells seat {seat} something it cannot know")
    for actor in state.to_act():
        options = [a for a, _ in state.chance_outcomes()] if actor == CHANCE else list(state.legal(actor))
        for a in rng.sample(options, min(moves, len(options))):
            assert twin.describe(actor, a, seat) == state.describe(actor, a, seat), (
                f"describe() of {a} by seat {actor} tells seat {seat} something it cannot know")
            assert twin.log_words(actor, a, seat) == state.log_words(actor, a, seat), (
                f"log_words() of {a} by seat {actor} tells seat {seat} something it cannot know")


def _told_alike(state: State, actor: int, action: Action, options: list[Action], rng: random.Random,
                moves: int) -> None:
    """`action` by `actor` is told to each other viewer as any other option that leaves
    that viewer the same view, and its news do not change on the viewer's samples."""
    viewers: list[int | None] = [None, *range(state.players)]
    mine = state.clone()
    mine.apply(actor, action)
    for v in viewers:
        if v == actor:
            continue
        news = mine.news(v)
        for s in ([v] if v is not None else range(state.players)):
            assert mine.sample(s, rng).news(v) == news, (
                f"the news of {action} by seat {actor} tell {_who(v)} something it cannot know")
    others = [o for o in options if o != action]
    for other in rng.sample(others, min(moves, len(others))):
        alt = state.clone()
        alt.apply(actor, other)
        for v in viewers:
            if v == actor or alt.view(v) != mine.view(v):
                continue
            assert state.describe(actor, other, v) == state.describe(actor, action, v), (
                f"the log tells {_who(v)} whether seat {actor} made {action} or {other}, which it cannot know")
            assert alt.news(v) == mine.news(v), (
                f"the news tell {_who(v)} whether seat {actor} made {action} or {other}, which it cannot know")


def _who(viewer: int | None) -> str:
    return "the spectator" if viewer is None else f"seat {viewer}"


class _RandomAgent:
    """Uniformly random legal moves (the bots package sits above the core)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, seat: Seat) -> Action:
        legal = seat.legal()
        return legal[self.rng.randrange(len(legal))]


def random_playout(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    on_step: Callable[[State], None] | None = None,
    max_steps: int = 200_000,
) -> Match:
    """A whole game of uniformly random legal play, recorded; `on_step` sees every state."""
    match = Match(game, players, seed, options)
    rng = make_rng(seed + 7)
    agent = _RandomAgent(rng)
    if on_step is not None:
        match.listeners.append(lambda seat, action, state: on_step(state))
    match.advance({s: agent for s in range(players)}, max_moves=max_steps, shuffle=rng)
    if on_step is not None:
        on_step(match.state)
    return match


_CHILD = """
import json, sys
import reichsstadt
from reichsstadt.core.conformance import random_playout
g = reichsstadt.game(sys.argv[1])
m = random_playout(g, int(sys.argv[2]), int(sys.argv[3]), json.loads(sys.argv[4]))
print(json.dumps(m.record.moves))
"""


def record_in_subprocess(game_id: str, players: int, seed: int, options: dict[str, Any],
                         hashseed: int) -> list[Any]:
    """The moves of a random playout run in a fresh interpreter with PYTHONHASHSEED set."""
    import os

    env = dict(os.environ, PYTHONHASHSEED=str(hashseed))
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, game_id, str(players), str(seed), json.dumps(options)],
        env=env, capture_output=True, text=True, check=True,
    )
    moves: list[Any] = json.loads(out.stdout)
    return moves


def check_replay(match: Match) -> None:
    """The record replays to the identical state."""
    again = replay(json.loads(json.dumps(match.record.to_json())))
    assert again.to_json() == match.state.to_json(), "replay reaches the same state"
