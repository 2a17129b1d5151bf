"""The integer-indexed float chain and its one adjoint solve agree with the exact chain."""

from __future__ import annotations

import numpy as np
import pytest

from dreidelpoker.games.classic_dreidel import ClassicDreidelRules, analyze
from dreidelpoker.games.classic_dreidel.float_chain import float_absorption, solve_adjoint


@pytest.mark.parametrize("kw", [
    {"players": 2, "coins": 5},
    {"players": 3, "coins": 3},
    {"players": 3, "coins": 2, "stopping": "first-elimination"},
    {"players": 2, "coins": 4, "stopping": "first-gimel"},
    {"players": 3, "coins": 2, "elimination": "zero"},
    {"players": 2, "coins": 3, "reante": False},
])
def test_float_matches_exact(kw: dict[str, object]) -> None:
    rules = ClassicDreidelRules(**kw)  # type: ignore[arg-type]
    exact = analyze(rules=rules, method="exact")
    flt = analyze(rules=rules, method="float")
    assert flt.method == "float" and flt.states == exact.states
    assert abs(float(flt.expected_spins) - float(exact.expected_spins)) < 1e-9 * float(exact.expected_spins)
    for a, b in ((flt.win_probabilities, exact.win_probabilities), (flt.first_out_probabilities, exact.first_out_probabilities)):
        assert (a is None) == (b is None)
        if a is not None and b is not None:
            assert np.allclose([float(x) for x in a], [float(x) for x in b], atol=1e-10)


def test_krylov_path_accepted_on_residual() -> None:
    import scipy.sparse as sp

    rules = ClassicDreidelRules(players=3, coins=4)
    direct = float_absorption(rules)
    assert direct.solver == "splu"
    # the same system through the iterative path
    from dreidelpoker.games.classic_dreidel import float_chain

    captured: dict[str, object] = {}
    original = float_chain.solve_adjoint

    def krylov(qt: sp.csr_matrix, n: int, start: int, **_: object) -> object:
        captured["qt"] = qt
        return original(qt, n, start, direct_max=10)

    float_chain.solve_adjoint = krylov  # type: ignore[assignment]
    try:
        iterative = float_absorption(rules)
    finally:
        float_chain.solve_adjoint = original  # type: ignore[assignment]
    assert iterative.solver in ("bicgstab", "gmres") and iterative.residual <= 1e-10
    assert abs(iterative.expected_steps - direct.expected_steps) < 1e-8
    y, res, how = solve_adjoint(captured["qt"], direct.states - len(direct.absorbed), 0, direct_max=10)
    assert res <= 1e-10 and abs(float(y.sum()) - direct.expected_steps) < 1e-8


def _all_options() -> list[ClassicDreidelRules]:
    from fractions import Fraction as F

    out = []
    for players, coins in ((2, 5), (3, 3), (4, 2)):
        for hey in ("up", "down"):
            for elim in ("cannot-pay", "zero"):
                for reante in (True, False):
                    for stop in ("last-survivor", "first-elimination", "first-gimel"):
                        for faces in ((F(1, 4),) * 4, (F(1, 2), F(1, 6), F(1, 6), F(1, 6)), (F(0), F(1, 2), F(1, 4), F(1, 4))):
                            out.append(ClassicDreidelRules(players=players, coins=coins, hey_rounding=hey,  # type: ignore[arg-type]
                                                           elimination=elim, reante=reante, stopping=stop,  # type: ignore[arg-type]
                                                           face_probabilities=faces))
    return out


def test_array_build_is_the_spin_outcome_build_exactly() -> None:
    """The numpy build restates the spin rules; it must give spin_outcome's chain entry for
    entry (same numbering, same probabilities, same terminals) under every rules option."""
    from dreidelpoker.games.classic_dreidel.float_build import build_arrays
    from dreidelpoker.games.classic_dreidel.float_chain import build_reference

    for rules in _all_options():
        n, qt, r, terminals = build_reference(rules)
        n2, qt2, r2, terminals2 = build_arrays(rules)
        assert (n, terminals) == (n2, terminals2), rules.label
        assert qt.nnz == qt2.nnz and (qt != qt2).nnz == 0, rules.label
        assert r.nnz == r2.nnz and (r != r2).nnz == 0, rules.label


@pytest.mark.parametrize("kw", [
    {"players": 3, "coins": 4},
    {"players": 4, "coins": 2, "elimination": "zero"},
    {"players": 3, "coins": 3, "reante": False, "hey_rounding": "down"},
])
def test_cut_solve_matches_direct(kw: dict[str, object]) -> None:
    """The Schur-complement solve on the cut states gives the direct LU answer; a key that
    is not topological is refused (the whole-system Krylov path answers instead)."""
    from dreidelpoker.games.classic_dreidel.float_build import build_arrays
    from dreidelpoker.games.classic_dreidel.float_chain import cut_and_order

    rules = ClassicDreidelRules(**kw)  # type: ignore[arg-type]
    turns: list[np.ndarray] = []
    n, qt, _, _ = build_arrays(rules, turns=turns)
    cut, order = cut_and_order(turns[0], turns[1], rules.players)
    assert 0 < cut.sum() < n
    direct, _, how = solve_adjoint(qt, n, 0)
    assert how == "splu"
    y, res, how = solve_adjoint(qt, n, 0, direct_max=10, cut=cut, order=order)
    assert how in ("bicgstab-cut", "gmres-cut") and res <= 1e-10
    assert np.allclose(y, direct, rtol=0, atol=1e-9 * float(direct.sum()))
    y, res, how = solve_adjoint(qt, n, 0, direct_max=10, cut=cut, order=-order)
    assert how in ("bicgstab", "gmres") and res <= 1e-10
