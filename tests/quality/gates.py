"""The code-quality gates CI holds the project to, measured per area of the tree:

- ruff, with the configuration in pyproject.toml;
- mypy --strict;
- no function longer than LONGEST lines.

Each area has a budget in budgets.json: what it may still have. A budget only goes down
(the test fails when an area is over it, and when it is under it, so that the budget is
lowered in the same commit that earns it). The areas in MUST_BE_ZERO have no budget: any
finding there fails, whatever budgets.json says. Print the counts with
`python3 -m tests.quality.gates`."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUDGETS = Path(__file__).with_name("budgets.json")
LONGEST = 80
"""Lines a function may have (its def to its last line, docstring included)."""

TREES = ["reichsstadt", "tests", "benchmarks", "examples"]

MUST_BE_ZERO = ("reichsstadt/core", "reichsstadt/games", "reichsstadt/server")
"""Areas held at zero on every gate (the engine core, the engines and the server, as
issue 18 asks for mypy --strict): a finding there
fails the test, and so does a budget written for them."""


def area(path: str) -> str:
    """The budget's area of a file: reichsstadt/<part> or tests/<part>, else the tree."""
    parts = Path(path).parts
    if parts[0] in ("reichsstadt", "tests") and len(parts) > 2:
        return f"{parts[0]}/{parts[1]}"
    return parts[0] if len(parts) > 1 else path


def _count(found: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for path in found:
        out[area(path)] = out.get(area(path), 0) + 1
    return out


def ruff() -> tuple[dict[str, int], list[str]]:
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "--output-format", "concise", "--no-cache",
                          *[t for t in TREES if (ROOT / t).exists()]], cwd=ROOT, capture_output=True, text=True)
    lines = [line for line in run.stdout.splitlines() if re.match(r"^[\w./-]+\.py:\d+:\d+: ", line)]
    if run.returncode not in (0, 1) or (run.returncode == 1 and not lines):
        raise RuntimeError(f"ruff did not run: {run.stdout}{run.stderr}")
    return _count([line.split(":", 1)[0] for line in lines]), lines


def mypy() -> tuple[dict[str, int], list[str]]:
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "reichsstadt"],
                         cwd=ROOT, capture_output=True, text=True)
    lines = [line for line in run.stdout.splitlines() if re.match(r"^[\w./-]+\.py:\d+: error:", line)]
    if run.returncode not in (0, 1) or (run.returncode == 1 and not lines):
        raise RuntimeError(f"mypy did not run: {run.stdout}{run.stderr}")
    return _count([line.split(":", 1)[0] for line in lines]), lines


def long_functions() -> tuple[dict[str, int], list[str]]:
    found = []
    for tree in TREES:
        for path in sorted((ROOT / tree).rglob("*.py")) if (ROOT / tree).exists() else []:
            rel = path.relative_to(ROOT).as_posix()
            if "/migrations/versions/" in rel:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    length = (node.end_lineno or node.lineno) - node.lineno + 1
                    if length > LONGEST:
                        found.append(f"{rel}:{node.lineno}: {node.name} has {length} lines")
    return _count([line.split(":", 1)[0] for line in found]), found


GATES = {"ruff": ruff, "mypy": mypy, "long_functions": long_functions}


def budgets() -> dict[str, dict[str, int]]:
    loaded: dict[str, dict[str, int]] = json.loads(BUDGETS.read_text(encoding="utf-8"))
    return loaded


def over_and_under(gate: str, counts: dict[str, int]) -> tuple[list[str], list[str]]:
    """The areas over their budget, and those under it (whose budget should come down)."""
    budget = budgets().get(gate, {})
    over, under = [], []
    for name in sorted(set(counts) | set(budget)):
        have, may = counts.get(name, 0), budget.get(name, 0)
        if name in MUST_BE_ZERO:
            if have or may:
                over.append(f"{name}: {have} findings, budget {may}; this area must stay at 0 (no budget)")
            continue
        if have > may:
            over.append(f"{name}: {have} > budget {may}")
        elif have < may:
            under.append(f"{name}: {have} < budget {may} (lower it in budgets.json)")
    return over, under


if __name__ == "__main__":
    for name, measure in GATES.items():
        counts, lines = measure()
        print(f"{name}: {json.dumps(counts, sort_keys=True)}")
        if "-v" in sys.argv:
            print("\n".join(lines))
