"""Exact Dice Poker category tables: one player over the whole outcome space (in three
spaces), conditional tables given the dice and some cards, and the designer's answers.

Outcome spaces (say which one every count uses):

* ``"ordered"`` — the natural space: an ordered roll of three dice (216) and an
  unordered set of three cards from 52 (22,100): 4,773,600 equally likely outcomes.
* ``"dice-multiset"`` — dice as a multiset (56) with the card set: 1,237,600 distinct
  hands, each counted once (the count a designer listing "hands" gets; these are not
  equally likely).
* ``"suitless"`` — dice multiset and card *ranks* only (suits never matter): 25,480
  distinct hands, each counted once.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from ..._fractions import frac_str
from ...categories import CategoryTable
from ...display import number_text
from ...exact import ExactMatrix, ExactRecord, hold_exact
from .cards import Card, format_values, parse_cards, parse_dice, value_name
from .evaluator import CATEGORY_NAMES
from .rules import DicePokerRules
from .space import (
    DICE_MULTISETS,
    FULL_DECK,
    RANK_TRIPLES,
    dice_orderings,
    keys_for_dice,
    rank_multisets,
    suit_weight,
)
from ...errors import InputError
from ...validation import check_arguments, default_rules

if TYPE_CHECKING:
    import sympy

__all__ = [
    "SPACES",
    "CategoryTable",
    "DesignerAnswers",
    "category_table",
    "conditional_table",
    "designer_answers",
    "dice_table",
    "remaining_deck",
]

Space = Literal["ordered", "dice-multiset", "suitless"]
#: The outcome spaces a one-player table can be counted in, with a description.
SPACES: dict[str, str] = {
    "ordered": "ordered dice (216 rolls) x unordered 3-card sets (22,100): every outcome equally likely",
    "dice-multiset": "dice multisets (56) x unordered 3-card sets (22,100): each distinct hand counted once",
    "suitless": "dice multisets (56) x card-rank multisets (455): each suit-blind hand counted once",
}


def _table(counts: Sequence[int], space: str, description: str, title: str, rules: DicePokerRules) -> CategoryTable:
    return CategoryTable(names=CATEGORY_NAMES, counts=tuple(counts), space=space, space_description=description,
                         title=title, rules=rules, game="dice-poker")


def _check_space(space: str) -> None:
    if space not in SPACES:
        raise InputError(f"space must be one of {list(SPACES)}, got {space!r}")


def category_table(*, rules: DicePokerRules | None = None, space: str = "ordered") -> CategoryTable:
    """The exact category table of one player's hand over the whole outcome space.

    Parameters:
        rules: the rules (default [Dice Poker rules][rules-2]).
        space: the outcome space to count in (``"ordered"``, ``"dice-multiset"`` or ``"suitless"``; see [`SPACES`][dreidelpoker.games.dice_poker.SPACES]).

    Returns:
        The [`CategoryTable`][dreidelpoker.categories.CategoryTable].

    Examples:
        >>> t = category_table()
        >>> t.total, t.count("Six of a kind")
        (4773600, 20)
        >>> category_table(space="dice-multiset").total
        1237600
    """
    rules = default_rules(rules, DicePokerRules)
    _check_space(space)
    counts = [0] * len(CATEGORY_NAMES)
    card_w = [suit_weight(t) for t in RANK_TRIPLES]
    for dice in DICE_MULTISETS:
        mult = dice_orderings(dice) if space == "ordered" else 1
        keys = keys_for_dice(dice, rules.ranking_options)
        if space == "suitless":
            for key in keys:
                counts[key[0]] += 1
        else:
            for key, w in zip(keys, card_w):
                counts[key[0]] += mult * w
    return _table(counts, space, SPACES[space], f"Dice Poker categories, {space} space", rules)


def remaining_deck(known: Iterable[Card]) -> dict[int, int]:
    """Rank counts left in the deck after removing known cards.

    Parameters:
        known: the cards already out of the deck.

    Returns:
        rank -> cards of it left.

    Raises:
        ValueError: more than four known cards of a rank.

    Examples:
        >>> remaining_deck([Card(13), Card(13)])[13]
        2
    """
    left = dict(FULL_DECK)
    for c in known:
        left[c.rank] -= 1
        if left[c.rank] < 0:
            raise InputError(f"more than 4 cards of rank {value_name(c.rank)}; the deck holds 4 of each rank")
    return left


@check_arguments
def conditional_table(
    dice: str | Sequence[int],
    cards: str | Iterable[str | int | Card] | None = None,
    *,
    rules: DicePokerRules | None = None,
    removed: str | Iterable[str | int | Card] | None = None,
) -> CategoryTable:
    """The category distribution of the final hand given the dice and 0-3 known cards.

    Counts are unordered sets of the player's unknown cards from the rest of the deck.
    ``removed`` names other cards known to be out of the deck (seen elsewhere).

    Parameters:
        dice: the three dice.
        cards: 0 to 3 known cards (a string like ``"K,QS"`` or a list of tokens / `Card` objects).
        rules: the rules (default [Dice Poker rules][rules-2]).
        removed: cards known to be out of the deck.

    Returns:
        The [`CategoryTable`][dreidelpoker.categories.CategoryTable] of the final hand.

    Raises:
        ValueError: bad dice or cards, or a deck that cannot complete the hand.

    Examples:
        >>> t = conditional_table("6,6,6")
        >>> t.total, t.count("Six of a kind")  # the four ways to hold three sixes
        (22100, 4)
        >>> conditional_table("6,5,3", "K,K").total
        50
    """
    rules = default_rules(rules, DicePokerRules)
    d = parse_dice(dice)
    known = parse_cards(cards)
    gone = parse_cards(removed, max_cards=52, what="removed cards")
    from .cards import check_card_supply

    check_card_supply(known + gone, what="known and removed cards")
    left = remaining_deck(known + gone)
    ms = tuple(sorted(d, reverse=True))
    keys = keys_for_dice(ms, rules.ranking_options)
    index = {t: i for i, t in enumerate(RANK_TRIPLES)}
    known_ranks = [c.rank for c in known]
    counts = [0] * len(CATEGORY_NAMES)
    for draw in rank_multisets(3 - len(known)):
        w = suit_weight(draw, left)
        if w:
            full = tuple(sorted(known_ranks + list(draw), reverse=True))
            counts[keys[index[full]][0]] += w
    if sum(counts) == 0:
        raise InputError("the remaining deck cannot complete this hand")
    label = ",".join(str(x) for x in d)
    cards_label = (" and cards " + " ".join(str(c) for c in known)) if known else ""
    return _table(counts, "conditional",
                  f"unordered sets of the {3 - len(known)} unknown card(s) from the {sum(left.values())} left",
                  f"Dice Poker final hand given dice {label}{cards_label}", rules)


def dice_table(*, rules: DicePokerRules | None = None) -> ExactMatrix:
    """P(category | dice) for all 56 dice multisets (rows, best expected first).

    Parameters:
        rules: the rules (default [Dice Poker rules][rules-2]).

    Returns:
        An [`ExactMatrix`][dreidelpoker.ExactMatrix] (dice x category).

    Examples:
        >>> m = dice_table()
        >>> m["6-6-6", "Six of a kind"]
        1/5525
    """
    rules = default_rules(rules, DicePokerRules)
    rows = []
    card_w = [suit_weight(t) for t in RANK_TRIPLES]
    total = sum(card_w)
    for dice in DICE_MULTISETS:
        c = [0] * len(CATEGORY_NAMES)
        for key, w in zip(keys_for_dice(dice, rules.ranking_options), card_w):
            c[key[0]] += w
        rows.append(("-".join(map(str, dice)), tuple(Fraction(x, total) for x in c)))
    # Strongest dice first: by expected category rank.
    rows.sort(key=lambda r: -sum(i * p for i, p in enumerate(r[1])))
    return ExactMatrix(tuple(r[0] for r in rows), CATEGORY_NAMES, tuple(r[1] for r in rows),
                       title="P(category | dice multiset)", value_name="probability")


@hold_exact("six_of_a_kind_probability")
@dataclass(frozen=True)
class DesignerAnswers(ExactRecord):
    """Exact answers to the questions the game's designer asked ([Dice Poker rules: errata and options][rules-2-4]).

    The probability is held as a Fraction and shown as a sympy Rational (``.fractions()``
    gives it as held).

    Examples:
        >>> from dreidelpoker.games.dice_poker import designer_answers
        >>> designer_answers().ordered_outcomes  # 216 rolls x 22,100 three-card sets
        4773600
    """

    ordered_outcomes: int
    dice_multiset_hands: int
    suitless_hands: int
    distinct_strengths: int
    six_of_a_kind_ordered: int
    six_of_a_kind_dice_multiset: int
    six_of_a_kind_suitless: int
    six_of_a_kind_hands: tuple[str, ...]
    six_of_a_kind_probability: sympy.Rational

    def to_dict(self) -> dict[str, Any]:
        return {
            "ordered_outcomes": self.ordered_outcomes,
            "dice_multiset_hands": self.dice_multiset_hands,
            "suitless_hands": self.suitless_hands,
            "distinct_strengths": self.distinct_strengths,
            "six_of_a_kind": {
                "ordered": self.six_of_a_kind_ordered,
                "dice_multiset": self.six_of_a_kind_dice_multiset,
                "suitless": self.six_of_a_kind_suitless,
                "hands": list(self.six_of_a_kind_hands),
                "probability": frac_str(self.fractions()["six_of_a_kind_probability"]),
            },
        }

    def to_text(self) -> str:
        return "\n".join([
            f"hands (ordered dice x card sets, equally likely): {self.ordered_outcomes:,}",
            f"distinct hands (dice multiset x card set): {self.dice_multiset_hands:,}",
            f"distinct hands ignoring suits (dice multiset x rank multiset): {self.suitless_hands:,}",
            f"distinct hand strengths (different keys): {self.distinct_strengths:,}",
            f"six of a kind: {self.six_of_a_kind_ordered} ordered outcomes, "
            f"{self.six_of_a_kind_dice_multiset} distinct hands, {self.six_of_a_kind_suitless} ignoring suits "
            f"(p = {number_text(self.fractions()['six_of_a_kind_probability'])}): "
            + "; ".join(self.six_of_a_kind_hands),
        ])

    def _repr_html_(self) -> str:
        return "<pre>" + html.escape(self.to_text()) + "</pre>"


def designer_answers(*, rules: DicePokerRules | None = None) -> DesignerAnswers:
    """How many hands exist, in each space, and how many ways make six of a kind.

    Parameters:
        rules: the rules (default [Dice Poker rules][rules-2]).

    Returns:
        The [`DesignerAnswers`][dreidelpoker.games.dice_poker.DesignerAnswers].

    Examples:
        >>> a = designer_answers()
        >>> a.ordered_outcomes, a.six_of_a_kind_ordered, a.six_of_a_kind_probability
        (4773600, 20, 1/238680)
    """
    rules = default_rules(rules, DicePokerRules)
    tables = {s: category_table(rules=rules, space=s) for s in SPACES}
    strengths: set[Any] = set()
    six: list[str] = []
    for dice in DICE_MULTISETS:
        keys = keys_for_dice(dice, rules.ranking_options)
        strengths.update(keys)
        for t, key in zip(RANK_TRIPLES, keys):
            if key[0] == 14:
                six.append(f"dice {'-'.join(map(str, dice))} + cards {format_values(t)} "
                           f"({suit_weight(t)} card sets x {dice_orderings(dice)} roll order)")
    return DesignerAnswers(
        ordered_outcomes=tables["ordered"].total,
        dice_multiset_hands=tables["dice-multiset"].total,
        suitless_hands=tables["suitless"].total,
        distinct_strengths=len(strengths),
        six_of_a_kind_ordered=tables["ordered"].count(14),
        six_of_a_kind_dice_multiset=tables["dice-multiset"].count(14),
        six_of_a_kind_suitless=tables["suitless"].count(14),
        six_of_a_kind_hands=tuple(six),
        six_of_a_kind_probability=Fraction(tables["ordered"].count(14), tables["ordered"].total),
    )


