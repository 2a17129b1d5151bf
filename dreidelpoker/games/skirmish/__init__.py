"""Skirmish ([Skirmish rules][rules-3]): the War variant whose strategy lives in the captures.

Played on the whole-game engine ([`dreidelpoker.play`][dreidelpoker.play]), with the capture phase
solved exactly ([`solver`][dreidelpoker.games.skirmish.solver]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import lazy_exports, names_from

#: Public name -> where it is defined; each is imported on first access, so importing the package
#: (as the registry does to read the manifest) loads none of the game.
_EXPORTS = {
    **names_from(".bots", "BOTS", "greedy", "optimal", "random_capture", "spendthrift"),
    **names_from(".game", "SkirmishGame", "SkirmishObservation", "deal_state", "new_game"),
    **names_from(".play", "PLAY"),
    **names_from(".rules", "STANDARD_DECK", "TIE_RULES", "SkirmishRules", "card_name", "format_cards",
                 "parse_cards", "parse_deck"),
    **names_from(".solver", "Capture", "CaptureOption", "CaptureSolution", "CaptureStep", "best_capture",
                 "capture_options", "capture_value", "legal_captures", "plain_minimax", "principal_line",
                 "solve_capture"),
}

if TYPE_CHECKING:  # static checkers see the real names
    from .bots import BOTS, greedy, optimal, random_capture, spendthrift
    from .game import SkirmishGame, SkirmishObservation, deal_state, new_game
    from .play import PLAY
    from .rules import STANDARD_DECK, TIE_RULES, SkirmishRules, card_name, format_cards, parse_cards, parse_deck
    from .solver import (
        Capture, CaptureOption, CaptureSolution, CaptureStep, best_capture, capture_options, capture_value,
        legal_captures, plain_minimax, principal_line, solve_capture,
    )

__all__ = [
    "BOTS", "Capture", "CaptureOption", "CaptureSolution", "CaptureStep", "PLAY", "STANDARD_DECK",
    "SkirmishGame", "SkirmishObservation", "SkirmishRules", "TIE_RULES", "best_capture", "capture_options",
    "capture_value", "card_name", "deal_state", "format_cards", "greedy", "legal_captures", "new_game",
    "optimal", "parse_cards", "parse_deck", "plain_minimax", "principal_line", "random_capture",
    "solve_capture", "spendthrift",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
