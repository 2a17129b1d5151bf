"""Public functions document their parameters, what they return and what they raise.

Issue 12 asks the API reference for "Parameters, Returns and Raises sections for public
functions (Google style)". For every public function (every public name of
``tests/test_api_reference.py`` that is a function), read statically with griffe:

* every named parameter (not ``self``, ``*args``, ``**kwargs``) is in a ``Parameters:``
  (or ``Args:``) section;
* a function whose return annotation is not ``None`` has a ``Returns:`` (or ``Yields:``) section;
* a function whose own body raises (``raise X``: not a bare re-raise, not inside a ``try`` body,
  where it is usually caught) has a ``Raises:`` section.

(When this test was written, 255 public functions lacked a section; all were completed.)
"""

from __future__ import annotations

import ast
import re
import textwrap
from typing import Any

import yaml

from tests.test_api_reference import REPO, load_package, public_surface


def _raises_directly(source: str) -> bool:
    """Whether the function's own body has a ``raise X`` statement that may reach the caller:
    not in a nested function, and not in the body of a ``try`` (those are usually caught there)."""
    fn = ast.parse(textwrap.dedent(source)).body[0]
    stack: list[ast.AST] = list(ast.iter_child_nodes(fn))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Raise) and node.exc is not None:
            return True
        if isinstance(node, ast.Try):
            stack.extend([*node.handlers, *node.orelse, *node.finalbody])
            continue
        stack.extend(ast.iter_child_nodes(node))
    return False


def missing_sections(function: Any) -> list[str]:
    """What the function's docstring lacks (empty when it is complete)."""
    if function.docstring is None:
        return ["a docstring"]
    sections = {s.kind.value: s for s in function.docstring.parse("google")}
    missing = []
    named = [p.name for p in function.parameters
             if p.name not in ("self", "cls") and p.kind.value not in ("variadic positional", "variadic keyword")]
    documented = {p.name for p in sections["parameters"].value} if "parameters" in sections else set()
    undocumented = [n for n in named if n not in documented]
    if undocumented:
        missing.append(f"Parameters ({', '.join(undocumented)})")
    returns = function.returns
    if returns is not None and str(returns) not in ("None", "NoReturn") and not (
            "returns" in sections or "yields" in sections):
        missing.append("Returns")
    if "raises" not in sections and _raises_directly(function.source):
        missing.append("Raises")
    return missing


def current_gaps() -> dict[str, list[str]]:
    package = load_package()
    gaps = {}
    for canonical, name in public_surface().preferred.items():
        obj = package[canonical.removeprefix("dreidelpoker.")]
        if obj.is_function:
            missing = missing_sections(obj)
            if missing:
                gaps[name] = missing
    return gaps


def test_public_functions_have_parameters_returns_and_raises_sections() -> None:
    gaps = current_gaps()
    assert not gaps, "public functions whose docstrings lack sections (Google style: Parameters:, Returns:, " \
        "Raises:):\n" + "\n".join(f"  {n}: {', '.join(m)}" for n, m in sorted(gaps.items()))


def test_the_section_check_itself() -> None:
    package = load_package()
    # a complete function, and one with each gap, from the package itself
    assert missing_sections(package["explore.explorer_notebook"]) == []
    assert _raises_directly("def f(x):\n    if x:\n        raise ValueError(x)\n")
    assert not _raises_directly("def f(x):\n    try:\n        g()\n    except E:\n        raise\n")
    assert not _raises_directly("def f():\n    def g():\n        raise ValueError\n    return g\n")
    assert not _raises_directly("def f(x):\n    try:\n        raise KeyError(x)\n    except KeyError:\n        return 0\n")
    assert _raises_directly("def f(x):\n    try:\n        g()\n    except KeyError:\n        raise ValueError(x)\n")


#: A Sphinx role (``:class:`X```), which the site's renderer (mkdocstrings) shows as text.
SPHINX_ROLE = re.compile(r":(?:py:)?(?:class|func|data|meth|mod|attr|exc|obj|const|ref):`")


def _docstring_options() -> dict[str, Any]:
    """The Google-style parser options the site renders docstrings with (mkdocs.yml)."""
    class _Loader(yaml.SafeLoader):
        pass

    _Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    config = yaml.load((REPO / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    for plugin in config["plugins"]:
        if isinstance(plugin, dict) and "mkdocstrings" in plugin:
            options = plugin["mkdocstrings"]["handlers"]["python"]["options"]
            return dict(options.get("docstring_options", {}))
    raise AssertionError("mkdocstrings is not configured in mkdocs.yml")


def test_no_sphinx_roles_in_the_package() -> None:
    # Cross-references are written the way mkdocstrings/autorefs links them:
    # [`Distribution`][dreidelpoker.Distribution].
    found = [f"{path.relative_to(REPO)}:{n}: {line.strip()[:90]}"
             for path in sorted((REPO / "dreidelpoker").rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if SPHINX_ROLE.search(line)]
    assert not found, f"{len(found)} Sphinx role(s) the API reference would show as text:\n" + "\n".join(found)


def test_returns_sections_parse_as_the_site_renders_them() -> None:
    # "Returns:\n    A :class:`X` of ..." once parsed as a value named "A"; a Returns section is
    # a description, so no row may be named by an article.
    package = load_package()
    options = _docstring_options()
    bad = []
    for canonical, name in public_surface().preferred.items():
        obj = package[canonical.removeprefix("dreidelpoker.")]
        members = [obj, *(m for n, m in obj.members.items() if not n.startswith("_") and not m.is_alias)] \
            if obj.is_class else [obj]
        for member in members:
            if member.docstring is None:
                continue
            for section in member.docstring.parse("google", warnings=False, **options):
                if section.kind.value in ("returns", "yields"):
                    bad += [f"{member.path}: {r.name!r}" for r in section.value
                            if r.name in ("A", "An", "The")]
    assert not bad, "Returns rows named by an article (write the section as a description):\n" + "\n".join(bad)


def test_docs_cite_the_projects_own_rules_pages() -> None:
    # The rules are the site's pages (docs/rules/, docs/two-dreidel/rules.md): link a section as
    # [Dice Poker rules: values][rules-2-2] (notebooks: a URL), never the maintainers' file.
    sources = [*(REPO / "dreidelpoker").rglob("*.py"), *(REPO / "docs").rglob("*.md"),
               *(REPO / "notebooks").glob("*.ipynb"), REPO / "README.md"]
    found = [str(p.relative_to(REPO)) for p in sources if "RULES" + ".md" in p.read_text(encoding="utf-8")]
    assert not found, "cite the rules pages (docs/rules/), not the maintainers' file: " + ", ".join(found)
