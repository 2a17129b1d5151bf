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
    **names_from(".cards", "parse_cards", "parse_dice", "value_name"),
    **names_from(".equity", "EXACT_CELL_LIMIT", "equity", "exact_cells"),
    **names_from(".evaluator", "CATEGORY_NAMES", "DiceHand", "best_key", "evaluate"),
    **names_from(".game", "DicePokerGame", "new_game"),
    **names_from(".rules", "DicePokerRules"),
    **names_from(".space", "DICE_MULTISETS", "RANK_TRIPLES", "dice_orderings", "suit_weight"),
    **names_from(".tables", "SPACES", "CategoryTable", "DesignerAnswers", "category_table",
                 "conditional_table", "designer_answers", "dice_table"),
    **names_from(".solve", "DATA_FILE", "solve_dice_poker"),
    **names_from(".exploit", "DiceExploitability", "full_game_exploitability"),
}

if TYPE_CHECKING:  # static checkers see the real names
    from .cards import parse_cards, parse_dice, value_name
    from .equity import EXACT_CELL_LIMIT, equity, exact_cells
    from .evaluator import CATEGORY_NAMES, DiceHand, best_key, evaluate
    from .game import DicePokerGame, new_game
    from .rules import DicePokerRules
    from .space import DICE_MULTISETS, RANK_TRIPLES, dice_orderings, suit_weight
    from .tables import (
        SPACES, CategoryTable, DesignerAnswers, category_table, conditional_table, designer_answers,
        dice_table,
    )
    from .solve import DATA_FILE, solve_dice_poker
    from .exploit import DiceExploitability, full_game_exploitability

__all__ = [
    "CATEGORY_NAMES", "CategoryTable", "DATA_FILE", "DICE_MULTISETS", "DesignerAnswers", "DiceExploitability", "DiceHand",
    "DicePokerGame", "DicePokerRules", "EXACT_CELL_LIMIT", "RANK_TRIPLES", "SPACES", "best_key",
    "category_table", "conditional_table", "designer_answers", "dice_orderings", "dice_table",
    "equity", "evaluate", "exact_cells", "full_game_exploitability", "new_game", "parse_cards", "parse_dice",
    "solve_dice_poker", "suit_weight", "value_name",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
