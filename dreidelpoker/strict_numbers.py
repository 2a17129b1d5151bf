"""The one way text becomes a number: a strict parser that never evaluates anything.

Every number a user types (a command-line option, a rules field given as text, a widget's
text box, a string passed to the Python API) goes through this module. It reads exactly
three forms, in ASCII digits only:

* integers: ``12``, ``-3``, ``1_000``;
* decimals: ``0.25``, ``.5``, ``-1.5`` (read exactly: ``0.1`` is 1/10, not a float);
* fractions: ``1/4``, ``-3/8``.

Nothing else is a number here: no exponents (``1e9``), no operators (``9**9**9``), no names
(``nan``, ``inf``, ``pi``), no digits of other scripts (``٣``, ``²``, fullwidth ``３``), no text
longer than [`MAX_NUMBER_CHARS`][dreidelpoker.strict_numbers.MAX_NUMBER_CHARS] and no integer part longer than [`MAX_DIGITS`][dreidelpoker.strict_numbers.MAX_DIGITS]
digits. Each refusal is one [`InputError`][dreidelpoker.InputError] line naming the
argument, the (shortened) text and the forms allowed. ``sympy.sympify``, ``eval`` and
``parse_expr`` never see a user string: [`sympy_number`][dreidelpoker.strict_numbers.sympy_number] parses text here and hands
sympy only objects (a ``sympy.Symbol`` built by a Python caller stays allowed).

Examples:
    >>> parse_exact("1/4"), parse_exact("0.1"), parse_integer("1_000")
    (Fraction(1, 4), Fraction(1, 10), 1000)
    >>> parse_exact("__import__('os').system('echo hi') or 1/4", what="spin probability")
    Traceback (most recent call last):
    ...
    dreidelpoker.errors.InputError: spin probability "__import__('os').system('echo hi') or 1/4" is not an exact number; write an integer (12), a decimal (0.25) or a fraction (1/4)
"""

from __future__ import annotations

import math
import re
import sys
from fractions import Fraction
from numbers import Rational as RationalABC
from numbers import Real as RealABC
from typing import Any

from .errors import InputError, InputTypeError, shorten

__all__ = ["MAX_DIGITS", "MAX_NUMBER_CHARS", "exact_number", "parse_exact", "parse_float", "parse_integer",
           "sympy_number"]

#: Longest number text read at all (longer text is refused before any pattern is tried).
MAX_NUMBER_CHARS = 200
#: Most digits in one integer, numerator, denominator or decimal (every bound in the library
#: is far smaller, so the range check that follows names the real limit).
MAX_DIGITS = 100

_FORMS = "write an integer (12), a decimal (0.25) or a fraction (1/4)"
_INTEGER = re.compile(r"[+-]?[0-9](?:_?[0-9])*", re.ASCII)
_DECIMAL = re.compile(r"([+-]?)([0-9]*)\.([0-9]+)|([+-]?)([0-9]+)\.", re.ASCII)
_FRACTION = re.compile(r"([+-]?[0-9](?:_?[0-9])*)\s*/\s*([+]?[0-9](?:_?[0-9])*)", re.ASCII)
_NON_FINITE = re.compile(r"[+-]?(nan|inf|infinity|oo|zoo)", re.IGNORECASE)


def _digit_count(text: str) -> int:
    return sum(c.isdigit() for c in text)


def _named(what: str, text: str) -> str:
    """``what`` and the shortened text, as a message starts (``what`` may be empty)."""
    return f"{what} {shorten(text)}".strip()


def _refuse(text: str, what: str, kind: str, forms: str) -> InputError:
    """The one-line refusal, saying what was wrong when that is clear."""
    bad_digit = next((c for c in text if not c.isascii() and (c.isdigit() or c.isnumeric())), None)
    if bad_digit is not None:
        return InputError(f"{_named(what, text)} is not {kind}: it uses the non-ASCII digit {bad_digit!r} "
                          f"(U+{ord(bad_digit):04X}); write digits 0-9")
    if _NON_FINITE.fullmatch(text.strip()):
        return InputError(f"{_named(what, text)} is not a finite number; {forms}")
    return InputError(f"{_named(what, text)} is not {kind}; {forms}")


def _checked_text(text: Any, what: str) -> str:
    if not isinstance(text, str):
        raise InputTypeError(f"{what or 'number'} must be text, got {type(text).__name__} {shorten(text)}")
    if len(text) > MAX_NUMBER_CHARS:
        if re.fullmatch(r"[\s0-9_+\-./]*", text, re.ASCII):
            raise _too_many_digits(text, what)
        raise InputError(f"{_named(what, text)} is not a number (longer than {MAX_NUMBER_CHARS} characters)")
    return text.strip()


def _too_many_digits(text: str, what: str) -> InputError:
    return InputError(f"{_named(what, text)} has too many digits (at most {MAX_DIGITS} in one number)")


def parse_integer(text: str, *, what: str = "value") -> int:
    """A whole number from text: optional sign, ASCII digits, ``_`` between digits.

    Parameters:
        text: the text, e.g. ``"12"`` or ``"-1_000"``.
        what: the argument's name, for the message.

    Returns:
        The int.

    Raises:
        InputError: anything else (a decimal, an expression, non-ASCII digits, more than
            [`MAX_DIGITS`][dreidelpoker.strict_numbers.MAX_DIGITS] digits, more than [`MAX_NUMBER_CHARS`][dreidelpoker.strict_numbers.MAX_NUMBER_CHARS] characters).
        InputTypeError: ``text`` is not a string.

    Examples:
        >>> parse_integer(" 42 "), parse_integer("-1_000")
        (42, -1000)
        >>> parse_integer("9**9**9", what="--coins")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: --coins '9**9**9' is not an integer; write an integer like 12
        >>> parse_integer("٣", what="--players")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: --players '٣' is not an integer: it uses the non-ASCII digit '٣' (U+0663); write digits 0-9
    """
    cleaned = _checked_text(text, what)
    if not _INTEGER.fullmatch(cleaned):
        raise _refuse(cleaned, what, "an integer", "write an integer like 12")
    if _digit_count(cleaned) > MAX_DIGITS:
        raise _too_many_digits(text, what)
    return int(cleaned)


def parse_exact(text: str, *, what: str = "value") -> Fraction:
    """An exact number from text: an integer, a decimal or a fraction ``p/q``.

    Decimals are read exactly (``"0.1"`` is ``Fraction(1, 10)``). The denominator of a
    fraction must not be 0.

    Parameters:
        text: the text, e.g. ``"1/4"``, ``"0.25"`` or ``"3"``.
        what: the argument's name, for the message.

    Returns:
        The number as a `fractions.Fraction`.

    Raises:
        InputError: anything else (exponents, operators, names such as ``nan``, non-ASCII
            digits, too many digits or characters, a zero denominator).
        InputTypeError: ``text`` is not a string.

    Examples:
        >>> parse_exact("3/4"), parse_exact("-0.5"), parse_exact("7")
        (Fraction(3, 4), Fraction(-1, 2), Fraction(7, 1))
        >>> parse_exact("1/0", what="p")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: p '1/0' divides by zero; write a fraction like 1/4
        >>> parse_exact("nan", what="p")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: p 'nan' is not a finite number; write an integer (12), a decimal (0.25) or a fraction (1/4)
    """
    cleaned = _checked_text(text, what)
    if _digit_count(cleaned) > MAX_DIGITS:
        if _INTEGER.fullmatch(cleaned) or _DECIMAL.fullmatch(cleaned) or _FRACTION.fullmatch(cleaned):
            raise _too_many_digits(text, what)
    if _INTEGER.fullmatch(cleaned):
        return Fraction(int(cleaned))
    m = _FRACTION.fullmatch(cleaned)
    if m:
        den = int(m.group(2))
        if den == 0:
            raise InputError(f"{_named(what, text)} divides by zero; write a fraction like 1/4")
        return Fraction(int(m.group(1)), den)
    m = _DECIMAL.fullmatch(cleaned)
    if m:
        sign, whole, frac = (m.group(1), m.group(2), m.group(3)) if m.group(3) is not None else \
            (m.group(4), m.group(5), "")
        value = Fraction(int(whole or "0") * 10 ** len(frac) + int(frac or "0"), 10 ** len(frac))
        return -value if sign == "-" else value
    raise _refuse(cleaned, what, "an exact number", _FORMS)


def parse_float(text: str, *, what: str = "value") -> float:
    """A finite float from text in the forms [`parse_exact`][dreidelpoker.strict_numbers.parse_exact] reads (``0.01``, ``1/100``).

    For options that are tolerances or targets, where an exact value is not needed.

    Parameters:
        text: the text.
        what: the argument's name, for the message.

    Returns:
        The nearest float.

    Raises:
        InputError: as [`parse_exact`][dreidelpoker.strict_numbers.parse_exact], or a value too large for a float.

    Examples:
        >>> parse_float("0.001"), parse_float("1/8")
        (0.001, 0.125)
    """
    value = parse_exact(text, what=what)
    try:
        result = float(value)
    except OverflowError:
        result = math.inf
    if not math.isfinite(result):
        raise InputError(f"{_named(what, text)} is too large for a floating-point number")
    return result


def exact_number(value: Any, *, what: str = "value") -> Fraction:
    """Any exact number as a Fraction: an int, a Fraction, a sympy Rational, a numpy integer,
    or text read by [`parse_exact`][dreidelpoker.strict_numbers.parse_exact]. Floats and bools are refused (they are not exact).

    Parameters:
        value: the number.
        what: the argument's name, for the message.

    Returns:
        The value as a `fractions.Fraction`.

    Raises:
        InputTypeError: a float, a bool, a sympy expression that is no rational, or no number.
        InputError: text that [`parse_exact`][dreidelpoker.strict_numbers.parse_exact] refuses.

    Examples:
        >>> exact_number("1/3"), exact_number(2)
        (Fraction(1, 3), Fraction(2, 1))
    """
    if isinstance(value, bool):
        raise InputTypeError(f"{what} must be an exact number, not the bool {value!r}")
    if isinstance(value, Fraction):
        return value
    if type(value) is int:
        return Fraction(value)
    if isinstance(value, str):
        return parse_exact(value, what=what)
    sp = sys.modules.get("sympy")  # a value can only be a sympy object if sympy is loaded
    if sp is not None and isinstance(value, sp.Basic):
        if value.is_Rational:
            return Fraction(int(value.p), int(value.q))
        raise InputTypeError(f"{what} must be an exact rational number, got the sympy expression {shorten(value)}")
    if isinstance(value, RationalABC):  # numpy integers register as Integral
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, RealABC) or type(value).__name__.startswith("float"):
        raise InputTypeError(f"{what} is the float {value!r}; give an exact number like 1/4 "
                             "(int, fractions.Fraction, sympy Rational or 'p/q')")
    raise InputTypeError(
        f"{what} must be an int, fractions.Fraction, sympy Rational or 'p/q' string, "
        f"got {type(value).__name__} {shorten(value)}"
    )


def sympy_number(value: Any, *, what: str = "value") -> Any:
    """A sympy expression from a number, text or a sympy object, without evaluating any text.

    Text is read by [`parse_exact`][dreidelpoker.strict_numbers.parse_exact] and becomes a ``sympy.Rational``; ints, Fractions and
    numpy integers become Rationals; finite floats become ``sympy.Float``; a sympy expression
    (a ``Symbol``, ``Rational(1, 4) + x``) built by a Python caller is kept as it is. Any other
    object goes to ``sympy.sympify(..., strict=True)``, which refuses to read text.

    Parameters:
        value: the number.
        what: the argument's name, for the message.

    Returns:
        A sympy expression.

    Raises:
        InputTypeError: a bool, a non-finite float, or an object sympy cannot take without
            reading it as text.
        InputError: text that [`parse_exact`][dreidelpoker.strict_numbers.parse_exact] refuses.

    Examples:
        >>> import sympy
        >>> sympy_number("1/4"), sympy_number(sympy.Symbol("g")), sympy_number(0.5)
        (1/4, g, 0.500000000000000)
    """
    import sympy

    if isinstance(value, bool):
        raise InputTypeError(f"{what} must be a number, not the bool {value!r}")
    if isinstance(value, str):
        f = parse_exact(value, what=what)
        return sympy.Rational(f.numerator, f.denominator)
    if isinstance(value, sympy.Basic):
        return value
    if type(value) is int or isinstance(value, Fraction):
        f = Fraction(value)
        return sympy.Rational(f.numerator, f.denominator)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InputError(f"{what} must be finite, got {value!r}")
        return sympy.Float(value)
    try:
        out = sympy.sympify(value, strict=True)  # strict: never falls back to reading str(value)
    except (sympy.SympifyError, TypeError, ValueError):
        raise InputTypeError(f"{what} must be a number or a sympy expression, got "
                             f"{type(value).__name__} {shorten(value)}") from None
    if isinstance(out, sympy.Float) and not out.is_finite:
        raise InputError(f"{what} must be finite, got {shorten(value)}")
    return out
