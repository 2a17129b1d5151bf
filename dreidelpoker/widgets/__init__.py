"""Thin ipywidgets explorers: each wires widgets to pure, separately tested functions."""

from .two_dreidel import two_dreidel_explorer as two_dreidel_explorer
