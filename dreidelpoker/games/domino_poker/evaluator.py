"""Domino Poker hand evaluation ([Domino Poker rules: suits and runs][rules-5-2], 5.3): category plus a comparable key.

Greater is stronger. A [`HandValue`][dreidelpoker.games.domino_poker.HandValue] keeps the tiles that made it; its ``key`` is
``(rank, tie-break...)`` with tiles written as ``10 * high + low``, so plain tuple
comparison ranks any two hands under the same rules.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ...caches import bounded_cache
from .categories import CATEGORY_DEFINITIONS, LOW_STRAIGHTS, category_names
from .rules import DominoPokerRules, LowRuns
from .tiles import HAND_SIZE, HandLike, Tile, format_tiles, parse_hand
from ...errors import InputError, InputTypeError
from ...validation import check_arguments, default_rules

__all__ = [
    "CATEGORY_DEFINITIONS",
    "HandValue",
    "category_names",
    "evaluate",
    "run_suit",
    "suit_of",
]

def suit_of(tiles: tuple[Tile, ...]) -> int | None:
    """The number every tile contains (the hand's suit), or None.

    Five distinct tiles share at most one number, so the suit is unique when it exists.

    Parameters:
        tiles: the hand's tiles.

    Returns:
        The suit (1 to 6), or ``None``.

    Examples:
        >>> from dreidelpoker.games.domino_poker import parse_tiles
        >>> suit_of(parse_tiles("6-6,6-5,6-1,6-2,6-3")), suit_of(parse_tiles("6-6,5-4"))
        (6, None)
    """
    for k in range(6, 0, -1):
        if all(t.has(k) for t in tiles):
            return k
    return None


@check_arguments
def run_suit(tiles: tuple[Tile, ...]) -> int | None:
    """The suit k in which the tiles form a run ([Domino Poker rules: suits and runs][rules-5-2]), or None.

    Parameters:
        tiles: the hand's tiles.

    Returns:
        The suit (1 to 6), or ``None`` when the tiles are not a run.

    Examples:
        >>> run_suit(parse_hand("[2-5], [3-5], [4-5], [5-5], [5-6]"))
        5
    """
    k = suit_of(tiles)
    if k is None or not tiles:
        return None
    others = sorted(t.other_end(k) for t in tiles)
    return k if others == list(range(others[0], others[0] + len(tiles))) else None


@functools.total_ordering
@dataclass(frozen=True, eq=False)
class HandValue:
    """A hand's category, rank and comparable key; it keeps its tiles (strongest first).

    Examples:
        >>> v = evaluate("6-6,5-5,2-4,3-1,4-6")
        >>> v.category, v.rank, v.key
        ('One pair', 1, (1, 66, 55, 64, 42, 31))
        >>> v > evaluate("5-5,4-4,6-1,6-2,6-3")
        True
    """

    category: str
    rank: int
    key: tuple[int, ...]
    tiles: tuple[Tile, ...]
    low_runs: LowRuns = "flush"

    def _check(self, other: object) -> HandValue:
        if not isinstance(other, HandValue):
            raise InputTypeError(f"cannot compare a HandValue with {type(other).__name__}")
        if other.low_runs != self.low_runs:
            raise InputError(
                f"cannot compare hands valued under low_runs={self.low_runs!r} and {other.low_runs!r}"
            )
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.key == other.key and self.low_runs == other.low_runs

    def __hash__(self) -> int:
        return hash((self.key, self.low_runs))

    def __lt__(self, other: object) -> bool:
        return self.key < self._check(other).key

    def __str__(self) -> str:
        return f"{self.category}: {format_tiles(self.tiles)}"

    def __repr__(self) -> str:
        return f"HandValue({self.category!r}, {format_tiles(self.tiles)!r})"


def _codes(tiles: tuple[Tile, ...] | list[Tile]) -> tuple[int, ...]:
    return tuple(t.code for t in sorted(tiles, reverse=True))


def evaluate(hand: HandLike, *, rules: DominoPokerRules | None = None) -> HandValue:
    """Value a five-tile hand under ``rules`` (default [Domino Poker rules][rules-5]).

    Tie-breaks ([Domino Poker rules: categories][rules-5-3]): one pair by higher double, other double, other tiles;
    flush by suit then tiles; high card: a double beats no double, higher double first,
    then the other tiles; every other category by all tiles sorted by (higher end,
    lower end), highest first. Two hands dealt together never tie: they hold different
    tiles.

    Parameters:
        hand: five tiles (a string like ``"6-6,5-5,2-4,3-1,4-6"`` or tiles).
        rules: the rules (default [Domino Poker rules][rules-5]).

    Returns:
        The [`HandValue`][dreidelpoker.games.domino_poker.HandValue] (category and comparable key).

    Examples:
        >>> evaluate("[2-6], [3-6], [4-6], [5-6], [6-6]").category
        'Straight sixes'
        >>> evaluate("[1-2], [1-3], [1-4], [1-5], [1-6]").category
        'Flush'
        >>> evaluate("[1-2], [1-3], [1-4], [1-5], [1-6]", rules=DominoPokerRules(low_runs="straight")).category
        'Straight ones'
    """
    rules = default_rules(rules, DominoPokerRules)
    tiles = parse_hand(hand)
    return evaluate_tiles(tiles, rules.low_runs)


@bounded_cache(maxsize=65_536)
def evaluate_tiles(tiles: tuple[Tile, ...], low_runs: LowRuns) -> HandValue:
    """The value of five parsed tiles (no checks: the engines' inner loop; users call [`evaluate`][dreidelpoker.games.domino_poker.evaluate]).

    Parameters:
        tiles: five parsed tiles.
        low_runs: how low runs count (``DominoPokerRules.low_runs``).

    Returns:
        The [`HandValue`][dreidelpoker.games.domino_poker.HandValue].
    """
    assert len(tiles) == HAND_SIZE
    names = category_names(low_runs)
    doubles = [t for t in tiles if t.is_double]
    singles = [t for t in tiles if not t.is_double]
    nd = len(doubles)
    run = run_suit(tiles)
    suit = suit_of(tiles)
    everything = _codes(tiles)

    def value(name: str, *tiebreak: int) -> HandValue:
        rank = names.index(name)
        return HandValue(name, rank, (rank, *tiebreak), tiles, low_runs)

    if nd == 5:
        return value("Royal", *everything)
    if run == 6:
        return value("Straight sixes", *everything)
    if nd == 4:
        return value("Four of a kind", *everything)
    if run == 5:
        return value("Straight fives", *everything)
    if nd == 3 and singles[0].has(singles[1].high) or nd == 3 and singles[0].has(singles[1].low):
        return value("Full house", *everything)
    if run == 4:
        return value("Straight fours", *everything)
    if run is not None and low_runs == "straight":
        return value(LOW_STRAIGHTS[run - 1], *everything)
    if nd == 3:
        return value("Three of a kind", *everything)
    if suit is not None and not (run is not None and low_runs == "high-card"):
        return value("Flush", suit, *everything)
    if nd == 2:
        return value("One pair", *_codes(doubles), *_codes(singles))
    if nd == 1:
        return value("High card", 1, doubles[0].code, *_codes(singles))
    return value("High card", 0, 0, *everything)
