"""Classic dreidel ([classic dreidel rules][rules-6]): the yardstick game, as an absorbing Markov chain."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import lazy_exports, names_from

#: Public name -> where it is defined; each is imported on first access, so importing the package
#: (as the registry does to read the manifest) loads none of the game.
_EXPORTS = {
    **names_from(".chain", "AUTO_EXACT_MAX_STATES", "ClassicDreidelResult", "analyze", "dreidel_chain",
                 "game_length_cdf", "spin_outcome", "start_state", "successors"),
    **names_from(".play", "ClassicDreidelGame", "new_game"),
    **names_from(".continuous", "continuous_winnings", "spin_payoffs"),
    **names_from(".rules", "ClassicDreidelRules"),
}

if TYPE_CHECKING:  # static checkers see the real names
    from .chain import (
        AUTO_EXACT_MAX_STATES, ClassicDreidelResult, analyze, dreidel_chain, game_length_cdf, spin_outcome,
        start_state, successors,
    )
    from .play import ClassicDreidelGame, new_game
    from .continuous import continuous_winnings, spin_payoffs
    from .rules import ClassicDreidelRules

__all__ = [
    "AUTO_EXACT_MAX_STATES", "ClassicDreidelGame", "ClassicDreidelResult", "ClassicDreidelRules",
    "analyze", "continuous_winnings", "dreidel_chain", "game_length_cdf", "new_game",
    "spin_outcome", "spin_payoffs", "start_state", "successors",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
