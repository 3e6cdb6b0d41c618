"""Reading component data files: a readable error naming the file and what is wrong.

Every refusal is a catalog message (`data.*`, in `reichsstadt/i18n/<lang>.data.po`) made of
messages: the file ("data file 'mine.json'", as the user named it, or "the uploaded file"),
where in it (a JSON path such as `guilds[2].artisans`, as written in the file, or "top
level") and the rule it breaks with the value the file gives, so that an owner reads the
whole line in the language of the terminal or the browser. Key names, file names and
values stay as the file has them. Two entries that do not agree are named both, each with
its value: the owner may have changed either."""

from __future__ import annotations

import copy
import errno
import json
import math
import re
from importlib import resources
from pathlib import Path
from typing import Any, NoReturn, Sequence, Union

from .errors import DataFileError
from .messages import Message, chained

_SURROGATE = re.compile("[\ud800-\udfff]")


MOST_BYTES = 64 * 1024 * 1024
"""The largest record or data file read (a game's record or data file is a few hundred KB at most;
more is not one, and /dev/zero would never end)."""

NOTE_MOST = 2000
"""The most characters of a file's note for its reader (`_about`, a map's `note`): a table
played with a file of one's own sends the file to everyone who watches it."""


class DataFile(dict[str, Any]):
    """A data file's JSON object that remembers the file it was read from, as the user
    named it (`source`; "" for none), or the game record file that carries it (`record`):
    a game checks the parts later, when a game is made with it, and its refusal names the
    same file as a refusal of the JSON itself does. Built as a dict is (copies made the
    way dataclasses.asdict makes them work); a copy (copy.copy, copy.deepcopy) is no
    longer the file and names none: edited and refused, it must not send its owner to a
    file they never touched (the bundled one, in the package's folder). A pickle, the
    same data in another process (a tournament's workers), keeps the name."""

    source = ""
    record = ""

    def __copy__(self) -> DataFile:
        return DataFile(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> DataFile:
        found = memo[id(self)] = DataFile()
        found.update((copy.deepcopy(k, memo), copy.deepcopy(v, memo)) for k, v in self.items())
        return found


def named(parts: dict[str, Any], source: str) -> DataFile:
    """`parts`, remembered as read from the file `source`."""
    found = DataFile(parts)
    found.source = source
    return found


def in_record(parts: dict[str, Any], record: str) -> DataFile:
    """`parts`, remembered as carried by the game record in the file `record`."""
    found = DataFile(parts)
    found.record = record
    return found


def file_words(raw: Any) -> Message:
    """The file in a refusal of `raw`: "data file 'mine.json'" for a file read from a path
    (load_json), "the data in record file 'game.json'" for the contents a record read from
    a file carries (in_record), "the uploaded file" for contents given without a name (the
    browser's lobby sends the file's contents only)."""
    if isinstance(raw, DataFile) and raw.source:
        return Message("data.file.path", path=repr(raw.source))
    if isinstance(raw, DataFile) and raw.record:
        return Message("data.file.record", path=repr(raw.record))
    return Message("data.file.uploaded")


def load_json(path: str | Path) -> DataFile:
    """Parse a JSON data file, or raise DataFileError naming the file, line and column.

    A byte order mark (Windows' Notepad writes one) is read past, as the browser does; text
    that is not UTF-8 is named by its line and column; a key given twice in one object is
    refused (the second would silently win over the first, an edit lost)."""
    p = Path(path)
    name = Message("data.file.path", path=repr(str(p)))
    found = read_json(p, name)
    if not isinstance(found, dict):   # every game's data file is an object of named parts
        raise DataFileError(Message("data.file.not_object", file=name, kind=json_kind(found)))
    return named(found, str(p))


def read_json(path: Path, name: Message) -> Any:
    """The JSON value in a file, or DataFileError starting with `name` (the file as the
    reader knows it: "data file '…'", "record file '…'"): missing, unreadable, too large,
    not UTF-8, not JSON (with the line and column), a key given twice."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MOST_BYTES + 1)
    except FileNotFoundError:
        raise DataFileError(Message("data.file.missing", file=name)) from None
    except OSError as exc:   # a folder, no permission
        raise DataFileError(Message("data.file.unreadable", file=name, why=_os_reason(exc))) from None
    if len(data) > MOST_BYTES:
        why = Message("data.file.larger", most=MOST_BYTES // (1024 * 1024))
        raise DataFileError(Message("data.file.unreadable", file=name, why=why))
    return parse_json(data, name)


def json_kind(value: Any) -> Message:
    """The words for the kind of a JSON value ("an array", "a string"...)."""
    return Message(_JSON_KINDS.get(type(value), "data.json.kind.number"))


_JSON_KINDS = {list: "data.json.kind.array", str: "data.json.kind.string", bool: "data.json.kind.bool",
               type(None): "data.json.kind.null"}
"""The words for a JSON value that is not an object, by its Python type (others: a number)."""

_OS_REASONS = {errno.EISDIR: "data.os.folder", errno.EACCES: "data.os.denied", errno.EPERM: "data.os.denied"}
"""The words for why the system cannot read a file (others: the system's own, in English)."""


def _os_reason(exc: OSError) -> Message | str:
    found = _OS_REASONS.get(exc.errno or 0)
    return Message(found) if found else exc.strerror or str(exc)


MOST_DIGITS = 30
"""The most digits of a number in a data file (no count or price has a tenth of them; Python
refuses to read past 4,300)."""


class _Refused(ValueError):
    def __init__(self, message: Message, key: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.key = key   # a key given twice, as the file writes it


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(Message("data.json.twice", key=quoted(key, 150)), key)
        out[key] = value
    return out


def _repeated_key_at(text: str, wanted: str) -> int | None:
    """Where (an index into `text`) an object first gives the key `wanted` a second time;
    None if none does. Python's parser hands the hook no positions (and reports the
    object that closes first, not the first in the text); this is only asked once a
    repeat was found, and reads the text only up to it."""
    open_objects: list[set[str] | None] = []   # per open container: an object's keys, or None (an array)
    key_next = False
    i = 0
    while i < len(text):
        c = text[i]
        if c == '"':
            end = i + 1
            while text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            keys = open_objects[-1] if open_objects else None
            if keys is not None and key_next:
                key = json.loads(text[i:end + 1])
                if key in keys and key == wanted:
                    return i
                keys.add(key)
                key_next = False
            i = end
        elif c in "{[":
            open_objects.append(set() if c == "{" else None)
            key_next = c == "{"
        elif c in "}]":
            open_objects.pop()
            key_next = False
        elif c == ",":
            key_next = bool(open_objects) and open_objects[-1] is not None
        i += 1
    return None


def _digits(text: str) -> int:
    if len(text.lstrip("-")) > MOST_DIGITS:
        raise _Refused(Message("data.json.digits", start=text[:12], count=len(text.lstrip("-")), most=MOST_DIGITS))
    return int(text)


def quoted(value: Any, most: int = 150) -> str:
    """A value as the file's reader finds it (Python's repr), cut to `most` characters."""
    return cut(repr(value), most)


def cut(text: str, most: int) -> str:
    """A piece of a file's text as it stands there, cut to `most` characters."""
    return text if len(text) <= most else text[:most] + "…"


def _where(data: bytes, at: int) -> Message:
    """Line and column (from 1) of byte `at`."""
    line = data.count(b"\n", 0, at) + 1
    start = data.rfind(b"\n", 0, at) + 1
    return Message("data.json.at", line=line, column=at - start + 1)


_JSON_REASONS = {
    "Expecting value": "data.json.expecting_value",
    "Expecting property name enclosed in double quotes": "data.json.expecting_name",
    "Expecting ':' delimiter": "data.json.expecting_colon",
    "Expecting ',' delimiter": "data.json.expecting_comma",
    "Unterminated string starting at": "data.json.unterminated",
    "Invalid control character at": "data.json.control",
    "Invalid \\escape": "data.json.escape",
    "Invalid \\uXXXX escape": "data.json.unicode_escape",
    "Extra data": "data.json.extra",
}
"""The words for what Python's JSON parser found wrong (json.JSONDecodeError's msg; one it
may say that is not here is shown in its English)."""


def parse_json(data: bytes, name: str | Message) -> Any:
    """The JSON value of a data file's bytes, or DataFileError starting with `name`."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(Message("data.json.not_utf8", file=name, byte=f"0x{data[exc.start]:02x}",
                                    at=_where(data, exc.start))) from None
    text = text.removeprefix("\ufeff")
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_int=_digits)
    except json.JSONDecodeError as exc:
        found = _JSON_REASONS.get(exc.msg)
        at = Message("data.json.at", line=exc.lineno, column=exc.colno)
        raise DataFileError(Message("data.json.invalid", file=name, why=Message(found) if found else exc.msg,
                                    at=at)) from None
    except _Refused as exc:
        what = exc.message
        second = _repeated_key_at(text, exc.key) if exc.key is not None else None
        if second is not None:   # where the second one is, as for a file that is not JSON
            line, column = text.count("\n", 0, second) + 1, second - text.rfind("\n", 0, second)
            what = Message("data.json.located", at=Message("data.json.at", line=line, column=column), what=what)
        raise DataFileError(Message("data.in_file", file=name, what=what)) from None
    except RecursionError:
        raise DataFileError(Message("data.json.too_deep", file=name)) from None


def load_packaged_json(package: str, name: str) -> Any:
    """A JSON file shipped inside a package (the bundled component data); an object
    remembers its file, which a refusal of it names."""
    path = resources.files(package).joinpath(name)
    found = json.loads(path.read_text(encoding="utf-8"))
    return named(found, str(path)) if isinstance(found, dict) else found


TOP = Message("data.top_level")
"""Where a refusal is about the file as a whole ("top level")."""

Words = Union[str, Message]
"""A place or a reason in a refusal: a catalog message, or plain words (a JSON path, as the
file writes it; a plug-in game's own English reason)."""

_TYPE_WORDS = {int: "data.type.int", float: "data.type.float", str: "data.type.str", bool: "data.type.bool",
               list: "data.type.list", dict: "data.type.dict", type(None): "data.type.none"}
"""The words for the Python type of a JSON value (what the file holds, what it should)."""


TOO_LONG_START = 40
"""The most characters of a text too long that its refusal quotes: its start, for its owner
to find it by (a note may be thousands of characters)."""


def too_long(text: str, most: int) -> Message:
    """The refusal of `text`, longer than `most` characters: how long it is, and its start."""
    return Message("data.too_long", most=most, count=len(text), start=quoted(text, TOO_LONG_START))


def not_object(raw: Any) -> Message:
    """The refusal of a file's contents that are no JSON object: what they are instead."""
    return Message("data.json_object", kind=type_words(type(raw)), value=quoted(raw, 60))


def type_words(kind: type) -> Words:
    """The name of a JSON value's type (`list`) in the reader's language."""
    found = _TYPE_WORDS.get(kind)
    return Message(found) if found else kind.__name__


def either(choices: Sequence[Words]) -> Words:
    """"a or b or c" in the reader's language (each choice a message or a key as written)."""
    return chained("data.either", list(choices))


def commas(items: Sequence[Words]) -> Words:
    """"a, b, c": items (messages, or keys as written) one after the other."""
    return chained("data.comma", list(items))


class Check:
    """Collects the path inside a data file for error messages while validating.

    Usage: `c = Check(file_words(raw))`, then
    `c.require(len(guilds) == 6, "guilds", Message("data.norenberc.guilds", count=6, found=len(guilds)))`:
    a DataFileError reading "data file 'mine.json': guilds: must list exactly 6 guilds, not 5"
    in English, and so in every language of the catalogs.
    """

    def __init__(self, what: Words) -> None:
        self.what = what

    def values(self, obj: Any, where: str = "") -> None:
        """Refuse anything no data file may hold, wherever it is, naming the entry: a
        number that is not finite (NaN, Infinity: JSON has none, but Python's parser
        reads them) and a string (or a key) with a lone surrogate, which is no text."""
        if isinstance(obj, float) and not math.isfinite(obj):
            self.fail(where or TOP, Message("data.not_finite", value=repr(obj)))
        elif isinstance(obj, str):
            if _SURROGATE.search(obj):
                self.fail(where or TOP, Message("data.surrogate", value=quoted(obj)))
        elif isinstance(obj, dict):
            for key, value in obj.items():
                at = f"{where}.{key}" if where else str(key)
                if isinstance(key, str) and _SURROGATE.search(key):
                    self.fail(where or TOP, Message("data.surrogate_key", key=quoted(key)))
                self.values(value, at)
        elif isinstance(obj, list):
            for i, value in enumerate(obj):
                self.values(value, f"{where}[{i}]")

    def of_this_game(self, raw: dict[str, Any], keys: tuple[str, ...]) -> None:
        """Refuse a file that has none of `keys` (the parts every file of this kind has):
        most likely another game's data file, given to the wrong game."""
        self.require(any(k in raw for k in keys), TOP, Message("data.other_game", parts=", ".join(keys)))

    def note(self, raw: dict[str, Any], key: str) -> None:
        """Refuse a note for the reader of the file (`raw[key]`, where it has one) that is
        no string or longer than NOTE_MOST characters."""
        if key in raw:
            text = self.get(raw, key, str)
            self.require(len(text) <= NOTE_MOST, key, too_long(text, NOTE_MOST))

    def fail(self, where: Words, message: Words) -> NoReturn:
        """Refuse the file: `message` (the rule) broken at `where` (a JSON path, or TOP)."""
        raise DataFileError(Message("data.at", file=self.what, where=where, what=message))

    def require(self, condition: bool, where: Words, message: Words) -> None:
        if not condition:
            self.fail(where, message)

    def agree(self, condition: bool, message: Words) -> None:
        """Refuse two entries that do not agree: `message` names both, each with its value
        (data.too_few_for), as the owner may have changed either of them."""
        if not condition:
            raise DataFileError(Message("data.in_file", file=self.what, what=message))

    def at_most(self, value: int, where: str, limit: int, other: Words) -> None:
        """`value` (at `where`) may be no more than `limit`, which the entry `other` gives."""
        self.agree(value <= limit, Message("data.too_few_for", field=other, value=limit, other=where, need=value))

    def get(self, obj: Any, key: str, kind: type | tuple[type, ...], where: str = "") -> Any:
        at = f"{where}.{key}" if where else key
        if not isinstance(obj, dict):
            self.fail(where or TOP, Message("data.not_object", kind=type_words(type(obj)), value=quoted(obj)))
        if key not in obj:
            self.fail(at, Message("data.missing"))
        value = obj[key]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            want = either([type_words(k) for k in ((kind,) if isinstance(kind, type) else kind)])
            self.fail(at, Message("data.wrong_type", want=want, kind=type_words(type(value)), value=quoted(value)))
        return value
