"""Parsing and naming of Dice Poker dice, cards and values ([Dice Poker rules: values][rules-2-2]).

Values run 1 to 14: dice give 1-6 alone and up to 14 combined; cards are 2-10,
J = 11, Q = 12, K = 13, A = 14. Suits never matter for ranking, so a card may be
given by its rank alone (``"K"``) or with a suit (``"KS"``, ``"K♠"``, ``"10h"``);
suits only serve to catch the same card given twice.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from ...errors import InputError, InputTypeError, shorten
from ...validation import check_arguments, check_count, is_whole_number

__all__ = [
    "CARD_RANKS",
    "SUITS",
    "Card",
    "check_card_supply",
    "format_hand",
    "format_values",
    "parse_cards",
    "parse_hand",
    "parse_dice",
    "value_name",
]

#: Card ranks as values, lowest first.
CARD_RANKS: tuple[int, ...] = tuple(range(2, 15))
#: Suit letters; the symbols ♠♥♦♣ are accepted as aliases.
SUITS = ("S", "H", "D", "C")
_SUIT_ALIASES = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}
_RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_PARSE = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10}
_CARD_RE = re.compile(r"^(10|[2-9]|[TJQKA])([SHDC])?$")
_CARDS_ALLOWED = "ranks 2-10, J, Q, K, A (T for 10), optionally with a suit S, H, D, C or ♠♥♦♣, e.g. K, KS, 10♥"


@check_arguments
def value_name(value: int) -> str:
    """The usual name of a hand value: 1-10 as digits, 11-14 as J, Q, K, A.

    Parameters:
        value: a hand value, 1 to 14.

    Returns:
        The name.

    Examples:
        >>> [value_name(v) for v in (1, 10, 11, 14)]
        ['1', '10', 'J', 'A']
    """
    return _RANK_NAMES.get(value, str(value))


@check_arguments
def format_values(values: Iterable[int]) -> str:
    """Values as a short string, e.g. ``"A 9 5 1"``.

    Parameters:
        values: the hand values.

    Returns:
        The text.

    Examples:
        >>> format_values((14, 9, 5, 1))
        'A 9 5 1'
    """
    return " ".join(value_name(v) for v in values)


@dataclass(frozen=True, order=True)
class Card:
    """A card: its rank as a value 2-14 and, if given, its suit (``None`` = suit unknown).

    Examples:
        >>> Card.parse("q♥")
        Card(rank=12, suit='H')
        >>> str(Card(rank=10, suit=None))
        '10'
    """

    rank: int
    suit: str | None = None

    def __post_init__(self) -> None:
        check_count(self.rank, "card rank", low=2, high=14, hint="J=11, Q=12, K=13, A=14")
        if self.suit is not None and self.suit not in SUITS:
            raise InputError(f"card suit must be one of {list(SUITS)} or None, got {self.suit!r}")

    @classmethod
    def parse(cls, token: str | int | Card) -> Card:
        """Parse ``"K"``, ``"KS"``, ``"K♠"``, ``"10h"``, ``"T"`` or an int 2-14."""
        if isinstance(token, Card):
            return token
        if isinstance(token, bool):
            raise InputTypeError(f"a card must be a string like 'K' or 'KS' or an int 2-14, not {shorten(token)}")
        if isinstance(token, int):
            return cls(rank=token)
        if not isinstance(token, str):
            raise InputTypeError(f"a card must be a string like 'K' or 'KS' or an int 2-14, got {type(token).__name__}")
        text = token.strip().upper()
        for alias, suit in _SUIT_ALIASES.items():
            text = text.replace(alias, suit)
        m = _CARD_RE.match(text)
        if not m:
            raise InputError(f"unknown card {shorten(token)}; allowed: {_CARDS_ALLOWED}")
        rank_text, suit = m.group(1), m.group(2)
        rank = _RANK_PARSE.get(rank_text) or int(rank_text)
        return cls(rank=rank, suit=suit)

    def __str__(self) -> str:
        return value_name(self.rank) + (self.suit or "")


@check_arguments
def parse_dice(dice: str | Sequence[int], *, what: str = "dice") -> tuple[int, ...]:
    """Parse three dice, ``"6,5,3"``, ``"6 5 3"``, ``"653"`` or ``(6, 5, 3)``, keeping their order.

    Parameters:
        dice: the dice in any of these forms.
        what: what the dice are, for messages.

    Returns:
        The three faces.

    Raises:
        ValueError: not exactly three faces from 1 to 6.
        TypeError: a value of another type.

    Examples:
        >>> parse_dice("6,5,3")
        (6, 5, 3)
        >>> parse_dice("6,5")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: dice '6,5' must be exactly three dice with faces 1-6, e.g. 6,5,3; got 2 dice
    """
    allowed = "exactly three dice with faces 1-6, e.g. 6,5,3"
    if isinstance(dice, str):
        text = dice.strip()
        # '-' separates only digits ("6-5-3"): "-1,5,3" keeps its minus sign and is refused.
        parts = [p for p in re.split(r"[\s,;/]+|(?<=[0-9])-(?=[0-9])", text) if p]
        if len(parts) == 1 and re.fullmatch(r"[0-9]{3}", parts[0]):
            parts = list(parts[0])
        faces: list[object] = []
        for p in parts:
            if not re.fullmatch(r"[0-9]{1,3}", p):
                raise InputError(f"{what} {shorten(dice)} must be {allowed}; {shorten(p)} is not a die face")
            faces.append(int(p))
    elif isinstance(dice, Sequence):
        faces = list(dice)
    else:
        raise InputTypeError(f"{what} must be a string like '6,5,3' or a sequence of three ints, got {type(dice).__name__}")
    for f in faces:
        if not is_whole_number(f):
            raise InputError(f"{what} {shorten(dice)} must be {allowed}; {shorten(f)} is not a die face")
        if not 1 <= f <= 6:
            raise InputError(f"{what} {shorten(dice)} must be {allowed}; {f} is outside 1-6")
    if len(faces) != 3:
        raise InputError(f"{what} {shorten(dice)} must be {allowed}; got {len(faces)} dice")
    return tuple(int(f) for f in faces)  # type: ignore[call-overload]


@check_arguments
def parse_cards(cards: str | Iterable[str | int | Card] | None, *, max_cards: int = 3,
                what: str = "cards") -> tuple[Card, ...]:
    """Parse up to ``max_cards`` cards from ``"K,QS"`` / ``"K QS"`` or a list of tokens.

    Parameters:
        cards: the cards (a string like ``"K,QS"`` or a list of tokens / `Card` objects), or ``None`` for none.
        max_cards: the most cards allowed.
        what: what the cards are, for messages.

    Returns:
        The cards.

    Raises:
        ValueError: a bad card, too many cards, a duplicate suited card or more than four of a rank.

    Examples:
        >>> [str(c) for c in parse_cards("K, q♥")]
        ['K', 'QH']
        >>> parse_cards("KS,KS")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: duplicate card KS in cards 'KS,KS'; each card of the deck exists once
    """
    if cards is None:
        return ()
    if isinstance(cards, str):
        tokens: list[str | int | Card] = [t for t in re.split(r"[\s,;]+", cards.strip()) if t]
    else:
        tokens = list(cards)
    parsed = tuple(Card.parse(t) for t in tokens)
    if len(parsed) > max_cards:
        raise InputError(f"{what} {shorten(cards)} holds {len(parsed)} cards; a player has at most {max_cards}")
    check_card_supply(parsed, what=f"{what} {shorten(cards)}")
    return parsed


def check_card_supply(cards: Iterable[Card], *, what: str = "cards") -> None:
    """Reject the same suited card twice or more than four cards of one rank.

    Parameters:
        cards: the cards to check.
        what: what the cards are, for messages.

    Raises:
        ValueError: a suited card twice, or more than four of a rank.
    """
    cards = list(cards)
    suited = Counter(c for c in cards if c.suit is not None)
    for card, n in suited.items():
        if n > 1:
            raise InputError(f"duplicate card {card} in {what}; each card of the deck exists once")
    ranks = Counter(c.rank for c in cards)
    for rank, n in ranks.items():
        if n > 4:
            raise InputError(f"{n} cards of rank {value_name(rank)} in {what}; the deck holds 4 of each rank")


def parse_hand(hand: str, *, what: str = "hand") -> tuple[tuple[int, ...], tuple[Card, ...]]:
    """Parse a hand written ``"DICE | CARDS"``: three dice, then 0 to 3 cards.

    Parameters:
        hand: the text.
        what: what the hand is, for messages.

    Returns:
        ``(dice, cards)``.

    Raises:
        ValueError: for bad dice or cards, or more than one ``|``.

    Examples:
        >>> parse_hand("6,5,3 | A Q 10")
        ((6, 5, 3), (Card(rank=14, suit=None), Card(rank=12, suit=None), Card(rank=10, suit=None)))
        >>> format_hand(*parse_hand("653|KS"))
        '6,5,3 | KS'
    """
    if not isinstance(hand, str):
        raise InputTypeError(f"{what} must be a string like '6,5,3 | A Q 10', got {type(hand).__name__}")
    parts = hand.split("|")
    if len(parts) > 2:
        raise InputError(f"{what} {shorten(hand)} must be 'DICE | CARDS', e.g. '6,5,3 | A Q 10'; it has {len(parts) - 1} '|'")
    dice = parse_dice(parts[0], what=f"the dice of {what} {shorten(hand)}")
    cards = parse_cards(parts[1] if len(parts) == 2 else None, what=f"the cards of {what} {shorten(hand)}")
    return dice, cards


def format_hand(dice: Sequence[int], cards: Iterable[Card] = ()) -> str:
    """Write a hand as ``"DICE | CARDS"`` ([`parse_hand`][dreidelpoker.games.dice_poker.cards.parse_hand] reads it back).

    Parameters:
        dice: the three dice.
        cards: the known cards (none: only the dice are written).

    Returns:
        The text.

    Examples:
        >>> format_hand((6, 5, 3), [Card(14), Card(12, "H")])
        '6,5,3 | A QH'
    """
    text = ",".join(str(d) for d in dice)
    cards = list(cards)
    return f"{text} | {' '.join(str(c) for c in cards)}" if cards else text
