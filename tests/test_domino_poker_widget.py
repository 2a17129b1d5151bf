"""The Domino Poker explorer, without a kernel: set widget values, read the HTML."""

from __future__ import annotations

from dreidelpoker._fractions import frac_str
from dreidelpoker.games.domino_poker import equity
from dreidelpoker.widgets import domino_poker as wdp


def pick(e: wdp.DominoExplorer, *labels: str) -> None:
    for label in labels:
        e.buttons[label].value = True


def test_picker_has_the_20_tiles() -> None:
    e = wdp.explorer()
    assert len(e.buttons) == 20 and "1-1" not in e.buttons and "6-6" in e.buttons
    assert "pick 5 more" in e.html.value


def test_picking_five_tiles_shows_exact_equity_and_blocking() -> None:
    e = wdp.explorer()
    pick(e, "6-6", "5-5", "4-2", "3-1")
    assert "pick 1 more" in e.html.value
    pick(e, "6-4")
    html = e.html.value
    assert "One pair" in html and "Blocking" in html
    assert frac_str(equity("6-6,5-5,2-4,3-1,4-6", opponents=1).win) in html
    e.opponents.value = 3
    assert frac_str(equity("6-6,5-5,2-4,3-1,4-6", opponents=3).win) in e.html.value
    assert "756,756" in e.html.value


def test_known_opponents_and_option() -> None:
    e = wdp.explorer(hand="1-2,1-3,1-4,1-5,1-6")
    assert "Flush" in e.html.value
    e.low_runs.value = "straight"
    assert "Straight ones" in e.html.value
    e.low_runs.value = "high-card"
    assert "High card" in e.html.value
    e.low_runs.value = "flush"
    e.known.value = "2-2,3-3,4-4,5-6,6-3"  # a full house: the flush loses for sure
    assert "<td>win</td><td>0</td>" in e.html.value
    assert "opponent 1: Full house" in e.html.value
    e.opponents.value = 2
    assert "Opponent 1:" in e.html.value and "Opponent 2:" in e.html.value
    assert "they show [6-3] [5-6]" not in e.html.value and "they show [6-5] [6-3]" in e.html.value


def test_errors_are_shown_not_raised_and_clear_the_results() -> None:
    e = wdp.explorer(hand="6-6,5-5,2-4,3-1,4-6")
    assert e.status.value == "" and "One pair" in e.output.value
    e.known.value = "6-6"
    assert "in both your hand" in e.status.value and e.output.value == ""
    e.known.value = "2-2;3-3"  # two known hands for one opponent
    assert "known: 2 known hands given for 1 opponent" in e.status.value and e.output.value == ""
    e.known.value = ""
    assert e.status.value == "" and "One pair" in e.output.value
    pick(e, "2-2")
    assert "Too many tiles" in e.status.value and "Unpick 1" in e.status.value and e.output.value == ""
    assert "Cannot compute" in wdp.explorer_html(["6-6"] * 6) and "Too many" in wdp.explorer_html(e.picked)


def test_known_box_waits_for_enter() -> None:
    e = wdp.explorer()
    assert e.known.continuous_update is False


def test_explorer_html_is_pure() -> None:
    html = wdp.explorer_html(["2-2", "3-3", "4-4", "5-5", "6-6"], opponents=2)
    assert "Royal" in html and "win" in html
    assert "[1-1] is removed" in wdp.explorer_html(["1-1"])
    assert wdp.parse_known_opponents(" ; 6-6", opponents=3) == [None, "6-6", None]
