"""The import graph and the private-name guards (issue 13 "no import cycles", issue 25 item 10).

Every import counts: at the top of a module, inside a function, under ``TYPE_CHECKING``,
and *deferred* ones (a ``"module:attribute"`` reference that the one lazy-loading mechanism
or ``importlib`` loads later: a package's export table, a game's manifest). A package's
``__init__.py`` is a module like any other: its imports and its references are edges, and
importing a name from a package is an edge to it. Loading a module implicitly runs its
parents' ``__init__`` first; that is not an edge (else every package would be a circle).

The checks:

* no circles in that graph;
* nothing below the games imports a game by name (only the top package, the widgets and
  the demo, above them, may; a game imports only itself);
* no module takes another module's underscore name: neither ``from m import _name`` (from a
  private module too: a piece split off a module hands it no underscore names) nor
  ``obj._name`` on an object that is not ``self``/``cls`` when the module defines no such
  name itself;
* no private attribute of argparse, concurrent.futures or numpy is used (read, or
  overridden in a subclass).
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures as cf
import functools
import re
from collections.abc import Iterator
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent / "dreidelpoker"
#: A deferred reference: ``"pkg.module"`` or ``"pkg.module:attribute"`` (relative in an ``__init__``).
_REF = re.compile(r"^\.*[A-Za-z_][\w.]*(:[A-Za-z_]\w*)?$")
#: Modules above the games, which may import a game: the top package, the widgets, the demo.
_ABOVE_THE_GAMES = ("dreidelpoker", "dreidelpoker.widgets", "dreidelpoker.demo")


@functools.cache
def _tree(path: Path) -> ast.Module:
    """A file's syntax tree, parsed once for every check of this module (parsing is most of
    their time); the checks only read it."""
    return ast.parse(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module", autouse=True)
def _trees_freed() -> Iterator[None]:
    """The parsed trees (about 120 MB) are dropped when this module's tests are done."""
    yield
    _tree.cache_clear()
    _graph.cache_clear()


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _docstring_ids(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


@functools.cache
def _graph(root: Path = ROOT) -> nx.DiGraph:
    """The import graph of the package at ``root`` (built once per root; callers only read it)."""
    files = {_module_name(p, root): p for p in root.rglob("*.py")}
    packages = {_module_name(p, root) for p in root.rglob("__init__.py")}
    top = root.name
    graph = nx.DiGraph()
    for name, path in files.items():
        graph.add_node(name)
        is_package = name in packages
        base = name if is_package else name.rsplit(".", 1)[0]
        tree = _tree(path)
        docstrings = _docstring_ids(tree)
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    anchor = base.rsplit(".", node.level - 1)[0] if node.level > 1 else base
                    mod = f"{anchor}.{node.module}" if node.module else anchor
                else:
                    mod = node.module or ""
                subs = [f"{mod}.{a.name}" for a in node.names if f"{mod}.{a.name}" in files]
                targets = subs + ([mod] if len(subs) < len(node.names) else [])
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                  and _REF.match(node.value)):
                ref = node.value.split(":")[0]
                if ref.startswith("."):
                    if not is_package:
                        continue
                    level = len(ref) - len(ref.lstrip("."))
                    anchor = base.rsplit(".", level - 1)[0] if level > 1 else base
                    ref = f"{anchor}.{ref.lstrip('.')}" if ref.lstrip(".") else anchor
                if ref.startswith(top):
                    targets = [ref]
            for target in targets:
                if target in files and target != name:
                    graph.add_edge(name, target)
    return graph


def _circles(graph: nx.DiGraph) -> list[list[str]]:
    return [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]


def test_graph_is_read() -> None:
    graph = _graph()
    assert graph.number_of_nodes() > 100
    assert graph.has_edge("dreidelpoker.games.classic_dreidel.rules", "dreidelpoker.games.classic_dreidel.ending")
    assert graph.has_edge("dreidelpoker.markov", "dreidelpoker._markov_graph")
    # __init__ files and deferred references are edges:
    assert graph.has_edge("dreidelpoker", "dreidelpoker.games.registry")  # the top package's lazy table
    assert graph.has_edge("dreidelpoker.games.two_dreidel", "dreidelpoker.games.two_dreidel.deck_cycle.chain")
    assert graph.has_edge("dreidelpoker.games.two_dreidel.manifest", "dreidelpoker.games.two_dreidel.rulebook.rules")
    assert graph.has_edge("dreidelpoker.play", "dreidelpoker.play.runner")


def test_no_import_circles() -> None:
    circles = _circles(_graph())
    assert not circles, "modules that import each other in a loop: " + "; ".join(" <-> ".join(c) for c in circles)


def test_the_check_sees_circles_through_init_files_and_deferred_references(tmp_path: Path) -> None:
    pkg = tmp_path / "toypkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .a import f\n")
    (pkg / "a.py").write_text("def f():\n    from . import b\n")
    (pkg / "b.py").write_text("from toypkg import f\n")  # b -> the package -> a -> b
    (pkg / "sub" / "__init__.py").write_text('EXPORTS = {"g": ".c:g"}\n')
    (pkg / "sub" / "c.py").write_text('"""Docstrings naming toypkg.sub are no edge."""\nREF = "toypkg.sub:EXPORTS"\n')
    circles = _circles(_graph(pkg))
    assert ["toypkg", "toypkg.a", "toypkg.b"] in circles
    assert ["toypkg.sub", "toypkg.sub.c"] in circles


def _games() -> set[str]:
    return {p.parent.name for p in (ROOT / "games").glob("*/manifest.py")}


def test_nothing_below_the_games_imports_a_game() -> None:
    games = _games()
    assert {"two_dreidel", "classic_dreidel"} <= games
    bad = []
    for source, target in _graph().edges:
        parts = target.split(".")
        if len(parts) < 3 or parts[1] != "games" or parts[2] not in games:
            continue
        own = source.split(".")[:3] == parts[:3]
        above = source == "dreidelpoker" or source.startswith(_ABOVE_THE_GAMES[1:])
        if not own and not above:
            bad.append(f"{source} -> {target}")
    assert not bad, "a game imported below the games (the registry finds games by their manifests): " + "; ".join(bad)


def _private_imports(root: Path = ROOT) -> list[str]:
    """``from <module> import _name`` between two modules of the package, private modules
    included: a piece split off a module (``_markov_numbers`` off ``markov``) must not hand
    underscore names back to it; such a piece belongs inside it, or its names are not private."""
    files = {_module_name(p, root): p for p in root.rglob("*.py")}
    found = []
    for name, path in sorted(files.items()):
        base = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(_tree(path)):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                anchor = base.rsplit(".", node.level - 1)[0] if node.level > 1 else base
                mod = f"{anchor}.{node.module}" if node.module else anchor
            else:
                mod = node.module or ""
            if mod.split(".")[0] != root.name:
                continue
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{name} takes {alias.name} from {mod}")
    return found


def test_the_private_import_check_sees_split_off_modules(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "_numbers.py").write_text("_TOL = 1e-9\nPUBLIC = 1\n")
    (pkg / "chain.py").write_text("from ._numbers import _TOL, PUBLIC\n")
    (pkg / "sub" / "step.py").write_text("from .._numbers import _TOL as tol\nfrom os import _exit\n")
    assert _private_imports(pkg) == ["pkg.chain takes _TOL from pkg._numbers", "pkg.sub.step takes _TOL from pkg._numbers"]


#: Underscore names that are public protocols: namedtuple's API, IPython's display hooks, ``os._exit``.
_PUBLIC_UNDERSCORE = re.compile(r"^(_replace|_fields|_asdict|_make|_field_defaults|_repr_\w+_|_exit)$")


def _defined_names(tree: ast.AST) -> set[str]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
            out.add(node.value)  # __slots__ entries
    return out


def _private_attribute_reach_ins(source: str | ast.Module, where: str) -> list[str]:
    """``obj._name`` on an object that is not ``self``/``cls`` (nor ``super()``) when this module
    defines no ``_name`` of its own: it reaches into another module's private state."""
    tree = ast.parse(source) if isinstance(source, str) else source
    own = _defined_names(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.startswith("__"):
            continue
        if _PUBLIC_UNDERSCORE.match(node.attr) or node.attr in own:
            continue
        value = node.value
        if isinstance(value, ast.Name) and value.id in ("self", "cls"):
            continue
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super":
            continue
        found.append(f"{where}:{node.lineno}: .{node.attr}")
    return found


def test_no_private_reach_ins() -> None:
    found = _private_imports()
    for path in sorted(ROOT.rglob("*.py")):
        found += _private_attribute_reach_ins(_tree(path), str(path.relative_to(ROOT.parent)))
    assert not found, "private names used across modules: " + "; ".join(found)


def test_the_reach_in_check_sees_attribute_access() -> None:
    source = ("class A:\n    def __init__(self):\n        self._own = 1\n    def same(self, other):\n"
              "        return other._own\n\ndef f(chain, parser):\n    return chain._long_run(), parser._actions\n")
    assert sorted(_private_attribute_reach_ins(source, "m")) == ["m:8: ._actions", "m:8: ._long_run"]


#: Private names of the libraries the package talks to: reading or overriding one ties the
#: package to an implementation detail that may change in any release.
_LIBRARY_PRIVATE = {
    n for obj in (argparse, argparse.ArgumentParser, argparse.HelpFormatter, argparse.Action, argparse.Namespace,
                  cf, cf.Executor, cf.ProcessPoolExecutor, cf.ThreadPoolExecutor, cf.Future,
                  np, np.random, np.random.Generator, np.random.SeedSequence, np.random.BitGenerator, np.ndarray)
    for n in dir(obj) if n.startswith("_") and not n.startswith("__") and n != "_"
} | {n for obj in (argparse.ArgumentParser(), argparse.HelpFormatter("p"), cf.ThreadPoolExecutor(1),
                   cf.ProcessPoolExecutor(1))  # starts no process until the first task
     for n in vars(obj) if n.startswith("_") and not n.startswith("__")}
_LIBRARY_MODULES = ("argparse", "concurrent", "numpy", "np", "cf")


def _library_private_uses(source: str | ast.Module, where: str) -> list[str]:
    """Reads of a library's private attribute (``p._actions``, ``getattr(ex, "_max_workers")``)
    that the module does not define itself, and overrides of one in a subclass."""
    tree = ast.parse(source) if isinstance(source, str) else source
    # A name the module defines is its own, unless only a string names it (getattr(ex, "_x")).
    strings = {c.value for c in ast.walk(tree) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    defined = {d.name for d in ast.walk(tree) if isinstance(d, (ast.FunctionDef, ast.ClassDef))}
    own = {n for n in _defined_names(tree) if n not in strings or n in defined}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in _LIBRARY_PRIVATE and node.attr not in own:
            found.append(f"{where}:{node.lineno}: .{node.attr}")
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in _LIBRARY_PRIVATE
              and node.value not in own):
            found.append(f"{where}:{node.lineno}: {node.value!r}")  # getattr(executor, "_max_workers")
        elif isinstance(node, ast.ClassDef) and any(
                isinstance(b, ast.Attribute) and isinstance(b.value, ast.Name) and b.value.id in _LIBRARY_MODULES
                for b in node.bases):
            found += [f"{where}:{f.lineno}: overrides {f.name}" for f in node.body
                      if isinstance(f, ast.FunctionDef) and f.name in _LIBRARY_PRIVATE]
    return found


def test_no_private_attribute_of_argparse_futures_or_numpy() -> None:
    """Neither the package nor its tests, benchmarks and tools (the parsers are walked through
    ``CommandParser.arguments``; pool workers are stopped through the ``mp_context`` hook)."""
    assert {"_actions", "_option_string_actions", "_fill_text", "_max_workers", "_processes",
            "_executor_manager_thread", "_SubParsersAction", "_subparsers"} <= _LIBRARY_PRIVATE
    found = []
    here = Path(__file__).name
    for folder in (ROOT, ROOT.parent / "tests", ROOT.parent / "benchmarks", ROOT.parent / "tools"):
        for path in sorted(folder.rglob("*.py")):
            if path.name != here:  # this file names them to look for them
                found += _library_private_uses(_tree(path), str(path.relative_to(ROOT.parent)))
    assert not found, "private attributes of argparse / concurrent.futures / numpy: " + "; ".join(found)


def test_the_library_check_sees_reads_strings_and_overrides() -> None:
    source = ("import argparse\nclass F(argparse.HelpFormatter):\n    def _fill_text(self, t, w, i):\n        return t\n"
              "def n(ex, p):\n    return getattr(ex, '_max_workers'), p._option_string_actions\n")
    assert sorted(_library_private_uses(source, "m")) == [
        "m:3: overrides _fill_text", "m:6: '_max_workers'", "m:6: ._option_string_actions"]
