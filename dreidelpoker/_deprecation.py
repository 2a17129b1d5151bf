"""One-release deprecation shims: renamed names and ``rules`` passed by position.

Every shim warns with a :class:`DeprecationWarning` naming the new spelling; the
CHANGELOG lists them, and they go in the next release.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

__all__ = ["deprecated_names", "rules_keyword_only"]

F = TypeVar("F", bound=Callable[..., Any])


def _warn(message: str) -> None:
    warnings.warn(message, DeprecationWarning, stacklevel=3)


def deprecated_names(module: str, aliases: Mapping[str, tuple[str, Callable[[], object]]]) -> Callable[[str], object]:
    """A module ``__getattr__`` serving old names: ``{old: (new spelling, getter)}``.

    Examples:
        >>> __getattr__ = deprecated_names("m", {"old": ("m.new", lambda: 42)})
        >>> import warnings
        >>> with warnings.catch_warnings(record=True) as w:
        ...     warnings.simplefilter("always")
        ...     __getattr__("old"), w[0].category.__name__
        (42, 'DeprecationWarning')
    """

    def __getattr__(name: str) -> object:
        if name in aliases:
            new, getter = aliases[name]
            _warn(f"{module}.{name} is deprecated and will be removed in the next release; use {new}")
            return getter()
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__


def rules_keyword_only(position: int) -> Callable[[F], F]:
    """Accept, for one release, ``rules`` given by position ``position`` (0-based) in a
    function whose ``rules`` is now keyword-only; warn and pass it on as a keyword.

    Examples:
        >>> @rules_keyword_only(1)
        ... def f(hand, *, rules=None):
        ...     return hand, rules
        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     f("GH", "R")
        ('GH', 'R')
        >>> f("GH", rules="R")
        ('GH', 'R')
    """

    def decorate(func: F) -> F:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if len(args) > position:
                if "rules" in kwargs:
                    raise TypeError(f"{func.__name__}() got rules both by position and by keyword")
                _warn(f"passing rules by position to {func.__name__}() is deprecated and will stop working in "
                      f"the next release; pass rules=... as a keyword")
                args, rules = args[:position] + args[position + 1:], args[position]
                kwargs["rules"] = rules
            return func(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate
