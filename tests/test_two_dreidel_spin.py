"""Spin decisions (RULES.md 1.4) against hand-worked chip counts and an independent enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.odds.spin_decision import spin_decision, spin_table
from dreidelpoker.games.two_dreidel.rulebook.betting import spin_buy_in


def test_buy_ins_follow_rules_1_4() -> None:
    # G = the whole pot, H = half rounded up (option: down), N = nothing, S = one chip.
    assert [spin_buy_in(f, 7) for f in "GHNS"] == [7, 4, 0, 1]
    assert spin_buy_in("H", 7, rules=TwoDreidelRules(half_pot_rounding="down")) == 3
    assert spin_buy_in("ג", 2) == 2  # Hebrew letters work as faces


def test_whole_pot_spin_against_everyone_calling() -> None:
    # Pot 6, buy-in 6, c opponents call: the pot becomes 6 + 6(c + 1), break-even 1/(c + 2).
    for c in range(1, 8):
        d = spin_decision("G", pot=6, equity="1/2", opponents=c)
        assert d.break_even == sympy.Rational(1, c + 2)
        assert d.ev_call == sympy.Rational(1, 2) * (6 + 6 * (c + 1)) - 6


def test_free_spin_is_never_worse_than_folding() -> None:
    d = spin_decision("N", pot=9, equity=0, opponents=3)
    assert d.ev_call == 0 and d.decision == "either" and d.break_even == 0
    assert spin_decision("N", pot=9, equity="1/10", opponents=3).decision == "call"


def test_nobody_else_calls_wins_the_pot() -> None:
    for face in "GHNS":
        d = spin_decision(face, pot=5, equity=0, opponents=4, call_probability=0)
        assert d.ev_call == 5 and d.decision == "call"


def test_short_stacks_all_in_and_fold_options() -> None:
    # Hero has 2 chips facing a 6-chip buy-in: all-in for 2, can win 6 + 2 + 2 from one deep caller.
    d = spin_decision("G", pot=6, equity="1/4", hero_stack=2, opponents=1)
    assert d.pay == 2 and d.ev_call == sympy.Rational(1, 4) * 10 - 2
    # A short opponent (3 chips) matches only 3 of the hero's 6.
    d = spin_decision("G", pot=6, equity="1/2", opponents=[3])
    assert d.ev_call == sympy.Rational(1, 2) * (6 + 6 + 3) - 6
    rules = TwoDreidelRules(short_stack="fold")
    d = spin_decision("G", pot=6, equity="1/2", hero_stack=2, opponents=1, rules=rules)
    assert d.ev_call is None and d.decision == "fold" and d.break_even is None
    # The short opponent must fold: the hero wins the pot alone.
    d = spin_decision("G", pot=6, equity=0, opponents=[3], rules=rules)
    assert d.ev_call == 6


def brute_ev(face_buy_in: int, pot: int, e: Fraction, hero_stack: int, stacks: list[int], q: Fraction) -> Fraction:
    """Chip-by-chip: every subset of callers, side pots built from contributions."""
    x = min(face_buy_in, hero_stack)
    ev = Fraction(0)
    for mask in itertools.product([False, True], repeat=len(stacks)):
        p = Fraction(1)
        for m in mask:
            p *= q if m else 1 - q
        contrib = [min(face_buy_in, s) for s, m in zip(stacks, mask) if m]
        if not contrib:
            ev += p * pot
            continue
        main = pot + x + sum(min(c, x) for c in contrib)  # what the hero can win
        ev += p * (e * main - x)
    return ev


@settings(max_examples=60, deadline=None)
@given(
    face=st.sampled_from("GHNS"),
    pot=st.integers(0, 30),
    e=st.fractions(0, 1, max_denominator=50),
    hero_stack=st.integers(0, 40),
    stacks=st.lists(st.integers(0, 40), min_size=1, max_size=4),
    q=st.sampled_from([Fraction(0), Fraction(1, 3), Fraction(1, 2), Fraction(1)]),
)
def test_ev_matches_chip_enumeration(face: str, pot: int, e: Fraction, hero_stack: int, stacks: list[int],
                                     q: Fraction) -> None:
    d = spin_decision(face, pot=pot, equity=e, hero_stack=hero_stack, opponents=stacks, call_probability=q)
    b = spin_buy_in(face, pot)
    expected = brute_ev(b, pot, e, hero_stack, stacks, q)
    assert d.ev_call == sympy.Rational(expected.numerator, expected.denominator)
    # At the break-even equity (when inside (0, 1)) calling and folding are worth the same.
    if d.break_even is not None and 0 < d.break_even < 1:
        be = Fraction(int(d.break_even.p), int(d.break_even.q))
        assert brute_ev(b, pot, be, hero_stack, stacks, q) == 0


def test_spin_table_rows_and_value() -> None:
    t = spin_table(pot=4, equity="1/6", opponents=2)
    assert [d.face for d in t.decisions] == ["G", "H", "N", "S"]
    best = [max(d.ev_call, 0) for d in t.decisions]  # type: ignore[type-var]
    assert t.value == sum(best) / 4
    assert "no-limit round" in " ".join(t.assumptions)
    assert t.to_dict()["faces"][0]["decision"] == "fold"
    assert "break-even equity" in t.to_text() and "dp-spin" in t._repr_html_()
    biased = TwoDreidelRules(spin_probabilities=("1/2", "1/6", "1/6", "1/6"))
    tb = spin_table(pot=4, equity="1/6", opponents=2, rules=biased)
    assert tb.value == sympy.Rational(1, 2) * best[0] + sum(best[1:]) / 6


def test_decimal_equity_is_taken_exactly() -> None:
    assert spin_decision("G", pot=2, equity=0.35).equity == sympy.Rational(7, 20)


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="spin face 'X' is not one of"):
        spin_decision("X", pot=3, equity="1/2")
    with pytest.raises(ValueError, match="pot must be an integer >= 0"):
        spin_decision("G", pot=-1, equity="1/2")
    with pytest.raises(ValueError, match="equity must be between 0 and 1"):
        spin_decision("G", pot=3, equity="3/2")
    with pytest.raises(ValueError, match="opponents still in must number 1 to 7, got 0"):
        spin_decision("G", pot=3, equity="1/2", opponents=0)
    with pytest.raises(ValueError, match="opponents still in must number 1 to 7, got 8"):
        spin_table(pot=3, equity="1/2", opponents=8)
    with pytest.raises(ValueError, match="call_probability must be between 0 and 1"):
        spin_decision("G", pot=3, equity="1/2", call_probability=2)
    with pytest.raises(ValueError, match="hero_stack must be"):
        spin_decision("G", pot=3, equity="1/2", hero_stack=-2)


def test_expectation_keeps_rationals_exact() -> None:
    # Regression: sympy.nsimplify(Rational(1065, 88)) returns a product of surds.
    from dreidelpoker.exact import Distribution

    d = Distribution.from_weights({1065: 1, 0: 1})
    assert d.expectation(lambda k: sympy.Rational(k, 88)) == sympy.Rational(1065, 176)
    assert spin_decision("G", pot=30, equity="4/11", hero_stack=0, opponents=[0, 0, 0, 0],
                         call_probability="1/2").ev_call == sympy.Rational(1065, 88)
