"""Classic dreidel as an absorbing Markov chain on integer coins.

A state is ``(coins, out, pot, turn)``: every seat's coins, a bit mask of the seats that
are out, the pot, and the seat about to spin. One step of the chain is one spin,
including any antes and eliminations it causes. Terminal states are ``("win", seat)``,
``("draw", seats)`` and, for ``stopping="first-elimination"``, ``("out", seats)``.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from ..._fractions import to_jsonable, to_rational
from ...exact import ExactMapping, ExactRecord, hold_exact
from ...display import decimal_text, number_text, table_html, to_pandas_frame
from ..._sparse_solve import HAVE_FLINT
from ...markov import MarkovChain
from .size import check_chain_size, estimated_states
from .float_chain import float_absorption
from .rules import ClassicDreidelRules
from .spins import FACES, DreidelState, check_integer_pot, pay_spin, reante, spin_outcome, start_state
from ...errors import InputError, ResourceLimitError, shorten
from ...limits import open_progress_bar
from ...validation import check_arguments, check_count, default_rules

__all__ = [
    "AUTO_EXACT_MAX_STATES", "EXACT_MAX_STATES",
    "CDF_MAX_WORK",
    "CDF_MAX_WORK_FLOAT",
    "ClassicDreidelResult",
    "DreidelState",
    "analyze",
    "dreidel_chain",
    "game_length_cdf",
    "pay_spin",
    "reante",
    "spin_outcome",
    "start_state",
    "successors",
]

#: Most state-steps (spins x estimated chain states) [`game_length_cdf`][dreidelpoker.games.classic_dreidel.game_length_cdf] does exactly (about
#: 25 s on the project machine), and in floating point.
CDF_MAX_WORK = 1_000_000
CDF_MAX_WORK_FLOAT = 50_000_000

#: ``method="auto"`` solves exactly up to this many chain states, in floating point beyond:
#: 2000 with python-flint installed (extra ``fast``), else 1000. Measured on the project
#: machine (2 shared cores), see docs/classic-dreidel.md for the table.
AUTO_EXACT_MAX_STATES = 2000 if HAVE_FLINT else 1000
#: The most states ``method="exact"`` takes when asked for explicitly.
EXACT_MAX_STATES = 5 * AUTO_EXACT_MAX_STATES


@check_arguments
def successors(state: DreidelState, *, rules: ClassicDreidelRules) -> ExactMapping[DreidelState]:
    """Every state one spin away, with its exact probability (terminal states loop).

    Parameters:
        state: a chain state.
        rules: the rules.

    Returns:
        ``{next state: probability}`` (sympy Rationals; ``.fractions()`` for Fractions).

    Raises:
        InputError: a state that is not a classic dreidel state.

    Examples:
        >>> r = ClassicDreidelRules(players=2, coins=1)
        >>> for state, p in successors(start_state(rules=r), rules=r).items():
        ...     print(state, p)
        ('win', 0) 1/4
        ((1, 0), 0, 1, 1) 1/4
        ((0, 0), 0, 2, 1) 1/4
        ('win', 1) 1/4
    """
    if not state or (state[0] not in ("win", "draw", "out") and len(state) != 4):
        raise InputError(f"state must be a classic dreidel state (coins, out, pot, seat to spin), got {shorten(state)}")
    if state[0] in ("win", "draw", "out"):
        return ExactMapping({state: Fraction(1)})
    out: dict[DreidelState, Fraction] = {}
    for face, prob in zip(FACES, rules.face_fractions):
        if prob:
            nxt = spin_outcome(state, face, rules=rules)
            out[nxt] = out.get(nxt, Fraction(0)) + prob
    return ExactMapping(out)


@check_arguments
def dreidel_chain(
    *,
    rules: ClassicDreidelRules,
    exact: bool = True,
    max_states: int = 3_000_000,
    progress: bool = False,
) -> MarkovChain[DreidelState]:
    """The whole game as an absorbing [`MarkovChain`][dreidelpoker.markov.MarkovChain].

    Parameters:
        rules: the rules.
        exact: exact Fraction probabilities (``False``: floats).
        max_states: stop exploring past this many states.
        progress: show a progress bar while exploring.

    Returns:
        The chain; its absorbing states are ``("win", seat)`` (and ``("draw", ...)`` /
        ``("out", ...)`` under other stopping rules).

    Raises:
        ValueError: a continuous pot (no finite chain).
        ValueError: more than ``max_states`` states.

    Examples:
        >>> chain = dreidel_chain(rules=ClassicDreidelRules(players=2, coins=1))
        >>> len(chain), sorted(chain.absorbing_states())
        (8, [('win', 0), ('win', 1)])
    """
    check_integer_pot(rules)
    if exact:
        return MarkovChain.from_successors([start_state(rules=rules)],
                                           lambda s: successors(s, rules=rules).fractions(),
                                           max_states=max_states, progress=progress)
    return MarkovChain.from_successors(
        [start_state(rules=rules)],
        lambda s: {t: float(p) for t, p in successors(s, rules=rules).fractions().items()},
        max_states=max_states, exact=False, progress=progress,
    )


@hold_exact("expected_spins", "win_probabilities", "first_out_probabilities")
@dataclass(frozen=True)
class ClassicDreidelResult(ExactRecord):
    """Expected length and seat (un)fairness of one classic-dreidel variant.

    ``win_probabilities[i]`` is seat ``i``'s chance of winning (seat 0 spins first); a
    draw counts as an equal share. Under ``stopping="first-elimination"`` there is no
    winner (``win_probabilities`` is None) and ``first_out_probabilities[i]`` is the chance
    that seat ``i`` is among the players out when the game stops. Exact values are held as
    Fractions and shown as sympy Rationals (``.fractions()`` gives them as held).

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules, analyze
        >>> result = analyze(rules=ClassicDreidelRules(players=2, coins=2))
        >>> result.expected_spins, sum(result.win_probabilities)
        (11152/1491, 1)
    """

    rules: ClassicDreidelRules
    expected_spins: Any
    win_probabilities: tuple[Any, ...] | None
    first_out_probabilities: tuple[Any, ...] | None
    states: int
    method: Literal["exact", "float"]
    seconds: float = field(default=0.0, compare=False)

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    def to_dict(self) -> dict[str, Any]:
        def num(v: Any) -> Any:
            return to_jsonable(v) if self.exact else float(v)

        held = self.fractions()
        wins, firsts = held["win_probabilities"], held["first_out_probabilities"]

        return {
            "game": "classic-dreidel",
            "players": self.rules.players,
            "coins": self.rules.coins,
            "hey_rounding": self.rules.hey_rounding,
            "elimination": self.rules.elimination,
            "reante": self.rules.reante,
            "stopping": self.rules.stopping,
            "method": self.method,
            "states": self.states,
            "expected_spins": num(held["expected_spins"]),
            "win_probabilities": None if wins is None else [num(v) for v in wins],
            "first_out_probabilities": None if firsts is None else [num(v) for v in firsts],
        }

    def _fmt(self, v: Any) -> str:
        return number_text(v) if self.exact else decimal_text(float(v))

    def _rows(self) -> list[tuple[str, Any]]:
        """Quantity -> value as held (Fractions, or floats), for the displays."""
        held = self.fractions()
        rows: list[tuple[str, Any]] = [("expected spins", held["expected_spins"])]
        for name, key in (("P(win)", "win_probabilities"), ("P(first out)", "first_out_probabilities")):
            if held[key] is not None:
                rows += [(f"seat {i + 1} {name}", v) for i, v in enumerate(held[key])]
        return [(n, v if self.exact else float(v)) for n, v in rows]

    def to_pandas(self, *, exact: bool = False) -> Any:
        """The results as a two-column ``pandas.DataFrame`` (quantity, value).

        Parameters:
            exact: keep sympy Rationals instead of floats (exact results only).

        Returns:
            A ``pandas.DataFrame``.
        """
        return to_pandas_frame(("quantity", "value"), [(n, to_rational(v) if exact and self.exact else v)
                                                       for n, v in self._rows()], exact=exact)

    def to_text(self) -> str:
        rows = self._rows()
        lines = [f"classic dreidel: {self.rules.label}",
                 f"chain: {self.states} states, solved {'exactly' if self.exact else 'in floating point'}",
                 f"expected spins: {self._fmt(rows[0][1])}"]
        lines += [f"  {name}: {self._fmt(v)}" for name, v in rows[1:]]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return table_html(("", "value"), self._rows(),
                          title=f"{self.rules.label} ({self.states} states, {self.method})")

    def __repr__(self) -> str:
        return (f"ClassicDreidelResult(expected_spins={self.expected_spins!r}, "
                f"win_probabilities={self.win_probabilities!r}, method={self.method!r})")


@check_arguments
def analyze(
    *,
    rules: ClassicDreidelRules | None = None,
    method: Literal["exact", "float", "auto"] = "auto",
    max_states: int = 3_000_000,
    progress: bool = False,
) -> ClassicDreidelResult:
    """Expected number of spins and each seat's chance of winning, from the absorbing chain.

    ``method="auto"`` is exact up to [`AUTO_EXACT_MAX_STATES`][dreidelpoker.games.classic_dreidel.AUTO_EXACT_MAX_STATES] chain states and
    floating point (sparse Krylov solver) beyond; ``"exact"`` insists (and may take long).
    ``progress=True`` shows a ``tqdm`` bar while the chain is explored (big games).
    A game whose chain is estimated (`estimated_states`) over ``max_states``
    is refused at once with a ``ResourceLimitError``.

    Parameters:
        rules: the rules (default [classic dreidel rules][rules-6]).
        method: ``"exact"``, ``"float"`` or ``"auto"``.
        max_states: refuse a chain estimated to be larger.
        progress: show a progress bar while the chain is explored.

    Returns:
        A [`ClassicDreidelResult`][dreidelpoker.games.classic_dreidel.ClassicDreidelResult]: expected spins and each seat's chance (exact Rationals
        or floats, as ``method`` gave them).

    Raises:
        ValueError: an unknown method, or a continuous pot (no finite chain).
        ResourceLimitError: a chain estimated over ``max_states``.

    Examples:
        >>> res = analyze(rules=ClassicDreidelRules(players=2, coins=1))
        >>> res.expected_spins, res.win_probabilities
        (20/9, (37/68, 31/68))
    """
    rules = default_rules(rules, ClassicDreidelRules)
    if method not in ("exact", "float", "auto"):
        raise InputError(f"method must be 'exact', 'float' or 'auto', got {method!r}")
    estimate = check_chain_size(max_states, rules=rules)  # refuse a chain far too big at once, before any work
    if method == "exact" and estimate > EXACT_MAX_STATES:
        raise ResourceLimitError(
            f"exact: about {estimate:,} states, over the exact limit of {EXACT_MAX_STATES:,} (hours past it); "
            "use method float or auto")
    t0 = time.perf_counter()
    # A chain far below the auto limit (the estimate is within a few times of the real size) goes
    # straight to the exact chain: no float pass, no scipy import for a small table.
    if method != "exact" and (method == "float" or estimate * 10 > AUTO_EXACT_MAX_STATES):
        # Floats: the integer-indexed build and one adjoint solve (float_chain.py).

        fa = float_absorption(rules, max_states=max_states, progress=progress)
        if method == "float" or fa.states > AUTO_EXACT_MAX_STATES:
            return _result(rules, fa.expected_steps, fa.absorbed, fa.states, "float", time.perf_counter() - t0)
        # "auto" and small enough: the exact chain is cheap.
    chain = dreidel_chain(rules=rules, exact=True, max_states=max_states, progress=progress)
    chain.exact_limit = max(chain.exact_limit, len(chain))
    summary = chain.absorption_summary(start_state(rules=rules), method="exact")
    steps = summary.fractions()["expected_steps"]  # held Fractions: no sympy until the result is read
    return _result(rules, steps, summary.probabilities, len(chain), "exact", time.perf_counter() - t0)


def _result(rules: ClassicDreidelRules, steps: Any, absorbed: Mapping[DreidelState, Any], n_states: int,
            method: Literal["exact", "float"], seconds: float) -> ClassicDreidelResult:
    p = rules.players
    zero: Any = Fraction(0) if method == "exact" else 0.0
    win = [zero] * p
    first_out = [zero] * p
    held = absorbed.fractions() if isinstance(absorbed, ExactMapping) else absorbed
    for terminal, prob in held.items():
        kind, who = terminal
        if kind == "win":
            win[who] += prob
        elif kind == "draw":
            for i in who:
                win[i] += prob / len(who)
        else:
            for i in who:
                first_out[i] += prob
    if rules.stopping == "first-elimination":
        return ClassicDreidelResult(rules, steps, None, tuple(first_out), n_states, method, seconds)
    return ClassicDreidelResult(rules, steps, tuple(win), None, n_states, method, seconds)


@check_arguments
def game_length_cdf(spins: int, *, rules: ClassicDreidelRules, exact: bool = True) -> list[Any]:
    """``P(game over after at most n spins)`` for ``n = 0 .. spins``, by evolving the state
    distribution spin by spin (exact Rationals, or floats with ``exact=False``).

    The work is about ``spins`` x the chain's states (`estimated_states`); above
    `CDF_MAX_WORK` (exact) or `CDF_MAX_WORK_FLOAT` it is refused at once.

    Parameters:
        spins: the largest spin count.
        rules: the rules.
        exact: exact Fractions (``False``: floats).

    Returns:
        ``spins + 1`` probabilities, non-decreasing.

    Raises:
        InputError: a negative ``spins``, work over the limit, or a continuous pot.

    Examples:
        >>> game_length_cdf(2, rules=ClassicDreidelRules(players=2, coins=1))
        [0, 1/2, 11/16]
    """
    check_count(spins, "spins", low=0, high=None)
    limit = CDF_MAX_WORK if exact else CDF_MAX_WORK_FLOAT
    work = spins * estimated_states(rules)
    if work > limit:
        raise ResourceLimitError(
            f"spins: {spins:,} spins over a chain of about {estimated_states(rules):,} states is about {work:,} "
            f"state-steps, over the limit of {limit:,} for exact={exact}; use fewer spins"
            + (", exact=False" if exact else "") + " or fewer coins")
    one: Any = Fraction(1) if exact else 1.0
    dist: dict[DreidelState, Any] = {start_state(rules=rules): one}
    cache: dict[DreidelState, list[tuple[DreidelState, Any]]] = {}
    out: list[Any] = []
    done: Any = one - one
    bar = open_progress_bar(spins, "game length", unit=" spins", min_total=0)
    for step in range(spins + 1):
        done += sum((v for s, v in dist.items() if s[0] in ("win", "draw", "out")), one - one)
        out.append(to_rational(done) if exact else float(done))
        if step == spins:
            break
        bar.update(1)
        nxt: dict[DreidelState, Any] = {}
        for s, v in dist.items():
            if s[0] in ("win", "draw", "out"):
                continue
            if s not in cache:
                cache[s] = [(t, p if exact else float(p)) for t, p in successors(s, rules=rules).fractions().items()]
            for t, p in cache[s]:
                nxt[t] = nxt.get(t, 0) + v * p
        dist = nxt
    bar.close()
    return out
