"""How big a Two Dreidel deck-cycle chain is, estimated before it is built, so a deck too big
for ``max_states`` is refused at once instead of after minutes of work (issue 15).

A state is one pile of the deck cycle; there are about ``prod(count + 1) / 2`` of them
(checked against built chains from 1-5-5-1 to 8-8-8-8 in ``tests/test_limits.py``, within
a few percent under the default rules).

An opponent posterior ([`opponent_posterior`][dreidelpoker.games.two_dreidel.opponent_posterior]) walks the hidden states
hand by hand; [`posterior_work`][dreidelpoker.games.two_dreidel.rulebook.size.posterior_work] bounds the states it visits, so a deck and hand number
far too big for it are refused at once ([`MAX_POSTERIOR_WORK`][dreidelpoker.games.two_dreidel.rulebook.size.MAX_POSTERIOR_WORK]).
"""

from __future__ import annotations

from math import comb, prod

from ....caches import bounded_cache
from ....errors import ResourceLimitError
from ....limits import check_estimate
from .rules import TwoDreidelRules

__all__ = ["MAX_POSTERIOR_WORK", "check_chain_size", "check_posterior_work", "estimated_states", "posterior_work"]


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


def check_chain_size(max_states: int, *, rules: TwoDreidelRules, option: str = "max_states") -> int:
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
        >>> check_chain_size(1000, rules=TwoDreidelRules())
        72
    """
    return check_estimate(estimated_states(rules), max_states, option=option,
                          what=f"deck {rules.deck_label} gives a deck-cycle chain of",
                          cost="about 3 ms per state today, and the exact solve grows faster",
                          remedy="to run it anyway, or use a smaller deck")


#: Most hidden states (summed over the hands) an opponent posterior may visit, as bounded by
#: [`posterior_work`][dreidelpoker.games.two_dreidel.rulebook.size.posterior_work]: 2-7-7-2 at hand 10,000 (about 1.7 million) passes; the true count
#: is 4 to 8 times smaller, about a millisecond each on the project machine.
MAX_POSTERIOR_WORK = 2_000_000


def posterior_work(hands: int, *, rules: TwoDreidelRules) -> int:
    """An upper bound on the hidden states an opponent posterior visits up to hand ``hands``.

    Before hand ``j`` the hidden state is the discard pile (``m`` cards, a public number)
    and the card(s) put back: at most (the ways ``m`` cards fit the deck counts) x (the
    put-back choices, or none), and never more than the whole chain
    ([`estimated_states`][dreidelpoker.games.two_dreidel.rulebook.size.estimated_states]). The bound is summed over the hands.

    Parameters:
        rules: the variant.
        hands: the hand number the posterior is for.

    Returns:
        The bound (an int; cheap: no state is built).

    Examples:
        >>> posterior_work(3, rules=TwoDreidelRules())
        112
    """
    return _posterior_work(rules.counts, rules.draw, rules.put_back, hands)


@bounded_cache(maxsize=4096)
def _posterior_work(counts: tuple[int, ...], draw: int, put_back: int, hands: int) -> int:
    import numpy as np

    ways = np.ones(1, dtype=np.int64)  # ways[m]: discard piles of m cards within the deck counts
    for c in counts:
        ways = np.convolve(ways, np.ones(c + 1, dtype=np.int64))
    k = len(counts)
    tops = comb(put_back + k - 1, k - 1) + 1
    whole = max(1, prod(c + 1 for c in counts) // 2)  # estimated_states
    n, kept = sum(counts), draw - put_back
    total, disc = 0, 0
    for _ in range(hands - 1):  # the discard pile before hands 2 .. hands (information.pile_sizes)
        disc = kept if n - disc < draw else disc + kept
        total += min(whole, int(ways[disc]) * tops)
    return total


def check_posterior_work(hands: int, *, rules: TwoDreidelRules, max_work: int = MAX_POSTERIOR_WORK) -> int:
    """Refuse at once a posterior whose [`posterior_work`][dreidelpoker.games.two_dreidel.rulebook.size.posterior_work] is over ``max_work``.

    Parameters:
        rules: the variant.
        hands: the hand number.
        max_work: the limit.

    Returns:
        The bound.

    Raises:
        ResourceLimitError: naming the deck, the hand number, the bound and the limit.

    Examples:
        >>> check_posterior_work(100, rules=TwoDreidelRules()) <= MAX_POSTERIOR_WORK
        True
    """
    work = posterior_work(hands, rules=rules)
    if work > max_work:
        raise ResourceLimitError(
            f"an opponent posterior for deck {rules.deck_label} at hand {hands:,} would visit up to {work:,} "
            f"hidden states, over the limit of {max_work:,} (dreidelpoker.games.two_dreidel.rulebook.size."
            "MAX_POSTERIOR_WORK); use an earlier hand number or a smaller deck"
        )
    return work

