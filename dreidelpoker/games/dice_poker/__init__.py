"""Dice Poker (Sycarion Diversions): rules, evaluator, exact tables and partial-hand equity.

Examples:
    >>> from dreidelpoker.games import dice_poker as dpk
    >>> dpk.evaluate("6,5,3", "A,Q,10").name
    'Odds or evens'
    >>> dpk.category_table().count("Six of a kind")
    20
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import lazy_exports, names_from

#: Public name -> where it is defined; each is imported on first access, so importing the package
#: (as the registry does to read the manifest) loads none of the game.
_EXPORTS = {
    **names_from(".cards", "CARD_RANKS", "Card", "format_values", "parse_cards", "parse_dice", "value_name"),
    **names_from(".equity", "EXACT_CELL_LIMIT", "UNKNOWN_DICE", "DiceKnown", "OpponentDice", "dice_known",
                 "equity", "exact_cells", "parse_opponent_dice"),
    **names_from(".evaluator", "CATEGORY_NAMES", "Category", "DiceHand", "HandKey", "best_key",
                 "classify_values", "dice_partitions", "evaluate"),
    **names_from(".game", "DicePokerGame", "DicePokerObservation", "new_game"),
    **names_from(".play", "PLAY"),
    **names_from(".rules", "BETTING_STRUCTURES", "LIMITS", "MAX_PLAYERS", "PLAY_MAX_PLAYERS", "DicePokerRules"),
    **names_from(".space", "DICE_MULTISETS", "RANK_TRIPLES", "dice_orderings", "keys_for_dice", "suit_weight"),
    **names_from(".tables", "SPACES", "CategoryTable", "DesignerAnswers", "category_table", "conditional_table",
                 "designer_answers", "dice_table"),
}

if TYPE_CHECKING:  # static checkers see the real names
    from .cards import CARD_RANKS, Card, format_values, parse_cards, parse_dice, value_name
    from .equity import (
        EXACT_CELL_LIMIT, UNKNOWN_DICE, DiceKnown, OpponentDice, dice_known, equity, exact_cells,
        parse_opponent_dice,
    )
    from .evaluator import (
        CATEGORY_NAMES, Category, DiceHand, HandKey, best_key, classify_values, dice_partitions, evaluate,
    )
    from .game import DicePokerGame, DicePokerObservation, new_game
    from .play import PLAY
    from .rules import BETTING_STRUCTURES, LIMITS, MAX_PLAYERS, PLAY_MAX_PLAYERS, DicePokerRules
    from .space import DICE_MULTISETS, RANK_TRIPLES, dice_orderings, keys_for_dice, suit_weight
    from .tables import (
        SPACES, CategoryTable, DesignerAnswers, category_table, conditional_table, designer_answers,
        dice_table,
    )

__all__ = [
    "BETTING_STRUCTURES", "CARD_RANKS", "CATEGORY_NAMES", "DICE_MULTISETS", "EXACT_CELL_LIMIT", "LIMITS",
    "MAX_PLAYERS", "PLAY", "PLAY_MAX_PLAYERS", "RANK_TRIPLES", "SPACES", "UNKNOWN_DICE", "Card", "Category",
    "CategoryTable", "DesignerAnswers", "DiceHand", "DiceKnown", "DicePokerGame", "DicePokerObservation",
    "DicePokerRules", "HandKey", "OpponentDice", "best_key", "category_table", "classify_values",
    "conditional_table", "designer_answers", "dice_known", "dice_orderings", "dice_partitions", "dice_table",
    "equity", "evaluate", "exact_cells", "format_values", "keys_for_dice", "new_game", "parse_cards",
    "parse_dice", "parse_opponent_dice", "suit_weight", "value_name",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
