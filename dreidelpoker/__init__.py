"""dreidelpoker: exact answers about Two Dreidel, Dice Poker, Domino Poker, Queenie,
Skirmish and classic dreidel.

>>> import dreidelpoker as dp
>>> dp.two_dreidel.kept_hand_distribution()["HH"]
7/22
"""

from __future__ import annotations

__version__ = "0.1.0"

from .equity import EquityResult
from .exact import Distribution, ExactMatrix, ExactTable
from .games import games, get_game
from .games import two_dreidel
from .games import dice_poker

__all__ = [
    "Distribution", "EquityResult", "ExactMatrix", "ExactTable", "__version__", "games", "get_game",
    "two_dreidel",
    "dice_poker",
]
