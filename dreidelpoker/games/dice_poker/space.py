"""The outcome classes Dice Poker is enumerated over.

Suits never matter, so three cards are enumerated as a *rank multiset* weighted by its
suit choices (the product of ``C(available_r, k_r)``), and three dice as a *dice
multiset* weighted by its number of orders (``3! / prod(m_i!)``). Keys are cached per
(dice multiset, rank multiset) so every engine evaluates each class once.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from math import comb, factorial

from .cards import CARD_RANKS
from ...caches import bounded_cache
from .evaluator import HandKey, classify_sorted, dice_partitions
from ...validation import check_arguments

__all__ = [
    "DICE_MULTISETS",
    "FULL_DECK",
    "RANK_TRIPLES",
    "dice_orderings",
    "keys_for_dice",
    "rank_multisets",
    "suit_weight",
]

#: The 56 dice multisets, as sorted (descending) face triples.
DICE_MULTISETS: tuple[tuple[int, int, int], ...] = tuple(
    tuple(sorted(t, reverse=True)) for t in itertools.combinations_with_replacement(range(1, 7), 3)  # type: ignore[misc]
)
#: The full deck as rank counts: 4 of each rank 2..14.
FULL_DECK: dict[int, int] = {r: 4 for r in CARD_RANKS}


@bounded_cache(maxsize=8)
def rank_multisets(size: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of ``size`` card ranks (sorted descending) a 52-card deck can give.

    Parameters:
        size: the number of cards (0 to 3).

    Returns:
        The multisets.

    Examples:
        >>> len(rank_multisets(3)), len(rank_multisets(2)), len(rank_multisets(1))
        (455, 91, 13)
    """
    return tuple(
        tuple(sorted(t, reverse=True)) for t in itertools.combinations_with_replacement(CARD_RANKS, size)
        if max(Counter(t).values(), default=0) <= 4
    )


#: The 455 rank multisets of three cards.
RANK_TRIPLES: tuple[tuple[int, ...], ...] = rank_multisets(3)


@check_arguments
def suit_weight(ranks: Sequence[int], available: dict[int, int] | None = None) -> int:
    """Number of card sets with these ranks drawn from ``available`` rank counts (default a full deck).

    Parameters:
        ranks: the card ranks.
        available: rank -> cards of it left (default: four of each).

    Returns:
        The number of card sets.

    Examples:
        >>> suit_weight((13, 13, 2)), suit_weight((13,), {13: 1})
        (24, 1)
    """
    avail = FULL_DECK if available is None else available
    w = 1
    for r, k in Counter(ranks).items():
        w *= comb(avail.get(r, 0), k)
    return w


@check_arguments
def dice_orderings(dice: Sequence[int]) -> int:
    """How many ordered rolls give this dice multiset (6, 3 or 1).

    Parameters:
        dice: the dice faces.

    Returns:
        The number of orderings.

    Examples:
        >>> dice_orderings((6, 5, 3)), dice_orderings((6, 6, 3)), dice_orderings((6, 6, 6))
        (6, 3, 1)
    """
    out = factorial(len(dice))
    for m in Counter(dice).values():
        out //= factorial(m)
    return out


@bounded_cache(maxsize=512)
def keys_for_dice(dice: tuple[int, ...], options: tuple[int, int] = (1, 2)) -> tuple[HandKey, ...]:
    """The best key of these dice with every rank triple, aligned with [`RANK_TRIPLES`][dreidelpoker.games.dice_poker.RANK_TRIPLES].

    ``options`` is [`DicePokerRules.ranking_options`][dreidelpoker.games.dice_poker.DicePokerRules.ranking_options] (straight and bobtail minimum starts).

    Parameters:
        dice: the three dice.
        options: ``(straight_min_start, bobtail_min_start)``.

    Returns:
        One key per entry of [`RANK_TRIPLES`][dreidelpoker.games.dice_poker.RANK_TRIPLES].

    Examples:
        >>> keys_for_dice((6, 6, 6))[RANK_TRIPLES.index((6, 6, 6))][0]
        14
    """
    smin, bmin = options
    d = tuple(sorted(dice, reverse=True))
    # Partitions giving the same dice values are the same hand: evaluate each once.
    parts = sorted({tuple(sorted(sum(g) for g in p)) for p in dice_partitions(d)})
    out: list[HandKey] = []
    for t in RANK_TRIPLES:
        best: HandKey | None = None
        for dv in parts:
            vals = tuple(sorted(dv + t, reverse=True))
            key = classify_sorted(vals, smin, bmin)
            if best is None or key > best:
                best = key
        assert best is not None
        out.append(best)
    return tuple(out)
