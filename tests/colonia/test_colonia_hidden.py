"""Hidden information audit (rulebook p. 17, 21-22: materials, goods, money and relics lie
behind each screen; family cards and votes are chosen face down and revealed together;
the bag and the decks are drawn blind).

For many positions of random games and for every seat, a second state that differs from
the first only in what that seat cannot know must look the same to that seat: its view,
its legal moves, the words of every move any seat to act could make (as that seat reads
them) and the terminal board drawn from its view. The second state is made two ways:
`state.sample(seat, rng)` and hand-made changes (another family's blind materials traded
with the bag, another family's unrevealed family card, another family's unrevealed vote).
The spectator sees no screen at all before the end."""

from __future__ import annotations

import io
import json
import random
from typing import Callable

import pytest
from rich.console import Console

import reichsstadt
from reichsstadt.core import CHANCE
from reichsstadt.i18n import Renderer
from reichsstadt.core.conformance import random_playout
from reichsstadt.games.colonia import ColoniaState
from reichsstadt.games.colonia.constants import D_FAMILY, D_VOTE, N_MATERIALS
from reichsstadt.games.colonia.terminal import render
from reichsstadt.i18n import render as say

from tests.colonia.colonia_helpers import edit, put

GAME = reichsstadt.game("colonia")
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Flo"]


def board_text(state: ColoniaState, seat: int | None) -> str:
    console = Console(record=True, width=130, color_system=None, file=io.StringIO())
    names = NAMES[:state.player_count]
    console.print(render(state.view(seat), seat, names, Renderer("en", names, viewer=seat)))
    return console.export_text()


def words(state: ColoniaState, other: ColoniaState, seat: int) -> dict[tuple[int, str], str]:
    """What `seat` reads of every move that any seat to act could make now, in either
    state (for a chance node: every outcome possible in either state)."""
    out: dict[tuple[int, str], str] = {}
    for actor in state.to_act():
        if actor == CHANCE:
            acts = [a for a, _ in state.chance_outcomes()] + [a for a, _ in other.chance_outcomes()]
        else:
            acts = list(state.legal(actor)) + list(other.legal(actor))
        for a in acts:
            out[(actor, json.dumps(a.to_json(), sort_keys=True))] = say(state.describe(actor, a, seat), viewer=seat)
    return out


def assert_same_to(seat: int, a: ColoniaState, b: ColoniaState, what: str, board: str,
                   same_last_move: bool = True) -> None:
    """`board` is the board drawn from a.view(seat) (drawn once per seat and position).
    `same_last_move`: `b` came from the same last move as `a` (a sample, a clone), so the
    news of that move are compared too; a hand-made position (edited) has no last move."""
    assert a.view(seat) == b.view(seat), f"{what}: view({seat}) differs"
    assert a.to_act() == b.to_act(), f"{what}: whose turn it is differs"
    if seat in a.to_act():
        assert a.legal(seat) == b.legal(seat), f"{what}: legal({seat}) differs"
    assert words(a, b, seat) == words(b, a, seat), f"{what}: describe() read by {seat} differs"
    assert board_text(b, seat) == board, f"{what}: the board drawn for {seat} differs"
    if same_last_move:
        assert a.news(seat) == b.news(seat), f"{what}: news({seat}) differs"
    # the same next move in both (one possible in both that does not itself reveal the
    # secret: not the last family card or vote) sets in motion what reads the same
    if a.decision in (D_FAMILY, D_VOTE):
        return
    for actor in a.to_act():
        if actor == CHANCE:
            mine = [x for x, _ in b.chance_outcomes()]
            common = [x for x, _ in a.chance_outcomes() if x in mine]
        else:
            mine = b.legal(actor)
            common = [x for x in a.legal(actor) if x in mine]
        if common:
            a2, b2 = a.clone(), b.clone()
            a2.apply(actor, common[-1])
            b2.apply(actor, common[-1])
            assert a2.news(seat) == b2.news(seat), f"{what}: news({seat}) after the next move differs"
            return


def screen_titles(text: str) -> list[str]:
    return [line.strip("│ ").split("  ")[0] for line in text.splitlines()
            if line.strip("│ ").startswith(("Screens", "Your screen"))]


# -- hand-made changes of what `seat` cannot know -------------------------------------

def trade_blind_material(s: ColoniaState, seat: int, rng: random.Random) -> ColoniaState | None:
    """Another family's material drawn blind (not seen on a stall) swapped with a
    different material from the bag."""
    for q in rng.sample(range(s.player_count), s.player_count):
        if q == seat or not s.materials_blind[q]:
            continue
        blind = [m for m in range(N_MATERIALS)
                 if s.materials[q * N_MATERIALS + m] > s.materials_seen[q * N_MATERIALS + m]]
        for m in rng.sample(blind, len(blind)):
            others = [m2 for m2 in range(N_MATERIALS) if m2 != m and s.bag[m2] > 0]
            if not others:
                continue
            m2 = rng.choice(others)
            mats, bag = s.materials[:], s.bag[:]
            mats[q * N_MATERIALS + m] -= 1
            mats[q * N_MATERIALS + m2] += 1
            bag[m2] -= 1
            bag[m] += 1
            return edit(s, materials=mats, bag=bag)
    return None


def change_family_card(s: ColoniaState, seat: int, rng: random.Random) -> ColoniaState | None:
    """Another family's card chosen face down, not yet revealed, replaced by another of
    its unused cards."""
    if s.decision != D_FAMILY:
        return None
    for q in range(s.player_count):
        if q == seat or s.family_card[q] < 0:
            continue
        left = [v for v in s.family_cards_left(q) if v != s.family_card[q]]
        if left:
            return edit(s, family_card=put(s.family_card, q, rng.choice(left)))
    return None


def flip_vote(s: ColoniaState, seat: int, rng: random.Random) -> ColoniaState | None:
    """Another family's vote, cast face down and not yet revealed, turned over."""
    if s.decision != D_VOTE:
        return None
    for q in range(s.player_count):
        if q != seat and s.ballots[q] >= 0:
            return edit(s, ballots=put(s.ballots, q, 1 - s.ballots[q]))
    return None


CHANGES: list[Callable[[ColoniaState, int, random.Random], ColoniaState | None]] = [
    trade_blind_material, change_family_card, flip_vote,
]


def positions(players: int, seed: int, every: int) -> list[ColoniaState]:
    """States along a random game: every `every`-th step, and every step where a family
    card or a vote is being chosen (the secret moments)."""
    out: list[ColoniaState] = []
    count = [0]

    def on_step(state) -> None:
        count[0] += 1
        secret = state.decision in (D_FAMILY, D_VOTE) and 0 < len(state.to_act()) < state.player_count
        if count[0] % every == 0 or (secret and count[0] % 9 == 0):
            out.append(state.clone())

    random_playout(GAME, players, seed, on_step=on_step)
    return out


@pytest.mark.parametrize("players,seed", [(3, 101), (4, 202), (5, 303), (6, 404)])
def test_what_a_seat_cannot_know_changes_nothing_it_sees(players: int, seed: int) -> None:
    rng = random.Random(seed)
    changed = {f.__name__: 0 for f in CHANGES}
    for state in positions(players, seed, every=151):
        for seat in range(players):
            board = board_text(state, seat)
            assert_same_to(seat, state, state.sample(seat, rng), "sample()", board)
            for change in CHANGES:
                other = change(state, seat, rng)
                if other is not None:
                    changed[change.__name__] += 1
                    assert_same_to(seat, state, other, change.__name__, board, same_last_move=False)
    # the audit did exercise every kind of hidden thing
    assert all(changed.values()), changed


@pytest.mark.parametrize("players,seed", [(3, 5), (6, 6)])
def test_the_spectator_sees_no_screen_and_no_secret_choice(players: int, seed: int) -> None:
    rng = random.Random(seed)
    for state in positions(players, seed, every=97):
        v = state.view(None)
        over = state.over()
        for p in v["seats"]:
            for key in ("money", "materials", "goods", "relics"):
                assert (p[key] is None) != over, (key, p["seat"])
            assert p["vote"] is None
            if state.decision == D_FAMILY:
                assert p["card"] is None
        text = board_text(state, None)
        assert screen_titles(text) == (["Screens"] if over else [])
        # what the spectator sees does not depend on anything hidden from every seat
        for seat in range(players):
            for change in CHANGES:
                other = change(state, seat, rng)
                if other is not None:
                    assert other.view(None) == v and board_text(other, None) == text
