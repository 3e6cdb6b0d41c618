"""Markt keeps the platform's contract (reichsstadt.core.conformance at every state of
random games), hides what it must (sample), speaks five languages, and its parts work:
the view schema, the terminal board, the greedy player, the observation encoder."""

from __future__ import annotations

import io
import random
import string

import jsonschema
import pytest
from rich.console import Console

import reichsstadt
from reichsstadt.bots import make_bot
from reichsstadt.core import Match
from reichsstadt.core.conformance import check_hidden, check_replay, check_step, random_playout
from reichsstadt.i18n import Renderer, catalog
from reichsstadt_markt import GAME
from reichsstadt_markt.state import MarktState
from reichsstadt_markt.terminal import render

LANGS = ("en", "de", "it", "fr", "ru")


def test_the_game_is_found_by_its_id_with_every_part() -> None:
    assert "markt" in reichsstadt.game_ids() and reichsstadt.game("markt") is GAME
    assert sorted(GAME.parts) == ["catalogs", "encoder", "heuristic", "terminal", "web"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_promise_of_the_contract(players: int) -> None:
    rng = random.Random(players)
    for seed in range(3):
        match = random_playout(GAME, players, seed, on_step=lambda state: check_step(GAME, state, rng))
        assert match.state.over()
        check_replay(match)


@pytest.mark.parametrize("players", [2, 4])
def test_no_seat_and_no_spectator_learns_what_it_cannot_know(players: int) -> None:
    """At every state of random games, a state `sample` draws for a seat looks the same
    to that seat and to the spectator, and a draw only its merchant sees is told to the
    others in the same words whatever it was (the platform's hidden-information audit)."""
    rng = random.Random(players)
    for seed in range(2):
        random_playout(GAME, players, seed, on_step=lambda state: check_hidden(state, rng))


def test_a_sample_deals_anew_only_what_the_seat_has_not_seen() -> None:
    """The others' hands and the warehouse are drawn again from the goods the seat has
    not seen; the seat's view, every hand's size and the counts of each good stay."""
    match = Match("markt", 3, seed=5)
    match.advance({}, max_moves=None)  # the deal and the crier: seat 0's first turn
    state = match.state
    assert isinstance(state, MarktState)
    unseen = [state.warehouse[g] + state.hands[1][g] + state.hands[2][g] for g in range(4)]
    hands_seen = set()
    for k in range(40):
        sampled = state.sample(0, random.Random(k))
        assert isinstance(sampled, MarktState)
        assert sampled.view(0) == state.view(0) and sampled.hands[0] == state.hands[0]
        assert [sampled.warehouse[g] + sampled.hands[1][g] + sampled.hands[2][g] for g in range(4)] == unseen
        hands_seen.add(tuple(sampled.hands[1]))
    assert len(hands_seen) > 3, "the other merchants' hands are drawn, not read"


def _forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    return text if isinstance(text, tuple) else (text,)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_message_is_in_every_language_with_the_same_arguments(lang: str) -> None:
    english = {k: v for k, v in catalog("en").messages.items() if k.startswith("markt.")}
    theirs = {k: v for k, v in catalog(lang).messages.items() if k.startswith("markt.")}
    assert sorted(english) == sorted(theirs)
    for key, text in english.items():
        wanted = set().union(*(_fields(t) for t in _forms(text)))
        forms = _forms(theirs[key])
        assert not isinstance(theirs[key], tuple) or len(forms) == catalog(lang).nplurals
        for form in forms:
            assert _fields(form) <= wanted | {"count"}, f"{lang} {key}: {form!r}"
            assert wanted - {"count"} <= _fields(form), f"{lang} {key} drops an argument: {form!r}"


def test_views_follow_the_view_schema() -> None:
    schema = GAME.view_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)

    def check(state: object) -> None:
        assert isinstance(state, MarktState)
        for viewer in (None, *range(state.players)):
            validator.validate(state.view(viewer))
    random_playout(GAME, 4, seed=3, on_step=check)


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_board_speaks_the_language(lang: str) -> None:
    match = random_playout(GAME, 3, seed=2, )
    console = Console(width=100, record=True, file=io.StringIO())
    names = ["Ann", "Bo", "Cy"]
    console.print(render(match.state.view(1), 1, names, Renderer(lang, names, viewer=1)))
    text = console.export_text()
    salt = catalog(lang).messages["markt.good.salt"]
    assert "⟨" not in text and str(salt)[:1].upper() + str(salt)[1:] in text and "Bo" in text


def test_the_greedy_player_beats_random_players() -> None:
    """The heuristic part, through the platform's bot names: in seat-rotated games
    against two random merchants, greedy wins more than its fair third."""
    wins = 0.0
    games = 30
    for seed in range(games):
        seats = [make_bot("random", seed + s) for s in range(3)]
        greedy = seed % 3
        seats[greedy] = make_bot("greedy", seed, "markt")
        outcome = Match("markt", 3, seed).run(dict(enumerate(seats)))
        wins += (greedy in outcome.winners) / len(outcome.winners)
    assert wins > games / 3 + 3, f"greedy won {wins} of {games}"


def test_every_observation_lies_in_its_slices_declared_range() -> None:
    from reichsstadt.interop.encoding import encoder

    enc = encoder("markt", 3)
    assert enc.size == sum(s.size for s in enc.slices)

    def check(state: object) -> None:
        assert isinstance(state, MarktState)
        for viewer in (None, *range(3)):
            view = state.view(viewer)
            for s in enc.slices:
                assert s.read is not None, f"slice {s.name} reads the view"
                values = s.read(view)
                assert len(values) == s.size and all(s.low <= x <= s.high for x in values), (s.name, values)
    random_playout(GAME, 3, seed=4, on_step=check)


def _message_ids(value: object) -> set[str]:
    """Every catalog message id in a guide (messages nest as arguments)."""
    if isinstance(value, dict):
        found = {value["id"]} if isinstance(value.get("id"), str) else set()
        return found.union(*(_message_ids(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_message_ids(v) for v in value))
    return set()


@pytest.mark.parametrize("lang", LANGS)
def test_how_to_play_speaks_the_language(lang: str) -> None:
    """web/guide.json, the browser's "How to play" and the terminal's h: the installed
    package carries it, and every message it names is in the catalogs."""
    import json

    from reichsstadt.core import files

    guide = json.loads(files("markt", "web").joinpath("guide.json").read_text(encoding="utf-8"))
    assert guide["rulebook"] == "sections" and guide["sections"]
    ids = _message_ids(guide)
    assert ids and ids <= set(catalog(lang).messages), sorted(ids - set(catalog(lang).messages))
