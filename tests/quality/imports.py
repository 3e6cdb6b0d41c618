"""The project's import graph as it runs: every import statement of every module of the
package, those inside functions included, those under `if TYPE_CHECKING:` left out (they
never run). Used by the import tests and printable: `python3 -m tests.quality.imports`."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "reichsstadt"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {module_name(p): p for p in sorted((ROOT / PACKAGE).rglob("*.py"))}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[tuple[ast.stmt, int]]:
    """(import statement, line) for every import that runs, at any depth."""
    out: list[tuple[ast.stmt, int]] = []

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking_only(child):
                for other in child.orelse:
                    walk(other)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                out.append((child, child.lineno))
            walk(child)

    walk(tree)
    return out


def edges(name: str, path: Path, known: set[str]) -> dict[str, int]:
    """The modules of the package that `name` imports, with the line of the first import."""
    is_package = path.name == "__init__.py"
    found: dict[str, int] = {}
    for node, line in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            assert isinstance(node, ast.ImportFrom)
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            subs = [f"{prefix}.{a.name}" for a in node.names if f"{prefix}.{a.name}" in known]
            # `from p import sub` needs the submodule; p itself only for names defined in p
            targets = subs if len(subs) == len(node.names) else [prefix, *subs]
        for target in targets:
            while target and target not in known:  # `import a.b.c` of a module: its nearest known name
                target = target.rpartition(".")[0]
            if target and target != name:
                found.setdefault(target, line)
    return found


def graph() -> dict[str, dict[str, int]]:
    mods = modules()
    known = set(mods)
    return {name: edges(name, path, known) for name, path in mods.items()}


def cycles(g: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in g.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


if __name__ == "__main__":
    for comp in cycles(graph()):
        print(" <-> ".join(comp))
