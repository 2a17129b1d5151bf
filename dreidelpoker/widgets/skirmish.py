"""The Skirmish explorer: enter or deal two lines, see the optimal capture sequence with its
value, step through it, and see what each alternative capture loses.

All the work is done by :func:`dreidelpoker.games.skirmish.explore.explore`; this module
only wires ipywidgets to it.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..games.skirmish.explore import deal_lines, explore

__all__ = ["SkirmishExplorer", "skirmish_explorer"]


class SkirmishExplorer:
    """Two line inputs, who captures first, a step slider and a deal button.

    ``.widget`` is the box to display; tests set ``.mine.value`` etc. and read ``.output.value``.

    Examples:
        >>> ex = SkirmishExplorer()
        >>> "6 – theirs 4" in ex.output.value
        True
        >>> ex.step.value = 1
        >>> "J takes 4" in ex.output.value
        True
    """

    def __init__(self, mine: str = "9,4,4,K,2", theirs: str = "Q,J,3,3,8", first: str = "mine") -> None:
        self.mine = widgets.Text(value=mine, description="mine", layout=widgets.Layout(width="260px"))
        self.theirs = widgets.Text(value=theirs, description="theirs", layout=widgets.Layout(width="260px"))
        self.first = widgets.Dropdown(options=["mine", "theirs"], value=first, description="first")
        self.step = widgets.IntSlider(value=0, min=0, max=10, description="step")
        self.deal = widgets.Button(description="deal two lines")
        self.output = widgets.HTML()
        self.mine.add_class("dp-sk-mine")
        self.output.add_class("dp-sk-out")
        self._seed = 0
        for w in (self.mine, self.theirs, self.first, self.step):
            w.observe(self._update, names="value")
        self.deal.on_click(self._deal)
        self.widget = widgets.VBox([widgets.HBox([self.mine, self.theirs]),
                                    widgets.HBox([self.first, self.deal]), self.step, self.output])
        self._update()

    def _deal(self, button: Any = None) -> None:
        self._seed += 1
        mine, theirs = deal_lines(self._seed)
        self.step.value = 0
        self.mine.value, self.theirs.value = mine, theirs

    def _update(self, change: Any = None) -> None:
        view = explore(self.mine.value, self.theirs.value, self.first.value, self.step.value)
        self.step.max = max(1, len(view.line))
        self.output.value = view.to_html()

    def __repr__(self) -> str:
        return f"SkirmishExplorer(mine {self.mine.value}, theirs {self.theirs.value}, {self.first.value} first)"

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]


def skirmish_explorer(mine: str = "9,4,4,K,2", theirs: str = "Q,J,3,3,8", first: str = "mine") -> SkirmishExplorer:
    """The Skirmish capture explorer (display it in a notebook)."""
    return SkirmishExplorer(mine, theirs, first)
