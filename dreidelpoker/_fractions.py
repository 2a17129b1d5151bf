"""Small helpers for exact numbers: conversion to sympy Rationals and to ``"p/q"`` strings."""

from __future__ import annotations

from fractions import Fraction
from numbers import Rational as _RationalABC
from typing import Any

import sympy

Exact = sympy.Rational


def to_rational(value: Any, *, what: str = "value") -> sympy.Rational:
    """Convert an int, Fraction, ``"p/q"`` string or sympy Rational to a sympy Rational.

    >>> to_rational("3/4")
    3/4
    >>> to_rational(Fraction(1, 3))
    1/3
    """
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an exact number, not a bool")
    if isinstance(value, sympy.Rational):
        return value
    if isinstance(value, (int, _RationalABC)):
        f = Fraction(value)
        return sympy.Rational(f.numerator, f.denominator)
    if isinstance(value, str):
        try:
            f = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"{what} {value!r} is not an exact number like '3/4'") from None
        return sympy.Rational(f.numerator, f.denominator)
    if isinstance(value, sympy.Basic) and value.is_Rational:
        return sympy.Rational(value)
    raise TypeError(
        f"{what} must be an int, fractions.Fraction, sympy Rational or 'p/q' string, "
        f"got {type(value).__name__} {value!r}"
    )


def frac_str(value: Any) -> str:
    """Render an exact number as ``"p/q"`` (or ``"p"`` for integers).

    >>> frac_str(sympy.Rational(6, 8))
    '3/4'
    >>> frac_str(2)
    '2'
    """
    r = to_rational(value)
    return str(r.p) if r.q == 1 else f"{r.p}/{r.q}"


def decimal_str(value: Any, digits: int = 6) -> str:
    """A short decimal rendering of an exact number, for display next to the exact value."""
    r = to_rational(value)
    return f"{float(r.p) / float(r.q):.{digits}f}" if r.q != 1 else str(r.p)


def to_jsonable(value: Any) -> Any:
    """Recursively turn results into JSON-safe data; exact numbers become ``"p/q"`` strings."""
    if isinstance(value, bool) or value is None or isinstance(value, (str, float)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, (sympy.Rational, Fraction)):
        return frac_str(value)
    if isinstance(value, sympy.Basic):
        return str(value)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    return str(value)
