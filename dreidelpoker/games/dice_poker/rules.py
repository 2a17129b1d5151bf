"""Dice Poker (Sycarion Diversions): one frozen rules object ([Dice Poker rules: play][rules-2-1] and 2.4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..._lazy import LazyClassValue
from ...validation import check_count, check_field_types, check_flag, check_literal_fields

if TYPE_CHECKING:
    from ...search_space import SearchSpace

__all__ = ["BETTING_STRUCTURES", "DECK_SIZE", "LIMITS", "MAX_PLAYERS", "PLAY_MAX_PLAYERS", "DicePokerRules"]

#: One 52-card deck deals three cards to at most 17 players (the Dice Poker rules: play).
DECK_SIZE = 52
MAX_PLAYERS = 17
#: Whole games are played by 2 to this many (more seats make the betting tree and the bots'
#: equity tables grow with no study asking for them); the hand analyses take up to 17.
PLAY_MAX_PLAYERS = 8
#: When the betting rounds on the cards happen (the Dice Poker rules: play): one round after all three
#: cards, or one after each card.
BETTING_STRUCTURES = ("once", "per-card")
#: How big a bet may be: fixed (``bet``) or pot limit (``bet`` up to the pot).
LIMITS = ("fixed", "pot")


def _check_int(name: str, value: object, low: int, high: int | None = None) -> int:
    return check_count(value, name, low=low, high=high)


def _check_bool(name: str, value: object) -> bool:
    return check_flag(value, name)


def _search_space() -> SearchSpace:
    """`DicePokerRules.search_space`, imported and made when a search first reads it (a simulation never does)."""
    from ...search_space import Choice, IntRange, SearchSpace

    return SearchSpace((
    Choice("betting", ("once", "per-card")),
    Choice("limit", ("fixed", "pot")),
    IntRange("max_raises", 1, 4),
    IntRange("ante", 1, 3),
    IntRange("bet", 1, 3),
    Choice("straights_from_one", (True, False)),
    Choice("bobtail_from_one", (True, False)),
    ))


@dataclass(frozen=True, kw_only=True)
class DicePokerRules:
    """The rules of Dice Poker. Defaults are [Dice Poker rules][rules-2].

    Attributes:
        players: 2 to 17 (one 52-card deck deals three cards to at most 17).
        ante: what each player puts in before the deal (the source sets no stakes).
        bet: the fixed-limit bet and raise size; under pot limit the smallest bet and raise
            (the source sets no stakes).
        betting: ``"once"`` (one betting round after all three cards) or ``"per-card"``
            (one after each card); a round after the dice comes first in both.
        limit: ``"fixed"`` (every bet and raise is ``bet``) or ``"pot"`` (any whole size
            from ``bet`` up to the pot; a raise up to the pot after the call).
        max_raises: raises allowed after the opening bet of each betting round (0 to 10).
        straights_from_one: five- and six-card straights may start at 1 (``1-2-3-4-5``
            counts); off forbids that, as the source does for bobtails.
        bobtail_from_one: a bobtail (four-card straight) may start at 1; off by default, as
            in the source ("does not start with a one").

    Examples:
        >>> DicePokerRules().straight_min_start, DicePokerRules().bobtail_min_start
        (1, 2)
        >>> DicePokerRules(players=18)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: players must be an integer from 2 to 17, got 18
    """

    players: int = 2
    ante: int = 1
    bet: int = 1
    betting: Literal["once", "per-card"] = "once"
    limit: Literal["fixed", "pot"] = "fixed"
    max_raises: int = 3
    straights_from_one: bool = True
    bobtail_from_one: bool = False
    #: What the variant search ([`search`][dreidelpoker.play.search]) may vary, and how far
    #: (a [`SearchSpace`][dreidelpoker.search_space.SearchSpace], made on first read).
    search_space = LazyClassValue(_search_space)

    def __post_init__(self) -> None:
        check_field_types(self)
        _check_int("players", self.players, 2, MAX_PLAYERS)
        _check_int("ante", self.ante, 0)
        _check_int("bet", self.bet, 1)
        check_literal_fields(self)
        _check_int("max_raises", self.max_raises, 0, 10)
        _check_bool("straights_from_one", self.straights_from_one)
        _check_bool("bobtail_from_one", self.bobtail_from_one)

    @property
    def straight_min_start(self) -> int:
        """Lowest value a five- or six-card straight may start at."""
        return 1 if self.straights_from_one else 2

    @property
    def bobtail_min_start(self) -> int:
        """Lowest value a bobtail may start at."""
        return 1 if self.bobtail_from_one else 2

    @property
    def ranking_options(self) -> tuple[int, int]:
        """The options that change hand ranking (a cache key for the evaluator)."""
        return (self.straight_min_start, self.bobtail_min_start)

    @property
    def label(self) -> str:
        """A short description of the non-default ranking options."""
        bits = []
        if not self.straights_from_one:
            bits.append("no straights from 1")
        if self.bobtail_from_one:
            bits.append("bobtails from 1")
        return ", ".join(bits) or "standard rules"

    @classmethod
    def presets(cls) -> dict[str, DicePokerRules]:
        """Named variants: [Dice Poker rules][rules-2] and each documented ranking or betting alternative.

        Examples:
            >>> DicePokerRules.presets()["no-straights-from-1"].label
            'no straights from 1'
        """
        return {
            "rules-md": cls(),
            "no-straights-from-1": cls(straights_from_one=False),
            "bobtails-from-1": cls(bobtail_from_one=True),
            "per-card": cls(betting="per-card"),
            "pot-limit": cls(limit="pot"),
        }
