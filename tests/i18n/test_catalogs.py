"""The message catalogs (issue 9): every message in every language, with the same
arguments; plural forms right for Russian; the browser's export consistent with Python."""

from __future__ import annotations

import re
import string

import pytest

from reichsstadt.core.messages import Message, Player
from reichsstadt.i18n import catalog, export_json, languages, pick_language, plural_categories, render

LANGS = ["en", "de", "it", "fr", "ru"]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_five_languages_have_catalogs():
    assert languages()[0] == "en" and set(LANGS) <= set(languages())


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_message_exists_in_every_catalog_with_the_same_arguments(lang):
    english = catalog("en").messages
    other = catalog(lang).messages
    missing = sorted(k for k in english if k not in other)
    assert not missing, f"{lang} lacks {len(missing)} messages, e.g. {missing[:8]}"
    extra = sorted(k for k in other if k not in english and not k.endswith(".you"))
    assert not extra, f"{lang} has messages English does not: {extra[:8]}"
    for key, text in english.items():
        forms = [fields(t) for t in (text if isinstance(text, tuple) else (text,))]
        want = set().union(*forms)
        # what every English form says must be said by every form; an argument only some
        # English forms use (a singular and a plural noun: norenberc.count.own) may be left out
        said = set.intersection(*forms)
        theirs = other[key]
        for form in theirs if isinstance(theirs, tuple) else (theirs,):
            got = fields(form)
            assert got <= want | {"count"}, f"{lang} {key}: unknown arguments {got - want} in {form!r}"
            # every argument that carries information is said (a plural's count may be implied)
            assert said - {"count"} <= got, f"{lang} {key}: {form!r} drops {said - got - {'count'}}"


@pytest.mark.parametrize("lang", LANGS)
def test_plural_entries_have_the_languages_number_of_forms(lang):
    cat = catalog(lang)
    for key, text in cat.messages.items():
        if isinstance(text, tuple):
            assert len(text) == cat.nplurals, f"{lang} {key} has {len(text)} forms, not {cat.nplurals}"


def test_russian_plurals_one_few_many():
    """Russian counts 1 and 21 take the first form, 2 the second ("few"), 5 the third."""
    said = [render(Message("web.lobby.players_n", count=n), "ru") for n in (1, 2, 5, 21, 11, 22, 111)]
    assert said == ["1 игрок", "2 игрока", "5 игроков", "21 игрок", "11 игроков", "22 игрока", "111 игроков"]
    assert plural_categories("ru") == {"one": 0, "few": 1, "many": 2}  # "other" is for fractions only


@pytest.mark.parametrize("lang, expected", [("en", "2 players"), ("de", "2 Spieler"), ("it", "2 giocatori"),
                                            ("fr", "2 joueurs"), ("ru", "2 игрока")])
def test_plurals_in_every_language(lang, expected):
    assert render(Message("web.lobby.players_n", count=2), lang) == expected
    assert render(Message("web.lobby.players_n", count=1), lang).startswith("1 ")


def test_players_are_named_and_the_reader_is_you():
    msg = Message("core.refuse.not_turn", player=Player(1), waiting=[Player(0), Player(2)])
    assert render(msg, "en") == "it is not Player 2's turn: waiting for Player 1 and Player 3"
    assert render(msg, "en", names=["Ann", "Bo", "Cy"], viewer=1) == "it is not your turn: waiting for Ann and Cy"
    assert render(msg, "de", names=["Ann", "Bo", "Cy"]) == "Bo ist nicht am Zug; am Zug: Ann und Cy"
    assert render(msg, "fr", names=["Ann", "Bo", "Cy"], viewer=0).endswith("c'est à vous et Cy de jouer")


def test_a_missing_language_falls_back_to_the_environment_then_english(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert pick_language(None) == "en"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert pick_language(None) == "de"
    assert pick_language("ru") == "ru"
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert pick_language(None) == "en"


@pytest.mark.parametrize("lang", LANGS)
def test_the_browser_export_holds_every_message(lang):
    out = export_json(lang)
    assert out["lang"] == lang and set(catalog("en").messages) <= set(out["messages"])
    assert set(out["plural"].values()) <= set(range(catalog(lang).nplurals))
    assert out["languages"][0] == "en"


def test_no_catalog_text_has_unbalanced_braces():
    for lang in LANGS:
        for key, text in catalog(lang).messages.items():
            for form in text if isinstance(text, tuple) else (text,):
                list(string.Formatter().parse(form))  # raises on a lone brace
                assert not re.search(r"(?<!\{)\{\s", form), f"{lang} {key}: {form!r}"


@pytest.mark.parametrize("gid", ["norenberc", "siedler", "colonia"])
def test_every_row_of_the_score_table_has_a_name_in_every_language(gid):
    """The final score table names each row of the breakdown from `<game>.score.<item>`;
    a missing entry would show the raw key to every player."""
    from reichsstadt.bots.random_bot import RandomBot
    from reichsstadt.core.runner import Match

    match = Match(gid, 3, seed=4)
    bots = {seat: RandomBot(seed=seat) for seat in range(3)}
    match.advance(bots)
    items = set().union(*(b.keys() for b in match.state.outcome().breakdown))
    for lang in LANGS:
        messages = catalog(lang).messages
        missing = sorted(i for i in items if f"{gid}.score.{i}" not in messages)
        assert not missing, f"{lang} has no score row name for {gid}: {missing}"


@pytest.mark.parametrize("gid", ["norenberc", "siedler", "colonia"])
def test_every_table_option_has_a_label_and_help_in_every_language(gid):
    """The lobby labels each option of a game, explains it and names its choices from
    `<game>.option.<name>` (`.help`, `.<choice>`): never the option's code name."""
    from reichsstadt import game

    for lang in LANGS:
        messages = catalog(lang).messages
        for name, option in game(gid).options.items():
            wanted = [f"{gid}.option.{name}", f"{gid}.option.{name}.help"]
            wanted += [f"{gid}.option.{name}.{choice}" for choice in option.choices or ()]
            missing = [key for key in wanted if key not in messages]
            assert not missing, f"{lang} lacks {missing}"


@pytest.mark.parametrize("lang, itself, bots", [("en", "by itself once the last seat", "bots"),
                                                ("de", "von selbst, sobald der letzte Platz", "Bots"),
                                                ("fr", "d'elle-même dès que la dernière place", "bots"),
                                                ("it", "da sola quando l'ultimo posto", "bot"),
                                                ("ru", "сама, когда займут последнее место", "бот")])
def test_a_table_not_started_starts_by_itself_or_earlier_with_bots(lang, itself, bots):
    """A table starts once its last seat is taken; its creator may start it before, bots in
    the empty seats (the message said the creator had to start a full table)."""
    said = render(Message("web.table.not_started"), lang)
    assert itself in said and bots in said, said
