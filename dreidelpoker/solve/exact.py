"""Best responses, NashConv and exact rounding on the sequence form.

A strategy is given per seat as a *behaviour* strategy: one probability list per
information set (in `ExtensiveForm.infosets` order). The functions here work with
`fractions.Fraction` (exact) or ``float`` probabilities alike.

* [`best_response_value`][dreidelpoker.solve.best_response_value] — the best a seat can do against the other's strategy, by
  one bottom-up pass over its own sequence tree (perfect recall makes this exact).
* [`nash_conv`][dreidelpoker.solve.nash_conv] — ``max_x' x'·A·y − min_y' x·A·y'``: 0 exactly at an equilibrium.
* [`rationalize`][dreidelpoker.solve.exact.rationalize] — rounds a float strategy to rationals with small denominators.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from math import lcm
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from .efg import ExtensiveForm, realization_plan
from ..errors import InputError

__all__ = [
    "Behaviour", "best_response", "best_response_value", "behaviour_from_plan", "behaviour_from_policy",
    "nash_conv", "profile_value", "rationalize",
]

#: One probability list per information set of one seat.
Behaviour = list[list[Any]]


def _integer_payoffs(form: ExtensiveForm) -> tuple[int, list[tuple[int, int, int]]]:
    """The exact payoff matrix as ``(M, [(σ0, σ1, M·A[σ0, σ1])])`` with integer entries."""
    cached = getattr(form, "_integer_payoffs", None)
    if cached is None:
        exact = form.payoff_exact.fractions()
        m = lcm(*(v.denominator for v in exact.values())) if exact else 1
        items = [(s0, s1, v.numerator * (m // v.denominator)) for (s0, s1), v in exact.items()]
        cached = (m, items)
        object.__setattr__(form, "_integer_payoffs", cached)
    return cast(tuple[int, list[tuple[int, int, int]]], cached)


def _sequence_payoffs(form: ExtensiveForm, player: int, other_plan: Sequence[Any], exact: bool) -> tuple[list[Any], Any]:
    """``g[σ]``: the payoff to seat 0 that each of ``player``'s sequences collects on its own
    leaves against the other seat's realization plan, and the scale it is expressed in
    (exact: integers to be divided by the scale; floats: scale 1)."""
    n = form.num_sequences[player]
    if not exact:
        y = np.asarray([float(v) for v in other_plan])
        A = form.matrix
        g = A @ y if player == 0 else A.T @ y
        return [float(v) for v in g], 1.0
    m, items = _integer_payoffs(form)
    fr = [Fraction(v) for v in other_plan]
    den = lcm(*{f.denominator for f in fr})
    w = [f.numerator * (den // f.denominator) for f in fr]
    out = [0] * n
    if player == 0:
        for s0, s1, v in items:
            ws = w[s1]
            if ws:
                out[s0] += v * ws
    else:
        for s0, s1, v in items:
            ws = w[s0]
            if ws:
                out[s1] += v * ws
    return out, m * den


def best_response(form: ExtensiveForm, player: int, other: Behaviour) -> tuple[Any, list[int]]:
    """The best response of ``player`` to the other seat's behaviour strategy.

    Parameters:
        form: the game.
        player: the responding seat; seat 0 maximises the payoff to seat 0, seat 1 minimises it.
        other: the other seat's behaviour strategy (Fractions for an exact answer).

    Returns:
        ``(value, choice)``: the payoff to seat 0 when ``player`` best-responds, and the
        chosen action index at each of ``player``'s information sets.

    Examples:
        >>> from dreidelpoker.solve.efg import extensive_form
        >>> from dreidelpoker.solve.examples import matching_pennies
        >>> form = extensive_form(matching_pennies())
        >>> best_response(form, 0, [[Fraction(3, 4), Fraction(1, 4)]])
        (Fraction(1, 2), [0])
    """
    exact = _is_exact(other)
    plan = realization_plan(form, 1 - player, other)
    g, scale = _sequence_payoffs(form, player, plan, exact)
    better: Callable[[Any, Any], bool] = (lambda a, b: a > b) if player == 0 else (lambda a, b: a < b)
    sets = form.infosets[player]
    choice = [0] * len(sets)
    for i in range(len(sets) - 1, -1, -1):
        info = sets[i]
        best_a, best = 0, g[info.first_sequence]
        for a, s in enumerate(info.sequences):
            if a and better(g[s], best):
                best_a, best = a, g[s]
        choice[i] = best_a
        g[info.parent_sequence] += best
    return (Fraction(g[0], scale) if exact else g[0]), choice


def _is_exact(behaviour: Behaviour) -> bool:
    for probs in behaviour:
        for p in probs:
            return isinstance(p, (int, Fraction))
    return True


def best_response_value(form: ExtensiveForm, player: int, other: Behaviour) -> Any:
    """The payoff to seat 0 when ``player`` best-responds to ``other`` (see [`best_response`][dreidelpoker.solve.best_response]).

    Parameters:
        form: the extensive form.
        player: the seat that best-responds (0 or 1).
        other: the other seat's behaviour strategy.

    Returns:
        Seat 0's payoff (a Fraction when ``other`` is exact).

    Examples:
        >>> from dreidelpoker.solve.efg import extensive_form
        >>> from dreidelpoker.solve.examples import matching_pennies
        >>> best_response_value(extensive_form(matching_pennies()), 1, [[Fraction(1, 2)] * 2])
        Fraction(0, 1)
    """
    return best_response(form, player, other)[0]


def profile_value(form: ExtensiveForm, strategies: tuple[Behaviour, Behaviour]) -> Any:
    """The expected payoff to seat 0 when both seats play ``strategies``.

    Parameters:
        form: the extensive form.
        strategies: the two seats' behaviour strategies.

    Returns:
        Seat 0's expected payoff (a Fraction when both strategies are exact).

    Examples:
        >>> from dreidelpoker.solve import extensive_form, solve
        >>> from dreidelpoker.solve.examples import matching_pennies
        >>> game = matching_pennies()
        >>> profile_value(extensive_form(game), solve(game).fractions()[2])  # the equilibrium is worth 0 to seat 1
        Fraction(0, 1)
    """
    exact = _is_exact(strategies[0]) and _is_exact(strategies[1])
    x = realization_plan(form, 0, strategies[0])
    y = realization_plan(form, 1, strategies[1])
    g, scale = _sequence_payoffs(form, 0, y, exact)
    if exact:
        return sum((Fraction(xi) * gi for xi, gi in zip(x, g) if gi), Fraction(0)) / scale
    return sum(xi * gi for xi, gi in zip(x, g))


def nash_conv(form: ExtensiveForm, strategies: tuple[Behaviour, Behaviour]) -> Any:
    """NashConv: what both seats together gain by best-responding, ``BR0(y) − BR1(x)``.

    It is 0 exactly when the profile is an equilibrium; exact with Fraction strategies.

    Parameters:
        form: the extensive form.
        strategies: the two seats' behaviour strategies.

    Returns:
        The NashConv, at least 0.

    Examples:
        >>> from dreidelpoker.solve.efg import extensive_form
        >>> from dreidelpoker.solve.examples import matching_pennies
        >>> form = extensive_form(matching_pennies())
        >>> half = [[Fraction(1, 2), Fraction(1, 2)]]
        >>> nash_conv(form, (half, half))
        Fraction(0, 1)
        >>> nash_conv(form, ([[Fraction(1), Fraction(0)]], half))
        Fraction(1, 1)
    """
    return best_response_value(form, 0, strategies[1]) - best_response_value(form, 1, strategies[0])


def behaviour_from_plan(form: ExtensiveForm, player: int, plan: Sequence[float] | npt.NDArray[np.float64]) -> Behaviour:
    """Float behaviour strategy from a float realization plan (uniform where unreachable).

    Parameters:
        form: the extensive form.
        player: the seat (0 or 1).
        plan: the realization plan, one weight per sequence of ``player``.

    Returns:
        One list of action probabilities per infoset of ``player``.
    """
    out: Behaviour = []
    for info in form.infosets[player]:
        base = float(plan[info.parent_sequence])
        k = len(info.actions)
        if base > 1e-12:
            probs = [max(float(plan[s]), 0.0) / base for s in info.sequences]
            total = sum(probs)
            probs = [p / total for p in probs] if total > 0 else [1.0 / k] * k
        else:
            probs = [1.0 / k] * k
        out.append(probs)
    return out


def rationalize(behaviour: Behaviour, max_denominator: int, *, grid: bool = False) -> Behaviour:
    """Round a float behaviour strategy to Fractions with denominators up to ``max_denominator``
    (``grid=True``: to the nearest multiple of ``1 / max_denominator``); each list still sums
    to exactly 1.

    Parameters:
        behaviour: float action probabilities, one list per infoset.
        max_denominator: the largest denominator allowed.
        grid: round to multiples of ``1 / max_denominator`` instead of the best approximation.

    Returns:
        The same strategy with Fraction probabilities.
    """
    out: Behaviour = []
    for probs in behaviour:
        if grid:
            fr = [Fraction(round(p * max_denominator), max_denominator) if p > 1e-12 else Fraction(0) for p in probs]
        else:
            fr = [Fraction(p).limit_denominator(max_denominator) if p > 1e-9 else Fraction(0) for p in probs]
        fr = [min(max(f, Fraction(0)), Fraction(1)) for f in fr]
        total = sum(fr, Fraction(0))
        if total == 0:
            fr = [Fraction(1, len(fr))] * len(fr)
        elif total != 1:
            big = max(range(len(fr)), key=lambda i: fr[i])
            fixed = fr[big] + 1 - total
            if 0 <= fixed <= 1:
                fr[big] = fixed
            else:
                fr = [f / total for f in fr]
        out.append(fr)
    return out


Policy = Callable[[Hashable, tuple[Hashable, ...]], Any]


def behaviour_from_policy(form: ExtensiveForm, player: int, policy: Policy) -> Behaviour:
    """A seat's behaviour strategy from a policy function.

    Parameters:
        form: the game.
        player: the seat.
        policy: ``policy(observation, legal_actions)`` returning either one action (a pure
            choice) or a mapping ``{action: probability}`` (exact numbers keep the answer exact).

    Returns:
        The behaviour strategy, one probability list per information set.

    Raises:
        ValueError: when the policy returns an illegal action or probabilities that do not
            sum to 1.
    """
    out: Behaviour = []
    for info in form.infosets[player]:
        answer = policy(info.key, info.actions)
        if isinstance(answer, Mapping):
            probs = [answer.get(a, 0) for a in info.actions]
            unknown = set(answer) - set(info.actions)
            if unknown:
                raise InputError(f"policy gave actions {sorted(map(repr, unknown))} not legal at {info.key!r}; "
                                 f"legal: {list(info.actions)}")
            exact = [Fraction(p) if isinstance(p, (int, Fraction)) else p for p in probs]
            if abs(float(sum(exact)) - 1) > 1e-9:
                raise InputError(f"policy probabilities at {info.key!r} sum to {sum(exact)}, not 1")
            out.append(exact)
        else:
            if answer not in info.actions:
                raise InputError(f"policy chose {answer!r} at {info.key!r}; legal actions: {list(info.actions)}")
            out.append([Fraction(1) if a == answer else Fraction(0) for a in info.actions])
    return out
