"""Queenie ([Queenie rules][rules-4]): the two-pot card game, played whole on the engine and measured.

Examples:
    >>> from dreidelpoker.play import simulate
    >>> r = simulate(QueenieRules(players=4), games=20, seed=1, progress=False)
    >>> r.games, r.round_name
    (20, 'deal')
"""

from __future__ import annotations

from ..registry import GameInfo, register
from .bots import (
    BOT_NAMES,
    DummyValue,
    HeuristicBot,
    LookaheadBot,
    always_swap_bot,
    best_lead,
    dummy_value,
    hand_features,
    hand_score,
    never_swap_bot,
    random_queenie_bot,
)
from .cards import card_from_name, card_name, hand_text
from .game import DealSummary, QueenieGame, QueenieObservation, new_game
from .play import PLAY, metrics
from .rules import (
    BLOCKED_RULES,
    DEALING_ORDERS,
    DIRECTIONS,
    NO_COLOUR_RULES,
    QUEEN_CARD_QUEEN_RULES,
    QUEEN_CARD_SOURCES,
    QueenieRules,
)

GAME = register(
    GameInfo(
        name="queenie",
        title="Queenie",
        summary="The two-pot card game: sessions of deals with bots, exact dead-Queen and blocked-deal odds.",
        rules_type=QueenieRules,
        play=PLAY,
    )
)

__all__ = [
    "BLOCKED_RULES", "BOT_NAMES", "DEALING_ORDERS", "DIRECTIONS", "DealSummary", "DummyValue", "GAME", "HeuristicBot",
    "LookaheadBot", "NO_COLOUR_RULES", "PLAY", "QUEEN_CARD_QUEEN_RULES", "QUEEN_CARD_SOURCES", "QueenieGame",
    "QueenieObservation", "QueenieRules", "always_swap_bot", "best_lead", "card_from_name", "card_name",
    "dummy_value", "hand_features", "hand_score", "hand_text", "metrics", "never_swap_bot", "new_game",
    "random_queenie_bot",
]
