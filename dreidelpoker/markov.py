"""Finite Markov chains with exact transition probabilities.

A [`MarkovChain`][dreidelpoker.markov.MarkovChain] holds hashable states and, for every state, the probabilities of
its successors. In *exact* mode (the default) every probability is a rational number,
every row is checked to sum to exactly 1, and every answer is a ``sympy.Rational``; in
*float* mode (``exact=False``) probabilities are floats and answers are floats.

What it answers: classification (communicating classes, recurrent and transient states,
absorbing states, period), stationary distributions, long-run (Cesàro) averages that
also work for periodic chains, ``n``-step distributions, absorption probabilities,
expected steps to absorption and expected hitting times, and a drawing.

**The exact / float switch.** Solving for stationary distributions and absorption
quantities is sparse exact Gaussian elimination on `fractions.Fraction` rows
(see `dreidelpoker._sparse_solve`). With ``method="auto"`` (the default) a system
with at most `MarkovChain.exact_limit` unknowns (default `EXACT_MAX_STATES`
= 2000) is solved exactly, a larger one in floating point with
`scipy.sparse.linalg.spsolve`. ``method="exact"`` on a larger system raises a
``ValueError`` suggesting ``method="float"``; raise ``chain.exact_limit`` to go further
exactly (game chains with a few tens of thousands of states still solve exactly in
seconds to minutes, because their elimination fill-in stays small).

Examples:
    >>> chain = MarkovChain.from_transitions({"sun": {"sun": "3/4", "rain": "1/4"},
    ...                                       "rain": {"sun": "1/2", "rain": "1/2"}})
    >>> chain.stationary_distribution()
    {'sun': 2/3, 'rain': 1/3}
    >>> chain.n_step("rain", 2)
    {'sun': 5/8, 'rain': 3/8}
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from numbers import Real as _RealABC
from typing import TYPE_CHECKING, Any, Generic, Literal, overload

from typing_extensions import TypeVar

import numpy as np

from .plotting import draw_chain
from ._markov_graph import class_period, reachable, strong_classes
from ._sparse_solve import class_stationary, solve_exact, solve_float
from .errors import InputError, InputTypeError
from .limits import progress_bar
from .validation import check_count, check_flag, is_whole_number
from ._fractions import loaded_sympy, to_fraction, to_rational
from .exact import ExactMapping, ExactRecord, hold_exact
from .strict_numbers import parse_float, sympy_number

if TYPE_CHECKING:
    import networkx as nx
    import sympy

S = TypeVar("S", bound=Hashable)
#: The chain's probability type: ``sympy.Rational`` for an exact chain (``exact=True``, the
#: default), ``float`` for a float chain; the constructors' overloads say which.
N = TypeVar("N", default=Any)
Method = Literal["exact", "float", "auto"]

__all__ = ["AbsorptionSummary", "MarkovChain"]

#: Most steps [`MarkovChain.n_step`][dreidelpoker.markov.MarkovChain.n_step] takes (the long run has its own exact answers).
MAX_N_STEP = 1_000_000

#: Default size limit (number of unknowns of a linear system) of ``method="auto"`` and
#: ``method="exact"``; larger systems go to the sparse floating-point solver.
EXACT_MAX_STATES = 2000


# Numbers in and out: exact chains validate Fractions, float chains floats; answers leave as
# sympy Rationals (exact) or floats.

_FLOAT_TOL = 1e-9
_Num = Any  # Fraction in exact mode, float in float mode


def _exact_prob(value: Any, what: str) -> Fraction:
    if isinstance(value, (float, np.floating)):
        raise InputTypeError(
            f"{what} is the float {value!r}; an exact chain takes int, fractions.Fraction, "
            "sympy Rational or 'p/q' strings (build the chain with exact=False for floats)"
        )
    if isinstance(value, np.integer):
        return Fraction(int(value))
    try:
        return to_fraction(value, what=what)
    except InputError as exc:  # a string that is no number: a type problem for a chain
        raise InputTypeError(str(exc)) from None


def _float_prob(value: Any, what: str) -> float:
    if isinstance(value, bool):
        raise InputTypeError(f"{what} must be a number, not the bool {value!r}")
    if isinstance(value, str):
        return parse_float(value, what=what)  # strict: no 'nan', no other scripts' digits
    sp = loaded_sympy()  # a sympy value exists only once something imported sympy
    if isinstance(value, (_RealABC, np.integer, np.floating)) or (
        sp is not None and isinstance(value, sp.Basic) and value.is_number and value.is_real
    ):
        f = float(value)
        if not math.isfinite(f):
            raise InputError(f"{what} is {f}; probabilities must be finite")
        return f
    raise InputTypeError(f"{what} must be a real number, got {type(value).__name__} {value!r}")


def _out(value: _Num, exact: bool) -> Any:
    if exact:
        return to_rational(value)
    return float(value)


def _answer(values: dict[Any, _Num], exact: bool) -> Any:
    """A mapping answer: the Fractions held in an `ExactMapping`, or floats in a dict."""
    if exact:
        return ExactMapping(values)
    return {k: float(v) for k, v in values.items()}


def _check_row(s: Any, row_in: Mapping[Any, Any], index: Mapping[Any, int], exact: bool) -> dict[int, _Num]:
    """Validate one row ``{successor: probability}`` of state ``s`` into ``{index: number}``."""
    row: dict[int, _Num] = {}
    total: _Num = Fraction(0) if exact else 0.0
    for t, p in row_in.items():
        what = f"transition probability from {s!r} to {t!r}"
        v = _exact_prob(p, what) if exact else _float_prob(p, what)
        if v < 0:
            raise InputError(f"{what} is negative ({v}); probabilities must be >= 0")
        if t not in index:
            raise InputError(f"state {t!r} (a successor of {s!r}) has no transitions of its own; "
                             f"add it, e.g. as absorbing: {{{t!r}: {{{t!r}: 1}}}}")
        total += v
        if v:
            j = index[t]
            row[j] = row.get(j, 0) + v
    if exact and total != 1:
        raise InputError(f"transition probabilities out of state {s!r} sum to {total}, not 1")
    if not exact and abs(total - 1.0) > _FLOAT_TOL:
        raise InputError(f"transition probabilities out of state {s!r} sum to {total!r}, not 1")
    return row



def _float_reward(value: Any, state: Any) -> float:
    """A reward as a float; text is read by the strict parser, never by ``float()`` (which takes
    ``nan`` and other scripts' digits)."""
    if isinstance(value, str):
        return parse_float(value, what=f"reward({state!r})")
    return float(value)


@hold_exact("expected_steps")
@dataclass(frozen=True)
class AbsorptionSummary(ExactRecord, Generic[S, N]):
    """What [`MarkovChain.absorption_summary`][dreidelpoker.markov.MarkovChain.absorption_summary] answers:
    expected steps to absorption and the absorption probabilities, from one start.

    The exact steps are held as a Fraction (``fractions()``) and shown as a sympy Rational;
    it unpacks as ``steps, probabilities = summary``.

    Attributes:
        expected_steps: expected steps until an absorbing state (sympy Rational, or float).
        probabilities: absorbing state -> probability (an `ExactMapping`, or floats).

    Examples:
        >>> ruin = MarkovChain.from_transitions({0: {0: 1}, 1: {0: "1/2", 2: "1/2"}, 2: {2: 1}})
        >>> steps, probabilities = ruin.absorption_summary(1)
        >>> steps, probabilities[2], ruin.absorption_summary(1).fractions()["expected_steps"]
        (1, 1/2, Fraction(1, 1))
    """

    expected_steps: N
    probabilities: Mapping[S, N]

    def __iter__(self) -> Iterator[Any]:
        return iter((self.expected_steps, self.probabilities))


class MarkovChain(Generic[S, N]):
    """A finite Markov chain over hashable states.

    Build one with [`from_transitions`][dreidelpoker.markov.MarkovChain.from_transitions], [`from_successors`][dreidelpoker.markov.MarkovChain.from_successors] or
    [`from_matrix`][dreidelpoker.markov.MarkovChain.from_matrix]. ``states`` keeps a stable order (the order given, or breadth-first
    discovery order); ``graph`` is a `networkx.DiGraph` whose edges carry the
    transition probability in the attribute ``"p"`` (a sympy Rational, or a float for a
    float chain). ``exact_limit`` is the size switch of ``method="auto"``.

    Gambler's ruin with 3 coins, fair coin, starting from 1:

    Examples:
        >>> ruin = MarkovChain.from_transitions({0: {0: 1}, 1: {0: "1/2", 2: "1/2"},
        ...                                      2: {1: "1/2", 3: "1/2"}, 3: {3: 1}})
        >>> ruin.absorption_probabilities(1)
        {0: 2/3, 3: 1/3}
        >>> ruin.expected_steps_to_absorption(1)
        2
    """

    exact_limit: int

    def __init__(self, states: Sequence[S], rows: Sequence[Mapping[int, Any]], *, exact: bool) -> None:
        """A chain from its states and one row ``{successor index: probability}`` per state.

        The ``from_*`` constructors are the usual way in; this one checks its input as they
        do: distinct states, one row per state, successor indices in range, every
        probability finite and >= 0 (exact numbers when ``exact``), and every row summing to
        1 (exactly, or within 1e-9 for a float chain).

        Parameters:
            states: the states, in order.
            rows: for each state, its successors' indices into ``states`` and their probabilities.
            exact: exact rationals (``True``) or floats.

        Raises:
            InputError: a negative, NaN or infinite weight, a row that does not sum to 1, an
                index out of range or repeated states.
            InputTypeError: a weight that is no number.

        Examples:
            >>> MarkovChain(["a", "b"], [{0: "1/2", 1: "1/2"}, {1: 1}], exact=True).successors("a")
            {'a': 1/2, 'b': 1/2}
            >>> MarkovChain(["a", "b"], [{0: 2, 1: -1}, {1: 1}], exact=True)
            Traceback (most recent call last):
            ...
            dreidelpoker.errors.InputError: transition probability from 'a' to 'b' is negative (-1); probabilities must be >= 0
        """
        check_flag(exact, "exact")
        state_list = list(states)
        if not state_list:
            raise InputError("a Markov chain needs at least one state")
        if len(rows) != len(state_list):
            raise InputError(f"rows: one row per state is needed, got {len(rows)} rows for {len(state_list)} states")
        index = {s: i for i, s in enumerate(state_list)}
        if len(index) != len(state_list):
            raise InputError("states must be distinct")
        checked: list[dict[int, _Num]] = []
        for i, row in enumerate(rows):
            if not isinstance(row, Mapping):
                raise InputTypeError(f"row {i} must be a mapping successor index -> probability, "
                                     f"got {type(row).__name__}")
            bad = [j for j in row if not is_whole_number(j) or not 0 <= j < len(state_list)]
            if bad:
                raise InputError(f"row {i}: successor index {bad[0]!r} is not an index from 0 to {len(state_list) - 1}")
            by_state = {state_list[j]: p for j, p in row.items()}
            checked.append(_check_row(state_list[i], by_state, index, exact))
        self._setup(state_list, checked, exact)

    def _setup(self, states: list[S], rows: list[dict[int, _Num]], exact: bool) -> None:
        self._states = states
        self._index = {s: i for i, s in enumerate(states)}
        self._rows = rows
        self._exact = exact
        self.exact_limit = EXACT_MAX_STATES

    @classmethod
    def _checked(cls, states: list[S], rows: list[dict[int, _Num]], exact: bool) -> MarkovChain[S, Any]:
        """A chain from rows the ``from_*`` constructors have already checked."""
        chain: MarkovChain[S, Any] = cls.__new__(cls)
        chain._setup(states, rows, exact)
        return chain

    # -- construction -------------------------------------------------------------
    @overload
    @classmethod
    def from_transitions(cls, transitions: Mapping[S, Mapping[S, Any]], *,
                         exact: Literal[True] = ...) -> MarkovChain[S, sympy.Rational]: ...
    @overload
    @classmethod
    def from_transitions(cls, transitions: Mapping[S, Mapping[S, Any]], *,
                         exact: Literal[False]) -> MarkovChain[S, float]: ...
    @overload
    @classmethod
    def from_transitions(cls, transitions: Mapping[S, Mapping[S, Any]], *, exact: bool) -> MarkovChain[S, Any]: ...
    @classmethod
    def from_transitions(
        cls, transitions: Mapping[S, Mapping[S, Any]], *, exact: bool = True
    ) -> MarkovChain[S, Any]:
        """Build from ``{state: {successor: probability}}``.

        Every successor must itself be a key. Probabilities are ints, Fractions, sympy
        Rationals or ``"p/q"`` strings (exact) or floats (``exact=False``); each row must
        sum to exactly 1 (within 1e-9 in float mode). Zero probabilities are dropped.

        Examples:
            >>> MarkovChain.from_transitions({"a": {"a": "1/2", "b": "1/3"}, "b": {"b": 1}})
            Traceback (most recent call last):
            ...
            dreidelpoker.errors.InputError: transition probabilities out of state 'a' sum to 5/6, not 1
        """
        if not isinstance(transitions, Mapping):
            raise InputTypeError(f"transitions must be a mapping state -> {{successor: probability}}, "
                            f"got {type(transitions).__name__}")
        if not transitions:
            raise InputError("a Markov chain needs at least one state")
        states = list(transitions)
        index = {s: i for i, s in enumerate(states)}
        rows: list[dict[int, _Num]] = []
        for s in states:
            row_in = transitions[s]
            if not isinstance(row_in, Mapping):
                raise InputTypeError(f"the transitions of state {s!r} must be a mapping successor -> "
                                f"probability, got {type(row_in).__name__}")
            rows.append(_check_row(s, row_in, index, exact))
        return cls._checked(states, rows, exact)

    @overload
    @classmethod
    def from_successors(cls, start: Iterable[S], successors: Callable[[S], Mapping[S, Any]], *,
                        max_states: int = ..., exact: Literal[True] = ...,
                        progress: bool = ...) -> MarkovChain[S, sympy.Rational]: ...
    @overload
    @classmethod
    def from_successors(cls, start: Iterable[S], successors: Callable[[S], Mapping[S, Any]], *,
                        max_states: int = ..., exact: Literal[False], progress: bool = ...) -> MarkovChain[S, float]: ...
    @overload
    @classmethod
    def from_successors(cls, start: Iterable[S], successors: Callable[[S], Mapping[S, Any]], *,
                        max_states: int = ..., exact: bool, progress: bool = ...) -> MarkovChain[S, Any]: ...
    @classmethod
    def from_successors(
        cls,
        start: Iterable[S],
        successors: Callable[[S], Mapping[S, Any]],
        *,
        max_states: int = 1_000_000,
        exact: bool = True,
        progress: bool = False,
    ) -> MarkovChain[S, Any]:
        """Explore breadth-first from ``start``; ``successors(state)`` gives ``{next: p}``.

        ``progress=True`` shows a ``tqdm`` bar of states explored (for big chains).

        Examples:
            >>> walk = MarkovChain.from_successors([0], lambda k: {min(k + 1, 3): "1/2", max(k - 1, 0): "1/2"})
            >>> walk.states
            [0, 1, 2, 3]
            >>> walk.is_irreducible(), walk.period()
            (True, 1)
        """
        if isinstance(start, (str, bytes)) or not isinstance(start, Iterable):
            raise InputTypeError("start must be an iterable of states, e.g. [initial_state]")
        check_count(max_states, "max_states", low=1, high=None)
        states: list[S] = []
        index: dict[S, int] = {}
        queue: deque[S] = deque()
        for s in start:
            if s not in index:
                index[s] = len(states)
                states.append(s)
                queue.append(s)
        if not states:
            raise InputError("start must name at least one state")
        raw: list[Mapping[S, Any]] = []
        # A bar on a terminal or in Jupyter only (limits.progress_display), after a second of work.
        with progress_bar(None, "exploring states", enabled=progress, unit=" states", min_total=0) as bar:
            while queue:
                bar.update(1)
                s = queue.popleft()
                succ = successors(s)
                if not isinstance(succ, Mapping):
                    raise InputTypeError(f"successors({s!r}) must return a mapping successor -> probability, "
                                         f"got {type(succ).__name__}")
                raw.append(succ)
                for t, p in succ.items():
                    if t not in index and p != 0:
                        if len(states) >= max_states:
                            raise InputError(f"the chain has more than max_states={max_states} states; "
                                             "raise max_states or reduce the model")
                        index[t] = len(states)
                        states.append(t)
                        queue.append(t)
        rows = [_check_row(s, raw[i], index, exact) for i, s in enumerate(states)]
        return cls._checked(states, rows, exact)

    @overload
    @classmethod
    def from_matrix(cls, matrix: Any, states: Sequence[S] | None = ..., *,
                    exact: Literal[True] = ...) -> MarkovChain[Any, sympy.Rational]: ...
    @overload
    @classmethod
    def from_matrix(cls, matrix: Any, states: Sequence[S] | None = ..., *,
                    exact: Literal[False]) -> MarkovChain[Any, float]: ...
    @overload
    @classmethod
    def from_matrix(cls, matrix: Any, states: Sequence[S] | None = ..., *, exact: bool) -> MarkovChain[Any, Any]: ...
    @classmethod
    def from_matrix(cls, matrix: Any, states: Sequence[S] | None = None, *, exact: bool = True) -> MarkovChain[Any, Any]:
        """Build from a square row-stochastic matrix (nested lists, numpy array or sympy Matrix).

        Examples:
            >>> MarkovChain.from_matrix([[0, 1], [1, 0]], states=["L", "R"]).period()
            2
        """
        sp = loaded_sympy()
        if sp is not None and isinstance(matrix, sp.MatrixBase):
            data = [[matrix[i, j] for j in range(matrix.cols)] for i in range(matrix.rows)]
        elif isinstance(matrix, np.ndarray):
            if matrix.ndim != 2:
                raise InputError(f"matrix must be 2-dimensional, got shape {matrix.shape}")
            data = [list(r) for r in matrix.tolist()] if matrix.dtype != object else [list(r) for r in matrix]
        else:
            try:
                data = [list(r) for r in matrix]
            except TypeError:
                raise InputTypeError(f"matrix must be a square nested sequence, numpy array or sympy Matrix, "
                                f"got {type(matrix).__name__}") from None
        n = len(data)
        if n == 0 or any(len(r) != n for r in data):
            raise InputError(f"matrix must be square and non-empty, got {n} rows of lengths {[len(r) for r in data]}")
        labels: list[Any] = list(range(n)) if states is None else list(states)
        if len(labels) != n or len(set(labels)) != n:
            raise InputError(f"states must be {n} distinct labels, got {labels!r}")
        transitions = {labels[i]: {labels[j]: data[i][j] for j in range(n)} for i in range(n)}
        return cls.from_transitions(transitions, exact=exact)

    # -- basic access -------------------------------------------------------------
    @property
    def states(self) -> list[S]:
        """The states, in a stable order."""
        return list(self._states)

    @property
    def exact(self) -> bool:
        """True when probabilities are exact rationals."""
        return self._exact

    def __len__(self) -> int:
        return len(self._states)

    def __contains__(self, state: object) -> bool:
        return state in self._index

    def __repr__(self) -> str:
        mode = "exact" if self._exact else "float"
        return f"MarkovChain({len(self)} states, {sum(len(r) for r in self._rows)} transitions, {mode})"

    def _idx(self, state: Any, what: str = "state") -> int:
        try:
            return self._index[state]
        except (KeyError, TypeError):
            raise InputError(f"{what} {state!r} is not a state of this chain") from None

    def successors(self, state: S) -> Mapping[S, N]:
        """The successors of ``state`` with their probabilities.

        Examples:
            >>> MarkovChain.from_matrix([["1/2", "1/2"], [0, 1]]).successors(0)
            {0: 1/2, 1: 1/2}
        """
        row = self._rows[self._idx(state)]
        out: Mapping[S, N] = _answer({self._states[j]: p for j, p in row.items()}, self._exact)
        return out

    def transition_probability(self, state: S, successor: S) -> N:
        """One entry of the transition matrix.

        Examples:
            >>> MarkovChain.from_matrix([["1/2", "1/2"], [0, 1]]).transition_probability(0, 1)
            1/2
        """
        p = self._rows[self._idx(state)].get(self._idx(successor, "successor"), 0)
        out: N = _out(Fraction(p) if self._exact else p, self._exact)
        return out

    @cached_property
    def graph(self) -> nx.DiGraph:
        """The chain as a `networkx.DiGraph`; edge attribute ``"p"`` is the probability.

        Examples:
            >>> MarkovChain.from_matrix([["1/3", "2/3"], [1, 0]]).graph.edges[0, 1]["p"]
            2/3
        """
        import networkx as nx  # only for graphs and drawing: keeps the import light

        g = nx.DiGraph()
        g.add_nodes_from(self._states)
        for i, row in enumerate(self._rows):
            s = self._states[i]
            g.add_edges_from((s, self._states[j], {"p": _out(p, self._exact)}) for j, p in row.items())
        return g

    def transition_matrix(self) -> Any:
        """The dense transition matrix (sympy Matrix if exact, numpy array if float), rows
        and columns in [`states`][dreidelpoker.markov.MarkovChain.states] order. Refused above 3000 states.

        Examples:
            >>> MarkovChain.from_matrix([["1/3", "2/3"], [1, 0]]).transition_matrix()
            Matrix([
            [1/3, 2/3],
            [  1,   0]])
        """
        n = len(self)
        if n > 3000:
            raise InputError(f"the chain has {n} states; a dense matrix is refused above 3000")
        if self._exact:
            import sympy

            m = sympy.zeros(n, n)
            for i, row in enumerate(self._rows):
                for j, p in row.items():
                    m[i, j] = to_rational(p)
            return m
        a = np.zeros((n, n))
        for i, row in enumerate(self._rows):
            for j, p in row.items():
                a[i, j] = p
        return a

    # -- classification -----------------------------------------------------------
    @cached_property
    def _scc(self) -> tuple[list[list[int]], list[bool]]:
        return strong_classes(self._rows)

    def communicating_classes(self) -> list[frozenset[S]]:
        """The communicating classes, ordered by their first state.

        Examples:
            >>> MarkovChain.from_matrix([[0, 1, 0], [1, 0, 0], ["1/2", 0, "1/2"]]).communicating_classes()
            [frozenset({0, 1}), frozenset({2})]
        """
        classes, _ = self._scc
        return [frozenset(self._states[i] for i in c) for c in classes]

    def recurrent_classes(self) -> list[frozenset[S]]:
        """The closed communicating classes (those the chain never leaves).

        Examples:
            >>> MarkovChain.from_matrix([["1/2", "1/2", 0], [0, 0, 1], [0, 1, 0]]).recurrent_classes()
            [frozenset({1, 2})]
        """
        classes, closed = self._scc
        return [frozenset(self._states[i] for i in c) for c, ok in zip(classes, closed) if ok]

    def _recurrent_index_classes(self) -> list[list[int]]:
        classes, closed = self._scc
        return [c for c, ok in zip(classes, closed) if ok]

    def transient_states(self) -> set[S]:
        """States in classes the chain can leave.

        Examples:
            >>> MarkovChain.from_matrix([["1/2", "1/2", 0], [0, 0, 1], [0, 1, 0]]).transient_states()
            {0}
        """
        classes, closed = self._scc
        return {self._states[i] for c, ok in zip(classes, closed) if not ok for i in c}

    def absorbing_states(self) -> set[S]:
        """States that move to themselves with probability 1.

        Examples:
            >>> MarkovChain.from_matrix([[1, 0], ["1/2", "1/2"]]).absorbing_states()
            {0}
        """
        return {self._states[i] for i, row in enumerate(self._rows) if list(row) == [i]}

    def is_irreducible(self) -> bool:
        """True when every state can reach every other.

        Examples:
            >>> MarkovChain.from_matrix([[0, 1], [1, 0]]).is_irreducible()
            True
        """
        return len(self._scc[0]) == 1

    def period(self, state: S | None = None) -> int:
        """The period of ``state``'s class (of the whole chain if irreducible and no state given).

        A state the chain can never return to has period 0 by convention.

        Examples:
            >>> MarkovChain.from_matrix([[0, 1, 0], [0, 0, 1], [1, 0, 0]]).period()
            3
        """
        classes, _ = self._scc
        if state is None:
            if len(classes) != 1:
                raise InputError(f"the chain has {len(classes)} communicating classes, so it has no single "
                                 "period; pass a state, e.g. period(state)")
            members = classes[0]
        else:
            k = self._idx(state)
            members = next(c for c in classes if k in c)
        return class_period(self._rows, members)

    # -- solving ------------------------------------------------------------------
    def _use_exact(self, method: str, size: int) -> bool:
        if method not in ("exact", "float", "auto"):
            raise InputError(f"method must be 'exact', 'float' or 'auto', got {method!r}")
        if method == "float":
            return False
        if method == "auto":
            return self._exact and size <= self.exact_limit
        if not self._exact:
            raise InputError("method='exact' needs an exact chain; this one was built with exact=False")
        if size > self.exact_limit:
            raise InputError(
                f"the exact solve has {size} unknowns, more than exact_limit={self.exact_limit}; "
                "use method='float' (sparse floating point), or raise chain.exact_limit if you can wait"
            )
        return True

    def _solve(self, rows: list[dict[int, _Num]], rhs: list[list[_Num]], exact: bool, want: int | None) -> list[list[_Num]]:
        if exact:
            return solve_exact(rows, rhs, want=want)
        frows = [{j: float(v) for j, v in r.items()} for r in rows]
        x = solve_float(frows, [[float(v) for v in b] for b in rhs])
        return [list(map(float, r)) for r in x]

    @overload
    def stationary_distributions(self, *, method: Literal["exact"]) -> dict[frozenset[S], ExactMapping[S]]: ...
    @overload
    def stationary_distributions(self, *, method: Literal["float"]) -> dict[frozenset[S], dict[S, float]]: ...
    @overload
    def stationary_distributions(self, *, method: Method = ...) -> dict[frozenset[S], Mapping[S, N | float]]: ...
    def stationary_distributions(self, *, method: Method = "auto") -> Any:
        """One stationary distribution per recurrent class (supported on that class).

        Examples:
            >>> chain = MarkovChain.from_matrix([[1, 0, 0], [0, 0, 1], [0, 1, 0]])
            >>> list(chain.stationary_distributions().values())
            [{0: 1}, {1: 1/2, 2: 1/2}]
        """
        out: dict[frozenset[S], Mapping[S, Any]] = {}
        for members in self._recurrent_index_classes():
            exact = self._use_exact(method, len(members) - 1)
            pi = class_stationary(self._rows, members, exact=exact)
            out[frozenset(self._states[i] for i in members)] = _answer(
                {self._states[i]: pi[i] for i in members}, exact)
        return out

    @overload
    def stationary_distribution(self, *, method: Literal["exact"], start: S | None = ...) -> ExactMapping[S]: ...
    @overload
    def stationary_distribution(self, *, method: Literal["float"], start: S | None = ...) -> dict[S, float]: ...
    @overload
    def stationary_distribution(self, *, method: Method = ..., start: S | None = ...) -> Mapping[S, N | float]: ...
    def stationary_distribution(self, *, method: Method = "auto", start: S | None = None) -> Any:
        """The stationary distribution, over every state (zeros included).

        It is unique when the chain has one recurrent class (e.g. when it is irreducible).
        With several recurrent classes pass ``start``: the result is then the long-run
        (Cesàro) distribution from ``start``, the mix of the class distributions weighted
        by the probability of ending up in each class. Exact for systems up to
        ``exact_limit`` unknowns with ``method="auto"``, floating point beyond.

        Examples:
            >>> flip = MarkovChain.from_matrix([[0, 1], [1, 0]])
            >>> flip.stationary_distribution()
            {0: 1/2, 1: 1/2}
        """
        classes = self._recurrent_index_classes()
        if start is None:
            if len(classes) != 1:
                raise InputError(
                    f"the chain has {len(classes)} recurrent classes, so its stationary distribution is "
                    "not unique; pass start=... for the long-run distribution from a state, or use "
                    "stationary_distributions() for one per class"
                )
            weights = {0: Fraction(1)}
        else:
            k = self._idx(start, "start")
            weights = self._class_weights(k, method)
        exact_all = True
        result: dict[int, _Num] = {}
        for ci, w in weights.items():
            members = classes[ci]
            exact = self._use_exact(method, len(members) - 1)
            exact_all = exact_all and exact and isinstance(w, Fraction)
            for s, v in class_stationary(self._rows, members, exact=exact).items():
                result[s] = w * v if exact and isinstance(w, Fraction) else float(w) * float(v)
        zero: _Num = Fraction(0) if exact_all else 0.0
        return _answer({s: result.get(i, zero) for i, s in enumerate(self._states)}, exact_all)

    def long_run_average(self, reward: Callable[[S], Any], *, start: S | None = None,
                         method: Method = "auto") -> sympy.Expr | float:
        """The long-run (Cesàro) average of ``reward(state)`` per step.

        ``lim (1/n) sum_{t<n} E[reward(X_t)]``, which exists for periodic chains too. With
        several recurrent classes pass ``start``. Rewards may be sympy expressions.

        Examples:
            >>> flip = MarkovChain.from_matrix([[0, 1], [1, 0]])
            >>> flip.long_run_average(lambda s: 3 * s)
            3/2
        """
        pi: Mapping[S, Any] = self.stationary_distribution(method=method, start=start)
        if isinstance(pi, ExactMapping):  # an exact answer: shown as sympy, so sympy is loaded here
            import sympy

            # sympy_number reads a text reward strictly instead of letting sympy evaluate it.
            return sympy.Add(*[v * sympy_number(reward(s), what=f"reward({s!r})") for s, v in pi.items() if v != 0])
        return float(sum(float(v) * _float_reward(reward(s), s) for s, v in pi.items() if v != 0))

    def n_step(self, start: S | Mapping[S, Any], n: int) -> Mapping[S, N]:
        """The distribution after ``n`` steps from a state or an initial distribution.

        Only states with positive probability are listed, in [`states`][dreidelpoker.markov.MarkovChain.states] order.

        Examples:
            >>> MarkovChain.from_matrix([["1/2", "1/2"], [0, 1]]).n_step(0, 3)
            {0: 1/8, 1: 7/8}
        """
        check_count(n, "n", low=0, high=MAX_N_STEP, hint="for the long run use stationary_distribution()")
        vec: dict[int, _Num] = {}
        if isinstance(start, Mapping):
            for s, p in start.items():
                what = f"initial probability of {s!r}"
                v = _exact_prob(p, what) if self._exact else _float_prob(p, what)
                if v < 0:
                    raise InputError(f"{what} is negative ({v})")
                if v:
                    vec[self._idx(s)] = vec.get(self._idx(s), 0) + v
            total = sum(vec.values())
            if (self._exact and total != 1) or (not self._exact and abs(total - 1) > _FLOAT_TOL):
                raise InputError(f"the initial distribution sums to {total}, not 1")
        else:
            vec = {self._idx(start, "start"): Fraction(1) if self._exact else 1.0}
        with progress_bar(n, "Markov chain: step by step", unit=" steps", min_total=0) as bar:
            for _ in range(n):
                nxt: dict[int, _Num] = {}
                for i, p in vec.items():
                    for j, q in self._rows[i].items():
                        nxt[j] = nxt.get(j, 0) + p * q
                vec = nxt
                bar.update(1)
        out: Mapping[S, N] = _answer({self._states[i]: vec[i] for i in sorted(vec) if vec[i]}, self._exact)
        return out

    def _transient_system(self, k: int) -> tuple[list[int], dict[int, int]]:
        _, closed = self._scc
        classes = self._scc[0]
        transient = {i for c, ok in zip(classes, closed) if not ok for i in c}
        reach = [i for i in reachable(self._rows, k, stop=set(range(len(self))) - transient) if i in transient]
        return reach, {s: t for t, s in enumerate(reach)}

    def _class_weights(self, k: int, method: Method) -> dict[int, _Num]:
        return self._absorb(k, method, steps=False)[1]

    def _absorb(self, k: int, method: Method, *, steps: bool) -> tuple[_Num, dict[int, _Num]]:
        """One sparse solve for the expected steps to a recurrent class (optional) and the
        probability of ending in each recurrent class (by class index), from state ``k``."""
        classes = self._recurrent_index_classes()
        class_of = {i: ci for ci, c in enumerate(classes) for i in c}
        if k in class_of:
            return Fraction(0), {class_of[k]: Fraction(1)}
        reach, local = self._transient_system(k)
        exact = self._use_exact(method, len(reach))
        targets = sorted({class_of[j] for i in reach for j in self._rows[i] if j in class_of})
        col = {ci: t + int(steps) for t, ci in enumerate(targets)}
        zero: _Num = Fraction(0) if exact else 0.0
        one: _Num = Fraction(1) if exact else 1.0
        rows: list[dict[int, _Num]] = []
        rhs: list[list[_Num]] = []
        for i in reach:
            r: dict[int, _Num] = {}
            b = [one] + [zero] * len(targets) if steps else [zero] * len(targets)
            for j, p in self._rows[i].items():
                pj = p if exact else float(p)
                if j in local:
                    r[local[j]] = pj
                else:
                    b[col[class_of[j]]] += pj
            rows.append(r)
            rhs.append(b)
        x = self._solve(rows, rhs, exact, local[k])[local[k]]
        return (x[0] if steps else zero), {ci: x[t] for ci, t in col.items() if x[t]}

    @overload
    def absorption_summary(self, start: S, *, method: Literal["exact"]) -> AbsorptionSummary[S, sympy.Rational]: ...
    @overload
    def absorption_summary(self, start: S, *, method: Literal["float"]) -> AbsorptionSummary[S, float]: ...
    @overload
    def absorption_summary(self, start: S, *, method: Method = ...) -> AbsorptionSummary[S, N | float]: ...
    def absorption_summary(self, start: S, *, method: Method = "auto") -> Any:
        """Expected steps to absorption and the absorption probabilities, in one sparse solve.

        Returns:
            An [`AbsorptionSummary`][dreidelpoker.markov.AbsorptionSummary] (unpacks as ``steps, probabilities``;
            exact steps held as a Fraction, so no sympy import until they are read).

        Examples:
            >>> ruin = MarkovChain.from_transitions({0: {0: 1}, 1: {0: "1/2", 2: "1/2"}, 2: {2: 1}})
            >>> ruin.absorption_summary(1)
            AbsorptionSummary(expected_steps=1, probabilities={0: 1/2, 2: 1/2})
        """
        k = self._idx(start, "start")
        steps, weights = self._absorb(k, method, steps=True)
        classes = self._recurrent_index_classes()
        exact = isinstance(steps, Fraction)
        probs: dict[S, Any] = {}
        for ci, v in sorted(weights.items()):
            if len(classes[ci]) != 1:
                raise InputError(
                    f"from {start!r} the chain can end in a recurrent class of {len(classes[ci])} states, "
                    "not a single absorbing state; use class_absorption_probabilities()"
                )
            probs[self._states[classes[ci][0]]] = v
        return AbsorptionSummary(steps if exact else float(steps), _answer(probs, exact))

    @overload
    def class_absorption_probabilities(self, start: S, *, method: Literal["exact"]) -> ExactMapping[frozenset[S]]: ...
    @overload
    def class_absorption_probabilities(self, start: S, *, method: Literal["float"]) -> dict[frozenset[S], float]: ...
    @overload
    def class_absorption_probabilities(self, start: S, *, method: Method = ...) -> Mapping[frozenset[S], N | float]: ...
    def class_absorption_probabilities(self, start: S, *, method: Method = "auto") -> Any:
        """Probability of ending in each recurrent class, from ``start``.

        Examples:
            >>> chain = MarkovChain.from_matrix([[1, 0, 0, 0], ["1/3", 0, "2/3", 0], [0, 0, 0, 1], [0, 0, 1, 0]])
            >>> chain.class_absorption_probabilities(1)
            {frozenset({0}): 1/3, frozenset({2, 3}): 2/3}
        """
        classes = self._recurrent_index_classes()
        w = self._class_weights(self._idx(start, "start"), method)
        return _answer({frozenset(self._states[i] for i in classes[ci]): v for ci, v in sorted(w.items())},
                       all(isinstance(v, Fraction) for v in w.values()))

    @overload
    def absorption_probabilities(self, start: S, *, method: Literal["exact"]) -> ExactMapping[S]: ...
    @overload
    def absorption_probabilities(self, start: S, *, method: Literal["float"]) -> dict[S, float]: ...
    @overload
    def absorption_probabilities(self, start: S, *, method: Method = ...) -> Mapping[S, N | float]: ...
    def absorption_probabilities(self, start: S, *, method: Method = "auto") -> Any:
        """Probability of being absorbed in each absorbing state, from ``start``.

        Every recurrent class the chain can reach from ``start`` must be a single
        absorbing state; otherwise use [`class_absorption_probabilities`][dreidelpoker.markov.MarkovChain.class_absorption_probabilities].

        Examples:
            >>> ruin = MarkovChain.from_transitions({0: {0: 1}, 1: {0: "2/3", 2: "1/3"}, 2: {2: 1}})
            >>> ruin.absorption_probabilities(1)
            {0: 2/3, 2: 1/3}
        """
        out: dict[S, Any] = {}
        answer = self.class_absorption_probabilities(start, method=method)
        held = answer.fractions() if isinstance(answer, ExactMapping) else dict(answer)
        for cls_, p in held.items():
            if len(cls_) != 1:
                raise InputError(
                    f"from {start!r} the chain can end in the recurrent class {set(cls_)!r}, which is not a "
                    "single absorbing state; use class_absorption_probabilities()"
                )
            (s,) = cls_
            out[s] = p
        return _answer(out, isinstance(answer, ExactMapping))

    @overload
    def expected_steps_to_absorption(self, start: S, *, method: Literal["exact"]) -> sympy.Rational: ...
    @overload
    def expected_steps_to_absorption(self, start: S, *, method: Literal["float"]) -> float: ...
    @overload
    def expected_steps_to_absorption(self, start: S, *, method: Method = ...) -> N | float: ...
    def expected_steps_to_absorption(self, start: S, *, method: Method = "auto") -> Any:
        """Expected number of steps from ``start`` until the chain enters a recurrent class
        (for an absorbing chain: until it is absorbed). 0 if ``start`` is recurrent.

        Examples:
            >>> geometric = MarkovChain.from_transitions({"wait": {"wait": "5/6", "six": "1/6"}, "six": {"six": 1}})
            >>> geometric.expected_steps_to_absorption("wait")
            6
        """
        k = self._idx(start, "start")
        reach, local = self._transient_system(k)
        if k not in local:
            return _out(Fraction(0), True) if self._exact and method != "float" else 0.0
        exact = self._use_exact(method, len(reach))
        one: _Num = Fraction(1) if exact else 1.0
        rows = [{local[j]: (p if exact else float(p)) for j, p in self._rows[i].items() if j in local} for i in reach]
        x = self._solve(rows, [[one] for _ in reach], exact, local[k])
        return _out(x[local[k]][0], exact)

    def expected_hitting_time(self, start: S, targets: Iterable[S], *, method: Method = "auto") -> sympy.Expr | float:
        """Expected number of steps from ``start`` until the chain first visits ``targets``
        (0 if ``start`` is a target; infinity — ``sympy.oo`` or ``math.inf`` — if with
        positive probability it never does).

        Examples:
            >>> cycle = MarkovChain.from_matrix([[0, 1, 0], [0, 0, 1], [1, 0, 0]])
            >>> cycle.expected_hitting_time(0, [2])
            2
        """
        k = self._idx(start, "start")
        if isinstance(targets, (str, bytes)) or not isinstance(targets, Iterable):
            raise InputTypeError("targets must be an iterable of states, e.g. [state]")
        tset = {self._idx(t, "target") for t in targets}
        if not tset:
            raise InputError("targets must name at least one state")
        if k in tset:
            return _out(Fraction(0), True) if self._exact and method != "float" else 0.0
        reach = reachable(self._rows, k, stop=tset)
        # States that can still reach a target (without passing one first).
        rev: dict[int, list[int]] = {}
        for i in reach:
            if i in tset:
                continue
            for j in self._rows[i]:
                rev.setdefault(j, []).append(i)
        good = set(tset)
        queue = deque(tset)
        while queue:
            j = queue.popleft()
            for i in rev.get(j, ()):
                if i not in good:
                    good.add(i)
                    queue.append(i)
        if any(i not in good for i in reach):
            if self._exact and method != "float":
                import sympy

                return sympy.oo
            return math.inf
        unknowns = [i for i in reach if i not in tset]
        local = {s: t for t, s in enumerate(unknowns)}
        exact = self._use_exact(method, len(unknowns))
        one: _Num = Fraction(1) if exact else 1.0
        rows = [{local[j]: (p if exact else float(p)) for j, p in self._rows[i].items() if j in local}
                for i in unknowns]
        x = self._solve(rows, [[one] for _ in unknowns], exact, local[k])
        return _out(x[local[k]][0], exact)

    # -- drawing ------------------------------------------------------------------
    def draw(self, ax: Any = None, *, max_states: int = 100, label: Callable[[S], str] = str,
             edge_labels: bool | None = None, seed: int = 0) -> Any:
        """Draw the chain with matplotlib; returns the Axes.

        Absorbing states are red, other recurrent states blue, transient states grey.
        Edge probabilities are written on the edges for chains of at most 12 states
        (``edge_labels`` overrides). Chains above ``max_states`` are refused.

        Examples:
            >>> ax = MarkovChain.from_matrix([[0, 1], ["1/2", "1/2"]]).draw()
            >>> ax.has_data()
            True
        """
        return draw_chain(self, ax, max_states=max_states, label=label, edge_labels=edge_labels, seed=seed)
