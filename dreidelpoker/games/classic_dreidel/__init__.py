"""Classic dreidel (RULES.md 6): the yardstick game, as an absorbing Markov chain."""

from __future__ import annotations

from .chain import (
    AUTO_EXACT_MAX_STATES, ClassicDreidelResult, analyze, dreidel_chain, game_length_cdf, spin_outcome,
    start_state, successors,
)
from .cli import COMMANDS
from .continuous import continuous_winnings, spin_payoffs
from .rules import ELIMINATIONS, FACES, HEY_ROUNDINGS, STOPPING_RULES, ClassicDreidelRules
from .simulate import SimulationResult, simulate

from ..registry import GameInfo, register

GAME = register(
    GameInfo(
        name="classic-dreidel",
        title="Classic dreidel",
        summary="The traditional game (RULES.md 6) as an absorbing Markov chain: length and seat unfairness.",
        rules_type=ClassicDreidelRules,
        commands=COMMANDS,
    )
)

__all__ = [
    "GAME", "SimulationResult", "continuous_winnings", "simulate", "spin_payoffs",
    "AUTO_EXACT_MAX_STATES", "ClassicDreidelResult", "ClassicDreidelRules", "ELIMINATIONS", "FACES",
    "HEY_ROUNDINGS", "STOPPING_RULES", "analyze", "dreidel_chain", "game_length_cdf", "spin_outcome",
    "start_state", "successors",
]
