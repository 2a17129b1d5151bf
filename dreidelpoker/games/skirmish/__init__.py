"""Skirmish ([Skirmish rules][rules-3]): the War variant whose strategy lives in the captures.

Played on the whole-game engine ([`dreidelpoker.play`][dreidelpoker.play]), with the capture phase
solved exactly (`solver`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import lazy_exports, names_from

#: Public name -> where it is defined; each is imported on first access, so importing the package
#: (as the registry does to read the manifest) loads none of the game.
_EXPORTS = {
    **names_from(".bots", "greedy", "optimal", "random_capture", "spendthrift"),
    **names_from(".game", "SkirmishGame", "new_game"),
    **names_from(".rules", "SkirmishRules", "format_cards", "parse_cards"),
    **names_from(".solver", "Capture", "CaptureSolution", "best_capture", "capture_options",
                 "legal_captures", "principal_line", "solve_capture"),
    **names_from(".chain", "analyze_small_deck", "pile_card_odds"),
    **names_from(".study", "bot_matrix", "game_summary", "load_study_results"),
}

if TYPE_CHECKING:  # static checkers see the real names
    from .bots import greedy, optimal, random_capture, spendthrift
    from .game import SkirmishGame, new_game
    from .rules import SkirmishRules, format_cards, parse_cards
    from .solver import (
        Capture, CaptureSolution, best_capture, capture_options, legal_captures, principal_line,
        solve_capture,
    )
    from .chain import analyze_small_deck, pile_card_odds
    from .study import bot_matrix, game_summary, load_study_results

__all__ = [
    "Capture", "CaptureSolution", "SkirmishGame", "SkirmishRules", "analyze_small_deck",
    "best_capture", "bot_matrix", "capture_options", "format_cards", "game_summary", "greedy",
    "legal_captures", "load_study_results", "new_game", "optimal", "parse_cards", "pile_card_odds",
    "principal_line", "random_capture", "solve_capture", "spendthrift",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
