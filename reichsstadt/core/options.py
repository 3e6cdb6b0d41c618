"""Game options: each game declares its options once; every given option is checked
against that declaration, so an unknown name or a wrong value is a clear error."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

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
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, game_id: str, value: Any) -> Any:
        where = f"{game_id} option {self.name!r}"
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "yes", "1", "on", "false", "no", "0", "off"):
                return value.lower() in ("true", "yes", "1", "on")
            raise BadOption(f"{where} is true or false, not {value!r}")
        if self.kind == "int":
            if isinstance(value, str):
                try:
                    value = int(value)
                except ValueError:
                    raise BadOption(f"{where} is a whole number, not {value!r}") from None
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOption(f"{where} is a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise BadOption(f"{where} is at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise BadOption(f"{where} is at most {self.maximum}, not {value}")
            return value
        if self.kind == "choice":
            if value not in self.choices:
                raise BadOption(f"{where} is one of {', '.join(map(str, self.choices))}, not {value!r}")
            return value
        if self.kind == "data":
            if value is None or isinstance(value, dict):
                return value
            if isinstance(value, (str, Path)):
                return load_json(value)
            raise BadOption(f"{where} is a path to a JSON file, not {type(value).__name__}")
        raise BadOption(f"{where} has an unknown kind {self.kind!r}")


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

