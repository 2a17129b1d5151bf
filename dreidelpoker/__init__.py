"""dreidelpoker: exact answers about Two Dreidel, Dice Poker, Domino Poker, Queenie,
Skirmish and classic dreidel.

Examples:
    >>> import dreidelpoker as dp
    >>> dp.two_dreidel.kept_hand_distribution()["HH"]
    7/22
    >>> "two-dreidel" in [g.name for g in dp.list_games()]
    True
"""

from __future__ import annotations

__version__ = "0.1.0"

from .display import option_context, options
from .equity import EquityResult
from .exact import Distribution, ExactMatrix, ExactTable
from . import markov
from .games import classic_dreidel, dice_poker, domino_poker, skirmish, two_dreidel
from .games.registry import get_game
from .games.registry import games as list_games

__all__ = [
    "Distribution", "EquityResult", "ExactMatrix", "ExactTable", "__version__", "classic_dreidel",
    "dice_poker", "domino_poker", "get_game", "list_games", "markov", "skirmish", "two_dreidel",
    "options", "option_context",
]


def __getattr__(name: str) -> object:
    # dreidelpoker.widgets imports ipywidgets: load it on first use, not with the package.
    if name == "widgets":
        import importlib

        return importlib.import_module(".widgets", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
