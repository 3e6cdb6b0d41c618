"""No message to a seat ever holds another seat's secrets: the twin-state method of the
engines' hidden-information audits, applied to what the server sends.

Along whole games played through the server (every person's seat played by a random
player, a spectator watching), each time the server builds a message for a seat s, the
same message is built on twin states drawn with `state.sample(s, rng)` (everything s
cannot know drawn afresh) and must be identical: the view, the legal moves with their
words and confirmation reasons, the pick, the board drawn as HTML (on every 10th build:
it is a function of the view and takes the terminal renderer ~40 ms), the refusal words
of moves s may not make, and the log entries (describe before each move, news after).
A spectator knows less than any seat, so its messages are checked on every seat's twins.
And no text sent to anyone holds the table's seed, another seat's token, the creator's
token or an invite code."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from reichsstadt import game_ids
from reichsstadt.core import CHANCE, IllegalAction
import orjson

from reichsstadt.server import messages as messages_module
from reichsstadt.server import moves as moves_module
from reichsstadt.server.protocol import words

from .helpers import Ws, full_table, play, serve

GAMES = game_ids()
BOARD_EVERY = 10


class Audit:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.parts = 0
        self.boards = 0
        self.entries = 0
        self.refusals = 0
        # a failed check inside the server is caught there (a message handler answers
        # server.error.internal): failures are kept here and reported by the test
        self.failures: list[AssertionError] = []

    def failed(self, exc: AssertionError) -> AssertionError:
        self.failures.append(exc)
        return exc

    def twins(self, state: Any, viewer: int | None) -> list[Any]:
        seats = [viewer] if viewer is not None else list(range(state.players))
        out = []
        for s in seats:
            out.append(state.sample(s, random.Random(self.rng.random())))
        if viewer is not None:
            out.append(state.sample(viewer, random.Random(self.rng.random())))
        return out

    def check_parts(self, original: Any, game: Any, players: int, state: Any, status: str, seat: int | None,
                    names: Any, board: bool, acting: bool) -> dict[str, Any]:
        real = original(game, players, state, status, seat, names, board, acting)
        self.parts += 1
        with_board = self.parts % BOARD_EVERY == 0
        if with_board and not board:
            real_b = original(game, players, state, status, seat, names, True, acting)
        else:
            real_b = real
        for twin in self.twins(state, seat):
            assert twin.to_act() == state.to_act(), f"who is deciding shows something seat {seat} cannot know"
            got = original(game, players, twin, status, seat, names, with_board or board, acting)
            want = real_b if (with_board or board) else real
            for key in want:
                assert got[key] == want[key], f"{key} sent to seat {seat} depends on what it cannot know"
            if with_board:
                self.boards += 1
            if seat is not None and status == "running":
                self.check_refusals(game, players, state, twin, seat)
        return real  # type: ignore[no-any-return]

    def check_words_follow_views(self, state: Any, seat: int, action: Any, viewers: list[int | None]) -> None:
        """The twin check cannot see a move that is itself secret (a card laid face down, a
        die only its owner sees): there, another move (or outcome) leaving a viewer the
        same view must be told to it in the same words."""
        if seat == CHANCE:
            others = [o for o, _ in state.chance_outcomes()]
        else:
            others = list(state.legal(seat))
        others = [o for o in others if o != action]
        others = self.rng.sample(others, min(8, len(others)))
        mine = state.clone()
        mine.apply(seat, action)
        for other in others:
            alt = state.clone()
            alt.apply(seat, other)
            for v in viewers:
                if v == seat or alt.view(v) != mine.view(v):
                    continue
                assert words(state.describe(seat, other, v)) == words(state.describe(seat, action, v)), (
                    f"the log tells seat {v} which move {seat} made, where seat {v} cannot know")
                assert [words(x) for x in alt.news(v)] == [words(x) for x in mine.news(v)], (
                    f"the news tells seat {v} which move {seat} made, where seat {v} cannot know")
                self.entries += 1

    def check_refusals(self, game: Any, players: int, state: Any, twin: Any, seat: int) -> None:
        """The words refusing a move the seat may not make are the same on the twin."""
        space = game.action_space(players)
        legal = set(state.legal(seat))
        candidates = [a for a in (space.decode(i) for i in range(len(space))) if a not in legal]
        for action in self.rng.sample(candidates, min(3, len(candidates))):
            said = []
            for s in (state, twin):
                try:
                    s.clone().apply(seat, action)
                    said.append("accepted")
                except IllegalAction as exc:
                    said.append(json.dumps(words(exc.message or str(exc))))
            assert said[0] == said[1], f"refusing {action} to seat {seat} tells what it cannot know"
            self.refusals += 1


@pytest.fixture
def audit(monkeypatch: pytest.MonkeyPatch) -> Audit:
    a = Audit(random.Random(2024))
    original_parts = messages_module.seat_parts
    original_step = moves_module.step

    def audited_parts(game: Any, players: int, state: Any, status: str, seat: int | None, names: Any,
                      board: bool = True, acting: bool = True) -> dict[str, Any]:
        try:
            return a.check_parts(original_parts, game, players, state, status, seat, names, board, acting)
        except AssertionError as exc:
            raise a.failed(exc) from None

    def audited_step(state: Any, seat: int, action: Any, n: int, viewers: Any) -> Any:
        try:
            return checked_step(state, seat, action, n, list(viewers))
        except AssertionError as exc:
            raise a.failed(exc) from None

    def checked_step(before: Any, seat: int, action: Any, n: int, viewers: list[Any]) -> Any:
        for v in viewers:
            said = words(before.describe(seat, action, v))
            for twin in a.twins(before, v):
                assert words(twin.describe(seat, action, v)) == said, (
                    f"the log tells seat {v} of a move by {seat} what it cannot know")
        a.check_words_follow_views(before, seat, action, viewers)
        entries = original_step(before, seat, action, n, viewers)
        after = before  # applied in place
        for v in viewers:
            news = [words(x) for x in after.news(v)]
            assert orjson.loads(entries[v])["news"] == news
            for twin in a.twins(after, v):
                assert [words(x) for x in twin.news(v)] == news, f"the news tells seat {v} what it cannot know"
            a.entries += 1
        return entries

    monkeypatch.setattr(messages_module, "seat_parts", audited_parts)
    monkeypatch.setattr(moves_module, "step", audited_step)
    return a


def _audited_game(tmp_path: Any, gid: str, players: int, audit: Audit, seed: int) -> None:
    try:
        _play_audited(tmp_path, gid, players, audit, seed)
    except Exception as exc:
        if audit.failures:
            raise audit.failures[0] from exc
        raise
    if audit.failures:
        raise audit.failures[0]


def _play_audited(tmp_path: Any, gid: str, players: int, audit: Audit, seed: int) -> None:
    rng = random.Random(seed)
    with serve(tmp_path) as c:
        t = full_table(c, gid, players=players)
        tid = t["id"]
        live = c.app.state.services.tables.tables[tid]  # type: ignore[attr-defined]
        people = [Ws(c, tid, tok) for tok in t["tokens"]]
        watcher = Ws(c, tid, None)
        play(people, rng, timeout=300, until=lambda: bool(audit.failures))
        if audit.failures:
            return
        watcher.until(lambda m: m["type"] == "state" and m["status"] == "finished", timeout=60)
        invites = [s.invite for s in live.seats]
        seed_text = str(live.seed)
        secret_text = live.secret
        for seat, client in [*enumerate(people), (None, watcher)]:
            assert client.state["status"] == "finished"
            assert client.messages and {m["type"] for m in client.messages} >= {"welcome", "state"}
            others = [tok for i, tok in enumerate(t["tokens"]) if i != seat]
            for text in client.texts:
                assert seed_text not in text, "a message holds the table's seed"
                assert secret_text not in text, "a message holds the table's secret"
                for secret in [*others, *invites, *([t["creator"]] if seat is None else [])]:
                    assert secret not in text, f"a message to seat {seat} holds another's secret"
            # the log a client put together is the log of its seat
            assert [json.dumps(e) for e in client.log] == [json.dumps(orjson.loads(e)) for e in live.log.entries[seat]]
    assert audit.parts >= live.moves and audit.entries >= live.moves * (players + 1)
    assert audit.boards > 0 and audit.refusals > 0


@pytest.mark.parametrize("gid", GAMES)
def test_no_message_to_a_seat_holds_another_seats_secrets(tmp_path: Any, gid: str, audit: Audit) -> None:
    _audited_game(tmp_path, gid, 3, audit, seed=77)


def test_no_secret_leaks_through_picks_confirmations_or_chance(tmp_path: Any, audit: Audit, market: str) -> None:
    """The test game's purses are secret until the end; its picks and confirmations go
    through the same audit."""
    _audited_game(tmp_path, market, 3, audit, seed=5)
    (tmp_path / "again").mkdir()
    _audited_game(tmp_path / "again", market, 2, audit, seed=6)


@pytest.mark.parametrize("leak", ["view", "describe", "confirm"])
def test_the_audit_catches_a_leak(tmp_path: Any, audit: Audit, market: str, leak: str,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The audit is not blind: a test game that shows the purses in the view, names the
    coins in everyone's log, or mentions a purse in a confirmation fails it."""
    from .marketgame import MarketState

    if leak == "view":
        shown = MarketState.view

        def view(self: Any, seat: Any) -> Any:
            v = shown(self, seat)
            v["table"]["purses"] = list(self.purse)
            return v
        monkeypatch.setattr(MarketState, "view", view)
    elif leak == "describe":
        monkeypatch.setattr(MarketState, "describe", lambda self, seat, action, viewer: repr(action.to_json()))
    else:
        monkeypatch.setattr(MarketState, "confirm", lambda self, seat, action: f"you have {sum(self.purse)} coins")
    with pytest.raises(AssertionError, match="cannot know"):
        _audited_game(tmp_path, market, 3, audit, seed=5)
