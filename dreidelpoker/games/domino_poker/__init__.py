"""Domino Poker ([Domino Poker rules][rules-5]): tiles, rules, evaluator, exact tables, multiway equity, blocking.

Examples:
    >>> from dreidelpoker.games import domino_poker as dom
    >>> dom.evaluate("2-2,3-3,4-4,5-5,6-6").category
    'Royal'
    >>> dom.category_table().row("Four of a kind").count
    75
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import lazy_exports, names_from

#: Public name -> where it is defined; each is imported on first access, so importing the package
#: (as the registry does to read the manifest) loads none of the game.
_EXPORTS = {
    **names_from(".blocking", "BlockingResult", "blocking", "blocking_by_opponent"),
    **names_from(".exploit", "BotExploitability", "BotExploitabilityTable", "bot_exploitability"),
    **names_from(".game", "DominoPokerGame", "new_game"),
    **names_from(".equity", "category_equity", "equity", "equity_by_opponents", "heads_up_wins"),
    **names_from(".evaluator", "HandValue", "evaluate"),
    **names_from(".rules", "LOW_RUN_OPTIONS", "DominoPokerRules"),
    **names_from(".table", "CategoryTable", "category_table", "compare_options"),
    **names_from(".tiles", "DOUBLES", "TILES", "format_hand", "format_tiles", "parse_hand", "parse_tiles"),
    **names_from(".multiway", "load_bluffing", "load_bot_exploitability"),
    **names_from(".solve_betting", "load_precomputed", "plot_bet_by_strength"),
}

if TYPE_CHECKING:  # static checkers see the real names
    from .blocking import BlockingResult, blocking, blocking_by_opponent
    from .exploit import BotExploitability, BotExploitabilityTable, bot_exploitability
    from .game import DominoPokerGame, new_game
    from .equity import category_equity, equity, equity_by_opponents, heads_up_wins
    from .evaluator import HandValue, evaluate
    from .rules import LOW_RUN_OPTIONS, DominoPokerRules
    from .table import CategoryTable, category_table, compare_options
    from .tiles import DOUBLES, TILES, format_hand, format_tiles, parse_hand, parse_tiles
    from .multiway import load_bluffing, load_bot_exploitability
    from .solve_betting import load_precomputed, plot_bet_by_strength

__all__ = [
    "BlockingResult", "BotExploitability", "BotExploitabilityTable", "CategoryTable", "DOUBLES", "DominoPokerGame", "DominoPokerRules",
    "HandValue", "LOW_RUN_OPTIONS", "TILES", "blocking", "blocking_by_opponent", "category_equity",
    "category_table", "bot_exploitability", "compare_options", "equity", "equity_by_opponents", "evaluate", "format_hand",
    "format_tiles", "heads_up_wins", "load_bluffing", "load_bot_exploitability", "load_precomputed", "new_game", "parse_hand",
    "parse_tiles", "plot_bet_by_strength",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
