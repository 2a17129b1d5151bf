"""Domino Poker's rules object ([Domino Poker rules][rules-5]): one frozen, keyword-only dataclass.

Defaults are [Domino Poker rules: play][rules-5-1] and 5.4; every documented alternative is a named option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, get_args

from .categories import category_names
from .tiles import DOUBLES, HAND_SIZE, MAX_PLAYERS, TILES, Tile
from ...errors import InputError
from ...validation import check_count, check_field_types, check_literal_fields, is_whole_number
from ..._lazy import LazyClassValue

if TYPE_CHECKING:
    from ...search_space import SearchSpace

__all__ = ["BETTING_OPTIONS", "LOW_RUN_OPTIONS", "MAX_SESSION_HANDS", "Betting", "DominoPokerRules", "LowRuns"]

LowRuns = Literal["flush", "straight", "high-card"]
#: the Domino Poker rules: errata and options: how a run in suit 1, 2 or 3 ranks (the source does not say).
LOW_RUN_OPTIONS: tuple[str, ...] = ("flush", "straight", "high-card")
Betting = Literal["limit", "no-limit"]
#: the Domino Poker rules: play: "limits are agreed beforehand": bets between ``min_bet`` and ``max_bet``
#: (fixed-limit when they are equal, the default), or no limit but the stack.
BETTING_OPTIONS: tuple[str, ...] = ("limit", "no-limit")
#: The most hands one session (one game on the engine) may hold.
MAX_SESSION_HANDS = 1_000_000


def _check_int(name: str, value: object, *, low: int) -> None:
    check_count(value, name, low=low, high=None)


def _search_space() -> SearchSpace:
    """`DominoPokerRules.search_space`, imported and made when a search first reads it (a simulation never does)."""
    from ...search_space import Choice, IntRange, SearchSpace

    return SearchSpace((
    IntRange("ante", 1, 3),
    IntRange("max_bet", 1, 4),
    Choice("max_raises", (1, 2, 3, 4)),
    Choice("low_runs", get_args(LowRuns)),
    Choice("betting", get_args(Betting)),
    IntRange("stack", 10, 40, step=5),
    ))


@dataclass(frozen=True, kw_only=True)
class DominoPokerRules:
    """Domino Poker ([Domino Poker rules][rules-5]). Defaults follow [Domino Poker rules][rules-5].

    Attributes:
        players: 2 to 4 (20 tiles deal at most four hands of five).
        ante: what each player puts in before the deal.
        min_bet: the agreed smallest bet and raise; equal to ``max_bet`` (as by default)
            makes the game fixed-limit.
        max_bet: the agreed largest bet and raise (at least ``min_bet``).
        max_raises: raises allowed in the single betting round (``None`` for no cap).
        low_runs: how a run in suit 1, 2 or 3 ranks ([Domino Poker rules: errata and options][rules-5-4]): ``"flush"``,
            ``"straight"`` (three new categories Straight threes, twos and ones, just below
            Straight fours) or ``"high-card"`` (neither straight nor flush).
        betting: ``"limit"`` (every bet and raise from ``min_bet`` to ``max_bet``) or
            ``"no-limit"`` (any bet or raise from ``min_bet`` up to what the stack allows; a
            raise at least as large as the bet or raise before it, or all-in).
        stack: table stakes: the most chips one player may put into one hand beyond the
            ante (every player starts each hand with the same stack, so nobody is ever
            short of a call and there are no side pots). With the defaults it never binds.
        session_hands: hands in one session, i.e. in one game played by the whole-game
            engine (the deal rotates one seat each hand, so the eldest hand changes).

    Examples:
        >>> DominoPokerRules().players
        2
        >>> DominoPokerRules(low_runs="straight").categories[3:8]
        ('Three of a kind', 'Straight ones', 'Straight twos', 'Straight threes', 'Straight fours')
        >>> DominoPokerRules(players=5)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: players must be 2, 3 or 4 (20 tiles deal at most 4 hands of 5), got 5
    """

    players: int = 2
    ante: int = 1
    min_bet: int = 1
    max_bet: int = 1
    max_raises: int | None = 3
    low_runs: LowRuns = "flush"
    betting: Betting = "limit"
    stack: int = 20
    session_hands: int = 1
    #: What the variant search ([`search`][dreidelpoker.play.search]) may vary, and how far
    #: (a [`SearchSpace`][dreidelpoker.search_space.SearchSpace], made on first read).
    search_space = LazyClassValue(_search_space)

    def __post_init__(self) -> None:
        check_field_types(self)
        if not is_whole_number(self.players) or not 2 <= self.players <= MAX_PLAYERS:
            raise InputError(
                f"players must be 2, 3 or 4 ({len(TILES)} tiles deal at most "
                f"{MAX_PLAYERS} hands of {HAND_SIZE}), got {self.players!r}"
            )
        _check_int("ante", self.ante, low=0)
        _check_int("min_bet", self.min_bet, low=1)
        _check_int("max_bet", self.max_bet, low=1)
        if self.max_bet < self.min_bet:
            raise InputError(f"max_bet ({self.max_bet}) must be >= min_bet ({self.min_bet})")
        if self.max_raises is not None:
            _check_int("max_raises", self.max_raises, low=0)
        check_literal_fields(self)
        _check_int("stack", self.stack, low=self.min_bet)
        check_count(self.session_hands, "session_hands", low=1, high=MAX_SESSION_HANDS)
        if self.betting == "no-limit" and self.max_bet != self.min_bet:
            raise InputError(f"max_bet ({self.max_bet}) does not apply to no-limit betting (the stack is the limit); "
                             f"leave it equal to min_bet ({self.min_bet})")

    @property
    def fixed_limit(self) -> bool:
        """True when every bet and raise has one agreed size (and the stack never binds)."""
        return self.betting == "limit" and self.min_bet == self.max_bet

    @property
    def largest_commitment(self) -> int:
        """The most one player can put into one hand beyond the ante under these limits."""
        if self.betting == "no-limit":
            return self.stack
        if self.max_raises is None:
            return self.stack
        return min(self.stack, self.max_bet * (self.max_raises + 1))

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The 20 tiles, weakest first."""
        return TILES

    @property
    def doubles(self) -> tuple[Tile, ...]:
        return DOUBLES

    @property
    def categories(self) -> tuple[str, ...]:
        """Category names under these rules, weakest first (the index is the rank)."""
        return category_names(self.low_runs)

    @classmethod
    def options(cls) -> dict[str, DominoPokerRules]:
        """One rules object per [Domino Poker rules: errata and options][rules-5-4] option for runs in suits 1, 2, 3."""
        return {opt: cls(low_runs=opt) for opt in LOW_RUN_OPTIONS}  # type: ignore[arg-type]

    @classmethod
    def presets(cls) -> dict[str, DominoPokerRules]:
        """Named variants: one per [Domino Poker rules: errata and options][rules-5-4] option for runs in suits 1, 2, 3
        (the same as [`options`][dreidelpoker.games.domino_poker.DominoPokerRules.options]).

        Examples:
            >>> sorted(DominoPokerRules.presets()) == sorted(LOW_RUN_OPTIONS)
            True
        """
        return cls.options()
