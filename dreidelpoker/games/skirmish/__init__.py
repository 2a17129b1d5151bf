"""Skirmish (RULES.md 3): the War variant whose strategy lives in the captures.

Played on the whole-game engine ([`dreidelpoker.play`][dreidelpoker.play]), with the capture phase
solved exactly ([`solver`][dreidelpoker.games.skirmish.solver]).
"""

from __future__ import annotations

from ..registry import GameInfo, register
from .bots import BOTS, greedy, optimal, random_capture, spendthrift
from .cli import COMMANDS
from .game import SkirmishGame, SkirmishObservation, deal_state, new_game
from .play import PLAY
from .rules import STANDARD_DECK, TIE_RULES, SkirmishRules, card_name, format_cards, parse_cards, parse_deck
from .solver import (
    Capture,
    CaptureOption,
    CaptureSolution,
    CaptureStep,
    best_capture,
    capture_options,
    capture_value,
    legal_captures,
    plain_minimax,
    principal_line,
    solve_capture,
)

GAME = register(
    GameInfo(
        name="skirmish",
        title="Skirmish",
        summary="The War variant (RULES.md 3): whole games on the engine, the capture phase solved exactly.",
        rules_type=SkirmishRules,
        commands=COMMANDS,
        play=PLAY,
    )
)

__all__ = [
    "BOTS", "Capture", "CaptureOption", "CaptureSolution", "CaptureStep", "GAME", "PLAY", "STANDARD_DECK",
    "SkirmishGame", "SkirmishObservation", "SkirmishRules", "TIE_RULES", "best_capture", "capture_options",
    "capture_value", "card_name", "deal_state", "format_cards", "greedy", "legal_captures", "new_game", "optimal",
    "parse_cards", "parse_deck", "plain_minimax", "principal_line", "random_capture", "solve_capture",
    "spendthrift",
]
