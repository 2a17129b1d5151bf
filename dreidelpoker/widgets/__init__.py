"""Thin ipywidgets explorers: each wires widgets to pure, separately tested functions."""

from .dice_poker import DicePokerExplorer as DicePokerExplorer
from .dice_poker import dice_poker_explorer as dice_poker_explorer
