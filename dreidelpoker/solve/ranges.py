"""CFR+ vectorised over hands for one heads-up fixed-limit betting round with card removal.

For games where each seat holds one private *hand*, a set of items (tiles, cards) drawn
without replacement from one set, and the rest is public: the public betting tree is tiny,
so the solver keeps, at every public node, a regret and a strategy **per hand** (numpy
arrays of shape ``(hands, actions)``) and passes whole ranges (reach vectors over hands)
down the tree. Terminal values against a range honour card removal exactly: for hand
``h`` the opponent's weight on hands *disjoint* from ``h`` is

    Σ_{S ⊆ h} (−1)^{|S|} · (range weight of hands containing S)

(inclusion-exclusion over the subsets of ``h``), and the weight on disjoint hands that
are *weaker* is the same sum over hands sorted by strength (segmented prefix sums), so a
showdown against a whole range costs O(hands · 2^hand_size) numpy work.

The deal is uniform over ordered pairs of disjoint hands. Hands must have distinct
strengths (a total order; Domino Poker's keys are all distinct).

The betting round ([Domino Poker rules: play][rules-5-1] shape): both seats ante, seat 0 acts first; check (while
nobody has bet), bet, call, raise (at most ``max_raises`` times), fold; two checks or a
call end it at showdown. Bets and raises are ``bet`` chips each.
"""

from __future__ import annotations

from ..errors import InputError
from ._iterate import run_iterations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

__all__ = ["BettingNode", "LimitRound", "RangeCFRResult", "RangeGame", "betting_tree", "range_cfr_plus"]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass
class BettingNode:
    """One public node of the betting round.

    ``history`` uses ``k`` check, ``b`` bet, ``r`` raise, ``c`` call, ``f`` fold. At a
    decision node ``player`` acts with ``actions``; at a terminal, ``folder`` is the seat
    that folded (or ``None`` at a showdown) and ``paid`` what each seat has put in.
    """

    history: str
    player: int | None
    actions: tuple[str, ...]
    children: list[BettingNode]
    paid: tuple[int, int]
    folder: int | None = None
    index: int = -1

    @property
    def terminal(self) -> bool:
        return not self.actions


@dataclass(frozen=True)
class LimitRound:
    """A fixed-limit heads-up betting round: ``ante`` each, bets and raises of ``bet``,
    at most ``max_raises`` raises."""

    ante: int
    bet: int
    max_raises: int


def betting_tree(spec: LimitRound) -> list[BettingNode]:
    """Every public node of the round, parents before children (index = position).

    Parameters:
        spec: the betting round.

    Returns:
        The nodes; a node's ``children`` are indices into this list.

    Examples:
        >>> [n.history for n in betting_tree(LimitRound(ante=1, bet=1, max_raises=0))]
        ['', 'k', 'b', 'kk', 'kb', 'bf', 'bc', 'kbf', 'kbc']
    """
    nodes: list[BettingNode] = []

    def make(history: str, paid: tuple[int, int], raises: int, player: int, facing: bool,
             folder: int | None = None, end: bool = False) -> BettingNode:
        if end:
            return BettingNode(history, None, (), [], paid, folder)
        if facing:
            acts = ("f", "c") + (("r",) if raises < spec.max_raises else ())
        else:
            acts = ("k", "b")
        return BettingNode(history, player, acts, [], paid)

    root = make("", (spec.ante, spec.ante), 0, 0, False)
    queue = [(root, 0)]
    while queue:
        node, raises = queue.pop(0)
        node.index = len(nodes)
        nodes.append(node)
        if node.terminal:
            continue
        p = node.player
        assert p is not None
        other = 1 - p
        for a in node.actions:
            h = node.history + a
            paid = list(node.paid)
            if a == "k":
                child = make(h, node.paid, raises, other, False, end=(p == 1))
            elif a == "b":
                paid[p] += spec.bet
                child = make(h, (paid[0], paid[1]), raises, other, True)
            elif a == "r":
                paid[p] = paid[other] + spec.bet
                child = make(h, (paid[0], paid[1]), raises + 1, other, True)
            elif a == "c":
                paid[p] = paid[other]
                child = make(h, (paid[0], paid[1]), raises, other, False, end=True)
            else:  # fold
                child = make(h, node.paid, raises, other, False, folder=p, end=True)
            node.children.append(child)
            queue.append((child, raises + (a == "r")))
    return nodes


@dataclass
class RangeGame:
    """The hands (item bitmasks) and their strengths, with the inclusion-exclusion tables.

    Attributes:
        masks: each hand's items as a bitmask.
        strength: each hand's strength (all distinct; greater is stronger).
    """

    masks: IntArray
    strength: IntArray
    _pairs_hand: IntArray = field(init=False, repr=False)
    _pairs_subset: IntArray = field(init=False, repr=False)
    _pairs_sign: FloatArray = field(init=False, repr=False)
    _order: IntArray = field(init=False, repr=False)
    _seg_start: IntArray = field(init=False, repr=False)
    num_subsets: int = field(init=False)
    disjoint_count: int = field(init=False)

    def __post_init__(self) -> None:
        masks = np.asarray(self.masks, dtype=np.int64)
        strength = np.asarray(self.strength, dtype=np.int64)
        if len(np.unique(strength)) != len(strength):
            raise InputError("hand strengths must be distinct (a total order)")
        self.masks, self.strength = masks, strength
        sizes = {bin(int(m)).count("1") for m in masks}
        if len(sizes) != 1:
            raise InputError("every hand must hold the same number of items")
        k = sizes.pop()
        items = [[i for i in range(64) if (int(m) >> i) & 1] for m in masks]
        # every (hand, subset of the hand) pair; subset ids via a dict of masks
        sub_ids: dict[int, int] = {}
        ph, ps, sg = [], [], []
        combos = [c for r in range(k + 1) for c in itertools.combinations(range(k), r)]
        for h, its in enumerate(items):
            for c in combos:
                sm = 0
                for j in c:
                    sm |= 1 << its[j]
                sid = sub_ids.setdefault(sm, len(sub_ids))
                ph.append(h)
                ps.append(sid)
                sg.append(-1.0 if len(c) % 2 else 1.0)
        self._pairs_hand = np.asarray(ph, dtype=np.int64)
        self._pairs_subset = np.asarray(ps, dtype=np.int64)
        self._pairs_sign = np.asarray(sg, dtype=np.float64)
        self.num_subsets = len(sub_ids)
        # pairs sorted by (subset, strength of the hand) for the segmented prefix sums
        order = np.lexsort((strength[self._pairs_hand], self._pairs_subset))
        self._order = order
        sub_sorted = self._pairs_subset[order]
        starts = np.r_[0, np.flatnonzero(np.diff(sub_sorted)) + 1]
        seg = np.repeat(starts, np.diff(np.r_[starts, len(order)]))
        self._seg_start = seg
        self.disjoint_count = int(round(self.disjoint(np.ones(len(masks)))[0]))

    @property
    def num_hands(self) -> int:
        return len(self.masks)

    def disjoint(self, weights: FloatArray) -> FloatArray:
        """For each hand, the total weight of the hands that share no item with it."""
        totals = np.bincount(self._pairs_subset, weights=weights[self._pairs_hand], minlength=self.num_subsets)
        out: FloatArray = np.bincount(self._pairs_hand, weights=self._pairs_sign * totals[self._pairs_subset],
                                      minlength=self.num_hands).astype(np.float64)
        return out

    def weaker(self, weights: FloatArray) -> FloatArray:
        """For each hand, the total weight of the disjoint hands weaker than it."""
        o = self._order
        vals = weights[self._pairs_hand[o]]
        cs = np.cumsum(vals)
        excl = cs - vals
        base = excl[self._seg_start]
        before = excl - base
        out = np.zeros(len(o))
        out[o] = before
        res: FloatArray = np.bincount(self._pairs_hand, weights=self._pairs_sign * out,
                                      minlength=self.num_hands).astype(np.float64)
        return res

    def showdown(self, weights: FloatArray) -> FloatArray:
        """For each hand: (weight of disjoint weaker hands) − (weight of disjoint stronger hands)."""
        w = self.weaker(weights)
        return 2 * w - self.disjoint(weights)


@dataclass(frozen=True)
class RangeCFRResult:
    """Average strategies (per public decision node: ``(hands, actions)`` arrays), the value
    to seat 0, the NashConv history ``(iteration, nash_conv)`` and the tree."""

    nodes: list[BettingNode]
    average: dict[int, FloatArray]
    value: float
    nash_conv: float
    iterations: int
    history: tuple[tuple[int, float], ...]


class _Solver:
    def __init__(self, game: RangeGame, spec: LimitRound) -> None:
        self.game = game
        self.nodes = betting_tree(spec)
        h = game.num_hands
        self.regret = {n.index: np.zeros((h, len(n.actions))) for n in self.nodes if not n.terminal}
        self.avg = {n.index: np.zeros((h, len(n.actions))) for n in self.nodes if not n.terminal}
        self.scale = 1.0 / (h * game.disjoint_count)

    def strategy(self, idx: int) -> FloatArray:
        r = np.maximum(self.regret[idx], 0.0)
        s = r.sum(axis=1, keepdims=True)
        k = r.shape[1]
        return np.where(s > 0, r / np.where(s > 0, s, 1.0), 1.0 / k)

    def average_strategy(self, idx: int) -> FloatArray:
        a = self.avg[idx]
        s = a.sum(axis=1, keepdims=True)
        k = a.shape[1]
        return np.where(s > 0, a / np.where(s > 0, s, 1.0), 1.0 / k)

    def terminal_value(self, node: BettingNode, player: int, opp: FloatArray) -> FloatArray:
        """Counterfactual value (to ``player``) of each of its hands at a leaf, against ``opp``."""
        g = self.game
        if node.folder is not None:
            won = node.paid[1 - player] if node.folder != player else -node.paid[player]
            return won * g.disjoint(opp)
        return node.paid[player] * g.showdown(opp)

    def walk(self, node: BettingNode, player: int, opp: FloatArray, own: FloatArray, mode: str, t: int) -> FloatArray:
        """Values of ``player``'s hands below ``node``. mode: "cfr" (update player's regrets),
        "br" (best response to the average strategy), "avg" (both play the average)."""
        if node.terminal:
            return self.terminal_value(node, player, opp)
        i = node.index
        if node.player == player:
            sigma = self.average_strategy(i) if mode in ("br", "avg") else self.strategy(i)
            vals = np.stack([self.walk(c, player, opp, own * sigma[:, a], mode, t)
                             for a, c in enumerate(node.children)], axis=1)
            if mode == "br":
                best: FloatArray = vals.max(axis=1)
                return best
            v: FloatArray = (sigma * vals).sum(axis=1)
            if mode == "cfr":
                self.regret[i] = np.maximum(self.regret[i] + vals - v[:, None], 0.0)
                self.avg[i] += t * own[:, None] * sigma
            return v
        sigma = self.strategy(i) if mode == "cfr" else self.average_strategy(i)
        total = np.zeros(self.game.num_hands)
        for a, c in enumerate(node.children):
            total += self.walk(c, player, opp * sigma[:, a], own, mode, t)
        return total

    def values(self, mode: str) -> tuple[float, float]:
        ones = np.ones(self.game.num_hands)
        root = self.nodes[0]
        return (float(self.walk(root, 0, ones, ones, mode, 0).sum() * self.scale),
                float(self.walk(root, 1, ones, ones, mode, 0).sum() * self.scale))


def range_cfr_plus(
    game: RangeGame,
    spec: LimitRound,
    *,
    iterations: int,
    check_every: int = 10,
    target: float | None = None,
    progress: bool = True,
) -> RangeCFRResult:
    """Solve the betting round by CFR+ (alternating updates, linear averaging).

    Parameters:
        game: the hands and strengths.
        spec: ante, bet size and raise cap.
        iterations: the most iterations to run.
        check_every: measure the NashConv of the average strategy this often.
        target: stop once the NashConv is at most this (chips per game).
        progress: show a ``tqdm`` progress bar.

    Returns:
        A [`RangeCFRResult`][dreidelpoker.solve.ranges.RangeCFRResult].

    Raises:
        ValueError: for a non-positive ``iterations`` or ``check_every``.

    Examples:
        >>> kuhn = RangeGame(masks=np.array([1, 2, 4]), strength=np.array([0, 1, 2]))
        >>> res = range_cfr_plus(kuhn, LimitRound(ante=1, bet=1, max_raises=0), iterations=300, progress=False)
        >>> round(res.value, 2), res.nash_conv < 0.01
        (-0.06, True)
    """
    solver = _Solver(game, spec)
    ones = np.ones(game.num_hands)

    def step(t: int) -> None:
        for p in (0, 1):
            solver.walk(solver.nodes[0], p, ones, ones, "cfr", t)

    def measure() -> float:
        br0, br1 = solver.values("br")
        return float(br0 + br1)

    t, history = run_iterations(step, measure, iterations=iterations, check_every=check_every, target=target,
                                progress=progress)
    nc = history[-1][1]
    value = solver.values("avg")[0]
    average = {i: solver.average_strategy(i) for i in solver.avg}
    return RangeCFRResult(solver.nodes, average, value, nc, t, history)


def reach_weighted(nodes: Sequence[BettingNode], average: dict[int, FloatArray], player: int) -> dict[int, FloatArray]:
    """Each seat's own reach probability of every public decision node it acts at, per hand
    (the product of its own average action probabilities along the history)."""
    out: dict[int, FloatArray] = {}
    h = next(iter(average.values())).shape[0]
    reach: dict[int, FloatArray] = {0: np.ones(h)}
    for node in nodes:
        r = reach[node.index]
        if node.terminal:
            continue
        if node.player == player:
            out[node.index] = r
        for a, c in enumerate(node.children):
            reach[c.index] = r * average[node.index][:, a] if node.player == player else r
    return out
