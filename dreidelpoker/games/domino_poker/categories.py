"""Domino Poker's category names and definitions ([Domino Poker rules: categories][rules-5-3], 5.4), weakest first.

A leaf module: the rules object and the evaluator both read it, and it reads neither.
"""

from __future__ import annotations

from ...caches import bounded_cache

__all__ = ["CATEGORY_DEFINITIONS", "LOW_STRAIGHTS", "category_names"]

_BASE: tuple[str, ...] = (
    "High card", "One pair", "Flush", "Three of a kind", "Straight fours", "Full house",
    "Straight fives", "Four of a kind", "Straight sixes", "Royal",
)
#: The three low straights of the option low_runs="straight", suit 1 to 3.
LOW_STRAIGHTS: tuple[str, ...] = ("Straight ones", "Straight twos", "Straight threes")

#: One-line definitions (the Domino Poker rules: categories), for tables and docs.
CATEGORY_DEFINITIONS: dict[str, str] = {
    "Royal": "all five doubles (the source's 'Invincible')",
    "Straight sixes": "a run in suit 6",
    "Four of a kind": "four doubles",
    "Straight fives": "a run in suit 5",
    "Full house": "three doubles, and the two other tiles share a number",
    "Straight fours": "a run in suit 4",
    "Straight threes": "a run in suit 3 (option low_runs='straight')",
    "Straight twos": "a run in suit 2 (option low_runs='straight')",
    "Straight ones": "a run in suit 1 (option low_runs='straight')",
    "Three of a kind": "three doubles (not a full house)",
    "Flush": "five tiles of one suit that are not a named straight",
    "One pair": "two doubles",
    "High card": "anything else",
}


@bounded_cache(maxsize=8)
def category_names(low_runs: str = "flush") -> tuple[str, ...]:
    """Category names weakest first; a name's index is its rank.

    Parameters:
        low_runs: the [Domino Poker rules: errata and options][rules-5-4] option for runs in suits 1, 2 and 3.

    Returns:
        The names, weakest first.

    Examples:
        >>> category_names()[0], category_names()[9]
        ('High card', 'Royal')
        >>> len(category_names("straight"))
        13
    """
    if low_runs == "straight":
        return _BASE[:4] + LOW_STRAIGHTS + _BASE[4:]
    return _BASE
