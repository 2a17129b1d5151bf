"""One-release deprecation shims: renamed names and ``rules`` passed by position.

Every shim warns with a :class:`DeprecationWarning` naming the new spelling; the
CHANGELOG lists them, and they go in the next release.
"""

from __future__ import annotations

import functools
import inspect
import warnings
from collections.abc import Callable, Mapping
from typing import Any, TypeVar
from .errors import InputTypeError

__all__ = ["deprecated_call", "deprecated_names", "rules_keyword_only"]

F = TypeVar("F", bound=Callable[..., Any])


def _warn(message: str) -> None:
    warnings.warn(message, DeprecationWarning, stacklevel=3)


def deprecated_call(old: str, new: str) -> None:
    """Warn that the function ``old`` is deprecated in favour of ``new`` (call it first thing)."""
    _warn(f"{old} is deprecated and will be removed in the next release; use {new}")


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
    """Accept, for one release, ``rules`` given by position in a function whose ``rules``
    is now keyword-only: a call with one positional argument more than the function
    takes is an old call, and its argument at ``position`` (0-based) is the rules. Warn
    and pass it on as ``rules=...``.

    Examples:
        >>> @rules_keyword_only(0)
        ... def successors(state, *, rules=None):
        ...     return state, rules
        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     successors("R", "state")
        ('state', 'R')
        >>> successors("state", rules="R")
        ('state', 'R')
    """

    def decorate(func: F) -> F:
        params = inspect.signature(func).parameters.values()
        takes = sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if len(args) > takes and position < len(args):
                if "rules" in kwargs:
                    raise InputTypeError(f"{func.__name__}() got rules both by position and by keyword")
                _warn(f"passing rules by position to {func.__name__}() is deprecated and will stop working in "
                      f"the next release; pass rules=... as a keyword")
                kwargs["rules"] = args[position]
                args = args[:position] + args[position + 1:]
            return func(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate
