"""One-release deprecation shims: renamed names and ``rules`` passed by position.

Every shim warns with a `DeprecationWarning` naming the new spelling; the
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


def _looks_like_rules(value: object) -> bool:
    """Whether ``value`` is a game's rules object (every rules class is named ``...Rules``)."""
    return type(value).__name__.endswith("Rules")


def rules_keyword_only(position: int) -> Callable[[F], F]:
    """Accept, for one release, ``rules`` given by position in a function whose ``rules``
    is now keyword-only. A call is an old call when it has more positional arguments than
    the function takes, or when its argument at ``position`` (0-based, the old place of
    ``rules``) is a rules object (its class is named ``...Rules``; this catches old calls
    that left out optional arguments). Warn and pass that argument on as ``rules=...``.

    Parameters:
        position: where ``rules`` stood among the positional arguments before.

    Returns:
        A decorator that keeps the function's new signature.

    Raises:
        dreidelpoker.errors.InputTypeError: (from the wrapped function) when an old call
            also gives ``rules=`` by keyword.

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
        >>> class ToyRules: pass
        >>> @rules_keyword_only(0)
        ... def play(hand, extra=None, *, rules=None):
        ...     return hand, extra, type(rules).__name__
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     play(ToyRules(), "hand")
        ('hand', None, 'ToyRules')
    """

    def decorate(func: F) -> F:
        params = inspect.signature(func).parameters.values()
        takes = sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if position < len(args) and (len(args) > takes or _looks_like_rules(args[position])):
                if "rules" in kwargs:
                    raise InputTypeError(f"{func.__name__}() got rules both by position and by keyword")
                _warn(f"passing rules by position to {func.__name__}() is deprecated and will stop working in "
                      f"the next release; pass rules=... as a keyword")
                kwargs["rules"] = args[position]
                args = args[:position] + args[position + 1:]
            return func(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate
