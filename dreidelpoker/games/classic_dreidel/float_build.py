"""Classic dreidel's chain built level by level on numpy arrays (the float path's build).

[`spin_outcome`][dreidelpoker.games.classic_dreidel.spin_outcome] is the one statement of the spin rules; this module restates
them on arrays of states (one row per state, one column per face) so that a million-state
chain is built in about a second instead of millions of Python calls. The tests compare the
matrices built here with those built state by state from [`spin_outcome`][dreidelpoker.games.classic_dreidel.spin_outcome]
exactly (same numbering, same entries) on small games with every rules option.

States are explored breadth first, a level at a time, and numbered in the order the
state-by-state build finds them (its FIFO queue visits a level's states in index order and
each state's faces in order), so both builds give the same matrices entry for entry. A state
``(coins, out mask, pot, spinner)`` is looked up in a dense ``int32`` table indexed by the
rank of its coin placement (the coins and the pot are a composition of the total, ranked in
the combinatorial number system) times the out masks times the spinners.
"""

from __future__ import annotations

from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from ...errors import ResourceLimitError
from ...limits import open_progress_bar
from .rules import ClassicDreidelRules
from .spins import start_state

__all__ = ["TABLE_MAX", "Built", "build_arrays", "table_size"]

#: The largest lookup table (entries, 4 bytes each) the array build allocates.
TABLE_MAX = 400_000_000

I64 = npt.NDArray[np.int64]
#: ``(n, Q^T as CSR, R as CSR (n x terminals), terminal states in column order)``.
Built = tuple[int, Any, Any, list[Any]]

_WIN, _DRAW, _OUT = 0, 1, 2


def table_size(rules: ClassicDreidelRules) -> int:
    """Entries of the lookup table: coin placements x out masks x spinners.

    Parameters:
        rules: the rules.

    Returns:
        The number of table entries.

    Examples:
        >>> table_size(ClassicDreidelRules(players=2, coins=1))
        48
    """
    p = rules.players
    return comb(rules.total_coins + p, p) * (1 << p) * p


def _rank(coins: I64, binom: I64) -> I64:
    """Rank of each row's coin placement among all placements of the total (pot implied)."""
    p = coins.shape[1]
    s = np.cumsum(coins, axis=1) + np.arange(p)
    return np.asarray(sum(binom[s[:, i], i + 1] for i in range(p)), dtype=np.int64)


def _spin(rules: ClassicDreidelRules, face: str, coins: I64, out: I64, pot: I64,
          spinner: I64) -> tuple[I64, I64, I64, I64, I64, I64]:
    """One face spun from every row: ``(coins, out, pot, spinner, terminal?, terminal code)``.

    Mirrors [`spin_outcome`][dreidelpoker.games.classic_dreidel.spin_outcome] (pay_spin, reante, _resolve) on arrays; the
    terminal code is ``kind * 2**p + who`` (who = the seat for a win, else the seat mask).
    """
    p = rules.players
    n = len(pot)
    rows = np.arange(n)
    c = coins.copy()
    pot = pot.copy()
    elim = np.zeros(n, dtype=np.int64)
    zero_rule = rules.elimination == "zero"
    if face == "G":
        c[rows, spinner] += pot
        pot[:] = 0
        if rules.stopping == "first-gimel":
            return c, out, pot, spinner, np.ones(n, dtype=np.int64), _WIN * (1 << p) + spinner
    elif face == "H":
        take = (pot + 1) // 2 if rules.hey_rounding == "up" else pot // 2
        c[rows, spinner] += take
        pot -= take
    elif face == "S":
        own = c[rows, spinner]
        has = own >= 1
        c[rows, spinner] = own - has
        pot += has
        elim |= (~has).astype(np.int64) << spinner
        if zero_rule:
            elim |= (has & (own == 1)).astype(np.int64) << spinner
    if rules.reante:
        empty = pot == 0
        for i in range(p):
            active = empty & ((out >> i) & 1 == 0) & ((elim >> i) & 1 == 0)
            pay = active & (c[:, i] >= 1)
            c[:, i] -= pay
            pot += pay
            elim |= (active & ~pay).astype(np.int64) << i
            if zero_rule:
                elim |= (pay & (c[:, i] == 0)).astype(np.int64) << i
    term = elim != 0
    code = np.zeros(n, dtype=np.int64)
    new_out = out | elim
    if rules.stopping == "first-elimination":
        code[term] = _OUT * (1 << p) + elim[term]
    else:
        left = np.zeros(n, dtype=np.int64)
        last = np.zeros(n, dtype=np.int64)
        for i in range(p):
            isin = (new_out >> i) & 1 == 0
            left += isin
            last[isin] = i
        term = left <= 1
        code = np.where(left == 1, _WIN * (1 << p) + last, _DRAW * (1 << p) + elim)
    nxt = spinner.copy()
    todo = ~term
    for _ in range(p):
        nxt = np.where(todo, (nxt + 1) % p, nxt)
        todo &= (new_out >> nxt) & 1 == 1
    return c, new_out, pot, nxt, term.astype(np.int64), code


def _decode_terminal(code: int, p: int) -> Any:
    kind, who = divmod(code, 1 << p)
    if kind == _WIN:
        return ("win", who)
    return ("draw" if kind == _DRAW else "out", frozenset(i for i in range(p) if who >> i & 1))


def build_arrays(rules: ClassicDreidelRules, *, max_states: int = 3_000_000, progress: bool = False,
                 turns: list[I64] | None = None) -> Built:
    """Build ``Q^T`` and ``R`` of the chain from arrays, breadth first, a level at a time.

    Parameters:
        rules: the rules (whole-coin pots).
        max_states: the most transient states allowed.
        progress: show a progress bar while the chain is built.
        turns: if given, a list that receives two arrays: each state's out mask and spinner.

    Returns:
        ``(n, Q^T, R, terminals)``: the number of transient states (the start state is 0),
        ``Q^T`` (n x n CSR), ``R`` (n x terminals CSR) and the terminal states in ``R``'s
        column order.

    Raises:
        ResourceLimitError: the chain has more than ``max_states`` transient states, or the
            lookup table would be over [`TABLE_MAX`][dreidelpoker.games.classic_dreidel.float_build.TABLE_MAX] entries.

    Examples:
        >>> n, qt, r, terminals = build_arrays(ClassicDreidelRules(players=2, coins=1))
        >>> n, qt.nnz, terminals
        (6, 12, [('win', 0), ('win', 1)])
    """
    import scipy.sparse as sp

    size = table_size(rules)
    if size > TABLE_MAX:
        raise ResourceLimitError(f"the state lookup table would have {size:,} entries, over {TABLE_MAX:,}")
    p = rules.players
    total = rules.total_coins
    binom = np.array([[comb(a, b) for b in range(p + 1)] for a in range(total + p + 1)], dtype=np.int64)
    faces = [(f, float(pr)) for f, pr in zip("GHNS", rules.face_fractions) if pr]
    coins0, _, pot0, _ = start_state(rules=rules)
    table = np.full(size, -1, dtype=np.int32)
    coins = np.array([coins0], dtype=np.int64)
    out = np.zeros(1, dtype=np.int64)
    pot = np.array([pot0], dtype=np.int64)
    spinner = np.zeros(1, dtype=np.int64)

    def key(c: I64, o: I64, s: I64) -> I64:
        return np.asarray((_rank(c, binom) << p | o) * p + s, dtype=np.int64)

    table[key(coins, out, spinner)] = 0
    n = 1
    lo = 0
    src_l: list[I64] = []
    dst_l: list[I64] = []
    val_l: list[npt.NDArray[np.float64]] = []
    tsrc_l: list[I64] = []
    tcode_l: list[I64] = []
    tval_l: list[npt.NDArray[np.float64]] = []
    out_l: list[I64] = []
    spin_l: list[I64] = []
    bar = open_progress_bar(None, "exploring states", enabled=progress, unit=" states", min_total=0)
    try:
        while len(pot):
            m = len(pot)
            out_l.append(out)
            spin_l.append(spinner)
            src = np.repeat(np.arange(lo, lo + m, dtype=np.int64), len(faces))
            parts = [_spin(rules, f, coins, out, pot, spinner) for f, _ in faces]
            # rows = states, columns = faces, flattened row-major: the state-by-state scan order
            nc = np.stack([x[0] for x in parts], axis=1).reshape(m * len(faces), p)
            no = np.stack([x[1] for x in parts], axis=1).ravel()
            npot = np.stack([x[2] for x in parts], axis=1).ravel()
            ns = np.stack([x[3] for x in parts], axis=1).ravel()
            term = np.stack([x[4] for x in parts], axis=1).ravel().astype(bool)
            tcode = np.stack([x[5] for x in parts], axis=1).ravel()
            prob = np.tile(np.array([pr for _, pr in faces]), m)
            tsrc_l.append(src[term])
            tcode_l.append(tcode[term])
            tval_l.append(prob[term])
            live = ~term
            nc, no, npot, ns, src, prob = nc[live], no[live], npot[live], ns[live], src[live], prob[live]
            k = key(nc, no, ns)
            j = table[k].astype(np.int64)
            new = j < 0
            uk, first, inv = np.unique(k[new], return_index=True, return_inverse=True)
            order = np.argsort(first, kind="stable")  # number new states in order of discovery
            ids = np.empty(len(uk), dtype=np.int64)
            ids[order] = np.arange(n, n + len(uk))
            j[new] = ids[inv.ravel()]
            table[uk] = ids.astype(np.int32)
            src_l.append(src)
            dst_l.append(j)
            val_l.append(prob)
            pick = np.flatnonzero(new)[first[order]]
            lo = n
            n += len(uk)
            if n > max_states:
                raise ResourceLimitError(f"the chain has more than max_states={max_states} states; "
                                         "raise max_states or reduce the model")
            coins, out, pot, spinner = nc[pick], no[pick], npot[pick], ns[pick]
            bar.update(m)
    finally:
        bar.close()
    del table
    if turns is not None:
        turns[:] = [np.concatenate(out_l), np.concatenate(spin_l)]
    tcodes = np.concatenate(tcode_l)
    ucodes, tfirst, tinv = np.unique(tcodes, return_index=True, return_inverse=True)
    torder = np.argsort(tfirst, kind="stable")
    tcol = np.empty(len(ucodes), dtype=np.int64)
    tcol[torder] = np.arange(len(ucodes))
    terminals = [_decode_terminal(int(c), p) for c in ucodes[torder]]
    qt = sp.csr_matrix((np.concatenate(val_l), (np.concatenate(dst_l), np.concatenate(src_l))), shape=(n, n))
    r = sp.csr_matrix((np.concatenate(tval_l), (np.concatenate(tsrc_l), tcol[tinv.ravel()])),
                      shape=(n, len(terminals)))
    return n, qt, r, terminals
