"""Two Dreidel's side of the game protocol ([`AnalysisGame`][dreidelpoker.games.protocol.AnalysisGame]).

What is known ([`TwoDreidelKnown`][dreidelpoker.games.two_dreidel.odds.analysis.TwoDreidelKnown]) is the hero's hand distribution and one hand
distribution per opponent (each draws from their own deck, so the hands are independent).
The fast exact path collapses the opponents to multisets ([`equity.equity_against`][dreidelpoker.games.two_dreidel.odds.equity.equity_against]);
the generic engine enumerates the ordered deal, which is much slower with many opponents.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ....caches import bounded_cache
from ....equity import EquityResult
from ...protocol import AnalysisBase
from .equity import MAX_OPPONENTS, Weights, equity_against, hand_weights, opponent_hand_lists, opponent_multisets
from .kept_hand import kept_hand_distribution
from ..rulebook.ranking import Hand, format_hand, parse_hand, showdown_winners
from ..rulebook.rules import TwoDreidelRules

__all__ = ["TWO_DREIDEL", "TwoDreidelAnalysis", "TwoDreidelKnown"]


@dataclass(frozen=True)
class TwoDreidelKnown:
    """The hero's hand distribution and each opponent's, as integer weights."""

    hero: tuple[tuple[Hand, int], ...]
    opponents: tuple[tuple[tuple[Hand, int], ...], ...]

    @functools.cached_property
    def samplers(self) -> tuple[tuple[tuple[Hand, ...], list[int]], ...]:
        """Per player (hero first): hands and cumulative weights, built once."""
        return tuple(_sampler(ws) for ws in (self.hero, *self.opponents))

    @functools.cached_property
    def totals(self) -> npt.NDArray[np.int64]:
        """Per player: the total weight (the exclusive upper bound of a uniform draw)."""
        return np.array([c[-1] for _h, c in self.samplers], dtype=np.int64)


def _sampler(weights: Sequence[tuple[Hand, int]]) -> tuple[tuple[Hand, ...], list[int]]:
    """The hands and their cumulative integer weights (for exact inverse-CDF sampling)."""
    return tuple(h for h, _w in weights), list(itertools.accumulate(w for _h, w in weights))




@bounded_cache(maxsize=50_000)
def _winning_type(rules: TwoDreidelRules, types: frozenset[Hand]) -> Hand:
    hands = sorted(types)
    return hands[showdown_winners(hands, rules=rules)[0]]


class TwoDreidelAnalysis(AnalysisBase[TwoDreidelRules]):
    """Two Dreidel as an analysis game: hands are sorted symbol-index pairs.

    Examples:
        >>> g = TWO_DREIDEL
        >>> rules = TwoDreidelRules()
        >>> g.showdown([g.parse_hand("SG", rules=rules), g.parse_hand("SN", rules=rules)], rules=rules)
        [1]
    """

    rules_class = TwoDreidelRules
    max_players = MAX_OPPONENTS + 1
    example_hands: tuple[str, ...] = ("GH", "SG", "SN", "NN", "HH", "NS")
    example_known: tuple[str, ...] = ("GH", "NS", "")

    def parse_hand(self, text: str, *, rules: TwoDreidelRules) -> Hand:
        return parse_hand(text, rules=rules)

    def format_hand(self, hand: Hand, *, rules: TwoDreidelRules) -> str:
        return format_hand(hand, rules=rules)

    def showdown(self, hands: Sequence[Hand], *, rules: TwoDreidelRules) -> list[int]:
        """Every copy of one hand type wins together, and which type wins depends only on the
        set of types present: so the answer is cached per (rules, set of types)."""
        best = _winning_type(rules, frozenset(hands))
        return [i for i, h in enumerate(hands) if h == best]

    def known(self, hand: str, *, opponents: int, rules: TwoDreidelRules) -> TwoDreidelKnown:
        """``hand`` is a whole hand, or ``""`` for a hero kept from a fresh deck (normal-best)."""
        lists = opponent_hand_lists(opponents, "normal-best", rules=rules)
        hero: Weights = (hand_weights(hand, rules=rules) if hand.strip()
                         else hand_weights(kept_hand_distribution(rules), rules=rules))
        return TwoDreidelKnown(tuple(hero), tuple(tuple(ws) for ws in lists))

    def describe(self, known: TwoDreidelKnown, *, rules: TwoDreidelRules) -> str:
        n = len(known.opponents)
        hero = format_hand(known.hero[0][0], rules=rules) if len(known.hero) == 1 else "a fresh-deck hand"
        return f"{hero} against {n} opponent{'s' if n != 1 else ''}, deck {rules.deck_label}"

    def deals(self, known: TwoDreidelKnown, *, rules: TwoDreidelRules) -> Iterator[tuple[tuple[Hand, ...], int]]:
        for combo in itertools.product(known.hero, *known.opponents):
            yield tuple(h for h, _w in combo), math.prod(w for _h, w in combo)

    def sample_deal(self, known: TwoDreidelKnown, *, rules: TwoDreidelRules,
                    rng: np.random.Generator) -> tuple[Hand, ...]:
        # One exact uniform integer per player, in one numpy call, then inverse CDF.
        draws = rng.integers(0, known.totals).tolist()
        return tuple(hands[bisect.bisect_right(cum, x)] for (hands, cum), x in zip(known.samplers, draws))

    def fast_exact_equity(self, known: TwoDreidelKnown, *, rules: TwoDreidelRules) -> EquityResult:
        """Opponents collapsed to multisets of hands: measured ~100x faster than the
        ordered enumeration against 5 opponents."""
        n = len(known.opponents)
        ms = opponent_multisets([list(ws) for ws in known.opponents])
        return equity_against(list(known.hero), ms, opponents=n, description=self.describe(known, rules=rules), rules=rules)



#: The registered instance.
TWO_DREIDEL = TwoDreidelAnalysis()
