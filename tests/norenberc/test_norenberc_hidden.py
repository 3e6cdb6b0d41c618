"""Hidden information audit: along random games, for every seat (and the spectator),
states that differ only in what that seat cannot know must look the same to it: the same
view, the same legal moves, the same words for every move of every seat to act, and the
same terminal board.

What a seat cannot know in Norenberc: the other players' money (« les joueurs peuvent
conserver leur argent … caché sous leur coffre », except what a favourite tie reveals,
and everything at the end), the guilds of the other players' face-down action cards
(« pose face cachée devant lui »; their number is on the table), and which face-down
tiles the guest pile holds (« pile de tuiles (face cachée) »; the state keeps no order).
"""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace

import pytest
from rich.console import Console

from reichsstadt.core import CHANCE, sample_chance
from reichsstadt.i18n import Renderer
from reichsstadt.core.contract import NO_EVENTS as _NO_EVENTS
from reichsstadt.core.events import Event
from reichsstadt.games.norenberc.constants import ACTIONS, OVER
from reichsstadt.games.norenberc.events import Income
from reichsstadt.games.norenberc.present import news_of
from reichsstadt.games.norenberc.state import NorenbercState
from reichsstadt.games.norenberc.terminal import render

from tests.norenberc.norenberc_helpers import GAME

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
EVERY = {2: 3, 3: 5, 4: 7, 5: 12}  # audit some 20 states per game


def _board(s: NorenbercState, seat: int | None) -> str:
    console = Console(record=True, width=130, file=io.StringIO())
    names = NAMES[:s.player_count]
    console.print(render(s.view(seat), seat, names, Renderer("en", names, viewer=seat)))
    return console.export_text()


def _low(s: NorenbercState) -> int:
    """The first guild a face-down card can still name (those called are revealed)."""
    return s.called_guild + 1 if s.phase == ACTIONS else 0


def _twins(s: NorenbercState, seat: int | None, rng: random.Random) -> list[NorenbercState]:
    """States the seat cannot tell from s: sample(), and changes made by hand to each
    thing it cannot see."""
    others = [q for q in range(s.player_count) if q != seat]
    out: list[NorenbercState] = []
    if seat is not None:
        out += [s.sample(seat, random.Random(rng.random())) for _ in range(2)]
    low, G = _low(s), s.guild_count
    # other guilds on the face-down cards, as many of them: the highest, then the lowest
    for pick in (lambda k: range(G - k, G), lambda k: range(low, low + k)):
        plans = s.plans[:]
        for q in others:
            k = bin(plans[q]).count("1")
            if k:
                plans[q] = sum(1 << g for g in pick(k))
        out.append(s.edited(plans=plans))
    # two other players swap their hidden cards and their money
    if len(others) >= 2:
        plans, money = s.plans[:], s.money[:]
        a, b = others[0], others[-1]
        if bin(plans[a]).count("1") == bin(plans[b]).count("1"):
            plans[a], plans[b] = plans[b], plans[a]
        if s.phase != OVER:
            money[a], money[b] = money[b], money[a]
        out.append(s.edited(plans=plans, money=money))
    # more or less money behind the chests (public once the game is over)
    if s.phase != OVER:
        for delta in (13, -min(s.money[q] for q in others) if others else 0):
            out.append(s.edited(money=[m + delta if q in others else m for q, m in enumerate(s.money)]))
    # the face-down pile in another order
    out.append(s.edited(pile_known=s.pile_known[::-1], citizens_unseen=s.citizens_unseen[::-1]))
    return out


def _moves_words(s: NorenbercState, t: NorenbercState, seat: int | None) -> None:
    """The words, as `seat` reads them, for every move that is legal in either state of
    every seat to act, are the same in both states."""
    assert s.to_act() == t.to_act()
    for p in s.to_act():
        if p == CHANCE:
            continue
        moves = list(s.legal(p))
        moves += [a for a in t.legal(p) if a not in moves]
        for a in moves:
            assert s.describe(p, a, seat) == t.describe(p, a, seat), f"describe({p}, {a}, {seat}) leaks"


def _words_follow_what_is_seen(s: NorenbercState, seat: int | None) -> None:
    """Two moves of another seat that leave `seat` with the same view (laying a card for
    one guild or for another) are told to `seat` in the same words: the log cannot say
    more than the table shows."""
    for p in s.to_act():
        if p == CHANCE or p == seat:
            continue
        words: dict[str, str] = {}
        for a in s.legal(p):
            after = s.clone()
            after.apply(p, a)
            seen = json.dumps(after.view(seat), sort_keys=True)
            text = s.describe(p, a, seat)
            assert words.setdefault(seen, text) == text, f"{text!r} tells {seat} what it cannot see"


def _audit(s: NorenbercState, rng: random.Random) -> None:
    for seat in [*range(s.player_count), None]:
        view = s.view(seat)
        legal = s.legal(seat) if seat is not None else None
        board = _board(s, seat)
        _words_follow_what_is_seen(s, seat)
        for t in _twins(s, seat, rng):
            assert t.view(seat) == view, f"view({seat}) shows something it should not"
            if seat is not None:
                assert t.legal(seat) == legal, f"legal({seat}) depends on something it cannot know"
            _moves_words(s, t, seat)
            assert _board(t, seat) == board, f"the board drawn for {seat} leaks"
    # the spectator sees no money (until the end) and no face-down card
    for e in s.view(None)["seats"]:
        assert e["plan"] is None
        assert e["money"] is None or s.phase == OVER


def _news_twins(s: NorenbercState, seat: int | None,
                rng: random.Random) -> list[tuple[NorenbercState, list[Event]]]:
    """Twins right after a move, each with the events its move set in motion: those of
    _twins (the same events), and one where the others' income this move brought (behind
    their chests until the game is over) was another amount."""
    out = [(t, s.events) for t in _twins(s, seat, rng)]
    if s.phase != OVER and any(isinstance(e, Income) for e in s.events):
        events = [replace(e, thalers=e.thalers + 7) if isinstance(e, Income) and e.player != seat else e
                  for e in s.events]
        money = s.money[:]
        for e in events:
            if isinstance(e, Income) and e.player != seat:
                money[e.player] += 7
        out.append((s.edited(money=money), events))
    return out


def _audit_news(s: NorenbercState, rng: random.Random) -> int:
    """The news of a move for `seat` is the same on every twin the seat cannot tell apart
    (present.news_of: the words of given events on a given state, which news() uses)."""
    for seat in [*range(s.player_count), None]:
        news = s.news(seat)
        assert news == news_of(s, s.events, seat)
        for t, events in _news_twins(s, seat, rng):
            assert news_of(t, events, seat) == news, f"news({seat}) tells what it cannot know"
    return 1


@pytest.mark.parametrize("players,seed,open_planning", [
    (2, 1, False), (3, 2, False), (4, 3, True), (5, 4, False), (5, 5, True),
])
def test_news_right_after_a_move_is_the_same_on_states_a_seat_cannot_tell_apart(
        players: int, seed: int, open_planning: bool) -> None:
    """The news (guilds called, favourites, income, ...) of each move that set something in
    motion, on twins made right after the move: the spectator and every seat read the same
    words, so no other player's money or unrevealed plan gets out."""
    rng = random.Random(seed)
    s = GAME.new(players, seed, {"open_planning": open_planning})
    audited = rounds = 0
    while not s.over():
        p = s.to_act()[0] if s.to_act() != (CHANCE,) else CHANCE
        s.apply(p, sample_chance(s, rng) if p == CHANCE else rng.choice(s.legal(p)))
        if s.events and (audited % 3 == 0 or any(isinstance(e, Income) for e in s.events)):
            rounds += any(isinstance(e, Income) for e in s.events)
            audited += _audit_news(s, rng)
        elif s.events:
            audited += 1
    assert rounds == 4 and audited >= 20
    assert _NO_EVENTS == [], "the shared empty event list was appended to"


@pytest.mark.parametrize("players,seed,open_planning", [
    (2, 1, False), (3, 2, False), (4, 3, True), (5, 4, False), (5, 5, True),
])
def test_no_seat_can_tell_apart_states_that_differ_only_in_what_it_cannot_know(
        players: int, seed: int, open_planning: bool) -> None:
    rng = random.Random(seed)
    s = GAME.new(players, seed, {"open_planning": open_planning})
    decisions = 0
    audited = 0
    while not s.over():
        to_act = s.to_act()
        if to_act == (CHANCE,):
            s.apply(CHANCE, sample_chance(s, rng))
            continue
        decisions += 1
        if decisions % EVERY[players] == 0:
            _audit(s, rng)
            audited += 1
        p = rng.choice(to_act)
        s.apply(p, rng.choice(s.legal(p)))
    _audit(s, rng)
    assert audited >= 10
