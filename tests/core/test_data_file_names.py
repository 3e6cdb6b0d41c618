"""Which file a refused data file's words send its owner to. A game record that carries
a data file (a game played with one's own) and was edited by hand names the record's own
file at `replay` and `play --resume`, not "the uploaded file"; a copy of loaded data
(copy.deepcopy of the bundled file, as a Python user edits it) names no file: the bundled
file in the package's folder is one its owner never touched."""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path
from typing import Any

import pytest

import reichsstadt
from reichsstadt.core import Record
from reichsstadt.core.datafile import DataFile, load_json
from reichsstadt.core.errors import DataFileError, RecordError

from tests.cli.clihelpers import run

DATA = {"norenberc": "components", "siedler": "map", "colonia": "components"}
EMPTY_NAME: dict[str, Any] = {}


def edited_record(tmp_path: Path) -> Path:
    """A record of a Norenberc game played with its own components, one of whose guild
    names was then emptied by hand."""
    name, raw = reichsstadt.game("norenberc").data_file() or ("", {})
    data = json.loads(json.dumps(raw))
    data["guilds"][0]["name"] = ""
    record = Record(game="norenberc", players=3, seed=1, options={name: data}, names=["A", "B", "C"], moves=[])
    path = tmp_path / "game.json"
    record.save(path)
    return path


@pytest.mark.parametrize("lang, said", [
    ("en", "Error: record cannot start its game: the data in record file 'game.json': guilds[0].name: "
           "must not be empty"),
    ("de", "Fehler: das Protokoll kann sein Spiel nicht beginnen: die Daten in der Protokolldatei 'game.json': "
           "guilds[0].name: darf nicht leer sein"),
    ("fr", "les données du fichier d'enregistrement 'game.json' : guilds[0].name"),
    ("it", "i dati nel file di registrazione 'game.json'"),
    ("ru", "данные в файле записи 'game.json'"),
])
def test_replay_of_an_edited_record_names_the_record_file(lang: str, said: str, tmp_path: Path) -> None:
    edited_record(tmp_path)
    out = run("replay", "game.json", "--lang", lang, cwd=tmp_path)
    assert out.returncode == 2, out.stdout + out.stderr
    text = out.stdout.replace("\xa0", " ").replace("\u202f", " ")   # French: a no-break space before ':'
    assert said in text, out.stdout
    assert "uploaded" not in out.stdout and "hochgeladene" not in out.stdout


def test_resuming_an_edited_record_names_the_record_file(tmp_path: Path) -> None:
    edited_record(tmp_path)
    out = run("play", "norenberc", "--resume", "game.json", "--lang", "en", cwd=tmp_path)
    assert out.returncode == 2, out.stdout + out.stderr
    assert "Error: the data in record file 'game.json': guilds[0].name: must not be empty" in out.stdout


def test_a_record_read_from_a_file_names_it_in_a_refusal_of_its_data(tmp_path: Path) -> None:
    path = edited_record(tmp_path)
    with pytest.raises(RecordError) as got:
        reichsstadt.replay(Record.load(path))
    assert f"the data in record file '{path}': guilds[0].name" in str(got.value)
    # the same record's contents given without a file: no file to name
    with pytest.raises(RecordError) as got:
        reichsstadt.replay(json.loads(path.read_text(encoding="utf-8")))
    assert "the uploaded file: guilds[0].name" in str(got.value)


def refusal(game: str, raw: Any) -> str:
    with pytest.raises(DataFileError) as got:
        reichsstadt.game(game).new(3, 0, {DATA[game]: raw})
    return str(got.value)


@pytest.mark.parametrize("game", sorted(DATA))
def test_an_edited_copy_of_the_bundled_data_does_not_name_the_bundled_file(game: str) -> None:
    name, bundled = reichsstadt.game(game).data_file() or ("", DataFile())
    assert bundled.source   # the bundled file itself is named by its path (a refusal means its install was edited)
    for mine in (copy.deepcopy(bundled), copy.copy(bundled)):
        mine["format"] = "mine"
        said = refusal(game, mine)
        assert bundled.source not in said and said.startswith("the uploaded file: format: "), said
    deep = copy.deepcopy(bundled)
    assert deep == bundled and isinstance(deep, DataFile) and deep["format"] is not None
    deep[next(k for k, v in deep.items() if isinstance(v, list))].clear()   # deep: the original keeps its parts
    assert json.loads(json.dumps(bundled)) == json.loads(json.dumps(reichsstadt.game(game).data_file()[1]))  # type: ignore[index]


def test_a_file_sent_to_another_process_keeps_its_name(tmp_path: Path) -> None:
    """A tournament's workers get the options pickled: their refusals name the owner's file."""
    name, raw = reichsstadt.game("colonia").data_file() or ("", {})
    data = dict(raw, format="mine")
    (tmp_path / "mine.json").write_text(json.dumps(data), encoding="utf-8")
    again = pickle.loads(pickle.dumps(load_json(tmp_path / "mine.json")))
    assert refusal("colonia", again).startswith(f"data file '{tmp_path / 'mine.json'}': format: ")
