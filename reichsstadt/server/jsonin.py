"""JSON from clients, read safely: nesting depth checked before parsing (a deep enough
document crashes a recursive parser), then orjson, which refuses what is not JSON of
well-formed text (lone surrogates such as "\\ud800", NaN, numbers that overflow to
infinity). Every refusal is a BadJson naming what was wrong."""

from __future__ import annotations

import json
import re
from typing import Any

import orjson

_ESCAPE = re.compile(rb"\\.", re.DOTALL)
_STRING = re.compile(rb'"[^"]*"')
_NOT_BRACKET = bytes(i for i in range(256) if i not in b"[]{}")


class BadJson(ValueError):
    """Why a client's JSON was refused: `reason` is "depth", "syntax" or "duplicate"
    (`detail`: the key given twice)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def too_deep(raw: bytes, limit: int) -> bool:
    """Whether arrays and objects nest deeper than `limit` in `raw` (JSON text; strings
    and their escapes do not count). Each pass removes the innermost empty pairs, at C
    speed: after `limit` passes nothing is left of a document no deeper than that."""
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False  # not enough openers to nest that deep (a client's every frame: no regex)
    skeleton = _STRING.sub(b"", _ESCAPE.sub(b"", raw)).translate(None, _NOT_BRACKET)
    run = re.compile(rb"[\[{]{%d}" % (limit + 1))
    if run.search(skeleton):  # so many openers in a row: too deep, whatever follows
        return True
    for _ in range(limit):
        if not skeleton:
            return False
        shorter = skeleton.replace(b"[]", b"").replace(b"{}", b"")
        if shorter == skeleton:
            # unbalanced: a parser stops at the first mismatch, and before it what is
            # left is a run of openers; too long a run is too deep
            return run.search(skeleton) is not None
        skeleton = shorter
        if run.search(skeleton):
            return True
    return bool(skeleton)


def loads(raw: bytes | str, max_depth: int, unique_keys: bool = False) -> Any:
    """Parse a client's JSON: BadJson if it nests deeper than `max_depth` or is not
    well-formed JSON; with `unique_keys`, also if an object gives a key twice (which one
    was meant is not for the server to guess: the API's bodies, not the game's frames)."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if too_deep(data, max_depth):
        raise BadJson("depth", f"nested deeper than {max_depth} levels")
    try:
        parsed = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise BadJson("syntax", str(exc).split(":", 1)[0][:120]) from None
    if unique_keys and data.count(b":") > 1:   # fewer than two pairs cannot repeat a key
        json.loads(data, object_pairs_hook=_unique)   # valid and shallow enough: orjson said so
    return parsed


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise BadJson("duplicate", key[:80])
        seen[key] = value
    return seen
