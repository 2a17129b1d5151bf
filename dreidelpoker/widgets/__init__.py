"""Thin ipywidgets explorers: each wires widgets to pure, separately tested functions.

Every explorer is an [`Explorer`][dreidelpoker.widgets.Explorer]: controls in, a pure
report function, HTML out, a static snapshot where no kernel runs.
"""

from .base import Explorer as Explorer
from .classic_dreidel import classic_dreidel_explorer as classic_dreidel_explorer
from .dice_poker import dice_poker_explorer as dice_poker_explorer
from .domino_poker import explorer as domino_poker_explorer
from .queenie import queenie_explorer as queenie_explorer
from .skirmish import skirmish_explorer as skirmish_explorer
from .two_dreidel import VariantDesigner as VariantDesigner
from .two_dreidel import two_dreidel_designer as two_dreidel_designer
from .two_dreidel import two_dreidel_explorer as two_dreidel_explorer

__all__ = [
    "Explorer", "VariantDesigner", "classic_dreidel_explorer", "dice_poker_explorer",
    "domino_poker_explorer", "queenie_explorer", "skirmish_explorer", "two_dreidel_designer",
    "two_dreidel_explorer",
]
