"""The researchers' and operators' commands refuse bad input in the reader's language:
a bot spec (simulate --bots, tournament --bots, hint --bot), the arena's flags and files
(tournament --jobs, a broken results.jsonl, ...) and serve's options are catalog messages
(`commands.*`, reichsstadt/i18n/<lang>.commands.po), not English f-strings that every
locale printed as they were ("Fehler: --jobs must be at least 1, not 0"). str(error) stays
the English line that tests and logs read. Flags, file names and bot specs are typed as
they are in every language."""

from __future__ import annotations

import ast
import json
import pickle
import re
import string
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from reichsstadt.arena import results
from reichsstadt.arena.commands import COLUMNS
from reichsstadt.arena.results import MOST_GAMES, Header, check_games, in_game
from reichsstadt.arena.tournament import check_settings
from reichsstadt.bots.specs import SETTINGS, make_bot
from reichsstadt.core.errors import BadOption
from reichsstadt.core.messages import Message
from reichsstadt.i18n import catalog, render
from reichsstadt.server.run import check_ranges

from tests.cli.clihelpers import run

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "reichsstadt/i18n"
CODE = [ROOT / "reichsstadt/bots/specs.py", *sorted((ROOT / "reichsstadt/arena").glob("*.py")),
        ROOT / "reichsstadt/server/run.py", ROOT / "reichsstadt/server/storage.py"]
LANGS = ["en", "de", "it", "fr", "ru"]
ID = re.compile(r"commands\.[a-z0-9_]+(\.[a-z0-9_]+)*\.?")

def families() -> dict[str, set[str]]:
    """The ids the code builds from a prefix: prefix -> the endings it may add."""
    return {"commands.bot.setting.": set(SETTINGS), "commands.needs.": {"openskill", "ray", "matplotlib"},
            "commands.serve.": {"more_than", "or_more", "range"},
            "commands.results.json.": set(results._JSON_REASONS.values()),
            "commands.tournament.column.": set(COLUMNS), "commands.tournament.verdict.": {"above", "below", "within"}}


def named_in_code() -> set[str]:
    """Every `commands.*` id the code names: its string constants, and the ids it builds
    from a prefix (f"commands.bot.setting.{key}") or with a suffix (kind + "_range")."""
    built = families()
    found: set[str] = set()
    prefixes: set[str] = set()
    for path in CODE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and ID.fullmatch(node.value):
                (prefixes if node.value.endswith(".") else found).add(node.value)
    assert prefixes == set(built), f"ids built from a prefix the test does not know: {prefixes - set(built)}"
    found |= {prefix + end for prefix, ends in built.items() for end in ends}
    found |= {kind + "_range" for kind in ("commands.results.numbers", "commands.results.whole_numbers")}
    return found


def test_every_message_the_code_names_is_in_every_catalog_and_none_is_left_over() -> None:
    used = named_in_code()
    assert len(used) > 100
    for lang in LANGS:
        have = {k for k in catalog(lang).messages if k.startswith("commands.")}
        assert not used - have, f"{lang} lacks {sorted(used - have)[:8]}"
        assert not have - used, f"{lang} has commands messages no code says: {sorted(have - used)[:8]}"


def test_the_commands_part_holds_the_same_messages_in_every_language() -> None:
    """The part itself (not only the merged catalog): the same ids, plural where English is,
    each id of the part a `commands.*` one, and the language's own header."""
    def entries(lang: str) -> dict[str, Any]:
        with (I18N / f"{lang}.commands.po").open("rb") as fh:
            po = read_po(fh, locale=lang)
        assert dict(po.mime_headers)["Language"] == lang
        return {str(m.id[0] if isinstance(m.id, (list, tuple)) else m.id): m.string for m in po if m.id}

    english = entries("en")
    assert all(k.startswith("commands.") for k in english)
    for lang in LANGS[1:]:
        theirs = entries(lang)
        assert set(theirs) == set(english), f"{lang}: {sorted(set(theirs) ^ set(english))[:8]}"
        for key, text in english.items():
            assert isinstance(theirs[key], (list, tuple)) == isinstance(text, (list, tuple)), f"{lang} {key}"
            assert all(theirs[key]) if isinstance(text, (list, tuple)) else theirs[key], f"{lang} {key} is empty"


def test_every_field_is_a_plain_name_as_the_browser_renders_it() -> None:
    """A refused bot spec reaches the browser too (the lobby's bots, a stand-in): its
    renderer (reichsstadt/web/i18n.js) fills `{name}` only, so a field has no conversion or
    format ({bot!r} was shown as it stands); the code passes values quoted (repr) instead."""
    for lang in LANGS:
        for key, text in catalog(lang).messages.items():
            if key.startswith("commands."):
                for form in text if isinstance(text, tuple) else (text,):
                    for _, name, spec, conversion in string.Formatter().parse(form):
                        assert name is None or (re.fullmatch(r"\w+", name) and not spec and not conversion), \
                            f"{lang} {key}: {form!r}"


def test_no_refusal_of_these_commands_is_an_english_sentence_in_the_code() -> None:
    """BadOption (and the ValueError a results file's check turns into one) is raised with a
    catalog message, never with a string literal or an f-string."""
    wrong = []
    for path in CODE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id in ("BadOption", "ValueError") and node.args and \
                    isinstance(node.args[0], (ast.JoinedStr, ast.Constant, ast.BinOp)):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not wrong, wrong


def test_the_english_words_are_the_code_s_own() -> None:
    for key, (_, _, about) in SETTINGS.items():   # the settings' help stays where the code reads it
        assert render(Message(f"commands.bot.setting.{key}"), "en") == f"{key}={about}"
    for lang in LANGS:   # the catalogs write the most games in each language's digits
        said = render(Message("commands.games", games=0), lang)
        assert str(MOST_GAMES) in re.sub(r"[,.\u00a0\u202f ](?=\d{3})", "", said), (lang, said)


def refusal(call: Any, *args: Any, **kwargs: Any) -> BadOption:
    with pytest.raises(BadOption) as got:
        call(*args, **kwargs)
    assert isinstance(got.value.message, Message), got.value
    return got.value


def test_str_of_a_refusal_is_still_the_english_line(tmp_path: Path) -> None:
    cases = [
        (refusal(make_bot, "mcts:1s:c=high"), "bot 'mcts:1s:c=high': c takes a number, not 'high'"),
        (refusal(check_games, 0), "--games must be from 1 to 10,000,000, not 0"),
        (refusal(check_settings, "norenberc", ["random"], 3, 3, jobs=0), "--jobs must be at least 1, not 0"),
        (refusal(check_ranges, {"--port": 70000}), "--port is a number from 1 to 65535, not 70000"),
        (refusal(Header.from_json, {"kind": "tournament", "format": 1, "bots": ["random"], "game": "norenberc",
                                    "players": 0, "seed": 1, "games": 3}, "r.jsonl"),
         "r.jsonl: not a tournament's results (players must be a whole number from 1 to 64, not 0)"),
    ]
    for error, english in cases:
        assert str(error) == english
        copied = pickle.loads(pickle.dumps(error))   # a worker process's refusal reaches the command whole
        assert str(copied) == english and copied.message == error.message


def test_a_bot_of_ones_own_that_fails_is_named_with_its_game_in_the_readers_words() -> None:
    with pytest.raises(BadOption) as got:
        with in_game(Message("commands.in_game.simulate", seed=5)):
            raise BadOption("bot mine: its act() raised ValueError: boom")
    assert str(got.value) == "bot mine: its act() raised ValueError: boom (in the game of seed 5)"
    assert render(got.value.message, "de") == "bot mine: its act() raised ValueError: boom (in der Partie mit Seed 5)"


def test_a_resumed_tournament_of_other_settings_names_each_difference(tmp_path: Path) -> None:
    header = {"kind": "tournament", "format": 1, "game": "norenberc", "players": 3, "bots": ["random", "greedy"],
              "seed": 1, "games": 4, "options": {}, "scheduled": 4}
    (tmp_path / "results.jsonl").write_text(json.dumps(header) + "\n", encoding="utf-8")
    error = refusal(check_settings, "norenberc", ["random", "random"], 3, 4, seed=2, out=tmp_path, resume=True)
    assert str(error) == (f"--resume: not the tournament in {tmp_path}: bots random,random (asked) against "
                          f"random,greedy (in the file); seed 2 (asked) against 1 (in the file)")
    assert render(error.message, "fr") == (f"--resume\u00a0: ce n'est pas le tournoi de {tmp_path}\u00a0: bots\u00a0: "
                                           f"random,random demandé, random,greedy dans le fichier\u00a0; seed\u00a0: "
                                           f"2 demandé, 1 dans le fichier")


def test_french_puts_a_no_break_space_before_its_high_punctuation() -> None:
    """As fr.terminal.po writes it: "Erreur : ...", "réglages : ...", "à la fin ?" with a
    no-break space, so that a line never breaks before the sign: in every French catalog
    (the games', the server's, the page's, the bots' too; they mixed plain spaces in)."""
    english = catalog("en").messages
    for key, text in catalog("fr").messages.items():
        for form in text if isinstance(text, tuple) else (text,):
            assert not re.search(r" [;:?!]", form), f"{key}: {form!r}"
            words = re.sub(r"\{\{.*?\}\}", "", form)   # a JSON example keeps JSON's colons
            said = english.get(key)
            if said is not None and re.search(r"[;:?!](\s|\)|$)", said if isinstance(said, str) else said[0]):
                assert not re.search(r"[^\u00a0'(][;:?!](\s|\)|$)", words), f"{key}: {form!r}"


def test_russian_counts_agree_with_their_number() -> None:
    said = [render(Message("commands.simulate.bots", count=n, players=4), "ru") for n in (1, 3, 5)]
    assert said == ["назван 1 бот, а игроков 4", "названо 3 бота, а игроков 4", "названо 5 ботов, а игроков 4"]
    assert render(Message("commands.results.whole_numbers_range", name="ranks", count=2, least="1", most="2"),
                  "ru") == "ranks должно содержать 2 целых числа от 1 до 2"


GERMAN = {"LANG": "de_DE.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
RUSSIAN = {"LANG": "ru_RU.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}


def line(out: Any) -> str:
    """The one line a refused command printed (exit status 2, no traceback: run() checks)."""
    assert out.returncode == 2, out.stdout + out.stderr
    return " ".join(out.stdout.split())


def test_the_commands_refuse_in_german(tmp_path: Path) -> None:
    assert line(run("simulate", "norenberc", "-n", "2", "--bots", "random,mcts:fast,random,random", env=GERMAN)) == (
        "Fehler: Bot 'mcts:fast': das Budget 'fast' ist weder eine Zahl von Iterationen (mcts:2000) noch eine "
        "Zeit (mcts:1s, mcts:0.5s, mcts:250ms)")
    assert line(run("tournament", "norenberc", "--jobs", "0", "--out", str(tmp_path / "t"), env=GERMAN)) == (
        "Fehler: --jobs muss mindestens 1 sein, nicht 0")
    assert line(run("serve", "--port", "70000", "--db", str(tmp_path / "t.db"), env=GERMAN)) == (
        "Fehler: --port ist eine Zahl von 1 bis 65535, nicht 70000")
    assert not (tmp_path / "t.db").exists()
    header = {"kind": "tournament", "format": 1, "game": "norenberc", "players": 3, "bots": ["random", "greedy"],
              "seed": 1, "games": 2, "options": {}, "scheduled": 2}
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "results.jsonl").write_text(json.dumps(header) + "\n{\n", encoding="utf-8")
    said = line(run("tournament", "--report", str(broken), "--no-plots", env=GERMAN))
    assert said == (f"Fehler: {broken / 'results.jsonl'}: Zeile 2 ist kein JSON (hier fehlt ein Schlüssel in "
                    f"doppelten Anführungszeichen: Zeile 1, Spalte 2 (Zeichen 1)); die Ergebnisse eines Turniers "
                    f"sind ein JSON-Objekt pro Zeile")
    game = {"index": 0, "block": 0, "rotation": 0, "seed": 1, "bots": ["random", "greedy", "random"],
            "entrants": [0, 1, 0], "scores": [1, 2, 3], "ranks": [3, 2, 0], "winners": [2], "decisions": 9,
            "seconds": 0.5}
    (broken / "results.jsonl").write_text(json.dumps(header) + "\n" + json.dumps(game) + "\n", encoding="utf-8")
    said = line(run("tournament", "--report", str(broken / "results.jsonl"), "--no-plots", env=GERMAN))
    assert said == (f"Fehler: {broken / 'results.jsonl'}, Zeile 2: kein Ergebnis einer Partie (ranks muss aus 3 "
                    f"ganzen Zahlen von 1 bis 3 bestehen)")


ALLOWED = {"mcts", "fast", "bogus", "easy", "medium", "hard", "expert", "random", "greedy", "s", "ms", "bots",
           "package", "module", "factory", "out", "resume", "report", "jsonl", "results", "sqlite", "sync",
           "NORMAL", "FULL", "bot", "delay", "games", "MCTS", "JSON", "UTF", "db", "mysql", "SQLite", "postgresql",
           "user", "host", "dbname", "URL"}
"""What a Russian refusal may say in Latin letters: flags, file names, bot specs."""


@pytest.mark.parametrize("args", [
    ["tournament", "norenberc", "--bots", "random,bogus"],
    ["tournament", "norenberc", "--games", "0"],
    ["serve", "--bot-delay", "-1"],
    ["serve", "--sqlite-sync", "bogus"],
    ["serve", "--db", "mysql://user@host/dbname"],
    ["serve", "--db", "  "],
    ["simulate", "norenberc", "-n", "2", "--bots", "random,,random"],
])
def test_the_commands_refuse_in_russian_with_no_english_left(args: list[str], tmp_path: Path) -> None:
    said = line(run(*args, cwd=tmp_path, env={**RUSSIAN, "REICHSSTADT_DATA": str(tmp_path / "data")}))
    assert said.startswith("Ошибка: "), said
    latin = set(re.findall(r"[A-Za-z]+", said))
    assert latin <= ALLOWED, f"{said!r}: {latin - ALLOWED}"
