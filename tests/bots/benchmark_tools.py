"""The benchmarks' scripts (benchmarks/*.py), loaded as modules for their tests."""

import importlib.util
from pathlib import Path
from types import ModuleType

_BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load(name: str) -> ModuleType:
    """benchmarks/<name>.py as a module of its own (the folder is no package)."""
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", _BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
