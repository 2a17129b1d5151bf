"""The Dice Poker explorer: dice and card pickers, opponents' dice, exact answers.

All the work is done by [`dreidelpoker.games.dice_poker.report.dice_report`][dreidelpoker.games.dice_poker.report.dice_report]; this
module only wires ipywidgets to it through [`Explorer`][dreidelpoker.widgets.Explorer].
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..games.dice_poker.cards import value_name
from ..games.dice_poker.report import UNKNOWN, dice_report
from ..games.dice_poker.rules import DicePokerRules
from .base import Explorer
from ..validation import default_rules

__all__ = ["DicePokerExplorer", "dice_poker_explorer"]

_CARD_OPTIONS = [UNKNOWN] + [value_name(r) for r in range(2, 15)]


class DicePokerExplorer(Explorer):
    """Pick three dice, 0-3 of your cards and the opponents' dice; see the exact odds.

    ``.widget`` is the box to display; ``.dice``, ``.cards``, ``.opponents`` the pickers
    and ``.output`` the HTML result (tests set the pickers' ``.value`` and read it).

    Examples:
        >>> ex = DicePokerExplorer()
        >>> ex.cards[0].value = "A"; ex.cards[1].value = "Q"; ex.cards[2].value = "10"
        >>> "Odds or evens" in ex.output.value
        True
    """

    game = "dice-poker"
    title = "Dice Poker"

    def __init__(self, dice: tuple[int, int, int] = (6, 5, 3), opponent_dice: str = "2,2,1", *, rules: DicePokerRules | None = None) -> None:
        self.rules = default_rules(rules, DicePokerRules)
        self._init = (dice, opponent_dice)
        super().__init__()

    def build_controls(self) -> dict[str, widgets.Widget]:
        dice, opponent_dice = self._init
        self.dice = [widgets.Dropdown(options=list(range(1, 7)), value=v, description=f"die {i + 1}")
                     for i, v in enumerate(dice)]
        self.cards = [widgets.Dropdown(options=_CARD_OPTIONS, value=UNKNOWN, description=f"card {i + 1}")
                      for i in range(3)]
        self.opponents = widgets.Text(value=opponent_dice, description="opponents",
                                      placeholder="e.g. 2,2,1 4,4,3 (? = not rolled yet)")
        controls: dict[str, widgets.Widget] = {f"die_{i + 1}": d for i, d in enumerate(self.dice)}
        controls.update({f"card_{i + 1}": c for i, c in enumerate(self.cards)})
        controls["opponents"] = self.opponents
        return controls

    def arguments(self) -> dict[str, Any]:
        return {"dice": [d.value for d in self.dice], "cards": [c.value for c in self.cards],
                "opponent_dice": self.opponents.value}

    def report(self, **arguments: Any) -> str:
        return dice_report(rules=self.rules, **arguments)


def dice_poker_explorer(dice: tuple[int, int, int] = (6, 5, 3), opponent_dice: str = "2,2,1", *, rules: DicePokerRules | None = None) -> DicePokerExplorer:
    """Build the explorer (display it as the last expression of a notebook cell).

    Parameters:
        dice: the starting dice.
        opponent_dice: the opponents' dice, e.g. ``"2,2,1 4,4,3"``.
        rules: the rules (default [Dice Poker rules][rules-2]).

    Returns:
        The explorer.

    Examples:
        >>> ex = dice_poker_explorer(dice=(1, 1, 1), opponent_dice="")
        >>> "Dice 1-1-1" in ex.output.value
        True
    """
    return DicePokerExplorer(dice=dice, opponent_dice=opponent_dice, rules=rules)
