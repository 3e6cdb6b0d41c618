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
    """Parse a JSON data file, or raise DataFileError naming the file, line and column."""
    p = Path(path)
    try:
        text = read_limited(p)
    except FileNotFoundError:
        raise DataFileError(f"data file {str(p)!r} does not exist") from None
    except (OSError, ValueError) as exc:   # a folder, not UTF-8, too large
        raise DataFileError(f"data file {str(p)!r} cannot be read: {exc}") from None
    try:
        found = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataFileError(f"data file {str(p)!r} is not valid JSON: {exc.msg} at line {exc.lineno}, "
                            f"column {exc.colno}") from None
    except RecursionError:
        raise DataFileError(f"data file {str(p)!r} is not valid JSON: nested too deep") from None
    if not isinstance(found, dict):   # every game's data file is an object of named parts
        kinds = {list: "an array", str: "a string", bool: "true or false", type(None): "null"}
        kind = kinds.get(type(found), "a number")
        raise DataFileError(f"data file {str(p)!r} must hold a JSON object ({{...}}), not {kind}")
    return found


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
