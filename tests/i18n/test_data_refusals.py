"""An owner's broken data file is refused in the owner's language, whole: the file, the
entry and the rule, each a catalog message (`data.*`, reichsstadt/i18n/<lang>.data.po),
never English words inside a German (or Russian...) line. Key names, file names and values
stay as the file writes them. Found by the owners' review: the validators' ~100 reasons
were English f-strings that the terminal printed as they were and the server framed in
the reader's language ("deine Datendatei wurde abgelehnt: norenberc components: guilds:
is missing")."""

from __future__ import annotations

import ast
import copy
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

import reichsstadt
from reichsstadt.core.datafile import load_json
from reichsstadt.core.errors import DataFileError
from reichsstadt.core.messages import Message
from reichsstadt.i18n import catalog, render

from tests.cli.clihelpers import run

ROOT = Path(__file__).resolve().parents[2]
VALIDATORS = [ROOT / "reichsstadt/core/datafile.py", *sorted((ROOT / "reichsstadt/games").glob("*/data.py"))]
LANGS = ["en", "de", "it", "fr", "ru"]
DATA = {"norenberc": ("components", "components.json"), "siedler": ("map", "map.json"),
        "colonia": ("components", "components.json")}


def ids_in_code() -> set[str]:
    """Every `data.*` message id the validators name (string constants of the code)."""
    found = set()
    for path in VALIDATORS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if re.fullmatch(r"data\.[a-z0-9_]+(\.[a-z0-9_]+)*", node.value):
                    found.add(node.value)
    return found


def test_every_data_message_the_code_names_is_in_every_catalog_and_none_is_left_over() -> None:
    used = ids_in_code()
    assert len(used) > 150   # the scan finds the validators' messages (it would pass finding none)
    for lang in LANGS:
        have = {k for k in catalog(lang).messages if k.startswith("data.")}
        assert not used - have, f"{lang} lacks {sorted(used - have)[:8]}"
        assert not have - used, f"{lang} has data messages no code says: {sorted(have - used)[:8]}"


def bundled(game: str) -> dict[str, Any]:
    text = resources.files(f"reichsstadt.games.{game}").joinpath(DATA[game][1]).read_text("utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


def refusal(game: str, change: Callable[[dict[str, Any]], Any]) -> tuple[Message, dict[str, Any]]:
    raw = copy.deepcopy(bundled(game))
    change(raw)
    with pytest.raises(DataFileError) as got:
        reichsstadt.game(game).new(4, 0, {DATA[game][0]: raw})
    assert isinstance(got.value.message, Message), got.value
    return got.value.message, raw


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change that writes `value` at a JSON path ("rooms.0.0", "guilds.1.name")."""
    def change(raw: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        at: Any = raw
        for key in parents:
            at = at[int(key)] if isinstance(at, list) else at[key]
        if isinstance(at, list):
            at[int(last)] = value
        else:
            at[last] = value
    return change


BROKEN = {
    "no guilds": ("norenberc", lambda raw: raw.pop("guilds")),
    "a room asks 9 goods": ("norenberc", _set("rooms.0.0", [9, 0])),
    "two guilds of one name": ("norenberc", _set("guilds.1.name", "brewers ")),
    "a musician's number": ("norenberc", lambda raw: next(c for c in raw["citizens"] if c["kind"] == "musician")
                            .update(value=0)),
    "a peddler with a number": ("norenberc", lambda raw: next(c for c in raw["citizens"] if c["kind"] == "peddler")
                                .update(value=3)),
    "an unknown key": ("norenberc", _set("incomee", 3)),
    "a list, not a number": ("norenberc", _set("income", [5])),
    "another game's file": ("norenberc", lambda raw: (raw.clear(), raw.update(bundled("colonia")))),
    "a terrain's type": ("siedler", _set("terrains.0.type", "desert")),
    "a terrain's key": ("siedler", _set("terrains.0.colour", "red")),
    "a hex's place": ("siedler", _set("terrains.0.hex", [1])),
    "the terrains' resources": ("siedler", _set("terrain_types", {"forest": "wool"})),
    "an event card too many": ("siedler", lambda raw: raw["events"].append(dict(raw["events"][0]))),
    "a right of way": ("siedler", lambda raw: raw["beginner"][0].update(tolls=raw["beginner"][1]["tolls"])),
    "a ship's city": ("colonia", _set("ships.0.city", "Atlantis")),
    "an ordinance's day": ("colonia", _set("ordinances.0.day", "sunday")),
    "a relic price": ("colonia", _set("relics.prices.0", -1)),
    "names alike": ("colonia", lambda raw: raw["materials"].__setitem__(1, raw["materials"][0])),
    # two entries that do not agree, each named with its value; a value the rule refuses, said
    "fewer members than a table needs": ("colonia", _set("members_per_colour", 1)),
    "a bag too small for the start": ("colonia", _set("materials_per_type", 1)),
    "contracts beyond the fields": ("colonia", _set("contract_fields", 1)),
    "more agents at the start than at most": ("norenberc", _set("agents_max", 2)),
    "more citizens kept than listed": ("norenberc", _set("citizens_kept.5", 30)),
    "a way to pay too many": ("norenberc", _set("rooms.1", [[1, 0], [2, 0], [3, 0]])),
    "wall pieces": ("siedler", _set("wall.pieces", -1)),
    "a recipe with gold": ("siedler", _set("goods.0.recipe", {"gold": 1})),
    "a hex given twice": ("siedler", _set("terrains.1.hex", [0, 0])),
    "a hex away from its centre": ("siedler", _set("terrains.0.hex", [0, 4])),
    "a settlement off its road": ("siedler", _set("beginner.0.settlements.0.index", 30)),
}


def file_words(raw: Any) -> set[str]:
    """The words the file itself writes (its keys and text values, split at non-letters)."""
    out: set[str] = set()
    if isinstance(raw, dict):
        for key, value in raw.items():
            out |= words(str(key)) | file_words(value)
    elif isinstance(raw, list):
        for value in raw:
            out |= file_words(value)
    elif isinstance(raw, str):
        out |= words(raw)
    return out


def words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]+", text))


def parts(message: Any) -> Iterator[Message]:
    """The message and every message inside it (the file, the reason, a type's name...)."""
    if isinstance(message, Message):
        yield message
        for value in message.args.values():
            yield from parts(value)
    elif isinstance(message, list):
        for value in message:
            yield from parts(value)


NAMES = {"Norenberc", "Siedler", "Colonia", "JSON", "UTF", "MB"}
"""Words a refusal says in every language: the games' and the format's names."""


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_refusal_says_no_english_inside_another_language(case: str) -> None:
    game, change = BROKEN[case]
    message, raw = refusal(game, change)
    allowed = file_words(raw) | file_words(bundled(game)) | NAMES
    english = render(message, "en")
    assert str(message) == english and english.count(": ") >= 1, english
    for lang in LANGS[1:]:
        said = render(message, lang)
        assert "⟨" not in said, said            # every part has its words in the catalog
        for part in parts(message):            # no part is said in English
            own = render(part, "en")
            if words(own) - allowed:
                assert not re.search(rf"(?<!\w){re.escape(own)}(?!\w)", said), f"{lang}: English {own!r} in {said!r}"
        if lang == "ru":                       # Latin letters only for what the file writes
            assert words(said) <= allowed, f"{said!r}: {words(said) - allowed}"


@pytest.mark.parametrize("lang, said", [
    ("de", "die hochgeladene Datei: rooms[0][0]: muss 1 bis 6 Waren der Zunft verlangen, nicht 9"),
    ("fr", "le fichier envoyé\u00a0: rooms[0][0]\u00a0: doit demander 1 à 6 marchandises de la guilde, pas 9"),
    ("ru", "загруженный файл: rooms[0][0]: должно требовать от 1 до 6 товаров гильдии, а не 9"),
])
def test_the_file_the_entry_and_the_rule_are_one_line_in_the_readers_language(lang: str, said: str) -> None:
    message, _ = refusal("norenberc", _set("rooms.0.0", [9, 0]))
    assert str(message) == "the uploaded file: rooms[0][0]: must ask 1 to 6 goods of the guild, not 9"
    assert render(message, lang) == said


def test_a_file_that_cannot_be_read_is_said_in_the_readers_language(tmp_path: Path) -> None:
    cases = {
        "missing.json": (None, "die Datendatei '{path}' existiert nicht"),
        "comma.json": (b'{"income": 5,}', "die Datendatei '{path}' ist kein gültiges JSON: hier fehlt ein Schlüssel "
                                          "in doppelten Anführungszeichen in Zeile 1, Spalte 14"),
        "latin1.json": (b'{\n "name": "Br\xe4uer"\n}', "die Datendatei '{path}' ist kein UTF-8-Text: Byte 0xe4 in "
                                                       "Zeile 2, Spalte 13 (speichere die Datei als UTF-8)"),
        "twice.json": (b'{"income": 5, "income": 3}', "die Datendatei '{path}': Zeile 1, Spalte 15: der Schlüssel "
                                                      "'income' steht zweimal im selben Objekt (der zweite würde den "
                                                      "ersten ersetzen)"),
        "list.json": (b"[1]", "die Datendatei '{path}' muss ein JSON-Objekt ({{...}}) enthalten, nicht ein Array"),
    }
    for name, (content, german) in cases.items():
        path = tmp_path / name
        if content is not None:
            path.write_bytes(content)
        with pytest.raises(DataFileError) as got:
            load_json(path)
        assert render(got.value.message, "de") == german.format(path=path), name
        assert str(got.value).startswith(f"data file '{path}'"), got.value   # English, as logs and tests read it


def test_a_broken_file_in_the_terminal_is_one_german_line(tmp_path: Path) -> None:
    raw = bundled("norenberc")
    raw["guilds"][0]["artisans"][3]["value"] = 99
    mine = tmp_path / "meine-plaettchen.json"
    mine.write_text(json.dumps(raw), encoding="utf-8")
    out = run("play", "norenberc", "--lang", "de", "--components", str(mine))
    assert out.returncode == 2
    assert out.stdout.strip() == (f"Fehler: die Datendatei '{mine}': guilds[0].artisans[3].value: muss zwischen 1 "
                                  "und 20 liegen, nicht 99"), out.stdout
    checked = run("data", "siedler", "--check", str(tmp_path / "fehlt.json"), env={"LANG": "de_DE.UTF-8",
                                                                                   "LANGUAGE": "", "LC_ALL": ""})
    assert checked.returncode == 2
    assert checked.stdout.strip() == f"Fehler: die Datendatei '{tmp_path / 'fehlt.json'}' existiert nicht"


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_in_french_every_colon_of_a_refusal_follows_a_no_break_space(case: str) -> None:
    """French typography, as core.after_name writes it: "composants de Norenberc : guilds :
    est absent" with no-break spaces, the server's frame ("refusé : ...") included, so a line
    never breaks before its colon."""
    message, _ = refusal(*BROKEN[case])
    said = render(Message("server.error.data_file", reason=message), "fr")
    assert said.startswith("refusé\u00a0: "), said
    assert not re.search(r"[^\u00a0]:\s", said), said
