"""The API reference (``docs/api/*.md``) documents every public name exactly once.

The public surface is read statically with griffe, the library mkdocstrings itself uses:

* a *public module* is every module of the package whose dotted path has no part starting
  with ``_`` (``dreidelpoker._fractions`` is private, ``dreidelpoker.games.queenie.cards`` is
  public);
* its *public names* are its ``__all__`` (or, without ``__all__``, the names it defines that do
  not start with ``_``).

One object is often public under several names (``dreidelpoker.Distribution`` is
``dreidelpoker.exact.Distribution``). It is documented once, under the name users import:
the shortest public name (fewest dots), the defining module's name on a tie. A module is
documented under its own dotted path, with ``members: false`` so that its members are not
rendered a second time; each member has its own ``:::`` line.

``:::`` directives live only under ``docs/api/`` (other pages link to them), so that the site
has one entry per name. A failure names what to add, remove or rename.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

griffe = pytest.importorskip("griffe")

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
API = DOCS / "api"
PACKAGE = "dreidelpoker"


@dataclass(frozen=True)
class Surface:
    """The public surface of the package.

    Attributes:
        modules: every public module's dotted path.
        preferred: canonical path of every public non-module object -> the name to document it under.
        names: canonical path -> every public name of that object.
        unresolved: ``module.name`` entries of an ``__all__`` that griffe cannot follow.
    """

    modules: tuple[str, ...]
    preferred: dict[str, str]
    names: dict[str, tuple[str, ...]]
    unresolved: tuple[str, ...]


def _exported(module: Any) -> list[str]:
    """A module's public names: its ``__all__``, or else the names it defines without a leading
    ``_`` (never its submodules: a package makes a submodule public only by listing it)."""
    if module.exports is not None:
        return [str(e) for e in module.exports]
    return [n for n, o in module.members.items() if not n.startswith("_") and not o.is_alias and not o.is_module]


@functools.lru_cache(maxsize=1)
def load_package(root: Path = REPO) -> Any:
    """The package as griffe sees it (statically, aliases resolved inside the package)."""
    return griffe.load(PACKAGE, search_paths=[str(root)], resolve_aliases=True, resolve_external=False)


def public_surface(root: Path = REPO) -> Surface:
    """Every public module and every public object with the name it is documented under.

    The public modules are the package itself and every module a public module's ``__all__``
    names (``dreidelpoker.__all__`` names ``two_dreidel``, so ``dreidelpoker.games.two_dreidel``
    is public); every other module is an implementation module, importable but not documented.
    """
    package = load_package(root)
    public: list[Any] = []
    seen = {package.path}
    queue = [package]
    names: dict[str, list[str]] = defaultdict(list)
    unresolved: list[str] = []
    while queue:
        module = queue.pop(0)
        public.append(module)
        for name in _exported(module):
            try:
                member = module[name]
                target = member.final_target if member.is_alias else member
            except (KeyError, griffe.AliasResolutionError, griffe.CyclicAliasError):
                unresolved.append(f"{module.path}.{name}")
                continue
            if target.is_module and not target.is_init_module and name in target.members and not target[name].is_module:
                # A package exporting the function its submodule of the same name defines
                # (``dice_poker.equity``): at run time the name is the function, which a static
                # reader finds only under the submodule's path.
                target = target[name]
                target = target.final_target if target.is_alias else target
                names[target.path].append(f"{module.path}.{name}.{name}")
                continue
            if target.is_module:  # documented under its own path
                if target.path not in seen:
                    seen.add(target.path)
                    queue.append(target)
                continue
            names[target.path].append(f"{module.path}.{name}")
    preferred = {
        canonical: min(paths, key=lambda p: (p.count("."), p != canonical, p))
        for canonical, paths in names.items()
    }
    return Surface(
        modules=tuple(sorted(m.path for m in public)),
        preferred=preferred,
        names={k: tuple(sorted(v)) for k, v in names.items()},
        unresolved=tuple(unresolved),
    )


@dataclass(frozen=True)
class Directive:
    """One ``::: identifier`` line of a docs page, with its options."""

    page: str
    line: int
    identifier: str
    options: dict[str, Any]


def directives(docs: Path = DOCS) -> list[Directive]:
    """Every mkdocstrings ``:::`` directive of every markdown page under ``docs``."""
    found = []
    for page in sorted(docs.rglob("*.md")):
        if "_hooks" in page.parts:
            continue
        lines = page.read_text(encoding="utf-8").splitlines()
        for i, text in enumerate(lines):
            m = re.match(r"^:::\s+(\S+)\s*$", text)
            if not m:
                continue
            block = []
            for follow in lines[i + 1:]:
                if follow.startswith("    ") and follow.strip():
                    block.append(follow[4:])
                else:
                    break
            config = yaml.safe_load("\n".join(block)) if block else None
            found.append(Directive(str(page.relative_to(docs)), i + 1, m.group(1),
                                   (config or {}).get("options", {}) or {}))
    return found


@pytest.fixture(scope="module")
def surface() -> Surface:
    return public_surface()


@pytest.fixture(scope="module")
def documented() -> list[Directive]:
    return directives()


def test_the_public_surface_is_what_the_reference_is_checked_against(surface: Surface) -> None:
    # A sanity check of the surface itself, against names anyone can see in the package.
    assert "dreidelpoker.games.queenie" in surface.modules
    assert "dreidelpoker.games.queenie.cards" not in surface.modules  # implementation: not listed
    assert "dreidelpoker._fractions" not in surface.modules
    assert surface.preferred["dreidelpoker.exact.Distribution"] == "dreidelpoker.Distribution"
    assert surface.preferred["dreidelpoker.widgets.domino_poker.explorer"] == "dreidelpoker.widgets.domino_poker_explorer"
    assert surface.preferred["dreidelpoker.games.registry.games"] == "dreidelpoker.list_games"
    assert surface.preferred["dreidelpoker.games.dice_poker.equity.equity"] == "dreidelpoker.games.dice_poker.equity.equity"
    assert "dreidelpoker.cli.main" not in surface.preferred
    assert len(surface.modules) > 10 and len(surface.preferred) > 150


#: Issue 25 item 9: a curated public API, what users call, not every helper.
MAX_PUBLIC_NAMES = 300


def test_the_public_api_is_curated(surface: Surface) -> None:
    documented = len(surface.modules) + len(surface.preferred)
    assert documented <= MAX_PUBLIC_NAMES, (
        f"{documented} documented public names (modules and objects), more than {MAX_PUBLIC_NAMES}: "
        "list only what users call in a package's __all__ (rules, main analyses, results, bots)")


def test_what_notebooks_and_docs_import_is_public(surface: Surface) -> None:
    """Every ``from dreidelpoker… import name`` of a notebook or a docs page names a public module
    or a public name: nothing the docs teach is an implementation detail."""
    public = set(surface.modules) | {n for names in surface.names.values() for n in names}
    found = []
    sources = [(p, "\n".join("".join(c["source"]) for c in json.loads(p.read_text(encoding="utf-8"))["cells"]
                             if c["cell_type"] == "code"))
               for p in sorted((REPO / "notebooks").glob("*.ipynb"))]
    sources += [(p, p.read_text(encoding="utf-8")) for p in sorted(DOCS.rglob("*.md")) if "api" not in p.parts]
    for path, text in sources:
        for module, names in re.findall(r"from (dreidelpoker[\w.]*) import ([\w, ]+)", text):
            for name in (n.strip().split(" as ")[0] for n in names.split(",")):
                full = f"{module}.{name}"
                if full not in public and f"{full}.{name}" not in public:  # dice_poker.equity: the function
                    found.append(f"{path.relative_to(REPO)}: {full}")
    assert not found, "imported by a notebook or docs page but not public:\n" + "\n".join(found)


def test_every_exported_name_can_be_followed(surface: Surface) -> None:
    assert not surface.unresolved, (
        "names in an __all__ that a static reader (griffe, mkdocstrings) cannot follow; import them "
        f"(under `if TYPE_CHECKING:` for lazy packages): {', '.join(surface.unresolved)}"
    )


def test_directives_live_only_in_the_api_reference(documented: list[Directive]) -> None:
    outside = [f"{d.page}:{d.line} ::: {d.identifier}" for d in documented if not d.page.startswith("api/")]
    assert not outside, (
        "API entries belong in docs/api/ (one entry per name); link to them instead, e.g. "
        "[`simulate`][dreidelpoker.play.simulate.simulate]: " + "; ".join(outside)
    )


def test_every_api_page_is_in_the_nav() -> None:
    class _Loader(yaml.SafeLoader):
        pass

    _Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    nav = yaml.load((REPO / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)["nav"]
    listed = set(re.findall(r"api/[\w-]+\.md", str(nav)))
    pages = {f"api/{p.name}" for p in API.glob("*.md")}
    assert pages and pages == listed, f"not in the nav: {sorted(pages - listed)}; missing: {sorted(listed - pages)}"


def test_every_public_name_is_documented_exactly_once(surface: Surface, documented: list[Directive]) -> None:
    package = load_package()
    expected = set(surface.modules) | set(surface.preferred.values())
    by_any_name = {name: canonical for canonical, names in surface.names.items() for name in names}
    counts = Counter(d.identifier for d in documented)
    problems = []
    for d in documented:
        where = f"{d.page}:{d.line}"
        try:
            obj = package[d.identifier.removeprefix(PACKAGE + ".")] if d.identifier != PACKAGE else package
        except (KeyError, griffe.AliasResolutionError):
            problems.append(f"{where}: {d.identifier} does not exist")
            continue
        if obj.is_module and d.options.get("members") is not False:
            problems.append(f"{where}: module {d.identifier} needs `options: members: false` "
                            "(its members have their own entries)")
        if d.identifier in expected:
            continue
        canonical = by_any_name.get(d.identifier)
        if canonical is not None:
            problems.append(f"{where}: document {d.identifier} under the name users import, "
                            f"{surface.preferred[canonical]}")
        else:
            problems.append(f"{where}: {d.identifier} is not a public name")
    problems += [f"documented {n} times: {name}" for name, n in sorted(counts.items()) if n > 1]
    missing = sorted(expected - set(counts))
    problems += [f"missing from docs/api/: ::: {name}" for name in missing]
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems)
