"""``TwoDreidelRules.spin_probabilities`` without importing sympy until someone reads it.

The field has always held sympy expressions (numbers or symbols), and still does when read.
But most uses of the rules never look at the dreidel's faces (the CLI's ``odds``, the deck
chain), and importing sympy costs more than the rest of such a command. So plain exact
numbers (ints, Fractions, sympy Rationals, number text read strictly by
[`parse_exact`][dreidelpoker.strict_numbers.parse_exact]) are validated as Fractions and turned into
sympy Rationals on first read; floats and sympy objects (symbols, expressions built in Python)
go through sympy at once. Text is never handed to sympy.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...._fractions import loaded_sympy, to_fraction, to_rational
from ....strict_numbers import parse_exact

__all__ = ["SpinProbabilities", "exact_spin_probabilities"]

def exact_spin_probabilities(values: Sequence[Any]) -> tuple[Fraction, ...] | None:
    """The face probabilities as Fractions when every one is a plain exact number and they
    are a distribution (each >= 0, summing to 1); ``None`` otherwise, and then the rules
    validate them with sympy (whose error messages users see).

    Examples:
        >>> exact_spin_probabilities(("1/2", 0, Fraction(1, 4), "1/4"))
        (Fraction(1, 2), Fraction(0, 1), Fraction(1, 4), Fraction(1, 4))
        >>> exact_spin_probabilities((0.5, 0.5)) is None, exact_spin_probabilities(("1/2", "1/3")) is None
        (True, True)
    """
    sympy = loaded_sympy()
    out: list[Fraction] = []
    for p in values:
        if type(p) is int or type(p) is Fraction:
            out.append(Fraction(p))
        elif isinstance(p, str):
            out.append(parse_exact(p, what="spin probability"))  # strict: never evaluated
        elif sympy is not None and isinstance(p, sympy.Rational):
            out.append(to_fraction(p))
        else:
            return None
    if any(f < 0 for f in out) or sum(out) != 1:
        return None
    return tuple(out)


class SpinProbabilities:
    """The data descriptor behind the ``spin_probabilities`` field (its dataclass default is
    the descriptor itself, read as four quarters).

    The instance keeps what it was given (``_spin_given``, read back only while the rules
    validate it), then either the validated Fractions (``_spin_exact``) or the sympy values
    (``_spin_sympy``); reading the field gives sympy values, made once from the Fractions.
    """

    DEFAULT: tuple[Fraction, ...] = (Fraction(1, 4),) * 4

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None:
            return self
        d = obj.__dict__
        if "_spin_sympy" in d:
            return d["_spin_sympy"]
        if "_spin_exact" in d:

            d["_spin_sympy"] = tuple(to_rational(f) for f in d["_spin_exact"])
            return d["_spin_sympy"]
        return d["_spin_given"]

    def __set__(self, obj: Any, value: Any) -> None:
        d = obj.__dict__
        d["_spin_given"] = self.DEFAULT if value is self else value
        d.pop("_spin_exact", None)
        d.pop("_spin_sympy", None)

    def __repr__(self) -> str:
        return "(1/4, 1/4, 1/4, 1/4)"
