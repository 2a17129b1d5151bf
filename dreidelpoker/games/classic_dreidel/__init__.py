"""Classic dreidel ([classic dreidel rules][rules-6]): the yardstick game, as an absorbing Markov chain."""

from __future__ import annotations

from ..registry import GameInfo, register
from .chain import (
    AUTO_EXACT_MAX_STATES,
    ClassicDreidelResult,
    analyze,
    dreidel_chain,
    game_length_cdf,
    spin_outcome,
    start_state,
    successors,
)
from .cli import COMMANDS
from .play import PLAY, ClassicDreidelGame, ClassicDreidelObservation, new_game
from .continuous import continuous_winnings, spin_payoffs
from .rules import ELIMINATIONS, FACES, HEY_ROUNDINGS, STOPPING_RULES, ClassicDreidelRules
from .simulate import SimulationResult, simulate

GAME = register(
    GameInfo(
        name="classic-dreidel",
        title="Classic dreidel",
        summary="The traditional game as an absorbing Markov chain: length and seat unfairness.",
        rules_type=ClassicDreidelRules,
        commands=COMMANDS,
        play=PLAY,
    )
)

__all__ = [
    "AUTO_EXACT_MAX_STATES",
    "ClassicDreidelGame",
    "ClassicDreidelObservation",
    "PLAY",
    "new_game",
    "ELIMINATIONS",
    "FACES",
    "GAME",
    "HEY_ROUNDINGS",
    "STOPPING_RULES",
    "ClassicDreidelResult",
    "ClassicDreidelRules",
    "SimulationResult",
    "analyze",
    "continuous_winnings",
    "dreidel_chain",
    "game_length_cdf",
    "simulate",
    "spin_outcome",
    "spin_payoffs",
    "start_state",
    "successors",
]
