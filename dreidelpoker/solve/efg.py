"""The extensive form of a two-player zero-sum game, built from its own game-state protocol.

[`extensive_form`][dreidelpoker.solve.extensive_form] walks a [`GameState`][dreidelpoker.play.GameState] from a
start state and records every node:

* **chance** nodes with their exact probabilities (``chance_outcomes()`` weights / total);
* **decision** nodes grouped into *information sets* keyed by ``(seat, observation(seat))``:
  two nodes where a seat sees the same observation are the same decision;
* **terminal** nodes with the exact payoff to seat 0 (``returns()[0]``; the game must be
  zero-sum, ``returns()[0] + returns()[1] == 0``).

A **simultaneous** node becomes two sequential decisions: the first seat in
``current_players`` chooses, then the second chooses from an information set keyed by its
observation of the *same* state, so it cannot see the first seat's choice.

Besides the tree, the form holds the **sequence form** (Koller, Megiddo and von Stengel):
each seat's sequences (sequence 0 is the empty one; information set ``I`` with parent
sequence ``σ`` owns the consecutive sequences ``σ·a``) and the payoff matrix
``A[σ0, σ1]`` = sum over leaves of chance probability × payoff to seat 0, exactly
(`fractions.Fraction`) and as a scipy sparse matrix.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt
import scipy.sparse as sp

from ..games.protocol import GameState, Turn
from ..errors import InputError, InputTypeError, shorten
from ..exact import ExactMapping
from ..validation import check_count
from ..strict_numbers import parse_exact

__all__ = ["DEFAULT_MAX_NODES", "ExtensiveForm", "Infoset", "extensive_form"]

#: Default cap on the size of a tree built by [`extensive_form`][dreidelpoker.solve.extensive_form].
DEFAULT_MAX_NODES = 3_000_000

#: Node kinds in [`ExtensiveForm.kind`][dreidelpoker.solve.ExtensiveForm.kind].
CHANCE, DECISION, TERMINAL = 0, 1, 2

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Infoset:
    """One information set of one seat.

    Attributes:
        player: the seat (0 or 1).
        key: what identifies it: the seat's observation (a hashable value).
        actions: the legal actions, the same at every node of the set.
        parent_sequence: the seat's own sequence that leads here (0 = the empty sequence).
        first_sequence: the sequence of ``actions[0]``; ``actions[i]`` is ``first_sequence + i``.
    """

    player: int
    key: Hashable
    actions: tuple[Hashable, ...]
    parent_sequence: int
    first_sequence: int

    @property
    def sequences(self) -> range:
        """The sequences of this set's actions."""
        return range(self.first_sequence, self.first_sequence + len(self.actions))


@dataclass
class ExtensiveForm:
    """A two-player zero-sum game tree with its sequence form (see the module docstring).

    The tree is stored flat in breadth-first order (parents before children; the children
    of one node are consecutive). Per node: ``kind`` (0 chance, 1 decision, 2 terminal),
    ``player`` (the deciding seat, else -1), ``infoset`` (index into that seat's
    `infosets`, else -1), ``parent`` (-1 at the root), ``edge_sequence`` (the
    sequence of the action that led here when the parent decides, else -1),
    ``edge_probability`` (the chance probability when the parent is chance, else 1),
    ``payoff`` (to seat 0 at a terminal, else 0) and ``depth``.

    Examples:
        >>> from dreidelpoker.solve import extensive_form
        >>> from dreidelpoker.solve.examples import matching_pennies
        >>> extensive_form(matching_pennies()).num_sequences
        (3, 3)
    """

    infosets: tuple[list[Infoset], list[Infoset]]
    num_sequences: tuple[int, int]
    kind: npt.NDArray[np.int8]
    player: npt.NDArray[np.int8]
    infoset: IntArray
    parent: IntArray
    edge_sequence: IntArray
    edge_probability: FloatArray
    payoff: FloatArray
    depth: IntArray
    #: Exact sequence-form payoff: ``(σ0, σ1) -> Σ chance probability × payoff to seat 0``
    #: (sympy Rationals; ``.fractions()`` for Fractions).
    payoff_exact: ExactMapping[tuple[int, int]]
    #: ``infoset_index[p][key]`` -> index into ``infosets[p]``.
    infoset_index: tuple[dict[Hashable, int], dict[Hashable, int]] = field(repr=False)
    _matrix: sp.csr_matrix | None = field(default=None, repr=False)

    @property
    def num_nodes(self) -> int:
        """The number of nodes in the tree."""
        return len(self.kind)

    @property
    def num_terminals(self) -> int:
        """The number of leaves."""
        return int((self.kind == TERMINAL).sum())

    @property
    def matrix(self) -> sp.csr_matrix:
        """The sequence-form payoff matrix ``A`` (seat 0's sequences × seat 1's) as floats."""
        if self._matrix is None:
            exact = self.payoff_exact.fractions()
            keys = list(exact)
            rows = np.fromiter((k[0] for k in keys), dtype=np.int64, count=len(keys))
            cols = np.fromiter((k[1] for k in keys), dtype=np.int64, count=len(keys))
            vals = np.fromiter((float(v) for v in exact.values()), dtype=np.float64, count=len(keys))
            self._matrix = sp.csr_matrix((vals, (rows, cols)), shape=self.num_sequences)
        return self._matrix

    def constraint_matrix(self, player: int) -> sp.csr_matrix:
        """The realization-plan constraints ``E x = e`` of ``player``: row 0 says the empty
        sequence has weight 1, row ``1 + i`` says infoset ``i``'s action sequences sum to its
        parent sequence."""
        sets = self.infosets[player]
        rows, cols, vals = [0], [0], [1.0]
        for i, info in enumerate(sets, start=1):
            rows.append(i)
            cols.append(info.parent_sequence)
            vals.append(-1.0)
            for s in info.sequences:
                rows.append(i)
                cols.append(s)
                vals.append(1.0)
        return sp.csr_matrix((vals, (rows, cols)), shape=(1 + len(sets), self.num_sequences[player]))

    def describe(self) -> str:
        """One line: nodes, leaves, information sets and sequences per seat."""
        return (f"{self.num_nodes:,} nodes, {self.num_terminals:,} leaves, information sets "
                f"{len(self.infosets[0]):,} / {len(self.infosets[1]):,}, sequences "
                f"{self.num_sequences[0]:,} / {self.num_sequences[1]:,}")


def _as_fraction(value: Any, what: str) -> Fraction:
    if isinstance(value, bool):
        raise InputTypeError(f"{what} must be a number, got a bool")
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if isinstance(value, float) and math.isfinite(value):
        return Fraction(repr(value))  # the decimal the float prints
    try:  # text and other objects (a sympy Rational) are read strictly, never evaluated
        return parse_exact(str(value), what=what)
    except InputError:
        raise InputTypeError(f"{what} must be an exact number (int or Fraction), got {shorten(value)}") from None


def extensive_form(state: GameState[Any, Any], *, max_nodes: int = DEFAULT_MAX_NODES) -> ExtensiveForm:
    """Build the extensive form and sequence form of a two-player zero-sum game.

    Parameters:
        state: the start state (any [`GameState`][dreidelpoker.play.GameState] with
            two seats whose returns sum to zero at every leaf).
        max_nodes: refuse trees larger than this (the solver's memory guard).

    Returns:
        The [`ExtensiveForm`][dreidelpoker.solve.ExtensiveForm].

    Raises:
        ValueError: when the game is not for two seats, is not zero-sum, has an
            information set whose nodes offer different actions or are reached by
            different own histories (imperfect recall), a chance node without positive
            weights, or more than ``max_nodes`` nodes.

    Examples:
        >>> from dreidelpoker.solve.examples import matching_pennies
        >>> form = extensive_form(matching_pennies())
        >>> form.describe()
        '7 nodes, 4 leaves, information sets 1 / 1, sequences 3 / 3'
    """
    if state.num_players != 2:
        raise InputError(f"the solver needs a two-player game, got num_players={state.num_players}")
    check_count(max_nodes, "max_nodes", low=1, high=None)
    infosets: tuple[list[Infoset], list[Infoset]] = ([], [])
    index: tuple[dict[Hashable, int], dict[Hashable, int]] = ({}, {})
    nseq = [1, 1]
    kind: list[int] = []
    player: list[int] = []
    infoset: list[int] = []
    parent: list[int] = []
    edge_seq: list[int] = []
    edge_prob: list[float] = []
    payoff: list[float] = []
    depth: list[int] = []
    # exact leaf sums grouped by denominator: {den: {(s0, s1): numerator}} (integer arithmetic)
    grouped: dict[int, dict[tuple[int, int], int]] = {}

    def lookup(p: int, st: GameState[Any, Any], own_seq: int) -> tuple[int, Infoset]:
        key = st.observation(p)
        i = index[p].get(key)
        if i is None:
            actions = tuple(st.legal_actions(p))
            if not actions:
                raise InputError(f"seat {p} must act but has no legal actions (observation {key!r})")
            info = Infoset(p, key, actions, own_seq, nseq[p])
            nseq[p] += len(actions)
            index[p][key] = len(infosets[p])
            infosets[p].append(info)
            return len(infosets[p]) - 1, info
        info = infosets[p][i]
        if info.parent_sequence != own_seq:
            raise InputError(
                f"seat {p}'s observation {key!r} is reached after different own actions: the game "
                "does not have perfect recall (observations must include the seat's own past actions)"
            )
        actions = tuple(st.legal_actions(p))
        if actions != info.actions:
            raise InputError(
                f"seat {p}'s observation {key!r} offers different actions at different states "
                f"({list(info.actions)} and {list(actions)}): observations must determine the legal actions"
            )
        return i, info

    # queue item: (state, pending first-mover action or None, parent, edge seq, edge prob, seqs, reach, depth)
    # reach: the chance probability as an unreduced (numerator, denominator) pair of ints
    Item = tuple[GameState[Any, Any], tuple[int, Hashable] | None, int, int, float, tuple[int, int],
                 tuple[int, int], int]
    queue: deque[Item] = deque([(state, None, -1, -1, 1.0, (0, 0), (1, 1), 0)])
    while queue:
        st, pending, par, eseq, eprob, seqs, reach, d = queue.popleft()
        node = len(kind)
        if node >= max_nodes:
            raise InputError(f"the game tree has more than max_nodes={max_nodes:,} nodes; use a smaller "
                             "game, coarser abstraction or raise max_nodes")
        parent.append(par)
        edge_seq.append(eseq)
        edge_prob.append(eprob)
        depth.append(d)
        turn = st.turn
        if turn is Turn.TERMINAL:
            r = st.returns()
            if len(r) != 2:
                raise InputError(f"returns() must give two payoffs, got {r!r}")
            u0 = r[0] if type(r[0]) is int else _as_fraction(r[0], "returns()[0]")
            if type(r[1]) is not int and not isinstance(r[1], Fraction) or u0 + r[1] != 0:
                raise InputError(f"the game must be zero-sum; a leaf returns {tuple(r)!r}")
            kind.append(TERMINAL)
            player.append(-1)
            infoset.append(-1)
            payoff.append(float(u0))
            if u0:
                if type(u0) is int:
                    num, den = reach[0] * u0, reach[1]
                else:
                    num, den = reach[0] * u0.numerator, reach[1] * u0.denominator
                group = grouped.setdefault(den, {})
                group[seqs] = group.get(seqs, 0) + num
            continue
        payoff.append(0.0)
        if turn is Turn.CHANCE:
            outcomes = st.chance_outcomes()
            total = 0
            for _o, w in outcomes:
                check_count(w, "chance weights", low=0, high=None)
                total += w
            if total <= 0:
                raise InputError("a chance node must have a positive total weight")
            kind.append(CHANCE)
            player.append(-1)
            infoset.append(-1)
            for o, w in outcomes:
                if w:
                    queue.append((st.apply(o), None, node, -1, w / total, seqs, (reach[0] * w, reach[1] * total),
                                  d + 1))
            continue
        movers = st.current_players
        if turn is Turn.SIMULTANEOUS and len(movers) == 2:
            p = movers[1] if pending is not None else movers[0]
        elif turn in (Turn.PLAYER, Turn.SIMULTANEOUS) and len(movers) == 1:
            p = movers[0]
        else:
            raise InputError(f"unsupported turn {turn} with current_players {movers!r}")
        if p not in (0, 1):
            raise InputError(f"seats must be 0 and 1, got {p!r}")
        i, info = lookup(p, st, seqs[p])
        kind.append(DECISION)
        player.append(p)
        infoset.append(i)
        for a, s in zip(info.actions, info.sequences):
            new_seqs = (s, seqs[1]) if p == 0 else (seqs[0], s)
            if turn is Turn.PLAYER:
                queue.append((st.apply(a), None, node, s, 1.0, new_seqs, reach, d + 1))
            elif len(movers) == 1:
                queue.append((st.apply_joint({p: a}), None, node, s, 1.0, new_seqs, reach, d + 1))
            elif pending is None:
                queue.append((st, (p, a), node, s, 1.0, new_seqs, reach, d + 1))
            else:
                child = st.apply_joint({pending[0]: pending[1], p: a})
                queue.append((child, None, node, s, 1.0, new_seqs, reach, d + 1))
    payoff_exact: dict[tuple[int, int], Fraction] = {}
    for den, group in grouped.items():
        for key, num in group.items():
            payoff_exact[key] = payoff_exact.get(key, Fraction(0)) + Fraction(num, den)
    payoff_exact = {k: v for k, v in payoff_exact.items() if v}
    return ExtensiveForm(
        infosets=infosets,
        num_sequences=(nseq[0], nseq[1]),
        kind=np.asarray(kind, dtype=np.int8),
        player=np.asarray(player, dtype=np.int8),
        infoset=np.asarray(infoset, dtype=np.int64),
        parent=np.asarray(parent, dtype=np.int64),
        edge_sequence=np.asarray(edge_seq, dtype=np.int64),
        edge_probability=np.asarray(edge_prob, dtype=np.float64),
        payoff=np.asarray(payoff, dtype=np.float64),
        depth=np.asarray(depth, dtype=np.int64),
        payoff_exact=ExactMapping(payoff_exact),
        infoset_index=index,
    )


def realization_plan(form: ExtensiveForm, player: int, behaviour: Sequence[Sequence[Any]]) -> list[Any]:
    """A behaviour strategy (one probability list per information set, exact or float) as a
    realization plan: the probability of each of ``player``'s sequences."""
    sets = form.infosets[player]
    one = behaviour[0][0] * 0 + 1 if sets else 1
    x: list[Any] = [one * 0] * form.num_sequences[player]
    x[0] = one
    for info, probs in zip(sets, behaviour):
        base = x[info.parent_sequence]
        for s, pr in zip(info.sequences, probs):
            x[s] = base * pr
    return x
