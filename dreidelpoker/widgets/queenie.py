"""The Queenie explorer: deal a hand with a seed, see every hand or only your own, the first
player's dummy decision with its estimated value, and step through the runs to the end.

All the work is done by [`dreidelpoker.games.queenie.explore.deal_view`][dreidelpoker.games.queenie.explore.deal_view]; this module
only wires ipywidgets to it through [`Explorer`][dreidelpoker.widgets.Explorer].
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..errors import InputError
from ..games.queenie.explore import deal_view
from .base import Explorer

__all__ = ["QueenieExplorer", "queenie_explorer"]


class QueenieExplorer(Explorer):
    """Seed, players, whose view, a run slider and a "next deal" button.

    ``.widget`` is the box to display; tests set ``.seed.value`` etc. and read ``.output.value``
    (the error, if any, is in ``.status.value``).

    Examples:
        >>> ex = QueenieExplorer(samples=4)
        >>> "run 0 of" in ex.output.value
        True
        >>> ex.step.value = ex.step.max
        >>> "queen-pot card" in ex.output.value and "wins" in ex.output.value or "carries" in ex.output.value
        True
    """

    game = "queenie"
    title = "Queenie deal explorer"
    number_ranges = {"seed": (0, 10**9)}

    def __init__(self, seed: int = 1, players: int = 4, samples: int = 24) -> None:
        self.samples = samples
        self._init = (seed, players)
        self._steps = 1
        self.next = widgets.Button(description="next deal")
        self.next.on_click(self._next)
        super().__init__()
        self.seed.add_class("dp-q-seed")
        self.output.add_class("dp-q-out")

    def build_controls(self) -> dict[str, widgets.Widget]:
        seed, players = self._init
        self.seed = widgets.IntText(value=seed, description="deal")
        self.players = widgets.IntSlider(value=players, min=3, max=8, description="players")
        self.view = widgets.Dropdown(options=self._views(players), value="all", description="show")
        self.step = widgets.IntSlider(value=0, min=0, max=1, description="run")
        return {"seed": self.seed, "players": self.players, "view": self.view, "step": self.step}

    def visible_controls(self) -> list[widgets.Widget]:
        return [*self.controls.values(), self.next]

    def report(self, **arguments: Any) -> str:
        view = deal_view(**arguments, samples=self.samples)
        if view.error:
            raise InputError(view.error)
        self._steps = view.steps
        return view.to_html()

    def refresh(self) -> None:
        """Recompute the deal; the run slider then ends at the deal's last run."""
        super().refresh()
        with self.hold(refresh=False):
            self.step.max = max(1, self._steps)

    def _changed(self, change: Any) -> None:
        if change.get("owner") is self.players and not self._held:
            with self.hold():  # a new table: every seat's view, from the first run
                self.view.options = self._views(self.players.value)
                self.view.value = "all"
                self.step.value = 0
            return
        super()._changed(change)

    @staticmethod
    def _views(players: int) -> list[str]:
        return ["all"] + [f"seat {i + 1}" for i in range(players)]

    def _next(self, button: Any = None) -> None:
        with self.hold():
            self.step.value = 0
            self.seed.value = self.seed.value + 1

    def __repr__(self) -> str:
        return f"QueenieExplorer(deal {self.seed.value}, {self.players.value} players)"


def queenie_explorer(seed: int = 1, players: int = 4, samples: int = 24) -> QueenieExplorer:
    """The Queenie deal explorer (display it as the last expression of a notebook cell).

    Parameters:
        seed: the first deal's number (0 or more).
        players: 3 to 8.
        samples: Monte Carlo samples for the first player's dummy decision.

    Returns:
        The explorer.

    Examples:
        >>> "<b>deal 5</b>" in queenie_explorer(seed=5, samples=4).output.value
        True
    """
    return QueenieExplorer(seed, players, samples)
