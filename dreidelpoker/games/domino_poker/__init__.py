"""Domino Poker (RULES.md 5): tiles, rules, evaluator, exact tables, multiway equity, blocking.

Examples:
    >>> from dreidelpoker.games import domino_poker as dom
    >>> dom.evaluate("2-2,3-3,4-4,5-5,6-6").category
    'Royal'
    >>> dom.category_table().row("Four of a kind").count
    75
"""

from __future__ import annotations

from ..registry import GameInfo, register
from .analysis import DOMINO_POKER
from .bots import BOTS, live_equity, win_rate
from .game import DominoPokerGame, DominoPokerObservation, HandSummary, new_game
from .play import PLAY
from .blocking import BlockingResult, BlockingRow, blocking, blocking_by_opponent
from .cli import COMMANDS
from .equity import (
    MAX_DEALS,
    DominoDeal,
    PartialHand,
    category_equity,
    deal_count,
    equity,
    setup_deal,
    equity_by_opponents,
    heads_up_wins,
)
from .evaluator import CATEGORY_DEFINITIONS, HandValue, category_names, evaluate, run_suit, suit_of
from .rules import LOW_RUN_OPTIONS, DominoPokerRules
from .table import (
    ALL_HANDS,
    DISTINCT_HANDS,
    ORDERED_DRAWS,
    CategoryRow,
    CategoryTable,
    category_distribution,
    category_table,
    compare_options,
    inversions,
    strength_tables,
)
from .tiles import (
    DOUBLES,
    HAND_SIZE,
    MAX_PLAYERS,
    TILES,
    Tile,
    format_hand,
    format_tiles,
    parse_hand,
    parse_tile,
    parse_tiles,
)

GAME = register(
    GameInfo(
        name="domino-poker",
        title="Domino Poker",
        summary="Five-tile poker with a 20-tile double-six set (no blanks, no [1-1]).",
        rules_type=DominoPokerRules,
        commands=COMMANDS,
        analysis=DOMINO_POKER,
        play=PLAY,
    )
)

__all__ = [
    "ALL_HANDS",
    "BOTS",
    "DominoPokerGame",
    "DominoPokerObservation",
    "HandSummary",
    "PLAY",
    "live_equity",
    "new_game",
    "win_rate",
    "CATEGORY_DEFINITIONS",
    "DISTINCT_HANDS",
    "DOUBLES",
    "GAME",
    "HAND_SIZE",
    "LOW_RUN_OPTIONS",
    "MAX_DEALS",
    "MAX_PLAYERS",
    "ORDERED_DRAWS",
    "TILES",
    "BlockingResult",
    "BlockingRow",
    "DominoDeal",
    "CategoryRow",
    "CategoryTable",
    "DominoPokerRules",
    "HandValue",
    "PartialHand",
    "Tile",
    "blocking",
    "blocking_by_opponent",
    "category_distribution",
    "category_equity",
    "category_names",
    "category_table",
    "compare_options",
    "deal_count",
    "equity",
    "equity_by_opponents",
    "evaluate",
    "format_hand",
    "format_tiles",
    "heads_up_wins",
    "inversions",
    "parse_hand",
    "parse_tile",
    "parse_tiles",
    "run_suit",
    "setup_deal",
    "strength_tables",
    "suit_of",
]
