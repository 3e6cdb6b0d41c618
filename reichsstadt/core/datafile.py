"""Reading component data files: a readable error naming the file and what is wrong."""

from __future__ import annotations

import json
import math
import re
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import DataFileError

_SURROGATE = re.compile("[\ud800-\udfff]")


MOST_BYTES = 64 * 1024 * 1024
"""The largest record or data file read (a game's record or data file is a few hundred KB at most;
more is not one, and /dev/zero would never end)."""


def read_limited(path: str | Path) -> str:
    """A file's text (UTF-8), refused past MOST_BYTES: OSError, UnicodeDecodeError or
    ValueError ("too large")."""
    with open(path, "rb") as fh:
        data = fh.read(MOST_BYTES + 1)
    if len(data) > MOST_BYTES:
        raise ValueError(f"larger than {MOST_BYTES // (1024 * 1024)} MB")
    return data.decode("utf-8")


def load_json(path: str | Path) -> Any:
    """Parse a JSON data file, or raise DataFileError naming the file, line and column.

    A byte order mark (Windows' Notepad writes one) is read past, as the browser does; text
    that is not UTF-8 is named by its line and column; a key given twice in one object is
    refused (the second would silently win over the first, an edit lost)."""
    p = Path(path)
    try:
        with open(p, "rb") as fh:
            data = fh.read(MOST_BYTES + 1)
    except FileNotFoundError:
        raise DataFileError(f"data file {str(p)!r} does not exist") from None
    except OSError as exc:   # a folder, no permission
        raise DataFileError(f"data file {str(p)!r} cannot be read: {exc.strerror or exc}") from None
    if len(data) > MOST_BYTES:
        raise DataFileError(f"data file {str(p)!r} cannot be read: larger than {MOST_BYTES // (1024 * 1024)} MB")
    found = parse_json(data, f"data file {str(p)!r}")
    if not isinstance(found, dict):   # every game's data file is an object of named parts
        kinds = {list: "an array", str: "a string", bool: "true or false", type(None): "null"}
        kind = kinds.get(type(found), "a number")
        raise DataFileError(f"data file {str(p)!r} must hold a JSON object ({{...}}), not {kind}")
    return found


MOST_DIGITS = 30
"""The most digits of a number in a data file (no count or price has a tenth of them; Python
refuses to read past 4,300)."""


class _Refused(ValueError):
    pass


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"the key {key!r} is given twice in one object (the second would replace the first)"
                             [:200])
        out[key] = value
    return out


def _digits(text: str) -> int:
    if len(text.lstrip("-")) > MOST_DIGITS:
        raise _Refused(f"the number {text[:12]}… has {len(text.lstrip('-'))} digits; at most {MOST_DIGITS} "
                         "are read")
    return int(text)


def _where(data: bytes, at: int) -> str:
    """Line and column (from 1) of byte `at`."""
    line = data.count(b"\n", 0, at) + 1
    start = data.rfind(b"\n", 0, at) + 1
    return f"line {line}, column {at - start + 1}"


def parse_json(data: bytes, name: str) -> Any:
    """The JSON value of a data file's bytes, or DataFileError starting with `name`."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(f"{name} is not UTF-8 text: byte 0x{data[exc.start]:02x} at {_where(data, exc.start)} "
                            "(save it as UTF-8)") from None
    text = text.removeprefix("\ufeff")
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_int=_digits)
    except json.JSONDecodeError as exc:
        raise DataFileError(f"{name} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except _Refused as exc:
        raise DataFileError(f"{name}: {exc}") from None
    except RecursionError:
        raise DataFileError(f"{name} is not valid JSON: nested too deep") from None


def load_packaged_json(package: str, name: str) -> Any:
    """A JSON file shipped inside a package (the bundled component data)."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return json.loads(text)


class Check:
    """Collects the path inside a data file for error messages while validating.

    Usage: `c = Check("norenberc components"); c.require(cond, "guilds", "must list 6 guilds")`.
    """

    def __init__(self, what: str) -> None:
        self.what = what

    def values(self, obj: Any, where: str = "") -> None:
        """Refuse anything no data file may hold, wherever it is, naming the entry: a
        number that is not finite (NaN, Infinity: JSON has none, but Python's parser
        reads them) and a string (or a key) with a lone surrogate, which is no text."""
        if isinstance(obj, float) and not math.isfinite(obj):
            self.fail(where or "top level", f"must be a finite number, not {obj!r}")
        elif isinstance(obj, str):
            if _SURROGATE.search(obj):
                self.fail(where or "top level", f"holds a lone surrogate, which is no text: {obj!r}"[:200])
        elif isinstance(obj, dict):
            for key, value in obj.items():
                at = f"{where}.{key}" if where else str(key)
                if isinstance(key, str) and _SURROGATE.search(key):
                    self.fail(where or "top level", f"has a key with a lone surrogate, which is no text: {key!r}"[:200])
                self.values(value, at)
        elif isinstance(obj, list):
            for i, value in enumerate(obj):
                self.values(value, f"{where}[{i}]")

    def of_this_game(self, raw: dict[str, Any], keys: tuple[str, ...]) -> None:
        """Refuse a file that has none of `keys` (the parts every file of this kind has):
        most likely another game's data file, given to the wrong game."""
        self.require(any(k in raw for k in keys), "top level",
                     f"has none of the parts {', '.join(keys)} (another game's data file?)")

    def fail(self, where: str, message: str) -> None:
        raise DataFileError(f"{self.what}: {where}: {message}")

    def require(self, condition: bool, where: str, message: str) -> None:
        if not condition:
            self.fail(where, message)

    def get(self, obj: Any, key: str, kind: type | tuple[type, ...], where: str = "") -> Any:
        at = f"{where}.{key}" if where else key
        if not isinstance(obj, dict):
            self.fail(where or "top level", f"must be an object, not {type(obj).__name__}")
        if key not in obj:
            self.fail(at, "is missing")
        value = obj[key]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            self.fail(at, f"must be {names}, not {type(value).__name__} {value!r}")
        return value
