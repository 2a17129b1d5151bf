"""Exact-number helpers: decimals of rationals of any size, computed without floats."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dreidelpoker._fractions import FIXED_POINT_MAX_DIGITS, decimal_str, frac_str, int_str

# Numerators and denominators from tiny to thousands of digits (far past float's 1e308).
huge_ints = st.one_of(
    st.integers(min_value=1, max_value=10 ** 6),
    st.integers(min_value=1, max_value=10 ** 400),
    st.builds(lambda a, e: a * 10 ** e + 7, st.integers(1, 10 ** 20), st.integers(300, 5000)),
)


def _expected_fixed(value: Fraction, digits: int) -> Fraction:
    """The multiple of 10**-digits nearest to value, ties to even (written independently)."""
    scaled = value * 10 ** digits
    return Fraction(round(scaled), 10 ** digits)  # Fraction.__round__ rounds half to even


@settings(max_examples=60, deadline=None)
@given(p=huge_ints, q=huge_ints, negative=st.booleans(), digits=st.integers(0, 12))
def test_decimal_str_is_exact_rounding_for_huge_rationals(p: int, q: int, negative: bool, digits: int) -> None:
    value = Fraction(-p if negative else p, q)
    text = decimal_str(sympy.Rational(value.numerator, value.denominator), digits)
    if value.denominator == 1:
        assert text == int_str(value.numerator)
        return
    if abs(value) >= 10 ** FIXED_POINT_MAX_DIGITS:
        mantissa, _, exponent = text.partition("e+")
        shown = Fraction(mantissa) * 10 ** int(exponent)
        # digits decimals of the mantissa: relative error at most half a unit in the last place
        assert abs(shown - value) <= Fraction(1, 2) * Fraction(10 ** int(exponent), 10 ** digits)
        assert 1 <= abs(Fraction(mantissa)) < 10
        return
    assert Fraction(text) == _expected_fixed(value, digits)
    assert len(text.partition(".")[2]) == digits
    assert (text.startswith("-")) == (negative and value != 0)


@settings(max_examples=40, deadline=None)
@given(p=st.integers(-10 ** 12, 10 ** 12), q=st.integers(1, 10 ** 9), digits=st.integers(1, 9))
def test_decimal_str_matches_float_formatting_in_float_range(p: int, q: int, digits: int) -> None:
    value = Fraction(p, q)
    if value.denominator == 1 or abs(value) * 10 ** digits >= 2 ** 50:
        return  # beyond float's 53-bit precision the float is the wrong one (e.g. 7966990994/3 at 7 digits)
    text = decimal_str(value, digits)
    floated = f"{float(value):.{digits}f}"
    # The float may only differ when the exact value sits within float's own error of a tie.
    if text != floated:
        assert abs(Fraction(text) - Fraction(floated)) == Fraction(1, 10 ** digits)
        scaled = abs(value) * 10 ** digits
        gap = abs(scaled - int(scaled) - Fraction(1, 2))
        assert gap <= scaled * Fraction(1, 2 ** 51)


def test_decimal_str_beyond_float_precision() -> None:
    # float(7966990994/3) = 2655663664.6666665...: the exact digits are all sixes.
    assert decimal_str(Fraction(7966990994, 3), 7) == "2655663664.6666667"


def test_decimal_str_examples() -> None:
    assert decimal_str(sympy.Rational(1, 3)) == "0.333333"
    assert decimal_str(sympy.Rational(-1, 3), 2) == "-0.33"
    assert decimal_str(sympy.Rational(1, 8), 2) == "0.12"  # ties to even, like Python's floats
    assert decimal_str(sympy.Rational(3, 8), 2) == "0.38"
    assert decimal_str(sympy.Rational(5, 2), 0) == "2"
    assert decimal_str(sympy.Rational(10 ** 400 + 1, 3 * 10 ** 399), 3) == "3.333"
    assert decimal_str(sympy.Rational(1, 3 * 10 ** 400), 4) == "0.0000"
    assert decimal_str(sympy.Rational(2 * 10 ** 500 - 1, 2), 2) == "1.00e+500"
    assert decimal_str(7) == "7"
    with pytest.raises(ValueError, match="digits must be an integer >= 0, got -1"):
        decimal_str(sympy.Rational(1, 3), -1)


def test_int_and_frac_str_past_the_int_digit_limit() -> None:
    n = 3 * 10 ** 6000 + 1
    assert int_str(n) == "3" + "0" * 5999 + "1"
    assert int_str(-n)[:2] == "-3"
    assert frac_str(sympy.Rational(n, 7)) == int_str(n) + "/7"
    for k in (0, 1, 999, 10 ** 1000 - 1, 10 ** 1000, 10 ** 1000 + 1):
        assert int(int_str(k)) == k
    assert int_str(10 ** 2500 + 12345) == "1" + "0" * 2495 + "12345"


def test_cli_equity_with_a_huge_denominator_prints_decimals(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 15: this command died with OverflowError in decimal_str."""
    from dreidelpoker.cli import main

    args = ["equity", "two-dreidel", "--hand", "GH", "--top-two-only", "--opponent-discard", "HN", "--hand-number", "1600"]
    code = main(args)
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    win_line = next(line for line in out.splitlines() if line.startswith("win"))
    shown = win_line.split()[1]  # the display policy: decimal first, (abbreviated) fraction beside it
    assert main(args + ["--json"]) == 0
    import json

    data = json.loads(capsys.readouterr().out)
    exact = Fraction(data["win"] if "win" in data else data["result"]["win"])
    assert abs(Fraction(shown) - exact) <= Fraction(1, 2 * 10 ** 6)
