"""Thin ipywidgets explorers: each wires widgets to pure, separately tested functions."""

from . import domino_poker as domino_poker
from .dice_poker import DicePokerExplorer as DicePokerExplorer
from .dice_poker import dice_poker_explorer as dice_poker_explorer
from .domino_poker import explorer as domino_poker_explorer
from .queenie import QueenieExplorer as QueenieExplorer
from .queenie import queenie_explorer as queenie_explorer
from .skirmish import SkirmishExplorer as SkirmishExplorer
from .skirmish import skirmish_explorer as skirmish_explorer
from .two_dreidel import two_dreidel_explorer as two_dreidel_explorer

__all__ = [
    "DicePokerExplorer", "dice_poker_explorer", "domino_poker", "domino_poker_explorer",
    "QueenieExplorer", "queenie_explorer", "SkirmishExplorer", "skirmish_explorer", "two_dreidel_explorer",
]
