"""Number handling for [`dreidelpoker.markov`][dreidelpoker.markov]: validating exact and float
probabilities, and turning internal Fractions into sympy Rationals."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from numbers import Real as _RealABC
from typing import Any

import numpy as np
import sympy

from ._fractions import to_fraction, to_rational
from .errors import InputError, InputTypeError
from .strict_numbers import parse_float

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
        return parse_float(value, what=what)  # strict: no 'nan', no other scripts' digits
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
        return to_rational(value)
    return float(value)


def _check_row(s: Any, row_in: Mapping[Any, Any], index: Mapping[Any, int], exact: bool) -> dict[int, _Num]:
    """Validate one row ``{successor: probability}`` of state ``s`` into ``{index: number}``."""
    row: dict[int, _Num] = {}
    total: _Num = Fraction(0) if exact else 0.0
    for t, p in row_in.items():
        what = f"transition probability from {s!r} to {t!r}"
        v = _exact_prob(p, what) if exact else _float_prob(p, what)
        if v < 0:
            raise InputError(f"{what} is negative ({v}); probabilities must be >= 0")
        if t not in index:
            raise InputError(f"state {t!r} (a successor of {s!r}) has no transitions of its own; "
                             f"add it, e.g. as absorbing: {{{t!r}: {{{t!r}: 1}}}}")
        total += v
        if v:
            j = index[t]
            row[j] = row.get(j, 0) + v
    if exact and total != 1:
        raise InputError(f"transition probabilities out of state {s!r} sum to {total}, not 1")
    if not exact and abs(total - 1.0) > _FLOAT_TOL:
        raise InputError(f"transition probabilities out of state {s!r} sum to {total!r}, not 1")
    return row
