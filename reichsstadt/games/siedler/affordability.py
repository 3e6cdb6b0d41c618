"""Tests of holdings against prices, generated once from the prices (as dataclasses and
core/fields.py generate code): the costs are written only where they live (constants.py,
the map file's recipes) and are checked as fast as hand-written comparisons, which
matters in `legal_main`, asked on every decision of a turn."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ...core.actions import Action

HOLDINGS = ("wood", "wool", "grain", "brick", "stone", "gold")
"""The holdings' names in the order of a price (the five resources, then gold)."""

Appender = Callable[[list[Action], Sequence[Action], int, int, int, int, int, int], None]


def _test(price: Sequence[int]) -> str:
    return " and ".join(f"{HOLDINGS[x]} >= {c}" for x, c in enumerate(price) if c) or "True"


def _compile(source: str, name: str) -> Any:
    scope: dict[str, Any] = {}
    exec(source, scope)  # noqa: S102 - our own generated source
    return scope[name]


def affordability(prices: Sequence[Sequence[int]]) -> Callable[..., tuple[bool, ...]]:
    """A function of (wood, wool, grain, brick, stone, gold) telling for each price
    whether those holdings pay it."""
    tests = ", ".join(f"({_test(price)})" for price in prices)
    source = f"def affordable({', '.join(HOLDINGS)}):\n    return ({tests},)\n"
    fn: Callable[..., tuple[bool, ...]] = _compile(source, "affordable")
    return fn


def affordable_appender(prices: Sequence[Sequence[int]]) -> Appender:
    """A function of (out, row, wood, wool, grain, brick, stone, gold) appending row[i]
    to `out` for each price i those holdings pay, in the prices' order (a price shorter
    than six asks no gold)."""
    lines = [f"def append_affordable(out, row, {', '.join(HOLDINGS)}):"]
    lines += [f"    if {_test(price)}:\n        out.append(row[{i}])" for i, price in enumerate(prices)]
    lines.append("    return None")
    fn: Appender = _compile("\n".join(lines) + "\n", "append_affordable")
    return fn
