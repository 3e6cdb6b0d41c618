"""Game options: each game declares its options once; every given option is checked
against that declaration, so an unknown name or a wrong value is a clear error."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from .datafile import load_json
from .errors import BadOption


@dataclass(frozen=True)
class Option:
    """One option of a game.

    kind: "bool", "int", "choice", or "data" (a data file: a path to JSON, or the parsed
    JSON itself; resolved to the parsed data so that game records are self-contained).
    """

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, game_id: str, value: Any) -> Any:
        """`value` as this option takes it (a string from a command line converted), or
        BadOption saying what the option takes."""
        checker = _CHECKS.get(self.kind)
        if checker is None:
            raise BadOption(f"{game_id} option {self.name!r} has an unknown kind {self.kind!r}")
        return checker(self, f"{game_id} option {self.name!r}", value)


def _bool(o: Option, where: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):   # JSON's 1 and 0, as the string "1" is taken
        return bool(value)
    if isinstance(value, str) and value.lower() in ("true", "yes", "1", "on", "false", "no", "0", "off"):
        return value.lower() in ("true", "yes", "1", "on")
    raise BadOption(f"{where} is true or false, not {value!r}")


def _int(o: Option, where: str, value: Any) -> int:
    if isinstance(value, str):
        try:
            value = int(value)
        except ValueError:
            raise BadOption(f"{where} is a whole number, not {value!r}") from None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadOption(f"{where} is a whole number, not {value!r}")
    if o.minimum is not None and value < o.minimum:
        raise BadOption(f"{where} is at least {o.minimum}, not {value}")
    if o.maximum is not None and value > o.maximum:
        raise BadOption(f"{where} is at most {o.maximum}, not {value}")
    return value


def _choice(o: Option, where: str, value: Any) -> Any:
    if value not in o.choices:
        raise BadOption(f"{where} is one of {', '.join(map(str, o.choices))}, not {value!r}")
    return value


def _data(o: Option, where: str, value: Any) -> Any:
    if value is None or isinstance(value, dict):
        return value
    if isinstance(value, (str, Path)):
        return load_json(value)
    raise BadOption(f"{where} is a path to a JSON file, not {type(value).__name__}")


_CHECKS: dict[str, Callable[[Option, str, Any], Any]] = {"bool": _bool, "int": _int, "choice": _choice, "data": _data}
"""How each kind of option checks a value."""


def resolve_options(game_id: str, spec: Mapping[str, Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """All options of a game, given values checked and the rest at their defaults."""
    given = dict(given or {})
    unknown = sorted(k for k in given if k not in spec)
    if unknown:
        known = ", ".join(sorted(spec)) or "none"
        raise BadOption(f"{game_id} has no option {', '.join(map(repr, unknown))}; its options are: {known}")
    out: dict[str, Any] = {}
    for name, opt in spec.items():
        out[name] = opt.check(game_id, given[name]) if name in given else opt.default
    return out

