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


LAYERS = {"core": 0, "games": 1, "i18n": 2, "terminal": 3, "bots": 3, "arena": 4, "interop": 5, "server": 5,
          "partcheck": 6, "cli": 6, "__main__": 6}
"""The layers of the package, bottom up (DESIGN.md, Layout): a module imports its own
layer and those below, never one above. The package root (`reichsstadt`) stands on top."""

GAME_PARTS = ("reichsstadt.bots.heuristic.", "reichsstadt.interop.encoders.")
"""Where a game's own parts live outside its package (its heuristic player, its
observation encoder, `<where><game id>`): each may import that game's package."""


def layer_breach(importer: str, imported: str) -> str | None:
    """Why `importer` may not import `imported` (both dotted module names of the package),
    or None when it may."""
    a, b = importer.split("."), imported.split(".")
    if len(a) < 2 or len(b) < 2:
        return None  # the package root: the top, above every layer
    la, lb = LAYERS.get(a[1]), LAYERS.get(b[1])
    if la is None or lb is None:
        return f"{a[1] if la is None else b[1]} is in no layer (tests/quality/test_imports.py LAYERS)"
    if a[1] == "core" and b[1] != "core":
        return "the core imports only the core"
    if a[1] == "games" and b[1] == "games" and len(a) > 2 and a[:3] != b[:3]:
        return "a game imports only the core and itself"
    if b[1] == "games" and a[1] != "games":
        game_part = any(importer.startswith(p) and len(b) > 2 and importer[len(p):] == b[2] for p in GAME_PARTS)
        if not game_part:
            return "above the games, a game is reached through the registry (a game's own declared parts aside)"
    if lb > la:
        return f"{a[1]} (layer {la}) imports {b[1]} (layer {lb}), a layer above it"
    return None


def test_imports_point_down_the_layers() -> None:
    """The core imports only the core; a game package only the core and itself; nothing
    imports a layer above its own (core < games < i18n < terminal, bots < arena < interop,
    server < cli); above the games only a game's own parts (bots/heuristic/<id>.py,
    interop/encoders/<id>.py) import that game, the rest reach games through the registry."""
    g = graph()
    wrong = [f"{a} imports {b} (line {line}): {why}" for a, deps in sorted(g.items()) for b, line in deps.items()
             if (why := layer_breach(a, b)) is not None]
    assert not wrong, "imports against the layers:\n" + "\n".join(wrong)


def test_the_layer_rule_refuses_what_it_should() -> None:
    """The rule itself, on imports written for the purpose."""
    ok = [("reichsstadt.games.siedler.rules", "reichsstadt.core.contract"),
          ("reichsstadt.terminal.play", "reichsstadt.bots.specs"),
          ("reichsstadt.bots.heuristic.siedler", "reichsstadt.games.siedler.constants"),
          ("reichsstadt.interop.encoders.colonia", "reichsstadt.games.colonia.constants"),
          ("reichsstadt.server.app", "reichsstadt.i18n"), ("reichsstadt", "reichsstadt.i18n")]
    bad = [("reichsstadt.core.messages", "reichsstadt.i18n"),
           ("reichsstadt.games.siedler.terminal", "reichsstadt.i18n"),
           ("reichsstadt.games.colonia.rules", "reichsstadt.games.siedler.constants"),
           ("reichsstadt.bots.mcts", "reichsstadt.games.siedler.state"),
           ("reichsstadt.bots.heuristic.siedler", "reichsstadt.games.colonia.constants"),
           ("reichsstadt.i18n", "reichsstadt.terminal.words"),
           ("reichsstadt.arena.bench", "reichsstadt.server.app"),
           ("reichsstadt.server.app", "reichsstadt.cli")]
    assert [pair for pair in ok if layer_breach(*pair)] == []
    assert [pair for pair in bad if not layer_breach(*pair)] == []
