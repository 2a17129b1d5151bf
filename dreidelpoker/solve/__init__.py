"""A generic solver for two-player zero-sum games with imperfect information.

Build the extensive form from a game's own state protocol
([`extensive_form`][dreidelpoker.solve.extensive_form]), solve it with the sequence-form LP
(HiGHS) rounded to exact rationals and verified by exact best responses, or with CFR+
where the LP is too big ([`solve`][dreidelpoker.solve.solve]), and measure any strategy's exploitability
([`exploitability_of`][dreidelpoker.solve.exploitability_of]).

Examples:
    >>> from dreidelpoker.solve import solve
    >>> from dreidelpoker.solve.examples import matching_pennies
    >>> solve(matching_pennies()).value
    Fraction(0, 1)
"""

from __future__ import annotations

from .cfr import CFRResult, cfr_plus
from .efg import ExtensiveForm, Infoset, extensive_form
from .exact import best_response, best_response_value, nash_conv, profile_value
from .lp import solve_sequence_form
from .solver import GameSolution, exploitability_of, solve

__all__ = [
    "CFRResult", "ExtensiveForm", "GameSolution", "Infoset", "best_response", "best_response_value",
    "cfr_plus", "exploitability_of", "extensive_form", "nash_conv", "profile_value", "solve",
    "solve_sequence_form",
]
