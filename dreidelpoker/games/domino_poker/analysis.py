"""Domino Poker's side of the game protocol ([`AnalysisGame`][dreidelpoker.games.protocol.AnalysisGame]).

A hand is five tiles, strongest first. What is known is a [`DominoDeal`][dreidelpoker.games.domino_poker.equity.DominoDeal]:
each player's known tiles and the unseen pool; every completion from the pool is
equally likely (weight 1). The fast exact path is the vectorised mask enumeration of
[`equity`][dreidelpoker.games.domino_poker.equity] (measured ~20x faster than the generic enumeration heads-up).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import numpy as np

from ...equity import EquityResult
from ..protocol import AnalysisBase
from .equity import DominoDeal, describe_deal, exact_equity_of, setup_deal
from .evaluator import evaluate_tiles
from .rules import DominoPokerRules
from .tiles import HAND_SIZE, MAX_PLAYERS, Tile, format_hand, parse_hand

__all__ = ["DOMINO_POKER", "DominoPokerAnalysis"]

Hand = tuple[Tile, ...]


def _hand(tiles: Sequence[Tile]) -> Hand:
    return tuple(sorted(tiles, reverse=True))


class DominoPokerAnalysis(AnalysisBase[DominoPokerRules]):
    """Domino Poker as an analysis game.

    Examples:
        >>> g, rules = DOMINO_POKER, DominoPokerRules()
        >>> hands = [g.parse_hand(h, rules=rules) for h in ("2-2,3-3,4-4,5-5,6-6", "6-1,6-2,6-3,6-4,6-5")]
        >>> g.showdown(hands, rules=rules)
        [0]
    """

    rules_class = DominoPokerRules
    max_players = MAX_PLAYERS
    example_hands: tuple[str, ...] = ("6-6,5-5,2-4,3-1,4-6", "2-2,3-3,4-4,5-5,6-6", "1-2,1-3,1-4,1-5,1-6",
                                      "2-1,3-2,4-3,5-4,6-5")
    example_known: tuple[str, ...] = ("6-6,5-5,2-4,3-1,4-6", "1-2,1-3,1-4,1-5,1-6")

    def parse_hand(self, text: str, *, rules: DominoPokerRules) -> Hand:
        return parse_hand(text)

    def format_hand(self, hand: Hand, *, rules: DominoPokerRules) -> str:
        return format_hand(hand)

    def showdown(self, hands: Sequence[Hand], *, rules: DominoPokerRules) -> list[int]:
        values = [evaluate_tiles(_hand(h), rules.low_runs) for h in hands]
        best = max(values)
        return [i for i, v in enumerate(values) if v == best]

    def known(self, hand: str, *, opponents: int, rules: DominoPokerRules) -> DominoDeal:
        """``hand`` holds 0 to 5 of the hero's tiles; the opponents' tiles are unknown."""
        return setup_deal(hand if hand.strip() else None, opponents, rules=rules)

    def describe(self, known: DominoDeal, *, rules: DominoPokerRules) -> str:
        return describe_deal(known)

    def deals(self, known: DominoDeal, *, rules: DominoPokerRules) -> Iterator[tuple[tuple[Hand, ...], int]]:
        yield from self._complete(known.known, known.pool, ())

    def _complete(self, todo: tuple[tuple[Tile, ...], ...], pool: tuple[Tile, ...],
                  done: tuple[Hand, ...]) -> Iterator[tuple[tuple[Hand, ...], int]]:
        if not todo:
            yield done, 1
            return
        have, rest = todo[0], todo[1:]
        for extra in itertools.combinations(pool, HAND_SIZE - len(have)):
            left = tuple(t for t in pool if t not in extra)
            yield from self._complete(rest, left, (*done, _hand(have + extra)))

    def sample_deal(self, known: DominoDeal, *, rules: DominoPokerRules, rng: np.random.Generator) -> tuple[Hand, ...]:
        order = rng.permutation(len(known.pool))
        pool = [known.pool[int(i)] for i in order]
        hands, pos = [], 0
        for have in known.known:
            need = HAND_SIZE - len(have)
            hands.append(_hand(have + tuple(pool[pos:pos + need])))
            pos += need
        return tuple(hands)

    def fast_exact_equity(self, known: DominoDeal, *, rules: DominoPokerRules) -> EquityResult:
        return exact_equity_of(known, rules=rules)



#: The registered instance.
DOMINO_POKER = DominoPokerAnalysis()
