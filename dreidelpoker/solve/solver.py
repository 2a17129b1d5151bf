"""One entry point: [`solve`][dreidelpoker.solve.solve] a two-player zero-sum game state and get a [`GameSolution`][dreidelpoker.solve.GameSolution].

``method="lp"`` solves the sequence-form LP with HiGHS, rounds both strategies to exact
rationals (trying denominators up to ``10**6``) and checks them **exactly**: the NashConv
of the rounded profile is computed with exact best responses, and is ``0`` when the
rounding is an exact equilibrium. ``method="cfr+"`` runs CFR+ (for trees too big for the
LP) and reports the float NashConv reached.
"""

from __future__ import annotations

import html
import time
from math import lcm
from collections.abc import Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .._fractions import frac_str, to_fraction, to_rational
from ..games.protocol import GameState
from .cfr import cfr_plus
from .efg import DEFAULT_MAX_NODES, ExtensiveForm, extensive_form
from .exact import Behaviour, Policy, behaviour_from_plan, behaviour_from_policy, best_response_value, nash_conv
from .exact import profile_value, rationalize
from .lp import solve_sequence_form
from ._iterate import check_iteration_options
from ..errors import InputError

__all__ = ["GameSolution", "exploitability_of", "solve"]

_METHODS = ("lp", "cfr+")
#: Rounding tried in turn: denominators up to 1000, then up to 10**6 (exact when the LP's
#: vertex is), then binary fractions k / 2**40 (always cheap to verify; NashConv then about
#: 1e-12 instead of 0). A candidate whose common denominator is too long to verify fast is skipped.
_DENOMINATORS = (1000, 10**6, 2**40)
_MAX_LCM_BITS = 20_000


def _num(v: Any) -> Any:
    """An exact number as ``"p/q"`` for JSON, a float as itself."""
    return frac_str(v) if isinstance(v, (int, Fraction)) else float(v)


def _shown(v: Any) -> Any:
    """The public face of a stored number: a sympy Rational for an exact one, a float as itself."""
    return to_rational(v) if isinstance(v, (int, Fraction)) else v


def _show(v: Any, digits: int = 4) -> str:
    if isinstance(v, (int, Fraction)):
        f = Fraction(v)
        dec = f"{float(f):.{digits}g}"
        return dec if f.denominator == 1 or len(str(f)) > 12 else f"{dec} ({f})"
    return f"{float(v):.{digits}g}"


@dataclass(frozen=True)
class GameSolution:
    """An equilibrium (or CFR+ approximation) of a two-player zero-sum game.

    The numbers are held as the engine made them (Fractions after ``method="lp"``,
    floats after ``"cfr+"``) and shown as sympy Rationals (or floats) when read;
    [`fractions`][dreidelpoker.solve.GameSolution.fractions] hands over the stored ones.

    Attributes:
        form: the extensive form that was solved.
        strategies: each seat's behaviour strategy (per information set, exact sympy Rationals
            after ``method="lp"``, floats after ``"cfr+"``).
        value: the value of the profile to seat 0 (exact after ``"lp"``).
        nash_conv: ``BR0 − BR1`` of the profile: 0 at an exact equilibrium.
        method: ``"lp"`` or ``"cfr+"``.
        iterations: CFR+ iterations run (0 for the LP).
        history: CFR+ ``(iteration, nash_conv)`` checkpoints.
        seconds: wall time of the solve (tree building excluded).
        lp_value: the LP's float value (``None`` for CFR+).

    Examples:
        >>> from dreidelpoker.solve import solve
        >>> from dreidelpoker.solve.examples import matching_pennies
        >>> solution = solve(matching_pennies())
        >>> solution.value == 0, solution.nash_conv == 0, solution.method
        (True, True, 'lp')
    """

    form: ExtensiveForm
    _strategies: tuple[Behaviour, Behaviour]
    _value: Any
    _nash_conv: Any
    method: str
    iterations: int = 0
    history: tuple[tuple[int, float], ...] = ()
    seconds: float = 0.0
    lp_value: float | None = None
    max_denominator: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def value(self) -> Any:
        """The value of the profile to seat 0 (a sympy Rational after ``"lp"``, a float after ``"cfr+"``)."""
        return _shown(self._value)

    @property
    def nash_conv(self) -> Any:
        """``BR0 − BR1`` of the profile: 0 at an exact equilibrium (sympy or float, as ``value``)."""
        return _shown(self._nash_conv)

    @property
    def strategies(self) -> tuple[list[list[Any]], list[list[Any]]]:
        """Each seat's behaviour strategy: per information set, the probability of each action."""
        return tuple([[_shown(p) for p in probs] for probs in seat] for seat in self._strategies)  # type: ignore[return-value]

    def fractions(self) -> tuple[Any, Any, tuple[Behaviour, Behaviour]]:
        """``(value, nash_conv, strategies)`` as stored: Fractions after ``"lp"`` (floats
        after ``"cfr+"``), for exact inner loops.

        Returns:
            The value to seat 0, the NashConv and both seats' behaviour strategies.

        Examples:
            >>> from dreidelpoker.solve import solve
            >>> from dreidelpoker.solve.examples import matrix_game
            >>> solve(matrix_game([[2, -1], [-1, 1]])).fractions()[0]
            Fraction(1, 5)
        """
        return self._value, self._nash_conv, self._strategies

    @property
    def exact(self) -> bool:
        """True when the strategies are exact and their NashConv is exactly 0."""
        return isinstance(self._nash_conv, (int, Fraction)) and self._nash_conv == 0

    def value_for(self, seat: int) -> Any:
        """The value to ``seat`` (0 or 1)."""
        if seat not in (0, 1):
            raise InputError(f"seat must be 0 or 1, got {seat!r}")
        return _shown(self._value if seat == 0 else -self._value)

    def strategy(self, seat: int) -> dict[Hashable, dict[Hashable, Any]]:
        """``{observation: {action: probability}}`` for one seat (sympy Rationals after ``"lp"``)."""
        return {key: {a: _shown(p) for a, p in probs.items()} for key, probs in self._table(seat).items()}

    def _table(self, seat: int) -> dict[Hashable, dict[Hashable, Any]]:
        if seat not in (0, 1):
            raise InputError(f"seat must be 0 or 1, got {seat!r}")
        return {info.key: dict(zip(info.actions, probs))
                for info, probs in zip(self.form.infosets[seat], self._strategies[seat])}

    def policy(self, seat: int) -> Policy:
        """The equilibrium as a policy ``policy(observation, legal_actions) -> {action: p}``
        (the stored Fractions: a policy feeds exact best responses)."""
        table = self._table(seat)

        def policy(observation: Hashable, legal: tuple[Hashable, ...]) -> dict[Hashable, Any]:
            return table[observation]

        return policy

    def exploitability_of(self, seat: int, policy: Policy) -> Any:
        """How much ``policy`` playing ``seat`` loses against a best response, compared with
        the game value (see [`exploitability_of`][dreidelpoker.solve.GameSolution.exploitability_of])."""
        return exploitability_of(self.form, seat, policy, value=self._value)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe summary: values, NashConv, method, sizes (strategies via [`to_pandas`][dreidelpoker.solve.GameSolution.to_pandas])."""
        return {
            "method": self.method,
            "value": [_num(self._value), _num(-self._value)],
            "nash_conv": _num(self._nash_conv),
            "exact": self.exact,
            "iterations": self.iterations,
            "history": [[t, v] for t, v in self.history],
            "seconds": round(self.seconds, 3),
            "tree": self.form.describe(),
            **{k: v for k, v in self.meta.items()},
        }

    def to_pandas(self) -> Any:
        """One row per (seat, information set, action): ``seat, observation, action, probability``."""
        import pandas as pd

        rows = []
        for seat in (0, 1):
            for info, probs in zip(self.form.infosets[seat], self._strategies[seat]):
                for a, p in zip(info.actions, probs):
                    rows.append({"seat": seat, "observation": str(info.key), "action": str(a),
                                 "probability": float(p)})
        return pd.DataFrame(rows, columns=["seat", "observation", "action", "probability"])

    def to_text(self) -> str:
        lines = [
            f"solved by {self.method} in {self.seconds:.2f} s: {self.form.describe()}",
            f"value to seat 1: {_show(self._value)}; to seat 2: {_show(-self._value)}",
            f"NashConv: {_show(self._nash_conv)}" + (" (an exact equilibrium)" if self.exact else ""),
        ]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<pre>" + html.escape(self.to_text()) + "</pre>"

    def __repr__(self) -> str:
        return f"GameSolution(method={self.method!r}, value={self.value!r}, nash_conv={self.nash_conv!r})"


def solve(
    game: GameState[Any, Any] | ExtensiveForm,
    *,
    method: str = "lp",
    iterations: int = 1000,
    check_every: int = 10,
    target: float | None = None,
    progress: bool = False,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> GameSolution:
    """Solve a two-player zero-sum game with imperfect information.

    Parameters:
        game: a start state ([`GameState`][dreidelpoker.play.GameState]) or a
            prebuilt [`ExtensiveForm`][dreidelpoker.solve.ExtensiveForm].
        method: ``"lp"`` (sequence-form LP, rounded and verified exactly) or ``"cfr+"``.
        iterations: CFR+ iterations (``"cfr+"`` only).
        check_every: CFR+: how often the NashConv is measured.
        target: CFR+: stop once the NashConv is at most this.
        progress: CFR+: show a progress bar.
        max_nodes: refuse bigger trees.

    Returns:
        A [`GameSolution`][dreidelpoker.solve.GameSolution].

    Raises:
        ValueError: for an unknown method, a non-positive iteration count, or a game the
            solver cannot take (see [`extensive_form`][dreidelpoker.solve.extensive_form]).

    Examples:
        >>> from dreidelpoker.solve.examples import matrix_game
        >>> sol = solve(matrix_game([[2, -1], [-1, 1]]))
        >>> sol.value, sol.nash_conv, sol.strategies[0]
        (1/5, 0, [[2/5, 3/5]])
    """
    if method not in _METHODS:
        raise InputError(f"method must be one of {list(_METHODS)}, got {method!r}")
    check_iteration_options(iterations, check_every, target)
    form = game if isinstance(game, ExtensiveForm) else extensive_form(game, max_nodes=max_nodes)
    start = time.perf_counter()
    if method == "cfr+":
        res = cfr_plus(form, iterations=iterations, check_every=check_every, progress=progress, target=target)
        value = profile_value(form, res.strategies)
        nc = res.history[-1][1] if res.history else float(nash_conv(form, res.strategies))
        return GameSolution(form, res.strategies, value, nc, "cfr+", res.iterations, res.history,
                            time.perf_counter() - start)
    lp = solve_sequence_form(form)
    floats = (behaviour_from_plan(form, 0, lp.plans[0]), behaviour_from_plan(form, 1, lp.plans[1]))
    best: tuple[Any, tuple[Behaviour, Behaviour], int] | None = None
    for d in _DENOMINATORS:
        grid = d == _DENOMINATORS[-1]
        cand = (rationalize(floats[0], d, grid=grid), rationalize(floats[1], d, grid=grid))
        if not grid and max(_lcm_bits(c) for c in cand) > _MAX_LCM_BITS:
            continue
        nc = nash_conv(form, cand)
        if best is None or nc < best[0]:
            best = (nc, cand, d)
        if nc == 0:
            break
    assert best is not None
    nc, strategies, d = best
    value = profile_value(form, strategies)
    return GameSolution(form, strategies, value, nc, "lp", 0, (), time.perf_counter() - start, lp.value, d)


def _lcm_bits(behaviour: Behaviour) -> int:
    dens = {p.denominator for probs in behaviour for p in probs}
    return lcm(*dens).bit_length() if dens else 0


def exploitability_of(
    form: ExtensiveForm, seat: int, policy: Policy, *, value: Any = None,
) -> Any:
    """How much a fixed strategy for ``seat`` loses to a best response, below the game value.

    Parameters:
        form: the game.
        seat: the seat the policy plays (0 or 1).
        policy: ``policy(observation, legal_actions)`` -> an action or ``{action: probability}``.
        value: the game value to seat 0 (solved with the LP when omitted).

    Returns:
        ``value_for(seat) − (what the policy gets against a best response)``: 0 for an
        equilibrium strategy, positive otherwise; a sympy Rational when the policy's
        probabilities are exact, else a float.

    Raises:
        ValueError: for a bad seat or a policy that plays illegal actions.

    Examples:
        >>> from dreidelpoker.solve.examples import matching_pennies
        >>> form = extensive_form(matching_pennies())
        >>> exploitability_of(form, 0, lambda obs, legal: 0, value=0)
        1
    """
    if seat not in (0, 1):
        raise InputError(f"seat must be 0 or 1, got {seat!r}")
    value = solve(form).fractions()[0] if value is None else value
    if not isinstance(value, float):
        value = to_fraction(value, what="value")
    behaviour = behaviour_from_policy(form, seat, policy)
    br = best_response_value(form, 1 - seat, behaviour)
    return _shown(value - br if seat == 0 else br - value)
