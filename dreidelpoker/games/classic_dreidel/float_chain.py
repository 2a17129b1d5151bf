"""The classic-dreidel chain in floating point, built for size.

The exact chain (:func:`~.chain.dreidel_chain`) keeps a dict of Fraction rows per state
and validates every entry. For big games (4 players x 10 coins is about a million states)
this module builds the chain integer-indexed instead: states are numbered as they are
found, transitions go into flat ``array`` buffers (source, target, probability) and become
one scipy CSR matrix, with no per-entry validation (the successor function is the same
:func:`~.chain.spin_outcome` the exact chain and the simulator use, checked by the tests).

Everything asked about the start state comes from **one adjoint solve**
``(I - Q)^T y = e_start``: ``y`` is the expected number of visits to every transient
state, so the expected number of spins is ``sum(y)`` and the probability of ending in
terminal ``a`` is ``y . R[:, a]``. The solve accepts a Krylov answer on its residual (not
on the solver's flag: BiCGSTAB can report a breakdown at a residual of 1e-14), falls back
to GMRES and then to a direct sparse LU.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ...errors import ResourceLimitError
from ...limits import open_progress_bar
from .rules import FACES, ClassicDreidelRules
from .float_build import TABLE_MAX, Built, build_arrays, table_size
from .spins import spin_outcome, start_state

__all__ = ["FloatAbsorption", "build_reference", "float_absorption", "solve_adjoint"]

_TERMINAL = ("win", "draw", "out")
#: Accept an iterative solution when ||A y - b|| <= RESIDUAL_TOL * ||b||.
RESIDUAL_TOL = 1e-10


@dataclass(frozen=True)
class FloatAbsorption:
    """Expected spins and absorption probabilities from the start state (floats)."""

    expected_steps: float
    absorbed: Mapping[Any, float]
    states: int
    residual: float
    solver: str


def solve_adjoint(qt: Any, n: int, start: int, *, direct_max: int = 3000) -> tuple[npt.NDArray[np.float64], float, str]:
    """Solve ``(I - Q)^T y = e_start`` given the CSR matrix ``qt = Q^T``.

    Returns ``(y, relative residual, solver name)``. Small systems use SuperLU; larger
    ones BiCGSTAB, then GMRES, accepted on the residual; SuperLU if both fail.

    Parameters:
        qt: ``Q^T`` as a CSR matrix (transient states only).
        n: the number of transient states.
        start: the start state's index.
        direct_max: systems up to this size are solved directly.

    Returns:
        ``(y, relative residual, solver name)``; ``y[i]`` is the expected number of visits to
        state ``i``.

    Examples:
        >>> import scipy.sparse as sp
        >>> qt = sp.csr_matrix(np.array([[0.0, 0.5], [0.5, 0.0]]))  # symmetric Q
        >>> y, res, how = solve_adjoint(qt, 2, 0)
        >>> [round(float(v), 6) for v in y], how
        ([1.333333, 0.666667], 'splu')
    """
    import scipy.sparse as sp
    from scipy.sparse.linalg import bicgstab, gmres, spsolve

    a = (sp.identity(n, format="csr") - qt).tocsr()
    b = np.zeros(n)
    b[start] = 1.0

    def residual(y: npt.NDArray[np.float64]) -> float:
        return float(np.linalg.norm(a @ y - b))  # ||b|| = 1

    if n <= direct_max:
        y = np.asarray(spsolve(a.tocsc(), b), dtype=float)
        return y, residual(y), "splu"
    # BiCGSTAB's shadow residual is its first residual: from x0 = 0 that is e_start, whose
    # one entry the iteration soon zeroes (a breakdown). A small fixed start avoids it.
    x0 = np.random.default_rng(0).random(n) * 1e-3
    with _one_blas_thread():  # vector operations are memory-bound; threads only spin
        for name, method in (("bicgstab", bicgstab), ("gmres", gmres)):
            y, _info = method(a, b, x0=x0, rtol=1e-13, atol=0.0, maxiter=20_000)
            res = residual(y)
            if np.all(np.isfinite(y)) and res <= RESIDUAL_TOL:
                return np.asarray(y, dtype=float), res, name
    y = np.asarray(spsolve(a.tocsc(), b), dtype=float)
    return y, residual(y), "splu"


def _one_blas_thread() -> Any:
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - optional speed-up
        import contextlib

        return contextlib.nullcontext()
    return threadpool_limits(limits=1, user_api="blas")


def float_absorption(rules: ClassicDreidelRules, *, max_states: int = 3_000_000,
                     progress: bool = False) -> FloatAbsorption:
    """Build the chain integer-indexed in floats and answer from one adjoint solve.

    Parameters:
        rules: the rules.
        max_states: the most transient states allowed.
        progress: show a progress bar while the chain is built.

    Returns:
        A :class:`FloatAbsorption`: expected spins, absorption probabilities, state count,
        the solve's residual and the solver used.

    Raises:
        ResourceLimitError: the chain has more than ``max_states`` transient states.

    Examples:
        >>> r = float_absorption(ClassicDreidelRules(players=2, coins=1))
        >>> round(r.expected_steps, 10), {k: round(v, 10) for k, v in sorted(r.absorbed.items())}
        (2.2222222222, {('win', 0): 0.5441176471, ('win', 1): 0.4558823529})
    """
    if table_size(rules) <= TABLE_MAX:
        n, qt, r, terminals = build_arrays(rules, max_states=max_states, progress=progress)
    else:  # pragma: no cover - a chain this big does not fit in memory anyway
        n, qt, r, terminals = build_reference(rules, max_states=max_states, progress=progress)
    y, res, how = solve_adjoint(qt, n, 0)
    absorbed = np.asarray(r.T @ y).ravel()
    return FloatAbsorption(float(y.sum()), {t: float(absorbed[k]) for k, t in enumerate(terminals)},
                           n + len(terminals), res, how)


def build_reference(rules: ClassicDreidelRules, *, max_states: int = 3_000_000, progress: bool = False) -> Built:
    """Build ``Q^T`` and ``R`` state by state from :func:`~.spins.spin_outcome` (the rules'
    one statement); the array build (:func:`~.float_build.build_arrays`) is checked against it.

    Parameters:
        rules: the rules.
        max_states: the most transient states allowed.
        progress: show a progress bar while the chain is built.

    Returns:
        ``(n, Q^T, R, terminals)`` as :func:`~.float_build.build_arrays` returns them.

    Raises:
        ResourceLimitError: the chain has more than ``max_states`` transient states.

    Examples:
        >>> n, qt, r, terminals = build_reference(ClassicDreidelRules(players=2, coins=1))
        >>> n, qt.nnz, terminals
        (6, 12, [('win', 0), ('win', 1)])
    """
    import scipy.sparse as sp

    spin = getattr(spin_outcome, "__wrapped__", spin_outcome)  # skip the deprecation shim per call
    faces = [(f, float(p)) for f, p in zip(FACES, rules.face_probabilities) if p]
    start = start_state(rules=rules)
    index: dict[Any, int] = {start: 0}
    states: list[Any] = [start]
    terminals: dict[Any, int] = {}
    src, dst, val = array("l"), array("l"), array("d")
    tsrc, tdst, tval = array("l"), array("l"), array("d")
    bar = open_progress_bar(None, "exploring states", enabled=progress, unit=" states", min_total=0)
    try:
        i = 0
        while i < len(states):
            s = states[i]
            for face, p in faces:
                t = spin(s, face, rules=rules)
                if t[0] in _TERMINAL:
                    k = terminals.setdefault(t, len(terminals))
                    tsrc.append(i)
                    tdst.append(k)
                    tval.append(p)
                    continue
                j = index.get(t)
                if j is None:
                    j = index[t] = len(states)
                    states.append(t)
                    if j >= max_states:
                        raise ResourceLimitError(f"the chain has more than max_states={max_states} states; "
                                                 "raise max_states or reduce the model")
                src.append(i)
                dst.append(j)
                val.append(p)
            i += 1
            if i % 10_000 == 0:
                bar.update(10_000)
    finally:
        bar.close()
    n = len(states)
    del index, states
    qt = sp.csr_matrix((np.frombuffer(val), (np.frombuffer(dst, dtype=np.int_), np.frombuffer(src, dtype=np.int_))),
                       shape=(n, n))
    del src, dst, val
    r = sp.csr_matrix((np.frombuffer(tval), (np.frombuffer(tsrc, dtype=np.int_), np.frombuffer(tdst, dtype=np.int_))),
                      shape=(n, len(terminals)))
    return n, qt, r, sorted(terminals, key=terminals.__getitem__)
