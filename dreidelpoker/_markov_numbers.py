"""Number handling for :mod:`dreidelpoker.markov`: validating exact and float
probabilities, and turning internal Fractions into sympy Rationals."""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Real as _RealABC
from typing import Any

import numpy as np
import sympy

from ._fractions import to_fraction
from .errors import InputError, InputTypeError

_FLOAT_TOL = 1e-9
_Num = Any  # Fraction in exact mode, float in float mode


def _exact_prob(value: Any, what: str) -> Fraction:
    if isinstance(value, (float, np.floating)):
        raise InputTypeError(
            f"{what} is the float {value!r}; an exact chain takes int, fractions.Fraction, "
            "sympy Rational or 'p/q' strings (build the chain with exact=False for floats)"
        )
    if isinstance(value, np.integer):
        return Fraction(int(value))
    try:
        return to_fraction(value, what=what)
    except InputError as exc:  # a string that is no number: a type problem for a chain
        raise InputTypeError(str(exc)) from None


def _float_prob(value: Any, what: str) -> float:
    if isinstance(value, bool):
        raise InputTypeError(f"{what} must be a number, not the bool {value!r}")
    if isinstance(value, str):
        try:
            return float(Fraction(value.strip()))
        except (ValueError, ZeroDivisionError):
            try:
                return float(value)
            except ValueError:
                raise InputTypeError(f"{what} {value!r} is not a number") from None
    if isinstance(value, (_RealABC, np.integer, np.floating)) or (
        isinstance(value, sympy.Basic) and value.is_number and value.is_real
    ):
        f = float(value)
        if not math.isfinite(f):
            raise InputError(f"{what} is {f}; probabilities must be finite")
        return f
    raise InputTypeError(f"{what} must be a real number, got {type(value).__name__} {value!r}")


def _out(value: _Num, exact: bool) -> Any:
    if exact:
        return sympy.Rational(value.numerator, value.denominator)
    return float(value)
