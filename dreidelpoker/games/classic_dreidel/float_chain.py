"""The classic-dreidel chain in floating point, built for size.

The exact chain ([`dreidel_chain`][dreidelpoker.games.classic_dreidel.dreidel_chain]) keeps a dict of Fraction rows per state
and validates every entry. For big games (4 players x 10 coins is 641,240 states) this
module builds the chain integer-indexed instead, with no per-entry validation: on numpy
arrays a breadth-first level at a time ([`float_build`][dreidelpoker.games.classic_dreidel.float_build]), checked entry for entry by
the tests against [`build_reference`][dreidelpoker.games.classic_dreidel.float_chain.build_reference], which builds the same matrices state by state
from [`spin_outcome`][dreidelpoker.games.classic_dreidel.spin_outcome] (the successor function the exact chain and the
simulator use).

Everything asked about the start state comes from **one adjoint solve**
``(I - Q)^T y = e_start``: ``y`` is the expected number of visits to every transient
state, so the expected number of spins is ``sum(y)`` and the probability of ending in
terminal ``a`` is ``y . R[:, a]``. The solve accepts a Krylov answer on its residual (not
on the solver's flag: BiCGSTAB can report a breakdown at a residual of 1e-14), falls back
to GMRES and then to a direct sparse LU.

**The solve works on a quarter of the states.** Within one set of seats still in, the turn
goes round the table, so every cycle of the chain passes through a state whose spinner is
the lowest seat still in (the *cut*). The other states form a DAG: ordered by (seats out,
out mask, place of the spinner after the lowest seat), ``I - Q`` restricted to them is
triangular and is solved layer by layer (one sparse product per layer). Eliminating
them leaves the Schur complement on the cut, ``(I - A_SS - A_SN (I - A_NN)^{-1} A_NS) y_S = e_start`` with
``A = Q^T``, whose spectrum no longer has the turn's rotational symmetry: BiCGSTAB
converges there in about 60 iterations instead of 300 on the whole chain (4 x 10 coins).
The answer is still accepted on the residual of the whole system.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ...errors import ResourceLimitError
from ...limits import open_progress_bar
from .rules import FACES, ClassicDreidelRules
from .float_build import TABLE_MAX, Built, build_arrays, table_size
from .spins import spin_outcome, start_state
from ...validation import check_count

__all__ = ["FloatAbsorption", "build_reference", "cut_and_order", "float_absorption", "solve_adjoint"]

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


def solve_adjoint(qt: Any, n: int, start: int, *, direct_max: int = 3000,
                  cut: npt.NDArray[np.bool_] | None = None,
                  order: npt.NDArray[np.int64] | None = None) -> tuple[npt.NDArray[np.float64], float, str]:
    """Solve ``(I - Q)^T y = e_start`` given the CSR matrix ``qt = Q^T``.

    Returns ``(y, relative residual, solver name)``. Small systems use SuperLU; larger
    ones BiCGSTAB on the Schur complement of the ``cut`` states (when given), then
    BiCGSTAB, then GMRES on the whole system, accepted on the residual; SuperLU if all fail.

    Parameters:
        qt: ``Q^T`` as a CSR matrix (transient states only).
        n: the number of transient states.
        start: the start state's index.
        direct_max: systems up to this size are solved directly.
        cut: optional, True for states that every cycle of the chain passes through (the
            start state must be one).
        order: with ``cut``, a key per state that orders the other states so that every
            transition between them goes to a larger key (checked; ignored if not).

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
        if cut is not None and order is not None and cut[start]:
            got = _solve_on_cut(qt, start, cut, order)
            if got is not None:
                res = residual(got[0])
                if np.all(np.isfinite(got[0])) and res <= RESIDUAL_TOL:
                    return got[0], res, got[1]
        for name, method in (("bicgstab", bicgstab), ("gmres", gmres)):
            y, _info = method(a, b, x0=x0, rtol=1e-13, atol=0.0, maxiter=20_000)
            res = residual(y)
            if np.all(np.isfinite(y)) and res <= RESIDUAL_TOL:
                return np.asarray(y, dtype=float), res, name
    y = np.asarray(spsolve(a.tocsc(), b), dtype=float)
    return y, residual(y), "splu"


def _solve_on_cut(qt: Any, start: int, cut: npt.NDArray[np.bool_],
                  order: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.float64], str] | None:
    """BiCGSTAB (then GMRES) on the Schur complement of the cut states; None if the other
    states are not triangular in ``order``."""
    import scipy.sparse as sp
    from scipy.sparse.linalg import LinearOperator, bicgstab, gmres, splu

    cut_idx = np.flatnonzero(cut)
    rest = np.flatnonzero(~cut)
    rest = rest[np.argsort(order[rest], kind="stable")]
    a = qt.tocsr()
    a_cut, a_rest = a[cut_idx], a[rest]
    a_ss, a_sn = a_cut[:, cut_idx], a_cut[:, rest]
    a_ns, a_nn = a_rest[:, cut_idx], a_rest[:, rest]
    del a_cut, a_rest
    m = (sp.identity(len(rest), format="csc") - a_nn).tocsc()
    if sp.triu(m, k=1).nnz:
        return None
    solve_rest = _layered_solver(a_nn)
    if solve_rest is None:  # pragma: no cover - a deep DAG: SuperLU's triangular solve
        solve_rest = splu(m, permc_spec="NATURAL", diag_pivot_thresh=0.0, options={"SymmetricMode": True}).solve
    del m, a_nn
    k = len(cut_idx)

    def matvec(v: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        return np.asarray(v - a_ss @ v - a_sn @ solve_rest(a_ns @ v))

    op = LinearOperator((k, k), matvec=matvec, dtype=float)
    b = np.zeros(k)
    b[np.searchsorted(cut_idx, start)] = 1.0
    x0 = np.random.default_rng(0).random(k) * 1e-3  # see solve_adjoint
    for name, method in (("bicgstab-cut", bicgstab), ("gmres-cut", gmres)):
        ys, _info = method(op, b, x0=x0, rtol=1e-13, atol=0.0, maxiter=20_000)
        if np.all(np.isfinite(ys)) and np.linalg.norm(matvec(ys) - b) <= RESIDUAL_TOL / 10:
            y = np.zeros(qt.shape[0])
            y[cut_idx] = ys
            y[rest] = solve_rest(a_ns @ ys)
            return y, name
    return None


def _layered_solver(a: Any, max_depth: int = 64) -> Callable[[npt.NDArray[np.float64]], npt.NDArray[np.float64]] | None:
    """``b -> (I - a)^{-1} b`` for a strictly lower triangular CSR ``a``, by layers: a state's
    layer is the longest path into it, so each layer needs only the layers before it (one
    sparse product per layer; the cut chains have 3 layers). None if deeper than ``max_depth``.

    Examples:
        >>> import scipy.sparse as sp
        >>> solve = _layered_solver(sp.csr_matrix(np.array([[0.0, 0.0], [0.5, 0.0]])))
        >>> solve(np.array([1.0, 1.0])).tolist()
        [1.0, 1.5]
    """
    n = a.shape[0]
    rows = np.flatnonzero(np.diff(a.indptr))
    level = np.zeros(n, dtype=np.int64)
    for _ in range(max_depth + 1):
        new = np.zeros(n, dtype=np.int64)
        if len(rows):
            new[rows] = np.maximum.reduceat(level[a.indices] + 1, a.indptr[rows])
        if np.array_equal(new, level):
            break
        level = new
    else:
        return None
    perm = np.argsort(level, kind="stable")
    bounds = np.searchsorted(level[perm], np.arange(int(level.max(initial=0)) + 2))
    ap = a[perm][:, perm].tocsr()
    blocks = [(int(bounds[d]), int(bounds[d + 1]), ap[bounds[d]:bounds[d + 1], :bounds[d]].tocsr())
              for d in range(1, len(bounds) - 1)]
    del ap

    def solve(b: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        y = b[perm]
        for lo, hi, block in blocks:
            y[lo:hi] += block @ y[:lo]
        out = np.empty_like(y)
        out[perm] = y
        return out

    return solve


def cut_and_order(out: npt.NDArray[np.int64], spinner: npt.NDArray[np.int64],
                  players: int) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
    """The cut (spinner = the lowest seat still in) and a topological key for the others.

    Parameters:
        out: each state's out mask.
        spinner: each state's spinner.
        players: the number of seats.

    Returns:
        ``(cut, order)`` for [`solve_adjoint`][dreidelpoker.games.classic_dreidel.float_chain.solve_adjoint].

    Examples:
        >>> cut, order = cut_and_order(np.array([0, 0, 1, 1]), np.array([0, 1, 1, 2]), 3)
        >>> cut.tolist(), [int(x) for x in order]  # seat 0 out: seat 1 is the lowest still in
        ([True, False, True, False], [0, 1, 27, 28])
    """
    seats = np.arange(players)
    still_in = (out[:, None] >> seats[None, :]) & 1 == 0
    place = (still_in & (seats[None, :] < spinner[:, None])).sum(axis=1)
    gone = players - still_in.sum(axis=1)
    return place == 0, ((gone.astype(np.int64) << players | out) * players + place).astype(np.int64)


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
        A [`FloatAbsorption`][dreidelpoker.games.classic_dreidel.float_chain.FloatAbsorption]: expected spins, absorption probabilities, state count,
        the solve's residual and the solver used.

    Raises:
        ResourceLimitError: the chain has more than ``max_states`` transient states.

    Examples:
        >>> r = float_absorption(ClassicDreidelRules(players=2, coins=1))
        >>> round(r.expected_steps, 10), {k: round(v, 10) for k, v in sorted(r.absorbed.items())}
        (2.2222222222, {('win', 0): 0.5441176471, ('win', 1): 0.4558823529})
    """
    check_count(max_states, "max_states", low=1, high=None)  # NaN or a float would skip the limit
    if table_size(rules) > TABLE_MAX:  # pragma: no cover - a chain this big does not fit in memory anyway
        n, qt, r, terminals = build_reference(rules, max_states=max_states, progress=progress)
        y, res, how = solve_adjoint(qt, n, 0)
    else:
        turns: list[npt.NDArray[np.int64]] = []
        n, qt, r, terminals = build_arrays(rules, max_states=max_states, progress=progress, turns=turns)
        cut, order = cut_and_order(turns[0], turns[1], rules.players)
        del turns
        y, res, how = solve_adjoint(qt, n, 0, cut=cut, order=order)
    absorbed = np.asarray(r.T @ y).ravel()
    return FloatAbsorption(float(y.sum()), {t: float(absorbed[k]) for k, t in enumerate(terminals)},
                           n + len(terminals), res, how)


def build_reference(rules: ClassicDreidelRules, *, max_states: int = 3_000_000, progress: bool = False) -> Built:
    """Build ``Q^T`` and ``R`` state by state from [`spin_outcome`][dreidelpoker.games.classic_dreidel.spin_outcome] (the rules'
    one statement); the array build ([`build_arrays`][dreidelpoker.games.classic_dreidel.float_build.build_arrays]) is checked against it.

    Parameters:
        rules: the rules.
        max_states: the most transient states allowed.
        progress: show a progress bar while the chain is built.

    Returns:
        ``(n, Q^T, R, terminals)`` as [`build_arrays`][dreidelpoker.games.classic_dreidel.float_build.build_arrays] returns them.

    Raises:
        ResourceLimitError: the chain has more than ``max_states`` transient states.

    Examples:
        >>> n, qt, r, terminals = build_reference(ClassicDreidelRules(players=2, coins=1))
        >>> n, qt.nnz, terminals
        (6, 12, [('win', 0), ('win', 1)])
    """
    import scipy.sparse as sp

    spin = getattr(spin_outcome, "__wrapped__", spin_outcome)  # skip the deprecation shim per call
    faces = [(f, float(p)) for f, p in zip(FACES, rules.face_fractions) if p]
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
