"""Small helpers for exact numbers: conversion to sympy Rationals and to ``"p/q"`` strings.

sympy is imported only to make a sympy object (`to_rational`): a value can only be a
sympy object when sympy is already loaded, so the checks look it up in ``sys.modules``, and
the CLI formats exact numbers without importing sympy.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .validation import check_count
from .strict_numbers import exact_number

if TYPE_CHECKING:
    import sympy


def loaded_sympy() -> Any:
    """The sympy module if something has imported it, else ``None`` (then no value can be a
    sympy object, and there is no need to import it to check).

    Examples:
        >>> import sympy
        >>> loaded_sympy() is sympy
        True
    """
    return sys.modules.get("sympy")


def to_fraction(value: Any, *, what: str = "value") -> Fraction:
    """The one way in: an int, Fraction, sympy Rational or number text as a Fraction.

    Text is read by [`dreidelpoker.strict_numbers.parse_exact`][dreidelpoker.strict_numbers.parse_exact] (integers, decimals,
    ``p/q``; never evaluated). Floats are refused (they are not exact); so are bools.

    Raises:
        InputTypeError: for a float, a bool or a value that is no number.
        InputError: for a string that is not an exact number.

    Examples:
        >>> import sympy
        >>> to_fraction("3/4"), to_fraction(sympy.Rational(1, 3)), to_fraction(2)
        (Fraction(3, 4), Fraction(1, 3), Fraction(2, 1))
        >>> to_fraction(0.25, what="face probability")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputTypeError: face probability is the float 0.25; give an exact number like 1/4 (int, fractions.Fraction, sympy Rational or 'p/q')
    """
    return exact_number(value, what=what)


def to_rational(value: Any, *, what: str = "value") -> sympy.Rational:
    """The one way out: any exact number `to_fraction` takes, as a sympy Rational.

    Examples:
        >>> to_rational("3/4")
        3/4
        >>> to_rational(Fraction(1, 3))
        1/3
    """
    import sympy

    if isinstance(value, sympy.Rational):
        return value
    f = to_fraction(value, what=what)
    return sympy.Rational(f.numerator, f.denominator)


def int_str(n: int) -> str:
    """Render an int of any size in base 10, even past Python's int-to-str digit limit.

    Python refuses ``str(n)`` above about 4300 digits (``sys.get_int_max_str_digits``);
    exact answers can be longer, so long ints are split into chunks that are each
    converted on their own.

    Parameters:
        n: any Python int.

    Returns:
        The decimal digits of ``n``, with a leading ``-`` if negative.

    Examples:
        >>> int_str(-12345)
        '-12345'
        >>> len(int_str(10 ** 5000))
        5001
    """
    if -_CHUNK_LIMIT < n < _CHUNK_LIMIT:
        return str(n)
    if n < 0:
        return "-" + int_str(-n)
    # Split at a power of ten about half the size, so the recursion stays shallow.
    half = max(1, (n.bit_length() * 3 // 10) // 2)
    high, low = divmod(n, 10 ** half)
    return int_str(high) + int_str(low).rjust(half, "0")


_CHUNK_LIMIT = 10 ** 1000


def frac_str(value: Any) -> str:
    """Render an exact number as ``"p/q"`` (or ``"p"`` for integers).

    Parameters:
        value: anything `to_rational` accepts.

    Returns:
        ``"p/q"`` in lowest terms with the sign on ``p``, or ``"p"`` when the denominator is 1.

    Examples:
        >>> import sympy
        >>> frac_str(sympy.Rational(6, 8))
        '3/4'
        >>> frac_str(2)
        '2'
    """
    f = to_fraction(value)
    p, q = f.numerator, f.denominator
    return int_str(p) if q == 1 else f"{int_str(p)}/{int_str(q)}"


#: Above this many digits before the point, `decimal_str` switches to scientific notation.
FIXED_POINT_MAX_DIGITS = 30


def decimal_str(value: Any, digits: int = 6) -> str:
    """A short decimal rendering of an exact number, for display next to the exact value.

    The decimal is computed with integer arithmetic only, so numerators and
    denominators of any size work (never through ``float``, which overflows past
    about 1e308). It is the exact value rounded half to even at ``digits`` places,
    the rule Python's own float formatting follows. Integers are printed in full;
    values with more than `FIXED_POINT_MAX_DIGITS` digits before the point
    are printed in scientific notation with ``digits`` digits after the point.

    Parameters:
        value: anything `to_rational` accepts.
        digits: digits after the decimal point (at least 0).

    Returns:
        The rounded decimal, e.g. ``"0.333333"``.

    Raises:
        dreidelpoker.errors.InputError: if ``digits`` is negative.

    Examples:
        >>> import sympy
        >>> decimal_str(sympy.Rational(1, 3))
        '0.333333'
        >>> decimal_str(sympy.Rational(2, 3), 2)
        '0.67'
        >>> decimal_str(sympy.Rational(10 ** 400 + 1, 3 * 10 ** 399), 3)
        '3.333'
        >>> decimal_str(sympy.Rational(10 ** 40, 3), 3)
        '3.333e+39'
    """
    check_count(digits, "digits", low=0, high=None)
    f = to_fraction(value)
    p, q = f.numerator, f.denominator
    if q == 1:
        return int_str(p)
    sign = "-" if p < 0 else ""
    a = abs(p)
    if a // q >= 10 ** FIXED_POINT_MAX_DIGITS:
        return sign + _scientific(a, q, digits)
    scaled = _round_half_even(a * 10 ** digits, q)
    if digits == 0:
        return sign + int_str(scaled)
    whole, frac = divmod(scaled, 10 ** digits)
    return f"{sign}{int_str(whole)}.{str(frac).rjust(digits, '0')}"


def _round_half_even(num: int, den: int) -> int:
    """``num / den`` (both positive) rounded to the nearest int, ties to even."""
    quotient, remainder = divmod(num, den)
    twice = 2 * remainder
    if twice > den or (twice == den and quotient % 2 == 1):
        quotient += 1
    return quotient


def _scientific(a: int, q: int, digits: int) -> str:
    """``a / q`` (positive, at least 1) as ``m.mmm…e+NN`` with ``digits`` decimals."""
    exponent = len(int_str(a // q)) - 1
    mantissa = _round_half_even(a * 10 ** digits, q * 10 ** exponent)
    if mantissa >= 10 ** (digits + 1):  # rounding carried into a new digit, e.g. 9.99 -> 10.0
        exponent += 1
        mantissa = _round_half_even(a * 10 ** digits, q * 10 ** exponent)
    text = str(mantissa)
    body = text[0] + ("." + text[1:] if digits else "")
    return f"{body}e+{exponent:02d}"


def to_jsonable(value: Any) -> Any:
    """Recursively turn results into JSON-safe data; exact numbers become ``"p/q"`` strings."""
    if isinstance(value, bool) or value is None or isinstance(value, (str, float)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction):
        return frac_str(value)
    sp = loaded_sympy()
    if sp is not None and isinstance(value, sp.Rational):
        return frac_str(value)
    if sp is not None and isinstance(value, sp.Basic):
        return str(value)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):  # sorted: the same bytes under every hash seed
        return sorted((to_jsonable(v) for v in value), key=repr)
    return str(value)
