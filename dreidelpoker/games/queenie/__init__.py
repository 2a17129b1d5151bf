"""Queenie ([Queenie rules][rules-4]): the two-pot card game, played whole on the engine and measured.

Examples:
    >>> from dreidelpoker.play import simulate
    >>> r = simulate(QueenieRules(players=4), games=20, seed=1, progress=False)
    >>> r.games, r.round_name
    (20, 'deal')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import lazy_exports, names_from

#: Public name -> where it is defined; each is imported on first access, so importing the package
#: (as the registry does to read the manifest) loads none of the game.
_EXPORTS = {
    **names_from(".bots", "HeuristicBot", "LookaheadBot", "always_swap_bot", "best_lead", "hand_score",
                 "never_swap_bot", "random_queenie_bot"),
    **names_from(".cards", "card_from_name", "card_name", "hand_text"),
    **names_from(".game", "DealSummary", "QueenieGame", "new_game"),
    **names_from(".rules", "QueenieRules"),
    **names_from(".analysis", "pot_table", "seat_table", "skill_table", "speed_table", "swap_study"),
    **names_from(".exact", "queen_dead_probability", "queen_dead_table"),
}

if TYPE_CHECKING:  # static checkers see the real names
    from .bots import (
        HeuristicBot, LookaheadBot, always_swap_bot, best_lead, hand_score, never_swap_bot,
        random_queenie_bot,
    )
    from .cards import card_from_name, card_name, hand_text
    from .game import DealSummary, QueenieGame, new_game
    from .rules import QueenieRules
    from .analysis import pot_table, seat_table, skill_table, speed_table, swap_study
    from .exact import queen_dead_probability, queen_dead_table

__all__ = [
    "DealSummary", "HeuristicBot", "LookaheadBot", "QueenieGame", "QueenieRules", "always_swap_bot",
    "best_lead", "card_from_name", "card_name", "hand_score", "hand_text", "never_swap_bot",
    "new_game", "pot_table", "queen_dead_probability", "queen_dead_table", "random_queenie_bot",
    "seat_table", "skill_table", "speed_table", "swap_study",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
