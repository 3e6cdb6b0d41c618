"""The import graph as it runs (imports inside functions included, those under
`if TYPE_CHECKING:` left out) has no cycle: a module never needs one that needs it."""

from __future__ import annotations

from pathlib import Path

from tests.quality.imports import cycles, graph


def test_the_runtime_import_graph_has_no_cycle() -> None:
    g = graph()
    found = cycles(g)
    where = ["; ".join(f"{a} imports {b} (line {g[a][b]})" for a in comp for b in comp if b in g[a])
             for comp in found]
    assert not found, "import cycles:\n" + "\n".join(where)


def test_the_checker_sees_imports_inside_functions_and_not_type_checking_ones(tmp_path: Path) -> None:
    """The checker's own rules, on a package written for the purpose."""
    import tests.quality.imports as imports

    pkg = tmp_path / "reichsstadt"
    (pkg / "a").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a" / "__init__.py").write_text("from . import x\n")
    (pkg / "a" / "x.py").write_text("def f():\n    from .y import g\n    return g\n")
    (pkg / "a" / "y.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import z\n"
                                    "import reichsstadt.a.x\n")
    (pkg / "a" / "z.py").write_text("from .y import *\n")
    old = imports.ROOT
    imports.ROOT = tmp_path
    try:
        g = graph()
    finally:
        imports.ROOT = old
    assert g["reichsstadt.a.x"] == {"reichsstadt.a.y": 2}           # inside a function: counted
    assert "reichsstadt.a.z" not in g["reichsstadt.a.y"]            # under TYPE_CHECKING: not
    assert cycles(g) == [["reichsstadt.a.x", "reichsstadt.a.y"]]
