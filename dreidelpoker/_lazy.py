"""The one lazy-loading mechanism: a *reference* ``"package.module:attribute"`` (or
``"package.module"`` for the module itself) is imported when it is first used.

Four things use it: a package's public names (``lazy_exports``, so ``import
dreidelpoker`` or ``from dreidelpoker.games import dice_poker`` loads no engine, no sympy
and no numpy) and a game's manifest (``GameManifest``
names its rules, analysis, play and commands by reference, so the command line lists every
game without importing one), a mapping whose heavy values are references
(``LazyRefs``: a game's command table whose ``solve`` loads the solver only when chosen),
and a class attribute made on first read (``LazyClassValue``: a rules class's search space).

Examples:
    >>> load("fractions:Fraction")(1, 3)
    Fraction(1, 3)
    >>> names_from(".chain", "DeckChain", "deck_chain")
    {'DeckChain': '.chain:DeckChain', 'deck_chain': '.chain:deck_chain'}
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Generic, TypeVar

__all__ = ["LazyClassValue", "LazyRefs", "lazy_exports", "load", "names_from"]

V = TypeVar("V")


def load(ref: str, package: str | None = None) -> Any:
    """The object a reference names, importing its module (once; Python caches modules).

    Parameters:
        ref: ``"module:attribute"`` or ``"module"``; a module starting with ``.`` is
            relative to ``package``.
        package: the package a relative reference starts from.

    Returns:
        The attribute, or the module when the reference names no attribute.

    Raises:
        ImportError: the module does not exist.
        AttributeError: the module has no such attribute.
    """
    module, _, attribute = ref.partition(":")
    loaded = importlib.import_module(module, package)
    return getattr(loaded, attribute) if attribute else loaded


def names_from(module: str, *names: str) -> dict[str, str]:
    """``{name: "module:name"}`` for names a package re-exports from one of its modules.

    Parameters:
        module: the module, e.g. ``".chain"`` (relative to the package).
        names: the public names it defines.

    Returns:
        The references, for ``lazy_exports``.
    """
    return {name: f"{module}:{name}" for name in names}


def lazy_exports(package: str, exports: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A package's module ``__getattr__`` and ``__dir__`` (PEP 562) that import each public
    name on first access and keep it on the package. The package serves only its public
    names: every name in ``exports`` must be in its ``__all__`` (set before this call); code
    that needs anything else imports it from the module that defines it. A name not in
    ``exports`` that is a submodule of the package is imported as such. A public name that is also a submodule's
    name (``equity`` the function, in ``equity.py``) stays the public object when that
    submodule is imported (Python's import would otherwise put the module in its place).

    Parameters:
        package: the package's ``__name__``.
        exports: public name -> reference (see ``load``; relative to the package).

    Returns:
        ``(__getattr__, __dir__)``, to assign at the package's top level.

    Raises:
        ImportError: a name in ``exports`` is not in the package's ``__all__``.
    """
    module = sys.modules[package]
    namespace = module.__dict__
    stray = sorted(set(exports) - set(namespace.get("__all__", ())))
    if stray:
        raise ImportError(f"{package} exports names not in its __all__: {', '.join(stray)}")
    namespace["_lazy_attributes"] = frozenset(name for name, ref in exports.items() if ":" in ref)
    module.__class__ = _LazyPackage

    def __getattr__(name: str) -> Any:
        ref = exports.get(name)
        if ref is None:
            if name.startswith("__") or importlib.util.find_spec(f"{package}.{name}") is None:
                raise AttributeError(f"module {package!r} has no attribute {name!r}")
            ref = f".{name}"
        value = load(ref, package)
        namespace[name] = value
        # Importing a submodule binds it on the package under its own name; where a public name
        # is that submodule's name (dice_poker.equity, the function in dice_poker/equity.py), the
        # public name must win, whichever was imported first.
        for other, other_ref in exports.items():
            if isinstance(namespace.get(other), types.ModuleType) and ":" in other_ref:
                namespace[other] = load(other_ref, package)
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(exports))

    return __getattr__, __dir__



class LazyRefs(Mapping[str, V], Generic[V]):
    """A mapping whose values may be references (``"module:attribute"`` strings), each
    replaced by the object it names when first looked up. Listing the keys imports nothing.

    Parameters:
        values: key -> value or reference.

    Examples:
        >>> c = LazyRefs({"now": "fractions:Fraction", "plain": 1})
        >>> list(c), c["now"].__name__, c["plain"]
        (['now', 'plain'], 'Fraction', 1)
    """

    def __init__(self, values: Mapping[str, V | str]) -> None:
        self._values: dict[str, Any] = dict(values)

    def __getitem__(self, key: str) -> V:
        value = self._values[key]
        if isinstance(value, str):
            value = self._values[key] = load(value)
        return value  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"LazyRefs({list(self._values)})"


class LazyClassValue(Generic[V]):
    """A class attribute made by ``make()`` on its first read (from the class or an instance)
    and kept: for a value whose module most processes never need, such as a rules class's
    ``search_space`` (a simulation reads the rules, never the search space).

    Parameters:
        make: builds the value (importing what it needs).

    Examples:
        >>> class Rules:
        ...     space = LazyClassValue(lambda: load("fractions:Fraction")(1, 3))
        >>> Rules.space, Rules().space is Rules.space
        (Fraction(1, 3), True)
    """

    __slots__ = ("_make", "_value")

    def __init__(self, make: Callable[[], V]) -> None:
        self._make = make
        self._value: list[V] = []  # empty until first read

    def __get__(self, instance: object, owner: type | None = None) -> V:
        if not self._value:
            self._value.append(self._make())
        return self._value[0]


class _LazyPackage(types.ModuleType):
    """A package set up by ``lazy_exports``: importing a submodule never replaces a public
    name that is an attribute of some module (the function ``equity`` stays, though the
    submodule ``equity`` is imported)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, types.ModuleType) and name in self.__dict__.get("_lazy_attributes", ()):
            return
        super().__setattr__(name, value)
