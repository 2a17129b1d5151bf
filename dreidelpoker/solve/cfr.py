"""CFR+ on an [`ExtensiveForm`][dreidelpoker.solve.ExtensiveForm], vectorised with numpy.

Counterfactual regret minimisation with regret matching+, alternating updates and linear
averaging (Tammelin 2014). One iteration is a handful of numpy operations per tree level:
reach probabilities go down the breadth-first levels, values come back up with
``np.add.reduceat`` (the children of a node are consecutive), and counterfactual values
are summed per action with ``np.bincount``. The exploitability (NashConv of the average
strategy, from exact-in-structure float best responses on the sequence form) is reported
every ``check_every`` iterations, with a ``tqdm`` progress bar (on a terminal or in Jupyter).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .efg import CHANCE, DECISION, TERMINAL, ExtensiveForm
from .exact import Behaviour, nash_conv
from ._iterate import run_iterations

__all__ = ["CFRResult", "SMALL_TREE", "SequenceCFR", "cfr_plus"]

#: The most sequence-form entries (payoff pairs plus sequences) a tree may have for CFR+ to
#: run in plain Python ([`SequenceCFR`][dreidelpoker.solve.cfr.SequenceCFR]); numpy's cost per
#: call (a few microseconds, some fifty calls an iteration) outweighs the work below it.
SMALL_TREE = 2000

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class CFRResult:
    """The average strategy after ``iterations`` and the NashConv history ``(iteration, nash_conv)``.

    Examples:
        >>> from dreidelpoker.solve import cfr_plus, extensive_form
        >>> from dreidelpoker.solve.examples import matching_pennies
        >>> result = cfr_plus(extensive_form(matching_pennies()), iterations=20, progress=False)
        >>> result.iterations, len(result.strategies)
        (20, 2)
    """

    strategies: tuple[Behaviour, Behaviour]
    iterations: int
    history: tuple[tuple[int, float], ...]


class FlatForm:
    """Precomputed index arrays of the tree for the vectorised passes."""

    groups: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]

    def __init__(self, form: ExtensiveForm) -> None:
        self.form = form
        n0, n1 = form.num_sequences
        # global action index k: seat 0's sequence s -> s - 1; seat 1's -> (n0 - 1) + s - 1
        self.offset = (0, n0 - 1)
        self.num_actions = (n0 - 1) + (n1 - 1)
        par = form.parent
        pkind = np.where(par >= 0, form.kind[np.maximum(par, 0)], -1)
        pplayer = np.where(par >= 0, form.player[np.maximum(par, 0)], -1)
        self.edge_p = [(pkind == DECISION) & (pplayer == p) for p in (0, 1)]
        ea = np.full(form.num_nodes, self.num_actions, dtype=np.int64)  # index of a constant 1.0
        for p in (0, 1):
            m = self.edge_p[p]
            ea[m] = form.edge_sequence[m] - 1 + self.offset[p]
        self.edge_action = ea
        self.chance_edge = pkind == CHANCE
        act_set = np.empty(self.num_actions, dtype=np.int64)
        self.set_offset = (0, len(form.infosets[0]))
        for p in (0, 1):
            for i, info in enumerate(form.infosets[p]):
                for s in info.sequences:
                    act_set[s - 1 + self.offset[p]] = i + self.set_offset[p]
        self.action_infoset = act_set
        self.num_sets = len(form.infosets[0]) + len(form.infosets[1])
        self.action_player = np.zeros(self.num_actions, dtype=np.int64)
        self.action_player[self.offset[1]:] = 1
        # breadth-first levels: nodes at each depth are a contiguous slice
        depth = form.depth
        bounds = np.flatnonzero(np.diff(depth)) + 1
        self.levels = np.split(np.arange(form.num_nodes), bounds)
        # for each level d >= 1, the reduceat group starts (children of one parent are consecutive)
        self.groups = []
        for lvl in self.levels[1:]:
            lp = par[lvl]
            starts = np.flatnonzero(np.r_[True, lp[1:] != lp[:-1]])
            self.groups.append((starts, lp[starts]))
        self.terminal = form.kind == TERMINAL
        # chance reach is fixed
        rc = np.ones(form.num_nodes)
        for lvl in self.levels[1:]:
            rc[lvl] = rc[par[lvl]] * np.where(self.chance_edge[lvl], form.edge_probability[lvl], 1.0)
        self.chance_reach = rc
        # one representative node per infoset (for the own-reach weight of the average)
        rep = np.zeros(self.num_sets, dtype=np.int64)
        dec = np.flatnonzero(form.kind == DECISION)
        gset = form.infoset[dec] + np.where(form.player[dec] == 1, self.set_offset[1], 0)
        rep[gset[::-1]] = dec[::-1]
        self.representative = rep

    def strategy(self, regrets: FloatArray) -> FloatArray:
        pos = np.maximum(regrets, 0.0)
        sums = np.bincount(self.action_infoset, weights=pos, minlength=self.num_sets)
        counts = np.bincount(self.action_infoset, minlength=self.num_sets)
        s = sums[self.action_infoset]
        return np.where(s > 0, pos / np.where(s > 0, s, 1.0), 1.0 / counts[self.action_infoset])

    def reach(self, sigma: FloatArray) -> tuple[FloatArray, FloatArray]:
        ext = np.append(sigma, 1.0)
        n = self.form.num_nodes
        r = [np.ones(n), np.ones(n)]
        par = self.form.parent
        for lvl in self.levels[1:]:
            s = ext[self.edge_action[lvl]]
            for p in (0, 1):
                r[p][lvl] = r[p][par[lvl]] * np.where(self.edge_p[p][lvl], s, 1.0)
        return r[0], r[1]

    def joint_reach(self, strategies: Sequence[Sequence[Sequence[Any]]]) -> FloatArray:
        """Each node's probability of being reached when both seats play ``strategies`` (per
        seat, per infoset, the probabilities of its sequences) and chance its odds."""
        sigma = np.zeros(self.num_actions)
        for p in (0, 1):
            for info, probs in zip(self.form.infosets[p], strategies[p]):
                for s, pr in zip(info.sequences, probs):
                    sigma[s - 1 + self.offset[p]] = float(pr)
        r0, r1 = self.reach(sigma)
        return r0 * r1 * self.chance_reach

    def values(self, sigma: FloatArray) -> FloatArray:
        ext = np.append(sigma, 1.0)
        form = self.form
        val = np.where(self.terminal, form.payoff, 0.0)
        prob = np.where(self.chance_edge, form.edge_probability, ext[self.edge_action])
        for lvl, (starts, parents) in zip(reversed(self.levels[1:]), reversed(self.groups)):
            val[parents] = np.add.reduceat(prob[lvl] * val[lvl], starts)
        return val


def cfr_plus(
    form: ExtensiveForm,
    *,
    iterations: int,
    check_every: int = 10,
    progress: bool = True,
    target: float | None = None,
) -> CFRResult:
    """Run CFR+ and return the average strategies.

    Parameters:
        form: the game.
        iterations: the number of iterations (each updates both seats once).
        check_every: compute the NashConv of the average strategy every this many
            iterations (and after the last).
        progress: show a ``tqdm`` progress bar with the current NashConv.
        target: stop early once the NashConv is at most this.

    Returns:
        A [`CFRResult`][dreidelpoker.solve.CFRResult].

    Raises:
        ValueError: when ``iterations`` or ``check_every`` is not a positive integer.

    A tree whose sequence form has at most `SMALL_TREE`
    entries (Kuhn poker has 56, Leduc poker 1,640) runs the same iterations in plain Python on the sequence
    form (`SequenceCFR`); larger trees run vectorised
    with numpy. Both give the same strategies (checked in ``tests/test_solve_small_cfr.py``).

    Examples:
        >>> from dreidelpoker.solve.efg import extensive_form
        >>> from dreidelpoker.solve.examples import matching_pennies
        >>> res = cfr_plus(extensive_form(matching_pennies()), iterations=50, progress=False)
        >>> res.history[-1][1] < 0.05
        True
    """
    small = SequenceCFR.of(form)
    if small is not None:  # a tiny tree: plain Python beats numpy's cost per call
        def measure_small() -> float:
            return float(nash_conv(form, small.behaviour()))

        t, history = run_iterations(small.iterate, measure_small, iterations=iterations, check_every=check_every,
                                    target=target, progress=progress)
        return CFRResult(small.behaviour(), t, history)
    flat = FlatForm(form)
    regrets = np.zeros(flat.num_actions)
    average = np.zeros(flat.num_actions)
    par = form.parent

    def step(t: int) -> None:
        nonlocal regrets, average
        for p in (0, 1):
            sigma = flat.strategy(regrets)
            r0, r1 = flat.reach(sigma)
            val = flat.values(sigma)
            other = r1 if p == 0 else r0
            own = r0 if p == 0 else r1
            m = flat.edge_p[p]
            nodes = np.flatnonzero(m)
            sign = 1.0 if p == 0 else -1.0
            w = other[par[nodes]] * flat.chance_reach[par[nodes]] * val[nodes] * sign
            cfv = np.bincount(flat.edge_action[nodes], weights=w, minlength=flat.num_actions + 1)[:-1]
            mine = flat.action_player == p
            set_val = np.bincount(flat.action_infoset, weights=np.where(mine, sigma * cfv, 0.0),
                                  minlength=flat.num_sets)
            regrets = np.where(mine, np.maximum(regrets + cfv - set_val[flat.action_infoset], 0.0), regrets)
            own_reach = own[flat.representative][flat.action_infoset]
            average += np.where(mine, t * own_reach * sigma, 0.0)

    def measure() -> float:
        return float(nash_conv(form, _behaviour(flat, average)))

    t, history = run_iterations(step, measure, iterations=iterations, check_every=check_every, target=target,
                                progress=progress)
    return CFRResult(_behaviour(flat, average), t, history)


def _behaviour(flat: FlatForm, average: FloatArray) -> tuple[Behaviour, Behaviour]:
    sums = np.bincount(flat.action_infoset, weights=average, minlength=flat.num_sets)
    out: list[Behaviour] = []
    for p in (0, 1):
        sets: Behaviour = []
        for i, info in enumerate(flat.form.infosets[p]):
            ks = [s - 1 + flat.offset[p] for s in info.sequences]
            tot = sums[i + flat.set_offset[p]]
            if tot > 0:
                sets.append([float(average[k] / tot) for k in ks])
            else:
                sets.append([1.0 / len(ks)] * len(ks))
        out.append(sets)
    return out[0], out[1]


class SequenceCFR:
    """CFR+ on the sequence form in plain Python: the small path for tiny trees.

    The same iterations as the vectorised [`cfr_plus`][dreidelpoker.solve.cfr_plus]
    (regret matching+, alternating updates, linear averaging): for the seat to update, the
    other seat's realization plan goes down its sequences, the payoff pairs give each of the
    seat's sequences its immediate counterfactual value, and the seat's information sets
    are walked bottom-up, each adding its value to its parent sequence. Work per iteration
    is one pass over the payoff pairs and the sequences, with no numpy call.

    Build one with [`of`][dreidelpoker.solve.cfr.SequenceCFR.of].
    """

    def __init__(self, form: ExtensiveForm) -> None:
        self.form = form
        #: per seat, its information sets top-down as (parent sequence, first sequence, actions)
        self.sets = [sorted((i.parent_sequence, i.first_sequence, len(i.actions)) for i in form.infosets[p])
                     for p in (0, 1)]
        self.sets = [sorted(sets, key=lambda x: x[1]) for sets in self.sets]
        self.pairs = [(a, b, float(v)) for (a, b), v in form.payoff_exact.fractions().items() if v]
        n0, n1 = form.num_sequences
        self.regrets = [[0.0] * n0, [0.0] * n1]
        self.average = [[0.0] * n0, [0.0] * n1]
        self.t = 0

    @classmethod
    def of(cls, form: ExtensiveForm) -> SequenceCFR | None:
        """The small path for ``form``, or ``None`` when the tree is too big for it
        (more than [`SMALL_TREE`][dreidelpoker.solve.cfr.SMALL_TREE] entries).

        Parameters:
            form: the game.

        Returns:
            A fresh solver, or ``None``.
        """
        if len(form.payoff_exact) + sum(form.num_sequences) > SMALL_TREE:
            return None
        if any(i.parent_sequence >= i.first_sequence for sets in form.infosets for i in sets):
            return None  # (sequences numbered out of tree order: leave it to the vectorised path)
        return cls(form)

    def _strategy(self, p: int) -> list[float]:
        """Seat ``p``'s current strategy by sequence (regret matching+)."""
        regrets = self.regrets[p]
        sigma = [0.0] * len(regrets)
        for _parent, first, n in self.sets[p]:
            pos = regrets[first:first + n]
            total = 0.0
            for r in pos:
                if r > 0.0:
                    total += r
            if total > 0.0:
                for j, r in enumerate(pos):
                    sigma[first + j] = r / total if r > 0.0 else 0.0
            else:
                for j in range(n):
                    sigma[first + j] = 1.0 / n
        return sigma

    def _plan(self, p: int, sigma: list[float]) -> list[float]:
        """Seat ``p``'s realization plan: the product of its own action probabilities."""
        x = [0.0] * len(sigma)
        x[0] = 1.0
        for parent, first, n in self.sets[p]:
            reach = x[parent]
            for s in range(first, first + n):
                x[s] = reach * sigma[s]
        return x

    def iterate(self, t: int) -> None:
        """Iteration ``t``: update seat 0, then seat 1 (against seat 0's new strategy)."""
        for p in (0, 1):
            o = 1 - p
            sigma = self._strategy(p)
            other = self._plan(o, self._strategy(o))
            value = [0.0] * len(sigma)  # the counterfactual value of each of p's sequences
            if p == 0:
                for a, b, v in self.pairs:
                    value[a] += v * other[b]
            else:
                for a, b, v in self.pairs:
                    value[b] -= v * other[a]
            regrets = self.regrets[p]
            own = self._plan(p, sigma)
            average = self.average[p]
            for parent, first, n in reversed(self.sets[p]):
                here = 0.0
                for s in range(first, first + n):
                    here += sigma[s] * value[s]
                reach = t * own[parent]
                for s in range(first, first + n):
                    r = regrets[s] + value[s] - here
                    regrets[s] = r if r > 0.0 else 0.0
                    average[s] += reach * sigma[s]
                value[parent] += here
        self.t = t

    def behaviour(self) -> tuple[Behaviour, Behaviour]:
        """The average strategies so far, per information set in the form's order."""
        out: list[Behaviour] = []
        for p in (0, 1):
            average = self.average[p]
            sets: Behaviour = []
            for info in self.form.infosets[p]:
                ks = list(info.sequences)
                total = sum(average[k] for k in ks)
                sets.append([average[k] / total for k in ks] if total > 0 else [1.0 / len(ks)] * len(ks))
            out.append(sets)
        return out[0], out[1]
