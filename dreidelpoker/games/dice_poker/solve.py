"""Heads-up Dice Poker equilibria, for each betting structure, on an equity-bucket abstraction.

The full heads-up game is too big to solve as it stands (3,136 rolls of the two players
times 455 x 455 card classes, and a betting tree per round), so the library's generic
solver ([`solve`][dreidelpoker.solve.solve]: the sequence-form LP where the tree fits, CFR+
otherwise) solves an **abstraction** in which each player knows less:

* **the dice** are public; a player sees them only through the *dice bucket*: seat 1's
  exact equity on the dice alone (win + tie/2 against seat 2's dice, no card known,
  [`heads_up_equity_table`][dreidelpoker.games.dice_poker.equity.heads_up_equity_table]), cut into
  ``dice_buckets`` bins of equal probability. Both seats see it (it is public);
* **the cards**: after each dealing step a player sees only the bucket of its own exact
  equity (its dice and the cards it holds against the opponent's dice and unknown cards),
  cut into equal-probability bins per number of cards held (``card_buckets``, one count per
  step: after all three cards for ``"once"``, after each card for ``"per-card"``). A player
  remembers its earlier buckets and the betting (perfect recall);
* **the showdown** pays the expected result of the real hands behind the two bucket
  histories: both seats' chips in the pot times (P(seat 1 wins) − P(seat 2 wins)).

The chance probabilities of the abstract game and its showdown expectations are computed
*exactly* from every roll and every card class (card removal included) and then stored as
integers on a ``2**40`` scale (probabilities) and ``2**24`` (expected results): the solved
game differs from the exact abstraction by less than ``1e-6`` chips.

The betting is the rules' fixed-limit round (ante, bet, ``max_raises``; pot limit is not
solved). The tree must fit the solver (``max_nodes``): ``"once"`` takes the rules' cap,
``"per-card"`` one raise per round with the default buckets (``solve_dice_poker`` says so).

**Bots in the abstraction.** ``random`` and ``calling-station`` do not look at their
cards: they map exactly. ``tight`` and ``equity`` act on their hand; in the abstraction a
bucket plays each action with the probability that a real hand in that bucket takes it
(its category, or its exact equity against the price), measured over the same enumeration.

**Bluffing** (operational): a bet or raise by a hand whose exact equity (the bucket's mean)
is below the caller's break-even equity, ``to call / (pot after the bet + to call)``. Its
*share* is the probability mass of such bets among all bets and raises at equilibrium,
reached-weighted; its *value* is what the equilibrium player loses when those bets are
replaced by a check (or a call) and the opponent best-responds.
"""

from __future__ import annotations

import argparse
import html
import itertools
import re
import math
import time
from pathlib import Path
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt
from threadpoolctl import threadpool_limits

from ...caches import bounded_cache
from ...errors import InputError, shorten
from ...solve import extensive_form, solve
from ...solve.cfr import FlatForm
from ...solve.efg import ExtensiveForm
from ...solve.exact import behaviour_from_policy, best_response_value
from ..betting_round import Limits, RoundState, apply_action, is_aggressive, legal_actions, start_round
from ..protocol import EventLog, Payoff, Turn
from ..registry import CliCommand
from .bots import EQUITY_AGGRESSION
from .cards import CARD_RANKS
from .equity import heads_up_equity_table
from .key_ranks import key_ranks
from .rules import DicePokerRules
from .space import DICE_MULTISETS, RANK_TRIPLES, dice_orderings, rank_multisets, suit_weight
from ...validation import check_arguments, default_rules

__all__ = ["AbstractDicePoker", "Abstraction", "DEFAULT_BUCKETS", "DicePokerSolution", "SOLVE_COMMAND", "abstraction",
           "nash_conv_part", "solve_dice_poker", "write_data_file", "DATA_FILE"]

FloatArray = npt.NDArray[np.float64]

#: Default bucket counts: (dice buckets, card buckets per dealing step).
DEFAULT_BUCKETS: dict[str, tuple[int, tuple[int, ...]]] = {"once": (3, (6,)), "per-card": (3, (2, 2, 3))}
_PROB_SCALE = 1 << 40
_RESULT_SCALE = 1 << 24
_BOTS = ("random", "calling-station", "tight", "equity")
#: Equity histogram bins per bucket (for the equity bot's price tests).
_EQ_BINS = 200


# -- the exact enumeration behind the abstraction -------------------------------------------


@dataclass(frozen=True)
class Abstraction:
    """The abstract game's numbers, computed exactly from every roll and card class.

    Attributes:
        betting: ``"once"`` or ``"per-card"``.
        dice_buckets: the number of dice buckets.
        card_buckets: bucket counts per dealing step.
        dice_prob: P(dice bucket).
        joint: per dice bucket, the probability of each pair of bucket histories
            ``(history of seat 1, history of seat 2)`` (a dict of arrays indexed by the two
            flattened histories).
        result: per dice bucket, E[+1 seat 1 wins, −1 seat 2 wins, 0 tie | the histories].
        dice_equity: per dice bucket, seat 1's mean equity on the dice alone.
        step_equity: per seat, per step, the mean exact equity of each bucket.
        step_weight: per seat, per step, the probability of each bucket.
        tight_strong / tight_call: per seat, per step, P(category >= the tight bot's bet
            threshold | bucket) and P(at least a pair | bucket).
        equity_hist: per seat, per step, the equity histogram (``_EQ_BINS`` bins) of each bucket.
        dice_hist: per dice bucket, the histogram of seat 1's dice-alone equity.
        seconds: the time the enumeration took.
        dice_edges: the cut points of the dice buckets (on seat 1's dice-alone equity).
        card_edges: per dealing step, the cut points of the card buckets (on the holder's
            exact equity with the cards held so far).
    """

    betting: str
    dice_buckets: int
    card_buckets: tuple[int, ...]
    dice_prob: FloatArray
    joint: tuple[FloatArray, ...]
    result: tuple[FloatArray, ...]
    dice_equity: FloatArray
    step_equity: tuple[tuple[FloatArray, ...], ...]
    step_weight: tuple[tuple[FloatArray, ...], ...]
    tight_strong: tuple[tuple[FloatArray, ...], ...]
    tight_call: tuple[tuple[FloatArray, ...], ...]
    equity_hist: tuple[tuple[FloatArray, ...], ...]
    dice_hist: FloatArray
    seconds: float = 0.0
    dice_edges: FloatArray = field(default_factory=lambda: np.zeros(0))
    card_edges: tuple[FloatArray, ...] = ()

    def dice_bucket(self, equity: Any) -> Any:
        """The dice bucket of seat 1's dice-alone equity (a float or an array of them).

        Parameters:
            equity: seat 1's equity on the two rolls alone.

        Returns:
            The bucket (0 = weakest for seat 1), as ``equity`` is shaped.
        """
        return _bucket(np.asarray(equity, dtype=np.float64), self.dice_edges)

    def card_bucket(self, step: int, equity: Any) -> Any:
        """The card bucket after dealing step ``step`` (0-based) of a holder's exact equity.

        Parameters:
            step: the dealing step (0 for ``"once"``; 0, 1 or 2 for ``"per-card"``).
            equity: the holder's equity with the cards it holds (a float or an array).

        Returns:
            The bucket (0 = weakest), as ``equity`` is shaped.
        """
        return _bucket(np.asarray(equity, dtype=np.float64), self.card_edges[step])

    @property
    def histories(self) -> int:
        """Bucket histories per seat (the product of the card bucket counts)."""
        return int(np.prod(self.card_buckets))


def _weighted_edges(values: FloatArray, weights: FloatArray, bins: int) -> FloatArray:
    """Inner cut points splitting the weighted values into ``bins`` bins of about equal weight."""
    order = np.argsort(values, kind="stable")
    cum = np.cumsum(weights[order])
    cum /= cum[-1]
    cuts = [values[order][min(len(order) - 1, int(np.searchsorted(cum, q)))] for q in np.arange(1, bins) / bins]
    return np.asarray(cuts, dtype=np.float64)


def _bucket(values: FloatArray, edges: FloatArray) -> npt.NDArray[np.int64]:
    return np.searchsorted(edges, values, side="right").astype(np.int64)


@bounded_cache(maxsize=1)
def _orderings() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64], FloatArray]:
    """Every (triple, distinct order of its ranks): the triple's column, the first card's class
    (of ``rank_multisets(1)``), the first two cards' class (``rank_multisets(2)``), and the
    order's probability given the triple (distinct orders of a triple are equally likely)."""
    one = {k: i for i, k in enumerate(rank_multisets(1))}
    two = {k: i for i, k in enumerate(rank_multisets(2))}
    cols, first, pair, prob = [], [], [], []
    for t, triple in enumerate(RANK_TRIPLES):
        perms = sorted(set(itertools.permutations(triple)))
        for p in perms:
            cols.append(t)
            first.append(one[(p[0],)])
            pair.append(two[tuple(sorted(p[:2], reverse=True))])
            prob.append(1 / len(perms))
    return (np.array(cols), np.array(first), np.array(pair), np.array(prob))


@bounded_cache(maxsize=1)
def _removal_weights() -> FloatArray:
    """P(opponent triple u | hero triple t) times P(hero triple t): the joint card-class law."""
    counts = np.array([[t.count(r) for r in CARD_RANKS] for t in RANK_TRIPLES])
    binom = np.array([[math.comb(n, k) for k in range(5)] for n in range(5)], dtype=np.float64)
    w = np.ones((len(RANK_TRIPLES), len(RANK_TRIPLES)))
    for r in range(len(CARD_RANKS)):
        w *= binom[4 - counts[:, r][:, None], counts[None, :, r]]
    hero = np.array([suit_weight(t) for t in RANK_TRIPLES], dtype=np.float64) / math.comb(52, 3)
    joint: FloatArray = hero[:, None] * w / math.comb(49, 3)
    return joint


@bounded_cache(maxsize=8)
def _categories(options: tuple[int, int]) -> npt.NDArray[np.int64]:
    """Category (0-14) of every dice multiset x rank triple."""
    from .space import keys_for_dice

    return np.array([[k[0] for k in keys_for_dice(d, options)] for d in DICE_MULTISETS], dtype=np.int64)


@bounded_cache(maxsize=8)
def _partial_categories(options: tuple[int, int], j: int) -> npt.NDArray[np.int64]:
    """Category of every dice multiset x class of ``j`` cards (1 or 2), as the tight bot sees it."""
    from .bots import category_held

    return np.array([[category_held(d, k, options) for k in rank_multisets(j)] for d in DICE_MULTISETS],
                    dtype=np.int64)


@bounded_cache(maxsize=16)
def abstraction(betting: str, dice_buckets: int, card_buckets: tuple[int, ...],
                options: tuple[int, int] = (1, 2)) -> Abstraction:
    """Enumerate every roll pair and card class and build the abstract game's numbers (cached).

    Parameters:
        betting: ``"once"`` or ``"per-card"``.
        dice_buckets: dice buckets (1 to 8).
        card_buckets: bucket counts per dealing step (one for ``"once"``, three for ``"per-card"``).
        options: [`ranking_options`][dreidelpoker.games.dice_poker.DicePokerRules.ranking_options].

    Returns:
        The [`Abstraction`][dreidelpoker.games.dice_poker.solve.Abstraction].

    Raises:
        ValueError: bucket counts that do not fit the structure.
    """
    steps = 1 if betting == "once" else 3
    if len(card_buckets) != steps or any(not 1 <= b <= 12 for b in card_buckets) or not 1 <= dice_buckets <= 8:
        raise InputError(f"buckets: {betting!r} needs 1 to 8 dice buckets and {steps} card bucket count(s) from 1 "
                         f"to 12, got {dice_buckets} and {list(card_buckets)}")
    start = time.perf_counter()
    n = len(DICE_MULTISETS)
    orders = np.array([dice_orderings(d) for d in DICE_MULTISETS], dtype=np.float64) / 216
    ranks = key_ranks(options).astype(np.int64)
    cards_held = (3,) if betting == "once" else (1, 2, 3)
    # pass 1: equities of every holding, per step, for both seats (seat 2's against seat 1's dice)
    tables = {(a, b): heads_up_equity_table(DICE_MULTISETS[a], DICE_MULTISETS[b], options)
              for a in range(n) for b in range(n)}
    pair_prob = orders[:, None] * orders[None, :]
    hold_prob = [np.array([suit_weight(k) for k in rank_multisets(j)], dtype=np.float64) / math.comb(52, j)
                 for j in range(4)]
    dice_eq = np.array([[tables[a, b].floats[0][0] for b in range(n)] for a in range(n)])
    dice_edges = _weighted_edges(dice_eq.ravel(), pair_prob.ravel(), dice_buckets)
    dice_bucket = _bucket(dice_eq, dice_edges)
    edges = []
    for j in cards_held:
        vals = np.concatenate([tables[a, b].floats[j] for a in range(n) for b in range(n)])
        wts = np.concatenate([pair_prob[a, b] * hold_prob[j] for a in range(n) for b in range(n)])
        edges.append(_weighted_edges(vals, wts, card_buckets[cards_held.index(j)]))
    # pass 2: the joint law of (dice bucket, seat 1's history, seat 2's history) and the expected result
    hist = int(np.prod(card_buckets))
    joint = np.zeros((dice_buckets, hist, hist))
    signed = np.zeros((dice_buckets, hist, hist))
    cols, first, pair, oprob = _orderings()
    removal = _removal_weights()
    cat3 = _categories(options)
    partial = {j: _partial_categories(options, j) for j in (1, 2)} if betting == "per-card" else {}
    nsteps = len(cards_held)
    step_w = np.zeros((2, nsteps, max(card_buckets)))
    step_eq = np.zeros((2, nsteps, max(card_buckets)))
    strong = np.zeros((2, nsteps, max(card_buckets)))
    pairish = np.zeros((2, nsteps, max(card_buckets)))
    eq_hist = np.zeros((2, nsteps, max(card_buckets), _EQ_BINS))
    dice_hist = np.zeros((dice_buckets, _EQ_BINS))
    dice_mean = np.zeros(dice_buckets)
    dice_mass = np.zeros(dice_buckets)
    # One BLAS thread: the products are small, and threads fighting over a busy machine's
    # cores made them fifty times slower.
    with threadpool_limits(limits=1, user_api="blas"):
        for a in range(n):
            for b in range(n):
                w = pair_prob[a, b]
                k = int(dice_bucket[a, b])
                dice_mass[k] += w
                dice_mean[k] += w * dice_eq[a, b]
                dice_hist[k, min(_EQ_BINS - 1, int(dice_eq[a, b] * _EQ_BINS))] += w
                seat_h = []
                for seat, (x, y) in enumerate(((a, b), (b, a))):
                    tab = tables[x, y]
                    if betting == "once":
                        h = np.zeros((len(RANK_TRIPLES), hist))
                        bk = _bucket(tab.floats[3], edges[0])
                        h[np.arange(len(RANK_TRIPLES)), bk] = 1.0
                        per_step = [(3, bk, tab.floats[3], hold_prob[3], cat3[x] >= 4)]
                    else:
                        b1 = _bucket(tab.floats[1], edges[0])
                        b2 = _bucket(tab.floats[2], edges[1])
                        b3 = _bucket(tab.floats[3], edges[2])
                        seq = (b1[first] * card_buckets[1] + b2[pair]) * card_buckets[2] + b3[cols]
                        h = np.zeros((len(RANK_TRIPLES), hist))
                        np.add.at(h, (cols, seq), oprob)
                        per_step = [(1, b1, tab.floats[1], hold_prob[1], partial[1][x] >= 3),
                                    (2, b2, tab.floats[2], hold_prob[2], partial[2][x] >= 3),
                                    (3, b3, tab.floats[3], hold_prob[3], cat3[x] >= 4)]
                    for s, (j, bk, eqs, hp, is_strong) in enumerate(per_step):
                        cat = cat3[x] if j == 3 else partial[j][x]
                        ww = w * hp
                        np.add.at(step_w[seat, s], bk, ww)
                        np.add.at(step_eq[seat, s], bk, ww * eqs)
                        np.add.at(strong[seat, s], bk, ww * is_strong)
                        np.add.at(pairish[seat, s], bk, ww * (cat >= 1))
                        np.add.at(eq_hist[seat, s], (bk, np.minimum(_EQ_BINS - 1, (eqs * _EQ_BINS).astype(int))), ww)
                    seat_h.append(h)
                cmp = np.sign(ranks[a][:, None] - ranks[b][None, :])
                m = w * removal
                left = seat_h[0].T
                joint[k] += left @ m @ seat_h[1]
                signed[k] += left @ (m * cmp) @ seat_h[1]
    with np.errstate(invalid="ignore", divide="ignore"):
        result = np.where(joint > 0, signed / joint, 0.0)
        step_mean = np.where(step_w > 0, step_eq / step_w, 0.0)
        strong_p = np.where(step_w > 0, strong / step_w, 0.0)
        pair_p = np.where(step_w > 0, pairish / step_w, 0.0)
    eq_hist /= np.maximum(eq_hist.sum(axis=3, keepdims=True), 1e-300)
    dice_hist /= np.maximum(dice_hist.sum(axis=1, keepdims=True), 1e-300)

    def per(arr: FloatArray) -> tuple[tuple[FloatArray, ...], ...]:
        return tuple(tuple(arr[seat, s, :card_buckets[s]] for s in range(nsteps)) for seat in range(2))

    return Abstraction(
        betting=betting, dice_buckets=dice_buckets, card_buckets=tuple(card_buckets), dice_prob=dice_mass,
        joint=tuple(joint[k] / dice_mass[k] for k in range(dice_buckets)), result=tuple(result),
        dice_equity=dice_mean / dice_mass, step_equity=per(step_mean), step_weight=per(step_w),
        tight_strong=per(strong_p), tight_call=per(pair_p),
        equity_hist=tuple(tuple(eq_hist[seat, s, :card_buckets[s]] for s in range(nsteps)) for seat in range(2)),
        dice_hist=dice_hist, seconds=time.perf_counter() - start, dice_edges=dice_edges, card_edges=tuple(edges))


# -- the abstract game as a GameState -------------------------------------------------------


_NEW = tuple.__new__


class _Fields(NamedTuple):
    model: _Model
    phase: int  # 0 dice chance, 1 betting, 2 card chance, 3 over
    dice: int
    histories: tuple[tuple[int, ...], tuple[int, ...]]
    step: int  # dealing steps done
    betting: RoundState
    public: tuple[tuple[tuple[int, str], ...], ...]
    payoff: tuple[Payoff, Payoff] | None


@dataclass(frozen=True, eq=False)
class _Model:
    """What every abstract state shares: the numbers and the betting structure."""

    data: Abstraction
    limits: Limits
    ante: int
    # per dice bucket, per step: {(history prefix 1, history prefix 2): ((x1, x2), int weight) ...}
    chance: tuple[Any, ...] = field(default=())


class AbstractDicePoker(_Fields):
    """A state of the abstract heads-up game (a [`GameState`][dreidelpoker.games.protocol.GameState];
    build the start with [`start`][dreidelpoker.games.dice_poker.solve.AbstractDicePoker.start]). Observations are ``(seat, dice bucket, own bucket
    history, public betting)``."""

    __slots__ = ()

    @classmethod
    def start(cls, data: Abstraction, *, rules: DicePokerRules) -> AbstractDicePoker:
        """The abstract game's first state (before the dice bucket).

        Parameters:
            data: the abstraction's numbers.
            rules: the rules (ante, bet, raise cap; fixed limit).

        Returns:
            The start state.
        """
        model = _Model(data, Limits(kind="fixed", bet=rules.bet, max_raises=rules.max_raises), rules.ante,
                       _chance_tables(data))
        a = rules.ante
        return cls(model, 0, -1, ((), ()), 0, RoundState(-1, (a, a), (True, True), 0, a, 0, False, ()), (), None)

    @property
    def num_players(self) -> int:
        return 2

    @property
    def turn(self) -> Turn:
        return (Turn.CHANCE, Turn.PLAYER, Turn.CHANCE, Turn.TERMINAL)[self.phase]

    @property
    def current_players(self) -> tuple[int, ...]:
        return (self.betting.to_act,) if self.phase == 1 else ()

    @property
    def rounds(self) -> int:
        return 1 if self.phase == 3 else 0

    @property
    def truncated(self) -> bool:
        return False

    @property
    def log(self) -> EventLog:
        return EventLog()

    def legal_actions(self, player: int) -> tuple[str, ...]:
        if self.phase == 1 and player == self.betting.to_act:
            return legal_actions(self.model.limits, self.betting)
        return ()

    def chance_outcomes(self) -> tuple[tuple[Any, int], ...]:
        data = self.model.data
        if self.phase == 0:
            return tuple((k, max(1, round(p * _PROB_SCALE))) for k, p in enumerate(data.dice_prob) if p > 0)
        out: tuple[tuple[Any, int], ...] = self.model.chance[self.dice][self.step][self.histories]
        return out

    def apply(self, action: Any) -> AbstractDicePoker:
        if self.phase == 0:
            a = self.model.ante
            return self._replace(phase=1, dice=action,
                                 betting=start_round(committed=(a, a), live=(True, True), first=0))
        if self.phase == 2:
            x0, x1 = action
            h = (self.histories[0] + (x0,), self.histories[1] + (x1,))
            b = self.betting
            return self._replace(phase=1, histories=h, step=self.step + 1,
                                 betting=start_round(committed=b.committed, live=b.live, first=0))
        nb = apply_action(self.model.limits, self.betting, action)
        if not nb.over:
            return _NEW(AbstractDicePoker, (self.model, 1, self.dice, self.histories, self.step, nb, self.public, None))
        public = self.public + (nb.actions,)
        steps = len(self.model.data.card_buckets)
        if sum(nb.live) < 2:
            winner = nb.live.index(True)
            c = nb.committed[1 - winner] * _RESULT_SCALE
            pay: tuple[Payoff, Payoff] = (c, -c) if winner == 0 else (-c, c)
            return _NEW(AbstractDicePoker, (self.model, 3, self.dice, self.histories, self.step, nb, public, pay))
        if self.step >= steps:
            e = self.model.data.result[self.dice][_flat(self.histories[0], self.model.data.card_buckets),
                                                  _flat(self.histories[1], self.model.data.card_buckets)]
            value = round(float(e) * _RESULT_SCALE) * nb.committed[0]
            return _NEW(AbstractDicePoker, (self.model, 3, self.dice, self.histories, self.step, nb, public,
                                            (value, -value)))
        return self._replace(phase=2, betting=nb, public=public)

    def apply_joint(self, actions: Mapping[int, Any]) -> AbstractDicePoker:
        raise InputError("the abstract game has no simultaneous moves")

    def returns(self) -> tuple[Payoff, ...]:
        """Chips in units of ``2**-24`` chip (whole numbers keep the solver's sums integer)."""
        if self.payoff is not None:
            return self.payoff
        return tuple(-c * _RESULT_SCALE for c in self.betting.committed)

    def observation(self, player: int) -> tuple[Hashable, ...]:
        b = self.betting
        public = self.public + (b.actions,) if self.phase == 1 else self.public
        return (player, self.dice, self.histories[player], public)


def _flat(history: tuple[int, ...], counts: tuple[int, ...]) -> int:
    out = 0
    for x, c in zip(history, counts):
        out = out * c + x
    return out


def _chance_tables(data: Abstraction) -> tuple[Any, ...]:
    """Per dice bucket and dealing step, the integer weights of the next pair of buckets given
    the histories so far (from the joint law of the full histories)."""
    counts = data.card_buckets
    out = []
    for k in range(data.dice_buckets):
        full = data.joint[k].reshape(counts + counts)
        steps: list[dict[Any, Any]] = []
        for s in range(len(counts)):
            # marginal over the later steps: axes are seat 1's steps then seat 2's
            later = tuple(range(s + 1, len(counts))) + tuple(len(counts) + i for i in range(s + 1, len(counts)))
            marg = full.sum(axis=later) if later else full
            table: dict[Any, Any] = {}
            for h0 in itertools.product(*(range(c) for c in counts[:s])):
                for h1 in itertools.product(*(range(c) for c in counts[:s])):
                    block = _block(marg, h0, h1)
                    total = block.sum()
                    if total <= 0:
                        continue
                    table[(h0, h1)] = tuple(((x0, x1), max(1, round(block[x0, x1] / total * _PROB_SCALE)))
                                            for x0 in range(counts[s]) for x1 in range(counts[s])
                                            if block[x0, x1] > 0)
            steps.append(table)
        out.append(tuple(steps))
    return tuple(out)


def _block(marg: FloatArray, h0: tuple[int, ...], h1: tuple[int, ...]) -> FloatArray:
    """``marg[h0..., :, h1..., :]`` for a marginal with axes (seat 1's steps 0..s, seat 2's 0..s)."""
    idx: list[Any] = list(h0) + [slice(None)] + list(h1) + [slice(None)]
    out: FloatArray = marg[tuple(idx)]
    return out


# -- what the abstract game's public betting means ------------------------------------------


def _current_round(model: _Model, public: tuple[tuple[tuple[int, str], ...], ...]) -> RoundState:
    """The betting round the last entry of ``public`` is in, replayed from the antes."""
    a = model.ante
    state = start_round(committed=(a, a), live=(True, True), first=0)
    for i, rnd in enumerate(public):
        if i:
            state = start_round(committed=state.committed, live=state.live, first=0)
        for _seat, action in rnd:
            state = apply_action(model.limits, state, action)
    return state


def _key(obs: Hashable) -> tuple[int, int, tuple[int, ...], tuple[tuple[tuple[int, str], ...], ...]]:
    """An abstract observation's parts: seat, dice bucket, own bucket history, public betting."""
    parts: tuple[Any, ...] = obs  # type: ignore[assignment]
    return parts[0], parts[1], parts[2], parts[3]


def _upper_share(hist: FloatArray, x: float) -> float:
    """P(equity >= x) from a histogram on [0, 1] (bins whose lower edge is at least x)."""
    return float(hist[min(len(hist), max(0, math.ceil(x * len(hist) - 1e-9))):].sum())


def _bot_policy(name: str, model: _Model, rules: DicePokerRules) -> Any:
    """The bot's action probabilities at an abstract observation (see the module docstring)."""
    data = model.data

    def policy(obs: Hashable, legal: tuple[Hashable, ...]) -> dict[Hashable, float]:
        seat, k, hist, public = _key(obs)
        acts = [str(a) for a in legal]
        if name == "random":
            return {a: 1 / len(acts) for a in acts}
        if name == "calling-station":
            return {"check" if "check" in acts else "call": 1.0}
        rnd = _current_round(model, public)
        to_call = rnd.level - rnd.committed[seat]
        agg = next((a for a in acts if is_aggressive(a)), None)
        step = len(public) - 1
        if name == "tight":
            if step == 0:
                strong, call = 0.0, 1.0 if to_call <= rules.bet else 0.0
            else:
                strong = float(data.tight_strong[seat][step - 1][hist[step - 1]])
                call = float(data.tight_call[seat][step - 1][hist[step - 1]])
        else:  # equity
            if step == 0:
                h = data.dice_hist[k] if seat == 0 else data.dice_hist[k][::-1]
            else:
                h = data.equity_hist[seat][step - 1][hist[step - 1]]
            price = to_call / (rnd.pot + to_call) if to_call else 0.0
            strong, call = _upper_share(h, EQUITY_AGGRESSION / 2), _upper_share(h, price)
            strong = min(strong, call) if to_call else strong
        out: dict[Hashable, float] = {}
        a = strong if agg is not None else 0.0
        if agg is not None and a > 0:
            out[agg] = a
        if "check" in acts:
            out["check"] = 1.0 - a
        else:
            c = max(0.0, min(1.0, call) - a)
            out["call"] = c
            out["fold"] = max(0.0, 1.0 - a - c)
        return {x: p for x, p in out.items() if p > 0} or {acts[0]: 1.0}

    return policy


# -- the solution ---------------------------------------------------------------------------


@dataclass(frozen=True)
class DicePokerSolution:
    """A heads-up Dice Poker equilibrium of one betting structure (on the abstraction).

    Attributes:
        rules: the rules solved (heads-up, fixed limit).
        method: ``"lp"`` (exact equilibrium of the abstract game) or ``"cfr+"``.
        value: the abstract game's value to seat 1 and seat 2 (chips per hand).
        nash_conv: the profile's NashConv in the abstract game (0 for the LP).
        tree: the abstract game's size.
        buckets: dice buckets and card buckets per step.
        bots: per bot, its exploitability in each seat (chips per hand it loses to a best
            response beyond the game value) and the mean of the two.
        bluffing: per seat, ``bets`` (bets and raises per hand), ``bluffs`` (bluffs per hand),
            ``bluff_share`` (bluffs among bets and raises, reach-weighted) and ``bluff_value``
            (what the seat loses when its bluffs are replaced by checks or calls and the
            opponent best-responds).
        pace: for the whole hand at equilibrium, ``bets`` (bets and raises), ``actions`` and
            ``pot`` (the mean pot), each per hand.
        seconds: ``{"abstraction": s, "tree": s, "solve": s, "total": s}``.
        iterations: CFR+ iterations (0 for the LP).
        abstraction: the abstract game's numbers (bucket edges included).
        policy: the equilibrium itself: ``{abstract observation: {action: probability}}``
            (see [`full_game_policy`][dreidelpoker.games.dice_poker.solve.DicePokerSolution.full_game_policy]).
    """

    rules: DicePokerRules
    method: str
    value: tuple[float, float]
    nash_conv: float
    tree: str
    buckets: tuple[int, tuple[int, ...]]
    bots: dict[str, dict[str, float]]
    bluffing: tuple[dict[str, float], dict[str, float]]
    pace: dict[str, float]
    seconds: dict[str, float]
    iterations: int = 0
    abstraction: Abstraction | None = field(default=None, repr=False, compare=False)
    policy: Mapping[Hashable, Mapping[str, float]] = field(default_factory=dict, repr=False, compare=False)

    def abstract_observation(self, observation: Any) -> tuple[int, int, tuple[int, ...], Any]:
        """The abstract game's observation behind a whole-game one: the seat, the dice bucket
        of the two rolls, the bucket of the seat's exact equity after each dealing step so far
        (its dice and cards against the other roll and every card set it may hold), the betting.

        Parameters:
            observation: a heads-up [`DicePokerObservation`][dreidelpoker.games.dice_poker.DicePokerObservation]
                after the dice are rolled.

        Returns:
            ``(seat, dice bucket, bucket history, betting)``, a key of ``policy``.

        Raises:
            InputError: a solution without its abstraction, or an observation that is not heads-up
                after the roll.
        """
        data = self.abstraction
        if data is None:
            raise InputError("this solution does not carry its abstraction (solve it again with solve_dice_poker)")
        dice = observation.dice
        if len(dice) != 2 or not dice[0] or not dice[1]:
            raise InputError("observation: a heads-up Dice Poker observation after both rolls")
        seat = observation.seat
        options = self.rules.ranking_options
        dice_eq = heads_up_equity_table(dice[0], dice[1], options).floats[0][0]
        k = int(data.dice_bucket(dice_eq))
        table = heads_up_equity_table(dice[seat], dice[1 - seat], options)
        cards = tuple(observation.cards)
        held = (3,) if self.rules.betting == "once" else (1, 2, 3)
        hist = tuple(int(data.card_bucket(s, table.equity(cards[:j]))) for s, j in enumerate(held) if len(cards) >= j)
        return seat, k, hist, observation.history

    def full_game_policy(self, observation: Any, legal: Sequence[str]) -> dict[str, float]:
        """The abstract equilibrium played in the whole game: its action probabilities at the
        abstract observation behind a whole-game one (uniform over the legal actions where the
        abstract game never reaches it).

        Parameters:
            observation: a heads-up [`DicePokerObservation`][dreidelpoker.games.dice_poker.DicePokerObservation].
            legal: the legal actions there.

        Returns:
            ``{action: probability}``.

        Examples:
            >>> from dreidelpoker.games.dice_poker.game import new_game
            >>> sol = solve_dice_poker(DicePokerRules(max_raises=0), buckets=(1, (2,)))  # doctest: +SKIP
            >>> g = new_game(DicePokerRules(max_raises=0)).apply(((6, 5, 3), (2, 2, 1)))  # doctest: +SKIP
            >>> sorted(sol.full_game_policy(g.observation(0), g.legal_actions(0)))  # doctest: +SKIP
            ['bet', 'check']
        """
        probs = self.policy.get(self.abstract_observation(observation))
        if probs is None:
            return {a: 1 / len(legal) for a in legal}
        return {a: float(probs.get(a, 0.0)) for a in legal}

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe summary."""
        return {
            "betting": self.rules.betting, "ante": self.rules.ante, "bet": self.rules.bet,
            "max_raises": self.rules.max_raises, "method": self.method, "iterations": self.iterations,
            "value": list(self.value), "nash_conv": self.nash_conv, "tree": self.tree,
            "dice_buckets": self.buckets[0], "card_buckets": list(self.buckets[1]),
            "bots": self.bots, "bluffing": [dict(b, seat=i + 1) for i, b in enumerate(self.bluffing)],
            "pace": self.pace, "seconds": self.seconds,
        }

    def to_pandas(self) -> Any:
        """One row per seat: its value, bluffing and each bot's exploitability in that seat.

        Columns: ``seat``, ``value`` (chips per hand), ``bets per hand`` (bets and raises),
        ``bluffs per hand``, ``bluff share``, ``value of bluffing`` (what the seat loses when
        its bluffs become checks or calls and the opponent best-responds), then one
        ``exploitability: BOT`` column per bot (chips per hand lost to a best response beyond
        the game value, playing that seat). The same names as the Domino Poker solvers'
        per-seat tables. Whole-hand figures (``pace``, ``nash_conv``) stay in ``to_dict()``.

        Returns:
            A ``pandas.DataFrame`` with two rows (seat 1 acts first).

        Examples:
            >>> sol = solve_dice_poker(DicePokerRules(max_raises=0), buckets=(1, (2,)))  # doctest: +SKIP
            >>> sol.to_pandas()["seat"].tolist()  # doctest: +SKIP
            [1, 2]
        """
        import pandas as pd

        rows = []
        for i, b in enumerate(self.bluffing):
            row: dict[str, Any] = {"seat": i + 1, "value": self.value[i], "bets per hand": float(b["bets"]),
                                   "bluffs per hand": float(b["bluffs"]), "bluff share": float(b["bluff_share"]),
                                   "value of bluffing": float(b["bluff_value"])}
            row.update({f"exploitability: {name}": e[f"seat{i + 1}"] for name, e in self.bots.items()})
            rows.append(row)
        return pd.DataFrame(rows)

    def to_text(self) -> str:
        r = self.rules
        lines = [
            f"Dice Poker heads-up, betting {r.betting!r}: ante {r.ante}, bets of {r.bet}, at most {r.max_raises} "
            f"raise(s) a round; abstraction: {self.buckets[0]} dice buckets, card buckets {list(self.buckets[1])}",
            f"solved by {self.method}" + (f" ({self.iterations} iterations)" if self.iterations else "")
            + f" in {self.seconds['total']:.1f} s: {self.tree}",
            f"value: seat 1 {self.value[0]:+.4f}, seat 2 {self.value[1]:+.4f} chips per hand; "
            f"NashConv {self.nash_conv:.2g}",
            f"pace at equilibrium: {self.pace['bets']:.3f} bets and raises, {self.pace['actions']:.3f} actions, "
            f"pot {self.pace['pot']:.3f} chips per hand",
        ]
        for i, b in enumerate(self.bluffing):
            lines.append(f"seat {i + 1}: bluffs are {b['bluff_share']:.1%} of its bets and raises; forbidding them "
                         f"costs it {b['bluff_value']:+.4f} chips per hand")
        lines.append("exploitability (chips per hand lost to a best response beyond the game value):")
        for name, e in self.bots.items():
            lines.append(f"  {name:16s} seat 1 {e['seat1']:.4f}, seat 2 {e['seat2']:.4f}, mean {e['mean']:.4f}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<pre>" + html.escape(self.to_text()) + "</pre>"

    def __repr__(self) -> str:
        return (f"DicePokerSolution(betting={self.rules.betting!r}, value={self.value[0]:+.5f}, "
                f"nash_conv={self.nash_conv:.2g})")


@check_arguments
def solve_dice_poker(
    rules: DicePokerRules | None = None,
    *,
    buckets: tuple[int, tuple[int, ...]] | None = None,
    method: str | None = None,
    iterations: int = 100,
    progress: bool = False,
) -> DicePokerSolution:
    """Solve heads-up Dice Poker on the equity-bucket abstraction (see the module docstring).

    Parameters:
        rules: the rules (2 players, fixed limit; ``betting`` picks the structure). Default:
            [Dice Poker rules][rules-2] with one raise a round.
        buckets: ``(dice buckets, card buckets per dealing step)``; default
            `DEFAULT_BUCKETS` for the structure.
        method: ``"lp"`` or ``"cfr+"``; default: the LP for ``"once"``, CFR+ for ``"per-card"``.
        iterations: CFR+ iterations.
        progress: show CFR+'s progress bar.

    Returns:
        The `DicePokerSolution`.

    Raises:
        ValueError: more than two players, pot limit, bucket counts that do not fit, or a tree
            over the solver's node limit.

    Examples:
        >>> sol = solve_dice_poker(DicePokerRules(max_raises=0), buckets=(1, (2,)))  # doctest: +SKIP
        >>> round(sol.value[0] + sol.value[1], 12)  # doctest: +SKIP
        0.0
    """
    rules = DicePokerRules(max_raises=1) if rules is None else default_rules(rules, DicePokerRules)
    if rules.players != 2:
        raise InputError(f"players: the Dice Poker solver is heads-up (2 players), got {rules.players}")
    if rules.limit != "fixed":
        raise InputError(f"limit: the Dice Poker solver takes fixed limit, got {rules.limit!r}")
    if rules.betting == "per-card" and rules.max_raises > 1:
        raise InputError(f"max_raises: per-card solves take at most 1 raise a round (the tree outgrows the solver "
                         f"beyond), got {rules.max_raises}")
    if buckets is None:
        buckets = DEFAULT_BUCKETS[rules.betting]
    if not (isinstance(buckets, tuple) and len(buckets) == 2 and isinstance(buckets[1], tuple)):
        raise InputError(f"buckets: expected (dice buckets, (card bucket counts...)), such as "
                         f"{DEFAULT_BUCKETS[rules.betting]} for {rules.betting!r}, got {buckets!r}")
    k, cards = buckets
    if method is None:
        method = "lp" if rules.betting == "once" else "cfr+"
    if method not in ("lp", "cfr+"):
        raise InputError(f"method must be 'lp' or 'cfr+', got {method!r}")
    t0 = time.perf_counter()
    data = abstraction(rules.betting, k, tuple(cards), rules.ranking_options)
    t1 = time.perf_counter()
    start = AbstractDicePoker.start(data, rules=rules)
    form = extensive_form(start, max_nodes=2_000_000)
    t2 = time.perf_counter()
    sol = solve(form, method=method, iterations=iterations, check_every=max(1, iterations // 4), progress=progress)
    t3 = time.perf_counter()
    unit = 1 / _RESULT_SCALE  # the abstract game pays in 2**-24 chips
    exact_value, exact_nash_conv, strategies = sol.fractions()
    value = float(exact_value) * unit
    bots: dict[str, dict[str, float]] = {}
    for name in _BOTS:
        policy = _bot_policy(name, start.model, rules)
        e = [float(sol.exploitability_of(seat, policy)) * unit for seat in (0, 1)]
        bots[name] = {"seat1": e[0], "seat2": e[1], "mean": (e[0] + e[1]) / 2}
    bluffing, pace = _bluffing(form, strategies, start.model, float(exact_value))
    policy = {info.key: {str(a): float(pr) for a, pr in zip(info.actions, probs)}
              for p in (0, 1) for info, probs in zip(form.infosets[p], strategies[p])}
    t4 = time.perf_counter()
    return DicePokerSolution(
        rules=rules, method=method, value=(value, -value), nash_conv=float(exact_nash_conv) * unit, tree=form.describe(),
        buckets=(k, tuple(cards)), bots=bots, bluffing=bluffing, pace=pace, iterations=sol.iterations,
        seconds={"abstraction": round(t1 - t0, 2), "tree": round(t2 - t1, 2), "solve": round(t3 - t2, 2),
                 "total": round(t4 - t0, 2)}, abstraction=data, policy=policy)


def _holding_equity(model: _Model, seat: int, dice: int, hist: tuple[int, ...], step: int) -> float:
    data = model.data
    if step == 0:
        eq = float(data.dice_equity[dice])
        return eq if seat == 0 else 1 - eq
    return float(data.step_equity[seat][step - 1][hist[step - 1]])


def _bluffing(form: ExtensiveForm, strategies: tuple[Any, Any], model: _Model,
              value: float) -> tuple[tuple[dict[str, float], dict[str, float]], dict[str, float]]:
    """Reach-weighted bets, bluffs and the value of bluffing per seat, and the pace of play."""
    reach = FlatForm(form).joint_reach(strategies)
    node_mass = np.zeros((2, max(len(form.infosets[0]), len(form.infosets[1]))))
    dec = np.flatnonzero(form.kind == 1)
    np.add.at(node_mass, (form.player[dec].astype(np.int64), form.infoset[dec]), reach[dec])
    out = []
    bets_total = 0.0
    actions_total = 0.0
    chips_total = 2.0 * model.ante
    for p in (0, 1):
        bets = bluffs = 0.0
        bluff_acts: set[tuple[Hashable, str]] = set()
        for i, (info, probs) in enumerate(zip(form.infosets[p], strategies[p])):
            mass = node_mass[p, i]
            _seat, k, hist, public = _key(info.key)
            rnd = _current_round(model, public)
            actions_total += mass
            to_call = rnd.level - rnd.committed[p]
            for a, pr in zip(info.actions, probs):
                a = str(a)
                if a == "call":
                    chips_total += mass * float(pr) * to_call
                if not is_aggressive(a):
                    continue
                size = model.limits.bet
                chips_total += mass * float(pr) * (to_call + size)
                pot_after = rnd.pot + to_call + size
                threshold = size / (pot_after + size)
                m = mass * float(pr)
                bets += m
                if _holding_equity(model, p, k, hist, len(public) - 1) < threshold:
                    bluffs += m
                    bluff_acts.add((info.key, a))
        bets_total += bets

        def no_bluffs(obs: Hashable, legal: tuple[Hashable, ...], p: int = p,
                      banned: set[tuple[Hashable, str]] = bluff_acts) -> dict[Hashable, float]:
            idx = form.infoset_index[p][obs]
            probs = [float(x) for x in strategies[p][idx]]
            table: dict[Hashable, float] = dict(zip(map(str, legal), probs))
            moved = sum(table[a] for a in list(table) if (obs, a) in banned)
            for a in list(table):
                if (obs, a) in banned:
                    table[a] = 0.0
            safe = "check" if "check" in table else "call"
            table[safe] += moved
            return table

        base = float(nash_conv_part(form, p, strategies, value))
        banned_loss = float(_exploitability(form, p, no_bluffs, value))
        out.append({"bets": bets, "bluffs": bluffs, "bluff_share": bluffs / bets if bets else 0.0,
                    "bluff_value": (banned_loss - base) / _RESULT_SCALE})
    pace = {"bets": bets_total, "actions": actions_total, "pot": chips_total}
    return (out[0], out[1]), pace


def _exploitability(form: ExtensiveForm, seat: int, policy: Any, value: float) -> float:
    behaviour = behaviour_from_policy(form, seat, policy)
    br = float(best_response_value(form, 1 - seat, behaviour))
    return value - br if seat == 0 else br - value


def nash_conv_part(form: ExtensiveForm, seat: int, strategies: tuple[Any, Any], value: float) -> float:
    """How much ``seat``'s strategy of a profile loses to a best response below ``value``
    (0 for an exact equilibrium strategy).

    Parameters:
        form: the game.
        seat: 0 or 1.
        strategies: the profile's behaviour strategies.
        value: the game value to seat 0.

    Returns:
        The exploitability of that seat's strategy.
    """
    br = float(best_response_value(form, 1 - seat, strategies[seat]))
    return value - br if seat == 0 else br - value


# -- the command line -----------------------------------------------------------------------


def _bucket_list(text: str) -> tuple[int, ...]:
    parts = text.split(",")
    if not all(re.fullmatch(r"\s*[0-9]{1,3}\s*", x, flags=re.ASCII) for x in parts):  # ASCII: never '٣'
        raise InputError(f"card-buckets: whole numbers separated by commas, e.g. 2,2,3; got {shorten(text)}")
    return tuple(int(x) for x in parts)


def _add_arguments(p: argparse.ArgumentParser) -> None:
    from ...limits import int_arg
    from ...rules_cli import add_rules_flags

    p.add_argument("--method", choices=("lp", "cfr+"), default=None,
                   help="lp (exact on the abstraction) or cfr+; default lp for once, cfr+ for per-card")
    p.add_argument("--iterations", type=int_arg, default=100, help="CFR+ iterations (default 100)")
    p.add_argument("--dice-buckets", type=int_arg, default=None, help="dice buckets, 1 to 8 (default 3)")
    p.add_argument("--card-buckets", default=None,
                   help="card buckets per dealing step, e.g. 6 (once) or 2,2,3 (per-card; the defaults)")
    p.add_argument("--max-raises", type=int_arg, default=1,
                   help="raises after a round's opening bet (default 1 here; per-card solves take at most 1)")
    p.add_argument("--full-game", nargs="?", const="all", default=None, metavar="ROLLS",
                   help="also measure every bot and the equilibrium by exact best responses in the whole game (no "
                        "abstraction): over all rolls (the default; CPU minutes: about 2 for once, 15 for per-card) or "
                        "given one pair of rolls, seat 1's:seat 2's, e.g. 6,5,3:2,2,1")
    add_rules_flags(p, DicePokerRules, exclude={"players": "the solver is heads-up",
                                                "limit": "the solver takes fixed limit"})


@dataclass(frozen=True)
class _SolvedWithFullGame:
    """``solve dice-poker --full-game``: the solution and its whole-game best responses."""

    solution: DicePokerSolution
    full_game: Any

    def to_dict(self) -> dict[str, Any]:
        return {**self.solution.to_dict(), "full_game": self.full_game.to_dict()}

    def to_text(self) -> str:
        text: str = self.solution.to_text() + "\n" + self.full_game.to_text()
        return text


def _rolls(text: str) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """``--full-game``'s value: ``all`` or two rolls ``6,5,3:2,2,1``."""
    from .cards import parse_dice

    if text.strip() == "all":
        return None
    parts = text.split(":")
    if len(parts) != 2:
        raise InputError(f"full-game: 'all' or two rolls, seat 1's:seat 2's, e.g. 6,5,3:2,2,1; got {shorten(text)}")
    return parse_dice(parts[0], what="seat 1's roll"), parse_dice(parts[1], what="seat 2's roll")


def _run(args: argparse.Namespace) -> DicePokerSolution | _SolvedWithFullGame:
    import sys

    from ...rules_cli import rules_from_args

    rules: DicePokerRules = rules_from_args(DicePokerRules, args, max_raises=args.max_raises)
    buckets = None
    if args.dice_buckets is not None or args.card_buckets is not None:
        k, cards = DEFAULT_BUCKETS[rules.betting]
        buckets = (args.dice_buckets if args.dice_buckets is not None else k,
                   _bucket_list(args.card_buckets) if args.card_buckets is not None else cards)
    if args.method != "cfr+" and args.iterations != 100:
        raise InputError("--iterations applies to --method cfr+ only (the LP takes no iterations); "
                         "give --method cfr+ or leave --iterations out")
    rolls = _rolls(args.full_game) if args.full_game is not None else None  # refused before any work
    tty = not args.json and sys.stderr.isatty()
    sol = solve_dice_poker(rules, buckets=buckets, method=args.method, iterations=args.iterations, progress=tty)
    if args.full_game is None:
        return sol
    from .exploit import full_game_exploitability

    full = full_game_exploitability(rules, solution=sol, dice=rolls, progress=tty)  # type: ignore[arg-type]
    return _SolvedWithFullGame(sol, full)


SOLVE_COMMAND = CliCommand(
    add_arguments=_add_arguments,
    run=_run,
    examples=(("--betting", "once", "--max-raises", "0", "--card-buckets", "3"),),
)


#: Both structures' solutions as the notebook shows them (written by ``python -m
#: dreidelpoker.games.dice_poker.solve``; ``tests/test_dice_poker_solve.py`` re-solves ``once``).
DATA_FILE = Path(__file__).with_name("solve_results.json")


def write_data_file(path: Path | None = None) -> Path:
    """Solve both betting structures with the defaults and write their summaries as JSON, each
    with ``"full_game"``: every bot's and the equilibrium's exact best-response figures in the
    whole game ([`full_game_exploitability`][dreidelpoker.games.dice_poker.exploit.full_game_exploitability];
    about 2 CPU-minutes for ``"once"`` and 15 for ``"per-card"``).

    Parameters:
        path: where to write (default: the package's own file).

    Returns:
        The path written.
    """
    import json

    from .exploit import full_game_exploitability

    path = path or DATA_FILE
    out = {}
    for b in ("once", "per-card"):
        rules = DicePokerRules(betting=b, max_raises=1)
        sol = solve_dice_poker(rules)
        out[b] = {**sol.to_dict(), "full_game": full_game_exploitability(rules, solution=sol).to_dict()}
    path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":  # pragma: no cover - writes the notebook's data file
    print(write_data_file())
