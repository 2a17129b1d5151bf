"""The Dice Poker explorer, tested without a kernel: set pickers' values, read the HTML."""

from __future__ import annotations

import ipywidgets as widgets

from dreidelpoker.games import dice_poker as dpk
from dreidelpoker.games.dice_poker.report import explorer_report
from dreidelpoker.widgets import dice_poker_explorer
from dreidelpoker.widgets.dice_poker import DicePokerExplorer


def test_report_is_pure_and_shows_exact_numbers() -> None:
    html = explorer_report((6, 5, 3), ["K", "?", "?"], "2,2,1")
    r = dpk.equity("6,5,3", "K", opponent_dice=["2,2,1"])
    assert "(exact)" in html and str(r.equity.p) in html
    t = dpk.conditional_table("6,5,3", "K")
    assert f"{t.total:,} equally likely card sets" in html


def test_report_errors_are_shown_not_raised() -> None:
    assert "error: duplicate card KS" in explorer_report((6, 5, 3), ["KS", "KS", "?"], "")
    assert "outside 1-6" in explorer_report((6, 5, 3), ["?"] * 3, "7,1,1")


def test_widget_updates_when_values_change() -> None:
    ex = DicePokerExplorer()
    assert isinstance(ex.widget, widgets.Box) and ex.opponents.continuous_update is False
    assert "Against 2,2,1 (exact)" in ex.output.value
    for w, v in zip(ex.cards, ["A", "Q", "10"]):
        w.value = v
    assert "Odds or evens" in ex.output.value and "5+3=8" in ex.output.value
    for w, v in zip(ex.dice, [6, 6, 6]):
        w.value = v
    ex.cards[0].value = "6"
    ex.cards[1].value = "6"
    ex.cards[2].value = "6"
    assert "Six of a kind" in ex.output.value
    ex.opponents.value = "2,2,1 4,4,3"
    assert "Against 2,2,1; 4,4,3 (exact)" in ex.output.value  # hand known: 455^2 cells
    ex.cards[2].value = "?"
    ex.opponents.value = "2,2,1 4,4,3 1,1,1"
    assert "Monte Carlo" in ex.output.value
    ex.opponents.value = "nonsense"
    assert "opponent 1's dice 'nonsense'" in ex.status.value and ex.output.value == ""  # nothing stale


def test_factory() -> None:
    ex = dice_poker_explorer(dice=(2, 2, 2), opponent_dice="")
    assert "Dice 2-2-2" in ex.output.value and "Against" not in ex.output.value
