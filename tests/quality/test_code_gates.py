"""CI's code gates (tests/quality/gates.py): ruff, mypy --strict and function length,
each area within its budget, the core, engines and server at zero."""

from __future__ import annotations

import pytest

from tests.quality.gates import GATES, over_and_under


@pytest.mark.parametrize("gate", sorted(GATES))
def test_every_area_is_within_its_budget(gate: str) -> None:
    counts, lines = GATES[gate]()
    over, under = over_and_under(gate, counts)
    assert not over, f"{gate} over budget:\n" + "\n".join(over) + "\n\n" + "\n".join(lines)
    assert not under, f"{gate} under budget (lower it):\n" + "\n".join(under)
