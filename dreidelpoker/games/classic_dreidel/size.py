"""How big classic dreidel's Markov chain is, estimated before it is built, so a game too big
for ``max_states`` is refused at once instead of after minutes of work (issue 15).

The chain's states are the ways ``players x coins`` coins lie between the players and
the pot, times whose turn it is, times who is out. The estimate counts the first two
exactly (a binomial coefficient) and the third with a factor fitted on real chains; it is
within a factor of about 2 of the real count for 3 or more coins (and a few times too
small for 1-2 coins with 5 or more players). ``tests/test_limits.py`` checks it against
built chains.
"""

from __future__ import annotations

from math import comb

from ...limits import check_estimate
from .rules import ClassicDreidelRules

__all__ = ["check_chain_size", "estimated_states"]


def estimated_states(rules: ClassicDreidelRules) -> int:
    """Estimated number of states of the chain of ``rules`` (cheap: no chain is built).

    Parameters:
        rules: the variant.

    Returns:
        The estimate, an int (exact integer arithmetic: huge coin counts are fine).

    Examples:
        >>> estimated_states(ClassicDreidelRules(players=2, coins=10))
        462
        >>> estimated_states(ClassicDreidelRules(players=2, coins=10 ** 12)) > 10 ** 24
        True
    """
    p = rules.players
    placements = comb(rules.players * rules.coins + p, p)  # coins among p players and the pot
    return placements * p * (5 + p - 2) // 5  # x whose turn, x a fitted factor for who is out


def check_chain_size(max_states: int, *, rules: ClassicDreidelRules, option: str = "max_states") -> int:
    """Refuse at once a chain whose estimated size is over ``max_states``.

    Parameters:
        rules: the variant.
        max_states: the limit.
        option: how the caller names the limit (``"--max-states"`` on the command line).

    Returns:
        The estimate.

    Raises:
        ResourceLimitError: naming the estimate, the limit and the option that raises it.

    Examples:
        >>> check_chain_size(100, rules=ClassicDreidelRules(players=2, coins=3))
        56
    """
    return check_estimate(estimated_states(rules), max_states, option=option,
                          what=f"{rules.players} players x {rules.coins:,} coins is a chain of",
                          cost="memory and time grow with it: about 3 GB and 5 minutes per million states",
                          remedy="if you have them, or use fewer coins")
