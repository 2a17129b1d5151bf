"""The toy's analysis side: the highest card wins (cards are distinct, so no ties)."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Sequence

import numpy as np

from dreidelpoker.errors import InputError
from dreidelpoker.games.protocol import AnalysisBase
from .rules import DuelRules


@dataclasses.dataclass(frozen=True)
class DuelKnown:
    """The hero's card (None = unknown) and the number of opponents."""

    hero: int | None
    opponents: int


class Duel(AnalysisBase[DuelRules]):
    """The toy game's analysis protocol (rules type, presets and "no fast path" from the base)."""

    rules_class = DuelRules

    max_players = 6
    example_hands: tuple[str, ...] = ("1", "6", "3", "5")
    example_known: tuple[str, ...] = ("5", "2", "")

    def parse_hand(self, text: str, *, rules: DuelRules) -> int:
        t = text.strip()
        if not (t.isascii() and t.isdigit()) or not 1 <= int(t) <= rules.deck_size:
            raise InputError(f"hand {text!r} must be one card from 1 to {rules.deck_size}")
        return int(t)

    def format_hand(self, hand: int, *, rules: DuelRules) -> str:
        return str(hand)

    def showdown(self, hands: Sequence[int], *, rules: DuelRules) -> list[int]:
        best = max(hands)
        return [i for i, h in enumerate(hands) if h == best]

    def known(self, hand: str, *, opponents: int, rules: DuelRules) -> DuelKnown:
        if not 1 <= opponents < min(self.max_players, rules.deck_size):
            raise InputError(f"opponents must be from 1 to {min(self.max_players, rules.deck_size) - 1}")
        return DuelKnown(self.parse_hand(hand, rules=rules) if hand.strip() else None, opponents)

    def describe(self, known: DuelKnown, *, rules: DuelRules) -> str:
        return f"card {known.hero or '?'} against {known.opponents} opponent(s)"

    def deals(self, known: DuelKnown, *, rules: DuelRules) -> Iterator[tuple[tuple[int, ...], int]]:
        cards = range(1, rules.deck_size + 1)
        for deal in itertools.permutations(cards, known.opponents + 1):
            if known.hero is None or deal[0] == known.hero:
                yield deal, 1

    def sample_deal(self, known: DuelKnown, *, rules: DuelRules, rng: np.random.Generator) -> tuple[int, ...]:
        rest = [c for c in range(1, rules.deck_size + 1) if c != known.hero]
        drawn = [int(x) for x in rng.permutation(rest)]
        if known.hero is None:
            return tuple(drawn[:known.opponents + 1])
        return (known.hero, *drawn[:known.opponents])


DUEL = Duel()
