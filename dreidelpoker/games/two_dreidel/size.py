"""How big a Two Dreidel deck-cycle chain is, estimated before it is built, so a deck too big
for ``max_states`` is refused at once instead of after minutes of work (issue 15).

A state is one pile of the deck cycle; there are about ``prod(count + 1) / 2`` of them
(checked against built chains from 1-5-5-1 to 8-8-8-8 in ``tests/test_limits.py``, within
a few percent under the default rules).
"""

from __future__ import annotations

from math import prod

from ...errors import ResourceLimitError
from .rules import TwoDreidelRules

__all__ = ["check_chain_size", "estimated_states"]


def estimated_states(rules: TwoDreidelRules) -> int:
    """Estimated number of states of the deck-cycle chain of ``rules`` (no chain is built).

    Parameters:
        rules: the variant (its deck counts matter).

    Returns:
        The estimate.

    Examples:
        >>> estimated_states(TwoDreidelRules.preset("2-7-7-2"))
        288
    """
    return max(1, prod(c + 1 for c in rules.counts) // 2)


def check_chain_size(rules: TwoDreidelRules, max_states: int, *, option: str = "max_states") -> int:
    """Refuse at once a deck whose chain is estimated over ``max_states`` states.

    Parameters:
        rules: the variant.
        max_states: the limit.
        option: how the caller names the limit (``"--max-states"`` on the command line).

    Returns:
        The estimate.

    Raises:
        ResourceLimitError: naming the estimate, the limit and the option that raises it.

    Examples:
        >>> check_chain_size(TwoDreidelRules(), 1000)
        72
    """
    n = estimated_states(rules)
    if n > max_states:
        shown = f"{n:,}" if n < 10 ** 15 else f"about 10^{len(str(n)) - 1}"
        raise ResourceLimitError(
            f"deck {rules.deck_label} gives a deck-cycle chain of about {shown} states, over {option}="
            f"{max_states:,} (about 3 ms per state today, and the exact solve grows faster); raise {option} "
            "to run it anyway, or use a smaller deck"
        )
    return n
