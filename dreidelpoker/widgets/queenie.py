"""The Queenie explorer: deal a hand with a seed, see every hand or only your own, the first
player's dummy decision with its estimated value, and step through the runs to the end.

All the work is done by :func:`dreidelpoker.games.queenie.explore.deal_view`; this module
only wires ipywidgets to it.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..games.queenie.explore import deal_view

__all__ = ["QueenieExplorer", "queenie_explorer"]


class QueenieExplorer:
    """Seed, players, whose view, a run slider and a "next deal" button.

    ``.widget`` is the box to display; tests set ``.seed.value`` etc. and read ``.output.value``.

    Examples:
        >>> ex = QueenieExplorer(samples=4)
        >>> "run 0 of" in ex.output.value
        True
        >>> ex.step.value = ex.step.max
        >>> "queen-pot card" in ex.output.value and "wins" in ex.output.value or "carries" in ex.output.value
        True
    """

    def __init__(self, seed: int = 1, players: int = 4, samples: int = 24) -> None:
        self.samples = samples
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="deal")
        self.players = widgets.IntSlider(value=players, min=3, max=8, description="players")
        self.view = widgets.Dropdown(options=self._views(players), value="all", description="show")
        self.step = widgets.IntSlider(value=0, min=0, max=1, description="run")
        self.next = widgets.Button(description="next deal")
        self.output = widgets.HTML()
        self.seed.add_class("dp-q-seed")
        self.output.add_class("dp-q-out")
        for w in (self.seed, self.view, self.step):
            w.observe(self._update, names="value")
        self.players.observe(self._players, names="value")
        self.next.on_click(self._next)
        self.widget = widgets.VBox([widgets.HBox([self.seed, self.players, self.next]),
                                    widgets.HBox([self.view, self.step]), self.output])
        self._update()

    @staticmethod
    def _views(players: int) -> list[str]:
        return ["all"] + [f"seat {i + 1}" for i in range(players)]

    def _players(self, change: Any = None) -> None:
        self.view.options = self._views(self.players.value)
        self.view.value = "all"
        self.step.value = 0
        self._update()

    def _next(self, button: Any = None) -> None:
        self.step.value = 0
        self.seed.value = self.seed.value + 1

    def _update(self, change: Any = None) -> None:
        v = deal_view(self.seed.value, self.players.value, view=self.view.value, step=self.step.value,
                      samples=self.samples)
        self.step.max = max(1, v.steps)
        self.output.value = v.to_html()

    def __repr__(self) -> str:
        return f"QueenieExplorer(deal {self.seed.value}, {self.players.value} players)"

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]


def queenie_explorer(seed: int = 1, players: int = 4, samples: int = 24) -> QueenieExplorer:
    """The Queenie deal explorer (display it in a notebook)."""
    return QueenieExplorer(seed, players, samples)
