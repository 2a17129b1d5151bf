"""The one set of argument checks every public callable uses at its door.

Each check raises the project's own errors ([`InputError`][dreidelpoker.InputError], or
[`InputTypeError`][dreidelpoker.InputTypeError] for a value of the wrong type) with one message
that names the parameter, shows the (shortened) bad value and says what is allowed, so a
mistake never surfaces as an ``AttributeError`` or ``KeyError`` from deep inside an engine.

- [`check_count`][dreidelpoker.validation.check_count]: a whole number in a documented range (bools refused).
- [`check_seed`][dreidelpoker.validation.check_seed]: a seed, a whole number from 0 to 2**128 - 1.
- [`check_flag`][dreidelpoker.validation.check_flag]: ``True`` or ``False``.
- [`check_number`][dreidelpoker.validation.check_number]: a finite real number (int, ``Fraction`` or float) in a range.
- [`check_choice`][dreidelpoker.validation.check_choice]: one of a few allowed values.
- [`check_literal_fields`][dreidelpoker.validation.check_literal_fields]: every ``Literal[...]`` field of a dataclass holds one of its
  allowed values, read from the class's own annotations (so the check cannot drift from them).
- [`default_rules`][dreidelpoker.validation.default_rules]: ``None`` becomes the game's default rules; anything but a rules
  object of that game is refused.

Examples:
    >>> check_count(5, "samples", low=2, high=10)
    5
    >>> check_count(True, "samples", low=2, high=10)
    Traceback (most recent call last):
    ...
    dreidelpoker.errors.InputTypeError: samples must be an integer from 2 to 10, got bool True
"""

from __future__ import annotations

import dataclasses
import math
import numbers
import typing
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any, TypeVar

from .errors import InputError, InputTypeError, shorten

__all__ = ["MAX_SEED", "check_choice", "check_count", "check_flag", "check_literal_fields", "check_number",
           "check_seed", "default_rules", "literal_choices"]

#: Seeds are non-negative integers below 2**128 (numpy's SeedSequence takes any size; this keeps
#: outputs and messages short).
MAX_SEED = 2 ** 128 - 1

R = TypeVar("R")


def _integer(value: Any) -> bool:
    """A whole number: ``int`` or a numpy integer, never a bool."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    dtype = getattr(value, "dtype", None)  # a numpy integer scalar
    return dtype is not None and getattr(value, "ndim", 1) == 0 and dtype.kind in "iu"


def check_count(value: Any, name: str, *, low: int, high: int | None, hint: str = "") -> int:
    """Check that ``value`` is a whole number from ``low`` to ``high``, before any work.

    Parameters:
        value: what the user passed (an ``int`` or a numpy integer; bools are refused).
        name: the argument's name as the user wrote it (``"samples"`` or ``"--samples"``).
        low: the smallest allowed value.
        high: the largest allowed value (a documented bound), or ``None`` for no upper bound.
        hint: added to the message, e.g. what the number counts or what the bound protects.

    Returns:
        ``value`` as an ``int``.

    Raises:
        InputTypeError: if ``value`` is not a whole number.
        InputError: if it is outside ``low..high``.

    Examples:
        >>> check_count(3, "games", low=1, high=10)
        3
        >>> check_count(0, "games", low=1, high=None, hint="games to play")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: games must be an integer >= 1, got 0 (games to play)
    """
    allowed = f"an integer from {low:,} to {high:,}" if high is not None else f"an integer >= {low:,}"
    tail = f" ({hint})" if hint else ""
    if not _integer(value):
        raise InputTypeError(f"{name} must be {allowed}, got {type(value).__name__} {shorten(value)}{tail}")
    number = int(value)
    if number < low or (high is not None and number > high):
        raise InputError(f"{name} must be {allowed}, got {shorten(number)}{tail}")
    return number


def check_seed(value: Any, name: str = "seed") -> int:
    """Check a seed: a whole number from 0 to [`MAX_SEED`][dreidelpoker.validation.MAX_SEED].

    Parameters:
        value: the seed.
        name: the argument's name.

    Returns:
        ``value`` as an ``int``.

    Raises:
        InputTypeError: if it is not a whole number.
        InputError: if it is negative or too large.

    Examples:
        >>> check_seed(7)
        7
    """
    if not _integer(value):
        raise InputTypeError(f"{name} must be a non-negative integer, got {type(value).__name__} {shorten(value)}")
    if not 0 <= int(value) <= MAX_SEED:
        raise InputError(f"{name} must be an integer from 0 to 2**128 - 1, got {shorten(value)}")
    return int(value)


def check_flag(value: Any, name: str) -> bool:
    """Check that ``value`` is ``True`` or ``False`` (not ``1``, ``"yes"`` or ``None``).

    Parameters:
        value: what the user passed.
        name: the argument's name.

    Returns:
        ``value``.

    Raises:
        InputTypeError: for anything but a bool.

    Examples:
        >>> check_flag(False, "exact")
        False
    """
    if not isinstance(value, bool):
        raise InputTypeError(f"{name} must be True or False, got {type(value).__name__} {shorten(value)}")
    return value


def check_number(value: Any, name: str, *, low: float | Fraction | None = None, high: float | Fraction | None = None,
                 low_open: bool = False, hint: str = "") -> float | Fraction | int:
    """Check that ``value`` is a finite real number (int, ``Fraction`` or float) in a range.

    Parameters:
        value: what the user passed.
        name: the argument's name.
        low: the smallest allowed value (``None``: no lower bound).
        high: the largest allowed value (``None``: no upper bound).
        low_open: ``low`` itself is not allowed (e.g. a target that must be positive).
        hint: added to the message.

    Returns:
        ``value``.

    Raises:
        InputTypeError: if it is not a real number (bools, strings, ``None`` and complex refused).
        InputError: if it is NaN, infinite or out of range.

    Examples:
        >>> check_number(0.5, "target", low=0, low_open=True)
        0.5
        >>> check_number(float("nan"), "target", low=0, low_open=True)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: target must be a finite number > 0, got nan
    """
    parts = []
    if low is not None:
        parts.append(f"{'>' if low_open else '>='} {low}")
    if high is not None:
        parts.append(f"<= {high}")
    allowed = "a finite number" + (f" {' and '.join(parts)}" if parts else "")
    tail = f" ({hint})" if hint else ""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InputTypeError(f"{name} must be {allowed}, got {type(value).__name__} {shorten(value)}{tail}")
    number: float | Fraction | int
    if isinstance(value, (int, float, Fraction)):
        number = value
    elif isinstance(value, numbers.Rational):  # e.g. a numpy int or a sympy Rational
        number = Fraction(int(value.numerator), int(value.denominator))
    else:
        number = float(value)
    if isinstance(number, float) and not math.isfinite(number):
        raise InputError(f"{name} must be {allowed}, got {shorten(value)}{tail}")
    if (low is not None and (number <= low if low_open else number < low)) or (high is not None and number > high):
        raise InputError(f"{name} must be {allowed}, got {shorten(value)}{tail}")
    return number


def check_choice(value: Any, name: str, allowed: Iterable[Any]) -> Any:
    """Check that ``value`` is one of ``allowed``.

    Parameters:
        value: what the user passed.
        name: the argument's name.
        allowed: the allowed values, in the order the message lists them.

    Returns:
        ``value``.

    Raises:
        InputError: for anything else (an unhashable value included).

    Examples:
        >>> check_choice("up", "hey_rounding", ("up", "down"))
        'up'
        >>> check_choice("sideways", "hey_rounding", ("up", "down"))
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: hey_rounding must be one of 'up', 'down'; got 'sideways'
    """
    options = tuple(allowed)
    # bools equal 0 and 1, so compare type as well as value
    if not any(type(value) is type(option) and value == option for option in options):
        raise InputError(f"{name} must be one of {', '.join(repr(o) for o in options)}; got {shorten(value)}")
    return value


#: Dataclass -> its Literal fields, read once per class.
_LITERAL_FIELDS: dict[type, tuple[tuple[str, tuple[Any, ...]], ...]] = {}


def _literal_fields(cls: type) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """(field name, allowed values) for every field of dataclass ``cls`` annotated ``Literal[...]``
    (or ``Literal[...] | None``, where ``None`` is allowed too)."""
    known = _LITERAL_FIELDS.get(cls)
    if known is None:
        hints = typing.get_type_hints(cls)
        out = []
        for f in dataclasses.fields(cls):
            allowed = _literal_values(hints.get(f.name))
            if allowed is not None:
                out.append((f.name, allowed))
        known = _LITERAL_FIELDS[cls] = tuple(out)
    return known


def _literal_values(hint: Any) -> tuple[Any, ...] | None:
    """The values a ``Literal`` (or a union of Literals and ``None``) allows, else ``None``."""
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return typing.get_args(hint)
    if origin in (typing.Union, _union_type()):
        values: list[Any] = []
        for arm in typing.get_args(hint):
            if arm is type(None):
                values.append(None)
                continue
            sub = _literal_values(arm)
            if sub is None:
                return None
            values += sub
        return tuple(values)
    return None


def _union_type() -> Any:
    import types

    return types.UnionType


def literal_choices(cls: type, name: str) -> tuple[Any, ...]:
    """The values field ``name`` of dataclass ``cls`` allows, read from its ``Literal`` annotation.

    Parameters:
        cls: a dataclass.
        name: one of its fields, annotated ``Literal[...]``.

    Returns:
        The allowed values in annotation order.

    Raises:
        KeyError: if the field is not annotated with a ``Literal`` (a programming error).

    Examples:
        >>> from dreidelpoker.games.queenie import QueenieRules
        >>> literal_choices(QueenieRules, "direction")
        ('right', 'left')
    """
    return dict(_literal_fields(cls))[name]


def check_literal_fields(obj: Any) -> None:
    """Check every ``Literal[...]`` field of a dataclass instance against its annotation.

    Call it from ``__post_init__``: the allowed values are read from the class's annotations
    once, so a new option added to a ``Literal`` is accepted without a second list to update.

    Parameters:
        obj: a dataclass instance.

    Raises:
        InputError: naming the first field whose value is not allowed.

    Examples:
        >>> from dreidelpoker.games.queenie import QueenieRules
        >>> QueenieRules(direction="up")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: direction must be one of 'right', 'left'; got 'up'
    """
    for name, allowed in _literal_fields(type(obj)):
        check_choice(getattr(obj, name), name, allowed)


def default_rules(given: Any, rules_type: type[R] | Callable[[], type[R]], *, name: str = "rules") -> R:
    """The rules a function works under: ``rules`` itself, or the game's defaults for ``None``.

    Parameters:
        given: the rules the caller passed (or ``None``).
        rules_type: the game's rules class (or a function returning it, where importing the
            class at module level would make an import circle).
        name: the argument's name, for the message.

    Returns:
        ``given``, or ``rules_type()`` when ``given`` is ``None``.

    Raises:
        InputTypeError: if ``given`` is neither ``None`` nor an instance of ``rules_type``.

    Examples:
        >>> from dreidelpoker.games.queenie import QueenieRules
        >>> default_rules(None, QueenieRules).players
        4
        >>> default_rules(-1, QueenieRules)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputTypeError: rules must be a QueenieRules or None (None: the default rules), got int -1
    """
    cls: type[R] = rules_type if isinstance(rules_type, type) else rules_type()
    if given is None:
        return cls()
    if not isinstance(given, cls):
        raise InputTypeError(f"{name} must be a {cls.__name__} or None (None: the default rules), "
                             f"got {type(given).__name__} {shorten(given)}")
    return given
