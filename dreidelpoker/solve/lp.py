"""The sequence-form linear program (Koller, Megiddo and von Stengel 1996), solved by HiGHS.

For seat 0 with realization plan ``x`` (``E x = e, x ≥ 0``) against seat 1 (``F y = f``):

    max  f·q   over x ≥ 0, q free,   s.t.  E x = e,  Fᵀ q − Aᵀ x ≤ 0

and symmetrically for seat 1. The optimum ``f·q`` is the game value to seat 0.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import scipy.sparse as sp
from scipy.optimize import linprog

from .efg import ExtensiveForm

__all__ = ["LPSolution", "solve_sequence_form"]


@dataclass(frozen=True)
class LPSolution:
    """Float realization plans of both seats and the value to seat 0 (from seat 0's LP)."""

    plans: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]
    value: float


def _solve_side(form: ExtensiveForm, player: int) -> tuple[npt.NDArray[np.float64], float]:
    E = form.constraint_matrix(player)
    F = form.constraint_matrix(1 - player)
    A = form.matrix if player == 0 else -form.matrix.T  # payoff to `player`, rows = player's sequences
    n, m = E.shape[1], F.shape[0]
    # variables: [x (n), q (m)]; maximise q[0] -> minimise -q[0]
    c = np.zeros(n + m)
    c[n] = -1.0
    a_eq = sp.hstack([E, sp.csr_matrix((E.shape[0], m))]).tocsr()
    b_eq = np.zeros(E.shape[0])
    b_eq[0] = 1.0
    a_ub = sp.hstack([-A.T, F.T]).tocsr()
    b_ub = np.zeros(a_ub.shape[0])
    bounds = [(0, None)] * n + [(None, None)] * m
    res = linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq, bounds=bounds, method="highs",
                  options={"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10})
    if res.status != 0:  # pragma: no cover - HiGHS fails only on broken input
        raise RuntimeError(f"the sequence-form LP failed: {res.message}")
    return np.asarray(res.x[:n], dtype=np.float64), float(-res.fun)


def solve_sequence_form(form: ExtensiveForm) -> LPSolution:
    """Solve both seats' sequence-form LPs.

    Parameters:
        form: the game.

    Returns:
        An `LPSolution`: each seat's equilibrium realization plan (floats) and the value.

    Examples:
        >>> from dreidelpoker.solve.efg import extensive_form
        >>> from dreidelpoker.solve.examples import matrix_game
        >>> sol = solve_sequence_form(extensive_form(matrix_game([[2, -1], [-1, 1]])))
        >>> round(sol.value, 6)
        0.2
    """
    x, v0 = _solve_side(form, 0)
    y, _v1 = _solve_side(form, 1)
    return LPSolution((x, y), v0)
