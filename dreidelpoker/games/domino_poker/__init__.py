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
    **names_from(".blocking", "BlockingResult", "BlockingRow", "blocking", "blocking_by_opponent"),
    **names_from(".bots", "BOTS", "live_equity", "win_rate"),
    **names_from(".game", "DominoPokerGame", "DominoPokerObservation", "HandSummary", "new_game"),
    **names_from(".play", "PLAY"),
    **names_from(".equity", "MAX_DEALS", "DominoDeal", "PartialHand", "category_equity", "deal_count", "equity",
                 "setup_deal", "equity_by_opponents", "heads_up_wins"),
    **names_from(".evaluator", "CATEGORY_DEFINITIONS", "HandValue", "category_names", "evaluate", "run_suit",
                 "suit_of"),
    **names_from(".rules", "LOW_RUN_OPTIONS", "DominoPokerRules"),
    **names_from(".table", "ALL_HANDS", "DISTINCT_HANDS", "ORDERED_DRAWS", "CategoryRow", "CategoryTable",
                 "category_distribution", "category_table", "compare_options", "inversions", "strength_tables"),
    **names_from(".tiles", "DOUBLES", "HAND_SIZE", "MAX_PLAYERS", "TILES", "Tile", "format_hand",
                 "format_tiles", "parse_hand", "parse_tile", "parse_tiles"),
}

if TYPE_CHECKING:  # static checkers see the real names
    from .blocking import BlockingResult, BlockingRow, blocking, blocking_by_opponent
    from .bots import BOTS, live_equity, win_rate
    from .game import DominoPokerGame, DominoPokerObservation, HandSummary, new_game
    from .play import PLAY
    from .equity import (
        MAX_DEALS, DominoDeal, PartialHand, category_equity, deal_count, equity, setup_deal,
        equity_by_opponents, heads_up_wins,
    )
    from .evaluator import CATEGORY_DEFINITIONS, HandValue, category_names, evaluate, run_suit, suit_of
    from .rules import LOW_RUN_OPTIONS, DominoPokerRules
    from .table import (
        ALL_HANDS, DISTINCT_HANDS, ORDERED_DRAWS, CategoryRow, CategoryTable, category_distribution,
        category_table, compare_options, inversions, strength_tables,
    )
    from .tiles import (
        DOUBLES, HAND_SIZE, MAX_PLAYERS, TILES, Tile, format_hand, format_tiles, parse_hand, parse_tile,
        parse_tiles,
    )

__all__ = [
    "BOTS", "DominoPokerGame", "DominoPokerObservation", "HandSummary", "PLAY", "live_equity", "new_game", "win_rate",
    "ALL_HANDS", "CATEGORY_DEFINITIONS", "DISTINCT_HANDS", "DOUBLES", "HAND_SIZE", "LOW_RUN_OPTIONS",
    "MAX_DEALS", "MAX_PLAYERS", "ORDERED_DRAWS", "TILES", "BlockingResult", "BlockingRow", "DominoDeal",
    "CategoryRow", "CategoryTable", "DominoPokerRules", "HandValue", "PartialHand", "Tile", "blocking",
    "blocking_by_opponent", "category_distribution", "category_equity", "category_names", "category_table",
    "compare_options", "deal_count", "equity", "equity_by_opponents", "evaluate", "format_hand",
    "format_tiles", "heads_up_wins", "inversions", "parse_hand", "parse_tile", "parse_tiles", "run_suit",
    "setup_deal", "strength_tables", "suit_of",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
