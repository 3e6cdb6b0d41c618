"""Words a player reads (issue 7): sentences about the reader read right ("you"); the
shortfall of a family card is said as the board shows it, and warned of before the card
is played; a hold says what it pays, in which currency and when; every move that gives
something up for good asks first (confirm)."""

from __future__ import annotations

import random
import re

import pytest

from reichsstadt.core import CHANCE, Action, sample_chance
from reichsstadt.games.colonia.constants import (
    D_DRAW, D_EXCHANGE, D_RECALL, S_FRI_LOAD, S_SAT_SAIL, S_SUN_BUY, S_TUE_ORDER, S_WED_BUY, WED,
)
from reichsstadt.i18n import catalog

from tests.colonia.colonia_helpers import COMP, GAME, at_step, edit, give_relic, offer_relic, play, put, text, vote_on

# "you" followed by a verb in the third person ("You draws", "you passes") or "You's"
_WRONG_YOU = re.compile(r"\b[Yy]ou(?:'s\b| (?!yes\b)(?:is|was|has|does|\w*[^s\W]s)\b)")


def test_every_sentence_whose_subject_is_a_player_has_its_you_variant() -> None:
    """A message that starts with the player it speaks of ("{player} rolls ...",
    "{player}'s card ...") reads wrong with "you" in its place: it has a `.you` text."""
    english = catalog("en").messages
    missing = []
    for key, value in english.items():
        if not key.startswith("colonia.") or key.endswith(".you"):
            continue
        if key.startswith("colonia.terminal.now."):
            continue  # the board's "Now: ..." is said only to those not asked (the asked read "Your decision")
        first = value if isinstance(value, str) else value[0]
        # a tally ("{player} yes", "{player} 3") is no sentence
        if re.match(r"\{player\}(?:'s| (?!yes\b|no\b)[a-z])", first) and f"{key}.you" not in english:
            missing.append(key)
    assert missing == []


@pytest.mark.parametrize("players,seed", [(3, 5), (6, 8)])
def test_nothing_said_to_a_player_along_a_game_reads_you_draws(players: int, seed: int) -> None:
    """Every move (to its player and to another), every news, read with "you" for the
    reader: no "You draws", "you passes", "You's"."""
    s = GAME.new(players, seed)
    rng = random.Random(seed)
    said = 0
    while not s.over():
        to_act = s.to_act()
        if to_act == (CHANCE,):
            a = sample_chance(s, rng)
            seat = CHANCE
            readers = list(range(players))
        else:
            seat = to_act[0]
            legal = s.legal(seat)
            for b in legal:
                line = text(s.describe(seat, b, seat), seat)
                assert not _WRONG_YOU.search(line), line
            a = legal[rng.randrange(len(legal))]
            readers = [seat, (seat + 1) % players]
        for viewer in readers:
            line = text(s.describe(seat, a, viewer), viewer)
            assert not _WRONG_YOU.search(line), line
        s.apply(seat, a)
        for viewer in range(players):
            for m in s.news(viewer):
                line = text(m, viewer)
                assert not _WRONG_YOU.search(line), line
                said += 1
    assert said > 100


def test_buying_a_relic_you_secured_reads_your_member_comes_home() -> None:
    s = at_step(S_SUN_BUY, 4)
    p = s.actor
    card = s.display[0]
    s = edit(s, box=True, secured_by=put(s.secured_by, 0, p), home=put(s.home, p, s.home[p] - 1))
    words = text(s.describe(p, Action("buy_relic", card=card), p), p)
    assert words.endswith(", secured by you: your member comes home")
    other = (p + 1) % 4
    assert f", secured by Player {p + 1}, whose member goes home" in text(s.describe(other, Action(
        "buy_relic", card=card), other))


# -- the family card that will count 0 (p. 16 "Eccezione") ------------------------------------------

def _short_of_members() -> tuple:
    s = at_step(S_TUE_ORDER, 4, week=2)
    s = edit(s, box=True, family_cards_used=[False] * 24, home=put(s.home, 1, 5), street=put(s.street, 4, 3, 5, 0, 0))
    return s, 1


def test_a_family_card_that_will_count_0_says_so_before_it_is_played() -> None:
    s, p = _short_of_members()
    five, six = Action("family", value=5), Action("family", value=6)
    assert text(s.describe(p, five, p), p) == "Play family card 5: send 5 members to the town hall"
    assert s.confirm(p, five) is None
    said = text(s.describe(p, six, p), p)
    assert said == ("Play family card 6: it counts 0 (no votes, last in turn order), as only 5 of its 6 members are "
                    "at home; the rest come from the street fields")
    assert text(s.confirm(p, six), p) == ("Only 5 of its 6 members are at home, so the card counts 0: no votes this "
                                          "week, last in turn order, and the card is spent")
    # the others see a secret choice only
    assert text(s.describe(p, six, 0), 0) == "Choose a family card (hidden until all reveal)"
    # and the reveal says what the board shows
    for q, v in enumerate((3, 6, 4, 5)):
        play(s, q, "family", value=v)
    assert s.card_face_down[p] and s.vote_weight[p] == 0
    lines = [text(m, p) for m in s.news(p)]
    assert any(line.startswith("Your family card 6 counts 0: too few of your members were at home, so the rest of "
                               "its 6 members came from the street fields") for line in lines), lines


def test_the_fewer_members_ordinance_is_counted_in_the_warning() -> None:
    s, p = _short_of_members()
    s = edit(s, fewer_members=1)
    assert s.confirm(p, Action("family", value=6)) is None
    assert "send 5 members" in text(s.describe(p, Action("family", value=6), p), p)
    assert s.confirm(p, Action("family", value=7)) is not None


# -- what a hold pays -----------------------------------------------------------------------------

def test_each_hold_says_what_it_pays_in_which_currency_and_when() -> None:
    """p. 20-21: a loaded hold pays its printed value in the currency of the ship's city
    when the ship sails; the ships above the stick sail this Saturday."""
    s = at_step(S_FRI_LOAD, 4)
    p = s.actor
    s = edit(s, ships_sailing=2)
    seen = set()
    for a in s.legal(p):
        if a.type != "load":
            continue
        ship = COMP.ships[s.port[a.ship]]
        value = ship.holds[a.hold][1]
        currency = COMP.currencies[ship.city]
        said = text(s.describe(p, a, p), p)
        assert f"it pays {value} {currency} when the ship sails" in said, said
        assert said.endswith("this Saturday") == (a.ship < 2), said
        seen.add(a.ship < 2)
    assert seen == {True, False}


def test_the_extra_hold_says_what_it_pays() -> None:
    s = at_step(S_FRI_LOAD, 4)
    s = vote_on(s, "extra_hold")
    from tests.colonia.colonia_helpers import resolve_chance

    resolve_chance(s)
    p = s.actor
    a = next(a for a in s.legal(p) if a.type == "load_extra")
    currency = COMP.currencies[COMP.ships[s.port[a.ship]].city]
    assert "into the extra hold of the ship to" in text(s.describe(p, a, p), p)
    assert f"it pays {COMP.extra_hold_value} {currency} when the ship sails" in text(s.describe(p, a, p), p)


# -- second thoughts -----------------------------------------------------------------------------

def test_declining_what_an_ordinance_offers_is_confirmed() -> None:
    """p. 24-25: drawing materials, members coming home, exchanging money are offered once."""
    s = at_step(S_WED_BUY, 4)
    s = vote_on(s, "draw_materials")
    p = s.actor
    assert s.decision == D_DRAW
    assert text(s.confirm(p, Action("take_materials", count=0)), p) == (
        "The ordinance gives you 2 materials from the bag for nothing, now only")
    assert s.confirm(p, Action("take_materials", count=2)) is None

    s = at_step(S_WED_BUY, 4)
    street = s.street[:]
    for q in range(4):
        street[q * 4 + WED] = 2
    s = edit(s, box=True, street=street)
    s = vote_on(s, "recall", street=WED)
    p = s.actor
    assert s.decision == D_RECALL
    assert s.confirm(p, Action("recall", count=2)) is None
    assert text(s.confirm(p, Action("recall", count=1)), p) == (
        "2 members could come home now; the others stay on the street field until their day")

    s = at_step(S_SAT_SAIL, 4)
    s = vote_on(s, "exchange")
    p = s.actor
    assert s.decision == D_EXCHANGE
    assert "exchange up to 5 now" in text(s.confirm(p, Action("keep_money")), p)
    assert s.confirm(p, s.legal(p)[1]) is None


def test_leaving_a_shrine_empty_and_passing_are_fragments_for_the_question() -> None:
    """The terminal asks "<move>: <why>. Are you sure?": no full stop of its own."""
    s = at_step(S_WED_BUY, 4)
    assert not text(s.confirm(s.actor, Action("pass"))).endswith(".")
    s = at_step(S_SUN_BUY, 4)
    p = s.actor
    s = give_relic(s, p, 0)
    s = offer_relic(s, 11, money=put(s.money, p * 4, 50))
    play(s, p, "buy_relic", card=11)
    assert not text(s.confirm(p, Action("leave_shrine_empty"))).endswith(".")
