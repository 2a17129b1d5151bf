"""The generic exact result types."""

from __future__ import annotations

import json
from fractions import Fraction

import matplotlib.pyplot as plt
import pytest
import sympy

from dreidelpoker import Distribution, EquityResult, ExactMatrix, ExactTable
from dreidelpoker._fractions import frac_str, to_rational
from dreidelpoker.equity import EquityAccumulator


def test_distribution_basics() -> None:
    d = Distribution.from_weights({"a": 2, "b": 6, "c": 0}, title="t")
    assert d.weights == {"a": 1, "b": 3}
    assert d["a"] == sympy.Rational(1, 4) and d["zzz"] == 0
    assert list(d) == ["a", "b"] and len(d) == 2 and "b" in d
    assert d.probability(lambda k: k != "a") == sympy.Rational(3, 4)
    assert d.map(lambda k: "x").probabilities() == {"x": 1}
    assert json.loads(json.dumps(d.to_dict()))["probabilities"] == {"a": "1/4", "b": "3/4"}
    assert "1/4" in d._repr_html_() and "0.250000" in d._repr_html_()
    assert r"\frac{1}{4}" in d._repr_latex_()
    assert repr(d) == "Distribution({'a': 1/4, 'b': 3/4})"
    ax = d.plot()
    assert len(ax.patches) == 2
    plt.close("all")


def test_distribution_from_probabilities() -> None:
    d = Distribution.from_probabilities({"x": "1/3", "y": Fraction(2, 3)})
    assert d == Distribution.from_weights({"x": 1, "y": 2})
    with pytest.raises(ValueError, match="sum to 1"):
        Distribution.from_probabilities({"x": "1/3"})


@pytest.mark.parametrize(
    ("weights", "error"),
    [({"a": -1}, ValueError), ({"a": 0}, ValueError), ({"a": 1.5}, TypeError), ({"a": True}, TypeError)],
)
def test_distribution_bad_weights(weights: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        Distribution.from_weights(weights)  # type: ignore[arg-type]


def test_table_and_matrix() -> None:
    t = ExactTable(("k", "p"), (("a", sympy.Rational(1, 3)), ("b", sympy.Rational(2, 3))), title="T")
    assert t.to_dict()["rows"] == [{"k": "a", "p": "1/3"}, {"k": "b", "p": "2/3"}]
    assert "1/3" in t.to_text() and "0.3333" in t.to_text()
    assert "dp-scroll" in t._repr_html_()
    with pytest.raises(KeyError, match="no column"):
        t.column("zz")
    with pytest.raises(ValueError, match="cells"):
        ExactTable(("a",), (("x", "y"),))
    m = ExactMatrix(("r",), ("c1", "c2"), ((sympy.Rational(1, 2), sympy.Integer(0)),))
    assert m["r", "c1"] == sympy.Rational(1, 2)
    assert m.to_dict()["values"] == [["1/2", "0"]]
    m.plot()
    plt.close("all")


def test_equity_accumulator_and_result() -> None:
    acc = EquityAccumulator(3)
    acc.add(1, winners=1, hero_wins=True)
    acc.add(1, winners=3, hero_wins=True)
    acc.add(2, winners=1, hero_wins=False)
    r = acc.result("demo")
    assert (r.win, r.tie, r.lose) == (sympy.Rational(1, 4), sympy.Rational(1, 4), sympy.Rational(1, 2))
    assert r.equity == sympy.Rational(1, 4) + sympy.Rational(1, 12)
    with pytest.raises(ValueError):
        EquityResult(win=sympy.Integer(1), tie=sympy.Integer(1), lose=sympy.Integer(0), equity=sympy.Integer(1))


@pytest.mark.parametrize("total,win,tie,share,unit", [
    (11, 9, 2, 20, 2), (4, 0, 0, 0, 1), (4, 4, 0, 4, 1), (60, 7, 13, 7 * 6 + 13 * 2, 6), (5, 0, 5, 5, 5),
])
def test_equity_from_counts_is_the_checked_constructor(total: int, win: int, tie: int, share: int, unit: int) -> None:
    fast = EquityResult.from_counts(total, win, tie, share, unit, "d")
    import numpy as np

    assert EquityResult.from_counts(np.int64(total), win, tie, share, np.int32(unit), "d") == fast
    checked = EquityResult(win=Fraction(win, total), tie=Fraction(tie, total), lose=1 - Fraction(win + tie, total),
                           equity=Fraction(share, total * unit), description="d")
    assert fast == checked and fast.fractions() == checked.fractions() and fast.details == {}
    assert [type(v) for v in fast.fractions()] == [Fraction] * 4


@pytest.mark.parametrize("counts,error", [
    ((0, 0, 0, 0, 1), ValueError), ((4, 3, 2, 3, 1), ValueError), ((4, -1, 0, 0, 1), ValueError),
    ((4, 2, 0, 1, 1), ValueError), ((4, 2, 1, 4, 1), ValueError), ((4, 1, 1, 1, 0), ValueError),
    ((4.0, 1, 1, 1, 1), TypeError), ((4, True, 1, 1, 1), TypeError), ((4, 1, 1, 1, 2.0), TypeError),
])
def test_equity_from_counts_refuses_counts_that_cannot_happen(counts: tuple[object, ...], error: type) -> None:
    with pytest.raises(error):
        EquityResult.from_counts(*counts)  # type: ignore[arg-type]


def test_fraction_helpers() -> None:
    assert frac_str(sympy.Rational(10, 4)) == "5/2"
    with pytest.raises(ValueError, match="not an exact number"):
        to_rational("abc")
    with pytest.raises(TypeError):
        to_rational(0.5)
