"""Sparse linear solvers for Markov-chain systems of the form ``x = M x + b``.

The exact solver is Gaussian elimination on sparse rows of `fractions.Fraction`
("state reduction"): eliminating unknown ``k`` substitutes ``x_k = b_k + sum_j M_kj x_j``
into every row that mentions ``x_k``. Unknowns are eliminated cheapest first (Markowitz
count ``(rows that mention k) * (entries of row k)``), which keeps fill-in small on the
nearly-triangular systems that games produce. No sympy object is touched in the loop.

When elimination would fill the matrix in (a symbolic dry run counts the operations
first) and ``python-flint`` is installed (extra ``fast``), the system is instead cleared of
denominators and solved densely by FLINT's ``fmpq_mat.solve`` (p-adic lifting), which is
5-15 times faster on such systems (2 players x 20 coins of dreidel: 6 s instead of 45 s).

The float solver uses SuperLU for small systems and BiCGSTAB for large ones.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

try:  # gmpy2's mpq is several times faster than Fraction; optional (extra "fast").
    from gmpy2 import mpq as _Q

    HAVE_GMPY2 = True
except ImportError:  # pragma: no cover - depends on the environment
    _Q = Fraction
    HAVE_GMPY2 = False

_flint: Any = None
try:  # FLINT's dense exact solver; optional (extra "fast").
    import flint as _flint_module

    _flint = _flint_module
    HAVE_FLINT = True
except ImportError:  # pragma: no cover - depends on the environment
    HAVE_FLINT = False

__all__ = ["HAVE_FLINT", "HAVE_GMPY2", "class_stationary", "solve_exact", "solve_float"]

#: Dense FLINT solving is tried for systems of this many unknowns (memory grows as n^2).
FLINT_RANGE = (150, 6000)


def _fill_ops_exceed(rows: Sequence[dict[int, Any]], limit: int) -> bool:
    """Dry-run the Markowitz elimination on the sparsity pattern only; True as soon as it
    would need more than ``limit`` multiply-adds."""
    n = len(rows)
    r = [set(row) for row in rows]
    preds: list[set[int]] = [set() for _ in range(n)]
    for i, row in enumerate(r):
        row.discard(i)
        for j in row:
            preds[j].add(i)
    alive = [True] * n
    heap = [(len(preds[j]) * len(r[j]), j) for j in range(n)]
    heapq.heapify(heap)
    ops = 0
    while heap:
        sc, j = heapq.heappop(heap)
        if not alive[j]:
            continue
        cur = len(preds[j]) * len(r[j])
        if cur > sc and heap and cur > heap[0][0]:
            heapq.heappush(heap, (cur, j))
            continue
        alive[j] = False
        row = r[j]
        for c in row:
            preds[c].discard(j)
        for i in preds[j]:
            ri = r[i]
            ri.discard(j)
            ops += len(row)
            for c in row:
                if c != i:
                    ri.add(c)
                    preds[c].add(i)
        if ops > limit:
            return True
        preds[j] = set()
    return False


def _solve_flint(rows: Sequence[dict[int, Fraction]], rhs: Sequence[Sequence[Fraction]],
                 want: int | None = None) -> list[list[Fraction]]:
    """Dense exact solve of ``(I - M) x = b`` with FLINT, rows scaled to integers (solved as an
    integer matrix: no rational matrix to build); with ``want``, only that row of ``x`` is
    converted back to Fractions (the others are returned empty)."""
    from math import lcm

    n = len(rows)
    k = len(rhs[0])
    a = _flint.fmpz_mat(n, n)
    bm = _flint.fmpz_mat(n, k)
    for i, row in enumerate(rows):
        scale = lcm(*(v.denominator for v in row.values()), *(v.denominator for v in rhs[i]))
        a[i, i] = scale
        for j, v in row.items():
            a[i, j] = int(a[i, j]) - v.numerator * (scale // v.denominator)
        for t, v in enumerate(rhs[i]):
            bm[i, t] = v.numerator * (scale // v.denominator)
    x = a.solve(bm)
    if want is not None:
        out: list[list[Fraction]] = [[] for _ in range(n)]
        out[want] = [Fraction(int(x[want, t].p), int(x[want, t].q)) for t in range(k)]
        return out
    return [[Fraction(int(x[i, t].p), int(x[i, t].q)) for t in range(k)] for i in range(n)]


def solve_exact(
    rows: Sequence[dict[int, Fraction]],
    rhs: Sequence[Sequence[Fraction]],
    *,
    want: int | None = None,
) -> list[list[Fraction]]:
    """Solve ``x = M x + b`` exactly; ``rows[i]`` is row ``i`` of ``M`` (column -> coefficient)
    and ``rhs[i]`` the ``k`` right-hand sides of unknown ``i``.

    Returns ``x`` as one list of ``k`` values per unknown; with ``want=i`` only ``x[i]`` is
    computed (the others are returned empty), which skips back-substitution.

    Examples:
        >>> F = Fraction
        >>> solve_exact([{1: F(1, 2)}, {0: F(1, 2)}], [[F(1, 2)], [F(0)]])
        [[Fraction(2, 3)], [Fraction(1, 3)]]
    """
    n = len(rows)
    k = len(rhs[0]) if n else 0
    if HAVE_FLINT and FLINT_RANGE[0] <= n <= FLINT_RANGE[1] and k and _fill_ops_exceed(rows, 20 * n * n // 100):
        return _solve_flint(rows, rhs, want)
    r: list[dict[int, Any]] = [{c: _Q(v.numerator, v.denominator) for c, v in row.items()} for row in rows]
    b: list[list[Any]] = [[_Q(v.numerator, v.denominator) for v in row] for row in rhs]
    preds: list[set[int]] = [set() for _ in range(n)]
    for i, row in enumerate(r):
        for j in row:
            if j != i:
                preds[j].add(i)
    alive = [True] * n

    def score(j: int) -> int:
        return len(preds[j]) * len(r[j])

    heap = [(score(j), j) for j in range(n) if j != want]
    heapq.heapify(heap)
    order: list[int] = []
    zero = _Q(0)

    def eliminate(j: int) -> None:
        row = r[j]
        d = row.pop(j, zero)
        if d:
            denom = 1 - d
            if denom == 0:
                raise ValueError("singular system: a set of states never leaves itself")  # not input
            f = 1 / denom
            for c in row:
                row[c] *= f
            b[j] = [v * f for v in b[j]]
        alive[j] = False
        for c in row:
            preds[c].discard(j)
        bj = b[j]
        nz = [t for t in range(k) if bj[t]]
        for i in preds[j]:
            ri = r[i]
            coef = ri.pop(j)
            for c, v in row.items():
                new = ri.get(c, zero) + coef * v
                if new:
                    ri[c] = new
                    if c != i:
                        preds[c].add(i)
                else:
                    ri.pop(c, None)
                    preds[c].discard(i)
            bi = b[i]
            for t in nz:
                bi[t] += coef * bj[t]
        preds[j] = set()
        order.append(j)

    while heap:
        s, j = heapq.heappop(heap)
        if not alive[j]:
            continue
        cur = score(j)
        if cur > s and heap and cur > heap[0][0]:
            heapq.heappush(heap, (cur, j))
            continue
        eliminate(j)
    if want is not None:
        eliminate(want)
        out: list[list[Fraction]] = [[] for _ in range(n)]
        out[want] = [_frac(v) for v in b[want]]
        return out
    x: list[list[Any]] = [[] for _ in range(n)]
    for j in reversed(order):
        xj = list(b[j])
        for c, v in r[j].items():
            xc = x[c]
            for t in range(k):
                if xc[t]:
                    xj[t] += v * xc[t]
        x[j] = xj
    return [[_frac(v) for v in xj] for xj in x]


def _frac(v: Any) -> Fraction:
    return Fraction(int(v.numerator), int(v.denominator))


def solve_float(
    rows: Sequence[dict[int, float]],
    rhs: Sequence[Sequence[float]],
    *,
    direct_max: int = 3000,
) -> Any:
    """Solve ``x = M x + b`` in floating point; returns an ``(n, k)`` array.

    Systems up to ``direct_max`` unknowns use SuperLU. Larger ones use BiCGSTAB (then
    LGMRES) to a relative residual of 1e-13, because Markov systems of games fill in
    badly under LU (a 10,000-state dreidel chain needs 10 million LU entries) while
    Krylov methods converge in a few hundred matrix-vector products; if both fail, SuperLU.

    Examples:
        >>> solve_float([{1: 0.5}, {0: 0.5}], [[0.5], [0.0]]).round(6).tolist()
        [[0.666667], [0.333333]]
    """
    import scipy.sparse as sp
    from scipy.sparse.linalg import bicgstab, lgmres, spsolve

    n = len(rows)
    data: list[float] = []
    ri: list[int] = []
    ci: list[int] = []
    for i, row in enumerate(rows):
        for j, v in row.items():
            ri.append(i)
            ci.append(j)
            data.append(-float(v))
    m = (sp.csr_matrix((data, (ri, ci)), shape=(n, n)) + sp.identity(n, format="csr")).tocsr()
    bb = np.array([[float(v) for v in row] for row in rhs], dtype=float).reshape(n, -1)
    if n <= direct_max:
        x = spsolve(m.tocsc(), bb)
        return np.asarray(x, dtype=float).reshape(n, -1)
    out = np.zeros_like(bb)
    for t in range(bb.shape[1]):
        b = bb[:, t]
        if not b.any():
            continue
        scale = float(np.abs(b).max())
        sol, ok = None, False
        for method in (bicgstab, lgmres):
            sol, info = method(m, b, rtol=1e-13, atol=0.0, maxiter=20000)
            if info == 0 and float(np.abs(m @ sol - b).max()) <= 1e-9 * scale:
                ok = True
                break
        if not ok:
            sol = spsolve(m.tocsc(), b)
        out[:, t] = sol
    return out


def class_stationary(rows: Sequence[Mapping[int, Any]], members: Sequence[int], *, exact: bool = True) -> dict[int, Any]:
    """The stationary distribution of one closed class of a chain given by its index rows
    (``rows[i]`` maps each successor of ``i`` to its probability): ``pi_j = sum_i pi_i P_ij``
    with the first member's ``pi`` fixed at 1 (the transpose, restricted), then normalised.

    Parameters:
        rows: the chain's rows (exact numbers, or floats with ``exact=False``).
        members: the class's indices.
        exact: solve in Fractions (``solve_exact``) or in floats (``solve_float``).

    Returns:
        Member -> its probability (Fractions, or floats).

    Examples:
        >>> class_stationary([{1: Fraction(1)}, {0: Fraction(1, 2), 1: Fraction(1, 2)}], [0, 1])
        {0: Fraction(1, 3), 1: Fraction(2, 3)}
    """
    one: Any = Fraction(1) if exact else 1.0
    if len(members) == 1:
        return {members[0]: one}
    root = members[0]
    local = {s: k for k, s in enumerate(members[1:])}
    system: list[dict[int, Any]] = [{} for _ in local]
    rhs: list[list[Any]] = [[one - one] for _ in local]
    for i in members:
        for j, p in rows[i].items():
            if j == root:
                continue
            pj = p if exact else float(p)
            if i == root:
                rhs[local[j]][0] += pj
            else:
                system[local[j]][local[i]] = pj
    x = solve_exact(system, rhs) if exact else solve_float(system, rhs).tolist()
    unnorm: dict[int, Any] = {root: one}
    for s, k in local.items():
        unnorm[s] = x[k][0] if exact else float(x[k][0])
    total = sum(unnorm.values())
    return {s: v / total for s, v in unnorm.items()}
