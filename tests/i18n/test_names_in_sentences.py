"""A seat's name in a sentence of the review stands where no language must decline it: a
name is whatever was typed or a bot's ("Leichter Bot 1"), so German cannot put it after
"von" ("Endstand von Leichter Bot 1" wants "Leichtem"), French cannot put it after "de"
("de Anna" wants "d'Anna"), and Russian cannot form its genitive. The sentence makes the
name its subject (nominative) instead."""

from __future__ import annotations

import re

import pytest

from reichsstadt.core.messages import Message, Player
from reichsstadt.i18n import render

NAMES = ["Leichter Bot 1", "Anna", "Лёгкий бот 3"]

CASE_WORDS = {"de": ("von", "für", "mit", "des", "dem", "den", "der", "die"), "fr": ("de", "du", "des")}
"""Words after which a name would have to change: be declined (German), elided (French
"d'Anna"). Italian's "di Anna" and Russian's apposition ("игрока Анна") leave it as it is."""


def _word_before(text: str, name: str) -> str:
    before = text[:text.index(name)].split()
    return re.sub(r"\W", "", before[-1]).lower() if before else ""


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it", "ru"])
@pytest.mark.parametrize("seat", range(len(NAMES)))
def test_the_playouts_final_score_begins_with_the_players_name(lang: str, seat: int) -> None:
    said = render(Message("web.review.scores", player=Player(seat), bot="43.4", played="39.2"), lang, NAMES)
    assert said.startswith(NAMES[seat]), said
    # the reader's own seat: "your final score", as before
    own = render(Message("web.review.scores", player=Player(seat), bot="43.4", played="39.2"), lang, NAMES, seat)
    assert NAMES[seat] not in own, own


@pytest.mark.parametrize("lang", sorted(CASE_WORDS))
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("msgid", ["web.review.scores", "web.review.mark"])
def test_no_name_of_the_review_follows_a_word_that_would_decline_it(lang: str, name: str, msgid: str) -> None:
    said = render(Message(msgid, player=name, move=12, bot="43.4", played="39.2"), lang)
    assert name in said, said
    assert _word_before(said, name) not in CASE_WORDS[lang], said


def test_the_german_final_score_reads_with_a_bots_name() -> None:
    said = render(Message("web.review.scores", player=Player(0), bot="43,4", played="39,2"), "de", NAMES)
    assert said == ("Leichter Bot 1 erreicht in diesen Simulationen im Schnitt einen Endstand von 43,4 nach dem "
                    "Zug des Bots und von 39,2 nach dem gespielten Zug.")


@pytest.mark.parametrize("victim", [Player(1), Message("norenberc.the_victim")])
def test_the_thiefs_victim_is_named_where_german_needs_no_case(victim: object) -> None:
    """Norenberc's theft said "1 Bier von das Opfer nehmen" and "von Leichter Bot 1"."""
    said = render(Message("norenberc.describe.steal", good="Bier", player=victim, price="2 Taler"), "de", NAMES, 0)
    assert said.startswith("1 Bier nehmen (Opfer: ") and " von " not in said, said
    # the reader robbed: its own words ("von dir"), as before
    own = render(Message("norenberc.describe.steal", good="Bier", player=Player(0), price="2 Taler"), "de", NAMES, 0)
    assert own.startswith("1 Bier von dir nehmen"), own


def test_german_bot_names_do_not_decline() -> None:
    """A German bot's seat name stands after "von", "für", "an" in many sentences of the
    games ("Siedlung von {player}"): "Leichter Bot 1" there wanted "Leichtem Bot 1". The
    names are compounds that stay as they are in every case ("von Leicht-Bot 1")."""
    from reichsstadt.bots.levels import seat_names

    for level in ("easy", "medium", "hard", "expert"):
        for name in seat_names([level, level], "de", [None, None]):
            assert name and not re.match(r"\w+(er|es|en|em) ", name), name   # an adjective before "Bot"
