"""Hand parsing and ranking for the Two Dreidel family ([Two Dreidel rules: hand ranking][rules-1-3]).

Hands are handled internally as tuples of symbol indices sorted best first (index 0 is
the best symbol in normal order). Public functions accept hand strings in any
notation (``"GH"``, ``"גה"``, ``"♠♥"``) and return canonical strings.

Greater is stronger for [`normal_key`][dreidelpoker.games.two_dreidel.rulebook.ranking.normal_key]. The heads-up relation with trumps is not
transitive, so never sort hands with [`compare`][dreidelpoker.games.two_dreidel.compare]; use [`showdown`][dreidelpoker.games.two_dreidel.showdown].
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Union

from ....errors import InputError, InputTypeError, shorten
from .rules import TwoDreidelRules, hand_trumps
from ....validation import check_arguments, default_rules

if TYPE_CHECKING:
    import sympy

Hand = tuple[int, ...]
HandLike = Union[str, Sequence[int]]

__all__ = [
    "parse_cards", "parse_hand", "format_hand", "normal_key", "trumps", "compare",
    "heads_up_points", "heads_up_share", "showdown", "showdown_winners",
]


@check_arguments
def parse_cards(text: str | Iterable[str], *, rules: TwoDreidelRules | None = None, what: str = "cards") -> Hand:
    """Parse any number of cards to sorted symbol indices (best first).

    Letters (either case), Hebrew letters and card suits are accepted; spaces, commas
    and dashes are ignored.

    Parameters:
        text: the cards.
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        what: what the cards are, for messages.

    Returns:
        Symbol indices, sorted.

    Raises:
        ValueError: an unknown symbol.
        TypeError: a value of another type.

    Examples:
        >>> parse_cards("ש ג נ")
        (0, 2, 3)
    """
    rules = default_rules(rules, TwoDreidelRules)
    index = {s: i for i, s in enumerate(rules.symbols)}
    out: list[int] = []
    items = text if isinstance(text, str) else list(text) if isinstance(text, Iterable) else None
    if items is None or not all(isinstance(c, str) for c in items):
        raise InputTypeError(f"{what} must be text like 'GHN', got {type(text).__name__} {shorten(text)}")
    chars = "".join(items)
    for ch in chars:
        if ch in " ,-\t":
            continue
        sym = rules.aliases.get(ch, ch.upper())
        if sym not in index:
            allowed = ", ".join(rules.symbols)
            extra = "".join(sorted(rules.aliases))
            raise InputError(
                f"unknown symbol {ch!r} in {what} {chars!r}; allowed: {allowed} (or {extra})"
            )
        out.append(index[sym])
    return tuple(sorted(out))


def parse_hand(hand: HandLike, *, rules: TwoDreidelRules | None = None) -> Hand:
    """Parse one hand; it must have exactly ``rules.hand_size`` cards.

    Parameters:
        hand: ``"GH"`` or symbol indices.
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).

    Returns:
        Symbol indices, sorted.

    Raises:
        ValueError: the wrong number of cards or bad symbols.
        TypeError: a value of another type.

    Examples:
        >>> parse_hand("HG")
        (0, 1)
        >>> parse_hand("GHN")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: a Two Dreidel hand has 2 cards, got 3 in 'GHN'
    """
    rules = default_rules(rules, TwoDreidelRules)
    if isinstance(hand, str):
        cards = parse_cards(hand, what="hand", rules=rules)
    else:
        if not isinstance(hand, Sequence) or not all(isinstance(c, int) for c in hand):
            raise InputTypeError(f"hand must be text like 'GH' or a tuple of symbol indices like (0, 1), "
                                 f"got {type(hand).__name__} {shorten(hand)}")
        cards = tuple(sorted(c for c in hand if isinstance(c, int)))
        if any(not isinstance(c, int) or not 0 <= c < len(rules.symbols) for c in cards):
            raise InputError(f"hand {hand!r} must hold symbol indices 0..{len(rules.symbols) - 1}")
    if len(cards) != rules.hand_size:
        raise InputError(f"a Two Dreidel hand has {rules.hand_size} cards, got {len(cards)} in {hand!r}")
    return cards


@check_arguments
def format_hand(hand: Sequence[int], *, rules: TwoDreidelRules | None = None) -> str:
    """Canonical form: better card first, symbol letters.

    Parameters:
        hand: symbol indices.
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).

    Returns:
        The hand, e.g. ``"GS"``.

    Examples:
        >>> format_hand((3, 0))
        'GS'
    """
    rules = default_rules(rules, TwoDreidelRules)
    return hand_letters(hand, rules.symbols)


def hand_letters(hand: Sequence[int], symbols: Sequence[str]) -> str:
    """[`format_hand`][dreidelpoker.games.two_dreidel.format_hand] without its argument checks,
    for a hand the caller has already checked (the small path of an equity question).

    Parameters:
        hand: symbol indices, each below ``len(symbols)``.
        symbols: the rules' symbols (letters), best first.

    Returns:
        The hand, better card first.

    Examples:
        >>> hand_letters((3, 0), "GHNS")
        'GS'
    """
    return "".join([symbols[i] for i in sorted(hand)])


@check_arguments
def normal_key(hand: Sequence[int]) -> tuple[int, ...]:
    """Normal-order key (greater is stronger): the higher card, then the kicker.

    Parameters:
        hand: symbol indices.

    Returns:
        The key.

    Examples:
        >>> normal_key((0, 1)) > normal_key((1, 2))  # GH beats HN in the normal order (G is highest)
        True
    """
    return tuple(-i for i in sorted(hand))


@check_arguments
def trumps(a: Sequence[int], b: Sequence[int], *, rules: TwoDreidelRules) -> bool:
    """Whether hand ``a`` trumps hand ``b`` (both as symbol indices).

    ``a`` trumps ``b`` when some trump pair (x, y) has x in a and y in b, and no pair
    (x, y) has x in b and y in a. Default: a holds a Shin, b a Gimel, and not the reverse.

    Parameters:
        rules: the rules.
        a: symbol indices.
        b: the other hand's symbol indices.

    Returns:
        ``True`` if ``a`` trumps ``b``.

    Examples:
        >>> from dreidelpoker.games.two_dreidel import TwoDreidelRules
        >>> rules = TwoDreidelRules()  # symbols G, H, N, S are 0, 1, 2, 3; Shin trumps Gimel
        >>> trumps((2, 3), (0, 1), rules=rules), trumps((0, 1), (2, 3), rules=rules)
        (True, False)
    """
    return hand_trumps(rules.trump_index_pairs, a, b)


def compare(a: HandLike, b: HandLike, *, rules: TwoDreidelRules | None = None) -> int:
    """Heads-up result: +1 if ``a`` wins, -1 if ``b`` wins, 0 for a tie.

    Parameters:
        a: a hand (``"GH"`` or symbol indices).
        b: the other hand.
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).

    Returns:
        +1, 0 or -1.

    Examples:
        >>> compare("GH", "HH"), compare("NS", "GH"), compare("SH", "NS")
        (1, 1, 1)
    """
    rules = default_rules(rules, TwoDreidelRules)
    ha, hb = parse_hand(a, rules=rules), parse_hand(b, rules=rules)
    return _compare(rules, ha, hb)


def _compare(rules: TwoDreidelRules, ha: Hand, hb: Hand) -> int:
    pairs = rules.trump_index_pairs
    if hand_trumps(pairs, ha, hb):
        return 1
    if hand_trumps(pairs, hb, ha):
        return -1
    ka, kb = normal_key(ha), normal_key(hb)
    return (ka > kb) - (ka < kb)


def heads_up_points(a: Hand, b: Hand, *, rules: TwoDreidelRules) -> int:
    """Parsed hand ``a``'s heads-up result against ``b`` in halves of the pot: 2 (win), 1 (tie)
    or 0 (loss); the exact share is ``points / 2`` ([Two Dreidel rules: hand ranking][rules-1-3]). An int, for exact inner loops.

    Parameters:
        a: a parsed hand.
        b: the other parsed hand.
        rules: the rules.

    Returns:
        2, 1 or 0.

    Examples:
        >>> r = TwoDreidelRules()
        >>> heads_up_points(parse_hand("NN"), parse_hand("GH"), rules=r), heads_up_points(parse_hand("SN"), parse_hand("GN"), rules=r)
        (0, 2)
    """
    return _compare(rules, a, b) + 1


def heads_up_share(a: Hand, b: Hand, *, rules: TwoDreidelRules) -> sympy.Rational:
    """Parsed hand ``a``'s share of a heads-up pot against ``b``: 1, 1/2 or 0 ([Two Dreidel rules: hand ranking][rules-1-3]).

    Parameters:
        a: a parsed hand.
        b: the other parsed hand.
        rules: the rules.

    Returns:
        The share, a sympy Rational.

    Examples:
        >>> heads_up_share((0, 1), (0, 1), rules=TwoDreidelRules())
        1/2
    """
    import sympy

    return sympy.Rational(_compare(rules, a, b) + 1, 2)


def showdown_winners(hands: Sequence[Hand], *, rules: TwoDreidelRules) -> list[int]:
    """Positions of the winners among parsed hands ("trumps are evaluated last").

    Parameters:
        rules: the rules.
        hands: parsed hands.

    Returns:
        The winners' positions.

    Raises:
        ValueError: no hands.

    Examples:
        >>> from dreidelpoker.games.two_dreidel import TwoDreidelRules
        >>> rules = TwoDreidelRules()
        >>> showdown_winners([(2, 3), (0, 1)], rules=rules)  # NS trumps GH
        [0]
        >>> showdown_winners([(1, 2), (1, 2)], rules=rules)  # HN against HN: a split
        [0, 1]
    """
    if not hands:
        raise InputError("a showdown needs at least one hand")

    def normal_best(positions: Iterable[int]) -> list[int]:
        pos = list(positions)
        best = max(normal_key(hands[i]) for i in pos)
        return [i for i in pos if normal_key(hands[i]) == best]

    winners = normal_best(range(len(hands)))
    pairs = rules.trump_index_pairs
    # All hands in `winners` are equal, so trumping one of them is trumping all of them.
    # The rules object guarantees the trump relation is acyclic, so this terminates.
    while True:
        challengers = [i for i in range(len(hands)) if hand_trumps(pairs, hands[i], hands[winners[0]])]
        if not challengers:
            return winners
        winners = normal_best(challengers)


@check_arguments
def showdown(hands: Sequence[HandLike], *, rules: TwoDreidelRules | None = None) -> list[int]:
    """Multiway showdown; returns the positions of the winning hands (several = split).

    Parameters:
        hands: the hands.
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).

    Returns:
        The winners' positions.

    Examples:
        >>> showdown(["SG", "SN", "NN"])
        [1]
        >>> showdown(["GH", "HG", "NN"])
        [0, 1]
    """
    rules = default_rules(rules, TwoDreidelRules)
    return showdown_winners([parse_hand(h, rules=rules) for h in hands], rules=rules)
