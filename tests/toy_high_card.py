"""A toy game defined only in the tests: high card from a small deck.

Every player gets one card from a deck of ``deck_size`` distinct cards numbered 1 to
``deck_size``; the highest card wins (cards are distinct, so there are no ties). It
implements the analysis protocol and nothing else, so the tests can show that the
generic engines, the CLI and the conformance checks work for a game the library has
never seen (docs/architecture.md, "Adding a game").
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Sequence

import numpy as np

from dreidelpoker.errors import InputError
from dreidelpoker.games.protocol import AnalysisBase
from dreidelpoker.games.registry import GameInfo


@dataclasses.dataclass(frozen=True, kw_only=True)
class HighCardRules:
    """The toy's rules: the number of distinct cards in the deck (RULES: 6)."""

    deck_size: int = 6

    def __post_init__(self) -> None:
        if isinstance(self.deck_size, bool) or not isinstance(self.deck_size, int) or not 2 <= self.deck_size <= 20:
            raise InputError(f"deck_size must be an integer from 2 to 20, got {self.deck_size!r}")

    @classmethod
    def presets(cls) -> dict[str, HighCardRules]:
        return {"six": cls(), "four": cls(deck_size=4)}


@dataclasses.dataclass(frozen=True)
class HighCardKnown:
    """The hero's card (None = unknown) and the number of opponents."""

    hero: int | None
    opponents: int


class HighCard(AnalysisBase[HighCardRules]):
    """The toy game's analysis protocol (rules type, presets and "no fast path" from the base)."""

    rules_class = HighCardRules

    max_players = 6
    example_hands: tuple[str, ...] = ("1", "6", "3", "5")
    example_known: tuple[str, ...] = ("5", "2", "")

    def parse_hand(self, text: str, *, rules: HighCardRules) -> int:
        t = text.strip()
        if not (t.isascii() and t.isdigit()) or not 1 <= int(t) <= rules.deck_size:
            raise InputError(f"hand {text!r} must be one card from 1 to {rules.deck_size}")
        return int(t)

    def format_hand(self, hand: int, *, rules: HighCardRules) -> str:
        return str(hand)

    def showdown(self, hands: Sequence[int], *, rules: HighCardRules) -> list[int]:
        best = max(hands)
        return [i for i, h in enumerate(hands) if h == best]

    def known(self, hand: str, *, opponents: int, rules: HighCardRules) -> HighCardKnown:
        if not 1 <= opponents < min(self.max_players, rules.deck_size):
            raise InputError(f"opponents must be from 1 to {min(self.max_players, rules.deck_size) - 1}")
        return HighCardKnown(self.parse_hand(hand, rules=rules) if hand.strip() else None, opponents)

    def describe(self, known: HighCardKnown, *, rules: HighCardRules) -> str:
        return f"card {known.hero or '?'} against {known.opponents} opponent(s)"

    def deals(self, known: HighCardKnown, *, rules: HighCardRules) -> Iterator[tuple[tuple[int, ...], int]]:
        cards = range(1, rules.deck_size + 1)
        for deal in itertools.permutations(cards, known.opponents + 1):
            if known.hero is None or deal[0] == known.hero:
                yield deal, 1

    def sample_deal(self, known: HighCardKnown, *, rules: HighCardRules, rng: np.random.Generator) -> tuple[int, ...]:
        rest = [c for c in range(1, rules.deck_size + 1) if c != known.hero]
        drawn = [int(x) for x in rng.permutation(rest)]
        if known.hero is None:
            return tuple(drawn[:known.opponents + 1])
        return (known.hero, *drawn[:known.opponents])



TOY = GameInfo(
    name="toy-high-card",
    title="High card (toy)",
    summary="One card each from a six-card deck; the highest card wins.",
    rules_type=HighCardRules,
    analysis=HighCard(),
)
