"""The Skirmish explorer: enter or deal two lines, see the optimal capture sequence with its
value, step through it, and see what each alternative capture loses.

All the work is done by [`dreidelpoker.games.skirmish.explore.explore`][dreidelpoker.games.skirmish.explore.explore]; this module
only wires ipywidgets to it through [`Explorer`][dreidelpoker.widgets.Explorer].
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..errors import InputError
from ..games.skirmish.explore import deal_lines, explore
from .base import Explorer

__all__ = ["SkirmishExplorer", "skirmish_explorer"]


class SkirmishExplorer(Explorer):
    """Two line inputs (recomputed on Enter or blur), who captures first, a step slider and a
    deal button.

    ``.widget`` is the box to display; tests set ``.mine.value`` etc. and read ``.output.value``
    (the error, if any, is in ``.status.value``).

    Examples:
        >>> ex = SkirmishExplorer()
        >>> "6 – theirs 4" in ex.output.value
        True
        >>> ex.step.value = 1
        >>> "J takes 4" in ex.output.value
        True
    """

    game = "skirmish"
    title = "Skirmish capture explorer"

    def __init__(self, mine: str = "9,4,4,K,2", theirs: str = "Q,J,3,3,8", first: str = "mine") -> None:
        self._init = (mine, theirs, first)
        self._seed = 0
        self._steps = 1
        self.deal = widgets.Button(description="deal two lines")
        self.deal.on_click(self._deal)
        super().__init__()
        self.mine.add_class("dp-sk-mine")
        self.output.add_class("dp-sk-out")

    def build_controls(self) -> dict[str, widgets.Widget]:
        mine, theirs, first = self._init
        self.mine = widgets.Text(value=mine, description="mine", placeholder="e.g. 9,4,4,K,2")
        self.theirs = widgets.Text(value=theirs, description="theirs", placeholder="as many cards")
        self.first = widgets.Dropdown(options=["mine", "theirs"], value=first, description="first")
        self.step = widgets.IntSlider(value=0, min=0, max=10, description="step")
        return {"mine": self.mine, "theirs": self.theirs, "first": self.first, "step": self.step}

    def visible_controls(self) -> list[widgets.Widget]:
        return [*self.controls.values(), self.deal]

    def report(self, **arguments: Any) -> str:
        view = explore(**arguments)
        if view.error:
            raise InputError(view.error)
        self._steps = len(view.line)
        return view.to_html()

    def refresh(self) -> None:
        """Recompute the line; the step slider then ends at the line's last step."""
        super().refresh()
        with self.hold(refresh=False):
            self.step.max = max(1, self._steps)

    def _deal(self, button: Any = None) -> None:
        self._seed += 1
        mine, theirs = deal_lines(self._seed)
        with self.hold():
            self.step.value = 0
            self.mine.value, self.theirs.value = mine, theirs

    def __repr__(self) -> str:
        return f"SkirmishExplorer(mine {self.mine.value}, theirs {self.theirs.value}, {self.first.value} first)"


def skirmish_explorer(mine: str = "9,4,4,K,2", theirs: str = "Q,J,3,3,8", first: str = "mine") -> SkirmishExplorer:
    """The Skirmish capture explorer (display it as the last expression of a notebook cell).

    Parameters:
        mine: your line, e.g. ``"9,4,4,K,2"``.
        theirs: the other line, as many cards.
        first: who captures first, ``"mine"`` or ``"theirs"``.

    Returns:
        The explorer.

    Examples:
        >>> "mine 10 – theirs 0" in skirmish_explorer(mine="A,A,A,K,Q").output.value
        True
    """
    return SkirmishExplorer(mine, theirs, first)
