"""Sparse linear solvers for Markov-chain systems of the form ``x = M x + b``.

The exact solver is Gaussian elimination on sparse rows of :class:`fractions.Fraction`
("state reduction"): eliminating unknown ``k`` substitutes ``x_k = b_k + sum_j M_kj x_j``
into every row that mentions ``x_k``. Unknowns are eliminated cheapest first (Markowitz
count ``(rows that mention k) * (entries of row k)``), which keeps fill-in small on the
nearly-triangular systems that games produce. No sympy object is touched in the loop.

The float solver hands ``(I - M) x = b`` to :func:`scipy.sparse.linalg.spsolve`.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

try:  # gmpy2's mpq is several times faster than Fraction; optional (extra "fast").
    from gmpy2 import mpq as _Q

    HAVE_GMPY2 = True
except ImportError:  # pragma: no cover - depends on the environment
    _Q = Fraction
    HAVE_GMPY2 = False

__all__ = ["solve_exact", "solve_float"]


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
                raise ValueError("singular system: a set of states never leaves itself")
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
