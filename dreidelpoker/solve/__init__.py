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
    0
"""

from __future__ import annotations

from .cfr import CFRResult, cfr_plus
from .efg import ExtensiveForm, extensive_form
from .exact import best_response, nash_conv, profile_value
from .examples import matrix_game
from .lp import solve_sequence_form
from .multiway import MultiwayRound, bluffing, card_deal_table, multiway_cfr_plus
from .solver import GameSolution, exploitability_of, solve

__all__ = [
    "CFRResult", "ExtensiveForm", "GameSolution", "MultiwayRound", "best_response", "bluffing",
    "card_deal_table", "cfr_plus", "exploitability_of", "extensive_form", "matrix_game",
    "multiway_cfr_plus", "nash_conv", "profile_value", "solve", "solve_sequence_form",
]
