"""Thin ipywidgets explorers: each wires widgets to pure, separately tested functions."""

from . import domino_poker as domino_poker
from .domino_poker import explorer as domino_poker_explorer
from .two_dreidel import two_dreidel_explorer as two_dreidel_explorer

__all__ = ["domino_poker", "domino_poker_explorer", "two_dreidel_explorer"]
