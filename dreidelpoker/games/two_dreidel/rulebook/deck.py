"""Deck states and the exact distribution of one draw ([Two Dreidel rules: deck cycle][rules-1-2], step 1).

A [`DeckState`][dreidelpoker.games.two_dreidel.DeckState] is what a player knows at the start of a hand: the composition of
their draw pile, the card(s) they put back on top last hand (if any), and their discard
pile. Draws are enumerated as *count vectors* with hypergeometric integer weights, never
as ordered cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

from ....errors import InputError, InputTypeError, shorten
from .ranking import Hand, format_hand, parse_cards
from .rules import TwoDreidelRules, parse_deck
from ....validation import check_arguments, is_whole_number

__all__ = ["DeckState", "draw_weights", "hypergeometric"]

Counts = tuple[int, ...]


@check_arguments
def hypergeometric(counts: Counts, k: int) -> Iterator[tuple[Counts, int]]:
    """Every count vector of ``k`` cards drawn without order from ``counts``, with its
    number of ways (product of binomials). The weights sum to ``comb(sum(counts), k)``.

    Parameters:
        counts: cards of each symbol.
        k: cards drawn.

    Returns:
        An iterator of ``(drawn counts, ways)``.

    Examples:
        >>> sorted(hypergeometric((1, 2), 2))
        [((0, 2), 1), ((1, 1), 2)]
    """

    def rec(i: int, left: int) -> Iterator[tuple[list[int], int]]:
        if i == len(counts) - 1:
            if left <= counts[i]:
                yield [left], comb(counts[i], left)
            return
        rest = sum(counts[i + 1 :])
        for take in range(max(0, left - rest), min(counts[i], left) + 1):
            w = comb(counts[i], take)
            for tail, tw in rec(i + 1, left - take):
                yield [take] + tail, w * tw

    if k < 0 or k > sum(counts):
        return
    if not counts:
        if k == 0:
            yield (), 1
        return
    for vec, w in rec(0, k):
        yield tuple(vec), w


@dataclass(frozen=True)
class DeckState:
    """One player's deck at the start of a hand: the one deck-state type of Two Dreidel.

    ``deck`` counts every card in the draw pile (the known top cards included), ``top``
    lists the known top card(s) as sorted symbol indices (empty on a fresh deck; with the
    default rules at most one card, the card put back last hand), ``discard`` counts the
    discard pile. The deck chain, the put-back MDP, the odds and the whole-game engine all
    use this type.

    Examples:
        >>> rules = TwoDreidelRules()
        >>> DeckState.fresh(rules)
        DeckState(deck=(1, 5, 5, 1), top=(), discard=(0, 0, 0, 0))
        >>> DeckState.of(rules, deck="0-3-2-1", top="H", discard="1-2-3-0").describe(rules)
        'deck 0-3-2-1 (top H), discard 1-2-3-0'
        >>> DeckState((0, 2, 1, 1), (1,), (1, 3, 4, 0)).label(rules)
        '0211·H'
    """

    deck: Counts
    top: Hand
    discard: Counts

    def __post_init__(self) -> None:
        # Checks that need no rules (the rest is validate(rules)): a state built by hand
        # must fail here with a clear message, not later with an IndexError.
        for name, pile in (("deck", self.deck), ("discard", self.discard)):
            if not isinstance(pile, tuple) or not all(
                is_whole_number(c) and c >= 0 for c in pile
            ):
                raise InputTypeError(f"DeckState {name} must be a tuple of card counts >= 0 (one per symbol), "
                                     f"got {shorten(pile)}")
        if len(self.deck) != len(self.discard):
            raise InputError(f"DeckState deck {self.deck} and discard {self.discard} must count the same symbols")
        top: Any = self.top
        k = len(self.deck)
        if not isinstance(top, tuple) or not all(
            is_whole_number(t) and 0 <= t < k for t in top
        ):
            raise InputTypeError(f"DeckState top must be a tuple of symbol indices 0..{k - 1} (the known top "
                                 f"cards), got {shorten(top)}")
        if list(top) != sorted(top):
            object.__setattr__(self, "top", tuple(sorted(top)))
        if any(t > d for t, d in zip(counts_of(top, k), self.deck)):
            raise InputError(f"DeckState top {top} holds cards not in the deck {self.deck}")

    @classmethod
    def trusted(cls, deck: Counts, top: Hand, discard: Counts) -> DeckState:
        """A state built by the engines from a valid state, without re-checking it.

        The chain, the MDP and the game engine build millions of states from states already
        checked; ``top`` must be sorted. Build states by hand with the constructor or
        [`of`][dreidelpoker.games.two_dreidel.DeckState.of].
        """
        state = object.__new__(cls)
        object.__setattr__(state, "deck", deck)
        object.__setattr__(state, "top", top)
        object.__setattr__(state, "discard", discard)
        return state

    @classmethod
    def fresh(cls, rules: TwoDreidelRules) -> DeckState:
        """A freshly shuffled full deck, nothing known on top, empty discard."""
        return cls(rules.counts, (), tuple(0 for _ in rules.counts))

    @classmethod
    def of(
        cls,
        rules: TwoDreidelRules,
        *,
        deck: str | Sequence[int] | Mapping[str, int] | None = None,
        top: str | int | Sequence[int] | None = None,
        discard: str | Sequence[int] | Mapping[str, int] | None = None,
    ) -> DeckState:
        """Build and validate a deck state.

        ``deck`` and ``discard`` take a count string ``"0-3-2-1"``, a tuple or a
        ``{symbol: count}`` mapping. If ``discard`` is omitted it is whatever the full
        deck lacks (no cards are held between hands). ``top`` takes the known top card(s)
        as symbols (``"H"``), one symbol index, or a sequence of indices.

        Raises:
            InputError: if the piles or the top cards cannot occur under ``rules``.
        """
        k = len(rules.symbols)
        d = rules.counts if deck is None else parse_deck(deck, rules.symbols)
        if discard is None:
            if any(x > y for x, y in zip(d, rules.counts)):
                raise InputError(f"deck {_label(d)} holds more cards than the full deck {rules.deck_label}")
            disc: Counts = tuple(y - x for x, y in zip(d, rules.counts))
        else:
            disc = parse_deck(discard, rules.symbols)
        top_cards: Hand
        if top is None:
            top_cards = ()
        elif is_whole_number(top):
            if not 0 <= top < k:
                raise InputError(f"top card index {top} must be in 0..{k - 1}")
            top_cards = (top,)
        elif isinstance(top, str):
            top_cards = tuple(sorted(parse_cards(top, what="top card", rules=rules)))
        elif isinstance(top, Sequence) and not isinstance(top, bool):
            top_cards = tuple(sorted(int(t) for t in top))
        else:
            raise InputTypeError(f"top must be symbols like 'H', a symbol index or a sequence of indices, "
                                 f"got {shorten(top)}")
        if len(top_cards) > rules.put_back:
            raise InputError(f"at most {rules.put_back} known top card(s) (the cards put back last hand), "
                             f"got {len(top_cards)}")
        state = cls(d, top_cards, disc)
        state.validate(rules)
        return state

    @property
    def deck_size(self) -> int:
        """Cards in the draw pile."""
        return sum(self.deck)

    def validate(self, rules: TwoDreidelRules) -> None:
        """Raise [`InputError`][dreidelpoker.InputError] if this state cannot occur under ``rules``."""
        check_piles(self.deck, self.discard, rules=rules)
        if len(self.top) > rules.put_back:
            raise InputError(f"the known top cards {self.top!r} must be at most {rules.put_back} symbol indices")

    def describe(self, rules: TwoDreidelRules) -> str:
        """A readable line, e.g. ``'deck 0-3-2-1 (top H), discard 1-2-3-0'``."""
        top = f" (top {format_hand(self.top, rules=rules)})" if self.top else ""
        return f"deck {_label(self.deck)}{top}, discard {_label(self.discard)}"

    def label(self, rules: TwoDreidelRules) -> str:
        """A short node label: deck counts, then the known top card(s)."""
        digits = "".join(str(c) if c < 10 else f"({c})" for c in self.deck)
        return digits + ("·" + format_hand(self.top, rules=rules) if self.top else "")

    def to_dict(self, rules: TwoDreidelRules) -> dict[str, Any]:
        """Piles as ``{symbol: count}``; the known top card(s) as symbols (``None`` if none)."""
        return {
            "deck": dict(zip(rules.symbols, self.deck)),
            "top": format_hand(self.top, rules=rules) if self.top else None,
            "discard": dict(zip(rules.symbols, self.discard)),
        }


def check_piles(deck: Counts, discard: Counts, *, rules: TwoDreidelRules) -> None:
    """Raise ``ValueError`` unless a draw pile and discard pile can occur under ``rules``
    (shared by every deck-state type)."""
    k = len(rules.symbols)
    if len(deck) != k or len(discard) != k:
        raise InputError(f"deck and discard must each have {k} counts")
    if any(c < 0 for c in deck + discard):
        raise InputError("card counts must be >= 0")
    if any(a + b > full for a, b, full in zip(deck, discard, rules.counts)):
        raise InputError(
            f"deck {_label(deck)} plus discard {_label(discard)} holds more cards of some "
            f"symbol than the full deck {rules.deck_label}"
        )
    if sum(deck) + sum(discard) < rules.draw:
        raise InputError(
            f"deck {_label(deck)} and discard {_label(discard)} hold "
            f"{sum(deck) + sum(discard)} cards, too few to draw {rules.draw}"
        )


def _label(counts: Counts) -> str:
    return "-".join(str(c) for c in counts)


@dataclass(frozen=True)
class DrawOutcome:
    """One class of draws: the cards drawn and where the deck stands after the draw."""

    drawn: Hand  # sorted symbol indices
    deck_after: Counts  # draw pile left after the draw (before the put-back)
    discard_after: Counts  # discard pile after the draw (emptied by a reshuffle)
    reshuffled: bool


@check_arguments
def draw_weights(state: DeckState, *, rules: TwoDreidelRules) -> tuple[list[tuple[DrawOutcome, int]], int]:
    """All classes of ``rules.draw``-card draws from ``state`` with integer weights and total.

    The one draw-with-reshuffle of Two Dreidel ([Two Dreidel rules: deck cycle][rules-1-2]): the known top card(s) are
    drawn first; if the pile runs out, the rest of the pile is drawn, the discard is
    shuffled into a new pile and drawing goes on. The chain, the MDP, the odds, the
    table equity and the whole-game engine all draw through it.

    Parameters:
        rules: the rules.
        state: the deck state before the draw.

    Returns:
        ``(outcomes with weights, total)``; the weights sum to the total.

    Examples:
        >>> outs, total = draw_weights(DeckState.fresh(TwoDreidelRules()), rules=TwoDreidelRules())
        >>> total, len(outs)
        (220, 12)
        >>> outs, total = draw_weights(DeckState((0, 1, 1, 0), (1,), (1, 4, 4, 1)), rules=TwoDreidelRules())
        >>> total, sorted(format_hand(o.drawn) for o, _ in outs)
        (10, ['GHN', 'HHN', 'HNN', 'HNS'])
    """
    state.validate(rules)
    k = len(rules.symbols)
    fixed = counts_of(state.top, k)
    pile = tuple(d - f for d, f in zip(state.deck, fixed))
    need = rules.draw - len(state.top)
    out: list[tuple[DrawOutcome, int]] = []
    if need <= sum(pile):
        for vec, w in hypergeometric(pile, need):
            drawn = tuple(f + v for f, v in zip(fixed, vec))
            out.append((DrawOutcome(_hand(drawn), tuple(p - v for p, v in zip(pile, vec)), state.discard, False), w))
        return out, comb(sum(pile), need)
    # Mid-draw reshuffle: take the whole pile, then draw the rest from the shuffled discard.
    first = tuple(f + p for f, p in zip(fixed, pile))
    rest = need - sum(pile)
    for vec, w in hypergeometric(state.discard, rest):
        drawn = tuple(a + v for a, v in zip(first, vec))
        new_pile = tuple(d - v for d, v in zip(state.discard, vec))
        out.append((DrawOutcome(_hand(drawn), new_pile, tuple(0 for _ in range(k)), True), w))
    return out, comb(sum(state.discard), rest)


def _hand(counts: Counts) -> Hand:
    return tuple(i for i, c in enumerate(counts) for _ in range(c))


def counts_of(hand: Sequence[int], k: int) -> Counts:
    """Count vector of a hand of symbol indices."""
    out = [0] * k
    for i in hand:
        out[i] += 1
    return tuple(out)
