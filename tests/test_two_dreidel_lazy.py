"""The Two Dreidel package imports lazily (issue 16): its public names load their own
submodule on first use, and the rules hold exact spin probabilities without sympy until
someone reads them, with the same values, equality and messages as before."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest
import sympy

from dreidelpoker.errors import InputError
from dreidelpoker.games import two_dreidel
from dreidelpoker.games.two_dreidel import TwoDreidelRules


def _loaded_after(code: str, modules: tuple[str, ...]) -> list[str]:
    probe = f"import sys\n{code}\nprint('loaded:' + ','.join(m for m in {modules!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True).stdout
    return [m for m in out.rsplit("loaded:", 1)[1].strip().split(",") if m]


def test_package_import_loads_no_submodule() -> None:
    code = "from dreidelpoker.games import two_dreidel"
    assert _loaded_after(code, ("sympy", "numpy", "dreidelpoker.games.two_dreidel.rulebook.rules")) == []


def test_rules_and_odds_need_no_sympy() -> None:
    code = ("from dreidelpoker.games.two_dreidel import TwoDreidelRules, kept_hand_distribution\n"
            "r = TwoDreidelRules(deck='2-7-7-2', spin_probabilities=('1/2', 0, '1/4', '1/4'))\n"
            "assert r == TwoDreidelRules(deck='2-7-7-2', spin_probabilities=('2/4', '0', '1/4', '1/4'))\n"
            "hash(r); r.label; kept_hand_distribution(r).to_text(); kept_hand_distribution(r).to_dict()")
    assert _loaded_after(code, ("sympy", "numpy")) == []


def test_every_public_name_resolves_and_functions_stay_functions() -> None:
    import dreidelpoker.games.two_dreidel.odds.at_the_table  # noqa: F401  (the submodules of the same name)
    import dreidelpoker.games.two_dreidel.odds.equity  # noqa: F401

    for name in two_dreidel.__all__:
        assert getattr(two_dreidel, name) is not None, name
    assert callable(two_dreidel.equity) and callable(two_dreidel.at_the_table)
    assert two_dreidel.equity("HN", opponents=1).equity == two_dreidel.equity("HN", opponents=1).equity
    assert two_dreidel.deck_cycle.chain.__name__.endswith(".chain")
    with pytest.raises(AttributeError):
        two_dreidel.no_such_name  # noqa: B018


def test_spin_probabilities_read_as_sympy_as_before() -> None:
    r = TwoDreidelRules()
    assert r.spin_probabilities == (sympy.Rational(1, 4),) * 4
    assert all(isinstance(p, sympy.Rational) for p in r.spin_probabilities)
    given = [("1/4",) * 4, (Fraction(1, 4),) * 4, (sympy.Rational(1, 4),) * 4, ("1 / 4",) * 4, ("2/8",) * 4]
    for g in given:
        other = TwoDreidelRules(spin_probabilities=g)
        assert other == r and hash(other) == hash(r), g
        assert other.spin_probabilities == r.spin_probabilities
    biased = TwoDreidelRules(spin_probabilities=(1, 0, 0, 0))
    assert biased != r and biased.spin_probabilities == (1, 0, 0, 0)
    assert biased.label == "Two Dreidel, deck 1-5-5-1, spin_probabilities=1,0,0,0"
    floats = TwoDreidelRules(spin_probabilities=(0.25,) * 4)
    assert floats != r and isinstance(floats.spin_probabilities[0], sympy.Float)
    g = sympy.Symbol("g")
    symbolic = TwoDreidelRules(spin_probabilities=(g, 1 - g, 0, 0))
    assert symbolic.spin_probabilities == (g, 1 - g, 0, 0) and symbolic != r
    with pytest.raises(InputError, match=r"sum to 1, got \(1/2, 1/2, 1/2, 0\)"):
        TwoDreidelRules(spin_probabilities=("1/2", "1/2", "1/2", "0"))
    with pytest.raises(InputError, match="sum to 1"):
        TwoDreidelRules(spin_probabilities=("-1/4", "1/2", "1/2", "1/4"))
