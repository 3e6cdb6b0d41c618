"""Words (issue 9, the terminal's part): every screen, prompt, help text, log line and
score table comes from the catalogs; the terminal's own sentences are `terminal.*` ids in
`en.terminal.po`, and a language without a catalog is refused with the list."""

import re
from pathlib import Path

import pytest

import reichsstadt
from reichsstadt.core import BadOption, Message, Player
from reichsstadt.i18n import catalog, languages
from reichsstadt.terminal.words import Words, choose_language, default_names, distinct_names

from .helpers import run, table

SOURCES = [*Path(reichsstadt.__file__).parent.joinpath("terminal").glob("*.py"),
           Path(reichsstadt.__file__).parent / "cli.py", Path(reichsstadt.__file__).parent / "partcheck.py"]


def _used_ids() -> set[str]:
    found: set[str] = set()
    for path in SOURCES:
        found |= set(re.findall(r'"(terminal\.[a-z_.]+)"', path.read_text()))
        found |= {f"terminal.help.{m}" for m in re.findall(r'\("[^"]+", "([a-z_]+)"\)', path.read_text())
                  if path.name == "play.py"}
    return found


def test_every_terminal_message_is_in_the_english_catalog():
    """(Every English message is in every other catalog: tests/i18n.)"""
    known = catalog("en").messages
    missing = sorted(i for i in _used_ids() if i not in known)
    assert not missing, f"en: {missing}"


def test_every_terminal_message_of_the_catalog_is_used():
    po = Path(reichsstadt.__file__).parent.joinpath("i18n", "en.terminal.po").read_text()
    ids = set(re.findall(r'^msgid "(terminal\.[a-z_.]+)"', po, re.M))
    unused = sorted(i for i in ids if i not in _used_ids() and not i.endswith(".you"))
    assert not unused


def test_a_language_without_a_catalog_is_refused_with_the_list():
    with pytest.raises(BadOption) as err:
        choose_language("xx")
    assert str(err.value) == f"no messages in the language 'xx'; the languages are: {', '.join(languages())}"
    assert choose_language("en_GB") == "en"


def test_the_environment_chooses_the_language_when_none_is_asked(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert choose_language(None) == "en"


def test_the_reader_is_you_and_the_others_have_their_names():
    names = default_names(["human", "random", "human"], "en")
    assert names == ["Player 1", "Easy bot", "Player 3"]
    w = Words("en", ["Ann", "Bob (random bot)", "Cyd"], viewer=0)
    assert w.display_names() == ["You", "Bob (random bot)", "Cyd"]
    assert w.who(0) == "You" and w.who(1) == "Bob" and w.who(-1) == "Chance"
    # an engine's plain words and its messages alike
    assert w.say("place 1 in turn order goes to Player 1; Player 2 next") == \
        "place 1 in turn order goes to you; Bob next"
    assert w.say(Message("core.refuse.not_turn", player=Player(1), waiting=[Player(0)])) == \
        "it is not Bob's turn: waiting for you"
    assert w("terminal.rule.turn", game="Fair", player=Player(0)) == "Fair: your move"
    assert Words("en", ["Ann", "Bob"], viewer=None)("terminal.rule.turn", game="Fair", player=Player(0)) == \
        "Fair: Ann to act"


def test_two_bots_of_one_kind_have_names_of_their_own_in_every_language():
    """Issue 19: never "greedy" twice, never "Player 2-4" for the bots; strengths, not specs."""
    assert default_names(["human", "greedy", "greedy", "mcts:1s"], "en") == [
        "Player 1", "Medium bot 1", "Medium bot 2", "Hard bot"]
    de = default_names(["human", "greedy", "greedy", "random"], "de")
    assert de[1:] == ["Mittel-Bot 1", "Mittel-Bot 2", "Leicht-Bot"]
    assert "greedy" not in " ".join(default_names(["greedy", "greedy"], "ru")).lower()
    # an older record's names (a bot's spec each) are made distinct when read back
    assert distinct_names(["Ann", "greedy", "greedy", "random"], "en") == [
        "Ann", "Medium bot 1", "Medium bot 2", "Easy bot"]
    assert distinct_names(["Ann", "Ann"], "en") == ["Ann", "Ann (2)"]


@pytest.mark.parametrize("lang, chance", [("en", "Chance: "), ("fr", "Hasard\u00a0: ")])
def test_a_log_line_separates_the_name_as_the_language_writes_it(tmp_path, lang, chance):
    # French sets a (no-break) space before a colon; the separator comes from the catalog
    s = table(["q"], tmp_path, game="colonia", players=3, seats=["human", "greedy", "greedy"], lang=lang)
    run(s)
    drawn = [line for line in s.screens[0] if line.startswith(chance)]
    assert drawn, "\n".join(s.screens[0])


def test_french_keeps_its_colons_on_the_line_before_them():
    """French sets a space before : ; ? ! » and after «: a no-break one, as core.after_name
    and the data refusals do, so that a wrapped line never starts with ':' (at 80 columns
    the resume hint read 'reprendre' and then ': reichsstadt play ...' on the next line)."""
    po = Path(reichsstadt.__file__).parent.joinpath("i18n", "fr.terminal.po").read_text()
    plain = [line for line in po.splitlines() if line.startswith("msgstr") and re.search(r" [:;?!»]|« ", line)]
    assert not plain, plain
    said = Words("fr", ["Ann", "Bo"], 0)("terminal.interrupted", path="parties/partie.json",
                                         command="reichsstadt play colonia --resume parties/partie.json")
    assert "reprendre\u00a0: reichsstadt" in said


@pytest.mark.parametrize("lang", sorted(languages()))
def test_a_second_thought_asks_with_the_languages_own_yes_and_takes_it(lang):
    """The question before a move that cannot be undone said "(y/n)" in every language;
    it now offers the language's own yes ("(j/n)", "(д/н)"), which is taken as yes, as
    "y" still is, and the help says the same letters."""
    from reichsstadt.terminal.play import _yes

    w = Words(lang, ["Ann", "Bob"])
    asked = w("terminal.confirm.ask", moves="1", why="2")
    offered = re.findall(r"\((\w+)/(\w+)\)", asked)
    assert len(offered) == 1, asked
    yes = offered[0][0]
    assert yes in _yes(w) and "y" in _yes(w)
    assert (yes == "y") == (lang == "en"), asked
    assert f"({yes}/{offered[0][1]})" in w("terminal.help.confirm")
