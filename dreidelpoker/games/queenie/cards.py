"""Cards for Queenie: integers ``suit * ranks + rank - 1`` and hands as bit masks.

Suits are ``C D S H`` (clubs and spades black, diamonds and hearts red; a 2-suit deck
is ``C D``), so a suit's colour is ``suit % 2`` (0 black, 1 red). Ranks run from the Ace
(1, low) to the King (``deck_ranks``); the Queen is ``deck_ranks - 1``. On the full deck
card 0 is the Ace of clubs and card 51 the King of hearts.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...caches import bounded_cache
from ...errors import InputError
from ...validation import check_arguments, check_count

__all__ = [
    "COLOUR_NAMES", "SUIT_NAMES", "card_from_name", "card_name", "cards_of", "colour_of", "hand_text", "mask_of",
    "rank_of", "suit_of",
]

SUIT_NAMES = "CDSH"
COLOUR_NAMES = ("Black", "Red")
_FULL_RANKS = "A23456789TJQK"


def rank_names(ranks: int) -> str:
    """One letter per rank, Ace first; the top two are always Q and K.

    Examples:
        >>> rank_names(13), rank_names(4)
        ('A23456789TJQK', 'A2QK')
    """
    if ranks == 13:
        return _FULL_RANKS
    low = _FULL_RANKS[: ranks - 2] if ranks > 2 else ""
    return low + "QK"


def suit_of(card: int, ranks: int = 13) -> int:
    """The suit index (0..3) of a card.

    Parameters:
        card: the card number.
        ranks: ranks per suit in the deck (13 for a full deck).

    Returns:
        The suit index.
    """
    return card // ranks


def rank_of(card: int, ranks: int = 13) -> int:
    """The rank (1 = Ace .. ``ranks`` = King) of a card.

    Parameters:
        card: the card number.
        ranks: ranks per suit in the deck (13 for a full deck).

    Returns:
        The rank.
    """
    return card % ranks + 1


def colour_of(card: int, ranks: int = 13) -> int:
    """0 for black (clubs, spades), 1 for red (diamonds, hearts).

    Parameters:
        card: the card number.
        ranks: ranks per suit in the deck (13 for a full deck).

    Returns:
        The colour.
    """
    return (card // ranks) % 2


@check_arguments
def card_name(card: int, ranks: int = 13) -> str:
    """Rank letter then suit letter.

    Parameters:
        card: the card number (suit-major: clubs, diamonds, spades, hearts).
        ranks: ranks per suit in the deck (13 for a full deck).

    Returns:
        The name, e.g. ``"QH"``.

    Examples:
        >>> card_name(0), card_name(11), card_name(51), card_name(2, ranks=4)
        ('AC', 'QC', 'KH', 'QC')
    """
    check_count(ranks, "ranks", low=2, high=13)
    check_count(card, "card", low=0, high=ranks * len(SUIT_NAMES) - 1, hint="suit x ranks + rank")
    return rank_names(ranks)[card % ranks] + SUIT_NAMES[card // ranks]


@check_arguments
def card_from_name(name: str, *, ranks: int = 13, suits: int = 4) -> int:
    """Inverse of [`card_name`][dreidelpoker.games.queenie.card_name] (``"10H"`` is accepted for ``"TH"``).

    Parameters:
        name: e.g. ``"QH"`` or ``"10c"``.
        ranks: ranks per suit in the deck (13 for a full deck).
        suits: suits in the deck.

    Returns:
        The card number.

    Raises:
        ValueError: not a card of that deck.

    Examples:
        >>> card_from_name("QH"), card_from_name("10c")
        (50, 9)
    """
    text = name.strip().upper().replace("10", "T")
    names = rank_names(ranks)
    if len(text) != 2 or text[0] not in names or text[1] not in SUIT_NAMES[:suits]:
        raise InputError(
            f"card: {name!r} is not a card; give a rank from {names} then a suit from {SUIT_NAMES[:suits]}, e.g. 'QH'"
        )
    return SUIT_NAMES.index(text[1]) * ranks + names.index(text[0])


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of some cards.

    Parameters:
        cards: the card numbers.

    Returns:
        The mask.
    """
    m = 0
    for c in cards:
        m |= 1 << c
    return m


@bounded_cache(maxsize=1 << 16)
def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of a bit mask, lowest first.

    Parameters:
        mask: bit ``c`` set for card ``c``.

    Returns:
        The cards.

    Examples:
        >>> cards_of(0b1011)
        (0, 1, 3)
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


@check_arguments
def hand_text(cards: Iterable[int], ranks: int = 13, suits: int = 4) -> str:
    """A hand grouped by suit.

    Parameters:
        cards: the card numbers.
        ranks: ranks per suit in the deck (13 for a full deck).
        suits: suits in the deck.

    Returns:
        The text, one group per suit.

    Examples:
        >>> hand_text([0, 3, 11, 19, 40, 51])
        'C: A 4 Q | D: 7 | S: - | H: 2 K'
    """
    by_suit: dict[int, list[str]] = {}
    check_count(ranks, "ranks", low=2, high=13)
    check_count(suits, "suits", low=1, high=len(SUIT_NAMES))
    names = rank_names(ranks)
    for c in sorted(cards):
        by_suit.setdefault(c // ranks, []).append(names[c % ranks])
    return " | ".join(f"{SUIT_NAMES[s]}: {' '.join(by_suit.get(s, ['-']))}" for s in range(suits))
