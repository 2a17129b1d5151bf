"""Skirmish's rules ([Skirmish rules][rules-3]) as one frozen, keyword-only object, and its card syntax.

The reading, step by step (defaults are [Skirmish rules][rules-3]; the options say what may change):

1. The deck (``deck``, the standard 52 by default: ranks 2..14 four times, Ace = 14 high)
   is shuffled and split evenly: each player's half is their face-down draw pile.
2. A skirmish: each player lays ``line_size`` (5) cards face up (the skirmish line), then
   ``pile_size`` (4) more, all face down but the last, which lies face up on top (the
   skirmish pile). Cards come off the draw pile one by one; a player whose draw pile
   runs out mid-lay shuffles their discard pile into a new draw pile and continues.
3. A player with fewer than ``line_size + pile_size`` cards in all (draw + discard)
   lays ``cards - pile_size`` on the line and ``pile_size`` in the pile (the
   under-9-cards rule as written; a player with no more than ``pile_size`` cards has
   already lost, unless ``lose_at`` is lowered, then they lay all their cards as pile).
4. The higher face-up pile card wins both piles into the winner's discard. A tie
   (``tie="own-pile"``, the default): each player puts their own pile on their own
   discard. ``tie="war"``: compare the next card down, then the next; a pile that ties
   all the way down goes back to its owner.
5. Captures: starting with the pile winner (after a tie, the last player who won a pile;
   player 1 if nobody has yet), players alternate. A player takes one of their line cards
   and a *strictly lower* opponent line card and puts both on their own discard. A
   capture is compulsory; a player who cannot capture passes. The skirmish ends when
   neither player can capture; leftover line cards go to their owners' discards.
6. The game ends when, after a skirmish, a player has ``lose_at`` (default
   ``pile_size``, i.e. 4) or fewer cards: that player loses (both: a draw, possible only
   on tiny decks). Simulations stop at ``skirmish_limit`` skirmishes and report it.

Classic War is ``line_size=0, pile_size=1, lose_at=0``: no captures, one card each.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, get_args

from ..._lazy import LazyClassValue
from ...errors import InputError, InputTypeError, shorten
from ...strict_numbers import parse_integer
from ...validation import check_arguments, check_count, check_field_types, check_literal_fields

if TYPE_CHECKING:
    from ...search_space import SearchSpace

__all__ = [
    "SMALL_DECK", "STANDARD_DECK", "TIE_RULES", "SkirmishRules", "card_name", "check_lines", "format_cards", "parse_cards",
    "parse_rank",
]

#: The standard 52-card deck as ranks: 2..10, J=11, Q=12, K=13, A=14, four of each.
STANDARD_DECK: tuple[int, ...] = tuple(sorted(r for r in range(2, 15) for _ in range(4)))
#: The small deck solved exactly (ranks 1-6, two of each).
SMALL_DECK: tuple[int, ...] = tuple(r for r in range(1, 7) for _ in range(2))
TIE_RULES = ("own-pile", "war")
TieRule = Literal["own-pile", "war"]

_FACE_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_PARSE = {**{str(r): r for r in range(2, 11)}, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
#: The card syntax the CLI and [`parse_cards`][dreidelpoker.games.skirmish.parse_cards] accept.
CARD_SYNTAX = "2-9, 10 or T, J, Q, K, A"


@check_arguments
def card_name(rank: int) -> str:
    """A rank as a person writes it: ``2``..``10``, ``J``, ``Q``, ``K``, ``A`` (other ranks as numbers).

    Parameters:
        rank: the rank (2 to 14 in the standard deck).

    Returns:
        The name.

    Examples:
        >>> card_name(14), card_name(10), card_name(1)
        ('A', '10', '1')
    """
    return _FACE_NAMES.get(rank, str(rank))


@check_arguments
def format_cards(ranks: Iterable[int]) -> str:
    """Ranks as a comma-separated card list, e.g. ``"9,4,4,K,2"``.

    Parameters:
        ranks: the ranks.

    Returns:
        The text.

    Examples:
        >>> format_cards([9, 4, 13])
        '9,4,K'
    """
    return ",".join(card_name(r) for r in ranks)


def parse_rank(text: str) -> int:
    """One card of the standard deck: ``2``..``10``, ``T``, ``J``, ``Q``, ``K``, ``A`` (letters in either case).

    Parameters:
        text: one card.

    Returns:
        The rank (2 to 14).

    Raises:
        ValueError: anything else, naming the bad card and the syntax.

    Examples:
        >>> parse_rank("K"), parse_rank("t"), parse_rank("10")
        (13, 10, 10)
        >>> parse_rank("1")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: card: unknown rank '1'; use 2-9, 10 or T, J, Q, K, A
    """
    key = text.strip().upper()
    if key not in _PARSE:
        raise InputError(f"card: unknown rank {text.strip()!r}; use {CARD_SYNTAX}")
    return _PARSE[key]


@check_arguments
def parse_cards(text: str | Sequence[Any], *, what: str = "cards") -> tuple[int, ...]:
    """A line of cards: ``"9,4,4,K,2"`` (or a sequence of card names or int ranks).

    Parameters:
        text: the cards as text, or a sequence of names or ranks.
        what: the line's name, for messages.

    Returns:
        The ranks, in the order given.

    Raises:
        ValueError: an unknown card, or an empty line.

    Examples:
        >>> parse_cards("9,4,4,K,2")
        (9, 4, 4, 13, 2)
        >>> parse_cards("9,4,X", what="mine")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: mine: unknown rank 'X'; use 2-9, 10 or T, J, Q, K, A
    """
    items: Sequence[Any] = [t for t in text.split(",")] if isinstance(text, str) else text
    out = []
    for item in items:
        if isinstance(item, bool):
            raise InputError(f"{what}: {item!r} is not a card; use {CARD_SYNTAX}")
        if isinstance(item, int):
            out.append(item)
            continue
        try:
            out.append(parse_rank(str(item)))
        except ValueError:
            raise InputError(f"{what}: unknown rank {str(item).strip()!r}; use {CARD_SYNTAX}") from None
    return tuple(out)


def check_lines(mine: Sequence[int], theirs: Sequence[int], deck: Sequence[int] = STANDARD_DECK, *,
                equal: bool = True) -> None:
    """Check two skirmish lines against a deck: known ranks, equal lengths, no more copies than the deck holds.

    Parameters:
        mine: your line (ranks).
        theirs: the other line.
        deck: the deck the lines come from.
        equal: require equally long lines.

    Raises:
        ValueError: naming the offending line, card and what is allowed.

    Examples:
        >>> check_lines((14, 14, 14), (14, 14, 2))
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: lines: 5 copies of A on the two lines; the deck holds 4
    """
    counts = Counter(deck)
    for name, line in (("mine", mine), ("theirs", theirs)):
        for r in line:
            if r not in counts:
                raise InputError(f"{name}: rank {card_name(r)} is not in the deck (ranks: "
                                 f"{format_cards(sorted(counts))})")
    if equal and len(mine) != len(theirs):
        raise InputError(f"lines: the lines must be equally long, got {len(mine)} (mine) and {len(theirs)} (theirs)")
    both = Counter(mine) + Counter(theirs)
    for r, n in sorted(both.items()):
        if n > counts[r]:
            raise InputError(f"lines: {n} copies of {card_name(r)} on the two lines; the deck holds {counts[r]}")


def _int_field(name: str, value: Any, low: int, high: int | None = None) -> int:
    return check_count(value, name, low=low, high=high)


def _search_space() -> SearchSpace:
    """`SkirmishRules.search_space`, imported and made when a search first reads it (a simulation never does)."""
    from ...search_space import Choice, IntRange, SearchSpace

    return SearchSpace((
    Choice("tie", get_args(TieRule)),
    IntRange("line_size", 0, 7),
    IntRange("pile_size", 1, 6),
    ))


@dataclass(frozen=True, kw_only=True)
class SkirmishRules:
    """Skirmish. Defaults are [Skirmish rules][rules-3] (see the module docstring for the reading).

    Attributes:
        tie: ``"own-pile"`` (each keeps their own pile) or ``"war"`` (compare the next card down).
        line_size: cards on a skirmish line (0 makes classic War: no captures).
        pile_size: cards in a skirmish pile, the last one face up (at least 1).
        deck: the deck as ranks (any multiset of positive integers; a mapping rank -> copies
            is accepted too), split evenly between the players; an even number of cards.
        lose_at: a player with this many cards or fewer after a skirmish loses (``None``:
            ``pile_size``, [Skirmish rules][rules-3] "4 or fewer").
        skirmish_limit: simulations stop a game after this many skirmishes (reported as cut short).

    Examples:
        >>> SkirmishRules().label
        'Skirmish: 52 cards, line 5, pile 4, tie own-pile'
        >>> SkirmishRules(skirmish_limit=0)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: skirmish_limit must be an integer >= 1, got 0
        >>> SkirmishRules(tie="next")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: tie must be one of 'own-pile', 'war'; got 'next'
    """

    tie: TieRule = "own-pile"
    line_size: int = 5
    pile_size: int = 4
    deck: tuple[int, ...] = field(default=STANDARD_DECK, metadata={"cli": {
        "parse": lambda text: parse_deck(text), "metavar": "standard|LOW-HIGHxN|R,R,...", "example": "2-14x2",
        "show": lambda deck: "standard (52 cards)" if deck == STANDARD_DECK else _deck_label(deck)}})
    lose_at: int | None = None
    skirmish_limit: int = 10_000
    #: What the variant search ([`search`][dreidelpoker.play.search]) may vary, and how far
    #: (a [`SearchSpace`][dreidelpoker.search_space.SearchSpace], made on first read).
    search_space = LazyClassValue(_search_space)

    def __post_init__(self) -> None:
        check_field_types(self)
        check_literal_fields(self)
        _int_field("line_size", self.line_size, 0, 50)
        _int_field("pile_size", self.pile_size, 1, 50)
        _int_field("skirmish_limit", self.skirmish_limit, 1)
        deck: Any = self.deck
        if isinstance(deck, Mapping):
            deck = [r for r, n in deck.items() for _ in range(_int_field(f"deck count of rank {r!r}", n, 0))]
        if isinstance(deck, (str, bytes)) or not isinstance(deck, Iterable):
            raise InputError(f"deck must be a sequence of integer ranks or a mapping rank -> copies, got {deck!r}")
        ranks = tuple(deck)
        for r in ranks:
            check_count(r, "deck: ranks", low=1, high=99)
        if len(ranks) % 2 or len(ranks) < 2:
            raise InputError(f"deck must hold an even number of cards (at least 2), got {len(ranks)}")
        object.__setattr__(self, "deck", tuple(sorted(ranks)))
        lose_at = self.pile_size if self.lose_at is None else _int_field("lose_at", self.lose_at, 0, self.pile_size)
        if len(ranks) // 2 <= lose_at:
            raise InputError(f"deck: each player's half ({len(ranks) // 2} cards) must be more than "
                             f"lose_at ({lose_at}) cards, or the game is over before it starts")

    @classmethod
    def presets(cls) -> dict[str, SkirmishRules]:
        """Named variants: [Skirmish rules][rules-3], the War-style tie, the small exact deck and classic War.

        Examples:
            >>> SkirmishRules.presets()["small-exact"].label
            'Skirmish: deck 1-6 x2, line 2, pile 2, tie own-pile'
        """
        return {
            "rules-md": cls(),
            "war-ties": cls(tie="war"),
            "small-exact": cls(deck=SMALL_DECK, line_size=2, pile_size=2),
            "classic-war": cls(line_size=0, pile_size=1, lose_at=0),
        }

    @property
    def losing_cards(self) -> int:
        """A player with this many cards or fewer after a skirmish has lost."""
        return self.pile_size if self.lose_at is None else self.lose_at

    @property
    def half(self) -> int:
        """Each player's starting cards."""
        return len(self.deck) // 2

    @property
    def is_standard_deck(self) -> bool:
        return self.deck == STANDARD_DECK

    def lay_sizes(self, cards: int) -> tuple[int, int]:
        """``(line, pile)`` cards laid by a player holding ``cards`` cards in all (the under-9 rule).

        Examples:
            >>> SkirmishRules().lay_sizes(26), SkirmishRules().lay_sizes(7)
            ((5, 4), (3, 4))
        """
        if cards >= self.line_size + self.pile_size:
            return self.line_size, self.pile_size
        return max(0, cards - self.pile_size), min(self.pile_size, cards)

    @property
    def label(self) -> str:
        """A one-line description of the variant."""
        deck = f"{len(self.deck)} cards" if self.is_standard_deck else "deck " + _deck_label(self.deck)
        extra = "" if self.lose_at is None else f", lose at {self.lose_at}"
        return f"Skirmish: {deck}, line {self.line_size}, pile {self.pile_size}, tie {self.tie}{extra}"


def _deck_label(deck: Sequence[int]) -> str:
    c = Counter(deck)
    copies = set(c.values())
    ranks = sorted(c)
    if len(copies) == 1 and ranks == list(range(ranks[0], ranks[-1] + 1)):
        return f"{ranks[0]}-{ranks[-1]} x{copies.pop()}"
    return ",".join(f"{r}x{n}" for r, n in sorted(c.items()))


def parse_deck(text: str) -> tuple[int, ...]:
    """A deck from text: ``standard`` (the 52), ``LOW-HIGHxCOPIES`` (e.g. ``1-6x2``), or ranks ``1,1,2,2,3,3``.

    Parameters:
        text: the deck as text.

    Returns:
        The ranks, sorted.

    Raises:
        ValueError: text in none of these forms.

    Examples:
        >>> parse_deck("1-3x2")
        (1, 1, 2, 2, 3, 3)
        >>> len(parse_deck("standard"))
        52
        >>> parse_deck("1-6")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: deck: expected 'standard', LOW-HIGHxCOPIES like 1-6x2, or ranks like 1,1,2,2; got '1-6'
    """
    if not isinstance(text, str):
        raise InputTypeError(f"deck must be text like 'standard' or '1-6x2', got {type(text).__name__} {shorten(text)}")
    t = text.strip().lower()
    if t in ("standard", "52"):
        return STANDARD_DECK
    err = InputError(f"deck: expected 'standard', LOW-HIGHxCOPIES like 1-6x2, or ranks like 1,1,2,2; got {text!r}")
    try:
        if "x" in t:
            span, copies = t.split("x")
            low, high = (parse_integer(v) for v in span.split("-"))
            n_copies = parse_integer(copies)
            if not 1 <= low <= high <= 99 or n_copies < 1:
                raise err
            return tuple(r for r in range(low, high + 1) for _ in range(n_copies))
        if "," in t:
            return tuple(sorted(parse_integer(v) for v in t.split(",")))
    except ValueError:
        raise err from None
    raise err
