"""Dice Poker hand evaluation ([Dice Poker rules: values][rules-2-2]-2.3): dice partitions, categories and keys.

A hand is three dice and three cards. Each die is used once, alone or summed with one
or both others into one value of at most 14; the hand is the multiset of the resulting
4-6 values, and a player's hand is the best over the (up to) five partitions.

Keys compare with ``<``/``>``; greater is stronger. A key is
``(category, defining, rest)``: the category number 0-14, the defining part (group
values by (count, value) descending; a run's top; for odds or evens (length, top)),
then the remaining values highest first. Python's tuple order makes a hand that runs
out of values first lose, as [Dice Poker rules: categories][rules-2-3] says.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from ...caches import bounded_cache
from .cards import Card, format_values, parse_cards, parse_dice, value_name
from .rules import DicePokerRules
from ...errors import InputError, shorten
from ...validation import check_arguments, default_rules

__all__ = [
    "CATEGORY_NAMES",
    "MAX_VALUE",
    "Category",
    "DiceHand",
    "HandKey",
    "best_key",
    "classify_values",
    "dice_partitions",
    "evaluate",
]

#: A combined die value must be at most this (an Ace).
MAX_VALUE = 14

HandKey = tuple[int, tuple[int, ...], tuple[int, ...]]


class Category(IntEnum):
    """The fifteen categories of [Dice Poker rules: categories][rules-2-3], lowest first (value = rank).

    Examples:
        >>> Category(1).name, Category.ONE_PAIR > Category.HIGH_CARD
        ('ONE_PAIR', True)
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    BOBTAIL = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    THREE_PAIR = 5
    ODDS_OR_EVENS = 6
    FULL_HOUSE = 7
    STRAIGHT = 8
    FOUR_OF_A_KIND = 9
    LONGTOM = 10
    DOUBLE_BARREL = 11
    FIVE_OF_A_KIND = 12
    MAJOR_STRAIGHT = 13
    SIX_OF_A_KIND = 14

    @property
    def label(self) -> str:
        """The category's name as [Dice Poker rules][rules-2] writes it."""
        return CATEGORY_NAMES[self.value]


#: Category names by rank (0 = High card ... 14 = Six of a kind).
CATEGORY_NAMES: tuple[str, ...] = (
    "High card", "One pair", "Bobtail", "Two pair", "Three of a kind", "Three pair",
    "Odds or evens", "Full house", "Straight", "Four of a kind", "Longtom",
    "Double barrel", "Five of a kind", "Major straight", "Six of a kind",
)

# The five ways to use three dice, as groups of die positions.
_PARTITIONS: tuple[tuple[tuple[int, ...], ...], ...] = (
    ((0,), (1,), (2,)),
    ((0, 1), (2,)),
    ((0, 2), (1,)),
    ((1, 2), (0,)),
    ((0, 1, 2),),
)


@check_arguments
def dice_partitions(dice: Sequence[int]) -> list[tuple[tuple[int, ...], ...]]:
    """The legal partitions of three dice as groups of faces (sums of at most 14).

    Parameters:
        dice: the three dice.

    Returns:
        The partitions, each a tuple of groups of faces.

    Raises:
        InputError: anything but three faces from 1 to 6.

    Examples:
        >>> dice_partitions((6, 5, 3))
        [((6,), (5,), (3,)), ((6, 5), (3,)), ((6, 3), (5,)), ((5, 3), (6,)), ((6, 5, 3),)]
        >>> len(dice_partitions((6, 6, 6)))  # 6+6+6 = 18 is no card
        4
    """
    if len(dice) != 3 or not all(type(d) is int and 1 <= d <= 6 for d in dice):
        raise InputError(f"dice must be three faces from 1 to 6, got {shorten(dice)}")
    out = []
    for part in _PARTITIONS:
        groups = tuple(tuple(dice[i] for i in g) for g in part)
        if all(sum(g) <= MAX_VALUE for g in groups):
            out.append(groups)
    return out


def _run_top(present: frozenset[int], length: int, step: int, min_start: int) -> int:
    """Top value of the highest run ``top-step*(length-1) .. top`` inside ``present``, or 0."""
    for top in sorted(present, reverse=True):
        if top - step * (length - 1) < min_start:
            return 0
        if all(top - step * i in present for i in range(1, length)):
            return top
    return 0


def _without(values: tuple[int, ...], removed: Iterable[int]) -> tuple[int, ...]:
    rest = list(values)
    for v in removed:
        rest.remove(v)
    return tuple(rest)


@check_arguments
def classify_values(values: Iterable[int], *, straight_min_start: int = 1, bobtail_min_start: int = 2) -> HandKey:
    """The key ``(category, defining, rest)`` of a multiset of hand values.

    Parameters:
        values: the hand values (cards 2 to 14 and dice values).
        straight_min_start: the lowest value a five- or six-card straight may start at (1 or 2).
        bobtail_min_start: the lowest value a bobtail may start at (1 or 2).

    Returns:
        The key; keys compare greater-is-stronger.

    Examples:
        >>> classify_values([14, 12, 10, 8, 6])  # the source's odds-or-evens example
        (6, (5, 14), ())
        >>> classify_values([9, 9, 7, 5])
        (1, (9,), (7, 5))
    """
    return classify_sorted(tuple(sorted(values, reverse=True)), straight_min_start, bobtail_min_start)


@bounded_cache(maxsize=400_000)
def classify_sorted(vals: tuple[int, ...], smin: int, bmin: int) -> HandKey:
    """[`classify_values`][dreidelpoker.games.dice_poker.evaluator.classify_values] of values already sorted high to low, with the straight and
    bobtail minimum starts by position (the cached kernel every engine calls).

    Examples:
        >>> classify_sorted((14, 12, 10, 8, 6), 1, 2)
        (6, (5, 14), ())
    """
    return _classify(vals, smin, bmin)


def _classify(vals: tuple[int, ...], smin: int, bmin: int) -> HandKey:
    counts: dict[int, int] = {}
    for v in vals:
        counts[v] = counts.get(v, 0) + 1
    n_distinct = len(counts)
    if n_distinct < len(vals):
        groups = sorted(counts.items(), key=_by_count_value, reverse=True)
        c0 = groups[0][1]
        c1 = groups[1][1] if n_distinct > 1 else 0
        c2 = groups[2][1] if n_distinct > 2 else 0
        cat = _GROUP_CATEGORY[(c0, c1, c2)]
    else:
        groups = []
        cat = 0
    # Runs only matter where they beat the group category found.
    if n_distinct >= 4 and cat < 13:
        present = frozenset(counts)
        if n_distinct == 6 and (top := _run_top(present, 6, 1, smin)):
            return (13, (top,), ())
        if cat < 8 and n_distinct >= 5 and (top := _run_top(present, 5, 1, smin)):
            return (8, (top,), _without(vals, range(top, top - 5, -1)))
        if cat < 6 and n_distinct >= 5:
            for length in (6, 5):
                if n_distinct >= length and (top := _run_top(present, length, 2, 1)):
                    return (6, (length, top), _without(vals, range(top, top - 2 * length, -2)))
        if cat < 2 and (top := _run_top(present, 4, 1, bmin)):
            return (2, (top,), _without(vals, range(top, top - 4, -1)))
    if cat == 0:
        return (0, (), vals)
    return (cat, tuple(v for v, c in groups if c >= 2), tuple(v for v in vals if counts[v] == 1))


def _by_count_value(kv: tuple[int, int]) -> tuple[int, int]:
    return (kv[1], kv[0])


# Count patterns (largest three group sizes) -> group category.
_GROUP_CATEGORY: dict[tuple[int, int, int], int] = {
    (6, 0, 0): 14, (5, 1, 0): 12, (5, 0, 0): 12, (3, 3, 0): 11, (4, 2, 0): 10,
    (4, 1, 1): 9, (4, 1, 0): 9, (4, 0, 0): 9, (3, 2, 1): 7, (3, 2, 0): 7,
    (2, 2, 2): 5, (3, 1, 1): 4, (3, 1, 0): 4, (3, 0, 0): 4, (2, 2, 1): 3, (2, 2, 0): 3,
    (2, 1, 1): 1,
}


@check_arguments
def best_key(dice: Sequence[int], ranks: Sequence[int], *, straight_min_start: int = 1,
             bobtail_min_start: int = 2) -> tuple[HandKey, int]:
    """The best key over the dice partitions and the index of the partition that gives it.

    ``ranks`` are the card values (2-14). The index is into `dice_partitions`.

    Parameters:
        dice: the three dice.
        ranks: the three card values (2 to 14).
        straight_min_start: the lowest value a five- or six-card straight may start at (1 or 2).
        bobtail_min_start: the lowest value a bobtail may start at (1 or 2).

    Returns:
        ``(key, partition index)``; keys compare greater-is-stronger.

    Examples:
        >>> best_key((6, 5, 3), (14, 12, 10))  # 5+3 = 8: A Q 10 8 6, partition 3
        ((6, (5, 14), ()), 3)
    """
    best: HandKey | None = None
    best_i = 0
    for i, groups in enumerate(dice_partitions(dice)):
        key = classify_values(
            [sum(g) for g in groups] + list(ranks),
            straight_min_start=straight_min_start, bobtail_min_start=bobtail_min_start,
        )
        if best is None or key > best:
            best, best_i = key, i
    assert best is not None
    return best, best_i


@dataclass(frozen=True)
class DiceHand:
    """An evaluated Dice Poker hand: the dice, the cards, the chosen partition and its key.

    ``partition`` lists the dice groups (a group of two or three dice was combined
    into one card); ``values`` the hand's values, highest first.

    Examples:
        >>> from dreidelpoker.games.dice_poker import evaluate, parse_cards
        >>> hand = evaluate((6, 5, 3), parse_cards("A,Q,10"))
        >>> hand.dice
        (6, 5, 3)
    """

    dice: tuple[int, ...]
    cards: tuple[Card, ...]
    partition: tuple[tuple[int, ...], ...]
    values: tuple[int, ...]
    key: HandKey

    @property
    def category(self) -> Category:
        return Category(self.key[0])

    @property
    def name(self) -> str:
        return CATEGORY_NAMES[self.key[0]]

    @property
    def combined(self) -> tuple[tuple[int, ...], ...]:
        """The dice groups that were summed into one card (empty if all dice stand alone)."""
        return tuple(g for g in self.partition if len(g) > 1)

    def describe_partition(self) -> str:
        """E.g. ``"6+5=J, 3"``."""
        return ", ".join(
            "+".join(str(d) for d in g) + f"={value_name(sum(g))}" if len(g) > 1 else str(g[0])
            for g in self.partition
        )

    def __str__(self) -> str:
        cards = " ".join(str(c) for c in self.cards)
        return f"{self.name}: {format_values(self.values)} (dice {self.describe_partition()}; cards {cards})"

    def __repr__(self) -> str:
        """Readable like Domino Poker's ``HandValue``; the fields stay attributes.

        Examples:
            >>> evaluate("6,5,3", "A,Q,10")
            DiceHand('Odds or evens: A Q 10 8 6 (dice 5+3=8, 6; cards A Q 10)')
        """
        return f"DiceHand({str(self)!r})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "dice": list(self.dice),
            "cards": [str(c) for c in self.cards],
            "partition": [list(g) for g in self.partition],
            "combined": [list(g) for g in self.combined],
            "values": list(self.values),
            "category": self.name,
            "rank": int(self.key[0]),
            "key": [self.key[0], list(self.key[1]), list(self.key[2])],
        }

    def _repr_html_(self) -> str:
        return f"<p><b>{html.escape(self.name)}</b> — {html.escape(str(self))}</p>"

    # Hands order by key (greater is stronger); equal keys tie.
    def __lt__(self, other: DiceHand) -> bool:
        return self.key < other.key

    def __gt__(self, other: DiceHand) -> bool:
        return self.key > other.key

    def __le__(self, other: DiceHand) -> bool:
        return self.key <= other.key

    def __ge__(self, other: DiceHand) -> bool:
        return self.key >= other.key


@check_arguments
def evaluate(
    dice: str | Sequence[int],
    cards: str | Iterable[str | int | Card],
    *,
    rules: DicePokerRules | None = None,
) -> DiceHand:
    """Evaluate three dice and three cards: the best partition, its category and key.

    Parameters:
        dice: the three dice (``"6,5,3"`` or a sequence).
        cards: exactly three cards (a string like ``"K,QS"`` or a list of tokens / `Card` objects).
        rules: the rules (default [Dice Poker rules][rules-2]).

    Returns:
        The [`DiceHand`][dreidelpoker.games.dice_poker.DiceHand]: category, values, key and the partition used.

    Raises:
        ValueError: bad dice, or not exactly three valid cards.

    Examples:
        >>> h = evaluate("6,5,3", "A,Q,10")
        >>> h.name, h.describe_partition(), h.values
        ('Odds or evens', '5+3=8, 6', (14, 12, 10, 8, 6))
        >>> evaluate("6,6,6", "K,Q,J").name
        'Three of a kind'
        >>> evaluate("5,5,5", "AS,AH,AD") > evaluate("6,6,6", "KS,KH,KD")  # double barrels
        True
    """
    rules = default_rules(rules, DicePokerRules)
    d = parse_dice(dice)
    c = parse_cards(cards)
    if len(c) != 3:
        raise InputError(f"a Dice Poker hand has exactly 3 cards, got {len(c)} in {cards!r}")
    key, i = best_key(d, [x.rank for x in c], straight_min_start=rules.straight_min_start,
                      bobtail_min_start=rules.bobtail_min_start)
    part = dice_partitions(d)[i]
    values = tuple(sorted([sum(g) for g in part] + [x.rank for x in c], reverse=True))
    return DiceHand(dice=d, cards=c, partition=part, values=values, key=key)
