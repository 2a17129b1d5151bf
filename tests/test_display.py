"""The display policy: decimals first, exact fraction beside when short, one option switch."""

from __future__ import annotations

import decimal
import html
import re
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import dreidelpoker as dp
from dreidelpoker import display
from dreidelpoker.display import decimal_text, number_html, number_text, option_context, table_html, text_table

R = sympy.Rational


def _oracle_decimal(p: int, q: int, digits: int) -> str:
    """Round p/q half to even with the decimal module (independent of display.py)."""
    ctx = decimal.Context(prec=len(str(p)) + len(str(q)) + digits + 10, rounding=decimal.ROUND_HALF_EVEN)
    v = ctx.divide(decimal.Decimal(p), decimal.Decimal(q))
    return f"{v.quantize(decimal.Decimal(1).scaleb(-digits), context=ctx):f}"


@settings(max_examples=200, deadline=None)
@given(p=st.integers(min_value=-(10**300), max_value=10**300), q=st.integers(min_value=2, max_value=10**300),
       digits=st.integers(min_value=1, max_value=12))
def test_decimal_text_matches_decimal_module_for_huge_rationals(p: int, q: int, digits: int) -> None:
    f = Fraction(p, q)
    if f.denominator == 1:
        assert decimal_text(R(p, q), digits) == str(f.numerator)
        return
    got = decimal_text(R(p, q), digits)
    if "e-" in got:  # too small for the fixed precision: scientific notation, 3 significant digits
        assert abs(f) < Fraction(1, 2 * 10**digits)
        assert abs(Fraction(got) - f) <= abs(f) * Fraction(6, 1000)
    elif "e+" in got:  # more than 30 digits before the point: scientific with `digits` decimals
        assert abs(f) >= 10**30
        assert abs(Fraction(got) - f) <= abs(f) * Fraction(6, 10**digits)
    else:
        want = _oracle_decimal(f.numerator, f.denominator, digits)
        assert got == want


def test_decimal_text_never_overflows_floats() -> None:
    huge = R(10**400 + 7, 3 * 10**399)  # float(p) alone would overflow
    assert decimal_text(huge, 4) == "3.3333"
    assert decimal_text(R(1, 10**400), 3) == "1.00e-400"


def test_policy_modes() -> None:
    short, long_ = R(7, 22), R(49455401977726216717554407002640849, 193814436277218924757155929839458672)
    assert number_text(short) == "0.318182 (7/22)"
    assert number_text(long_) == "0.255169 (4945…/1938…)"  # 0.2551693…
    with option_context(exact="always"):
        assert number_text(long_).endswith(f"({long_.p}/{long_.q})")
    with option_context(exact="never"):
        assert number_text(short) == "0.318182"
        assert "title" in number_html(long_)  # the exact value stays one step away
    with option_context(decimals=3):
        assert number_text(short) == "0.318 (7/22)"
    assert number_text(short, percent=True) == "31.82% (7/22)"
    assert number_text(R(5)) == "5" and number_text("x") == "x"


def test_long_fraction_has_full_value_in_tooltip_and_copy_button() -> None:
    v = R(10**40 + 1, 3 * 10**40 + 7)
    h = number_html(v)
    assert f'title="{v.p}/{v.q}"' in h and f'data-exact="{v.p}/{v.q}"' in h and "dp-copy" in h
    visible = re.sub(r"<[^>]+>", "", h.replace("⧉", ""))
    assert len(visible) < 30  # nothing long in the visible text
    assert "dp-copy" not in number_html(R(1, 3))


def test_options_reject_unknown_values() -> None:
    with pytest.raises(ValueError, match="'auto', 'always', 'never'; got 'sometimes'"):
        dp.options.display.exact = "sometimes"
    with pytest.raises(ValueError, match="decimals must be an integer from 1 to 50"):
        dp.options.display.decimals = 0
    with pytest.raises(ValueError, match="unknown display option 'colour'"):
        with option_context(colour="red"):
            pass
    assert dp.options.display.exact == "auto"


def test_option_setting_changes_every_result_type() -> None:
    d = dp.two_dreidel.kept_hand_distribution()
    try:
        dp.options.display.exact = "never"
        assert "7/22" not in d.to_text() and "0.318182" in d.to_text()
        assert "(7/22)" not in d._repr_html_()
    finally:
        dp.options.display.reset()
    assert "0.318182 (7/22)" in d.to_text() and "(7/22)" in d._repr_html_()


def test_tables_scroll_and_escape() -> None:
    h = table_html(["<x>"], [["<b>"], [R(1, 3)]], title="t&t")
    assert h.startswith('<div class="dp-scroll" style="overflow-x:auto')
    assert "&lt;x&gt;" in h and "&lt;b&gt;" in h and "t&amp;t" in h
    assert text_table(["a"], [[R(1, 2)]]).splitlines()[-1] == "0.500000 (1/2)"


def test_every_result_type_uses_the_policy() -> None:
    from dreidelpoker.games import classic_dreidel as cd
    from dreidelpoker.games import dice_poker as dpk
    from dreidelpoker.games import domino_poker as dom
    from dreidelpoker.games import two_dreidel as td

    results = [
        td.kept_hand_distribution(),
        td.put_back_equities("GHN", opponents=1),
        td.spin_table(pot=4, equity=R(1, 2), hero_stack=8, opponents=[6]),
        td.opponent_posterior(td.TwoDreidelRules(), discards="GH", policy="normal-best"),
        cd.analyze(rules=cd.ClassicDreidelRules(players=2, coins=1)),
        dpk.category_table(),
        dom.category_table(),
    ]
    for r in results:
        h = r._repr_html_()
        assert "dp-scroll" in h, type(r).__name__
        assert "overflow-x:auto" in h
        # no visible run of more than 12 digits: long fractions are abbreviated
        visible = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r'title="[^"]*"|data-exact="[^"]*"', "", h)))
        assert not re.search(r"\d{13,}", visible), type(r).__name__


def test_to_pandas_exact_and_float() -> None:
    from dreidelpoker.games import dice_poker as dpk
    from dreidelpoker.games import domino_poker as dom
    from dreidelpoker.games import two_dreidel as td

    d = td.kept_hand_distribution()
    df = d.to_pandas()
    assert list(df.columns) == ["hand", "probability"]
    assert df.set_index("hand").loc["HH", "probability"] == pytest.approx(7 / 22)
    assert d.to_pandas(exact=True).set_index("hand").loc["HH", "probability"] == R(7, 22)
    assert abs(df["probability"].sum() - 1) < 1e-12
    pb = td.put_back_equities("GHN", opponents=1).to_pandas(exact=True)
    assert list(pb.columns) == ["put back", "keep", "win", "tie", "lose", "equity"]
    assert all(pb["win"] + pb["tie"] + pb["lose"] == 1)
    ct = dpk.category_table().to_pandas()
    assert ct["probability"].sum() == pytest.approx(1)
    assert dom.category_table().to_pandas(exact=True)["probability"].sum() == 1
    eq = dp.EquityResult(win=R(1, 2), tie=R(0), lose=R(1, 2), equity=R(1, 2)).to_pandas(exact=True)
    assert eq.loc[0, "equity"] == R(1, 2)


def test_display_module_is_documented_in_one_place() -> None:
    assert dp.options.display is display.options.display
    assert "options.display.exact" in (display.__doc__ or "")
