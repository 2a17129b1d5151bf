"""Dice Poker's side of the game protocol ([`AnalysisGame`][dreidelpoker.games.protocol.AnalysisGame]).

A hand is ``(dice, ranks)``: the three dice and the three card ranks, each sorted
high to low (suits never matter). What is known is a [`DiceKnown`][dreidelpoker.games.dice_poker.equity.DiceKnown].
Deal classes are rank multisets weighted by their suit choices (and dice multisets by
their orders for an opponent who has not rolled); the fast paths are the vectorised
engines of [`equity`][dreidelpoker.games.dice_poker.equity] (measured ~50x faster than the generic enumeration heads-up).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import numpy as np

from ...equity import EquityResult
from ...montecarlo import MonteCarloEstimate
from ..protocol import AnalysisBase
from .cards import CARD_RANKS, Card, format_hand, parse_hand
from .equity import DiceKnown, dice_known, exact_equity_of, monte_carlo_equity_of
from .rules import MAX_PLAYERS, DicePokerRules
from .space import DICE_MULTISETS, RANK_TRIPLES, dice_orderings, keys_for_dice, rank_multisets
from ...errors import InputError
from ...validation import check_count

__all__ = ["DICE_POKER", "DiceHandClass", "DicePokerAnalysis"]

#: A complete hand: dice and card ranks, each sorted high to low.
DiceHandClass = tuple[tuple[int, ...], tuple[int, ...]]
_TRIPLE_INDEX = {t: i for i, t in enumerate(RANK_TRIPLES)}
_RANK_INDEX = {r: i for i, r in enumerate(CARD_RANKS)}


def _desc(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(values, reverse=True))


def _weight(left: list[int], ranks: Sequence[int]) -> int:
    w = 1
    for r in set(ranks):
        w *= math.comb(left[_RANK_INDEX[r]], ranks.count(r))
    return w


def _take(left: list[int], ranks: Sequence[int]) -> list[int]:
    out = list(left)
    for r in ranks:
        out[_RANK_INDEX[r]] -= 1
    return out


class DicePokerAnalysis(AnalysisBase[DicePokerRules]):
    """Dice Poker as an analysis game.

    Examples:
        >>> g, rules = DICE_POKER, DicePokerRules()
        >>> hands = [g.parse_hand(h, rules=rules) for h in ("6,5,3 | A Q 10", "2,2,1 | K K 2")]
        >>> g.showdown(hands, rules=rules)
        [1]
    """

    rules_class = DicePokerRules
    max_players = MAX_PLAYERS
    example_hands: tuple[str, ...] = ("6,5,3 | A Q 10", "2,2,1 | K K 2", "4,4,2 | 4 4 2", "6,6,6 | A A A")
    example_known: tuple[str, ...] = ("6,5,3 | A Q 10", "4,4,2 | K K 2")

    def parse_hand(self, text: str, *, rules: DicePokerRules) -> DiceHandClass:
        dice, cards = parse_hand(text)
        if len(cards) != 3:
            raise InputError(f"a complete Dice Poker hand has 3 cards, got {len(cards)} in {text!r}")
        return _desc(dice), _desc([c.rank for c in cards])

    def format_hand(self, hand: DiceHandClass, *, rules: DicePokerRules) -> str:
        return format_hand(hand[0], [Card(r) for r in hand[1]])

    def showdown(self, hands: Sequence[DiceHandClass], *, rules: DicePokerRules) -> list[int]:
        opts = rules.ranking_options
        keys = [keys_for_dice(_desc(d), opts)[_TRIPLE_INDEX[_desc(r)]] for d, r in hands]
        best = max(keys)
        return [i for i, k in enumerate(keys) if k == best]

    def known(self, hand: str, *, opponents: int, rules: DicePokerRules) -> DiceKnown:
        """``hand`` is ``"DICE | CARDS"`` with 0-3 cards; the opponents have not rolled yet."""
        check_count(opponents, "opponents", low=1, high=MAX_PLAYERS - 1)
        if not hand.strip():
            raise InputError("hand must give at least the hero's dice, e.g. '6,5,3' or '6,5,3 | K'")
        dice, cards = parse_hand(hand)
        return dice_known(dice, cards, opponent_dice=[None] * opponents)

    def describe(self, known: DiceKnown, *, rules: DicePokerRules) -> str:
        return known.describe()

    def deals(self, known: DiceKnown, *, rules: DicePokerRules) -> Iterator[tuple[tuple[DiceHandClass, ...], int]]:
        left = [int(x) for x in known.left()]
        hero_ranks = [c.rank for c in known.cards]
        for extra in rank_multisets(3 - len(hero_ranks)) if len(hero_ranks) < 3 else ((),):
            w = _weight(left, extra)
            if w:
                hero = (_desc(known.dice), _desc(hero_ranks + list(extra)))
                yield from self._opponents(known.opponent_dice, _take(left, extra), (hero,), w)

    def _opponents(self, rolls: Sequence[tuple[int, ...] | None], left: list[int],
                   hands: tuple[DiceHandClass, ...], weight: int) -> Iterator[tuple[tuple[DiceHandClass, ...], int]]:
        if not rolls:
            yield hands, weight
            return
        roll, rest = rolls[0], rolls[1:]
        dice_classes = [(_desc(roll), 1)] if roll is not None else [(d, dice_orderings(d)) for d in DICE_MULTISETS]
        for triple in RANK_TRIPLES:
            w = _weight(left, triple)
            if w:
                after = _take(left, triple)
                for dice, dw in dice_classes:
                    yield from self._opponents(rest, after, (*hands, (dice, triple)), weight * w * dw)

    def sample_deal(self, known: DiceKnown, *, rules: DicePokerRules,
                    rng: np.random.Generator) -> tuple[DiceHandClass, ...]:
        deck = np.repeat(np.array(CARD_RANKS), known.left())
        u = 3 - len(known.cards)
        cards = [int(x) for x in rng.permutation(deck)[:u + 3 * len(known.opponent_dice)]]
        hands = [(_desc(known.dice), _desc([c.rank for c in known.cards] + cards[:u]))]
        for j, roll in enumerate(known.opponent_dice):
            dice = roll if roll is not None else tuple(int(x) for x in rng.integers(1, 7, size=3))
            hands.append((_desc(dice), _desc(cards[u + 3 * j:u + 3 * j + 3])))
        return tuple(hands)

    def fast_exact_equity(self, known: DiceKnown, *, rules: DicePokerRules) -> EquityResult:
        return exact_equity_of(known, rules=rules)

    def fast_monte_carlo_equity(self, known: DiceKnown, *, rules: DicePokerRules, samples: int, seed: int,
                                confidence: float) -> MonteCarloEstimate:
        return monte_carlo_equity_of(known, rules=rules, samples=samples, seed=seed, confidence=confidence)


#: The registered instance.
DICE_POKER = DicePokerAnalysis()
