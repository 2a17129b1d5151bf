"""Every process-wide cache is bounded and registered with ``clear_caches()`` (issue 13, item 8).

A function cached at module level lives as long as the process, so it must go through
``dreidelpoker.caches.bounded_cache`` (a bound, and a name in ``cache_info()``), never a bare
``functools.lru_cache``/``cache``. Caches made inside a function (a memo of one policy
object) die with their owner and are allowed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import dreidelpoker
from dreidelpoker.caches import cache_info, clear_caches

ROOT = Path(dreidelpoker.__file__).resolve().parent
BARE = {"lru_cache", "cache"}


def _decorator_name(node: ast.expr) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _module_level_functions(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    out: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.append(node)
        elif isinstance(node, ast.ClassDef):  # methods live as long as their class
            out += [n for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return out


def test_no_bare_process_wide_cache() -> None:
    bare = []
    for path in sorted(ROOT.rglob("*.py")):
        if path.name == "caches.py" and path.parent == ROOT:
            continue
        for fn in _module_level_functions(ast.parse(path.read_text(encoding="utf-8"))):
            if any(_decorator_name(d) in BARE for d in fn.decorator_list):
                bare.append(f"{path.relative_to(ROOT.parent)}:{fn.lineno} {fn.name}")
    assert not bare, "use caches.bounded_cache (bounded, cleared by clear_caches()) for: " + ", ".join(bare)


def test_a_registered_cache_is_cleared() -> None:
    from dreidelpoker.games.queenie.cards import cards_of

    cards_of.cache_clear()  # type: ignore[attr-defined]
    assert cards_of(0b1011) == (0, 1, 3)
    info = cache_info()["dreidelpoker.games.queenie.cards.cards_of"]
    assert info.currsize == 1 and info.maxsize == 1 << 16
    clear_caches()
    assert cache_info()["dreidelpoker.games.queenie.cards.cards_of"].currsize == 0
