"""The classic dreidel explorer: players, coins and rule options in; expected spins, each
seat's chance and the length distribution out (all from
[`dreidelpoker.games.classic_dreidel.report.classic_report`][dreidelpoker.games.classic_dreidel.report.classic_report])."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..games.classic_dreidel.report import MAX_COINS, classic_report
from ..games.classic_dreidel.rules import ELIMINATIONS, STOPPING_RULES
from .base import Explorer

__all__ = ["ClassicDreidelExplorer", "classic_dreidel_explorer"]


class ClassicDreidelExplorer(Explorer):
    """Players, coins and the [classic dreidel rules][rules-6] options; exact answers for small games.

    Examples:
        >>> ex = ClassicDreidelExplorer(players=2, coins=1)
        >>> "20/9" in ex.output.value
        True
        >>> ex.coins.value = 13
        >>> "up to 12 coins" in ex.status.value, ex.output.value
        (True, '')
    """

    game = "classic-dreidel"
    title = "Classic dreidel"
    number_ranges = {"coins": (1, 99)}

    def __init__(self, *, players: int = 2, coins: int = 3) -> None:
        self._init = (players, coins)
        super().__init__()

    def build_controls(self) -> dict[str, w.Widget]:
        players, coins = self._init
        self.players = w.IntSlider(value=players, min=2, max=max(MAX_COINS), description="players")
        self.coins = w.IntText(value=coins, description="coins each")
        self.hey_rounding = w.ToggleButtons(options=[("Hey rounds up", "up"), ("down", "down")], value="up",
                                            description="Hey")
        self.elimination = w.Dropdown(options=list(ELIMINATIONS), value="cannot-pay", description="out when")
        self.reante = w.Checkbox(value=True, description="re-ante on an empty pot")
        self.stopping = w.Dropdown(options=list(STOPPING_RULES), value="last-survivor", description="game ends at")
        return {"players": self.players, "coins": self.coins, "hey_rounding": self.hey_rounding,
                "elimination": self.elimination, "reante": self.reante, "stopping": self.stopping}

    def report(self, **arguments: Any) -> str:
        return classic_report(**arguments)


def classic_dreidel_explorer(*, players: int = 2, coins: int = 3) -> ClassicDreidelExplorer:
    """Build the classic dreidel explorer (display it as the last expression of a cell).

    Parameters:
        players: 2 to 4.
        coins: coins per player.

    Returns:
        The explorer.

    Examples:
        >>> "seat 1 P(win)" in classic_dreidel_explorer(players=2, coins=2).output.value
        True
    """
    return ClassicDreidelExplorer(players=players, coins=coins)
