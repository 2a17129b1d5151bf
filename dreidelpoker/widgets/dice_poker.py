"""The Dice Poker explorer: dice and card pickers, opponents' dice, exact answers.

All the work is done by :func:`dreidelpoker.games.dice_poker.report.explorer_report`;
this module only wires ipywidgets to it.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..games.dice_poker.cards import value_name
from ..games.dice_poker.report import UNKNOWN, explorer_report
from ..games.dice_poker.rules import DicePokerRules

__all__ = ["DicePokerExplorer", "dice_poker_explorer"]

_CARD_OPTIONS = [UNKNOWN] + [value_name(r) for r in range(2, 15)]


class DicePokerExplorer:
    """Pick three dice, 0-3 of your cards and the opponents' dice; see the exact odds.

    ``.widget`` is the box to display; ``.dice``, ``.cards``, ``.opponents`` the pickers
    and ``.output`` the HTML result (tests set the pickers' ``.value`` and read it).

    Examples:
        >>> ex = DicePokerExplorer()
        >>> ex.cards[0].value = "A"; ex.cards[1].value = "Q"; ex.cards[2].value = "10"
        >>> "Odds or evens" in ex.output.value
        True
    """

    def __init__(self, dice: tuple[int, int, int] = (6, 5, 3), opponent_dice: str = "2,2,1",
                 rules: DicePokerRules | None = None) -> None:
        self.rules = rules or DicePokerRules()
        self.dice = [widgets.Dropdown(options=list(range(1, 7)), value=v, description=f"die {i + 1}",
                                      layout=widgets.Layout(width="130px")) for i, v in enumerate(dice)]
        self.cards = [widgets.Dropdown(options=_CARD_OPTIONS, value=UNKNOWN, description=f"card {i + 1}",
                                       layout=widgets.Layout(width="140px")) for i in range(3)]
        self.opponents = widgets.Text(value=opponent_dice, description="opponents",
                                      placeholder="e.g. 2,2,1 4,4,3 (? = not rolled yet)",
                                      layout=widgets.Layout(width="320px"))
        self.output = widgets.HTML()
        for w in [*self.dice, *self.cards, self.opponents]:
            w.observe(self._update, names="value")
        self.widget = widgets.VBox([
            widgets.HBox(self.dice), widgets.HBox(self.cards), self.opponents, self.output,
        ])
        self._update()

    def _update(self, change: Any = None) -> None:
        self.output.value = explorer_report(
            [d.value for d in self.dice], [c.value for c in self.cards], self.opponents.value, self.rules,
        )

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]


def dice_poker_explorer(dice: tuple[int, int, int] = (6, 5, 3), opponent_dice: str = "2,2,1",
                        rules: DicePokerRules | None = None) -> DicePokerExplorer:
    """Build the explorer (display it as the last expression of a notebook cell).

    Examples:
        >>> ex = dice_poker_explorer(dice=(1, 1, 1), opponent_dice="")
        >>> "Dice 1-1-1" in ex.output.value
        True
    """
    return DicePokerExplorer(dice=dice, opponent_dice=opponent_dice, rules=rules)
