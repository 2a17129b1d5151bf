"""Thin ipywidgets explorers: each wires widgets to pure, separately tested functions."""

from . import domino_poker as domino_poker
