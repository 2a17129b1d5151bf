"""The toy's rules."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from dreidelpoker.errors import InputError
from dreidelpoker.search_space import IntRange, SearchSpace


@dataclasses.dataclass(frozen=True, kw_only=True)
class DuelRules:
    """The toy's rules.

    Attributes:
        deck_size: distinct cards in the deck, numbered from 1.
    """

    deck_size: int = 6
    #: What ``dreidelpoker design`` may vary.
    search_space: ClassVar[SearchSpace] = SearchSpace((IntRange("deck_size", 2, 20),))

    def __post_init__(self) -> None:
        if isinstance(self.deck_size, bool) or not isinstance(self.deck_size, int) or not 2 <= self.deck_size <= 20:
            raise InputError(f"deck_size must be an integer from 2 to 20, got {self.deck_size!r}")

    @classmethod
    def presets(cls) -> dict[str, DuelRules]:
        return {"six": cls(), "four": cls(deck_size=4)}
