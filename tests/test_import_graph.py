"""No import circles between the library's modules (issue 13: "no import cycles").

Every import counts, at the top of a module, inside a function or under ``TYPE_CHECKING``:
an import hidden in a function still ties two modules in a loop. A package's
``__init__.py`` only hands names on, so imports into and out of it are not edges (the same
reading as ``farm-studio look``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent / "dreidelpoker"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> nx.DiGraph:
    files = {_module_name(p): p for p in ROOT.rglob("*.py")}
    packages = {_module_name(p) for p in ROOT.rglob("__init__.py")}
    graph = nx.DiGraph()
    for name, path in files.items():
        if name in packages:
            continue
        graph.add_node(name)
        base = name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    anchor = base.rsplit(".", node.level - 1)[0] if node.level > 1 else base
                    mod = f"{anchor}.{node.module}" if node.module else anchor
                else:
                    mod = node.module or ""
                targets = [mod] + [f"{mod}.{a.name}" for a in node.names]
            for target in targets:
                if target in files and target not in packages and target != name:
                    graph.add_edge(name, target)
    return graph


def test_graph_is_read() -> None:
    graph = _graph()
    assert graph.number_of_nodes() > 100
    assert graph.has_edge("dreidelpoker.games.classic_dreidel.rules", "dreidelpoker.games.classic_dreidel.ending")
    assert graph.has_edge("dreidelpoker.markov", "dreidelpoker._markov_numbers")


def test_no_import_circles() -> None:
    circles = [sorted(c) for c in nx.strongly_connected_components(_graph()) if len(c) > 1]
    assert not circles, "modules that import each other in a loop: " + "; ".join(" <-> ".join(c) for c in circles)


def _private_reach_ins() -> list[str]:
    """``from <public module> import _name`` between two modules of the package.

    A module's underscore names are its own; another module that needs one should get a
    public name (or the code should move to a private module, whose names are internal to
    the package by design: ``dreidelpoker._fractions``)."""
    files = {_module_name(p): p for p in ROOT.rglob("*.py")}
    found = []
    for name, path in sorted(files.items()):
        base = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                anchor = base.rsplit(".", node.level - 1)[0] if node.level > 1 else base
                mod = f"{anchor}.{node.module}" if node.module else anchor
            else:
                mod = node.module or ""
            if not mod.startswith("dreidelpoker") or any(p.startswith("_") for p in mod.split(".")[1:]):
                continue
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{name} takes {alias.name} from {mod}")
    return found


def test_no_private_reach_ins() -> None:
    found = _private_reach_ins()
    assert not found, "private names used across modules: " + "; ".join(found)
